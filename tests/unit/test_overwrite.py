"""A tool with an overwrite flag refuses a repeat write without it (overwrite.py), on made-up tools."""

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.overwrite import flag_of
from tests.unit.test_recall import path_of, text


def _schema(flag: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"report": {"type": "string"}, "out_file": {"type": "string"},
            "force": flag}}  # fmt: skip


SAVE = ToolSpec(name="save_report", input_schema=_schema({"type": "boolean"}))
DELETE = ToolSpec(name="delete_output", input_schema={"type": "object", "properties": {"out_file": {"type": "string"}}})


async def test_a_repeat_write_without_the_flag_fails_until_the_file_is_removed() -> None:
    path = path_of(SAVE, DELETE)
    first = {"report": "q1", "out_file": "q1.pdf"}
    assert not (await path.call("s", "save_report", first)).is_error
    again = await path.call("s", "save_report", first)
    assert again.is_error and "q1.pdf already exists" in text(again) and "force=true" in text(again)
    assert not (await path.call("s", "save_report", {**first, "force": True})).is_error
    assert not (await path.call("s", "save_report", {**first, "out_file": "q2.pdf"})).is_error  # another file
    assert not (await path.call("s", "delete_output", {"out_file": "q1.pdf"})).is_error
    assert not (await path.call("s", "save_report", first)).is_error  # removed: free again


def test_a_flag_on_by_default_or_not_boolean_is_no_refusal() -> None:
    assert flag_of(_schema({"type": "boolean"})) == "force"
    assert flag_of(_schema({"type": "boolean", "default": True})) is None
    assert flag_of(_schema({"type": "string"})) is None
    assert flag_of({"type": "object"}) is None


READS = {"path": {"type": "string"}, "out": {"type": "string"}, "overwrite": {"type": "boolean"}}
REORDER = ToolSpec(name="reorder", input_schema={"type": "object", "properties": READS})
DELETE_PAGES = ToolSpec(name="delete_pages", input_schema={"type": "object", "properties": READS})


async def test_the_target_a_call_writes_exists_after_any_write_there_and_its_source_is_no_target() -> None:
    path = path_of(REORDER, DELETE_PAGES)
    assert not (await path.call("s", "reorder", {"path": "a.pdf", "out": "v2.pdf"})).is_error
    # the same source read again into another file: no refusal (the source is read, not written)
    assert not (await path.call("s", "reorder", {"path": "a.pdf", "out": "v3.pdf"})).is_error
    # deleting pages of v2.pdf into another file leaves v2.pdf there
    assert not (await path.call("s", "delete_pages", {"path": "v2.pdf", "out": "v4.pdf"})).is_error
    again = await path.call("s", "reorder", {"path": "b.pdf", "out": "v2.pdf"})
    assert again.is_error and "v2.pdf already exists" in text(again)
    written_by_another = await path.call("s", "reorder", {"path": "a.pdf", "out": "v4.pdf"})
    assert written_by_another.is_error  # delete_pages wrote v4.pdf
