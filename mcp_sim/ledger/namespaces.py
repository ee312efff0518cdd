"""What every tool of a server shares is the server's, not the tool's: a namespace word and a scope argument.

A server often names all its tools with one leading word (``obsidian_read_note``, ``obsidian_create_note``,
``git_status``): that word is a namespace, neither the tool's verb nor its noun. Read with it, no verb is
found (``obsidian`` is none), so nothing is tracked. Likewise an argument that every tool taking arguments
requires (``vault`` of a notes server, ``repo_path`` of a git server) picks where the tool acts, not what it
acts on: a create of ``(vault, path)`` makes one document named by its path.

Both are facts about the whole tool list, so they are learned once from the catalog (``register``, called by
``EntityTypes``) and looked up by tool name. A tool list whose shared leading word is itself a verb
(``get_a``, ``get_b``, ``get_c``: a read-only server) has no namespace: the verb stays the verb.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

MIN_TOOLS = 3  # fewer names say nothing about a server (two tools sharing a word are a family, not a server)
_SPLIT = re.compile(r"[^a-z0-9]+")

# tool name -> its namespace words, and the scope arguments of its server (process-wide: tool lists are read at
# start-up and a name keeps its meaning; a later list holding the same name overwrites it)
_NAMESPACE: dict[str, tuple[str, ...]] = {}
_SCOPES: dict[str, frozenset[str]] = {}


def words_of(name: str) -> list[str]:
    """The lower-case words of a tool name (``obsidianReadNote`` and ``obsidian_read_note`` alike)."""
    return [w for w in _SPLIT.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()) if w]


def shared_words(names: Iterable[str], verbs: frozenset[str]) -> tuple[str, ...]:
    """The leading words every name starts with, at most all but one word of the shortest, none of them a verb
    (what the server names every tool with is no action). Empty when fewer than ``MIN_TOOLS`` names."""
    split = [words_of(n) for n in names]
    if len(split) < MIN_TOOLS or not all(split):
        return ()
    shortest = min(len(w) for w in split)
    shared: list[str] = []
    while len(shared) < shortest - 1 and len({w[len(shared)] for w in split}) == 1:
        word = split[0][len(shared)]
        if word in verbs:
            break
        shared.append(word)
    return tuple(shared)


def scope_arguments(schemas: Iterable[dict[str, Any]]) -> frozenset[str]:
    """Arguments every tool that requires any requires (``vault``): where a tool acts, not what it acts on."""
    required = [frozenset(str(r) for r in s.get("required") or []) for s in schemas]
    required = [r for r in required if r]
    if len(required) < MIN_TOOLS:
        return frozenset()
    common = frozenset.intersection(*required)
    # a tool that requires only the shared argument acts on it (``get(key)``, ``delete(key)``): then it is the
    # object every tool names, not a scope
    return common if all(r - common for r in required) else frozenset()


def register(tools: Iterable[tuple[str, dict[str, Any]]], verbs: frozenset[str]) -> set[str]:
    """Learns the namespace and scope arguments of one tool list (name, input schema); returns the names
    whose reading changed (their inferred effects must be worked out again)."""
    listed = list(tools)
    if len(listed) < MIN_TOOLS:  # one tool's types (a rule checking a single spec) say nothing of its server
        return set()
    prefix = shared_words((name for name, _ in listed), verbs)
    scopes = scope_arguments(schema for _, schema in listed)
    changed = set()
    for name, _ in listed:
        if _NAMESPACE.get(name, ()) != prefix or _SCOPES.get(name, frozenset()) != scopes:
            changed.add(name)
        _NAMESPACE[name] = prefix
        _SCOPES[name] = scopes
    return changed


def without_namespace(name: str) -> str:
    """The tool name as its own words, the server's namespace dropped (``obsidian_read_note`` -> ``read_note``)."""
    prefix = _NAMESPACE.get(name, ())
    if not prefix:
        return name
    return "_".join(words_of(name)[len(prefix) :])


def scopes_of(name: str) -> frozenset[str]:
    """The scope arguments of the tool's server (empty when unknown)."""
    return _SCOPES.get(name, frozenset())
