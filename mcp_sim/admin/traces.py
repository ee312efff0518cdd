"""Traces: a session's calls as JSON lines, and the sim-vs-real fidelity summary of an experiment."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import StreamingResponse

from mcp_sim.admin.experiments import lab_of
from mcp_sim.admin.models import FidelitySummary, ToolFidelity
from mcp_sim.calls import CallPath

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
    summary="Sim-vs-real fidelity by tool, from shadow calls",
    description="Averages the divergence score that shadow-routed calls record in their trace "
    "(`trace.divergence` or `trace.shadow.divergence`); tools without shadow calls are left out.",
)
async def fidelity(name: str, request: Request) -> FidelitySummary:
    path = lab_of(request).get(name).path
    scores: dict[str, list[float]] = defaultdict(list)
    for key in await path.store.sessions(name):
        for turn in await path.store.turns(name, key):
            score = divergence(turn.trace)
            if score is not None:
                scores[turn.tool].append(score)
    tools = [
        ToolFidelity(tool=tool, compared=len(values), mean_divergence=sum(values) / len(values))
        for tool, values in sorted(scores.items())
    ]
    return FidelitySummary(experiment=name, tools=tools)


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
