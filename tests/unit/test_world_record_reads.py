"""A read of one record the world seed holds, that only a sibling lent its shape, answers that record itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.runtime import load_world_seeds
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

STOCK = {"price": 227.16, "percent_change": 0.17, "volume": 2.552}


def answered(body: dict[str, Any], lent: bool = False) -> dict[str, Any]:
    meta = {"_meta": {"io.mcp-sim/lent": True}} if lent else {}
    return {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body, **meta}


SPEC = {
    "tools": [
        {
            "name": "get_ticker_info",
            "inputSchema": {"type": "object", "properties": {"symbol": {"type": "string"}}},
            "examples": [{"arguments": {"symbol": "AAPL"}, "result": answered(STOCK)}],
        },
        {  # never observed: its sibling lent it the stock's form (catalog/families.py)
            "name": "get_wallet_info",
            "inputSchema": {"type": "object", "properties": {}},
            "examples": [{"arguments": {}, "result": answered(STOCK, lent=True)}],
        },
    ]
}
WORLD = "singletons:\n  wallet_info: {wallet_id: 98765, balance: 15000.0}\n"


def path_for(tmp_path: Path) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    (tmp_path / "world.yaml").write_text(WORLD)
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: w\nseed: 3\ntools: [spec.yaml]\nworld: world.yaml\nstate: memory://\n")
    loaded = load_experiment(experiment)
    catalog = build_catalog(loaded, {})
    types, seeds = load_world_seeds(loaded, catalog)
    e = loaded.experiment
    routing = router.Routing.of(e.route, e.routes)
    return CallPath(
        e, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing, world=seeds, types=types
    )


async def test_a_read_of_a_seeded_record_answers_it_not_a_siblings_fields(tmp_path: Path) -> None:
    result = await path_for(tmp_path).call("s", "get_wallet_info", {})
    assert result.structured_content == {"wallet_id": 98765, "balance": 15000.0}  # no price, no volume
