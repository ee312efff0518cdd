"""``schema_drift``: the API changed under the agent: fields renamed or gone.

    - type: schema_drift
      match: {tools: ["get_*"]}
      rename: {created_at: createdAt, title: name}
      drop: [assignee]

Keys are renamed or dropped at every depth of the body (structured content and its JSON text alike;
plain-text answers are left alone). The tool's listed outputSchema is relaxed just enough for drifted answers
to stay valid: renamed and dropped fields are no longer required, and each new name is allowed with the old
field's schema. Official SDK clients validate ``structuredContent`` against the listed schema and raise on a
mismatch (the agent would never see the answer); this way the agent meets the drift in the data, as it would
when a real API changed under a client that does not validate.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from mcp.types import Tool
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

    def expose(self, tool: Tool) -> Tool:
        if tool.output_schema is None:
            return tool
        relaxed = _relaxed(copy.deepcopy(tool.output_schema), self.params.rename, set(self.params.drop))
        return tool.model_copy(update={"output_schema": relaxed})


def _relaxed(schema: Any, rename: dict[str, str], drop: set[str]) -> Any:
    """``schema`` (a copy, changed in place) accepting answers drifted by ``rename`` and ``drop`` at any depth."""
    if isinstance(schema, list):
        for item in schema:
            _relaxed(item, rename, drop)
        return schema
    if not isinstance(schema, dict):
        return schema
    for value in schema.values():
        _relaxed(value, rename, drop)
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for old, new in rename.items():
            if old in properties and new not in properties:
                properties[new] = copy.deepcopy(properties[old])
    required = schema.get("required")
    if isinstance(required, list):
        schema["required"] = [name for name in required if name not in rename and name not in drop]
    return schema
