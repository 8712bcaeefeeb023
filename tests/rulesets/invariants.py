"""Invariants every game must keep, checked on random play of any rule set."""

from __future__ import annotations

import json
from collections import Counter

from bansha.engine import Game
from bansha.engine.events import PUBLIC
from bansha.engine.incremental import IncrementalView
from bansha.engine.state import State, apply, fold
from bansha.engine.views import Viewer, view

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


_KEPT: dict[int, tuple[Game, dict[Viewer, IncrementalView]]] = {}
"""The views kept current for the game being played (one game at a time per process)."""


def current_view(game: Game) -> object:
    """The view a page serves during play: read on from the events added since the last check
    (``engine/incremental.py``, as the web's view cache does), so checking after every stage costs
    the stage's events, not the game's length. A finished game's checks fold from scratch
    (``view``), and ``tests/engine/test_incremental.py`` holds the two equal."""

    def get(viewer: Viewer) -> dict[str, object]:
        kept = _KEPT.get(id(game))
        if kept is None or kept[0] is not game:
            _KEPT.clear()
            kept = _KEPT[id(game)] = (game, {})
        inc = kept[1].setdefault(viewer, IncrementalView(viewer))
        inc.update(game)
        return inc.view(game)

    return get


def _view_of(game: Game, viewer: Viewer, during_play: bool) -> dict[str, object]:
    if during_play and not game.state.ended:
        return current_view(game)(viewer)  # type: ignore[operator, no-any-return]
    return view(game, viewer)


def check_replay(game: Game) -> None:
    """Replay equals live state, also through the JSON form of the events."""
    assert fold(game.events).fingerprint() == game.state.fingerprint()
    from bansha.engine import Event

    raw = json.loads(json.dumps([e.to_json() for e in game.events], ensure_ascii=False))
    assert fold([Event.from_json(r) for r in raw]).fingerprint() == game.state.fingerprint()


def check_history(game: Game) -> None:
    """Nobody out acts or is targeted; nobody exits twice; private events go to their owner only."""
    s = State()
    mechs = getattr(game.ruleset, "mechs", {})
    owed = NO_LIVING_CHECK | {k for k, m in mechs.items() if m.by_due}  # a board's own 开枪
    for ev in game.events:
        d = ev.data
        if ev.kind == "acted" and d["skill"] not in owed and not d.get("random"):
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
    """A player's view shows their own role, results and groups, and nobody else's; the public
    view shows no exit or identity ahead of the post (``check_public``). Checked for some
    ``seats`` during play, the views are the ones kept current (``current_view``); for every seat
    (``seats`` None), folded from scratch."""
    during_play = seats is not None
    check_public(game)
    s, rs = game.state, game.ruleset
    public = _view_of(game, "public", during_play)
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
    held = {x for a in s.held_announcements for x in a.get("exits", [])}
    unannounced_ok = tonight | held
    assert unannounced <= unannounced_ok, "an exit went unannounced"
    for seat in seats if seats is not None else range(len(s.players)):
        v = _view_of(game, seat, during_play)
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
    for i, e in enumerate(game.events):
        if e.kind == "stage_opened" and "private" in e.data:
            assert e.to == tuple(e.data["private"])
            part = set(e.data["private"])
            if e.data["key"] == "castle_vote":
                # R-XXXII-19: the witch voted out decides 王车易位 (alive until she decides),
                # seen by her group only, as it was when the stage opened
                assert part == set(fold(game.events[:i]).groups.get("witch", [])), part
                continue
            assert part <= {p.seat for p in s.players if not p.alive}, (
                "a private stage for the living"
            )


NIGHT_IS_HELD = {
    "m103": ("start", "night"),
    "bs46": ("night",),
    "xxxii": ("night",),
    "board": ("night",),
}
"""Phases whose exits the post announces only when the next day begins (R-ALL-11: M103's
夜晚期间需要公示的内容全部在下一个白天开始时公布, bs46's 天亮时，统一公布死者, XXXII's night deaths at the next day)."""


