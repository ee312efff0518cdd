"""Resources, prompts and completions of a real upstream (server-everything from npm) read the same through mcp-sim as
directly, on both protocol eras; a subscription's updates reach the subscribed agent."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.session import IncomingMessage
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp.types import ElicitResult, LoggingMessageNotificationParams, PromptReference, ResourceUpdatedNotification

from tests.integration.harness import fixture_stdio, mcp_sim, npm_bin, write_experiment

pytestmark = pytest.mark.integration

CLOCK = re.compile(r"\d{1,2}:\d{2}:\d{2}( [AP]M)?")
VOLATILE = {"meta", "ttl_ms", "cache_scope", "result_type"}  # per-answer stamps, not content


def everything() -> dict[str, Any]:
    return {"command": npm_bin("mcp-server-everything"), "args": ["stdio"]}


def content(result: Any) -> Any:
    return result.model_dump(mode="json", exclude=VOLATILE, exclude_none=True)


async def read_all(client: Client) -> dict[str, Any]:
    """Everything the upstream offers besides tools, as a client sees it."""
    s = client.session
    resources = (await s.list_resources()).resources
    templates = (await s.list_resource_templates()).resource_templates
    prompts = (await s.list_prompts()).prompts
    return {
        "resources": sorted(r.uri for r in resources),
        "templates": sorted(t.uri_template for t in templates),
        "prompts": sorted(p.name for p in prompts),
        "read": [content(await s.read_resource(r.uri)) for r in resources[:3]],
        # a template's resource states when it was made: compare it without the clock time
        "read_template": CLOCK.sub("<time>", str(content(await s.read_resource("demo://resource/dynamic/text/1")))),
        "simple": content(await s.get_prompt("simple-prompt")),
        "args": content(await s.get_prompt("args-prompt", {"city": "Lyon", "state": "ARA"})),
        "complete": content(
            await s.complete(
                PromptReference(type="ref/prompt", name="completable-prompt"), {"name": "department", "value": "E"}
            )
        ),
    }


@pytest.mark.parametrize(("mode", "era"), [("legacy", "2025-11-25"), ("auto", "2026-07-28")])
async def test_resources_prompts_and_completions_read_the_same_through_mcp_sim(
    tmp_path: Path, mode: str, era: str
) -> None:
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"everything": everything()}})
    params = StdioServerParameters(command=npm_bin("mcp-server-everything"), args=["stdio"])
    async with Client(params, mode="legacy", cache=None) as direct:
        expected = await read_all(direct)
    async with mcp_sim(experiment) as served, Client(served.url, mode=mode, cache=None) as proxied:  # type: ignore[arg-type]
        assert proxied.protocol_version == era
        seen = await read_all(proxied)
        assert proxied.server_capabilities.resources is not None
        assert proxied.server_capabilities.prompts is not None
    assert expected["resources"] and expected["prompts"] and expected["read"]  # the upstream does offer them
    assert "Lyon" in str(expected["args"])
    assert seen == expected


async def test_a_subscribed_agent_hears_the_upstream_resource_updates(tmp_path: Path) -> None:
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"everything": everything()}})
    uri = "demo://resource/static/document/features.md"
    updated = anyio.Event()

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, ResourceUpdatedNotification) and message.params.uri == uri:
            updated.set()

    async with (
        mcp_sim(experiment) as served,
        Client(served.url, mode="legacy", cache=None, message_handler=on_message) as agent,
    ):
        with warnings.catch_warnings():  # removed on 2026-07-28; this agent speaks 2025-11-25
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await agent.session.subscribe_resource(uri)
        # the upstream sends an update of every subscribed URI at once when its updates are switched on
        result = await agent.call_tool("toggle-subscriber-updates", {})
        assert not result.is_error, result
        with anyio.fail_after(20):
            await updated.wait()


async def test_an_upstreams_log_messages_reach_the_calling_agent_at_its_level(tmp_path: Path) -> None:
    """The fixture server logs three info messages while test_tool_with_logging runs."""
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"fixture": fixture_stdio()}})
    heard: list[str] = []

    async def on_log(params: LoggingMessageNotificationParams) -> None:
        heard.append(f"{params.level}: {params.data}")

    async with (
        mcp_sim(experiment) as served,
        Client(served.url, mode="legacy", cache=None, logging_callback=on_log) as agent,
    ):
        with warnings.catch_warnings():  # logging is deprecated on 2026-07-28; this agent speaks 2025-11-25
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await agent.set_logging_level("warning")
            assert not (await agent.call_tool("test_tool_with_logging", {})).is_error
            assert heard == []  # info is below the agent's level
            await agent.set_logging_level("info")
            assert not (await agent.call_tool("test_tool_with_logging", {})).is_error
    assert heard == ["info: Tool execution started", "info: Tool processing data", "info: Tool execution completed"]


async def test_an_upstream_asks_the_calling_agent_and_an_agent_that_cannot_answer_is_said_so(tmp_path: Path) -> None:
    """The fixture's test_elicitation asks the client for a form (2025-era upstream connection: mode legacy)."""
    experiment = write_experiment(tmp_path, {"route": "real", "upstreams": {"fixture": fixture_stdio(mode="legacy")}})
    asked: list[str] = []

    async def elicit(context: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"username": "ann", "email": "ann@example.org"})

    async with mcp_sim(experiment) as served:
        async with Client(served.url, mode="legacy", cache=None, elicitation_callback=elicit) as agent:
            answered = await agent.call_tool("test_elicitation", {"message": "Who are you?"})
        assert asked == ["Who are you?"]
        assert "action=accept" in str(answered.content) and "ann@example.org" in str(answered.content)

        async with Client(served.url, mode="legacy", cache=None) as agent:  # declared no elicitation
            with pytest.raises(MCPError) as refused:
                await agent.call_tool("test_elicitation", {"message": "Who are you?"})
        # the agent's refusal reaches the upstream, whose tool then fails with it
        assert "'elicitation/create'" in refused.value.message and "no back-channel" in refused.value.message
