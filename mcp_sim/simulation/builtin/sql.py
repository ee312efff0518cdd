"""Tables named inside SQL text: created, dropped and used in the session's ledger.

A database server's tools take SQL as free text (``query``, ``sql``, ``statement``), so no id field says
which table a call touches. The statement does: ``CREATE TABLE t`` creates table ``t`` (an existing one
fails: "already exists"), ``DROP TABLE t`` deletes it, ``FROM t`` / ``JOIN t`` / ``INTO t`` / ``UPDATE t``
use it. Tables live in the ledger as entities of type ``table``, so the ledger's rules hold: a dropped
table is not found, an unknown one is not found once the session knows its tables (it created one), and
before that the database is open (it may hold tables from before the session). A tool whose name says it
reads (or whose description says it runs read-only SQL: "Run read-only SQL against ...", "Only SELECT queries
are allowed") refuses a statement that writes, and a tool that writes refuses a bare ``SELECT``, as SQL servers
with separate read and write tools do.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import EntityNotFound, InvalidArguments
from mcp_sim.ledger.entities import Effect, Ledger

TABLE = "table"
READ_WORDS = frozenset({"read", "select", "get", "list", "describe", "show"})  # a tool name that only reads
WRITE_WORDS = frozenset({"write", "insert", "update", "modify", "mutate"})  # one that only writes
_READ_ONLY = re.compile(r"\bread[- ]only\b|\bonly\s+select\b|\bselect\s+(?:statements?|queries)\s+only\b", re.I)
_SQL_ARGUMENTS = frozenset({"query", "sql", "statement", "sql_query"})
_STARTS = re.compile(r"^\s*(select|with|insert|update|delete|create|drop|alter|replace|pragma|explain)\b", re.I)
_WRITES = re.compile(r"^\s*(insert|update|delete|create|drop|alter|replace)\b", re.I)
_NAME = r"[`\"\[]?([A-Za-z_][A-Za-z0-9_]*)[`\"\]]?"
_CREATE = re.compile(rf"\bcreate\s+(?:temp(?:orary)?\s+)?table\s+(if\s+not\s+exists\s+)?{_NAME}", re.I)
_DROP = re.compile(rf"\bdrop\s+table\s+(if\s+exists\s+)?{_NAME}", re.I)
_USES = re.compile(rf"\b(from|join|into|update|alter\s+table)\s+{_NAME}", re.I)
_FUNCTION_AFTER = re.compile(r"^\s*\(")
_CTE = re.compile(rf"(?:\bwith\s+(?:recursive\s+)?|,\s*){_NAME}\s+as\s*\(", re.I)


def statement_in(arguments: dict[str, Any]) -> str | None:
    """The SQL statement among the arguments, if one is there."""
    for name, value in arguments.items():
        if name.lower() in _SQL_ARGUMENTS and isinstance(value, str) and _STARTS.match(value):
            return value
    return None


_SQL_SAYS = re.compile(r"\b(sql|sqlite|database|duckdb|postgres(?:ql)?|mysql)\b", re.I)
# query languages that are not SQL: a graph database's ``query`` takes Cypher (``MATCH (u:User) RETURN u``),
# which SQL's parser would refuse though the tool runs it
_OTHER_LANGUAGES = re.compile(
    r"\b(cypher|opencypher|gql|graphql|sparql|gremlin|promql|logql|kql|lucene|jsonpath|xpath|mongodb|mql|n1ql|aql)\b",
    re.I,
)
_FIRST_WORD = re.compile(r"^\s*([A-Za-z_]+)")
_STATEMENT_WORDS = """select with insert update delete create drop alter replace pragma explain show describe desc
values
begin commit rollback vacuum analyze attach detach copy set truncate merge upsert call use reindex savepoint release
summarize install load export import checkpoint"""
_KEYWORDS = frozenset(_STATEMENT_WORDS.split())


def malformed(
    tool: str, description: str, arguments: dict[str, Any], observes: bool, input_schema: dict[str, Any] | None = None
) -> None:
    """Raise the database's error for SQL text that starts with no SQL keyword (``SELEC 1``), in a tool
    that says it runs SQL and names no other query language (in its description or its arguments'): a real
    database parses it and refuses it."""
    if other_language(description, input_schema):
        return
    for name, value in arguments.items():
        if name.lower() not in _SQL_ARGUMENTS or not isinstance(value, str) or _STARTS.match(value):
            continue
        first = _FIRST_WORD.match(value)
        if first is None or first.group(1).lower() in _KEYWORDS or not _SQL_SAYS.search(f"{tool} {description}"):
            continue
        if observes:
            raise InvalidArguments(f"Error: Only SELECT queries are allowed for {tool}")
        raise InvalidArguments(f'Database error: Parser Error: syntax error at or near "{first.group(1)}"')


def other_language(description: str, input_schema: dict[str, Any] | None) -> bool:
    """Whether the tool or its arguments name a query language that is not SQL: its text is no SQL statement."""
    return bool(_OTHER_LANGUAGES.search(f"{description} {_argument_descriptions(input_schema)}"))


def _argument_descriptions(input_schema: dict[str, Any] | None) -> str:
    properties = (input_schema or {}).get("properties") or {}
    return " ".join(str(p.get("description", "")) for p in properties.values() if isinstance(p, dict))


def reads_only(tool: str, description: str) -> bool:
    """Whether a tool only reads: its name says so (``read_query``), or its description (``read-only SQL``)."""
    words = set(re.split(r"[^a-z0-9]+", tool.lower()))
    return bool(words & READ_WORDS) or _READ_ONLY.search(description) is not None


def writes(arguments: dict[str, Any]) -> bool:
    """Whether the arguments hold an SQL statement that changes the database (``INSERT``, ``CREATE``...)."""
    statement = statement_in(arguments)
    return statement is not None and bool(_WRITES.match(statement))


def effects(tool: str, statement: str, ledger: Ledger, observes: bool, changes: bool) -> list[Effect]:
    """What the statement does to the session's tables; raises the error a database would give."""
    if observes and _WRITES.match(statement):
        raise InvalidArguments(f"Error: Only SELECT queries are allowed for {tool}")
    if changes and not _WRITES.match(statement):
        raise InvalidArguments(f"Error: SELECT queries are not allowed for {tool}")
    created = _CREATE.search(statement)
    if created:
        name = created.group(2)
        if ledger.exists(TABLE, name) and not created.group(1):
            raise InvalidArguments(f"Database error: table {name} already exists")
        return [Effect("create", TABLE, name, {"name": name})]
    dropped = _DROP.search(statement)
    if dropped:
        name = dropped.group(2)
        if not dropped.group(1):
            _check_used(name, ledger)
        return [Effect("delete", TABLE, name)] if ledger.exists(TABLE, name) else []
    named = {m.group(1).lower() for m in _CTE.finditer(statement)}  # WITH recent AS (...): no table
    for match in _USES.finditer(statement):
        keyword, name = match.group(1).lower(), match.group(2)
        reads_function = keyword in ("from", "join") and _FUNCTION_AFTER.match(statement[match.end() :])
        if reads_function or name.lower() in named:
            continue  # FROM read_csv('x.csv') reads a file (INTO t (a, b) names columns)
        if _inside_function(statement, match.start()):
            continue  # EXTRACT(YEAR FROM created): a column
        _check_used(name, ledger)
    return []


def _inside_function(statement: str, at: int) -> bool:
    """Whether position ``at`` is inside parentheses that are no subquery."""
    depth_opens: list[int] = []
    for i, char in enumerate(statement[:at]):
        if char == "(":
            depth_opens.append(i)
        elif char == ")" and depth_opens:
            depth_opens.pop()
    if not depth_opens:
        return False
    return not re.match(r"\s*(select|with)\b", statement[depth_opens[-1] + 1 :], re.I)


def _check_used(name: str, ledger: Ledger) -> None:
    if ledger.exists(TABLE, name):
        return
    if ledger.is_deleted(TABLE, name) or ledger.knows(TABLE):
        raise EntityNotFound(f"Database error: no such table: {name}")
