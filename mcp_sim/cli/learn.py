"""``mcp-sim recordings import`` and ``mcp-sim learn``: real observations in, recordings files and specs out."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def register(commands: Any) -> None:
    recordings = commands.add_parser("recordings", help="recordings files (what route: record writes)")
    actions = recordings.add_subparsers(required=True, metavar="action")
    importing = actions.add_parser("import", help="recorded trajectories (JSONL) into a recordings file")
    importing.add_argument("trajectories", type=Path, nargs="+", help="trajectory JSONL files (one call per line)")
    importing.add_argument("-o", "--output", type=Path, required=True, help="the recordings file (.sqlite)")
    importing.add_argument(
        "--tools", type=Path, nargs="+", help="the tool lists (spec files): which tools change state, as replay sees it"
    )
    importing.set_defaults(run=_import, default_log_level="warning")

    learn = commands.add_parser("learn", help="write what real observations show per tool into a tool spec file")
    learn.add_argument("inputs", type=Path, nargs="+", help="recordings files (.sqlite) or trajectory JSONL files")
    learn.add_argument("-o", "--output", type=Path, required=True, help="the tool spec file to write (YAML)")
    learn.add_argument("--tools", type=Path, nargs="+", help="tool lists (spec files) giving each tool's schemas")
    learn.set_defaults(run=_learn, default_log_level="warning")


def _import(args: argparse.Namespace) -> int:
    from mcp_sim.reporting.fidelity.importing import import_trajectories

    done = import_trajectories(args.trajectories, args.output, args.tools)
    errors = f", {done.protocol_errors} JSON-RPC errors among them" if done.protocol_errors else ""
    print(f"wrote {args.output}: {done.calls} calls of {done.sessions} sessions of {done.servers} servers{errors}")
    return 0


def _learn(args: argparse.Namespace) -> int:
    from mcp_sim.reporting.learning import write_learned_spec

    written = write_learned_spec(args.inputs, args.output, args.tools)
    print(f"wrote {args.output}: {written.tools} tools, {written.examples} examples chosen of {written.calls} calls")
    return 0
