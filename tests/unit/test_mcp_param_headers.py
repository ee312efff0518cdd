"""The SDK's ``Mcp-Param-*`` header check gets no schema for a tool that declares no ``x-mcp-header``
(mcp_server.HeaderSchemas), which the SDK treats exactly as a schema without declarations; a tool that
declares one is still checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp.shared.inbound import validate_mcp_param_headers

from mcp_sim.serving.mcp_server import HeaderSchemas
from tests.adversarial.support import envelope, hosted_http, modern_headers

PLAIN = {"type": "object", "properties": {"name": {"type": "string"}, "tags": {"type": "array", "items": {}}}}
DECLARED = {"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}}
NESTED = {"type": "object", "properties": {"a": {"anyOf": [{"type": "string", "x-mcp-header": "A"}]}}}
DATA_ONLY = {"type": "object", "properties": {"x-mcp-header": {"type": "string"}}}  # a property so named


def lookup_of(schemas: dict[str, Any]) -> HeaderSchemas:
    return HeaderSchemas(schemas.get)


def test_a_schema_without_declarations_is_not_handed_to_the_sdk() -> None:
    schemas = {"plain": PLAIN, "declared": DECLARED, "nested": NESTED, "data": DATA_ONLY}
    lookup = lookup_of(schemas)
    assert lookup("plain") is None
    assert lookup("missing") is None
    for name in ("declared", "nested", "data"):  # anything the SDK could find a declaration in goes to it
        assert lookup(name) is schemas[name]
        assert lookup(name) is schemas[name], "the same answer when kept"


def test_a_replaced_schema_is_looked_at_afresh() -> None:
    schemas: dict[str, Any] = {"tool": PLAIN}
    lookup = lookup_of(schemas)
    assert lookup("tool") is None
    schemas["tool"] = DECLARED  # a profile switch lists the tool with another schema
    assert lookup("tool") is DECLARED


@pytest.mark.parametrize(
    "headers",
    [{}, {"mcp-param-name": "x"}, {"mcp-param-region": "eu"}, {"mcp-param-name": "=?base64?!!?="}],
)
def test_the_sdk_validates_nothing_against_a_schema_without_declarations(headers: dict[str, str]) -> None:
    """Why None is the same answer: the SDK's own check passes every request against such a schema."""
    assert validate_mcp_param_headers(PLAIN, {"name": "y", "tags": [1]}, headers) is None


async def test_a_declared_header_is_still_checked_over_http(tmp_path: Path) -> None:
    tools = [{"name": "route_call", "description": "Route a call", "inputSchema": DECLARED}]
    (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": tools}))
    experiment = {"name": "hdr", "tools": ["tools.yaml"], "state": "memory://"}
    (tmp_path / "exp.yaml").write_text(yaml.safe_dump(experiment))
    body = envelope("tools/call", {"name": "route_call", "arguments": {"region": "eu"}})
    async with hosted_http(tmp_path / "exp.yaml") as (_, client):
        headers = modern_headers("tools/call", "route_call")
        wrong = await client.post("/mcp", json=body, headers=headers | {"mcp-param-region": "us"})
        assert wrong.status_code == 400, wrong.text
        missing = await client.post("/mcp", json=body, headers=headers)
        assert missing.status_code == 400, missing.text
        right = await client.post("/mcp", json=body, headers=headers | {"mcp-param-region": "eu"})
        assert right.status_code == 200, right.text
        assert "result" in right.json()
