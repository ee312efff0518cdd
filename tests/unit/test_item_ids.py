"""Each item a learned batch create answers is a new entity with its own id (``render._with_arguments``)."""

from __future__ import annotations

from mcp_sim.config import Example
from mcp_sim.simulation.learned import learn
from mcp_sim.simulation.render import Fill, render


def test_each_item_a_learned_create_answers_gets_its_own_new_id() -> None:
    tasks = [{"title": "a"}, {"title": "b"}]
    answered = {"requestId": "req-1", "tasks": [{"id": "task-1", "title": "a"}, {"id": "task-2", "title": "b"}]}
    shapes = learn([Example(arguments={"tasks": tasks}, result={"content": [], "structuredContent": answered})])
    assert shapes is not None and shapes.success is not None
    asked = [{"title": "x"}, {"title": "y"}, {"title": "z"}]
    body = render(shapes.success, Fill({"tasks": asked}, mint=True, number=4)).structured_content
    assert body is not None
    assert [t["id"] for t in body["tasks"]] == ["task-4", "task-5", "task-6"]  # not task-4 three times
    assert [t["title"] for t in body["tasks"]] == ["x", "y", "z"]
    assert body["requestId"] == "req-4"


def test_items_of_an_answer_that_creates_nothing_keep_the_ids_they_name() -> None:
    given = {"items": [{"item_id": "t-1", "done": True}]}
    answered = {"updated": [{"item_id": "t-1", "done": True}]}
    shapes = learn([Example(arguments=given, result={"content": [], "structuredContent": answered})])
    assert shapes is not None and shapes.success is not None
    asked = {"items": [{"item_id": "t-7", "done": True}, {"item_id": "t-9", "done": True}]}
    body = render(shapes.success, Fill(asked)).structured_content
    assert body == {"updated": [{"item_id": "t-7", "done": True}, {"item_id": "t-9", "done": True}]}


def test_a_list_inside_one_entitys_answer_never_lists_that_entity() -> None:
    project = {"id": "p-1", "name": "Web", "tasks": [{"id": "t-9", "title": "Draft"}]}
    shapes = learn([Example(arguments={"project_id": "p-1"}, result={"content": [], "structuredContent": project})])
    assert shapes is not None and shapes.success is not None
    held = [{"id": "p-2", "title": "Budget"}, {"id": "t-3", "title": "Plan"}]
    fill = Fill({"project_id": "p-2"}, records=lambda _keys: held, record={"id": "p-2", "name": "Budget"})
    body = render(shapes.success, fill).structured_content
    assert body is not None and body["name"] == "Budget"
    assert body["tasks"] == [{"id": "t-3", "title": "Plan"}]  # not project p-2 as its own task
    listing = learn([Example(arguments={}, result={"content": [], "structuredContent": {"projects": [project]}})])
    assert listing is not None and listing.success is not None
    shown = render(listing.success, Fill({}, records=lambda _keys: held)).structured_content  # a list names none
    assert shown is not None and [p["id"] for p in shown["projects"]] == ["p-2", "t-3"]  # a listing lists them all


def test_items_an_action_makes_one_per_argument_item_get_their_own_ids() -> None:
    tasks = [{"title": "a"}, {"title": "b"}]
    answered = {"requestId": "req-1", "tasks": [{"id": "task-1", "title": "a"}, {"id": "task-2", "title": "b"}]}
    shapes = learn([Example(arguments={"tasks": tasks}, result={"content": [], "structuredContent": answered})])
    assert shapes is not None and shapes.success is not None
    asked = [{"title": "x"}, {"title": "y"}, {"title": "z"}]
    body = render(shapes.success, Fill({"tasks": asked})).structured_content  # an action: mint is off
    assert body is not None
    assert [t["id"] for t in body["tasks"]] == ["task-1", "task-2", "task-3"]  # request_planning's three tasks
    assert body["requestId"] == "req-1"  # the answer's own id, as the action's example named it
