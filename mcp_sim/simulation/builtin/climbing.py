"""An absolute path that climbs with ``..`` out of the folder the session works in is refused.

``/srv/work/root/../escape.txt``: filesystem servers resolve ``..`` and refuse the result, "Access denied -
path outside allowed directories". ``confinement.py`` allows one folder of slack above the session's folder
(a session in ``notes/`` may make ``archive/`` beside it); a path that names the working folder itself and
then climbs out of it says plainly that it means to leave, so no slack applies. Other ``..`` are left alone:
one that climbs from a subfolder and stays inside the working folder, or one written before the session used
any path.
"""

from __future__ import annotations

import posixpath
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import confinement
from mcp_sim.state.base import Turn


def climbs(arguments: dict[str, Any]) -> list[str]:
    """The absolute path arguments that hold a ``..`` segment."""
    return [path for path in confinement.paths_in(arguments) if ".." in path.split("/")]


def check(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise ``InvalidArguments`` for a path written from the working folder that resolves outside it."""
    folder = confinement.working_folder(earlier)
    if folder is None or folder == "/":
        return
    for path in climbs(arguments):
        parts = path.split("/")
        start = posixpath.normpath("/".join(parts[: parts.index("..")]) or "/")
        normal = posixpath.normpath(path)
        if start == folder and not normal.startswith(folder.rstrip("/") + "/"):
            raise InvalidArguments(
                f"Error executing tool {tool}: Access denied - path outside allowed directories: {normal} not in "
                f"{folder}"
            )
