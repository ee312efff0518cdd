"""Server CPU per call, and where it goes (cProfile), for one ``mcp-sim serve`` process.

    python -m benchmarks.profile_cpu --case sim-2026 [--calls 3000] [--store memory://] [--profile]

Cases: ``sim-2026`` (schema world model, 2026-07-28, raw HTTP from ``--sessions`` concurrent connections),
``llm-2026`` (openai world model against benchmarks/fake_llm.py answering at once, same load), ``sim-2025``
(schema world model, one SDK client in legacy mode, 2025-11-25 with ``Mcp-Session-Id``), ``proxy-2026`` /
``proxy-2025`` (``echo`` routed real to the Python SDK upstream over HTTP, one SDK client) and ``stdio-2026`` /
``stdio-2025`` (``echo`` routed real to server-everything over stdio, as section 1's target rows; the CPU is
mcp-sim's own process, not the Node child's). CPU per call is the
server's process CPU time over the measured calls (user + system, from /proc: independent of how loaded the
machine is, unlike wall-clock). With ``--profile`` the server runs under cProfile (which slows it: CPU figures
of that run are not comparable) and the top cumulative and own-time entries are printed, as shares of the
profiled process's total. Not a section: a tool for finding the CPU.
"""

from __future__ import annotations

import argparse
import os
import pstats
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client

from benchmarks import rawmcp
from benchmarks.procs import CLOCK_TICKS, RESULTS, ROOT, Fleet, Server, fleet, free_port
from benchmarks.profile_hop import top
from benchmarks.proxy_overhead import EVERYTHING
from benchmarks.scale_out import tree_cpu_seconds
from benchmarks.sim_path import TOOLS

CASES = ("sim-2026", "llm-2026", "sim-2025", "proxy-2026", "proxy-2025", "stdio-2026", "stdio-2025")
RUN = f"{os.getpid()}x{int(time.time())}"  # in every session key: the default store's file outlives a run


