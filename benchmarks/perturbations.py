"""The perturbation pipeline's cost per call: no profile, 1 entry, 8 entries.

Each configuration runs the same calls through the real call path (CallPath: catalog lookup, argument
validation, plan, schema simulator, memory store commit). Entries are chosen so they all take part in
every call without sleeping (latency 0 ms, errors and empties with probability 0 still roll). Reported as
microseconds per call and as a ratio to the no-profile baseline measured in the same run.

    python benchmarks/perturbations.py [--calls 2000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mcp_sim import logs  # noqa: E402
from mcp_sim.config import load_experiment  # noqa: E402
from mcp_sim.runtime import running_experiment  # noqa: E402

ONE = [{"type": "paginate", "match": {"tools": ["list_*"]}, "page_size": 5}]
EIGHT = [
    {"type": "latency", "ms": 0},
    {"type": "error", "probability": 0.0, "kind": "rate_limited"},
    {"type": "instruct", "text": "Answer tersely."},
    {"type": "truncate", "max_chars": 100000},
    *ONE,
    {"type": "schema_drift", "rename": {"no_such_field": "x"}},
    {"type": "empty", "probability": 0.0},
    {"type": "partial_failure"},
]
PROFILES: dict[str, list[dict[str, Any]] | None] = {"no profile": None, "1 entry": ONE, "8 entries": EIGHT}


async def _per_call_us(directory: Path, perturbations: Any, calls: int) -> float:
    doc = {"name": "bench", "seed": 1, "tools": [str(REPO / "tool_specs" / "tickets.yaml")]}
    if perturbations is not None:
        doc["perturbations"] = perturbations
    path = directory / "exp.yaml"
    path.write_text(yaml.safe_dump(doc))
    async with running_experiment(load_experiment(path)) as call_path:
        for i in range(12):  # warm-up: validators, code paths
            await call_path.call("warm", "create_ticket", {"title": f"t{i}"})
        started = time.perf_counter()
        for i in range(calls):
            session = f"s{(i // 2) % 25}"  # each session creates, then lists what it made
            if i % 2:
                await call_path.call(session, "list_tickets", {})
            else:
                await call_path.call(session, "create_ticket", {"title": f"t{i}"})
        return (time.perf_counter() - started) / calls * 1e6


async def measure(calls: int, repeats: int) -> dict[str, float]:
    samples: dict[str, list[float]] = {name: [] for name in PROFILES}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeats):  # interleaved, so drift in machine load hits every profile alike
            for name, perturbations in PROFILES.items():
                samples[name].append(await _per_call_us(Path(tmp), perturbations, calls))
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    logs.configure("warning")  # one log line per call would dominate what we measure
    medians = anyio.run(measure, args.calls, args.repeats)
    base = medians["no profile"]
    print(f"{'profile':<12} {'us/call':>10} {'ratio':>7}")
    rows = []
    for name, us in medians.items():
        print(f"{name:<12} {us:>10.1f} {us / base:>7.2f}")
        rows.append({"profile": name, "us_per_call": round(us, 2), "ratio": round(us / base, 3)})
    out = REPO / "benchmarks" / "results" / "perturbations.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"calls": args.calls, "repeats": args.repeats, "python": platform.python_version()}
    out.write_text(json.dumps({"meta": meta, "rows": rows}, indent=2) + "\n")
    print(f"wrote {out.relative_to(REPO)}")


if __name__ == "__main__":
    main()
