"""Less mcp-sim work per forwarded call (issue 15, stop 43), counted, not timed: a plain 2026-07-28 reply is the
runner's JSON in its envelope, not a ``JSONRPCResponse`` built and dumped again (serving/modern_exchange.py); an
upstream's answer on stdio is read as a response without the SDK's four-member union when only a response can read
it, and a message is written to the server's stdin without anyio's trip through the event loop after the write
(backends/stdio_pipe.py). Each cut has a test below that fails with it reverted; the answers, bytes and errors are
the same."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp_types
import pytest
from anyio._backends._asyncio import StreamWriterWrapper
from mcp import StdioServerParameters, types
from mcp.server import Server, ServerRequestContext
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCNotification, JSONRPCRequest

from mcp_sim.backends import stdio_pipe
from mcp_sim.serving import modern_exchange
from tests.unit.test_legacy_exchange import served
from tests.unit.test_modern_exchange import ENVELOPE, VERSION

# ---- the reply of a plain 2026-07-28 request (modern_exchange.py) ----

ODD = {"inf": float("inf"), "nan": float("nan"), "tuple": (1, 2), "none": None, "nested": {"x": [None, {"y": None}]}}


def _server(middleware: str = "none") -> Server[Any]:
    """A server answering ``tools/call``; ``middleware``: none (as mcp-sim's when no spans are wanted: spans.py), the
    SDK's span (``otel``, a new server's default) or one of its own (``own``)."""

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> Any:
        structured = {**ODD, "é": "ü", "args": params.arguments}
        meta = {"mine": None, "io.modelcontextprotocol/serverInfo": None} if params.name == "meta" else None
        return types.CallToolResult(
            content=[types.TextContent(type="text", text="a\nb")], structured_content=structured, _meta=meta
        )

    server = Server("reply", on_call_tool=call_tool, get_tool_input_schema=lambda name: {"type": "object"})
    assert [type(m).__name__ for m in server.middleware] == ["OpenTelemetryMiddleware"]
    if middleware == "none":
        server.middleware = []
    elif middleware == "own":

        async def passing(ctx: Any, call_next: Any) -> Any:
            return await call_next(ctx)

        server.middleware = [passing]
    return server


async def _post(server: Server[Any], *bodies: dict[str, Any]) -> list[tuple[int, Any]]:
    headers = {"mcp-protocol-version": VERSION, "accept": "application/json", "mcp-method": "tools/call"}
    answered_by: list[str] = []
    answers = []
    async with served(True, answered_by, server, "json") as (url, _), httpx2.AsyncClient() as http:
        for body in bodies:
            answer = await http.post(url, json=body, headers={**headers, "mcp-name": body["params"]["name"]})
            answers.append((answer.status_code, answer.content))
    assert answered_by == []  # every one answered in one exchange
    return answers


def _call(name: str, id_: Any) -> dict[str, Any]:
    params = {"name": name, "arguments": {"a": [1, None]}, "_meta": ENVELOPE}
    return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params}


@pytest.fixture
def replies_built(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every ``JSONRPCResponse`` the one exchange builds."""
    built: list[Any] = []
    original = mcp_types.JSONRPCResponse

    def counted(**fields: Any) -> Any:
        built.append(fields)
        return original(**fields)

    monkeypatch.setattr(modern_exchange, "JSONRPCResponse", counted)
    return built


async def test_a_plain_reply_builds_no_response_model_and_says_the_same_bytes(
    replies_built: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    bodies = [_call("whoami", 1), _call("whoami", "an id"), _call("meta", 0)]
    fast = await _post(_server(), *bodies)
    assert replies_built == []  # the runner's JSON went out in its envelope
    monkeypatch.setattr(modern_exchange, "_plain_result", lambda *_: False)  # the model's way, as before
    slow = await _post(_server(), *bodies)
    assert len(replies_built) == len(bodies)
    assert fast == slow
    status, content = fast[0]
    answer = json.loads(content)
    assert status == 200 and list(answer) == ["jsonrpc", "id", "result"]
    assert answer["result"]["structuredContent"]["inf"] is None  # the runner's JSON dump said null for it
    assert answer["result"]["structuredContent"]["nested"] == {"x": [None, {"y": None}]}


@pytest.mark.parametrize("middleware", ["otel", "own"])
async def test_a_server_with_middleware_is_answered_through_the_model(
    replies_built: list[Any], middleware: str
) -> None:
    (status, content), *_ = await _post(_server(middleware), _call("whoami", 1))
    assert len(replies_built) == 1 and status == 200
    assert json.loads(content)["result"]["content"][0]["text"] == "a\nb"


def test_only_a_core_spec_result_without_middleware_is_plain() -> None:
    server = _server()
    plain = modern_exchange._plain_result
    assert plain(server, "tools/call", {"content": [], "resultType": "complete"})
    assert not plain(server, "my/method", {"resultType": "complete"})  # not a spec method: the handler's own dict
    assert not plain(server, "tools/call", {"resultType": "x-extension"})  # an extension's shape, not sieved
    assert not plain(server, "tools/call", {"resultType": ["not", "hashable"]})  # no TypeError: the model decides
    assert not plain(_server("otel"), "tools/call", {"resultType": "complete"})
    assert not plain(_server("own"), "tools/call", {"resultType": "complete"})


# ---- an upstream's answer read from stdout (stdio_pipe._parsed) ----

LINES = [
    b'{"jsonrpc":"2.0","id":17,"result":{"content":[{"type":"text","text":"Echo: hi \\"error\\""}]}}',
    b'{"result":{"isError":true,"content":[]},"jsonrpc":"2.0","id":"s"}',
    b'{"jsonrpc":"2.0","id":1.0,"result":{}}',  # read as the id 1 either way
    b'{"jsonrpc":"2.0","id":true,"result":{}}',
    b'{"jsonrpc":"2.0","id":1,"result":{},"method":"x"}',  # also a request: the union says which
    b'{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}',  # also an error
    b'{"jsonrpc":"2.0","id":1,"result":{},"\\u006dethod":"x"}',  # a key written with an escape
    b'{"jsonrpc":"2.0","id":1,"result":{"text":"caf\\u00e9"}}',
    b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}',
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}',
    b'{"jsonrpc":"2.0","id":3,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":3,"result":[]}',  # no response: the union's error
    b'{"jsonrpc":"2.0","id":3}',
    b'{"jsonrpc":"2.0","id":3,"result":{}',  # cut short
    b"not a message",
    b"[]",
]


