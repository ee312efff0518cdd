"""Batch calls in the built-in simulator, when told that some items fail (``ItemFailures``).

Each item of the batch argument is simulated as its own call of the tool (scalar items are taken as ids),
against a scratch copy of the ledger so that ids keep counting up within the batch. Items told to fail
report their error and have no effect; an item that fails on its own (an unknown id) reports that too.
The answer lists per-item results and counts; effects are those of the successful items only.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

from mcp_sim.config import EntityEffect
from mcp_sim.errors import ToolError
from mcp_sim.ledger.effects import singular
from mcp_sim.ledger.entities import Effect
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.directives import ItemFailures

# Simulates one single-item request: (request, effect) -> (body, effects).
SimulateOne = Callable[[SimulationRequest, EntityEffect], tuple[Any, list[Effect]]]


def simulate_batch(
    request: SimulationRequest, effect: EntityEffect, told: ItemFailures, one: SimulateOne
) -> tuple[dict[str, Any], list[Effect]]:
    items = request.arguments.get(told.argument)
    assert isinstance(items, list), "the perturbation only sends ItemFailures for array arguments"
    shared = {k: v for k, v in request.arguments.items() if k != told.argument}
    plain = effect.id if effect.id and "[]" not in effect.id and "." not in effect.id else None
    id_name = plain or singular(told.argument)  # each item is one call of the tool on one id
    item_effect = effect.model_copy(update={"id": id_name})
    scratch = dataclasses.replace(request.session, ledger=copy.deepcopy(request.session.ledger))
    results: list[dict[str, Any]] = []
    effects: list[Effect] = []
    for index, item in enumerate(items):
        if index in told.failures:
            results.append({"index": index, "status": "failed", "error": told.failures[index]})
            continue
        arguments = {**shared, **item} if isinstance(item, dict) else {**shared, id_name: item}
        sub = dataclasses.replace(request, arguments=arguments, session=scratch, seed=request.seed + index)
        try:
            body, made = one(sub, item_effect)
        except ToolError as exc:
            results.append({"index": index, "status": "failed", "error": str(exc)})
            continue
        for change in made:
            scratch.ledger.apply(change)
        effects.extend(made)
        entry = {"index": index, "status": "succeeded"}
        results.append({**entry, **body} if isinstance(body, dict) else {**entry, "result": body})
    failed = sum(1 for r in results if r["status"] == "failed")
    return {"results": results, "succeeded": len(results) - failed, "failed": failed}, effects
