"""Section 3, second part: prefix-cache hits as vLLM itself counts them, on its CPU build.

vLLM (``.cache/venvs/vllm``, installed by scripts/setup.d/llm.sh) serves SmolLM2-135M-Instruct with prefix
caching on; ``mcp-sim serve`` sends it the world-model requests of short hostile-profile ticket sessions
(ticket_agent.py). The share is the difference of vLLM's own counters, read from /metrics before and after:
prefix-cache hits / prefix-cache queries, both in tokens. Baseline of the same run: the requests pass
through a relay (fake_chat.py with ``upstream``) that keeps them, and the share an ideal prefix cache would
serve is computed from them: for each request, the longest prefix it shares with any earlier request, in
characters, summed over requests / their summed length. SmolLM2's context is 4,096 tokens, so the history
budget is small and the window moves. A 135M model rarely writes a valid ticket: invalid answers fall back
to the built-in simulator (``on_failure: schema``), which changes nothing in the requests' shape.
Skipped, with a note, when the vLLM venv or the model is absent (benchmarks are not run in CI).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import anyio
import httpx

from benchmarks.fake_chat import FakeChat, serving
from benchmarks.harness import Settings
from benchmarks.procs import CACHE, LOGS, fleet, free_port, mcp_sim_argv
from benchmarks.stats import Table, times
from benchmarks.ticket_agent import TICKETS, run_sessions, write_experiment
from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.simulation.llm import prompts

VLLM_PYTHON = CACHE / "venvs" / "vllm" / "bin" / "python"
MODEL_DIR = CACHE / "models" / "smollm2-135m-instruct"
BUDGET_CHARS = 9_000  # system prompt included; ~3,000 tokens of SmolLM2's 4,096
START_DEADLINE_S = 600.0  # a guard against a hung start-up (~35-60 s here)
COUNTERS = {
    "queries": "vllm:prefix_cache_queries_total",
    "hits": "vllm:prefix_cache_hits_total",
    "prompt_tokens": "vllm:prompt_tokens_total",
    "requests": "vllm:request_success_total",
}


@dataclass
class Result:
    table: Table
    data: dict[str, Any] = field(default_factory=dict)


async def run(settings: Settings) -> Result:
    sessions, turns = (1, 6) if settings.quick else (2, 15)
    table = Table(
        f"vLLM CPU prefix cache (SmolLM2-135M), hostile profile, {sessions} sessions x {turns} turns",
        [
            "requests",
            "prompt tokens",
            "cache queries (tokens)",
            "cache hits (tokens)",
            "hit share",
            "ideal",
            "vs ideal",
        ],
    )
    missing = [str(p) for p in (VLLM_PYTHON, MODEL_DIR / "config.json") if not p.exists()]
    if missing:
        table.notes.append(f"skipped: {', '.join(missing)} missing (run scripts/setup.d/llm.sh)")
        return Result(table, {"skipped": missing})
    with fleet() as servers:
        port = free_port()
        argv = [str(VLLM_PYTHON), "-m", "vllm.entrypoints.openai.api_server", "--model", str(MODEL_DIR)]
        argv += ["--served-model-name", "smollm2", "--dtype", "bfloat16", "--enforce-eager", "--max-model-len", "4096"]
        argv += ["--enable-prefix-caching", "--host", "127.0.0.1", "--port", str(port)]
        env = {"VLLM_CPU_KVCACHE_SPACE": "1", "HF_HUB_OFFLINE": "1", "VLLM_NO_USAGE_STATS": "1"}
        servers.start("vllm", argv, port, env=env, timeout_s=START_DEADLINE_S, root=settings.workdir)
        server = f"http://127.0.0.1:{port}"
        await _wait_until_healthy(server)
        before = await _counters(server)
        world_model = {
            "kind": "openai",
            "base_url": "",  # the relay's, set below
            "model": "smollm2",
            "thinking": False,
            "max_tokens": 32,
            "validation_retries": 0,
            "on_failure": "schema",
            "context_budget_chars": BUDGET_CHARS,
        }
        relay = FakeChat(load_spec_file(TICKETS).tools, upstream=f"{server}/v1")
        async with serving(relay) as relay_url:
            world_model["base_url"] = relay_url
            experiment = write_experiment(settings.workdir / "prefix-vllm.yaml", "bench-prefix-vllm", world_model)
            sim = servers.start("mcp-sim-prefix-vllm", mcp_sim_argv(experiment, sim_port := free_port()), sim_port)
            started = anyio.current_time()
            seen = await run_sessions(sim.url, "v", sessions, turns)
            seconds = anyio.current_time() - started
        after = await _counters(server)
    delta = {name: after[name] - before[name] for name in COUNTERS}
    share = delta["hits"] / delta["queries"] if delta["queries"] else float("nan")
    ideal = ideal_share(relay.requests)
    table.add(
        f"{delta['requests']:.0f}",
        f"{delta['prompt_tokens']:,.0f}",
        f"{delta['queries']:,.0f}",
        f"{delta['hits']:,.0f}",
        f"{share:.3f}",
        f"{ideal:.3f}",
        times(share / ideal),
    )
    table.notes += [
        f"counters from vLLM's /metrics, after minus before the sessions; context_budget_chars {BUDGET_CHARS:,}, "
        f"max_tokens 32, thinking off; {seconds:.0f} s for the sessions.",
        f"the agent saw {seen.ok} results, {seen.is_error} isError, {seen.jsonrpc_errors} JSON-RPC errors, "
        f"{seen.client_rejected} rejected by the SDK client (drift). "
        "The first request of each session can only reuse the system prompt.",
        "ideal: what a prefix cache holding every earlier request could serve, in characters of the requests the "
        "relay kept; vLLM caches whole KV blocks, so the tail of each shared prefix short of a block is recomputed.",
        f"vLLM log: {LOGS / 'vllm.log'}",
    ]
    data = {"counters": delta, "hit_share": share, "ideal_share": ideal, "requests_relayed": len(relay.requests)}
    return Result(table, data | {"seconds": seconds, "agent": seen.__dict__})


def ideal_share(requests: list[dict[str, Any]]) -> float:
    """Summed over requests: the longest prefix shared with any earlier request / the request's length."""
    served = total = 0
    for i, body in enumerate(requests):
        messages = body["messages"]
        total += len("".join(f"<{m['role']}>{m['content']}" for m in messages))
        served += max((prompts.common_prefix_chars(e["messages"], messages) for e in requests[:i]), default=0)
    return served / total if total else float("nan")


async def _wait_until_healthy(server: str) -> None:
    with anyio.fail_after(START_DEADLINE_S):
        async with httpx.AsyncClient() as http:
            while True:
                try:
                    if (await http.get(f"{server}/health", timeout=2)).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                await anyio.sleep(0.5)  # readiness polling of a subprocess


async def _counters(server: str) -> dict[str, float]:
    async with httpx.AsyncClient() as http:
        text = (await http.get(f"{server}/metrics", timeout=10)).text
    totals = {}
    for name, metric in COUNTERS.items():
        found = re.findall(rf"^{re.escape(metric)}(?:\{{[^}}]*\}})? ([0-9.e+]+)$", text, re.M)
        if not found:
            raise RuntimeError(f"vLLM's /metrics has no {metric}")
        totals[name] = sum(float(v) for v in found)
    return totals
