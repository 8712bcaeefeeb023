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


def test_a_change_is_pushed_through_the_channel_layer() -> None:
    """On PostgreSQL this goes through channels_postgres, which fans out across processes."""
    import asyncio

    from channels.layers import get_channel_layer

    from bansha.engine import Close
    from bansha.web.live import group_name

    layer = get_channel_layer()
    gid = SERVICE.create("m103", NAMES, seed=1).record.id

    async def listen() -> dict:
        channel = await layer.new_channel()
        await layer.group_add(group_name(gid), channel)
        await asyncio.to_thread(SERVICE.submit, gid, Close())
        return await asyncio.wait_for(layer.receive(channel), 15)

    message = asyncio.run(listen())
    assert message["type"] == "game.changed"
    assert message["seq"] == len(SERVICE.load(gid).events)
