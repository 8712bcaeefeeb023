"""Who a live-update socket may be: decided from the session exactly like the pages."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from bansha.service import devices
from bansha.service.games import SERVICE, token_hash
from bansha.web.live import _viewer
from tests.web.sockets import on_the_layer

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def test_socket_viewer_matrix() -> None:
    owner = get_user_model().objects.create_user("owner", password="x" * 12)
    other = get_user_model().objects.create_user("other", password="x" * 12)
    created = SERVICE.create("m103", NAMES, seed=3, owner=owner)
    gid = created.record.id
    key = token_hash(created.tokens[4])
    device = devices.opened(gid, 4, key, None, "", timezone.now())  # the link opened once
    seat_session = {f"seat:{gid}": 4, f"seatkey:{gid}": key, f"seatdev:{gid}": device}
    forged = {f"seat:{gid}": 5, f"seatkey:{gid}": key, f"seatdev:{gid}": device}
    no_device = {f"seat:{gid}": 4, f"seatkey:{gid}": key}
    anon = AnonymousUser()
    assert _viewer({"session": seat_session, "user": anon}, gid, "me") == 4
    assert _viewer({"session": forged, "user": anon}, gid, "me") is None
    assert _viewer({"session": no_device, "user": anon}, gid, "me") is None
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

    message = on_the_layer(listen())
    assert message["type"] == "game.changed"
    assert message["seq"] == len(SERVICE.load(gid).events)


@pytest.mark.django_db(transaction=True, databases="__all__")  # PostgreSQL: the layer's alias too
def test_a_page_hears_only_of_changes_it_may_see() -> None:
    """The public page's socket: its view on connecting, nothing for a team chat it cannot see
    (not even the timing), then the new view when a stage closes."""
    import asyncio
    import json

    from asgiref.testing import ApplicationCommunicator

    from bansha.engine import Close, Say
    from bansha.engine.views import version
    from bansha.web.asgi import application

    gid = SERVICE.create("m103", NAMES, seed=1).record.id
    SERVICE.submit(gid, Close())  # night 1: the assassins' chat opens
    member = SERVICE.load(gid).state.groups["assassins"][0]
    scope = {
        "type": "websocket",
        "path": f"/ws/g/{gid}/public",
        "headers": [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")],
        "query_string": b"",
        "subprotocols": [],
    }

    async def message(ws: ApplicationCommunicator) -> dict:
        sent = await ws.receive_output(10)
        assert sent["type"] == "websocket.send", sent
        return json.loads(sent["text"])

    async def watch() -> tuple[dict, bool, dict]:
        ws = ApplicationCommunicator(application, scope)
        await ws.send_input({"type": "websocket.connect"})
        assert (await ws.receive_output(10))["type"] == "websocket.accept"
        first = await message(ws)
        await asyncio.to_thread(SERVICE.submit, gid, Say(member, "assassins", "今晚刀谁？"))
        quiet = await ws.receive_nothing(1.0)
        await asyncio.to_thread(SERVICE.submit, gid, Close())
        after = await message(ws)
        await ws.send_input({"type": "websocket.disconnect", "code": 1000})
        await ws.wait(5)
        return first, quiet, after

    first, quiet, after = on_the_layer(watch())
    assert quiet  # the chat line sent nothing to the public page
    assert after["seq"] != first["seq"] and after["seq"] == version(SERVICE.load(gid), "public")
    assert "今晚刀谁" not in str(first) + str(after)


def test_the_web_start_up_connects_the_service_and_a_bare_service_tells_nobody() -> None:
    """The service imports neither the web nor the simulator: the web's app config gives it the
    live pushes and the heuristic bots; a service made without it pushes nothing and its bots
    pass."""
    from bansha.engine import Game
    from bansha.rulesets import find_ruleset
    from bansha.service.games import GameService
    from bansha.sim.heuristic import bot_command
    from bansha.web import live

    assert SERVICE.outlets.changed is live.publish
    assert SERVICE.outlets.revoked is live.revoked
    assert SERVICE.outlets.bot is bot_command
    bare = GameService().outlets
    game = Game.create(find_ruleset("m103"), NAMES, seed=3)
    bare.changed("nosuch", 1)
    bare.revoked("nosuch", 0)
    assert bare.bot(game, 0, random.Random(1)) is None
