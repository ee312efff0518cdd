"""A change naming the revision it expects fails once its record has moved on (revisions.py)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import infer_effect
from tests.unit.test_recall import path_of, text

KEY = {"type": "string", "pattern": "^[A-Z]+-[0-9]+$", "description": "Issue key such as APP-12"}
REVISION = {"type": "integer"}
CREATE = ToolSpec(
    name="create_issue",
    input_schema={"type": "object", "properties": {"project": {"type": "string"}, "title": {"type": "string"}}},
)
TRANSITION = ToolSpec(
    name="transition_issue",
    input_schema={
        "type": "object",
        "properties": {"issue": KEY, "status": {"type": "string"}, "expected_revision": REVISION},
        "required": ["issue", "status", "expected_revision"],
    },
)
GET = ToolSpec(name="get_issue", input_schema={"type": "object", "properties": {"issue": KEY}, "required": ["issue"]})


def test_a_transition_is_an_update_of_the_record_it_names() -> None:
    effect = infer_effect(TRANSITION)
    assert (effect.kind, effect.entity, effect.id) == ("update", "issue", "issue")


async def test_a_change_expecting_a_revision_the_record_left_is_a_conflict() -> None:
    path = path_of(CREATE, TRANSITION, GET)
    await path.call("s", "create_issue", {"project": "SHOP", "title": "Cart ignores codes"})
    assert "Cart ignores codes" in text(await path.call("s", "get_issue", {"issue": "SHOP-1"}))  # the scope's key
    moved = await path.call("s", "transition_issue", {"issue": "SHOP-1", "status": "todo", "expected_revision": 1})
    assert not moved.is_error and "revision: 2" in text(moved)  # made at 1, moved on by the change
    stale = await path.call("s", "transition_issue", {"issue": "SHOP-1", "status": "done", "expected_revision": 1})
    assert stale.is_error and "revision conflict: expected 1, at 2" in text(stale)
    again = await path.call("s", "transition_issue", {"issue": "SHOP-1", "status": "done", "expected_revision": 2})
    assert not again.is_error and "revision: 3" in text(again)  # the refused call moved nothing
    shown = text(await path.call("s", "get_issue", {"issue": "SHOP-1"}))
    assert "status: done" in shown and "expected_revision" not in shown.split("\n")[0]  # a precondition, no field


async def test_a_record_from_before_the_session_or_a_negative_expectation_is_not_checked() -> None:
    path = path_of(CREATE, TRANSITION, GET)
    older = await path.call("s", "transition_issue", {"issue": "OPS-7", "status": "todo", "expected_revision": 9})
    assert not older.is_error  # the session never named OPS-7: its revision is the server's
    unchecked = await path.call("s", "transition_issue", {"issue": "OPS-7", "status": "done", "expected_revision": -1})
    assert not unchecked.is_error
