"""Where a worker's CPU goes in section 9's 1,024-session round (``--only scale_workers``), by py-spy.

    python -m benchmarks.profile_scale [--store redis|sqlite] [--rounds 2] [--sessions 1024] [--top 60]

Starts the section's shape (the 1 s fake world model, a redis-server or the default SQLite file, ``mcp-sim
serve --workers 2``), runs a warm-up round, then records both workers with ``py-spy record`` (200 Hz) over the
measured rounds and prints each round (wall, CPU per call, errors) and the heaviest functions as shares of the
workers' event-loop thread samples (inclusive: entries nest). py-spy's sampling inflates the CPU figures of
that run; use the section for figures, this for shares. Not a section: a tool for finding the CPU.
"""

from __future__ import annotations

import argparse
import re
import shutil
import signal
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

import anyio

from benchmarks import scale_out
from benchmarks.concurrency import _enough_file_descriptors
from benchmarks.procs import fleet

LOOP_FRAME = "asyncio/runners.py"  # in every sample of the thread that runs the event loop
_FRAME = re.compile(r"(.*) \((.*?)(?::\d+)?\)$")


def shares(files: list[Path], top: int) -> list[tuple[float, str]]:
    """The heaviest functions of the event-loop thread's samples, inclusive, as shares of those samples."""
    inclusive: Counter[str] = Counter()
    total = 0
    for path in files:
        for line in path.read_text().splitlines():
            stack, _, count = line.rpartition(" ")
            if LOOP_FRAME not in stack or not count.isdigit():
                continue
            total += int(count)
            names = set()
            for frame in stack.split(";"):
                found = _FRAME.match(frame)
                names.add(f"{found.group(1)} ({found.group(2).split('site-packages/')[-1]})" if found else frame)
            for name in names:
                inclusive[name] += int(count)
    return [(100 * n / max(total, 1), name) for name, n in inclusive.most_common(top)]


def workers_of(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def start_spies(spy: str, files: list[Path]) -> list[subprocess.Popen[bytes]]:
    """``py-spy record`` of each worker (its pid in the file name) until ``stop_spies``."""
    argv = [spy, "record", "-r", "200", "-f", "raw", "-o"]
    return [
        subprocess.Popen([*argv, str(f), "-p", f.stem[4:]], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        for f in files
    ]


def stop_spies(spies: list[subprocess.Popen[bytes]]) -> None:
    for one in spies:
        one.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
    for one in spies:
        one.wait(timeout=60)


async def profile(store: str, rounds: int, sessions: int, out: Path) -> list[Path]:
    redis_binary = shutil.which("redis-server")
    spy = shutil.which("py-spy")
    if spy is None or (store == "redis" and redis_binary is None):
        raise SystemExit("needs py-spy and redis-server on PATH (scripts/setup installs them)")
    with fleet() as servers:
        llm = scale_out._fake_llm(servers)
        url = scale_out._redis(servers, redis_binary, out) if store == "redis" and redis_binary else None
        sim = scale_out._mcp_sim(servers, out, llm, url, f"profile-{store}", "--workers", "2")
        conns = await scale_out._open([sim], sessions)
        try:
            await scale_out._round(conns, [sim], "sim", 0)  # warm-up: pools, first turns
            files = [out / f"spy-{pid}.txt" for pid in workers_of(sim.process.pid)]
            spies = start_spies(spy, files)
            await anyio.sleep(1)  # py-spy attached
            for number in range(1, rounds + 1):
                done = await scale_out._round(conns, [sim], "sim", number)
                cpu_ms = 1000 * done.cpu_s / sessions
                print(f"round {number}: {done.wall_s:.2f} s, {cpu_ms:.2f} ms CPU/call, errors {dict(done.errors)}")
            stop_spies(spies)
        finally:
            for conn in conns:
                await conn.close()
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--store", choices=("redis", "sqlite"), default="redis")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--sessions", type=int, default=scale_out.WORKERS_SESSIONS)
    parser.add_argument("--top", type=int, default=60)
    args = parser.parse_args()
    _enough_file_descriptors(args.sessions + 1024)
    out = Path(tempfile.mkdtemp(prefix="profile-scale-"))
    files = anyio.run(profile, args.store, args.rounds, args.sessions, out)
    print(f"py-spy samples: {', '.join(map(str, files))}; shares of the event-loop thread's samples:")
    for share, name in shares(files, args.top):
        print(f"{share:5.1f} %  {name}")


if __name__ == "__main__":
    main()
