"""Paths stay inside the folder a session works in, as servers that touch files confine them.

Filesystem and repository servers refuse a path outside their allowed root (``/etc/passwd``, ``../escape``,
another repository). A simulator knows no root, but the session shows one: the folder its earlier
successful calls worked in. A new absolute path that leaves it (after resolving ``..``) is refused in the
words such servers use. Before any path was used, or when the earlier paths share only ``/``, nothing is
confined: nothing valid is refused on a guess.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.state.base import Turn

_LOOKED_UP = re.compile(r"not found|no such|does not exist|ENOENT", re.IGNORECASE)
_PATH_NAMES = ("path", "file", "dir", "directory", "folder", "source", "destination", "target", "repo")


def paths_in(arguments: dict[str, Any]) -> list[str]:
    """Absolute POSIX paths given in arguments whose names say they are paths (``path``, ``repo_path``,
    ``source``, ``paths[]``...)."""
    found: list[str] = []
    for name, value in arguments.items():
        if not any(word in name.lower() for word in _PATH_NAMES):
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item.startswith("/") and "\n" not in item:
                found.append(item)
    return found


def root_of(earlier: Iterable[Turn]) -> str | None:
    """The folder the session's successful calls worked in: the parent of the deepest one holding every path
    they used (a path whose last part has a dot is a file: its folder counts). None: no path yet, or ``/``.
    A call that failed as not found counts too: servers confine a path before they look it up."""
    common = working_folder(earlier)
    if common is None:
        return None
    # One level of slack above the common folder: a session that so far worked in ``notes/`` may still make
    # ``archive/`` beside it; another tree (``/etc``, a sibling repository's parent) is still outside.
    root = posixpath.dirname(common)
    return None if root == "/" else root


def working_folder(earlier: Iterable[Turn]) -> str | None:
    """The deepest folder holding every path the session's successful calls used (None: no path yet)."""
    folders = []
    for turn in earlier:
        if _inside(turn):
            for path in paths_in(turn.arguments):
                normal = posixpath.normpath(path)
                folders.append(posixpath.dirname(normal) if "." in posixpath.basename(normal) else normal)
    return posixpath.commonpath(folders) if folders else None


def check(tool: str, arguments: dict[str, Any], root: str | None) -> None:
    """Raise ``InvalidArguments`` for a path that leaves ``root``."""
    if root is None:
        return
    for path in paths_in(arguments):
        normal = posixpath.normpath(path)
        if normal != root and not normal.startswith(root.rstrip("/") + "/"):
            raise InvalidArguments(
                f"Error executing tool {tool}: Access denied - path outside allowed directories: {normal} not in {root}"
            )


def _inside(turn: Turn) -> bool:
    """Whether the server worked on the turn's paths: it succeeded, or it looked them up and found nothing."""
    if turn.error is not None or turn.result is None:
        return False
    if not turn.result.get("isError", False):
        return True
    said = " ".join(str(b.get("text", "")) for b in turn.result.get("content") or [] if isinstance(b, dict))
    return _LOOKED_UP.search(said) is not None
