"""Bearer-token auth for everything the HTTP host serves: MCP endpoints, admin API, /metrics.

One static token (``--token`` or ``MCP_SIM_TOKEN``). Binding beyond loopback without one is refused at
start-up (cli/commands.py). A few paths stay public because they carry no data: the dashboard page (its script
sends the token it reads from the URL fragment, which browsers never send to the server) and the
OpenAPI description with its docs page.
"""

from __future__ import annotations

import hmac
import json

from starlette.types import ASGIApp, Receive, Scope, Send

TOKEN_ENV = "MCP_SIM_TOKEN"
PUBLIC_PATHS = frozenset(
    {"/admin", "/admin/", "/admin/dashboard.js", "/admin/dashboard.css", "/admin/docs", "/admin/openapi.json"}
)


class BearerAuth:
    """ASGI middleware: 401 with ``WWW-Authenticate: Bearer`` unless the request carries the token."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        if not token:
            raise ValueError("empty token")
        self.app = app
        self._expected = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in PUBLIC_PATHS or self._authorized(scope):
            await self.app(scope, receive, send)
            return
        body = json.dumps({"detail": "missing or wrong bearer token"}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"www-authenticate", b'Bearer realm="mcp-sim"'),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    def _authorized(self, scope: Scope) -> bool:
        for name, value in scope["headers"]:
            if name == b"authorization":
                scheme, _, credentials = value.partition(b" ")
                # the scheme is case-insensitive (RFC 7235): clients that send "bearer" are not refused
                return scheme.lower() == b"bearer" and hmac.compare_digest(credentials, self._expected)
        return False
