"""Answers that show what the session established earlier (issue 12, P persistence), on made-up tools."""

from __future__ import annotations

from typing import Any

from mcp_sim.simulation.builtin import prose
from mcp_sim.simulation.learned import Template
from mcp_sim.simulation.render import Fill, render


def _json_template(body: Any) -> Template:
    return Template(body=body, is_json=True, structured=True, is_error=False)


def test_a_learned_list_of_values_shows_what_the_session_holds_not_the_examples_values() -> None:
    template = _json_template({"step": 1, "labels": ["from-the-example"], "pages": [1, 2]})
    held = {"labels": ["alpha", "beta"]}  # the general rules' answer fields (accumulated.py: labels given so far)
    result = render(template, Fill({}, record=held))
    assert result.structured_content == {"step": 1, "labels": ["alpha", "beta"], "pages": [1, 2]}


def test_a_learned_list_of_records_is_not_replaced_by_a_list_of_records_in_the_record() -> None:
    template = _json_template({"rows": [{"name": "example"}]})
    result = render(template, Fill({}, record={"rows": [{"name": "x"}]}))
    assert result.structured_content == {"rows": [{"name": "example"}]}


def test_a_prose_answer_shows_every_record_of_a_long_list_and_cuts_only_one_long_text() -> None:
    records = [{"name": f"node_{n}", "kind": "service", "notes": [f"note {n}"]} for n in range(12)]
    text = prose.sentence("inspect_graph", "read", "graph", {"nodes": records, "essay": "x" * 500})
    assert all(f"node_{n}" in text and f"note {n}" in text for n in range(12))
    assert "x" * prose.MAX_VALUE_CHARS + "..." in text and "x" * (prose.MAX_VALUE_CHARS + 1) not in text
