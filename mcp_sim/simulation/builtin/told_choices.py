"""The values a server's own failure said an argument takes: ``rating must be one of: again, hard, good, easy``.

Servers that check a value in their code rather than in their inputSchema (no ``enum`` there) say what they
accept when they refuse: ``Invalid status. Must be one of: {'archived', 'completed', 'reading', 'unread'}``,
``'weather' is not one of ['dependency', 'architecture', ...]``. An observed failure whose message lists the
values of one of its call's arguments (the argument named in the message, or the value it refused quoted there)
closes that argument to those values for the tool: a later call with a value outside them fails in the same
words. The list is read as ``described.py`` reads a description's (the same leads, quotes and brackets), and
a list that holds the refused value itself is no such list. Arguments no failure spoke of are left alone.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.catalog.families import is_lent
from mcp_sim.catalog.laxity import failed
from mcp_sim.config import Example, ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.described import stated_by

_BRACKETS = re.compile(r"[\[\]{}]")
_MAX_MESSAGE_CHARS = 2000  # of an error text read for a list: what a refusal says fits well within it

# spec -> (argument -> (values, the message that listed them)), by identity: specs are frozen at start-up
_TOLD: dict[int, tuple[ToolSpec, dict[str, tuple[tuple[str, ...], str]]]] = {}
_MAX_CACHED = 4096


def check(spec: ToolSpec, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` in the server's words for a value outside a list its failures gave."""
    for name, (values, message) in told(spec).items():
        value = arguments.get(name)
        if isinstance(value, str) and value not in values:
            raise InvalidArguments(f"Error executing tool {spec.name}: {message}")


def told(spec: ToolSpec) -> dict[str, tuple[tuple[str, ...], str]]:
    """argument -> (the values an observed failure listed for it, that failure's words)."""
    cached = _TOLD.get(id(spec))
    if cached is not None and cached[0] is spec:
        return cached[1]
    found: dict[str, tuple[tuple[str, ...], str]] = {}
    for example in spec.examples:
        if is_lent(example) or not failed(example):
            continue
        message = _text(example)
        if (named := _listed_for(example.arguments, message)) is not None:
            found.setdefault(named[0], (named[1], message))
    if len(_TOLD) >= _MAX_CACHED:
        _TOLD.clear()
    _TOLD[id(spec)] = (spec, found)
    return found


def _listed_for(arguments: dict[str, Any], message: str) -> tuple[str, tuple[str, ...]] | None:
    """(the argument, its values) when the message lists values for exactly one string argument of the call."""
    stated = stated_by(_BRACKETS.sub(" ", message))
    if stated is None or not stated.options:
        return None
    spoken = [
        name
        for name, value in arguments.items()
        if isinstance(value, str)
        and value not in stated.options
        and (re.search(rf"['\"`]{re.escape(value)}['\"`]", message) or re.search(rf"\b{re.escape(name)}\b", message))
    ]
    return (spoken[0], stated.options) if len(spoken) == 1 else None


def _text(example: Example) -> str:
    texts = [b.get("text") for b in example.result.get("content") or [] if isinstance(b, dict)]
    return " ".join(t for t in texts if isinstance(t, str))[:_MAX_MESSAGE_CHARS].strip()
