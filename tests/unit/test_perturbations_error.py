"""error: realistic transient failures on either layer; the backend never runs, so no effects."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcp_sim.errors import ProtocolError
from tests.unit.perturb_helpers import call_path, decisions, text


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("rate_limited", "429 Too Many Requests: rate limit exceeded for 'create_ticket'. Retry after 7 seconds."),
        ("unavailable", "503 Service Unavailable"),
        ("internal", "500 Internal Server Error"),
        ("timeout", "timed out after 0.001 seconds"),
    ],
)
async def test_each_kind_reads_like_the_real_thing(tmp_path: Path, kind: str, expected: str) -> None:
    entry = {"type": "error", "kind": kind, "retry_after_s": 7, "timeout_s": 0.001}
    async with call_path(tmp_path, [entry]) as path:
        result = await path.call("s", "create_ticket", {"title": "x"})
        assert result.is_error and expected in text(result)


async def test_an_injected_error_drops_the_calls_effects(tmp_path: Path) -> None:
    entry = {"type": "error", "match": {"tools": ["create_ticket"], "calls": [2]}, "kind": "unavailable"}
    async with call_path(tmp_path, [entry]) as path:
        ok = await path.call("s", "create_ticket", {"title": "kept"})
        failed = await path.call("s", "create_ticket", {"title": "lost"})
        retried = await path.call("s", "create_ticket", {"title": "lost"})
        assert not ok.is_error and failed.is_error and not retried.is_error, "the same call retried succeeds"
        state = await path.store.load(path.experiment.name, "s")
        assert sorted(r["title"] for r in state.ledger.records("ticket")) == ["kept", "lost"]
        turns = await path.store.turns(path.experiment.name, "s")
        assert turns[1].effects == [] and len(turns[2].effects) == 1
        [[], [decision], []] = await decisions(path, "s")
        assert decision["type"] == "error" and decision["changed"]["backend_called"] is False


async def test_jsonrpc_layer_raises_a_protocol_error_and_records_the_turn(tmp_path: Path) -> None:
    entry = {"type": "error", "kind": "rate_limited", "layer": "jsonrpc"}
    async with call_path(tmp_path, [entry]) as path:
        with pytest.raises(ProtocolError) as caught:
            await path.call("s", "create_ticket", {"title": "x"})
        assert caught.value.data == {"status": 429, "retryAfter": 2}
        [turn] = await path.store.turns(path.experiment.name, "s")
        assert turn.error is not None and turn.decisions[0]["type"] == "error"


async def test_custom_message_and_code(tmp_path: Path) -> None:
    entry = {"type": "error", "kind": "custom", "message": "quota exhausted", "code": -32099, "layer": "jsonrpc"}
    async with call_path(tmp_path, [entry]) as path:
        with pytest.raises(ProtocolError) as caught:
            await path.call("s", "list_tickets", {})
        assert (caught.value.code, caught.value.message) == (-32099, "quota exhausted")


async def test_probability_is_rolled_per_call_and_tracks_the_configured_rate(tmp_path: Path) -> None:
    entry = {"type": "error", "probability": 0.25, "kind": "unavailable"}
    async with call_path(tmp_path, [entry], seed=5) as path:
        failures = 0
        for i in range(400):
            result = await path.call(f"s{i % 20}", "list_tickets", {})
            failures += bool(result.is_error)
        assert 60 <= failures <= 140  # 100 expected; a seeded draw, so this never flakes
