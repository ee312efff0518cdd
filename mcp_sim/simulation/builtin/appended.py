"""A document's text as its create and later appends left it: a read shows all of it, not the last piece.

Note, document and snippet servers take a path and a text: ``create_note(path, content)``, then
``edit_note(path, operation="append", content=...)`` or ``append_to_note(path, text)``. Recall (recall.py)
shows the latest related change, so a read after an append showed only the appended line and lost what the
create wrote. The rule folds the session's successful calls on one path (its other short arguments, such as a
vault, must agree): a create or write sets the text, an append adds to its end, a prepend to its start, a
``replace`` operation sets it, a move carries it to its new path and a delete forgets it. Any other change of
that path (an edit by search-and-replace, a patch) makes its text unknown again: nothing is guessed. A read
of the path (a tool whose name observes) then answers ``content`` with the folded text. File tools are
files.py's.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.simulation.builtin.documents import CONTENT_KEY, PATH_KEY
from mcp_sim.simulation.builtin.recall import observes
from mcp_sim.state.base import Turn

CONTENT = "content"  # the answer field the folded text is shown in
_SETS = frozenset({"create", "new", "write", "save", "put", "set", "overwrite", "replace"})
_APPENDS = frozenset({"append", "add"})
_PREPENDS = frozenset({"prepend"})
_REMOVES = frozenset({"delete", "remove", "trash", "unlink"})
_MOVES = frozenset({"move", "rename"})
_OPERATION_KEYS = frozenset({"operation", "mode", "op", "action", "how"})
_SOURCE = re.compile(r"^(source|src|from|old_path|source_path|from_path)$", re.I)
_DESTINATION = re.compile(r"^(destination|dest|dst|to|new_path|destination_path|to_path)$", re.I)
_WORDS = re.compile(r"[^a-z0-9]+")
Scope = tuple[tuple[str, str], ...]  # the short arguments that place a path (a vault)
Texts = dict[str, tuple[Scope, str]]  # path -> (its scope, its text)


def may_show(tool: str, arguments: dict[str, Any]) -> bool:
    """Whether the call reads one path (cheap: no history read otherwise)."""
    return observes(tool) and not any(CONTENT_KEY.match(k) for k in arguments) and _key(arguments) is not None


def shown(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> dict[str, str]:
    """``{"content": text}`` for a read of a path whose text the session's calls fix; {} otherwise."""
    key = _key(arguments) if may_show(tool, arguments) else None
    if key is None:
        return {}
    texts: Texts = {}
    for turn in earlier:
        if turn.error is None and turn.result is not None and not turn.result.get("isError", False):
            _fold(turn.tool, turn.arguments, texts)
    path, scope = key
    held = texts.get(path)
    if held is None or not _agree(held[0], scope):
        return {}
    return {CONTENT: held[1]}


def _agree(one: Scope, other: Scope) -> bool:
    mine, theirs = dict(one), dict(other)
    return all(mine[k] == theirs[k] for k in mine.keys() & theirs.keys())


def _fold(tool: str, arguments: dict[str, Any], texts: Texts) -> None:
    words = set(_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()))
    if words & _MOVES:
        _move(arguments, texts)
        return
    key = _key(arguments)
    if key is None or observes(tool):
        return
    path, scope = key
    given = next((v for k, v in arguments.items() if CONTENT_KEY.match(k) and isinstance(v, str)), None)
    operation = next((str(v).lower() for k, v in arguments.items() if k.lower() in _OPERATION_KEYS), None)
    how = {operation} if operation is not None else words
    held = texts.get(path)
    if words & _REMOVES:
        texts.pop(path, None)
    elif given is None:
        return
    elif how & _APPENDS and held is not None:
        texts[path] = (scope, held[1] + given)
    elif how & _PREPENDS and held is not None:
        texts[path] = (scope, given + held[1])
    elif how & _SETS:
        texts[path] = (scope, given)
    else:
        texts.pop(path, None)  # changed in a way the rule does not follow: its text is unknown


def _move(arguments: dict[str, Any], texts: Texts) -> None:
    source = next((v for k, v in arguments.items() if _SOURCE.match(k) and isinstance(v, str)), None)
    target = next((v for k, v in arguments.items() if _DESTINATION.match(k) and isinstance(v, str)), None)
    if source is None or target is None:
        return
    held = texts.pop(source, None)
    if held is not None:
        texts[target] = held


def _key(arguments: dict[str, Any]) -> tuple[str, Scope] | None:
    paths = [v for k, v in arguments.items() if PATH_KEY.search(k) and isinstance(v, str) and v]
    if len(paths) != 1:
        return None
    return paths[0], _scope(arguments, exclude={paths[0]})


def _scope(arguments: dict[str, Any], exclude: set[str]) -> Scope:
    """The short one-word string arguments besides the path (a vault, a workspace) and no content or mode."""
    return tuple(
        sorted(
            (k, v)
            for k, v in arguments.items()
            if isinstance(v, str)
            and v not in exclude
            and len(v) <= 100
            and not any(c.isspace() for c in v)
            and not CONTENT_KEY.match(k)
            and k.lower() not in _OPERATION_KEYS
            and not PATH_KEY.search(k)
            and not _SOURCE.match(k)
            and not _DESTINATION.match(k)
        )
    )
