"""One Host/Origin guard in front of every HTTP route: MCP endpoints, the admin API, the dashboard, /metrics.

DNS rebinding: a page on ``evil.example`` whose name the attacker re-points at 127.0.0.1 can send requests to
a loopback server; the browser then sends ``Host: evil.example``. CSRF: a page anywhere can POST to
127.0.0.1 and the browser adds its own ``Origin``. So every request must name an allowed host (loopback, or
one given with ``--allowed-host``) and, when it carries an ``Origin``, an allowed origin: 421 and 403
otherwise, the codes the MCP SDK uses for its own endpoint. The guard runs before the bearer-token check, so
a foreign page that somehow holds the token is still refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import structlog
from starlette.types import ASGIApp, Receive, Scope, Send

log = structlog.get_logger("mcp_sim.serving.origin")

LOOPBACK_HOSTS = ("127.0.0.1:*", "localhost:*", "[::1]:*")
_PORT = re.compile(r"^[0-9]{1,5}$")


def allowed_hosts(extra: Sequence[str] | None) -> list[str]:
    """Loopback plus the hosts the user named (``HOST``, ``HOST:PORT`` or ``HOST:*``)."""
    return [*LOOPBACK_HOSTS, *(extra or [])]


def host_allowed(host: str, patterns: Sequence[str]) -> bool:
    """Whether a ``Host`` header value matches a pattern: the name exactly (case-insensitive), the port
    exactly, or any port for ``name:*``. ``127.0.0.1:80.evil.example`` is not ``127.0.0.1:*``."""
    name, port = _split(host.lower())
    if port is not None and not _PORT.match(port):
        return False
    for pattern in patterns:
        want_name, want_port = _split(pattern.lower())
        if want_name != name:
            continue
        if want_port == "*" or want_port == port or (want_port is None and port is None):
            return True
    return False


def origin_allowed(origin: str, patterns: Sequence[str]) -> bool:
    """An ``Origin`` (``scheme://host[:port]``) is allowed when its host part is an allowed host."""
    scheme, sep, rest = origin.partition("://")
    if not sep or scheme.lower() not in ("http", "https") or "/" in rest or "@" in rest:
        return False
    return host_allowed(rest, patterns)


def _split(host: str) -> tuple[str, str | None]:
    if host.startswith("["):  # [::1]:8765
        end = host.find("]")
        name, rest = host[: end + 1], host[end + 1 :]
        return name, rest[1:] if rest.startswith(":") else None
    name, sep, port = host.rpartition(":")
    return (name, port) if sep else (host, None)


class HostGuard:
    """ASGI middleware: 421 for a Host that is not allowed, 403 for an Origin that is not."""

    MAX_KEPT = 256  # Host values known to be allowed; beyond that the set starts afresh

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = list(hosts)
        # Host values ``host_allowed`` let through (it reads nothing but the value and the patterns), with the
        # patterns they were checked against: every request names one, nearly always the same
        self._allowed: tuple[list[str], set[str]] = (list(self.hosts), set())

    def _host_allowed(self, host: str) -> bool:
        patterns, allowed = self._allowed
        if patterns != self.hosts:  # the patterns were changed: what was let through is checked again
            patterns, allowed = self._allowed = (list(self.hosts), set())
        if host in allowed:
            return True
        if not host_allowed(host, patterns):
            return False
        if len(allowed) >= self.MAX_KEPT:
            allowed.clear()
        allowed.add(host)
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = origin = None
        for name, value in scope["headers"]:
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"origin":
                origin = value.decode("latin-1")
        if host is None or not self._host_allowed(host):
            await _refuse(send, 421, f"Host {host!r} is not served here (allowed: loopback and --allowed-host)")
        elif origin is not None and origin != "null" and not origin_allowed(origin, self.hosts):
            await _refuse(send, 403, f"Origin {origin!r} may not call this server (allowed: loopback, --allowed-host)")
        elif origin == "null":  # sandboxed iframes and file:// pages: never a legitimate client of this API
            await _refuse(send, 403, "Origin 'null' may not call this server")
        else:
            await self.app(scope, receive, send)


async def _refuse(send: Send, status: int, detail: str) -> None:
    log.warning("request refused by the host guard", status=status, detail=detail[:200])
    body = json.dumps({"detail": detail[:300]}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
