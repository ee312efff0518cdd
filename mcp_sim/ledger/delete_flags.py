"""An edit told to delete what it edits: ``update_task(id, delete=true)``, ``edit_food(item_id, delete=True)``.

Some servers fold removal into their edit tool ("Fix a logged food item ...; delete=True removes it"). Such a
call deletes the record, whatever else it sets: later reads of it are not found, as after a delete tool. The
flag is a boolean argument named ``delete``, ``remove`` or ``destroy`` that the call sets true.
"""

from __future__ import annotations

import re
from typing import Any

_FLAG = re.compile(r"^(?:delete|remove|destroy)$", re.IGNORECASE)


def deletes(arguments: dict[str, Any]) -> bool:
    """Whether an edit's arguments set its delete flag."""
    return any(_FLAG.match(name) and _true(value) for name, value in arguments.items())


def _true(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() == "true")
