"""Answer shapes learned from real observations, and the answers rendered from them."""

from __future__ import annotations

import random

from mcp_sim.config import Example
from mcp_sim.simulation.learned import EACH, failure_kind, learn, template_of
from mcp_sim.simulation.render import Fill, mint_like, render


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
