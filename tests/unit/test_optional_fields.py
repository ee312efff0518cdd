"""Optional answer fields are left out unless the call or the session gives them a value (optional.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog
from mcp_sim.config import load_experiment
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.simulation.builtin import optional
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.simulation.builtin.values import ValueMaker
from mcp_sim.state.memory import MemoryStore

PAGE = {
    "type": "object",
    "properties": {
        "ok": {"type": "boolean"},
        "page": {
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "text": {"type": "string"},
                "has_more": {"type": "boolean"},
                "next_cursor": {"type": "string", "description": "Cursor of the next page when has_more is true"},
            },
            "required": ["path", "text", "has_more"],
        },
        "warnings": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["ok", "page"],
}
SPEC = {
    "tools": [
        {
            "name": "read_page",
            "description": "Read one page of a document.",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
            "outputSchema": PAGE,
        },
        {
            "name": "read_loose",  # a schema that lists no required fields keeps them all
            "description": "Read a loose page.",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
            "outputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "note": {"type": "string"}}},
        },
    ]
}


def path_for(tmp_path: Path) -> CallPath:
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(SPEC))
    experiment = tmp_path / "exp.yaml"
    experiment.write_text("name: o\nseed: 5\ntools: [spec.yaml]\nstate: memory://\n")
    loaded = load_experiment(experiment)
    e = loaded.experiment
    return CallPath(
        e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(),
        router.Routing.of(e.route, e.routes),
    )  # fmt: skip


def test_a_field_is_shown_when_required_or_known() -> None:
    schema: dict[str, Any] = {"properties": {"a": {}, "b": {}}, "required": ["a"]}
    assert optional.shown(schema, "a", None)
    assert not optional.shown(schema, "b", None)
    assert optional.shown(schema, "b", "given")
    assert optional.shown({"properties": {"b": {}}}, "b", None)  # no required list: nothing is known optional


async def test_an_answer_carries_required_fields_and_leaves_optional_ones_out(tmp_path: Path) -> None:
    result = await path_for(tmp_path).call("s", "read_page", {"path": "notes/a.md"})
    body = result.structured_content
    assert body is not None and not result.is_error
    jsonschema.validate(body, PAGE)
    assert set(body) == {"ok", "page"}
    assert set(body["page"]) == {"path", "text", "has_more"}
    assert body["page"]["path"] == "notes/a.md"  # known from the call


async def test_a_schema_without_required_keeps_every_field(tmp_path: Path) -> None:
    result = await path_for(tmp_path).call("s", "read_loose", {"path": "b.md"})
    assert result.structured_content is not None and set(result.structured_content) == {"path", "note"}


# a pydantic model's schema: fields with a default are left out of ``required`` but always serialized
STORED_JOB: dict[str, Any] = {
    "$defs": {"Status": {"enum": ["not_applied", "applied", "offer"], "type": "string"}},
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "title": {"type": "string"},
        "url": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "status": {"$ref": "#/$defs/Status", "default": "not_applied"},
        "score": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
        "notes": {"type": "string"},  # optional, no default: left out as before
    },
    "required": ["id", "title"],
}


def test_a_field_with_a_default_is_always_shown_with_its_default() -> None:
    assert optional.shown(STORED_JOB, "url", None) and optional.shown(STORED_JOB, "status", None)
    assert not optional.shown(STORED_JOB, "notes", None)
    listing = {"type": "object", "properties": {"jobs": {"type": "array", "items": STORED_JOB}}, "required": ["jobs"]}
    listing["$defs"] = STORED_JOB["$defs"]
    for seed in range(10):  # items deep in the answer too (optional fields are otherwise not made there)
        for job in ValueMaker(listing, random.Random(seed), seed=seed).make(listing)["jobs"]:
            assert job["url"] is None and job["status"] == "not_applied" and job["score"] is None, job
            assert "notes" not in job
