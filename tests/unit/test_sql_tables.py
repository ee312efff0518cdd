"""Tables named inside SQL text keep the ledger's promises (sql.py)."""

import pytest

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import QUERY, path_of, text


def database() -> object:
    return path_of(ToolSpec(name="read_query", input_schema=QUERY), ToolSpec(name="write_query", input_schema=QUERY),
                   ToolSpec(name="query", input_schema=QUERY))  # fmt: skip


async def test_tables_are_created_used_and_dropped_as_a_database_would() -> None:
    path = database()
    assert not (await path.call("s", "query", {"query": "SELECT * FROM legacy"})).is_error  # before: an open world
    assert not (await path.call("s", "write_query", {"query": "CREATE TABLE users (id INTEGER, name TEXT)"})).is_error
    again = await path.call("s", "write_query", {"query": "CREATE TABLE users (id INTEGER)"})
    assert again.is_error and "already exists" in text(again)
    assert not (await path.call("s", "write_query", {"query": "CREATE TABLE IF NOT EXISTS users (x INT)"})).is_error
    typo = await path.call("s", "read_query", {"query": "SELECT * FROM userz"})
    assert typo.is_error and "no such table: userz" in text(typo)  # the session knows its tables now
    fine = "WITH recent AS (SELECT * FROM users) SELECT EXTRACT(YEAR FROM created) FROM recent"
    assert not (await path.call("s", "read_query", {"query": fine})).is_error  # a CTE and a function's FROM
    assert not (await path.call("s", "write_query", {"query": "DROP TABLE users"})).is_error
    gone = await path.call("s", "query", {"query": "INSERT INTO users (id) VALUES (1)"})
    assert gone.is_error and "no such table: users" in text(gone)


async def test_a_read_tool_refuses_writes_and_a_write_tool_refuses_selects() -> None:
    path = database()
    wrote = await path.call("s", "read_query", {"query": "INSERT INTO t (x) VALUES (1)"})
    assert wrote.is_error and "Only SELECT" in text(wrote)
    read = await path.call("s", "write_query", {"query": "SELECT 1"})
    assert read.is_error and "not allowed" in text(read)
    assert not (await path.call("s", "query", {"query": "INSERT INTO t (x) VALUES (1)"})).is_error  # one tool for all


async def test_a_tool_described_as_read_only_refuses_writes() -> None:
    described = "Run read-only SQL against the shop's collections."
    path = path_of(ToolSpec(name="query_collections", description=described, input_schema=QUERY))
    wrote = await path.call("s", "query_collections", {"query": "DELETE FROM products"})
    assert wrote.is_error and "Only SELECT" in text(wrote)
    assert not (await path.call("s", "query_collections", {"query": "SELECT * FROM products"})).is_error


async def test_one_query_tool_recalls_its_own_writes() -> None:
    path = database()
    await path.call("s", "query", {"query": "INSERT INTO users (name) VALUES ('Bob')"})
    shown = text(await path.call("s", "query", {"query": "SELECT name FROM users"}))
    assert "Bob" in shown


def test_sql_text_that_starts_with_no_keyword_is_refused_as_the_database_parses_it() -> None:
    from mcp_sim.errors import InvalidArguments
    from mcp_sim.simulation.builtin.sql import malformed

    with pytest.raises(InvalidArguments, match='syntax error at or near "SELEC"'):
        malformed("query", "Execute a query on the DuckDB database", {"query": "SELEC 1"}, observes=False)
    with pytest.raises(InvalidArguments, match="Only SELECT queries are allowed for read_query"):
        malformed("read_query", "Execute a SELECT query on the SQLite database", {"query": "SELEC 1"}, observes=True)
    malformed("search_nodes", "Search the knowledge graph", {"query": "person"}, observes=True)  # no SQL tool
    malformed("query", "Run SQL", {"query": "VACUUM"}, observes=False)  # a statement this list knows


def test_a_tool_that_names_another_query_language_is_no_sql_parser() -> None:
    from mcp_sim.errors import InvalidArguments
    from mcp_sim.simulation.builtin.sql import malformed

    cypher = "MATCH (f:User)-[:Follows]->(u:User) RETURN u.handle, count(f) AS followers"
    # "database" in the description would make it a SQL tool; "Cypher" says which language it parses
    malformed("query", "Use this to execute a Cypher query on the LadybugDB database", {"query": cypher}, False)
    graph_argument = {"properties": {"query": {"type": "string", "description": "GraphQL query to run"}}}
    malformed("query", "Query the database", {"query": "{ users { id } }"}, False, graph_argument)
    with pytest.raises(InvalidArguments):  # an argument without such words: SQL, as before
        malformed("query", "Query the database", {"query": cypher}, False, {"properties": {"query": {}}})


async def test_a_graph_query_tool_keeps_no_sql_tables_and_answers_no_empty_row_list() -> None:
    described = {"query": {"type": "string", "description": "Cypher query to execute on the graph database"}}
    cypher = ToolSpec(
        name="query",
        description="Execute a query on the database",
        input_schema={"type": "object", "properties": described, "required": ["query"]},
    )
    path = path_of(cypher)
    created = await path.call("s", "query", {"query": "CREATE (:User {handle: 'ada'})"})
    assert not created.is_error and text(created) != "[]"  # a node made, not SQL's empty row set of a definition
    matched = await path.call("s", "query", {"query": "MATCH (u:User) RETURN u.handle"})
    assert not matched.is_error  # MATCH is no SQL keyword, and no parser error for it
    sql = path_of(ToolSpec(name="query", description="Execute a query on the database", input_schema=QUERY))
    assert text(await sql.call("s", "query", {"query": "CREATE TABLE users (id INTEGER)"})) == "[]"
