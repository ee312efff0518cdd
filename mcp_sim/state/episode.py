"""An episode as a reward function reads it: the final world, what each call did, counts, seed identity.

``GET /admin/sessions/<experiment>/<key>/episode``, ``Sessions.episode`` and ``mcp-sim sessions episode`` all
return ``Episode`` (format ``mcp-sim/episode@1``). The layout is a contract: fields are only ever added, and a
change that is not an addition gets a new format string.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mcp_sim.state.base import CallOutcome, SessionState, Turn

EPISODE_FORMAT: Literal["mcp-sim/episode@1"] = "mcp-sim/episode@1"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Entity(_Model):
    id: str
    fields: dict[str, Any] = Field(description="Last known fields (as the calls and world seeds left them)")


class Perturbation(_Model):
    type: str
    name: str | None
    changed: dict[str, Any] = Field(description="What it did to the call (delay_ms, fields_changed, failed, ...)")


class Call(_Model):
    index: int = Field(description="0-based position in the episode")
    tool: str
    route: str = Field(description="sim | real | record | replay | shadow")
    arguments: dict[str, Any]
    outcome: CallOutcome = Field(description="ok; tool_error (an isError answer); protocol_error (a JSON-RPC error)")
    result: dict[str, Any] | None = Field(description="The CallToolResult the agent got (null: a JSON-RPC error)")
    error: dict[str, Any] | None = Field(description="The JSON-RPC error {code, message} (null: an answer)")
    perturbations: list[Perturbation] = Field(description="Only those that changed the call")
    duration_ms: float


class Counts(_Model):
    calls: int
    ok: int
    tool_errors: int
    protocol_errors: int
    perturbed_calls: int = Field(description="Calls at least one perturbation changed")
    perturbations: dict[str, int] = Field(description="Perturbations that changed a call, by type")
    by_tool: dict[str, int]
    by_route: dict[str, int]
    entities: dict[str, int] = Field(description="Live entities at the end, by type")
    deleted: dict[str, int] = Field(description="Deleted entities, by type")


class SeedIdentity(_Model):
    experiment_seed: int
    session: str = Field(description="The name every per-call seed derives from (a shared group's members share it)")
    shared: bool = Field(description="True when the name is not the session's own key (a member of a shared group)")


class Episode(_Model):
    format: Literal["mcp-sim/episode@1"] = EPISODE_FORMAT
    experiment: str
    key: str
    seed: SeedIdentity
    routing: dict[str, Any] | None = Field(description="The session's own flags (null: never called)")
    profile: str | None = Field(description="The perturbation profile the session ran")
    entities: dict[str, list[Entity]] = Field(description="The final ledger: live entities by type, ids sorted")
    deleted: dict[str, list[str]] = Field(description="Ids deleted during the episode (or before it, by a fork)")
    calls: list[Call]
    counts: Counts


def episode_of(state: SessionState, turns: list[Turn], experiment_seed: int) -> Episode:
    """The episode of a stored session (its state and whole history)."""
    calls = [_call(turn) for turn in turns]
    ledger = state.ledger
    entities = {
        kind: [Entity(id=id_, fields=fields) for id_, fields in sorted(records.items())]
        for kind, records in sorted(ledger.entities.items())
        if records
    }
    deleted = {kind: sorted(ids) for kind, ids in sorted(ledger.deleted.items()) if ids}
    fired = Counter(p.type for call in calls for p in call.perturbations)
    outcomes = Counter(call.outcome for call in calls)
    counts = Counts(
        calls=len(calls),
        ok=outcomes["ok"],
        tool_errors=outcomes["tool_error"],
        protocol_errors=outcomes["protocol_error"],
        perturbed_calls=sum(1 for call in calls if call.perturbations),
        perturbations=dict(sorted(fired.items())),
        by_tool=dict(sorted(Counter(call.tool for call in calls).items())),
        by_route=dict(sorted(Counter(call.route for call in calls).items())),
        entities={kind: len(records) for kind, records in entities.items()},
        deleted={kind: len(ids) for kind, ids in deleted.items()},
    )
    return Episode(
        experiment=state.experiment,
        key=state.key,
        seed=SeedIdentity(
            experiment_seed=experiment_seed, session=state.seed_name, shared=state.seed_name != state.key
        ),
        routing=state.routing,
        profile=state.profile,
        entities=entities,
        deleted=deleted,
        calls=calls,
        counts=counts,
    )


def _call(turn: Turn) -> Call:
    return Call(
        index=turn.index,
        tool=turn.tool,
        route=turn.route,
        arguments=turn.arguments,
        outcome=turn.outcome,
        result=turn.result,
        error=turn.error,
        perturbations=[
            Perturbation(type=str(d.get("type")), name=d.get("name"), changed=d.get("changed", {}))
            for d in turn.decisions
            if d.get("effective", bool(d.get("changed")))
        ],
        duration_ms=turn.duration_ms,
    )
