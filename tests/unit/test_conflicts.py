"""A create that repeats a name the session already created fails (conflicts.py)."""

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of, text

BRANCH = {"type": "object", "properties": {"repo_path": {"type": "string"}, "branch_name": {"type": "string"}}}


async def test_creating_a_name_twice_conflicts_until_it_is_deleted() -> None:
    path = path_of(ToolSpec(name="git_create_branch", input_schema=BRANCH),
                   ToolSpec(name="git_delete_branch", input_schema=BRANCH))  # fmt: skip
    first = {"repo_path": "/r/repo", "branch_name": "feature/x"}
    assert not (await path.call("s", "git_create_branch", first)).is_error
    again = await path.call("s", "git_create_branch", first)
    assert again.is_error and "already exists" in text(again) and "feature/x" in text(again)
    assert not (await path.call("s", "git_create_branch", {**first, "branch_name": "feature/y"})).is_error
    assert not (await path.call("other", "git_create_branch", first)).is_error  # another session's repository
    assert not (await path.call("s", "git_delete_branch", first)).is_error
    assert not (await path.call("s", "git_create_branch", first)).is_error  # deleted: the name is free again


async def test_a_chosen_id_or_a_pair_of_ids_made_twice_conflicts() -> None:
    """``create_graph(graph_id)`` names what it makes; ``add_dependency(task_id, depends_on_task_id)`` is made of
    its two ids. Made again, each already exists; another id, another pair, is new."""
    graph = {"type": "object", "properties": {"graph_id": {"type": "string"}, "directed": {"type": "boolean"}},
             "required": ["graph_id"]}  # fmt: skip
    pair = {"type": "object", "properties": {"task_id": {"type": "string"}, "depends_on_task_id": {"type": "string"}}}
    path = path_of(ToolSpec(name="create_graph", input_schema=graph),
                   ToolSpec(name="add_dependency", input_schema=pair))  # fmt: skip
    assert not (await path.call("s", "create_graph", {"graph_id": "metro"})).is_error
    again = await path.call("s", "create_graph", {"graph_id": "metro", "directed": True})
    assert again.is_error and "already exists" in text(again)
    assert not (await path.call("s", "create_graph", {"graph_id": "build"})).is_error
    link = {"task_id": "t-2", "depends_on_task_id": "t-1"}
    assert not (await path.call("s", "add_dependency", link)).is_error
    assert (await path.call("s", "add_dependency", link)).is_error
    assert not (await path.call("s", "add_dependency", {**link, "depends_on_task_id": "t-3"})).is_error


async def test_a_name_of_another_thing_is_no_conflict() -> None:
    """``create_record(model_name)`` names the model a record is of: two records of one model are two records.
    ``create_table(table_name)`` names what it makes: the same table twice conflicts."""
    record = {"type": "object", "properties": {"device_sn": {"type": "string"}, "model_name": {"type": "string"}}}
    table = {"type": "object", "properties": {"table_name": {"type": "string"}}}
    path = path_of(ToolSpec(name="create_record", input_schema=record),
                   ToolSpec(name="create_table", input_schema=table))  # fmt: skip
    made = {"device_sn": "CAM-1", "model_name": "helmet-detect"}
    assert not (await path.call("s", "create_record", made)).is_error
    assert not (await path.call("s", "create_record", made)).is_error
    assert not (await path.call("s", "create_table", {"table_name": "users"})).is_error
    again = await path.call("s", "create_table", {"table_name": "users"})
    assert again.is_error and "already exists" in text(again)
