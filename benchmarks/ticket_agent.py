"""A scripted agent working the ticket API through a running mcp-sim, for the world-model sections.

Each session is one seeded episode over streamable HTTP (2026-07-28, the session named in ``_meta``):
it opens tickets, reads, lists, updates, comments on and now and then deletes the ones it knows, the way
a help-desk agent would. Failures the perturbation profile injects (isError results, JSON-RPC errors)
are what an agent meets, like results its SDK client rejects because drift broke the outputSchema: the
episode counts them and goes on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client, MCPError

from benchmarks.procs import ROOT
from mcp_sim.seeding import derive_seed

TICKETS = ROOT / "tool_specs" / "tickets.yaml"
HOSTILE = ROOT / "perturbations" / "hostile.yaml"
SEED = 7
WORDS = ["printer", "vpn", "laptop", "badge", "mailbox", "wifi", "invoice", "backup"]


@dataclass
class Episodes:
    """What the agent saw: per tool result kind, counted over all sessions."""

    ok: int = 0
    is_error: int = 0
    jsonrpc_errors: int = 0
    client_rejected: int = 0  # results the SDK client refused against outputSchema (the profile's schema drift)
    keys: list[str] = field(default_factory=list)


def write_experiment(path: Path, name: str, world_model: dict[str, Any]) -> Path:
    """A sim-route experiment on the ticket API with the hostile profile and the given world model."""
    experiment = {
        "name": name,
        "seed": SEED,
        "route": "sim",
        "tools": [str(TICKETS)],
        "state": "memory://",
        "perturbations": str(HOSTILE),
        "world_model": world_model,
    }
    path.write_text(yaml.safe_dump(experiment, sort_keys=False))
    return path


async def run_sessions(url: str, prefix: str, sessions: int, turns: int) -> Episodes:
    """``sessions`` concurrent episodes of ``turns`` calls each (every episode's calls in order)."""
    seen = Episodes(keys=[f"{prefix}-{i}" for i in range(sessions)])
    async with Client(url, mode="2026-07-28") as client, anyio.create_task_group() as tasks:
        for i, key in enumerate(seen.keys):
            tasks.start_soon(_episode, client, key, random.Random(i), turns, seen)
    return seen


def seed_owners(keys: list[str], turns: int, attempts: int) -> dict[int, str]:
    """The session of each seed a world-model request can carry (mcp-sim derives it per session and call)."""
    owners = {}
    for key in keys:
        for index in range(turns):
            seed = derive_seed(SEED, key, index, "world-model")
            for attempt in range(attempts):
                owners[(seed + attempt) % 2**63] = key
    return owners


async def _episode(client: Client, key: str, rng: random.Random, turns: int, seen: Episodes) -> None:
    tickets: list[str] = []
    for turn in range(turns):
        tool, arguments = _next_call(rng, turn, tickets)
        try:
            result = await client.call_tool(tool, arguments, meta={"mcp-sim/session": key})  # type: ignore[arg-type]
        except MCPError:
            seen.jsonrpc_errors += 1
            continue
        except RuntimeError as exc:  # the SDK validates structuredContent: drifted fields fail there
            if "Invalid structured content" not in str(exc):
                raise
            seen.client_rejected += 1
            continue
        if result.is_error:
            seen.is_error += 1
            continue
        seen.ok += 1
        body = result.structured_content or {}
        if tool == "create_ticket" and isinstance(body.get("id"), str):
            tickets.append(body["id"])
        if tool == "delete_ticket":
            tickets.remove(arguments["ticket_id"])


def _next_call(rng: random.Random, turn: int, tickets: list[str]) -> tuple[str, dict[str, Any]]:
    roll = rng.random()
    if not tickets or roll < 0.25:
        title = f"{rng.choice(WORDS)} broken ({turn})"
        return "create_ticket", {"title": title, "priority": rng.choice(["low", "normal", "high"])}
    ticket = rng.choice(tickets)
    if roll < 0.45:
        return "get_ticket", {"ticket_id": ticket}
    if roll < 0.6:
        return "list_tickets", {"status": "open"} if rng.random() < 0.5 else {}
    if roll < 0.78:
        return "update_ticket", {"ticket_id": ticket, "status": rng.choice(["in_progress", "resolved"])}
    if roll < 0.95:
        return "add_comment", {"ticket_id": ticket, "body": f"checked the {rng.choice(WORDS)} again"}
    return "delete_ticket", {"ticket_id": ticket}
