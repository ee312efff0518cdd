"""paginate: pages from the stored remainder, cursors bound to session and tool, the tool as listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config.profiles import parse_entries
from mcp_sim.config.yamlfile import YamlDocument
from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import CallInfo
from mcp_sim.perturbations.pipeline import ProfilePipeline
from tests.unit.perturb_helpers import call_path, create_tickets, text

PAGINATE = [{"type": "paginate", "match": {"tools": ["list_*"]}, "page_size": 2}]


async def test_listed_tool_gains_an_optional_cursor_argument(tmp_path: Path) -> None:
    async with call_path(tmp_path, PAGINATE) as path:
        listed = path.catalog.get("list_tickets")
        assert listed is not None
        assert "cursor" in listed.tool.input_schema["properties"]
        assert "cursor" not in listed.tool.input_schema.get("required", [])
        assert listed.tool.output_schema is not None and "next_cursor" in listed.tool.output_schema["properties"]
        assert "cursor" not in listed.spec.input_schema.get("properties", {}), "the world model sees the real tool"
        untouched = path.catalog.get("get_ticket")
        assert untouched is not None and "cursor" not in untouched.tool.input_schema["properties"]


async def test_pages_walk_every_item_once_from_the_stored_remainder(tmp_path: Path) -> None:
    async with call_path(tmp_path, PAGINATE) as path:
        created = await create_tickets(path, "s", 5)
        seen: list[str] = []
        result = await path.call("s", "list_tickets", {})
        pages = 1
        while True:
            assert not result.is_error, text(result)
            body = result.structured_content
            assert body is not None and len(body["tickets"]) <= 2
            seen += [t["id"] for t in body["tickets"]]
            if "next_cursor" not in body:
                break
            result = await path.call("s", "list_tickets", {"cursor": body["next_cursor"]})
            pages += 1
        assert seen == created and pages == 3
        turns = await path.store.turns(path.experiment.name, "s")
        served = [t for t in turns if t.trace.get("paginate") == "stored page"]
        assert len(served) == 2, "later pages are never re-simulated"


async def test_cursors_persist_in_the_session_state(tmp_path: Path) -> None:
    async with call_path(tmp_path, PAGINATE) as path:
        await create_tickets(path, "s", 3)
        first = await path.call("s", "list_tickets", {})
        assert first.structured_content is not None
        token = first.structured_content["next_cursor"]
        state = await path.store.load(path.experiment.name, "s")
        assert token in state.cursors and state.cursors[token]["tool"] == "list_tickets"


async def test_bad_foreign_and_wrong_tool_cursors_are_tool_errors(tmp_path: Path) -> None:
    entries = [{"type": "paginate", "match": {"tools": ["list_*"]}, "page_size": 1}]
    async with call_path(tmp_path, entries) as path:
        await create_tickets(path, "a", 2)
        first = await path.call("a", "list_tickets", {})
        assert first.structured_content is not None
        token = first.structured_content["next_cursor"]
        foreign = await path.call("b", "list_tickets", {"cursor": token})
        assert foreign.is_error and "not issued in this session" in text(foreign)
        bad = await path.call("a", "list_tickets", {"cursor": "garbage"})
        assert bad.is_error and "Invalid cursor" in text(bad)
        again = await path.call("a", "list_tickets", {"cursor": token})
        assert not again.is_error, "a cursor stays valid after a failed attempt elsewhere"


async def test_reuses_the_tools_own_cursor_argument_and_passes_foreign_ones_through(tmp_path: Path) -> None:
    entries = [{"type": "paginate", "match": {"tools": ["list_notes"]}, "page_size": 1}]
    async with call_path(tmp_path, entries) as path:
        listed = path.catalog.get("list_notes")
        assert listed is not None
        assert set(listed.tool.input_schema["properties"]) == {"page_token"}
        result = await path.call("s", "list_notes", {"page_token": "upstream-token-7"})
        assert not result.is_error, "a cursor the tool itself issued goes to the backend"


def _pipeline(entries: list[dict[str, Any]]) -> ProfilePipeline:
    return ProfilePipeline(parse_entries(entries, YamlDocument(Path("inline.yaml"), entries, None), ("p",)))


async def test_plain_text_answers_are_paged_by_lines() -> None:
    pipeline = _pipeline([{"type": "paginate", "page_size": 3}])
    cursors: dict[str, Any] = {}
    lines = [f"line {i}" for i in range(7)]
    calls = 0

    async def backend(arguments: dict[str, Any], instructions: list[str]) -> Outcome:
        nonlocal calls
        calls += 1
        return Outcome(result=CallToolResult(content=[TextContent(type="text", text="\n".join(lines))]))

    async def page(index: int, arguments: dict[str, Any]) -> str:
        info = CallInfo(1, "s", "grep", arguments, "real", index, index, cursors)
        outcome = await pipeline.plan(info).run(info, backend)
        block = outcome.result.content[0]
        assert isinstance(block, TextContent)
        return block.text

    first = await page(0, {})
    assert first.splitlines()[:3] == lines[:3]
    token = first.splitlines()[3].split("cursor=")[1].rstrip(")")
    second = await page(1, {"cursor": token})
    assert second.splitlines()[:3] == lines[3:6]
    assert calls == 1


async def test_an_mcp_client_sees_the_cursor_and_validates_every_page(tmp_path: Path) -> None:
    from mcp import Client

    from mcp_sim.serving.mcp_server import build_server

    async with call_path(tmp_path, PAGINATE) as path, Client(build_server(path)) as client:
        meta: Any = {"mcp-sim/session": "agent"}
        for i in range(3):
            await client.call_tool("create_ticket", {"title": f"t{i}"}, meta=meta)
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert "cursor" in listed["list_tickets"].input_schema["properties"]
        first = await client.call_tool("list_tickets", {}, meta=meta)  # the SDK checks outputSchema
        assert first.structured_content is not None
        second = await client.call_tool("list_tickets", {"cursor": first.structured_content["next_cursor"]}, meta=meta)
        assert second.structured_content is not None
        assert [t["title"] for t in second.structured_content["tickets"]] == ["t2"]
