"""Answer plain calls as one JSON body, without the SDK's per-request SSE machinery, on both protocol eras.

The SDK fixes "JSON or SSE" per session manager, and its SSE path is the largest share of the forwarding
hop's CPU (a task group, a disconnect watcher, memory streams, sse-starlette's tasks per request). A call
only needs a stream when something may ride on it before the result: a progress notification (the
request carries ``_meta.progressToken``) or a server->client request (a 2025-era client that declared
sampling, elicitation or roots). Everything else can be answered as plain JSON, which clients of both
eras must accept. So three managers of one ``Server`` share the route:

- ``sse``: the SDK's default, stateful on 2025-11-25. Every session lives here, and every request that
  may need a stream (or that this module does not recognise) goes here, unchanged.
- ``json`` (``json_response=True``): plain 2026-07-28 requests. That era has no session, and the SDK's
  SSE path answers such a call with ``application/json`` anyway: the same bytes, less work. A plain request that
  passes the manager's checks is answered as it would answer it, on the body already read (modern_exchange.py);
  anything else reaches it.
- ``legacy_json`` (``stateless=True, json_response=True``): plain requests of 2025 sessions whose client
  declared no server->client capability. The handler sees the same ``Mcp-Session-Id`` header, so the
  session key is unchanged. At least once a minute such a session's request takes the ``sse`` manager
  instead, which keeps its idle timer running and finds it gone (404, then it leaves the fast set).
  A plain request that passes the manager's checks is answered as it would answer it, in one exchange
  (legacy_exchange.py: without the session the SDK builds and ends per request); anything else reaches it.

Every POST is checked first (envelope.py: 415 for a body that is not JSON, 400 for absurd nesting or ids no
answer can echo). A plain call whose client hangs up is cancelled, world-model request and all
(``_cancelled_on_disconnect``). 2025-era sessions are capped: at ``max_sessions``, opening one more ends the
session idle the longest (``_make_room``); sessions also end after ``SESSION_IDLE_S`` without a request.

**Shared sessions** (``shared=True``: ``serve --workers N``, or replicas behind a load balancer): a 2025-11-25
session must reach its state whichever process takes the request, so no process may hold it. Every 2025
request goes to a stateless manager (``legacy_json``, or ``legacy_sse`` when it may need a stream); the
``Mcp-Session-Id`` of an initialize answer is minted here, and later requests carry it to the session key
(mcp_server.py), which names the session in the shared store. What only a process-held session can do is
not offered then: server->client requests (sampling, elicitation, roots) and the standalone GET stream.

**The seam with the SDK.** What this module reads is protocol, never the SDK's bytes: the HTTP method, the
``MCP-Protocol-Version`` and ``Mcp-Session-Id`` headers, and the request's JSON-RPC body parsed as JSON
(``method``, ``params._meta.progressToken``, ``params.capabilities``). What it uses of the SDK is public:
``StreamableHTTPSessionManager(json_response=..., stateless=...)``, its ``run()`` and ``handle_request()``,
and the handshake-era version list of ``mcp_types``; legacy_exchange.py uses the pieces the stateless manager is
built of (``serve_one``, ``Connection.from_envelope``, the transport's checks), each named there, and so does
modern_exchange.py with those of the modern entry. One read is not
public: ``_make_room`` looks at the ``sse`` manager's live sessions (``_server_instances``) to end the longest
idle at the cap, which the SDK's own ``max_sessions`` cannot do (it refuses the newcomer). So any ``mcp`` 2.x that
keeps that API serves here (``mcp>=2.3,<3`` in pyproject.toml; tests/unit/test_response_modes.py pins the
behaviour).
"""

from __future__ import annotations

import json
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from functools import partial
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from starlette.types import Message, Receive, Scope, Send

from mcp_sim.serving import envelope, legacy_exchange, modern_exchange, quiet_gc
from mcp_sim.serving.keepalive import HANGUP

_VERSION_HEADER = b"mcp-protocol-version"
_SESSION_HEADER = b"mcp-session-id"
_BACK_CHANNEL = ("sampling", "elicitation", "roots")  # client capabilities the server may call back
REFRESH_S = 60.0  # how often a fast session's request goes through its real session anyway
MAX_FAST_SESSIONS = 100_000  # oldest forgotten first: they just lose the fast path
MAX_SESSIONS = 2_048  # 2025-era sessions held at once (each ~35 KB); more evict the longest idle
SESSION_IDLE_S = 600.0  # a 2025-era session without any request this long is ended


