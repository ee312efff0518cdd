"""``mcp-sim world import FILE.json [-o world.yaml]``: an environment's initial state as a world seed file.

Thin over ``mcp_sim.ledger.world_import``. The file written is loaded back and turned back into the source
before the command succeeds: an import that would lose anything fails instead."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from mcp_sim.errors import ConfigError
from mcp_sim.ledger.world import load_world
from mcp_sim.ledger.world_import import import_world, source_of, world_yaml


def register(commands: Any) -> None:
    parser = commands.add_parser("world", help="world seed files: import an environment's initial state")
    ops = parser.add_subparsers(required=True, metavar="operation")
    imp = ops.add_parser("import", help="turn an initial state (JSON) into a world seed file (YAML)")
    imp.add_argument("file", type=Path, help="the initial state: a JSON object")
    imp.add_argument("-o", "--output", type=Path, help="the seed file to write (default: stdout)")
    imp.add_argument(
        "--sections",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="import the top-level objects' values one by one (default: when every top-level value is an "
        "object that is no table, as in BFCL's {Class: state})",
    )
    imp.set_defaults(run=_import, default_log_level="warning")


def _import(args: argparse.Namespace) -> int:
    source: Path = args.file
    data = read_json(source)
    world = import_world(data, str(source), args.sections)
    text = world_yaml(world)
    output: Path | None = args.output
    if output is not None and output.is_dir():
        raise ConfigError([f"-o {output}: is a directory; name the seed file to write"])
    if output is not None and output.resolve() == source.resolve():
        raise ConfigError([f"-o {output}: is the file being imported; name another file"])
    _check_round_trip(text, data, source)
    if output is None:
        sys.stdout.write(text)
        return 0
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    counts = (
        f"{len(world.entities)} tables ({sum(len(r) for r in world.entities.values())} records), "
        f"{len(world.singletons)} singletons, {len(world.scalars)} scalars"
    )
    print(f"wrote {output}: {counts}", file=sys.stderr)
    return 0


def read_json(path: Path) -> Any:
    """The JSON in ``path``; a missing file, a folder, bad JSON or a key twice is a ConfigError naming the place."""
    if not path.is_file():
        raise ConfigError([f"{path}: {'is a directory' if path.is_dir() else 'no such file'}"])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError([f"{path}: cannot be read as UTF-8 text ({exc})"]) from None
    try:
        return json.loads(text, object_pairs_hook=_no_key_twice)
    except json.JSONDecodeError as exc:
        raise ConfigError([f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}"]) from None
    except _KeyTwice as exc:
        raise ConfigError(
            [f"{path}: key {exc.args[0]!r} appears twice in one object; JSON readers keep only one"]
        ) from None


class _KeyTwice(ValueError):
    pass


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _KeyTwice(key)
        seen[key] = value
    return seen


def _check_round_trip(text: str, data: Any, source: Path) -> None:
    """Load the seed file as ``world:`` would and rebuild the source from it: they must be equal."""
    with tempfile.TemporaryDirectory() as folder:
        written = Path(folder) / "world.yaml"
        written.write_text(text, encoding="utf-8")
        world = load_world(written)
    if source_of(world) != data:
        raise ConfigError([f"{source}: the seed file would not hold the source exactly (a bug: please report it)"])
