"""The rule-set schema: a variant is checked once, whole, before a game can use it; every problem
is named by its key path in Chinese, a misspelt key with the nearest known one."""

from pathlib import Path

import pytest
import yaml

from bansha.datafiles import DataFileError
from bansha.engine import Game, RuleError
from bansha.rulesets import (
    BUILTIN,
    VARIANTS_DIR,
    builtin_model,
    find_ruleset,
    load_variant_text,
)
from bansha.rulesets.schema import M186Data, RuleSetData
from bansha.sim.play import play_random


def refused(text: str) -> str:
    with pytest.raises(DataFileError) as e:
        load_variant_text(text)
    return e.value.message


@pytest.mark.parametrize("rid", list(BUILTIN))
def test_every_builtin_validates_into_typed_data(rid: str) -> None:
    rs = find_ruleset(rid)
    assert isinstance(rs.model, RuleSetData)
    assert rs.model.player_count == rs.player_count
    assert rs.data["roles"] == {
        k: r.model_dump(exclude_none=True) for k, r in rs.model.roles.items()
    }


def test_m186_has_its_own_typed_keys() -> None:
    model = builtin_model("m186")
    assert isinstance(model, M186Data)
    assert (model.skills["propose"].params or {})["sizes"] == [4, 5, 6, 6, 7]


