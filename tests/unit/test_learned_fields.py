"""A learned answer shows what the session established, not what its example showed (``render.py``)."""

from __future__ import annotations

import json
from typing import Any

import anyio

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.learned import learn
from mcp_sim.simulation.render import Fill, next_number, recalled_fields, render


def json_result(body: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body, "isError": False}


def test_recalled_fields_keep_plain_values_the_most_related_call_last_winning() -> None:
    shown = [{"symbol": "AAPL", "price": 1.5, "tags": ["x"]}, {"symbol": "MSFT", "amount": 150}]
    assert recalled_fields(shown) == {"symbol": "MSFT", "price": 1.5, "amount": 150}


def test_a_list_field_shows_the_list_the_session_holds_under_its_name() -> None:
    example = Example(arguments={"thought": "a"}, result=json_result({"thoughtNumber": 1, "branches": ["old"]}))
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    held = render(shapes.success, Fill({"thought": "b"}, record={"branches": ["cdn", "redis"]}))
    assert held.structured_content == {"thoughtNumber": 1, "branches": ["cdn", "redis"]}
    nothing_held = render(shapes.success, Fill({"thought": "b"}))
    assert nothing_held.structured_content == {"thoughtNumber": 1, "branches": ["old"]}


def spec(name: str, **properties: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema})


def call(session: str, index: int, tool: str, arguments: dict[str, Any], body: Any) -> RecordedCall:
    return RecordedCall("trading", session, index, tool, arguments, json_result(body), None)


def order(number: int, symbol: str, price: float) -> dict[str, Any]:
    return {"id": number, "order_type": "Buy", "symbol": symbol, "price": price, "status": "Open"}


def test_a_learned_read_shows_what_the_earlier_change_gave_not_its_example() -> None:
    tools = [
        spec("place_order", order_type="string", symbol="string", price="number"),
        spec("get_order_details", order_id="integer"),
    ]
    placed = {"order_type": "Buy", "symbol": "AAPL", "price": 150.0}
    taught = [
        call("s1", 1, "place_order", placed, {"order_id": 7, "status": "Pending"}),
        call("s1", 2, "get_order_details", {"order_id": 7}, order(7, "AAPL", 150.0)),
    ]
    placed = {"order_type": "Buy", "symbol": "MSFT", "price": 310.25}
    scored = [
        call("s2", 1, "place_order", placed, {"order_id": 7, "status": "Pending"}),
        call("s2", 2, "get_order_details", {"order_id": 7}, order(7, "MSFT", 310.25)),
    ]
    scores = anyio.run(replay, ServerSessions("trading", tools, {"s1": taught, "s2": scored}), "learn")
    read = scores[-1]
    assert read.tool == "get_order_details" and read.structural_match
    assert "P" in read.opportunities and not read.violations  # MSFT and 310.25 again, not the example's AAPL


def test_a_learned_create_numbers_its_id_within_its_own_type() -> None:
    ledger = Ledger()
    for n in ("1", "2", "3"):
        ledger.apply(Effect("create", "item", n, {}))
    assert next_number(ledger, "decision") == 1  # the first decision, whatever items came before
    ledger.apply(Effect("create", "decision", "1", {}))
    ledger.apply(Effect("delete", "decision", "1"))
    assert next_number(ledger, "decision") == 2  # a deleted row's number is not given again
    assert next_number(ledger, None) == ledger.created + 1


def test_an_argument_item_the_call_leaves_a_field_out_of_shows_what_the_session_holds() -> None:
    given = {"entities": [{"name": "Ada", "entityType": "person", "observations": ["x"]}]}
    example = Example(arguments=given, result=json_result([{"name": "Ada", "entityType": "person", "version": 2}]))
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    update = {"entities": [{"name": "Atlas", "observations": ["Budget 55k"]}]}
    held = {"Atlas": {"name": "Atlas", "entityType": "project"}}
    fill = Fill(update, held=lambda item: held.get(item.get("name"), {}))
    body = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert body == [{"name": "Atlas", "entityType": "project", "version": 2}]  # not the example's "person"
    unheld = json.loads(render(shapes.success, Fill(update)).content[0].text)  # type: ignore[union-attr]
    assert unheld[0]["entityType"] != "project"


def test_a_field_echoing_an_argument_the_call_leaves_out_shows_the_record() -> None:
    example = Example(arguments={"todo_id": "t1", "priority": "B"}, result=json_result({"id": "t1", "priority": "B"}))
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    shown = render(shapes.success, Fill({"todo_id": "t3"}, record={"priority": "A"}))
    assert shown.structured_content == {"id": "t3", "priority": "A"}
