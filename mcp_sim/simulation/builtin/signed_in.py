"""Who the session acts as: the user it signed in as earlier, shown again in what it creates.

Servers with a sign-in step remember the user: a ticket created after ``login(username="ana")`` is
``created_by: ana``, a post is by ``username: ana``. The general rule: the user is the name argument
(``username``, ``user``, ``user_name``, ``login``, ``email``) of the latest successful call whose name says it
signs in (login, logon, signin, authenticate); a create answers with it. Under which key: the outputSchema's
own field for the creator when it has one (``created_by``, ``author``, ``owner``...), else the key the sign-in
call used. A key the create's own arguments can give is never overridden, and nothing is shown when the session
never signed in: the value is always one the session gave.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.learned import failed_answer
from mcp_sim.state.base import Turn

_SIGN_IN_WORDS = frozenset({"login", "logon", "signin", "authenticate", "authenticated", "auth"})
_USER_ARGUMENTS = ("username", "user_name", "userName", "user", "login", "email")
_CREATOR_FIELDS = ("created_by", "createdBy", "creator", "author", "owner", "posted_by", "postedBy", "username", "user")
_NAME_WORDS = re.compile(r"[^a-z0-9]+")


def creator(earlier: list[Turn], spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    """The answer fields that name the signed-in user for a create (empty when there is none to show)."""
    schema = spec.input_schema if isinstance(spec.input_schema, dict) else {}
    inputs = {**(schema.get("properties") or {}), **arguments}  # keys the create itself can give
    output_schema = spec.output_schema
    signed = _signed_in(earlier)
    if signed is None:
        return {}
    key, user = signed
    if output_schema is not None:
        fields = (output_schema.get("properties") or {}) if isinstance(output_schema, dict) else {}
        keys = [k for k in _CREATOR_FIELDS if k in fields]
    else:
        keys = [key]
    return {k: user for k in keys[:1] if k not in inputs}


def may_show(spec: ToolSpec, arguments: dict[str, Any]) -> bool:
    """Whether ``creator`` can show anything for this create, whoever signed in: asked before the session's
    history is read (a create whose outputSchema has no creator field, or whose arguments give it, needs none)."""
    schema = spec.input_schema if isinstance(spec.input_schema, dict) else {}
    inputs = {**(schema.get("properties") or {}), **arguments}
    output_schema = spec.output_schema
    if output_schema is None:
        return any(key not in inputs for key in _USER_ARGUMENTS)
    fields = (output_schema.get("properties") or {}) if isinstance(output_schema, dict) else {}
    keys = [k for k in _CREATOR_FIELDS if k in fields]
    return bool(keys) and keys[0] not in inputs


def _signed_in(earlier: list[Turn]) -> tuple[str, str] | None:
    for turn in reversed(earlier):
        if not _signs_in(turn.tool) or not _succeeded(turn):
            continue
        for key in _USER_ARGUMENTS:
            value = turn.arguments.get(key)
            if isinstance(value, str) and value:
                return key, value
    return None


@lru_cache(maxsize=4096)  # per tool name: rules ask it for each of up to 64 earlier turns a call
def _signs_in(tool: str) -> bool:
    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()
    words = set(_NAME_WORDS.split(snake))
    return bool(words & _SIGN_IN_WORDS) or "sign_in" in snake or "log_in" in snake


def _succeeded(turn: Turn) -> bool:
    if turn.error is not None or turn.result is None or turn.result.get("isError", False):
        return False
    texts = [str(b.get("text", "")) for b in turn.result.get("content") or [] if isinstance(b, dict)]
    return not failed_answer(turn.result.get("structuredContent"), "\n".join(texts))
