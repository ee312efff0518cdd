"""A seeded table the session makes records in: an action makes its record there, reads find it by the id
it was given, and the table stays closed to ids nobody made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Ledger
from mcp_sim.ledger.world_state import scalar_effect
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.runtime import load_world_seeds
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.simulation.builtin.world_actions import change
from mcp_sim.state.memory import MemoryStore


def test_an_action_makes_a_record_in_an_empty_seeded_table_it_names() -> None:
    ledger = Ledger()
    ledger.apply(scalar_effect("clerk", "ann"))
    types = EntityTypes([], {"parcel": "id"})  # the seed declares parcels, none yet, and no counter
    made = change("send_parcel", {"weight": 3}, ledger, types)
    assert made is not None
    new_id = made.shown["parcel_id"]
    assert isinstance(new_id, str) and new_id.startswith("parcel-")
    for effect in made.effects:
        ledger.apply(effect)
    assert ledger.get("parcel", new_id) == {"parcel_id": new_id, "weight": 3}
    assert change("send_parcel", {"weight": 3}, Ledger(), EntityTypes([])) is None  # no world: nothing to change


SPEC = {
    "tools": [
        {"name": n, "description": d, "inputSchema": {"type": "object", "properties": p, "required": list(p)[:1]}}
        for n, d, p in [
            ("reserve_room", "Reserves a room.", {"room_type": {"type": "string"}, "nights": {"type": "integer"}}),
            ("get_reservation", "A reservation.", {"reservation_id": {"type": "string"}}),
            ("print_receipt", "The receipt of a reservation.", {"reservation_id": {"type": "string"}}),
            ("cancel_reservation", "Cancels a reservation.", {"reservation_id": {"type": "string"}}),
            ("get_guest", "A guest's profile.", {"guest_id": {"type": "string"}}),
        ]
    ]
}
INITIAL_STATE = {"Hotel": {"reservations": {}, "guests": {"g-1": {"name": "Ann"}, "g-2": {"name": "Bo"}}}}


def path_for(tmp_path: Path) -> CallPath:
    from mcp_sim.ledger.world import as_world
    from mcp_sim.ledger.world_import import world_yaml

    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    (tmp_path / "world.yaml").write_text(world_yaml(as_world(INITIAL_STATE, "state.json")))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: w\nseed: 3\ntools: [spec.yaml]\nworld: world.yaml\nstate: memory://\n")
    loaded = load_experiment(experiment)
    catalog = build_catalog(loaded, {})
    types, seeds = load_world_seeds(loaded, catalog)
    e = loaded.experiment
    routing = router.Routing.of(e.route, e.routes)
    return CallPath(
        e, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing, world=seeds, types=types
    )


def text(result: Any) -> str:
    return str(result.content[0].text)


async def test_a_seeded_session_reads_what_it_made_and_nothing_else(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    assert (await path.call("s", "get_reservation", {"reservation_id": "R-777"})).is_error  # the seed: none yet
    made = await path.call("s", "reserve_room", {"room_type": "suite", "nights": 2})
    assert not made.is_error
    (made_id,) = [word.strip(".,'\"") for word in text(made).split() if word.strip(".,'\"").startswith("reservation-")]
    read = await path.call("s", "get_reservation", {"reservation_id": made_id})
    assert not read.is_error and "suite" in text(read)
    # an id nobody made is not found, though the session made one: it never reads as another record
    assert (await path.call("s", "get_reservation", {"reservation_id": "R-777"})).is_error
    assert (await path.call("s", "get_guest", {"guest_id": "g-9"})).is_error
    assert not (await path.call("s", "cancel_reservation", {"reservation_id": made_id})).is_error
    # a cancelled reservation is kept, with its new state, as cancelled orders and jobs are
    assert "suite" in text(await path.call("s", "get_reservation", {"reservation_id": made_id}))
    assert (await path.call("t", "get_reservation", {"reservation_id": made_id})).is_error  # another session
