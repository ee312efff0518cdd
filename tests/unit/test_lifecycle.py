"""Named things the session made or removed (lifecycle.py), on made-up tools."""

from typing import Any

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of, text


def _schema(*keys: str) -> dict[str, Any]:
    return {"type": "object", "properties": {k: {"type": "string"} for k in keys}}


STRING = {"type": "string"}
STRINGS = {"type": "array", "items": STRING}
TABS = [
    ToolSpec(name="new_deck", input_schema={"type": "object", "properties": {"deck": STRING, "slides": STRINGS}}),
    ToolSpec(name="add_slide", input_schema=_schema("deck", "new_name")),
    ToolSpec(name="create_slide", input_schema=_schema("deck", "new_name")),
    ToolSpec(name="rename_slide", input_schema=_schema("deck", "slide", "new_name")),
    ToolSpec(name="drop_slide", input_schema=_schema("deck", "slide")),
    ToolSpec(name="show_text", input_schema=_schema("deck", "slide", "range")),
]


async def test_a_renamed_or_removed_name_is_not_found_and_a_made_one_is_taken() -> None:
    path = path_of(*TABS)
    assert not (await path.call("s", "new_deck", {"deck": "a.deck", "slides": ["Intro"]})).is_error
    taken = await path.call("s", "create_slide", {"deck": "a.deck", "new_name": "Intro"})
    assert taken.is_error and "already exists" in text(taken)  # the plural list made it
    assert not (await path.call("s", "create_slide", {"deck": "b.deck", "new_name": "Intro"})).is_error  # other deck
    renamed = {"deck": "a.deck", "slide": "Intro", "new_name": "Start"}
    assert not (await path.call("s", "rename_slide", renamed)).is_error
    gone = await path.call("s", "show_text", {"deck": "a.deck", "slide": "Intro", "range": "1:2"})
    assert gone.is_error and "not found" in text(gone)
    assert not (await path.call("s", "show_text", {"deck": "a.deck", "slide": "Start"})).is_error
    assert not (await path.call("s", "show_text", {"deck": "b.deck", "slide": "Intro"})).is_error  # other deck
    assert not (await path.call("s", "drop_slide", {"deck": "a.deck", "slide": "Start"})).is_error
    again = await path.call("s", "drop_slide", {"deck": "a.deck", "slide": "Start"})
    assert again.is_error and "not found" in text(again)
    assert not (await path.call("s", "create_slide", {"deck": "a.deck", "new_name": "Start"})).is_error  # free again


async def test_names_from_before_the_session_are_open() -> None:
    path = path_of(*TABS)
    assert not (await path.call("s", "show_text", {"deck": "a.deck", "slide": "Budget"})).is_error
    assert not (await path.call("s", "create_slide", {"deck": "a.deck", "new_name": "Budget"})).is_error


PAGES = [
    ToolSpec(
        name="wiki_create_page",
        description="Create a page without overwriting an existing one.",
        input_schema=_schema("space", "path", "content"),
    ),
    ToolSpec(
        name="wiki_make_folder",
        description="Make a folder; succeeds silently when it exists.",
        input_schema=_schema("space", "path"),
    ),
    ToolSpec(name="wiki_move_page", input_schema=_schema("space", "source", "destination")),
    ToolSpec(name="wiki_get_page", input_schema=_schema("space", "path")),
]


async def test_a_moved_path_is_gone_and_its_destination_taken_when_the_create_says_it_refuses() -> None:
    path = path_of(*PAGES)
    page = {"space": "team", "path": "Inbox/idea.md", "content": "first draft"}
    assert not (await path.call("s", "wiki_create_page", page)).is_error
    moved = {"space": "team", "source": "Inbox/idea.md", "destination": "Ideas/idea.md"}
    assert not (await path.call("s", "wiki_move_page", moved)).is_error
    gone = await path.call("s", "wiki_get_page", {"space": "team", "path": "Inbox/idea.md"})
    assert gone.is_error and "not found" in text(gone)
    taken = await path.call("s", "wiki_create_page", {"space": "team", "path": "Ideas/idea.md", "content": "x"})
    assert taken.is_error and "already exists" in text(taken)
    assert not (await path.call("s", "wiki_create_page", {"space": "team", "path": "Inbox/idea.md"})).is_error


async def test_a_create_that_accepts_what_exists_does_not_conflict() -> None:
    path = path_of(*PAGES)
    folder = {"space": "team", "path": "Archive"}
    assert not (await path.call("s", "wiki_make_folder", folder)).is_error
    assert not (await path.call("s", "wiki_make_folder", folder)).is_error  # mkdir -p


def test_roles_are_kept_by_what_they_read_tool_strings_and_list_strings() -> None:
    # lifecycle._roles is cached by (tool, string arguments, lists' strings): equal calls share it, and any
    # string that could change a role (a list's item, a scope argument) gives a call its own entry
    from mcp_sim.simulation.builtin import lifecycle

    made = lifecycle._roles("new_deck", {"deck": "a.deck", "slides": ["Intro"], "count": 2})
    assert lifecycle._roles("new_deck", {"deck": "a.deck", "slides": ["Intro"], "count": 3}) is made
    other = lifecycle._roles("new_deck", {"deck": "a.deck", "slides": ["Outro"]})
    assert [n.value for n in made.made] == ["a.deck", "Intro"] and [n.value for n in other.made] == ["a.deck", "Outro"]
    scoped = lifecycle._roles("drop_slide", {"deck": "b.deck", "slide": "Intro"})
    assert scoped.removed[0].scope == (("deck", "b.deck"),)
    assert lifecycle.scope_of({"deck": "b.deck", "slide": "Intro"}) == (("deck", "b.deck"), ("slide", "Intro"))


async def test_a_create_given_labels_makes_no_labels_so_two_tasks_share_one() -> None:
    """``task_create(title, labels=["payments"])`` twice: a task's labels name other things, unlike a deck's slides,
    which the deck makes along with itself."""
    labelled = {"type": "object", "properties": {"title": STRING, "labels": STRINGS, "milestone": STRING}}
    path = path_of(ToolSpec(name="task_create", input_schema=labelled))
    for title in ("Add the webhook", "Validate cart totals"):
        made = await path.call("s", "task_create", {"title": title, "labels": ["payments"], "milestone": "v1.2"})
        assert not made.is_error, text(made)  # before: "label 'payments' already exists"
