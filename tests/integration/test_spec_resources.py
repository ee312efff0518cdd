"""A simulated server's resources and prompts over MCP: a ticket a simulated call created is readable as
``tickets://<id>`` in that session (and only there), on both protocol eras."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, MCPError

from tests.integration.harness import REPO, mcp_sim, write_experiment

pytestmark = pytest.mark.integration

TICKETS = str(REPO / "tool_specs/tickets.yaml")


def key(episode: str) -> dict[str, Any]:
    return {"mcp-sim/session": episode}


@pytest.mark.parametrize(("mode", "era"), [("legacy", "2025-11-25"), ("auto", "2026-07-28")])
async def test_a_created_ticket_is_readable_as_a_resource_of_its_session(tmp_path: Path, mode: str, era: str) -> None:
    experiment = write_experiment(tmp_path, {"route": "sim", "tools": [TICKETS]})
    async with mcp_sim(experiment) as served, Client(served.url, mode=mode, cache=None) as agent:  # type: ignore[arg-type]
        assert agent.protocol_version == era
        created = await agent.session.call_tool("create_ticket", {"title": "Printer on fire"}, meta=key("ep-1"))
        assert not created.is_error, created
        ticket_id = (created.structured_content or {})["id"]

        read = await agent.session.read_resource(f"tickets://{ticket_id}", meta=key("ep-1"))
        record = json.loads(getattr(read.contents[0], "text", ""))
        assert (record["id"], record["title"]) == (ticket_id, "Printer on fire")

        with pytest.raises(MCPError) as elsewhere:  # another episode never created it
            await agent.session.read_resource(f"tickets://{ticket_id}", meta=key("ep-2"))
        assert elsewhere.value.code == -32002

        deleted = await agent.session.call_tool("delete_ticket", {"ticket_id": ticket_id}, meta=key("ep-1"))
        assert not deleted.is_error, deleted
        with pytest.raises(MCPError, match="Resource not found"):
            await agent.session.read_resource(f"tickets://{ticket_id}", meta=key("ep-1"))

        templates = (await agent.session.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["tickets://{id}"]
        policy = await agent.session.read_resource("tickets://policy")
        assert "urgent" in getattr(policy.contents[0], "text", "")

        prompts = (await agent.session.list_prompts()).prompts
        assert [p.name for p in prompts] == ["triage_ticket"]
        prompt = await agent.session.get_prompt("triage_ticket", {"ticket_id": "T-7"})
        assert "tickets://T-7" in str(prompt.messages[0].content)
        with pytest.raises(MCPError, match="needs argument"):
            await agent.session.get_prompt("triage_ticket", {})
