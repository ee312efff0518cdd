"""An instant OpenAI-compatible chat endpoint on 127.0.0.1 that keeps every request body it receives.

It answers each request at once, streamed like vLLM, with a plausible observation of the call the request
asks about: the tool and arguments are read back from the current ``**Action:**`` block, and the answer is
a value of the tool's outputSchema (seeded by the request's seed) that carries the arguments' id and title,
so later calls of the session find the tickets earlier answers created. With ``upstream`` set it answers
nothing itself: it keeps the body and relays the request to that real server (vLLM), stream and all.
"""

from __future__ import annotations

import json
import random
import re
import socket
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Route

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.values import ValueMaker

ACTION = re.compile(r"\*\*Action:\*\*\n```json\n(.*?)\n```", re.S)


@dataclass
class FakeChat:
    tools: Sequence[ToolSpec]
    upstream: str | None = None  # base URL (``.../v1``) of a real server to relay to, keeping the bodies
    requests: list[dict[str, Any]] = field(default_factory=list)
    _http: httpx.AsyncClient = field(default_factory=lambda: httpx.AsyncClient(timeout=600))

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/v1/chat/completions", self._chat, methods=["POST"])])

    async def _chat(self, request: Request) -> StreamingResponse:
        body = await request.json()
        self.requests.append(body)
        if self.upstream is not None:
            return await self._relay(body)
        answer = f"<predicted_observation>{self.observation(body)}</predicted_observation>"
        prompt_chars = sum(len(m["content"]) for m in body["messages"])
        return StreamingResponse(_events(answer, prompt_chars // 4), media_type="text/event-stream")

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _relay(self, body: dict[str, Any]) -> StreamingResponse:
        upstream = await self._http.send(
            self._http.build_request("POST", f"{self.upstream}/chat/completions", json=body), stream=True
        )
        media_type = upstream.headers.get("content-type", "text/event-stream")
        background = BackgroundTask(upstream.aclose)
        return StreamingResponse(
            upstream.aiter_raw(), upstream.status_code, media_type=media_type, background=background
        )

    def observation(self, body: dict[str, Any]) -> str:
        action = ACTION.search(body["messages"][-1]["content"])
        call = json.loads(action.group(1)) if action else {"name": "", "arguments": {}}
        spec = next((t for t in self.tools if t.name == call["name"]), None)
        rng = random.Random(body.get("seed", 0))
        arguments = call["arguments"]
        if spec is None or spec.output_schema is None:
            return json.dumps({"ok": True, "id": arguments.get("ticket_id") or f"c-{rng.randrange(10**6)}"})
        value = ValueMaker(spec.output_schema, rng).make(spec.output_schema)
        if isinstance(value, dict):
            value.update({k: v for k, v in arguments.items() if k in value})
            if "id" in value:
                value["id"] = arguments.get("ticket_id") or f"T-{uuid.UUID(int=rng.getrandbits(128)).hex[:8]}"
        return json.dumps(value)


async def _events(answer: str, prompt_tokens: int) -> AsyncIterator[str]:
    base = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": "fake"}
    for delta, finish in (({"content": answer}, None), ({}, "stop")):
        yield "data: " + json.dumps({**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
        yield "\n\n"
    usage = {"prompt_tokens": prompt_tokens, "completion_tokens": len(answer) // 4, "total_tokens": 0}
    yield "data: " + json.dumps({**base, "choices": [], "usage": usage}) + "\n\ndata: [DONE]\n\n"


@asynccontextmanager
async def serving(endpoint: FakeChat) -> AsyncIterator[str]:
    """Serve ``endpoint`` on a free loopback port; yields its base URL (``.../v1``)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)  # connections wait in the backlog until uvicorn accepts them: no readiness polling
    port = sock.getsockname()[1]
    config = uvicorn.Config(endpoint.app(), log_level="warning", lifespan="off", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(server.serve, [sock])
            try:
                yield f"http://127.0.0.1:{port}/v1"
            finally:
                server.should_exit = True
    finally:
        sock.close()
        await endpoint.aclose()
