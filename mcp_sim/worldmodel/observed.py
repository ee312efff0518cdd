"""What an LLM-simulated answer did to the session's entities, read off the answer itself.

The schema simulator decides effects before answering; an LLM decides them in its answer. Reading them
back into the ledger keeps entity hints and history summaries of later calls true to what the agent saw.
"""

from __future__ import annotations

import json
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.effects import effect_of
from mcp_sim.state.entities import Effect


def observed_effects(spec: ToolSpec, arguments: dict[str, Any], result: CallToolResult) -> list[Effect]:
    if result.is_error:
        return []  # a failed call changed nothing
    effect = effect_of(spec)
    entity = effect.entity or spec.name
    if effect.kind == "create":
        body = _body(result)
        new_id = body.get(effect.id or "id")
        if not isinstance(new_id, str | int) or isinstance(new_id, bool):
            return []  # no id to remember the new entity by
        return [Effect("create", entity, str(new_id), {**arguments, **body})]
    if effect.kind in ("update", "delete") and effect.id and effect.id in arguments:
        id_ = str(arguments[effect.id])
        if effect.kind == "delete":
            return [Effect("delete", entity, id_)]
        return [Effect("update", entity, id_, {k: v for k, v in arguments.items() if k != effect.id})]
    return []


def _body(result: CallToolResult) -> dict[str, Any]:
    if result.structured_content is not None:
        return dict(result.structured_content)
    for block in result.content:
        if isinstance(block, TextContent):
            try:
                value = json.loads(block.text)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    return {}
