"""Fields that say how the call went agree with how it went: a success's ``success`` flag is true and its
``error_message`` is empty; a failure's flag is false.

A generated value is drawn at random from the field's schema, so ``{"success": false, "jobs": [...],
"error_message": "Laugh impact the create..."}`` came back for a list that worked: an agent reading it learns
that a flag saying failure means nothing. Real servers that carry such fields beside their data (pydantic
result models: ``success: bool``, ``error_message: str | None = None``) fill them from the outcome. So, for
answers the simulator makes:
- a boolean status flag (``success``, ``ok``, ``succeeded``, ``successful``, a read's ``found``) says the
  outcome;
- an error field (``error``, ``error_message``, ``errors``, ``failure_reason``...) of a success is empty: null
  where the schema allows it, ``[]`` for a list, left out where it is optional, and made as before only when
  the schema requires a value that cannot be empty.
"""

from __future__ import annotations

from typing import Any, Final

from mcp_sim.simulation.builtin.believable import words_of

# ``found`` is a read's flag: ``{"found": true, "record": {...}}`` when it worked, ``{"found": false, "record":
# null}`` when nothing has that id (result_models.py)
_FLAGS: Final = frozenset({"ok", "success", "succeeded", "successful", "found"})
_ERROR_WORDS: Final = frozenset({"error", "errors", "err", "failure", "failures"})
_ERROR_TAILS: Final = frozenset({"message", "msg", "code", "reason", "detail", "details", "text"})


class Unset:
    """No word from the outcome: the field's value is drawn as any other."""


UNSET: Final = Unset()
LEAVE_OUT: Final = object()  # an optional error field of a success: not in the answer


def is_flag(field: str) -> bool:
    return field.lower() in _FLAGS


def is_error_field(field: str) -> bool:
    """``error``, ``errors``, ``error_message``, ``errorCode``, ``failure_reason``: the first word names a failure
    and the rest, if any, is what of it (not ``error_rate`` or ``errors_seen_total``, which are measurements)."""
    words = words_of(field)
    return bool(words) and words[0] in _ERROR_WORDS and all(w in _ERROR_TAILS for w in words[1:])


def said(field: str, schema: dict[str, Any], kinds: set[str], succeeded: bool, required: bool) -> Any:
    """What the outcome says for ``field`` (``kinds``: the JSON types its schema allows), ``LEAVE_OUT``, or
    ``UNSET`` when the field is no outcome word or the schema leaves no room for what it would say."""
    if is_flag(field) and "boolean" in kinds:
        return succeeded
    if not succeeded or not is_error_field(field):
        return UNSET
    if "null" in kinds:
        return None
    if not required:
        return LEAVE_OUT
    if "array" in kinds and int(schema.get("minItems", 0)) == 0:
        return []
    return UNSET
