"""Items a document holds by position (sequence.py): inserted, edited, moved, deleted, read and counted."""

from __future__ import annotations

from tests.unit.test_files import _specs, _text
from tests.unit.test_recall import path_of

NB = {"notebook_path": "/work/report.ipynb"}


async def _cell(path: object, index: int) -> str:
    result = await path.call("s", "notebook_read_cell", {**NB, "cell_index": index})  # type: ignore[attr-defined]
    assert not result.is_error, _text(result)
    return str((result.structured_content or {})["result"])


async def test_cells_are_read_back_by_position_after_inserts_edits_moves_and_deletes() -> None:
    path = path_of(*_specs("notebook"))
    await path.call("s", "notebook_create", NB)
    for after, source in [(-1, "b"), (0, "c"), (-1, "a")]:  # -1: at the top
        cell = {**NB, "cell_type": "code", "source": source, "insert_after_index": after}
        assert not (await path.call("s", "notebook_add_cell", cell)).is_error
    assert [await _cell(path, i) for i in range(3)] == ["a", "b", "c"]
    await path.call("s", "notebook_edit_cell", {**NB, "cell_index": 1, "source": "B"})
    await path.call("s", "notebook_move_cell", {**NB, "cell_index": 2, "new_index": 0})
    assert [await _cell(path, i) for i in range(3)] == ["c", "a", "B"]
    await path.call("s", "notebook_delete_cell", {**NB, "cell_index": 0})
    count = await path.call("s", "notebook_get_cell_count", NB)
    assert (count.structured_content or {})["result"] == 2
    beyond = await path.call("s", "notebook_read_cell", {**NB, "cell_index": 2})
    assert beyond.is_error and "Cell index 2 is out of bounds (0-1)" in _text(beyond)
    outline = await path.call("s", "notebook_get_outline", NB)
    assert [(c["index"], c["content"]) for c in (outline.structured_content or {})["result"]] == [(0, "a"), (1, "B")]
    found = await path.call("s", "notebook_search", {**NB, "query": "b"})
    assert [c["index"] for c in (found.structured_content or {})["result"]] == [1]


async def test_a_change_it_cannot_follow_forgets_the_order_instead_of_answering_wrong() -> None:
    path = path_of(*_specs("notebook"))
    await path.call("s", "notebook_create", NB)
    await path.call("s", "notebook_add_cell", {**NB, "cell_type": "code", "source": "x = 1\ny = 2",
                                               "insert_after_index": -1})  # fmt: skip
    await path.call("s", "notebook_split_cell", {**NB, "cell_index": 0, "split_at_line": 2})
    later = await path.call("s", "notebook_read_cell", {**NB, "cell_index": 1})
    assert not later.is_error  # no longer known to be out of bounds
    unknown = await path.call("s", "notebook_read_cell", {"notebook_path": "/work/old.ipynb", "cell_index": 5})
    assert not unknown.is_error  # a notebook from before the session may hold anything
