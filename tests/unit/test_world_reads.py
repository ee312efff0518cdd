"""Reads of a seeded world refuse names it does not hold (simulation/builtin/world_reads.py)."""

from __future__ import annotations

import pytest

from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import scalar_effect, singleton_effect
from mcp_sim.simulation.builtin.world_reads import check


def world() -> Ledger:
    ledger = Ledger()
    for symbol, price in [("ABCD", 1.0), ("EFGH", 2.0), ("XYZ", 3.0)]:
        ledger.apply(Effect("create", "share", symbol, {"id": symbol, "price": price}))
    ledger.apply(singleton_effect("member_map", {"Alice": "M001", "Bob": "M002"}))
    ledger.apply(scalar_effect("pinned", ["QQQQ"]))
    return ledger


def test_an_unknown_key_of_a_named_table_is_not_found() -> None:
    with pytest.raises(EntityNotFound, match="share 'ZZZZ' not found"):
        check("get_share_info", {"symbol": "ZZZZ"}, world())
    with pytest.raises(EntityNotFound, match="member 'Zed' not found"):
        check("get_member_id", {"name": "Zed"}, world())
    with pytest.raises(EntityNotFound, match="member 'Zed Smith' not found"):
        check("get_member_id", {"name": "Zed Smith"}, world())  # two words, each shaped as a name


def test_known_values_other_shapes_and_other_tools_pass() -> None:
    ledger = world()
    check("get_share_info", {"symbol": "ABCD"}, ledger)  # a key
    check("get_share_info", {"symbol": "QQQQ"}, ledger)  # held elsewhere in the world
    check("get_share_info", {"sector": "Technology"}, ledger)  # not shaped like the keys
    check("get_weather", {"city": "ZZZZ"}, ledger)  # names no table
    check("sell_share", {"symbol": "ZZZZ"}, ledger)  # not a read
    check("get_share_info", {"symbol": "ZZZZ"}, Ledger())  # no world: nothing is declared
