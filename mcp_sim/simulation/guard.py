"""The integrity guard around one simulated call: check, regenerate with feedback, patch, or fail closed.

Each guarded call that needed more than the first answer counts once in ``mcp_sim_integrity_repairs_total``
with its kind: ``regenerated`` (the second answer was clean), ``patched`` (fixed from the ledger) or
``refused`` (failed closed). calls.py counts ``not_found`` for arguments refused before the world model.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.answers import with_body
from mcp_sim.ledger.effects import EntityTypes, with_observed
from mcp_sim.ledger.integrity import audit
from mcp_sim.observability import metrics
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin.validators import check_for
from mcp_sim.simulation.render import failure_in_style

Simulate = Callable[[SimulationRequest], Awaitable[Outcome]]
Style = Callable[[str], CallToolResult | None]  # a failure mcp-sim decided, as the tool's server says one


async def guarded(
    request: SimulationRequest, simulate: Simulate, types: EntityTypes, style: Style | None = None
) -> Outcome:
    """The world model's answer, made consistent with the ledger; every step goes to ``trace["integrity"]``. A
    refusal is said in ``style`` (the server's learned failure wording), else in the tool's own learned
    wording, else in mcp-sim's words."""
    spec, arguments, ledger = request.spec, request.arguments, request.session.ledger
    steps: list[dict[str, Any]] = []
    outcome = await simulate(request)
    for attempt in ("answer", "regenerated"):
        checked = audit(spec, arguments, outcome.result, ledger, types, _made(outcome), _changed(outcome))
        steps.append({"check": attempt, "violations": [v.to_json() for v in checked.violations]})
        if not checked.violations:
            if attempt == "regenerated":
                _count(request, "regenerated")
            return learned(request, outcome, types, steps)
        if attempt == "answer":  # ask once more, saying what was wrong (an LLM world model reads this)
            request.feedback = [v.message for v in checked.violations]
            outcome = await simulate(request)
    if checked.repairable:
        for violation in checked.violations:
            assert violation.fix is not None
            violation.fix()
        patched = with_body(outcome.result, checked.body)
        if not _fits(spec, patched) and any(v.fallback for v in checked.violations):
            for violation in checked.violations:  # null where the schema wants an id: the newest live one
                if violation.fallback is not None:
                    violation.fallback()
            patched = with_body(outcome.result, checked.body)
        made, changed = _made(outcome), _changed(outcome)
        if _fits(spec, patched) and not audit(spec, arguments, patched, ledger, types, made, changed).violations:
            steps.append({"repair": "patched from the ledger", "fixed": len(checked.violations)})
            _count(request, "patched")
            return learned(request, Outcome(patched, outcome.effects, outcome.trace), types, steps)
    steps.append({"repair": "failed closed"})
    _count(request, "refused")
    reasons = "; ".join(v.message for v in checked.violations)
    styled = (style or (lambda message: failure_in_style(spec, [], arguments, message)))(reasons)
    text = f"Simulation refused: the answer contradicts this session's state ({reasons})"
    failed = styled or CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
    return Outcome(failed, [], {**outcome.trace, "integrity": steps})


def learned(request: SimulationRequest, outcome: Outcome, types: EntityTypes, steps: list[dict[str, Any]]) -> Outcome:
    """The outcome with the effects its answer shows added to those the world model reported."""
    effects = with_observed(request.spec, request.arguments, outcome.result, outcome.effects, types)
    return Outcome(outcome.result, effects, {**outcome.trace, "integrity": steps})


def _fits(spec: ToolSpec, result: CallToolResult) -> bool:
    """Whether a patched answer still fits the tool's outputSchema (a patch must never make it invalid)."""
    schema, structured = spec.output_schema, result.structured_content
    return schema is None or structured is None or check_for(schema, schema)(structured)


def _made(outcome: Outcome) -> frozenset[tuple[str, str]]:
    """What the world model says the call created (the builtin simulator's own creates, made.py's among them)."""
    return frozenset((e.entity, e.id) for e in outcome.effects if e.op == "create")


def _changed(outcome: Outcome) -> frozenset[tuple[str, str]]:
    """What the world model says the call updated, by the id it resolved (a key or a name the call gave)."""
    return frozenset((e.entity, e.id) for e in outcome.effects if e.op == "update")


def _count(request: SimulationRequest, kind: str) -> None:
    metrics.integrity_repair(request.session.experiment, request.spec.name, kind)
