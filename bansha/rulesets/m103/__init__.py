"""[M103]『菁华浮梦』: ``data.yaml``, run by the pipeline of declared mechanics, and the one mechanic
no other post shares yet (``lovers.py``: 红线 and the lovers), added to the catalogue on import."""

from bansha.rulesets.m103 import lovers

__all__ = ["lovers"]
