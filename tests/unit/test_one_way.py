"""A one-way ending done twice fails: the second cancel of the same order (``one_way.py``)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.builtin import one_way
from mcp_sim.state.base import Turn

OK = {"content": [{"type": "text", "text": "done"}], "isError": False}
FAILED = {"content": [{"type": "text", "text": "Error: no such order"}], "isError": True}


def turn(index: int, tool: str, arguments: dict[str, Any], result: dict[str, Any] = OK) -> Turn:
    return Turn(index=index, tool=tool, arguments=arguments, route="sim", result=result)


def test_a_second_cancel_of_the_same_order_fails() -> None:
    earlier = [turn(0, "place_order", {"symbol": "ETH"}), turn(1, "cancel_order", {"order_id": "ord_1"})]
    with pytest.raises(InvalidArguments, match="already cancelled"):
        one_way.check("cancel_order", {"order_id": "ord_1"}, earlier)
    one_way.check("cancel_order", {"order_id": "ord_2"}, earlier)  # another order: let through


def test_a_cancel_that_failed_or_a_change_since_leaves_the_item_open() -> None:
    failed = [turn(0, "cancel_order", {"order_id": "ord_1"}, FAILED)]
    one_way.check("cancel_order", {"order_id": "ord_1"}, failed)
    reinstated = [turn(0, "cancel_order", {"order_id": "ord_1"}), turn(1, "reinstate_order", {"order_id": "ord_1"})]
    one_way.check("cancel_order", {"order_id": "ord_1"}, reinstated)
    read_since = [turn(0, "refundCharge", {"chargeId": "ch_1"}), turn(1, "get_charge", {"chargeId": "ch_1"})]
    with pytest.raises(InvalidArguments, match="already refunded"):
        one_way.check("refundCharge", {"chargeId": "ch_1"}, read_since)  # a read changes nothing


def test_only_one_way_verbs_and_not_reads_of_them() -> None:
    assert one_way.ending("void_invoice") == "voided"
    assert one_way.ending("get_cancel_policy") is None
    done = [turn(0, "complete_task", {"task_id": 1})]
    one_way.check("complete_task", {"task_id": 1}, done)  # completing again is answered as done


def test_the_replayed_second_cancel_agrees_with_the_real_refusal() -> None:
    def spec(name: str, **properties: str) -> ToolSpec:
        schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
        return ToolSpec.model_validate({"name": name, "inputSchema": schema})

    def call(index: int, tool: str, arguments: dict[str, Any], text: str, failed: bool = False) -> RecordedCall:
        result = {"content": [{"type": "text", "text": text}], "isError": failed}
        return RecordedCall("clinic", "s1", index, tool, arguments, result, None)

    tools = [spec("create_booking", patient="string"), spec("cancel_booking", booking_id="string")]
    calls = [
        call(1, "create_booking", {"patient": "Sari"}, '{"booking_id": "BK-1", "status": "confirmed"}'),
        call(2, "cancel_booking", {"booking_id": "BK-1"}, '{"booking_id": "BK-1", "status": "cancelled"}'),
        call(3, "cancel_booking", {"booking_id": "BK-1"}, "booking 'BK-1' was already cancelled", failed=True),
    ]
    scores = anyio.run(replay, ServerSessions("clinic", tools, {"s1": calls}), "zero-config")
    assert [s.is_error_agreement for s in scores] == [True, True, True]


def test_a_partial_refund_leaves_the_rest_to_refund() -> None:
    partly = [turn(0, "refund_charge", {"charge_id": "ch_1", "amount": 500})]
    one_way.check("refund_charge", {"charge_id": "ch_1"}, partly)  # 500 of the charge: the rest can be refunded
    fully = [*partly, turn(1, "refund_charge", {"charge_id": "ch_1"})]
    with pytest.raises(InvalidArguments, match="already refunded"):
        one_way.check("refund_charge", {"charge_id": "ch_1"}, fully)
