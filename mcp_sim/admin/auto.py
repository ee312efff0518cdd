"""``route: auto``: each auto-routed tool's decision and the evidence behind it, evaluated at request time
(the evidence is re-read from the recordings, so the view follows shadow runs as they accumulate)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from mcp_sim.admin.experiments import lab_of
from mcp_sim.admin.models import AutoDecisionView, AutoEvidenceView, AutoView
from mcp_sim.routing import flags as router

api = APIRouter(prefix="/experiments", tags=["experiments"])


@api.get("/{name}/auto", summary="route: auto: per tool, the decision (sim, real or shadow) and its evidence")
async def auto_decisions(name: str, request: Request) -> AutoView:
    path = lab_of(request).get(name).path
    auto = path.auto
    assert auto is not None  # CallPath always has one
    latest = auto.latest()
    tools = []
    for entry in path.catalog:
        if router.route(path.routing, entry.name) != router.AUTO:
            continue
        decision = await auto.evaluate(entry.name)
        last = latest.get(entry.name)
        evidence = AutoEvidenceView(**vars(decision.evidence))
        tools.append(
            AutoDecisionView(
                tool=decision.tool,
                route=decision.route,
                decided=decision.decided,
                reason=decision.reason,
                flagged=decision.flagged,
                evidence=evidence,
                last_call_route=last.route if last else None,
            )
        )
    policy = auto.policy
    return AutoView(
        threshold=policy.threshold,
        min_samples=policy.min_samples,
        window=policy.window,
        recheck_every=policy.recheck_every,
        report=policy.report,
        tools=tools,
    )
