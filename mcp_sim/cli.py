"""``mcp-sim``: serve | validate | snapshot. Thin: parsing and exit codes only."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import sys
from collections.abc import Sequence
from pathlib import Path

import anyio

from mcp_sim import logs
from mcp_sim.config import LoadedExperiment, load_experiment
from mcp_sim.errors import ConfigError, SimError, StartupError


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logs.configure(args.log_level)
    try:
        return int(args.run(args))
    except ConfigError as exc:
        print("mcp-sim: configuration errors:", *exc.problems, sep="\n  ", file=sys.stderr)
        return 1
    except SimError as exc:
        print(f"mcp-sim: {exc}", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mcp-sim", description=__doc__)
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    commands = parser.add_subparsers(required=True, metavar="command")

    serve = commands.add_parser("serve", help="serve an experiment over streamable HTTP or stdio")
    serve.add_argument("experiment", type=Path)
    serve.add_argument("--transport", choices=["http", "stdio"], default="http")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument("--route", choices=["sim", "real"], help="flip every tool to this route")
    serve.add_argument("--allow-remote", action="store_true", help="allow binding beyond loopback")
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="Host header accepted besides loopback (DNS-rebinding protection stays on)",
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
    return parser


def _serve(args: argparse.Namespace) -> int:
    if not args.allow_remote and not _is_loopback(args.host):
        raise StartupError(f"--host {args.host} is beyond loopback: pass --allow-remote to bind it")
    loaded = load_experiment(args.experiment, route_override=args.route)

    async def serve() -> None:
        from mcp_sim import server
        from mcp_sim.runtime import running_experiment

        async with running_experiment(loaded) as path:
            _freeze_startup_heap()
            if args.transport == "stdio":
                await server.serve_stdio(path)
            else:
                await server.serve_http(path, args.host, args.port, args.allowed_host)

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
    from mcp_sim.validation import validate_offline

    loaded = load_experiment(args.experiment)
    validate_offline(loaded)
    tools = sum(len(f.tools) for _, f in loaded.spec_files)
    print(
        f"{loaded.path}: ok ({len(loaded.spec_files)} tool spec files, {tools} tools, "
        f"{len(loaded.experiment.upstreams)} upstreams)"
    )
    return 0


def _snapshot(args: argparse.Namespace) -> int:
    loaded = load_experiment(args.experiment)
    upstream = _one_upstream(loaded, args.upstream)

    async def snapshot() -> str:
        from mcp_sim.backends.upstream_mcp import UpstreamMCP
        from mcp_sim.specs import snapshot_yaml

        config = loaded.experiment.upstreams[upstream]
        connection = UpstreamMCP(upstream, config, str(loaded.base_dir))
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


def _one_upstream(loaded: LoadedExperiment, chosen: str | None) -> str:
    names = list(loaded.experiment.upstreams)
    if chosen is not None:
        if chosen not in names:
            raise StartupError(f"--upstream {chosen!r}: the experiment has {names or 'no upstreams'}")
        return chosen
    if len(names) != 1:
        raise StartupError(f"the experiment has {len(names)} upstreams {names}: choose one with --upstream")
    return names[0]


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


if __name__ == "__main__":
    raise SystemExit(main())
