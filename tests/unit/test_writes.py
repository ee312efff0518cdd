"""A response's head and body leave in one socket write (serving/writes.py), with the same bytes in order."""

from __future__ import annotations

import asyncio
from typing import Any

from mcp_sim.serving.writes import OneWrite


class FakeTransport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False
        self.aborted = False

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 1)}.get(name, default)


def one_write(transport: FakeTransport) -> OneWrite:
    return OneWrite(transport, asyncio.get_running_loop())  # type: ignore[arg-type]


async def test_writes_of_one_loop_step_leave_together() -> None:
    transport = FakeTransport()
    wrapped = one_write(transport)
    wrapped.write(b"HTTP/1.1 200 OK\r\n\r\n")
    assert transport.writes == []
    wrapped.write(b"{}")
    assert transport.writes == [b"HTTP/1.1 200 OK\r\n\r\n{}"]
    await asyncio.sleep(0)
    assert transport.writes == [b"HTTP/1.1 200 OK\r\n\r\n{}"]  # nothing left to send twice


async def test_a_lone_write_leaves_at_the_end_of_the_step() -> None:
    transport = FakeTransport()
    wrapped = one_write(transport)
    wrapped.write(b"head")
    assert wrapped.get_write_buffer_size() == 4
    await asyncio.sleep(0)
    assert transport.writes == [b"head"]
    wrapped.write(b"event")  # a later write is held again, then leaves on its own
    await asyncio.sleep(0)
    assert transport.writes == [b"head", b"event"]


async def test_close_sends_what_is_held_first_and_abort_drops_it() -> None:
    transport = FakeTransport()
    wrapped = one_write(transport)
    wrapped.write(b"bye")
    wrapped.close()
    assert transport.writes == [b"bye"] and transport.closed
    await asyncio.sleep(0)
    assert transport.writes == [b"bye"]
    other = FakeTransport()
    dropped = one_write(other)
    dropped.write(b"lost")
    dropped.abort()
    await asyncio.sleep(0)
    assert other.writes == [] and other.aborted


async def test_empty_writes_and_other_attributes_pass_through() -> None:
    transport = FakeTransport()
    wrapped = one_write(transport)
    wrapped.write(b"")
    await asyncio.sleep(0)
    assert transport.writes == []
    assert wrapped.get_extra_info("peername") == ("127.0.0.1", 1)
    assert not wrapped.is_closing()


async def test_nothing_is_written_to_a_transport_closed_meanwhile() -> None:
    transport = FakeTransport()
    wrapped = one_write(transport)
    wrapped.write(b"late")
    transport.closed = True  # the peer went away before the step ended
    await asyncio.sleep(0)
    assert transport.writes == []
