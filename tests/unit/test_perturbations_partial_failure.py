"""partial_failure on the simulated route: an exact instruction the schema simulator honours."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp_sim.simulation.directives import ItemFailures, item_failures
from tests.unit.perturb_helpers import call_path, create_tickets, text

BATCH = [{"type": "partial_failure", "match": {"tools": ["*_tickets"]}, "ratio": 0.5}]


async def test_a_seeded_subset_fails_and_only_successes_take_effect(tmp_path: Path) -> None:
    async with call_path(tmp_path, BATCH, seed=3) as path:
        tickets = [{"title": f"b{i}"} for i in range(6)]
        result = await path.call("s", "create_tickets", {"tickets": tickets})
        assert not result.is_error
        [turn] = await path.store.turns(path.experiment.name, "s")
        failed = turn.decisions[0]["changed"]["failed"]
        assert len(failed) == 3
        body: Any = json.loads(text(result))
        statuses = {r["index"]: r["status"] for r in body["results"]}
        assert sorted(i for i, s in statuses.items() if s == "failed") == failed
        assert body["succeeded"] == 3 and body["failed"] == 3
        state = await path.store.load(path.experiment.name, "s")
        created = sorted(r["title"] for r in state.ledger.records("ticket"))
        assert created == sorted(f"b{i}" for i in range(6) if i not in failed)
        assert len({r["id"] for r in state.ledger.records("ticket")}) == 3, "ids keep counting within a batch"


async def test_deletes_of_failed_items_do_not_happen(tmp_path: Path) -> None:
    async with call_path(tmp_path, BATCH, seed=4) as path:
        ids = await create_tickets(path, "s", 4)
        await path.call("s", "delete_tickets", {"ticket_ids": ids})
        turns = await path.store.turns(path.experiment.name, "s")
        failed = turns[-1].decisions[0]["changed"]["failed"]
        state = await path.store.load(path.experiment.name, "s")
        assert sorted(r["id"] for r in state.ledger.records("ticket")) == sorted(ids[i] for i in failed)


async def test_calls_without_a_batch_pass_untouched(tmp_path: Path) -> None:
    async with call_path(tmp_path, [{"type": "partial_failure"}]) as path:
        result = await path.call("s", "create_ticket", {"title": "single"})
        assert not result.is_error
        [turn] = await path.store.turns(path.experiment.name, "s")
        assert turn.decisions[0]["changed"] == {"batch": None} and len(turn.effects) == 1


def test_the_instruction_is_prose_for_llms_and_data_for_the_simulator() -> None:
    told = ItemFailures("ids", {1: "409 Conflict", 4: "503 Service Unavailable"}, 6)
    assert "item 1 fails with: 409 Conflict" in told and "batch of 6 items" in told
    assert item_failures(["be terse", told]) is told and item_failures(["be terse"]) is None
