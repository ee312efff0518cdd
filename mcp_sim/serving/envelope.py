"""What a POST to an MCP endpoint must be before the SDK sees it: JSON, not absurdly nested, ids it can answer.

The SDK answers these cases badly: a wrong ``Content-Type`` gets 400 (HTTP says 415), a body nested a few
thousand levels deep ends in ``RecursionError`` (500), and a request whose ``id`` is an object, an array, a
float or a boolean is taken for a notification and dropped with 202, so the client waits forever. Each gets a
JSON-RPC error here instead (id ``null``, since the id cannot be echoed).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import Send

MAX_DEPTH = 64  # JSON-RPC envelopes and tool arguments of real tools stay far below this
PARSE_ERROR = -32700
INVALID_REQUEST = -32600


class Refusal(Exception):
    """The POST is refused before the SDK: an HTTP status and a JSON-RPC error."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    async def send(self, send: Send) -> None:
        body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": self.code, "message": self.message}})
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": self.status, "headers": headers})
        await send({"type": "http.response.body", "body": body.encode()})


def check_content_type(content_type: str | None) -> None:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise Refusal(415, INVALID_REQUEST, f"Content-Type must be application/json, not {content_type or 'missing'!r}")


def check_body(body: bytes) -> Any:
    """Refuse a body that is not JSON, is nested deeper than ``MAX_DEPTH``, or carries an id no answer can echo;
    else the body as ``json.loads`` reads it (the caller reads the request from it instead of parsing it again)."""
    depth = nesting_depth(body)
    if depth > MAX_DEPTH:
        raise Refusal(400, PARSE_ERROR, f"Parse error: JSON nested {depth} levels deep (at most {MAX_DEPTH})")
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        raise Refusal(400, PARSE_ERROR, "Parse error: the body is not valid JSON") from None
    for one in message if isinstance(message, list) else [message]:
        _check_id(one)
    return message


def _check_id(message: Any) -> None:
    if not isinstance(message, dict) or "id" not in message:
        return  # not a request (a notification, or something the SDK refuses itself)
    request_id = message["id"]
    if isinstance(request_id, bool) or not isinstance(request_id, str | int):
        kind = "null" if request_id is None else type(request_id).__name__
        if "method" in message or request_id is not None:
            raise Refusal(400, INVALID_REQUEST, f"Invalid Request: id must be a string or an integer, not {kind}")


def nesting_depth(body: bytes) -> int:
    """Deepest ``[``/``{`` nesting of a JSON text, strings skipped. The byte loop runs only for bodies with more
    openers than the limit (counting them is C speed), so an ordinary request pays two ``bytes.count``."""
    if body.count(b"[") + body.count(b"{") <= MAX_DEPTH:
        return 0  # cannot be deeper than the number of openers
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest
