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
        problems: list[str] = []
        sections: dict[str, dict[str, Any]] = {
            "entities": self.entities,
            "singletons": self.singletons,
            "scalars": self.scalars,
        }
        owner: dict[str, str] = {}
        for section, names in sections.items():
            for name in names:
                if name in owner:
                    problems.append(f"{section}.{name}: {name!r} is already in {owner[name]} (a name is one thing)")
                owner.setdefault(name, section)
                problem = json_problem(names[name], f"{section}.{name}")
                if problem:
                    problems.append(problem)
        for name, value in self.scalars.items():
            if isinstance(value, dict):
                problems.append(f"scalars.{name}: is a mapping; a record belongs under singletons")
        if self.imported_from is not None:
            for name in self.imported_from.places:
                if name not in owner:
                    problems.append(f"imported_from.places.{name}: names no table, singleton or scalar")
        if problems:
            raise ValueError("; ".join(problems))
        return self


def json_problem(value: Any, where: str) -> str | None:
    """What makes ``value`` no JSON value (the first problem, with its path), or None."""
    if value is None or isinstance(value, bool | int):
        return None
    if isinstance(value, str):
        env = ENV_REFERENCE.search(value)
        return f"{where}: holds {env.group()}, which YAML files expand from the environment" if env else None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{where}: {value} is no JSON number"
    if isinstance(value, list):
        for i, item in enumerate(value):
            problem = json_problem(item, f"{where}.{i}" if where else str(i))
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{where}: key {key!r} is not a string (quote it)"
            problem = json_problem(item, f"{where}.{key}" if where else key)
            if problem:
                return problem
        return None
    if isinstance(value, date | datetime):
        return f"{where}: {value} was read as a YAML date; quote it to keep it as text"
    return f"{where}: a {type(value).__name__} is no JSON value"
