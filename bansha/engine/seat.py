"""A seat's own page, read from the events its view is built from (``views.view``): the role card
as the seat holds it now, every private result with its subject, and the seat's record (我的记录).

The audience is the seat, not the person in it: a substitute (替补) reads the seat's whole history
from the start, every line under the name it happened under. Nothing here reads the state; every
line comes from an event the seat may see, so the card cannot say more than the view.

- The card follows the role: after 「自动转化为杀手」 (bs46 三), 杀人诛心 (XXXII) or a Lancelot's
  阵营转换 (M186) the heading, the description, the skills with their texts (a role's own wording
  of a shared skill: 「和坏兰斯洛特交换身份与阵营」) and the faction's win condition are the new
  role's; the skills are the seat's current ones (gained and lost as the events say).
- A seat that is out keeps only what remains: its last words, the skills the post lets it use
  after its exit (XXXII 契约标记 「无论是否存活」) and the post's rules for the dead.
- Progress where the post gives one (a data file's ``progress``): names the seat was told
  (XXXII 弃明投暗), its results of a skill grouped by answer (契约标记), or public announcements
  counted by their word (M186's mission score).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bansha import texts
from bansha.engine import clock
from bansha.engine.director import card_label
from bansha.engine.events import Event
from bansha.engine.ruleset import LegalAct, RuleSet


def when_words(phase: str | None, day: int | None) -> str:
    """``night``, 1 → 第1夜; ``day``, 2 → 第2天; before the first day → 开局."""
    if phase == "night" and day:
        return texts.PHASE_NIGHT.format(n=day)
    if phase == "day" and day:
        return texts.PHASE_DAY.format(n=day)
    return texts.PHASE_START


def join(words: list[str]) -> str:
    """A list as every page writes it: 「甲、乙、丙」."""
    return texts.LIST_SEP.join(words)


def result_entry(
    rs: RuleSet, d: dict[str, Any], names: list[str], stage: tuple[str, int]
) -> dict[str, Any]:
    """One private result with its subject: the skill, the post's word, the targets (or pair) and
    the night or day it answers (``stage``: the phase the viewer was in, for results recorded
    before they carried their own)."""
    raw = d.get("targets")
    if raw is None:
        raw = [d["target"]] if d.get("target") is not None else []
    targets = [names[t] for t in raw]
    phase = d.get("phase") or stage[0]
    day = d.get("day") if d.get("day") is not None else stage[1]
    when = when_words(phase, day)
    skill = rs.skill_name(d["skill"])
    value = str(d["value"])
    if targets:
        line = texts.RESULT_LINE.format(when=when, skill=skill, subject=join(targets), value=value)
    else:
        line = texts.RESULT_LINE_BARE.format(when=when, skill=skill, value=value)
    return {
        "skill": skill,
        "value": d["value"],
        "day": day,
        "phase": phase,
        "targets": targets,
        "when": when,
        "text": line,
    }


def act_words(d: dict[str, Any], names: list[str]) -> str:
    """What an act chose, in words: its targets and its choice; an act that answers several
    proposals at once (M186: 同意/反对 for each of proposals 1–4) proposal by proposal, each
    beside its proposer (the act's ``about``: their seats)."""
    targets = [names[t] for t in d.get("targets", [])]
    choice = d.get("choice")
    parts = str(choice).split(",") if choice else []
    by = d.get("about") or []
    if len(parts) > 1 and len(by) == len(parts):
        return texts.ACT_SLOT_SEP.join(
            texts.ACT_SLOT.format(subject=names[s], choice=c)
            for s, c in zip(by, parts, strict=True)
        )
    words = join(parts)
    if targets and words:
        return texts.ACT_TARGETS_CHOICE.format(targets=join(targets), choice=words)
    return join(targets) or words


def act_line(rs: RuleSet, d: dict[str, Any], names: list[str]) -> str:
    """What the seat submitted, as its record says it: 「你提交【查证】：戊」."""
    skill = rs.skill_name(d["skill"])
    what = act_words(d, names)
    if not what and rs.skills.get(d["skill"], {}).get("declinable"):
        what = rs.words.get("decline", "")  # a 放弃: the act given up, in the post's word
    if not what:
        return texts.RECORD_ACT_PLAIN.format(skill=skill)
    return texts.RECORD_ACT.format(skill=skill, what=what)


def slot_rows(la: LegalAct, names: list[str], mine: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The rows of a form that answers several proposals at once (M186's approval votes): each
    proposal numbered, with its proposer and team, and the seat's standing answer to it (kept in
    the form, so that changing one answer changes only it)."""
    standing = list(mine["parts"]) if mine else []
    rows = []
    for i in range(la.slots):
        if i < len(la.slot_for):
            by = names[la.slot_for[i]]
            team = la.slot_teams[i] if i < len(la.slot_teams) else ()
            label = (
                texts.SLOT_PROPOSAL.format(n=i + 1, by=by, team=join([names[t] for t in team]))
                if team
                else texts.SLOT_MISSING.format(n=i + 1, by=by)
            )
        else:
            label = texts.SLOT_NUMBER.format(n=i + 1)
        rows.append({"label": label, "mine": standing[i] if i < len(standing) else ""})
    return rows


class SeatPage:
    """What one seat's page shows of itself, folded from the events its view is built from."""

    def __init__(self, rs: RuleSet, seat: int) -> None:
        self.rs = rs
        self.seat = seat
        self.role = ""
        self.faction = ""
        self.skills: list[str] = []
        self.out = False
        self.cause = ""
        self.results: list[dict[str, Any]] = []
        self.record: list[dict[str, Any]] = []
        self.told: list[tuple[list[int], str | None]] = []
        self.right = False
        self.words: str | None = None
        self.declared: dict[str, str] = {}
        self.counts_as: str | None = None
        self.groups: list[str] = []  # the team chats the seat is in, as it was told
        self.dealt = ""  # the role dealt (a pre-game declaration counts by it)

    def note(self, kind: str, text: str, at: str | None, when: str, stage: str) -> None:
        """One line of the record (我的记录), with the time it happened at."""
        self.record.append({"kind": kind, "text": text, "at": at, "when": when, "stage": stage})

    def read(
        self,
        ev: Event,
        names: list[str],
        stage: dict[str, Any],
        phase: tuple[str, int],
        moment: str | None,
    ) -> None:
        """Fold one event the seat may see (``stage``: the stage it happened in, ``moment``: the
        latest time the seat saw, for lines whose event has no time of its own)."""
        k, d, me = ev.kind, ev.data, self.seat
        when = when_words(*phase)
        where = str(stage.get("stage", ""))
        if k == "role_card" and d["seat"] == me:
            self.role, self.faction, self.skills = d["role"], d["faction"], list(d["skills"])
            self.dealt = self.dealt or self.role
        elif k == "role_set" and d["seat"] == me:
            self.role = d["role"]
        elif k == "faction_set" and d["seat"] == me:
            self.faction = d["faction"]
        elif k == "group_set":
            if me in d["members"] and d["group"] not in self.groups:
                self.groups.append(str(d["group"]))
            elif me not in d["members"] and d["group"] in self.groups:
                self.groups.remove(d["group"])
        elif k == "counts_as" and d["seat"] == me:
            self.counts_as = str(d["category"])
        elif k == "skill_gained" and d["seat"] == me:
            if d["skill"] not in self.skills:
                self.skills.append(d["skill"])
        elif k == "skill_lost" and d["seat"] == me:
            self.skills = [s for s in self.skills if s != d["skill"]]
        elif k == "exited" and d["seat"] == me:
            self.out, self.cause = True, str(d.get("cause", ""))
        elif k == "announcement" and me in d.get("exits", ()):
            self.out = True  # told by the announcement, as the engine decides (engine/speech.py)
        elif k == "known" and d["seat"] == me:
            self.told.append((list(d["about"]), d.get("word")))
        elif k == "result" and d["seat"] == me:
            entry = result_entry(self.rs, d, names, phase)
            self.results.append(entry)
            self.note("result", entry["text"], moment, when, where)
        elif k == "acted" and d["seat"] == me:
            self.note("act", act_line(self.rs, d, names), d.get("at"), when, where)
            if d["skill"] == self.rs.data.get("declare_skill") and d.get("choice"):
                self.declared[d["skill"]] = str(d["choice"])
        elif k == "withdrawn" and d["seat"] == me:
            skill = self.rs.skill_name(d["skill"])
            self.note("act", texts.RECORD_WITHDRAWN.format(skill=skill), moment, when, where)
        elif k == "voted" and d["seat"] == me:
            self.note("vote", vote_line(d, names), d.get("at"), when, where)
        elif k == "last_words_right" and d["seat"] == me:
            self.right = True
        elif k == "last_words" and d["seat"] == me:
            self.words = str(d["text"])
            line = texts.RECORD_LAST_WORDS.format(text=self.words)
            self.note("last_words", line, moment, when, where)
        elif k == "last_words_closed" and me in d.get("seats", []):
            self.right = False
        elif k == "card" and d["seat"] == me:
            template = texts.RECORD_CARD_UPGRADE if d.get("upgrade") else texts.RECORD_CARD
            card = template.format(card=card_label(d["color"]))
            self.note("card", card, moment, when, where)

    def card(self, names: list[str]) -> dict[str, Any]:
        """The role card as the seat holds it now."""
        rs = self.rs
        if not self.role:
            return {}
        role = rs.roles.get(self.role, {})
        shown = [s for s in self.skills if not rs.skills.get(s, {}).get("hidden")]
        if self.out:  # what remains: the skills the post lets the seat use after its exit
            shown = [s for s in shown if rs.skills.get(s, {}).get("when_out")]
        own: dict[str, str] = role.get("skill_texts") or {}
        skill_texts = [
            {"name": rs.skill_name(s), "text": own.get(s) or rs.skills[s].get("text", "")}
            for s in shown
        ]
        out: dict[str, Any] = {
            "role": rs.role_name(self.role),
            "faction": rs.faction_name(self.faction) if self.faction else "",
            "skills": [rs.skill_name(s) for s in shown],
            "skill_texts": skill_texts,
            "out": self.out,
            "progress": self.progress(names),
        }
        if self.out:
            cause = rs.data.get("causes", {}).get(self.cause, "")
            out["exit"] = texts.CARD_OUT.format(cause=cause) if cause else texts.CARD_OUT_PLAIN
            remains = []
            if self.words is not None:
                remains.append(texts.CARD_LAST_WORDS_DONE.format(text=self.words))
            elif self.right:
                remains.append(texts.CARD_LAST_WORDS_DUE)
            if rs.texts.get("out_rules"):
                remains.append(rs.texts["out_rules"])
            # a team chat's own rule for the dead, to its members only (M103 「已经出局的狼群中
            # 的角色仍然留在狼群」 is the assassins' group's, not a 宠妃's)
            remains += [
                rs.texts[f"out_rules_{g}"] for g in self.groups if f"out_rules_{g}" in rs.texts
            ]
            out["remains"] = remains
            return out
        if self.counts_as:  # M103 红娘 of two 特 or two 妃子 (R-M103-08): the loss condition's
            word = rs.data.get("categories", {}).get(self.counts_as, self.counts_as)
            out["counts_as"] = texts.CARD_COUNTS_AS.format(category=word)
        out["text"] = role.get("text", "")
        out["rules"] = [{"name": r["name"], "text": r["text"]} for r in role.get("rules", [])]
        out["win"] = rs.data.get("win_texts", {}).get(self.faction, "")
        out["declared"] = [
            texts.CARD_DECLARED.format(skill=rs.skill_name(s), choice=c)
            for s, c in self.declared.items()
            if self.declaration_counts()
        ]
        if self.words is not None:
            out["remains"] = [texts.CARD_LAST_WORDS_DONE.format(text=self.words)]
        return out

    def declaration_counts(self) -> bool:
        """Whether the seat's pre-game declaration counts, by the role it was dealt and the
        declaration's ``keep`` (XXXII: only the civilians' 信仰魔女, R-XXXII-02; a detective's
        answer is kept nowhere, so his card does not show it)."""
        keep: dict[str, Any] = (self.rs.data.get("declaration") or {}).get("keep") or {}
        role = self.rs.roles.get(self.dealt, {})
        return (
            keep.get("role") in (None, self.dealt)
            and keep.get("faction") in (None, role.get("faction"))
            and keep.get("category") in (None, role.get("category"))
        )

    def progress(self, names: list[str]) -> list[str]:
        """The seat's own progress lines, where the post gives one for its role."""
        rs = self.rs
        lines: list[str] = []
        for spec in rs.data.get("progress", []):
            if spec.get("role") != self.role or not self.role:
                continue
            params: dict[str, Any] = {}
            if spec.get("known"):
                word = rs.word(spec["known"])
                seats: list[int] = []
                for about, told in self.told:
                    if told == word:
                        seats += [x for x in about if x not in seats]
                params = {"ps": seats, "n": len(seats)}
            elif spec.get("results"):
                skill = rs.skill_name(spec["results"])
                params = by_word(
                    rs, [(r["value"], r["targets"]) for r in self.results if r["skill"] == skill]
                )
                lines.append(rs.fill(rs.texts[spec["text"]], params))
                continue
            lines.append(rs.render(spec["text"], params, names))
        return lines


def by_word(rs: RuleSet, answers: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """Answers grouped by the data file's word for them: ``n_<word>`` how many, ``ps_<word>`` the
    subjects (names, joined), for every word of the file."""
    params: dict[str, Any] = {}
    for key, word in rs.words.items():
        subjects = [name for value, targets in answers if value == word for name in targets]
        params[f"n_{key}"] = sum(1 for value, _ in answers if value == word)
        params[f"ps_{key}"] = join(subjects) or rs.words.get("nobody", "")
    return params


def public_progress(rs: RuleSet, announced: list[dict[str, Any]]) -> list[str]:
    """The game's progress every page shows where the post gives one (M186: 任务成功1次，失败2次),
    counted from the public announcements (``announced``: their data, in order)."""
    lines = []
    for spec in rs.data.get("progress", []):
        key = spec.get("announcements")
        if not key or spec.get("role"):
            continue
        param = str(spec.get("param", ""))
        answers: list[tuple[str, list[str]]] = [
            (str(a["params"].get(param)), []) for a in announced if a.get("key") == key
        ]
        if not answers:
            continue  # nothing to count yet (before the first mission)
        lines.append(rs.fill(rs.texts[spec["text"]], by_word(rs, answers)))
    return lines


def vote_rules(rs: RuleSet, deadline: str | None, cast: int) -> list[str]:
    """The change rules beside a vote form, from the rule set's options, with what the seat has
    used of them (``cast``: its votes this stage) and the time the freeze begins (bs46 说明2–3:
    「每次投票只允许改票1次」「投票时间结束前1小时内不允许改票」; R-XXXII-18: no limit)."""
    lines = []
    changes = max(0, cast - 1)
    if "max_changes" in rs.options:
        limit = rs.options["max_changes"]
        if limit is None:
            lines.append(texts.VOTE_CHANGES_ANY.format(n=changes))
        else:
            lines.append(texts.VOTE_CHANGES.format(n=changes, limit=limit))
    freeze = rs.options.get("change_freeze_minutes")
    if freeze and deadline:
        zone = str(rs.options["timezone"])
        start = clock.parse_moment(deadline, clock.game_zone(zone)) - timedelta(minutes=freeze)
        lines.append(
            texts.VOTE_FREEZE.format(minutes=freeze, moment=clock.format_moment(start, zone))
        )
    return lines


def vote_line(d: dict[str, Any], names: list[str]) -> str:
    """A vote or change (改票) of the seat's, in its record (its stage beside it)."""
    target = d.get("target")
    change = bool(d.get("change"))
    if target is None:
        return texts.RECORD_CHANGE_ABSTAIN if change else texts.RECORD_ABSTAIN
    template = texts.RECORD_CHANGE if change else texts.RECORD_VOTE
    return template.format(target=names[target])
