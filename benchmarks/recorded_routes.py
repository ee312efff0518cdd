"""Cost of the recording routes against a real stdio MCP server (tests/fixtures/notes_server.py).

Per route: median per-call time over one session of N calls (create, get, list in turn), as a ratio to
`real` in the same run. Then the history cost: the version of a recording route comes from the
previous turn (the whole history only after turns of other routes), so compare the median of the first
and the last 50 calls of a long session, against `real` as the baseline.

Run: python benchmarks/recorded_routes.py [N]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio

from mcp_sim.config import load_experiment
from mcp_sim.runtime import running_experiment

FIXTURE = Path(__file__).parents[1] / "tests" / "fixtures" / "notes_server.py"


def experiment(folder: Path, route: str) -> Path:
    path = folder / f"{route}.yaml"
    upstream = f"{{command: {sys.executable}, args: [{FIXTURE}]}}"
    path.write_text(f"name: bench\nroute: {route}\nrecordings: bench.sqlite\nupstreams:\n  notes: {upstream}\n")
    return path


def calls(n: int) -> list[tuple[str, dict[str, Any]]]:
    shapes = [("create_note", {"title": "t", "body": "b"}), ("get_note", {"note_id": "note-1"}), ("list_notes", {})]
    return [shapes[i % 3] for i in range(n)]


async def session_ms(folder: Path, route: str, n: int) -> list[float]:
    async with running_experiment(load_experiment(experiment(folder, route))) as path:
        for tool, arguments in calls(n):
            await path.call("bench", tool, arguments)
        return [t.duration_ms for t in await path.store.turns(path.experiment.name, "bench")]


async def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        medians = {}
        for route in ("real", "record", "replay", "shadow", "sim"):
            medians[route] = statistics.median(await session_ms(folder, route, n))
        print(f"{'route':8} {'median ms':>10} {'x real':>7}   ({n} calls per session)")
        for route, ms in medians.items():
            print(f"{route:8} {ms:10.3f} {ms / medians['real']:7.2f}")
        for route in ("real", "record", "replay"):  # real: the store's own growth, as the baseline
            long = await session_ms(folder, route, 10 * n)
            first, last = statistics.median(long[:50]), statistics.median(long[-50:])
            print(
                f"{route}, {10 * n}-call session: first 50 {first:.3f} ms, last 50 {last:.3f} ms, x{last / first:.2f}"
            )


if __name__ == "__main__":
    anyio.run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 90)
