"""An INSERT repeating a key the session's own INSERTs wrote fails (sql_keys.py), on a made-up SQL tool."""

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of, text

RUN = ToolSpec(name="run_sql", description="Run SQL on the database.",
               input_schema={"type": "object", "properties": {"sql": {"type": "string"}}})  # fmt: skip
TABLE = "CREATE TABLE members (id INTEGER PRIMARY KEY AUTOINCREMENT, handle TEXT NOT NULL UNIQUE, team TEXT)"


async def _run(path: object, statement: str) -> tuple[bool, str]:
    result = await path.call("s", "run_sql", {"sql": statement})  # type: ignore[attr-defined]
    return bool(result.is_error), text(result)


async def test_a_repeated_unique_value_fails_until_its_row_is_deleted() -> None:
    path = path_of(RUN)
    assert not (await _run(path, TABLE))[0]
    assert not (await _run(path, "INSERT INTO members (handle, team) VALUES ('ada', 'core'), ('bo', 'ops')"))[0]
    failed, said = await _run(path, "INSERT INTO members (handle) VALUES ('ada')")
    assert failed and "UNIQUE constraint failed: members.handle" in said
    assert not (await _run(path, "INSERT INTO members (handle, team) VALUES ('cy', 'core')"))[0]
    failed, said = await _run(path, "INSERT INTO members (id, handle) VALUES (2, 'dee')")  # rows are numbered 1, 2
    assert failed and "members.id" in said
    assert not (await _run(path, "DELETE FROM members WHERE id = 1"))[0]
    assert not (await _run(path, "INSERT INTO members (handle) VALUES ('ada')"))[0]  # deleted: free again


async def test_what_the_rule_cannot_follow_forgets_rows_instead_of_refusing() -> None:
    path = path_of(RUN)
    assert not (await _run(path, TABLE))[0]
    assert not (await _run(path, "INSERT INTO members (handle) VALUES ('ada')"))[0]
    assert not (await _run(path, "DELETE FROM members WHERE team LIKE 'c%'"))[0]  # may have removed ada
    assert not (await _run(path, "INSERT INTO members (handle) VALUES ('ada')"))[0]
    assert not (await _run(path, "INSERT OR REPLACE INTO members (handle) VALUES ('ada')"))[0]
    fresh = path_of(RUN)  # a table from before the session: its keys are unknown
    assert not (await _run(fresh, "INSERT INTO guests (name) VALUES ('ada'), ('ada')"))[0]
