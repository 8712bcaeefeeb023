"""Writes the M103 scenario files (kept in the repository; rerun after editing this table)."""

from pathlib import Path

HEADER = """# {title}
ruleset: m103
seed: {seed}
{options}players: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
roles:
  甲: 卧底刺客
  乙: 卧底刺客
  丙: 卧底刺客
  丁: 卧底刺客
  戊: 大内密探
  己: 妙手太医
  庚: 御前侍卫
  辛: 东宫太子
  壬: 牵线红娘
  癸: 至尊帝王
  子: 绝色宠妃
  丑: 绝色宠妃
  寅: 绝色宠妃
  卯: 绝色宠妃
steps:
"""

# lovers 子+丑 (two consorts, no new faction) unless a scenario picks others
PLAIN_START = """  - act: {by: 壬, skill: 红线, targets: [子, 丑]}
  - next
"""

SCENARIOS: dict[str, tuple[str, str, str]] = {}


def sc(
    name: str,
    title: str,
    steps: str,
    options: str = "",
    start: str = PLAIN_START,
    seed: int = 0,
    dealt: bool = False,
) -> None:
    SCENARIOS[name] = (title, options, start + steps, seed, dealt)  # type: ignore[assignment]


# ---------------------------------------------------------------- common rulings
sc(
    "R-ALL-01-seats-and-substitute",
    "R-ALL-01: seats keep their order; a substitute (替补) takes over the seat with its role and history",
    """
  - act: {by: 戊, skill: 深夜探秘, targets: [甲]}
  - next: day 1
  - director: {替补: {seat: 戊, by: 新人}}
  - expect:
      role: {新人: 大内密探}
      faction: {新人: 我爱皇帝阵营}
      results: {新人: [非我爱皇帝阵营]}
      alive: [甲, 乙, 丙, 丁, 新人, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
  - next: night 2
  - act: {by: 新人, skill: 深夜探秘, targets: [乙]}
  - next: day 2
  - expect:
      results: {新人: [非我爱皇帝阵营, 非我爱皇帝阵营]}
""",
)

sc(
    "R-ALL-02-random-deal-from-seed",
    "R-ALL-02: without roles the deal is drawn from the seed; the same seed always gives the same deal",
    """
  - expect:
      role: {甲: 卧底刺客, 乙: 妙手太医, 辛: 牵线红娘, 壬: 大内密探, 丑: 御前侍卫, 寅: 东宫太子, 己: 至尊帝王}
""",
    start="",
    seed=1,
    dealt=True,
)

sc(
    "R-ALL-02-random-pick-recorded",
    "R-ALL-02 / R-M103-07: a cupid who does not pick gets a random pair drawn once from the seed",
    """
  - next
  - expect:
      phase: night 1
      faction: {壬: 皇帝算什么阵营, 甲: 皇帝算什么阵营, 卯: 皇帝算什么阵营, 乙: 杀了狗皇帝阵营}
      lost: []
  - director: {红牌: 甲}
  - expect:
      out: [甲, 卯]
""",
    start="",
    seed=5,
)

sc(
    "R-ALL-03-targets-living",
    "R-ALL-03: no skill or vote may target a player who is out",
    """
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - next: day 1
  - expect:
      out: [子, 丑]
  - vote: {by: 甲, for: 子, expect_error: 已出局}
  - vote: {by: 子, for: 甲, expect_error: 已出局}
  - next: night 2
  - act: {by: 甲, skill: 杀人, targets: [丑], expect_error: true}
  - act: {by: 戊, skill: 深夜探秘, targets: [子], expect_error: true}
  - act: {by: 庚, skill: 横刀守卫, targets: [子], expect_error: true}
""",
)

sc(
    "R-ALL-04-alive-at-nightfall",
    "R-ALL-04: a physician killed in the night still poisons; the poison resolves at step (6)",
    """
  - act: {by: 甲, skill: 杀人, targets: [己]}
  - act: {by: 己, skill: 毒药, targets: [乙]}
  - next: day 1
  - expect:
      out: [己, 乙]
      alive: [甲, 丙, 丁, 戊, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
""",
)

sc(
    "R-ALL-05-missing-actions",
    "R-ALL-05: nobody acting at night gives up the actions: no kill, no check, no guard",
    """
  - next: day 1
  - expect:
      phase: day 1
      stage: 讨论日
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
      results: {戊: [], 己: [无人被指杀]}
""",
)

