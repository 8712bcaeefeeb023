"""Who a live-update socket may be: decided from the session exactly like the pages."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from bansha.service.games import SERVICE, token_hash
from bansha.web.live import _viewer

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def test_socket_viewer_matrix() -> None:
    owner = get_user_model().objects.create_user("owner", password="x" * 12)
    other = get_user_model().objects.create_user("other", password="x" * 12)
    created = SERVICE.create("m103", NAMES, seed=3, owner=owner)
    gid = created.record.id
    seat_session = {f"seat:{gid}": 4, f"seatkey:{gid}": token_hash(created.tokens[4])}
    forged = {f"seat:{gid}": 5, f"seatkey:{gid}": token_hash(created.tokens[4])}
    anon = AnonymousUser()
    assert _viewer({"session": seat_session, "user": anon}, gid, "me") == 4
    assert _viewer({"session": forged, "user": anon}, gid, "me") is None
    assert _viewer({"session": {}, "user": anon}, gid, "me") is None
    assert _viewer({"session": seat_session, "user": anon}, "nosuch", "me") is None
    assert _viewer({"session": {}, "user": anon}, gid, "public") == "public"
    assert _viewer({"session": {}, "user": owner}, gid, "director") == "director"
    assert _viewer({"session": {}, "user": other}, gid, "director") is None
    assert _viewer({"session": seat_session, "user": anon}, gid, "director") is None
