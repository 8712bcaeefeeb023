"""Invariants every game must keep, checked on random play of any rule set."""

from __future__ import annotations

import json
from collections import Counter

from bansha.engine import Game
from bansha.engine.events import PUBLIC
from bansha.engine.state import State, apply, fold
from bansha.engine.views import view

SELF_ONLY = {
    "role_card",
    "known",
    "result",
    "role_set",
    "faction_set",
    "skill_gained",
    "skill_lost",
    "counts_as",
    "exited",
    "last_words_right",
    "last_words",
}
NO_LIVING_CHECK = {"last_words", "succession", "surrender", "decide", "mark", "castling", "shoot"}
"""Acts the posts allow to the dead: last words, 殉职, 投降's answer, bs46's victim deciding,
XXXII's witch who marks any piece 无论是否存活 (R-XXXII-10) and decides 王车易位 as she dies, and
预女猎白's hunter who shoots as he exits."""


def check_replay(game: Game) -> None:
    """Replay equals live state, also through the JSON form of the events."""
    assert fold(game.events).fingerprint() == game.state.fingerprint()
    from bansha.engine import Event

    raw = json.loads(json.dumps([e.to_json() for e in game.events], ensure_ascii=False))
    assert fold([Event.from_json(r) for r in raw]).fingerprint() == game.state.fingerprint()


def check_history(game: Game) -> None:
    """Nobody out acts or is targeted; nobody exits twice; private events go to their owner only."""
    s = State()
    for ev in game.events:
        d = ev.data
        if ev.kind == "acted" and d["skill"] not in NO_LIVING_CHECK and not d.get("random"):
            assert s.players[d["seat"]].alive, (d, "an out player acted")
            for t in d["targets"]:
                assert s.players[t].alive, (d, "an out player was targeted")
        if ev.kind == "voted":
            assert s.players[d["seat"]].alive, "an out player voted"
            assert d["target"] is None or s.players[d["target"]].alive, "a vote for an out player"
        if ev.kind in SELF_ONLY:
            assert ev.to == (d["seat"],), (ev.kind, ev.to, d)
        if ev.kind == "acted":
            assert isinstance(ev.to, tuple) and d["seat"] in ev.to
        if ev.kind == "group_set":
            assert ev.to == tuple(d["members"])
        apply(s, ev)
    exits = Counter(e.data["seat"] for e in game.events if e.kind == "exited")
    assert all(n == 1 for n in exits.values()), "a player exited twice"


def _role_fields(tree: object, path: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Where in a view a ``role`` or ``roles`` field sits (the first key of each path)."""
    out: set[tuple[str, ...]] = set()
    if isinstance(tree, dict):
        for key, value in tree.items():
            if key in ("role", "roles"):
                out.add(path[:1] or (key,))
            out |= _role_fields(value, path or (str(key),))
    elif isinstance(tree, list):
        for item in tree:
            out |= _role_fields(item, path)
    return out


def check_views(game: Game, seats: list[int] | None = None) -> None:
    """A player's view shows their own role, results and groups, and nobody else's."""
    s, rs = game.state, game.ruleset
    public = view(game, "public")
    if not s.ended:
        assert "reveal" not in public
        assert "god" not in public
        # role words the post itself puts in announcements (M186: 公示[加拉哈德保护了任务免于破坏]...)
        announced = {rs.role_name(r) for r in rs.data.get("announced_roles", [])}
        role_names = {r["name"] for r in rs.roles.values()} - announced
        # roles are public only where the post reveals an exit's identity (bs46), and only of exits
        shown = (
            {rs.role_name(p.role) for p in s.players if not p.alive}
            if rs.data.get("reveal_on_exit")
            else set()
        )
        for a in public["announcements"]:
            for name in role_names - shown:
                assert name not in a["text"] or any(
                    name in other and other in a["text"] for other in shown
                ), a["text"]
    out_public = {p["seat"] for p in public["players"] if p["out"]}
    actually_out = {p.seat for p in s.players if not p.alive}
    assert out_public <= actually_out
    unannounced = actually_out - out_public
    tonight = {
        e.data["seat"]
        for e in game.events
        if e.kind == "exited"
        and s.phase == "night"
        and (e.data["phase"], e.data["day"]) == ("night", s.day)
    }  # boards on the pipeline announce tonight's exits when the day begins (R-ALL-11)
    assert unannounced <= set(s.flags.get("night_exits", [])) | tonight, "an exit went unannounced"
    for seat in seats if seats is not None else range(len(s.players)):
        v = view(game, seat)
        p = s.players[seat]
        assert "god" not in v
        assert v["me"]["role"] == rs.role_name(p.role)
        assert v["me"]["faction"] == rs.faction_name(p.faction)
        assert [r["value"] for r in v["results"]] == p.results
        group_names = rs.data.get("groups", {})
        for key, members in s.groups.items():
            shown = group_names.get(key, key)
            if seat in members:
                assert shown in v["groups"]
            else:
                assert shown not in v["groups"], (seat, key)
        seat_of = {q.name: q.seat for q in s.players}
        my_groups = [set(m) for m in s.groups.values() if seat in m]
        for a in v["acts"]:
            actor = seat_of[a["by"]]
            assert actor == seat or any(actor in g for g in my_groups), (seat, a)
        if not s.ended:
            assert "reveal" not in v
        # roles appear only on the viewer's own card (and in the reveal after the end)
        assert _role_fields(v) <= {("me",)} | ({("reveal",)} if s.ended else set()), (
            seat,
            _role_fields(v),
        )
    assert all(
        e.to == PUBLIC
        for e in game.events
        if e.kind in ("voted", "announcement")
        or (e.kind == "stage_opened" and "private" not in e.data)
    )
    # a private stage (M103's night 殉职 and 遗言) is seen only by those who have a part in it
    for e in game.events:
        if e.kind == "stage_opened" and "private" in e.data:
            assert e.to == tuple(e.data["private"])
            part = set(e.data["private"])
            assert part <= {p.seat for p in s.players if not p.alive}, (
                "a private stage for the living"
            )
