"""``partial_failure``: some items of a batch call fail, the rest succeed.

    - type: partial_failure
      match: {tools: ["*_batch", "bulk_*"]}
      argument: null       # the batch argument; default: the call's first array argument
      ratio: 0.3           # share of the items that fail (at least min_failures, never all of them)
      min_failures: 1
      errors: [...]        # per-item messages to draw from (realistic defaults)

Which items fail is drawn from the entry's seeded RNG. On simulated routes it becomes an exact instruction
to the world model (``ItemFailures``: prose for an LLM, data for the built-in simulator), which answers
with per-item results and effects for the successful items only. On the real route the backend is called
with only the surviving items, so only items that really ran count, and the per-item errors are merged
into its answer under ``errors_field`` (or in an extra text block when the answer is not an object).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from mcp.types import TextContent
from pydantic import Field

from mcp_sim.config import needs_real
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation
from mcp_sim.perturbations.results import body_of, with_body
from mcp_sim.simulation.directives import ItemFailures

_ERRORS = [
    "429 Too Many Requests: rate limit exceeded while processing this item; retry later",
    "409 Conflict: the resource was modified concurrently",
    "503 Service Unavailable: the item could not be processed right now",
    "500 Internal Server Error: processing this item failed unexpectedly",
    "504 Gateway Timeout: processing this item took too long",
]


class PartialFailureParams(Params):
    argument: str | None = Field(None, min_length=1)
    ratio: float = Field(0.3, gt=0, le=1)
    min_failures: int = Field(1, ge=1)
    errors: list[str] = Field(default_factory=lambda: list(_ERRORS), min_length=1)
    errors_field: str = Field("errors", min_length=1)

    def failures(self, total: int, decision: Decision) -> dict[int, str]:
        count = min(max(self.min_failures, round(self.ratio * total)), total - 1)
        chosen = sorted(decision.rng.sample(range(total), count))
        return {i: decision.rng.choice(self.errors) for i in chosen}


class PartialFailure(Perturbation[PartialFailureParams]):
    type: ClassVar[str] = "partial_failure"
    Params = PartialFailureParams

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        argument = self.params.argument or next((k for k, v in call.arguments.items() if isinstance(v, list)), None)
        items = call.arguments.get(argument) if argument else None
        if argument is None or not isinstance(items, list) or len(items) < 2:
            decision.unchanged(batch=None)
            return await call_next(call)
        failures = self.params.failures(len(items), decision)
        decision.note(argument=argument, items=len(items), failed=sorted(failures))
        if not needs_real(call.info.route):  # record and shadow call the real backend too
            directive = ItemFailures(argument, failures, len(items))
            return await call_next(call.replace(instructions=(*call.instructions, directive)))
        survivors = [item for i, item in enumerate(items) if i not in failures]
        outcome = await call_next(call.replace(arguments={**call.arguments, argument: survivors}))
        if not outcome.result.is_error:
            errors = [{"index": i, "item": items[i], "error": msg} for i, msg in sorted(failures.items())]
            self._merge(outcome, errors)
        return outcome

    def _merge(self, outcome: Outcome, errors: list[dict[str, Any]]) -> None:
        body = body_of(outcome.result)
        if body is not None and isinstance(body.value, dict):
            value = {**body.value, self.params.errors_field: errors}
            outcome.result = with_body(outcome.result, body, value)
            return
        text = f"{len(errors)} item(s) failed: " + json.dumps(errors, ensure_ascii=False)
        outcome.result.content = [*outcome.result.content, TextContent(type="text", text=text)]
