"""What the public and each player have been shown, in the vocabulary of a scenario's ``expect``.

These keys read views only (``bansha.engine.views``), never the director's state: ``public_out``,
``revealed``, ``exit_shown``, ``announced`` and ``not_announced`` the public view (with 公示审核 on, only what the
director has published); ``knows``, ``groups``, ``told`` and ``not_told`` each player's own view. A scenario
therefore checks what the post says people are told (公示, private notices), and a leak or an early
announcement fails it.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.game import Game
from bansha.engine.views import view

PUBLIC_KEYS = ("public_out", "revealed", "exit_shown", "announced", "not_announced")
PLAYER_KEYS = ("knows", "groups", "told", "not_told")
KEYS = (*PUBLIC_KEYS, *PLAYER_KEYS)


class Seen:
    """The views a check needs, each built once (a view folds the whole game)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._public: dict[str, Any] | None = None
        self._players: dict[int, dict[str, Any]] = {}

    @property
    def public(self) -> dict[str, Any]:
        """The public view."""
        if self._public is None:
            self._public = view(self.game, "public")
        return self._public

    def of(self, seat: int) -> dict[str, Any]:
        """The player's own view."""
        if seat not in self._players:
            self._players[seat] = view(self.game, seat)
        return self._players[seat]

    def names(self, v: dict[str, Any]) -> dict[str, str]:
        """A view's name for each seat (a substitute's seat reads 「丁（替补：新人）」) -> the player's
        name in the scenario (the substitute's own name, as ``替补`` gives it)."""
        players = self.game.state.players
        return {p["name"]: players[p["seat"]].name for p in v["players"]}

    # ------------------------------------------------------------------ public
    def public_out(self) -> list[str]:
        """The players announced out so far, in announcement order."""
        name = self.names(self.public)
        return [name.get(n, n) for n in self.public["exits"]]

    def revealed(self) -> dict[str, str | None]:
        """The identity the public has been shown for each player (None: none)."""
        shown: dict[str, str] = self.public["revealed"]
        name = self.names(self.public)
        return {name[p["name"]]: shown.get(p["name"]) for p in self.public["players"]}

    def exit_shown(self) -> dict[str, str | None]:
        """Each player announced out, with the identity his exit's announcement showed (None:
        none), as published: the reveal after the game does not change it."""
        shown: dict[str, str | None] = self.public["exit_shown"]
        name = self.names(self.public)
        return {name.get(n, n): word for n, word in shown.items()}

    def announced(self) -> list[str]:
        """Every public announcement's text published so far, in order."""
        return [str(a["text"]) for a in self.public["announcements"]]

    # ------------------------------------------------------------------ players
    def knows(self, seat: int) -> list[str]:
        """The players this player has privately learned about (what he was told of them at the
        deal or since, and the members of his team chats), himself excluded, sorted by seat."""
        v = self.of(seat)
        me = v["viewer"]
        names = {n for k in v["knows"] for n in k["players"]}
        names |= {n for members in v["groups"].values() for n in members}
        names.discard(me)
        order = {p["name"]: p["seat"] for p in v["players"]}
        name = self.names(v)
        return [name.get(n, n) for n in sorted(names, key=lambda n: order.get(n, len(order)))]

    def groups(self) -> dict[str, list[str]]:
        """Each team chat's members now, as its members' own views show it (sorted by seat).

        A group that the views do not agree on is shown as each member's list, which no
        expectation matches."""
        seen: dict[str, list[list[str]]] = {}
        for seat in range(len(self.game.state.players)):
            v = self.of(seat)
            player = self.names(v)
            for name, members in v["groups"].items():
                if v["viewer"] in members:
                    seen.setdefault(name, []).append([player.get(m, m) for m in members])
        out: dict[str, list[str]] = {}
        for name, lists in seen.items():
            first = lists[0]
            agree = all(sorted(x) == sorted(first) for x in lists)
            out[name] = first if agree else ["≠", *map(str, lists)]
        return out

    def told(self, seat: int) -> list[str]:
        """Everything this player was privately told: notices and results, in order."""
        v = self.of(seat)
        return [str(n["text"]) for n in v["notices"]] + [str(r["value"]) for r in v["results"]]


def state(game: Game) -> dict[str, Any]:
    """The view-based part of a scenario's state (``--json``)."""
    seen = Seen(game)
    names = [p.name for p in game.state.players]
    return {
        "public_out": seen.public_out(),
        "revealed": {k: v for k, v in seen.revealed().items() if v is not None},
        "knows": {names[s]: seen.knows(s) for s in range(len(names))},
        "groups": seen.groups(),
        "exit_shown": seen.exit_shown(),
        "announced": seen.announced(),
        "told": {names[s]: seen.told(s) for s in range(len(names))},
    }


def check(seen: Seen, key: str, want: Any, seat_of: dict[str, int]) -> tuple[str, Any, Any] | None:
    """Compare one view-based key; return (key, expected, actual) when it does not hold."""
    if key == "public_out":
        got = seen.public_out()
        want_list = [str(x) for x in want or []]
        return None if got == want_list else (key, want_list, got)
    if key == "revealed":
        shown = seen.revealed()
        for name, word in (want or {}).items():
            have = shown.get(str(name))
            if have != (None if word is None else str(word)):
                return (f"revealed.{name}", word, have)
        return None
    if key == "exit_shown":
        shown_at_exit = seen.exit_shown()
        for name, word in (want or {}).items():
            if str(name) not in shown_at_exit:
                return (f"exit_shown.{name}", word, "not announced out")
            have = shown_at_exit[str(name)]
            if have != (None if word is None else str(word)):
                return (f"exit_shown.{name}", word, have)
        return None
    if key in ("announced", "not_announced"):
        texts = seen.announced()
        for text in want or []:
            found = any(str(text) in t for t in texts)
            if found != (key == "announced"):
                matching = [t for t in texts if str(text) in t]
                return (key, text, matching if matching else texts)
        return None
    if key == "groups":
        got_groups = seen.groups()
        for group, members in (want or {}).items():
            now = got_groups.get(str(group), [])
            if sorted(now) != sorted(str(m) for m in members or []):
                return (f"groups.{group}", members, now)
        return None
    for name, value in (want or {}).items():
        seat = seat_of[str(name)]
        if key == "knows":
            got_names = seen.knows(seat)
            if sorted(got_names) != sorted(str(x) for x in value or []):
                return (f"knows.{name}", value, got_names)
        else:  # told, not_told
            told = seen.told(seat)
            for text in value or []:
                found = any(str(text) in t for t in told)
                if found != (key == "told"):
                    matching = [t for t in told if str(text) in t]
                    return (f"{key}.{name}", text, matching if matching else told)
    return None
