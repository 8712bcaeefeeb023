"""Rule sets built once per process: a game's rule set is read from its built-in id or its stored
variant text (YAML parsed, schema checked, merged over its base) and its options, and every game
with the same ones shares it. A rule set is never changed after it is built (its data, options
and texts are read only), so sharing it between games and request threads is safe."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

from bansha.engine.ruleset import RuleSet
from bansha.rulesets import find_ruleset, load_variant_text

KEPT = 1024
"""Rule sets kept per process (by source and options); the least recently used is built again."""

_built: OrderedDict[tuple[str, str], RuleSet] = OrderedDict()
_lock = threading.Lock()


def source_key(ruleset: str, variant_yaml: str) -> str:
    """What a rule set is read from: a built-in id, or the SHA-256 of a variant file's text."""
    if variant_yaml:
        return "variant:" + hashlib.sha256(variant_yaml.encode()).hexdigest()
    return ruleset


def ruleset(ruleset: str, options: dict[str, Any], variant_yaml: str = "") -> RuleSet:
    """The rule set ``ruleset`` (or the variant file's text, when given) with ``options``, built
    the first time it is asked for. RuleError/SetupError/DataFileError as building it raises."""
    key = (source_key(ruleset, variant_yaml), json.dumps(options, sort_keys=True, default=str))
    with _lock:
        built = _built.get(key)
        if built is not None:
            _built.move_to_end(key)
            return built
    built = (
        load_variant_text(variant_yaml, options) if variant_yaml else find_ruleset(ruleset, options)
    )
    with _lock:
        _built[key] = built
        while len(_built) > KEPT:
            _built.popitem(last=False)
    return built
