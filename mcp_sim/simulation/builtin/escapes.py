"""A relative path or file name that climbs above where it starts (``../escape.md``) is refused.

Servers that keep documents under a root (a memory bank, a vault, a workspace) resolve a relative name against
that root and refuse one that leaves it: ``Invalid parameter: ../escape.md``, ``path outside allowed
directories``. The root is unknown to a simulator, but a relative path whose ``..`` segments outnumber the
folders before them leaves any root. Only path and file-name arguments count (``path``, ``fileName``,
``notebook_path``): a folder to change into (``cd(folder="..")``) moves the working directory and is valid.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.documents import PATH_KEY


def climbs_out(value: str) -> bool:
    """The relative path goes above its starting folder once its ``..`` segments are resolved."""
    if value.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:[\\/]", value):
        return False  # absolute: where it ends is for the server's allowed roots to say (confinement.py)
    depth = 0
    for part in re.split(r"[\\/]+", value):
        if part == "..":
            depth -= 1
            if depth < 0:
                return True
        elif part not in ("", "."):
            depth += 1
    return False


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for a path or file-name argument that climbs out of its root."""
    for key, value in arguments.items():
        if isinstance(value, str) and ".." in value and PATH_KEY.search(key) and climbs_out(value):
            raise InvalidArguments(f"Error executing tool {tool}: Invalid parameter {key}: {value} (outside the root)")
