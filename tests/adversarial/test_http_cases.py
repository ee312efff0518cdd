"""Issue 13, the HTTP cases, each as a named regression test against the real host over loopback HTTP:
1 (DNS rebinding / CSRF on every route), 2 (admin profile paths), 11 (JSON-RPC edges), 12 (session keys),
13 (2025-era sessions capped), and a plain call cancelled when its client hangs up."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import anyio.lowlevel
import pytest

from tests.adversarial.support import LEGACY_INIT, envelope, hosted_http, modern_headers
from tests.hosting import ROOT, experiment_file

TOKEN = "adversarial-token"
DATA_ROUTES = [
    ("GET", "/admin/sessions"),
    ("GET", "/admin/experiments"),
    ("GET", "/metrics"),
    ("PUT", "/admin/experiments/desk/profile"),
    ("PATCH", "/admin/experiments/desk/routing"),
    ("DELETE", "/admin/sessions/desk/someone"),
    ("POST", "/mcp"),
    ("GET", "/admin/"),
]


def call(tool: str, arguments: dict[str, Any], session: str | None = None, request_id: Any = 1) -> dict[str, Any]:
    meta = {"mcp-sim/session": session} if session is not None else {}
    return envelope("tools/call", {"name": tool, "arguments": arguments, "_meta": meta}, request_id)


# ---- 1. DNS rebinding / CSRF: one Host/Origin guard in front of every route ----


@pytest.mark.parametrize("token", [None, TOKEN])
async def test_case_01_foreign_host_or_origin_is_refused_on_every_route(tmp_path: Path, token: str | None) -> None:
    auth = {"authorization": f"Bearer {token}"} if token else {}
    async with hosted_http(experiment_file(tmp_path, "desk"), token=token) as ([path], client):
        await path.call("someone", "create_ticket", {"title": "kept"})
        for method, route in DATA_ROUTES:
            rebinding = await client.request(method, route, headers={**auth, "host": "evil.example:8765"}, json={})
            assert rebinding.status_code == 421, (method, route)
            look_alike = await client.request(method, route, headers={**auth, "host": "127.0.0.1:1.evil.example"})
            assert look_alike.status_code == 421, (method, route)
            forged = await client.request(method, route, headers={**auth, "origin": "http://evil.example"}, json={})
            assert forged.status_code == 403, (method, route)
            null_origin = await client.request(method, route, headers={**auth, "origin": "null"}, json={})
            assert null_origin.status_code == 403, (method, route)
        assert "someone" in await path.store.sessions("desk"), "the refused DELETE deleted nothing"
        own = await client.get("/admin/sessions", headers={**auth, "origin": client.base_url.scheme + "://localhost:1"})
        assert own.status_code == 200, "a loopback origin is the dashboard itself"


async def test_case_01_allowed_host_is_served(tmp_path: Path) -> None:
    async with hosted_http(experiment_file(tmp_path, "desk"), allowed_hosts=["sim.example.org:*"]) as (_, client):
        answer = await client.get("/admin/sessions", headers={"host": "sim.example.org:443"})
        assert answer.status_code == 200
        other = await client.get("/admin/sessions", headers={"host": "sim.example.org.evil:443"})
        assert other.status_code == 421


# ---- 2. the admin profile switch reads only the experiment's folder and ready profiles ----


@pytest.mark.parametrize("outside", ["/dev/zero", "/etc/passwd", "/etc/no-such-file", "../../../../etc/hostname"])
async def test_case_02_profile_paths_outside_the_folder_are_refused_alike(tmp_path: Path, outside: str) -> None:
    async with hosted_http(experiment_file(tmp_path, "desk")) as ([path], client):
        refused = await client.put("/admin/experiments/desk/profile", json={"profile": outside})
        assert refused.status_code == 400
        detail = refused.json()["detail"]
        assert "outside the experiment's folder" in detail
        assert "No such file" not in detail and "not a regular file" not in detail, "must not tell what exists"
        assert path.profiles is not None and path.profiles.current == "<none>"


async def test_case_02_a_fifo_or_device_inside_the_folder_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")  # resolves outside: refused before any read
    async with hosted_http(experiment_file(tmp_path, "desk")) as (_, client):
        with anyio.fail_after(10):
            fifo = await client.put("/admin/experiments/desk/profile", json={"profile": "pipe.yaml"})
            zero = await client.put("/admin/experiments/desk/profile", json={"profile": "zero.yaml"})
        assert fifo.status_code == 400 and "not a regular file" in fifo.json()["detail"]
        assert zero.status_code == 400 and "outside the experiment's folder" in zero.json()["detail"]


async def test_case_02_ready_profile_names_and_files_inside_the_folder_load(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("perturbations:\n  - {type: latency, ms: 1}\n")
    async with hosted_http(experiment_file(tmp_path, "desk")) as ([path], client):
        for ref in ["flaky", "mine.yaml", str(ROOT / "perturbations" / "slow.yaml")]:
            switched = await client.put("/admin/experiments/desk/profile", json={"profile": ref})
            assert switched.status_code == 200, switched.text
            assert path.profiles is not None and path.profiles.current == ref


# ---- 11. JSON-RPC edges ----


async def test_case_11_a_bad_cursor_is_invalid_params_with_a_clear_message(tmp_path: Path) -> None:
    async with hosted_http(experiment_file(tmp_path, "desk")) as (_, client):
        for cursor in ["abc", "²", "-1", "9" * 40, "99999"]:
            answer = await client.post(
                "/mcp", json=envelope("tools/list", {"cursor": cursor}), headers=modern_headers("tools/list")
            )
            error = answer.json()["error"]
            assert error["code"] == -32602, (cursor, error)
            assert "Invalid cursor" in error["message"] and "nextCursor" in error["message"]


async def test_case_11_deep_nesting_is_a_parse_error_not_a_500(tmp_path: Path) -> None:
    deep = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"x": ' + "[" * 5000 + "]" * 5000 + "}}"
    async with hosted_http(experiment_file(tmp_path, "desk")) as (_, client):
        for headers in (modern_headers("tools/list"), {"content-type": "application/json", "accept": "*/*"}):
            answer = await client.post("/mcp", content=deep, headers=headers)
            assert answer.status_code == 400
            assert answer.json()["error"]["code"] == -32700


@pytest.mark.parametrize("request_id", [{"a": 1}, [1], 1.5, True, None])
async def test_case_11_ids_no_answer_can_echo_get_an_error_not_202(tmp_path: Path, request_id: Any) -> None:
    async with hosted_http(experiment_file(tmp_path, "desk")) as (_, client):
        answer = await client.post(
            "/mcp", json=envelope("tools/list", request_id=request_id), headers=modern_headers("tools/list")
        )
        assert answer.status_code == 400
        assert answer.json()["error"]["code"] == -32600
        assert "id must be a string or an integer" in answer.json()["error"]["message"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
async def test_case_11_a_wrong_content_type_is_415(tmp_path: Path, content_type: str | None) -> None:
    headers = {k: v for k, v in modern_headers("tools/list").items() if k != "content-type"}
    if content_type:
        headers["content-type"] = content_type
    async with hosted_http(experiment_file(tmp_path, "desk")) as (_, client):
        answer = await client.post("/mcp", content=json.dumps(envelope("tools/list")), headers=headers)
        assert answer.status_code == 415


# ---- 12. session keys: one rule at every entry point ----


@pytest.mark.parametrize("bad", ["a\x00b", "a/b", "tab\there", "x" * 300])
async def test_case_12_keys_breaking_the_rule_are_refused_at_mcp_and_admin_alike(tmp_path: Path, bad: str) -> None:
    async with hosted_http(experiment_file(tmp_path, "desk")) as ([path], client):
        answer = await client.post(
            "/mcp",
            json=call("create_ticket", {"title": "t"}, bad),
            headers=modern_headers("tools/call", "create_ticket"),
        )
        assert answer.json()["error"]["code"] == -32602
        assert await path.store.sessions("desk") == [], "nothing stored under a key the admin could not name"
        shown = await client.get(f"/admin/sessions/desk/{quote(bad, safe='')}")
        assert shown.status_code in (404, 422)


@pytest.mark.parametrize("key", ["é-ü", "日本語", "sp ace", "emoji-🦀"])
async def test_case_12_any_script_works_the_same_by_meta_header_and_admin(tmp_path: Path, key: str) -> None:
    async with hosted_http(experiment_file(tmp_path, "desk")) as (_, client):
        by_meta = await client.post(
            "/mcp",
            json=call("create_ticket", {"title": "t"}, key),
            headers=modern_headers("tools/call", "create_ticket"),
        )
        assert "error" not in by_meta.json()
        headers: dict[str, Any] = modern_headers("tools/call", "list_tickets")
        headers["x-mcp-sim-session"] = key.encode()  # a header carries bytes: UTF-8, as clients send it
        by_header = await client.post("/mcp", json=call("list_tickets", {}), headers=headers)
        assert "error" not in by_header.json()
        shown = await client.get(f"/admin/sessions/desk/{quote(key, safe='')}")
        assert shown.status_code == 200 and shown.json()["calls"] == 2, "the header named the same session"
        reset = await client.post(f"/admin/sessions/desk/{quote(key, safe='')}/reset")
        assert reset.status_code == 204


# ---- 13. 2025-11-25 sessions are capped and evicted when idle ----


async def test_case_13_protocol_sessions_are_capped_by_evicting_the_longest_idle(tmp_path: Path) -> None:
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    async with hosted_http(experiment_file(tmp_path, "desk"), max_sessions=8) as (_, client):
        opened = []
        for _ in range(20):
            answer = await client.post("/mcp", json=LEGACY_INIT, headers=headers)
            assert answer.status_code == 200
            opened.append(answer.headers["mcp-session-id"])
        # the first ones were evicted: the SDK answers their requests with 404, as after an idle timeout
        with anyio.fail_after(10):
            while True:
                first = await client.post(
                    "/mcp",
                    json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
                    headers=headers | {"mcp-session-id": opened[0], "mcp-protocol-version": "2025-11-25"},
                )
                if first.status_code == 404:
                    break
                await anyio.lowlevel.checkpoint()
        last = await client.post(
            "/mcp",
            json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
            headers=headers | {"mcp-session-id": opened[-1], "mcp-protocol-version": "2025-11-25"},
        )
        assert last.status_code == 200
