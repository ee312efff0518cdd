"""A message sent is a record made: read back by a tool named as a read of many, under the id the list names it
by, counted beside the list; and a learned sentence quoting a record's name names the record this call names."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from mcp.types import CallToolResult

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import catalog_of
from mcp_sim.config import Example, Experiment, ToolSpec
from mcp_sim.ledger.effects import infer_effect
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing.flags import Routing
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.simulation.learned import template_of
from mcp_sim.simulation.render import Fill, mint_like, render
from mcp_sim.state.memory import MemoryStore


def strings(*names: str) -> dict[str, Any]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}}


def spec(name: str, props: dict[str, Any] | None = None, out: dict[str, Any] | None = None) -> ToolSpec:
    schema = {"type": "object", "properties": props or {}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema, "outputSchema": out})


MESSAGES_OUT = {
    "type": "object",
    "properties": {
        "total_matching": {"type": "integer"},
        "messages": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"id": {"type": "integer"}, "content": {"type": "string"}},
                "required": ["id", "content"],
            },
        },
    },
    "required": ["total_matching", "messages"],
}
SENT_OUT = {
    "type": "object",
    "properties": {"message_id": {"type": "integer"}, "room": {"type": "string"}},
    "required": ["message_id", "room"],
}


@pytest.mark.parametrize(
    ("name", "props", "out", "kind", "entity"),
    [
        ("send_message", {"content": {}}, SENT_OUT, "create", "message"),
        ("upload_document", {"path": {}}, None, "create", "document"),
        ("read_messages", {"agent_name": {}}, MESSAGES_OUT, "list", "message"),  # plural, no id: many records
        ("read_all_messages", {"limit": {}}, MESSAGES_OUT, "list", "message"),
        ("get_messages", {}, None, "list", "message"),  # no schema: the name alone says it
        ("get_message", {"message_id": {}}, None, "read", "message"),
        ("get_messages", {"message_id": {}}, None, "read", "message"),  # one named by its id
        ("get_stats", {}, None, "read", "stat"),  # figures of one thing, not many records
        ("transaction_log", {}, None, "none", None),  # ``log`` makes a record only as the first word
        ("log_set", {"reps": {}}, None, "create", "set"),
    ],
)
def test_what_sending_reading_many_and_logging_do(
    name: str, props: dict[str, Any], out: dict[str, Any] | None, kind: str, entity: str
) -> None:
    effect = infer_effect(spec(name, props, out))
    assert (effect.kind, effect.entity) == (kind, entity)


def chat() -> CallPath:
    specs = [
        ToolSpec(name="send_message", input_schema=strings("content"), output_schema=SENT_OUT),
        ToolSpec(name="read_messages", input_schema=strings("agent_name"), output_schema=MESSAGES_OUT),
    ]
    experiment = Experiment.model_validate({"name": "chat", "seed": 3, "state": "memory://"})
    return CallPath(
        experiment, catalog_of(specs, "t"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim")
    )


def structured(result: CallToolResult) -> Any:
    assert not result.is_error, result.content
    return result.structured_content


async def test_messages_sent_are_read_back_under_the_ids_they_were_given_and_counted() -> None:
    calls = chat()
    first = structured(await calls.call("s", "send_message", {"content": "Deploy at noon"}))
    second = structured(await calls.call("s", "send_message", {"content": "Done"}))
    # each send makes a message: the second is no reference to a message that does not exist (it used to be
    # patched to null, an answer its own schema refuses)
    assert isinstance(first["message_id"], int) and isinstance(second["message_id"], int)
    assert first["message_id"] != second["message_id"]
    read = structured(await calls.call("s", "read_messages", {"agent_name": "bob"}))
    assert [(m["id"], m["content"]) for m in read["messages"]] == [
        (first["message_id"], "Deploy at noon"),
        (second["message_id"], "Done"),
    ]
    assert read["total_matching"] == 2  # the count beside the list is its length


INBOX_OUT = {"type": "object", "properties": {"inbox_id": {"type": "string"}}, "required": ["inbox_id"]}


def mailbox() -> CallPath:
    specs = [
        ToolSpec(name="create_inbox", input_schema=strings("name"), output_schema=INBOX_OUT),
        ToolSpec(name="delete_inbox", input_schema=strings("inbox_id")),
        ToolSpec(name="get_email_links", input_schema=strings("inbox_id")),
        ToolSpec(name="list_emails", input_schema=strings("inbox_id")),
    ]
    experiment = Experiment.model_validate({"name": "mail", "seed": 5, "state": "memory://"})
    return CallPath(
        experiment, catalog_of(specs, "t"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim")
    )


def test_a_read_of_many_checks_the_record_it_is_scoped_by_where_a_list_filters_by_it() -> None:
    read = infer_effect(spec("get_email_links", strings("inbox_id")["properties"]))
    assert (read.kind, read.entity, read.refs) == ("list", "email_link", {"inbox_id": "inbox"})
    assert infer_effect(spec("list_emails", strings("inbox_id")["properties"])).refs == {}


async def test_the_links_of_a_deleted_inbox_are_not_found_but_its_emails_filter_down_to_none() -> None:
    calls = mailbox()
    made = await calls.call("s", "create_inbox", {"name": "signup"})
    inbox = structured(made)["inbox_id"]
    assert not (await calls.call("s", "get_email_links", {"inbox_id": inbox})).is_error
    assert not (await calls.call("s", "delete_inbox", {"inbox_id": inbox})).is_error
    gone = await calls.call("s", "get_email_links", {"inbox_id": inbox})
    assert gone.is_error and "not found" in gone.content[0].text.lower()  # type: ignore[union-attr]
    assert not (await calls.call("s", "list_emails", {"inbox_id": inbox})).is_error


def said(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "structuredContent": {"result": text}, "isError": False}


def test_a_quoted_name_no_argument_gave_is_the_name_of_the_record_the_call_names() -> None:
    example = Example(arguments={"recipe_id": 1, "servings": 12}, result=said("Logged: cooked 'Rösti' for 12."))
    template = template_of(example)
    assert template is not None
    named = render(template, Fill({"recipe_id": 2, "servings": 30}, names=["Älplermagronen"]))
    assert named.structured_content == {"result": "Logged: cooked 'Älplermagronen' for 30."}
    unnamed = render(template, Fill({"recipe_id": 9, "servings": 30}))  # nothing known of recipe 9: the example's
    assert unnamed.structured_content == {"result": "Logged: cooked 'Rösti' for 30."}


def test_quoted_words_an_identifier_could_be_stay_the_servers_own() -> None:
    example = Example(arguments={"n": 42}, result=said("Run 'list_tasks' to see task 42"))
    template = template_of(example)
    assert template is not None
    answer = render(template, Fill({"n": 7}, names=["Groceries"]))
    assert answer.structured_content == {"result": "Run 'list_tasks' to see task 7"}


async def test_a_learned_sentence_names_the_record_the_call_refers_to() -> None:
    create = ToolSpec(
        name="create_recipe",
        input_schema=strings("name"),
        examples=[Example(arguments={"name": "Rösti"}, result=said("Created recipe 'Rösti' with id=1."))],
    )
    log = ToolSpec(
        name="log_cook",
        input_schema={"type": "object", "properties": {"recipe_id": {"type": "integer"}}},
        examples=[Example(arguments={"recipe_id": 1}, result=said("Logged: cooked 'Rösti'."))],
    )
    experiment = Experiment.model_validate({"name": "recipes", "seed": 0, "state": "memory://"})
    calls = CallPath(
        experiment,
        catalog_of([create, log], "t"),
        {},
        SchemaWorldModel(),
        MemoryStore(),
        NoPerturbations(),
        Routing("sim"),
    )
    made = await calls.call("s", "create_recipe", {"name": "Kräuteromelette"})
    text = json.dumps(made.structured_content, ensure_ascii=False)
    assert "Kräuteromelette" in text
    new_id = int(text.split("id=")[1].split(".")[0])
    logged = await calls.call("s", "log_cook", {"recipe_id": new_id})
    assert logged.structured_content == {"result": "Logged: cooked 'Kräuteromelette'."}


def test_publishing_a_record_named_by_its_id_makes_none() -> None:
    effect = infer_effect(spec("publish_post", {"post_id": {"type": "string"}}))
    assert effect.kind == "none"  # the post is there already: a new one would conflict with it


def test_an_answer_key_in_another_case_shows_the_argument_the_example_left_out() -> None:
    # the example call left ``model_version`` out, so its answer showed the default as a constant
    example = Example(
        arguments={"device_sn": "CAM-1", "note": "first capture"},
        result={
            "content": [{"type": "text", "text": "{}"}],
            "structuredContent": {"deviceSN": "CAM-1", "modelVersion": "v1.0", "note": "first capture"},
        },
    )
    template = template_of(example)
    assert template is not None
    record = {"device_sn": "CAM-9", "model_version": "v2.5", "note": "second capture"}
    answer = render(template, Fill({"device_sn": "CAM-9", "note": "second capture"}, record=record))
    assert answer.structured_content == {"deviceSN": "CAM-9", "modelVersion": "v2.5", "note": "second capture"}
    bare = render(template, Fill({"device_sn": "CAM-9", "note": "second capture"}))  # nothing holds a version
    assert bare.structured_content is not None and bare.structured_content["modelVersion"] == "v1.0"


def test_an_argument_the_example_call_left_out_is_this_calls_where_the_answer_names_it() -> None:
    example = Example(
        arguments={"agent_name": "bob"},
        result={
            "content": [{"type": "text", "text": "{}"}],
            "structuredContent": {"room": "default", "agent_name": "bob", "total_matching": 3, "messages": []},
        },
    )
    template = template_of(example)
    assert template is not None
    answer = render(template, Fill({"agent_name": "ann", "room": "release"}))
    assert answer.structured_content is not None
    assert (answer.structured_content["room"], answer.structured_content["agent_name"]) == ("release", "ann")
    same = render(template, Fill({"agent_name": "ann"}))  # no room given: the server's own
    assert same.structured_content is not None and same.structured_content["room"] == "default"
    wrong_kind = render(template, Fill({"agent_name": "ann", "room": 7}))  # a number where text was shown
    assert wrong_kind.structured_content is not None and wrong_kind.structured_content["room"] == "default"


async def test_a_learned_listing_shows_the_messages_sent_under_their_ids_and_counts_them() -> None:
    listed = {
        "room": "default",
        "total_matching": 3,
        "messages": [{"id": 9, "content": "hello"}, {"id": 10, "content": "again"}, {"id": 11, "content": "x"}],
    }
    specs = [
        ToolSpec(name="send_message", input_schema=strings("content"), output_schema=SENT_OUT),
        ToolSpec(
            name="read_messages",
            input_schema=strings("agent_name"),
            examples=[
                Example(
                    arguments={"agent_name": "bob"}, result={"content": [{"type": "text", "text": json.dumps(listed)}]}
                )
            ],
        ),
    ]
    experiment = Experiment.model_validate({"name": "chat", "seed": 3, "state": "memory://"})
    calls = CallPath(
        experiment, catalog_of(specs, "t"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim")
    )
    sent = structured(await calls.call("s", "send_message", {"content": "Deploy at noon"}))
    read = await calls.call("s", "read_messages", {"agent_name": "ann"})
    body = json.loads(read.content[0].text)  # type: ignore[union-attr]
    assert body["messages"] == [{"id": sent["message_id"], "content": "Deploy at noon"}]
    assert body["total_matching"] == 1


def test_a_random_token_id_is_minted_as_another_token_of_the_same_make() -> None:
    rng = random.Random(0)
    made = mint_like("kcouxm2a", 2, rng)
    assert isinstance(made, str) and re.fullmatch(r"[a-z0-9]{8}", made) and made != "kcouxm2a"
    assert mint_like("kcouxm2a", 2, random.Random(9)) == made  # the same number names the same thing
    assert mint_like("kcouxm2a", 3, rng) != made  # the next one made is another
    tagged = mint_like("task_1768910400000_2ozbumfzd", 1, rng)
    assert isinstance(tagged, str) and re.fullmatch(r"task_1768910400000_[a-z0-9]{9}", tagged)
    assert mint_like("task-7", 3, rng) == "task-3"  # a counter stays a counter
    assert mint_like("rec_00001", 12, rng) == "rec_00012"  # written zero-padded, it keeps its width
    assert mint_like("v0", 12, rng) == "v12"  # a lone 0 is no padding


async def test_a_generic_stores_rows_list_their_columns_not_how_they_were_made() -> None:
    book = {"id": 1, "isbn": "978-0", "title": "SICP"}
    specs = [
        ToolSpec(
            name="create_record",
            input_schema={"type": "object", "properties": {"table": {"type": "string"}, "data": {"type": "object"}}},
            examples=[
                Example(
                    arguments={"table": "books", "data": {"isbn": "978-0", "title": "SICP"}},
                    result={"content": [{"type": "text", "text": '{"message": "Record created", "insertedId": 1}'}]},
                )
            ],
        ),
        ToolSpec(
            name="read_records",
            input_schema={"type": "object", "properties": {"table": {"type": "string"}}},
            examples=[
                Example(
                    arguments={"table": "books"}, result={"content": [{"type": "text", "text": json.dumps([book])}]}
                )
            ],
        ),
    ]
    experiment = Experiment.model_validate({"name": "store", "seed": 0, "state": "memory://"})
    calls = CallPath(
        experiment, catalog_of(specs, "t"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim")
    )
    await calls.call(
        "s", "create_record", {"table": "loans", "data": {"book_id": 1, "member_id": 3, "due": "2026-02-03"}}
    )
    read = await calls.call("s", "read_records", {"table": "loans"})
    rows = json.loads(read.content[0].text)  # type: ignore[union-attr]
    assert len(rows) == 1 and {"book_id", "member_id", "due"} <= set(rows[0])
    assert not {"table", "insertedId", "data"} & set(rows[0])  # the create's table and answer are no columns


def test_a_field_repeating_an_argument_left_out_shows_its_default_not_the_examples_value() -> None:
    example = Example(
        arguments={"query": "cam", "limit": 5},
        result={"content": [{"type": "text", "text": json.dumps({"limit": 5, "records": []})}], "isError": False},
    )
    template = template_of(example)
    assert template is not None
    defaulted = render(template, Fill({"query": "helmet"}, given_defaults={"limit": 20}))
    assert json.loads(defaulted.content[0].text)["limit"] == 20  # type: ignore[union-attr]
    bare = render(template, Fill({"query": "helmet"}))
    assert json.loads(bare.content[0].text)["limit"] is None  # type: ignore[union-attr]


def test_a_name_the_server_wrote_in_title_case_is_this_calls_name_in_title_case() -> None:
    example = Example(
        arguments={"problem": "valid anagram", "minutes": 25}, result=said("Logged: Valid Anagram, 25 min")
    )
    template = template_of(example)
    assert template is not None
    answer = render(template, Fill({"problem": "climbing stairs", "minutes": 12}))
    assert answer.structured_content == {"result": "Logged: Climbing Stairs, 12 min"}


async def test_a_learned_answer_fills_the_arguments_a_wrapping_model_holds() -> None:
    params = {"type": "object", "properties": {"problem": {"type": "string"}, "minutes": {"type": "integer"}}}
    example = Example(
        arguments={"params": {"problem": "two sum", "minutes": 19}}, result=said("Logged two sum: 19 min")
    )
    logged = ToolSpec.model_validate(
        {
            "name": "log_attempt",
            "inputSchema": {"type": "object", "properties": {"params": params}, "required": ["params"]},
            "examples": [example.model_dump(by_alias=True)],
        }
    )
    experiment = Experiment.model_validate({"name": "wrapped", "seed": 1, "state": "memory://"})
    calls = CallPath(
        experiment, catalog_of([logged], "t"), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), Routing("sim")
    )
    answer = await calls.call("s", "log_attempt", {"params": {"problem": "house robber", "minutes": 30}})
    assert answer.structured_content == {"result": "Logged house robber: 30 min"}
