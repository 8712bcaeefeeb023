"""Files a director writes (rule-set variants, scenarios): read safely, checked, errors in Chinese.

``loader`` reads untrusted YAML within limits (size, alias expansion, nesting); ``problems`` turns
a schema library's errors into Chinese messages that name the key path and suggest the nearest
known key for a likely typo. The schemas themselves live beside what they describe
(``bansha.rulesets.schema``, ``bansha.scenario.schema``).
"""

from bansha.datafiles.loader import Limits, load_yaml
from bansha.datafiles.problems import DataFileError, Problem

__all__ = ["DataFileError", "Limits", "Problem", "load_yaml"]
