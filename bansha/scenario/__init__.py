"""Scenario files: a game as commands and expectations (see docs/scenarios.md)."""

from bansha.scenario.runner import ScenarioFailure, final_state, load_scenario, run_scenario
from bansha.scenario.schema import ScenarioFileError

__all__ = ["ScenarioFailure", "ScenarioFileError", "final_state", "load_scenario", "run_scenario"]
