"""Tool spec files' ``resources:`` and ``prompts:``: validation naming file and field, and what reading gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from mcp_sim.catalog.resources import SpecSurface
from mcp_sim.catalog.specs import load_spec_file
from mcp_sim.errors import ConfigError, ProtocolError, StartupError
from mcp_sim.ledger.entities import Effect, Ledger

REPO = Path(__file__).resolve().parents[2]


def spec_file(tmp_path: Path, doc: dict[str, Any], name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


def surface(tmp_path: Path, doc: dict[str, Any]) -> SpecSurface:
    path = spec_file(tmp_path, doc)
    return SpecSurface.of([(path, load_spec_file(path))])


@pytest.mark.parametrize(
    ("resource", "problem"),
    [
        ({"name": "r", "text": "x"}, "exactly one of uri (a resource) or uriTemplate"),
        ({"uri": "a://b", "name": "r"}, "exactly one of text, blob or entity (got none)"),
        ({"uri": "a://b", "name": "r", "text": "x", "blob": "AAAA"}, "(got text, blob)"),
        ({"uri": "a://b", "name": "r", "blob": "not base64!"}, "blob must be base64"),
        ({"uriTemplate": "a://fixed", "name": "r", "text": "x"}, "has no {variable}"),
        ({"uriTemplate": "a://{x}/{y}", "name": "r", "entity": "ticket"}, "one variable"),
        ({"uriTemplate": "a://{x}", "name": "r", "text": "{y}"}, "text names ['y']"),
        ({"uri": "a://b", "name": "r", "entity": "ticket"}, "entity needs a uriTemplate"),
        ({"uri": "a://b", "name": "r", "text": "x", "size": 3}, "size"),  # unknown keys are refused
    ],
)
def test_a_bad_resource_is_refused_naming_the_file_and_the_field(
    tmp_path: Path, resource: dict[str, Any], problem: str
) -> None:
    path = spec_file(tmp_path, {"tools": [{"name": "t"}], "resources": [resource]})
    with pytest.raises(ConfigError) as caught:
        load_spec_file(path)
    message = str(caught.value)
    assert str(path) in message and "resources" in message, message
    assert problem in message, message


@pytest.mark.parametrize(
    ("prompt", "problem"),
    [
        ({"name": "p", "messages": [{"text": "hi {who}"}]}, "messages[0].text names ['who']"),
        ({"name": "p", "messages": []}, "messages"),
        ({"name": "p", "messages": [{"text": "a", "content": {"type": "text", "text": "b"}}]}, "exactly one of text"),
        ({"name": "p", "messages": [{"content": {"type": "picture"}}]}, "not an MCP content block"),
        ({"name": "p", "messages": [{"role": "system", "text": "a"}]}, "role"),
    ],
)
def test_a_bad_prompt_is_refused_naming_the_file_and_the_field(
    tmp_path: Path, prompt: dict[str, Any], problem: str
) -> None:
    path = spec_file(tmp_path, {"prompts": [prompt]})
    with pytest.raises(ConfigError) as caught:
        load_spec_file(path)
    message = str(caught.value)
    assert str(path) in message and "prompts" in message, message
    assert problem in message, message


def test_a_file_with_nothing_in_it_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="needs tools, resources or prompts"):
        load_spec_file(spec_file(tmp_path, {"upstream": "x"}))


def test_the_same_uri_or_prompt_in_two_files_is_a_start_up_error_naming_both(tmp_path: Path) -> None:
    doc = {
        "resources": [{"uri": "a://b", "name": "r", "text": "x"}],
        "prompts": [{"name": "p", "messages": [{"text": "a"}]}],
    }
    one, two = spec_file(tmp_path, doc, "one.yaml"), spec_file(tmp_path, doc, "two.yaml")
    with pytest.raises(StartupError) as caught:
        SpecSurface.of([(one, load_spec_file(one)), (two, load_spec_file(two))])
    message = str(caught.value)
    assert f"resource 'a://b' is declared in {one} and in {two}" in message
    assert f"prompt 'p' is declared in {one} and in {two}" in message


async def test_static_and_template_resources_read_their_contents(tmp_path: Path) -> None:
    offered = surface(
        tmp_path,
        {
            "resources": [
                {"uri": "docs://readme", "name": "readme", "mimeType": "text/markdown", "text": "# Read me"},
                {"uri": "docs://logo", "name": "logo", "mimeType": "image/png", "blob": "iVBORw0K"},
                {"uriTemplate": "docs://topics/{topic}", "name": "topic", "text": "All about {topic}."},
            ]
        },
    )

    async def no_ledger() -> Ledger:
        raise AssertionError("only entity templates read the ledger")

    readme = (await offered.read("docs://readme", no_ledger)).contents[0]
    assert (readme.uri, readme.mime_type, getattr(readme, "text", None)) == (
        "docs://readme",
        "text/markdown",
        "# Read me",
    )
    assert getattr((await offered.read("docs://logo", no_ledger)).contents[0], "blob", None) == "iVBORw0K"
    topic = (await offered.read("docs://topics/billing", no_ledger)).contents[0]
    assert getattr(topic, "text", None) == "All about billing."
    assert [r.uri for r in offered.listed_resources()] == ["docs://readme", "docs://logo"]
    assert [t.uri_template for t in offered.listed_templates()] == ["docs://topics/{topic}"]
    with pytest.raises(ProtocolError) as caught:
        await offered.read("docs://nothing", no_ledger)
    assert caught.value.code == -32002


async def test_an_entity_template_reads_the_session_ledger(tmp_path: Path) -> None:
    offered = surface(tmp_path, {"resources": [{"uriTemplate": "tickets://{id}", "name": "t", "entity": "ticket"}]})
    ledger = Ledger()
    ledger.apply(Effect(op="create", entity="ticket", id="T-1", record={"id": "T-1", "title": "Printer on fire"}))

    async def session_ledger() -> Ledger:
        return ledger

    contents = (await offered.read("tickets://T-1", session_ledger)).contents[0]
    assert json.loads(getattr(contents, "text", "")) == {"id": "T-1", "title": "Printer on fire"}
    assert contents.mime_type == "application/json"
    with pytest.raises(ProtocolError, match="Resource not found: tickets://T-2"):
        await offered.read("tickets://T-2", session_ledger)
    ledger.apply(Effect(op="delete", entity="ticket", id="T-1"))
    with pytest.raises(ProtocolError, match="Resource not found"):
        await offered.read("tickets://T-1", session_ledger)


def test_a_prompt_fills_in_its_arguments_and_names_missing_ones(tmp_path: Path) -> None:
    offered = surface(
        tmp_path,
        {
            "prompts": [
                {
                    "name": "triage",
                    "description": "Triage",
                    "arguments": [{"name": "ticket_id", "required": True}, {"name": "tone"}],
                    "messages": [
                        {"text": "Triage {ticket_id} {tone}"},
                        {"role": "assistant", "content": {"type": "image", "data": "AAAA", "mimeType": "image/png"}},
                    ],
                }
            ]
        },
    )
    result = offered.get_prompt("triage", {"ticket_id": "T-9"})
    dumped = [m.model_dump(mode="json", by_alias=True, exclude_none=True) for m in result.messages]
    assert dumped == [
        {"role": "user", "content": {"type": "text", "text": "Triage T-9 "}},
        {"role": "assistant", "content": {"type": "image", "data": "AAAA", "mimeType": "image/png"}},
    ]
    listed = offered.listed_prompts()[0]
    assert [(a.name, a.required) for a in listed.arguments or []] == [("ticket_id", True), ("tone", False)]
    with pytest.raises(ProtocolError, match="needs argument\\(s\\) ticket_id"):
        offered.get_prompt("triage", {})
    with pytest.raises(ProtocolError, match="Unknown prompt: 'other'"):
        offered.get_prompt("other", None)


def test_the_tickets_spec_declares_a_ledger_template() -> None:
    tickets = load_spec_file(REPO / "tool_specs/tickets.yaml")
    assert [r.entity for r in tickets.resources if r.uri_template == "tickets://{id}"] == ["ticket"]
