"""An object store keeps its records under the caller's key: ``put_object(key)``, ``get_object(key)``,
``delete_object(key)``, ``list_objects(prefix)`` (ledger/effects.py, simulation/builtin/ranges.py, made.py)."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import infer_effect
from mcp_sim.simulation.builtin.ranges import bounds, within
from tests.unit.test_recall import path_of, text


def _tool(name: str, properties: dict[str, Any], required: list[str]) -> ToolSpec:
    return ToolSpec(name=name, input_schema={"type": "object", "properties": properties, "required": required})


KEY = {"key": {"type": "string"}}
PUT = _tool("put_object", {**KEY, "size": {"type": "integer"}}, ["key"])
GET = _tool("get_object", KEY, ["key"])
DELETE = _tool("delete_object", KEY, ["key"])
LIST = _tool("list_objects", {"prefix": {"type": "string"}}, [])


def test_a_required_key_names_the_record_a_read_or_delete_acts_on() -> None:
    assert infer_effect(GET).id == "key" and infer_effect(DELETE).id == "key"
    # a key the call may leave out names no record (``context_get(key?)`` lists without one)
    assert infer_effect(_tool("get_object", KEY, [])).id is None
    # the type's own id still wins over a key
    assert infer_effect(_tool("get_object", {**KEY, "object_id": {"type": "string"}}, ["key"])).id == "object_id"


def test_a_prefix_selects_the_names_that_start_with_it() -> None:
    site = bounds({"prefix": "site/"})
    assert within({"key": "site/app.js"}, site) and not within({"key": "tmp/a.bin"}, site)
    assert not within({"path": "docs/a.md"}, site)  # no key: the path is the name
    assert within({"name": "api-gateway", "path": "x"}, bounds({"name_prefix": "api-"}))
    assert not within({"name": "web", "path": "api-x"}, bounds({"name_prefix": "api-"}))  # the named field only
    assert within({"size": 3}, site)  # no name to read: nothing selected away


async def test_a_store_keeps_what_was_put_and_forgets_what_was_deleted() -> None:
    path = path_of(PUT, GET, DELETE, LIST)
    for key, size in (("site/index.html", 5120), ("site/app.js", 48213), ("tmp/upload.bin", 4096)):
        await path.call("s", "put_object", {"key": key, "size": size})
    assert "48213" in text(await path.call("s", "get_object", {"key": "site/app.js"}))
    deleted = await path.call("s", "delete_object", {"key": "tmp/upload.bin"})
    assert not deleted.is_error
    again = await path.call("s", "delete_object", {"key": "tmp/upload.bin"})
    assert again.is_error and "not found" in text(again)
    gone = await path.call("s", "get_object", {"key": "tmp/upload.bin"})
    assert gone.is_error
    # the listing shows the records under the prefix, and no earlier put beside it (recall.py's lines)
    site = text(await path.call("s", "list_objects", {"prefix": "site/"}))
    assert site.splitlines()[0] == "2 object:" and "tmp/upload.bin" not in site and len(site.splitlines()) == 3
    assert "No object found" in text(await path.call("s", "list_objects", {"prefix": "tmp/"}))
