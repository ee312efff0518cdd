"""Issue 13, the world-model cases as named regression tests: 3 (one deadline and one byte cap per call,
cancelled with the client), 4 (malformed stream chunks are failed attempts: retried, then ``on_failure``), and
11's ``Retry-After``. The endpoint is a scripted one on 127.0.0.1 (a real LLM server cannot misbehave on cue)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import anyio.lowlevel
import httpx
import pytest
import yaml
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from mcp_sim.config import load_experiment
from mcp_sim.errors import SimulationFailed
from mcp_sim.serving.host import running_experiments
from mcp_sim.simulation.llm.client import ChatClient
from tests.adversarial.support import envelope, modern_headers, served
from tests.fake_openai import FakeEndpoint, Reply, serving

MESSAGES = [{"role": "user", "content": "hi"}]
GOOD = '<predicted_observation>{"order_id": "ord-1", "item": "pen"}</predicted_observation>'
TOOLS = [
    {
        "name": "create_order",
        "inputSchema": {"type": "object", "properties": {"item": {"type": "string"}}},
        "outputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    }
]


def chat(url: str, **kw: Any) -> ChatClient:
    return ChatClient(url, "fake", backoff_s=0.001, max_backoff_s=0.01, **kw)


def sse(payload: dict[str, Any]) -> str:
    return "data: " + json.dumps(payload) + "\n\n"


def content_chunk(text: str) -> dict[str, Any]:
    return {"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}


class Misbehaving:
    """An endpoint that streams what ``stream`` yields: trickles, floods, endless lines."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.requests = 0

    async def _chat(self, request: Request) -> Response:
        await request.body()
        self.requests += 1
        return StreamingResponse(self.stream(), media_type="text/event-stream")

    def endpoint(self) -> FakeEndpoint:
        endpoint = FakeEndpoint()
        endpoint.app = lambda: Starlette(routes=[Route("/v1/chat/completions", self._chat, methods=["POST"])])  # type: ignore[method-assign]
        return endpoint


# ---- 3. one deadline and one byte cap per world-model request ----


async def test_case_03_a_model_trickling_bytes_ends_at_the_deadline() -> None:
    async def trickle() -> AsyncIterator[bytes]:
        text = sse(content_chunk("slow"))
        while True:  # one byte at a time, forever: every read succeeds, so a read timeout never fires
            for byte in text.encode():
                yield bytes([byte])
                await anyio.sleep(0.01)

    fake = Misbehaving(trickle)
    async with serving(fake.endpoint()) as url:
        client = chat(url, timeout_s=0.5, max_retries=3)
        with anyio.fail_after(20), pytest.raises(SimulationFailed, match=r"within timeout_s=0.5 s"):
            await client.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await client.aclose()


@pytest.mark.parametrize("shape", ["events", "one endless line"])
async def test_case_03_an_endless_stream_ends_at_the_byte_cap(shape: str) -> None:
    async def flood() -> AsyncIterator[bytes]:
        block = sse(content_chunk("x" * 4000)).encode() if shape == "events" else b"y" * 65536
        while True:
            yield block
            await anyio.lowlevel.checkpoint()

    fake = Misbehaving(flood)
    async with serving(fake.endpoint()) as url:
        client = chat(url, max_response_bytes=1_000_000, max_retries=3)
        with anyio.fail_after(20), pytest.raises(SimulationFailed, match="passed 1,000,000 bytes"):
            await client.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await client.aclose()
    assert fake.requests == 1, "an endless answer is not asked for again"


@pytest.mark.parametrize("own_protocol", [False, True], ids=["uvicorn", "mcp-sim-protocol"])
async def test_case_03_a_client_that_hangs_up_cancels_the_world_model_request(
    tmp_path: Path, own_protocol: bool
) -> None:
    """No progressToken: the plain JSON path. The client goes away; the endpoint's stream must be closed. Under
    mcp-sim's own HTTP protocol the hang-up is a callback (keepalive.py), under another a task per request."""
    release = anyio.Event()
    endpoint = FakeEndpoint(script=lambda body: Reply(GOOD, hold_midway=release))
    async with serving(endpoint) as url:
        (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}))
        world_model = {"kind": "openai", "base_url": url, "model": "fake", "max_retries": 0}
        experiment = {"name": "wm", "tools": ["tools.yaml"], "world_model": world_model, "state": "memory://"}
        (tmp_path / "exp.yaml").write_text(yaml.safe_dump(experiment))
        loaded = [load_experiment(tmp_path / "exp.yaml")]
        async with running_experiments(loaded) as paths, served(paths, own_protocol=own_protocol) as base:
            body = envelope("tools/call", {"name": "create_order", "arguments": {"item": "pen"}})
            answers: list[httpx.Response] = []

            async def post() -> None:
                answers.append(
                    await client.post("/mcp", json=body, headers=modern_headers("tools/call", "create_order"))
                )

            with anyio.fail_after(20):
                async with httpx.AsyncClient(base_url=base) as client, anyio.create_task_group() as tasks:
                    tasks.start_soon(post)
                    await endpoint.wait_for_requests(1)
                    tasks.cancel_scope.cancel()  # the client hangs up mid-call
                await endpoint.closed.wait()
            release.set()
    assert answers == [], "the call was still running when its client went away"
    assert endpoint.closed_midway == 1


