"""A create that names what it creates fails when the session already created that name.

``git_create_branch(branch_name="feature/x")`` twice, ``create_project(name="Apollo")`` twice: the real tool
says the name already exists. The rule needs no knowledge of the tool: a tool whose name says it creates,
called with the same name-valued arguments (``name``, ``*_name``, ``*Name``) as an earlier successful call
of the same tool, with no later successful call that removed it (a delete, remove, rename... naming the
value), fails as a conflict. Paths are not names: ``mkdir -p`` style tools accept an existing folder.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.state.base import Turn

LOOKBACK = 256  # earlier turns searched for the same name: bounds the cost of a create in long sessions
_CREATES = frozenset(["create", "add", "new", "make", "register", "init"])
_REMOVES = frozenset(["delete", "remove", "destroy", "drop", "rename", "move", "archive", "cancel", "close"])
_WORDS = re.compile(r"[^a-z0-9]+")


def names_in(arguments: dict[str, Any]) -> dict[str, str]:
    """The name-valued arguments a create chooses (``branch_name``, ``name``, ``projectName``)."""
    return {
        key: value
        for key, value in arguments.items()
        if isinstance(value, str) and value and (key == "name" or key.endswith(("_name", "Name")))
    }


def creates(tool: str) -> bool:
    return bool(_words(tool) & _CREATES)


def check(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise ``InvalidArguments`` when this create repeats an earlier one's names and nothing removed it."""
    wanted = names_in(arguments)
    if not wanted or not creates(tool):
        return
    taken = False
    for turn in earlier:
        if not _succeeded(turn):
            continue
        if turn.tool == tool and names_in(turn.arguments) == wanted:
            taken = True
        elif taken and _words(turn.tool) & _REMOVES and set(wanted.values()) & _values(turn.arguments):
            taken = False
    if taken:
        shown = ", ".join(f"{k}={v!r}" for k, v in wanted.items())
        raise InvalidArguments(f"Error executing tool {tool}: {shown} already exists")


@lru_cache(maxsize=4096)  # per tool name: rules ask it for each of up to 64 earlier turns a call
def _words(tool: str) -> frozenset[str]:
    return frozenset(_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()))


def _values(arguments: dict[str, Any]) -> set[str]:
    return {v for v in arguments.values() if isinstance(v, str)} | {
        i for v in arguments.values() if isinstance(v, list) for i in v if isinstance(i, str)
    }


def _succeeded(turn: Turn) -> bool:
    return turn.error is None and turn.result is not None and not turn.result.get("isError", False)
