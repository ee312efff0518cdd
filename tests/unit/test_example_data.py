"""A learned answer that is its example's own data yields to what the session's state says (``constant.py``)."""

from __future__ import annotations

import json
from typing import Any

import anyio

from mcp_sim.config import Example, ToolSpec
from mcp_sim.reporting.fidelity.measures import RecordedCall
from mcp_sim.reporting.fidelity.replay import ServerSessions, replay
from mcp_sim.simulation.constant import is_example_data
from mcp_sim.simulation.learned import Template, learn


def text_result(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": False}


def learned(arguments: dict[str, Any], text: str) -> Template:
    shapes = learn([Example(arguments=arguments, result=text_result(text))])
    assert shapes is not None and shapes.success is not None
    return shapes.success


def test_an_answer_carrying_nothing_of_its_call_is_the_examples_data() -> None:
    assert is_example_data(learned({"key": "user:1"}, '{"name": "Omar", "plan": "pro"}'), {"key": "cart:1"})
    assert is_example_data(learned({"query": "SELECT 7"}, "[(7, 534.0)]"), {"query": "CREATE TABLE t (a INT)"})


def test_an_answer_with_a_slot_records_or_no_arguments_is_a_form() -> None:
    assert not is_example_data(learned({"key": "user:1"}, "Value of user:1: pro"), {"key": "cart:1"})
    records = learned({"names": ["Ada"]}, json.dumps([{"name": "Ada", "kind": "person"}]))
    assert not is_example_data(records, {"names": ["Bo"]})
    assert not is_example_data(learned({}, "OK"), {})  # a call without arguments: its answer is the tool's form


def spec(name: str, **properties: str) -> ToolSpec:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return ToolSpec.model_validate({"name": name, "inputSchema": schema})


def call(session: str, index: int, tool: str, arguments: dict[str, Any], text: str) -> RecordedCall:
    return RecordedCall("cache", session, index, tool, arguments, text_result(text), None)


def test_a_read_answers_the_value_this_session_wrote_not_the_examples() -> None:
    tools = [spec("set", key="string", value="string"), spec("get", key="string")]
    profile = '{"name": "Omar", "plan": "pro"}'
    taught = [
        call("s1", 1, "set", {"key": "user:1", "value": profile}, "Successfully set user:1"),
        call("s1", 2, "get", {"key": "user:1"}, profile),
    ]
    scored = [
        call("s2", 1, "set", {"key": "cart:42", "value": "2"}, "Successfully set cart:42"),
        call("s2", 2, "get", {"key": "cart:42"}, "2"),
    ]
    scores = anyio.run(replay, ServerSessions("cache", tools, {"s1": taught, "s2": scored}), "learn")
    read = scores[-1]
    assert read.tool == "get" and read.structural_match
    assert "P" in read.opportunities and not read.violations  # 2, not the example's profile


def test_a_listing_in_words_lists_this_sessions_records_not_the_examples() -> None:
    """The example's ``list_tasks(tag="docs")`` answered its own session's tasks in markdown; the words keep only
    the filter as a slot. Another session lists the tasks it made, in prose (text is one shape either way), and
    none of the example's."""
    tools = [spec("add_task", title="string", tag="string"), spec("list_tasks", tag="string")]
    taught = [
        call("s1", 1, "add_task", {"title": "Write release notes", "tag": "docs"}, "Added task #1"),
        call("s1", 2, "list_tasks", {"tag": "docs"}, "- [ ] **#1** Write release notes `#docs`\n"),
    ]
    scored = [
        call("s2", 1, "add_task", {"title": "Renew the TLS certificate", "tag": "ops"}, "Added task #1"),
        call("s2", 2, "list_tasks", {"tag": "ops"}, "- [ ] **#1** Renew the TLS certificate `#ops`\n"),
    ]
    scores = anyio.run(replay, ServerSessions("todo", tools, {"s1": taught, "s2": scored}), "learn")
    listed = scores[-1]
    assert listed.structural_match and not listed.violations
    from mcp_sim.simulation.constant import is_example_text

    template = learned({"tag": "docs"}, "- [ ] **#1** Write release notes `#docs`\n")
    assert is_example_text(template, {"tag": "ops"}, listing=True)
    assert not is_example_text(template, {"tag": "ops"})  # a read: the slot says it answers its call
    assert is_example_text(learned({"id": "n-1"}, "Title: Groceries"), {"id": "n-2"})


def test_a_read_of_a_plural_in_words_lists_this_sessions_records_not_the_examples() -> None:
    """``get_reviews(page_id)`` is named as a read, but of reviews: the example's words were its session's reviews
    around the page it echoes. Another session's read shows the reviews it added, none of the example's."""
    text = {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]}
    reviews = spec("get_reviews", page_id="string").model_copy(update={"output_schema": text})  # FastMCP's ``-> str``

    def listed_as(session: str, page: str, line: str) -> RecordedCall:
        result = {**text_result(line), "structuredContent": {"result": line}}
        return RecordedCall("reviews", session, 2, "get_reviews", {"page_id": page}, result, None)

    tools = [spec("add_review", page_id="string", comment="string"), reviews]
    taught = [
        call("s1", 1, "add_review", {"page_id": "checkout", "comment": "Pay button overlaps"}, "Created review #1"),
        listed_as("s1", "checkout", "[#1] [OPEN] checkout - maria: Pay button overlaps"),
    ]
    scored = [
        call("s2", 1, "add_review", {"page_id": "pricing", "comment": "Toggle is broken"}, "Created review #1"),
        listed_as("s2", "pricing", "[#1] [OPEN] pricing - lee: Toggle is broken"),
    ]
    scores = anyio.run(replay, ServerSessions("reviews", tools, {"s1": taught, "s2": scored}), "learn")
    listed = scores[-1]
    assert listed.tool == "get_reviews" and listed.structural_match and not listed.violations


