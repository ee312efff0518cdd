"""Actions a tool's description says it refuses on a finished item, refused once the session finished that item.

Task and ticket servers guard their records: ``Only uncompleted tasks can be deleted.``, ``does not allow deleting
completed tasks``, ``Completed tickets cannot be edited.``. The real tool answers ``Cannot delete completed
task``; a simulator that deletes it teaches an agent the guard is not there. The session's own calls say which
items are finished: an earlier successful call of a finishing tool (``complete_task``, ``mark_task_done``,
``close_ticket``) naming the same ids, or an update setting a status to a finished value, and no reopen since.

Only the description of the tool being called counts (its refusal is about its own action), and only items the
session itself saw finished: an item finished before the session began is unknown and let through.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.tool_words import words_in
from mcp_sim.state.base import Turn

_FINISHED = r"(?:completed|complete|finished|done|closed|resolved)"
_REFUSAL = re.compile(
    r"\bonly\s+(?:un|in|not[\s-]+yet[\s-]+)" + _FINISHED + r"\b"  # only uncompleted tasks can be deleted
    r"|\b(?:cannot|can't|can\s+not|may\s+not|must\s+not|not\s+allowed\s+to|(?:does|do)\s+not\s+allow|disallows?)"
    r"\s+(?:\w+\s+){0,2}?" + _FINISHED + r"\s+\w+"  # does not allow deleting completed tasks
    r"|\b"
    + _FINISHED
    + r"\s+\w+\s+(?:cannot|can't|can\s+not|may\s+not|must\s+not)\s+be\b",  # completed tasks cannot be
    re.IGNORECASE,
)
_FINISHING = frozenset({"complete", "finish", "done", "close", "resolve"})
_REOPENING = frozenset({"reopen", "uncomplete", "undo", "restart", "reset"})
_STATUS_KEY = re.compile(r"^(?:status|state)$", re.IGNORECASE)
_FINISHED_VALUE = re.compile(r"^" + _FINISHED + r"$", re.IGNORECASE)
_ID_KEY = re.compile(r"(?:^id$|_id$|Id$|ID$)")


@cache  # one description per tool, asked on every call
def refuses_finished(description: str) -> bool:
    """The tool's description says it refuses to act on a finished item."""
    return _REFUSAL.search(description) is not None


def ids_of(arguments: dict[str, Any]) -> frozenset[tuple[str, str]]:
    """The (key, value) pairs naming the items a call acts on (``taskId``, ``request_id``, ``id``)."""
    return frozenset((k, str(v)) for k, v in arguments.items() if _ID_KEY.search(k) and isinstance(v, (str, int)))


def check(tool: str, description: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise as the real tool would when the session finished the item this call acts on."""
    named = ids_of(arguments)
    if not named or not refuses_finished(description):
        return
    values = {v for _, v in named}
    finished = False
    for turn in earlier:
        if turn.error is not None or turn.result is None or turn.result.get("isError", False):
            continue
        if not named <= ids_of(turn.arguments):
            if finished and any(e.op == "create" and e.id in values for e in turn.effects):
                finished = False  # a create that made an item under this id made a new one: it is not finished
            continue  # about other items (a task's request alone names no task)
        words = words_in(turn.tool)
        status = [v for k, v in turn.arguments.items() if _STATUS_KEY.match(k) and isinstance(v, str)]
        if words & _REOPENING or (status and not _FINISHED_VALUE.match(status[0])):
            finished = False
        elif words & _FINISHING or (status and _FINISHED_VALUE.match(status[0])):
            finished = True
    if finished:
        which = ", ".join(f"{k} {v}" for k, v in sorted(named))
        raise InvalidArguments(f"Error executing tool {tool}: cannot act on a completed item ({which})")
