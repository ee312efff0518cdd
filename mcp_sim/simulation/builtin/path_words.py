"""Path forms an argument's description says are rejected: absolute paths, dot segments, backslashes.

``path: Portable path relative to the vault root; absolute paths, backslashes, dot segments, and reserved
roots are rejected``: the real tool refuses ``../outside.md``. Only a clause that says such forms are
rejected (not allowed, forbidden) counts, and only the forms it names are checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from mcp_sim.errors import InvalidArguments

_REFUSAL = re.compile(r"\b(rejected|not allowed|disallowed|forbidden|refused)\b", re.I)


def _absolute(value: str) -> bool:
    return value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:[\\/]", value) is not None


def _dotted(value: str) -> bool:
    return any(part in (".", "..") for part in re.split(r"[\\/]", value))


def _backslashed(value: str) -> bool:
    return "\\" in value


_Check = Callable[[str], bool]
_FORMS: dict[str, _Check] = {"absolute path": _absolute, "dot segment": _dotted, "backslash": _backslashed}


@cache
def refused_forms(description: str) -> tuple[str, ...]:
    """The path forms the description's refusing clauses name."""
    forms: list[str] = []
    for clause in re.split(r"[.;]\s", description):
        if _REFUSAL.search(clause):
            forms += [form for form in _FORMS if form in clause.lower()]
    return tuple(forms)


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for a path in a form its description rejects."""
    for name, prop in (input_schema.get("properties") or {}).items():
        value = arguments.get(name)
        if not isinstance(value, str) or not isinstance(prop, dict) or not prop.get("description"):
            continue
        for form in refused_forms(str(prop["description"])):
            if _FORMS[form](value):
                raise InvalidArguments(f"Error executing tool {tool}: {name} {value!r} is rejected: no {form}s")
