"""Fuzzing the HTTP surface of a real ``mcp-sim serve`` process: hypothesis for JSON-RPC messages to /mcp
(both protocol eras), schemathesis for the admin API from its own ``/admin/openapi.json``. Neither may ever
get a 5xx or a traceback. Bounded and derandomized (tests/adversarial/support.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import given, settings
from hypothesis import strategies as st
from schemathesis.generation.case import Case

from tests.adversarial.support import BOUNDED
from tests.hosting import ServerProcess, experiment_file, serve

TOOLS = ["create_ticket", "get_ticket", "list_tickets", "update_ticket", "delete_ticket", "add_comment"]
ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "fuzz", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
ids = (
    st.integers() | st.text(max_size=8) | st.none() | st.floats() | st.booleans() | st.lists(st.integers(), max_size=2)
)
methods = st.sampled_from(["tools/call", "tools/list", "ping", "initialize", "notifications/initialized"]) | st.text(
    max_size=12
)
keys = st.text(max_size=12) | st.integers() | st.none()
tool_call = st.fixed_dictionaries(
    {
        "name": st.sampled_from(TOOLS) | st.text(max_size=10),
        "arguments": st.dictionaries(st.text(max_size=8), json_values, max_size=4),
    },
    optional={"_meta": st.fixed_dictionaries({}, optional={"mcp-sim/session": keys, "progressToken": st.integers()})},
)
params = tool_call | st.fixed_dictionaries({}, optional={"cursor": st.text(max_size=8) | st.integers()}) | json_values
messages = st.fixed_dictionaries(
    {"jsonrpc": st.sampled_from(["2.0", "1.0", 2])},
    optional={"id": ids, "method": methods, "params": params},
)
bodies = messages | st.lists(messages, max_size=3) | json_values


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with serve(experiment_file(tmp_path_factory.mktemp("fuzz"), "desk")) as process:
        yield process


def _modern(message: Any) -> tuple[Any, dict[str, str]]:
    """The 2026-07-28 shape: protocol fields in ``params._meta`` plus the method (and name) headers."""
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    headers["mcp-protocol-version"] = "2026-07-28"
    if isinstance(message, dict) and isinstance(message.get("params"), dict):
        params = message["params"]
        meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
        message = {**message, "params": {**params, "_meta": {**ENVELOPE, **meta}}}
        if isinstance(params.get("name"), str) and params["name"].isascii() and params["name"].isprintable():
            headers["mcp-name"] = params["name"]
    method = message.get("method") if isinstance(message, dict) else None
    if isinstance(method, str) and method.isascii() and method.isprintable():
        headers["mcp-method"] = method
    return message, headers


def _check(answer: httpx.Response) -> None:
    assert answer.status_code < 500, answer.text[:500]
    assert "Traceback" not in answer.text
    if answer.headers.get("content-type", "").startswith("application/json") and answer.content:
        reply = answer.json()
        for one in reply if isinstance(reply, list) else [reply]:
            if isinstance(one, dict) and "error" in one:
                assert isinstance(one["error"]["code"], int) and isinstance(one["error"]["message"], str)


@BOUNDED
@given(body=bodies, modern=st.booleans())
def test_no_json_rpc_message_gets_a_5xx(server: ServerProcess, body: Any, modern: bool) -> None:
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    if modern:
        body, headers = _modern(body)
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        _check(client.post("/mcp", content=json.dumps(body), headers=headers))


@settings(BOUNDED, max_examples=100)
@given(raw=st.binary(max_size=300), content_type=st.sampled_from(["application/json", "text/plain", ""]))
def test_no_byte_string_gets_a_5xx(server: ServerProcess, raw: bytes, content_type: str) -> None:
    headers = {"content-type": content_type, "accept": "application/json, text/event-stream"}
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        _check(client.post("/mcp", content=raw, headers=headers))


# ---- the admin API, from its own OpenAPI description ----


def test_the_admin_api_never_answers_5xx(server: ServerProcess) -> None:
    """schemathesis reads /admin/openapi.json and draws requests for every operation (bodies, paths,
    queries, valid and not); hypothesis runs them, bounded and derandomized like the rest."""
    schema = schemathesis.openapi.from_url(server.base_url + "/admin/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 8, [op.label for op in operations]

    @settings(BOUNDED, max_examples=300)
    @given(case=st.one_of([op.as_strategy() for op in operations]))
    def no_5xx(case: Case) -> None:
        response = case.call(base_url=server.base_url + "/admin", timeout=30)
        assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:300]}"
        assert "Traceback" not in response.text

    no_5xx()


def test_the_fuzzed_server_kept_its_log_free_of_tracebacks(server: ServerProcess) -> None:
    """Runs last in this module: whatever the fuzzing sent, nothing ended in an unhandled exception."""
    assert not [line for line in server.log_lines if "Traceback" in line or '"level": "error"' in line]
