"""Seats and devices: the console lists per seat the browsers that opened its link (how often,
when last seen) and signs one out; a browser holding one seat asks before it takes another; a
substituted-out player and a signed-out device are told so plainly."""

import asyncio
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from bansha.engine import Director
from bansha.service import devices
from bansha.service.games import SERVICE
from bansha.store.models import DeviceRecord
from tests.web.directors import director_client
from tests.web.sockets import on_the_layer, open_socket, rest, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
    " Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN"
)
WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/120.0.0.0 Safari/537.36"
)


def _game() -> tuple[Client, str, list[str]]:
    d = director_client()
    r = d.post("/new", {"ruleset": "m103", "players": "\n".join(NAMES)}, follow=True)
    gid = re.findall(r"/g/([0-9a-f]+)/director", r.content.decode())[0]
    page = d.get(f"/g/{gid}/director").content.decode()
    links = re.findall(r'value="http://testserver(/g/[0-9a-f]+/join/[^"]+)"', page)
    assert len(links) == len(NAMES)
    return d, gid, links


def _seat_devices(page: str, seat: int) -> str:
    """The devices part of one seat's entry in the console's 私密链接."""
    entry = page.split(f'<li class="link" data-seat="{seat}">')[1].split('<li class="link"')[0]
    return entry.split('<div class="devices">')[1].split("</div>")[0]


def test_the_console_lists_each_seat_s_devices_with_count_and_last_seen() -> None:
    d, gid, links = _game()
    assert "还没有设备打开过这个链接" in _seat_devices(
        d.get(f"/g/{gid}/director").content.decode(), 2
    )
    phone, desk = Client(HTTP_USER_AGENT=IPHONE), Client(HTTP_USER_AGENT=WINDOWS)
    for browser in (phone, phone, desk):  # the phone opens the link twice
        assert browser.get(links[2])["Location"] == f"/g/{gid}/me"
    listed = _seat_devices(d.get(f"/g/{gid}/director").content.decode(), 2)
    assert "已在2台设备上打开" in listed
    items = re.findall(r'<li class="device">(.*?)</li>', listed, re.S)
    assert len(items) == 2
    assert "iOS · WeChat Browser · 打开2次" in listed and "Windows · Chrome · 打开1次" in listed
    assert all("最近访问 " in i and "（北京时间）" in i for i in items)  # in the game's zone
    assert "还没有设备打开过这个链接" in _seat_devices(
        d.get(f"/g/{gid}/director").content.decode(), 3
    )


def test_a_device_s_visits_move_its_last_seen_now_and_then() -> None:
    _, gid, links = _game()
    browser = Client()
    browser.get(links[1])
    row = DeviceRecord.objects.get(link__game_id=gid, link__seat=1)
    long_ago = timezone.now() - timedelta(hours=3)
    DeviceRecord.objects.filter(id=row.id).update(last_seen=long_ago)
    assert browser.get(f"/g/{gid}/me").status_code == 200
    seen = DeviceRecord.objects.get(id=row.id).last_seen
    assert seen > long_ago + timedelta(hours=2)
    assert browser.get(f"/g/{gid}/me").status_code == 200  # again at once: no new write
    assert DeviceRecord.objects.get(id=row.id).last_seen == seen


def test_signing_a_device_out_ends_its_seat_there_and_only_there() -> None:
    d, gid, links = _game()
    lost, kept = Client(HTTP_USER_AGENT=WINDOWS), Client(HTTP_USER_AGENT=IPHONE)
    lost.get(links[4])
    kept.get(links[4])
    page = d.get(f"/g/{gid}/director").content.decode()
    forms = re.findall(r'name="device" value="(\d+)"', _seat_devices(page, 4))
    windows = DeviceRecord.objects.get(link__game_id=gid, label="Windows · Chrome")
    assert str(windows.id) in forms and len(forms) == 2
    r = d.post(f"/g/{gid}/director/device", {"device": str(windows.id)}, follow=True)
    html = r.content.decode()
    assert "已让戊的一台设备（Windows · Chrome）退出" in html
    assert "已在1台设备上打开" in _seat_devices(html, 4)
    gone = lost.get(f"/g/{gid}/me")
    text = gone.content.decode()
    assert gone.status_code == 403 and "导演已让这台设备退出本局的座位5号（戊）" in text
    assert "戊的身份" not in text
    assert lost.post(f"/g/{gid}/act", {"skill": "vote", "target": "1"}).status_code == 403
    assert "戊的身份" in kept.get(f"/g/{gid}/me").content.decode()
    # the link itself still opens the seat: a player signed out by mistake opens it again
    assert lost.get(links[4])["Location"] == f"/g/{gid}/me"
    assert lost.get(f"/g/{gid}/me").status_code == 200
    # a device of another game, or none, signs nothing out
    r = d.post(f"/g/{gid}/director/device", {"device": "x"}, follow=True)
    assert r.status_code == 200 and DeviceRecord.objects.filter(signed_out=False).count() == 2


