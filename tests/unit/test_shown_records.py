"""What a read-like tool shows of the records its arguments name (ledger/world_state.py, ``shown_by``)."""

from __future__ import annotations

from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import shown_by


def test_a_named_record_with_fields_is_shown_under_its_type() -> None:
    ledger = Ledger()
    ledger.apply(Effect("create", "account", "acc_01", {"id": "acc_01", "owner": "Janet Ward"}))
    shown = shown_by(ledger, "lookup_billing", None, {"account_id": "acc_01"})
    assert shown == {"account": {"id": "acc_01", "owner": "Janet Ward"}}


def test_a_record_known_only_by_its_id_shows_nothing() -> None:
    # an evaluation run id every call passes is assumed to exist, but nothing is known of it: ``eval_run: {}``
    # in every answer would be noise the real server never writes
    ledger = Ledger()
    ledger.apply(Effect("assume", "eval_run", "run_001"))
    ledger.apply(Effect("create", "account", "acc_01", {"id": "acc_01", "owner": "Janet Ward"}))
    shown = shown_by(ledger, "lookup_billing", None, {"account_id": "acc_01", "eval_run_id": "run_001"})
    assert "eval_run" not in shown
    assert shown["account"]["owner"] == "Janet Ward"
