"""Documents named by path that file tools do not keep (documents.py): taken on create, gone after delete/rename."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin.documents import changes
from mcp_sim.simulation.learned import failed_answer
from tests.unit.test_files import _specs, _text
from tests.unit.test_recall import path_of

NB = "/work/notebooks/sales.ipynb"


async def test_a_document_is_taken_once_made_and_gone_once_deleted_or_renamed() -> None:
    path = path_of(*_specs("notebook"))
    assert not (await path.call("s", "notebook_create", {"notebook_path": NB})).is_error
    again = await path.call("s", "notebook_create", {"notebook_path": NB})
    # the notebook tools return ``str``: the conflict is said in the function's words (wrapped.said_result)
    assert failed_answer(again.structured_content, _text(again)) and "already exists" in _text(again)
    moved = "/work/notebooks/sales-2026.ipynb"
    assert not (await path.call("s", "notebook_rename", {"old_path": NB, "new_path": moved})).is_error
    old = await path.call("s", "notebook_get_info", {"notebook_path": NB})
    assert old.is_error and "No such file" in _text(old)
    assert not (await path.call("s", "notebook_get_info", {"notebook_path": moved})).is_error
    assert not (await path.call("s", "notebook_delete", {"notebook_path": moved})).is_error
    twice = await path.call("s", "notebook_delete", {"notebook_path": moved})
    assert failed_answer(twice.structured_content, _text(twice)) and "No such file" in _text(twice)
    assert not (await path.call("s", "notebook_create", {"notebook_path": NB})).is_error  # a deleted path is free


async def test_creating_something_inside_a_document_or_overwriting_it_is_no_conflict() -> None:
    path = path_of(*_specs("excel"))
    assert not (await path.call("s", "create_workbook", {"path": "team.xlsx"})).is_error
    assert not (await path.call("s", "create_sheet", {"path": "team.xlsx", "new_name": "Oncall"})).is_error
    assert not (await path.call("s", "create_workbook", {"path": "team.xlsx", "overwrite": True})).is_error
    assert (await path.call("s", "create_workbook", {"path": "team.xlsx"})).is_error


def test_deleting_a_record_inside_a_file_leaves_the_file() -> None:
    """``delete(database_file="leads.json", item_json={"id": "L-999"})`` deletes a record of the file: the file
    stays, and the next ``add`` to it is no "No such file or directory"."""
    schema = {"properties": {"database_file": {"type": "string"}, "item_json": {"type": "object"}},
              "required": ["database_file"]}  # fmt: skip
    delete = ToolSpec(name="delete", input_schema=schema)
    assert changes(delete, {"database_file": "leads.json", "item_json": {"id": "L-999"}}, Ledger()) == []
    gone = changes(delete, {"database_file": "leads.json"}, Ledger())
    assert [(e.op, e.id) for e in gone] == [("delete", "leads.json")]


def test_arguments_that_are_no_paths_change_nothing() -> None:
    spec = ToolSpec(name="create_project", input_schema={"properties": {"name": {"type": "string"}},
                                                         "required": ["name"]})  # fmt: skip
    assert changes(spec, {"name": "Apollo v1.2"}, Ledger()) == []


def test_a_path_key_is_recognised_whatever_its_case_and_separators() -> None:
    for key in ("fileName", "file_name", "FILENAME", "outputFile", "sourceFileName"):
        spec = ToolSpec(name="delete_sketch", input_schema={"properties": {key: {"type": "string"}}, "required": [key]})
        ledger = Ledger()
        assert changes(spec, {key: "doodle.svg"}, ledger) != [], key  # the delete is tracked under any spelling
    spec = ToolSpec(name="delete_sketch", input_schema={"properties": {"profile": {"type": "string"}},
                                                        "required": ["profile"]})  # fmt: skip
    assert changes(spec, {"profile": "doodle.svg"}, Ledger()) == []  # "...file" inside a word is no path key
