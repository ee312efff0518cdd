"""The chat client hands an ``http://`` request straight to its lean transport (``client._Direct``): the same bytes go
on the wire as through ``httpx2.AsyncClient``, and cookies an endpoint sets are kept and sent back as it does."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mcp_sim.simulation.llm.client import ChatClient

SSE = b'data: {"choices":[{"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
MESSAGES = [{"role": "user", "content": "h\u00e9"}]


@asynccontextmanager
async def _endpoint(set_cookie: bytes = b"") -> AsyncIterator[tuple[str, list[bytes]]]:
    """A raw HTTP/1.1 endpoint that records each request's bytes (its Host line without the port)."""
    seen: list[bytes] = []
    writers: list[asyncio.StreamWriter] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writers.append(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))  # type: ignore[union-attr]
                seen.append(
                    re.sub(rb"Host: 127\.0\.0\.1:\d+", b"Host: endpoint", head) + await reader.readexactly(length)
                )
                extra = b"set-cookie: " + set_cookie + b"\r\n" if set_cookie else b""
                writer.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n%scontent-length: %d\r\n\r\n%s"
                    % (extra, len(SSE), SSE)
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}/v1", seen
    finally:
        server.close()
        for writer in writers:
            writer.close()
            await writer.wait_closed()
        await server.wait_closed()


async def _sent(direct: bool, api_key: str | None) -> list[bytes]:
    async with _endpoint() as (url, seen):
        chat = ChatClient(url, "m", api_key=api_key)
        assert chat._direct is not None
        if not direct:
            chat._direct = None  # through httpx2.AsyncClient, as before
        for seed in range(2):
            done = await chat.complete(MESSAGES, seed=seed, temperature=0.5, max_tokens=9)
            assert done.content == "hi"
        await chat.aclose()
    return seen


async def test_the_same_bytes_go_on_the_wire_as_through_the_http_client() -> None:
    for api_key in (None, "sk-test"):
        direct, through_client = await _sent(True, api_key), await _sent(False, api_key)
        assert len(direct) == 2 and direct == through_client


async def test_a_cookie_the_endpoint_sets_is_sent_back() -> None:
    async with _endpoint(set_cookie=b"route=a1; Path=/") as (url, seen):
        chat = ChatClient(url, "m")
        for seed in range(3):
            await chat.complete(MESSAGES, seed=seed, temperature=0.5, max_tokens=9)
        await chat.aclose()
    assert b"cookie:" not in seen[0].lower()
    assert all(b"\r\nCookie: route=a1\r\n" in request for request in seen[1:])
