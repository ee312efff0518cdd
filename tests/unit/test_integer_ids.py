"""Entity types whose ids the tools take as integers are numbered as a database numbers them."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes
from tests.unit.test_recall import path_of, text

ITEM_ID = {"type": "object", "properties": {"item_id": {"type": "integer"}}, "required": ["item_id"]}
NEW_ITEM = {"type": "object", "properties": {"title": {"type": "string"}}}
SPECS = [ToolSpec(name="new_item", input_schema=NEW_ITEM), ToolSpec(name="get_item", input_schema=ITEM_ID),
         ToolSpec(name="delete_item", input_schema=ITEM_ID)]  # fmt: skip


def test_types_taken_as_integers_are_known_from_any_tool() -> None:
    assert EntityTypes(SPECS).integer_ids == {"item"}
    assert EntityTypes(SPECS[:1]).integer_ids == set()  # nothing takes an item id: nothing says how it looks


async def test_creates_mint_one_two_three_and_reads_find_them() -> None:
    path = path_of(*SPECS)
    for title in ("a", "b"):
        assert not (await path.call("s", "new_item", {"title": title})).is_error
    assert "title: b" in text(await path.call("s", "get_item", {"item_id": 2}))
    assert not (await path.call("s", "delete_item", {"item_id": 1})).is_error
    await path.call("s", "new_item", {"title": "c"})
    state = await path.store.load(path.experiment.name, "s")
    assert sorted(state.ledger.entities["item"]) == ["2", "3"]  # a deleted number is never given again
    assert (await path.call("s", "get_item", {"item_id": 1})).is_error
