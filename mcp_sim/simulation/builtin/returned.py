"""What a tool's description says it returns, for a tool without an outputSchema: a JSON object, and its keys.

Without an outputSchema a tool answers in words (prose.py), as most such servers do. But many descriptions say
otherwise in so many words: ``Returns the issue as a dict``, ``Returns {"issue": ..., "changes": [...]} on
success``, ``Dict with success, format, content, and item_count``, ``Returns staged_id and needs_approval``,
``returns approval_id with status=pending``. Such a tool answers JSON text (a Python tool's ``dict`` dumped),
and a sentence in words is the wrong shape for every call of it. The rule: a description whose "returns" clause
(the success part: what follows "on failure", "if not found" or "otherwise" is the failure's) says JSON (a dict,
a dictionary, JSON, an object, an object written out ``{"key": ...}``, or ``key=value``) makes the answer a JSON
object: the call's record with the keys the clause names (snake_case identifiers, the list after "dict with"),
only those keys when the description writes the object out; "a list of issue dicts" is the listed records.
Snake_case words alone say no JSON: "tasks that have a non-empty blocked_by field" names what a list holds.
Of several "returns" clauses the first that names keys wins (a docstring's ``Returns:`` section after a sentence
that says none; a failure's ``{"error": ...}`` never), and a section's bulleted ``- key: ...`` lines are its keys.

A key is filled from what is known, never invented: the record's field of that name; ``success`` true; the value
the description gives (``status=pending``, the first of ``status = matched | variance``); the record itself under
its type's name (``issue``); a count of the listed records under a count's name; an empty list under a plural;
null otherwise. An ``*_id`` key on a create holds the id it made.

A Python tool (FastMCP: its input schema's titles are pydantic's, ``"title": "Parent Id"`` for ``parent_id``)
that returns a list without an outputSchema answers one text block per item, each the item's JSON: the SDK
converts a returned list item by item. So does the simulated one; any other tool answers the list as one JSON text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

# "Returns ...", "... and returns X", "Dict with ..."; not "results to return (default: 10)", an argument's words
_RETURNS = re.compile(r"\b(?:Returns?|returns|[Dd]ict(?:ionary)?\s+(?:with|containing))\b\s*:?\s*")
# where the success clause ends: what follows is how the tool fails
_FAILURE = re.compile(
    r"\b(?:on\s+success\b|on\s+failure|on\s+error|if\s+not\s+found|if\s+(?:it\s+)?fails|otherwise)\b|;", re.I
)
_JSONISH = re.compile(r"\b(?:dicts?|dictionar(?:y|ies)|json|objects?)\b", re.IGNORECASE)
_LITERAL_KEY = re.compile(r"[{,]\s*[\"'](\w+)[\"']\s*:")
_ASSIGNED = re.compile(r"\b([a-z][a-z0-9_]*)\s*=\s*([\w.-]+)")
_SNAKE = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b")
_ALTERNATIVES = re.compile(r"\b([a-z]\w*)\s*=\s*([\w-]+)((?:\s*\|\s*[\w-]+)+)")  # status = matched | variance
_WITH_LIST = re.compile(r"\b(?:dict(?:ionary)?|object|json)\s+(?:with|containing)\s+([^.;:()]{3,160})", re.I)
_FILLER_WORDS = "a an the any and or of list lists its their with if successful status count optional all fields"
_FILLER = frozenset(_FILLER_WORDS.split())
# a snake_case word starting with a verb names a tool to call next (``log_food``, ``add_jobs``), not a key
_TOOL_VERB_WORDS = "add get set list create update delete remove edit log call run use read write find search make"
_TOOL_VERBS = frozenset(_TOOL_VERB_WORDS.split()) | {"start", "stop"}
_NOUN_ENDS = frozenset({"id", "ids", "at", "count", "name", "date", "time", "type", "status"})
_COUNTS = frozenset({"count", "total", "total_count", "item_count", "n", "num", "size"})
SENTENCE_CHARS = 400  # of a "returns" clause read (descriptions run on into arguments and examples)


@dataclass(frozen=True)
class Returned:
    """A tool's answer as its description says it: JSON, with these keys (in order) and stated values."""

    keys: tuple[str, ...] = ()
    values: dict[str, Any] = field(default_factory=dict)
    listing: bool = False  # "a list of issue dicts": the records themselves
    exact: bool = False  # a literal ``{"issue": ..., "changes": [...]}``: those keys and no others


def returned(description: str | None) -> Returned | None:
    """What the description says the tool returns, when it says JSON or names keys; None otherwise."""
    return _returned(description or "")


@cache
def _returned(description: str) -> Returned | None:
    # the first "returns" clause that says JSON: "Returns an inbox with a random address like ...", then a
    # docstring's "Returns:\n dict with id, email, created_at"
    # (one naming keys wins over one that only says JSON: "returns machine-readable dicts", then "Returns a dict
    # with keys: - epics: ..."; not a failure's: "Returns the issue as a dict. Returns {"error": ...} if not found")
    said = [s for s in (_said(description, found) for found in _RETURNS.finditer(description)) if s is not None]
    return next((s for s in said if s.keys and "error" not in s.keys), said[0] if said else None)


# a docstring's bulleted keys: "Returns a dict with keys:\n  - epics: List of open epics\n  - todo: ..."
_BULLET = re.compile(r"^\s*[-*]\s*`?([a-z_][a-z0-9_]*)`?\s*(?::|\(|—|-\s)")


