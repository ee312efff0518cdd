"""The runner: decides, for each call, which profile entries apply, and in what order.

For every entry, in this order, before any backend runs:

1. **Scope**: the tool name matches one of ``match.tools`` (globs), ``match.route`` is ``any`` or the call's
   route, and the type can act on that route (``instruct`` only on simulated routes).
2. **Resume**: a call that continues what an entry began (a cursor ``paginate`` issued) gets that entry
   whatever its triggers or probability say, so page 2 is always served from the stored remainder.
3. **Triggers**: ``turns`` (the call's 1-based number in the session), ``calls`` (the n-th call of this tool
   in the session) and ``every`` (each n-th call of this tool) must all hold when given.
4. **Probability**: rolled by the runner with an RNG derived from (experiment seed, session, call index,
   entry, tool). Each entry rolls independently: two entries of 0.1 both fire with 0.01, at least one with
   0.19. Entries that fire are applied; when several short-circuit (two ``error`` entries), the outer wins.

Chosen entries are applied in a fixed order by type, outermost first (``registry.ORDER``): latency, error,
instruct, truncate, paginate, schema_drift, empty, partial_failure; entries of one type in profile order.
So the delay is felt even by injected errors, an error pre-empts everything inside it (no backend call, no
effects, and a cursor in the request stays valid), schema drift happens before pages are cut (every page
drifts alike), and truncation cuts what the agent finally gets. Each applied entry gets its own RNG,
derived like the roll, and records its decision (type, name, params, trigger, changed) in the turn.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any

from mcp_sim.catalog.specs import Catalog
from mcp_sim.config.profiles import Entry, Profile
from mcp_sim.perturbations.base import CallInfo, Decision, Perturbation, Plan, Step
from mcp_sim.perturbations.registry import ORDER, TYPES
from mcp_sim.seeding import derive_seed

Armed = tuple[Entry, Perturbation[Any]]  # a profile entry and the perturbation built from its parameters


class ProfilePipeline:
    """The entries of one profile, sorted into the order of application."""

    def __init__(self, entries: list[Entry]) -> None:
        self.entries = sorted(entries, key=lambda e: (ORDER.index(e.type), e.index))
        self.armed: list[Armed] = [(entry, TYPES[entry.type](entry.params)) for entry in self.entries]

    @classmethod
    def of(cls, profile: Profile | None) -> ProfilePipeline:
        return cls(profile.entries if profile is not None else [])

    def expose(self, catalog: Catalog) -> Catalog:
        """The catalog as the agent sees it: matched tools as their perturbations list them."""
        exposed = []
        for item in catalog:
            tool = item.tool
            for entry, perturbation in self.armed:
                if _tool_matches(entry, tool.name):
                    tool = perturbation.expose(tool)
            exposed.append(item if tool is item.tool else item.exposed_as(tool))
        return Catalog(exposed)

    def plan(self, call: CallInfo) -> Plan:
        steps: list[Step] = []
        for entry, perturbation in self.armed:
            trigger = _trigger(entry, perturbation, call)
            if trigger is not None:
                steps.append((perturbation, _decision(entry, call, trigger)))
        return Plan(steps)


def _trigger(entry: Entry, perturbation: Perturbation[Any], call: CallInfo) -> dict[str, Any] | None:
    """Why the entry applies to this call, or None when it does not."""
    if not _in_scope(entry, perturbation, call):
        return None
    if perturbation.resumes(call):
        return {"resumed": True}
    if not _triggers_hold(entry, call):
        return None
    if entry.probability >= 1:
        return {"probability": 1.0}
    roll = derive_seed(call.experiment_seed, call.session, call.call_index, _purpose("roll", entry, call)) / 2**63
    if roll >= entry.probability:
        return None
    return {"probability": entry.probability, "roll": round(roll, 6)}


def _in_scope(entry: Entry, perturbation: Perturbation[Any], call: CallInfo) -> bool:
    route = entry.match.route
    if route != "any" and route != call.route:
        return False
    return call.route in perturbation.routes and _tool_matches(entry, call.tool)


def _tool_matches(entry: Entry, tool: str) -> bool:
    return any(fnmatchcase(tool, pattern) for pattern in entry.match.tools)


def _triggers_hold(entry: Entry, call: CallInfo) -> bool:
    match = entry.match
    turns = match.turn_range()
    if turns is not None and not turns[0] <= call.call_index + 1 <= turns[1]:
        return False
    nth = call.tool_call_index + 1
    if match.calls is not None and nth not in match.calls:
        return False
    return match.every is None or nth % match.every == 0


def _decision(entry: Entry, call: CallInfo, trigger: dict[str, Any]) -> Decision:
    record = {
        "type": entry.type,
        "name": entry.name,
        "params": entry.params_json,
        "trigger": trigger,
        "changed": {},
    }
    return Decision(
        record, derive_seed(call.experiment_seed, call.session, call.call_index, _purpose("apply", entry, call))
    )


def _purpose(what: str, entry: Entry, call: CallInfo) -> str:
    return f"perturbation/{what}/{entry.index}/{entry.type}/{call.tool}"