def _base_id(game: Game) -> str:
    from bansha.mechanics.pipeline import Pipeline
    from bansha.mechanics.rounds import Rounds

    if isinstance(game.ruleset, Rounds):
        return "m186"
    if isinstance(game.ruleset, Pipeline):
        base = game.ruleset.data.get("base", game.ruleset.data["id"])
        if base in ("m103", "bs46", "xxxii"):
            return str(base)  # M103, bs46 and XXXII (and their variants), on the pipeline
        return "board"  # a board declared as data: werewolf-like, its night announced by day
    raise AssertionError(type(game.ruleset))


def check_public(game: Game) -> None:
    """``public_out`` and ``revealed`` (from the public view) never run ahead of what the post
    allows: no exit public before its announcement is due (night exits wait for the day), and no
    identity shown that the post does not show."""
    rs, s = game.ruleset, game.state
    base = _base_id(game)
    public = _view_of(game, "public", during_play=True)
    exits, revealed = public["exits"], public["revealed"]
    # the view names a substitute's seat 「丁（替补：新人）」, the state and the reveal by the player
    seat_of = {p.name: p.seat for p in s.players} | {
        p["name"]: p["seat"] for p in public["players"]
    }
    assert len(exits) == len(set(exits)), ("an exit announced twice", exits)
    assert all(not s.players[seat_of[n]].alive for n in exits), ("a living player shown out", exits)
    # night exits: out since the last day began, in a phase whose announcements wait for the day
    held_phases = NIGHT_IS_HELD.get(base, ())
    pending: set[int] = set()
    phase = "setup"
    for ev in game.events:
        if ev.kind == "stage_opened":
            phase = ev.data["phase"]
            if phase == "day":
                pending.clear()
        elif ev.kind == "exited" and phase in held_phases:
            pending.add(ev.data["seat"])
    if not s.ended:
        early = {n for n in exits if seat_of[n] in pending}
        assert not early, ("a night exit was public before the day", early)
        if not rs.options.get("review"):  # and none is late: every other exit is public by now
            due = {s.players[x].name for x in s.exit_order if x not in pending}
            assert due <= set(exits), ("an exit not announced when due", due - set(exits))
    if s.ended:
        if "reveal" in public:
            roles = public["reveal"]["roles"]
            assert all(revealed.get(n) == r for n, r in roles.items()), "the reveal shows all"
        return
    for name, word in revealed.items():
        p = s.players[seat_of[name]]
        if base == "m103":
            # never an exit's identity (R-M103-17); only the emperor (option emperor: public)
            # and a prince whose 谁敢动我 was announced (R-M103-06)
            assert word == rs.role_name(p.role), (name, word)
            assert p.role in ("emperor", "idiot"), ("M103 showed an identity", name, word)
            if p.role == "emperor":
                assert rs.options["emperor"] == "public", (name, word)
        elif base == "bs46":
            # 所有出局玩家均公布其真实身份, except 判死 (不显示其身份); only once announced out
            assert name in exits, ("an identity shown before the exit", name)
            assert p.exit_cause != "execute", ("判死 showed an identity", name)
            assert word == rs.role_name(p.role), (name, word)
        elif base == "m186":
            # the red list after the assassination is declared (刺客拍刀流程)
            assert "due:strike" in s.pending, ("a faction shown before the declaration", name)
            assert word == rs.faction_name(p.faction), (name, word)
        elif base == "xxxii":
            raise AssertionError(("XXXII shows no identity during the game", name, word))
        else:  # a board: whatever it shows is the truth
            assert word == rs.role_name(p.role), (name, word)
    if base == "bs46":  # and every exit but 判死 does show it
        shown = {n for n in exits if s.players[seat_of[n]].exit_cause != "execute"}
        assert shown <= set(revealed), ("an exit without its identity", shown - set(revealed))
