"""Agents and batch play: random legal play for tests, demos and benchmarks."""
