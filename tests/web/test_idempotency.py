"""Idempotent submissions, honestly acknowledged: every rendered form carries its own random key;
the same form sent twice lands once and says so; another command under a used key is refused with
「此表单已提交过，请刷新页面」; a page says 已提交 only when the command landed."""

import datetime as dt
import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha import texts
from bansha.engine import Close, RuleError, Vote
from bansha.service.games import SERVICE
from bansha.store import events as store
from bansha.store.models import CommandRecord

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
FROZEN = dt.datetime(2026, 12, 1, 20, 0, 0, tzinfo=dt.UTC)


class _OneSecond(dt.datetime):
    """Every clock read in the templates falls in the same second."""

    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:  # type: ignore[override]
        return FROZEN.astimezone(tz) if tz else FROZEN.replace(tzinfo=None)


def _render_twice(browser: Client, path: str) -> tuple[str, str]:
    """Two renders of one page in the same second (two tabs, a reload)."""
    with mock.patch("django.template.defaulttags.datetime", _OneSecond):
        return browser.get(path).content.decode(), browser.get(path).content.decode()


def _key(html: str, form: str) -> str:
    """The form key of the first form whose action ends with ``form``."""
    found = re.search(rf'action="[^"]*/{form}"[^>]*>.*?name="nonce" value="([^"]+)"', html, re.S)
    assert found, form
    return found.group(1)


def _game_at_a_vote() -> tuple[str, dict[int, str], list[int]]:
    owner = get_user_model().objects.create_user("d", password="a-long-password-1")
    created = SERVICE.create("m103", NAMES, seed=3, owner=owner)
    gid = created.record.id
    for _ in range(10):
        if SERVICE.load(gid).legal(0) and any(
            la.skill == "vote" for la in SERVICE.load(gid).legal(0)
        ):
            break
        SERVICE.submit(gid, Close())
    living = list(SERVICE.load(gid).state.living())
    return gid, created.tokens, living


def _seat(gid: str, token: str) -> Client:
    browser = Client()
    assert browser.get(f"/g/{gid}/join/{token}").status_code == 302
    return browser


def test_two_renders_in_one_second_carry_different_keys_and_both_votes_land() -> None:
    gid, tokens, living = _game_at_a_vote()
    voter, first, second = living[0], living[1], living[2]
    browser = _seat(gid, tokens[voter])
    one, two = _render_twice(browser, f"/g/{gid}/me")
    k1, k2 = _key(one, "act"), _key(two, "act")
    assert k1 != k2 and len(k1) >= 16
    for key, target in ((k1, first), (k2, second)):
        r = browser.post(
            f"/g/{gid}/act",
            {"skill": "vote", "target": str(target), "nonce": key},
            follow=True,
        )
        assert f'<p class="msg-success" role="status">{texts.SUBMITTED}</p>' in r.content.decode()
    ballots = [b for b in SERVICE.load(gid).state.ballots if b.voter == voter]
    assert [b.target for b in ballots] == [first, second]  # neither was dropped


def test_the_same_form_sent_again_lands_once_and_says_so() -> None:
    gid, tokens, living = _game_at_a_vote()
    voter, target = living[0], living[1]
    browser = _seat(gid, tokens[voter])
    key = _key(browser.get(f"/g/{gid}/me").content.decode(), "act")
    form = {"skill": "vote", "target": str(target), "nonce": key}
    browser.post(f"/g/{gid}/act", form)
    head = store.head(gid)
    again = browser.post(f"/g/{gid}/act", form, follow=True).content.decode()
    assert texts.SUBMITTED_BEFORE in again
    assert store.head(gid) == head


def test_another_command_under_a_used_key_is_refused_not_dropped() -> None:
    gid, tokens, living = _game_at_a_vote()
    voter, first, second = living[0], living[1], living[2]
    browser = _seat(gid, tokens[voter])
    key = _key(browser.get(f"/g/{gid}/me").content.decode(), "act")
    browser.post(
        f"/g/{gid}/act", {"skill": "vote", "target": str(first), "nonce": key}, follow=True
    )
    head = store.head(gid)
    r = browser.post(
        f"/g/{gid}/act", {"skill": "vote", "target": str(second), "nonce": key}, follow=True
    )
    page = r.content.decode()
    assert f'<p class="msg-error" role="status">{texts.FORM_REUSED}</p>' in page
    assert 'msg-success" role' not in page
    assert store.head(gid) == head


def test_two_chat_lines_from_renders_in_one_second_both_land() -> None:
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # night 1: the assassins' chat opens
    member = SERVICE.load(gid).state.groups["assassins"][0]
    browser = _seat(gid, created.tokens[member])
    one, two = _render_twice(browser, f"/g/{gid}/me")
    for html, text in ((one, "第一句"), (two, "第二句")):
        key = _key(html, "say")
        browser.post(f"/g/{gid}/say", {"group": "assassins", "text": text, "nonce": key})
    page = browser.get(f"/g/{gid}/me").content.decode()
    assert "第一句" in page and "第二句" in page


def test_the_service_tells_a_retry_from_another_command_under_the_same_key() -> None:
    gid, _, living = _game_at_a_vote()
    a, b, c = living[:3]
    assert SERVICE.submit(gid, Vote(a, b), key="k1", actor="seat")
    assert SERVICE.submit(gid, Vote(a, b), key="k1", actor="seat") == []  # the same: acknowledged
    with pytest.raises(RuleError) as refused:
        SERVICE.submit(gid, Vote(a, c), key="k1", actor="seat")
    assert refused.value.message == texts.FORM_REUSED
    assert CommandRecord.objects.get(game_id=gid, key="seat:k1").digest
    assert SERVICE.submit(gid, Vote(c, a), key="k1", actor="another")  # keys are per actor


@pytest.mark.parametrize("key", ["x" * 200, "bad\x00key", "line\nbreak"])
def test_a_key_no_store_could_keep_is_refused_alike_on_every_database(key: str) -> None:
    gid, _, living = _game_at_a_vote()
    head = store.head(gid)
    with pytest.raises(RuleError) as refused:
        SERVICE.submit(gid, Vote(living[0], living[1]), key=key, actor="seat0")
    assert refused.value.message == texts.FORM_BROKEN
    assert store.head(gid) == head
