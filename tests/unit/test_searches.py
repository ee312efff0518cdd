"""A search finds what its query words, by substring or ranked by the words a record holds (searches.py)."""

from __future__ import annotations

from mcp_sim.simulation.builtin.searches import ranks, searched

NOTES = [
    {"id": "n1", "title": "Migrations must be reversible in the billing service"},
    {"id": "n2", "title": "Flaky upload test: await the S3 mock", "tags": ["tests", "s3"]},
    {"id": "n3", "title": "Latest release notes"},
]


def test_a_plain_search_finds_the_query_as_written() -> None:
    assert searched(NOTES, {"query": "S3 mock"}, ranked=False) == [NOTES[1]]
    assert searched(NOTES, {"query": "database migrations rollback"}, ranked=False) == []
    assert searched(NOTES, {"limit": 5}, ranked=False) == NOTES  # nothing searched: everything


def test_a_ranked_search_finds_any_of_the_query_words_best_first() -> None:
    assert searched(NOTES, {"query": "database migrations rollback"}, ranked=True) == [NOTES[0]]
    found = searched(NOTES, {"query": "the flaky s3 test in billing"}, ranked=True)
    assert found == [NOTES[1], NOTES[0]]  # three words before one; "the" and "in" select nothing
    assert searched(NOTES, {"query": "test"}, ranked=True) == [NOTES[1]]  # at a word's start: not "latest"
    assert searched(NOTES, {"query": "kubernetes"}, ranked=True) == []


def test_a_description_says_whether_its_search_ranks() -> None:
    assert ranks("Search for relevant knowledge based on a task description. Returns ranked results.")
    assert ranks("Full-text search over notes") and ranks("Semantic search of the vault")
    assert not ranks("Search for nodes in the knowledge graph based on a query")
