"""Replaying recorded real sessions through the built-in simulator, scored as fidelity-metrics.md defines.

One fresh session per recorded session (experiment seed 0, a memory store, no perturbations, every tool
routed ``sim``), calls in recorded order with the recorded arguments, minted ids mapped by the scorer.
Modes: ``zero-config`` gives the simulator only the tool list (no effects hints, no examples), ``shipped``
the spec files as written, ``learn`` the shipped specs plus the first half of the server's sessions (or of
its calls, when it has one session) as real observations, scoring only the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from mcp_sim.calls import CallPath, error_result
from mcp_sim.catalog.families import borrowed
from mcp_sim.catalog.specs import Catalog, catalog_of
from mcp_sim.config import Example, Experiment, ToolSpec
from mcp_sim.errors import ProtocolError, ToolError
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Effect
from mcp_sim.ledger.world import as_world, seed_effects, seeded_types
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.reporting.fidelity.measures import CallScore, RecordedCall, SessionScorer
from mcp_sim.reporting.fidelity.trajectories import by_session, example_of, read_calls
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

Mode = Literal["zero-config", "shipped", "learn"]
MODES: tuple[Mode, ...] = ("zero-config", "shipped", "learn")


@dataclass
class ServerSessions:
    """One server's recorded sessions and the tool list they were recorded against."""

    server: str
    specs: list[ToolSpec]
    sessions: dict[str, list[RecordedCall]]
    worlds: dict[str, Any] = field(default_factory=dict)  # session -> world seed (JSON) it starts from


def read_trajectories(paths: Iterable[Path]) -> dict[str, dict[str, list[RecordedCall]]]:
    """server -> session -> calls in recorded order, from trajectory JSONL files or recordings files."""
    return by_session(read_calls(paths))


def for_mode(specs: list[ToolSpec], mode: Mode) -> list[ToolSpec]:
    """The specs the simulator gets in ``mode``: zero-config keeps only what a tool list says."""
    if mode == "zero-config":
        return [s.model_copy(update={"effects": None, "examples": []}) for s in specs]
    return specs


def split_for_learning(sessions: dict[str, list[RecordedCall]]) -> tuple[list[RecordedCall], set[tuple[str, int]]]:
    """(the calls given as observations, the (session, index) pairs scored). With one session, the first half
    of its calls teach and the second half is scored; else the first half of the sessions teach."""
    names = list(sessions)
    if len(names) == 1:
        calls = sessions[names[0]]
        half = len(calls) // 2
        return calls[:half], {(c.session, c.index) for c in calls[half:]}
    half = len(names) // 2
    taught = [c for name in names[:half] for c in sessions[name]]
    return taught, {(c.session, c.index) for name in names[half:] for c in sessions[name]}


def with_examples(specs: list[ToolSpec], calls: list[RecordedCall]) -> list[ToolSpec]:
    """``specs`` with each tool's observed calls added to its examples."""
    seen: dict[str, list[Example]] = {}
    for call in calls:
        example = example_of(call)
        if example is not None:
            seen.setdefault(call.tool, []).append(example)
    return borrowed([s.model_copy(update={"examples": [*s.examples, *seen.get(s.name, [])]}) for s in specs])


async def replay(recorded: ServerSessions, mode: Mode, advance: Callable[[], None] = lambda: None) -> list[CallScore]:
    """Every scored call of ``recorded`` (all of them, or the second half in ``learn`` mode)."""
    specs = for_mode(recorded.specs, mode)
    scored: set[tuple[str, int]] | None = None
    if mode == "learn":
        taught, scored = split_for_learning(recorded.sessions)
        specs = with_examples(specs, taught)
    catalog = catalog_of(specs, f"tool list of {recorded.server}")
    schemas = {s.name: s.output_schema for s in specs}
    scores: list[CallScore] = []
    for session, calls in recorded.sessions.items():
        if scored is not None and not any((c.session, c.index) in scored for c in calls):
            continue
        path = _call_path(recorded.server, catalog, recorded.worlds.get(session))
        scorer = SessionScorer(schemas, recorded.worlds.get(session))
        for call in calls:
            simulated, error = await _answer(path, session, call.tool, scorer.arguments_for(call))
            score = scorer.score(call, simulated, error)
            if scored is None or (call.session, call.index) in scored:
                scores.append(score)
            advance()
    return scores


def _call_path(server: str, catalog: Catalog, world: Any) -> CallPath:
    experiment = Experiment.model_validate({"name": f"fidelity-{server}", "seed": 0, "state": "memory://"})
    types = EntityTypes([e.spec for e in catalog])
    effects: list[Effect] = []
    if isinstance(world, dict):  # as runtime.load_world_seeds does; a raw initial state is imported first
        seed = as_world(world)
        types = EntityTypes([e.spec for e in catalog], seeded_types(seed, types))
        effects = seed_effects(seed, types, "world")
    return CallPath(
        experiment,
        catalog,
        {},
        SchemaWorldModel(),
        MemoryStore(),
        NoPerturbations(),
        Routing("sim"),
        world=effects,
        types=types,
    )


async def _answer(
    path: CallPath, session: str, tool: str, arguments: dict[str, Any]
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """What the agent would have received: a result, or a JSON-RPC error (as serving/mcp_server.py maps them)."""
    try:
        result = await path.call(session, tool, arguments)
    except ToolError as exc:  # unknown tool, invalid arguments
        result = error_result(str(exc))
    except ProtocolError as exc:
        return None, {"code": exc.code, "message": exc.message}
    return result.model_dump(by_alias=True, exclude_none=True, mode="json"), None
