"""An edit that names its record and nothing to change: ``update_bug(id="rec_00001")``.

An editing tool takes the record's id and, optionally, each field it may change (``edit_card(card_id, front?,
back?)``). Called with the id alone it has nothing to do, and real servers say so ("no fields to update. Pass
at least one of: ...", "nothing to update: pass at least one of front, back", "At least one field to update is
required"); a simulator that answers "Updated" teaches an agent that an empty edit did something.

Only tools named for editing (update, edit, modify, change, patch) whose effect is an update of one record
count: ``archive_task(task_id)`` or ``complete_todo(id)`` change the record by being called, and a required
argument given besides the ids (``update_status(task_id, status)``) is itself the change.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger.dry_runs import is_flag
from mcp_sim.ledger.effects import name_words

_EDITING = frozenset({"update", "edit", "modify", "change", "patch"})
_ID = re.compile(r"^(?:id|ids|uuid|key)$|(?:_id|_ids|Id|Ids|_key|_uuid)$")


def check(spec: ToolSpec, effect: EntityEffect, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` when an editing tool is given only the ids of what it edits."""
    words = name_words(spec)
    if effect.kind != "update" or not effect.id or not _EDITING & {words[0], words[-1]}:
        return  # note_update edits as update_note does
    properties = spec.input_schema.get("properties") or {}
    names = {str(n) for n in properties} if isinstance(properties, dict) else set()
    fields = sorted(n for n in names if not _names_record(n, effect) and not is_flag(n))
    given = {n for n, v in arguments.items() if v is not None and not is_flag(n)}
    if not fields or not given or any(not _names_record(n, effect) for n in given):
        return
    listed = ", ".join(fields)
    raise InvalidArguments(f"Error executing tool {spec.name}: nothing to update: pass at least one of {listed}")


def _names_record(argument: str, effect: EntityEffect) -> bool:
    """Whether the argument says which record (its id, or a parent's), not what to change in it."""
    return argument == effect.id or _ID.search(argument) is not None
