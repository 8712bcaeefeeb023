"""The statements each kind of player request sends to the database, counted: the guard of the
web load figures (docs/benchmarks.md, "Web platform under load") that no timing can be. A page
reads its session and its seat (with the game's row) in one statement; a command that lands adds its append (one
statement on PostgreSQL; a transaction of three on SQLite, which is in the process); a refused
command adds the check of its form key (a retry of a landed command is acknowledged, not
refused; what a refused act or vote had picked goes back to the page in the refusal's message
cookie, not the session: no save). Runs on SQLite, and on PostgreSQL when BANSHA_DATABASE_URL points
there."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bansha.service.games import SERVICE
from bansha.store.models import CommandRecord
from tests.web.directors import close_to_first_day

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")

READ = 1
"""The session's row and, in the same statement, the game's row joined with the seat's live link
and the device (the seat, link and device as the session's text this process read before held
them; the browser's first request of a process reads the session first, then its seat)."""
APPEND = 1 if connection.vendor == "postgresql" else 5
"""PostgreSQL: one statement; SQLite: BEGIN IMMEDIATE, the command's row, the events, the head,
COMMIT."""
REFUSED_APPEND = 1 if connection.vendor == "postgresql" else 3
"""An append whose form key landed before: PostgreSQL's one statement; SQLite's BEGIN IMMEDIATE,
the command's row (refused by the key's constraint), ROLLBACK."""

TYPED_KEPT = 0
"""A refused form's small picks kept beside its message in the cookie: no session save."""


def _day_with_a_team_chat() -> tuple[str, Client, str]:
    """An M103 game at its first 讨论日 and the page of a seat with a team chat."""
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    close_to_first_day(gid)
    seat = SERVICE.load(gid).state.groups["assassins"][0]
    browser = Client()
    assert browser.get(f"/g/{gid}/join/{created.tokens[seat]}").status_code == 302
    page = browser.get(f"/g/{gid}/me").content.decode()
    assert 'data-group="assassins"' in page
    return gid, browser, page


def _statements(browser: Client, path: str, form: dict[str, str] | None = None) -> int:
    """How many statements one request sends (its flash message is dropped first, as the page
    the browser follows the redirect to would read it)."""
    browser.cookies.pop("messages", None)
    with CaptureQueriesContext(connection) as sent:
        response = browser.get(path) if form is None else browser.post(path, form)
    assert response.status_code == (200 if form is None else 302)
    return len(sent)


def test_a_player_page_reads_its_session_and_its_seat_only() -> None:
    gid, browser, _ = _day_with_a_team_chat()
    assert _statements(browser, f"/g/{gid}/me") == READ


def test_a_team_chat_line_and_a_vote_add_only_their_append() -> None:
    gid, browser, _ = _day_with_a_team_chat()
    landed = CommandRecord.objects.count()
    chat = {"group": "assassins", "text": "今天投谁？", "nonce": "say-1"}
    assert _statements(browser, f"/g/{gid}/say", chat) == READ + APPEND
    vote = {"skill": "vote", "target": "1", "nonce": "vote-1"}
    assert _statements(browser, f"/g/{gid}/act", vote) == READ + APPEND
    assert CommandRecord.objects.count() == landed + 2  # both landed


def test_a_refused_act_adds_only_the_check_of_its_key_and_what_it_had_typed() -> None:
    gid, browser, page = _day_with_a_team_chat()
    assert not re.search(r'data-skill="kill"', page)  # no night act by day: refused
    landed = CommandRecord.objects.count()
    act = {"skill": "kill", "targets": "1", "nonce": "kill-1"}
    assert _statements(browser, f"/g/{gid}/act", act) == READ + 1 + TYPED_KEPT
    assert CommandRecord.objects.count() == landed


def test_the_same_chat_line_sent_again_is_one_refused_append_and_the_check_of_its_key() -> None:
    """The rules allow the same line twice, so only the command log's key stops the second."""
    gid, browser, _ = _day_with_a_team_chat()
    chat = {"group": "assassins", "text": "重发一次", "nonce": "say-again"}
    _statements(browser, f"/g/{gid}/say", chat)
    landed = CommandRecord.objects.count()
    assert _statements(browser, f"/g/{gid}/say", chat) == READ + REFUSED_APPEND + 1
    assert CommandRecord.objects.count() == landed