def test_only_the_game_s_director_signs_devices_out() -> None:
    _, gid, links = _game()
    Client().get(links[0])
    device = DeviceRecord.objects.get(link__game_id=gid)
    other = director_client("other")
    assert other.post(f"/g/{gid}/director/device", {"device": str(device.id)}).status_code == 404
    assert Client().post(f"/g/{gid}/director/device", {"device": str(device.id)}).status_code in (
        302,
        403,
        404,
    )
    assert not DeviceRecord.objects.get(id=device.id).signed_out


def test_a_signed_out_device_s_socket_closes_at_once() -> None:
    d, gid, links = _game()
    lost, kept = Client(HTTP_USER_AGENT=WINDOWS), Client(HTTP_USER_AGENT=IPHONE)
    lost.get(links[6])
    kept.get(links[6])
    windows = DeviceRecord.objects.get(link__game_id=gid, label="Windows · Chrome")

    async def watch() -> tuple[list[dict], list[dict]]:
        ws_lost, ws_kept = socket(gid, "me", lost), socket(gid, "me", kept)
        await open_socket(ws_lost)
        await open_socket(ws_kept)
        await asyncio.to_thread(d.post, f"/g/{gid}/director/device", {"device": str(windows.id)})
        return await rest(ws_lost), await rest(ws_kept)

    closed, open_ = on_the_layer(watch())
    assert closed and closed[-1] == {"type": "websocket.close", "code": 4404}
    assert not any(m["type"] == "websocket.close" for m in open_)


def test_opening_another_seat_s_link_asks_first() -> None:
    """「你当前是1号（甲），要切换为3号（丙）吗？」: the browser keeps its seat until it answers."""
    d, gid, links = _game()
    browser = Client(enforce_csrf_checks=True)
    browser.get(links[0])
    asked = browser.get(links[2])
    html = asked.content.decode()
    assert asked.status_code == 200
    assert "你当前是1号（甲），要切换为3号（丙）吗？" in html
    assert "切换为3号（丙）" in html and "不切换，留在1号（甲）" in html
    assert "甲的身份" in browser.get(f"/g/{gid}/me").content.decode()  # nothing switched yet
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    assert browser.post(links[2], {"csrfmiddlewaretoken": token})["Location"] == f"/g/{gid}/me"
    assert "丙的身份" in browser.get(f"/g/{gid}/me").content.decode()
    # the seat it left lists this browser no more; the one it took does
    page = d.get(f"/g/{gid}/director").content.decode()
    assert "还没有设备打开过这个链接" in _seat_devices(page, 0)
    assert "已在1台设备上打开" in _seat_devices(page, 2)
    # the same seat's link again is no question: one more opening of the same device
    assert browser.get(links[2])["Location"] == f"/g/{gid}/me"
    assert DeviceRecord.objects.get(link__game_id=gid, signed_out=False).opened == 2


def test_a_substituted_out_player_is_told_so_plainly() -> None:
    d, gid, links = _game()
    old = Client()
    old.get(links[5])
    r = d.post(
        f"/g/{gid}/director/command",
        {"command": "替补", "player": "5", "by": "新人", "nonce": "s1"},
        follow=True,
    )
    assert "已执行：替补" in r.content.decode()
    for answer in (old.get(f"/g/{gid}/me"), Client().get(links[5])):
        text = answer.content.decode()
        assert answer.status_code == 410, text[:300]
        assert "你在本局的座位6号（己）已由替补「新人」接替" in text
        assert f'href="/g/{gid}/"' in text and "己的身份" not in text
    # a link merely reissued to the same player is the plain old-link page, naming nobody
    SERVICE.reissue(gid, 7)
    stale = Client().get(links[7])
    assert stale.status_code == 404 and "请联系导演" in stale.content.decode()


def test_a_session_from_before_devices_becomes_this_browser_s_device() -> None:
    """A browser that held its seat before devices were counted keeps it (its first page makes
    it a device of the link) rather than being sent back to its link."""
    _, gid, links = _game()
    browser = Client()
    browser.get(links[3])
    session = browser.session
    DeviceRecord.objects.filter(key=session.pop(f"seatdev:{gid}")).delete()
    session.save()
    assert "丁的身份" in browser.get(f"/g/{gid}/me").content.decode()
    assert DeviceRecord.objects.filter(link__game_id=gid, link__seat=3).count() == 1


def test_a_substitute_s_link_is_a_new_device_list() -> None:
    _, gid, links = _game()
    Client().get(links[8])
    SERVICE.submit(gid, Director("替补", {"seat": 8, "by": "新人"}), actor="director")
    SERVICE.reseat(gid, 8, "新人")
    assert devices.of_links(gid).get(8) is None  # the old link's browsers are not the seat's
