"""The lean HTTP/1.1 transport (mcp_sim/http11.py) against a scripted server on a loopback socket.

The server is a plain asyncio server whose every answer is written by the test, byte for byte: what the
transport sends is what the server sees, and the answers include the awkward ones (chunks arriving one by one,
a connection closed mid-body, no length at all, a server that never answers).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import httpx2
import pytest

from mcp_sim.http11 import HTTP11Transport, http11_transport

OK = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class Scripted:
    """A loopback server: ``handler`` serves each connection; what arrived is kept per connection."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.connections = 0

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            await self.handler(reader, writer)
        finally:
            writer.close()


@asynccontextmanager
async def scripted(handler: Handler) -> AsyncIterator[tuple[Scripted, str]]:
    server = Scripted(handler)
    listening = await asyncio.start_server(server.serve, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    try:
        yield server, f"http://127.0.0.1:{port}/mcp"
    finally:
        listening.close()


async def read_request(reader: asyncio.StreamReader) -> bytes | None:
    """One request with a Content-Length body, or None at the end of the connection."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None
    length = next(
        (int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")), 0
    )
    return head + await reader.readexactly(length)


def answering(*answers: bytes, keep_open: bool = True) -> Handler:
    """A handler answering each request on a connection with the next of ``answers`` (the last repeats)."""

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        n = 0
        while await read_request(reader) is not None:
            writer.write(answers[min(n, len(answers) - 1)])
            await writer.drain()
            n += 1
            if not keep_open:
                return

    return handler


async def test_a_request_leaves_in_one_write_and_the_connection_is_kept_for_the_next() -> None:
    segments: list[bytes] = []

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for _ in range(2):
            data = await reader.read(65536)  # the first read holds the whole request: head and body were one write
            segments.append(data)
            writer.write(OK)
            await writer.drain()

    async with scripted(handler) as (server, url), httpx2.AsyncClient(transport=HTTP11Transport()) as client:
        for i in range(2):
            response = await client.post(url, json={"n": i}, headers={"X-Test": "yes"})
            assert (response.status_code, response.json(), response.reason_phrase) == (200, {}, "OK")
            assert response.headers["content-type"] == "application/json"
    assert server.connections == 1
    assert segments[0].startswith(b"POST /mcp HTTP/1.1\r\n") and segments[0].endswith(b'{"n":0}')
    assert b"\r\nx-test: yes\r\n" in segments[0].lower() and b"\r\ncontent-length: 7\r\n" in segments[0].lower()


async def test_a_chunked_stream_is_handed_over_chunk_by_chunk() -> None:
    first_read = asyncio.Event()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        writer.write(b"f\r\ndata: first\r\n\r\n\r\n")
        await writer.drain()
        await first_read.wait()  # the rest only once the client has the first event
        writer.write(b"10\r\ndata: second\r\n\r\n\r\n0\r\n\r\n")
        await writer.drain()
        await read_request(reader)
        writer.write(OK)

    async with scripted(handler) as (server, url), httpx2.AsyncClient(transport=HTTP11Transport()) as client:
        async with client.stream("POST", url, content=b"x") as response:
            parts = []
            async for part in response.aiter_bytes():
                parts.append(part)
                first_read.set()
        assert b"".join(parts) == b"data: first\r\n\r\ndata: second\r\n\r\n"
        assert parts[0] == b"data: first\r\n\r\n"
        assert (await client.post(url, content=b"y")).json() == {}
    assert server.connections == 1  # read to its end: the connection went back to the pool


async def test_connection_close_and_a_closed_idle_connection_open_a_new_one() -> None:
    closing = b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}"
    handler = answering(closing, keep_open=False)
    async with scripted(handler) as (server, url), httpx2.AsyncClient(transport=HTTP11Transport()) as client:
        for _ in range(2):
            assert (await client.post(url, content=b"{}")).json() == {}
        handler2 = answering(OK, keep_open=False)  # keeps alive in words, then closes the connection
        server.handler = handler2
        for _ in range(2):
            assert (await client.post(url, content=b"{}")).json() == {}
            await asyncio.sleep(0.05)  # the server's close reaches the pooled connection
    assert server.connections == 4


async def test_an_answer_without_a_length_ends_with_the_connection() -> None:
    handler = answering(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it", keep_open=False)
    async with scripted(handler) as (server, url), httpx2.AsyncClient(transport=HTTP11Transport()) as client:
        assert (await client.post(url, content=b"{}")).text == "all of it"
        assert (await client.post(url, content=b"{}")).text == "all of it"
    assert server.connections == 2


async def test_errors_are_httpx2_errors() -> None:
    async with httpx2.AsyncClient(transport=HTTP11Transport()) as client:
        listening = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        port = listening.sockets[0].getsockname()[1]
        listening.close()
        await listening.wait_closed()
        with pytest.raises(httpx2.ConnectError):
            await client.post(f"http://127.0.0.1:{port}/", content=b"{}")

        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await read_request(reader)
            await asyncio.sleep(5)

        async with scripted(silent) as (_, url):
            with pytest.raises(httpx2.ReadTimeout):
                await client.post(url, content=b"{}", timeout=httpx2.Timeout(5, read=0.05))

        cut = b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}"
        handler = answering(cut, keep_open=False)
        async with scripted(handler) as (_, url):
            with pytest.raises(httpx2.RemoteProtocolError, match="complete message body"):
                await client.post(url, content=b"{}")

        handler = answering(b"", keep_open=False)
        async with scripted(handler) as (_, url):
            with pytest.raises(httpx2.RemoteProtocolError, match="without sending a response"):
                await client.post(url, content=b"{}")

        handler = answering(b"NOT HTTP AT ALL\r\n\r\n")
        async with scripted(handler) as (_, url):
            with pytest.raises(httpx2.RemoteProtocolError, match="malformed"):
                await client.post(url, content=b"{}")


async def test_a_stream_left_unread_discards_its_connection() -> None:
    started = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n"  # never ends
    handler = answering(started)
    async with scripted(handler) as (server, url), httpx2.AsyncClient(transport=HTTP11Transport()) as client:
        async with client.stream("POST", url, content=b"{}") as response:
            async for part in response.aiter_bytes():
                assert part == b"{}"
                break
        with pytest.raises(httpx2.ReadTimeout):  # a cancelled wait leaves nothing behind either
            await client.post(url, content=b"{}", timeout=httpx2.Timeout(5, read=0.05))
        handler2 = answering(OK)
        server.handler = handler2
        assert (await client.post(url, content=b"{}")).json() == {}
    assert server.connections == 3


async def test_requests_beyond_max_connections_wait_for_a_slot() -> None:
    release = asyncio.Event()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while await read_request(reader) is not None:
            await release.wait()
            writer.write(OK)
            await writer.drain()

    transport = HTTP11Transport(max_connections=1)
    async with scripted(handler) as (server, url), httpx2.AsyncClient(transport=transport) as client:
        first = asyncio.create_task(client.post(url, content=b"{}"))
        await asyncio.sleep(0.05)
        with pytest.raises(httpx2.PoolTimeout):
            await client.post(url, content=b"{}", timeout=httpx2.Timeout(5, pool=0.05))
        second = asyncio.create_task(client.post(url, content=b"{}"))
        await asyncio.sleep(0.05)
        assert not second.done()
        release.set()
        assert [(await first).json(), (await second).json()] == [{}, {}]
    assert server.connections == 1


async def test_what_it_does_not_do_goes_to_httpx2s_own_transport() -> None:
    class Recording(httpx2.AsyncBaseTransport):
        def __init__(self) -> None:
            self.urls: list[str] = []

        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            self.urls.append(str(request.url))
            return httpx2.Response(204)

    fallback = Recording()
    async with httpx2.AsyncClient(transport=HTTP11Transport(fallback=fallback)) as client:
        assert (await client.post("https://example.invalid/mcp", content=b"{}")).status_code == 204
    assert fallback.urls == ["https://example.invalid/mcp"]


def test_chosen_only_for_plain_http_without_a_proxy() -> None:
    assert isinstance(http11_transport("http://127.0.0.1:1/mcp", env={}), HTTP11Transport)
    assert http11_transport("https://example.com/mcp", env={}) is None
    assert http11_transport("http://127.0.0.1:1/mcp", env={"HTTP_PROXY": "http://proxy:3128"}) is None
    assert http11_transport("http://127.0.0.1:1/mcp", env={"all_proxy": "socks5://proxy"}) is None


async def test_closing_the_transport_closes_a_connection_still_answering() -> None:
    ended = asyncio.Event()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n")  # never ends
        await writer.drain()
        await reader.read()  # until the client closes the connection
        ended.set()

    transport = HTTP11Transport()
    async with scripted(handler) as (_, url):
        client = httpx2.AsyncClient(transport=transport)
        response = await client.send(client.build_request("POST", url, content=b"{}"), stream=True)
        assert response.status_code == 200
        await client.aclose()  # the answer still open: its connection is closed with the transport
        await asyncio.wait_for(ended.wait(), 5)
        await response.aclose()
