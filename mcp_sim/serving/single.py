"""The SDK's single-exchange driver, without the teardown scope a connection with nothing to tear down pays for.

``mcp.server.runner.serve_one`` runs a ``ServerRunner``'s ``on_request`` once, then ``aclose_shielded``: the
connection's exit stack unwound under ``anyio.move_on_after(5, shield=True)``, so that cleanup callbacks run even
when the request is cancelled and a hung one cannot wedge shutdown. A request's connection (made per request by
``Connection.from_envelope``) holds a callback only when a handler pushed one; mcp-sim's handlers push none, and
the scope (a cancel scope with a deadline: a timer scheduled and cancelled, the task's scope stack walked twice)
was about 2 % of a simulated call's server CPU (py-spy, ``benchmarks.profile_cpu --case sim-2026 --spy``).
Unwinding an empty ``AsyncExitStack`` runs nothing and never suspends, so skipping it changes nothing; a stack
that holds anything, or one whose callbacks cannot be seen, is unwound exactly as the SDK does it.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AsyncExitStack
from typing import Any

from mcp.server import Server
from mcp.server.connection import Connection
from mcp.server.runner import ServerRunner, aclose_shielded
from mcp.shared.dispatcher import DispatchContext
from mcp.shared.transport_context import TransportContext


async def serve_one(
    server: Server[Any],
    dctx: DispatchContext[TransportContext],
    method: str,
    params: Mapping[str, Any] | None,
    *,
    connection: Connection,
    lifespan_state: Any,
) -> dict[str, Any]:
    """``mcp.server.runner.serve_one(server, dctx, method, params, connection=..., lifespan_state=...)``: the same
    runner, the same result or exception; the connection's teardown only when it has something to tear down."""
    runner = ServerRunner(server, connection, lifespan_state)
    try:
        return await runner.on_request(dctx, method, params)
    finally:
        if not _nothing_to_unwind(connection.exit_stack):
            await aclose_shielded(connection)


def _nothing_to_unwind(stack: AsyncExitStack) -> bool:
    """Whether ``stack`` holds no callback (contextlib keeps them in ``_exit_callbacks``; a stack without that
    attribute is taken to hold some)."""
    callbacks = getattr(stack, "_exit_callbacks", None)
    return callbacks is not None and not callbacks
