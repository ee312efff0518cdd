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

from typing import Any, ClassVar

from pydantic import Field, model_validator

from mcp_sim.perturbations.base import Decision, Params
from mcp_sim.perturbations.results import Body, BodyRewrite, map_keys


class SchemaDriftParams(Params):
    rename: dict[str, str] = Field(default_factory=dict)
    drop: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _something_drifts(self) -> SchemaDriftParams:
        if not self.rename and not self.drop:
            raise ValueError("give rename, drop or both")
        return self


class SchemaDrift(BodyRewrite[SchemaDriftParams]):
    type: ClassVar[str] = "schema_drift"
    Params = SchemaDriftParams
    untouched: ClassVar[dict[str, Any]] = {"fields_changed": 0}

    def rewrite(self, body: Body, decision: Decision) -> Any:
        if body.kind == "lines":
            decision.unchanged(**self.untouched)
            return body.value
        value, changed = map_keys(body.value, self.params.rename, set(self.params.drop))
        if not changed:
            decision.unchanged(**self.untouched)
            return body.value
        decision.note(fields_changed=changed)
        return value
