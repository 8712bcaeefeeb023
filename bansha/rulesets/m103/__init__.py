"""[M103]『菁华浮梦』: data file ``data.yaml`` plus the mechanics composed in ``rules.py``."""

from bansha.rulesets.m103.rules import M103

__all__ = ["M103"]