sc(
    "R-ALL-06-tie-nobody-out",
    "R-ALL-06: a tie in a day vote puts nobody out (平票则无人出局)",
    """
  - next: day 2
  - vote: {by: 甲, for: 子}
  - vote: {by: 乙, for: 丑}
  - next: night 3
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
""",
)

sc(
    "R-ALL-06-option-first-to-reach",
    "R-ALL-06 option day_tie: first_to_reach: the tied candidate who reached the count first is out",
    """
  - next: day 2
  - vote: {by: 甲, for: 寅}
  - vote: {by: 乙, for: 卯}
  - next: night 3
  - expect:
      out: [寅]
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 卯]
""",
    options="options: {day_tie: first_to_reach}\n",
)

sc(
    "R-ALL-07-one-change-only",
    "R-ALL-07: one change (改票) only; abstaining counts as a vote or a change",
    """
  - next: day 2
  - vote: {by: 甲, for: 寅}
  - vote: {by: 甲, for: null}
  - vote: {by: 甲, for: 卯, expect_error: 改票}
  - vote: {by: 乙, for: null}
  - vote: {by: 乙, for: 卯}
  - vote: {by: 丙, for: 卯}
  - next: night 3
  - expect:
      out: [卯]
""",
)

sc(
    "R-ALL-07-no-change-last-hour",
    "R-ALL-07: no change in the last hour before the day's deadline (白天结束前一个小时不得改票)",
    """
  - next: day 2
  - expect:
      phase: day 2
  - vote: {by: 甲, for: 寅, at: "2026-06-04T10:00:00+08:00"}
  - vote: {by: 甲, for: 卯, at: "2026-06-04T22:30:00+08:00", expect_error: 不得改票}
  - vote: {by: 乙, for: 寅, at: "2026-06-04T22:30:00+08:00"}
  - vote: {by: 丙, for: 卯, at: "2026-06-04T21:59:00+08:00"}
  - vote: {by: 丙, for: 寅, at: "2026-06-04T21:59:30+08:00"}
  - vote: {by: 丁, for: 卯, at: "2026-06-04T23:00:01+08:00", expect_error: 截止}
  - next: night 3
  - expect:
      out: [寅]
""",
    options='options: {start_at: "2026-06-01T20:00:00+08:00"}\n',
)

sc(
    "R-ALL-08-checked-after-each-step",
    "R-ALL-08: the win is checked after step (5); the poison of step (6) never resolves once the game is won",
    """
  - director: {红牌: 子}
  - director: {红牌: 寅}
  - director: {红牌: 卯}
  - director: {红牌: 癸}
  - expect:
      out: [子, 丑, 寅, 卯, 癸]
      winner: []
  - act: {by: 甲, skill: 杀人, targets: [戊]}
  - act: {by: 己, skill: 毒药, targets: [甲]}
  - next
  - expect:
      phase: ended
      winner: [杀了狗皇帝阵营]
      alive: [甲, 乙, 丙, 丁, 己, 庚, 辛, 壬]
""",
)

# ---------------------------------------------------------------- M103 rulings
sc(
    "R-M103-01-post-names",
    "R-M103-01: every role and faction reads in the post's words",
    """
  - expect:
      role: {甲: 卧底刺客, 戊: 大内密探, 己: 妙手太医, 庚: 御前侍卫, 辛: 东宫太子, 壬: 牵线红娘, 癸: 至尊帝王, 子: 绝色宠妃}
      faction: {甲: 杀了狗皇帝阵营, 戊: 我爱皇帝阵营, 壬: 我爱皇帝阵营}
""",
)

sc(
    "R-M103-02-night-order",
    "R-M103-02: guard, kill, physician with 通灵, spy, kill resolution, poison — in that order",
    """
  - act: {by: 庚, skill: 横刀守卫, targets: [戊]}
  - act: {by: 甲, skill: 杀人, targets: [戊]}
  - act: {by: 己, skill: 毒药, targets: [丁]}
  - act: {by: 戊, skill: 深夜探秘, targets: [丁]}
  - next: day 1
  - expect:
      out: [丁]
      alive: [甲, 乙, 丙, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
      results: {己: [戊], 戊: [非我爱皇帝阵营]}
""",
)

