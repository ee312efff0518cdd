"""A tool never observed answers like an observed sibling of its family (``catalog/families.py``)."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.catalog.families import (
    borrowed,
    called_alike,
    everywhere,
    kinship,
    lent,
    reshaped,
    server_prefix,
    translate,
    translated,
    words_of,
)
from mcp_sim.catalog.learning import taught
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Example, ToolSpec
from mcp_sim.simulation.learned import learn, representatives
from mcp_sim.simulation.render import Fill, render
from tests.unit.test_recall import path_of, text


def tool(name: str, *arguments: str, examples: list[Example] | None = None) -> ToolSpec:
    schema = {"type": "object", "properties": {a: {"type": "string"} for a in arguments}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema, "examples": examples or []})


def json_result(body: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body, indent=2)}], "isError": False}


FILTERED = Example(
    arguments={"priority": "high"},
    result=json_result(
        {"todos": [{"id": "1", "text": "Call mum", "priority": "high"}], "count": 1, "priority": "high"}
    ),
)


def test_names_differing_in_the_thing_acted_on_are_one_family() -> None:
    assert words_of("get_userTweets") == ["get", "user", "tweets"]
    kin = kinship(tool("filter_by_project", "project"), tool("filter_by_priority", "priority"))
    assert kin is not None and kin.words == {"priority": "project"}


def test_names_differing_in_the_action_are_not_one_family() -> None:
    assert kinship(tool("delete_relations", "relations"), tool("create_relations", "relations")) is None
    names = ["git_create_branch", "git_delete_branch", "git_status"]
    assert server_prefix(names) == 1  # every tool says git_: the action is the word after it
    git = tool("git_delete_branch", "branch_name"), tool("git_create_branch", "branch_name")
    assert kinship(*git, prefix=server_prefix(names)) is None


def test_the_same_words_in_another_order_are_one_family_with_the_words_swapped() -> None:
    kin = kinship(tool("gallon_to_liter", "gallon"), tool("liter_to_gallon", "liter"))
    assert kin is not None and kin.words == {"liter": "gallon", "gallon": "liter"}
    assert translate("liter_to_gallon: 3 Liter is 0.79 gallon", kin.words) == "gallon_to_liter: 3 Gallon is 0.79 liter"


def test_siblings_called_differently_are_not_one_family() -> None:
    assert kinship(tool("filter_by_project", "project"), tool("filter_by_priority", "level", "limit")) is None


def test_a_borrowed_answer_swaps_its_top_keys_and_sentences_but_not_the_records() -> None:
    example = Example(
        arguments={"priority": "A"},
        result=json_result(
            {"todos": [{"priority": "A", "note": "by priority"}], "priority": "A", "message": "By priority"}
        ),
    )
    body = json.loads(translated(example, {"priority": "project"}).result["content"][0]["text"])
    assert list(body) == ["todos", "project", "message"]
    assert body["todos"] == [{"priority": "A", "note": "by project"}]  # a record keeps its fields
    assert body["message"] == "By project"
    assert translated(example, {"priority": "project"}).arguments == {"project": "A"}


def test_a_tool_never_observed_answers_in_its_siblings_shape_with_its_own_arguments() -> None:
    specs = borrowed(
        [tool("filter_by_priority", "priority", examples=[FILTERED]), tool("filter_by_project", "project")]
    )
    shapes = learn(specs[1].examples)
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({"project": "garden"}))
    body = json.loads(answer.content[0].text)  # type: ignore[union-attr]
    assert body["project"] == "garden" and "priority" not in body


def test_a_tool_with_no_sibling_or_its_own_examples_is_left_alone() -> None:
    own = Example(arguments={"project": "x"}, result=json_result({"project": "x"}))
    specs = [
        tool("filter_by_priority", "priority", examples=[FILTERED]),
        tool("filter_by_project", "project", examples=[own]),
        tool("read_graph"),
    ]
    assert borrowed(specs) == specs
    assert borrowed([tool("filter_by_project", "project")])[0].examples == []  # nothing observed at all


def test_recordings_teach_the_siblings_of_the_tools_they_show() -> None:
    catalog = catalog_of([tool("filter_by_priority", "priority"), tool("filter_by_project", "project")], "test")
    catalog = taught(catalog, {"filter_by_priority": [FILTERED]}, representatives)
    spec = catalog.get("filter_by_project")
    assert spec is not None and spec.spec.examples and spec.spec.examples[0].arguments == {"project": "high"}


MOVED = Example(
    arguments={"source": "a.txt", "destination": "old"},
    result=json_result({"result": "'a.txt' moved to 'old/a.txt'"}),
)


def test_a_tool_called_like_an_observed_one_answers_in_its_form_in_neutral_words() -> None:
    cp, mv = tool("cp", "source", "destination"), tool("mv", "source", "destination", examples=[MOVED])
    assert called_alike(cp, mv) and not called_alike(tool("cat", "file_name"), tool("touch", "file_name"))
    specs = borrowed([mv, cp])
    shapes = learn(specs[1].examples)
    assert shapes is not None and shapes.success is not None
    answer = render(shapes.success, Fill({"source": "b.txt", "destination": "new"}))
    assert json.loads(answer.content[0].text) == {"result": "cp: source: b.txt, destination: new"}  # type: ignore[union-attr]


def test_what_a_tool_called_alike_computed_is_not_lent() -> None:
    summed = Example(arguments={"a": 6, "b": 2}, result=json_result({"result": 8, "exact": True}))
    body = json.loads(reshaped(summed, "divide").result["content"][0]["text"])
    assert body == {"result": None, "exact": True}  # add's sum would be a false quotient


def test_a_form_with_records_or_a_failure_is_not_lent_to_a_tool_called_alike() -> None:
    nested = Example(arguments={"requestId": "r-1", "taskId": "t-1"}, result=json_result({"task": {"id": "t-1"}}))
    failed = Example(arguments={"source": "x", "destination": "y"}, result=json_result({"error": "no such file x"}))
    approve = tool("approve_task", "requestId", "taskId", examples=[nested])
    assert lent(tool("delete_task", "requestId", "taskId"), [approve], 0) == (None, [])
    assert (
        lent(tool("cp", "source", "destination"), [tool("mv", "source", "destination", examples=[failed])], 0)[0]
        is None
    )


STATUS_MOVED = Example(
    arguments={"item_id": "7"},
    result=json_result({"success": True, "previous_status": "todo", "new_status": "in_progress"}),
)
STATUS_FAILED = Example(arguments={"item_id": "99"}, result=json_result({"success": False, "error": "Item not found"}))


def test_another_act_on_the_same_thing_lends_its_successes_when_nothing_closer_does() -> None:
    advance = tool("advance_status", "item_id", examples=[STATUS_MOVED, STATUS_FAILED])
    how, examples = lent(tool("revert_status", "item_id"), [advance], prefix=0)
    assert how is not None and "advance_status" in how
    assert [e.result for e in examples] == [STATUS_MOVED.result]  # its failure is not this tool's
    shapes = learn(examples)
    assert shapes is not None and shapes.success is not None
    body = json.loads(render(shapes.success, Fill({"item_id": "3"})).content[0].text)  # type: ignore[union-attr]
    assert set(body) == {"success", "previous_status", "new_status"}


def test_an_act_that_removes_is_not_answered_like_one_that_makes() -> None:
    made = Example(arguments={"relations": "a"}, result=json_result({"relations": [{"from": "a", "to": "b"}]}))
    create = tool("create_relations", "relations", examples=[made])
    assert lent(tool("delete_relations", "relations"), [create], prefix=0) == (None, [])
    assert kinship(tool("delete_relations", "relations"), create, action=True) is not None  # names alone would


def test_an_act_called_differently_lends_nothing() -> None:
    advance = tool("advance_status", "item_id", examples=[STATUS_MOVED])
    assert lent(tool("revert_status", "project", "reason", "when"), [advance], prefix=0) == (None, [])


RELATED = Example(
    arguments={"source_id": 2, "target_id": 3, "relationship_type": "blocks"},
    result=json_result({"success": True, "relationship_id": 1, "source_id": 2, "target_id": 3, "type": "blocks"}),
)


def test_a_sibling_called_differently_lends_its_form_without_the_fields_repeating_its_arguments() -> None:
    relate = tool("add_relationship", "source_id", "target_id", "relationship_type", examples=[RELATED])
    decide = tool("add_decision", "item_id", "choice", "rationale")
    assert kinship(decide, relate) is None  # not called alike: no family in the strict sense
    how, examples = lent(decide, [relate], prefix=0)
    assert how is not None and "add_relationship" in how
    assert [json.loads(e.result["content"][0]["text"]) for e in examples] == [{"success": True, "decision_id": 1}]


def test_a_tool_that_lists_borrows_nothing_from_a_sibling_that_acts() -> None:
    started = Example(arguments={"name": "Search"}, result=json_result({"started": True, "session": "s-1"}))
    start = tool("context_session_start", "name", examples=[started])
    listing = tool("context_session_list", "limit")
    # one family by name (only the last word differs), but a list answers records, not what a start did
    assert lent(listing, [start], prefix=1) == (None, [])
    assert lent(tool("context_session_stop", "reason"), [start], prefix=1)[0] is not None  # acts borrow from acts


def test_fields_repeating_an_argument_the_tool_also_takes_are_kept() -> None:
    relate = tool("add_relationship", "source_id", "target_id", "relationship_type", examples=[RELATED])
    how, examples = lent(tool("add_link", "source_id", "note"), [relate], prefix=0)
    assert how is not None
    assert json.loads(examples[0].result["content"][0]["text"]) == {"success": True, "link_id": 1, "source_id": 2}


def test_a_tool_that_says_what_it_did_in_one_string_borrows_no_siblings_words() -> None:
    # FastMCP's schema for a function returning str: a sibling's sentence (the cell it read) is not this
    # tool's news, so it answers in its own words (builtin/wrapped.py) rather than the sibling's, words swapped
    said = {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]}
    read = Example(
        arguments={"path": "q4.ipynb", "cell_index": "2"},
        result={"content": [{"type": "text", "text": "sales = pd.read_csv('q4.csv')"}],
                "structuredContent": {"result": "sales = pd.read_csv('q4.csv')"}, "isError": False},
    )  # fmt: skip
    reader = tool("nb_read_cell", "path", "cell_index", examples=[read]).model_copy(update={"output_schema": said})
    mover = tool("nb_move_cell", "path", "cell_index").model_copy(update={"output_schema": said})
    assert borrowed([reader, mover])[1].examples == []
    assert borrowed([reader, tool("nb_move_cell", "path", "cell_index")])[1].examples != []  # no schema: lent


def test_another_act_lends_no_sentence_about_an_argument_the_tool_does_not_take() -> None:
    """``save_presentation(file_path, presentation_id)`` said "Presentation saved to q3_review.pptx": lent to
    ``switch_presentation(presentation_id)``, that sentence would tell of a file the call never named. Fields that
    repeat or mention such an argument are left out (inside FastMCP's ``result`` too), and a form with nothing
    left is not lent at all."""
    saved = {"message": "Presentation saved to q3_review.pptx", "file_path": "q3_review.pptx", "presentation_id": "p1"}
    example = Example(
        arguments={"file_path": "q3_review.pptx", "presentation_id": "p1"},
        result={"content": [], "structuredContent": {"result": saved}, "isError": False},
    )
    save = tool("save_presentation", "presentation_id", "file_path", examples=[example])
    how, examples = lent(tool("load_presentation", "presentation_id", "file_path"), [save], prefix=0)
    assert how is not None and examples[0].result["structuredContent"]["result"]["file_path"] == "q3_review.pptx"
    switch = tool("switch_presentation", "presentation_id")
    how, examples = lent(switch, [save], prefix=0)
    assert how is not None and examples[0].result["structuredContent"] == {"result": {"presentation_id": "p1"}}
    bare = Example(arguments=example.arguments, result={"content": [], "structuredContent": {"result": {
        k: v for k, v in saved.items() if k != "presentation_id"}}, "isError": False})  # fmt: skip
    assert lent(switch, [tool("save_presentation", "presentation_id", "file_path", examples=[bare])], prefix=0) == (
        None,
        [],
    )


def test_a_sibling_about_another_type_lends_its_form_but_none_of_its_records_values() -> None:
    """``get_document`` answers in ``get_project``'s form; the project's name, status and tags are not the
    document's (they stay empty), while ids, flags and the server's timestamps keep their form."""
    project = {"id": "p-1", "name": "Website relaunch", "status": "active", "archived": False,
               "created_at": "2026-01-20 12:00:00", "tags": ["web"],
               "tasks": [{"id": "t-1", "title": "Pricing"}]}  # fmt: skip
    observed = tool("get_project", "project_id", examples=[Example(arguments={"project_id": "p-1"},
                    result=json_result(project))])  # fmt: skip
    how, [example] = lent(tool("get_document", "document_id"), [observed], 0)
    assert how is not None and "not lent" in how
    body = json.loads(example.result["content"][0]["text"])
    assert (body["name"], body["status"], body["tags"]) == (None, None, [])
    assert (body["id"], body["archived"], body["created_at"]) == ("p-1", False, "2026-01-20 12:00:00")
    assert body["tasks"] == [{"id": "t-1", "title": None}]


def test_a_sibling_about_another_type_lends_its_list_with_the_records_in_their_own_types_form() -> None:
    """``list_projects`` borrows ``list_todos``'s answer (an array), its items in the form ``create_project``
    showed a project in, and none of that project's values."""
    todos = [{"id": "t-1", "title": "Send agenda", "completed": False, "due_date": "2026-01-20 18:00:00"}]
    project = {"id": "p-1", "name": "Website relaunch", "status": "not_started", "tags": ["web"]}
    listed = Example(arguments={"completed": False}, result=json_result(todos))
    created = Example(arguments={"name": "Website relaunch"}, result=json_result({"success": True, "project": project}))
    observed = [tool("list_todos", "completed", examples=[listed]), tool("create_project", "name", examples=[created])]
    how, [example] = lent(tool("list_projects", "status"), observed, 0)
    assert how is not None and "create_project" in how
    assert json.loads(example.result["content"][0]["text"]) == [{"id": "p-1", "name": None, "status": None, "tags": []}]


def test_a_list_borrowed_from_another_type_whose_own_form_no_answer_showed_keeps_no_items_form() -> None:
    """``list_todos`` borrows ``list_tags``'s envelope; a tag's ``{tag, count}`` is no todo's form, so the items are
    left empty for the records to fill with their own fields (render.py), not ``{"tag": null, "count": null}``."""
    tags = {"success": True, "tags": [{"tag": "work", "count": 2}]}
    observed = [tool("list_tags", "limit", examples=[Example(arguments={}, result=json_result(tags))])]
    how, [example] = lent(tool("list_todos", "status"), observed, 0)
    assert how is not None
    assert json.loads(example.result["content"][0]["text"]) == {"success": True, "todos": [{}]}  # words swapped


async def test_records_listed_in_an_item_form_no_answer_showed_show_their_own_fields() -> None:
    """The lent ``{"success": true, "todos": [{}]}``: each todo the session made shows what it was made with."""
    lent_form = Example(arguments={}, result=json_result({"success": True, "todos": [{}]}))
    text = {"type": "object", "properties": {"description": {"type": "string"}}}
    path = path_of(
        ToolSpec(name="create_todo", input_schema=text),
        ToolSpec(name="list_todos", input_schema={"type": "object", "properties": {}}, examples=[lent_form]),
    )
    for description in ("Renew the domain", "Book a dentist"):
        await path.call("s", "create_todo", {"description": description})
    listed = json.loads((await path.call("s", "list_todos", {})).content[0].text)  # type: ignore[union-attr]
    assert listed["success"] is True
    assert [t["description"] for t in listed["todos"]] == ["Renew the domain", "Book a dentist"]


async def test_a_learned_list_shows_each_records_own_id_under_the_name_its_tools_take_it_by() -> None:
    """The example lists ``{"card_id": 99, ...}``; cards the session made keep their id as ``id``: each listed card
    shows its own id as ``card_id``, not the example's 99 for all."""
    card = {"type": "object", "properties": {"front": {"type": "string"}}}
    by_id = {"type": "object", "properties": {"card_id": {"type": "integer"}}}
    example = Example(arguments={}, result=json_result([{"card_id": 99, "front": "Capital of Peru?"}]))
    path = path_of(
        ToolSpec(name="add_card", input_schema=card),
        ToolSpec(name="suspend_card", input_schema=by_id),
        ToolSpec(name="due_cards", input_schema={"type": "object", "properties": {}}, examples=[example]),
    )
    for front in ("Capital of Australia?", "Capital of Canada?"):
        await path.call("s", "add_card", {"front": front})
    listed = json.loads((await path.call("s", "due_cards", {})).content[0].text)  # type: ignore[union-attr]
    ids = [item["card_id"] for item in listed]
    assert len(set(ids)) == 2 and 99 not in ids, listed


async def test_a_create_answering_json_inside_one_string_keeps_that_jsons_fields_not_the_string() -> None:
    """FastMCP's ``{"result": "{\\"card_id\\": 7, ...}"}``: the card the ledger keeps has ``card_id`` and ``due``,
    and a listing in sentences shows them, not ``result: {...}``."""
    inner = json.dumps({"card_id": 7, "due": "2026-01-20T12:00:00+00:00"})
    answer = {"content": [{"type": "text", "text": inner}], "structuredContent": {"result": inner}}
    example = Example(arguments={"front": "Q?", "back": "A"}, result=answer)
    card = {"type": "object", "properties": {"front": {"type": "string"}, "back": {"type": "string"}}}
    says = {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]}
    path = path_of(
        ToolSpec(name="add_card", input_schema=card, output_schema=says, examples=[example]),
        ToolSpec(name="list_cards", input_schema={"type": "object", "properties": {}}),
    )
    await path.call("s", "add_card", {"front": "Capital of Peru?", "back": "Lima"})
    listed = text(await path.call("s", "list_cards", {}))
    assert "due: 2026-01-20" in listed and "result:" not in listed, listed


