"""Plain 2026-07-28 calls take the JSON manager; anything that may need a stream keeps the SSE path."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pytest
import uvicorn
from mcp import Client
from starlette.applications import Starlette
from starlette.routing import Route

from mcp_sim.response_modes import ResponseModes, needs_stream
from tests.fixtures.fixture_server import build


def _post(*chunks: bytes, more_at_end: bool = False) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [{"type": "http.request", "body": c, "more_body": True} for c in chunks]
    messages[-1]["more_body"] = more_at_end
    return messages


def test_a_plain_call_needs_no_stream() -> None:
    body = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"m":"hi"}}}'
    assert not needs_stream(_post(body[:20], body[20:]))


def test_a_progress_token_anywhere_in_the_body_keeps_the_stream() -> None:
    body = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"e","_meta":{"progressToken":7}}}'
    assert needs_stream(_post(body[:70], body[70:]))


def test_unicode_escapes_keep_the_stream_because_they_could_spell_the_key() -> None:
    assert needs_stream(_post(b'{"params":{"_meta":{"progress\\u0054oken":1}}}'))


def test_a_body_not_read_to_its_end_keeps_the_stream() -> None:
    assert needs_stream(_post(b"{", more_at_end=True))
    assert needs_stream([{"type": "http.disconnect"}])


@asynccontextmanager
async def served(modes: ResponseModes) -> AsyncIterator[str]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with modes.run():
            yield

    app = Starlette(routes=[Route("/mcp", endpoint=modes)], lifespan=lifespan)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(server.serve, [sock])  # the socket already listens: clients queue until uvicorn is up
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
        server.should_exit = True


@pytest.fixture
def modes(monkeypatch: pytest.MonkeyPatch) -> tuple[ResponseModes, list[str]]:
    server = build()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    answered_by: list[str] = []
    for name in ("sse", "json"):
        manager = getattr(modes, name)
        original = manager.handle_request

        async def recording(scope: Any, receive: Any, send: Any, _name: str = name, _orig: Any = original) -> None:
            answered_by.append(_name)
            await _orig(scope, receive, send)

        monkeypatch.setattr(manager, "handle_request", recording)
    return modes, answered_by


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
async def test_progress_still_reaches_the_client_on_both_eras(
    modes: tuple[ResponseModes, list[str]], mode: str
) -> None:
    app, answered_by = modes
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async with served(app) as url, Client(url, mode=mode) as client:  # type: ignore[arg-type]
        await client.list_tools()
        answered_by.clear()
        result = await client.call_tool("test_tool_with_progress", {}, progress_callback=on_progress)
    assert not result.is_error
    assert seen == [0, 50, 100]
    assert set(answered_by) == {"sse"}  # legacy also closes its session with a DELETE


async def test_a_plain_modern_call_is_answered_by_the_json_manager(modes: tuple[ResponseModes, list[str]]) -> None:
    app, answered_by = modes
    async with served(app) as url, Client(url, mode="2026-07-28") as client:
        await client.list_tools()
        answered_by.clear()
        result = await client.call_tool("test_simple_text", {})
    assert not result.is_error and result.content
    assert answered_by == ["json"]
