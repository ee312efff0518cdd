"""The world seed file (``world: world.yaml``): the whole world every fresh episode of an experiment starts in.

    clock: 2026-03-02T09:00:00Z      # optional: the session's "now"; generated dates fall near it
    id_fields: {entity: name}        # optional: where each table keeps its id
    entities:                        # tables of records, each with its id
      ticket:
        - {id: T-100, title: Printer on fire, status: open}
    singletons:                      # one record each, nested freely: the logged-in user, a file tree
      current_user: {username: alex, email: alex@example.com}
      user_map: {Alice: USR001, Bob: USR002}
    scalars:                         # one value each: balances, flags, counters, the working directory
      balance: 10000.0
      authenticated: true
      cwd: /alex/workspace
    imported_from: ...               # written by ``mcp-sim world import``: where each part came from

A name is one thing: a table, a singleton or a scalar, never two. Every value is JSON (a YAML date or time
must be quoted: the ledger keeps JSON).
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime
from typing import Any, Literal

from pydantic import Field, model_validator

from mcp_sim.config.models import Strict

ENV_REFERENCE = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}")  # config/yamlfile.py expands these
Form = Literal["table", "keyed_table", "singleton", "scalar"]


class Place(Strict):
    """Where one part of the world was in the imported file, and in which form, to write it back unchanged."""

    path: list[str]  # keys from the file's top level
    form: Form
    key_field: str | None = None  # keyed_table: the record field that holds the object's key
    key_added: bool = False  # keyed_table: import added that field (it was not in the records)


class ImportedFrom(Strict):
    file: str
    places: dict[str, Place] = Field(default_factory=dict)  # world name -> its place in the file


class World(Strict):
    """Tables, singletons and scalars, plus the session clock."""

    clock: datetime | date | None = None
    id_fields: dict[str, str] = Field(default_factory=dict)
    entities: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    singletons: dict[str, dict[str, Any]] = Field(default_factory=dict)
    scalars: dict[str, Any] = Field(default_factory=dict)
    imported_from: ImportedFrom | None = None

    @model_validator(mode="after")
    def _one_thing_per_name_and_json_values(self) -> World:
        places = self.imported_from.places if self.imported_from is not None else {}
        data = {"entities": self.entities, "singletons": self.singletons, "scalars": self.scalars}
        problems = world_problems({**data, "imported_from": {"places": places}})
        if problems:
            raise ValueError("; ".join(f"{'.'.join(map(str, loc))}: {message}" for loc, message in problems))
        return self


Loc = tuple[str | int, ...]
SECTIONS = ("entities", "singletons", "scalars")


def world_problems(data: Any) -> list[tuple[Loc, str]]:
    """What the file model cannot say by types alone, each with where it is: a name in two sections, a value
    that is no JSON, a mapping among the scalars, a place that names nothing. Works on the raw file too
    (``ledger/world.py`` reports each at its line); malformed sections are left to the model's own errors."""
    if not isinstance(data, dict):
        return []
    problems: list[tuple[Loc, str]] = []
    owner: dict[str, str] = {}
    for section in SECTIONS:
        names = data.get(section)
        if not isinstance(names, dict):
            continue
        for name, value in names.items():
            if name in owner:
                problems.append(((section, name), f"{name!r} is already in {owner[name]} (a name is one thing)"))
            owner.setdefault(name, section)
            problem = json_problem(value, (section, name))
            if problem:
                problems.append(problem)
            if section == "scalars" and isinstance(value, dict):
                problems.append(((section, name), "is a mapping; a record belongs under singletons"))
    imported = data.get("imported_from")
    places = imported.get("places") if isinstance(imported, dict) else None
    for name in places if isinstance(places, dict) else {}:
        if name not in owner:
            problems.append((("imported_from", "places", name), "names no table, singleton or scalar"))
    return problems


def json_problem(value: Any, loc: Loc = ()) -> tuple[Loc, str] | None:
    """The first thing that makes ``value`` no JSON value, with where it is, or None."""
    if value is None or isinstance(value, bool | int):
        return None
    if isinstance(value, str):
        env = ENV_REFERENCE.search(value)
        return (loc, f"holds {env.group()}, which YAML files expand from the environment") if env else None
    if isinstance(value, float):
        return None if math.isfinite(value) else (loc, f"{value} is no JSON number")
    if isinstance(value, list):
        for i, item in enumerate(value):
            problem = json_problem(item, (*loc, i))
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return (loc, f"key {key!r} is not a string (quote it)")
            problem = json_problem(item, (*loc, key))
            if problem:
                return problem
        return None
    if isinstance(value, date | datetime):
        return (loc, f"{value} was read as a YAML date; quote it to keep it as text")
    return (loc, f"a {type(value).__name__} is no JSON value")


def describe(loc: Loc, message: str) -> str:
    """``a.b: message`` (just the message at the top level)."""
    return f"{'.'.join(map(str, loc))}: {message}" if loc else message
