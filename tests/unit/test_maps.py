"""A list answered as a map shows the session's records by name (maps.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin.maps import keyed, value_schema
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

SIZES = {"type": "object", "additionalProperties": {"type": "integer"}}
SPEC = {
    "tools": [
        {
            "name": "create_drawing",
            "description": "Create a drawing file.",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
        },
        {
            "name": "list_drawings",
            "description": "List drawing files: path to size in bytes.",
            "inputSchema": {"type": "object", "properties": {}},
            "outputSchema": SIZES,
        },
    ]
}


def test_only_a_schema_of_keys_as_data_is_a_map() -> None:
    assert value_schema(SIZES) == {"type": "integer"}
    assert value_schema({"type": "object", "properties": {"a": {}}, "additionalProperties": {"type": "string"}}) is None
    assert value_schema({"type": "object", "additionalProperties": True}) is None
    assert value_schema({"type": "object"}) is None


def test_records_are_named_by_their_naming_field_else_their_id() -> None:
    records: list[dict[str, Any]] = [{"id": "d-1", "path": "a.svg"}, {"id": "d-2"}, {"id": "d-3", "name": "c"}]
    assert keyed(SIZES, records, lambda sub, name: len(name)) == {"a.svg": 5, "d-2": 3, "c": 1}
    assert keyed({"type": "object", "properties": {"x": {}}}, records, lambda sub, name: 0) is None


def path_for(tmp_path: Path) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: m\nseed: 6\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


async def test_the_map_lists_what_the_session_made(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    empty = await path.call("s", "list_drawings", {})
    assert empty.structured_content == {}
    await path.call("s", "create_drawing", {"path": "plan.svg"})
    await path.call("s", "create_drawing", {"path": "site.svg"})
    listed = await path.call("s", "list_drawings", {})
    assert listed.structured_content is not None and set(listed.structured_content) == {"plan.svg", "site.svg"}
    jsonschema.validate(listed.structured_content, SIZES)