class ResponseModes:
    """ASGI app in front of the three session managers of one ``Server`` (see the module docstring)."""

    def __init__(
        self,
        sse: StreamableHTTPSessionManager,
        json: StreamableHTTPSessionManager,
        legacy_json: StreamableHTTPSessionManager,
        max_sessions: int = MAX_SESSIONS,
        legacy_sse: StreamableHTTPSessionManager | None = None,
    ) -> None:
        self.max_sessions = max_sessions
        self.sse = sse
        self.json = json
        self.legacy_json = legacy_json
        self.legacy_sse = legacy_sse  # set: shared sessions (see the module docstring)
        self.fast_sessions: OrderedDict[str, float] = OrderedDict()  # session id -> last time through ``sse``
        self.one_exchange = True  # plain requests answered in one exchange (legacy_exchange.py, modern_exchange.py)
        self._lifespan: tuple[Any] | None = None  # (the server's lifespan state,) while ``run`` runs

    @classmethod
    def of(cls, server: Server[Any], max_sessions: int = MAX_SESSIONS, shared: bool = False) -> ResponseModes:
        """After ``server.streamable_http_app(...)``: its manager is ``sse``; the twins copy its settings.
        ``shared``: no 2025-11-25 session is held in this process (any process answers any request)."""
        sse = server.session_manager
        settings: dict[str, Any] = {
            "json_response": True,
            "security_settings": sse.security_settings,
            "max_request_body_size": sse.max_request_body_size,
        }
        json_manager = StreamableHTTPSessionManager(app=server, **settings)
        legacy_json = StreamableHTTPSessionManager(app=server, stateless=True, **settings)
        legacy_sse = None
        if shared:
            legacy_sse = StreamableHTTPSessionManager(
                app=server, stateless=True, **{**settings, "json_response": False}
            )
        return cls(sse, json_manager, legacy_json, max_sessions, legacy_sse)

    @asynccontextmanager
    async def run(self) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            for manager in (self.sse, self.json, self.legacy_json, self.legacy_sse):
                if manager is not None:
                    await stack.enter_async_context(manager.run())
            server = self.legacy_json.app  # each manager enters the server's lifespan; so does the one exchange
            self._lifespan = (await stack.enter_async_context(server.lifespan(server)),)
            try:
                yield
            finally:
                self._lifespan = None

    async def _legacy_plain(self, body: bytes | None, scope: Scope, receive: Receive, send: Send) -> None:
        """A plain request of a 2025-era session that needs no state of its process (``legacy_json``'s); ``body``:
        the whole body already read (``receive`` replays it), else None."""
        if self.one_exchange and self._lifespan is not None and body is not None:
            server, state = self.legacy_json.app, self._lifespan[0]
            if await legacy_exchange.answer(server, state, self.legacy_json, scope, body, receive, send):
                return
        await self.legacy_json.handle_request(scope, receive, send)

    async def _modern_plain(self, body: bytes | None, message: Any, scope: Scope, receive: Receive, send: Send) -> None:
        """A plain 2026-07-28 request (``json``'s); ``body``: the whole body already read (``receive`` replays it),
        else None; ``message``: that body as ``json.loads`` read it (``envelope.check_body``)."""
        if self.one_exchange and self._lifespan is not None and body is not None:
            server, state = self.json.app, self._lifespan[0]
            if await modern_exchange.answer(server, state, self.json, scope, body, receive, send, message):
                return
        await self.json.handle_request(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = scope.get("method")
        session = _header(scope, _SESSION_HEADER)
        modern = scope["type"] == "http" and _is_modern(scope)  # read once: the era decides both branches below
        shared = self.legacy_sse if not modern else None
        if shared is not None and method != "POST":
            await shared.handle_request(scope, receive, send)  # GET stream, DELETE: the SDK's stateless answer
            return
        if scope["type"] != "http" or method not in ("POST", "DELETE"):
            await self.sse.handle_request(scope, receive, send)
            return
        if method == "DELETE":
            self.fast_sessions.pop(session or "", None)
            await self.sse.handle_request(scope, receive, send)
            return
        quiet_gc.CALLS.enter()  # a young collection waits for a quiet moment (quiet_gc.py)
        try:
            message: Any = None  # the body as json.loads reads it, parsed once here (None: not read whole)
            try:
                envelope.check_content_type(_header(scope, b"content-type"))
                received = await _read_body(receive)
                body = _body(received)
                if body is not None:
                    message = envelope.check_body(body)
            except envelope.Refusal as refusal:
                await refusal.send(send)
                return
            request = message if isinstance(message, dict) else None  # _message's answer, without parsing again
            if shared is not None:
                await self._shared(shared, session, scope, received, receive, send, request)
            elif modern:
                if _needs_stream(request):
                    await self.sse.handle_request(scope, _replay(received, receive), send)
                else:
                    plain = partial(self._modern_plain, body, message)
                    await _cancelled_on_disconnect(plain, scope, received, receive, send)
            elif session is None:
                await self._open_session(scope, received, receive, send)
            else:
                await self._legacy_call(session, scope, received, receive, send, request)
        finally:
            quiet_gc.CALLS.leave()

    async def _shared(
        self,
        legacy_sse: StreamableHTTPSessionManager,
        session: str | None,
        scope: Scope,
        received: list[Message],
        receive: Receive,
        send: Send,
        message: dict[str, Any] | None,
    ) -> None:
        """A 2025-era request when sessions are shared: stateless, with the session id minted here. ``message``: the
        body as ``_message`` reads it."""
        target = legacy_sse if _needs_stream(message) else self.legacy_json
        if session is not None:
            if target is self.legacy_json:
                await self._legacy_plain(_body(received), scope, _replay(received, receive), send)
            else:
                await target.handle_request(scope, _replay(received, receive), send)
            return
        minted = uuid.uuid4().hex.encode()

        async def minting(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 200 and _is_initialize(received):
                message = {**message, "headers": [*message.get("headers", []), (_SESSION_HEADER, minted)]}
            await send(message)

        await target.handle_request(scope, _replay(received, receive), minting)

    async def _open_session(self, scope: Scope, received: list[Message], receive: Receive, send: Send) -> None:
        """An initialize (or a stray request): served by ``sse``; a capability-free client's session goes fast."""
        self._make_room()
        if needs_back_channel(received):
            await self.sse.handle_request(scope, _replay(received, receive), send)
            return

        async def noting_session(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 200:
                minted = dict(message.get("headers", [])).get(_SESSION_HEADER)
                if minted:
                    self._remember(minted.decode("latin-1"))
            await send(message)

        await self.sse.handle_request(scope, _replay(received, receive), noting_session)

    async def _legacy_call(
        self,
        session: str,
        scope: Scope,
        received: list[Message],
        receive: Receive,
        send: Send,
        message: dict[str, Any] | None,
    ) -> None:
        """A request of a 2025-era session; ``message``: its body as ``_message`` reads it."""
        if _asks_for_notices(message):  # its later calls need their streams (log messages ride them)
            self.fast_sessions.pop(session, None)
        last_refresh = self.fast_sessions.get(session)
        if last_refresh is None:
            await self.sse.handle_request(scope, _replay(received, receive), send)
            return
        if not _needs_stream(message) and time.monotonic() - last_refresh < REFRESH_S:
            await _cancelled_on_disconnect(partial(self._legacy_plain, _body(received)), scope, received, receive, send)
            return

        async def refreshing(message: Message) -> None:
            if message["type"] == "http.response.start":
                if message["status"] == 404:  # the session is gone: the client learns it from this answer
                    self.fast_sessions.pop(session, None)
                elif session in self.fast_sessions:
                    self.fast_sessions[session] = time.monotonic()
            await send(message)

        await self.sse.handle_request(scope, _replay(received, receive), refreshing)

    def _make_room(self) -> None:
        """At the cap, end the session idle the longest (no request in flight), as its idle timeout would: one
        client opening sessions in a loop then costs only its own oldest ones, and memory stays bounded."""
        transports = self.sse._server_instances  # the SDK keeps no other handle on its sessions
        ending = sum(1 for t in transports.values() if t.idle_scope is not None and t.idle_scope.cancel_called)
        excess = len(transports) - ending - self.max_sessions + 1  # ended ones leave the dict a moment later
        if excess <= 0:
            return
        idle = sorted(
            (t.idle_scope.deadline, sid)
            for sid, t in transports.items()
            if t.idle_scope is not None and not t.idle_scope.cancel_called and t.idle_scope.deadline != float("inf")
        )
        for _, sid in idle[:excess]:
            scope = transports[sid].idle_scope
            assert scope is not None
            scope.cancel()  # the SDK discards the session exactly as after an idle timeout
            self.fast_sessions.pop(sid, None)

    def _remember(self, session: str) -> None:
        self.fast_sessions[session] = time.monotonic()
        while len(self.fast_sessions) > MAX_FAST_SESSIONS:
            self.fast_sessions.popitem(last=False)


def needs_stream(received: list[Message]) -> bool:
    """Whether a POST (its ASGI messages) must keep the SSE path: it asks for progress
    (``params._meta.progressToken``) or for later notifications (``LATER_NOTICES``), or it is not one JSON-RPC
    request read whole (a client gone, a body past the limit, a batch, not JSON): the SSE manager deals with
    those as before."""
    return _needs_stream(_message(received))


def _needs_stream(message: dict[str, Any] | None) -> bool:
    """``needs_stream`` of the request's body as parsed (``_message``: None when not one JSON object read whole)."""
    if message is None:
        return True
    if message.get("method") in LATER_NOTICES:
        return True
    params = message.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and "progressToken" in meta


# Requests after which the agent is sent notifications (resource updates on its standalone stream, log messages on
# its calls' streams): the session that holds those streams must see them and its later calls, which a stateless
# twin cannot (serving/relay.py). Such a session leaves the fast set for good.
LATER_NOTICES = frozenset({"resources/subscribe", "resources/unsubscribe", "logging/setLevel"})


def asks_for_notices(received: list[Message]) -> bool:
    return _asks_for_notices(_message(received))


def _asks_for_notices(message: dict[str, Any] | None) -> bool:
    return message is not None and message.get("method") in LATER_NOTICES


def _message(received: list[Message]) -> dict[str, Any] | None:
    body = _body(received)
    try:
        message = json.loads(body) if body is not None else None
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def _is_initialize(received: list[Message]) -> bool:
    message = _message(received)
    return message is not None and message.get("method") == "initialize"


def needs_back_channel(received: list[Message]) -> bool:
    """Whether an opening request is anything but an initialize from a client that declared no capability
    the server could call back (sampling, elicitation, roots). When in doubt: yes."""
    message = _message(received)
    if message is None or message.get("method") != "initialize":
        return True
    params = message.get("params")  # anything but an object is the SDK's to refuse (no crash here)
    capabilities = params.get("capabilities") if isinstance(params, dict) else None
    return not isinstance(capabilities, dict) or any(capabilities.get(c) is not None for c in _BACK_CHANNEL)


def _body(received: list[Message]) -> bytes | None:
    last = received[-1]
    if last["type"] != "http.request" or last.get("more_body", False):
        return None
    return b"".join(m.get("body", b"") for m in received)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _is_modern(scope: Scope) -> bool:
    """The SDK's own era test: a protocol-version header that names no handshake-era version."""
    version = _header(scope, _VERSION_HEADER)
    return version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS


async def _read_body(receive: Receive) -> list[Message]:
    """The request's messages up to the end of its body, or until the SDK's body limit says stop peeking."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        size += len(message.get("body", b""))
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages
        if size > DEFAULT_MAX_REQUEST_BODY_SIZE:  # the SSE manager's limit rejects it; don't buffer more
            return messages


async def _cancelled_on_disconnect(
    handle: Callable[..., Awaitable[None]], scope: Scope, received: list[Message], receive: Receive, send: Send
) -> None:
    """Serve a plain call, cancelling it when the client hangs up. The SSE path watches for that itself; the
    JSON path did not, so a world-model request ran on for nobody (and held a concurrency slot). mcp-sim's
    own HTTP protocol calls back when the connection is lost (keepalive.py ``HANGUP``); under another ASGI
    server a task per request waits on ``receive()`` for the hang-up."""
    on_lost = _on_lost(scope)
    if on_lost is not None and _body(received) is not None:
        with anyio.CancelScope() as cancel:
            on_lost(cancel.cancel)
            try:
                await handle(scope, receive=_replay(received, receive), send=send)
            finally:
                on_lost(None)
        return
    pending = list(received)
    gone = anyio.Event()

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        await gone.wait()
        return {"type": "http.disconnect"}

    async with anyio.create_task_group() as tasks:

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            gone.set()
            tasks.cancel_scope.cancel()

        if _body(received) is not None:  # the body was read whole: the next message can only be the hang-up
            tasks.start_soon(watch)
        await handle(scope, receive=replayed, send=send)
        tasks.cancel_scope.cancel()


def _on_lost(scope: Scope) -> Callable[[Callable[[], object] | None], None] | None:
    """The request's hang-up callback setter (keepalive.py), when the HTTP server offers one."""
    extension = scope.get("extensions", {}).get(HANGUP)
    on_lost = extension.get("on_lost") if isinstance(extension, dict) else None
    return on_lost if callable(on_lost) else None


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        message: Any = await receive()
        return message  # type: ignore[no-any-return]

    return replayed
