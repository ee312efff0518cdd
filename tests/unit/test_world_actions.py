"""Actions change a seeded world's scalars, singletons, lists and counters (simulation/builtin/world_actions.py);
later reads show the change."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.errors import ToolError
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import plain_numbers, scalar_effect, scalars, singleton_effect, singletons
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.runtime import load_world_seeds
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.simulation.builtin.world_actions import change
from mcp_sim.state.memory import MemoryStore


def ledger_of(scalar: dict[str, Any], single: dict[str, dict[str, Any]] | None = None) -> Ledger:
    ledger = Ledger()
    for name, value in scalar.items():
        ledger.apply(scalar_effect(name, value))
    for name, record in (single or {}).items():
        ledger.apply(singleton_effect(name, record))
    return ledger


def applied(ledger: Ledger, effects: list[Effect]) -> Ledger:
    for effect in effects:
        ledger.apply(effect)
    return ledger


def test_a_verb_moves_a_named_state_to_its_opposite() -> None:
    ledger = ledger_of({"motorState": "stopped", "lampStatus": "off"})
    done = change("startMotor", {}, ledger)
    assert done is not None and done.shown == {"motorState": "running"}
    assert scalars(applied(ledger, done.effects))["motorState"] == "running"
    assert scalars(ledger)["lampStatus"] == "off"  # not named: unchanged
    lit = change("set_lamp", {"mode": "on"}, ledger)  # the state an argument says
    assert lit is not None and lit.shown == {"lampStatus": "on"}


def test_a_flag_named_by_a_verb_and_a_list_of_keys_pick_the_parts() -> None:
    ledger = ledger_of({}, {"windowStatus": {"left": "open", "right": "open", "roof": "open"}})
    done = change("closeWindows", {"reopen": False, "window": ["left", "right"]}, ledger)
    assert done is not None
    assert done.shown["remaining_open"] == 1  # what the group still is, counted
    assert singletons(applied(ledger, done.effects))["windowStatus"] == {
        "left": "closed",
        "right": "closed",
        "roof": "open",
    }
    locked = change("lock_windows", {"unlock": False}, ledger)  # unlock: false is a lock; nothing here locks
    assert locked is None


def test_every_noun_must_name_the_state() -> None:
    ledger = ledger_of({"handBrakeStatus": "engaged"})
    assert change("releaseBrakePedal", {}, ledger) is None  # a pedal is not the hand brake
    done = change("release_hand_brake", {}, ledger)
    assert done is not None and done.shown == {"handBrakeStatus": "released"}


def test_amounts_add_to_the_quantity_they_name_and_cannot_go_below_zero() -> None:
    tank = ledger_of({"waterLevel": 10.0, "oilLevel": 2.0})
    filled = change("fillWaterTank", {"waterAmount": 40}, tank)  # the quantity the argument's words name
    assert filled is not None and filled.shown == {"waterLevel": 50}  # shown as a plain number
    assert change("fillTank", {"amount": 40}, tank) is None  # two levels: which one is not said
    assert change("add_numbers", {"a": 1, "b": 2}, ledger_of({"balance": 5})) is None  # numbers of their own
    ledger = ledger_of({}, {"wallet": {"owner": "ann", "balance": 100.0}})
    paid = change("deposit_money", {"amount": 25.5}, ledger)  # the world's one balance
    assert paid is not None and paid.shown == {"balance": 125.5}
    applied(ledger, paid.effects)
    assert singletons(ledger)["wallet"] == {"owner": "ann", "balance": 125.5}
    with pytest.raises(ToolError, match="insufficient balance"):
        change("withdraw_money", {"amount": 1000}, ledger)
    routed = change("set_route", {"destination": "Oslo"}, ledger_of({"destination": "Bergen"}))
    assert routed is not None and routed.shown == {"destination": "Oslo"}
    assert change("send_parcel", {"destination": "Oslo"}, ledger_of({"destination": "Bergen"})) is None  # no set


def test_lists_get_the_value_added_or_removed() -> None:
    ledger = ledger_of({"favourite_list": ["A"]})
    added = change("add_to_favourites", {"item": "B"}, ledger, kind="create")
    assert added is not None and added.shown == {"favourite_list": ["A", "B"]}
    applied(ledger, added.effects)
    removed = change("remove_item_from_favourites", {"item": "A"}, ledger, kind="delete")
    assert removed is not None and removed.shown == {"favourite_list": ["B"]}
    assert change("get_favourites", {}, ledger, kind="read") is None  # reads change nothing


def test_a_record_is_numbered_by_the_worlds_counter() -> None:
    ledger = ledger_of({"note_counter": 7, "author": "ann"})
    ledger.apply(Effect("create", "note", "3", {"id": 3, "text": "old", "author": "bob"}))
    made = change("post_note", {"text": "new"}, ledger, kind="create")
    assert made is not None and made.shown == {"id": 7, "author": "ann", "text": "new"}  # the logged-in author
    applied(ledger, made.effects)
    assert ledger.get("note", "7") == {"id": 7, "author": "ann", "text": "new"}
    assert scalars(ledger)["note_counter"] == 8


def test_no_world_no_change() -> None:
    assert change("startMotor", {}, Ledger()) is None


def test_plain_numbers() -> None:
    assert plain_numbers({"a": [50.0, 0.5], "b": True}) == {"a": [50, 0.5], "b": True}


SPEC = {
    "tools": [
        {"name": n, "description": d, "inputSchema": {"type": "object", "properties": p}}
        for n, d, p in [
            ("startMotor", "Starts the motor.", {"mode": {"type": "string"}}),
            ("fillWaterTank", "Fills the tank.", {"waterAmount": {"type": "number"}}),
            ("displayStatus", "Shows one value.", {"option": {"type": "string"}}),
            ("check_wheel_speed", "Checks every wheel's speed.", {}),
            ("add_to_favourites", "Adds an item.", {"item": {"type": "string"}}),
            ("get_favourites", "The favourites.", {}),
        ]
    ]
}
WORLD = """\
scalars:
  motorState: stopped
  waterLevel: 10.0
  frontWheelSpeed: 3.5
  rearWheelSpeed: 4.5
  favourite_list: [A]
