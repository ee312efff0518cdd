"""A response's head and body leave in one socket write.

uvicorn writes the status line and headers when the app sends ``http.response.start`` and the body when it
sends ``http.response.body``: two ``send`` syscalls and two TCP segments for every answer, though a JSON
answer's body follows its head in the same step of the event loop. ``OneWrite`` wraps the connection's
transport: a write is held until the end of the current loop step, and a write that follows in that step
goes out together with it. Nothing waits longer than the step (an SSE stream's head leaves when its task
yields, before any event of it), the bytes and their order are the same, and closing the transport sends
what is held first.
"""

from __future__ import annotations

import asyncio
from typing import Any


class OneWrite:
    """An ``asyncio.Transport`` (uvicorn's HTTP connection) whose writes within one loop step leave as one."""

    __slots__ = ("_flush", "_held", "_loop", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None
        self._flush: asyncio.Handle | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        held = self._held
        if held is None:
            if not data:
                return
            self._held = bytes(data)
            self._flush = self._loop.call_soon(self.flush)
            return
        self._held = None
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        self._transport.write(held + data)

    def flush(self) -> None:
        """Send what is held now (the end of the loop step, or before anything else reaches the transport)."""
        held, self._held = self._held, None
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._held = None
        self._transport.abort()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:  # an upgrade: the new protocol writes itself
        self.flush()
        self._transport.set_protocol(protocol)

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + len(self._held or b"")

    def __getattr__(self, name: str) -> Any:  # is_closing, get_extra_info, pause_reading, resume_reading...
        return getattr(self._transport, name)
