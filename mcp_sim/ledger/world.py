"""World seeds (``world: world.yaml``): the entities every fresh episode of an experiment starts with.

    id_fields: {entity: name}          # optional: where each type keeps its id (default: from the tools, or id)
    entities:
      ticket:
        - {id: T-100, title: Printer on fire, status: open}
      entity:
        - {name: Alice, entityType: person, observations: []}

Seeds go into each session's ledger, so reads and lists return them and the world model sees them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from mcp_sim.config import Strict
from mcp_sim.config.yamlfile import load_yaml
from mcp_sim.errors import ConfigError
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Effect


class World(Strict):
    """Tables of records per entity type."""

    id_fields: dict[str, str] = Field(default_factory=dict)
    entities: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)


def load_world(path: Path) -> World:
    if not path.exists():
        raise ConfigError.at(path, None, "world: no such file")
    return load_yaml(path).validate(World)


def seed_effects(world: World, types: EntityTypes, path: Path | str = "world") -> list[Effect]:
    """One create per record, in file order; a record without its id, or an id twice, is a ConfigError."""
    effects: list[Effect] = []
    problems: list[str] = []
    for entity, records in world.entities.items():
        id_field = world.id_fields.get(entity) or types.id_fields.get(entity) or "id"
        seen: set[str] = set()
        for i, record in enumerate(records):
            where = f"{path}: entities.{entity}.{i}"
            value = record.get(id_field)
            if not isinstance(value, str | int) or isinstance(value, bool):
                problems.append(f"{where}: needs its id in field {id_field!r} (a string or integer)")
            elif str(value) in seen:
                problems.append(f"{where}: {entity} id {value!r} appears twice")
            else:
                seen.add(str(value))
                effects.append(Effect("create", entity, str(value), dict(record)))
    if problems:
        raise ConfigError(problems)
    return effects


def seeded_types(world: World, types: EntityTypes) -> dict[str, str]:
    """The id field of every seeded entity type (declared, else known from the tools, else ``id``)."""
    return {e: world.id_fields.get(e) or types.id_fields.get(e) or "id" for e in world.entities}
