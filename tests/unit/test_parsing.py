"""Answer parsing on recorded answer shapes, well-formed and malformed."""

from __future__ import annotations

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.llm.parsing import interpret, split_answer

# Shapes seen from Qwen3-style servers: with the reasoning parser on, without it, and cut off by max_tokens.
QWEN_WITH_PARSER = (
    '\n\n<predicted_observation>\n{"order_id": "ord-7", "status": "created"}\n</predicted_observation>',
    "The user creates an order; earlier turns used ord-6, so the next id is ord-7.",
)
QWEN_RAW = (
    "<think>\nThe call lists files. The directory was created in turn 2.\n</think>\n\n"
    "**Environment Observation:**\n<predicted_observation>\nnotes.txt\ntodo.md\n</predicted_observation>"
)
TEMPLATE_OPENED_THINK = 'the template opened the block, so only the end tag arrives\n</think>\n\n{"ok": true}'
TRUNCATED_IN_THINKING = "<think>\nLet me consider the pagination offset carefully, the previous page ended at"
TWO_BLOCKS = (
    "<predicted_observation>draft</predicted_observation> wait, fix the id "
    '<predicted_observation>{"id": 2}</predicted_observation>'
)
UNCLOSED_OBSERVATION = '<think>ok</think><predicted_observation>\n{"id": 3}'

ORDER = ToolSpec(
    name="create_order",
    outputSchema={
        "type": "object",
        "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}},
        "required": ["order_id"],
    },
)
PLAIN = ToolSpec(name="list_files")


def test_reasoning_content_is_thinking_and_the_block_is_the_observation() -> None:
    answer = split_answer(*QWEN_WITH_PARSER)
    assert answer.thinking.startswith("The user creates an order")
    assert answer.observation == '{"order_id": "ord-7", "status": "created"}'


def test_think_block_and_marker_are_removed() -> None:
    answer = split_answer(QWEN_RAW)
    assert answer.thinking == "The call lists files. The directory was created in turn 2."
    assert answer.observation == "notes.txt\ntodo.md"


def test_unbalanced_end_tag_means_everything_before_was_thinking() -> None:
    answer = split_answer(TEMPLATE_OPENED_THINK)
    assert answer.thinking.startswith("the template opened the block")
    assert answer.observation == '{"ok": true}'


def test_answer_cut_off_while_thinking_has_no_observation() -> None:
    answer = split_answer(TRUNCATED_IN_THINKING)
    assert answer.observation == ""
    assert "pagination offset" in answer.thinking
    assert interpret(PLAIN, answer.observation).problem is not None


def test_last_block_wins_and_unclosed_block_is_read_to_the_end() -> None:
    assert split_answer(TWO_BLOCKS).observation == '{"id": 2}'
    assert split_answer(UNCLOSED_OBSERVATION).observation == '{"id": 3}'


@pytest.mark.parametrize(
    "content", [None, "", "   ", "<think></think>", "<predicted_observation></predicted_observation>"]
)
def test_empty_answers_are_problems(content: str | None) -> None:
    verdict = interpret(PLAIN, split_answer(content).observation)
    assert verdict.result is None and verdict.problem and "empty" in verdict.problem


def test_missing_tags_fall_back_to_the_cleaned_text() -> None:
    assert split_answer("Here it is:\n42 rows").observation == "Here it is:\n42 rows"


def test_valid_json_against_output_schema_becomes_structured_content() -> None:
    verdict = interpret(ORDER, '```json\n{"order_id": "ord-7"}\n```')
    assert verdict.result is not None and verdict.problem is None
    assert verdict.result.structured_content == {"order_id": "ord-7"}
    assert not verdict.result.is_error


@pytest.mark.parametrize(
    ("observation", "fragment"),
    [
        ('{"order_id": 7}', "at order_id: 7 is not of type 'string'"),
        ('{"status": "x"}', "'order_id' is a required property"),
        ('{"order_id": "a",', "must be JSON"),
        ("order created", "must be JSON"),
    ],
)
def test_invalid_answers_say_what_is_wrong(observation: str, fragment: str) -> None:
    verdict = interpret(ORDER, observation)
    assert verdict.result is None
    assert verdict.problem is not None and fragment in verdict.problem


@pytest.mark.parametrize(
    "observation",
    ['{"error": "order not found"}', '{"isError": true, "message": "nope"}', "Error: permission denied", "ERROR 404"],
)
def test_error_shaped_observations_set_is_error_even_with_a_schema(observation: str) -> None:
    verdict = interpret(ORDER, observation)
    assert verdict.result is not None and verdict.result.is_error and verdict.error_shaped
    assert verdict.result.structured_content is None


def test_text_tools_get_text_content() -> None:
    verdict = interpret(PLAIN, "notes.txt\ntodo.md")
    assert verdict.result is not None and not verdict.result.is_error
    assert verdict.result.content[0].text == "notes.txt\ntodo.md"  # type: ignore[union-attr]
    assert verdict.result.structured_content is None


def test_null_error_field_is_not_an_error() -> None:
    spec = ToolSpec(name="t", outputSchema={"type": "object"})
    verdict = interpret(spec, '{"error": null, "value": 1}')
    assert verdict.result is not None and not verdict.result.is_error