"""


def path_for(tmp_path: Path) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    (tmp_path / "world.yaml").write_text(WORLD)
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


async def test_later_reads_show_what_actions_changed(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    assert "running" in text(await path.call("s", "startMotor", {"mode": "START"}))
    assert "50" in text(await path.call("s", "fillWaterTank", {"waterAmount": 40}))
    assert "50" in text(await path.call("s", "displayStatus", {"option": "water"}))
    assert "running" in text(await path.call("s", "displayStatus", {"option": "motor"}))
    wheels = text(await path.call("s", "check_wheel_speed", {}))
    assert "3.5" in wheels and "4.5" in wheels  # every value its nouns name
    await path.call("s", "add_to_favourites", {"item": "B"})
    favourites = text(await path.call("s", "get_favourites", {}))
    assert "A" in favourites and "B" in favourites
    other = text(await path.call("other", "displayStatus", {"option": "water"}))
    assert "10" in other and "50" not in other  # another session starts from the seed


def test_an_empty_seeded_table_is_numbered_and_authored_by_the_world() -> None:
    from mcp_sim.ledger.effects import EntityTypes

    ledger = ledger_of({"note_counter": 0, "username": "ann"})
    types = EntityTypes([], {"note": "id"})  # the seed declares notes, none yet
    made = change("post_note", {"text": "first"}, ledger, types, kind="create")
    assert made is not None and made.shown == {"id": 0, "username": "ann", "text": "first"}
    undeclared = ledger_of({"username": "ann"})  # no table and no counter of notes: the simulator makes it
    assert change("post_note", {"text": "first"}, undeclared, EntityTypes([]), kind="create") is None


def test_a_record_goes_into_a_seeded_map_its_counter_numbers() -> None:
    ledger = ledger_of({"order_counter": 5}, {"orders": {"kind": "x"}})  # a map of orders, none in it yet
    made = change("place_order", {"item": "A"}, ledger)
    assert made is not None and made.shown == {"id": 5, "item": "A"}
    applied(ledger, made.effects)
    assert singletons(ledger)["orders"]["5"] == {"item": "A"} and scalars(ledger)["order_counter"] == 6


def test_a_numbered_record_is_shown_under_the_argument_its_type_is_taken_by() -> None:
    from mcp_sim.config import ToolSpec
    from mcp_sim.ledger.effects import EntityTypes

    by_id = {"type": "object", "properties": {"order_id": {"type": "integer"}}, "required": ["order_id"]}
    types = EntityTypes([ToolSpec(name="cancel_order", input_schema=by_id)])  # orders are taken by order_id
    ledger = ledger_of({"order_counter": 12446}, {"orders": {"kind": "x"}})
    made = change("place_order", {"item": "A"}, ledger, types)
    assert made is not None and made.shown == {"order_id": 12446, "item": "A"}  # the world's number, by that name


def test_a_counter_alone_numbers_the_records_of_the_type_it_names() -> None:
    from mcp_sim.ledger.effects import EntityTypes

    ledger = ledger_of({"case_counter": 0, "case_queue": [], "username": "ann"})  # no table of cases in the seed
    first = change("open_case", {"title": "Leak"}, ledger, EntityTypes([]), kind="create")
    assert first is not None and first.shown == {"id": 0, "username": "ann", "title": "Leak"}
    applied(ledger, first.effects)
    assert ledger.get("case", "0") == first.shown and scalars(ledger)["case_counter"] == 1
    second = change("open_case", {"title": "Smoke"}, ledger, EntityTypes([]), kind="create")
    assert second is not None and second.shown["id"] == 1  # the counter moved on
    assert change("open_door", {}, ledger_of({"case_counter": 0}), EntityTypes([]), kind="create") is None