def _said(description: str, found: re.Match[str]) -> Returned | None:
    lead = found.group(0)
    head, _, rest = description[found.end() :].partition("\n")
    if _JSONISH.search(head) and head.rstrip().endswith(":"):
        bullets = []
        for line in rest.splitlines():
            bullet = _BULLET.match(line)
            if bullet is None:
                break
            bullets.append(bullet.group(1))
        if bullets:
            return Returned(tuple(dict.fromkeys(bullets)))
    clause = description[found.end() : found.end() + SENTENCE_CHARS]
    clause = re.split(r"(?<=[.!?])\s+(?=[A-Z])|\n\s*\n", clause, maxsplit=1)[0]
    cut = _FAILURE.search(clause)
    clause = clause[: cut.start()] if cut else clause
    keys: list[str] = []
    values: dict[str, Any] = {}
    for key in _LITERAL_KEY.findall(clause):
        _add(keys, key)
    stated = _ALTERNATIVES.search(clause)
    if stated:  # the key, its first value; the alternatives are values, not keys
        values[stated.group(1)] = stated.group(2)
        clause = clause[: stated.end(2)] + clause[stated.end() :]
    # an item's keys in parentheses ("results list (each with source_id, ...)") and quoted values are not its keys
    plain = re.sub(r"\([^()]*\)|'[^']*'|\"[^\"]*\"|`[^`]*`", " ", clause)
    named = [k for k in _SNAKE.findall(_ASSIGNED.sub(" ", plain)) if not _points_to_tool(k)]
    for key, value in _ASSIGNED.findall(plain):
        if named or plain.lstrip().startswith(key):
            # "approval_id with status=pending", "Returns found=false": keys; "tasks with status=todo": a filter
            _add(keys, key)
            values[key] = _literal(value.rstrip(".-"))
    listed = _WITH_LIST.search(plain)
    with_list = plain if re.match(r"[Dd]ict", lead) else listed.group(1) if listed else plain if named else ""
    for item in re.split(r",|\band\b|\bor\b", with_list) if with_list else []:
        written = re.findall(r"[a-z][a-z0-9_]*", item)
        words = [w for w in written if w not in _FILLER]
        if len(written) == 1 and written[0] in _COUNTS:
            words = written  # "inbox_id, count, and list of messages": a count on its own is a key
        if len(words) == 1 and not _points_to_tool(words[0]):  # "success status", "any errors", "the unit"
            _add(keys, words[0])
    for key in named:
        _add(keys, key)
    # JSON only when the words say so: a dict, JSON or an object, an object written out, or ``key=value``;
    # snake_case words alone are as often the fields of what a list holds ("tasks that have a blocked_by field")
    if not (_JSONISH.search(clause) or _LITERAL_KEY.search(clause) or values):
        return None
    listing = bool(re.search(r"\b(?:list|array)\s+of\b|\bas\s+dicts\b|\bdicts\b", clause, re.IGNORECASE))
    exact = bool(_LITERAL_KEY.search(clause))
    return Returned(tuple(keys), values, listing and not keys, exact)


def from_python(input_schema: dict[str, Any]) -> bool:
    """Whether a tool's input schema was written by pydantic (a Python SDK tool): every argument titled as
    pydantic titles it (``parent_id`` -> ``Parent Id``)."""
    properties = input_schema.get("properties") or {}
    return bool(properties) and all(
        isinstance(p, dict) and p.get("title") == name.replace("_", " ").title() for name, p in properties.items()
    )


def _points_to_tool(word: str) -> bool:
    """``log_food``, ``add_jobs``: a tool to call next (a verb, then its object), not a key (``run_id``)."""
    parts = word.split("_")
    return len(parts) > 1 and parts[0] in _TOOL_VERBS and parts[-1] not in _NOUN_ENDS


def _add(keys: list[str], key: str) -> None:
    if key not in keys:
        keys.append(key)


def _literal(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none"):
        return None
    return int(text) if text.isdigit() else text


def body(
    said: Returned,
    record: dict[str, Any],
    entity: str,
    records: list[dict[str, Any]],
    made: Any = None,
    lists: bool = False,
) -> Any:
    """The JSON answer: the keys the description names, filled from what is known; the record's fields when it
    names none (``Returns the issue as a dict``). ``records``: the type's records, counted, and shown under the
    first plural key of a listing (``lists``); ``made``: the id a create made."""
    if said.listing:
        return records
    if not said.keys:
        return {k: v for k, v in record.items() if k != "success"}
    # keys named in words are what the answer has at least (its record's fields beside them, as a Python tool's
    # dict of the record and its outcome); a literal object is the whole answer
    answer: dict[str, Any] = {} if said.exact else {k: v for k, v in record.items() if k != "success"}
    listed = False
    for key in said.keys:
        if key in answer:
            continue
        if key in record:
            answer[key] = record[key]
        elif made is not None and key.endswith(("_id", "Id")):
            answer[key], made = made, None
        elif key in said.values:
            answer[key] = said.values[key]
        elif key == "success":
            answer[key] = True
        elif key == entity:
            answer[key] = {k: v for k, v in record.items() if k != "success"}
        elif key in _COUNTS or key.endswith(("_count", "_total")):
            answer[key] = len(records)
        elif key.endswith("s") and not key.endswith("ss"):
            answer[key], listed = ([] if listed or not lists else records), True
        else:
            answer[key] = None
    return answer
