"""Section 3: prefix stability. How much of each world-model request repeats the previous request's prefix.

Measured on the requests mcp-sim really sends: ``mcp-sim serve`` (a separate process) runs the ticket API
on the sim route with ``world_model.kind: openai`` and the hostile profile (perturbations/hostile.yaml:
latency, injected errors, pagination, truncation, drift, per-call instructions); the scripted agent
(ticket_agent.py) drives concurrent 50-turn sessions over HTTP; the world model's endpoint is an instant
fake (fake_chat.py) that keeps every request body. Requests are told apart by session through their seed
(mcp-sim derives it from the session key and call index). Share of a request = characters of it, from
the start, that equal the previous request of its session / its length; the first request of a session
has no previous one. Run with the default history budget (never overflows in 50 turns) and a tight one
(the window moves). Baseline of the same run: the prompt builder alone on synthetic sessions, mcp-sim's
block-moving window against a naive sliding window (prompt_windows.py). Then the same kind of sessions
against vLLM's CPU build, whose /metrics count prefix-cache hits (vllm_prefix.py).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from benchmarks import prompt_windows, vllm_prefix
from benchmarks.fake_chat import FakeChat, serving
from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import fleet, free_port, mcp_sim_argv
from benchmarks.stats import Table, times
from benchmarks.ticket_agent import TICKETS, Episodes, run_sessions, seed_owners, write_experiment
from mcp_sim.catalog.specs import load_spec_file

TARGET = 0.95
VALIDATION_RETRIES = 1
BUDGETS = (("default (400,000)", 400_000), ("tight (16,000)", 16_000))  # context_budget_chars


@dataclass(frozen=True)
class Plan:
    sessions: int
    turns: int
    synthetic_sessions: int

    @classmethod
    def of(cls, quick: bool) -> Plan:
        return cls(sessions=2, turns=20, synthetic_sessions=4) if quick else cls(10, 50, 20)


async def run(settings: Settings) -> SectionResult:
    plan = Plan.of(settings.quick)
    endpoint = FakeChat(load_spec_file(TICKETS).tools)
    measured: list[tuple[str, prompt_windows.Shares, Episodes]] = []
    async with serving(endpoint) as base_url:
        for label, budget in BUDGETS:
            endpoint.requests.clear()
            seen = await _sessions(settings, base_url, budget, plan)
            owners = seed_owners(seen.keys, plan.turns, VALIDATION_RETRIES + 1)
            measured.append((label, prompt_windows.session_shares(endpoint.requests, owners), seen))
    synthetic = prompt_windows.rows(plan.synthetic_sessions)
    tables = [_real_table(measured, plan), _builder_table(synthetic, plan)]
    vllm = await vllm_prefix.run(settings)
    tables.append(vllm.table)
    data: dict[str, Any] = {
        "plan": plan.__dict__,
        "fake_endpoint": {label: _summary(s) | {"agent": seen.__dict__} for label, s, seen in measured},
        "builder": {label: {"blocks": _summary_of(b), "sliding": _summary_of(n)} for label, _, b, n in synthetic},
        "vllm": vllm.data,
    }
    return SectionResult(tables=tables, data=data)


async def _sessions(settings: Settings, base_url: str, budget: int, plan: Plan) -> Episodes:
    world_model = {
        "kind": "openai",
        "base_url": base_url,
        "model": "fake",
        "thinking": False,
        "max_tokens": 512,
        "validation_retries": VALIDATION_RETRIES,
        "context_budget_chars": budget,
    }
    experiment = write_experiment(settings.workdir / f"prefix-{budget}.yaml", f"bench-prefix-{budget}", world_model)
    with fleet() as servers:
        sim = servers.start(f"mcp-sim-prefix-{budget}", mcp_sim_argv(experiment, port := free_port()), port)
        return await run_sessions(sim.url, "p", plan.sessions, plan.turns)


def _real_table(measured: list[tuple[str, prompt_windows.Shares, Episodes]], plan: Plan) -> Table:
    table = Table(
        f"World-model requests, hostile profile, {plan.sessions} concurrent sessions x {plan.turns} turns",
        [
            "history budget (chars)",
            "requests",
            "mean share",
            "median",
            "p5",
            "min",
            "target",
            "met",
            "prev. reused",
            "moves",
        ],
    )
    for label, shares, _ in measured:
        mean = prompt_windows.mean(shares.values)
        table.add(
            label,
            len(shares.values),
            f"{mean:.3f}",
            f"{statistics.median(shares.values):.3f}",
            f"{_quantile(shares.values, 0.05):.3f}",
            f"{min(shares.values):.3f}",
            f">= {TARGET}",
            "yes" if mean >= TARGET else "NO",
            f"{prompt_windows.mean(shares.reused):.3f}",
            shares.window_moves,
        )
    agent = measured[0][2]
    table.notes += [
        "requests: world-model requests after the first of each session, as captured at the fake endpoint; "
        "share = leading characters equal to the previous request of the session / request length (what a "
        "prefix cache can serve); prev. reused = the same characters / length of the previous request (below 1 "
        "only by the previous call's own notes: instructions, entity hints); moves: requests where the window "
        "over history moved (the summary in the system message changed).",
        f"the agent saw (default budget): {agent.ok} results, {agent.is_error} isError, "
        f"{agent.jsonrpc_errors} JSON-RPC errors, {agent.client_rejected} results the SDK client rejected "
        "(schema drift); calls the profile failed never reach the world model.",
    ]
    if any(s.unattributed for _, s, _ in measured):
        table.notes.append(f"unattributed requests (seed not matched): {[s.unattributed for _, s, _ in measured]}")
    return table


def _builder_table(synthetic: list[tuple[str, int, list[float], list[float]]], plan: Plan) -> Table:
    table = Table(
        f"Baseline: prompt builder alone, {plan.synthetic_sessions} synthetic sessions x {prompt_windows.TURNS} turns",
        ["history budget", "blocks (mcp-sim)", "sliding window", "blocks / sliding", "<50% reuse: blocks / sliding"],
    )
    for label, budget, blocks, sliding in synthetic:
        b, s = prompt_windows.mean(blocks), prompt_windows.mean(sliding)
        low = f"{sum(v < 0.5 for v in blocks)} / {sum(v < 0.5 for v in sliding)} of {len(blocks)}"
        table.add(f"{label} ({budget:,})", f"{b:.3f}", f"{s:.3f}", times(b / s), low)
    table.notes.append("mean share per request; the sliding window drops the oldest turn whenever over budget.")
    return table


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(shares: prompt_windows.Shares) -> dict[str, Any]:
    extra = {"mean_previous_reused": round(prompt_windows.mean(shares.reused), 4), "unattributed": shares.unattributed}
    return _summary_of(shares.values) | extra | {"window_moves": shares.window_moves}


def _summary_of(values: list[float]) -> dict[str, Any]:
    return {
        "requests": len(values),
        "mean_share": round(prompt_windows.mean(values), 4),
        "median_share": round(statistics.median(values), 4) if values else None,
        "min_share": round(min(values), 4) if values else None,
    }
