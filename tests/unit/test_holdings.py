"""What a container holds by name: a read lists the names the session gave it; one made here holds no more."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.errors import EntityNotFound
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin import holdings
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.base import Turn
from mcp_sim.state.memory import MemoryStore

BOOK = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}


def props(**extra: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"path": {"type": "string"}, **extra}}


SUMMARY = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "used_range": {"type": "string"}},
    "required": ["name", "used_range"],
}
DESCRIBED = {
    "type": "object",
    "$defs": {"SheetSummary": SUMMARY},
    "properties": {"sheets": {"type": "array", "items": {"$ref": "#/$defs/SheetSummary"}}},
    "required": ["sheets"],
}
TOOLS = [
    {"name": "create_workbook", "inputSchema": props(sheets={"type": "array", "items": {"type": "string"}})},
    {"name": "create_sheet", "inputSchema": props(new_name={"type": "string"})},
    {"name": "rename_sheet", "inputSchema": props(sheet={"type": "string"}, new_name={"type": "string"})},
    {"name": "delete_sheet", "inputSchema": props(sheet={"type": "string"})},
    {"name": "import_csv", "inputSchema": props(sheet={"type": "string", "description": "Created if missing."})},
    {"name": "insert_near_text", "inputSchema": props(position={"type": "string", "default": "after"})},
    {
        "name": "write_range",
        "inputSchema": props(
            sheet={"type": "string"}, at={"type": "string"}, rows={"type": "array", "items": {"type": "array"}}
        ),
    },
    {"name": "read_range", "inputSchema": props(sheet={"type": "string"})},
    {"name": "describe_workbook", "inputSchema": BOOK, "outputSchema": DESCRIBED},
]


def path_for(tmp_path: Path) -> CallPath:
    spec = {"tools": [{"description": "", **tool} for tool in TOOLS]}
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(spec))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: h\nseed: 5\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


async def test_a_description_lists_the_living_names_with_their_used_ranges(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    await path.call("s", "create_workbook", {"path": "b.xlsx", "sheets": ["Q1", "Notes"]})
    await path.call("s", "write_range", {"path": "b.xlsx", "sheet": "Q1", "at": "A1", "rows": [[1, 2], [3, 4]]})
    await path.call("s", "create_sheet", {"path": "b.xlsx", "new_name": "Oncall"})
    await path.call("s", "rename_sheet", {"path": "b.xlsx", "sheet": "Oncall", "new_name": "On-call"})
    await path.call("s", "delete_sheet", {"path": "b.xlsx", "sheet": "Notes"})
    await path.call("s", "create_sheet", {"path": "other.xlsx", "new_name": "Elsewhere"})
    described = await path.call("s", "describe_workbook", {"path": "b.xlsx"})
    assert described.structured_content == {
        "sheets": [{"name": "Q1", "used_range": "A1:B2"}, {"name": "On-call", "used_range": "A1"}]
    }


async def test_a_container_made_here_holds_only_what_the_session_put_in(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    await path.call("s", "create_workbook", {"path": "ledger.xlsx"})
    missing = await path.call("s", "read_range", {"path": "ledger.xlsx", "sheet": "Ledger"})
    assert missing.is_error and "Sheet 'Ledger' not found" in missing.content[0].text  # type: ignore[union-attr]
    default = await path.call("s", "read_range", {"path": "ledger.xlsx", "sheet": "Sheet1"})
    assert not default.is_error  # a new workbook has its default sheet
    created = await path.call("s", "import_csv", {"path": "ledger.xlsx", "sheet": "February"})
    assert not created.is_error  # the description says the sheet is created if missing
    assert not (await path.call("s", "read_range", {"path": "ledger.xlsx", "sheet": "February"})).is_error
    unseen = await path.call("s", "read_range", {"path": "old.xlsx", "sheet": "Ledger"})
    assert not unseen.is_error  # a workbook from before the session may hold anything


def turn(tool: str, arguments: dict[str, Any]) -> Turn:
    return Turn(index=0, tool=tool, arguments=arguments, route="sim", result={"isError": False})


def test_modes_and_generic_keys_are_no_references() -> None:
    made = [turn("create_document", {"path": "m.docx"})]
    schema = TOOLS[5]["inputSchema"]
    holdings.check("insert_near_text", schema, {"path": "m.docx", "position": "after"}, made)  # a default: a mode
    with pytest.raises(EntityNotFound):
        holdings.check("read_range", {}, {"path": "m.docx", "sheet": "Nope"}, made)
    holdings.check("read_range", {}, {"path": "m.docx", "source": "Nope"}, made)  # generic key: maybe content


def test_a_server_id_it_never_showed_is_no_missing_name_but_a_short_one_still_is() -> None:
    # create-todo(calendarUrl) made a todo in the calendar; the server answered its uid in words the session did
    # not keep, so a UUID uid later is the server's, not a name the agent made up
    made = [turn("create_todo", {"calendarUrl": "/dana/home/", "summary": "Buy milk"})]
    schema = {"type": "object", "properties": {"uid": {"type": "string"}, "calendarUrl": {"type": "string"}}}
    uid = {"calendarUrl": "/dana/home/", "uid": "cec8ef61-9e04-45df-8fe2-f06f28fd1462"}
    holdings.check("complete_todo", schema, uid, made)
    with pytest.raises(EntityNotFound):
        holdings.check("complete_todo", schema, {"calendarUrl": "/dana/home/", "uid": "todo-9"}, made)
