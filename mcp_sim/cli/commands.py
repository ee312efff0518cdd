"""``mcp-sim``: serve | validate | snapshot | sessions | world | world-model | report | fidelity | export |
recordings | learn.

Thin: parsing and exit codes only."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import math
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import get_args

import anyio

from mcp_sim.config import LoadedExperiment, RouteName, load_experiment
from mcp_sim.errors import ConfigError, SimError, StartupError, leaves
from mcp_sim.observability import logs
from mcp_sim.serving.auth import TOKEN_ENV


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logs.configure(args.log_level or args.default_log_level)
    try:
        return int(args.run(args))
    except (Exception, BaseExceptionGroup) as exc:
        return _report_failure(exc, debug=args.log_level == "debug")


def _report_failure(error: BaseException, debug: bool) -> int:
    """Each problem on one line (task groups wrap start-up errors in exception groups: unwrapped here).
    A bug in mcp-sim is one line too; ``--log-level debug`` shows its traceback."""
    problems: list[str] = []
    for leaf in leaves(error):
        if isinstance(leaf, ConfigError):
            problems += leaf.problems
        elif isinstance(leaf, SimError):
            problems += [line for line in str(leaf).splitlines() if line]
        elif isinstance(leaf, KeyboardInterrupt):
            continue
        else:
            if debug:
                traceback.print_exception(leaf, file=sys.stderr)
            problems.append(f"internal error {type(leaf).__name__}: {leaf} (--log-level debug shows the traceback)")
    for problem in dict.fromkeys(problems):  # once each, in order
        print(f"mcp-sim: {problem}", file=sys.stderr)
    return 1 if problems else 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mcp-sim", description=__doc__)
    parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"], help="default: info")
    parser.set_defaults(default_log_level="info")
    commands = parser.add_subparsers(required=True, metavar="command")

    serve = commands.add_parser("serve", help="serve experiments over streamable HTTP (or one over stdio)")
    serve.add_argument("experiment", type=Path, nargs="+", help="the first is the default one, served at /mcp")
    serve.add_argument("--transport", choices=["http", "stdio"], default="http")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=_port, default=8765, help="0 picks a free port")
    serve.add_argument("--route", choices=list(get_args(RouteName)), help="flip every tool to this route")
    serve.add_argument("--allow-remote", action="store_true", help="allow binding beyond loopback (needs --token)")
    serve.add_argument(
        "--token",
        default=os.environ.get(TOKEN_ENV) or None,
        help=f"bearer token required by the MCP endpoints, admin API and /metrics (default: ${TOKEN_ENV})",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="Host header accepted besides loopback (DNS-rebinding protection stays on)",
    )
    serve.add_argument(
        "--max-sessions",
        type=_positive_int,
        help="2025-11-25 protocol sessions held at once per experiment; more end the longest idle (default 2048)",
    )
    serve.add_argument(
        "--workers",
        type=_positive_int,
        help="worker processes on one port (default: one per core when every store is redis://, else 1); "
        "SIGHUP restarts them one at a time without losing a call",
    )
    serve.add_argument(
        "--shared-sessions",
        action="store_true",
        help="hold no 2025-11-25 session in this process, so any replica behind a load balancer answers any "
        "request (on with --workers > 1)",
    )
    serve.add_argument(
        "--graceful-timeout",
        type=_positive_seconds,
        default=30.0,
        help="seconds a stopping worker has to finish its calls",
    )
    serve.set_defaults(run=_serve)

    validate = commands.add_parser("validate", help="check an experiment and every file it references")
    validate.add_argument("experiment", type=Path)
    validate.set_defaults(run=_validate)

    snapshot = commands.add_parser("snapshot", help="write an upstream's tools as a YAML tool spec file")
    snapshot.add_argument("experiment", type=Path)
    snapshot.add_argument("-o", "--output", type=Path, required=True)
    snapshot.add_argument("--upstream", help="which upstream (required when the experiment has several)")
    snapshot.set_defaults(run=_snapshot)

    world_model = commands.add_parser("world-model", help="print (or --run) the vllm serve command of a world model")
    world_model.add_argument("--model", default="Qwen/Qwen-AgentWorld-35B-A3B")
    world_model.add_argument("--gpus", type=int, default=1, help="tensor-parallel size")
    world_model.add_argument("--cpu", action="store_true", help="vLLM's CPU build (sets --max-num-batched-tokens)")
    world_model.add_argument("--gpu-memory-gb", type=float, help="memory of each GPU (default: nvidia-smi, else 80)")
    world_model.add_argument("--max-model-len", type=int, default=262144)
    world_model.add_argument("--host", default="127.0.0.1")
    world_model.add_argument("--port", type=int, default=8000)
    world_model.add_argument(
        "--run", dest="start", action="store_true", help="start the server instead of printing the command"
    )
    world_model.set_defaults(run=_world_model)

    report = commands.add_parser("report", help="sim-vs-real fidelity per tool, from traces, trajectories, recordings")
    report.add_argument("inputs", type=Path, nargs="*", metavar="trace", help="JSONL / .sqlite files or directories")
    report.add_argument("--experiment", type=Path, help="experiment whose tool specs give output schemas")
    report.add_argument("--simulate", action="store_true", help="answer real-only calls with the experiment's sim")
    report.add_argument("--html", type=Path, help="also write a self-contained HTML page with plots")
    report.add_argument("--fidelity", type=Path, help="the JSON `mcp-sim fidelity --json` wrote: show its figures")
    report.set_defaults(run=_report, default_log_level="warning")  # one log line per simulated call is noise here

    fidelity = commands.add_parser(
        "fidelity", help="replay recorded real sessions through the simulator and score it (per tool and server)"
    )
    fidelity.add_argument(
        "trajectories", type=Path, nargs="+", help="trajectory JSONL files (one call per line) or recordings files"
    )
    fidelity.add_argument(
        "--tools", type=Path, nargs="+", required=True, help="each server's tool list (spec files, e.g. snapshots)"
    )
    fidelity.add_argument("--mode", choices=["zero-config", "shipped", "learn"], default="zero-config")
    fidelity.add_argument("--worlds", type=Path, help="folder of <session>.json world seeds")
    fidelity.add_argument("--json", type=Path, help="also write the report (every count, every call) as JSON")
    fidelity.add_argument("--html", type=Path, help="also write a page with a chart per tool")
    fidelity.set_defaults(run=_fidelity, default_log_level="warning")

    export = commands.add_parser("export", help="recorded real sessions as world-model training/eval data")
    export.add_argument("inputs", type=Path, nargs="+", metavar="trace", help="JSONL / .sqlite files or directories")
    export.add_argument("--format", choices=["agentworld"], default="agentworld")
    export.add_argument("-o", "--output", type=Path, required=True)
    export.add_argument("--experiment", type=Path, help="experiment whose tool specs go into system_str")
    export.set_defaults(run=_export, default_log_level="warning")

    from mcp_sim.cli import sessions as sessions_cli

    sessions_cli.register(commands)
    from mcp_sim.cli import learn as learn_cli

    learn_cli.register(commands)
    from mcp_sim.cli import world as world_cli

    world_cli.register(commands)
    return parser


def _serve(args: argparse.Namespace) -> int:
    if not _is_loopback(args.host):
        if not args.allow_remote:
            raise StartupError(f"--host {args.host} is beyond loopback: pass --allow-remote to bind it")
        if not args.token:
            raise StartupError(f"--host {args.host} is beyond loopback: it needs --token or ${TOKEN_ENV}")
    if args.transport == "stdio" and len(args.experiment) > 1:
        raise StartupError("stdio serves one experiment: give one file, or use --transport http")
    loaded = [load_experiment(path, route_override=args.route) for path in args.experiment]
    if args.transport == "http":
        from mcp_sim.serving import workers

        states = [one.experiment.state for one in loaded]
        count = workers.default_workers(states) if args.workers is None else args.workers
        if count < 1:
            raise StartupError(f"--workers must be at least 1, got {count}")
        if count > 1:
            workers.check_shareable(states)
            anyio.run(workers.check_stores, loaded)
            options = workers.WorkerOptions(
                experiments=[str(path.resolve()) for path in args.experiment],
                route=args.route,
                host=args.host,
                allowed_hosts=args.allowed_host,
                token=args.token,
                log_level=args.log_level or args.default_log_level,
            )
            workers.serve_workers(options, count, args.port, args.graceful_timeout)
            return 0
    elif args.workers not in (None, 1):
        raise StartupError("stdio serves one client: --workers needs --transport http")

    async def serve() -> None:
        from mcp_sim.serving import host
        from mcp_sim.serving import mcp_server as server
        from mcp_sim.serving.flag_sync import synced_flags

        async with host.running_experiments(loaded) as paths, synced_flags(paths if args.shared_sessions else []):
            _freeze_startup_heap()
            if args.transport == "stdio":
                await server.serve_stdio(paths[0])
            else:
                await host.serve_host(
                    paths,
                    args.host,
                    args.port,
                    args.allowed_host,
                    args.token,
                    args.max_sessions,
                    shared_sessions=args.shared_sessions,
                )

    anyio.run(serve, backend_options=_event_loop())
    return 0


def _freeze_startup_heap() -> None:
    """What start-up allocated (modules, SDK models, the catalog) lives as long as the process: move it out of
    the cyclic collector's reach so full collections stop walking it on the hot path (CPython's gc.freeze)."""
    gc.collect()
    gc.freeze()


def _event_loop() -> dict[str, bool]:
    """uvloop when installed (a dependency on Linux/macOS): the same asyncio API, less CPU per call."""
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return {}
    return {"use_uvloop": True}


def _validate(args: argparse.Namespace) -> int:
    from mcp_sim.cli.validate import validate_offline

    loaded = load_experiment(args.experiment)
    checked = validate_offline(loaded)
    tools = sum(len(f.tools) for _, f in loaded.spec_files)
    entries = len(loaded.profile.entries) if loaded.profile else 0
    print(
        f"{loaded.path}: ok ({len(loaded.spec_files)} tool spec files, {tools} tools, "
        f"{len(loaded.experiment.upstreams)} upstreams, {entries} perturbation entries)"
    )
    for name in loaded.experiment.upstreams:  # serve connects them; validate does not
        stands_in = any(entry.upstream == name for entry in checked.catalog)
        print(f"  upstream '{name}': not connected by validate" + (" (a snapshot stands in)" if stands_in else ""))
    if not checked.routes_checked:
        print("  routes: patterns not checked (an upstream without a snapshot: its tools are known once it runs)")
    return 0


def _snapshot(args: argparse.Namespace) -> int:
    loaded = load_experiment(args.experiment)
    upstream = _one_upstream(loaded, args.upstream)

    async def snapshot() -> str:
        from mcp_sim.catalog.specs import snapshot_yaml
        from mcp_sim.runtime import make_upstream

        connection = make_upstream(upstream, loaded.experiment.upstreams[upstream], loaded)
        async with anyio.create_task_group() as tasks:
            await tasks.start(connection.run)
            tools = await connection.list_tools()
            tasks.cancel_scope.cancel()
        return snapshot_yaml(upstream, tools)

    text = anyio.run(snapshot)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({text.count(chr(10) + '- name:')} tools of upstream '{upstream}')")
    return 0


def _world_model(args: argparse.Namespace) -> int:
    from mcp_sim.simulation.llm import vllm as serving

    command = serving.vllm_command(args.model, args.gpus, args.max_model_len, args.host, args.port, cpu=args.cpu)
    if not args.cpu:
        serving.check_fit(args.model, args.gpus, args.max_model_len, args.gpu_memory_gb or serving.gpu_memory_gb())
    if args.start:
        serving.exec_command(command)  # does not return
    print(serving.as_text(command))
    return 0


def _report(args: argparse.Namespace) -> int:
    from rich.console import Console

    from mcp_sim.reporting.commands import report

    loaded = load_experiment(args.experiment) if args.experiment else None
    console = Console() if sys.stdout.isatty() else Console(width=160)  # piped: no wrapping at 80 columns
    report(args.inputs, console, loaded, args.simulate, args.html, args.fidelity)
    return 0


def _fidelity(args: argparse.Namespace) -> int:
    from mcp_sim.reporting.fidelity.command import run

    run(args.trajectories, args.tools, args.mode, args.worlds, args.json, args.html)
    return 0


def _export(args: argparse.Namespace) -> int:
    from mcp_sim.reporting.commands import export_agentworld

    loaded = load_experiment(args.experiment) if args.experiment else None
    written = export_agentworld(args.inputs, args.output, loaded)
    print(f"wrote {args.output} ({written} {args.format} records)")
    return 0


def _one_upstream(loaded: LoadedExperiment, chosen: str | None) -> str:
    names = list(loaded.experiment.upstreams)
    if chosen is not None:
        if chosen not in names:
            raise StartupError(f"--upstream {chosen!r}: the experiment has {names or 'no upstreams'}")
        return chosen
    if len(names) != 1:
        raise StartupError(f"the experiment has {len(names)} upstreams {names}: choose one with --upstream")
    return names[0]


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535, not {text!r}")
    return int(text)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {text!r}")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


if __name__ == "__main__":
    raise SystemExit(main())