sc(
    "R-M103-03-guard-once-per-character",
    "R-M103-03: self-guard allowed; a character can be guarded once per game; consecutive nights with another target are fine",
    """
  - act: {by: 庚, skill: 横刀守卫, targets: [庚]}
  - next: day 1
  - next: night 2
  - act: {by: 庚, skill: 横刀守卫, targets: [庚], expect_error: 仅能被守卫一次}
  - act: {by: 庚, skill: 横刀守卫, targets: [戊]}
  - act: {by: 甲, skill: 杀人, targets: [戊]}
  - next: day 2
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
  - next: night 3
  - act: {by: 庚, skill: 横刀守卫, targets: [戊], expect_error: true}
""",
)

sc(
    "R-M103-04-guard-and-save",
    "R-M103-04: guard and save on the kill target: the guard voids the kill, the save is still spent (no 奶穿)",
    """
  - act: {by: 庚, skill: 横刀守卫, targets: [子]}
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - act: {by: 己, skill: 救药, targets: [子]}
  - next: day 1
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
  - next: night 2
  - act: {by: 己, skill: 救药, targets: [子], expect_error: 没有技能}
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - next: day 2
  - expect:
      out: [寅]
      results: {己: [子]}
""",
)

sc(
    "R-M103-05-physician",
    "R-M103-05: 通灵 names the target even when guarded, or no kill; the save may go to herself; after the save 通灵 stops",
    """
  - act: {by: 庚, skill: 横刀守卫, targets: [卯]}
  - act: {by: 甲, skill: 杀人, targets: [卯]}
  - next: day 1
  - next: night 2
  - act: {by: 己, skill: 救药, targets: [己]}
  - next: day 2
  - next: night 3
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - next: day 3
  - expect:
      results: {己: [卯, 无人被指杀]}
      out: [寅]
""",
)

sc(
    "R-M103-05-no-save-and-poison-same-night",
    "R-M103-05: save and poison never on the same night",
    """
  - act: {by: 己, skill: 救药, targets: [子]}
  - act: {by: 己, skill: 毒药, targets: [甲], expect_error: 不可发动技能<毒药>}
  - next: night 2
  - act: {by: 己, skill: 毒药, targets: [甲]}
  - act: {by: 己, skill: 救药, targets: [子], expect_error: true}
  - next: day 2
  - expect:
      out: [甲]
""",
)

sc(
    "R-M103-06-prince-unlimited",
    "R-M103-06: the prince survives every vote-out and keeps his vote (default prince: unlimited)",
    """
  - next: day 2
  - vote: {by: 甲, for: 辛}
  - next: night 3
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
  - next: day 3
  - vote: {by: 辛, for: 辛}
  - next: night 4
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
""",
)

sc(
    "R-M103-06-prince-once",
    "R-M103-06 option prince: once: survives once and loses his vote; a second vote-out takes him out",
    """
  - next: day 2
  - vote: {by: 甲, for: 辛}
  - next: night 3
  - next: day 3
  - vote: {by: 辛, for: 甲, expect_error: 失去投票权}
  - vote: {by: 甲, for: 辛}
  - next: night 4
  - expect:
      out: [辛]
""",
    options="options: {prince: once}\n",
)

sc(
    "R-M103-06-prince-dies-at-night",
    "R-M103-06: a night kill takes the prince out normally",
    """
  - act: {by: 甲, skill: 杀人, targets: [辛]}
  - next: day 1
  - expect:
      out: [辛]
""",
)

sc(
    "R-M103-07-cupid-not-emperor",
    "R-M103-07: the cupid may not pick the emperor, and must pick two different characters",
    """
  - act: {by: 壬, skill: 红线, targets: [癸, 子], expect_error: 不能选择皇帝}
  - act: {by: 壬, skill: 红线, targets: [子, 子], expect_error: true}
  - act: {by: 壬, skill: 红线, targets: [子], expect_error: true}
  - act: {by: 戊, skill: 红线, targets: [子, 丑], expect_error: true}
  - act: {by: 壬, skill: 红线, targets: [子, 丑]}
  - next
  - expect:
      phase: night 1
""",
    start="",
)

