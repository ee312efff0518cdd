"""The stdio transport without a writer task: the server reads the bytes the SDK's transport writes, the session
reads what the SDK's would, a dead server ends the session the same way, and shutdown ends the server's group."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import mcp.client.stdio
import pytest
from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCNotification, JSONRPCRequest

from mcp_sim.backends import stdio_pipe
from mcp_sim.backends.stdio_pipe import stdio_transport

# records every line it reads; answers a request with what it read, after a line that is no message
SERVER = r"""
import json, os, sys
out = open(sys.argv[1], "ab")
os.write(1, b"not a message\n")
for line in sys.stdin.buffer:
    out.write(line); out.flush()
    message = json.loads(line)
    if "id" in message:
        answer = {"jsonrpc": "2.0", "id": message["id"], "result": {"read": message}}
        os.write(1, (json.dumps(answer, ensure_ascii=False) + "\n").encode())
    if message.get("method") == "exit":
        os._exit(0)
"""

MESSAGES: list[JSONRPCRequest | JSONRPCNotification] = [
    JSONRPCRequest(jsonrpc="2.0", id=1, method="tools/call", params={"name": "é", "arguments": {"x": [1, None]}}),
    JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized"),
    JSONRPCRequest(jsonrpc="2.0", id="two", method="ping"),
]

Opener = Callable[[StdioServerParameters], Any]
TRANSPORTS: list[tuple[str, Opener]] = [("sdk", stdio_client), ("pipe", stdio_transport)]


def _params(tmp_path: Path, script: str, *args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-c", script, *args], cwd=str(tmp_path))


async def _exchange(opener: Opener, params: StdioServerParameters) -> list[str]:
    seen: list[str] = []
    async with opener(params) as (read, write):
        for message in MESSAGES:
            await write.send(SessionMessage(message))
        for _ in range(3):  # the line that is no message, then the two answers
            item = await read.receive()
            seen.append(type(item).__name__ if isinstance(item, Exception) else item.message.model_dump_json())
    return seen


async def test_the_server_reads_the_same_bytes_and_the_session_the_same_messages(tmp_path: Path) -> None:
    results = {}
    for name, opener in TRANSPORTS:
        record = tmp_path / f"{name}.jsonl"
        seen = await _exchange(opener, _params(tmp_path, SERVER, str(record)))
        results[name] = (seen, record.read_bytes())
    assert results["pipe"] == results["sdk"]
    seen, written = results["pipe"]
    assert seen[0] == "ValidationError" and '"read":{"jsonrpc":"2.0","id":1' in seen[1].replace(" ", "")
    assert written.decode().count("\n") == 3 and "é" in written.decode()


@pytest.mark.parametrize(("name", "opener"), TRANSPORTS)
async def test_a_server_gone_ends_the_session_and_later_sends_are_lost(
    tmp_path: Path, name: str, opener: Opener
) -> None:
    record = tmp_path / "r.jsonl"
    async with opener(_params(tmp_path, SERVER, str(record))) as (read, write):
        await write.send(SessionMessage(JSONRPCNotification(jsonrpc="2.0", method="exit")))
        assert isinstance(await read.receive(), Exception)  # the line that is no message
        with pytest.raises(anyio.EndOfStream):
            await read.receive()  # its stdout ended with it
        for _ in range(3):  # lost, as the server is: never a hang, nor another error
            with contextlib.suppress(anyio.BrokenResourceError):
                await write.send(SessionMessage(MESSAGES[2]))


async def test_shutdown_ends_a_server_that_ignores_its_stdin_and_sigterm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stdio_pipe, "PROCESS_TERMINATION_TIMEOUT", 0.1)
    monkeypatch.setattr(stdio_pipe, "KILL_TIMEOUT_S", 0.2)
    stubborn = (
        "import json, os, signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print(json.dumps({'jsonrpc': '2.0', 'method': 'pid', 'params': {'pid': os.getpid()}}), flush=True); "
        "sys.stdin.read(); time.sleep(60)"
    )
    async with stdio_transport(_params(tmp_path, stubborn)) as (read, _):
        said = await read.receive()
        pid = int(said.message.params["pid"])  # type: ignore[union-attr,index]
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)  # its whole group is gone (it leads a session of its own)


@pytest.mark.parametrize(("name", "opener"), TRANSPORTS)
async def test_a_write_that_finds_the_server_gone_ends_a_receive_in_progress(
    tmp_path: Path, name: str, opener: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stdio_pipe, "PROCESS_TERMINATION_TIMEOUT", 0.1)  # it never exits by itself
    monkeypatch.setattr(mcp.client.stdio, "PROCESS_TERMINATION_TIMEOUT", 0.1)
    deaf = "import os, sys, time; os.close(0); print('ready', flush=True); time.sleep(60)"  # stdout stays open
    async with opener(_params(tmp_path, deaf)) as (read, write):
        assert isinstance(await read.receive(), Exception)  # "ready" is no message
        ended: list[str] = []

        async def receiving() -> None:
            try:
                await read.receive()
            except anyio.EndOfStream:
                ended.append("EndOfStream")

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(receiving)
            await anyio.wait_all_tasks_blocked()  # the receive waits on stdout
            for _ in range(3):  # the first write that fails ends the receive
                with contextlib.suppress(anyio.BrokenResourceError):
                    await write.send(SessionMessage(MESSAGES[2]))
        assert ended == ["EndOfStream"]


async def test_shutdown_stops_a_receive_in_progress_and_drains_what_the_server_still_writes(tmp_path: Path) -> None:
    done = tmp_path / "done"
    # on stdin's end it writes far more than a pipe holds, then notes that it got through
    flusher = (
        f"import sys; sys.stdin.read(); sys.stdout.write('x' * 1_000_000); sys.stdout.flush(); open({str(done)!r}, 'w')"
    )
    received: list[str] = []
    async with stdio_transport(_params(tmp_path, flusher)) as (read, _):

        async def receiving() -> None:
            try:
                await read.receive()
            except anyio.ClosedResourceError:
                received.append("closed")

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(receiving)
            await anyio.wait_all_tasks_blocked()
            await read.aclose()  # as the session's teardown does
    assert received == ["closed"]
    assert done.exists()  # its output was drained: it finished before its grace period ran out
