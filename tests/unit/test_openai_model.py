"""``world_model.kind: openai`` through the real call path and MCP server, against a scripted endpoint."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client
from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.runtime import running_experiment
from mcp_sim.seeding import derive_seed
from mcp_sim.serving.mcp_server import SESSION_META_KEY, build_server
from tests.fake_openai import FakeEndpoint, Reply, serving
from tests.unit.test_metrics import sample

TOOLS = [
    {
        "name": "create_order",
        "description": "Create an order",
        "inputSchema": {"type": "object", "properties": {"item": {"type": "string"}}},
        "outputSchema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "item": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    {"name": "get_order", "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}}},
]
GOOD = (
    '<think>PRIVATE-THOUGHT</think><predicted_observation>{"order_id": "ord-1", "item": "pen"}</predicted_observation>'
)


@asynccontextmanager
async def sim(tmp_path: Path, endpoint: FakeEndpoint, **world_model: Any) -> AsyncIterator[tuple[CallPath, Client]]:
    async with serving(endpoint) as url:
        (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}))
        config = {"kind": "openai", "base_url": url, "model": "fake", "max_retries": 0, **world_model}
        experiment = {"name": "wm", "seed": 5, "tools": ["tools.yaml"], "world_model": config}
        (tmp_path / "exp.yaml").write_text(yaml.safe_dump(experiment))
        loaded = load_experiment(tmp_path / "exp.yaml")
        async with running_experiment(loaded) as path, Client(build_server(path)) as client:
            yield path, client


async def call(client: Client, session: str, tool: str, args: dict[str, Any], **kw: Any) -> CallToolResult:
    return await client.call_tool(tool, args, meta={SESSION_META_KEY: session}, **kw)


async def test_prompt_shape_seed_and_thinking_switch_reach_the_endpoint(tmp_path: Path) -> None:
    endpoint = FakeEndpoint([Reply(GOOD), Reply("Error: order ord-9 not found")])
    async with sim(tmp_path, endpoint, thinking=False, temperature=0.2, max_tokens=77) as (_, client):
        first = await call(client, "s1", "create_order", {"item": "pen"})
        second = await call(client, "s1", "get_order", {"order_id": "ord-1"})
    assert first.structured_content == {"order_id": "ord-1", "item": "pen"} and not first.is_error
    assert second.is_error and second.content[0].text == "Error: order ord-9 not found"  # type: ignore[union-attr]
    one, two = (r["messages"] for r in endpoint.requests)
    assert two[: len(one)] == one, "call 2 replays call 1's messages byte for byte"
    assert [m["role"] for m in two] == ["system", "user", "assistant", "user"]
    assert two[2]["content"] == '**Environment Observation:**\n{"order_id": "ord-1", "item": "pen"}'
    assert "PRIVATE-THOUGHT" not in json.dumps(two), "thinking never reaches the prompt"
    assert "order ord-1 exists" in two[3]["content"], "the ledger learnt the id from the answer"
    body = endpoint.requests[0]
    assert body["seed"] == derive_seed(5, "s1", 0, "world-model")
    assert body["chat_template_kwargs"] == {"enable_thinking": False}
    assert (body["temperature"], body["max_tokens"], body["model"]) == (0.2, 77, "fake")


async def test_invalid_answer_is_retried_with_feedback_and_traced(tmp_path: Path) -> None:
    endpoint = FakeEndpoint([Reply('{"order_id": 5}'), Reply(GOOD)])
    async with sim(tmp_path, endpoint) as (path, client):
        result = await call(client, "s1", "create_order", {"item": "pen"})
        turn = (await path.store.turns("wm", "s1"))[0]
    assert result.structured_content == {"order_id": "ord-1", "item": "pen"}
    retry = endpoint.requests[1]["messages"][-1]["content"]
    assert "rejected; fix this" in retry and "at order_id: 5 is not of type 'string'" in retry
    assert endpoint.requests[1]["messages"][:-1] == endpoint.requests[0]["messages"][:-1]
    assert turn.trace["validation"] == "ok" and len(turn.trace["attempts"]) == 2
    assert turn.trace["attempts"][0]["validation"].startswith("invalid:")
    assert turn.trace["attempts"][1]["thinking"] == "PRIVATE-THOUGHT"
    assert turn.trace["prompt_tokens"] == 200 and turn.trace["completion_tokens"] > 0


async def test_on_failure_error_gives_is_error_and_keeps_the_trace(tmp_path: Path) -> None:
    endpoint = FakeEndpoint(script=lambda body: Reply("not json"))
    async with sim(tmp_path, endpoint, validation_retries=1) as (path, client):
        result = await call(client, "s1", "create_order", {"item": "pen"})
        turn = (await path.store.turns("wm", "s1"))[0]
    assert result.is_error and "no valid answer in 2 attempts" in result.content[0].text  # type: ignore[union-attr]
    assert len(endpoint.requests) == 2
    assert turn.trace["error"] == "SimulationFailed" and len(turn.trace["attempts"]) == 2


async def test_on_failure_schema_falls_back_to_the_builtin_simulator(tmp_path: Path) -> None:
    endpoint = FakeEndpoint([Reply(status=500)])
    fallbacks = sample("mcp_sim_world_model_fallbacks_total", model="fake")
    async with sim(tmp_path, endpoint, on_failure="schema") as (path, client):
        result = await call(client, "s1", "create_order", {"item": "pen"})
        turn = (await path.store.turns("wm", "s1"))[0]
    assert sample("mcp_sim_world_model_fallbacks_total", model="fake") == fallbacks + 1
    assert not result.is_error and result.structured_content is not None
    assert result.structured_content["item"] == "pen"
    assert turn.trace["fallback"] == "schema" and "HTTP 500" in turn.trace["problem"]


async def test_progress_notifications_carry_tokens_so_far(tmp_path: Path) -> None:
    long = "<predicted_observation>" + " ".join(["word"] * 40) + "</predicted_observation>"
    endpoint = FakeEndpoint([Reply(GOOD), Reply(long, reasoning=" ".join(["hm"] * 30))])
    seen: list[tuple[float, str | None]] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append((value, message))

    async with sim(tmp_path, endpoint) as (_, client):
        await call(client, "s1", "create_order", {"item": "pen"})  # the id the read below may ask for
        await call(client, "s1", "get_order", {"order_id": "ord-1"}, progress_callback=progress)
    assert [v for v, _ in seen] == [16.0, 32.0, 48.0, 64.0]
    assert seen[0][1] == "world model: 16 tokens"


async def test_a_slow_call_does_not_hold_up_other_sessions(tmp_path: Path) -> None:
    slow = anyio.Event()
    order: list[str] = []

    def script(body: dict[str, Any]) -> Reply:
        is_slow = '"item": "slow"' in body["messages"][-1]["content"]
        return Reply(GOOD, hold=slow if is_slow else None)

    async def run(client: Client, session: str, item: str) -> None:
        order.append(f"start {session}")
        await call(client, session, "create_order", {"item": item})
        order.append(f"end {session}")

    endpoint = FakeEndpoint(script=script)
    async with sim(tmp_path, endpoint) as (_, client), anyio.create_task_group() as tasks:
        tasks.start_soon(run, client, "slow", "slow")
        await endpoint.wait_for_requests(1)  # the slow call is now waiting at the endpoint (think: 30 s)
        for i in range(3):
            await run(client, f"fast-{i}", "pen")
        assert endpoint.in_flight == 1, "the slow call is still waiting"
        slow.set()
    assert order == ["start slow", "start fast-0", "end fast-0", "start fast-1", "end fast-1", "start fast-2",
                     "end fast-2", "end slow"]  # fmt: skip


async def test_the_prompt_is_bounded_by_history_turns_and_summary_records(tmp_path: Path) -> None:
    created = [
        f'<predicted_observation>{{"order_id": "ord-{i}", "item": "pen"}}</predicted_observation>' for i in range(12)
    ]
    endpoint = FakeEndpoint([*(Reply(text) for text in created), Reply('{"order_id": "ord-0", "item": "pen"}')])
    async with sim(tmp_path, endpoint, history_turns=4, summary_records=2) as (_, client):
        for _ in range(12):
            assert not (await call(client, "long", "create_order", {"item": "pen"})).is_error
        await call(client, "long", "get_order", {"order_id": "ord-0"})
    replayed = [(len(r["messages"]) - 2) // 2 for r in endpoint.requests]
    assert max(replayed) == 4 and replayed[-1] <= 4  # never more than history_turns earlier turns
    last = endpoint.requests[-1]["messages"]
    system = last[0]["content"]
    assert "Entities that exist: " in system and system.count("- order ord-") == 2  # summary_records
    assert "order ord-0 exists" in last[-1]["content"]  # the call's own record comes with it, though not listed
