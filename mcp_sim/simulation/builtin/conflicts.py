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
from mcp_sim.ledger import natural_keys
from mcp_sim.simulation.builtin.per_turn import SHORT, Folded
from mcp_sim.state.base import Turn

LOOKBACK = 256  # earlier turns searched for the same name: bounds the cost of a create in long sessions
_CREATES = frozenset(["create", "add", "new", "make", "register", "init"])
_REMOVES = frozenset(["delete", "remove", "destroy", "drop", "rename", "move", "archive", "cancel", "close"])
_WORDS = re.compile(r"[^a-z0-9]+")
_ID = re.compile(r"(?:^|_)id$|[a-z]Id$")


def names_in(arguments: dict[str, Any], tool: str = "") -> dict[str, str]:
    """The name-valued arguments a create chooses (``branch_name``, ``name``, ``projectName``, a key it keeps the
    record under: natural_keys.py); also the id it
    chooses for what it makes (``create_graph(graph_id)``), and the ids of a create made only of ids
    (``add_dependency(task_id, depends_on_task_id)``: the pair is the thing made, and the same pair is the same
    thing)."""
    named = {
        key: value
        for key, value in arguments.items()
        if isinstance(value, str) and value and _names_made_thing(key, tool)
    }
    own = natural_keys.key_of(tool)  # ``add_term(lemma)``: the key the caller keeps its record under
    if own is not None and isinstance(value := arguments.get(own), str) and value:
        named[own] = value
    ids = {k: str(v) for k, v in arguments.items() if _is_id(k) and isinstance(v, str | int) and str(v)}
    if not ids:  # most calls: nothing chosen by id
        return named
    head = _head_noun(tool)
    chosen = {k: v for k, v in ids.items() if head and k in (f"{head}_id", f"{head}Id")}
    if len(ids) >= 2 and len(ids) == len(arguments):
        chosen = ids
    return {**named, **chosen}


@lru_cache(maxsize=16384)  # per argument name: asked for each argument of the call and of every earlier turn
def _is_id(key: str) -> bool:
    return _ID.search(key) is not None


@lru_cache(maxsize=16384)  # per argument name and tool: as ``_is_id``
def _names_made_thing(key: str, tool: str) -> bool:
    """``name``, or ``<noun>_name`` whose noun is a word of the tool's name (``create_branch(branch_name)``,
    ``create_table(table_name)``): the name of what the call makes. ``create_record(model_name)`` names another
    thing the record points at (two records of one model are no conflict), as ``create_user(first_name)`` names
    a part of it."""
    if key == "name":
        return True
    head = key.removesuffix("_name") if key.endswith("_name") else key.removesuffix("Name")
    if head == key or not head:
        return False
    return bool(set(_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", head).lower())) - {""} <= _words(tool))


@lru_cache(maxsize=4096)  # per tool name: asked for the call and each earlier turn
def creates(tool: str) -> bool:
    return bool(_words(tool) & _CREATES)


def check(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise ``InvalidArguments`` when this create repeats an earlier one's names and nothing removed it."""
    wanted = names_in(arguments, tool)
    if not wanted or not creates(tool):
        return
    if len(earlier) <= SHORT:  # a short session: scanned (what the fold gives, with no fold to keep)
        _scan(tool, wanted, earlier)
        return
    made, start = _FOLDED.over(earlier)  # the session's creates and removals, folded once per turn
    last = made.creates.get((tool, frozenset(wanted.items())))  # the last successful create of these names
    taken = last is not None and last >= start
    if last is not None and taken:  # undone by a later successful removal naming one of its values
        values = set(wanted.values())
        for at, removed in reversed(made.removals):
            if at <= last:
                break
            if values & removed:
                taken = False
                break
    if taken:
        _taken(tool, wanted)


def _scan(tool: str, wanted: dict[str, str], earlier: list[Turn]) -> None:
    taken = False
    for turn in earlier:
        if not _succeeded(turn):
            continue
        if turn.tool == tool and names_in(turn.arguments, tool) == wanted:
            taken = True
        elif taken and _words(turn.tool) & _REMOVES and set(wanted.values()) & _values(turn.arguments):
            taken = False
    if taken:
        _taken(tool, wanted)


def _taken(tool: str, wanted: dict[str, str]) -> None:
    shown = ", ".join(f"{k}={v!r}" for k, v in wanted.items())
    raise InvalidArguments(f"Error executing tool {tool}: {shown} already exists")


@lru_cache(maxsize=4096)  # per tool name: rules ask it for each of up to 64 earlier turns a call
def _words(tool: str) -> frozenset[str]:
    return frozenset(_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()))


@lru_cache(maxsize=4096)
def _head_noun(tool: str) -> str:
    """What a create named ``<verb>_<noun>`` makes (``create_graph`` -> ``graph``); "" for other names."""
    words = [w for w in _WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()) if w]
    return "_".join(words[1:]) if len(words) >= 2 and words[0] in _CREATES else ""


def _values(arguments: dict[str, Any]) -> set[str]:
    return {v for v in arguments.values() if isinstance(v, str)} | {
        i for v in arguments.values() if isinstance(v, list) for i in v if isinstance(i, str)
    }


def _succeeded(turn: Turn) -> bool:
    return turn.error is None and turn.result is not None and not turn.result.get("isError", False)


def _past(turn: Turn) -> tuple[str, dict[str, str] | None, bool, frozenset[str]] | None:
    """What ``check`` reads of an earlier turn: None for a failed one, else its tool, the names it chose (a create
    of it, repeated, conflicts: None for a tool that does not create), whether its tool removes, and its string
    values (what a removal takes away)."""
    if not _succeeded(turn):
        return None
    removes = bool(_words(turn.tool) & _REMOVES)
    names = names_in(turn.arguments, turn.tool) if creates(turn.tool) else None
    return turn.tool, names, removes, frozenset(_values(turn.arguments)) if removes else frozenset()


class _Made:
    """What ``check`` reads of a session's turns: the position of the last successful create of each tool and
    names, and the successful removals (position, string values), in order."""

    def __init__(self) -> None:
        self.creates: dict[tuple[str, frozenset[tuple[str, str]]], int] = {}
        self.removals: list[tuple[int, frozenset[str]]] = []


def _step(made: _Made, position: int, turn: Turn) -> None:
    past = _past(turn)
    if past is None:
        return
    tool, names, removes, values = past
    if names:  # a create with no names matches no check (a check's names are never empty)
        made.creates[(tool, frozenset(names.items()))] = position
    if removes:
        made.removals.append((position, values))


# A create used to scan the session's last 64 turns again; the scan's outcome is the last matching create and
# whether a removal of one of its values came after it, so the turns are folded once each (per_turn.py)
_FOLDED = Folded(_Made, _step)