def test_a_listed_field_shows_the_argument_named_with_one_more_word() -> None:
    """``log_meal(food_item=..., log_date=...)`` is listed (``list_meals``) as entries with ``food`` and ``date``:
    the entry the session logged shows its food and day there, not the example session's."""
    tools = [spec("log_meal", food_item="string", log_date="string"), spec("list_meals")]

    def listing(food: str, day: str) -> str:
        return json.dumps({"count": 1, "entries": [{"id": 1, "food": food, "date": day, "meal": "lunch"}]})

    logged = '{"status": "logged", "id": 1}'
    taught = [
        call("s1", 1, "log_meal", {"food_item": "Overnight oats", "log_date": "2026-01-18"}, logged),
        call("s1", 2, "list_meals", {}, listing("Overnight oats", "2026-01-18")),
    ]
    scored = [
        call("s2", 1, "log_meal", {"food_item": "Pasta bolognese", "log_date": "2026-01-19"}, logged),
        call("s2", 2, "list_meals", {}, listing("Pasta bolognese", "2026-01-19")),
    ]
    scores = anyio.run(replay, ServerSessions("nutrition", tools, {"s1": taught, "s2": scored}), "learn")
    listed = scores[-1]
    assert listed.tool == "list_meals" and listed.structural_match
    assert "P" in listed.opportunities and not listed.violations  # the pasta of the 19th, not the example's oats


def test_a_listed_item_shows_its_records_fields_in_another_case_and_nested_as_given() -> None:
    """``add_capture(device_sn, image_url, data={...})`` is listed as ``{"deviceSN", "imageUrl", "data": {...}}``:
    the item shows this session's serial, URL and data (kept as the record's columns), not the example's."""
    tools = [
        ToolSpec.model_validate(
            {
                "name": "add_capture",
                "inputSchema": {
                    "type": "object",
                    "properties": {"device_sn": {"type": "string"}, "image_url": {"type": "string"},
                                   "data": {"type": "object"}},
                },
            }
        ),
        spec("list_captures"),
    ]  # fmt: skip

    def session(name: str, sn: str, url: str, page: int) -> list[RecordedCall]:
        item = {"id": 1, "deviceSN": sn, "imageUrl": url, "data": {"page": page}}
        return [
            call(name, 1, "add_capture", {"device_sn": sn, "image_url": url, "data": {"page": page}}, '{"id": 1}'),
            call(name, 2, "list_captures", {}, json.dumps({"count": 1, "captures": [item]})),
        ]

    taught = session("s1", "CAM-0417", "https://img.local/cam0417/1.jpg", 48)
    scored = session("s2", "CAM-0903", "https://img.local/cam0903/4.jpg", 95)
    scores = anyio.run(replay, ServerSessions("captures", tools, {"s1": taught, "s2": scored}), "learn")
    listed = scores[-1]
    assert listed.tool == "list_captures" and listed.structural_match
    assert "P" in listed.opportunities and not listed.violations  # CAM-0903, its URL and page 95
