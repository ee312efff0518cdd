"""A lean HTTP/1.1 transport for httpx2: plain ``http://`` on asyncio, kept-alive connections, httptools' parser.

The SDK's streamable-HTTP client takes any ``httpx2.AsyncClient`` (its public ``http_client`` argument), and an
``httpx2.AsyncClient`` takes any ``httpx2.AsyncBaseTransport`` (httpx2's public ``transport`` argument). Profiled
on the proxy route (``benchmarks.profile_cpu --case proxy-2026 --profile``), httpx2's default transport (httpcore2's
connection pool and its HTTP/1.1 connection over h11, anyio's stream wrappers) was about a fifth of mcp-sim's CPU
per forwarded call, and wrote each request's head and body as separate ``send`` calls. This transport does the
same job with an ``asyncio.Protocol`` per connection: the request leaves in one write, the answer is parsed by
httptools (uvicorn's C parser, already a dependency) as it arrives, and a connection whose answer was read to its
end goes back to the pool.

What it does not do is handed to httpx2's own transport, unchanged: ``https://`` (and any scheme but ``http``),
and any event loop but asyncio's. The client picks this transport only where httpx2 would not have used a proxy
from the environment (``http11_transport``). Errors are httpx2's own types: a refused or timed-out connect is
``ConnectError`` / ``ConnectTimeout``, a silent server ``ReadTimeout``, a connection closed before the answer's end
``RemoteProtocolError``, as with the default transport. Timeouts are the request's (``extensions["timeout"]``):
connect, read (each wait for more of the answer) and pool (a wait for a free slot: at most ``max_connections``
requests in flight; at most ``max_keepalive`` idle connections kept, each for at most ``keepalive_expiry`` s).
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import AsyncIterator
from typing import Any, cast

import httptools
import httpx2

_PAUSE_AT = 256 * 1024  # an answer's unread bytes at which the socket stops being read, until half are taken
_PROXY_VARIABLES = ("http_proxy", "all_proxy")


class _Connection(asyncio.Protocol):
    """One TCP connection and the answer being read from it (httptools calls the ``on_*`` methods)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpResponseParser(self)
        self.closed = False  # the peer closed, the connection broke, or the answer was not HTTP: never reused
        self.problem = ""
        self.waiter: asyncio.Future[bool] | None = None
        self.idle_since = 0.0
        self.paused = False
        self.key = ("", 0)  # (host, port) of its pool
        self._reset()

    def _reset(self) -> None:
        self.status = 0
        self.reason = b""
        self.headers: list[tuple[bytes, bytes]] = []
        self.chunks: deque[bytes] = deque()
        self.unread = 0
        self.got_bytes = False
        self.head_done = False
        self.complete = False
        self.keep_alive = False
        self.until_close = False  # neither a length nor chunks: the body ends when the connection does

    # ---- asyncio.Protocol ----

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports subclass no asyncio class

    def data_received(self, data: bytes) -> None:
        self.got_bytes = True
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as exc:
            self._break(f"malformed HTTP answer: {exc}")
            return
        if self.unread > _PAUSE_AT and not self.paused and self.transport is not None:
            self.paused = True
            self.transport.pause_reading()
        self._wake()

    def eof_received(self) -> bool:
        if self.head_done and self.until_close and not self.complete:
            self.complete = True
        self._break("")
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._break(str(exc) if exc else "")

    def _break(self, problem: str) -> None:
        if not self.closed:
            self.closed = True
            self.problem = problem
            if self.transport is not None:
                self.transport.close()
        self._wake()

    def _wake(self) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(True)

    # ---- httptools callbacks ----

    def on_status(self, status: bytes) -> None:
        self.reason += status

    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers.append((name, value))

    def on_headers_complete(self) -> None:
        self.status = self.parser.get_status_code()
        self.keep_alive = self.parser.should_keep_alive()
        self.head_done = True
        if self.status >= 200 and self.status not in (204, 304):
            framed = any(n.lower() in (b"content-length", b"transfer-encoding") for n, _ in self.headers)
            self.until_close = not framed

    def on_body(self, body: bytes) -> None:
        self.chunks.append(body)
        self.unread += len(body)

    def on_message_complete(self) -> None:
        self.complete = True

    # ---- used by the transport ----

    async def wait(self, limit_s: float | None) -> None:
        """Until more of the answer arrived or the connection ended; ``ReadTimeout`` after ``limit_s``."""
        waiter: asyncio.Future[bool] = self.loop.create_future()
        self.waiter = waiter
        timer = self.loop.call_later(limit_s, _expire, waiter) if limit_s is not None else None
        try:
            arrived = await waiter
        finally:
            self.waiter = None
            if timer is not None:
                timer.cancel()
        if not arrived:
            raise httpx2.ReadTimeout("timed out waiting for the server's answer")

    def take(self) -> bytes:
        chunk = self.chunks.popleft()
        self.unread -= len(chunk)
        if self.paused and self.unread <= _PAUSE_AT // 2 and self.transport is not None and not self.closed:
            self.paused = False
            self.transport.resume_reading()
        return chunk

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()


