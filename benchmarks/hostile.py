"""How long each hostile file of the corpus (tests/hostile/) takes to be refused: variants through
the same loader the web upload uses (``load_variant_text``), scenarios through the scenario runner,
plus the 3 MB files built on demand. The target is under a second for every file; the figure
printed is the slowest of five runs per file (processor time beside wall time, since on a shared
machine the processor time is the closer estimate of a quiet one).

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/hostile.py``
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bansha.datafiles import DataFileError
from bansha.rulesets import load_variant_text
from bansha.scenario import ScenarioFailure, ScenarioFileError, run_scenario
from tests.hostile.corpus import SCENARIOS, VARIANTS, huge_file

RUNS = 5
TARGET_SECONDS = 1.0


def _refusal_time(refuse: Callable[[], object]) -> tuple[float, float]:
    """The slowest wall and processor time of ``RUNS`` refusals (each must raise a refusal)."""
    wall, cpu = 0.0, 0.0
    for _ in range(RUNS):
        w0, c0 = time.perf_counter(), time.process_time()
        try:
            refuse()
        except (DataFileError, ScenarioFileError, ScenarioFailure):
            pass
        else:
            raise SystemExit("a hostile file was accepted")
        wall = max(wall, time.perf_counter() - w0)
        cpu = max(cpu, time.process_time() - c0)
    return wall, cpu


def main() -> None:
    """Print each file's slowest refusal and the slowest of all against the target."""
    with tempfile.TemporaryDirectory() as folder:
        variants = [*VARIANTS, huge_file(Path(folder))]
        scenarios = [*SCENARIOS, huge_file(Path(folder), scenario=True)]
        rows: list[tuple[str, float, float]] = []
        for path in variants:
            refuse = partial(load_variant_text, path.read_bytes())
            rows.append(("variant " + path.stem, *_refusal_time(refuse)))
        for path in scenarios:
            rows.append(("scenario " + path.stem, *_refusal_time(partial(run_scenario, path))))
    rows.sort(key=lambda r: -r[1])
    print(f"{'file':40} {'wall ms':>9} {'cpu ms':>9}")
    for name, wall, cpu in rows:
        print(f"{name:40} {wall * 1e3:9.1f} {cpu * 1e3:9.1f}")
    worst = rows[0]
    verdict = "under" if worst[1] < TARGET_SECONDS else "OVER"
    print(f"\n{len(rows)} files; slowest {worst[0]}: {worst[1] * 1e3:.1f} ms ({verdict} 1 s)")


if __name__ == "__main__":
    main()
