"""Tools that store or save what the call gives make records; a search whose answers score its results ranks."""

from __future__ import annotations

import json

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.effects import infer_effect
from mcp_sim.simulation.builtin.searches import shows_scores
from tests.unit.test_recall import path_of, text


def spec(name: str, *props: str) -> ToolSpec:
    return ToolSpec(name=name, input_schema={"type": "object", "properties": {p: {"type": "string"} for p in props}})


def test_a_name_opening_with_store_or_save_makes_a_record_unless_it_names_one() -> None:
    learning = infer_effect(spec("store_learning", "title", "content"))
    assert (learning.kind, learning.entity) == ("create", "learning")
    assert infer_effect(spec("save_recommendation", "title")).kind == "create"
    assert infer_effect(spec("save_presentation", "presentation_id", "file_path")).kind == "none"  # saves one there is
    assert infer_effect(spec("trigger_manual_save", "session_id")).kind == "none"  # "save" last names no type
    assert infer_effect(spec("configure_auto_save", "session_id")).kind == "none"


def test_answers_that_score_their_results_are_seen() -> None:
    assert shows_scores({"results": [{"id": "a", "title": "x", "score": 2.4}]})
    assert shows_scores([{"id": "a", "relevance_score": 0.8}])
    assert not shows_scores({"results": [{"id": "a", "title": "x", "scope": "global"}], "total": 1})


STORE = spec("store_knowledge", "title", "content")
SCORED = {"results": [{"id": "k1", "title": "Old note", "content": "Old text", "score": 1.2}], "total": 1}
SEARCH = ToolSpec(
    name="search_knowledge",
    input_schema={"type": "object", "properties": {"query": {"type": "string"}}},
    examples=[Example(arguments={"query": "old"}, result={"content": [{"type": "text", "text": json.dumps(SCORED)}]})],
)


async def test_stored_records_are_found_by_any_word_of_a_search_that_scores() -> None:
    path = path_of(STORE, SEARCH)
    await path.call("s", "store_knowledge", {"title": "Jest needs ESM flags", "content": "Set NODE_OPTIONS for Jest"})
    await path.call("s", "store_knowledge", {"title": "Flaky upload test", "content": "Await the S3 mock"})
    found = json.loads(text(await path.call("s", "search_knowledge", {"query": "why does jest fail on import"})))
    assert [r["title"] for r in found["results"]] == ["Jest needs ESM flags"]  # a question, not the words as written
