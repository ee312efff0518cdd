"""A fake OpenAI-compatible chat endpoint for benchmarks: a valid observation after a fixed latency.

    python -m benchmarks.fake_llm --port P [--latency 1.0] [--observation-chars 400]

Sections 2 and 4 use it so that what is measured is mcp-sim, not a model: every answer is one JSON object
wrapped in ``<predicted_observation>`` (valid against the benchmark tools' output schemas), with a fresh
``item_id`` so the session's ledger grows the way a real world model's would. The latency is an
asynchronous sleep, so a thousand requests in flight cost the server nothing while they wait.

A bare ASGI app (no framework, no JSON parsing of the prompt) because it shares two cores with mcp-sim and
the load client: its own CPU per request must stay far below mcp-sim's. ``GET /stats`` reports the
requests served, the most in flight at once and the largest prompt body since the previous report, and
the connections used so far.
"""

from __future__ import annotations

import argparse
import itertools
import json
import urllib.request
from typing import Any

import anyio
import uvicorn
from starlette.types import Receive, Scope, Send

_STREAM_MARKERS = (b'"stream":true', b'"stream": true')


class FakeLLM:
    def __init__(self, latency_s: float, observation_chars: int, thinking_chunks: int = 0) -> None:
        self.latency_s = latency_s
        self.thinking_chunks = thinking_chunks
        self.padding = "x" * max(0, observation_chars - 60)
        self.ids = itertools.count(1)
        self.served = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.max_body = 0
        self.clients: set[tuple[str, int]] = set()  # (host, port) of every connection a request came on

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["method"] == "GET":
            stats = {
                "served": self.served,
                "max_in_flight": self.max_in_flight,
                "max_body": self.max_body,
                "connections": len(self.clients),
            }
            self.max_in_flight, self.max_body = self.in_flight, 0  # the next report covers the time since this one
            await _send(send, 200, b"application/json", json.dumps(stats).encode())
            return
        body = await _body(receive)
        if scope.get("client"):
            self.clients.add(tuple(scope["client"]))
        self.max_body = max(self.max_body, len(body))
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.latency_s > 0:
                await anyio.sleep(self.latency_s)
        finally:
            self.in_flight -= 1
        self.served += 1
        content = self.observation()
        if any(marker in body for marker in _STREAM_MARKERS):
            await _send(send, 200, b"text/event-stream", _events(content, self.thinking_chunks))
        else:
            await _send(send, 200, b"application/json", json.dumps(_completion(content)).encode())

    def observation(self) -> str:
        item = {"item_id": f"item-{next(self.ids)}", "name": "widget", "status": "active", "notes": self.padding}
        return f"<predicted_observation>{json.dumps(item)}</predicted_observation>"


_BASE: dict[str, Any] = {"id": "chatcmpl-fake", "created": 0, "model": "fake"}
_USAGE = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}


def _events(content: str, thinking_chunks: int) -> bytes:
    """The whole stream at once: thinking chunks (a token each, like vLLM), one content chunk, the finish,
    the usage chunk, [DONE]."""
    chunk = {**_BASE, "object": "chat.completion.chunk"}
    thought = {**chunk, "choices": [{"index": 0, "delta": {"reasoning_content": " hmm"}, "finish_reason": None}]}
    parts = [
        *([thought] * thinking_chunks),
        {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": content}, "finish_reason": None}]},
        {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {**chunk, "choices": [], "usage": _USAGE},
    ]
    return b"".join(b"data: " + json.dumps(p).encode() + b"\n\n" for p in parts) + b"data: [DONE]\n\n"


def _completion(content: str) -> dict[str, Any]:
    message = {"role": "assistant", "content": content}
    choice = {"index": 0, "message": message, "finish_reason": "stop"}
    return {**_BASE, "object": "chat.completion", "choices": [choice], "usage": _USAGE}


async def _body(receive: Receive) -> bytes:
    parts = []
    while True:
        message = await receive()
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(parts)


async def _send(send: Send, status: int, content_type: bytes, body: bytes) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def stats(port: int) -> dict[str, int]:
    """``GET /stats`` of a fake endpoint on ``port`` (resets its most-in-flight figure)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/stats", timeout=5) as response:
        report: dict[str, int] = json.loads(response.read())
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before each answer (async sleep)")
    parser.add_argument("--observation-chars", type=int, default=400)
    parser.add_argument("--thinking-chunks", type=int, default=0, help="reasoning chunks streamed before the answer")
    args = parser.parse_args()
    app = FakeLLM(args.latency, args.observation_chars, args.thinking_chunks)
    # backlog: a round of 1,024 sessions opens its connections at once
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", backlog=4096, access_log=False)


if __name__ == "__main__":
    main()
