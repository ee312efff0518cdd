"""Perturbations: the vocabulary, and the plan that wraps one call.

A ``Perturbation`` is a small class: a ``type`` name, a pydantic ``Params`` model validated when the profile
loads, and one method, ``apply(call, call_next, decision)``, that may delay, short-circuit, or rewrite the
result, in the style of Starlette middleware and Toxiproxy toxics. The framework (pipeline.py), not the
perturbation, applies ``match`` and rolls ``probability``; a ``Plan`` is what it decided for one call, and
it chains the chosen perturbations around the backend or world model.
"""

from __future__ import annotations

import builtins
import dataclasses
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from mcp.types import Tool
from pydantic import BaseModel, ConfigDict

from mcp_sim.config.numbers import NoBooleanNumbers
from mcp_sim.outcome import Outcome

if TYPE_CHECKING:
    from mcp_sim.catalog.specs import Catalog

# The end of the chain: the backend or world model, given (arguments, world-model instructions).
CallNext = Callable[[dict[str, Any], list[str]], Awaitable[Outcome]]


@dataclass(frozen=True)
class CallInfo:
    """What a plan may look at: the call, where it goes, and its place in the session."""

    experiment_seed: int
    session: str
    tool: str
    arguments: dict[str, Any]
    route: str
    call_index: int  # 0-based position of the call in the session
    tool_call_index: int = 0  # 0-based count of earlier calls to this tool in the session
    cursors: dict[str, Any] = field(default_factory=dict)  # the session's pagination remainders (mutable)


@dataclass(frozen=True)
class Call:
    """The request as it travels inward through the chain; a perturbation passes on a changed copy."""

    info: CallInfo
    arguments: dict[str, Any]
    instructions: tuple[str, ...] = ()

    def replace(self, **changes: Any) -> Call:
        return dataclasses.replace(self, **changes)


Next = Callable[[Call], Awaitable[Outcome]]


@dataclass
class Decision:
    """One perturbation applied to one call: its seeded RNG and the record kept in the turn's trace."""

    record: dict[str, Any]  # type, name, params, trigger, changed
    seed: int  # of this perturbation on this call (seeding.derive_seed)
    _rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """Made on first use: most perturbations never draw, and seeding a Mersenne Twister is not free."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def note(self, **changed: Any) -> None:
        """Say what this perturbation changed (recorded in ``Turn.decisions``, never shown to the agent)."""
        self.record["changed"].update(changed)

    def unchanged(self, **details: Any) -> None:
        """The entry triggered but left the call as it was (nothing to paginate, no field to drift): the
        turn keeps the details, and the decision is not counted as fired (``effective: false``)."""
        self.note(**details)
        self.record["effective"] = False


class Params(NoBooleanNumbers):
    """Base of every perturbation's own parameters: unknown keys are rejected, values are frozen; ``true`` is
    no count and ``.inf`` no delay (config/numbers.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


P = TypeVar("P", bound=Params)


class Perturbation(Generic[P]):
    """One kind of fault. Subclasses set ``type``, ``Params`` and implement ``apply``.

    ``routes`` says where the kind can act at all (``instruct`` only talks to world models). ``expose`` and
    ``resumes`` are for kinds that change the tool as listed or continue across calls (``paginate``).
    """

    type: ClassVar[str]
    Params: ClassVar[builtins.type[BaseModel]]  # the kind's own Params subclass, validated when the profile loads
    routes: ClassVar[frozenset[str]] = frozenset({"sim", "real", "replay", "shadow"})

    def __init__(self, params: P) -> None:
        self.params = params

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        raise NotImplementedError

    def expose(self, tool: Tool) -> Tool:
        """The tool as the agent sees it in ``tools/list`` when this perturbation matches it."""
        return tool

    def resumes(self, info: CallInfo) -> bool:
        """True when this call continues what the perturbation began earlier (it then runs whatever the roll)."""
        return False


Step = tuple[Perturbation[Any], Decision]


@dataclass
class Plan:
    """The perturbations decided for one call, outermost first, and the record of what they did."""

    steps: list[Step] = field(default_factory=list)

    @property
    def decisions(self) -> list[dict[str, Any]]:
        """The records, each saying whether it changed the call (``effective``: it noted a change and did not
        call ``unchanged``). Read after the call ran; an entry whose call never reached it changed nothing."""
        for _, decision in self.steps:
            decision.record.setdefault("effective", bool(decision.record["changed"]))
        return [decision.record for _, decision in self.steps]

    async def run(self, info: CallInfo, call_next: CallNext) -> Outcome:
        async def innermost(call: Call) -> Outcome:
            return await call_next(call.arguments, list(call.instructions))

        handler: Next = innermost
        for perturbation, decision in reversed(self.steps):
            handler = _wrap(perturbation, decision, handler)
        return await handler(Call(info, dict(info.arguments)))


def _wrap(perturbation: Perturbation[Any], decision: Decision, inner: Next) -> Next:
    async def handler(call: Call) -> Outcome:
        return await perturbation.apply(call, inner, decision)

    return handler


class Pipeline(Protocol):
    """Decides the plan of each call, and how perturbed tools are listed."""

    def plan(self, call: CallInfo) -> Plan: ...

    def expose(self, catalog: Catalog) -> Catalog: ...


class NoPerturbations:
    """What an experiment without a profile gets."""

    def plan(self, call: CallInfo) -> Plan:
        return Plan()

    def expose(self, catalog: Catalog) -> Catalog:
        return catalog