# ---- 4. malformed chunks: a failed attempt, retried, then on_failure ----

MALFORMED = [
    {"choices": "abc"},
    {"choices": [1]},
    {"choices": [{"delta": "text"}]},
    {"choices": [{"delta": {"content": 5}}]},
    {"choices": [], "usage": "lots"},
]


@pytest.mark.parametrize("chunk", MALFORMED, ids=[json.dumps(c) for c in MALFORMED])
async def test_case_04_a_malformed_chunk_is_retried(chunk: dict[str, Any]) -> None:
    good = sse(content_chunk("fine")) + "data: [DONE]\n\n"
    endpoint = FakeEndpoint([Reply(raw=sse(chunk) + "data: [DONE]\n\n"), Reply(raw=good)])
    async with serving(endpoint) as url:
        client = chat(url, max_retries=2)
        got = await client.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await client.aclose()
    assert (got.content, got.retries) == ("fine", 1)


async def test_case_04_usage_of_wrong_types_is_ignored_not_fatal() -> None:
    usage = {"prompt_tokens": "many", "completion_tokens": 1.5, "prompt_tokens_details": [1]}
    raw = sse(content_chunk("ok")) + sse({"choices": [], "usage": usage}) + "data: [DONE]\n\n"
    async with serving(FakeEndpoint([Reply(raw=raw)])) as url:
        client = chat(url)
        got = await client.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await client.aclose()
    assert (got.content, got.prompt_tokens, got.completion_tokens, got.cached_tokens) == ("ok", None, None, None)


@pytest.mark.parametrize("on_failure", ["error", "schema"])
async def test_case_04_malformed_chunks_end_in_on_failure_not_an_internal_error(
    tmp_path: Path, on_failure: str
) -> None:
    endpoint = FakeEndpoint(script=lambda body: Reply(raw=sse({"choices": "abc"}) + "data: [DONE]\n\n"))
    async with serving(endpoint) as url:
        (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}))
        world_model = {"kind": "openai", "base_url": url, "model": "fake", "max_retries": 1, "on_failure": on_failure}
        experiment = {"name": "wm", "tools": ["tools.yaml"], "world_model": world_model, "state": "memory://"}
        (tmp_path / "exp.yaml").write_text(yaml.safe_dump(experiment))
        async with running_experiments([load_experiment(tmp_path / "exp.yaml")]) as [path]:
            result = await path.call("s", "create_order", {"item": "pen"})
    assert len(endpoint.requests) == 2, "the malformed answer was asked again once (max_retries: 1)"
    if on_failure == "error":
        assert result.is_error and "malformed stream chunk" in result.content[0].text  # type: ignore[union-attr]
    else:
        assert not result.is_error and result.structured_content is not None


# ---- 11. Retry-After is bounded ----


async def test_case_11_a_huge_retry_after_fails_now_instead_of_waiting() -> None:
    endpoint = FakeEndpoint([Reply(status=429, retry_after="100000"), Reply("never reached")])
    async with serving(endpoint) as url:
        client = chat(url, max_retries=3)
        with anyio.fail_after(10), pytest.raises(SimulationFailed, match="retry after 100000 s"):
            await client.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await client.aclose()
    assert len(endpoint.requests) == 1


@pytest.mark.parametrize("header", ["0", "nan", "-5", "Wed, 21 Oct 2015 07:28:00 GMT"])
async def test_case_11_small_or_unreadable_retry_after_uses_the_own_backoff(header: str) -> None:
    endpoint = FakeEndpoint([Reply(status=503, retry_after=header), Reply("fine")])
    async with serving(endpoint) as url:
        client = chat(url, max_retries=1)
        got = await client.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await client.aclose()
    assert (got.content, got.retries) == ("fine", 1)
