"""Team chats (QQ群): members speak and read; nobody else sees a word."""

import json

import pytest

from bansha.engine import Act, Close, Director, RuleError, Say
from bansha.engine.views import view
from tests.helpers import m103_game


def _night() -> object:
    g = m103_game()
    g.handle(Act(8, "red_thread", (10, 11)))
    g.handle(Close())
    return g


def test_members_speak_and_read_nobody_else_sees() -> None:
    g = _night()
    g.handle(Say(0, "assassins", "今晚刀谁？"))  # type: ignore[attr-defined]
    g.handle(Say(10, "lovers", "我们是情侣"))  # type: ignore[attr-defined]
    assert view(g, 1)["chats"][0]["messages"][0]["text"] == "今晚刀谁？"  # type: ignore[arg-type]
    assert view(g, 11)["chats"][0]["messages"][0]["by"] == "子"  # type: ignore[arg-type]
    for seat in (4, 5, 12):
        v = json.dumps(view(g, seat), ensure_ascii=False)  # type: ignore[arg-type]
        assert "今晚刀谁" not in v and "我们是情侣" not in v
    assert "今晚刀谁" not in json.dumps(view(g, "public"), ensure_ascii=False)  # type: ignore[arg-type]
    assert "今晚刀谁" in json.dumps(view(g, "director"), ensure_ascii=False)  # type: ignore[arg-type]


def test_outsiders_and_the_dead_cannot_speak() -> None:
    g = _night()
    with pytest.raises(RuleError, match="不在这个群"):
        g.handle(Say(4, "assassins", "我也想进群"))  # type: ignore[attr-defined]
    g.handle(Director("红牌", {"seat": 2}))  # type: ignore[attr-defined]
    with pytest.raises(RuleError, match="已出局"):
        g.handle(Say(2, "assassins", "我出局了"))  # type: ignore[attr-defined]
    g.handle(Say(0, "assassins", "丙走了"))  # type: ignore[attr-defined]
    reader = view(g, 2)  # type: ignore[arg-type]
    assert reader["chats"][0]["messages"][-1]["text"] == "丙走了"  # the out member still reads
    assert reader["chats"][0]["can_speak"] is False
    with pytest.raises(RuleError, match="不能为空"):
        g.handle(Say(0, "assassins", "  "))  # type: ignore[attr-defined]
