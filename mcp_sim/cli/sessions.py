"""``mcp-sim sessions list|show|episode|reset|fork|create|export|import|delete EXPERIMENT ...``.

Thin over ``mcp_sim.sessions``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

from mcp_sim.errors import StartupError
from mcp_sim.sessions import Sessions, open_sessions

SEED_HELP = "shared: the group gets the same perturbation rolls; distinct (default): each its own"


def register(commands: Any) -> None:
    parser = commands.add_parser("sessions", help="list, show, reset, fork, export, import or delete sessions")
    ops = parser.add_subparsers(required=True, metavar="operation")
    _op(ops, "list", "the experiment's sessions", _list)
    _op(ops, "show", "one session's state and history as JSON", _show, "key")
    _op(ops, "episode", "one episode as a reward reads it (JSON, format mcp-sim/episode@1)", _episode, "key")
    _op(ops, "reset", "start a fresh episode under the same key", _reset, "key")
    fork = _op(ops, "fork", "copy a session into new ones (a GRPO group)", _fork, "key")
    fork.add_argument("new_keys", nargs="*", help="keys of the copies")
    fork.add_argument("-n", type=int, default=0, help="also make N copies KEY.fork-1 .. (first free numbers)")
    fork.add_argument("--seed", choices=["distinct", "shared"], default="distinct", help=SEED_HELP)
    create = _op(ops, "create", "make N fresh sessions NAME.1 .. NAME.N from the world seed (a group)", _create)
    create.add_argument("name", help="the group's name")
    create.add_argument("-n", type=int, required=True, help="how many sessions")
    create.add_argument("--seed", choices=["distinct", "shared"], default="distinct", help=SEED_HELP)
    export = _op(ops, "export", "write a session as JSON", _export, "key")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    restore = _op(ops, "import", "load a session exported as JSON", _import)
    restore.add_argument("file", type=Path)
    restore.add_argument("--key", help="store it under this key (default: its own)")
    _op(ops, "delete", "forget a session", _delete, "key")


def _op(ops: Any, name: str, help_: str, run: Callable[..., Awaitable[int]], *positionals: str) -> Any:
    parser = ops.add_parser(name, help=help_)
    parser.add_argument("experiment", type=Path)
    for positional in positionals:
        parser.add_argument(positional)
    parser.set_defaults(run=lambda args: _run(args, run))
    return parser


def _run(args: argparse.Namespace, operation: Callable[[Sessions, argparse.Namespace], Awaitable[int]]) -> int:
    async def main() -> int:
        async with open_sessions(args.experiment) as sessions:
            return await operation(sessions, args)

    try:
        return anyio.run(main)
    except KeyError as exc:
        raise StartupError(str(exc.args[0])) from None
    except ValueError as exc:  # a key breaking the session-key rule, a fork onto a used key
        raise StartupError(str(exc)) from None


async def _list(sessions: Sessions, args: argparse.Namespace) -> int:
    print(f"{'session':<40} {'calls':>6} {'entities':>9} {'deleted':>8}  last write")
    for s in await sessions.list():
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(s.updated_at))
        print(f"{s.key:<40} {s.calls:>6} {s.entities:>9} {s.deleted:>8}  {when}")
    return 0


async def _show(sessions: Sessions, args: argparse.Namespace) -> int:
    print(json.dumps(await sessions.show(args.key), indent=2, ensure_ascii=False))
    return 0


async def _episode(sessions: Sessions, args: argparse.Namespace) -> int:
    print((await sessions.episode(args.key)).model_dump_json(indent=2))
    return 0


async def _reset(sessions: Sessions, args: argparse.Namespace) -> int:
    await sessions.reset(args.key)
    print(f"reset {args.key}")
    return 0


async def _fork(sessions: Sessions, args: argparse.Namespace) -> int:
    try:
        keys = await sessions.fork(args.key, args.new_keys, args.n, args.seed)
    except ValueError as exc:
        raise StartupError(str(exc)) from None
    print("\n".join(keys))
    return 0


async def _create(sessions: Sessions, args: argparse.Namespace) -> int:
    try:
        keys = await sessions.create(args.name, args.n, args.seed)
    except ValueError as exc:
        raise StartupError(str(exc)) from None
    print("\n".join(keys))
    return 0


async def _export(sessions: Sessions, args: argparse.Namespace) -> int:
    text = json.dumps(await sessions.export(args.key), indent=2, ensure_ascii=False)
    if args.output is None:
        print(text)
        return 0
    try:
        args.output.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise StartupError(f"{args.output}: cannot write the export: {exc.strerror or exc}") from None
    return 0


async def _import(sessions: Sessions, args: argparse.Namespace) -> int:
    try:
        data = json.loads(args.file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise StartupError(f"{args.file}: cannot read: {exc.strerror or exc}") from None
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise StartupError(f"{args.file}: not JSON: {exc}") from None
    try:
        key = await sessions.restore(data, args.key)
    except ValueError as exc:
        raise StartupError(f"{args.file}: {exc}") from None
    print(f"imported {key}")
    return 0


async def _delete(sessions: Sessions, args: argparse.Namespace) -> int:
    if not await sessions.delete(args.key):
        print(f"no session {args.key!r}", file=sys.stderr)
        return 1
    print(f"deleted {args.key}")
    return 0
