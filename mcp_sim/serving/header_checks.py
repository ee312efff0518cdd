"""The SDK's header checks of a plain POST (legacy_exchange.py, modern_exchange.py), each read of the headers made once.

Both exchanges run, on every request, the checks the SDK's entry runs: ``TransportSecurityMiddleware(settings)
.validate_request`` (Content-Type, Host, Origin), ``check_accept_headers`` and the declared ``Content-Length``, and the
modern one also hands ``dict(request.headers)`` to ``classify_inbound_request``. Each read went through Starlette's
``Headers``, which finds a name by scanning every header line again (``dict(headers)`` scans them once per name), and
the security check was a new middleware object and a coroutine per request. Here:

- ``folded``: the request's header lines, decoded once as ``Headers.items()`` decodes them, to each name with its
  first value (what ``Headers.get`` finds), and ``as_dict``: that mapping as ``dict(request.headers)`` (the same
  when the names are in lower case, as ASGI gives them), without a scan per name;
- ``passes_security`` / ``accepts_json``: the verdict of the SDK's own check, kept by exactly the values that check
  reads (``Content-Type``, ``Host`` and ``Origin`` under the manager's security settings as they are now; the
  ``Accept`` text), and only when it passed: a refusal is always the SDK's check again, with its log line. The
  checks read nothing else, so a kept verdict is the one they would give.
"""

from __future__ import annotations

import weakref
from typing import Any

from mcp.server.streamable_http import check_accept_headers
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecurityMiddleware
from starlette.requests import Request

MAX_KEPT = 256  # verdicts kept per manager (distinct header values seen); beyond that the set starts afresh


def folded(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Each name of ``pairs`` (``request.headers.items()``) with its first value: ``get`` of a lower-case name gives
    what ``request.headers.get`` gives (the first line of exactly that name)."""
    mapping: dict[str, str] = {}
    for name, value in pairs:
        if name not in mapping:
            mapping[name] = value
    return mapping


def as_dict(headers: dict[str, str], request: Request) -> dict[str, str]:
    """``dict(request.headers)``, given ``folded`` of the request. ASGI gives header names in lower case, and then the
    two are the same; a request that does not (Starlette looks such a name up in vain) gets ``dict(request.headers)``
    itself, and whatever that does."""
    if headers and not "".join(headers).islower():
        return dict(request.headers)
    return headers


def declared_size(headers: dict[str, str]) -> int:
    """``legacy_exchange.declared_size`` from the folded headers (``Headers.get`` gives the first value too)."""
    try:
        return int(headers.get("content-length", "0"))
    except ValueError:
        return 0


class _Kept:
    """What passed the SDK's checks on one manager."""

    __slots__ = ("accepted", "middleware", "passed", "settings")

    def __init__(self) -> None:
        self.settings: Any = _NONE
        self.middleware: TransportSecurityMiddleware | None = None
        self.passed: set[tuple[str | None, str | None, str | None]] = set()
        self.accepted: set[str] = set()


_NONE: Any = object()
_KEPT: weakref.WeakKeyDictionary[StreamableHTTPSessionManager, _Kept] = weakref.WeakKeyDictionary()


def _kept(manager: StreamableHTTPSessionManager) -> _Kept:
    kept = _KEPT.get(manager)
    if kept is None:
        kept = _KEPT[manager] = _Kept()
    return kept


async def passes_security(manager: StreamableHTTPSessionManager, request: Request, headers: dict[str, str]) -> bool:
    """Whether ``TransportSecurityMiddleware(manager.security_settings).validate_request(request, is_post=True)`` lets
    the request through (it answers None). ``headers``: ``folded`` of the request."""
    kept = _kept(manager)
    settings = manager.security_settings
    now = (
        None
        if settings is None
        else (settings.enable_dns_rebinding_protection, tuple(settings.allowed_hosts), tuple(settings.allowed_origins))
    )
    if now != kept.settings or kept.middleware is None:  # first use, or settings changed: nothing kept holds
        kept.settings, kept.middleware, kept.passed = now, TransportSecurityMiddleware(settings), set()
    read = (headers.get("content-type"), headers.get("host"), headers.get("origin"))
    if read in kept.passed:
        return True
    if await kept.middleware.validate_request(request, is_post=True) is not None:
        return False
    if len(kept.passed) >= MAX_KEPT:
        kept.passed.clear()
    kept.passed.add(read)
    return True


def accepts_json(manager: StreamableHTTPSessionManager, request: Request, headers: dict[str, str]) -> bool:
    """``check_accept_headers(request)[0]``: the Accept header admits JSON."""
    kept = _kept(manager)
    accept = headers.get("accept", "")
    if accept in kept.accepted:
        return True
    if not check_accept_headers(request)[0]:
        return False
    if len(kept.accepted) >= MAX_KEPT:
        kept.accepted.clear()
    kept.accepted.add(accept)
    return True