def _union(line: bytes) -> SessionMessage | Exception:
    try:
        return SessionMessage(mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False))
    except ValueError as exc:
        return exc


@pytest.mark.parametrize("line", LINES)
def test_a_line_is_read_as_the_sdk_union_reads_it(line: bytes) -> None:
    ours, sdk = stdio_pipe._parsed(line), _union(line)
    if isinstance(sdk, Exception):
        assert type(ours) is type(sdk) and str(ours) == str(sdk)
    else:
        assert isinstance(ours, SessionMessage)
        assert type(ours.message) is type(sdk.message) and ours.message == sdk.message


class _CountingUnion:
    def __init__(self, adapter: Any) -> None:
        self.adapter = adapter
        self.calls = 0

    def validate_json(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.adapter.validate_json(*args, **kwargs)


def test_a_response_is_read_without_the_union(monkeypatch: pytest.MonkeyPatch) -> None:
    union = _CountingUnion(mcp_types.jsonrpc_message_adapter)
    monkeypatch.setattr(mcp_types, "jsonrpc_message_adapter", union)
    message = stdio_pipe._parsed(LINES[0])
    assert isinstance(message, SessionMessage) and isinstance(message.message, mcp_types.JSONRPCResponse)
    assert union.calls == 0
    stdio_pipe._parsed(LINES[9])  # a notification: the union reads it
    assert union.calls == 1


# ---- a message written to the server's stdin (stdio_pipe._PipeWriter) ----

RECORDER = r"""
import os, sys
out = open(sys.argv[1], "ab")
for line in sys.stdin.buffer:
    out.write(line); out.flush()
    os.write(1, b'{"jsonrpc":"2.0","method":"read"}\n')
"""


def _params(tmp_path: Path, record: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-c", RECORDER, str(record)], cwd=str(tmp_path))


@pytest.fixture
def wrapper_sends(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """What anyio's stream over the pipe is asked to send."""
    sent: list[bytes] = []
    original = StreamWriterWrapper.send

    async def counted(self: StreamWriterWrapper, item: bytes) -> None:
        sent.append(item)
        await original(self, item)

    monkeypatch.setattr(StreamWriterWrapper, "send", counted)
    return sent


async def _read_back(read: Any, lines: int) -> None:
    """Until the server says it has recorded ``lines`` lines."""
    with anyio.fail_after(10):
        for _ in range(lines):
            assert (await read.receive()).message.method == "read"


def _recorded(record: Path) -> bytes:
    return record.read_bytes()


async def test_a_message_goes_to_stdin_without_anyios_send_and_the_same_bytes(
    tmp_path: Path, wrapper_sends: list[bytes]
) -> None:
    record = tmp_path / "r.jsonl"
    messages: list[JSONRPCRequest | JSONRPCNotification] = [
        JSONRPCRequest(jsonrpc="2.0", id=1, method="tools/call", params={"name": "é", "arguments": {"x": [1, None]}}),
        JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized"),
    ]
    async with stdio_pipe.stdio_transport(_params(tmp_path, record)) as (read, write):
        for message in messages:
            await write.send(SessionMessage(message))
        await _read_back(read, 2)
    written = _recorded(record)
    assert wrapper_sends == []  # straight to asyncio's writer: no shielded sleep(0) after each write
    expected = b"".join(m.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n" for m in messages)
    assert written == expected


async def test_a_send_in_a_cancelled_scope_raises_and_writes_nothing(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    ping = SessionMessage(JSONRPCRequest(jsonrpc="2.0", id=1, method="ping"))
    async with stdio_pipe.stdio_transport(_params(tmp_path, record)) as (read, write):
        with anyio.CancelScope() as scope:
            scope.cancel()
            await write.send(ping)
            raise AssertionError("the send went on in a cancelled scope")  # pragma: no cover
        await write.send(SessionMessage(JSONRPCRequest(jsonrpc="2.0", id=2, method="ping")))
        await _read_back(read, 1)
    assert json.loads(_recorded(record))["id"] == 2


async def test_a_stream_without_asyncios_writer_is_sent_to_as_before() -> None:
    send, receive = anyio.create_memory_object_stream[bytes](1)
    broken: list[bool] = []
    writer = stdio_pipe._PipeWriter(send, lambda: broken.append(True), "utf-8", "strict")  # type: ignore[arg-type]
    await writer.send(SessionMessage(JSONRPCRequest(jsonrpc="2.0", id=1, method="ping")))
    assert json.loads(receive.receive_nowait()) == {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    await receive.aclose()
    await writer.send(SessionMessage(JSONRPCRequest(jsonrpc="2.0", id=2, method="ping")))  # the reader is gone
    assert broken == [True]
    send.close()
