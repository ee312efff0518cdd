"""The records a call names by id or by name, so its answer shows them.

Servers answer an action on one thing with that thing: ``template_render(id_or_name="code-review")`` shows
the template's text, ``complete_todo(todo_id)`` the todo's title, ``delete_chunk(id)`` its category. The
simulator used to echo only the call's own arguments, so everything the session had established about the
record (fidelity-metrics.md's persistence) was missing. An argument value names a record when it is the
record's ledger id or the value of its name field (``name``, ``title``, ``*_name``, ``slug``, ``key``), and
exactly one record of the session answers to it: an ambiguous name shows nothing rather than the wrong one.
Records the ledger does not hold (an item given inside a JSON argument, ``insert(item_json={"id": "L-104",
"name": "Mara Quinn"})``) are found in the earlier calls that gave them: the latest object an earlier
successful change carried whose identity field (an id, a name, a URL, an email) holds the value, laid over
the objects before it that held it (an update's new fields win). Nothing is invented: every field shown was
given by an earlier call or shown by an earlier answer.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin.recall import observes, succeeded
from mcp_sim.state.base import Turn

_NAME_FIELD = re.compile(r"(?:^|_)(?:name|title|slug|key)$|[a-z](?:Name|Title)$", re.IGNORECASE)
# the fields that say which thing an object is: its id, name or title, a URL or an email that identifies it
_IDENTITY_FIELD = re.compile(r"(?:^|_)(?:id|uuid|name|title|slug|key|url|email)$|[a-z](?:Id|Name|Title|Url)$")
MIN_CHARS = 2  # a one-character value (``a``, ``1`` beside ids such as ``t-1``) names too much to be sure


def named_id(entity: str, value: Any, ledger: Ledger) -> str | None:
    """The ledger id of the one live ``entity`` record ``value`` names (its id, else its name field)."""
    text = _text(value)
    if text is None:
        return None
    if ledger.exists(entity, text):
        return text
    found = [id_ for id_, record in ledger.entities.get(entity, {}).items() if _has_name(record, text)]
    if len(found) == 1:
        return found[0]
    written = [id_ for id_ in ledger.entities.get(entity, {}) if same_id(id_, text)]
    if len(written) == 1:
        return written[0]
    return scoped_key(entity, text, ledger)


def scoped_key(entity: str, given: str, ledger: Ledger) -> str | None:
    """``SHOP-1`` for the first issue made in project ``SHOP``: trackers key a record by its scope's key and its
    number within the scope (Jira, Linear, GitHub's ``repo#12``). The record is the n-th of its type, in the order
    the session made them, among those holding the tag as a field's value; none when no record holds the tag."""
    found = _TAGGED.fullmatch(given)
    if found is None:
        return None
    tag, number = found.group(1).lower(), int(found.group(3))
    scoped = [id_ for id_, record in ledger.entities.get(entity, {}).items() if _holds_tag(record, tag)]
    return scoped[number - 1] if 1 <= number <= len(scoped) else None


def _holds_tag(record: dict[str, Any], tag: str) -> bool:
    return any(isinstance(v, str) and v.lower() == tag for k, v in record.items() if not k.startswith("$"))


_TAGGED = re.compile(r"([^\W\d_]+)([-_#:])0*(\d+)")  # a tag, a separator and a number: TASK-001, SHOP-1


def same_id(ours: str, given: str) -> bool:
    """``TASK-1`` or ``task-001`` for the session's ``task-1``: one tag (in any case) and one number, as trackers
    read their keys. An agent that writes a key in the server's house style names the record all the same."""
    a, b = _TAGGED.fullmatch(ours), _TAGGED.fullmatch(given)
    if a is None or b is None:
        return False
    return a.group(1).lower() == b.group(1).lower() and a.group(3) == b.group(3)


def fields(arguments: dict[str, Any], ledger: Ledger, refs: dict[str, str] | None = None) -> dict[str, Any]:
    """The fields of the records the top-level arguments name, for an answer that shows them under the
    call's own values. A record named by several arguments is shown once; later arguments' records do not
    override earlier ones' fields. An argument the tool's effects say refers to a type (``wait_job(job_id=2)``)
    names that type's record whatever its length: the type says which table, so ``2`` is not ambiguous."""
    shown: dict[str, Any] = {}
    for key, value in arguments.items():
        # ``transition_issue(issue="SHOP-1")``: an argument named as a type the session holds refers to it
        entity = (refs or {}).get(key) or (key if ledger.entities.get(key) else None)
        typed = ledger.get(entity, str(value)) if entity and isinstance(value, str | int) else None
        if entity and typed is None and (found := named_id(entity, value, ledger)) is not None:
            typed = ledger.get(entity, found)  # a name or a key in the server's house style
        for record in [typed] if typed else _named(value, ledger):
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


def given(arguments: dict[str, Any], earlier: list[Turn]) -> dict[str, Any]:
    """The fields of the objects earlier successful changes gave that this call names (by a top-level value, or
    by the identity fields of an object it gives), oldest first so the latest change wins; the call's own
    top-level arguments left out (they are shown as given)."""
    wanted = {text for value in arguments.values() if (text := _text(value)) is not None}
    wanted |= {text for obj in _objects(arguments) for text in _identities(obj)}
    if not wanted:
        return {}
    shown: dict[str, Any] = {}
    for turn in earlier:
        if observes(turn.tool) or not succeeded(turn):
            continue
        for obj in _objects(turn.arguments):
            if wanted & _identities(obj):
                shown.update(obj)
    if shown:  # the call's own items win over what earlier calls gave them (an update's new values)
        for obj in _objects(arguments):
            if _identities(obj) & _identities(shown):
                shown.update(obj)
    return {k: v for k, v in shown.items() if k not in arguments}


def _objects(value: Any) -> list[dict[str, Any]]:
    """Every JSON object inside ``value`` (an argument's nested items), the top level left out."""
    found: list[dict[str, Any]] = []
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    for child in children:
        if isinstance(child, dict):
            found.append(child)
        found.extend(_objects(child))
    return found


def _identities(obj: dict[str, Any]) -> set[str]:
    return {text for key, v in obj.items() if _IDENTITY_FIELD.search(key) and (text := _text(v)) is not None}
