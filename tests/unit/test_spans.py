"""MCP_SIM_OTEL: the SDK's per-request OpenTelemetry span only when something can receive it."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client
from mcp.server._otel import OpenTelemetryMiddleware

from mcp_sim.errors import StartupError
from mcp_sim.serving.mcp_server import build_server
from mcp_sim.serving.spans import spans_wanted
from tests.unit.perturb_helpers import call_path


def test_auto_drops_spans_when_no_tracer_provider_is_set() -> None:
    # this venv has the OpenTelemetry API only: the global provider is the SDK's no-op proxy
    assert spans_wanted({}) is False
    assert spans_wanted({"MCP_SIM_OTEL": "auto"}) is False


def test_on_and_off_are_obeyed() -> None:
    assert spans_wanted({"MCP_SIM_OTEL": "on"}) is True
    assert spans_wanted({"MCP_SIM_OTEL": " OFF "}) is False


def test_a_wrong_value_is_refused_naming_the_variable() -> None:
    with pytest.raises(StartupError, match=r"MCP_SIM_OTEL='yes': expected one of auto, on, off"):
        spans_wanted({"MCP_SIM_OTEL": "yes"})


async def test_the_server_keeps_the_span_middleware_only_when_wanted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with call_path(tmp_path, None) as path:
        monkeypatch.delenv("MCP_SIM_OTEL", raising=False)
        plain = build_server(path)
        monkeypatch.setenv("MCP_SIM_OTEL", "on")
        traced = build_server(path)
        assert not any(isinstance(m, OpenTelemetryMiddleware) for m in plain.middleware)
        assert any(isinstance(m, OpenTelemetryMiddleware) for m in traced.middleware)
        async with Client(plain) as client:  # calls still work without the span
            result = await client.call_tool("create_ticket", {"title": "t"}, meta={"mcp-sim/session": "s"})
            assert not result.is_error
