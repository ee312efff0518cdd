"""FastMCP's proxy (``create_proxy``) over streamable HTTP; run with .cache/venvs/fastmcp/bin/python.

    fastmcp_proxy.py --port P --backend {fresh,reused} (--url URL | -- COMMAND ARGS...)

``fresh``: ``create_proxy(transport)``, FastMCP's default, which opens a backend session per request.
``reused``: ``create_proxy(client)`` with one already-connected backend ``Client`` shared by every request.
"""

import argparse
import asyncio

from fastmcp import Client  # type: ignore[import-not-found]
from fastmcp.client.transports import StdioTransport, StreamableHttpTransport  # type: ignore[import-not-found]
from fastmcp.server import create_proxy  # type: ignore[import-not-found]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--backend", choices=["fresh", "reused"], required=True)
    parser.add_argument("--url")
    parser.add_argument("command", nargs="*")
    args = parser.parse_args()
    if args.url:
        transport = StreamableHttpTransport(args.url)
    else:
        transport = StdioTransport(command=args.command[0], args=args.command[1:])
    serve = {"show_banner": False, "host": "127.0.0.1", "port": args.port, "path": "/mcp", "log_level": "warning"}
    if args.backend == "fresh":
        await create_proxy(transport, name="fastmcp-proxy").run_http_async(**serve)
        return
    async with Client(transport) as client:
        await create_proxy(client, name="fastmcp-proxy").run_http_async(**serve)


if __name__ == "__main__":
    asyncio.run(main())
