from __future__ import annotations

from typing import Any

import pytest

from mcp_sim.routing import divergence as fidelity


def result(body: Any = None, text: str | None = None, error: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"content": [{"type": "text", "text": text if text is not None else str(body)}]}
    if body is not None and text is None:
        out["structuredContent"] = body
    out["isError"] = error
    return out


SCHEMA = {"type": "object", "properties": {"id": {"type": "string"}, "n": {"type": "integer"}}, "required": ["id"]}


def test_identical_answers_do_not_diverge() -> None:
    real = result({"id": "a-1", "title": "x", "tags": ["p", "q"]})
    score = fidelity.compare(real, real, SCHEMA)
    assert (score.status_match, score.structure, score.deterministic, score.divergence) == (True, 1.0, 1.0, 0.0)


def test_status_mismatch_is_caught_and_raises_divergence() -> None:
    score = fidelity.compare(result({"id": "a"}), result(text="boom", error=True), SCHEMA)
    assert score.status_match is False
    assert score.sim_schema_valid is None  # errors are not shaped by the output schema
    assert score.divergence > 0.5


def test_schema_validity_uses_structured_content_or_json_text() -> None:
    assert fidelity.schema_valid(result({"id": "a", "n": 2}), SCHEMA) is True
    assert fidelity.schema_valid(result({"id": 3}), SCHEMA) is False
    assert fidelity.schema_valid(result(text='{"id": "from-text"}'), SCHEMA) is True
    assert fidelity.schema_valid(result(text="plain words"), SCHEMA) is False
    assert fidelity.schema_valid(result({"id": "a"}), None) is None


def test_structure_ignores_values_and_list_lengths_but_not_keys_or_types() -> None:
    assert fidelity.structural_similarity({"a": 1, "l": [1, 2, 3]}, {"a": 99, "l": [7]}) == 1.0
    assert fidelity.structural_similarity({"a": 1}, {"a": "1"}) == pytest.approx(1 / 3)  # $:object shared only
    assert fidelity.structural_similarity({"a": 1, "b": 2}, {"a": 1, "c": 2}) == pytest.approx(2 / 4)


def test_deterministic_match_leaves_out_ids_and_times() -> None:
    real = {"id": "task-1", "requestId": "req-9", "created_at": "x", "when": "2026-01-02T03:04:05Z", "title": "t"}
    sim = {"id": "tkt_77", "requestId": "r", "created_at": "y", "when": "1999-01-01T00:00:00Z", "title": "t"}
    assert fidelity.deterministic_match(real, sim) == 1.0  # only title is deterministic, and it matches
    assert fidelity.deterministic_match(real, {**sim, "title": "other"}) == 0.0
    assert fidelity.deterministic_match({"id": "only-volatile"}, {"id": "x"}) is None


def test_deterministic_match_is_exact_in_value_and_type_and_position() -> None:
    assert fidelity.deterministic_match({"sum": 42}, {"sum": 42.0}) == 0.0
    assert fidelity.deterministic_match({"xs": [1, 2]}, {"xs": [2, 1]}) == 0.0
    assert fidelity.deterministic_match({"xs": [1, 2]}, {"xs": [1]}) == 0.5


def test_payload_prefers_structured_then_json_text_then_blocks() -> None:
    assert fidelity.payload({"structuredContent": {"a": 1}, "content": []}) == {"a": 1}
    two = {"content": [{"type": "text", "text": "1"}, {"type": "text", "text": "[2]"}]}
    assert fidelity.payload(two) == [1, [2]]
    image = {"content": [{"type": "image", "data": "..", "mimeType": "image/png"}]}
    assert fidelity.payload(image) == image["content"]


def test_divergence_averages_only_the_measures_that_apply() -> None:
    score = fidelity.Fidelity(True, None, None, 0.5, None)
    assert score.divergence == 0.25
    assert score.to_json()["divergence"] == 0.25