sc(
    "R-M103-07-cupid-picks-herself",
    "R-M103-07 / R-M103-08: the cupid may be one of the lovers; she joins the other lover's faction",
    """
  - act: {by: 壬, skill: 红线, targets: [壬, 戊]}
  - next
  - expect:
      faction: {壬: 我爱皇帝阵营, 戊: 我爱皇帝阵营}
  - act: {by: 甲, skill: 杀人, targets: [戊]}
  - next: day 1
  - expect:
      out: [戊, 壬]
""",
    start="",
)

sc(
    "R-M103-08-double-assassins",
    "R-M103-08: double-assassin lovers stay in the group; the cupid becomes an assassin, not in the group, and takes the blade when every other member is out",
    """
  - act: {by: 壬, skill: 红线, targets: [甲, 乙]}
  - next
  - expect:
      role: {壬: 卧底刺客}
      faction: {壬: 杀了狗皇帝阵营, 甲: 杀了狗皇帝阵营}
  - act: {by: 壬, skill: 杀人, targets: [子], expect_error: 没有技能}
  - act: {by: 乙, skill: 杀人, targets: [子]}
  - next: day 1
  - expect:
      out: [子]
""",
    start="",
)

sc(
    "R-M103-08-cupid-takes-the-blade",
    "R-M103-08 可接刀: the double-assassins' cupid gains 杀人 once the other members are out",
    """
  - act: {by: 壬, skill: 红线, targets: [甲, 乙]}
  - next
  - act: {by: 己, skill: 毒药, targets: [甲]}
  - next: day 1
  - expect:
      out: [甲, 乙]
  - director: {红牌: 丙}
  - director: {红牌: 丁}
  - expect:
      phase: day 1
      lost: []
  - next: night 2
  - act: {by: 壬, skill: 杀人, targets: [子]}
  - next: day 2
  - expect:
      out: [子]
""",
    start="",
)

sc(
    "R-M103-08-double-special",
    "R-M103-08: two 特 lovers: the cupid counts as 特 for the loss condition",
    """
  - act: {by: 壬, skill: 红线, targets: [戊, 己]}
  - next
  - expect:
      faction: {壬: 我爱皇帝阵营, 戊: 我爱皇帝阵营}
  - act: {by: 甲, skill: 杀人, targets: [戊]}
  - next: day 1
  - expect:
      out: [戊, 己]
  - next: night 2
  - act: {by: 甲, skill: 杀人, targets: [庚]}
  - next: night 3
  - act: {by: 甲, skill: 杀人, targets: [辛]}
  - next: night 4
  - expect:
      winner: []
      lost: []
  - act: {by: 甲, skill: 杀人, targets: [壬]}
  - next
  - expect:
      phase: ended
      lost: [我爱皇帝阵营]
      winner: [杀了狗皇帝阵营]
""",
    start="",
)

sc(
    "R-M103-08-double-consort",
    "R-M103-08: two 妃子 lovers: the cupid counts as 妃子, so the 妃子 side is out only when she is",
    """
  - act: {by: 壬, skill: 红线, targets: [子, 丑]}
  - next
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - next: day 1
  - director: {红牌: 卯}
  - director: {红牌: 癸}
  - director: {红牌: 子}
  - expect:
      out: [寅, 卯, 癸, 子, 丑]
      lost: []
      phase: day 1
  - director: {红牌: 壬}
  - expect:
      phase: ended
      winner: [杀了狗皇帝阵营]
""",
    start="",
)

sc(
    "R-M103-08-mixed-good",
    "R-M103-08: one 特 and one 妃子: the cupid joins 我爱皇帝 and counts in neither group",
    """
  - act: {by: 壬, skill: 红线, targets: [戊, 子]}
  - next
  - expect:
      faction: {壬: 我爱皇帝阵营, 戊: 我爱皇帝阵营, 子: 我爱皇帝阵营}
  - director: {红牌: 戊}
  - director: {红牌: 己}
  - director: {红牌: 庚}
  - expect:
      out: [戊, 子, 己, 庚]
      lost: []
  - director: {红牌: 辛}
  - expect:
      phase: ended
      winner: [杀了狗皇帝阵营]
""",
    start="",
)

