"""How long an idle HTTP/1.1 connection stays open, and never closing one whose next request has arrived.

uvicorn closes a kept-alive connection ``timeout_keep_alive`` seconds (default 5) after its last response,
from a timer. Under load the event loop runs late, and libuv runs due timers before it polls sockets: a
request that reached the socket before the deadline, but that the loop had not read yet, was dropped with
its connection, unanswered (the 10,000-session benchmark lost 329 calls so; the client sees end of stream
where the answer should be). Two changes, both here:

- ``KeepAliveProtocol``: when the timer fires with bytes already waiting in the socket, the connection is
  kept and the timer re-armed; the waiting request is read in the same loop iteration (which cancels it).
- Idle connections stay open ``KEEP_ALIVE_S`` (75 s), longer than the idle timeouts of the proxies that keep
  connections to mcp-sim (nginx's upstream ``keepalive_timeout`` and AWS ALB's idle timeout are 60 s): a
  proxy must give up an idle connection before the server does, or it races the server's close the same
  way. Every response says so (``Keep-Alive: timeout=75``), so a client knows when not to reuse one.
- A graceful shutdown (a rolling restart replaces every worker) does not close idle connections at once, as
  uvicorn does: a client calling in a loop may be sending its next request on one at that moment, and would
  read end of stream instead of an answer. An idle connection stays open ``DRAIN_S`` longer, and the
  request that arrives meanwhile is answered with ``Connection: close``, so the client moves to a worker
  that stays. A connection still idle then is closed (by the same timer, so never with a request waiting).

Its transport also sends a response's head and body in one write (writes.py), and every request's scope
carries ``scope["extensions"][HANGUP]["on_lost"]`` (``Hangup.on_lost``): the app may ask to be called back
when the client hangs up before the response is complete, instead of running a task per request that waits
on ``receive()`` for it (response_modes.py).
"""

from __future__ import annotations

import asyncio
import fcntl
import struct
import termios
from collections.abc import Callable
from typing import Any, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from mcp_sim.serving.writes import OneWrite

KEEP_ALIVE_S = 75
DRAIN_S = 1.0
HANGUP = "mcp_sim.hangup"  # the key of a request's ``Hangup`` in its ASGI scope's ``extensions``


class Hangup:
    """The connection of one request was lost before its response was complete: ``on_lost`` is called back
    then (at once when that already happened)."""

    __slots__ = ("_callback", "lost")

    def __init__(self) -> None:
        self.lost = False
        self._callback: Callable[[], object] | None = None

    def on_lost(self, callback: Callable[[], object] | None) -> None:
        """Call ``callback`` when the connection is lost (None: no longer)."""
        self._callback = callback
        if callback is not None and self.lost:
            self.fire()

    def fire(self) -> None:
        self.lost = True
        callback, self._callback = self._callback, None
        if callback is not None:
            callback()


class KeepAliveProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, except that neither the keep-alive timer nor a graceful shutdown drops
    a request already sent."""

    draining = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.hangups: list[tuple[Any, Hangup]] = []  # (request cycle, its Hangup) of responses not known complete
        super().connection_made(cast(asyncio.Transport, OneWrite(transport, self.loop)))

    def connection_lost(self, exc: Exception | None) -> None:
        hangups, self.hangups = self.hangups, []
        super().connection_lost(exc)
        for cycle, hangup in hangups:
            if not cycle.response_complete:
                hangup.fire()

    def shutdown(self) -> None:
        self.draining = True
        if self.cycle is None or self.cycle.response_complete:
            if self.timeout_keep_alive_task is not None:
                self.timeout_keep_alive_task.cancel()
            self.timeout_keep_alive_task = self.loop.call_later(DRAIN_S, self.timeout_keep_alive_handler)
        else:
            self.cycle.keep_alive = False

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle.scope is self.scope:  # a new request (not an upgrade)
            hangup = Hangup()
            self.scope["extensions"] = {**self.scope.get("extensions", {}), HANGUP: {"on_lost": hangup.on_lost}}
            hangups = self.hangups
            if hangups:  # the previous requests' (answered, nearly always): only those not complete stay
                hangups = self.hangups = [(c, h) for c, h in hangups if not c.response_complete]
            hangups.append((cycle, hangup))
        if self.draining:  # answered, then closed: the client's next request goes to a worker that stays
            self.cycle.keep_alive = False

    def timeout_keep_alive_handler(self) -> None:
        if not self.transport.is_closing() and _bytes_waiting(self.transport) > 0:
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler
            )
            return
        super().timeout_keep_alive_handler()


def _bytes_waiting(transport: Any) -> int:
    """Bytes received on the connection's socket that the event loop has not read yet (0 if unknown)."""
    sock = transport.get_extra_info("socket")
    if sock is None:
        return 0
    try:
        waiting: int = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
    except OSError:  # closed meanwhile: nothing to keep it open for
        return 0
    return waiting


def uvicorn_options() -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.Config`` that set the keep-alive behaviour above."""
    return {
        "http": KeepAliveProtocol,
        "timeout_keep_alive": KEEP_ALIVE_S,
        "headers": [("Keep-Alive", f"timeout={KEEP_ALIVE_S}")],
    }
