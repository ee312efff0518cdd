"""A small Python SDK upstream over streamable HTTP: one ``echo`` tool, answered like server-everything's.

Also the direct baseline of section 1: an HTTP MCP tool server on the same SDK, both protocol eras.
``python -m benchmarks.upstream_http --port P``
"""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams, TextContent, Tool
from starlette.applications import Starlette

ECHO = Tool(
    name="echo",
    description="Echoes back the input string",
    input_schema={"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]},
)


async def list_tools(ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams | None) -> ListToolsResult:
    return ListToolsResult(tools=[ECHO])


async def call_tool(ctx: ServerRequestContext[Any, Any], params: CallToolRequestParams) -> CallToolResult:
    if params.name != "echo":
        raise MCPError(-32602, f"Unknown tool: {params.name}")
    message = (params.arguments or {}).get("message")
    return CallToolResult(content=[TextContent(type="text", text=f"Echo: {message}")])


def app() -> Starlette:
    server = Server(
        "bench-upstream",
        version="1.0.0",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        get_tool_input_schema=lambda name: ECHO.input_schema if name == "echo" else None,
    )
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    mcp_app = server.streamable_http_app(streamable_http_path="/mcp", transport_security=security)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with server.session_manager.run():
            yield

    return Starlette(routes=list(mcp_app.routes), lifespan=lifespan)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(app(), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
