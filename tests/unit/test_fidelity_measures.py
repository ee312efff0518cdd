"""Fidelity scoring (mcp_sim.reporting.fidelity): views, measures, minted ids, integrity checks and pooling."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from jsonschema.exceptions import SchemaError

from mcp_sim.reporting.fidelity import CallScore, RecordedCall, SessionScorer, pool, table
from mcp_sim.reporting.fidelity.ids import IdMap, is_id_key
from mcp_sim.reporting.fidelity.views import (
    Answer,
    View,
    items,
    key_overlap,
    shape_of,
    tokens,
    view_of,
)
from tests.prerequisites import missing

TRAJECTORIES = Path(__file__).resolve().parents[2] / "tests" / "data" / "trajectories"  # copies of shared/data


def text(body: str, error: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": body}], "isError": error}


def structured(body: Any, error: bool = False) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body, "isError": error}


def rpc_error(message: str) -> dict[str, Any]:
    return {"code": -32602, "message": message}


def call(
    tool: str,
    arguments: dict[str, Any] | None = None,
    result: dict[str, Any] | None = None,
    error: dict[str, Any] | None = None,
    index: int = 1,
) -> RecordedCall:
    return RecordedCall("srv", "s1", index, tool, arguments or {}, result, error)


def score_one(real: RecordedCall, simulated: dict[str, Any] | None, error: dict[str, Any] | None = None) -> CallScore:
    return SessionScorer({}).score(real, simulated, error)


# -- views and failures -------------------------------------------------------------------------------------------


def test_view_is_structured_content_then_a_non_text_block_then_json_text_then_text() -> None:
    both = {"content": [{"type": "text", "text": '{"a": 1}'}], "structuredContent": {"b": 2}}
    assert view_of(both, None) == View({"b": 2}, is_json=True)
    link = {"type": "resource_link", "uri": "demo://1", "name": "one"}
    assert view_of({"content": [{"type": "text", "text": "Here:"}, link]}, None) == View(link, is_json=True)
    assert view_of(text('[1, "two"]'), None) == View([1, "two"], is_json=True)
    assert view_of(text("null"), None) == View(None, is_json=True)
    assert view_of(text("Echo: hi"), None) == View("Echo: hi", is_json=False)
    assert view_of(text("NaN"), None) == View("NaN", is_json=False)  # strict JSON only


def test_a_json_rpc_error_is_viewed_as_its_message_and_failed() -> None:
    answer = Answer.of(None, rpc_error("Tool x not found"))
    assert answer.view == View("Tool x not found", is_json=False)
    assert (answer.answered, answer.flagged, answer.failed) == (False, True, True)
    assert Answer.of(None, None).failed  # no answer at all is a failure


@pytest.mark.parametrize(
    ("result", "failed"),
    [
        (text("all good", error=True), True),
        (text('{"error": "boom"}'), True),
        (text('{"error": null, "data": 1}'), False),
        (text('{"status": "task_not_found"}'), True),
        (text('{"status": "Failed"}'), True),
        (text('{"status": "not found"}'), True),
        (text('{"status": "error"}'), True),
        (text('{"status": "planned"}'), False),
        (text('{"status": "ok", "note": "error"}'), False),
        (text("Error: Operation failed"), True),  # no isError needed
        (text("MCP error -32602: Invalid input"), True),
        (text("Error executing tool get_time: bad zone"), True),
        (text("The call failed: error 5"), False),  # "error" comes after three words
        (text("No errors found"), False),  # "errors" is not "error"
        (text("Echo: hello"), False),
        (structured({"items": []}), False),
    ],
)
def test_failed_follows_the_definition(result: dict[str, Any], failed: bool) -> None:
    assert Answer.of(result, None).failed is failed


def test_flagged_is_only_is_error_or_a_json_rpc_error() -> None:
    answer = Answer.of(text('{"status": "error"}'), None)
    assert (answer.flagged, answer.failed) == (False, True)


# -- items and shapes ---------------------------------------------------------------------------------------------


def test_items_are_number_and_string_leaves_by_path_with_sentences_split_into_tokens() -> None:
    value = {
        "entities": [{"name": "Alice_Chen", "observations": ["Works at Acme Corp", "Deadline Q3"]}],
        "n": 40.0,
        "ok": True,
        "none": None,
        "empty": "",
    }
    assert items(value) == {
        ("entities.name", "Alice_Chen"),
        ("entities.observations", "Works"),
        ("entities.observations", "Acme"),
        ("entities.observations", "Corp"),
        ("entities.observations", "Deadline"),
        ("entities.observations", "Q3"),
        ("n", "40"),
    }
    assert items("plain") == {("", "plain")}


def test_tokens_keep_id_like_runs_and_drop_short_words_and_sentence_punctuation() -> None:
    found = tokens("Task task-1 done. See /a/b at 10:30 or x@y.io #7 v1.2.0: ok")
    assert found == ["Task", "task-1", "done", "See", "/a/b", "10:30", "x@y.io", "#7", "v1.2.0"]


def test_shape_is_the_top_level_type_and_key_paths_at_depth_one_and_two_with_lists_folded() -> None:
    value = {"entities": [{"name": "a", "obs": [{"deep": {"deeper": 1}}]}], "relations": []}
    shape = shape_of(View(value, is_json=True))
    assert shape is not None
    assert shape.kind == "object"
    assert shape.paths == {"entities", "entities.name", "entities.obs", "relations"}
    listed = shape_of(View([{"a": {"b": 1}}, {"c": 2}], is_json=True))
    assert listed is not None and (listed.kind, listed.paths) == ("array", {"a", "a.b", "c"})
    assert shape_of(View("some words", is_json=False)) == shape_of(View("other", is_json=False))
    assert shape_of(View("json string", is_json=True)) != shape_of(View("text", is_json=False))


def test_key_overlap_is_the_jaccard_of_the_two_shapes() -> None:
    left = shape_of(View({"a": 1, "b": 2}, is_json=True))
    right = shape_of(View({"a": 1, "c": 2}, is_json=True))
    assert key_overlap(left, right) == pytest.approx(2 / 4)  # $object and a shared, of $object a b c
    assert key_overlap(left, left) == 1.0
    assert key_overlap(left, None) == 0.0


# -- per-call measures --------------------------------------------------------------------------------------------


def test_answered_is_a_result_not_a_json_rpc_error() -> None:
    real = call("get", result=text("hi"))
    assert score_one(real, text("hi")).answered is True
    assert score_one(real, text("no", error=True)).answered is True
    assert score_one(real, None, rpc_error("boom")).answered is False
    assert score_one(real, None).answered is False


SCHEMA = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}


@pytest.mark.parametrize(
    ("simulated", "error", "valid"),
    [
        (structured({"id": "x"}), None, True),
        (structured({"id": 3}), None, False),
        (text('{"id": "x"}'), None, False),  # structuredContent is required, JSON text does not count
        (structured({"oops": 1}, error=True), None, None),  # error answers are not shaped by the schema
        (None, rpc_error("boom"), None),
    ],
)
def test_valid_checks_structured_content_of_non_error_answers(
    simulated: dict[str, Any] | None, error: dict[str, Any] | None, valid: bool | None
) -> None:
    scorer = SessionScorer({"get": SCHEMA, "plain": None})
    assert scorer.score(call("get", result=structured({"id": "x"})), simulated, error).valid is valid


def test_valid_does_not_apply_to_tools_without_an_output_schema() -> None:
    scorer = SessionScorer({"plain": None})
    assert scorer.score(call("plain", result=text("x")), structured({"id": 3}), None).valid is None
    assert scorer.score(call("unlisted", result=text("x")), structured({"id": 3}), None).valid is None


def test_a_broken_output_schema_is_refused_up_front() -> None:
    with pytest.raises(SchemaError):
        SessionScorer({"get": {"type": "no-such-type"}})


def test_is_error_agreement_compares_failed_and_the_flag_variant_compares_is_error() -> None:
    real = call("mark", result=text('{"status": "error", "message": "Request not found"}'))
    agreeing = score_one(real, text("Request not found", error=True))
    assert (agreeing.is_error_agreement, agreeing.is_error_flag_agreement) == (True, False)
    same = score_one(real, text('{"status": "error", "message": "nope"}'))
    assert (same.is_error_agreement, same.is_error_flag_agreement) == (True, True)
    disagreeing = score_one(real, text('{"status": "done"}'))
    assert (disagreeing.is_error_agreement, disagreeing.is_error_flag_agreement) == (False, True)
    assert score_one(call("x", error=rpc_error("bad")), text("fine")).is_error_agreement is False


def test_structural_match_compares_shapes_not_values() -> None:
    real = call("get", result=structured({"a": 1, "b": {"c": 2}}))
    same = score_one(real, structured({"a": 5, "b": {"c": "nine"}}))
    assert (same.structural_match, same.key_overlap) == (True, 1.0)
    fewer = score_one(real, structured({"a": 1}))
    assert fewer.structural_match is False
    assert fewer.key_overlap == pytest.approx(2 / 4)  # {$object, a} of {$object, a, b, b.c}
    prose = score_one(call("say", result=text("Hello there")), text("Something else entirely"))
    assert prose.structural_match is True
    missing_answer = score_one(real, None)
    assert (missing_answer.structural_match, missing_answer.key_overlap) == (False, 0.0)


def semantic_session(second_real: dict[str, Any], second_simulated: dict[str, Any]) -> CallScore:
    scorer = SessionScorer({})
    create = call("create", {"name": "Alice_Chen", "kind": "person"}, structured({"created": True}))
    scorer.score(create, create.result, None)
    return scorer.score(call("get", {}, second_real, index=2), second_simulated, None)


def test_semantic_counts_known_real_items_the_simulation_has_at_the_same_path() -> None:
    real = structured({"entity": {"name": "Alice_Chen", "kind": "person", "age": 30}})  # 30 was never known
    partly = semantic_session(real, structured({"entity": {"name": "Alice_Chen", "kind": "robot"}}))
    assert (partly.semantic_hits, partly.semantic_of) == (1, 2)
    moved = semantic_session(real, structured({"name": "Alice_Chen", "kind": "person"}))
    assert (moved.semantic_hits, moved.semantic_of) == (0, 2)
    assert moved.semantic == 0.0


def test_semantic_for_a_non_json_real_answer_looks_anywhere() -> None:
    found = semantic_session(text("Alice_Chen is a person"), structured({"who": {"name": "Alice_Chen"}}))
    assert (found.semantic_hits, found.semantic_of) == (1, 2)


def test_semantic_vocabulary_is_earlier_calls_not_this_calls_arguments() -> None:
    echoed = score_one(call("get", {"name": "Bob"}, structured({"name": "Bob"})), structured({"name": "Bob"}))
    assert (echoed.semantic_of, echoed.semantic) == (0, None)


def test_semantic_vocabulary_includes_the_world_seed() -> None:
    scorer = SessionScorer({}, seed={"entities": {"ticket": [{"id": "T-100", "title": "Printer"}]}})
    listed = call("list", {}, structured({"tickets": [{"id": "T-100"}]}))
    score = scorer.score(listed, structured({"tickets": []}), None)
    assert (score.semantic_hits, score.semantic_of) == (0, 1)


# -- minted ids ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key",
    [
        *("id", "ID", "ids", "uuid", "hash", "sha"),
        *("task_id", "task_ids", "_id", "USER_ID"),
        *("requestId", "taskIds", "userID"),
    ],
)
def test_id_like_keys(key: str) -> None:
    assert is_id_key(key)


@pytest.mark.parametrize("key", ["valid", "paid", "name", "identity", "idea", "android", "hashes", "Id_card"])
def test_keys_that_are_not_id_like(key: str) -> None:
    assert not is_id_key(key)


def test_a_minted_id_is_mapped_in_later_arguments_and_real_answers() -> None:
    scorer = SessionScorer({})
    create = call("create", {"title": "x"}, structured({"id": "task-1", "title": "x"}))
    first = scorer.score(create, structured({"id": "T-9", "title": "x"}), None)
    assert (first.minted_ids, first.minted_ids_mapped) == (1, 1)

    get = call(
        "get",
        {"taskId": "task-1", "note": "see task-1, not task-10"},
        structured({"task": {"id": "task-1", "title": "x"}, "message": "Task task-1 updated."}),
        index=2,
    )
    assert scorer.arguments_for(get) == {"taskId": "T-9", "note": "see T-9, not task-10"}
    second = scorer.score(get, structured({"task": {"id": "T-9", "title": "x"}, "message": "Task T-9 updated."}), None)
    assert (second.reused_ids, second.reused_ids_mapped) == (1, 1)
    assert (second.minted_ids, second.semantic_hits, second.semantic_of) == (0, 3, 3)  # T-9 twice, title x
    assert second.violations == frozenset()


def test_short_ids_are_mapped_as_whole_values_but_not_inside_strings() -> None:
    scorer = SessionScorer({})
    scorer.score(call("create", {}, structured({"id": "t1"})), structured({"id": "S7"}), None)
    later = call("get", {"id": "t1", "text": "t1 is done"}, index=2)
    assert scorer.arguments_for(later) == {"id": "S7", "text": "t1 is done"}


def test_numeric_ids_map_numbers_and_their_digits_inside_strings() -> None:
    scorer = SessionScorer({})
    scorer.score(call("create", {}, structured({"number": 1, "issue_id": 1234})), structured({"issue_id": 77}), None)
    later = call("close", {"issue": 1234, "title": "fix #1234", "count": 1}, index=2)
    assert scorer.arguments_for(later) == {"issue": 77, "title": "fix #77", "count": 1}


def test_ids_are_paired_by_exact_path_and_unpaired_ones_stay_unmapped() -> None:
    scorer = SessionScorer({})
    real = structured({"tasks": [{"id": "task-1"}, {"id": "task-2"}]})
    first = scorer.score(call("plan", {}, real), structured({"tasks": [{"id": "T-1"}]}), None)
    assert (first.minted_ids, first.minted_ids_mapped) == (2, 1)
    later = call("get", {"a": "task-1", "b": "task-2"}, structured({"ok": True}), index=2)
    assert scorer.arguments_for(later) == {"a": "T-1", "b": "task-2"}
    second = scorer.score(later, structured({"ok": True}), None)
    assert (second.reused_ids, second.reused_ids_mapped) == (2, 1)
    again = scorer.score(replace(later, index=3), structured({"ok": True}), None)
    assert again.reused_ids == 0  # reuse is counted once per id


def test_an_id_the_session_already_knew_is_not_minted() -> None:
    scorer = SessionScorer({}, seed={"entities": {"user": [{"id": "u-1"}]}})
    real = structured({"id": "own-7", "owner_id": "u-1"})  # an id the call was given, an id the seed has
    score = scorer.score(call("create", {"ref": "own-7"}, real), text("ok"), None)
    assert score.minted_ids == 0


def test_the_id_map_replaces_only_at_token_boundaries() -> None:
    mapping = IdMap()
    mapping.add("task-1", "T-9")
    kept = ["task-10", "task-1-b", "task-1.v2", "xtask-1", "my_task-1"]
    replaced = {"/tasks/task-1.": "/tasks/T-9.", "id:task-1": "id:T-9", "(task-1)": "(T-9)", "#task-1": "#T-9"}
    assert [mapping.apply(value) for value in kept] == kept
    assert {value: mapping.apply(value) for value in replaced} == replaced
    assert mapping.apply({"task-1": ["task-1", True, 1]}) == {"T-9": ["T-9", True, 1]}


# -- integrity violations -----------------------------------------------------------------------------------------


def persistence_session(arguments: dict[str, Any], simulated: dict[str, Any]) -> CallScore:
    scorer = SessionScorer({})
    create = call("create", {"name": "Alice_Chen", "role": "engineer"}, structured({"created": True}))
    scorer.score(create, create.result, None)
    real = structured({"entities": [{"name": "Alice_Chen", "role": "engineer"}]})
    return scorer.score(call("read", arguments, real, index=2), simulated, None)


def test_persistence_is_violated_when_an_established_value_is_missing() -> None:
    score = persistence_session({}, structured({"entities": [{"name": "Alice_Chen", "role": "manager"}]}))
    assert ("P" in score.opportunities, "P" in score.violations) == (True, True)
    assert score.evidence["P"] == ("engineer",)


def test_persistence_holds_when_the_simulation_shows_the_established_values_anywhere() -> None:
    score = persistence_session({}, text("Alice_Chen (engineer)"))
    assert ("P" in score.opportunities, "P" in score.violations) == (True, False)


def test_persistence_has_no_opportunity_for_values_this_calls_arguments_hold() -> None:
    score = persistence_session({"name": "Alice_Chen", "role": "engineer"}, structured({"entities": []}))
    assert "P" not in score.opportunities


def test_persistence_has_no_opportunity_when_the_real_call_failed() -> None:
    scorer = SessionScorer({})
    scorer.score(call("create", {"name": "Alice_Chen"}, structured({})), structured({}), None)
    score = scorer.score(call("read", {}, text("Error: Alice_Chen locked", error=True), index=2), text("ok"), None)
    assert "P" not in score.opportunities


@pytest.mark.parametrize(
    "real",
    [
        text("Entity with name Ghost not found", error=True),
        text('{"status": "task_not_found", "message": "missing"}'),
        text("ENOENT: /tmp/x", error=True),
    ],
)
def test_not_found_is_violated_when_the_simulation_succeeds(real: dict[str, Any]) -> None:
    violating = score_one(call("get", {"id": "g"}, real), structured({"name": "Ghost"}))
    assert ("N" in violating.opportunities, "N" in violating.violations) == (True, True)
    holding = score_one(call("get", {"id": "g"}, real), text("Ghost does not exist", error=True))
    assert ("N" in holding.opportunities, "N" in holding.violations) == (True, False)


def test_not_found_has_no_opportunity_for_other_failures_or_successes() -> None:
    invalid = score_one(call("get", {}, text("MCP error -32602: Invalid input", error=True)), text("fine"))
    assert "N" not in invalid.opportunities
    found = score_one(call("get", {}, text("Found it: not found earlier")), text("fine"))
    assert "N" not in found.opportunities


def test_invented_is_violated_by_an_id_never_seen_when_the_real_call_minted_nothing() -> None:
    score = score_one(call("get", {"ref": "abc"}, structured({"ok": True})), structured({"ok": True, "id": "sim-42"}))
    assert ("A" in score.opportunities, "A" in score.violations) == (True, True)
    assert score.evidence["A"] == ("sim-42",)


def test_invented_holds_for_ids_from_arguments_or_the_real_answer() -> None:
    real = structured({"ok": True, "owner": "own-1"})
    score = score_one(call("get", {"ref": "abc"}, real), structured({"id": "abc", "owner_id": "own-1"}))
    assert ("A" in score.opportunities, "A" in score.violations) == (True, False)


def test_invented_has_no_opportunity_when_the_real_call_minted_or_the_simulation_failed() -> None:
    minted = score_one(call("create", {}, structured({"id": "r-1"})), structured({"id": "s-1"}))
    assert "A" not in minted.opportunities
    failed = score_one(call("get", {}, structured({"ok": True})), text('{"error": "x", "request_id": "q-1"}'))
    assert "A" not in failed.opportunities


def test_an_invented_id_is_charged_once_where_it_appeared() -> None:
    scorer = SessionScorer({})
    ok = structured({"ok": True})
    first = scorer.score(call("get", {}, ok), structured({"id": "sim-1"}), None)
    second = scorer.score(call("get", {}, ok, index=2), structured({"id": "sim-1"}), None)
    assert ("A" in first.violations, "A" in second.violations) == (True, False)


def reference_session(
    second_real: dict[str, Any], simulated: dict[str, Any], argument: str = "Alice_Chen"
) -> CallScore:
    scorer = SessionScorer({})
    create = call("create", {"name": "Alice_Chen", "note": "Works at Acme"}, structured({"created": True}))
    scorer.score(create, create.result, None)
    return scorer.score(call("get", {"name": argument}, second_real, index=2), simulated, None)


def test_rejected_reference_is_violated_when_the_simulation_fails_on_an_established_value() -> None:
    violating = reference_session(structured({"name": "Alice_Chen"}), text("Entity not found", error=True))
    assert ("R" in violating.opportunities, "R" in violating.violations) == (True, True)
    assert violating.evidence["R"] == ("Alice_Chen",)
    holding = reference_session(structured({"name": "Alice_Chen"}), structured({"name": "Alice_Chen"}))
    assert ("R" in holding.opportunities, "R" in holding.violations) == (True, False)


def test_rejected_reference_needs_a_real_success_and_a_whole_established_value() -> None:
    real_failed = reference_session(text("Entity not found", error=True), text("no", error=True))
    assert "R" not in real_failed.opportunities
    word_of_a_sentence = reference_session(structured({"hits": []}), text("no", error=True), argument="Acme")
    assert "R" not in word_of_a_sentence.opportunities


def test_rejected_reference_counts_seeded_and_minted_ids() -> None:
    seed = {"id_fields": {"user": "login"}, "entities": {"user": [{"login": "ann"}], "ticket": [{"id": 7}]}}
    scorer = SessionScorer({}, seed=seed)
    rejected = text("Forbidden", error=True)
    by_field = scorer.score(call("user", {"who": "ann"}, structured({"ok": 1})), rejected, None)
    numeric = scorer.score(call("ticket", {"ticket": 7}, structured({"ok": 1}), index=2), rejected, None)
    assert ("R" in by_field.violations, "R" in numeric.violations) == (True, True)
    scorer.score(call("create", {}, structured({"id": "x1"}), index=3), structured({"id": "Y1"}), None)
    minted = scorer.score(call("get", {"ref": "x1"}, structured({"ok": 1}), index=4), rejected, None)
    assert minted.evidence["R"] == ("Y1",)


def test_any_violation_applies_only_with_an_opportunity() -> None:
    none = score_one(call("get", {}, text("fine")), text("fine", error=True))
    assert (none.opportunities, none.any_violation) == (frozenset(), None)
    one = score_one(call("get", {}, structured({"ok": True})), structured({"id": "new-1"}))
    assert one.any_violation is True


# -- pooling ------------------------------------------------------------------------------------------------------

BASE = CallScore(
    server="s",
    session="one",
    index=1,
    tool="t",
    answered=True,
    valid=None,
    is_error_agreement=True,
    is_error_flag_agreement=True,
    structural_match=True,
    key_overlap=1.0,
    semantic_hits=0,
    semantic_of=0,
    real_failed=False,
    simulated_failed=False,
    opportunities=frozenset(),
    violations=frozenset(),
    minted_ids=0,
    minted_ids_mapped=0,
    reused_ids=0,
    reused_ids_mapped=0,
)


def test_pool_keeps_the_counts_behind_every_rate_per_tool_server_and_overall() -> None:
    scores = [
        replace(BASE, valid=True, semantic_hits=1, semantic_of=3, opportunities=frozenset({"P", "R"})),
        replace(
            BASE,
            index=2,
            answered=False,
            valid=False,
            structural_match=False,
            key_overlap=0.5,
            semantic_hits=2,
            semantic_of=2,
            opportunities=frozenset({"P"}),
            violations=frozenset({"P"}),
            minted_ids=2,
            minted_ids_mapped=1,
        ),
        replace(BASE, tool="u", index=3, is_error_agreement=False, reused_ids=1, reused_ids_mapped=1),
        replace(BASE, server="z", tool="t"),
    ]
    pooled = pool(scores)
    overall = pooled["overall"]["measures"]
    assert pooled["overall"]["calls"] == 4
    assert overall["answered"] == {"rate": 0.75, "hits": 3, "of": 4}
    assert overall["valid"] == {"rate": 0.5, "hits": 1, "of": 2}
    assert overall["is_error_agreement"] == {"rate": 0.75, "hits": 3, "of": 4}
    assert overall["key_overlap"] == {"rate": pytest.approx(3.5 / 4), "hits": 3.5, "of": 4}
    assert overall["semantic"] == {"rate": 0.6, "hits": 3, "of": 5}  # items, not calls
    assert overall["P_persistence"] == {"rate": 0.5, "hits": 1, "of": 2}
    assert overall["R_rejected_reference"] == {"rate": 0.0, "hits": 0, "of": 1}
    assert overall["N_not_found"] == {"rate": None, "hits": 0, "of": 0}
    assert overall["any_violation"] == {"rate": 0.5, "hits": 1, "of": 2}
    assert overall["minted_ids_mapped"] == {"rate": 0.5, "hits": 1, "of": 2}
    assert overall["reused_ids_mapped"] == {"rate": 1.0, "hits": 1, "of": 1}
    assert sorted(pooled["servers"]) == ["s", "z"]
    assert pooled["servers"]["s"]["calls"] == 3
    assert pooled["tools"]["s"]["t"]["measures"]["structural_match"] == {"rate": 0.5, "hits": 1, "of": 2}
    assert pooled["tools"]["s"]["u"]["measures"]["is_error_agreement"] == {"rate": 0.0, "hits": 0, "of": 1}
    assert pooled["tools"]["z"]["t"]["calls"] == 1
    assert json.loads(json.dumps(pooled)) == pooled


def test_table_shows_each_scope_with_rates_and_counts() -> None:
    rendered = table(pool([BASE, replace(BASE, index=2, answered=False), replace(BASE, server="z", tool="w")]))
    lines = rendered.splitlines()
    assert lines[0].split()[:3] == ["scope", "calls", "answered"]
    assert any(line.startswith("overall") and "66.7% 2/3" in line for line in lines)
    assert any(line.startswith("  t ") and "50.0% 1/2" in line for line in lines)
    assert any(line.startswith("  w ") for line in lines)
    assert "1.00 n=3" in rendered
    assert "P" in rendered.split("\n\n")[1].splitlines()[0]


# -- a recorded session against itself ----------------------------------------------------------------------------


def recorded_sessions(name: str) -> dict[str, list[RecordedCall]]:
    path = TRAJECTORIES / name
    if not path.is_file():
        missing(f"recorded trajectories not found at {path}")
    sessions: dict[str, list[RecordedCall]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            recorded = RecordedCall.from_json(json.loads(line))
            sessions.setdefault(recorded.session, []).append(recorded)
    return sessions


def self_scores(name: str) -> list[CallScore]:
    scores = []
    for calls in recorded_sessions(name).values():
        scorer = SessionScorer({})
        for recorded in calls:
            assert scorer.arguments_for(recorded) == recorded.arguments  # identical ids map to themselves
            scores.append(scorer.score(recorded, recorded.result, recorded.protocol_error))
    return scores


def test_the_memory_trajectory_scored_against_itself_agrees_perfectly() -> None:
    scores = self_scores("memory.jsonl")
    overall = pool(scores)["overall"]["measures"]
    assert overall["is_error_agreement"] == {"rate": 1.0, "hits": len(scores), "of": len(scores)}
    assert overall["structural_match"] == {"rate": 1.0, "hits": len(scores), "of": len(scores)}
    assert overall["key_overlap"]["rate"] == 1.0
    assert overall["semantic"]["rate"] == 1.0
    assert overall["any_violation"]["hits"] == 0
    # The checks did have something to check: state shown again, a deleted entity, references to entities.
    assert all(overall[name]["of"] > 0 for name in ("P_persistence", "N_not_found", "R_rejected_reference"))


@pytest.mark.parametrize("name", ["everything.jsonl", "taskmanager.jsonl", "time.jsonl"])
def test_other_trajectories_scored_against_themselves_agree_perfectly(name: str) -> None:
    overall = pool(self_scores(name))["overall"]["measures"]
    assert overall["is_error_agreement"]["rate"] == 1.0
    assert overall["structural_match"]["rate"] == 1.0
    assert overall["any_violation"]["hits"] == 0
    assert overall["minted_ids_mapped"]["rate"] in (None, 1.0)
