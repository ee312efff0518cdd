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
