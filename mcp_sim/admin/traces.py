"""Traces: a session's calls as JSON lines, and the sim-vs-real fidelity figures of an experiment."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import StreamingResponse

from mcp_sim.admin.experiments import lab_of
from mcp_sim.admin.models import FidelitySummary, ToolFidelity
from mcp_sim.calls import CallPath
from mcp_sim.errors import ConfigError
from mcp_sim.reporting import paired
from mcp_sim.reporting.fidelity import chart
from mcp_sim.reporting.sources import ObservedCall, from_turn

api = APIRouter(tags=["traces"])

PAGE = 500  # turns read from the store at a time, so a long session never sits in memory at once
JSONL = "application/x-ndjson"


@api.get(
    "/sessions/{experiment}/{key}/trace",
    summary="A session's trace as JSON lines",
    description="One line per call, in call order: route, arguments, result or JSON-RPC error, effects, "
    "perturbation decisions, and the backend / world-model trace (integrity checks, tokens), with latency.",
    response_class=StreamingResponse,
    responses={200: {"content": {JSONL: {}}}},
)
async def session_trace(experiment: str, key: str, request: Request) -> StreamingResponse:
    path = lab_of(request).get(experiment).path
    if key not in await path.store.sessions(experiment):
        raise HTTPException(404, f"experiment '{experiment}' has no session {key!r}")
    filename = f"{experiment}-{key}.jsonl".replace('"', "")
    return StreamingResponse(
        _lines(path, key), media_type=JSONL, headers={"content-disposition": f'inline; filename="{filename}"'}
    )


@api.get(
    "/experiments/{name}/fidelity",
    summary="Sim-vs-real fidelity by tool: the pooled figures, and the divergence of shadow calls",
    description="`figures`: the pooled figures of fidelity-metrics.md (per tool, server and overall, each "
    "percentage with its counts) from the JSON the experiment's `fidelity:` names (read at each request, so "
    "the last run of `mcp-sim fidelity --json` shows), else from its shadow calls scored session by session; "
    "null when neither exists. `tools`: the mean divergence score shadow calls recorded in their trace "
    "(`trace.divergence` or `trace.shadow.divergence`); tools without shadow calls are left out.",
    responses={422: {"description": "The fidelity JSON the experiment names is missing or is not one"}},
)
async def fidelity(name: str, request: Request) -> FidelitySummary:
    path = lab_of(request).get(name).path
    scores: dict[str, list[float]] = defaultdict(list)
    observed: list[ObservedCall] = []
    for key in await path.store.sessions(name):
        for turn in await path.store.turns(name, key):
            score = divergence(turn.trace)
            if score is not None:
                scores[turn.tool].append(score)
            observed.append(from_turn(turn.to_json(), key))
    tools = [
        ToolFidelity(tool=tool, compared=len(values), mean_divergence=sum(values) / len(values))
        for tool, values in sorted(scores.items())
    ]
    source, figures = await anyio.to_thread.run_sync(_figures, path, observed)  # file reading and scoring: CPU
    return FidelitySummary(experiment=name, tools=tools, source=source, figures=figures, goals=dict(chart.GOALS))


def _figures(path: CallPath, observed: list[ObservedCall]) -> tuple[str | None, dict[str, Any] | None]:
    named = path.experiment.fidelity
    if named is not None:
        try:
            return named, paired.load(Path(named), named_by="fidelity:")
        except ConfigError as exc:
            raise HTTPException(422, str(exc)) from None
    schemas = {entry.name: entry.tool.output_schema for entry in path.catalog}
    figures = paired.pooled_pairs(observed, schemas)
    return ("shadow runs", figures) if figures is not None else (None, None)


def divergence(trace: dict[str, Any]) -> float | None:
    """The divergence score a shadow call recorded, if any."""
    shadow = trace.get("shadow")
    for value in (trace.get("divergence"), shadow.get("divergence") if isinstance(shadow, dict) else None):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


async def _lines(path: CallPath, key: str) -> AsyncIterator[bytes]:
    start = 0
    while True:
        turns = await path.store.turns(path.experiment.name, key, start, PAGE)
        for turn in turns:
            yield (json.dumps(turn.to_json(), ensure_ascii=False, sort_keys=True) + "\n").encode()
        if len(turns) < PAGE:
            return
        start += PAGE
