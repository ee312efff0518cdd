"""Answer shapes learned from real observations, and the answers rendered from them."""

from __future__ import annotations

import json
import random

from mcp_sim.config import Example, ToolSpec
from mcp_sim.simulation.learned import EACH, failure_kind, learn, template_of
from mcp_sim.simulation.render import Fill, mint_like, render
from tests.unit.test_recall import path_of


def text_result(text: str, is_error: bool = False) -> dict[str, object]:
    return {"content": [{"type": "text", "text": text}], "isError": is_error}


def test_a_text_answer_becomes_a_template_with_the_call_arguments_as_slots() -> None:
    example = Example(
        arguments={"branch_name": "feature-x", "base_branch": "main"},
        result=text_result("Created branch 'feature-x' from 'main'"),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({"branch_name": "hotfix-7", "base_branch": "develop"}))
    assert answer.content[0].text == "Created branch 'hotfix-7' from 'develop'"  # type: ignore[union-attr]
    assert not answer.is_error


def test_a_list_that_mirrors_an_argument_list_is_rendered_per_current_item() -> None:
    entities = [{"name": "Ada", "kind": "person"}, {"name": "Acme", "kind": "org"}]
    example = Example(
        arguments={"entities": entities},
        result={"content": [], "structuredContent": None}
        | {
            "content": [
                {"type": "text", "text": '[{"name": "Ada", "kind": "person"}, {"name": "Acme", "kind": "org"}]'}
            ]
        },
    )
    template = template_of(example)
    assert template is not None and isinstance(template.body, dict) and template.body[EACH] == "entities"
    answer = render(template, Fill({"entities": [{"name": "Zed", "kind": "robot"}]}))
    assert answer.content[0].text == '[{"name": "Zed", "kind": "robot"}]'  # type: ignore[union-attr]