sc(
    "R-M103-08-elope",
    "R-M103-08 私奔: an assassin and a good character form 皇帝算什么; the assassin loses 杀人 and leaves the group; the cupid joins them",
    """
  - act: {by: 壬, skill: 红线, targets: [甲, 子]}
  - next
  - expect:
      faction: {甲: 皇帝算什么阵营, 子: 皇帝算什么阵营, 壬: 皇帝算什么阵营, 乙: 杀了狗皇帝阵营}
      role: {甲: 卧底刺客, 壬: 牵线红娘}
  - act: {by: 甲, skill: 杀人, targets: [丑], expect_error: 没有技能}
  - act: {by: 乙, skill: 杀人, targets: [子]}
  - next: day 1
  - expect:
      out: [子, 甲]
      lost: [皇帝算什么阵营]
      phase: day 1
""",
    start="",
)

sc(
    "R-M103-08-cupid-with-assassin",
    "R-M103-08: the cupid as a lover with an assassin: both count as 杀了狗皇帝; the assassin loses 杀人 and leaves the group",
    """
  - act: {by: 壬, skill: 红线, targets: [壬, 甲]}
  - next
  - expect:
      faction: {壬: 杀了狗皇帝阵营, 甲: 杀了狗皇帝阵营}
  - act: {by: 甲, skill: 杀人, targets: [子], expect_error: 没有技能}
  - act: {by: 乙, skill: 杀人, targets: [子]}
  - next: day 1
  - expect:
      out: [子]
""",
    start="",
)

sc(
    "R-M103-09-groups",
    "R-M103-09: a mixed couple's assassin leaves the assassins' group; the rest of the group still kills",
    """
  - act: {by: 壬, skill: 红线, targets: [丁, 戊]}
  - next
  - act: {by: 丁, skill: 杀人, targets: [子], expect_error: true}
  - act: {by: 丙, skill: 杀人, targets: [子]}
  - next: day 1
  - expect:
      out: [子]
      faction: {丁: 皇帝算什么阵营, 戊: 皇帝算什么阵营, 丙: 杀了狗皇帝阵营}
""",
    start="",
)

sc(
    "R-M103-10-last-submission-stands",
    "R-M103-10: any member may submit; the last submission stands; own members may be targeted",
    """
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - act: {by: 乙, skill: 杀人, targets: [丙]}
  - next: day 1
  - expect:
      out: [丙]
      alive: [甲, 乙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
      results: {己: [丙]}
""",
)

sc(
    "R-M103-10-only-assassins-kill",
    "R-M103-10: only the group's members may submit the kill",
    """
  - act: {by: 戊, skill: 杀人, targets: [子], expect_error: 没有技能}
  - act: {by: 甲, skill: 杀人, targets: [子, 丑], expect_error: true}
""",
)

sc(
    "R-M103-11-widow-blade",
    "R-M103-11 寡妇刀: when 杀了狗皇帝 loses and 皇帝算什么 exists, the lovers gain 杀人 from the next night",
    """
  - act: {by: 壬, skill: 红线, targets: [甲, 子]}
  - next
  - act: {by: 己, skill: 毒药, targets: [乙]}
  - next: day 1
  - director: {红牌: 丙}
  - director: {红牌: 丁}
  - expect:
      lost: [杀了狗皇帝阵营]
      phase: day 1
  - act: {by: 甲, skill: 杀人, targets: [丑], expect_error: true}
  - next: night 2
  - act: {by: 子, skill: 杀人, targets: [丑]}
  - next: day 2
  - expect:
      out: [丑]
""",
    start="",
)

sc(
    "R-M103-12-sheriff-first-to-reach",
    "R-M103-12: day 1 elects the sheriff; on a tie the one who reached the final count first wins; nobody is voted out",
    """
  - next: day 1
  - vote: {by: 甲, for: 子}
  - vote: {by: 乙, for: 丑}
  - vote: {by: 丙, for: 丑}
  - vote: {by: 丁, for: 子}
  - vote: {by: 戊, for: 寅}
  - vote: {by: 戊, for: 子}
  - vote: {by: 己, for: 卯}
  - vote: {by: 庚, for: 丑}
  - next: night 2
  - expect:
      holder: {警长: 子}
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
""",
)

