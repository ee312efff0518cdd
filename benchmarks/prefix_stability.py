"""How much of each LLM world-model request repeats the previous request's prefix (what a prefix cache reuses).

50-turn sessions, observations of seeded random sizes, some calls with perturbation instructions. Compares
mcp-sim's block-moving window against a naive sliding window (drop the oldest turn whenever over budget),
under budgets that never overflow, overflow a few times, and overflow often.

    python benchmarks/prefix_stability.py   # table on stdout, JSON in benchmarks/results/prefix_stability.json
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcp_sim.config import ToolSpec
from mcp_sim.state.base import Turn
from mcp_sim.state.entities import Effect
from mcp_sim.worldmodel import prompts

TURNS = 50
SESSIONS = 20
TOOLS = [ToolSpec(name=f"tool_{i}", description="x" * 200) for i in range(12)]


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
            total = len("".join(f"<{m['role']}>{m['content']}" for m in messages))
            out.append(prompts.common_prefix_chars(previous, messages) / total)
        previous = messages
        history.append(turn)
    return out


def naive_window(sizes: Sequence[int], budget: int) -> int:
    start, total = 0, sum(sizes)
    while total > budget and start < len(sizes) - 1:
        total -= sizes[start]
        start += 1
    return start


def measure(window: Callable[[Sequence[int], int], int] | None, budget: int) -> dict[str, float]:
    values: list[float] = []
    for seed in range(SESSIONS):
        if window is None:
            values += shares(budget, seed)
        else:
            with mock.patch.object(prompts, "window_start", window):
                values += shares(budget, seed)
    return {
        "mean_share": round(statistics.fmean(values), 4),
        "median_share": round(statistics.median(values), 4),
        "requests_below_50pct": sum(1 for v in values if v < 0.5),
        "requests": len(values),
    }


def main() -> None:
    rows = []
    for label, budget in (("never overflows", 10_000_000), ("overflows a few times", 40_000), ("tight", 12_000)):
        ours = measure(None, budget)
        naive = measure(naive_window, budget)
        rows.append({"budget": label, "budget_chars": budget, "blocks": ours, "sliding": naive})
    print(f"{'budget':<24}{'window':<10}{'mean share':>12}{'median':>10}{'<50% reuse':>12}")
    for row in rows:
        for name in ("blocks", "sliding"):
            r = row[name]
            line = f"{row['budget']:<24}{name:<10}{r['mean_share']:>12.3f}{r['median_share']:>10.3f}"
            print(f"{line}{r['requests_below_50pct']:>7}/{r['requests']}")
    out = Path(__file__).parent / "results" / "prefix_stability.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"turns": TURNS, "sessions": SESSIONS, "rows": rows}, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
