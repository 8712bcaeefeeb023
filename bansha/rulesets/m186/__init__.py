"""[M186]FHA: data file ``data.yaml`` plus the mechanics composed in ``rules.py``."""

from bansha.rulesets.m186.rules import M186

__all__ = ["M186"]
