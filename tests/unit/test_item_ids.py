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
