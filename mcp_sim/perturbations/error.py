"""``error``: transient failures, the kind a retry can get past.

    - type: error
      kind: rate_limited       # rate_limited | unavailable | internal | timeout | custom
      retry_after_s: 2         # rate_limited: the Retry-After the message announces
      timeout_s: 10            # timeout: how long the agent waits before the failure arrives
      layer: result            # result (isError: true, what most tools do) | jsonrpc (a JSON-RPC error)
      message: ...             # custom: the text; code: its JSON-RPC code

The error is decided per call, so the same call retried may succeed. It short-circuits: the backend or
world model never runs, so the call has no effects on the session's world.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import anyio
from mcp.types import CallToolResult, TextContent
from pydantic import Field, model_validator

from mcp_sim.errors import ProtocolError
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation

Kind = Literal["rate_limited", "unavailable", "internal", "timeout", "custom"]


class ErrorParams(Params):
    kind: Kind = "unavailable"
    layer: Literal["result", "jsonrpc"] = "result"
    retry_after_s: int = Field(2, ge=0)
    timeout_s: float = Field(10.0, ge=0)
    message: str | None = None
    code: int = -32000

    @model_validator(mode="after")
    def _custom_has_text(self) -> ErrorParams:
        if self.kind == "custom" and not self.message:
            raise ValueError("kind 'custom' needs a message")
        return self


def describe(params: ErrorParams, tool: str, request_id: str) -> tuple[str, int, dict[str, Any]]:
    """The agent-visible message, the JSON-RPC code, and the JSON-RPC ``data`` of one injected error."""
    if params.kind == "rate_limited":
        wait = params.retry_after_s
        text = f"Error 429 Too Many Requests: rate limit exceeded for '{tool}'. Retry after {wait} seconds."
        return text, -32000, {"status": 429, "retryAfter": wait}
    if params.kind == "unavailable":
        text = "Error 503 Service Unavailable: the service is temporarily unavailable. Please try again shortly."
        return text, -32000, {"status": 503}
    if params.kind == "internal":
        text = f"Error 500 Internal Server Error: an unexpected error occurred (request id {request_id})."
        return text, -32603, {"status": 500, "requestId": request_id}
    if params.kind == "timeout":
        text = f"Error: request to '{tool}' timed out after {params.timeout_s:g} seconds."
        return text, -32001, {"timeoutSeconds": params.timeout_s}
    return str(params.message), params.code, {}


class Error(Perturbation[ErrorParams]):
    type: ClassVar[str] = "error"
    Params = ErrorParams

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        request_id = f"{decision.rng.getrandbits(48):012x}"
        text, code, data = describe(self.params, call.info.tool, request_id)
        decision.note(kind=self.params.kind, layer=self.params.layer, message=text, backend_called=False)
        if self.params.kind == "timeout":
            await anyio.sleep(self.params.timeout_s)
        if self.params.layer == "jsonrpc":
            raise ProtocolError(code, text, data or None)
        result = CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
        return Outcome(result=result, effects=[], trace={"injected": self.params.kind})