sc(
    "R-M103-12-sheriff-weight",
    "R-M103-12 带队: the sheriff's vote counts 1.5",
    """
  - next: day 1
  - vote: {by: 甲, for: 戊}
  - next: day 2
  - vote: {by: 戊, for: 寅}
  - vote: {by: 甲, for: 卯}
  - next: night 3
  - expect:
      out: [寅]
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 卯]
""",
)

sc(
    "R-M103-13-succession-named",
    "R-M103-13 殉职: a sheriff voted out names a living successor",
    """
  - next: day 1
  - vote: {by: 甲, for: 子}
  - next: day 2
  - vote: {by: 甲, for: 子}
  - next
  - expect:
      stage: 殉职
      holder: {警长: null}
  - act: {by: 子, skill: 殉职, targets: [丑], expect_error: 未出局}
  - act: {by: 子, skill: 殉职, targets: [寅]}
  - next
  - expect:
      phase: night 3
      holder: {警长: 寅}
""",
)

sc(
    "R-M103-13-succession-random",
    "R-M103-13: no successor named in time: a random living character",
    """
  - next: day 1
  - vote: {by: 甲, for: 子}
  - next: night 2
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - next
  - expect:
      stage: 殉职
  - act: {by: 丑, skill: 殉职, targets: [寅], expect_error: true}
  - next: day 2
  - expect:
      holder: {警长: 癸}
""",
    seed=2,
)

sc(
    "R-M103-13-red-card-badge-random",
    "R-M103-13: a red-carded sheriff does not name a successor; the badge passes at random at once",
    """
  - next: day 1
  - vote: {by: 甲, for: 寅}
  - next: night 2
  - director: {红牌: 寅}
  - expect:
      out: [寅]
      holder: {警长: 癸}
      stage: 夜晚
""",
    seed=3,
)

sc(
    "R-M103-13-martyr-sheriff-names",
    "R-M103-13: a sheriff who exits by 殉情 also names a successor",
    """
  - next: day 1
  - vote: {by: 甲, for: 丑}
  - next: night 2
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - next
  - expect:
      stage: 殉职
      out: [子, 丑]
  - act: {by: 丑, skill: 殉职, targets: [戊]}
  - next: day 2
  - expect:
      holder: {警长: 戊}
""",
)

sc(
    "R-M103-14-assassins-half",
    "R-M103-14: 杀了狗皇帝 wins when its living members are at least half of the living",
    """
  - director: {红牌: 戊}
  - director: {红牌: 己}
  - director: {红牌: 庚}
  - director: {红牌: 子}
  - expect:
      out: [戊, 己, 庚, 子, 丑]
      winner: []
  - director: {红牌: 寅}
  - expect:
      phase: ended
      lost: []
      winner: [杀了狗皇帝阵营]
""",
)

sc(
    "R-M103-14-consorts-out",
    "R-M103-14: 我爱皇帝 loses when every 妃子 and the 帝王 are out; the assassins, the last faction, win",
    """
  - director: {红牌: 子}
  - director: {红牌: 丑}
  - director: {红牌: 寅}
  - director: {红牌: 卯}
  - expect:
      winner: []
  - director: {红牌: 癸}
  - expect:
      phase: ended
      lost: [我爱皇帝阵营]
      winner: [杀了狗皇帝阵营]
""",
    start="""  - act: {by: 壬, skill: 红线, targets: [戊, 己]}
  - next
""",
)

sc(
    "R-M103-14-loyal-loses-specials",
    "R-M103-14: 我爱皇帝 loses when 密探, 太医, 侍卫 and 太子 are all out; exactly one faction wins",
    """
  - director: {红牌: 戊}
  - director: {红牌: 己}
  - director: {红牌: 庚}
  - expect:
      winner: []
  - director: {红牌: 辛}
  - expect:
      phase: ended
      winner: [杀了狗皇帝阵营]
      lost: [我爱皇帝阵营]
""",
)

sc(
    "R-M103-14-good-wins",
    "R-M103-14: when every assassin is out, 杀了狗皇帝 loses and 我爱皇帝, the last faction, wins",
    """
  - director: {红牌: 甲}
  - director: {红牌: 乙}
  - director: {红牌: 丙}
  - expect:
      winner: []
  - act: {by: 己, skill: 毒药, targets: [丁]}
  - next
  - expect:
      phase: ended
      winner: [我爱皇帝阵营]
      lost: [杀了狗皇帝阵营]
""",
)

