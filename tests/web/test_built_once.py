"""Work that does not depend on the request is done once per process: a game's rule set (built
from its id or its variant text, and its options) and each seat link's QR code."""

import pytest
from django.contrib.auth import get_user_model

from bansha.service import rulesets
from bansha.service.games import SERVICE
from bansha.web import console
from tests.web.directors import close_to_first_day, director_client

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


def test_a_variant_game_builds_its_rule_set_once_across_its_requests(monkeypatch) -> None:
    """Pages, votes, acts and chat lines of a game with a variant file read its rule set; the
    variant text is parsed, checked and merged once in the process, however many requests come
    (also after the game itself is dropped from the cache and loaded again from the store)."""
    from django.test import Client

    variant = "extends: m103\nid: counted-variant\ntitle: 数构建的变体\n"
    created = SERVICE.create("m103", NAMES, seed=5, variant_yaml=variant)
    gid = created.record.id
    close_to_first_day(gid)
    builds: list[str] = []
    build = rulesets.load_variant_text

    def counted(text: str, options: dict | None = None):  # type: ignore[no-untyped-def]
        builds.append(text)
        return build(text, options)

    monkeypatch.setattr(rulesets, "load_variant_text", counted)
    rulesets._built.clear()  # a fresh process: nothing built yet
    SERVICE._cache.clear()
    seat = SERVICE.load(gid).state.groups["assassins"][0]
    assert len(builds) == 1
    browser = Client()
    browser.get(f"/g/{gid}/join/{created.tokens[seat]}")
    before = len(SERVICE.load(gid).events)
    for r in range(3):
        assert browser.get(f"/g/{gid}/me").status_code == 200
        vote = {"skill": "vote", "target": str(1 + (seat + 1 + r) % len(NAMES)), "nonce": f"v{r}"}
        assert browser.post(f"/g/{gid}/act", vote).status_code == 302
        act = {"skill": "kill", "targets": "1", "nonce": f"k{r}"}  # refused by day
        assert browser.post(f"/g/{gid}/act", act).status_code == 302
        chat = {"group": "assassins", "text": f"第{r}条", "nonce": f"s{r}"}
        assert browser.post(f"/g/{gid}/say", chat).status_code == 302
        if r == 1:
            SERVICE._cache.clear()  # the game read again from the store: its rule set is kept
    assert len(SERVICE.load(gid).events) > before + 3  # the requests landed
    assert builds == [variant]
    assert SERVICE.load(gid).ruleset.title == "数构建的变体"
