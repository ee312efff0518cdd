"""A stdio transport for the SDK's ``Client`` whose writes go straight to the server's stdin.

The SDK's ``stdio_client`` bridges the server's pipes to the session with two tasks: a message the session sends
goes into a memory stream, and a writer task takes it out, serializes it and writes it to stdin; a reader task
decodes stdout as text, splits lines and hands each parsed message on. Profiled on the real route
(``benchmarks.profile_cpu --case stdio-2026 --profile``), the writer's hop (the stream, the task switch, anyio's
wrappers) was the largest part of that bridge. Here the session's ``send`` serializes and writes to stdin itself, in
the sending task (the bytes and their order are the same: a write is appended to the pipe's buffer at once, then
drained). Reading has no task of its own either: the session's ``receive`` (its dispatcher's read loop) reads
stdout itself, splits the bytes on newlines (UTF-8 never has a newline byte inside a character) and parses each line
as the SDK does (``jsonrpc_message_adapter.validate_json``; a line that is not a message is handed on as its
exception, as there); a reader task handing each message on through a memory stream cost a task switch and the
stream's work per message.

What the SDK's transport does around that is done the same way, with its public pieces: the server is spawned in
a session of its own (``start_new_session``) with the SDK's default environment (``get_default_environment``) and
stderr to ``errlog``; a write that fails (the server is gone) ends the session's read side, so pending requests
end as with a closed connection, and later sends raise ``BrokenResourceError``; shutdown stops the session's
read, drains stdout (a server flushing its output can exit), closes stdin, waits up to
``PROCESS_TERMINATION_TIMEOUT`` for the server to exit, then ends its process group
(``terminate_posix_process_tree``), without ever waiting on the pipes of a child that outlives it. Windows keeps the
SDK's own transport (``stdio_transport`` says which).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from types import TracebackType
from typing import Any, TextIO

import anyio
import anyio.lowlevel
import mcp_types
from anyio.abc import ByteReceiveStream, ByteSendStream, Process
from mcp import StdioServerParameters
from mcp.client import Transport
from mcp.client.stdio import PROCESS_TERMINATION_TIMEOUT, get_default_environment, stdio_client
from mcp.os.posix.utilities import terminate_posix_process_tree
from mcp.shared.message import SessionMessage

logger = logging.getLogger("mcp.client.stdio")  # the SDK transport's logger: its messages stay where they were

KILL_TIMEOUT_S = 2.0  # after SIGTERM to the group, before SIGKILL (the SDK's FORCE_KILL_TIMEOUT)
REAP_TIMEOUT_S = 2.0  # for the event loop to see the killed server exit
POLL_S = 0.01


def stdio_transport(params: StdioServerParameters, errlog: TextIO = sys.stderr) -> Transport:
    """This module's transport on POSIX; the SDK's ``stdio_client`` elsewhere."""
    if sys.platform == "win32":  # pragma: no cover - job objects and the executable lookup are the SDK's
        return stdio_client(params, errlog)
    return _pipe_transport(params, errlog)


class _PipeWriter:
    """The session's write stream: each message serialized and written to stdin by the task that sends it.

    On asyncio, the message goes to the pipe's ``asyncio.StreamWriter`` (the one anyio's process stream wraps) as that
    stream's ``send`` puts it there: the cancellation check first, then ``write`` and ``drain`` (which waits only while
    the pipe's buffer is over its high-water mark, and raises once the pipe is lost), with the same errors meaning a
    lost server. Only the stream's last step is left out: a shielded ``sleep(0)`` after an unpaused write, a trip
    through the event loop per message that hands nothing over (the message is in the pipe's buffer already, and the
    sending task waits for its answer next). It cost about 4 us a forwarded call, with its scope. A stream without
    such a writer (another anyio backend) is sent to as before."""

    def __init__(self, stdin: ByteSendStream, on_broken: Callable[[], None], encoding: str, errors: str) -> None:
        self._stdin = stdin
        self._on_broken = on_broken
        self._encoding = encoding
        self._errors = errors
        self._closed = False
        self._broken = False
        writer = getattr(stdin, "_stream", None)  # anyio's StreamWriterWrapper keeps asyncio's writer there
        self._writer = writer if isinstance(writer, asyncio.StreamWriter) else None

    async def send(self, item: SessionMessage, /) -> None:
        if self._closed:
            raise anyio.ClosedResourceError
        if self._broken:
            raise anyio.BrokenResourceError
        data = (item.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n").encode(
            self._encoding, self._errors
        )
        try:
            writer = self._writer
            if writer is None:
                await self._stdin.send(data)
                return
            await anyio.lowlevel.checkpoint_if_cancelled()
            try:
                writer.write(data)
                await writer.drain()
            except RuntimeError:  # uvloop's write on a closed pipe: anyio's stream says closed or broken then
                if not writer.is_closing():
                    raise
                raise anyio.BrokenResourceError from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            # as the SDK's writer task: the message is lost, and the session sees its connection end
            self._broken = True
            self._on_broken()

    def close(self) -> None:
        self._closed = True

    async def aclose(self) -> None:
        self._closed = True

    async def __aenter__(self) -> _PipeWriter:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._closed = True


class _PipeReader:
    """The session's read stream: the task that receives reads the server's stdout itself, one chunk at a time,
    and hands on one parsed line per ``receive``. ``end`` (a write found the server gone) makes it end as a
    closed connection does; ``close`` (shutdown) as a closed stream does. Either stops a read in progress."""

    def __init__(self, stdout: ByteReceiveStream, state: dict[str, bool]) -> None:
        self._stdout = stdout
        self._state = state
        self._lines: deque[bytes] = deque()
        self._partial = b""
        self._ended = False  # stdout ended, or the server is gone: EndOfStream once the lines read are handed on
        self._closed = False  # our side closed: ClosedResourceError
        self._reading: anyio.CancelScope | None = None  # the read of stdout in progress
        self._released: anyio.Event | None = None  # set when that read ends (made only when awaited)

    async def receive(self) -> SessionMessage | Exception:
        while True:
            if self._closed:
                raise anyio.ClosedResourceError
            if self._lines:
                return _parsed(self._lines.popleft())
            if self._ended:
                raise anyio.EndOfStream
            await self._read()

    async def _read(self) -> None:
        with anyio.CancelScope() as reading:
            self._reading = reading
            try:
                chunk = await self._stdout.receive()
            except (anyio.EndOfStream, anyio.ClosedResourceError):  # its end, or our own shutdown closed it
                self._ended = True
                return
            except (anyio.BrokenResourceError, ConnectionError):
                if not self._state["shutting_down"]:
                    logger.exception("Reading from the MCP server's stdout failed mid-session")
                self._ended = True
                return
            finally:
                self._reading = None
                if self._released is not None:
                    self._released.set()
            lines = (self._partial + chunk).split(b"\n")
            self._partial = lines.pop()
            self._lines.extend(lines)

    def end(self) -> None:
        self._ended = True
        self._lines.clear()
        if self._reading is not None:
            self._reading.cancel()

    def close(self) -> None:
        self._closed = True
        if self._reading is not None:
            self._reading.cancel()

    async def released(self) -> None:
        """Until no read of stdout is in progress (after ``close``: until the reading task has let go of it)."""
        if self._reading is not None:
            self._released = anyio.Event()
            await self._released.wait()

    async def aclose(self) -> None:
        self.close()

    def __aiter__(self) -> _PipeReader:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> _PipeReader:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


@asynccontextmanager
async def _pipe_transport(params: StdioServerParameters, errlog: TextIO) -> AsyncIterator[Any]:
    process = await anyio.open_process(
        [params.command, *params.args],
        env=get_default_environment() | (params.env or {}),
        stderr=errlog,
        cwd=params.cwd,
        start_new_session=True,
    )
    assert process.stdin is not None and process.stdout is not None, "spawned with pipes"
    # no awaits from here until the task group is entered: a cancellation in between would leak the process
    state = {"shutting_down": False}
    reader = _PipeReader(process.stdout, state)
    writer = _PipeWriter(process.stdin, reader.end, params.encoding, params.encoding_error_handler)

    async with anyio.create_task_group() as tasks:
        try:
            yield reader, writer
        finally:
            state["shutting_down"] = True
            with anyio.CancelScope(shield=True):  # every wait inside is bounded
                reader.close()  # the session's read stops, and lets go of stdout
                writer.close()
                await reader.released()
                tasks.start_soon(_drain, process.stdout)  # until _stop closes stdout
                await _stop(process)
                await anyio.lowlevel.checkpoint()
            tasks.cancel_scope.cancel()
    await anyio.lowlevel.cancel_shielded_checkpoint()


def _parsed(line: bytes) -> SessionMessage | Exception:
    if _only_a_response(line):
        try:
            return SessionMessage(_RESPONSE(line, by_name=False))
        except ValueError:
            pass  # the union's own error (or answer), below
    try:
        message = mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValueError as exc:
        logger.exception("Failed to parse JSONRPC message from server")
        return exc
    return SessionMessage(message)


def _only_a_response(line: bytes) -> bool:
    """Whether the SDK's union (request, notification, response, error) can only read ``line`` as a response, if as
    anything: a line without the keys ``method`` and ``error`` validates as no other member, so validating it as
    ``JSONRPCResponse`` alone gives the union's answer, without trying the other three first (2.4 us against 5.1 us
    for an ``echo`` answer). Looked for as bytes: a key is its quoted name, or written with ``\\u`` escapes, which
    send the line to the union. A line that is no response after all goes to the union too, for its error."""
    return b'"method"' not in line and b'"error"' not in line and b"\\u" not in line


_RESPONSE = mcp_types.JSONRPCResponse.model_validate_json


async def _drain(stdout: ByteReceiveStream) -> None:
    """Read and drop what the server still writes, so a server flushing its output can exit."""
    with (
        anyio.CancelScope(shield=True),
        suppress(anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError, ConnectionError, OSError),
    ):
        while True:
            await stdout.receive()


async def _stop(process: Process) -> None:
    """Close stdin, give the server its grace period, then end its process group; never wait on pipes."""
    assert process.stdin is not None and process.stdout is not None
    with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
        await process.stdin.aclose()
    if not await _exited(process, PROCESS_TERMINATION_TIMEOUT):
        await terminate_posix_process_tree(process, KILL_TIMEOUT_S)
        if not await _exited(process, REAP_TIMEOUT_S):
            logger.warning("MCP server process %d is still alive after the kill escalation; abandoning it", process.pid)
    with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
        await process.stdout.aclose()
    # asyncio's subprocess transport stays open while a surviving child holds a pipe end (and warns when collected);
    # anyio exposes no handle on it, hence the duck-typed walk (uvloop's transport is no asyncio.SubprocessTransport)
    close = getattr(getattr(getattr(process, "_process", None), "_transport", None), "close", None)
    if callable(close):
        with suppress(PermissionError):
            close()


async def _exited(process: Process, timeout_s: float) -> bool:
    """Whether the server exited within ``timeout_s``, by its return code (``wait()`` would also wait for the pipes
    to close, which a child that inherited them keeps open)."""
    deadline = anyio.current_time() + timeout_s
    while process.returncode is None:
        if anyio.current_time() >= deadline:
            return False
        await anyio.sleep(POLL_S)
    return True
