"""The reveal's timeline shows players the director's resolution trace without its ruling ids."""

import pytest

from bansha.engine.views import without_rule_ids


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("第1夜结算（R-M103-02）", "第1夜结算"),
        ("第1天投票（R-ALL-07 按投票记录计票）", "第1天投票"),
        (
            "（2）杀人：甲（关门后时限内最后一次提交为准，R-M103-10/18）",
            "（2）杀人：甲（关门后时限内最后一次提交为准）",
        ),
        (
            "（1）横刀守卫：乙（每名角色一局仅能被守卫一次，R-M103-03）",
            "（1）横刀守卫：乙（每名角色一局仅能被守卫一次）",
        ),
        ("R-M103-12 竞岗：最高票当选警长", "竞岗：最高票当选警长"),
        (
            "R-M103-12：最高票出局，平票无人出局（R-ALL-06）；警长1.5票",
            "最高票出局，平票无人出局；警长1.5票",
        ),
        ("胜负已分，停止结算（R-ALL-08）", "胜负已分，停止结算"),
    ],
)
def test_a_ruling_id_never_reaches_a_player(line: str, shown: str) -> None:
    assert without_rule_ids(line) == shown
