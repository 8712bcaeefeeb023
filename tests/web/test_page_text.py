"""The page-text audit: for every seat of random-play games of every rule set, at every stage, the
page a player reads is rendered as the server renders it and checked:

- the card's skills are the seat's current skills (the state's, as the events made them: gained,
  lost, and for a seat that is out only those the post lets it use after its exit), and the card's
  heading is the seat's current role;
- every result line names its subject: each target of each result event the seat received, or,
  where the answer is the subject (通灵), the answer;
- no text on the page is an ASCII-joined list (「反对,反对,同意」), a Python value
  (``None``, ``['甲']``) or a template placeholder left unfilled (``{p}``).

The public page of every stage is checked for the same words.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import lxml.html
import pytest
from django.template.loader import render_to_string

from bansha.engine import Game
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

RULESETS = ["m103", "bs46", "m186", "xxxii", "standard12", "guard12"]
SEEDS = [3, 11]

ASCII_LIST = re.compile(r"[\u4e00-\u9fff\uff09\u3011]\s*,\s*[\u4e00-\u9fff\u3010\uff08]")
"""Chinese words joined with an ASCII comma: a list or choice shown as it is stored."""
LEFTOVERS = re.compile(
    r"\{[A-Za-z_]\w*\}|(?<![A-Za-z])(?:None|True|False)(?![A-Za-z])|\[\s*'|'\s*\]|\[\]|\{\}"
)
"""A placeholder no template filled, or a Python value printed as it is."""


def _record(game: Game) -> SimpleNamespace:
    """What a page needs of the game's record (its id for links, its zone, demo or not)."""
    return SimpleNamespace(
        id="audit", title=game.ruleset.title, timezone="Asia/Shanghai", demo=False
    )


def _text(html: str) -> str:
    tree = lxml.html.fromstring(html)
    for node in tree.xpath("//script|//style"):
        node.drop_tree()
    return "\n".join(t for t in tree.xpath("//body//text()"))


def _check_words(text: str, where: str) -> None:
    bad = ASCII_LIST.search(text)
    assert bad is None, (where, text[max(0, bad.start() - 40) : bad.end() + 40])
    bad = LEFTOVERS.search(text)
    assert bad is None, (where, text[max(0, bad.start() - 40) : bad.end() + 40])


def _current_skills(game: Game, seat: int) -> set[str]:
    """The state's skills of a seat, as its card must list them."""
    rs, p = game.ruleset, game.state.players[seat]
    keys = [k for k in p.skills if not rs.skills.get(k, {}).get("hidden")]
    if not p.alive:
        keys = [k for k in keys if rs.skills.get(k, {}).get("when_out")]
    return {rs.skill_name(k) for k in keys}


def _subjects(game: Game, seat: int) -> list[list[str]]:
    """Each result the seat received: the names (as of now) it must name."""
    names = [p.name for p in game.state.players]
    out = []
    for ev in game.events:
        if ev.kind == "result" and ev.data["seat"] == seat:
            targets = ev.data.get("targets") or []
            out.append([names[t] for t in targets] or [str(ev.data["value"])])
    return out


def _audit_seat(game: Game, seat: int, record: SimpleNamespace) -> None:
    v = view(game, seat)
    html = render_to_string(
        "bansha/player.html",
        {"record": record, "v": v, "seat": seat, "seq": "0", "chat_limit": 0, "typed": {}},
    )
    tree = lxml.html.fromstring(html)
    where = (game.ruleset.id, game.state.phase_label(), game.state.stage, seat)
    p = game.state.players[seat]
    if p.role and game.state.awaiting is None:
        rs = game.ruleset
        assert v["me"]["role"] == rs.role_name(p.role), where
        (card,) = tree.cssselect("#card-role strong")
        assert card.text_content() == rs.role_name(p.role), where
        shown = {n.text_content() for n in tree.cssselect("#card-current .pill")}
        assert shown == set(v["me"]["skills"]) == _current_skills(game, seat), where
        assert {n.get("data-skill") for n in tree.cssselect("#card-skills li")} == shown
        lines = [n.text_content() for n in tree.cssselect("#results li")]
        subjects = _subjects(game, seat)
        assert len(lines) == len(subjects), where
        for line, names in zip(lines, subjects, strict=True):
            assert all(name in line for name in names), (where, line, names)
    _check_words(_text(html), f"{where}")


def _audit_public(game: Game, record: SimpleNamespace) -> None:
    v = view(game, "public")
    html = render_to_string("bansha/public.html", {"record": record, "v": v, "seq": "0"})
    _check_words(_text(html), f"{game.ruleset.id} public {game.state.phase_label()}")


def _audit_stage(game: Game, record: SimpleNamespace) -> None:
    for seat in range(len(game.state.players)):
        _audit_seat(game, seat, record)
    _audit_public(game, record)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_seat_page_at_every_stage_tells_the_truth(ruleset: str) -> None:
    for seed in SEEDS:
        rs = find_ruleset(ruleset)
        names = [f"玩家{i + 1}" for i in range(rs.player_count)]
        game = Game.create(rs, names, seed)
        record = _record(game)
        stages: list[str] = []

        def audit(g: Game, record: SimpleNamespace = record, stages: list[str] = stages) -> None:
            stages.append(g.state.stage)
            _audit_stage(g, record)

        play_random(game, seed, on_stage=audit)
        audit(game)  # and the end, with the reveal
        assert len(stages) > 3


def test_the_audit_finds_an_ascii_list_and_a_placeholder() -> None:
    # the audit itself can fail: a stored choice list and an unfilled template are caught
    with pytest.raises(AssertionError):
        _check_words("你的选择：反对,反对,同意,反对", "probe")
    with pytest.raises(AssertionError):
        _check_words("查证：{p}是杀手", "probe")
    with pytest.raises(AssertionError):
        _check_words("投票给None", "probe")
    _check_words("你的选择：甲的方案：同意；乙的方案：反对（共4个方案）", "probe")
