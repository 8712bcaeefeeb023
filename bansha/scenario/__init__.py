"""Scenario files: a game as commands and expectations (see docs/scenarios.md)."""

from bansha.scenario.runner import ScenarioFailure, final_state, load_scenario, run_scenario

__all__ = ["ScenarioFailure", "final_state", "load_scenario", "run_scenario"]
