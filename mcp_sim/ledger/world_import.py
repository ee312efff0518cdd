"""``mcp-sim world import``: an existing environment's initial state (JSON) as a world seed, and back.

How each value of the file becomes part of a world (``config/worlds.py``):
- a list of objects that all carry a unique id (``id``, else one ``*_id``/``*Id`` field) is a **table**;
- an object of objects whose keys are ids (each holds a digit, or there are 2+ records sharing a field, or
  none: an empty object is a table still to be filled) is a **keyed table**: the key goes into the record
  (into the field that already holds it, else ``id``);
- any other object is a **singleton** (a record, nested freely: a logged-in user, a name-to-id map, a tree);
- everything else (numbers, strings, flags, lists of values) is a **scalar**.
When every top-level value is an object that is no table (BFCL's ``{"TravelAPI": {...}, "TicketAPI": {...}}``),
those are *sections*: their values are imported one by one, under their own names (``Section.name`` when two
sections share a name). Tables are named in the singular, without ``_list``/``_queue``... (``tweets`` ->
``tweet``, ``credit_card_list`` -> ``credit_card``), as the simulator names types after tools
(``get_tweet``). ``imported_from`` records where each part was, so ``source_of`` rebuilds the file exactly.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from pydantic import ValidationError

from mcp_sim.config.worlds import Form, ImportedFrom, Place, World, describe, json_problem
from mcp_sim.errors import ConfigError

SEED_KEYS = frozenset(World.model_fields)
_CONTAINER_SUFFIXES = ("_list", "_queue", "_records", "_record", "_map", "_table", "_history", "List", "Map")


def is_seed_shaped(data: Any) -> bool:
    """Whether JSON already is a world seed (only the seed file's keys at the top level)."""
    return isinstance(data, dict) and bool(data) and set(data) <= SEED_KEYS


def import_world(data: Any, source: str = "world", sections: bool | None = None) -> World:
    """The world seed of an initial state. ``sections``: None decides as the module says; True / False force it."""
    if not isinstance(data, dict):
        raise ConfigError([f"{source}: the initial state must be a JSON object at the top level, not {_kind(data)}"])
    problem = json_problem(data)
    if problem:
        raise ConfigError([f"{source}: {describe(*problem)}"])
    if sections is None:
        sections = bool(data) and all(_is_section(k, v) for k, v in data.items())
    parts: list[tuple[list[str], Any]] = []
    if sections:
        for name, section in data.items():
            if not isinstance(section, dict):
                raise ConfigError([f"{source}: {name}: a section must be an object, not {_kind(section)}"])
            parts.extend(([name, key], value) for key, value in section.items())
            if not section:  # kept as an empty singleton, so writing the file back keeps the section
                parts.append(([name], {}))
    else:
        parts = [([key], value) for key, value in data.items()]
    world = _Builder(source, sections)
    leaves = [path[-1] for path, _ in parts]
    for path, value in parts:
        short = path[-1]
        world.add(short if leaves.count(short) == 1 else ".".join(path), path, value)
    return world.build()


class _Builder:
    def __init__(self, source: str, sections: bool) -> None:
        self.source = source
        self.sections = sections
        self.data: dict[str, Any] = {"id_fields": {}, "entities": {}, "singletons": {}, "scalars": {}}
        self.places: dict[str, Place] = {}

    def add(self, name: str, path: list[str], value: Any) -> None:
        form: Form = "singleton" if value == {} and len(path) == 1 and self.sections else _form(path[-1], value)
        if form in ("table", "keyed_table"):
            name = self._unused(_table_name(name))
        if form == "table":
            id_field = _list_id_field(value)
            assert id_field is not None, "_form checked it"
            self.data["entities"][name] = [dict(r) for r in value]
            self.data["id_fields"][name] = id_field
            self.places[name] = Place(path=path, form="table")
        elif form == "keyed_table":
            key_field, added = _key_field(value)
            self.data["entities"][name] = [
                {key_field: key, **record} if added else dict(record) for key, record in value.items()
            ]
            self.data["id_fields"][name] = key_field
            self.places[name] = Place(path=path, form="keyed_table", key_field=key_field, key_added=added)
        else:
            name = self._unused(name)
            self.data["singletons" if form == "singleton" else "scalars"][name] = value
            self.places[name] = Place(path=path, form=form)

    def _unused(self, name: str) -> str:
        """``name``, or ``name_2``... when an earlier part of the file has it (a table ``tweet`` and a scalar
        ``tweet``, two sections' ``orders``)."""
        taken = set(self.places)
        candidate, number = name, 1
        while candidate in taken:
            number += 1
            candidate = f"{name}_{number}"
        return candidate

    def build(self) -> World:
        self.data["imported_from"] = ImportedFrom(file=self.source, places=self.places)
        try:
            return World.model_validate(self.data)
        except ValidationError as exc:  # a bug here, not the user's: say what and where all the same
            raise ConfigError([f"{self.source}: import made no valid world: {exc}"]) from None


def _is_section(key: str, value: Any) -> bool:
    return isinstance(value, dict) and (not value or _form(key, value) == "singleton")


def _form(key: str, value: Any) -> Form:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and _list_id_field(value):
        return "table"
    if isinstance(value, dict):
        records = list(value.values())
        if not value:
            return "keyed_table"
        if all(isinstance(r, dict) for r in records) and not any(_nests_itself(r) for r in records):
            digits = all(any(c.isdigit() for c in k) for k in value)
            shared = len(records) >= 2 and bool(set.intersection(*(set(r) for r in records)))
            if digits or shared:
                return "keyed_table"
        return "singleton"
    return "scalar"


def _nests_itself(record: dict[str, Any], depth: int = 0) -> bool:
    """Whether a record holds, somewhere below it, a record of its own fields: a tree (folders in folders,
    ``{"type", "contents"}`` within ``{"type", "contents"}``), which is one nested value, not a table keyed by
    name, whatever its top keys look like (``Quarter1_Reports`` holds a digit, ``archive`` and ``data`` share
    fields)."""
    fields = set(record)
    for value in record.values():
        if not isinstance(value, dict) or depth > 50:
            continue
        children = [c for c in value.values() if isinstance(c, dict)]
        if any(set(c) == fields for c in children) or any(_nests_itself(c, depth + 1) for c in children):
            return True
    return False


def _list_id_field(records: list[dict[str, Any]]) -> str | None:
    """The field that holds a unique id in every record: ``id``, else the only ``*_id``/``*Id`` field."""
    fields = set.intersection(*(set(r) for r in records))
    ordered = sorted(fields, key=lambda f: (f != "id", f))
    for field in ordered:
        if not (field == "id" or field.endswith(("_id", "Id", "ID", "_key", "uuid"))):
            continue
        values = [r[field] for r in records]
        ids = all(isinstance(v, str | int) and not isinstance(v, bool) for v in values)
        if ids and len({str(v) for v in values}) == len(values):
            return field
    return None


def _key_field(table: dict[str, dict[str, Any]]) -> tuple[str, bool]:
    """The field that already holds each record's key (as text), else a new one: ``id``, ``key``, ``_key``."""
    if table:
        common = set.intersection(*(set(r) for r in table.values()))
        for field in sorted(common, key=lambda f: (f != "id", f)):
            if all(str(r[field]) == key and not isinstance(r[field], bool) for key, r in table.items()):
                return field, False
    used = set().union(*(set(r) for r in table.values())) if table else set()
    return next(f for f in ("id", "key", "_key", "__key") if f not in used), True


def _table_name(name: str) -> str:
    stem = name.rsplit(".", 1)[-1]
    for suffix in _CONTAINER_SUFFIXES:
        if stem.endswith(suffix) and len(stem) > len(suffix):
            stem = stem[: -len(suffix)]
            break
    if stem.endswith("ies") and len(stem) > 4:
        stem = stem[:-3] + "y"
    elif stem.endswith("s") and not stem.endswith("ss") and len(stem) > 3:
        stem = stem[:-1]
    stem = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", stem).lower()
    prefix = name.rsplit(".", 1)[0] + "." if "." in name else ""
    return prefix + stem


def source_of(world: World) -> dict[str, Any]:
    """The JSON an imported world came from (``imported_from`` says where each part goes)."""
    if world.imported_from is None:
        raise ConfigError(["world: has no imported_from: it was not made by `mcp-sim world import`"])
    out: dict[str, Any] = {}
    for name, place in world.imported_from.places.items():
        value: Any
        if place.form == "table":
            value = [dict(r) for r in world.entities[name]]
        elif place.form == "keyed_table":
            field = place.key_field or "id"
            value = {
                str(r[field]): ({k: v for k, v in r.items() if k != field} if place.key_added else dict(r))
                for r in world.entities[name]
            }
        elif place.form == "singleton":
            value = world.singletons[name]
        else:
            value = world.scalars[name]
        target = out
        for key in place.path[:-1]:
            target = target.setdefault(key, {})
        target[place.path[-1]] = value
    return out


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(type(value), "a number")


class _Flow(dict[str, Any]):
    """A mapping written on one line (``{path: [A, b], form: scalar}``)."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Flow, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v, flow_style=True))


def world_yaml(world: World) -> str:
    """The seed file of an imported world: the world first, then where each part came from, one line each."""
    data = world.model_dump(mode="json", exclude_defaults=True)
    if "imported_from" in data:
        places = data["imported_from"].get("places", {})
        data["imported_from"]["places"] = {name: _Flow(place) for name, place in places.items()}
    header = (
        f"# World seed imported from {world.imported_from.file} by `mcp-sim world import`.\n"
        if world.imported_from
        else ""
    )
    return header + yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)
