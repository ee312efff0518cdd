"""Shared set-up for perturbation tests: a real CallPath (schema simulator, memory store) from YAML."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import yaml
from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.runtime import running_experiment

REPO = Path(__file__).resolve().parents[2]
TICKETS = REPO / "tool_specs" / "tickets.yaml"
BATCH = REPO / "tests" / "fixtures" / "batch_tools.yaml"


def write_experiment(tmp_path: Path, perturbations: Any, seed: int = 0, **extra: Any) -> Path:
    doc = {"name": "perturb-test", "seed": seed, "tools": [str(TICKETS), str(BATCH)], "state": "memory://", **extra}
    if perturbations is not None:
        doc["perturbations"] = perturbations
    path = tmp_path / f"exp-{seed}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


@asynccontextmanager
async def call_path(tmp_path: Path, perturbations: Any, seed: int = 0, **extra: Any) -> AsyncIterator[CallPath]:
    loaded = load_experiment(write_experiment(tmp_path, perturbations, seed, **extra))
    async with running_experiment(loaded) as path:
        yield path


def text(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def dumped(result: CallToolResult) -> str:
    return json.dumps(result.model_dump(by_alias=True, exclude_none=True, mode="json"), sort_keys=True)


async def create_tickets(path: CallPath, session: str, count: int) -> list[str]:
    ids = []
    for i in range(count):
        result = await path.call(session, "create_ticket", {"title": f"ticket {i}"})
        assert not result.is_error, text(result)
        assert result.structured_content is not None
        ids.append(result.structured_content["id"])
    return ids


async def decisions(path: CallPath, session: str) -> list[list[dict[str, Any]]]:
    return [turn.decisions for turn in await path.store.turns(path.experiment.name, session)]
