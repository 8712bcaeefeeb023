"""A simulation or a benchmark settles the garbage collector for its games and leaves the process
as it found it: the pace it had, nothing frozen."""

from __future__ import annotations

import gc

from bansha import collector
from bansha.sim.bench import run_bench
from bansha.sim.simulate import simulate


def test_settled_freezes_and_paces_the_collector_for_its_block_only() -> None:
    pace = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with collector.settled():
        assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, collector.OLDEST)
        assert gc.get_freeze_count() > frozen
    assert gc.get_threshold() == pace
    assert gc.get_freeze_count() == 0


def test_a_benchmark_and_a_simulation_give_the_collector_back_as_they_found_it() -> None:
    pace = gc.get_threshold()
    assert run_bench("werewolf9", 3, memory=False)["games"] == 3
    assert simulate("werewolf9", 3, impact_games=0)["run"]["jobs"] == 1
    assert gc.get_threshold() == pace
    assert gc.get_freeze_count() == 0
