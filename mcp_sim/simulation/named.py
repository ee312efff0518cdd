"""The record an action names, shown in its learned answer's own fields.

An action on one entity (``complete_todo(todo_id)``, ``verify_task(taskId)``) often answers with that entity's
record, flat: ``{"id", "title", "completed", ...}``. The simulator hands such a call the records its arguments
name nested under their type (``{"todo": {"id": ..., "title": "Renew passport"}}``), so a flat learned template
found none of its fields there and kept its example's values: another session's todo title. The named record
whose fields the template shares most lends them to the answer's top level, so the answer shows this session's
entity (fidelity-metrics.md's persistence) in the form the tool answered.
"""

from __future__ import annotations

from typing import Any

MIN_SHARED_FIELDS = 2  # one shared key (an ``id``) is no sign the answer is that record


def with_named_fields(body: Any, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with the fields of the nested record (a named entity) whose keys ``body``, a learned JSON object
    template, shares most, for the template's top-level keys the record itself lacks. ``record`` unchanged when
    the template is no object or no nested record shares at least two of its keys."""
    if not isinstance(body, dict) or not record:
        return record
    keys = {k for k in body if not k.startswith("$")}
    best: dict[str, Any] | None = None
    most = MIN_SHARED_FIELDS - 1
    for name, value in record.items():
        if name in keys or not isinstance(value, dict):
            continue  # a field the template shows as it is (``task: {...}``) is no record to flatten
        shared = len(keys & set(value))
        if shared > most:
            best, most = value, shared
    if best is None:
        return record
    return {**{k: v for k, v in best.items() if k in keys and k not in record}, **record}
