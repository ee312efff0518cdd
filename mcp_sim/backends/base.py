"""The Backend Protocol: a real tool server behind mcp-sim."""

from __future__ import annotations

from typing import Any, Protocol

from mcp.types import CallToolResult, Tool

from mcp_sim.outcome import ProgressFn


class Backend(Protocol):
    """A real backend. Foreign exceptions are translated here: ``BackendUnavailable`` for a dead or
    unreachable server (the next call reconnects), ``ProtocolError`` for an upstream JSON-RPC error."""

    name: str

    async def list_tools(self) -> list[Tool]:
        """Every tool the backend offers, all pages read."""
        ...

    async def call(
        self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None, session: str | None = None
    ) -> CallToolResult:
        """Call ``tool`` by its upstream name for ``session``; the answer comes back unchanged."""
        ...

    async def end_session(self, session: str) -> None:
        """The session ended (reset, deleted, expired): release what the backend keeps for it."""
        ...
