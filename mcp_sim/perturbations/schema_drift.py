"""``schema_drift``: the API changed under the agent: fields renamed or gone.

    - type: schema_drift
      match: {tools: ["get_*"]}
      rename: {created_at: createdAt, title: name}
      drop: [assignee]

Keys are renamed or dropped at every depth of the body (structured content and its JSON text alike;
plain-text answers are left alone). The tool's listed outputSchema is *not* changed, which is the point:
clients that validate structured content against it will notice the drift, as they would in production.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field, model_validator

from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation
from mcp_sim.perturbations.results import body_of, map_keys, with_body


class SchemaDriftParams(Params):
    rename: dict[str, str] = Field(default_factory=dict)
    drop: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _something_drifts(self) -> SchemaDriftParams:
        if not self.rename and not self.drop:
            raise ValueError("give rename, drop or both")
        return self


class SchemaDrift(Perturbation[SchemaDriftParams]):
    type: ClassVar[str] = "schema_drift"
    Params = SchemaDriftParams

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        outcome = await call_next(call)
        body = body_of(outcome.result)
        if outcome.result.is_error or body is None or body.kind == "lines":
            decision.note(fields_changed=0)
            return outcome
        value, changed = map_keys(body.value, self.params.rename, set(self.params.drop))
        decision.note(fields_changed=changed)
        if changed:
            outcome.result = with_body(outcome.result, body, value)
        return outcome
