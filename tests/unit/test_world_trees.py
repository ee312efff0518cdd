"""A nested tree in an initial state is one value, whatever its top keys look like (ledger/world_import.py), and a
seeded file tree's working directory is its home folder (simulation/builtin/files.py)."""

from __future__ import annotations

from typing import Any

from mcp_sim.ledger.entities import Ledger
from mcp_sim.ledger.world import as_world
from mcp_sim.ledger.world_import import source_of
from mcp_sim.ledger.world_state import scalars, singleton_effect
from mcp_sim.simulation.builtin.files import CWD, seeded


def folder(**contents: Any) -> dict[str, Any]:
    return {"kind": "folder", "items": contents}


def page(text: str) -> dict[str, Any]:
    return {"kind": "page", "text": text}


def test_a_tree_whose_top_keys_look_like_ids_stays_one_value() -> None:
    state = {
        "Wiki": {
            "pages": {"Team2_Notes": folder(Old=folder(), readme=page("hi"))},  # a digit in its key
            "users": {"u1": {"name": "Ann"}, "u2": {"name": "Bo"}},  # a table all the same
        }
    }
    world = as_world(state)
    assert world.singletons["pages"] == state["Wiki"]["pages"]
    assert "user" in world.entities and "pages" not in world.entities
    assert source_of(world) == state  # written back as it came


def test_several_top_folders_sharing_fields_are_still_one_tree() -> None:
    state = {"App": {"tree": {"empty": folder(), "main": folder(src=folder(x=page("1")))}}}
    assert as_world(state).singletons["tree"] == state["App"]["tree"]


def file_tree(**tops: Any) -> Ledger:
    def node(value: Any) -> dict[str, Any]:
        if isinstance(value, str):
            return {"type": "file", "content": value}
        return {"type": "directory", "contents": {k: node(v) for k, v in value.items()}}

    ledger = Ledger()
    ledger.apply(singleton_effect("root", {k: node(v) for k, v in tops.items()}))
    for effect in seeded(ledger):
        ledger.apply(effect)
    return ledger


def test_the_working_directory_is_the_one_top_folder_that_holds_anything() -> None:
    assert scalars(file_tree(bin={}, home={"notes.txt": "x"}))[CWD] == "/home"
    assert scalars(file_tree(only={}))[CWD] == "/only"
    assert scalars(file_tree(a={"x": "1"}, b={"y": "2"}))[CWD] == "/"  # two homes: no guess
