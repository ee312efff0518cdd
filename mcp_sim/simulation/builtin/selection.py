"""Which records a list call selects by the criterion its name is about (``filter_by_project``).

A tool named after its criterion (``filter_by_project``, ``list_tasks_by_status``, ``todos_by_context``)
shows only the records that meet it. A record that has the field (or its plural, ``projects``) is judged by
the field elsewhere (``builtin/simulator.py``); one the ledger knows without it is judged by its text: a todo
``Draft report +reporting`` is of project ``reporting``, and nothing says it is of project ``nope``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_sim.ledger.effects import plural

_BY = re.compile(r"(?:^|_)by_([a-z0-9_]+)$")


def criterion(tool: str, arguments: dict[str, Any]) -> tuple[str, str] | None:
    """(argument, value) of the criterion ``tool``'s name is about, when the call gives it as text."""
    found = _BY.search(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", tool).lower())
    if found is None:
        return None
    name = found.group(1)
    for key, value in arguments.items():
        if isinstance(value, str) and value and re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower() == name:
            return key, value
    return None


def by_name(tool: str, arguments: dict[str, Any], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``records`` without those that lack the criterion's field and whose text does not mention its value."""
    wanted = criterion(tool, arguments)
    if wanted is None:
        return records
    key, value = wanted
    mention = re.compile(rf"(?<![\w]){re.escape(value)}(?![\w])", re.IGNORECASE)
    return [r for r in records if key in r or plural(key) in r or mention.search(json.dumps(r, ensure_ascii=False))]
