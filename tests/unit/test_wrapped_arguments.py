"""A tool taking one model (``args: {customer_id, ...}``) is read through it (ledger/wrapped_arguments.py)."""

from __future__ import annotations

from pathlib import Path

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.wrapped_arguments import arguments_of, unwrapped
from tests.unit.helpers import tools_path

NOTE = {"type": "object", "properties": {"note_id": {"type": "string"}, "text": {"type": "string"}}}


def wrapped(name: str, model: dict[str, object]) -> dict[str, object]:
    schema = {"type": "object", "$defs": {"Input": model}, "properties": {"args": {"$ref": "#/$defs/Input"}}}
    return {"name": name, "description": "", "inputSchema": schema}


def test_the_one_model_argument_is_read_through() -> None:
    spec = ToolSpec.model_validate(wrapped("get_note", NOTE))
    found = unwrapped(spec)
    assert found is not None and found[1] == "args" and set(found[0].input_schema["properties"]) == {"note_id", "text"}
    inner, arguments = arguments_of(spec, {"args": {"note_id": "n-1"}})
    assert inner is found[0] and arguments == {"note_id": "n-1"}
    assert arguments_of(spec, {"args": "n-1"}) == (spec, {"args": "n-1"})  # not an object: as given
    plain = ToolSpec.model_validate({"name": "get_note", "inputSchema": NOTE})
    assert unwrapped(plain) is None  # two arguments: nothing wraps them
    assert "note" in EntityTypes([spec]).named_by_id  # the types read the model's id argument too


async def test_a_wrapped_create_then_read_finds_the_record(tmp_path: Path) -> None:
    model = {"type": "object", "properties": {"text": {"type": "string"}}}
    path = tools_path(tmp_path, [wrapped("create_note", model), wrapped("get_note", NOTE)])
    made = await path.call("s", "create_note", {"args": {"text": "Buy milk"}})
    assert not made.is_error and "Buy milk" in str(made.content[0].text)
    read = await path.call("s", "get_note", {"args": {"note_id": "note-1"}})
    assert "Buy milk" in str(read.content[0].text)
