"""Work that does not depend on the request is done once per process: a game's rule set (built
from its id or its variant text, and its options) and each seat link's QR code."""

import pytest
from django.contrib.auth import get_user_model

from bansha.service import rulesets
from bansha.service.games import SERVICE
from bansha.web import console
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
VARIANT = "extends: m103\nid: shared-variant\ntitle: 共用的变体\n"


def test_games_with_one_variant_and_options_share_their_rule_set() -> None:
    one = SERVICE.create("m103", NAMES, seed=1, variant_yaml=VARIANT).record.id
    two = SERVICE.create("m103", NAMES, seed=2, variant_yaml=VARIANT).record.id
    other = SERVICE.create("m103", NAMES, seed=3, variant_yaml=VARIANT, options={"review": True})
    SERVICE._cache.clear()  # loaded from the store again, as another process would
    assert SERVICE.load(one).ruleset is SERVICE.load(two).ruleset
    assert SERVICE.load(one).ruleset.title == "共用的变体"
    assert SERVICE.load(other.record.id).ruleset is not SERVICE.load(one).ruleset
    assert SERVICE.load(other.record.id).ruleset.options["review"] is True
    assert (
        SERVICE.load(one).ruleset
        is not SERVICE.load(SERVICE.create("m103", NAMES, seed=4).record.id).ruleset
    )  # the built-in rule set is another source
    assert rulesets.source_key("m103", VARIANT) != rulesets.source_key("m103", VARIANT + "\n")


def test_the_console_draws_each_link_s_qr_code_once() -> None:
    director = director_client()
    owner = get_user_model().objects.get(username="dir")
    gid = SERVICE.create("m103", NAMES, seed=1, owner=owner).record.id
    console.qr_svg.cache_clear()
    first = director.get(f"/g/{gid}/director").content.decode()
    drawn = console.qr_svg.cache_info()
    again = director.get(f"/g/{gid}/director").content.decode()
    later = console.qr_svg.cache_info()
    assert drawn.misses == len(NAMES) and later.misses == drawn.misses
    assert later.hits == drawn.hits + len(NAMES)
    assert first.count("<svg") == again.count("<svg") >= len(NAMES)