sc(
    "R-M103-14-lovers-lose-privately",
    "R-M103-14: 皇帝算什么 loses privately when both lovers are out; the game goes on and the cupid stays",
    """
  - act: {by: 壬, skill: 红线, targets: [甲, 子]}
  - next
  - director: {红牌: 子}
  - expect:
      out: [子, 甲]
      lost: [皇帝算什么阵营]
      winner: []
      alive: [乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 丑, 寅, 卯]
""",
    start="",
)

sc(
    "R-M103-15-last-words-quota",
    "R-M103-15: four last words, to the first entitled exits in order; red cards have none and do not use one",
    """
  - director: {红牌: 卯}
  - act: {by: 卯, skill: 遗言, choice: 我是好人, expect_error: 没有留下遗言的权利}
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - next
  - expect:
      stage: 遗言
  - act: {by: 子, skill: 遗言, choice: 大家加油}
  - act: {by: 丑, skill: 遗言, choice: 我是情侣}
  - act: {by: 子, skill: 遗言, choice: 再说一句, expect_error: true}
  - next: night 2
  - act: {by: 甲, skill: 杀人, targets: [癸]}
  - next
  - act: {by: 癸, skill: 遗言, choice: 朕知道了}
  - next: day 2
  - vote: {by: 甲, for: 寅}
  - next: night 3
  - act: {by: 寅, skill: 遗言, choice: 冤枉}
  - next: day 3
  - vote: {by: 乙, for: 甲}
  - next: night 4
  - act: {by: 甲, skill: 遗言, choice: 我是好人, expect_error: true}
  - expect:
      out: [卯, 子, 丑, 癸, 寅, 甲]
""",
)

sc(
    "R-M103-15-no-discuz-code",
    "R-M103-15: last words with Discuz! code are refused; plain text is accepted",
    """
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - next
  - act: {by: 寅, skill: 遗言, choice: "[color=red]我是好人[/color]", expect_error: Discuz}
  - act: {by: 寅, skill: 遗言, choice: "[b]加粗[/b]", expect_error: Discuz}
  - act: {by: 寅, skill: 遗言, choice: "我是好人，[数字]不是代码"}
  - next: day 1
  - expect:
      phase: day 1
""",
)

sc(
    "R-M103-16-surrender",
    "R-M103-16: a surrender takes effect when every asked character agrees, out ones included; the faction loses privately",
    """
  - director: {红牌: 丁}
  - act: {by: 戊, skill: 投降, expect_error: 只有}
  - act: {by: 丁, skill: 投降, expect_error: 已出局}
  - act: {by: 甲, skill: 投降}
  - act: {by: 乙, skill: 投降, choice: 同意}
  - act: {by: 丙, skill: 投降, choice: 同意}
  - expect:
      lost: []
  - act: {by: 丁, skill: 投降, choice: 同意}
  - expect:
      phase: ended
      lost: [杀了狗皇帝阵营]
      winner: [我爱皇帝阵营]
""",
)

sc(
    "R-M103-16-surrender-refused",
    "R-M103-16: one refusal and the surrender fails",
    """
  - act: {by: 甲, skill: 投降}
  - act: {by: 乙, skill: 投降, choice: 反对}
  - act: {by: 丙, skill: 投降, choice: 同意}
  - act: {by: 丁, skill: 投降, choice: 同意}
  - expect:
      lost: []
      phase: night 1
""",
)

sc(
    "R-M103-17-no-reveal",
    "R-M103-17: exits are announced in order without roles; the game state keeps the exit order",
    """
  - act: {by: 甲, skill: 杀人, targets: [子]}
  - act: {by: 己, skill: 毒药, targets: [戊]}
  - next: day 1
  - expect:
      out: [子, 丑, 戊]
""",
)

# ---------------------------------------------------------------- skills and votes
sc(
    "skill-深夜探秘",
    "深夜探秘: the spy learns 我爱皇帝阵营 / 非我爱皇帝阵营 by current faction",
    """
  - act: {by: 戊, skill: 深夜探秘, targets: [甲]}
  - next: night 2
  - act: {by: 戊, skill: 深夜探秘, targets: [子]}
  - next: night 3
  - act: {by: 戊, skill: 深夜探秘, targets: [庚]}
  - next: day 3
  - expect:
      results: {戊: [非我爱皇帝阵营, 非我爱皇帝阵营, 我爱皇帝阵营]}
""",
    start="""  - act: {by: 壬, skill: 红线, targets: [甲, 子]}
  - next
""",
)

