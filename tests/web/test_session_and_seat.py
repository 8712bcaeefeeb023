"""A player's request reads its session and its seat in one statement once this process knows
the session's text: the seat's row is used only while the session's row holds that very text,
and it is read in the same statement as ever, so a reissued link and a device signed out are
refused at once; a session changed elsewhere (another server process) is read again, its seat
from what it now holds; two browsers never get each other's seat."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bansha.service import devices
from bansha.service.games import SERVICE
from bansha.store.models import DeviceRecord, SeatRecord
from bansha.store.sessions import stored_key
from bansha.web.access import held_seat
from bansha.web.sessions import SessionStore

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _seated(seats: tuple[int, ...]) -> tuple[str, list[Client]]:
    created = SERVICE.create("m103", NAMES, seed=3)
    gid = created.record.id
    browsers = []
    for seat in seats:
        browser = Client()
        assert browser.get(f"/g/{gid}/join/{created.tokens[seat]}").status_code == 302
        assert browser.get(f"/g/{gid}/me").status_code == 200  # the session's text now known
        browsers.append(browser)
    return gid, browsers


def _page(browser: Client, gid: str) -> tuple[int, str, int]:
    with CaptureQueriesContext(connection) as sent:
        response = browser.get(f"/g/{gid}/me")
    return response.status_code, response.content.decode(), len(sent)


def test_two_browsers_each_get_their_own_seat_in_one_statement() -> None:
    gid, (first, second) = _seated((0, 5))
    for _ in range(2):
        status, page, statements = _page(first, gid)
        assert status == 200 and statements == 1 and "甲的身份" in page and "己的身份" not in page
        status, page, statements = _page(second, gid)
        assert status == 200 and statements == 1 and "己的身份" in page and "甲的身份" not in page


def test_a_reissued_link_and_a_signed_out_device_are_refused_at_once() -> None:
    gid, (first, second) = _seated((0, 5))
    SERVICE.reissue(gid, 0)
    status, page, _ = _page(first, gid)
    assert status in (403, 404, 410) and "甲的身份" not in page
    device = DeviceRecord.objects.get(link__game_id=gid, link__seat=5, link__revoked=False)
    devices.sign_out(gid, device.id)
    status, page, _ = _page(second, gid)
    assert status in (403, 404, 410) and "己的身份" not in page


def test_a_session_changed_elsewhere_is_read_again_with_its_own_seat() -> None:
    gid, (first, second) = _seated((0, 5))
    # another process moved the first browser's session on: it now holds the second's seat
    other = SessionStore(second.cookies["sessionid"].value).load()
    row = Session.objects.get(session_key=stored_key(first.cookies["sessionid"].value))
    row.session_data = SessionStore().encode(other)
    row.save()
    status, page, statements = _page(first, gid)
    assert status == 200 and "己的身份" in page and "甲的身份" not in page
    assert statements == 2  # the session, then the seat it now holds
    status, page, statements = _page(first, gid)
    assert statements == 1 and "己的身份" in page


def test_a_long_lived_session_reads_its_seat_again_on_every_check() -> None:
    """A socket's session lives as long as the socket: each check of its seat reads the link
    again, the first read (with the session) answers only itself."""
    gid, (browser,) = _seated((0,))
    session = SessionStore(browser.cookies["sessionid"].value)
    assert held_seat(session, gid) is not None  # read with the session, in one statement
    SeatRecord.objects.filter(game_id=gid, seat=0).update(revoked=True)
    assert held_seat(session, gid) is None


def test_a_seat_read_ahead_answers_the_next_check_only() -> None:
    """The rate limit's key reads the session and the seat ahead of the view: the view's check
    takes that answer without a statement, and any later check reads again."""
    gid, (browser,) = _seated((0,))
    session = SessionStore(browser.cookies["sessionid"].value)
    assert session.read_with_seat(gid, ahead=True)[0]
    with CaptureQueriesContext(connection) as sent:
        assert held_seat(session, gid) is not None
    assert not [q for q in sent.captured_queries if q["sql"].lstrip().upper().startswith("SELECT")]
    SeatRecord.objects.filter(game_id=gid, seat=0).update(revoked=True)
    assert held_seat(session, gid) is None


def _fresh_process() -> None:
    """What a server process that never read these sessions knows of them: nothing."""
    from bansha.web import sessions

    sessions._last_text.clear()
    sessions._decoded.clear()


def test_a_browsers_first_request_to_a_process_reads_its_session_and_seat_in_one_statement() -> (
    None
):
    gid, (first, second) = _seated((0, 5))
    for browser, mine, other in ((first, "甲", "己"), (second, "己", "甲")):
        _fresh_process()
        status, page, statements = _page(browser, gid)
        assert status == 200 and statements == 1
        assert f"{mine}的身份" in page and f"{other}的身份" not in page


def test_on_a_first_request_a_reissued_link_and_a_signed_out_device_are_refused() -> None:
    gid, (first, second) = _seated((0, 5))
    SERVICE.reissue(gid, 0)
    _fresh_process()
    status, page, _ = _page(first, gid)
    assert status in (403, 404, 410) and "甲的身份" not in page
    device = DeviceRecord.objects.get(link__game_id=gid, link__seat=5, link__revoked=False)
    devices.sign_out(gid, device.id)
    _fresh_process()
    status, page, _ = _page(second, gid)
    assert status in (403, 404, 410) and "己的身份" not in page


def test_a_first_request_holds_only_the_seat_its_own_session_holds() -> None:
    gid, (first, second) = _seated((0, 5))
    # the second browser's device now notes the first browser's session (as if that session had
    # opened it): still, each browser gets the seat its own session's data holds
    DeviceRecord.objects.filter(link__game_id=gid, link__seat=5).update(
        session=stored_key(first.cookies["sessionid"].value)
    )
    for browser, mine, other in ((first, "甲", "己"), (second, "己", "甲")):
        _fresh_process()
        status, page, _ = _page(browser, gid)
        assert status == 200 and f"{mine}的身份" in page and f"{other}的身份" not in page
    # a session with no device noted (opened before devices noted it) reads its seat after
    DeviceRecord.objects.filter(link__game_id=gid).update(session="")
    _fresh_process()
    status, page, statements = _page(first, gid)
    assert status == 200 and "甲的身份" in page and statements == 2
