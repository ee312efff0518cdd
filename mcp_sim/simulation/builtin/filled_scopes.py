"""Documents addressed by a scope and a name: in a scope the session itself started, only what it wrote is there.

Memory banks, note stores and wikis address a document by two arguments: where (``projectName``, ``space``,
``notebook``) and which (``fileName``, ``noteName``, ``page``). The session cannot know what a scope held
before it began, so a read there of an unseen name is let through. But a scope the session *started* (its first
mention was a write into it, and no earlier answer had named it) held nothing else: a read, update or delete of a
name never written there fails as not found, as the real store answers ``Resource not found: progress.md``.

A name argument is recognised by its key, whatever its case or separators: ``file``, ``path``, ``fileName``,
``file_name``, ``noteName``, ``page``, ``document_name``. The scope is the call's one other short string argument
(content-like keys are the document's body, not a scope). A scope every tool of the server requires
(``vault``, ``repo_path``) is configured, not started by a session; a write starts a scope only when it carries
the document's body (``create_directory(vault, path)`` makes a folder inside, not a scope).
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger import namespaces
from mcp_sim.simulation.builtin.tool_words import words_in
from mcp_sim.state.base import Turn

# a document's name key once lower-cased and stripped of separators: fileName, file_name, note_name, page
_NAME_KEY = re.compile(
    r"^(?:(?:file|doc|document|note|page|entry|memory|bank|resource)(?:name|path|key|title)?"
    r"|(?:file)?path|filename)$"
)
_CONTENT_KEY = re.compile(r"^(?:content|contents|text|data|body|source|value|message|notes?|description|summary)$")
_WRITES = frozenset({"write", "create", "save", "put", "new", "upload", "store", "add", "make", "set"})
_REMOVES = frozenset({"delete", "remove", "destroy", "erase", "unlink", "drop", "trash"})
_READS = frozenset({"read", "get", "fetch", "load", "open", "show", "view", "update", "edit", "patch", "append",
                    "replace", "modify", "rename", "move"}) | _REMOVES  # fmt: skip
_LONGEST_SCOPE = 200  # a scope is a short name; a longer string is content


def _plain(key: str) -> str:
    return re.sub(r"[^a-z0-9]", "", key.lower())


def addressed(arguments: dict[str, Any]) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """((scope key, scope), (name key, name)) of a call addressing one document by a pair, else None."""
    strings = {k: v for k, v in arguments.items() if isinstance(v, str) and v and not _CONTENT_KEY.match(_plain(k))}
    names = [k for k in strings if _NAME_KEY.match(_plain(k))]
    scopes = [k for k in strings if k not in names and "\n" not in strings[k] and len(strings[k]) <= _LONGEST_SCOPE]
    if len(names) != 1 or len(scopes) != 1:
        return None
    return (scopes[0], strings[scopes[0]]), (names[0], strings[names[0]])


def applies(tool: str, arguments: dict[str, Any]) -> bool:
    """A read, update or delete of one document addressed by a pair: the only calls ``check`` may refuse."""
    words = words_in(tool)
    return bool(words & _READS) and not words & _WRITES and addressed(arguments) is not None


def check(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise not found for a name never written in a scope this session started."""
    pair = addressed(arguments)
    if pair is None:
        return
    (scope_key, scope), (_, name) = pair
    if scope_key in namespaces.scopes_of(tool):
        return  # an argument every tool requires is a configured place (a vault, a repository), not one made here
    started = False  # the scope's first mention was this session's successful write into it
    written: set[str] = set()
    for turn in earlier:
        ok = turn.error is None and turn.result is not None and not turn.result.get("isError", False)
        past = addressed(turn.arguments)
        words = words_in(turn.tool)
        into = ok and past is not None and past[0] == (scope_key, scope)
        if not started:
            if into and words & _WRITES and _carries_content(turn.arguments):
                started = True  # a document written with its body (a directory made inside starts nothing)
            elif _mentions(turn, scope):
                return  # named first by something else (a listing, a read, a failed call): it may hold anything
        if started and into and past is not None:
            if words & _WRITES:
                written.add(past[1][1])
            elif words & _REMOVES:
                written.discard(past[1][1])
    if started and name not in written:
        raise EntityNotFound(f"Error executing tool {tool}: Resource not found: {name}")


def _carries_content(arguments: dict[str, Any]) -> bool:
    return any(_CONTENT_KEY.match(_plain(k)) and isinstance(v, str) for k, v in arguments.items())


def _mentions(turn: Turn, scope: str) -> bool:
    said = json.dumps(turn.arguments, default=str) + json.dumps(turn.result or turn.error or {}, default=str)
    return re.search(r"(?<![\w-])" + re.escape(scope) + r"(?![\w-])", said) is not None
