"""A container keeps the lines calls put into it (containers.py); an action makes the thing others read (made.py)."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import Example, ToolSpec
from tests.unit.test_recall import path_of

ANY = {"type": "object", "additionalProperties": True}


def _spec(name: str, output: dict[str, Any] | None = ANY, **arguments: dict[str, Any]) -> ToolSpec:
    return ToolSpec(name=name, input_schema={"type": "object", "properties": arguments}, output_schema=output)


TEXT: dict[str, Any] = {"type": "string"}
QTY: dict[str, Any] = {"type": "integer", "default": 1}
SHOP = (
    _spec("add_to_cart", cart_id=TEXT, product_id=TEXT, qty=QTY),
    _spec("remove_from_cart", cart_id=TEXT, product_id=TEXT),
    _spec("get_cart", cart_id=TEXT),
    _spec("place_order", cart_id=TEXT),
    _spec("get_order_details", order_id=TEXT),
)


async def test_a_cart_keeps_every_line_added_and_adds_to_a_lines_quantity() -> None:
    path = path_of(*SHOP)
    await path.call("s", "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1", "qty": 2})
    await path.call("s", "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-7"})
    added = (await path.call("s", "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1"})).structured_content
    assert (added or {})["items"] == [{"product_id": "SKU-1", "qty": 3}, {"product_id": "SKU-7", "qty": 1}]
    await path.call("s", "remove_from_cart", {"cart_id": "cart-1", "product_id": "SKU-1"})
    cart = (await path.call("s", "get_cart", {"cart_id": "cart-1"})).structured_content or {}
    assert cart["items"] == [{"product_id": "SKU-7", "qty": 1}]
    other = (await path.call("s", "get_cart", {"cart_id": "cart-2"})).structured_content or {}
    assert "items" not in other  # another cart holds nothing this session put in it


async def test_placing_an_order_makes_an_order_that_holds_the_carts_lines() -> None:
    path = path_of(*SHOP)
    await path.call("s", "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1", "qty": 2})
    placed = (await path.call("s", "place_order", {"cart_id": "cart-1"})).structured_content or {}
    order_id = placed["order_id"]  # in the argument get_order_details takes
    assert placed["items"] == [{"product_id": "SKU-1", "qty": 2}]
    again = (await path.call("s", "place_order", {"cart_id": "cart-1"})).structured_content or {}
    assert again["order_id"] != order_id  # a new order each time, not refused as naming an order never made
    read = (await path.call("s", "get_order_details", {"order_id": order_id})).structured_content or {}
    assert (read["cart_id"], read["items"]) == ("cart-1", [{"product_id": "SKU-1", "qty": 2}])


async def test_a_made_thing_is_kept_under_the_id_its_learned_answer_shows() -> None:
    """``place_order`` answered ``{"id": "ord_kuCEzP27ZY2", ...}`` (no ``order_id``): the order placed is kept under
    the id the answer shows, so ``cancel_order`` of that id finds this session's order, not the example's."""
    order = {"id": "ord_kuCEzP27ZY2", "symbol": "ETH-USD", "side": "buy", "size": 3, "status": "filled"}
    result = {"content": [{"type": "text", "text": json.dumps(order)}]}
    example = Example(arguments={"symbol": "ETH-USD", "side": "buy", "size": 3}, result=result)
    place = _spec("place_order", None, symbol=TEXT, side=TEXT, size={"type": "integer"})
    cancelled = {**order, "id": "ord_2c9Sy2Q3xcT", "symbol": "BTC-USD", "status": "cancelled"}
    cancel = _spec("cancel_order", None, order_id=TEXT).model_copy(
        update={"examples": [Example(arguments={"order_id": "ord_2c9Sy2Q3xcT"},
                                     result={"content": [{"type": "text", "text": json.dumps(cancelled)}]})]}
    )  # fmt: skip
    path = path_of(place.model_copy(update={"examples": [example]}), _spec("get_order", None, order_id=TEXT), cancel)
    placed = json.loads(
        (await path.call("s", "place_order", {"symbol": "SOL-USD", "side": "sell", "size": 20})).content[0].text
    )  # type: ignore[union-attr]
    assert placed["id"] != "ord_kuCEzP27ZY2" and placed["symbol"] == "SOL-USD"
    done = json.loads((await path.call("s", "cancel_order", {"order_id": placed["id"]})).content[0].text)  # type: ignore[union-attr]
    assert (done["id"], done["symbol"], done["side"], done["size"]) == (placed["id"], "SOL-USD", "sell", 20)


async def test_an_action_on_a_thing_that_exists_or_that_a_tool_creates_makes_nothing() -> None:
    path = path_of(
        _spec("start_task", task_id=TEXT),  # takes the task's own id: acts on a task that exists
        _spec("get_task", task_id=TEXT),
        _spec("book_room", room=TEXT),  # no tool reads a room by id
        _spec("submit_report", title=TEXT),
        _spec("create_report", title=TEXT),  # reports have their create
        _spec("get_report", report_id=TEXT),
    )
    for tool, arguments in (("start_task", {"task_id": "t-1"}), ("book_room", {"room": "Blue"}),
                            ("submit_report", {"title": "Q3"})):  # fmt: skip
        answer = (await path.call("s", tool, arguments)).structured_content or {}
        assert not {"task_id", "room_id", "report_id", "id"} - set(arguments) & set(answer), (tool, answer)


async def test_a_learned_cart_answer_shows_the_lines_the_session_put_in_it() -> None:
    """In the example's form (``{"ok", "cart": {"cart_id", "items": [...]}}``), with this session's lines, not the
    example's one line and not only the line this call added."""
    example = {"ok": True, "cart": {"cart_id": "cart-9", "items": [{"product_id": "SKU-5", "qty": 1}]}}
    result = {"content": [{"type": "text", "text": json.dumps(example)}], "structuredContent": example}
    learned = SHOP[0].model_copy(
        update={"examples": [Example(arguments={"cart_id": "cart-9", "product_id": "SKU-5"}, result=result)]}
    )
    path = path_of(learned, *SHOP[1:])
    await path.call("s", "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1", "qty": 2})
    added = (await path.call("s", "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-7"})).structured_content
    cart = (added or {})["cart"]
    assert cart["cart_id"] == "cart-1"
    assert [(line["product_id"], line["qty"]) for line in cart["items"]] == [("SKU-1", 2), ("SKU-7", 1)]


