"""The one rule for session keys, shared by every entry point: ``_meta`` / header at the MCP endpoints, the
admin API's paths and bodies, ``mcp-sim sessions`` and the Python API (``mcp_sim.sessions``).

A key is 1 to 256 characters of any script, with no control character (NUL among them) and no ``/``: such
a key could be given at ``/mcp`` but not named again in an admin URL, a log line or a terminal. Headers
carry bytes: ``X-MCP-Sim-Session`` is read as UTF-8, so ``é`` is the same session by header and by ``_meta``.
"""

from __future__ import annotations

import unicodedata

from mcp_sim.errors import InvalidSessionKey

MAX_KEY_CHARS = 256


MAX_KEPT = 4096  # keys known to follow the rule (a session's every call checks its key); beyond that: afresh
_GOOD: set[str] = set()


def checked_key(key: str) -> str:
    """``key`` if it follows the rule, else ``InvalidSessionKey`` saying which part of it does not. A key that
    passed is kept (the rule reads nothing but the key): the calls of a session check it once, not a character
    category lookup per character at every call."""
    if key in _GOOD:
        return key
    _check(key)
    if len(_GOOD) >= MAX_KEPT:
        _GOOD.clear()
    _GOOD.add(key)
    return key


def _check(key: str) -> None:
    if not key:
        raise InvalidSessionKey("a session key must not be empty")
    if len(key) > MAX_KEY_CHARS:
        raise InvalidSessionKey(f"a session key has at most {MAX_KEY_CHARS} characters, not {len(key)}")
    if "/" in key:
        raise InvalidSessionKey(f"session key {key[:60]!r} contains '/': it could not be named in an admin URL")
    for char in key:
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            raise InvalidSessionKey(f"session key {key[:60]!r} contains the control character {char!r}")


def key_from_header(raw: str) -> str:
    """A header value as Starlette gives it (bytes read as Latin-1), read as the UTF-8 its client sent."""
    try:
        text = raw.encode("latin-1").decode("utf-8")
    except UnicodeError:
        raise InvalidSessionKey("the session header is not UTF-8 text") from None
    return checked_key(text)