class _Body(httpx2.AsyncByteStream):
    """An answer's body as it arrives; closing it returns the connection to the pool if the answer was read whole."""

    def __init__(self, pool: HTTP11Transport, conn: _Connection, read_timeout: float | None) -> None:
        self._pool = pool
        self._conn: _Connection | None = conn
        self._read_timeout = read_timeout

    async def __aiter__(self) -> AsyncIterator[bytes]:
        conn = self._conn
        if conn is None:
            raise httpx2.StreamClosed()
        while True:
            while conn.chunks:
                yield conn.take()
            if conn.complete:
                return
            if conn.closed:
                raise httpx2.RemoteProtocolError(
                    f"peer closed connection without sending complete message body{_detail(conn)}"
                )
            await conn.wait(self._read_timeout)

    async def aclose(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            self._pool._release(conn)


class HTTP11Transport(httpx2.AsyncBaseTransport):
    """httpx2 transport: ``http://`` on asyncio here, the rest through ``fallback`` (httpx2's default transport)."""

    def __init__(
        self,
        *,
        max_connections: int = 100,
        max_keepalive: int = 20,
        keepalive_expiry: float = 4.0,
        fallback: httpx2.AsyncBaseTransport | None = None,
    ) -> None:
        self._fallback = fallback
        self._idle: dict[tuple[str, int], list[_Connection]] = {}
        self._max_keepalive = max_keepalive
        self._expiry = keepalive_expiry  # below uvicorn's 5 s keep-alive: a pooled connection is seldom half-closed
        self._slots = max_connections
        self._slot_waiters: deque[asyncio.Future[None]] = deque()
        self._closed = False
        self._busy: set[_Connection] = set()  # answering a request: closed with the transport
        self.connections_opened = 0  # for tests and benchmarks: how many TCP connections were made

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        if request.url.scheme != "http" or not _on_asyncio():
            return await self._other().handle_async_request(request)
        if self._closed:
            raise RuntimeError("the transport is closed")
        timeouts: dict[str, float | None] = request.extensions.get("timeout", {})
        message = _message(request, await request.aread())
        await self._slot(timeouts.get("pool"))
        conn: _Connection | None = None
        try:
            conn = await self._connection(request.url.host, request.url.port or 80, timeouts.get("connect"))
            self._busy.add(conn)
            assert conn.transport is not None
            conn.transport.write(message)
            read_timeout = timeouts.get("read")
            while not conn.head_done:
                if conn.closed:
                    raise httpx2.RemoteProtocolError(
                        "Server disconnected without sending a response."
                        if not conn.got_bytes
                        else f"peer closed connection without sending a complete answer{_detail(conn)}"
                    )
                await conn.wait(read_timeout)
        except BaseException:
            if conn is not None:
                conn.close()
                self._busy.discard(conn)
            self._free_slot()
            raise
        return httpx2.Response(
            status_code=conn.status,
            headers=list(conn.headers),
            stream=_Body(self, conn, read_timeout),
            extensions={"http_version": b"HTTP/1.1", "reason_phrase": conn.reason},
        )

    def _other(self) -> httpx2.AsyncBaseTransport:
        if self._fallback is None:
            self._fallback = httpx2.AsyncHTTPTransport()
        return self._fallback

    async def _slot(self, limit_s: float | None) -> None:
        if self._slots > 0:
            self._slots -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._slot_waiters.append(waiter)
        try:
            async with asyncio.timeout(limit_s):
                await waiter
        except BaseException as exc:
            if waiter.done() and not waiter.cancelled():
                self._free_slot()  # handed over just as this wait ended: pass it on
            else:
                waiter.cancel()
            if isinstance(exc, TimeoutError):
                raise httpx2.PoolTimeout("timed out waiting for a free connection") from None
            raise

    def _free_slot(self) -> None:
        while self._slot_waiters:
            waiter = self._slot_waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)  # the slot goes to the first waiter
                return
        self._slots += 1

    async def _connection(self, host: str, port: int, limit_s: float | None) -> _Connection:
        loop = asyncio.get_running_loop()
        idle = self._idle.get((host, port))
        now = loop.time()
        while idle:
            conn = idle.pop()
            if not conn.closed and now - conn.idle_since < self._expiry:
                return conn
            conn.close()
        try:
            async with asyncio.timeout(limit_s):
                _, protocol = await loop.create_connection(lambda: _Connection(loop), host, port)
        except TimeoutError:
            raise httpx2.ConnectTimeout(f"no connection to {host}:{port} within {limit_s} s") from None
        except OSError as exc:
            raise httpx2.ConnectError(str(exc) or type(exc).__name__) from None
        protocol.key = (host, port)
        self.connections_opened += 1
        return protocol

    def _release(self, conn: _Connection) -> None:
        self._busy.discard(conn)
        self._free_slot()
        if self._closed or conn.closed or not conn.complete or not conn.keep_alive or conn.chunks:
            conn.close()
            return
        idle = self._idle.setdefault(conn.key, [])
        if len(idle) >= self._max_keepalive:
            conn.close()
            return
        conn._reset()
        conn.idle_since = conn.loop.time()
        idle.append(conn)

    async def aclose(self) -> None:
        self._closed = True
        for conn in self._busy:
            conn.close()
        self._busy.clear()
        for idle in self._idle.values():
            for conn in idle:
                conn.close()
        self._idle.clear()
        if self._fallback is not None:
            await self._fallback.aclose()


