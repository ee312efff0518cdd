"""The records a call names by id or by name, so its answer shows them.

Servers answer an action on one thing with that thing: ``template_render(id_or_name="code-review")`` shows
the template's text, ``complete_todo(todo_id)`` the todo's title, ``delete_chunk(id)`` its category. The
simulator used to echo only the call's own arguments, so everything the session had established about the
record (fidelity-metrics.md's persistence) was missing. An argument value names a record when it is the
record's ledger id or the value of its name field (``name``, ``title``, ``*_name``, ``slug``, ``key``), and
exactly one record of the session answers to it: an ambiguous name shows nothing rather than the wrong one.
Nothing is invented: every field shown was given by an earlier call or shown by an earlier answer.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.ledger.entities import Ledger

_NAME_FIELD = re.compile(r"(?:^|_)(?:name|title|slug|key)$|[a-z](?:Name|Title)$", re.IGNORECASE)
MIN_CHARS = 2  # a one-character value (``a``, ``1`` beside ids such as ``t-1``) names too much to be sure


def named_id(entity: str, value: Any, ledger: Ledger) -> str | None:
    """The ledger id of the one live ``entity`` record ``value`` names (its id, else its name field)."""
    text = _text(value)
    if text is None:
        return None
    if ledger.exists(entity, text):
        return text
    found = [id_ for id_, record in ledger.entities.get(entity, {}).items() if _has_name(record, text)]
    return found[0] if len(found) == 1 else None


def fields(arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The fields of the records the top-level arguments name, for an answer that shows them under the
    call's own values. A record named by several arguments is shown once; later arguments' records do not
    override earlier ones' fields."""
    shown: dict[str, Any] = {}
    for value in arguments.values():
        for record in _named(value, ledger):
            for key, field in record.items():
                if not key.startswith("$"):
                    shown.setdefault(key, field)
    return shown


def _named(value: Any, ledger: Ledger) -> list[dict[str, Any]]:
    text = _text(value)
    if text is None:
        return []
    by_id = [table[text] for table in ledger.entities.values() if text in table]
    if by_id:
        return by_id if len(by_id) == 1 else []
    found = [r for table in ledger.entities.values() for r in table.values() if _has_name(r, text)]
    return found if len(found) == 1 else []


def _has_name(record: dict[str, Any], text: str) -> bool:
    return any(_NAME_FIELD.search(key) and field == text for key, field in record.items() if isinstance(field, str))


def _text(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    text = str(value)
    return text if len(text) >= MIN_CHARS and "\n" not in text else None
