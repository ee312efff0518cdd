"""A learned create hands out ids in the form its observed answers showed (simulator._shown_id, render.mint_like)."""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_sim.config import Example, ToolSpec
from tests.unit.test_recall import path_of, text


def store(shown: dict[str, Any]) -> ToolSpec:
    example = Example(
        arguments={"title": "Old note"},
        result={"content": [{"type": "text", "text": json.dumps(shown)}]},
    )
    schema = {"type": "object", "properties": {"title": {"type": "string"}}}
    return ToolSpec(name="create_note", input_schema=schema, examples=[example])


GET = ToolSpec(name="get_note", input_schema={"type": "object", "properties": {"id": {"type": "string"}}})


async def test_a_server_that_shows_uuids_is_simulated_handing_out_uuids() -> None:
    shown = {"success": True, "note": {"id": "055f743a-24dd-41b2-97f0-da8a5150073a", "title": "Old note"}}
    path = path_of(store(shown), GET)
    made = json.loads(text(await path.call("s", "create_note", {"title": "Jest needs ESM"})))["note"]["id"]
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", made)
    assert made != "055f743a-24dd-41b2-97f0-da8a5150073a"  # a new one, not the example's
    assert "Jest needs ESM" in text(await path.call("s", "get_note", {"id": made}))  # and the ledger keeps it


async def test_a_server_that_counts_is_simulated_counting_and_tagged_hashes_keep_their_tag() -> None:
    path = path_of(store({"id": 7, "title": "Old note"}), GET)
    first = json.loads(text(await path.call("s", "create_note", {"title": "a"})))["id"]
    second = json.loads(text(await path.call("s", "create_note", {"title": "b"})))["id"]
    assert (first, second) == (1, 2)
    tagged = path_of(store({"id": "char_ebdbeaba", "title": "Old note"}), GET)
    made = json.loads(text(await tagged.call("s", "create_note", {"title": "c"})))["id"]
    assert re.fullmatch(r"char_[0-9a-f]{8}", made) and made != "char_ebdbeaba"


async def test_a_server_handing_out_record_locators_is_simulated_handing_out_locators() -> None:
    path = path_of(store({"id": "NO6JO3", "title": "Old note"}), GET)
    first = json.loads(text(await path.call("s", "create_note", {"title": "a"})))["id"]
    second = json.loads(text(await path.call("s", "create_note", {"title": "b"})))["id"]
    assert re.fullmatch(r"[A-Z0-9]{6}", first) and re.fullmatch(r"[A-Z0-9]{6}", second), (first, second)
    assert len({first, second, "NO6JO3"}) == 3  # new ones, not the example's nor ``NO6JO3-1``
    counted = path_of(store({"id": "TASK12", "title": "Old note"}), GET)  # a tag and its count keeps counting
    assert json.loads(text(await counted.call("s", "create_note", {"title": "c"})))["id"] == "TASK1"
