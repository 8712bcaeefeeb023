"""【版杀46】《无间道》: data file ``data.yaml`` plus the mechanics composed in ``rules.py``."""

from bansha.rulesets.bs46.rules import BS46

__all__ = ["BS46"]
