"""Resources and prompts declared in tool spec files: what the simulated server serves besides tools.

A static resource reads as written; a template fills its ``{variables}`` in; an ``entity`` template reads the
session's ledger, so an entity a simulated call created is readable as ``tickets://T-1`` (and one it deleted is
not found), exactly as the tools see it.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp.shared.uri_template import UriTemplate
from mcp.types import (
    BlobResourceContents,
    ContentBlock,
    GetPromptResult,
    Prompt,
    PromptArgument,
    PromptMessage,
    ReadResourceResult,
    Resource,
    ResourceTemplate,
    TextContent,
    TextResourceContents,
)
from pydantic import TypeAdapter

from mcp_sim.config import ToolSpecFile
from mcp_sim.config.surface import PLACEHOLDER, SpecPrompt, SpecResource
from mcp_sim.errors import ProtocolError, StartupError
from mcp_sim.ledger.entities import Ledger

RESOURCE_NOT_FOUND = -32002  # what MCP servers answer for an unknown resource URI
LedgerFn = Callable[[], Awaitable[Ledger]]  # the session's ledger, loaded only when an entity template is read


@dataclass
class SpecSurface:
    """The resources, templates and prompts of all spec files, by URI and name."""

    resources: dict[str, SpecResource] = field(default_factory=dict)
    templates: list[tuple[UriTemplate, SpecResource]] = field(default_factory=list)
    prompts: dict[str, SpecPrompt] = field(default_factory=dict)

    @classmethod
    def of(cls, spec_files: Iterable[tuple[Path, ToolSpecFile]]) -> SpecSurface:
        """A URI, template or prompt name declared twice is a start-up error naming both files."""
        surface = cls()
        where: dict[tuple[str, str], Path] = {}
        problems: list[str] = []

        def claim(kind: str, key: str, path: Path) -> bool:
            first = where.setdefault((kind, key), path)
            if first is not path:
                problems.append(f"{kind} '{key}' is declared in {first} and in {path}")
                return False
            return True

        for path, spec_file in spec_files:
            for resource in spec_file.resources:
                if resource.uri is not None and claim("resource", resource.uri, path):
                    surface.resources[resource.uri] = resource
                elif resource.uri_template is not None and claim("resource template", resource.uri_template, path):
                    surface.templates.append((UriTemplate.parse(resource.uri_template), resource))
            for prompt in spec_file.prompts:
                if claim("prompt", prompt.name, path):
                    surface.prompts[prompt.name] = prompt
        if problems:
            raise StartupError("\n".join(problems))
        return surface

    def __bool__(self) -> bool:
        return bool(self.resources or self.templates or self.prompts)

    # ---- listings ----

    def listed_resources(self) -> list[Resource]:
        return [Resource(uri=uri, **_listing(r)) for uri, r in self.resources.items()]

    def listed_templates(self) -> list[ResourceTemplate]:
        return [ResourceTemplate(uri_template=str(r.uri_template), **_listing(r)) for _, r in self.templates]

    def listed_prompts(self) -> list[Prompt]:
        return [
            Prompt(name=p.name, title=p.title, description=p.description, arguments=_arguments(p))
            for p in self.prompts.values()
        ]

    # ---- reading ----

    def offers(self, uri: str) -> bool:
        return uri in self.resources or any(t.match(uri) is not None for t, _ in self.templates)

    async def read(self, uri: str, ledger: LedgerFn) -> ReadResourceResult:
        if (static := self.resources.get(uri)) is not None:
            return ReadResourceResult(contents=[_contents(uri, static, static.text)])
        for template, resource in self.templates:
            variables = template.match(uri)
            if variables is None:
                continue
            values = {k: v if isinstance(v, str) else ",".join(v) for k, v in variables.items()}
            if resource.entity is None:
                text = _fill(resource.text or "", values)
                return ReadResourceResult(contents=[_contents(uri, resource, text if resource.text else None)])
            entity_id = next(iter(values.values()))
            record = (await ledger()).get(resource.entity, entity_id)
            if record is None:  # never created in this session, or deleted: as the tools would say
                break
            text = json.dumps(record, ensure_ascii=False, sort_keys=True)
            mime = resource.mime_type or "application/json"
            return ReadResourceResult(contents=[TextResourceContents(uri=uri, mime_type=mime, text=text)])
        raise ProtocolError(RESOURCE_NOT_FOUND, f"Resource not found: {uri}", {"uri": uri})

    def get_prompt(self, name: str, arguments: dict[str, str] | None) -> GetPromptResult:
        prompt = self.prompts.get(name)
        if prompt is None:
            raise ProtocolError(-32602, f"Unknown prompt: '{name}'")
        given = arguments or {}
        missing = [a.name for a in prompt.arguments if a.required and a.name not in given]
        if missing:
            raise ProtocolError(-32602, f"Prompt '{name}' needs argument(s) {', '.join(missing)}")
        values = {a.name: given.get(a.name, "") for a in prompt.arguments}
        messages = []
        for message in prompt.messages:
            if message.text is not None:
                text = _fill(message.text, values)
                content: Any = TextContent(type="text", text=text)
            else:
                content = _CONTENT.validate_python(message.content)
            messages.append(PromptMessage(role=message.role, content=content))
        return GetPromptResult(description=prompt.description, messages=messages)


_CONTENT: TypeAdapter[Any] = TypeAdapter(ContentBlock)  # checked at load


def _fill(text: str, values: dict[str, str]) -> str:
    """``{name}`` replaced by its value (names without a value stay as written)."""
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def _arguments(prompt: SpecPrompt) -> list[PromptArgument] | None:
    listed = [PromptArgument(name=a.name, description=a.description, required=a.required) for a in prompt.arguments]
    return listed or None


def _listing(resource: SpecResource) -> dict[str, Any]:
    return {
        "name": resource.name,
        "title": resource.title,
        "description": resource.description,
        "mime_type": resource.mime_type or ("application/json" if resource.entity else None),
    }


def _contents(uri: str, resource: SpecResource, text: str | None) -> TextResourceContents | BlobResourceContents:
    if resource.blob is not None:
        return BlobResourceContents(uri=uri, mime_type=resource.mime_type, blob=resource.blob)
    return TextResourceContents(uri=uri, mime_type=resource.mime_type or "text/plain", text=text or "")
