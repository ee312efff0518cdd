"""A document's text as its create and later appends left it (appended.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin import appended
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.base import Turn
from mcp_sim.state.memory import MemoryStore


def turn(tool: str, arguments: dict[str, Any], failed: bool = False) -> Turn:
    return Turn(index=0, tool=tool, arguments=arguments, route="sim", result={"isError": failed})


NOTE = {"vault": "notes", "path": "Inbox/Idea.md"}


def test_appends_and_prepends_extend_the_created_text_and_a_move_carries_it() -> None:
    earlier = [
        turn("create_note", {**NOTE, "content": "# Idea\nUsers ask."}),
        turn("edit_note", {**NOTE, "operation": "append", "content": "\n- [ ] mockups", "if_match": "abc"}),
        turn("edit_note", {**NOTE, "operation": "append", "content": "ignored"}, failed=True),
        turn("prepend_to_note", {**NOTE, "text": "---\n"}),
        turn("move_note", {"vault": "notes", "source": "Inbox/Idea.md", "destination": "Projects/Idea.md"}),
    ]
    moved = appended.shown("read_note", {"vault": "notes", "path": "Projects/Idea.md"}, earlier)
    assert moved == {"content": "---\n# Idea\nUsers ask.\n- [ ] mockups"}
    assert appended.shown("read_note", NOTE, earlier) == {}  # moved away
    assert appended.shown("read_note", {"vault": "work", "path": "Projects/Idea.md"}, earlier) == {}  # elsewhere


def test_changes_the_rule_does_not_follow_make_the_text_unknown() -> None:
    created = turn("create_note", {**NOTE, "content": "# Idea"})
    patched = turn("edit_note", {**NOTE, "operation": "search_replace", "content": "x"})
    assert appended.shown("read_note", NOTE, [created, patched]) == {}
    deleted = turn("delete_note", NOTE)
    assert appended.shown("read_note", NOTE, [created, deleted]) == {}
    assert appended.shown("read_note", NOTE, [turn("edit_note", {**NOTE, "operation": "append", "content": "y"})]) == {}
    assert not appended.may_show("write_note", {**NOTE, "content": "z"})  # not a read


def path_for(tmp_path: Path) -> CallPath:
    note = {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}
    tools = [
        {"name": "create_note", "description": "", "inputSchema": note},
        {"name": "append_to_note", "description": "", "inputSchema": note},
        {"name": "read_note", "description": "", "inputSchema": note},
    ]
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump({"tools": tools}))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: a\nseed: 4\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


async def test_a_read_shows_the_whole_text(tmp_path: Path) -> None:
    path = path_for(tmp_path)
    await path.call("s", "create_note", {"path": "a.md", "content": "first-part"})
    await path.call("s", "append_to_note", {"path": "a.md", "content": " second-part"})
    read = await path.call("s", "read_note", {"path": "a.md"})
    assert "first-part second-part" in read.content[0].text  # type: ignore[union-attr]
