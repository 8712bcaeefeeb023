"""A simulation report as a terminal table, JSON, or an HTML page with charts a director can post."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from rich.console import Console
from rich.table import Table

CJK_FONTS = ["WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "SimHei"]
"""Fonts tried, in order, for the charts' Chinese labels."""
AGENTS_ZH = {"random": "随机玩家", "heuristic": "启发式玩家"}


def pct(x: float) -> str:
    """0.4213 → 42.1%."""
    return f"{x * 100:.1f}%"


def signed(x: float) -> str:
    """A difference in percentage points with its sign."""
    return f"{x * 100:+.1f}%"


def print_report(
    r: dict[str, Any], console: Console, cmp: list[dict[str, Any]] | None = None
) -> None:
    """The report's tables in the terminal."""
    t = Table(title=f"{r['title']}：{r['games']} 局（{AGENTS_ZH.get(r['agents'], r['agents'])}）")
    for col in ("阵营", "胜局", "胜率", "95% 区间"):
        t.add_column(col, justify="left" if col == "阵营" else "right")
    for f in r["factions"]:
        t.add_row(f["name"], str(f["wins"]), pct(f["rate"]), f"{pct(f['low'])} ～ {pct(f['high'])}")
    console.print(t)
    length = r["length"]
    console.print(
        f"游戏长度：平均 {length['mean']:.2f} 天，中位数 {length['median']} 天，"
        f"{length['min']}–{length['max']} 天；每局决定 {r['decisions_per_game']:.0f} 次"
    )
    top = "，".join(f"{f['role']} {pct(f['share'])}" for f in r["first_night"][:5])
    console.print(f"第一夜被杀：{top}")
    if cmp:
        c = Table(title="对比（对比规则 − 本规则）")
        for col in ("阵营", "本规则", "对比规则", "差", "95% 区间", "p 值"):
            c.add_column(col, justify="left" if col == "阵营" else "right")
        for row in cmp:
            mark = "[bold red]" if row["significant"] else ""
            c.add_row(
                row["faction"],
                pct(row["a"]),
                pct(row["b"]),
                f"{mark}{signed(row['diff'])}",
                f"{signed(row['low'])} ～ {signed(row['high'])}",
                f"{row['p_value']:.3g}",
            )
        console.print(c)
    if r["skills"]:
        s = Table(title=f"技能改变结局的频率（前 {r['impact_games']} 局重玩，不使用该技能）")
        s.add_column("技能")
        s.add_column("改变结局", justify="right")
        s.add_column("95% 区间", justify="right")
        for f in r["factions"]:
            s.add_column(f"{f['name']}胜率变化", justify="right")
        for row in r["skills"]:
            s.add_row(
                row["skill"],
                f"{row['changed']}/{row['games']}（{pct(row['rate'])}）"
                + (f"，{row['stalled']} 局未结束" if row.get("stalled") else ""),
                f"{pct(row['low'])} ～ {pct(row['high'])}",
                *(signed(row["win_shift"].get(f["name"], 0.0)) for f in r["factions"]),
            )
        console.print(s)
    run = r.get("run", {})
    if run:
        console.print(
            f"用时 {run['seconds']} 秒，{run['jobs']} 个进程，每秒 {run['games_per_second']} 局"
        )


def write_json(r: dict[str, Any], path: Path, cmp: list[dict[str, Any]] | None = None) -> None:
    """The report (and the comparison) as UTF-8 JSON."""
    out = {**r, "compare": cmp} if cmp is not None else r
    path.write_text(json.dumps(out, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def _charts(r: dict[str, Any], b: dict[str, Any] | None) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["font.sans-serif"] = [*CJK_FONTS, "DejaVu Sans"]
    plt.rcParams["axes.unicode_minus"] = False

    def png(fig: Any) -> str:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
        plt.close(fig)
        return base64.b64encode(buf.getvalue()).decode("ascii")

    charts: dict[str, str] = {}
    fig, ax = plt.subplots(figsize=(7, 3.2))
    reports = [r] if b is None else [r, b]
    width = 0.8 / len(reports)
    for i, rep in enumerate(reports):
        names = [f["name"] for f in rep["factions"]]
        rates = [f["rate"] * 100 for f in rep["factions"]]
        err = [
            [max(0.0, f["rate"] - f["low"]) * 100 for f in rep["factions"]],
            [max(0.0, f["high"] - f["rate"]) * 100 for f in rep["factions"]],
        ]
        xs = [x + i * width for x in range(len(names))]
        ax.bar(xs, rates, width, yerr=err, capsize=4, label=rep["title"])
        ax.set_xticks([x + width * (len(reports) - 1) / 2 for x in range(len(names))], names)
    ax.set_ylabel("胜率（%）")
    ax.set_ylim(0, 100)
    if b is not None:
        ax.legend()
    charts["wins"] = png(fig)

    fig, ax = plt.subplots(figsize=(7, 3))
    for rep in reports:
        days = {int(k): v for k, v in rep["length"]["days"].items()}
        ended = sorted(days)
        shares = [days[d] / rep["games"] * 100 for d in ended]
        ax.plot(ended, shares, marker="o", label=rep["title"])
    ax.set_xlabel("结束于第几天")
    ax.set_ylabel("局数占比（%）")
    if b is not None:
        ax.legend()
    charts["length"] = png(fig)

    causes = sorted({c for e in r["exits"] for c in e["causes"]})
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(r["exits"]) + 1.2))
    roles = [e["role"] for e in r["exits"]]
    left = [0.0] * len(roles)
    for c in [*causes, "存活"]:
        vals = [
            (e["survived"] if c == "存活" else e["causes"].get(c, 0)) / e["players"] * 100
            for e in r["exits"]
        ]
        ax.barh(roles, vals, left=left, label=c)
        left = [a + v for a, v in zip(left, vals, strict=True)]
    ax.set_xlabel("占该身份人次（%）")
    ax.invert_yaxis()
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    charts["exits"] = png(fig)
    return charts


def write_html(
    r: dict[str, Any],
    path: Path,
    command: str,
    b: dict[str, Any] | None = None,
    cmp: list[dict[str, Any]] | None = None,
) -> None:
    """A self-contained HTML page (charts embedded) with every table of the report."""
    env = Environment(
        loader=PackageLoader("bansha.sim", "templates"), autoescape=select_autoescape(["j2"])
    )
    causes = sorted({c for e in r["exits"] for c in e["causes"]})
    html = env.get_template("report.html.j2").render(
        r=r,
        b=b,
        cmp=cmp,
        charts=_charts(r, b),
        causes=causes,
        agents_zh=AGENTS_ZH.get(r["agents"], r["agents"]),
        pct=pct,
        signed=signed,
        command=command,
    )
    path.write_text(html, encoding="utf-8")
