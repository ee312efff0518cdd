"""Constraints stated in argument descriptions are checked; examples and prose never are."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import described


def _schema(**descriptions: str) -> dict[str, Any]:
    return {"type": "object", "properties": {k: {"type": "string", "description": v} for k, v in descriptions.items()}}


@pytest.mark.parametrize(
    "text",
    [
        'The mode of the headlights. [Enum]: ["on", "off", "auto"]',
        "The mode. Options are: on, off, auto.",
        "Here are the options: on, off or auto",
        "Must be one of: on, off, auto",
        "Whether lights are on ('on'), off ('off') or automatic ('auto').",
        "The lights' mode ('on', 'off', or 'auto').",
        "Entscheidung ('on', 'off', 'auto')",  # a parenthesis of quoted values alone, in any language
        "One of 'on', 'off', 'auto'. Defaults to 'auto'.",
        "New mode \u2014 one of: on, off, auto (optional)",  # a remark on the argument after the last value
        "The mode, one of: on, off, auto (default: auto)",
    ],
)
def test_each_way_of_stating_a_closed_list_refuses_a_value_outside_it(text: str) -> None:
    described.check("set_lights", "", _schema(mode=text), {"mode": "auto"})
    with pytest.raises(InvalidArguments, match=r"Invalid mode: 'disco'. Must be one of: on, off, auto"):
        described.check("set_lights", "", _schema(mode=text), {"mode": "disco"})


@pytest.mark.parametrize(
    "text",
    [
        "The branch, e.g. 'main' or 'develop' ('main') ('develop')",  # examples, not a closed list
        "Free text about modes such as on, off.",
        "The location. [Enum]: Rivermist, Sunset Valley, New York",  # names of places: looked up, not validated
        "A single option: on.",
        "The modes, e.g. ('on', 'off')",  # quoted examples in a parenthesis
    ],
)
def test_examples_and_directories_of_names_refuse_nothing(text: str) -> None:
    described.check("tool", "", _schema(value=text), {"value": "anything at all"})


def test_a_numeric_range_and_a_letter_range_are_checked() -> None:
    schema = {"type": "object", "properties": {"speed": {"type": "number", "description": "Speed from 0 to 120."}}}
    described.check("cruise", "", schema, {"speed": 120})
    with pytest.raises(InvalidArguments, match=r"Invalid speed: 130\. Must be from 0 to 120"):
        described.check("cruise", "", schema, {"speed": 130})
    docstring = "Add a todo.\n\n    Args:\n        text: The text\n        priority: Priority level (A-Z), optional\n"
    schema = {"type": "object", "properties": {"text": {"type": "string"}, "priority": {"type": "string"}}}
    described.check("add_todo", docstring, schema, {"text": "x", "priority": "B"})
    with pytest.raises(InvalidArguments, match=r"Invalid priority: 'high'\. Must be a single letter"):
        described.check("add_todo", docstring, schema, {"text": "x", "priority": "high"})


def test_list_arguments_are_checked_item_by_item_and_schema_enums_are_left_to_the_schema() -> None:
    doors = {"type": "array", "items": {"type": "string"}, "description": '[Enum]: ["driver", "passenger"]'}
    schema = {
        "type": "object",
        "properties": {"doors": doors, "kind": {"enum": ["a"], "description": '[Enum]: ["b", "c"]'}},
    }
    described.check("lock", "", schema, {"doors": ["driver", "passenger"], "kind": "a"})
    with pytest.raises(InvalidArguments, match="'trunk'"):
        described.check("lock", "", schema, {"doors": ["driver", "trunk"]})


def test_a_date_or_time_format_named_in_the_description_is_checked() -> None:
    schema = _schema(time="Time to convert in 24-hour format (HH:MM)", day="The day, YYYY-MM-DD or MM/DD/YYYY")
    described.check("convert_time", "", schema, {"time": "23:59", "day": "anything"})  # two formats: no check
    with pytest.raises(InvalidArguments, match=r"Invalid time format: '25:99'\. Expected HH:MM"):
        described.check("convert_time", "", schema, {"time": "25:99"})


def test_a_numpy_style_docstring_states_its_arguments_choices() -> None:
    docstring = (
        "Switch the lamp.\n\nParameters\n----------\nlamp_id : int\n    The lamp.\nmode : str\n"
        "    Target mode ('on', 'off', or 'auto').\n\nReturns\n-------\nstr\n    'on' or 'off' ('on') ('off').\n"
    )
    schema = {"type": "object", "properties": {"lamp_id": {"type": "integer"}, "mode": {"type": "string"}}}
    assert described.docstring_arguments(docstring) == {
        "lamp_id": "The lamp.",
        "mode": "Target mode ('on', 'off', or 'auto').",
    }
    described.check("switch_lamp", docstring, schema, {"lamp_id": 1, "mode": "auto"})
    with pytest.raises(InvalidArguments, match=r"Invalid mode: 'disco'\. Must be one of: on, off, auto"):
        described.check("switch_lamp", docstring, schema, {"lamp_id": 1, "mode": "disco"})


def test_a_range_in_parentheses_is_checked() -> None:
    schema = {"type": "object", "properties": {"progress_percent": {"type": "number",
              "description": "Progress percentage (0-100)"}}}  # fmt: skip
    described.check("update_task_progress", "", schema, {"progress_percent": 100})
    with pytest.raises(InvalidArguments, match=r"Invalid progress_percent: 150\. Must be from 0 to 100"):
        described.check("update_task_progress", "", schema, {"progress_percent": 150})
    assert described.stated_by("Rating (1-5 stars)") is None  # a unit after the numbers: prose, not a bound


def test_at_least_one_of_the_arguments_a_description_names_must_be_given() -> None:
    schema = {"type": "object", "properties": {"note_id": {"type": "integer"}, "title": {"type": "string"},
              "body": {"type": "string"}}}  # fmt: skip
    said = "Update a note's title and/or body. At least one of title/body must be given."
    described.check("note_update", said, schema, {"note_id": 1, "body": "oat milk"})
    with pytest.raises(InvalidArguments, match=r"at least one of title or body must be provided"):
        described.check("note_update", said, schema, {"note_id": 1})
    either = "Find usages. Either language or file_path must be provided."
    assert described.one_of_required(either, ("language", "file_path", "symbol")) == ("language", "file_path")
    assert described.one_of_required("Either way, the title or body must be given.", ("title", "body")) == ()


@pytest.mark.parametrize(
    ("text", "short", "fine", "long"),
    [
        ("Short, explicit description of the rule (5-12 words, 10-100 chars)", "Use pnpm", "Use pnpm in CI", "x" * 101),
        ("Why it happened: at least 20 characters.", "fixed it", "The cache key ignored the locale", None),
        ("A label, max 8 chars", None, "urgent", "very-urgent"),
    ],
)
def test_a_stated_text_length_refuses_text_outside_it(
    text: str, short: str | None, fine: str, long: str | None
) -> None:
    described.check("remember", "", _schema(title=text), {"title": fine})
    if short is not None:
        with pytest.raises(InvalidArguments, match=r"title must be at least \d+ characters"):
            described.check("remember", "", _schema(title=text), {"title": short})
    if long is not None:
        with pytest.raises(InvalidArguments, match=r"title must be at most \d+ characters"):
            described.check("remember", "", _schema(title=text), {"title": long})


def test_a_length_given_as_an_example_or_in_words_is_no_constraint() -> None:
    for text in ("e.g. a slug of 3-20 chars", "A title of 5-12 words", "Between 10 and 20 items"):
        described.check("remember", "", _schema(title=text), {"title": "ok"})


def test_quoted_alternatives_after_a_colon_are_a_closed_list_whose_placeholders_take_any_text() -> None:
    text = 'Optional scope: "global", "project:<name>", or "repo:<name>". Default: "global"'
    for fine in ("global", "project:billing", "repo:shop-api"):
        described.check("store", "", _schema(scope=text), {"scope": fine})
    for wrong in ("team:web", "project:", "Global"):
        with pytest.raises(InvalidArguments, match="Invalid scope"):
            described.check("store", "", _schema(scope=text), {"scope": wrong})
    prose = 'The note, for example: "groceries", "errands" or "work"'
    described.check("store", "", _schema(scope=prose), {"scope": "hobby"})  # examples, not a closed list


@pytest.mark.parametrize(
    "text",
    [
        "low, medium, or high. Omit if you cannot justify it.",
        "Capture channel: low (rarely), medium (often), or high (always).",
    ],
)
def test_a_description_opening_with_three_alternatives_is_a_closed_list(text: str) -> None:
    described.check("record_bug", "", _schema(severity=text), {"severity": "medium"})
    with pytest.raises(InvalidArguments, match=r"Invalid severity: 'critical'\. Must be one of: low, medium, high"):
        described.check("record_bug", "", _schema(severity=text), {"severity": "critical"})


def test_two_opening_alternatives_or_a_list_also_accepting_others_are_no_constraint() -> None:
    described.check("find_user", "", _schema(who="email or phone."), {"who": "ana@example.com"})
    text = "How well it was recalled: 'again', 'hard', 'good', or 'easy' (1-4 also accepted)"
    described.check("grade_card", "", _schema(rating=text), {"rating": "3"})


def test_arguments_documented_inline_in_the_tool_description_are_checked() -> None:
    doc = (
        "Summary card for a workout. theme: dark, light, or clear (transparent background); unit: kg or lb;\n"
        "    weight/unit: 0 or omitted for bodyweight; unit is kg or lb (defaults to the last unit used)."
    )
    schema = {"type": "object", "properties": {n: {"type": "string"} for n in ("theme", "unit", "weight")}}
    described.check("session_card", doc, schema, {"theme": "light", "unit": "kg", "weight": "0"})
    with pytest.raises(InvalidArguments, match="Invalid theme: 'neon'"):
        described.check("session_card", doc, schema, {"theme": "neon"})
    with pytest.raises(InvalidArguments, match=r"Invalid unit: 'stone'\. Must be one of: kg, lb"):
        described.check("session_card", doc, schema, {"unit": "stone"})
    assert described.inline_arguments(doc, ("theme", "unit", "weight"))["weight"].startswith("0 or omitted")


def test_hex_chars_are_hexadecimal_digits_of_that_length() -> None:
    text = "Git commit hash of the fix, 7 to 40 hex chars. Omit if there is no commit yet."
    described.check("record_bug", "", _schema(fix_ref=text), {"fix_ref": "a1b2c3d"})
    with pytest.raises(InvalidArguments, match="fix_ref must be hexadecimal digits"):
        described.check("record_bug", "", _schema(fix_ref=text), {"fix_ref": "src/search/tokenize.py"})
    with pytest.raises(InvalidArguments, match="at least 7 characters"):
        described.check("record_bug", "", _schema(fix_ref=text), {"fix_ref": "a1b2"})


def test_the_one_date_format_a_tool_names_holds_for_its_one_date_argument_that_says_nothing() -> None:
    doc = "One day's food (default today, YYYY-MM-DD): items by meal and totals."
    schema = {"type": "object", "properties": {"date": {"type": "string"}, "meal": {"type": "string"}}}
    described.check("food_day", doc, schema, {"date": "2026-01-20", "meal": "yesterday"})
    with pytest.raises(InvalidArguments, match=r"Invalid date format: 'yesterday'\. Expected YYYY-MM-DD"):
        described.check("food_day", doc, schema, {"date": "yesterday"})
    two = {"type": "object", "properties": {"start_date": {"type": "string"}, "end_date": {"type": "string"}}}
    described.check("report", doc, two, {"start_date": "last week"})  # which of two the format is for: unsaid


def test_a_positive_or_non_negative_number_and_a_dashed_between_range_are_checked() -> None:
    def schema(text: str) -> dict[str, Any]:
        return {"type": "object", "properties": {"n": {"type": "integer", "description": text}}}

    described.check("search", "", schema("Maximum items. Must be a positive integer"), {"n": 1})
    with pytest.raises(InvalidArguments, match=r"Invalid n: 0\. Must be at least 1"):
        described.check("search", "", schema("Maximum items. Must be a positive integer"), {"n": 0})
    described.check("search", "", schema("Offset. Must be a non-negative integer (0 or higher)"), {"n": 0})
    with pytest.raises(InvalidArguments, match="Must be at least 0"):
        described.check("search", "", schema("Offset. Must be a non-negative integer (0 or higher)"), {"n": -1})
    with pytest.raises(InvalidArguments, match="Must be from 1 to 100"):
        described.check("search", "", schema("Must be a positive integer between 1-100"), {"n": 101})


def test_alternatives_joined_by_bars_after_the_arguments_name_are_a_closed_list() -> None:
    """```kind`` is REQUIRED -- one of design | schema | production | meta``; ```status` choices: open | closed``.
    What the tool returns (``Returns status = matched | variance``) says nothing of what it takes."""
    tool = "Create a task (D3). ``kind`` is REQUIRED --\n    one of design | schema | production | meta (D26)."
    schema = {"type": "object", "properties": {"kind": {"type": "string"}, "status": {"type": "string"}}}
    described.check("add", tool, schema, {"kind": "design"})
    with pytest.raises(InvalidArguments, match="bugfix"):
        described.check("add", tool, schema, {"kind": "bugfix"})
    listing = "Filter tasks. `status` choices (v0.5): open | closed | spec; `kind`: design | meta."
    with pytest.raises(InvalidArguments, match="done"):
        described.check("ls", listing, schema, {"status": "done"})
    described.check("match", "Three-way match. Returns status = matched | variance | no_po.", schema, {"status": "x"})


def test_values_joined_by_middle_dots_or_bars_are_a_closed_list_unless_an_example() -> None:
    assert described.stated_by("New status — todo · in_progress · done · cancelled.") == described.Stated(
        ("todo", "in_progress", "done", "cancelled")
    )
    priority = described.stated_by("P0 (critical) · P1 (high) · P2 (medium) · P3 (low).")
    assert priority is not None and priority.options == ("P0", "P1", "P2", "P3")  # glosses dropped
    assert described.stated_by("A shell pipeline, like grep x | sort | uniq") is None
    assert described.stated_by("Use true|false") is None  # two are no list


def test_a_section_named_after_the_argument_lists_its_values() -> None:
    """A Python docstring gives ``action`` its choices under ``Actions:``, a bullet each or joined by slashes."""
    doc = "The only tool for HP or location changes.\n\nActions:\n\n- hp: Heal/damage (int).\n\n- location: Move."
    schema = {"type": "object", "properties": {"action": {"type": "string"}, "value": {"type": "integer"}}}
    described.check("modify_state", doc, schema, {"action": "hp", "value": 3})
    with pytest.raises(InvalidArguments, match="mana"):
        described.check("modify_state", doc, schema, {"action": "mana", "value": 3})
    slashes = "Inventory.\n\nActions:\n- add/remove/update/use — supply item_name where required."
    described.check("manage_inventory", slashes, schema, {"action": "use"})
    with pytest.raises(InvalidArguments, match="steal"):
        described.check("manage_inventory", slashes, schema, {"action": "steal"})
    prose = "Actions:\nUse this tool for anything the inventory needs.\n- add: one"  # no bullet first: no list
    described.check("manage_inventory", prose, schema, {"action": "steal"})


@pytest.mark.parametrize(
    ("name", "text", "good", "bad"),
    [
        ("name", "Prompt name: extract_text, knowledge_base, exam_targets.", "exam_targets", "flashcards"),
        ("filename", "Pipeline file: notes_a.md, notes_b.md, notes_c.md. Saved under output/.", "notes_c.md", "x.md"),
        ("day", "practice day: senin, selasa, rabu, kamis", "rabu", "Monday"),
    ],
)
def test_values_after_a_label_naming_the_argument_are_a_closed_list(name: str, text: str, good: str, bad: str) -> None:
    described.check("tool", "", _schema(**{name: text}), {name: good})
    with pytest.raises(InvalidArguments, match=rf"Invalid {name}: '{re.escape(bad)}'\. Must be one of"):
        described.check("tool", "", _schema(**{name: text}), {name: bad})


def test_values_after_a_label_naming_something_else_refuse_nothing() -> None:
    # which operations the argument is needed for, not what it takes
    described.check("manage", "", _schema(entityId="Required for: add, reorder, bulkCreate"), {"entityId": "f87d4d64"})


def test_slashed_values_in_a_parenthesis_after_the_arguments_name_are_a_closed_list() -> None:
    description = "Generate a dataset. Optional: output_dir (under the sandbox), format (csv/parquet/jsonl/sql)."
    schema = _schema(format="", output_dir="")
    described.check("create_dataset", description, schema, {"format": "jsonl", "output_dir": "a/b"})
    with pytest.raises(InvalidArguments, match=r"Invalid format: 'xlsx'\. Must be one of: csv, parquet, jsonl, sql"):
        described.check("create_dataset", description, schema, {"format": "xlsx"})
    # a written date format is upper-case: no list of values
    described.check("log", "Log a day. date (YYYY/MM/DD)", _schema(date=""), {"date": "2026/11/29"})