async def test_a_value_saved_under_a_key_is_a_record_the_reads_of_its_type_show() -> None:
    """``context_save(key, value, category)`` keeps a record under its key; ``context_get`` (whose example listed
    items) shows it, saved again it is replaced, and a key never saved shows nothing."""
    listed = {"items": [{"id": "k0", "key": "k0", "value": "v0", "category": "note"}], "total": 1}
    example = Example(arguments={"key": "k0"}, result={"content": [{"type": "text", "text": json.dumps(listed)}]})
    path = path_of(
        _spec("context_save", None, key=TEXT, value=TEXT, category=TEXT),
        _spec("context_get", None, key=TEXT).model_copy(update={"examples": [example]}),
    )
    await path.call("s", "context_save", {"key": "engine", "value": "Elasticsearch", "category": "decision"})
    await path.call("s", "context_save", {"key": "engine", "value": "Meilisearch", "category": "decision"})
    for _ in range(2):  # the second read sees the first's answer in the ledger: still the one record
        got = json.loads((await path.call("s", "context_get", {"key": "engine"})).content[0].text)  # type: ignore[union-attr]
        assert [(i["key"], i["value"], i["category"]) for i in got["items"]] == [("engine", "Meilisearch", "decision")]
    other = json.loads((await path.call("s", "context_get", {"key": "shards"})).content[0].text)  # type: ignore[union-attr]
    assert other["items"] == []


async def test_a_learned_list_of_another_type_lists_no_records_that_share_only_an_account() -> None:
    """``get_balances(account_id)`` was learned listing balances ``{id, account_id, asset, amount}``; the session
    placed an order, which names the same account but is no balance: the balances list none of its orders."""
    balances = {"account_id": "acct_1", "balances": [{"id": "acct_1:BTC", "account_id": "acct_1", "asset": "BTC",
                                                      "amount": 14}]}  # fmt: skip
    read = _spec("get_balances", None, account_id=TEXT).model_copy(
        update={"examples": [Example(arguments={"account_id": "acct_1"},
                                     result={"content": [{"type": "text", "text": json.dumps(balances)}]})]}
    )  # fmt: skip
    place = _spec("place_order", ANY, account_id=TEXT, symbol=TEXT, side=TEXT)
    path = path_of(place, _spec("get_order", None, order_id=TEXT), read)
    await path.call("s", "place_order", {"account_id": "acct_9", "symbol": "SOL-USD", "side": "buy"})
    answer = json.loads((await path.call("s", "get_balances", {"account_id": "acct_9"})).content[0].text)  # type: ignore[union-attr]
    assert answer["account_id"] == "acct_9"
    assert all("symbol" not in line for line in answer["balances"])  # no order shown as a balance
