"""JSON-schema validators built once per schema part, not once per check.

``ValueMaker.fits`` checks a value against a part of a tool's outputSchema several times a call (each answer
field, then the whole answer); building the ``Draft202012Validator`` was half of each check
(benchmarks/profile_cpu.py). The parts come from frozen specs made at start-up, so a validator is kept per
(part, document) pair by identity: the cache holds both objects, so their ids are not reused while cached.
Parts made per call (an ``allOf`` merge) only cycle through the bounded cache.
"""

from __future__ import annotations

from typing import Any

import jsonschema

_VALIDATORS: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], jsonschema.Draft202012Validator]] = {}
_MAX_CACHED = 4096


def validator_for(part: dict[str, Any], root: dict[str, Any]) -> jsonschema.Draft202012Validator:
    """The validator of ``part`` with the document's definitions along (a part alone cannot resolve
    ``#/$defs/Cell``); the part's own definitions win."""
    key = (id(part), id(root))
    cached = _VALIDATORS.get(key)
    if cached is not None and cached[0] is part and cached[1] is root:
        return cached[2]
    definitions = {k: root[k] for k in ("$defs", "definitions") if k in root and k not in part}
    validator = jsonschema.Draft202012Validator({**part, **definitions})
    if len(_VALIDATORS) >= _MAX_CACHED:
        _VALIDATORS.clear()
    _VALIDATORS[key] = (part, root, validator)
    return validator
