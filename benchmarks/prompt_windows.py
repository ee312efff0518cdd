"""The prompt builder alone: how much of each request repeats the previous one's prefix, blocks vs sliding.

Synthetic 50-turn sessions (observations of seeded random sizes, some calls with perturbation
instructions) rendered by ``prompts.conversation``, once with mcp-sim's block-moving window and once with a
naive sliding window (drop the oldest turn whenever over budget), under budgets that never overflow,
overflow a few times, and overflow often. Section 3 prints this beside the figures of real requests, as the
baseline of the same run.
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from unittest import mock

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Effect
from mcp_sim.simulation.llm import prompts
from mcp_sim.state.base import Turn

TURNS = 50
TOOLS = [ToolSpec(name=f"tool_{i}", description="x" * 200) for i in range(12)]


@dataclass
class Shares:
    values: list[float]
    reused: list[float]  # characters shared / length of the previous request: stability apart from growth
    window_moves: int
    unattributed: int
    requests: int


BUDGETS = (("never overflows", 10_000_000), ("overflows a few times", 40_000), ("tight", 12_000))


def session(seed: int) -> list[tuple[prompts.CurrentCall, Turn]]:
    rng = random.Random(seed)
    calls = []
    for k in range(TURNS):
        tool = f"tool_{rng.randrange(12)}"
        args = {"id": f"e-{rng.randrange(k + 1)}", "query": "q" * rng.randrange(5, 60)}
        instructions = ["answer with a timeout error"] if rng.random() < 0.1 else []
        text = json.dumps({"id": f"e-{k}", "rows": ["r" * 40] * rng.randrange(1, 40)})
        effects = [Effect("create", "thing", f"e-{k}", {"n": k})]
        turn = Turn(k, tool, args, "sim", {"content": [{"type": "text", "text": text}]}, effects=effects)
        calls.append((prompts.CurrentCall(k, tool, args, instructions=instructions), turn))
    return calls


def shares(budget: int, seed: int) -> list[float]:
    prompt = prompts.Prompt(prompts.system_text(TOOLS), budget)
    history: list[Turn] = []
    previous: list[dict[str, str]] | None = None
    out = []
    for call, turn in session(seed):
        messages = prompts.conversation(prompt, history, call)
        if previous is not None:
            out.append(share(previous, messages))
        previous = messages
        history.append(turn)
    return out


def share(previous: Sequence[prompts.Message], messages: Sequence[prompts.Message]) -> float:
    """The fraction of ``messages`` (contents joined in order) that repeats the start of ``previous``."""
    total = len("".join(f"<{m['role']}>{m['content']}" for m in messages))
    return prompts.common_prefix_chars(previous, messages) / total


def naive_window(sizes: Sequence[int], budget: int) -> int:
    start, total = 0, sum(sizes)
    while total > budget and start < len(sizes) - 1:
        total -= sizes[start]
        start += 1
    return start


def measure(window: Callable[[Sequence[int], int], int] | None, budget: int, sessions: int) -> list[float]:
    values: list[float] = []
    for seed in range(sessions):
        if window is None:
            values += shares(budget, seed)
        else:
            with mock.patch.object(prompts, "window_start", window):
                values += shares(budget, seed)
    return values


def rows(sessions: int) -> list[tuple[str, int, list[float], list[float]]]:
    """(budget label, budget chars, shares with blocks, shares with the sliding window) per budget."""
    return [(label, b, measure(None, b, sessions), measure(naive_window, b, sessions)) for label, b in BUDGETS]


def mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def session_shares(requests: list[dict[str, Any]], owners: dict[int, str]) -> Shares:
    """Each request against the previous request of its session (requests of one session arrive in order)."""
    last: dict[str, list[dict[str, str]]] = {}
    values: list[float] = []
    reused: list[float] = []
    moves = unattributed = 0
    for body in requests:
        key = owners.get(body.get("seed", -1))
        if key is None:
            unattributed += 1
            continue
        messages = body["messages"]
        previous = last.get(key)
        if previous is not None:
            values.append(share(previous, messages))
            reused.append(share(messages, previous))
            moves += previous[0]["content"] != messages[0]["content"]  # the summary of dropped turns changed
        last[key] = messages
    return Shares(values, reused, moves, unattributed, len(requests))
