"""The empty row set a general statement runner answers for a statement that returns no rows.

A database server's one general tool (``query``, ``execute``, ``run_sql``: named for no single kind of
statement) answers with the rows the statement returned, printed as a list; a definition statement (``CREATE
TABLE``, ``CREATE SEQUENCE``, ``DROP VIEW``, ``ALTER``) returns none, so its answer is the empty list ``[]``, not
a sentence. A tool named for one kind of statement (``create_table``, ``write_query``) words its own
confirmation, and ``CREATE TABLE ... AS SELECT`` or ``... RETURNING`` return rows: neither is answered here.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.simulation.builtin import sql

EMPTY_ROWS = "[]"
_DEFINES = re.compile(r"^\s*(create|drop|alter)\b", re.I)
_RETURNS_ROWS = re.compile(r"\b(as\s*\(?\s*select|as\s*\(?\s*with|returning)\b", re.I)
_NAMED_FOR_ONE_KIND = sql.READ_WORDS | sql.WRITE_WORDS | {"create", "drop", "alter", "delete", "add", "remove"}


def returns_no_rows(tool: str, arguments: dict[str, Any]) -> bool:
    """Whether the call runs a statement that defines and returns nothing, through a general statement tool."""
    statement = sql.statement_in(arguments)
    if statement is None or not _DEFINES.match(statement) or _RETURNS_ROWS.search(statement):
        return False
    words = set(re.split(r"[^a-z0-9]+", tool.lower()))
    return not words & _NAMED_FOR_ONE_KIND