@pytest.mark.parametrize("path", sorted(VARIANTS_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_shipped_variant_validates(path: Path) -> None:
    assert isinstance(find_ruleset(str(path)).model, RuleSetData)


def test_misspelt_top_level_key_suggests_the_known_one() -> None:
    msg = refused("extends: m103\noptoins:\n  prince: {default: once}\n")
    assert msg == "optoins：未知的键，是否应为 options？"


def test_negative_count_names_its_key_path() -> None:
    assert refused("extends: m103\nroles:\n  werewolf: {count: -1}\n") == (
        "roles.werewolf.count：必须是不小于0的整数"
    )


@pytest.mark.parametrize("value", ['"4"', "4.0", "true", "[4]", "null"])
def test_a_count_must_be_a_plain_integer(value: str) -> None:
    assert "roles.werewolf.count：必须是不小于0的整数" in refused(
        f"extends: m103\nroles:\n  werewolf: {{count: {value}}}\n"
    )


def test_huge_count_is_refused() -> None:
    assert "roles.villager.count：必须是0到64之间的整数" in refused(
        "extends: m103\nroles:\n  villager: {count: 100000000}\n"
    )


def test_unknown_skill_in_a_role() -> None:
    assert refused("extends: m103\nroles:\n  seer: {skills: [chek]}\n") == (
        "roles.seer.skills[0]：未知的技能「chek」，是否应为 check？"
    )


def test_unknown_faction_of_a_role() -> None:
    assert "roles.seer.faction：未知的阵营「loyl」，是否应为 loyal？" in refused(
        "extends: m103\nroles:\n  seer: {faction: loyl}\n"
    )


def test_misspelt_role_key_is_not_a_new_role() -> None:
    assert refused("extends: m103\nroles:\n  werwolf: {count: 3}\n") == (
        "roles.werwolf：未知的键，是否应为 werewolf？"
    )


def test_a_new_role_must_say_what_it_is() -> None:
    msg = refused("extends: m103\nroles:\n  elder: {name: 长老, count: 1}\n")
    assert "roles.elder.faction：缺少必需的键" in msg


def test_a_new_plain_role_is_welcome() -> None:
    rs = load_variant_text(
        "extends: m103\nroles:\n  villager: {count: 3}\n"
        "  elder: {name: 长老, count: 1, faction: loyal, category: consort}\n"
    )
    assert rs.role_key("长老") == "elder"
    g = Game.create(rs, [f"p{i}" for i in range(14)], 3)
    play_random(g, 3)
    assert g.state.ended


def test_misspelt_text_key() -> None:
    assert refused("extends: m103\ntexts:\n  medum: 通灵：{p}\n") == (
        "texts.medum：未知的键，是否应为 medium？"
    )


def test_placeholder_typo_is_refused_at_upload() -> None:
    assert refused("extends: m103\ntexts:\n  medium: 通灵：今夜被指杀的是{pp}。\n") == (
        "texts.medium：未知的占位符 {pp}，是否应为 {p}？"
    )


@pytest.mark.parametrize(
    ("template", "says"),
    [
        ("通灵：{p", "模板格式错误（缺少“}”）"),
        ("通灵：p}", "模板格式错误（多余的“}”）"),
        ("通灵：{p.__class__}", "占位符只能是 {名字} 的形式"),
        ("通灵：{p!r}", "占位符只能是 {名字} 的形式"),
        ("通灵：{p:>10}", "占位符只能是 {名字} 的形式"),
        ("通灵：{0}", "占位符只能是 {名字} 的形式"),
        ("通灵：{}", "占位符只能是 {名字} 的形式"),
    ],
)
def test_broken_templates(template: str, says: str) -> None:
    assert says in refused(f"extends: m103\ntexts:\n  medium: '{template}'\n")


def test_a_text_without_placeholders_stays_without() -> None:
    assert "texts.passed：未知的占位符 {x}" in refused("extends: m186\ntexts:\n  passed: 通过{x}\n")


def test_every_template_renders_in_a_game() -> None:
    rs = load_variant_text("extends: m103\ntexts:\n  medium: 验尸：{p}倒在了夜里。\n")
    assert rs.render("medium", {"p": 1}, ["甲", "乙"]) == "验尸：乙倒在了夜里。"


def test_option_default_must_be_among_its_choices() -> None:
    assert refused("extends: m103\noptions:\n  prince: {default: twice}\n") == (
        "options.prince.default：默认值「twice」不在 choices 中（可用：unlimited、once）"
    )


def test_option_choices_cannot_grow_beyond_the_code() -> None:
    msg = refused("extends: m103\noptions:\n  prince: {default: once, choices: [once, twice]}\n")
    assert "options.prince.choices[1]：「twice」不是本规则的程序能处理的取值" in msg


def test_typed_option_default() -> None:
    assert "options.max_changes.default：必须是不小于0的整数" in refused(
        "extends: m103\noptions:\n  max_changes: {default: many}\n"
    )


def test_options_given_at_creation_are_checked() -> None:
    with pytest.raises(DataFileError, match="未知的选项「prnce」，是否应为 prince？"):
        find_ruleset("m103", {"prnce": "once"})
    with pytest.raises(DataFileError, match=r"options\.prince：只能是：unlimited、once"):
        find_ruleset("m103", {"prince": "twice"})
    with pytest.raises(DataFileError, match=r"options\.start_at：必须是ISO 8601时间"):
        find_ruleset("m103", {"start_at": "明天"})
    assert find_ruleset("m103", {"start_at": "2026-06-01T12:00:00+08:00"}).options["start_at"]


def test_teams_larger_than_the_table() -> None:
    msg = refused("extends: m186\nskills:\n  propose: {params: {sizes: [4, 5, 6, 6, 20]}}\n")
    assert msg == "skills.propose.params.sizes[4]：第5轮的出征人数20超过玩家人数14"


def test_five_missions() -> None:
    msg = refused("extends: m186\nskills:\n  propose: {params: {sizes: [4, 5]}}\n")
    assert msg == "skills.propose.params.sizes：必须正好有5项"


def test_two_roles_cannot_share_a_name() -> None:
    msg = refused("extends: m103\nroles:\n  seer: {name: 狼人}\n  werewolf: {name: 狼人}\n")
    assert "与 roles.werewolf 相同" in msg or "与 roles.seer 相同" in msg


def test_timetable_keys_and_conditions_are_the_codes() -> None:
    msg = refused(
        "extends: m103\ntimetable:\n  night:\n    - {stage: 夜晚, key: nigth, minutes: 60}\n"
    )
    assert "timetable.night[0].key：未知的时段「nigth」，是否应为 night？" in msg
    msg = refused(
        "extends: m103\ntimetable:\n  start:\n    - {stage: 红线, key: red_thread, minutes: 60}\n"
    )
    assert "timetable.start[0].when：只能是：has_cupid" in msg


def test_a_clock_time() -> None:
    assert "timetable.day[1].until：必须是“时:分”形式的时刻" in refused(
        "extends: m186\ntimetable:\n  day:\n"
        "    - {stage: 拍刀, key: strike, minutes: 1440, when: assassination}\n"
        "    - {stage: 出征决议, key: proposals, until: '25:00', when: missions}\n"
        "    - {stage: 出征决议投票, key: approvals, until: '21:00', when: missions}\n"
    )


def test_xxxii_needs_its_witch() -> None:
    assert refused("extends: xxxii\nroles:\n  witch: {count: 0}\n") == (
        "roles.witch.count：本规则的程序需要至少1名此身份（witch）"
    )


def test_many_problems_are_listed_together() -> None:
    msg = refused("extends: m103\nroles:\n  werewolf: {count: -1}\n  seer: {count: x}\ntitle: ''\n")
    assert "roles.werewolf.count" in msg and "roles.seer.count" in msg and "title：不能为空" in msg


def test_duplicate_keys_are_not_silently_dropped() -> None:
    assert refused("extends: m103\nroles:\n  seer: {count: 1}\n  seer: {count: 2}\n") == (
        "roles.seer：键「seer」重复出现（第4行）"
    )


def test_upload_cannot_extend_a_path_on_the_server() -> None:
    assert "上传的变体文件只能 extends 内置规则或已收录的变体" in refused("extends: /etc/passwd\n")


def test_a_wrong_type_at_the_top() -> None:
    assert refused("extends: m103\nroles: [a, b]\n").startswith("roles：必须是映射")
    assert refused("- extends: m103\n") == "文件的顶层必须是映射（键: 值），而不是列表"


# ---------------------------------------------------------------------- the registry
@pytest.mark.parametrize("path", sorted(VARIANTS_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_variant_names_are_registered(path: Path) -> None:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    for name in [path.stem, path.name, *raw.get("names", [])]:
        assert find_ruleset(str(name)).id == raw["id"], name


def test_extends_takes_an_id_an_alias_or_a_path(tmp_path: Path) -> None:
    raw = yaml.safe_load((VARIANTS_DIR / "werewolf12.yaml").read_text(encoding="utf-8"))
    alias = raw["names"][-1]
    for parent in (
        "werewolf12",
        alias,
        "werewolf12.yaml",
        str(VARIANTS_DIR / "werewolf12.yaml"),
    ):
        f = tmp_path / "mine.yaml"
        f.write_text(f"extends: {parent}\nid: mine\nroles:\n  villager: {{name: 平民}}\n")
        rs = find_ruleset(str(f))
        assert (rs.role_name("villager"), rs.role_name("werewolf"), rs.player_count) == (
            "平民",
            "狼人",
            12,
        )
    assert load_variant_text(f"extends: {alias}\nid: up\n").role_name("werewolf") == "狼人"


def test_extends_cycle_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("extends: b.yaml\n")
    (tmp_path / "b.yaml").write_text("extends: a.yaml\n")
    with pytest.raises(DataFileError, match="extends 形成循环"):
        find_ruleset(str(tmp_path / "a.yaml"))


def test_a_problem_in_a_parent_names_the_parent(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text("extends: m103\nroles:\n  werewolf: {count: -2}\n")
    (tmp_path / "child.yaml").write_text("extends: parent\n")
    with pytest.raises(
        DataFileError, match=r"parent.yaml：roles.werewolf.count：必须是不小于0的整数"
    ):
        find_ruleset(str(tmp_path / "child.yaml"))


def test_shipped_names_do_not_collide() -> None:
    seen: dict[str, str] = {}
    for rid in BUILTIN:
        for n in [rid, *builtin_model(rid).names]:
            assert seen.setdefault(n.lower(), rid) == rid
    for path in VARIANTS_DIR.glob("*.yaml"):
        for n in yaml.safe_load(path.read_text(encoding="utf-8")).get("names", []):
            assert seen.setdefault(str(n).lower(), path.stem) == path.stem, n


def test_setup_errors_stay_rule_errors() -> None:
    assert issubclass(DataFileError, RuleError)


# ---------------------------------------------------------------------- boards
def test_a_board_text_names_only_words_of_the_file() -> None:
    assert "texts.result_check：未知的技能「chek」，是否应为 check？" in refused(
        "extends: standard12\ntexts:\n  result_check: '{skill:chek}：{p}是<{word}>。'\n"
    )
    assert "texts.result_check：未知的占位符 {pp}，是否应为 {p}？" in refused(
        "extends: standard12\ntexts:\n  result_check: '{skill:check}：{pp}是<{word}>。'\n"
    )


def test_a_board_variant_may_declare_new_skills() -> None:
    rs = find_ruleset("guard12")  # a built-in board over 预女猎白, adding 守卫 and an option
    assert isinstance(rs.model, RuleSetData) and rs.skill_key("守护") == "guard"
    assert "skills.guard.params：必须是映射（键: 值）" in refused(
        "extends: guard12\nskills:\n  guard: {params: [self]}\n"
    )


def test_a_misspelt_board_key_is_still_a_typo() -> None:
    assert refused("extends: standard12\nresolutoin: {}\n") == (
        "resolutoin：未知的键，是否应为 resolution？"
    )