def test_arguments_every_tool_takes_say_nothing_of_how_two_are_called() -> None:
    # every tool of an evaluation server takes the run's and the case's ids: with them, lookup_coverage(policy_no)
    # looked called like lookup_transactions(account_id) and answered its transactions, words swapped
    context = ("eval_run_id", "eval_case_id")
    coverage = tool("lookup_coverage", "policy_no", *context)
    transactions = tool("lookup_transactions", "account_id", *context, examples=[FILTERED])
    others = [tool("open_claim", "policy_no", "incident", *context), tool("freeze_card", "card", *context)]
    assert kinship(coverage, transactions) is not None  # the shared context alone passes the test
    assert everywhere([coverage, transactions, *others]) == frozenset(context)
    assert kinship(coverage, transactions, everywhere=frozenset(context)) is None
    how, _ = lent(coverage, [transactions, *others], 0)  # still a sibling by name, but called differently: its
    assert how is not None and how.startswith("answers in the form of its sibling")  # form, not what it echoed
    assert everywhere([coverage, transactions]) == frozenset()  # two tools tell nothing of a server


def test_tools_called_alike_apart_from_the_shared_context_still_are() -> None:
    context = frozenset({"session_id"})
    copy, move = tool("cp", "source", "destination", "session_id"), tool("mv", "source", "destination", "session_id")
    assert called_alike(copy, move, context)
    assert not called_alike(tool("stat", "path", "session_id"), tool("rm", "path", "session_id"), context)
