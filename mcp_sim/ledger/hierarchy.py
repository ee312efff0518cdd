"""Ids that are paths (``effects.hierarchy``): parents, children, and what the session knows of a folder.

A path's parent is the path without its last part. A folder the session created (or listed) is *complete*:
the session knows every child it has, so a child it never saw is not there. A folder from before the session
is open: it may hold anything. Under a deleted folder nothing exists.
"""

from __future__ import annotations

import fnmatch
import posixpath

from mcp_sim.ledger.entities import Ledger

COMPLETE = "$complete"  # a record field: the session knows every child of this folder


def normal(path: str, separator: str = "/") -> str:
    """One spelling per path: ``/a/b/`` and ``/a//b`` are ``/a/b``."""
    if separator == "/":
        cleaned = posixpath.normpath(path) if path else path
        return "/" if cleaned == "//" else cleaned
    return separator.join(p for p in path.split(separator) if p)


def parent_of(path: str, separator: str = "/") -> str | None:
    """The folder holding ``path`` (None at the top)."""
    path = normal(path, separator)
    head, sep, _ = path.rstrip(separator).rpartition(separator)
    if not sep:
        return None
    return head or separator


def name_of(path: str, separator: str = "/") -> str:
    return normal(path, separator).rstrip(separator).rpartition(separator)[2]


def ancestors(path: str, separator: str = "/") -> list[str]:
    """Every folder above ``path``, nearest first."""
    found, current = [], parent_of(path, separator)
    while current is not None:
        found.append(current)
        current = parent_of(current, separator) if current != separator else None
    return found


def under(folder: str, path: str, separator: str = "/") -> bool:
    """Whether ``path`` is inside ``folder`` (at any depth)."""
    folder, path = normal(folder, separator), normal(path, separator)
    return path != folder and path.startswith(folder.rstrip(separator) + separator)


def children(ledger: Ledger, entity: str, folder: str, separator: str = "/") -> list[str]:
    """The ids directly inside ``folder``, sorted."""
    folder = normal(folder, separator)
    return sorted(i for i in ledger.entities.get(entity, {}) if parent_of(i, separator) == folder)


def descendants(ledger: Ledger, entity: str, folder: str, separator: str = "/") -> list[str]:
    return sorted(i for i in ledger.entities.get(entity, {}) if under(folder, i, separator))


def globbed(relative: str, pattern: str) -> bool:
    """Whether a path below a folder matches a glob as file tools take it (``**/`` also matches no folder:
    ``**/*.log`` finds ``app.log``)."""
    return any(fnmatch.fnmatchcase(relative, p) for p in {pattern, pattern.removeprefix("**/")} if p)


def refused(ledger: Ledger, entity: str, path: str, separator: str = "/") -> str | None:
    """Why a path the ledger does not hold is not there (None: it may be, the folder above is open)."""
    path = normal(path, separator)
    if ledger.exists(entity, path):
        return None
    if ledger.is_deleted(entity, path):
        return "was deleted"
    for folder in ancestors(path, separator):
        if ledger.is_deleted(entity, folder):
            return f"is inside {folder}, which was deleted"
        record = ledger.get(entity, folder)
        if record is not None:
            return "does not exist" if record.get(COMPLETE) else None
    return None
