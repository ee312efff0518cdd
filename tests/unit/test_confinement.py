"""Paths stay inside the folder the session works in (confinement.py)."""

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.confinement import paths_in, root_of
from mcp_sim.state.base import Turn
from tests.unit.test_recall import FILE, path_of, text


def turn(arguments: dict[str, object], failed: bool = False) -> Turn:
    result = {"content": [{"type": "text", "text": "x"}], "isError": failed}
    return Turn(index=0, tool="write_file", arguments=arguments, route="sim", result=result)


def test_paths_are_the_absolute_values_of_path_arguments() -> None:
    assert paths_in({"path": "/a/b.txt", "paths": ["/c", "rel"], "content": "/not/a/path", "repo_path": "/r"}) == [
        "/a/b.txt",
        "/c",
        "/r",
    ]


def test_the_root_is_one_level_above_the_folder_earlier_successful_calls_used() -> None:
    assert root_of([turn({"path": "/srv/root/notes/a.txt"}), turn({"path": "/srv/root/notes/b.md"})]) == "/srv/root"
    assert root_of([turn({"path": "/etc/passwd"}, failed=True)]) is None  # a refused call establishes nothing
    assert root_of([turn({"path": "/a.txt"}), turn({"path": "/b/c.txt"})]) is None  # only "/" in common: no guess


async def test_a_path_leaving_the_sessions_folder_is_refused_and_one_inside_is_not() -> None:
    path = path_of(ToolSpec(name="write_file", input_schema=FILE), ToolSpec(name="read_file", input_schema=FILE))
    assert not (await path.call("s", "write_file", {"path": "/srv/root/notes/a.txt", "content": "x"})).is_error
    assert not (await path.call("s", "write_file", {"path": "/srv/root/archive/b.txt", "content": "y"})).is_error
    for outside in ("/etc/passwd", "/srv/root/notes/../../../escape.txt"):
        refused = await path.call("s", "read_file", {"path": outside})
        assert refused.is_error and "outside allowed directories" in text(refused)
    assert not (await path.call("other", "read_file", {"path": "/etc/passwd"})).is_error  # a fresh session: no root


def test_a_path_the_server_looked_up_and_did_not_find_was_inside_the_root() -> None:
    def missing(path: str) -> Turn:
        said = f"ENOENT: no such file or directory, open '{path}'"
        result = {"content": [{"type": "text", "text": said}], "isError": True}
        return Turn(index=0, tool="read_file", arguments={"path": path}, route="sim", result=result)

    denied = turn({"path": "/etc/passwd"}, failed=True)
    assert root_of([missing("/srv/root/notes/gone.txt"), denied, turn({"path": "/etc/passwd"})]) is None
    assert root_of([missing("/srv/root/notes/gone.txt"), turn({"path": "/srv/root/notes/a.txt"})]) == "/srv/root"
