"""An action names its record by id or by name, and its answer shows that record (named_records.py)."""

from __future__ import annotations

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.simulation.builtin import named_records
from tests.unit.test_recall import path_of, text

STRING = {"type": "string"}


def test_a_value_names_the_one_record_with_that_id_or_name() -> None:
    ledger = Ledger()
    ledger.apply(Effect("create", "template", "template-1", {"id": "template-1", "name": "code-review"}))
    ledger.apply(Effect("create", "template", "template-2", {"id": "template-2", "name": "standup"}))
    ledger.apply(Effect("create", "project", "project-1", {"id": "project-1", "title": "standup"}))
    assert named_records.named_id("template", "code-review", ledger) == "template-1"
    assert named_records.named_id("template", "template-2", ledger) == "template-2"
    assert named_records.named_id("template", "nothing", ledger) is None
    assert named_records.fields({"id_or_name": "code-review"}, ledger)["name"] == "code-review"
    assert named_records.fields({"id_or_name": "standup"}, ledger) == {}  # two records answer: ambiguous
    assert named_records.fields({"x": "a"}, ledger) == {}  # one character names too much


def test_a_key_in_the_servers_house_style_names_the_sessions_record() -> None:
    """``TASK-1`` or ``task-001`` for the session's ``task-1``: one tag in any case, one number."""
    ledger = Ledger()
    ledger.apply(Effect("create", "task", "task-1", {"id": "task-1", "title": "Webhook"}))
    ledger.apply(Effect("create", "task", "task-12", {"id": "task-12", "title": "Docs"}))
    assert named_records.named_id("task", "TASK-1", ledger) == "task-1"
    assert named_records.named_id("task", "task-012", ledger) == "task-12"
    assert named_records.named_id("task", "TASK-2", ledger) is None  # another number
    assert named_records.named_id("task", "BUG-1", ledger) is None  # another tag


def test_a_key_of_a_scope_and_a_number_names_the_nth_record_made_in_that_scope() -> None:
    """``SHOP-2``: the second issue made in project SHOP, as trackers key issues (Jira, Linear)."""
    ledger = Ledger()
    for n, (project, title) in enumerate([("SHOP", "Cart"), ("WEB", "Footer"), ("SHOP", "Receipts")], start=1):
        ledger.apply(Effect("create", "issue", f"issue-{n}", {"id": f"issue-{n}", "project": project, "title": title}))
    assert named_records.named_id("issue", "SHOP-1", ledger) == "issue-1"
    assert named_records.named_id("issue", "SHOP-2", ledger) == "issue-3"
    assert named_records.named_id("issue", "web-1", ledger) == "issue-2"
    assert named_records.named_id("issue", "SHOP-3", ledger) is None  # no third issue in SHOP
    assert named_records.named_id("issue", "OPS-1", ledger) is None  # no record holds the tag
    # an argument named as a type the session holds refers to it: the act shows the issue
    assert named_records.fields({"issue": "SHOP-2", "status": "todo"}, ledger)["title"] == "Receipts"


async def test_each_type_is_numbered_from_one() -> None:
    """A server numbers each table on its own: the first task is task-1 though a milestone came before it."""
    spec = {"type": "object", "properties": {"title": STRING}}
    path = path_of(
        ToolSpec(name="create_milestone", input_schema=spec), ToolSpec(name="create_task", input_schema=spec)
    )
    assert "milestone-1" in text(await path.call("s", "create_milestone", {"title": "v1"}))
    assert "task-1" in text(await path.call("s", "create_task", {"title": "Webhook"}))


async def test_an_action_on_a_named_record_shows_what_the_session_gave_it() -> None:
    create = ToolSpec(
        name="template_create",
        input_schema={"type": "object", "properties": {"name": STRING, "template": STRING}, "required": ["name"]},
    )
    render = ToolSpec(name="template_render", input_schema={"type": "object", "properties": {"id_or_name": STRING}})
    path = path_of(create, render)
    await path.call("s", "template_create", {"name": "code-review", "template": "Review this {lang} change."})
    answer = text(await path.call("s", "template_render", {"id_or_name": "code-review"}))
    assert "Review this {lang} change." in answer  # before: only "id_or_name: code-review"
    other = text(await path.call("s", "template_render", {"id_or_name": "changelog"}))
    assert "Review this" not in other  # a name nothing holds shows no other record


def test_an_item_given_inside_an_earlier_calls_arguments_is_found_by_its_identity() -> None:
    from tests.unit.test_recall import turn

    earlier = [
        turn(1, "add", {"file": "leads.json", "item": {"id": "L-104", "name": "Mara Quinn", "score": 4}}),
        turn(2, "add", {"file": "leads.json", "item": {"id": "L-105", "name": "Tomas Berg"}}),
        turn(3, "update", {"item": {"id": "L-104", "contacted": True}}),
        turn(4, "update", {"item": {"id": "L-104", "score": 9}}, failed=True),
        turn(5, "get_lead", {"item": {"id": "L-104", "score": 1}}),  # a read gives nothing
    ]
    shown = named_records.given({"identity_value": "L-104"}, earlier)
    assert shown == {"id": "L-104", "name": "Mara Quinn", "score": 4, "contacted": True}
    assert (
        named_records.given({"item": {"id": "L-105", "name": "T. Berg"}}, earlier)["name"] == "T. Berg"
    )  # the call wins
    assert named_records.given({"identity_value": "L-999"}, earlier) == {}


async def test_an_act_on_a_bare_id_shows_the_record_of_the_one_type_named_so() -> None:
    """``reopen(id=1)`` where ``get_task(id)`` names tasks: the act's answer shows task 1, though "1" alone
    is too short to be taken for a name."""
    id_only = {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}
    path = path_of(
        ToolSpec(name="create_task", input_schema={"type": "object", "properties": {"name": STRING}}),
        ToolSpec(name="get_task", input_schema=id_only),
        ToolSpec(name="reopen", input_schema=id_only),
    )
    assert "id: 1," in text(await path.call("s", "create_task", {"name": "Index product names"}))  # integer ids
    assert "Index product names" in text(await path.call("s", "reopen", {"id": 1}))
