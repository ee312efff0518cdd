"""Integrity checks against the ledger, on the ticket API of tool_specs/tickets.yaml."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp.types import CallToolResult, TextContent

from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.config import ToolSpec
from mcp_sim.ledger.answers import answer_body, with_body
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.integrity import audit, not_found, precheck

SPECS = {s.name: s for s in load_spec_file(Path(__file__).parents[2] / "tool_specs" / "tickets.yaml").tools}
TYPES = EntityTypes(list(SPECS.values()))


@pytest.fixture
def ledger() -> Ledger:
    ledger = Ledger()
    ledger.apply(Effect("create", "ticket", "t-1", {"id": "t-1", "title": "Printer", "status": "open"}))
    ledger.apply(Effect("create", "ticket", "t-2", {"id": "t-2", "title": "Fax", "status": "open"}))
    ledger.apply(Effect("delete", "ticket", "t-2"))
    return ledger


def answer(body: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body))], structured_content=body)


def spec(name: str) -> ToolSpec:
    return SPECS[name]


@pytest.mark.parametrize(
    ("tool", "arguments", "rule"),
    [
        ("get_ticket", {"ticket_id": "t-2"}, "deleted"),
        ("get_ticket", {"ticket_id": "t-9"}, "unknown"),
        ("add_comment", {"ticket_id": "t-2", "body": "hi"}, "deleted"),  # an inferred reference
        ("get_ticket", {"ticket_id": "t-1"}, None),
        ("list_tickets", {}, None),
    ],
)
def test_precheck_refuses_deleted_and_unseen_ids(
    ledger: Ledger, tool: str, arguments: dict[str, Any], rule: str | None
) -> None:
    refused = precheck(spec(tool), arguments, ledger, TYPES)
    assert (refused[0].rule if refused else None) == rule


def test_not_found_is_deterministic_in_the_tool_style(ledger: Ledger) -> None:
    refused = precheck(spec("get_ticket"), {"ticket_id": "t-2"}, ledger, TYPES)
    assert refused is not None
    first, second = not_found(refused[1], refused[0]), not_found(refused[1], refused[0])
    assert first == second and first.is_error
    assert first.content[0].text == "ticket 't-2' not found"  # type: ignore[union-attr]


def test_a_deleted_entity_in_a_list_is_dropped_by_the_patch(ledger: Ledger) -> None:
    body = {"tickets": [{"id": "t-1", "title": "Printer"}, {"id": "t-2", "title": "Fax"}], "total": 2}
    checked = audit(spec("list_tickets"), {}, answer(body), ledger, TYPES)
    assert [v.rule for v in checked.violations] == ["deleted"] and checked.repairable
    for violation in checked.violations:
        assert violation.fix is not None
        violation.fix()
    assert [t["id"] for t in answer_body(with_body(answer(body), checked.body))["tickets"]] == ["t-1"]


def test_a_field_that_disagrees_is_patched_from_the_ledger(ledger: Ledger) -> None:
    body = {"id": "t-1", "title": "Scanner", "status": "open", "priority": "low", "created_at": "x"}
    checked = audit(spec("get_ticket"), {"ticket_id": "t-1"}, answer(body), ledger, TYPES)
    assert [(v.rule, v.id) for v in checked.violations] == [("field", "t-1")]
    assert "title='Printer'" in checked.violations[0].message
    assert checked.violations[0].fix is not None
    checked.violations[0].fix()
    assert checked.body["title"] == "Printer"


def test_an_update_may_change_the_fields_it_sets(ledger: Ledger) -> None:
    body = {"id": "t-1", "title": "Printer", "status": "closed", "priority": "low"}
    assert (
        audit(spec("update_ticket"), {"ticket_id": "t-1", "status": "closed"}, answer(body), ledger, TYPES).violations
        == []
    )


def test_an_update_of_a_record_the_world_model_resolved_may_change_its_fields(ledger: Ledger) -> None:
    # the call named the ticket by its title; the world model found t-1 and updated it: its answer shows the new
    # status, which the ledger (updated after the answer) does not hold yet
    body = {"id": "t-1", "title": "Printer", "status": "closed"}
    arguments = {"ticket_id": "Printer", "status": "closed"}
    unresolved = audit(spec("update_ticket"), arguments, answer(body), ledger, TYPES)
    assert [(v.rule, v.id) for v in unresolved.violations] == [("field", "t-1")]  # patched back to "open"
    changed = frozenset({("ticket", "t-1")})
    assert audit(spec("update_ticket"), arguments, answer(body), ledger, TYPES, changed=changed).violations == []


def test_a_new_id_that_collides_cannot_be_patched(ledger: Ledger) -> None:
    body = {"id": "t-2", "title": "New", "priority": "low", "status": "open", "created_at": "x"}
    checked = audit(spec("create_ticket"), {"title": "New"}, answer(body), ledger, TYPES)
    assert [v.rule for v in checked.violations] == ["collision"] and not checked.repairable


def test_a_reference_to_a_missing_entity_is_dangling(ledger: Ledger) -> None:
    body = {"id": "c-1", "ticket_id": "t-9", "body": "hello"}
    checked = audit(spec("add_comment"), {"ticket_id": "t-1", "body": "hello"}, answer(body), ledger, TYPES)
    assert [(v.rule, v.id) for v in checked.violations] == [("dangling", "t-9")]
    # the world model made the reference up: it is pointed at the ticket the call names, not refused
    assert checked.repairable
    for violation in checked.violations:
        assert violation.fix is not None
        violation.fix()
    assert checked.body["ticket_id"] == "t-1"
    naming_none = audit(spec("add_comment"), {"body": "hello"}, answer(dict(body)), ledger, TYPES)
    for violation in naming_none.violations:
        assert violation.fix is not None
        violation.fix()
    assert naming_none.body["ticket_id"] is None  # no ticket named: the answer names none


def test_failures_and_plain_text_are_not_audited(ledger: Ledger) -> None:
    failed = CallToolResult(content=[TextContent(type="text", text='{"id": "t-2"}')], is_error=True)
    assert audit(spec("get_ticket"), {"ticket_id": "t-1"}, failed, ledger, TYPES).violations == []
    text = CallToolResult(content=[TextContent(type="text", text="t-2 is fine")])
    assert audit(spec("get_ticket"), {"ticket_id": "t-1"}, text, ledger, TYPES).violations == []


def test_unknown_and_deleted_ids_have_policies_of_their_own() -> None:
    from mcp_sim.config import EntityEffect
    from mcp_sim.ledger.effects import EntityTypes
    from mcp_sim.ledger.entities import Effect, Ledger
    from mcp_sim.ledger.integrity import policy_of, refused

    ledger, types = Ledger(), EntityTypes([])
    ledger.apply(Effect("create", "note", "n-1", {"id": "n-1"}))
    ledger.apply(Effect("delete", "note", "n-1"))
    default = policy_of(EntityEffect(kind="read", entity="note", id="id"))
    assert refused("note", "n-1", ledger, types, default) == "was deleted"
    assert refused("note", "n-9", ledger, types, default) == "does not exist"  # the session knows notes
    assert refused("page", "p-1", ledger, types, default) is None  # nothing known of pages: an open world
    forgiving = policy_of(EntityEffect(kind="read", entity="note", id="id", unknown="allow"))
    assert refused("note", "n-9", ledger, types, forgiving) is None
    assert refused("note", "n-1", ledger, types, forgiving) == "was deleted"  # unknown is fine, deleted is not
    strict = policy_of(EntityEffect(kind="read", entity="page", id="id", unknown="not_found"))
    assert refused("page", "p-1", ledger, types, strict) == "does not exist"
    assert refused("note", "n-1", ledger, types, policy_of(EntityEffect(kind="read", lenient=True))) is None


async def test_ids_used_unseen_in_an_open_world_do_not_close_it() -> None:
    """Deleting (or updating) an id the session never saw says nothing about which others exist: a later
    read of another pre-existing id is still let through, while the deleted one stays deleted."""
    from tests.unit.test_recall import path_of

    specs = [ToolSpec(name=n, input_schema={"type": "object", "properties": {"todo_id": {"type": "string"}}})
             for n in ("get_todo", "update_todo", "delete_todo")]  # fmt: skip
    path = path_of(*specs)
    assert not (await path.call("s", "delete_todo", {"todo_id": "old-1"})).is_error
    assert not (await path.call("s", "update_todo", {"todo_id": "old-2"})).is_error
    assert not (await path.call("s", "get_todo", {"todo_id": "old-3"})).is_error
    assert (await path.call("s", "get_todo", {"todo_id": "old-1"})).is_error  # deleted stays deleted
    state = await path.store.load(path.experiment.name, "s")
    assert not state.ledger.knows("todo") and state.ledger.assumed["todo"] == ["old-1", "old-2", "old-3"]
    reloaded = Ledger.from_json(json.loads(json.dumps(state.ledger.to_json())))
    assert reloaded.assumed == state.ledger.assumed


def test_a_known_type_refuses_unseen_ids_only_in_the_form_its_own_ids_have() -> None:
    """Once the session knows notes (``n-1``, ``n-2``), ``n-9`` is one the agent made up, but an id written
    otherwise (a hex hash, a UUID) came from outside the session, which cannot know it is absent. A deleted
    id is refused whatever its form."""
    from mcp_sim.config import EntityEffect
    from mcp_sim.ledger.id_forms import form_of
    from mcp_sim.ledger.integrity import policy_of, refused

    ledger, types = Ledger(), EntityTypes([])
    ledger.apply(Effect("create", "note", "n-1", {"id": "n-1"}))
    ledger.apply(Effect("create", "note", "be1403f4", {"id": "be1403f4"}))
    ledger.apply(Effect("delete", "note", "be1403f4"))
    default = policy_of(EntityEffect(kind="read", entity="note", id="id"))
    assert refused("note", "n-12", ledger, types, default) == "does not exist"
    assert refused("note", "0f8fad5b-d9cb-469f-a165-70867728950e", ledger, types, default) is None
    assert refused("note", "7c9e6679", ledger, types, default) == "does not exist"  # like be1403f4
    assert refused("note", "be1403f4", ledger, types, default) == "was deleted"
    assert form_of("habit-1") == form_of("habit-12") != form_of("be1403f4") == form_of("7c9e6679")
    assert form_of("Breakfast") == form_of("support") != form_of("My Project")
    assert form_of("42") == form_of("7") != form_of("t-7")


def test_ids_the_agent_named_from_before_the_session_keep_their_form_open() -> None:
    """The agent read record ``2`` the session never showed (a row from before it), then the session made ``1``
    and ``3``. ``7`` is written like both, but the agent has shown it knows numbered records from outside the
    session (the real server numbers after the rows it held), so the session cannot know ``7`` is absent. A
    deleted id stays refused, and a form the agent never named from outside (``r-9``) stays closed."""
    from mcp_sim.config import EntityEffect
    from mcp_sim.ledger.integrity import policy_of, refused

    ledger, types = Ledger(), EntityTypes([])
    default = policy_of(EntityEffect(kind="read", entity="record", id="id"))
    ledger.apply(Effect("create", "record", "1", {"id": 1}))
    assert refused("record", "7", ledger, types, default) == "does not exist"  # no outside id yet: made up
    ledger.apply(Effect("assume", "record", "2"))
    ledger.apply(Effect("create", "record", "3", {"id": 3}))
    ledger.apply(Effect("create", "record", "r-1", {"id": "r-1"}))
    ledger.apply(Effect("delete", "record", "3"))
    assert refused("record", "7", ledger, types, default) is None
    assert refused("record", "3", ledger, types, default) == "was deleted"
    assert refused("record", "r-9", ledger, types, default) == "does not exist"


def test_a_random_id_the_session_never_showed_came_from_elsewhere() -> None:
    """The session made ``c12fb1d5...`` (32 hex digits); another such id was copied, not made up: let through. A
    short hash (``7c9e6679`` beside ``be1403f4``) can be guessed and stays refused."""
    from mcp_sim.config import EntityEffect
    from mcp_sim.ledger.id_forms import drawn
    from mcp_sim.ledger.integrity import policy_of, refused

    ledger, types = Ledger(), EntityTypes([])
    ledger.apply(Effect("create", "project", "c12fb1d5bb1b408a86f6efc30af074d9", {}))
    default = policy_of(EntityEffect(kind="read", entity="project", id="id"))
    assert refused("project", "aa819464c7a14aa889dd7ca050ec6594", ledger, types, default) is None
    assert drawn("0f8fad5b-d9cb-469f-a165-70867728950e") and not drawn("be1403f4") and not drawn("task-9")


def test_a_clocks_number_is_written_unlike_a_count() -> None:
    """The session numbered its cards 1 and 2; ``1768910400000`` (a server's milliseconds since 1970, which the agent
    read in an answer the session's own could not give) is no count the session reached, so it is let through as
    one from outside the session, where ``7`` is refused as made up."""
    from mcp_sim.ledger.id_forms import form_of

    assert form_of("1768910400000") == form_of("1700261592") != form_of("42") == form_of("999999999")
    ledger, types = Ledger(), EntityTypes([])
    ledger.apply(Effect("create", "card", "1", {"card_id": 1}))
    ledger.apply(Effect("create", "card", "2", {"card_id": 2}))
    assert types.known("card", ledger, "7") and not types.known("card", ledger, "1768910400000")


def test_a_tag_before_a_number_or_hash_is_part_of_an_ids_form() -> None:
    """The session minted ``task-2``; ``T-24254`` or ``TASK-7`` (another system's task, from the agent's task) is
    written otherwise, so the session cannot know it is absent. Ids that differ only in their number or hash share a
    form; names whose words differ (``Router_R1``, ``Firewall_F2``) keep the general one."""
    from mcp_sim.ledger.id_forms import form_of

    assert form_of("T-24254") != form_of("task-2") == form_of("task-999") != form_of("TASK-7")
    assert form_of("ORD-6E4C4ACB") == form_of("ORD-5EE59CDE") != form_of("INV-5EE59CDE")
    assert form_of("task-122f8570") == form_of("task-deadbeef")
    assert form_of("Router_R1") == form_of("Firewall_F2")
    ledger, types = Ledger(), EntityTypes([])
    ledger.apply(Effect("create", "task", "task-2", {"id": "task-2"}))
    assert types.known("task", ledger, "task-9") and not types.known("task", ledger, "T-24254")


def test_an_action_refuses_a_deleted_or_unknown_target_but_lets_one_from_before_the_session_through() -> None:
    schema = {"type": "object", "properties": {"card_id": {"type": "integer"}, "rating": {"type": "string"}}}
    grade = ToolSpec.model_validate({"name": "grade_card", "inputSchema": schema})
    add = ToolSpec.model_validate({"name": "add_card", "inputSchema": {"type": "object", "properties": {}}})
    types = EntityTypes([grade, add])
    cards = Ledger()
    cards.apply(Effect("create", "card", "1", {"id": 1}))
    cards.apply(Effect("create", "card", "2", {"id": 2}))
    cards.apply(Effect("delete", "card", "2"))
    refused = precheck(grade, {"card_id": 2, "rating": "good"}, cards, types)
    assert refused is not None and refused[0].rule == "deleted"
    assert precheck(grade, {"card_id": 1, "rating": "good"}, cards, types) is None
    # the session numbered its cards 1 and 2: a card 7 it never saw is not there, as a read of it would say
    unknown = precheck(grade, {"card_id": 7, "rating": "good"}, cards, types)
    assert unknown is not None and unknown[0].rule == "unknown"
    # before the session has seen any card, one it names may have been there before it (an action's target often is)
    assert precheck(grade, {"card_id": 7, "rating": "good"}, Ledger(), types) is None
