"""【版杀XXXII】海猫鸣泣之时: data file ``data.yaml`` plus the mechanics composed in ``rules.py``."""

from bansha.rulesets.xxxii.rules import XXXII

__all__ = ["XXXII"]
