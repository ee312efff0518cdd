"""A scripted OpenAI-compatible chat endpoint served by uvicorn on 127.0.0.1, for faults a real LLM server
cannot produce on demand: 429/5xx answers, dropped connections, a call held open until the test lets go.
"""

from __future__ import annotations

import json
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route


@dataclass
class Reply:
    """One scripted answer: content streamed word by word, or an HTTP error status."""

    content: str = ""
    reasoning: str = ""
    status: int = 200
    retry_after: str | None = None
    hold: anyio.Event | None = None  # wait for this before answering (a slow call)
    hold_midway: anyio.Event | None = None  # stream half the content, then wait (a call cancelled mid-stream)
    drop: bool = False  # break the connection after the first chunk
    raw: str | None = None  # a stream body sent as is (malformed events)


@dataclass
class FakeEndpoint:
    replies: list[Reply] = field(default_factory=list)
    script: Callable[[dict[str, Any]], Reply] | None = None  # chooses a reply from the request body
    requests: list[dict[str, Any]] = field(default_factory=list)
    clients: list[tuple[str, int]] = field(default_factory=list)  # the connection (host, port) of each request
    headers: list[list[tuple[str, str]]] = field(default_factory=list)  # each request's headers, in their order
    in_flight: int = 0
    max_in_flight: int = 0
    closed_midway: int = 0  # streams the client closed before the end
    closed: anyio.Event = field(default_factory=anyio.Event)  # set when a stream is closed midway
    arrivals: tuple[Any, Any] = field(default_factory=lambda: anyio.create_memory_object_stream[int](1000))

    async def wait_for_requests(self, n: int) -> None:
        """Wait until ``n`` more requests have arrived (an event per request, no polling)."""
        for _ in range(n):
            await self.arrivals[1].receive()

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/v1/chat/completions", self._chat, methods=["POST"])])

    async def _chat(self, request: Request) -> Response:
        body = await request.json()
        self.requests.append(body)
        self.headers.append([(k.decode("latin-1"), v.decode("latin-1")) for k, v in request.headers.raw])
        if request.client is not None:
            self.clients.append((request.client.host, request.client.port))
        self.arrivals[0].send_nowait(len(self.requests))
        reply = self.script(body) if self.script else (self.replies.pop(0) if self.replies else Reply("{}"))
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if reply.hold is not None:
                await reply.hold.wait()
        finally:
            self.in_flight -= 1
        if reply.raw is not None:
            return Response(reply.raw, media_type="text/event-stream")
        if reply.status != 200:
            headers = {"retry-after": reply.retry_after} if reply.retry_after else None
            return JSONResponse({"error": {"message": f"scripted {reply.status}"}}, reply.status, headers)
        return StreamingResponse(self._events(reply), media_type="text/event-stream")

    async def _events(self, reply: Reply) -> AsyncIterator[str]:
        words = [w + " " for w in reply.content.split(" ")] if reply.content else []
        if words:
            words[-1] = words[-1][:-1]
        thoughts = [w + " " for w in reply.reasoning.split(" ")] if reply.reasoning else []
        finished = False
        try:
            for word in thoughts:
                yield _chunk({"reasoning_content": word})
            if reply.drop:
                yield _chunk({"content": "partial "})
                raise ConnectionResetError("scripted drop")  # uvicorn aborts the half-sent response
            for i, word in enumerate(words):
                if reply.hold_midway is not None and i == len(words) // 2:
                    await reply.hold_midway.wait()
                yield _chunk({"content": word})
            yield _chunk({}, finish="stop")
            usage = {"prompt_tokens": 100, "completion_tokens": len(words) + len(thoughts), "total_tokens": 0}
            yield "data: " + json.dumps({**_base(), "choices": [], "usage": usage}) + "\n\n"
            yield "data: [DONE]\n\n"
            finished = True
        finally:
            if not finished:
                self.closed_midway += 1
                self.closed.set()


def _base() -> dict[str, Any]:
    return {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": "fake"}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> str:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return "data: " + json.dumps({**_base(), "choices": [choice]}) + "\n\n"


@asynccontextmanager
async def serving(endpoint: FakeEndpoint) -> AsyncIterator[str]:
    """Serve ``endpoint`` on a free loopback port; yields its base URL (``.../v1``)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)  # connections queue in the backlog until uvicorn accepts them: no readiness polling
    port = sock.getsockname()[1]
    config = uvicorn.Config(endpoint.app(), log_level="warning", lifespan="off", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(server.serve, [sock])
        try:
            yield f"http://127.0.0.1:{port}/v1"
        finally:
            server.should_exit = True
    sock.close()
    endpoint.arrivals[0].close()
    endpoint.arrivals[1].close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
