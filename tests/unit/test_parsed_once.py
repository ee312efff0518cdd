"""Issue 15, stop 33: work done once per call instead of two or three times gives the same values as before.

- a POST's body is parsed once (``envelope.check_body`` returns it) and handed to the 2026-07-28 exchange;
- the stores' history texts are read by pydantic-core's parser, with ``json.loads`` for what it refuses;
- the log renderer keeps its JSON encoder instead of building one per line;
- ``Ledger.seen_ids`` skips the filter when the session assumed nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import structlog

from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.observability import logs
from mcp_sim.serving import envelope, modern_exchange
from mcp_sim.serving.response_modes import ResponseModes
from mcp_sim.state.base import Turn, turns_from_text
from tests.unit.test_modern_exchange import VERSION, _call, _server


@pytest.mark.parametrize(
    "body",
    [
        json.dumps(_call("whoami", {"a": [1, None, "é"]})).encode(),
        b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "method": "x"}]',
        b'"just a string"',
        b"17",
    ],
)
def test_the_body_check_returns_the_body_as_json_loads_reads_it(body: bytes) -> None:
    assert envelope.check_body(body) == json.loads(body)


async def test_a_parsed_body_that_is_not_one_request_is_left_to_the_manager_with_nothing_sent() -> None:
    server = _server()
    server.streamable_http_app(streamable_http_path="/mcp")
    modes = ResponseModes.of(server)
    headers = [(b"content-type", b"application/json"), (b"accept", b"application/json")]
    scope = {"type": "http", "method": "POST", "path": "/mcp", "headers": headers}
    scope["headers"].append((b"mcp-protocol-version", VERSION.encode()))

    async def nothing(*_: Any) -> Any:
        raise AssertionError("nothing is sent or read")

    for text in (b"[]", b'{"jsonrpc": "2.0", "method": "ping"}', b"1"):
        parsed = json.loads(text)
        assert not await modern_exchange.answer(server, {}, modes.json, scope, text, nothing, nothing, parsed)


def _turn(arguments: dict[str, Any], record: dict[str, Any] | None = None) -> Turn:
    effects = [Effect("create", "item", "item-1", record)] if record is not None else []
    return Turn(0, "create_item", arguments, "sim", {"content": []}, effects=effects, started_at=1795902155.8998656)


TRICKY = [
    {"text": "\ud800 a lone surrogate", "emoji": "😀", "nul": "\x00", "ls": "\u2028"},  # json.loads takes the lone one
    {"big": 2**80, "neg": -(2**70), "tiny": 5e-324, "zero": -0.0, "f": 0.1, "e": 1e16},
    {"nan": float("nan"), "inf": float("inf"), "ninf": float("-inf")},
    {"deep": json.loads("[" * 300 + "]" * 300)},  # past pydantic-core's nesting limit: json.loads reads it
]


@pytest.mark.parametrize("arguments", TRICKY)
def test_history_texts_decode_to_what_json_loads_gives(arguments: dict[str, Any]) -> None:
    turns = [_turn(arguments, {"item_id": "item-1", **arguments}), _turn({"plain": True})]
    texts = [json.dumps(t.to_json()) for t in turns]
    expected = [Turn.from_json(data) for data in json.loads("[" + ",".join(texts) + "]")]
    for given in (texts, [t.encode() for t in texts]):  # text (memory, Redis) and bytes (SQLite)
        decoded = turns_from_text(given)
        assert repr(decoded) == repr(expected)  # repr: NaN is not equal to itself
        assert json.dumps([t.to_json() for t in decoded]) == json.dumps([t.to_json() for t in expected])


def test_a_broken_history_text_still_raises_the_json_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        turns_from_text(['{"index": 0,'])


def test_the_log_renderer_writes_what_json_dumps_writes() -> None:
    fallback = structlog.processors.JSONRenderer()._dumps_kw["default"]
    event = {"event": "tool call", "decisions": [{"type": "latency"}], "é": "ü", "f": 0.5, "odd": object()}
    assert logs._dumps(event, default=fallback) == json.dumps(event, default=fallback)
    assert logs._dumps(event, default=fallback) == logs._dumps(event, default=fallback)  # the kept encoder again
    assert logs._dumps({"a": [1, None]}) == json.dumps({"a": [1, None]})


def test_seen_ids_are_a_fresh_list_without_the_assumed_ones() -> None:
    ledger = Ledger()
    for op, id_ in (("create", "a"), ("create", "b"), ("delete", "b"), ("assume", "c")):
        ledger.apply(Effect(op, "item", id_))  # type: ignore[arg-type]
    assert ledger.seen_ids("item") == ["a", "b"]
    assert ledger.seen_ids("other") == [] and not ledger.knows("other")
    plain = Ledger()
    plain.apply(Effect("create", "item", "a"))
    seen = plain.seen_ids("item")
    seen.append("x")
    assert plain.seen_ids("item") == ["a"]
