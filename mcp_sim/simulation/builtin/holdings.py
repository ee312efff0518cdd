"""What a container holds by name: a description of it lists the names the session gave it, and a container the
session created holds nothing else.

A workbook's sheets, a repository's branches, a project's boards are named things inside a container that the
session's own calls name (``create_workbook(path=b.xlsx, sheets=[Q1])``, ``rename_sheet(path=b.xlsx, sheet=Q1,
new_name=Q2)``; lifecycle.py follows them). Two rules follow, without knowing the tool:

* **listed**: a read of the container (a tool whose name observes, called with the container's placing
  arguments) whose outputSchema has a list of named objects under the plural of the kind (``sheets: [{name,
  used_range}]``) shows the living names of that kind in that container, not invented ones. A string field of
  the item about its range shows the cells the session wrote there (grid.py), or ``A1`` for a grid it left empty.
* **closed**: a call naming a thing inside a container that this session created (a create called with exactly
  the container's placing arguments, e.g. ``create_workbook(path=ledger.xlsx)``) fails as not found when the
  session never made or used that name there: the session saw the container from its start. A default name
  (the kind and a number, ``Sheet1``; ``main``, ``default``) is let through, as a new container has one. So is
  a random id (``uid`` a UUID): the server handed it out, no agent names one that is not there.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger.entities import Ledger
from mcp_sim.ledger.id_forms import drawn
from mcp_sim.simulation.builtin import grid, lifecycle
from mcp_sim.simulation.builtin.recall import observes
from mcp_sim.state.base import Turn

_ID_KIND = re.compile(r"(?:^|_)u?id$")
_DEFAULT = re.compile(r"^(main|master|default|untitled|root|general|home|inbox)$", re.I)
_WORD_CASE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_MADE = re.compile(r"\bcreat|\bif (it is )?missing|\bif (it )?(does not|doesn't) exist", re.I)
EMPTY_RANGE = "A1"  # the used range of a grid with no cells: its first cell


def may_list(spec: ToolSpec, arguments: dict[str, Any]) -> bool:
    """Whether the call can be such a read (cheap: no history read otherwise)."""
    return spec.output_schema is not None and bool(lifecycle.scope_of(arguments)) and observes(spec.name)


def listed(spec: ToolSpec, arguments: dict[str, Any], earlier: list[Turn], ledger: Ledger) -> dict[str, Any]:
    """``{"sheets": [{"name": "Q1", "used_range": "A1:E4"}]}`` for a read of a container the session named things
    in; {} for any other call."""
    schema = spec.output_schema
    scope = lifecycle.scope_of(arguments)
    if schema is None or not may_list(spec, arguments):
        return {}
    living = lifecycle.alive(earlier)
    for key, item in _named_lists(schema):
        kind = key[:-1].lower()
        names = [n.value for n in living if n.kind == kind and _inside(n.scope, scope)]
        if names:
            return {key: [_member(kind, name, item, scope, ledger) for name in names]}
    return {}


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise not found for a name inside a container this session created and never put that name in."""
    if lifecycle.creates(tool):
        return
    referenced = lifecycle.referenced(tool, arguments)
    named = [n for n in referenced if _by_kind(n, input_schema, arguments) and not _default(n.kind, n.value)]
    if not named:
        return
    for name in named:
        created = _created_at(name.scope, earlier)
        if created is None:
            continue
        living = lifecycle.alive(earlier[created:])
        if not any(n.kind == name.kind and n.value == name.value and _inside(n.scope, name.scope) for n in living):
            raise EntityNotFound(f"Error executing tool {tool}: {name.kind.capitalize()} '{name.value}' not found.")


def _created_at(scope: tuple[tuple[str, str], ...], earlier: list[Turn]) -> int | None:
    """The index (in ``earlier``) of the successful create whose placing arguments are exactly ``scope``."""
    for at, turn in enumerate(earlier):
        failed = turn.error is not None or turn.result is None or turn.result.get("isError", False)
        if not failed and lifecycle.creates(turn.tool) and lifecycle.scope_of(turn.arguments) == scope:
            return at
    return None


def _by_kind(name: lifecycle.Name, input_schema: dict[str, Any], arguments: dict[str, Any]) -> bool:
    """Whether an argument named for the kind (``sheet``, ``sheet_name``) gives the name and must name an existing
    thing: a generic key (``source``, ``target_text``) may hold content, a key with a default or an enum is a mode
    (``position: after``), a description may say the thing is created if missing; a path is files.py's."""
    keys = {name.kind, f"{name.kind}_name", f"{name.kind}name"}
    properties = input_schema.get("properties") or {}
    for key, value in arguments.items():
        if _WORD_CASE.sub("_", key).lower() not in keys or value != name.value:
            continue
        found = properties.get(key)
        said: dict[str, Any] = found if isinstance(found, dict) else {}
        mode = "default" in said or "enum" in said or _MADE.search(str(said.get("description") or ""))
        # a server's id (``uid``, ``item_id``) is no name the session puts in: one it never saw came from the
        # server's answers (a UUID a create returned), not from an agent naming a thing that is not there
        an_id = _ID_KIND.search(name.kind) is not None and drawn(str(name.value))
        return name.kind != "path" and bool(name.scope) and not mode and not an_id
    return False


def _inside(scope: tuple[tuple[str, str], ...], container: tuple[tuple[str, str], ...]) -> bool:
    """Whether a name placed by ``scope`` is in the container the call's ``container`` arguments place."""
    mine = dict(scope)
    return all(mine.get(k) == v for k, v in container)


def _default(kind: str, name: str) -> bool:
    return bool(_DEFAULT.match(name)) or re.fullmatch(rf"{re.escape(kind)}\s*\d+", name, re.I) is not None


def _named_lists(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The top-level list properties (plural keys) whose items are objects with a string ``name``."""
    found = []
    for key, value in (schema.get("properties") or {}).items():
        item = _resolved(schema, value.get("items")) if isinstance(value, dict) else None
        properties = (item or {}).get("properties") or {}
        if key.endswith("s") and isinstance(properties.get("name"), dict):
            found.append((str(key), item or {}))
    return found


def _resolved(root: dict[str, Any], schema: Any) -> dict[str, Any] | None:
    if not isinstance(schema, dict):
        return None
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part) if isinstance(target, dict) else None
        return target if isinstance(target, dict) else None
    return schema


def _member(kind: str, name: str, item: dict[str, Any], scope: tuple[tuple[str, str], ...], ledger: Ledger) -> Any:
    member: dict[str, Any] = {"name": name}
    ranges = [k for k, v in (item.get("properties") or {}).items() if "range" in k and isinstance(v, dict)]
    if ranges:
        held = ledger.get(grid.GRID, json.dumps({**dict(scope), kind: name}, sort_keys=True, ensure_ascii=False))
        used = grid.used_range((held or {}).get("cells") or {})
        member[ranges[0]] = used or EMPTY_RANGE
    return member
