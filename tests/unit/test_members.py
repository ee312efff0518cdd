"""Lists kept inside an entity change with add_/remove_ tools (members.py)."""

from pathlib import Path

import yaml

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

MEMORY = Path(__file__).parents[1] / "data" / "tool_lists" / "memory.tools.yaml"
SPECS = [ToolSpec.model_validate(t) for t in yaml.safe_load(MEMORY.read_text(encoding="utf-8"))["tools"]]


async def test_added_observations_join_the_entity_and_removed_ones_leave_it() -> None:
    path = path_of(*SPECS)
    await path.call("s", "create_entities", {"entities": [{"name": "A", "entityType": "p", "observations": ["x"]}]})
    await path.call("s", "add_observations", {"observations": [{"entityName": "A", "contents": ["y", "x"]}]})
    state = await path.store.load(path.experiment.name, "s")
    assert state.ledger.get("entity", "A")["observations"] == ["x", "y"]  # type: ignore[index]
    await path.call("s", "delete_observations", {"deletions": [{"entityName": "A", "observations": ["x"]}]})
    state = await path.store.load(path.experiment.name, "s")
    assert state.ledger.get("entity", "A")["observations"] == ["y"]  # type: ignore[index]


async def test_a_filter_by_criterion_lists_the_records_whose_fields_it_names() -> None:
    todo = {"type": "object", "properties": {"text": {"type": "string"}, "projects": {"type": "array",
            "items": {"type": "string"}}}}  # fmt: skip
    by_project = {"type": "object", "properties": {"project": {"type": "string"}}}
    any_object = {"type": "object", "additionalProperties": True}
    path = path_of(ToolSpec(name="add_todo", input_schema=todo, output_schema=any_object),
                   ToolSpec(name="filter_by_project", input_schema=by_project, output_schema=any_object))  # fmt: skip
    await path.call("s", "add_todo", {"text": "Write docs", "projects": ["docs"]})
    await path.call("s", "add_todo", {"text": "Plan offsite", "projects": ["team"]})
    found = (await path.call("s", "filter_by_project", {"project": "docs"})).structured_content
    assert found is not None and [t["text"] for t in found["todos"]] == ["Write docs"]
    none = (await path.call("s", "filter_by_project", {"project": "nope"})).structured_content
    assert none is not None and none["todos"] == []
