"""Arguments checked by what their names say they are, where a tool list alone says no more than "string".

A real time server refuses ``Mars/Olympus_Mons``; a simulator that accepts it teaches an agent that any
zone works. Only meanings with an authoritative list are checked (IANA time zones, from the standard
library), so nothing valid is ever refused.
"""

from __future__ import annotations

import re
import zoneinfo
from functools import cache
from typing import Any

from mcp_sim.errors import InvalidArguments

_ZONE_ARGUMENT = re.compile(r"(^|_)(time_?zone|tz)$|TimeZone$|Timezone$", re.IGNORECASE)


@cache
def _zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones()) | {"UTC", "GMT"}


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for an argument whose meaning rules its value out."""
    for name, value in arguments.items():
        if isinstance(value, str) and _ZONE_ARGUMENT.search(name) and value not in _zones():
            raise InvalidArguments(f"Error executing tool {tool}: Invalid timezone: {value!r} ({name})")
