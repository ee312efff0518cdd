"""A dependency-free client of one mcp-sim experiment, for trainers whose environment steps are synchronous.

Tool calls are single JSON-RPC requests of MCP 2026-07-28 (no handshake, no connection state), each naming
its episode in ``_meta["mcp-sim/session"]``; groups and episodes go through the admin API. Standard library
only, so it drops into any trainer's environment.
"""

from __future__ import annotations

import itertools
import json
import urllib.error
import urllib.request
from typing import Any

PROTOCOL = "2026-07-28"
SESSION_META_KEY = "mcp-sim/session"
ENVELOPE = {  # what every 2026-07-28 request says about itself
    "io.modelcontextprotocol/protocolVersion": PROTOCOL,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "mcp-sim-recipe", "version": "1"},
}


class McpSim:
    def __init__(self, base_url: str, experiment: str, token: str | None = None, timeout_s: float = 120.0) -> None:
        self.base_url = base_url.rstrip("/")  # http://127.0.0.1:8765
        self.experiment = experiment
        self.token = token
        self.timeout_s = timeout_s
        self._ids = itertools.count(1)

    # ---- MCP ----

    def call_tool(self, session: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The CallToolResult as JSON (``content``, ``structuredContent``, ``isError``). A JSON-RPC error (an
        injected 503, say) comes back as an ``isError`` result too: to an agent both are failed calls."""
        meta = {**ENVELOPE, SESSION_META_KEY: session}
        body = {
            "jsonrpc": "2.0",
            "id": next(self._ids),
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments, "_meta": meta},
        }
        headers = {
            "mcp-protocol-version": PROTOCOL,
            "mcp-method": "tools/call",
            "mcp-name": name,
            "accept": "application/json, text/event-stream",
        }
        message = self._post(f"/experiments/{self.experiment}/mcp", body, headers)
        if "error" in message:
            error = message["error"]
            return {
                "content": [{"type": "text", "text": f"{error['message']} (JSON-RPC {error['code']})"}],
                "isError": True,
            }
        return dict(message["result"])

    def list_tools(self) -> list[dict[str, Any]]:
        tools: list[dict[str, Any]] = []
        cursor = None
        while True:
            params: dict[str, Any] = {"_meta": ENVELOPE}
            if cursor:
                params["cursor"] = cursor
            body = {"jsonrpc": "2.0", "id": next(self._ids), "method": "tools/list", "params": params}
            headers = {"mcp-protocol-version": PROTOCOL, "mcp-method": "tools/list",
                       "accept": "application/json, text/event-stream"}  # fmt: skip
            result = self._post(f"/experiments/{self.experiment}/mcp", body, headers)["result"]
            tools += result["tools"]
            if not (cursor := result.get("nextCursor")):
                return tools

    # ---- admin API: groups and episodes ----

    def create_group(self, name: str, count: int, seed: str = "shared") -> list[str]:
        """``count`` fresh episodes ``<name>.1`` .. from the experiment's world seed."""
        body = {"name": name, "count": count, "seed": seed}
        return list(self._post(f"/admin/sessions/{self.experiment}", body)["keys"])

    def fork(self, session: str, count: int, seed: str = "shared") -> list[str]:
        """``count`` copies ``<session>.fork-<n>`` of a played episode."""
        body = {"count": count, "seed": seed}
        return list(self._post(f"/admin/sessions/{self.experiment}/{session}/fork", body)["keys"])

    def episode(self, session: str) -> dict[str, Any]:
        """The episode (format mcp-sim/episode@1): final ledger, calls, counts, seed identity."""
        return dict(self._get(f"/admin/sessions/{self.experiment}/{session}/episode"))

    def delete(self, session: str) -> None:
        self._request("DELETE", f"/admin/sessions/{self.experiment}/{session}", None, {})

    # ---- HTTP ----

    def _get(self, path: str) -> Any:
        return self._request("GET", path, None, {})

    def _post(self, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
        return self._request("POST", path, body, {"content-type": "application/json", **(headers or {})})

    def _request(self, method: str, path: str, body: dict[str, Any] | None, headers: dict[str, str]) -> Any:
        if self.token:
            headers = {**headers, "authorization": f"Bearer {self.token}"}
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                text = response.read().decode()
                kind = response.headers.get("content-type", "")
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"{method} {path}: HTTP {exc.code}: {exc.read().decode()[:500]}") from None
        if not text:
            return None
        if kind.startswith("text/event-stream"):  # one SSE event carrying the JSON-RPC message
            text = next(line[5:].strip() for line in text.splitlines() if line.startswith("data:") and line[5:].strip())
        return json.loads(text)


def text_of(result: dict[str, Any]) -> str:
    """What an agent reads of a tool result: its text blocks."""
    return "\n".join(block.get("text", "") for block in result.get("content", []) if block.get("type") == "text")
