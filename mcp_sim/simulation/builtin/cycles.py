"""A thing cannot be its own parent: ``set_parent(item_id=1, parent_id=1)`` fails.

Trees (epics and stories, folders, pages, org charts) refuse a parent that is the item itself: the real
server answers with a circular-reference error. The rule reads only the arguments: an argument that names
a parent (``parent_id``, ``parentId``, ``parent``) equal to another id argument of the same call.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_ID = re.compile(r"(^id$|_id$|Id$)")


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` when the call makes an item its own parent."""
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
