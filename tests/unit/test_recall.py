"""Reads show what earlier calls established, even when it is named inside free text (recall.py)."""

from typing import Any

from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Experiment, ToolSpec
from mcp_sim.ledger.effects import infer_effect
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.recall import observes, recalled
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.base import Turn
from mcp_sim.state.memory import MemoryStore

QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
FILE = {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}
CONTENT = {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}


def path_of(*specs: ToolSpec) -> CallPath:
    experiment = Experiment.model_validate({"name": "recall", "seed": 0, "state": "memory://"})
    catalog = catalog_of(list(specs), "test")
    return CallPath(experiment, catalog, {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim"))


def text(result: CallToolResult) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def test_names_that_observe_and_names_that_change() -> None:
    assert observes("read_query") and observes("git_status") and observes("ls") and observes("getOrderDetails")
    assert not observes("write_query") and not observes("git_commit") and not observes("calculate")
    # a log written to is no log read: log_attempt and record_event write an entry, git_log and view_log read
    assert not observes("log_attempt") and not observes("record_event") and not observes("logFood")
    assert observes("git_log") and observes("view_log") and observes("log")


def test_an_action_verb_first_is_no_list() -> None:
    spec = ToolSpec(name="write_query", input_schema=QUERY)
    assert infer_effect(spec).kind == "none"  # "query" at the end does not make it a list of writes


def turn(index: int, tool: str, arguments: dict[str, Any], failed: bool = False) -> Turn:
    result = {"content": [{"type": "text", "text": "x"}], "isError": failed}
    return Turn(index=index, tool=tool, arguments=arguments, route="sim", result=result)


def test_recall_takes_related_successful_changes_only() -> None:
    earlier = [
        turn(0, "write_query", {"query": "INSERT INTO users (name) VALUES ('Bob')"}),
        turn(1, "write_query", {"query": "INSERT INTO orders (sku) VALUES ('HS-1')"}),
        turn(2, "write_query", {"query": "INSERT INTO users (name) VALUES ('Eve')"}, failed=True),
        turn(3, "read_query", {"query": "SELECT name FROM users"}),
    ]
    shown = recalled({"query": "SELECT * FROM users"}, earlier)
    assert shown[-1] == {"query": "INSERT INTO users (name) VALUES ('Bob')"}  # shares "users": the most related
    assert all("Eve" not in str(args) for args in shown)  # a failed call established nothing
    assert all("SELECT" not in str(args) for args in shown)  # reads establish nothing
    assert recalled({}, earlier) == [earlier[0].arguments, earlier[1].arguments]  # a read naming nothing: all


def test_an_answer_that_says_it_failed_established_nothing() -> None:
    said = {"content": [{"type": "text", "text": '{"status": "error", "message": "Request not found"}'}]}
    failed = Turn(index=0, tool="mark_task_done", arguments={"requestId": "req-9"}, route="sim", result=said)
    done = turn(1, "mark_task_done", {"requestId": "req-1"})
    assert recalled({}, [failed, done]) == [{"requestId": "req-1"}]  # no isError, but the server says it failed


async def test_a_select_shows_the_rows_inserted_earlier_and_nothing_else() -> None:
    path = path_of(ToolSpec(name="write_query", input_schema=QUERY), ToolSpec(name="read_query", input_schema=QUERY))
    await path.call("s", "write_query", {"query": "INSERT INTO users (name, age) VALUES ('Bob', 7)"})
    shown = text(await path.call("s", "read_query", {"query": "SELECT * FROM users"}))
    assert "Bob" in shown and "7" in shown
    other = text(await path.call("other", "read_query", {"query": "SELECT * FROM users"}))
    assert "Bob" not in other  # another session's world


async def test_a_structured_read_fills_fields_from_the_related_write() -> None:
    path = path_of(
        ToolSpec(name="write_file", input_schema=FILE),
        ToolSpec(name="read_text_file", input_schema=FILE, output_schema=CONTENT),
    )
    await path.call("s", "write_file", {"path": "/a.txt", "content": "hello there"})
    await path.call("s", "write_file", {"path": "/b.txt", "content": "other file"})
    read = await path.call("s", "read_text_file", {"path": "/a.txt"})
    assert read.structured_content == {"content": "hello there"}


TICKET = {"type": "object", "properties": {"ticketId": {"type": "string"}, "note": {"type": "string"}}}
PLAN = {"type": "object", "properties": {"ticketsJson": {"type": "string"}}}


async def test_a_record_only_assumed_still_shows_what_earlier_text_established() -> None:
    path = path_of(
        ToolSpec(name="file_tickets", input_schema=PLAN),
        ToolSpec(name="update_ticket", input_schema=TICKET),
        ToolSpec(name="get_ticket_details", input_schema=TICKET),
        ToolSpec(name="delete_ticket", input_schema=TICKET),
    )
    await path.call("s", "file_tickets", {"ticketsJson": '[{"title": "Broken lamp"}, {"title": "Leaky tap"}]'})
    await path.call("s", "update_ticket", {"ticketId": "t-77", "note": "urgent"})  # an id the session never saw
    shown = text(await path.call("s", "get_ticket_details", {"ticketId": "t-77"}))
    assert "urgent" in shown and "Leaky tap" in shown  # the update's fields, then what the plan's text named
    await path.call("s", "delete_ticket", {"ticketId": "t-77"})
    gone = await path.call("s", "get_ticket_details", {"ticketId": "t-77"})
    assert gone.is_error  # the details of a deleted ticket are not found


async def test_an_act_answers_with_what_earlier_changes_said_of_the_things_it_names() -> None:
    """``run_code(session_id="shop")`` after ``run_code(code=..., session_id="shop")`` shows the earlier code (that
    session's history); an update of a record the ledger never held shows its earlier fields, its new values
    winning; an earlier change naming nothing of the call's is not shown."""
    run = ToolSpec(name="run_code", input_schema={"type": "object", "properties": {
        "code": {"type": "string"}, "session_id": {"type": "string"}}})  # fmt: skip
    other = ToolSpec(name="add_label", input_schema={"type": "object", "properties": {"label": {"type": "string"}}})
    update = ToolSpec(name="update_status", input_schema={"type": "object", "properties": {
        "account": {"type": "string"}, "city": {"type": "string"}, "plan": {"type": "string"}}})  # fmt: skip
    path = path_of(run, other, update)
    await path.call("s", "run_code", {"code": "inventory = {'apples': 5}", "session_id": "shop"})
    await path.call("s", "add_label", {"label": "urgent"})
    shown = text(await path.call("s", "run_code", {"code": "print(inventory)", "session_id": "shop"}))
    assert "apples" in shown and "urgent" not in shown
    await path.call("s", "update_status", {"account": "maya", "city": "Lisbon", "plan": "free"})
    moved = text(await path.call("s", "update_status", {"account": "maya", "city": "Porto"}))
    assert "Porto" in moved and "free" in moved and "Lisbon" not in moved


async def test_a_create_and_a_delete_show_the_earlier_changes_of_what_they_name() -> None:
    """``add_task(project="garden")`` after ``set_project(project="garden", owner="Maya")`` names the project's
    owner; ``remove_task(project="garden", title=...)`` names it too; a task in another project does not."""
    fields = {"project": {"type": "string"}, "owner": {"type": "string"}, "title": {"type": "string"}}
    schema = {"type": "object", "properties": fields}
    path = path_of(
        ToolSpec(name="set_project", input_schema=schema),
        ToolSpec(name="add_task", input_schema=schema),
        ToolSpec(name="remove_task", input_schema=schema),
    )
    await path.call("s", "set_project", {"project": "garden", "owner": "Maya"})
    assert "Maya" in text(await path.call("s", "add_task", {"project": "garden", "title": "Water"}))
    assert "Maya" in text(await path.call("s", "remove_task", {"project": "garden", "title": "Water"}))
    assert "Maya" not in text(await path.call("s", "add_task", {"project": "attic", "title": "Sort"}))


async def test_an_answer_of_any_keys_shows_the_related_earlier_values_but_not_their_ids() -> None:
    """A Python tool returning ``dict``: ``ship(order_ref="A-7")`` after ``pack(order_ref="A-7", box="large",
    task_id="t-9")`` answers ``box: large`` beside its own fields; the earlier call's ``task_id`` is not its own."""
    schema = {"type": "object", "properties": {"order_ref": {"type": "string"}, "box": {"type": "string"},
              "task_id": {"type": "string"}}}  # fmt: skip
    anything = {"type": "object", "additionalProperties": True}
    path = path_of(
        ToolSpec(name="pack", input_schema=schema, output_schema=anything),
        ToolSpec(name="ship", input_schema=schema, output_schema=anything),
    )
    await path.call("s", "pack", {"order_ref": "A-7", "box": "large", "task_id": "t-9"})
    shipped = (await path.call("s", "ship", {"order_ref": "A-7"})).structured_content or {}
    assert (shipped["order_ref"], shipped["box"]) == ("A-7", "large") and "task_id" not in shipped


async def test_a_listing_does_not_repeat_a_record_it_shows_as_an_earlier_change() -> None:
    """``list_agents`` after two ``register_agent`` calls shows each agent once: the earlier changes it recalls are
    the records it lists, in the same words."""
    agent = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
    path = path_of(
        ToolSpec(name="register_agent", input_schema=agent),
        ToolSpec(name="list_agents", input_schema={"type": "object", "properties": {}}),
    )
    await path.call("s", "register_agent", {"id": "auth-api", "name": "Auth API"})
    await path.call("s", "register_agent", {"id": "web-ui", "name": "Web UI"})
    listed = text(await path.call("s", "list_agents", {}))
    assert listed.count("auth-api") == 1 and listed.count("web-ui") == 1, listed


async def test_a_read_naming_no_record_of_a_type_the_session_holds_lists_them() -> None:
    """``get_tasks(fields="standard")``: a read by its verb, naming no task, answers with every task made so far;
    ``get_task(task_id)`` still reads the one it names."""
    task = {"type": "object", "properties": {"title": {"type": "string"}}}
    path = path_of(
        ToolSpec(name="create_task", input_schema=task),
        ToolSpec(name="get_tasks", input_schema={"type": "object", "properties": {"fields": {"type": "string"}}}),
        ToolSpec(name="get_task", input_schema={"type": "object", "properties": {"task_id": {"type": "string"}}}),
    )
    for title in ("Card vault API", "Card picker UI"):
        await path.call("s", "create_task", {"title": title})
    listed = text(await path.call("s", "get_tasks", {"fields": "standard"}))
    assert listed.startswith("2 task") and "Card vault API" in listed and "Card picker UI" in listed, listed
    one = text(await path.call("s", "get_task", {"task_id": "task-1"}))
    assert "Card vault API" in one and not one.startswith("2 task")


async def test_a_create_recalls_a_related_earlier_record_whole() -> None:
    """``add(name="Add GET /search", deps={"1": ...})`` after the design it depends on: the earlier record is another
    task, so its name shows as it was made (only an update's new value replaces an earlier one)."""
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "area": {"type": "string"}}}
    path = path_of(ToolSpec(name="create_task", input_schema=schema))
    await path.call("s", "create_task", {"name": "Search uses Postgres full-text", "area": "search"})
    made = text(await path.call("s", "create_task", {"name": "Add GET /search", "area": "search"}))
    assert "Search uses Postgres full-text" in made
