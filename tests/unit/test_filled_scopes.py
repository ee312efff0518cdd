"""Documents addressed by a scope and a name (filled_scopes.py), on made-up tools."""

from typing import Any

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of, text

STRING = {"type": "string"}


def _spec(name: str, *keys: str) -> ToolSpec:
    return ToolSpec(
        name=name, input_schema={"type": "object", "properties": {k: STRING for k in keys}, "required": list(keys)}
    )


SHELF = [
    _spec("list_shelves"),
    _spec("shelf_write", "shelfName", "noteName", "content"),
    _spec("shelf_read", "shelfName", "noteName"),
    _spec("shelf_update", "shelfName", "noteName", "content"),
    _spec("shelf_delete", "shelfName", "noteName"),
]


async def _ok(path: Any, tool: str, arguments: dict[str, Any]) -> None:
    result = await path.call("s", tool, arguments)
    assert not result.is_error, text(result)


async def test_a_scope_the_session_started_holds_only_what_it_wrote() -> None:
    path = path_of(*SHELF)
    await _ok(path, "shelf_write", {"shelfName": "garden", "noteName": "seeds.md", "content": "tomato"})
    missing = await path.call("s", "shelf_read", {"shelfName": "garden", "noteName": "pests.md"})
    assert missing.is_error and "not found" in text(missing)
    unwritten = await path.call("s", "shelf_update", {"shelfName": "garden", "noteName": "pests.md", "content": "x"})
    assert unwritten.is_error
    await _ok(path, "shelf_read", {"shelfName": "garden", "noteName": "seeds.md"})
    await _ok(path, "shelf_delete", {"shelfName": "garden", "noteName": "seeds.md"})
    gone = await path.call("s", "shelf_read", {"shelfName": "garden", "noteName": "seeds.md"})
    assert gone.is_error


async def test_a_scope_named_before_its_first_write_may_hold_anything() -> None:
    path = path_of(*SHELF)
    # read first: the shelf may predate the session, so its other notes are open
    await _ok(path, "shelf_read", {"shelfName": "kitchen", "noteName": "menu.md"})
    await _ok(path, "shelf_write", {"shelfName": "kitchen", "noteName": "recipes.md", "content": "soup"})
    await _ok(path, "shelf_read", {"shelfName": "kitchen", "noteName": "pantry.md"})
    # an unseen shelf never written: open too
    await _ok(path, "shelf_read", {"shelfName": "attic", "noteName": "boxes.md"})


async def test_a_folder_made_or_a_scope_every_tool_requires_starts_nothing() -> None:
    # "cabinet" is required by every tool: a configured place that predates the session
    cabinet = [
        _spec("cabinet_make_folder", "cabinet", "folderPath"),
        _spec("cabinet_write", "cabinet", "fileName", "content"),
        _spec("cabinet_read", "cabinet", "fileName"),
    ]
    path = path_of(*cabinet)
    await _ok(path, "cabinet_write", {"cabinet": "office", "fileName": "a.md", "content": "x"})
    await _ok(path, "cabinet_read", {"cabinet": "office", "fileName": "b.md"})
    # a folder made first starts no scope: the shelf's notes are unknown
    path = path_of(*SHELF, _spec("shelf_create_folder", "shelfName", "noteName"))
    await _ok(path, "shelf_create_folder", {"shelfName": "porch", "noteName": "Archive"})
    await _ok(path, "shelf_read", {"shelfName": "porch", "noteName": "plants.md"})
