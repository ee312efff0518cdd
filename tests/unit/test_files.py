"""One file tree for file tools (files.py): shell commands and descriptive names, seeded trees, content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Example, Experiment, ToolSpec
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.world import as_world, seed_effects, seeded_types
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.files import operation_of
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore
from tests.unit.test_recall import path_of

TRAJECTORIES = Path(__file__).parents[2] / "benchmarks" / "trajectories"


def _specs(server: str) -> list[ToolSpec]:
    listed = yaml.safe_load((TRAJECTORIES / f"{server}.tools.yaml").read_text(encoding="utf-8"))["tools"]
    return [ToolSpec.model_validate(t) for t in listed]


def _seeded_path(specs: list[ToolSpec], world: dict[str, Any]) -> CallPath:
    """A call path whose sessions start from ``world`` (a BFCL-style initial state), as experiments seed them."""
    seed = as_world(world)
    types = EntityTypes(specs, seeded_types(seed, EntityTypes(specs)))
    experiment = Experiment.model_validate({"name": "files", "seed": 0, "state": "memory://"})
    return CallPath(experiment, catalog_of(specs, "test"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
                    Routing("sim"), world=seed_effects(seed, types, "world"), types=types)  # fmt: skip


def _text(result: Any) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def test_file_tools_are_recognised_by_either_vocabulary_and_others_are_not() -> None:
    kinds = {s.name: (op.kind if (op := operation_of(s)) else None) for s in _specs("filesystem")}
    assert kinds["read_text_file"] == "read" and kinds["create_directory"] == "mkdir"
    assert kinds["move_file"] == "move" and kinds["search_files"] == "search" and kinds["get_file_info"] == "stat"
    shell = {s.name: (op.kind if (op := operation_of(s)) else None) for s in _specs("bfcl_file_system")}
    assert shell["cd"] == "cd" and shell["mv"] == "move" and shell["grep"] == "read" and shell["echo"] == "write"
    assert operation_of(ToolSpec(name="sort", input_schema={"properties": {"items": {"type": "array"}}})) is None
    assert operation_of(ToolSpec(name="add_todo", input_schema={"properties": {"text": {"type": "string"}}})) is None


async def test_paths_keep_what_was_written_moved_and_removed() -> None:
    path = path_of(*_specs("filesystem"))
    root = "/srv/notes"
    assert not (await path.call("s", "create_directory", {"path": f"{root}/inbox"})).is_error
    await path.call("s", "write_file", {"path": f"{root}/inbox/a.txt", "content": "alpha\nbeta\n"})
    read = await path.call("s", "read_text_file", {"path": f"{root}/inbox/a.txt"})
    assert read.structured_content == {"content": "alpha\nbeta\n"}
    missing = await path.call("s", "read_text_file", {"path": f"{root}/inbox/b.txt"})  # a folder made here
    assert missing.is_error and "No such file" in _text(missing)
    await path.call("s", "create_directory", {"path": f"{root}/archive"})
    moved = await path.call("s", "move_file", {"source": f"{root}/inbox/a.txt", "destination": f"{root}/archive"})
    assert not moved.is_error
    assert (await path.call("s", "read_text_file", {"path": f"{root}/inbox/a.txt"})).is_error
    kept = await path.call("s", "read_text_file", {"path": f"{root}/archive/a.txt"})
    assert kept.structured_content == {"content": "alpha\nbeta\n"}
    clash = await path.call("s", "create_directory", {"path": f"{root}/archive/a.txt"})
    assert clash.is_error and "File exists" in _text(clash)
    edit = {"path": f"{root}/archive/a.txt", "edits": [{"oldText": "gamma", "newText": "delta"}]}
    assert "Could not find exact match" in _text(await path.call("s", "edit_file", edit))
    both = await path.call("s", "read_multiple_files", {"paths": [f"{root}/archive/a.txt", f"{root}/inbox/a.txt"]})
    assert not both.is_error and "alpha" in _text(both) and "Error - " in _text(both)


async def test_a_seeded_tree_is_known_whole_and_shell_commands_work_from_the_working_directory() -> None:
    tree = {"alex": {"type": "directory", "contents": {
        "log.txt": {"type": "file", "content": "ok\nError: disk\nok"},
        "archive": {"type": "directory", "contents": {}}}}}  # fmt: skip
    path = _seeded_path(_specs("bfcl_file_system"), {"GorillaFileSystem": {"root": tree}})
    assert (await path.call("s", "cat", {"file_name": "notes.txt"})).is_error  # the seed holds every file
    assert "Error: disk" in _text(await path.call("s", "grep", {"file_name": "log.txt", "pattern": "Error"}))
    assert _text(await path.call("s", "wc", {"file_name": "log.txt", "mode": "l"})) == "3"
    assert not (await path.call("s", "mv", {"source": "log.txt", "destination": "archive"})).is_error
    assert (await path.call("s", "cat", {"file_name": "log.txt"})).is_error
    assert not (await path.call("s", "cd", {"folder": "archive"})).is_error
    assert "ok" in _text(await path.call("s", "tail", {"file_name": "log.txt", "lines": 1}))
    assert (await path.call("s", "cd", {"folder": "nowhere"})).is_error


async def test_in_a_folder_from_before_the_session_an_unknown_name_may_exist() -> None:
    path = path_of(*_specs("bfcl_file_system"))
    assert not (await path.call("s", "cd", {"folder": "workspace"})).is_error
    assert not (await path.call("s", "mv", {"source": "log.txt", "destination": "archive"})).is_error
    assert not (await path.call("s", "cd", {"folder": "archive"})).is_error  # archive may be a folder there


async def test_batch_items_name_their_files_creates_keep_and_edits_it_cannot_apply_forget_the_content() -> None:
    path = path_of(*_specs("text_editor"))
    todo = "/srv/notes/TODO.md"
    made = await path.call("s", "create_text_file", {"file_path": todo, "contents": "# TODO\n\n- [ ] notes\n"})
    assert not made.is_error
    again = await path.call("s", "create_text_file", {"file_path": todo, "contents": "# TODO\n"})
    assert again.is_error and "already exists" in _text(again)
    await path.call("s", "append_text_file_contents", {"file_path": todo, "contents": "- [ ] tag\n", "file_hash": "x"})
    lines = {"files": [{"file_path": todo, "ranges": [{"start": 3, "end": 4}]}]}
    assert _text(await path.call("s", "get_text_file_contents", lines)) == "- [ ] notes\n- [ ] tag\n"
    cut = {"file_path": todo, "file_hash": "x", "ranges": [{"start": 3, "end": 3, "range_hash": "y"}]}
    assert not (await path.call("s", "delete_text_file_contents", cut)).is_error  # removes lines, not the file
    whole = [{"start": 1}]
    after = await path.call("s", "get_text_file_contents", {"files": [{"file_path": todo, "ranges": whole}]})
    assert not after.is_error and _text(after) != "# TODO\n\n- [ ] notes\n- [ ] tag\n"  # no longer known
    older = "/srv/old/config.py"  # from before the session: appending leaves its content unknown
    await path.call("s", "append_text_file_contents", {"file_path": older, "contents": "X = 1\n", "file_hash": "x"})
    read = await path.call("s", "get_text_file_contents", {"files": [{"file_path": older, "ranges": whole}]})
    assert _text(read) != "X = 1\n"


async def test_a_touched_file_exists_in_a_folder_the_session_made() -> None:
    path = path_of(*_specs("bfcl_file_system"))
    assert not (await path.call("s", "mkdir", {"dir_name": "Projects"})).is_error
    assert not (await path.call("s", "cd", {"folder": "Projects"})).is_error
    assert (await path.call("s", "cat", {"file_name": "notes.md"})).is_error  # the new folder holds nothing yet
    assert not (await path.call("s", "touch", {"file_name": "notes.md"})).is_error
    assert not (await path.call("s", "cat", {"file_name": "notes.md"})).is_error


async def test_a_schema_wrapping_one_string_says_the_file_in_it() -> None:
    """FastMCP's ``{"result": str}``: the read answers what was written in that string, not a generated one."""
    wrap = {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]}
    path_arg = {"type": "object", "properties": {"file_path": {"type": "string"}, "content": {"type": "string"}}}
    write = ToolSpec(name="write_file", input_schema=path_arg, output_schema=wrap)
    read = ToolSpec(name="read_file", input_schema=path_arg, output_schema=wrap)
    path = path_of(write, read)
    await path.call("s", "write_file", {"file_path": "/work/notes.txt", "content": "first draft\n"})
    shown = await path.call("s", "read_file", {"file_path": "/work/notes.txt"})
    assert shown.structured_content is not None and "first draft" in shown.structured_content["result"]


async def test_a_read_learned_in_words_shows_the_file_it_reads_not_the_examples() -> None:
    schema = {"type": "object", "properties": {"file_path": {"type": "string"}, "content": {"type": "string"}}}
    said = {"content": [{"type": "text", "text": "File: report.py\n\nimport csv\nprint(1)\n"}], "isError": False}
    read = ToolSpec(
        name="read_file", input_schema=schema, examples=[Example(arguments={"file_path": "report.py"}, result=said)]
    )
    path = path_of(ToolSpec(name="write_file", input_schema=schema), read)
    await path.call("s", "write_file", {"file_path": "/w/notes.txt", "content": "second draft\n"})
    shown = await path.call("s", "read_file", {"file_path": "/w/notes.txt"})
    assert "second draft" in _text(shown) and "import csv" not in _text(shown)