async def drive_raw(url: str, sessions: int, calls: int, offset: int) -> int:
    conns = [rawmcp.Connection(url) for _ in range(sessions)]
    for conn in conns:
        await conn.open()
    done = 0
    try:
        for r in range(max(1, calls // sessions)):

            async def one(i: int, r: int = r) -> None:
                body, headers = rawmcp.tools_call(r, "create_item", {"name": f"w{r}"}, f"c{RUN}-{offset}-{i}")
                rawmcp.check_result(await conns[i].post(body, headers))

            async with anyio.create_task_group() as tasks:
                for i in range(sessions):
                    tasks.start_soon(one, i)
            done += sessions
    finally:
        for conn in conns:
            await conn.close()
    return done


async def drive_sdk(url: str, mode: str, tool: str, calls: int, offset: int) -> int:
    meta: Any = {"mcp-sim/session": f"sdk{RUN}-{offset}"}  # as section 1 does
    async with Client(url, mode=mode) as client:  # type: ignore[arg-type]
        await client.list_tools()
        for i in range(calls):
            arguments = {"message": f"hello {i}"} if tool == "echo" else {"name": f"w{i}"}
            result = await client.call_tool(tool, arguments, meta=meta)
            assert not result.is_error, result
    return calls


def experiment(servers: Fleet, case: str, store: str, workdir: Path) -> Path:
    (workdir / "profile-cpu-tools.yaml").write_text(yaml.safe_dump({"tools": TOOLS}, sort_keys=False))
    doc: dict[str, Any] = {"name": f"profile-cpu-{case}", "state": store}
    if case.startswith("stdio"):
        upstream = {"command": str(EVERYTHING), "args": ["stdio"]}
        doc |= {"route": "real", "upstreams": {"everything": upstream}}
    elif case.startswith("proxy"):
        port = free_port()
        servers.start(
            "upstream-profile-cpu", [sys.executable, "-m", "benchmarks.upstream_http", "--port", str(port)], port
        )
        doc |= {"route": "real", "upstreams": {"up": {"url": f"http://127.0.0.1:{port}/mcp"}}}
    else:
        doc |= {"route": "sim", "tools": ["profile-cpu-tools.yaml"]}
    if case == "llm-2026":
        port = free_port()
        argv = [sys.executable, "-m", "benchmarks.fake_llm", "--port", str(port), "--latency", "0"]
        servers.start("fake-llm-profile-cpu", argv, port, path="/v1/chat/completions")
        doc["world_model"] = {
            "kind": "openai",
            "base_url": f"http://127.0.0.1:{port}/v1",
            "model": "fake",
            "max_concurrency": 2048,
        }
    if store == "default":
        del doc["state"]
    path = workdir / f"profile-cpu-{case}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


async def drive(case: str, url: str, sessions: int, calls: int, offset: int) -> int:
    if case.endswith("2026") and not case.startswith(("proxy", "stdio")):
        return await drive_raw(url, sessions, calls, offset)
    mode = "legacy" if case.endswith("2025") else "2026-07-28"
    real = case.startswith(("proxy", "stdio"))
    return await drive_sdk(url, mode, "echo" if real else "create_item", calls, offset)


def cpu_seconds(case: str, pid: int) -> float:
    """The server's CPU: with its workers for most cases, without the stdio upstream it spawns for stdio-*."""
    return process_cpu_seconds(pid) if case.startswith("stdio") else tree_cpu_seconds(pid)


def process_cpu_seconds(pid: int) -> float:
    return sum(user_system_seconds(pid))


def user_system_seconds(pid: int) -> tuple[float, float]:
    """The process's own user and system CPU (its threads, not its children)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


def report(stats_file: Path, n: int) -> None:
    stats = pstats.Stats(str(stats_file))
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, tt, _, _) in entries.values())  # the main thread's CPU (benchmarks/cpu_profiled.py)
    print(f"profiled main-thread CPU {total:.2f} s (the measured calls; start-up and warm-up left out)")

    def name(key: tuple[str, int, str]) -> str:
        file, line, func = key
        return f"{func} ({Path(file).parent.name}/{Path(file).name}:{line})"

    by_cum = sorted(entries.items(), key=lambda kv: kv[1][3], reverse=True)
    print("-- cumulative --  calls  share  function")
    for key, (_, nc, _, ct, _) in by_cum[:n]:
        print(f"{nc:>10}  {100 * ct / total:5.1f}%  {name(key)}")
    by_own = sorted(entries.items(), key=lambda kv: kv[1][2], reverse=True)
    print("-- own --  calls  share  function")
    for key, (_, nc, tt, _, _) in by_own[:n]:
        print(f"{nc:>10}  {100 * tt / total:5.1f}%  {name(key)}")


def ab(servers: Fleet, args: argparse.Namespace, path: Path) -> None:
    """The same load on two source trees (PYTHONPATH), in alternating blocks: CPU per call of each, from the
    same minutes of a shared machine."""
    trees = {"A " + str(args.ab): Path(args.ab).resolve(), "B " + str(ROOT): ROOT}
    started: dict[str, Server] = {}
    for label, tree in trees.items():
        port = free_port()
        argv = [sys.executable, "-m", "mcp_sim", "serve", str(path), "--port", str(port), *args.extra.split()]
        started[label] = servers.start(f"mcp-sim-ab-{label[0]}-{args.case}", argv, port, root=tree)
    cpu = dict.fromkeys(started, 0.0)
    calls = dict.fromkeys(started, 0)
    block = max(args.sessions, args.calls // 10)
    for n, server in enumerate(started.values()):  # warm-up; each tree its own session keys (one SQLite file)
        anyio.run(drive, args.case, server.url, args.sessions, block, 100 + n)
    for b in range(10):
        for n, (label, server) in enumerate(started.items()):
            before = cpu_seconds(args.case, server.process.pid)
            calls[label] += anyio.run(drive, args.case, server.url, args.sessions, block, 2 * b + n)
            cpu[label] += cpu_seconds(args.case, server.process.pid) - before
    for label in started:
        print(
            f"{args.case} {args.store} {label}: {calls[label]} calls,"
            f" CPU {cpu[label] / calls[label] * 1000:.3f} ms/call"
        )
    a, b = (cpu[k] / calls[k] for k in started)
    print(f"B / A CPU per call: {b / a:.2f}x (load {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--case", choices=CASES, default="sim-2026")
    parser.add_argument("--store", default="memory://", help="a state URL, or 'default' (SQLite file)")
    parser.add_argument("--sessions", type=int, default=64)
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--spy", action="store_true", help="py-spy (GIL holder) over the measured calls only")
    parser.add_argument("--top", type=int, default=45)
    parser.add_argument("--extra", default="", help="more `mcp-sim serve` arguments, space separated")
    parser.add_argument("--ab", help="a second source tree (e.g. main): both serve, in alternating blocks")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    if args.ab:
        with fleet() as servers:
            ab(servers, args, experiment(servers, args.case, args.store, RESULTS))
        return
    out = RESULTS / f"profile-cpu-{args.case}.prof"
    with fleet() as servers:
        path = experiment(servers, args.case, args.store, RESULTS)
        port = free_port()
        prefix = [sys.executable, "-m", "benchmarks.cpu_profiled", str(out)] if args.profile else [sys.executable]
        argv = [*prefix, "-m", "mcp_sim", "serve", str(path), "--port", str(port), *args.extra.split()]
        sim: Server = servers.start(f"mcp-sim-profile-cpu-{args.case}", argv, port)
        warm = max(args.sessions, args.calls // 10)
        anyio.run(drive, args.case, sim.url, args.sessions, warm, 0)
        spy = None
        if args.spy:
            spied = RESULTS / f"profile-cpu-{args.case}.spy.txt"
            argv = [
                str(Path(sys.executable).with_name("py-spy")),
                "record",
                "--gil",
                "--format",
                "raw",
                "-r",
                "250",
                "-o",
                str(spied),
            ]
            spy = subprocess.Popen([*argv, "--pid", str(sim.process.pid)], stdout=subprocess.DEVNULL)
            time.sleep(1.0)
        if args.profile:
            sim.process.send_signal(signal.SIGUSR1)  # the profile keeps only the measured calls
            time.sleep(0.2)
        cpu = cpu_seconds(args.case, sim.process.pid)
        user, system = user_system_seconds(sim.process.pid)
        started = time.perf_counter()
        calls = anyio.run(drive, args.case, sim.url, args.sessions, args.calls, 1)
        wall = time.perf_counter() - started
        cpu = cpu_seconds(args.case, sim.process.pid) - cpu
        user, system = (
            after - before for after, before in zip(user_system_seconds(sim.process.pid), (user, system), strict=True)
        )
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(timeout=60)
        print(
            f"{args.case} {args.store}: {calls} calls in {wall:.2f} s, server CPU {cpu / calls * 1000:.3f} ms/call"
            f" (main process: user {user / calls * 1000:.3f}, system {system / calls * 1000:.3f})"
            f" (load {os.getloadavg()[0]:.1f}){' [under cProfile]' if args.profile else ''}"
        )
        if args.profile:
            sim.process.send_signal(signal.SIGINT)  # uvicorn shuts down; cProfile then writes its file
            sim.process.wait(timeout=60)
    if args.profile:
        report(out, args.top)
    if args.spy:
        top(RESULTS / f"profile-cpu-{args.case}.spy.txt", args.top)


if __name__ == "__main__":
    main()
