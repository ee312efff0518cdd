"""A worksheet name a workbook cannot hold is refused: ``[ ] : * ? / \\`` or more than 31 characters.

Spreadsheet formats (xlsx, ods) and the libraries behind every spreadsheet server forbid these characters in a
sheet's name and cap it at 31 characters; the real tool answers ``Sheet names cannot contain any of [ ] : * ?
/ \\``. The rule applies to tools whose name says they make or rename a sheet (``create_sheet``,
``rename_worksheet``, ``copy_sheet``, ``addSheet``) and only to the argument naming the new sheet
(``new_name``, ``sheet_name``, ``title``): the sheet a rename starts from was made by the workbook, not here.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.tool_words import words_in

_SHEETS = frozenset({"sheet", "worksheet", "tab"})
_MAKES = frozenset({"create", "add", "new", "insert", "rename", "copy", "duplicate", "clone"})
_RENAMES = frozenset({"rename", "copy", "duplicate", "clone"})
_NEW_KEY = re.compile(r"^(?:new_?(?:sheet_?)?(?:name|title)|to|target_?(?:sheet|name))$", re.IGNORECASE)
_MADE_KEY = re.compile(r"^(?:(?:sheet|worksheet|tab)_?(?:name|title)?|name|title)$", re.IGNORECASE)  # a create's
_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
LONGEST = 31


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for a new sheet name the workbook cannot hold."""
    words = words_in(tool)
    if not words & _SHEETS or not words & _MAKES:
        return
    renames = bool(words & _RENAMES)
    for key, value in arguments.items():
        naming = _NEW_KEY.match(key) or (not renames and _MADE_KEY.match(key))
        if not naming or not isinstance(value, str):
            continue
        if _FORBIDDEN.search(value):
            raise InvalidArguments(f"Error executing tool {tool}: Sheet names cannot contain any of [ ] : * ? / \\.")
        if len(value) > LONGEST:
            raise InvalidArguments(
                f"Error executing tool {tool}: Sheet names cannot be longer than {LONGEST} characters."
            )
