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
