"""The OpenAPI backend's faults a real API will not produce on demand: a server that never answers, and an
answer larger than the cap. A raw TCP listener on 127.0.0.1 stands in for the API (a test double for the fault)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.abc import SocketStream
from mcp.types import TextContent

from mcp_sim.backends.openapi import OpenAPIBackend
from mcp_sim.config import OpenAPIUpstream
from mcp_sim.errors import BackendUnavailable

PETSTORE = Path(__file__).parents[1] / "fixtures" / "openapi" / "petstore.yaml"


@asynccontextmanager
async def raw_server(handle: Callable[[SocketStream], Awaitable[None]]) -> AsyncIterator[str]:
    listener = await anyio.create_tcp_listener(local_host="127.0.0.1", local_port=0)
    port = listener.extra(anyio.abc.SocketAttribute.local_port)

    async def closing(stream: SocketStream) -> None:
        async with stream:  # closed also when the test ends the server mid-request
            await handle(stream)

    async with listener, anyio.create_task_group() as tasks:
        tasks.start_soon(listener.serve, closing)
        yield f"http://127.0.0.1:{port}"
        tasks.cancel_scope.cancel()


@asynccontextmanager
async def backend(base_url: str, **settings: Any) -> AsyncIterator[OpenAPIBackend]:
    config = OpenAPIUpstream(openapi=str(PETSTORE), base_url=base_url, **settings)
    api = OpenAPIBackend("pets", config)
    async with anyio.create_task_group() as tasks:
        await tasks.start(api.run)
        yield api
        tasks.cancel_scope.cancel()


async def test_an_api_that_never_answers_is_unavailable_after_call_timeout_s() -> None:
    async def silent(stream: SocketStream) -> None:
        await stream.receive()
        await anyio.sleep_forever()  # reads the request, never answers

    async with raw_server(silent) as url, backend(url, call_timeout_s=0.2) as api:
        with pytest.raises(
            BackendUnavailable, match=r"upstream 'pets' did not answer GET /pets/\{petId\} within 0.2 s"
        ):
            await api.call("getPetById", {"petId": 1}, None)


async def test_an_answer_beyond_max_response_bytes_is_an_error_result() -> None:
    async def flood(stream: SocketStream) -> None:
        await stream.receive()
        body = b"[" + b"1," * 2000 + b"1]"
        head = f"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n\r\n"
        await stream.send(head.encode() + body)

    async with raw_server(flood) as url, backend(url, max_response_bytes=1024) as api:
        result = await api.call("listPets", {}, None)
    assert result.is_error
    block = result.content[0]
    assert isinstance(block, TextContent)
    assert block.text == "GET /pets: the answer is larger than 1024 bytes"