def _on_asyncio() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # another event loop (trio)
        return False
    return True


def _expire(waiter: asyncio.Future[bool]) -> None:
    if not waiter.done():
        waiter.set_result(False)


def _message(request: httpx2.Request, body: bytes) -> bytes:
    """The request as it goes on the wire: the head and the body in one buffer."""
    head = [b"%s %s HTTP/1.1\r\n" % (request.method.encode("ascii"), request.url.raw_path)]
    chunked = False
    for name, value in request.headers.raw:
        if name.lower() == b"transfer-encoding" and value.lower() == b"chunked":
            chunked = True
        head.append(b"%s: %s\r\n" % (name, value))
    head.append(b"\r\n")
    if chunked:
        body = (b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)) if body else b"0\r\n\r\n"
    head.append(body)
    return b"".join(head)


def _detail(conn: _Connection) -> str:
    return f" ({conn.problem})" if conn.problem else ""


def http11_transport(
    url: str,
    env: Any = None,
    *,
    max_connections: int = 100,
    max_keepalive: int = 20,
    keepalive_expiry: float = 4.0,
) -> HTTP11Transport | None:
    """This transport for ``url`` where httpx2 would have used its own without a proxy, else None (keep httpx2's).
    The world-model client keeps as many connections alive as it sends calls at once; an upstream, httpx2's 20."""
    environ = os.environ if env is None else env
    if not url.startswith("http://"):
        return None
    if any(environ.get(v) or environ.get(v.upper()) for v in _PROXY_VARIABLES):
        return None  # httpx2 would route it through the proxy; keep its transport
    return HTTP11Transport(
        max_connections=max_connections, max_keepalive=max_keepalive, keepalive_expiry=keepalive_expiry
    )


class LeanAsyncClient(httpx2.AsyncClient):
    """``httpx2.AsyncClient`` that parses each request URL string once, not at every request.

    The SDK's streamable-HTTP client passes the endpoint as the same ``str`` on every POST, and ``build_request``
    parses it into an ``httpx2.URL`` each time (``_merge_url``: about 3.7 % of mcp-sim's CPU per forwarded call,
    ``benchmarks.profile_cpu --case proxy-2026 --profile``). Here the merged URL is kept per string; an
    ``httpx2.URL`` is immutable (its changes return new URLs), so the kept one is what parsing again would give. The
    merge depends on the client's ``base_url`` too: the kept URLs are dropped when it is set. A bounded dict
    (``URLS_KEPT``), cleared when full."""

    URLS_KEPT = 64

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, httpx2.URL] = {}
        self._urls_base = self._base_url

    def _merge_url(self, url: httpx2.URL | str) -> httpx2.URL:
        if not isinstance(url, str):
            return super()._merge_url(url)
        if self._base_url is not self._urls_base:  # base_url was set since: every kept merge may differ
            self._urls.clear()
            self._urls_base = self._base_url
        merged = self._urls.get(url)
        if merged is None:
            merged = super()._merge_url(url)
            if len(self._urls) >= self.URLS_KEPT:
                self._urls.clear()
            self._urls[url] = merged
        return merged
