"""Files that tools other than file tools create, delete and rename by path: a workbook, a notebook, a report.

``files.py`` keeps the tree for tools whose names say they act on files. Many tools act on one document
named by a path argument (``path``, ``notebook_path``, ``old_path``/``new_path``) without saying "file": a
workbook is created, a notebook renamed, a report deleted. Such documents live in the same tree (ledger type
``path``) under these rules, read off the tool's name and its required arguments:
- a **create** (create/new/make/init) whose required arguments are only paths and content makes the file;
  making a path the session already holds fails as "already exists" (unless an ``overwrite``/``force``/
  ``replace`` flag is set);
- a **delete** (delete/remove/destroy/unlink) whose required arguments are only paths, and that is given
  nothing else (``delete(database_file, item_json)`` deletes a record in the file), removes the file;
- a **rename/move** whose required arguments are two paths moves the first to the second;
- any call naming a path the session deleted or moved away fails as not found (a path never seen may be from
  before the session: it is let through).
A create of something inside the document (``create_sheet(path, new_name)``) requires more than paths, so it
is none of these.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.errors import EntityNotFound, InvalidArguments
from mcp_sim.ledger import hierarchy, namespaces
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.simulation.builtin.tool_words import words_in

ENTITY = "path"  # the file tree's type (files.py)
_CREATES = frozenset({"create", "new", "make", "init"})
_DELETES = frozenset({"delete", "remove", "destroy", "unlink"})
_MOVES = frozenset({"rename", "move", "mv"})
# a path's key in any case and separators: path, file, filename, file_name, fileName, notebook_path, outputFile
PATH_KEY = re.compile(r"^(?i:path|file|file_?path|file_?name)$|(_path|Path|_file|File|_file_?[Nn]ame|File_?[Nn]ame)$")
CONTENT_KEY = re.compile(r"^(content|contents|text|data|body|source)$", re.IGNORECASE)
_NAMED_PATH = re.compile(r"^path$|_path$|Path$")
_MOVE_ENDS = re.compile(PATH_KEY.pattern + r"|^(source|destination|src|dst|from|to)$")
_OVERWRITE_KEY = re.compile(r"^(overwrite|force|replace|exist_ok)$", re.IGNORECASE)


def changes(spec: ToolSpec, arguments: dict[str, Any], ledger: Ledger) -> list[Effect]:
    """The tree changes this call makes; raises as the tool would for a path that is gone or taken."""
    named = words(spec.name)
    ends = _MOVE_ENDS if named & _MOVES else PATH_KEY  # move(source, destination) names two paths
    paths = {k: hierarchy.normal(v) for k, v in arguments.items() if ends.search(k) and _looks_like_path(v, k)}
    if not paths:
        return []
    # an argument every tool of the server requires (``vault``) says where, not what (namespaces.py)
    scopes = namespaces.scopes_of(spec.name)
    required = [str(r) for r in spec.input_schema.get("required") or [] if r not in scopes]
    only_paths = bool(required) and all(ends.search(r) or CONTENT_KEY.match(r) for r in required)
    required_paths = [paths[r] for r in required if r in paths]
    if named & _MOVES and len(required_paths) == 2 and only_paths:
        source, target = required_paths
        _present(spec.name, source, ledger)
        if ledger.exists(ENTITY, target):
            raise InvalidArguments(f"{spec.name}: {target} already exists")
        record = ledger.get(ENTITY, source) or {"type": "file"}
        return [Effect("delete", ENTITY, source), Effect("observe", ENTITY, target, dict(record))]
    if named & _CREATES and only_paths and len(required_paths) == 1:
        path = required_paths[0]
        overwrite = any(_OVERWRITE_KEY.match(k) and v is True for k, v in arguments.items())
        if ledger.exists(ENTITY, path) and not overwrite:
            raise InvalidArguments(f"{spec.name}: {path} already exists")
        return [Effect("observe", ENTITY, path, {"type": "file"})]
    for path in paths.values():
        _present(spec.name, path, ledger)
    # delete(database_file, item_json={"id": ...}) deletes a record inside the file: the call names more than it
    given_more = any(
        k not in paths and k not in scopes and not isinstance(v, bool) and v not in (None, "")
        for k, v in arguments.items()
    )
    if named & _DELETES and only_paths and len(required_paths) == 1 and not given_more:
        return [Effect("delete", ENTITY, required_paths[0])]
    return []


def _present(tool: str, path: str, ledger: Ledger) -> None:
    if ledger.is_deleted(ENTITY, path) and not ledger.exists(ENTITY, path):
        raise EntityNotFound(f"{tool}: No such file or directory: '{path}'")


def _looks_like_path(value: Any, key: str = "") -> bool:
    """A value with a folder or an extension; under an argument named ``path`` any one-line name (``Archive``)."""
    if not isinstance(value, str) or not value or "\n" in value:
        return False
    return "/" in value or "." in value or _NAMED_PATH.search(key) is not None


def words(name: str) -> frozenset[str]:
    return words_in(name)
