"""The keep-alive timer must not drop a request that has already reached the server's socket.

A real uvicorn HTTP protocol on a real loopback socket. The overload that makes the race (the event loop
runs the due keep-alive timer before it reads the waiting request) is reproduced exactly: the server stops
reading the connection, the client sends its next request, and the timer's handler runs with those bytes
in the socket. (The other half of the race, a client that sends on a connection the server has already
closed, is the client's to avoid: the server announces its keep-alive for that.)
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import uvicorn
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from mcp_sim.serving import keepalive

REQUEST = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}"


async def answer(scope: Scope, receive: Receive, send: Send) -> None:
    await receive()
    headers = [(b"content-length", b"2"), (b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"{}"})


@asynccontextmanager
async def serving(protocol: type[HttpToolsProtocol]) -> AsyncIterator[tuple[ServerState, int]]:
    config = uvicorn.Config(answer, lifespan="off", log_level="warning", **keepalive.uvicorn_options())
    config.load()
    state = ServerState()
    state.default_headers = config.encoded_headers  # what uvicorn.Server does at start-up
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: protocol(config=config, server_state=state, app_state={}), "127.0.0.1", 0)
    try:
        yield state, server.sockets[0].getsockname()[1]
    finally:
        server.close()


async def read_reply(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    return head + await reader.readexactly(2)


async def race(protocol: type[HttpToolsProtocol]) -> tuple[bool, Any]:
    """One answered request, then the next one sent while the server is not reading; then the timer fires.
    Returns whether the server closed the connection, and what the client got for the second request."""
    async with serving(protocol) as (state, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(REQUEST)
        assert (await read_reply(reader)).startswith(b"HTTP/1.1 200")
        (conn,) = state.connections
        assert isinstance(conn, HttpToolsProtocol)
        conn.transport.pause_reading()  # the loop is busy elsewhere: the next request waits in the socket
        writer.write(REQUEST)
        await writer.drain()
        assert keepalive._bytes_waiting(conn.transport) == len(REQUEST)  # loopback delivers at once
        conn.timeout_keep_alive_handler()  # the keep-alive timer comes due first
        closed = conn.transport.is_closing()
        if not closed:
            conn.transport.resume_reading()
        try:
            second: Any = await read_reply(reader)
        except (asyncio.IncompleteReadError, ConnectionResetError) as exc:  # closed with bytes unread: a reset
            second = exc
        writer.close()
        return closed, second


async def test_a_request_waiting_in_the_socket_keeps_the_connection_and_is_answered() -> None:
    closed, second = await race(keepalive.KeepAliveProtocol)
    assert not closed
    assert isinstance(second, bytes) and second.startswith(b"HTTP/1.1 200")


async def test_uvicorns_own_protocol_drops_that_request_unanswered() -> None:
    """Why KeepAliveProtocol exists: the same sequence with uvicorn's protocol loses the request."""
    closed, second = await race(HttpToolsProtocol)
    assert closed
    assert isinstance(second, (asyncio.IncompleteReadError, ConnectionResetError))


async def test_an_idle_connection_is_closed_when_its_keep_alive_ends() -> None:
    async with serving(keepalive.KeepAliveProtocol) as (state, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(REQUEST)
        reply = await read_reply(reader)
        (conn,) = state.connections
        assert isinstance(conn, HttpToolsProtocol)
        conn.timeout_keep_alive_handler()
        assert conn.transport.is_closing()
        assert await reader.read() == b""
        writer.close()
    assert f"keep-alive: timeout={keepalive.KEEP_ALIVE_S}".encode() in reply.lower()


@pytest.mark.parametrize(
    ("header", "expected"), [("timeout=75", 75.0), ("max=100, timeout=5", 5.0), ("", None), ("timeout=x", None)]
)
def test_the_bench_client_reads_the_announced_keep_alive(header: str, expected: float | None) -> None:
    from benchmarks.rawmcp import keep_alive_s

    assert keep_alive_s({"keep-alive": header}) == expected


async def shutdown_then_call(protocol: type[HttpToolsProtocol]) -> tuple[bool, Any]:
    """One answered request; the server begins a graceful shutdown; the client sends its next request on
    the connection it holds. Returns whether shutdown closed the connection, and what the client got."""
    async with serving(protocol) as (state, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(REQUEST)
        assert (await read_reply(reader)).startswith(b"HTTP/1.1 200")
        (conn,) = state.connections
        assert isinstance(conn, HttpToolsProtocol)
        conn.shutdown()  # what uvicorn.Server.shutdown does to every connection
        closed = conn.transport.is_closing()
        writer.write(REQUEST)
        try:
            second: Any = await read_reply(reader)
            assert await reader.read() == b""  # and then the connection ends
        except (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError) as exc:
            second = exc
        writer.close()
        return closed, second


async def test_a_request_sent_as_shutdown_begins_is_answered_and_the_connection_then_closed() -> None:
    closed, second = await shutdown_then_call(keepalive.KeepAliveProtocol)
    assert not closed
    assert isinstance(second, bytes) and second.startswith(b"HTTP/1.1 200")
    assert b"connection: close" in second.lower()


async def test_uvicorns_own_shutdown_drops_it() -> None:
    closed, second = await shutdown_then_call(HttpToolsProtocol)
    assert closed
    assert isinstance(second, (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError))


async def test_an_idle_connection_closes_once_the_drain_ends() -> None:
    async with serving(keepalive.KeepAliveProtocol) as (state, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(REQUEST)
        await read_reply(reader)
        (conn,) = state.connections
        assert isinstance(conn, HttpToolsProtocol)
        conn.shutdown()
        assert conn.timeout_keep_alive_task is not None
        assert conn.timeout_keep_alive_task.when() - asyncio.get_running_loop().time() <= keepalive.DRAIN_S
        conn.timeout_keep_alive_handler()  # the drain's timer comes due
        assert await reader.read() == b""
        writer.close()


def test_a_hangup_calls_back_once_and_at_once_when_already_lost() -> None:
    calls: list[str] = []
    hangup = keepalive.Hangup()
    hangup.on_lost(lambda: calls.append("first"))
    hangup.on_lost(None)  # no longer wanted: the response is done
    hangup.fire()
    assert calls == []
    hangup.on_lost(lambda: calls.append("late"))  # lost before it was asked: called back at once
    assert calls == ["late"]
    hangup.fire()
    assert calls == ["late"], "called back once"


async def test_every_request_scope_offers_the_hangup_callback() -> None:
    seen: list[Any] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(scope["extensions"][keepalive.HANGUP]["on_lost"])
        await answer(scope, receive, send)

    config = uvicorn.Config(app, lifespan="off", log_level="warning", **keepalive.uvicorn_options())
    config.load()
    state = ServerState()
    state.default_headers = config.encoded_headers
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: keepalive.KeepAliveProtocol(config=config, server_state=state, app_state={}), "127.0.0.1", 0
    )
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
        for _ in range(2):
            writer.write(REQUEST)
            reply = await read_reply(reader)
            assert reply.startswith(b"HTTP/1.1 200") and reply.endswith(b"\r\n\r\n{}")
        writer.close()
    finally:
        server.close()
    assert len(seen) == 2 and all(callable(s) for s in seen)
