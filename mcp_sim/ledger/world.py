"""World seeds (``world: world.yaml``): the world every fresh episode of an experiment starts in.

The file format is ``config/worlds.py``'s ``World``: tables of records (``entities``), ``singletons``,
``scalars`` and a ``clock``. Seeds go into each session's ledger (tables as records, the rest under reserved
types, ``ledger/world_state.py``), so reads and lists return them and the world model sees them.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from mcp_sim.config.worlds import World, describe, world_problems
from mcp_sim.config.yamlfile import load_yaml
from mcp_sim.errors import ConfigError
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Effect
from mcp_sim.ledger.world_import import import_world, is_seed_shaped
from mcp_sim.ledger.world_state import clock_effect, scalar_effect, singleton_effect

__all__ = ["World", "as_world", "load_world", "seed_effects", "seeded_types"]


def load_world(path: Path) -> World:
    if not path.exists():
        raise ConfigError.at(path, None, "world: no such file")
    doc = load_yaml(path)
    problems = world_problems(doc.data)  # each at its own line, before the model says them all at the top
    if problems:
        raise ConfigError([f"{path}:{doc.line_of(loc)}: {describe(loc, message)}" for loc, message in problems])
    return doc.validate(World)


def seed_effects(world: World, types: EntityTypes, path: Path | str = "world") -> list[Effect]:
    """The clock, then one create per record, in file order, then the singletons and scalars; a record without
    its id, or an id twice, is a ConfigError."""
    effects: list[Effect] = [clock_effect(_moment(world.clock))] if world.clock is not None else []
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
    effects.extend(singleton_effect(name, dict(record)) for name, record in world.singletons.items())
    effects.extend(scalar_effect(name, value) for name, value in world.scalars.items())
    return effects


def seeded_types(world: World, types: EntityTypes) -> dict[str, str]:
    """The id field of every seeded entity type (declared, else known from the tools, else ``id``)."""
    return {e: world.id_fields.get(e) or types.id_fields.get(e) or "id" for e in world.entities}


def as_world(data: Any, where: str = "world") -> World:
    """A world from JSON: a seed file's shape as is; any other object is an environment's initial state, imported
    (``ledger/world_import.py``) as ``mcp-sim world import`` would."""
    if is_seed_shaped(data):
        try:
            return World.model_validate(data)
        except ValidationError as exc:
            problems = [f"{where}: {'.'.join(map(str, e['loc'])) or 'top level'}: {e['msg']}" for e in exc.errors()]
            raise ConfigError(problems) from None
    return import_world(data, where)


def _moment(value: datetime | date) -> datetime:
    moment = value if isinstance(value, datetime) else datetime(value.year, value.month, value.day)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
