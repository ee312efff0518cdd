"""Items a document holds in order, addressed by position: cells of a notebook, slides of a deck, steps of a plan.

Positional state cannot be kept as records by id: after an insert or a delete the same index names another
item. A document made in the session starts empty and is kept as a list in the ledger (type ``$sequence``,
keyed by the document's path), changed and read by the calls that name it with an index argument
(``cell_index``, ``index``, ``*_index``):
- **add/insert/append** with content (``source``, ``content``, ``text``) puts an item after
  ``insert_after_*``/``after_*`` (``-1``: at the top), at ``index``/``position``, or at the end;
- **edit/update/set/replace** with an index and content replaces that item's content;
- **delete/remove** drops the item at the index; **move** takes it from the index to ``new_*``/``to_*``;
- a **read** (a name that observes) at an index shows the item's content in the answer's one text field; a
  **count** (``get_cell_count``) and a ``<item>_count`` field show how many items there are; a read with no
  index whose answer has one list of objects (an outline, a search) lists the items with their index, those
  whose content holds the call's ``query`` when it has one;
- an index outside the list fails as out of bounds;
- any other change naming the document with an index (split, merge, duplicate) leaves the order unknown: the
  list is forgotten rather than answered wrong.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.simulation.builtin.documents import CONTENT_KEY, PATH_KEY, words
from mcp_sim.simulation.builtin.recall import observes

SEQUENCE = "$sequence"  # id: the document's path; record: {"items": [{"content": ..., other given fields}]}
_CREATES = frozenset({"create", "new", "make", "init"})
_ADDS = frozenset({"add", "insert", "append"})
_EDITS = frozenset({"edit", "update", "set", "replace", "write"})
_DELETES = frozenset({"delete", "remove"})
_MOVES = frozenset({"move"})
_SEARCHES = frozenset({"query", "search", "q", "keyword", "term", "pattern"})
_INDEX_KEY = re.compile(r"^(index|position)$|(_index|Index)$")


def changes(spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger) -> tuple[dict[str, Any], list[Effect]]:
    """The answer fields a read of a kept list fixes, and the ledger change a change of it makes."""
    document = next((v for k, v in arguments.items() if PATH_KEY.search(k) and isinstance(v, str) and v), None)
    if document is None:
        return {}, []
    named = words(spec.name)
    required = [str(r) for r in spec.input_schema.get("required") or []]
    if named & _CREATES and required and all(PATH_KEY.search(r) for r in required):
        return {}, [Effect("observe", SEQUENCE, document, {"items": []})]
    held = ledger.get(SEQUENCE, document)
    if held is None:
        return {}, []
    items: list[dict[str, Any]] = [dict(i) for i in held.get("items") or []]
    indexes = {k: v for k, v in arguments.items() if _INDEX_KEY.search(k) and _integer(v)}
    content = next((v for k, v in arguments.items() if CONTENT_KEY.match(k) and isinstance(v, str)), None)
    at_key = next((k for k in indexes if not re.search(r"after|new|to_|target", k, re.IGNORECASE)), "index")
    at = indexes.get(at_key)
    noun = re.sub(r"(?<=[a-z0-9])([A-Z])", r" \1", at_key).replace("_", " ").lower()  # "cell index"
    if observes(spec.name) or (named & {"count"}):
        return _shown(spec, items, at, noun, arguments), []
    if named & _ADDS and content is not None:
        after = next((v for k, v in indexes.items() if "after" in k.lower()), None)
        place = after + 1 if after is not None else (at if at is not None else len(items))
        _within(place, len(items) + 1)
        given = {k: v for k, v in arguments.items() if isinstance(v, str) and v != document}
        given = {k: v for k, v in given.items() if not CONTENT_KEY.match(k)}  # the content is the item's own
        items.insert(place, {**given, "content": content})
    elif named & _EDITS and at is not None and content is not None:
        _within(at, len(items), noun)
        items[at] = {**items[at], "content": content}
    elif named & _DELETES and at is not None and len(indexes) == 1:
        _within(at, len(items), noun)
        items.pop(at)
    elif named & _MOVES and at is not None:
        target = next((v for k, v in indexes.items() if re.search(r"new|to_|target", k, re.IGNORECASE)), None)
        _within(at, len(items), noun)
        if target is None:
            return {}, [Effect("delete", SEQUENCE, document)]
        _within(target, len(items))
        items.insert(target, items.pop(at))
    elif indexes:
        return {}, [Effect("delete", SEQUENCE, document)]  # a change this does not model: the order is unknown
    else:
        return {}, []
    return {}, [Effect("observe", SEQUENCE, document, {"items": items})]


def _shown(
    spec: ToolSpec, items: list[dict[str, Any]], at: int | None, noun: str, arguments: dict[str, Any]
) -> dict[str, Any]:
    outputs = (spec.output_schema or {}).get("properties") or {}
    typed = {k: s.get("type") for k, s in outputs.items() if isinstance(s, dict)}
    counts = {k: len(items) for k, t in typed.items() if t in ("integer", "number") and re.search(r"count$", k)}
    if at is not None and "count" not in words(spec.name):
        _within(at, len(items), noun)
        text = [k for k, t in typed.items() if t == "string"]
        return {**counts, text[0]: items[at]["content"]} if len(text) == 1 else counts
    if "count" in words(spec.name) and len(typed) == 1 and next(iter(typed.values())) in ("integer", "number"):
        return {next(iter(typed)): len(items)}
    lists = [k for k, t in typed.items() if t == "array" and (outputs[k].get("items") or {}).get("type") == "object"]
    if len(lists) == 1:  # an outline or a search: the items in order, with their index (those the query finds)
        query = next((str(v).lower() for k, v in arguments.items() if k in _SEARCHES and isinstance(v, str)), "")
        found = [{"index": i, **item} for i, item in enumerate(items) if query in str(item["content"]).lower()]
        return {**counts, lists[0]: found}
    return counts


def _within(index: int, size: int, noun: str = "index") -> None:
    if not 0 <= index < size:
        raise InvalidArguments(f"{noun[:1].upper()}{noun[1:]} {index} is out of bounds (0-{size - 1}).")


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
