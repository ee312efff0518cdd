"""How close a simulated observation is to the real one. Pure functions of two CallToolResults (as JSON).

Four measures, each defined so it can be computed without a judge model:

- **status match**: ``isError`` is the same in both (a missing ``isError`` is false).
- **schema validity**: the observation's payload validates against the tool's ``outputSchema``; ``None``
  when the tool has none or the result is an error (errors are not shaped by the output schema).
- **structural similarity** (0..1): Jaccard similarity of the two payloads' *typed paths*: every
  ``(path, JSON type)`` pair of the tree, list items folded into ``[]`` so length does not count.
  Identical shapes score 1 whatever the values; an object with different keys scores low.
- **deterministic match** (0..1, or ``None``): the share of the real payload's deterministic leaves that
  the simulation reproduces exactly, at the same path (list indices kept). A leaf is *volatile*, and
  left out, when the world rather than the call decides it: its key names an identifier or a time
  (``id``, ``*_id``, ``*Id``, ``uuid``, ``*_at``, ``*At``, ``timestamp``, ``date``, ``time``, ...) or its
  value is an ISO-8601 date-time. Every other leaf (echoed arguments, computed values, messages) must
  match. ``None`` when the real payload has no deterministic leaf.

The payload of a result is its ``structuredContent`` if present, else its text content parsed as JSON
(one block: that value; several: a list), else the content blocks themselves.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

import jsonschema

_VOLATILE_KEY = re.compile(
    r"(^|_)(id|ids|uuid|guid|at|ts|timestamp|date|datetime|time|created|updated|modified)$"
    r"|[a-z](Id|Ids|At|Time|Date|Timestamp)$",
)
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")


@dataclass(frozen=True)
class Fidelity:
    """The four measures for one (real, sim) pair, and their summary as a divergence in 0..1."""

    status_match: bool
    real_schema_valid: bool | None
    sim_schema_valid: bool | None
    structure: float
    deterministic: float | None

    @property
    def divergence(self) -> float:
        """1 - the mean of the measures that apply (status and schema validity count 1 or 0)."""
        scores = [1.0 if self.status_match else 0.0, self.structure]
        if self.sim_schema_valid is not None:
            scores.append(1.0 if self.sim_schema_valid else 0.0)
        if self.deterministic is not None:
            scores.append(self.deterministic)
        return round(1.0 - sum(scores) / len(scores), 4)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "divergence": self.divergence}


def compare(real: dict[str, Any], sim: dict[str, Any], output_schema: dict[str, Any] | None = None) -> Fidelity:
    real_payload, sim_payload = payload(real), payload(sim)
    return Fidelity(
        status_match=is_error(real) == is_error(sim),
        real_schema_valid=schema_valid(real, output_schema),
        sim_schema_valid=schema_valid(sim, output_schema),
        structure=round(structural_similarity(real_payload, sim_payload), 4),
        deterministic=deterministic_match(real_payload, sim_payload),
    )


def is_error(result: dict[str, Any]) -> bool:
    return bool(result.get("isError", False))


def payload(result: dict[str, Any]) -> Any:
    if result.get("structuredContent") is not None:
        return result["structuredContent"]
    content = result.get("content") or []
    if content and all(c.get("type") == "text" for c in content):
        try:
            parsed = [json.loads(c.get("text", "")) for c in content]
        except ValueError:
            return content
        return parsed[0] if len(parsed) == 1 else parsed
    return content


def schema_valid(result: dict[str, Any], output_schema: dict[str, Any] | None) -> bool | None:
    if output_schema is None or is_error(result):
        return None
    validator = jsonschema.Draft202012Validator(output_schema)
    return bool(validator.is_valid(payload(result)))


def typed_paths(value: Any, path: str = "$") -> set[str]:
    """Every ``path:type`` of a JSON tree; list items share the path ``[]``."""
    kind = _json_type(value)
    found = {f"{path}:{kind}"}
    if isinstance(value, dict):
        for key, item in value.items():
            found |= typed_paths(item, f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            found |= typed_paths(item, f"{path}[]")
    return found


def structural_similarity(a: Any, b: Any) -> float:
    left, right = typed_paths(a), typed_paths(b)
    return len(left & right) / len(left | right)


def deterministic_match(real: Any, sim: Any) -> float | None:
    expected = {p: v for p, v in leaves(real) if not _volatile(p, v)}
    if not expected:
        return None
    got = dict(leaves(sim))
    same = sum(1 for p, v in expected.items() if p in got and got[p] == v and type(got[p]) is type(v))
    return round(same / len(expected), 4)


def leaves(value: Any, path: str = "$") -> list[tuple[str, Any]]:
    """``(path, scalar)`` for every leaf, list indices kept; empty containers count as leaves."""
    if isinstance(value, dict) and value:
        return [leaf for k, v in value.items() for leaf in leaves(v, f"{path}.{k}")]
    if isinstance(value, list) and value:
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, f"{path}[{i}]")]
    return [(path, value)]


def _volatile(path: str, value: Any) -> bool:
    key = re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]
    if _VOLATILE_KEY.search(key):
        return True
    return isinstance(value, str) and bool(_DATETIME.match(value))


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"
