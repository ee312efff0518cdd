"""The chat client against a scripted OpenAI-compatible endpoint on 127.0.0.1: streaming, retries, bounds."""

from __future__ import annotations

import random

import anyio
import pytest

from mcp_sim.errors import SimulationFailed
from mcp_sim.simulation.llm.client import ChatClient, backoff_delay
from tests.fake_openai import FakeEndpoint, Reply, free_port, serving

MESSAGES = [{"role": "user", "content": "hi"}]


def client(url: str, **kw: object) -> ChatClient:
    return ChatClient(url, "fake", backoff_s=0.001, max_backoff_s=0.01, **kw)  # type: ignore[arg-type]


async def test_streams_content_reasoning_usage_and_sends_seed() -> None:
    endpoint = FakeEndpoint([Reply("a b c", reasoning="think hard")])
    async with serving(endpoint) as url:
        chat = client(url)
        got = await chat.complete(MESSAGES, seed=42, temperature=0.6, max_tokens=50, extra_body={"x": 1})
        await chat.aclose()
    assert (got.content, got.reasoning, got.finish_reason) == ("a b c", "think hard ", "stop")
    assert (got.prompt_tokens, got.completion_tokens, got.retries) == (100, 5, 0)
    body = endpoint.requests[0]
    assert (body["seed"], body["temperature"], body["max_tokens"], body["x"]) == (42, 0.6, 50, 1)
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}


async def test_sequential_calls_reuse_one_connection() -> None:
    endpoint = FakeEndpoint([Reply("one"), Reply("two"), Reply("three")])
    async with serving(endpoint) as url:
        chat = client(url)
        got = [await chat.complete(MESSAGES, seed=i, temperature=0, max_tokens=5) for i in range(3)]
        await chat.aclose()
    assert [g.content for g in got] == ["one", "two", "three"]
    assert len(set(endpoint.clients)) == 1, "each stream is read to its end, so its connection goes back to the pool"


async def test_retries_429_5xx_and_dropped_streams_then_succeeds() -> None:
    replies = [Reply(status=429, retry_after="0"), Reply(status=503), Reply(drop=True), Reply("fine")]
    endpoint = FakeEndpoint(replies)
    async with serving(endpoint) as url:
        chat = client(url, max_retries=3)
        got = await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await chat.aclose()
    assert got.content == "fine" and got.retries == 3
    assert len(endpoint.requests) == 4


async def test_a_malformed_stream_event_is_retried_then_fails_as_a_simulation_failure() -> None:
    """A data line that is not a JSON object (a proxy's page, a cut stream) escaped as ValueError/AttributeError:
    the agent got -32603 and the turn was never recorded."""
    for bad in ("data: {not json\n\n", "data: 5\n\n"):
        endpoint = FakeEndpoint([Reply(raw=bad), Reply("fine")])
        async with serving(endpoint) as url:
            chat = client(url, max_retries=1)
            got = await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
            await chat.aclose()
        assert got.content == "fine" and got.retries == 1
        endpoint = FakeEndpoint([Reply(raw=bad)] * 2)
        async with serving(endpoint) as url:
            chat = client(url, max_retries=1)
            with pytest.raises(SimulationFailed, match="malformed stream event"):
                await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
            await chat.aclose()


async def test_client_errors_are_not_retried() -> None:
    endpoint = FakeEndpoint([Reply(status=400), Reply("never")])
    async with serving(endpoint) as url:
        chat = client(url)
        with pytest.raises(SimulationFailed, match="refused the request: HTTP 400"):
            await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await chat.aclose()
    assert len(endpoint.requests) == 1


async def test_gives_up_after_max_retries() -> None:
    endpoint = FakeEndpoint([Reply(status=500)] * 5)
    async with serving(endpoint) as url:
        chat = client(url, max_retries=2)
        with pytest.raises(SimulationFailed, match=r"HTTP 500.*after 2 retries"):
            await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await chat.aclose()
    assert len(endpoint.requests) == 3


async def test_unreachable_endpoint_fails_clearly() -> None:
    chat = client(f"http://127.0.0.1:{free_port()}/v1", max_retries=1)
    with pytest.raises(SimulationFailed, match="cannot reach the world model endpoint"):
        await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
    await chat.aclose()


def test_backoff_jitter_is_seeded_and_bounded() -> None:
    a = [backoff_delay(random.Random(7), k, 1.0, 30.0) for k in range(6)]
    b = [backoff_delay(random.Random(7), k, 1.0, 30.0) for k in range(6)]
    c = [backoff_delay(random.Random(8), k, 1.0, 30.0) for k in range(6)]
    assert a == b and a != c
    assert all(min(30.0, 2**k) / 2 <= d <= min(30.0, 2**k) for k, d in enumerate(a))


async def test_semaphore_bounds_requests_in_flight() -> None:
    gate = anyio.Event()
    endpoint = FakeEndpoint(script=lambda body: Reply("ok", hold=gate))
    async with serving(endpoint) as url:
        chat = client(url, max_concurrency=2)
        async with anyio.create_task_group() as tasks:
            for i in range(5):
                tasks.start_soon(lambda i=i: chat.complete(MESSAGES, seed=i, temperature=0, max_tokens=5))
            await endpoint.wait_for_requests(2)
            assert endpoint.in_flight == 2
            gate.set()
        await chat.aclose()
    assert len(endpoint.requests) == 5 and endpoint.max_in_flight == 2


async def test_the_endpoint_gets_the_same_headers_in_the_same_order() -> None:
    """The client's headers are merged once, into the HTTP client's own, not into each request: what goes on the
    wire is what httpx2 sent when they were given with each request (its defaults first, then these)."""
    endpoint = FakeEndpoint([Reply("ok")])
    async with serving(endpoint) as url:
        chat = client(url, api_key="sk-test")
        await chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=5)
        await chat.aclose()
    names = [name.lower() for name, _ in endpoint.headers[0]]
    assert names == [
        "host", "accept-encoding", "connection", "user-agent", "authorization", "content-type", "accept",
        "content-length",
    ]  # fmt: skip
    sent = dict(endpoint.headers[0])
    assert sent["authorization"] == "Bearer sk-test" and sent["accept"] == "text/event-stream"
    assert sent["content-type"] == "application/json"


async def test_progress_counts_tokens_and_cancellation_closes_the_stream() -> None:
    release = anyio.Event()
    endpoint = FakeEndpoint([Reply(" ".join(["w"] * 80), hold_midway=release)])
    seen: list[int] = []
    first_report = anyio.Event()

    async def on_tokens(n: int) -> None:
        seen.append(n)
        first_report.set()

    async with serving(endpoint) as url:
        chat = client(url)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(lambda: chat.complete(MESSAGES, seed=1, temperature=0, max_tokens=99, on_tokens=on_tokens))
            await first_report.wait()
            tasks.cancel_scope.cancel()
        with anyio.fail_after(10):  # a guard, not a measurement: the server must notice the closed stream
            await endpoint.closed.wait()
        await chat.aclose()
    # reported while streaming, every 16 tokens (the first half of the answer may be read before the cancel lands:
    # the lean transport reads ahead), and closed when cancelled, before the held second half was sent
    assert seen[:1] == [16] and all(n % 16 == 0 for n in seen) and max(seen) <= 40
    assert endpoint.closed_midway == 1
