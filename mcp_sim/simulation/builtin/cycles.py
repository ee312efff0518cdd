"""A thing cannot be its own parent, nor depend on or link to itself: ``set_parent(item_id=1, parent_id=1)`` fails.

Trees (epics and stories, folders, pages, org charts) refuse a parent that is the item itself: the real
server answers with a circular-reference error. The rule reads only the arguments: an argument that names
a parent (``parent_id``, ``parentId``, ``parent``) equal to another id argument of the same call.

Graphs of dependencies and links refuse an edge from a thing to itself the same way: a tool that adds a
dependency, link or relation (``manage_dependency(fromId=X, toId=X)``, ``add_dependency(issue=X, depends_on=X)``,
``create_relation(source=X, target=X)``) fails. In the recordings both such calls failed ("Cannot create a
dependency from an entity to itself"), as did a delete of such a relation.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_ID = re.compile(r"(^id$|_id$|Id$)")


_EDGE_TOOL = re.compile(r"depend|link|relation|edge|connect|block", re.IGNORECASE)
# the two ends of an edge: from/to, source/target, or the item and what it depends on
_ENDS = (("from", "to"), ("source", "target"), ("", "depends_on"), ("", "dependson"), ("", "dependency"))


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` when the call makes an item its own parent, or an edge from an item to itself."""
    _check_edge(tool, arguments)
    parents = {k: v for k, v in arguments.items() if "parent" in k.lower() and _usable(v)}
    if not parents:
        return
    for key, value in arguments.items():
        if key in parents or not _ID.search(key) or not _usable(value):
            continue
        for parent_key, parent in parents.items():
            if str(parent) == str(value):
                raise InvalidArguments(
                    f"Error executing tool {tool}: cannot set {parent_key} to {value!r}: an item cannot be its own "
                    "parent (circular reference)"
                )


def _usable(value: Any) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool) and str(value) != ""


def _check_edge(tool: str, arguments: dict[str, Any]) -> None:
    if not _EDGE_TOOL.search(tool):
        return
    ends = {_end(key): value for key, value in arguments.items() if _usable(value)}
    for head, tail in _ENDS:
        heads = [v for k, v in ends.items() if k is not None and k[0] == head] if head else list(_items(arguments))
        tails = [v for k, v in ends.items() if k is not None and k[0] == tail]
        for value in tails:
            if any(str(value) == str(other) for other in heads):
                raise InvalidArguments(
                    f"Error executing tool {tool}: cannot connect {value!r} to itself: an edge needs two different ends"
                )


def _end(key: str) -> tuple[str, str] | None:
    """``fromId`` -> ("from", ...), ``source_id`` -> ("source", ...), ``depends_on`` -> ("depends_on", ...)."""
    words = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower().strip("_")
    for end in ("from", "to", "source", "target", "depends_on", "dependson", "dependency"):
        if words == end or (words.startswith(end + "_") and words[len(end) + 1 :] in ("id", "name", "key", "issue")):
            return end, key
    return None


def _items(arguments: dict[str, Any]) -> list[Any]:
    """The call's own item: its id argument, or the ``issue``/``task``/``item`` it names."""
    named = ("issue", "task", "item")
    return [v for k, v in arguments.items() if _usable(v) and _end(k) is None and (_ID.search(k) or k in named)]
