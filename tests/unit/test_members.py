"""Lists kept inside an entity change with add_/remove_ tools (members.py)."""

from pathlib import Path

import yaml

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

MEMORY = Path(__file__).parents[1] / "data" / "tool_lists" / "memory.tools.yaml"
SPECS = [ToolSpec.model_validate(t) for t in yaml.safe_load(MEMORY.read_text(encoding="utf-8"))["tools"]]


async def test_added_observations_join_the_entity_and_removed_ones_leave_it() -> None:
    path = path_of(*SPECS)
    await path.call("s", "create_entities", {"entities": [{"name": "A", "entityType": "p", "observations": ["x"]}]})
    await path.call("s", "add_observations", {"observations": [{"entityName": "A", "contents": ["y", "x"]}]})
    state = await path.store.load(path.experiment.name, "s")
    assert state.ledger.get("entity", "A")["observations"] == ["x", "y"]  # type: ignore[index]
    await path.call("s", "delete_observations", {"deletions": [{"entityName": "A", "observations": ["x"]}]})
    state = await path.store.load(path.experiment.name, "s")
    assert state.ledger.get("entity", "A")["observations"] == ["y"]  # type: ignore[index]


async def test_a_filter_by_criterion_lists_the_records_whose_fields_it_names() -> None:
    todo = {"type": "object", "properties": {"text": {"type": "string"}, "projects": {"type": "array",
            "items": {"type": "string"}}}}  # fmt: skip
    by_project = {"type": "object", "properties": {"project": {"type": "string"}}}
    any_object = {"type": "object", "additionalProperties": True}
    path = path_of(ToolSpec(name="add_todo", input_schema=todo, output_schema=any_object),
                   ToolSpec(name="filter_by_project", input_schema=by_project, output_schema=any_object))  # fmt: skip
    await path.call("s", "add_todo", {"text": "Write docs", "projects": ["docs"]})
    await path.call("s", "add_todo", {"text": "Plan offsite", "projects": ["team"]})
    found = (await path.call("s", "filter_by_project", {"project": "docs"})).structured_content
    assert found is not None and [t["text"] for t in found["todos"]] == ["Write docs"]
    none = (await path.call("s", "filter_by_project", {"project": "nope"})).structured_content
    assert none is not None and none["todos"] == []


async def test_reads_show_lists_as_they_are_now_and_batch_results_echo_their_items() -> None:
    path = path_of(*SPECS)
    alice = {"name": "Alice", "entityType": "person", "observations": ["Works at Acme"]}
    await path.call("s", "create_entities", {"entities": [alice]})
    added = await path.call("s", "add_observations", {"observations": [{"entityName": "Alice", "contents": ["Chess"]}]})
    assert added.structured_content == {"results": [{"entityName": "Alice", "addedObservations": ["Chess"]}]}
    opened = (await path.call("s", "open_nodes", {"names": ["Alice"]})).structured_content
    assert opened is not None
    assert [e["observations"] for e in opened["entities"]] == [["Works at Acme", "Chess"]]  # not as created


async def test_relations_are_found_by_their_content_and_batch_deletes_are_idempotent() -> None:
    path = path_of(*SPECS)
    people = [{"name": n, "entityType": "person", "observations": []} for n in ("A", "B")]
    await path.call("s", "create_entities", {"entities": people})
    await path.call("s", "create_relations", {"relations": [{"from": "A", "to": "B", "relationType": "knows"}]})
    missing = await path.call("s", "delete_relations", {"relations": [{"from": "B", "to": "A", "relationType": "x"}]})
    assert not missing.is_error  # as the memory server: deleting what is not there is no error
    gone = await path.call("s", "delete_entities", {"entityNames": ["B", "Nobody"]})
    assert not gone.is_error
    state = await path.store.load(path.experiment.name, "s")
    assert state.ledger.exists("entity", "A") and not state.ledger.exists("entity", "B")


async def test_changing_a_relation_the_session_never_made_is_not_found() -> None:
    graph = Path(__file__).parents[2] / "benchmarks" / "trajectories" / "knowledge_graph.tools.yaml"
    specs = [ToolSpec.model_validate(t) for t in yaml.safe_load(graph.read_text(encoding="utf-8"))["tools"]]
    path = path_of(*specs)
    edge = {"from": "A", "to": "B", "relationType": "knows"}
    await path.call("s", "create_relations", {"relations": [edge]})
    assert not (await path.call("s", "update_relations", {"relations": [edge]})).is_error
    other = await path.call("s", "update_relations", {"relations": [{**edge, "relationType": "leads"}]})
    assert other.is_error and "not found" in str(other.content[0]).lower()


async def test_a_batch_create_skips_names_that_exist_and_a_bare_read_shows_everything() -> None:
    path = path_of(*SPECS)
    bob = {"name": "Bob", "entityType": "person", "observations": ["Likes chess"]}
    carol = {"name": "Carol", "entityType": "person", "observations": []}
    await path.call("s", "create_entities", {"entities": [bob, carol]})
    again = {"name": "Bob", "entityType": "robot", "observations": ["duplicate"]}
    dave = {"name": "Dave", "entityType": "person", "observations": ["New hire"]}
    made = (await path.call("s", "create_entities", {"entities": [again, dave]})).structured_content
    assert made is not None and [e["name"] for e in made["entities"]] == ["Dave"]  # Bob exists: skipped
    graph = (await path.call("s", "read_graph", {})).structured_content
    assert graph is not None
    shown = {e["name"]: e for e in graph["entities"]}
    assert sorted(shown) == ["Bob", "Carol", "Dave"] and shown["Bob"]["entityType"] == "person"
