"""A variant of M186 written before its rounds' numbers became skill parameters (a file a director
uploaded, a game stored with it) reads as the same variant written today."""

from __future__ import annotations

from bansha.rulesets import load_variant_text

OLD = """extends: m186
id: older
title: FHA（旧写法）
team_sizes: [3, 4, 4, 5, 5]
proposers: 4
approvals_needed: 7
fails_needed: [1, 1, 1, 2, 1]
lady_after: [2, 3]
deck: {不变: 0, 转变: 2}
"""
NEW = """extends: m186
id: older
title: FHA（旧写法）
skills:
  propose: {params: {sizes: [3, 4, 4, 5, 5], proposers: 4}}
  approve: {params: {needed: 7}}
  mission: {params: {fails_needed: [1, 1, 1, 2, 1]}}
  lady: {params: {rounds: [2, 3]}}
  waver: {params: {cards: {no_change: 0, change: 2}}}
"""


def test_the_older_top_level_keys_read_as_the_skills_parameters() -> None:
    assert load_variant_text(OLD).data == load_variant_text(NEW).data
