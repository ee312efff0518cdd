"""The straightforward SDK forwarder: low-level ``Server`` + ``Client``, SDK defaults, nothing else.

Section 1's reference point for "what the SDK costs by itself": one upstream over stdio (or HTTP), its
tools listed once, every call forwarded with ``session.call_tool``. No validation, session state, turn
record, logging or response-mode routing.  ``python -m benchmarks.sdk_forwarder --port P (--url U | -- CMD...)``
"""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from mcp import Client, StdioServerParameters
from mcp.server import Server, ServerRequestContext
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams, Tool
from starlette.applications import Starlette


def app(target: str | StdioServerParameters) -> Starlette:
    upstream: dict[str, Any] = {}
    tools: list[Tool] = []

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams | None) -> ListToolsResult:
        return ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: CallToolRequestParams) -> CallToolResult:
        client: Client = upstream["client"]
        return await client.session.call_tool(params.name, params.arguments)

    schemas: dict[str, dict[str, Any]] = {}
    server = Server(
        "sdk-forwarder",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        get_tool_input_schema=schemas.get,
    )
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    mcp_app = server.streamable_http_app(streamable_http_path="/mcp", transport_security=security)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with Client(target) as client, server.session_manager.run():
            upstream["client"] = client
            tools.extend((await client.list_tools()).tools)
            schemas.update({t.name: t.input_schema for t in tools})
            yield

    return Starlette(routes=list(mcp_app.routes), lifespan=lifespan)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--url")
    parser.add_argument("command", nargs="*")
    args = parser.parse_args()
    target = args.url or StdioServerParameters(command=args.command[0], args=args.command[1:])
    uvicorn.run(app(target), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
