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

from bansha import texts

CJK_FONTS = ["WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "SimHei"]
"""Fonts tried, in order, for the charts' Chinese labels."""
AGENTS_ZH = texts.SIM_AGENTS
"""The simulated players' kinds, as the report names them."""


def pct(x: float) -> str:
    """0.4213 → 42.1%."""
    return f"{x * 100:.1f}%"


def signed(x: float) -> str:
    """A difference in percentage points with its sign."""
    return f"{x * 100:+.1f}%"


def _range(low: str, high: str) -> str:
    return texts.SIM_RANGE.format(low=low, high=high)


def print_report(
    r: dict[str, Any], console: Console, cmp: list[dict[str, Any]] | None = None
) -> None:
    """The report's tables in the terminal."""
    agents = AGENTS_ZH.get(r["agents"], r["agents"])
    t = Table(title=texts.SIM_TITLE.format(title=r["title"], games=r["games"], agents=agents))
    for i, col in enumerate(texts.SIM_WIN_COLUMNS):
        t.add_column(col, justify="right" if i else "left")
    for f in r["factions"]:
        t.add_row(f["name"], str(f["wins"]), pct(f["rate"]), _range(pct(f["low"]), pct(f["high"])))
    console.print(t)
    length = r["length"]
    console.print(
        texts.SIM_LENGTH.format(
            mean=f"{length['mean']:.2f}",
            median=length["median"],
            low=length["min"],
            high=length["max"],
            decisions=f"{r['decisions_per_game']:.0f}",
        )
    )
    top = texts.COMMA_SEP.join(
        texts.SIM_SHARE.format(role=f["role"], share=pct(f["share"])) for f in r["first_night"][:5]
    )
    console.print(texts.SIM_FIRST_NIGHT.format(top=top))
    if cmp:
        c = Table(title=texts.SIM_COMPARE_TITLE)
        for i, col in enumerate(texts.SIM_COMPARE_COLUMNS):
            c.add_column(col, justify="right" if i else "left")
        for row in cmp:
            mark = "[bold red]" if row["significant"] else ""
            c.add_row(
                row["faction"],
                pct(row["a"]),
                pct(row["b"]),
                f"{mark}{signed(row['diff'])}",
                _range(signed(row["low"]), signed(row["high"])),
                f"{row['p_value']:.3g}",
            )
        console.print(c)
    if r["skills"]:
        s = Table(title=texts.SIM_IMPACT_TITLE.format(games=r["impact_games"]))
        skill, changed, interval = texts.SIM_IMPACT_COLUMNS
        s.add_column(skill)
        s.add_column(changed, justify="right")
        s.add_column(interval, justify="right")
        for f in r["factions"]:
            s.add_column(texts.SIM_IMPACT_SHIFT.format(faction=f["name"]), justify="right")
        for row in r["skills"]:
            stalled = row.get("stalled")
            s.add_row(
                row["skill"],
                texts.SIM_IMPACT_CHANGED.format(
                    changed=row["changed"], games=row["games"], rate=pct(row["rate"])
                )
                + (texts.SIM_IMPACT_STALLED.format(stalled=stalled) if stalled else ""),
                _range(pct(row["low"]), pct(row["high"])),
                *(signed(row["win_shift"].get(f["name"], 0.0)) for f in r["factions"]),
            )
        console.print(s)
    run = r.get("run", {})
    if run:
        console.print(
            texts.SIM_RUN.format(
                seconds=run["seconds"], jobs=run["jobs"], rate=run["games_per_second"]
            )
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
    ax.set_ylabel(texts.SIM_CHART_WIN_RATE)
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
    ax.set_xlabel(texts.SIM_CHART_ENDED_ON)
    ax.set_ylabel(texts.SIM_CHART_GAMES_SHARE)
    if b is not None:
        ax.legend()
    charts["length"] = png(fig)

    causes = sorted({c for e in r["exits"] for c in e["causes"]})
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(r["exits"]) + 1.2))
    roles = [e["role"] for e in r["exits"]]
    left = [0.0] * len(roles)
    survived = texts.SIM_CHART_SURVIVED
    for c in [*causes, survived]:
        vals = [
            (e["survived"] if c == survived else e["causes"].get(c, 0)) / e["players"] * 100
            for e in r["exits"]
        ]
        ax.barh(roles, vals, left=left, label=c)
        left = [a + v for a, v in zip(left, vals, strict=True)]
    ax.set_xlabel(texts.SIM_CHART_ROLE_SHARE)
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
