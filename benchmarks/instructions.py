"""Instructions per call of two source trees, counted by valgrind: an A/B that a loaded machine cannot spoil.

    python -m benchmarks.instructions OTHER_TREE [--case sim-2026] [--store memory://] [--calls 320] [--blocks 4]

Both trees (``OTHER_TREE``, then this one) serve the same experiment as ``profile_cpu`` builds it, each
``mcp-sim serve`` under ``valgrind --tool=callgrind --instr-atstart=no``: nothing is counted during start-up and
warm-up. For each block of ``--calls`` calls (16 sessions at a time, fresh ones per block, as ``profile_cpu``'s
driver makes them) the server's instrumentation is switched on (``callgrind_control -i on``), the calls are made, it
is switched off and the count dumped (``callgrind_control -d``); blocks alternate between the trees. The figure is
the server process's instructions (``Ir``) per call: the CPU work itself, which on this shared 2-core machine stays
within about 1 % from block to block, where CPU seconds per call (``profile_cpu --ab``) spread by 10-30 % under the
other jobs' load. It counts work, not time: a cut that saves instructions but misses the caches more would not show.
Under valgrind a call takes about 50 times as long, so blocks are small. The forwarded cases (``stdio-*``: ``echo``
to server-everything over stdio, as section 1's target rows; ``proxy-*``: to the Python SDK upstream over HTTP) make
their calls one after another from one SDK client, a fresh session per block; their upstream runs outside valgrind
(callgrind does not follow the spawned Node child), so only mcp-sim's own work is counted. Needs ``valgrind``
(Debian's package) on PATH.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import anyio

from benchmarks import profile_cpu
from benchmarks.procs import ROOT, Server, fleet, free_port

SESSIONS = 16  # concurrent sessions per block: enough to overlap calls, few enough for valgrind's pace
CASES = ("sim-2026", "llm-2026", "sim-2025", "stdio-2026", "proxy-2026", "stdio-2025", "proxy-2025")


def served(tree: Path, experiment: Path, out: Path) -> list[str]:
    """``mcp-sim serve`` of ``tree`` under callgrind, counting nothing until told to."""
    return [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        f"--callgrind-out-file={out}",
        sys.executable,
        "-m",
        "mcp_sim",
        "serve",
        str(experiment),
    ]


def control(*argv: str) -> None:
    subprocess.run(["callgrind_control", *argv], check=True, capture_output=True)


def instructions(dump: Path) -> int:
    """The ``totals:`` line of a callgrind dump (its ``summary:`` stays 0 for a dump on request)."""
    for line in dump.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {dump}")


def measure(server: Server, dumps: Path, case: str, calls: int, offset: int) -> float:
    """Instructions per call of one block on ``server``."""
    pid = str(server.process.pid)
    for old in dumps.glob(f"cg.{pid}.*"):
        old.unlink()
    control("-z", pid)  # counters to zero, then counting only over the block
    control("-i", "on", pid)
    done = anyio.run(profile_cpu.drive, case, server.url, SESSIONS, calls, offset)
    control("-i", "off", pid)
    control("-d", pid)
    counted = sum(instructions(dump) for dump in dumps.glob(f"cg.{pid}.*"))
    return counted / done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("other", type=Path, help="the other source tree (e.g. a worktree of the base commit)")
    parser.add_argument("--case", choices=CASES, default="sim-2026")
    parser.add_argument("--store", default="memory://", help="a state URL, or 'default' (SQLite file)")
    parser.add_argument("--calls", type=int, default=320, help="calls per block")
    parser.add_argument("--blocks", type=int, default=4, help="blocks per tree, alternating")
    args = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise SystemExit("needs valgrind and callgrind_control on PATH (Debian: apt-get install valgrind)")
    trees = {"A " + str(args.other): args.other.resolve(), "B " + str(ROOT): ROOT}
    work = Path(tempfile.mkdtemp(prefix="instructions-"))
    per_call: dict[str, list[float]] = {label: [] for label in trees}
    with fleet() as servers:
        experiment = profile_cpu.experiment(servers, args.case, args.store, work)
        started: dict[str, tuple[Server, Path]] = {}
        for n, (label, tree) in enumerate(trees.items()):
            dumps = work / f"tree{n}"
            dumps.mkdir()
            port = free_port()
            argv = [*served(tree, experiment, dumps / "cg.%p"), "--port", str(port)]
            started[label] = (servers.start(f"mcp-sim-instructions-{n}", argv, port, root=tree, timeout_s=600), dumps)
        for n, (server, _) in enumerate(started.values()):  # warm-up, not counted
            anyio.run(profile_cpu.drive, args.case, server.url, SESSIONS, max(SESSIONS, args.calls // 2), 100 + n)
        for block in range(args.blocks):
            for n, (label, (server, dumps)) in enumerate(started.items()):
                per_call[label].append(measure(server, dumps, args.case, args.calls, 2 * block + n))
                print(f"block {block} {label}: {per_call[label][-1] / 1e6:.3f} M instructions/call", flush=True)
    medians = {label: statistics.median(values) for label, values in per_call.items()}
    for label, median in medians.items():
        print(f"{args.case} {args.store} {label}: median {median / 1e6:.3f} M instructions/call")
    a, b = medians.values()
    print(f"B / A instructions per call: {b / a:.4f}x")


if __name__ == "__main__":
    main()
