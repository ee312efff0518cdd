"""``world_model.kind: openai`` against a real LLM server: vLLM's CPU build serving SmolLM2-135M-Instruct.

A 135M model simulates badly, so these tests check the pipeline, not the model's judgement: the prompt that
reaches the server, parsing of real answers, validation with repair and fallback, concurrent sessions, and
prefix-cache hits as vLLM itself counts them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import yaml
from mcp import Client
from mcp.types import CallToolResult, TextContent

from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.runtime import running_experiment
from mcp_sim.serving.mcp_server import SESSION_META_KEY, build_server
from mcp_sim.simulation.llm import prompts

pytestmark = [pytest.mark.llm, pytest.mark.integration]

NOTES = {"name": "search_notes", "description": "Search the user's notes", "inputSchema": {"type": "object"}}
# No 135M model writes this by chance: every answer is invalid, so repair and on_failure always run.
VAULT = {
    "name": "open_vault",
    "description": "Open a vault",
    "inputSchema": {"type": "object"},
    "outputSchema": {"type": "object", "required": ["zq_token"], "properties": {"zq_token": {"const": "kq-31337"}}},
}


@asynccontextmanager
async def sim(tmp_path: Path, url: str, **world_model: Any) -> AsyncIterator[tuple[CallPath, Client]]:
    (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": [NOTES, VAULT]}))
    config = {"kind": "openai", "base_url": url, "model": "smollm2", "max_tokens": 48, "temperature": 0.6}
    experiment = {"name": "llm", "seed": 3, "tools": ["tools.yaml"], "world_model": {**config, **world_model}}
    (tmp_path / "exp.yaml").write_text(yaml.safe_dump(experiment))
    loaded = load_experiment(tmp_path / "exp.yaml")
    async with running_experiment(loaded) as path, Client(build_server(path)) as client:
        yield path, client


async def call(client: Client, session: str, tool: str, args: dict[str, Any]) -> CallToolResult:
    return await client.call_tool(tool, args, meta={SESSION_META_KEY: session})


def text_of(result: CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, TextContent))


async def test_prompt_reaching_the_server_and_parsed_answers(tmp_path: Path, vllm_url: str) -> None:
    async with sim(tmp_path, vllm_url) as (path, client):
        for query in ("groceries", "holiday plans"):
            await call(client, "shape", "search_notes", {"query": query})
        turns = await path.store.turns("llm", "shape")
    history, last = turns[:1], turns[1]
    messages = prompts.conversation(
        prompts.Prompt(path.world_model.prompt.system, 10**6),  # type: ignore[attr-defined]
        history,
        prompts.CurrentCall(1, "search_notes", {"query": "holiday plans"}),
    )
    server = vllm_url.removesuffix("/v1")
    async with httpx.AsyncClient() as http:
        rendered = (await http.post(f"{server}/tokenize", json={"model": "smollm2", "messages": messages})).json()
        text = (await http.post(f"{server}/detokenize", json={"model": "smollm2", "tokens": rendered["tokens"]})).json()
    # The server counted exactly the tokens of the conversation prompts.py builds from the stored history.
    assert last.trace["prompt_tokens"] == rendered["count"]
    prompt = text["prompt"]
    assert "<|im_start|>system\n# Role\nYou are a tool world model." in prompt
    assert '### Turn 1\n**Action:**\n```json\n{\n  "arguments": {\n    "query": "groceries"' in prompt
    assert "<|im_start|>assistant\n**Environment Observation:**\n" in prompt
    assert prompt.rstrip().endswith("```<|im_end|>\n<|im_start|>assistant")
    for turn in turns:  # a real answer, parsed: text content (no outputSchema), thinking kept apart
        assert turn.trace["world_model"] == "openai" and turn.trace["completion_tokens"] > 0
        assert turn.result is not None and turn.result["content"][0]["type"] == "text"
        assert "<predicted_observation>" not in turn.result["content"][0]["text"]
        assert turn.trace["validation"] in ("ok", "error-shaped") or turn.trace["error"] == "SimulationFailed"


async def test_invalid_answers_are_repaired_then_fall_back(tmp_path: Path, vllm_url: str) -> None:
    async with sim(tmp_path, vllm_url, validation_retries=1, on_failure="schema") as (path, client):
        result = await call(client, "vault", "open_vault", {"name": "main"})
        turn = (await path.store.turns("llm", "vault"))[0]
    assert not result.is_error and result.structured_content == {"zq_token": "kq-31337"}  # the schema simulator
    attempts = turn.trace["attempts"]
    assert turn.trace["fallback"] == "schema" and len(attempts) == 2
    assert all(a["validation"].startswith("invalid:") for a in attempts)
    assert attempts[1]["prompt_tokens"] > attempts[0]["prompt_tokens"], "the retry carries the feedback"


async def test_invalid_answers_with_on_failure_error_give_is_error(tmp_path: Path, vllm_url: str) -> None:
    async with sim(tmp_path, vllm_url, validation_retries=0) as (path, client):
        result = await call(client, "vault-err", "open_vault", {})
        turn = (await path.store.turns("llm", "vault-err"))[0]
    assert result.is_error and "The simulated tool failed" in text_of(result)
    assert turn.trace["error"] == "SimulationFailed" and turn.trace["attempts"][0]["prompt_tokens"] > 0


async def test_sessions_run_concurrently_on_the_real_server(tmp_path: Path, vllm_url: str) -> None:
    sessions = [f"c{i}" for i in range(6)]
    async with sim(tmp_path, vllm_url, max_concurrency=4) as (path, client):
        async with anyio.create_task_group() as tasks:
            for key in sessions:
                tasks.start_soon(call, client, key, "search_notes", {"query": key})
        turns = [(await path.store.turns("llm", key))[0] for key in sessions]
    spans = sorted((t.started_at, t.started_at + t.duration_ms / 1000) for t in turns)
    overlapping = sum(1 for (_, end), (start, _) in itertools.pairwise(spans) if start < end)
    assert overlapping >= 3, f"sessions did not overlap: {spans}"
    assert all(t.trace.get("completion_tokens", 0) > 0 for t in turns)


async def test_each_call_reuses_the_previous_prompt_from_vllm_prefix_cache(tmp_path: Path, vllm_url: str) -> None:
    server = vllm_url.removesuffix("/v1")
    before = await _prefix_cache_hits(server)
    async with sim(tmp_path, vllm_url) as (path, client):
        for i in range(4):
            await call(client, "cache", "search_notes", {"query": f"topic {i}"})
        turns = await path.store.turns("llm", "cache")
    hits = await _prefix_cache_hits(server) - before
    repeated = sum(t.trace["prompt_tokens"] for t in turns[:-1])  # each later prompt begins with these
    assert hits >= 0.8 * repeated, f"{hits} cached tokens for {repeated} repeated prompt tokens"


async def _prefix_cache_hits(server: str) -> float:
    async with httpx.AsyncClient() as http:
        metrics = (await http.get(f"{server}/metrics")).text
    found = re.findall(r'^vllm:prefix_cache_hits_total\{[^}]*model_name="smollm2"[^}]*\} ([0-9.e+]+)$', metrics, re.M)
    assert found, "vLLM exposes no prefix_cache_hits_total"
    return sum(float(v) for v in found)
