"""Where the ledger finds records in an answer (ledger/answers.find_records)."""

from __future__ import annotations

from mcp_sim.ledger.answers import find_records


def test_records_are_found_at_the_top_under_the_type_and_in_its_list() -> None:
    body = {"task": {"id": "t1", "title": "a"}, "tasks": [{"id": "t2"}, {"id": "t3"}]}
    assert [f.record["id"] for f in find_records(body, "task", "id", "tasks")] == ["t1", "t2", "t3"]
    assert [f.record["id"] for f in find_records([{"id": 4}, {"name": "x"}], "task", "id", "tasks")] == [4]


def test_a_record_whose_id_is_null_names_no_record() -> None:
    # a borrowed answer form for a thing the session could not find: {"success": true, "task": {"id": null}}
    body = {"success": True, "task": {"id": None, "name": None}, "tasks": [{"id": None}, {"id": "t9"}]}
    assert [f.record["id"] for f in find_records(body, "task", "id", "tasks")] == ["t9"]
    assert find_records({"id": None, "title": "x"}, "task", "id", "tasks") == []