sc(
    "skill-救药",
    "救药: the saved character does not exit from the kill that night; the save is spent",
    """
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - act: {by: 己, skill: 救药, targets: [寅]}
  - next: day 1
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
""",
)

sc(
    "skill-毒药",
    "毒药: the poisoned character exits before the night ends; the poison is spent",
    """
  - act: {by: 己, skill: 毒药, targets: [卯]}
  - next: day 1
  - expect:
      out: [卯]
  - next: night 2
  - act: {by: 己, skill: 毒药, targets: [甲], expect_error: 没有技能}
""",
)

sc(
    "skill-殉情",
    "殉情: when one lover exits the other exits at once, by vote too, and it is announced at once",
    """
  - next: day 2
  - vote: {by: 甲, for: 子}
  - next
  - expect:
      out: [子, 丑]
      phase: night 3
""",
)

sc(
    "skill-only-at-night",
    "Night skills only at night; votes only by day",
    """
  - next: day 1
  - act: {by: 戊, skill: 深夜探秘, targets: [甲], expect_error: 只能在夜晚}
  - next: night 2
  - vote: {by: 甲, for: 子, expect_error: 不是投票时间}
""",
)

sc(
    "vote-dead-refused",
    "Votes by the dead are refused",
    """
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - next: day 1
  - vote: {by: 寅, for: 甲, expect_error: 已出局的角色不能投票}
""",
)

sc(
    "director-proxy-vote",
    "导演代投: the director casts a player's vote; it follows the same change rules",
    """
  - next: day 2
  - director: {代投: {by: 甲, for: 卯}}
  - director: {代投: {by: 乙, for: 卯}}
  - vote: {by: 丙, for: 卯}
  - vote: {by: 甲, for: 寅}
  - vote: {by: 甲, for: 子, expect_error: true}
  - next: night 3
  - expect:
      out: [卯]
""",
)

sc(
    "director-acceleration-voids-changes",
    "加速: after acceleration no changes are allowed and all changes are void",
    """
  - next: day 2
  - vote: {by: 甲, for: 卯}
  - vote: {by: 乙, for: 卯}
  - vote: {by: 丙, for: 寅}
  - vote: {by: 甲, for: 寅}
  - vote: {by: 乙, for: 寅}
  - director: {加速: true}
  - vote: {by: 丙, for: 卯, expect_error: 加速}
  - next: night 3
  - expect:
      out: [卯]
""",
)

sc(
    "director-cards-upgrade",
    "三张蓝牌升级为一张黄牌，三张黄牌升级为一张红牌 (罚下)",
    """
  - director: {蓝牌: 寅}
  - director: {蓝牌: 寅}
  - director: {黄牌: 寅}
  - director: {黄牌: 寅}
  - expect:
      alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
  - director: {蓝牌: 寅}
  - expect:
      out: [寅]
""",
)

sc(
    "director-red-card-faction-loss",
    "红牌: the director may rule the player's faction lost at the same time",
    """
  - director: {红牌: {player: 甲, 判负: true}}
  - expect:
      phase: ended
      lost: [杀了狗皇帝阵营]
      winner: [我爱皇帝阵营]
""",
)

sc(
    "phase-timetable",
    "The timetable: start (红线), night 1, day 1 (two natural days), night 2 ...",
    """
  - expect:
      phase: night 1
      stage: 夜晚
  - next
  - expect:
      phase: day 1
      stage: 讨论日
  - next
  - expect:
      phase: night 2
""",
)


def main() -> None:
    here = Path(__file__).parent / "m103"
    here.mkdir(exist_ok=True)
    for name, (title, options, steps, seed, dealt) in SCENARIOS.items():  # type: ignore[misc]
        header = HEADER.format(title=title, seed=seed, options=options)
        if dealt:
            header = header[: header.index("roles:")] + "steps:\n"
        text = header + steps.lstrip("\n")
        (here / f"{name}.yaml").write_text(text, encoding="utf-8")
    print(len(SCENARIOS), "scenarios")


if __name__ == "__main__":
    main()