def test_lists_of_records_are_filled_from_the_ledger_and_ids_minted_in_the_examples_style() -> None:
    example = Example(
        arguments={"title": "Ship 1.2"},
        result={
            "content": [{"type": "text", "text": "{}"}],
            "structuredContent": {
                "requestId": "req-1",
                "title": "Ship 1.2",
                "tasks": [{"id": "task-1", "done": False}],
            },
        },
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    records = [{"id": "task-4", "done": True}]
    answer = render(shapes.success, Fill({"title": "Plan B"}, lambda _keys: records, mint=True, number=9))
    assert answer.structured_content == {
        "requestId": "req-9",
        "title": "Plan B",
        "tasks": [{"id": "task-4", "done": True}],
    }


def test_failures_are_learned_per_kind_and_successes_are_not_taken_for_failures() -> None:
    shapes = learn(
        [
            Example(arguments={"id": "T-1"}, result=text_result("Ticket T-1 not found", is_error=True)),
            Example(arguments={"id": "T-2"}, result=text_result('{"status": "error", "message": "Ticket exists"}')),
            Example(arguments={"id": "T-3"}, result=text_result("Opened T-3")),
        ]
    )
    assert shapes is not None
    not_found = shapes.failure("not_found")
    assert not_found is not None and not_found.is_error
    assert render(not_found, Fill({"id": "T-9"})).content[0].text == "Ticket T-9 not found"  # type: ignore[union-attr]
    assert "already_exists" not in shapes.failures  # the JSON one says "exists", not "already exists": other
    assert shapes.failure("already_exists") is shapes.failures["other"]
    assert shapes.success is not None and not shapes.success.is_error


def test_failure_kinds_read_the_usual_wordings() -> None:
    assert failure_kind("ENOENT: no such file or directory") == "not_found"
    assert failure_kind("fatal: A branch named 'x' already exists.") == "already_exists"
    assert failure_kind("MCP error -32602: Input validation error") == "invalid"
    assert failure_kind("Not all tasks are done.") == "other"


def test_minted_ids_keep_the_examples_style() -> None:
    rng = random.Random(1)
    assert mint_like("req-1", 7, rng) == "req-7"
    assert mint_like(41, 7, rng) == 7
    sha = mint_like("3f2a9c1", 7, rng)
    assert isinstance(sha, str) and len(sha) == 7 and sha != "3f2a9c1"


def json_result(body: object, is_error: bool = False) -> dict[str, object]:
    import json

    return {"content": [{"type": "text", "text": json.dumps(body)}], "isError": is_error}


def test_the_form_whose_example_call_looks_like_this_call_answers_it() -> None:
    shapes = learn(
        [
            Example(arguments={"query": "SELECT * FROM t"}, result=text_result("[(1, 'a')]")),
            Example(arguments={"query": "CREATE TABLE u (x INT)"}, result=json_result([])),
            Example(arguments={"query": "SELECT count(*) FROM t"}, result=text_result("[(7,)]")),
        ]
    )
    assert shapes is not None and shapes.success is not None
    created = render(shapes.success, Fill({"query": "create table v (y int)"}))
    selected = render(shapes.success, Fill({"query": "SELECT 1"}))
    other = render(shapes.success, Fill({"query": "VACUUM"}))  # no form fits better: the usual one
    assert created.content[0].text == "[]"  # type: ignore[union-attr]
    assert selected.content[0].text == "[(7,)]"  # type: ignore[union-attr]
    assert other.content[0].text == "[(7,)]"  # type: ignore[union-attr]


def test_an_answer_with_empty_lists_counts_for_the_form_that_has_items() -> None:
    people = [{"name": "Ada", "kind": "person"}]
    shapes = learn(
        [
            Example(arguments={"entities": people}, result=json_result({"entities": people})),
            Example(arguments={"entities": [{"name": "Ada", "kind": "x"}]}, result=json_result({"entities": []})),
        ]
    )
    assert shapes is not None and shapes.success is not None
    assert shapes.success.alternatives == ()  # the empty answer is no form of its own
    answer = render(shapes.success, Fill({"entities": [{"name": "Bo", "kind": "robot"}]}))
    assert answer.content[0].text == '{"entities": [{"name": "Bo", "kind": "robot"}]}'  # type: ignore[union-attr]


def test_an_answer_of_null_where_another_holds_a_record_counts_for_the_records_form() -> None:
    # get_order_details answered an unknown order with {"result": null} after a placed one with its record: the
    # later null must not become the tool's usual form, or every order read answers nothing
    order = {"order_id": "ORD-1", "status": "placed", "items": [{"sku": "SKU-1", "qty": 2}]}
    shapes = learn(
        [
            Example(arguments={"order_id": "ORD-1"}, result=json_result({"result": order})),
            Example(arguments={"order_id": "ORD-0"}, result=json_result({"result": None})),
        ]
    )
    assert shapes is not None and shapes.success is not None
    assert shapes.success.alternatives == ()
    answer = render(shapes.success, Fill({"order_id": "ORD-7"}, record={"order_id": "ORD-7", "status": "paid"}))
    shown = json.loads(answer.content[0].text)["result"]  # type: ignore[union-attr]
    assert shown["order_id"] == "ORD-7" and shown["status"] == "paid"
    assert shapes.success.empty is not None and shapes.success.empty.body == {"result": None}  # kept for what it says


async def test_a_read_of_a_record_the_session_never_held_answers_the_form_found_empty() -> None:
    order = {"order_id": "ORD-1", "status": "placed"}
    examples = [
        Example(arguments={"order_id": "ORD-1"}, result=json_result({"result": order})),
        Example(arguments={"order_id": "ORD-0"}, result=json_result({"result": None})),
    ]
    schema = {"type": "object", "properties": {"order_id": {"type": "string"}}}
    path = path_of(ToolSpec(name="get_order_details", input_schema=schema, examples=examples))
    answer = await path.call("s", "get_order_details", {"order_id": "ORD-9"})
    assert json.loads(answer.content[0].text) == {"result": None}  # type: ignore[union-attr]
    assert not answer.is_error


def test_a_text_led_by_error_is_a_failure_even_without_is_error() -> None:
    shapes = learn([Example(arguments={"query": "SELECT * FROM nope"}, result=text_result("Database error: no table"))])
    assert shapes is not None and shapes.success is None and "other" in shapes.failures


def test_listed_records_are_the_ones_the_call_selects() -> None:
    example = Example(
        arguments={"names": ["Ada", "Ghost"]},
        result=json_result({"entities": [{"name": "Ada", "kind": "person"}]}),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    records = [{"name": "Ada", "kind": "person"}, {"name": "Bo", "kind": "robot"}, {"name": "Cy", "kind": "cat"}]
    answer = render(shapes.success, Fill({"names": ["Bo", "Cy"]}, lambda _keys: records))
    assert answer.content[0].text == (  # type: ignore[union-attr]
        '{"entities": [{"name": "Bo", "kind": "robot"}, {"name": "Cy", "kind": "cat"}]}'
    )
    everyone = render(shapes.success, Fill({}, lambda _keys: records))  # no names given: no selection
    assert everyone.content[0].text.count('"name"') == 3  # type: ignore[union-attr]


def test_an_argument_list_the_answer_repeats_is_this_calls_list() -> None:
    example = Example(
        arguments={"entities": [{"name": "Ada", "observations": ["Rack 4"]}]},
        result=json_result([{"name": "Ada", "observations": ["Rack 4"], "version": 1}]),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    asked = [{"name": "Bo", "observations": ["one", "two"]}, {"name": "Cy", "observations": []}]
    answer = render(shapes.success, Fill({"entities": asked}))
    assert answer.content[0].text == (  # type: ignore[union-attr]
        '[{"name": "Bo", "observations": ["one", "two"], "version": 1}, '
        '{"name": "Cy", "observations": [], "version": 1}]'
    )


def test_an_argument_object_the_answer_repeats_is_this_calls_object() -> None:
    """``upsert_record(collection, id, data)`` answers ``data`` back whole: another call's answer holds that call's
    object with its own keys, not the example's keys filled from it; a nested object is found as well."""
    example = Example(
        arguments={"collection": "products", "id": "kb-101", "data": {"name": "Keyboard", "price": 89.9},
                   "options": {"meta": {"tag": "desk"}}},
        result=json_result({"id": "kb-101", "data": {"price": 89.9, "name": "Keyboard"}, "meta": {"tag": "desk"}}),
    )  # fmt: skip
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    asked = {"collection": "recipes", "id": "rosti", "data": {"title": "Rösti", "minutes": 45},
             "options": {"meta": {"tag": "swiss", "lang": "de"}}}  # fmt: skip
    answer = json.loads(render(shapes.success, Fill(asked)).content[0].text)  # type: ignore[union-attr]
    assert answer == {"id": "rosti", "data": {"title": "Rösti", "minutes": 45}, "meta": {"tag": "swiss", "lang": "de"}}


def test_a_failure_is_said_in_the_tools_own_words_else_in_its_servers_envelope() -> None:
    from mcp_sim.config import ToolSpec
    from mcp_sim.simulation.render import failure_in_style

    fails_alike = ToolSpec(
        name="get_order",
        examples=[Example(arguments={"id": 9}, result=json_result({"error": "Order 9 not found.", "code": "E404"}))],
    )
    own = ToolSpec(
        name="get_note",
        examples=[Example(arguments={"note_id": "n-1"}, result=text_result("Note not found: n-1", is_error=True))],
    )
    quiet = ToolSpec(name="get_invoice")
    siblings = [fails_alike, own, quiet]
    mine = failure_in_style(own, siblings, {"note_id": "n-7"}, "note 'n-7' not found")
    assert mine is not None and mine.is_error and mine.content[0].text == "Note not found: n-7"  # type: ignore[union-attr]
    borrowed = failure_in_style(quiet, siblings, {"invoice_id": "i-3"}, "invoice 'i-3' not found")
    assert borrowed is not None and not borrowed.is_error  # the server says failures in JSON, not with isError
    assert borrowed.content[0].text == '{"error": "invoice \'i-3\' not found", "code": "E404"}'  # type: ignore[union-attr]
    assert failure_in_style(quiet, [quiet], {}, "invoice 'i-3' not found") is None  # nothing learned: mcp-sim's words


def test_a_borrowed_failure_leaves_out_an_argument_the_call_does_not_give() -> None:
    """``{"error": ..., "todo_id": "X"}`` said for ``add_todo(priority="high")``: no ``todo_id`` holding the message."""
    from mcp_sim.config import ToolSpec
    from mcp_sim.simulation.render import failure_in_style

    missing = json_result({"error": "Todo with ID '9' not found", "todo_id": "9"})
    get_todo = ToolSpec(name="get_todo", examples=[Example(arguments={"todo_id": "9"}, result=missing)])
    add_todo = ToolSpec(name="add_todo")
    said = failure_in_style(add_todo, [get_todo, add_todo], {"priority": "high"}, "Invalid priority: 'high'")
    assert said is not None
    assert json.loads(said.content[0].text) == {"error": "Invalid priority: 'high'"}  # type: ignore[union-attr]
    kept = failure_in_style(add_todo, [get_todo, add_todo], {"todo_id": "4"}, "todo '4' not found")
    assert kept is not None and json.loads(kept.content[0].text)["todo_id"] == "4"  # type: ignore[union-attr]


def test_a_tool_never_observed_answers_in_the_envelope_its_servers_tools_share() -> None:
    from mcp.types import CallToolResult, TextContent

    from mcp_sim.config import ToolSpec
    from mcp_sim.simulation.render import success_in_style

    def observed(name: str, body: dict[str, object]) -> ToolSpec:
        return ToolSpec(name=name, examples=[Example(arguments={}, result=json_result(body))])

    siblings = [
        observed("add", {"status": "added", "message": "Added task 1.\nProgress: 1/3", "id": "t-1"}),
        observed("done", {"status": "done", "message": "Task t-1 is done"}),
        observed("plan", {"status": "planned", "tasks": []}),
    ]
    quiet = ToolSpec(name="delete")
    prose = CallToolResult(content=[TextContent(type="text", text="Deleted task: t-1")])
    styled = success_in_style(quiet, [*siblings, quiet], prose)
    assert styled is not None
    body = __import__("json").loads(styled.content[0].text)  # type: ignore[union-attr]
    assert body == {"status": "added", "message": "Deleted task: t-1"}  # keys most tools share; codes kept
    assert success_in_style(siblings[0], siblings, prose) is None  # a tool with examples answers in its own
    assert success_in_style(quiet, [siblings[0], quiet], prose) is None  # one observed tool is no server style
    failed = CallToolResult(content=[TextContent(type="text", text="no")], is_error=True)
    assert success_in_style(quiet, [*siblings, quiet], failed) is None
    with_ids = [observed(f"t{i}", {"status": "ok", "requestId": f"r-{i}", "message": "Done it"}) for i in range(3)]
    body = __import__("json").loads(success_in_style(quiet, [*with_ids, quiet], prose).content[0].text)  # type: ignore[union-attr]
    assert body == {"status": "ok", "message": "Deleted task: t-1"}  # no requestId holding the sentence
    saved = Example(arguments={}, result={"content": [{"type": "text", "text": "Saved."}]})
    says = ToolSpec(name="note", examples=[saved])
    # a server that answers one observed tool in a sentence has no envelope a tool never observed must share
    assert success_in_style(quiet, [*siblings, says, quiet], prose) is None
    with_records = [observed(f"r{i}", {"status": "ok", "task": {"id": i}, "message": "Done it"}) for i in range(3)]
    styled = success_in_style(quiet, [*with_records, quiet], prose)
    assert styled is not None and __import__("json").loads(styled.content[0].text) == {  # type: ignore[union-attr]
        "status": "ok",
        "message": "Deleted task: t-1",
    }  # no empty task record either
    created = CallToolResult(content=[TextContent(type="text", text="Created todo: id: todo-1, title: Renew")])
    styled = success_in_style(ToolSpec(name="create_todo"), [*siblings, quiet], created, {"todo_id": "todo-1"})
    assert styled is not None and __import__("json").loads(styled.content[0].text) == {  # type: ignore[union-attr]
        "status": "added",
        "message": "Created todo: id: todo-1, title: Renew",
        "todo_id": "todo-1",
    }  # the new record's id, which the agent needs to name it


def test_a_mirrored_list_leaves_out_the_items_the_caller_says_exist() -> None:
    entities = [{"name": "Bob", "kind": "person"}, {"name": "Dave", "kind": "person"}]
    example = Example(
        arguments={"entities": entities},
        result={"content": [{"type": "text", "text": __import__("json").dumps(entities)}]},
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    asked = [{"name": "Bob", "kind": "robot"}, {"name": "Eve", "kind": "person"}]
    fill = Fill({"entities": asked}, exists=lambda item: item.get("name") == "Bob")
    shown = __import__("json").loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert shown == [{"name": "Eve", "kind": "person"}]
    everything = __import__("json").loads(render(shapes.success, Fill({"entities": asked})).content[0].text)  # type: ignore[union-attr]
    assert [e["name"] for e in everything] == ["Bob", "Eve"]  # by default nothing exists


def test_a_listed_or_echoed_item_never_shows_the_example_entitys_own_lists() -> None:
    import json

    updated = Example(  # the example's call gave no observations: the ones answered are that entity's own
        arguments={"entities": [{"name": "Maya", "entityType": "manager"}]},
        result={"content": [{"type": "text", "text": json.dumps([{"name": "Maya", "observations": ["Berlin"]}])}]},
    )
    shapes = learn([updated])
    assert shapes is not None and shapes.success is not None
    asked = {"entities": [{"name": "Atlas", "observations": ["Budget 55k"]}]}
    shown = json.loads(render(shapes.success, Fill(asked)).content[0].text)  # type: ignore[union-attr]
    assert shown == [{"name": "Atlas", "observations": ["Budget 55k"]}]  # this call's list, not "Berlin"

    graph = Example(arguments={}, result=json_result({"entities": [{"name": "Maya", "observations": ["Berlin"]}]}))
    shapes = learn([graph])
    assert shapes is not None and shapes.success is not None
    fill = Fill({}, records=lambda _keys: [{"name": "Atlas"}])
    listed = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert listed == {"entities": [{"name": "Atlas", "observations": []}]}  # unknown: empty, not Maya's


async def test_a_learned_answer_stays_valid_for_the_output_schema() -> None:
    """An argument echoed into a boolean field by a learned template is converted when it says true or false,
    and replaced by a value of the field's type when it says something else ("maybe")."""
    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of

    flag = {"type": "string"}  # free text: a boolean-or-string flag refuses "maybe" itself (booleanish.py)
    out = {"type": "object", "properties": {"next": {"type": "boolean"}, "n": {"type": "number"}},
           "required": ["next", "n"], "additionalProperties": False}  # fmt: skip
    seen = Example(
        arguments={"next": True, "n": 1},
        result={
            "content": [{"type": "text", "text": '{"next": true, "n": 1}'}],
            "structuredContent": {"next": True, "n": 1},
        },
    )
    inputs = {"type": "object", "properties": {"next": flag, "n": {"type": "number"}}}
    spec = ToolSpec(name="think", input_schema=inputs, output_schema=out, examples=[seen])
    path = path_of(spec)
    said = (await path.call("s", "think", {"next": "false", "n": 2})).structured_content
    assert said == {"next": False, "n": 2}
    odd = (await path.call("s", "think", {"next": "maybe", "n": 3})).structured_content
    assert odd is not None and isinstance(odd["next"], bool) and odd["n"] == 3


async def test_a_learned_answer_gains_the_fields_the_schema_requires_and_loses_those_it_forbids() -> None:
    """An example whose form lacks a required field (or has one the schema does not allow) is made valid."""
    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of

    out = {"type": "object", "properties": {"ok": {"type": "boolean", "const": True}, "path": {"type": "string"}},
           "required": ["ok", "path"], "additionalProperties": False}  # fmt: skip
    seen = Example(
        arguments={"path": "a"},
        result={"content": [{"type": "text", "text": "{}"}], "structuredContent": {"path": "a", "extra": 1}},
    )
    inputs = {"type": "object", "properties": {"path": {"type": "string"}}}
    spec = ToolSpec(name="make_folder", input_schema=inputs, output_schema=out, examples=[seen])
    said = (await path_of(spec).call("s", "make_folder", {"path": "b"})).structured_content
    assert said == {"ok": True, "path": "b"}


def test_an_answer_keyed_by_argument_values_is_keyed_by_this_calls_values() -> None:
    """A text editor answers per file under its path: the example's paths are its own call's, never this one's."""
    example = Example(
        arguments={"files": [{"file_path": "/a/notes.md", "ranges": [{"start": 1}]}]},
        result=text_result('{"/a/notes.md": {"ranges": [{"start": 1, "end": 3}], "file_hash": "ab12"}}'),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    files = [{"file_path": "/b/x.md", "ranges": [{"start": 2}]}, {"file_path": "/b/y.md", "ranges": []}]
    answer = json.loads(render(shapes.success, Fill({"files": files})).content[0].text)  # type: ignore[union-attr]
    assert list(answer) == ["/b/x.md", "/b/y.md"]
    assert answer["/b/x.md"]["ranges"][0]["start"] == 2  # the item's own range, as the example echoed its own


def test_a_key_that_is_an_argument_value_becomes_its_slot() -> None:
    example = Example(
        arguments={"file_path": "/a/notes.md"},
        result=text_result('{"/a/notes.md": {"result": "ok"}}'),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({"file_path": "/c/todo.md"}))
    assert json.loads(answer.content[0].text) == {"/c/todo.md": {"result": "ok"}}  # type: ignore[union-attr]


def test_a_server_that_showed_no_failure_fails_in_the_envelope_its_answers_share() -> None:
    from mcp_sim.config import ToolSpec
    from mcp_sim.simulation.render import failure_in_style

    def observed(name: str, body: dict[str, object]) -> ToolSpec:
        return ToolSpec(name=name, examples=[Example(arguments={}, result=json_result(body))])

    quiet = ToolSpec(name="mark_done")
    coded = [observed(f"t{i}", {"status": f"done_{i}", "message": f"Task {i} done."}) for i in range(3)]
    said = failure_in_style(quiet, [*coded, quiet], {}, "request 'r-9' not found")
    assert said is not None and not said.is_error  # in the answer, as such servers fail
    assert json.loads(said.content[0].text) == {"status": "error", "message": "request 'r-9' not found"}  # type: ignore[union-attr]
    flagged = [observed(f"t{i}", {"success": True, "count": i}) for i in range(3)]
    said = failure_in_style(quiet, [*flagged, quiet], {}, "item '7' not found")
    assert said is not None
    assert json.loads(said.content[0].text) == {"success": False, "error": "item '7' not found"}  # type: ignore[union-attr]
    plain = [observed(f"t{i}", {"total": i}) for i in range(3)]  # nothing in it says success or failure
    assert failure_in_style(quiet, [*plain, quiet], {}, "item '7' not found") is None
    # the fields every record of the server shares are no envelope: a charge's currency and flag say no outcome
    records = [observed(f"t{i}", {"status": "succeeded", "currency": "usd", "disputed": False}) for i in range(3)]
    said = failure_in_style(quiet, [*records, quiet], {}, "customer 'x' not found")
    assert said is not None
    assert json.loads(said.content[0].text) == {"status": "error", "error": "customer 'x' not found"}  # type: ignore[union-attr]


def test_an_id_the_example_showed_is_minted_by_a_maker_and_unknown_to_a_reader() -> None:
    """The example's project_id is its own entity's: a read of another item does not claim it."""
    example = Example(
        arguments={"item_id": 7},
        result=json_result({"item": {"id": 7, "project_id": "79d30776ace8c39d", "title": "CSV export"}}),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    shown = Fill({"item_id": 42}, record={"id": 42}, unknown_ids=True)
    read = json.loads(render(shapes.success, shown).content[0].text)  # type: ignore[union-attr]
    assert read["item"]["id"] == 42 and read["item"]["project_id"] is None
    made = render(shapes.success, Fill({"item_id": 42}, record={"id": 42}, mint=True, rng=random.Random(1)))
    minted = json.loads(made.content[0].text)["item"]["project_id"]  # type: ignore[union-attr]
    assert isinstance(minted, str) and len(minted) == 16 and minted != "79d30776ace8c39d"  # new, in its style


def test_an_actions_answer_names_a_new_thing_each_call_not_the_examples() -> None:
    """``place_order(cart_id)`` answered ``ORD-6E4C4ACB`` once: the next order is another one, in that style (tag,
    hex of the same length and case); an id inside a list the example showed as it was stays what it held."""
    example = Example(
        arguments={"cart_id": "cart-1"},
        result=json_result({"ok": True, "order": {"order_id": "ORD-6E4C4ACB", "cart_id": "cart-1"},
                            "deal_ids": ["D-2016"]}),
    )  # fmt: skip
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    placed = json.loads(render(shapes.success, Fill({"cart_id": "cart-7"}, rng=random.Random(3))).content[0].text)  # type: ignore[union-attr]
    new = placed["order"]["order_id"]
    assert new != "ORD-6E4C4ACB" and new.startswith("ORD-") and len(new) == 12 and new == new.upper()
    assert placed["order"]["cart_id"] == "cart-7" and placed["deal_ids"] == ["D-2016"]
    assert mint_like("task-122f8570", 2, random.Random(1)) != "task-122f8570"


def test_a_field_repeating_an_argument_this_call_leaves_out_is_none() -> None:
    """``register_project(path, name, description)`` answered ``"description": "cart and pricing"`` once: a call
    without a description is answered ``null`` there (as the server does), not the example project's words."""
    example = Example(
        arguments={"path": "/src/shop", "name": "shop", "description": "cart and pricing"},
        result=json_result({"name": "shop", "root_path": "/src/shop", "description": "cart and pricing"}),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    body = json.loads(render(shapes.success, Fill({"path": "/src/web", "name": "web"})).content[0].text)  # type: ignore[union-attr]
    assert body == {"name": "web", "root_path": "/src/web", "description": None}


def test_a_borrowed_failure_style_keeps_this_calls_arguments_in_their_fields() -> None:
    from mcp_sim.config import ToolSpec
    from mcp_sim.simulation.render import failure_in_style

    failing = ToolSpec(
        name="complete_todo",
        examples=[
            Example(
                arguments={"todo_id": "999"},
                result=json_result({"error": "Todo with ID '999' not found", "todo_id": "999"}),
            )
        ],
    )
    quiet = ToolSpec(name="delete_todo")
    said = failure_in_style(quiet, [failing, quiet], {"todo_id": "t-4"}, "todo 't-4' not found")
    assert said is not None
    assert json.loads(said.content[0].text) == {"error": "todo 't-4' not found", "todo_id": "t-4"}  # type: ignore[union-attr]


def test_records_listed_beside_the_selected_ones_leave_out_what_names_an_unselected_one() -> None:
    example = Example(
        arguments={"names": ["Ada"]},
        result=json_result(
            {
                "entities": [{"name": "Ada", "entityType": "person"}],
                "relations": [{"from": "Ada", "to": "Zed", "relationType": "knows"}],
            }
        ),
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    entities = [{"name": "Ada", "entityType": "person"}, {"name": "Bob", "entityType": "person"}]
    relations = [
        {"from": "Ada", "to": "Bob", "relationType": "knows"},  # Bob is not opened: left out
        {"from": "Ada", "to": "Ghost", "relationType": "knows"},  # names no known entity: kept
    ]

    def records(keys: set[str]) -> list[dict[str, object]]:
        return relations if "from" in keys else entities

    fill = Fill({"names": ["Ada"]}, records, universe=records)
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert [e["name"] for e in answer["entities"]] == ["Ada"]
    assert [(r["from"], r["to"]) for r in answer["relations"]] == [("Ada", "Ghost")]


def test_json_text_wrapped_in_one_string_is_learned_as_json_and_wrapped_again() -> None:
    """FastMCP gives a Python tool returning ``json.dumps(...)`` the answer ``{"result": "<JSON text>"}``: its
    skeleton is the JSON inside the string, so lists show this session's records, not the example's."""
    inner = {"habits": [{"id": "be1403f4", "name": "Run"}], "count": 1}
    text = json.dumps(inner, indent=2)
    example = Example(
        arguments={},
        result={"content": [{"type": "text", "text": text}], "structuredContent": {"result": text}},
    )
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None and shapes.success.wrap == "result"
    records = [{"id": "habit-1", "name": "Floss"}, {"id": "habit-2", "name": "No sugar"}]
    answer = render(shapes.success, Fill({}, lambda _keys: records))
    assert answer.structured_content is not None
    shown = json.loads(answer.structured_content["result"])
    assert [h["name"] for h in shown["habits"]] == ["Floss", "No sugar"]
    assert answer.structured_content["result"].startswith("{\n  ")  # laid out as the example was
    failed = Example(
        arguments={"habit_id": "x"},
        result={"content": [{"type": "text", "text": '{"error": "Habit not found"}'}],
                "structuredContent": {"result": '{"error": "Habit not found"}'}},
    )  # fmt: skip
    learned = learn([example, failed])
    assert learned is not None and learned.failure("not_found") is not None  # a failure said inside the string


async def test_a_tool_seen_failing_every_time_fails_again() -> None:
    """``get_report`` failed "float division by zero" on both calls recorded: a third call fails so too. A tool
    seen failing once (a deliberate mistake) still answers the general way."""
    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of, text

    broken = text_result("Error executing tool get_report: float division by zero", is_error=True)
    days = {"type": "object", "properties": {"days": {"type": "integer"}}}
    report = ToolSpec(name="get_report", input_schema=days, examples=[
        Example(arguments={"days": 7}, result=broken), Example(arguments={}, result=broken)])  # fmt: skip
    once = ToolSpec(name="get_summary", input_schema=days, examples=[Example(arguments={"days": 7}, result=broken)])
    path = path_of(report, once)
    failed = await path.call("s", "get_report", {"days": 30})
    assert failed.is_error and "float division by zero" in text(failed)
    assert not (await path.call("s", "get_summary", {"days": 30})).is_error


async def test_a_create_never_observed_answers_in_its_servers_envelope_with_the_id_it_made() -> None:
    from mcp.types import TextContent

    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of

    def observed(name: str, body: dict[str, object]) -> ToolSpec:
        return ToolSpec(name=name, examples=[Example(arguments={}, result=json_result(body))])

    text = {"type": "object", "properties": {"description": {"type": "string"}}}
    path = path_of(
        observed("list_tags", {"success": True, "tags": []}),
        observed("get_stats", {"success": True, "total": 0}),
        ToolSpec(name="create_todo", input_schema=text),
        ToolSpec(name="get_todo", input_schema={"type": "object", "properties": {"id": {"type": "string"}}}),
    )
    made = await path.call("s", "create_todo", {"description": "Renew the domain"})
    [block] = made.content
    assert isinstance(block, TextContent)
    body = __import__("json").loads(block.text)
    assert body["success"] is True and body["id"]
    read = await path.call("s", "get_todo", {"id": body["id"]})
    assert not read.is_error and "Renew the domain" in str(read.content)


async def test_an_act_on_a_named_record_invents_no_ids_its_example_showed() -> None:
    """``advance(id, version)`` learned from a call on task ``t-0a`` whose answer showed its project ``p-77``: a call on
    another task shows its own id, and no made-up project id (the example's was another record's)."""
    from mcp.types import TextContent

    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of

    body = {"success": True, "data": {"task": {"id": "t-0a", "project_id": "p-77", "status": "ACTIVE"}}}
    schema = {"type": "object", "properties": {"id": {"type": "string"}, "version": {"type": "integer"}}}
    example = Example(arguments={"id": "t-0a", "version": 1}, result=json_result(body))
    path = path_of(ToolSpec(name="advance", input_schema=schema, examples=[example]))
    block = (await path.call("s", "advance", {"id": "t-9c", "version": 2})).content[0]
    answer = json.loads(block.text if isinstance(block, TextContent) else "{}")
    assert answer["data"]["task"]["id"] == "t-9c"
    assert answer["data"]["task"].get("project_id") is None  # before: "p-1", minted in the example's style


async def test_a_learned_answer_in_words_still_carries_the_structured_content_its_schema_requires() -> None:
    """An example that answered only text (a server's failure said without isError) taught a form in words; a tool
    with an outputSchema answers structured content all the same, valid for it."""
    import jsonschema

    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of

    schema = {
        "type": "object",
        "properties": {"ok": {"type": "boolean"}, "name": {"type": "string"}},
        "required": ["ok"],
    }
    example = Example(arguments={"name": "Ann"}, result=text_result("Character not changed: nothing to do."))
    spec = ToolSpec(
        name="manage_character",
        input_schema={"type": "object", "properties": {"name": {"type": "string"}}},
        output_schema=schema,
        examples=[example],
    )
    result = await path_of(spec).call("s", "manage_character", {"name": "Bo"})
    assert not result.is_error and isinstance(result.structured_content, dict)
    jsonschema.validate(result.structured_content, schema)


def test_a_failure_form_in_words_is_no_answer_of_a_tool_that_returns_structured_content() -> None:
    """A server that said "not found" as JSON text without isError taught that form; for a tool with an outputSchema
    such a form cannot stand (no structured content), so the failure is said with isError instead."""
    from mcp.types import CallToolResult, TextContent

    from mcp_sim.calls import _fitting
    from mcp_sim.config import ToolSpec

    spec = ToolSpec(name="manage_summary", output_schema={"type": "object", "properties": {"ok": {"type": "boolean"}}})
    words = CallToolResult(content=[TextContent(type="text", text='{"success": false, "error": "not found"}')])
    assert _fitting(spec, words) is None
    error = CallToolResult(content=[TextContent(type="text", text="not found")], isError=True)
    assert _fitting(spec, error) is error
    structured = CallToolResult(content=[TextContent(type="text", text="{}")], structuredContent={"ok": True})
    assert _fitting(spec, structured) is structured


async def test_a_create_named_by_a_bare_id_answers_that_id_and_may_be_made_again() -> None:
    """The example's ``create_presentation()`` got ``presentation_1`` from the server; ``create_presentation(id=
    "board")`` chose its own: the answer names ``board`` (in its id field and where the message named the example's
    id), a read finds it, and making it again makes it anew rather than refusing the session's state."""
    from mcp_sim.config import ToolSpec
    from tests.unit.test_recall import path_of

    made = {"presentation_id": "presentation_1", "message": "Created new presentation with ID: presentation_1"}
    create = ToolSpec(
        name="create_presentation",
        input_schema={"type": "object", "properties": {"id": {"type": "string"}}},
        examples=[Example(arguments={}, result=json_result(made))],
    )
    switch = ToolSpec(
        name="switch_presentation",
        input_schema={"type": "object", "properties": {"presentation_id": {"type": "string"}}},
    )
    path = path_of(create, switch)
    first = json.loads((await path.call("s", "create_presentation", {"id": "board"})).content[0].text)  # type: ignore[union-attr]
    assert first == {"presentation_id": "board", "message": "Created new presentation with ID: board"}
    assert not (await path.call("s", "switch_presentation", {"presentation_id": "board"})).is_error
    again = await path.call("s", "create_presentation", {"id": "board"})
    assert not again.is_error and json.loads(again.content[0].text)["presentation_id"] == "board"  # type: ignore[union-attr]
    unnamed = json.loads((await path.call("s", "create_presentation", {})).content[0].text)  # type: ignore[union-attr]
    assert unnamed["presentation_id"] != "board" and unnamed["message"].endswith(str(unnamed["presentation_id"]))


def test_an_id_field_repeating_the_id_argument_is_this_calls_id() -> None:
    """``update_record(record_id=2)`` answered ``{"after": {"id": 2, ...}}``: the short ``2`` is no coincidence, it is
    the record the call named, so ``update_record(record_id=5)`` answers ``"id": 5`` (a number, as it came)."""
    example = Example(arguments={"record_id": 2, "status": "pending"},
                      result=json_result({"after": {"id": 2, "status": "pending"}}))  # fmt: skip
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    answer = json.loads(render(shapes.success, Fill({"record_id": 5, "status": "done"})).content[0].text)  # type: ignore[union-attr]
    assert answer == {"after": {"id": 5, "status": "done"}}


def test_a_records_id_is_written_as_the_example_wrote_ids() -> None:
    """The ledger keys ids as text (``1`` and ``"1"`` are one id); an answer whose example showed ``"id": 2`` shows the
    record's id as a number, not ``"5"``."""
    example = Example(arguments={"record_id": 2}, result=json_result({"record": {"id": 2, "status": "failed"}}))
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({}, record={"id": "5", "status": "pending"}))
    assert json.loads(answer.content[0].text) == {"record": {"id": 5, "status": "pending"}}  # type: ignore[union-attr]


def test_an_id_equal_to_another_field_of_its_object_is_no_echo_of_that_argument() -> None:
    """``create_task(workflow_id=1)`` answered ``{"id": 1, "workflow_id": 1, ...}``: the task's id only happened to
    equal its workflow's, which the object shows under its own name. A second task of workflow 1 gets an id of its
    own, not the workflow's again (learned so, every create in workflow 1 answered task 1, and the ledger refused
    it)."""
    example = Example(arguments={"name": "Fix", "workflow_id": 1},
                      result=json_result({"id": 1, "workflow_id": 1, "name": "Fix"}))  # fmt: skip
    shapes = learn([example])
    assert shapes is not None and shapes.success is not None
    fill = Fill({"name": "Ship", "workflow_id": 1}, record={"id": 2, "name": "Ship", "workflow_id": 1}, mint=True)
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert answer == {"id": 2, "workflow_id": 1, "name": "Ship"}
    # the workflow_id field itself still echoes the call's argument
    other = Fill({"name": "Ship", "workflow_id": 7}, record={"id": 3, "name": "Ship", "workflow_id": 7}, mint=True)
    assert json.loads(render(shapes.success, other).content[0].text)["workflow_id"] == 7  # type: ignore[union-attr]


def test_an_answer_giving_the_arguments_back_leaves_out_those_the_call_leaves_out() -> None:
    # add_book answers the arguments it was given and the new id: a call without ``copies`` or ``added`` gets an
    # answer without them, not with nulls the real server never writes
    given = {"title": "The Salt Roads", "author": "Nalo Hopkinson", "copies": 2, "added": "2026-01-20T09:00:00"}
    shapes = learn([Example(arguments=given, result=json_result({**given, "id": "6"}))])
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({"title": "Dune", "author": "Frank Herbert"}, record={"id": "7"}))
    assert json.loads(answer.content[0].text) == {"title": "Dune", "author": "Frank Herbert", "id": "7"}  # type: ignore[union-attr]


def test_a_record_beside_the_arguments_keeps_the_fields_the_call_leaves_out() -> None:
    given = {"title": "The Salt Roads", "author": "Nalo Hopkinson", "copies": 2}
    shapes = learn([Example(arguments=given, result=json_result({**given, "id": "6", "status": "shelved"}))])
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({"title": "Dune", "author": "Frank Herbert"}, record={"id": "7"}))
    assert "copies" in json.loads(answer.content[0].text)  # type: ignore[union-attr]


def test_a_text_field_around_an_argument_the_call_leaves_out_shows_the_text_the_session_holds() -> None:
    # update_ticket's example appended its comment to another ticket's body; a later call giving no comment
    # shows this ticket's body, not the example ticket's words around the comment it left out
    given = {"ticket_id": "t1", "status": "done", "comment": "Swapped the cable"}
    body = {"id": "t1", "body": "VPN drops after 10 minutes.\n\n---\nComment\nSwapped the cable\n", "status": "done"}
    shapes = learn([Example(arguments=given, result=json_result(body))])
    assert shapes is not None and shapes.success is not None
    held = {"id": "t2", "body": "Printer jams every morning.", "status": "todo"}
    answer = render(shapes.success, Fill({"ticket_id": "t2", "status": "blocked"}, record=held))
    assert json.loads(answer.content[0].text)["body"] == "Printer jams every morning."  # type: ignore[union-attr]
    # given the comment, the answer repeats it as the example did
    commented = render(shapes.success, Fill({"ticket_id": "t2", "comment": "New toner"}, record=held))
    assert "New toner" in json.loads(commented.content[0].text)["body"]  # type: ignore[union-attr]


def test_a_creates_message_names_the_id_its_record_got_even_when_written_before_the_record() -> None:
    # ``{"message": "DSAR DSAR-323E70CE created", "dsar": {"id": "DSAR-323E70CE", ...}}``: the message comes first,
    # and still names the id the new record was given, not the example's
    given = {"subject_name": "Jonas Weber", "request_type": "objection"}
    example = {"status": "created", "message": "DSAR DSAR-323E70CE created", "dsar": {"id": "DSAR-323E70CE", **given}}
    shapes = learn([Example(arguments=given, result=json_result(example))])
    assert shapes is not None and shapes.success is not None
    fill = Fill({"subject_name": "Paul Roth", "request_type": "deletion"}, record={"id": "DSAR-8B71ED1B"}, mint=True)
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert answer["dsar"]["id"] == "DSAR-8B71ED1B"
    assert answer["message"] == "DSAR DSAR-8B71ED1B created"
    assert list(answer) == ["status", "message", "dsar"]  # in the example's order


def test_a_list_inside_a_record_never_shows_records_with_none_of_its_items_fields() -> None:
    # a request's ``notes`` ({text, timestamp}) listed the session's other requests, the only records it held
    given = {"dsar_id": "D-1", "status": "rejected"}
    note = {"text": "ID checked", "timestamp": 1768910400.0}
    example = {"dsar": {"id": "D-1", "status": "rejected", "notes": [note]}}
    shapes = learn([Example(arguments=given, result=json_result(example))])
    assert shapes is not None and shapes.success is not None
    requests = [{"id": "D-7", "status": "received", "subject": "A"}, {"id": "D-8", "status": "done", "subject": "J"}]
    notes = [{"id": "n-1", "text": "Called back", "timestamp": 1}]
    fill = Fill({"dsar_id": "D-8", "status": "done"}, lambda _keys: requests, record={"id": "D-8", "status": "done"})
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert answer["dsar"]["notes"] == []
    # records with the item's fields are still listed
    fill = Fill({"dsar_id": "D-8"}, lambda _keys: notes, record={"id": "D-8", "status": "done"})
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert [n["text"] for n in answer["dsar"]["notes"]] == ["Called back"]


def test_an_envelopes_own_field_keeps_its_value_beside_the_record_it_nests() -> None:
    # ``{"status": "updated", "dsar": {"status": ...}}``: the envelope's status says the call updated the request,
    # whatever status the request now has; a status repeating the nested record's is the record's
    given = {"dsar_id": "D-1", "status": "verified"}
    example = {"status": "updated", "dsar": {"id": "D-1", "status": "verified"}}
    shapes = learn([Example(arguments=given, result=json_result(example))])
    assert shapes is not None and shapes.success is not None
    fill = Fill({"dsar_id": "D-2", "status": "completed"}, record={"id": "D-2", "status": "completed"})
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert answer == {"status": "updated", "dsar": {"id": "D-2", "status": "completed"}}
    echoed = {"status": "done", "task": {"id": "t-1", "title": "Ship", "status": "done"}}
    shapes = learn([Example(arguments={"task_id": "t-1"}, result=json_result(echoed))])
    assert shapes is not None and shapes.success is not None
    fill = Fill({"task_id": "t-2"}, record={"id": "t-2", "title": "Plan", "status": "open"})
    answer = json.loads(render(shapes.success, fill).content[0].text)  # type: ignore[union-attr]
    assert answer["status"] == "open" and answer["task"]["status"] == "open"
