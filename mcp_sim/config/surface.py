"""The ``resources:`` and ``prompts:`` of a tool spec file: what a simulated server offers besides tools."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any, Literal

from mcp.shared.uri_template import InvalidUriTemplate, UriTemplate
from mcp.types import ContentBlock
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

from mcp_sim.config.numbers import NoBooleanNumbers

# models.py's STRICT (models.py imports this module for ToolSpecFile, so it cannot be imported from there)
STRICT = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Strict(NoBooleanNumbers, BaseModel):
    model_config = STRICT


PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.]+)\}")  # {name} in a prompt's text or a template's text


class SpecResource(Strict):
    """One resource (``uri``) or resource template (``uriTemplate``) and what reading it gives.

    Contents: ``text`` (a template's ``{variables}`` are filled in), ``blob`` (base64), or ``entity``: a template
    with one variable whose reading is the session's ledger record of that type and id, as JSON."""

    model_config = ConfigDict(**STRICT, populate_by_name=True)

    uri: str | None = Field(None, min_length=1)
    uri_template: str | None = Field(None, alias="uriTemplate", min_length=1)
    name: str = Field(min_length=1, max_length=128)
    title: str | None = None
    description: str | None = None
    mime_type: str | None = Field(None, alias="mimeType")
    text: str | None = None
    blob: str | None = None
    entity: str | None = Field(None, min_length=1)

    @field_validator("blob")
    @classmethod
    def _base64(cls, blob: str | None) -> str | None:
        if blob is not None:
            try:
                base64.b64decode(blob, validate=True)
            except binascii.Error:
                raise ValueError("blob must be base64") from None
        return blob

    @model_validator(mode="after")
    def _one_of_each(self) -> SpecResource:
        if (self.uri is None) == (self.uri_template is None):
            raise ValueError("give exactly one of uri (a resource) or uriTemplate (a resource template)")
        contents = [k for k in ("text", "blob", "entity") if getattr(self, k) is not None]
        if len(contents) != 1:
            raise ValueError(f"give exactly one of text, blob or entity (got {', '.join(contents) or 'none'})")
        if self.uri_template is not None:
            try:
                variables = UriTemplate.parse(self.uri_template).variable_names
            except InvalidUriTemplate as exc:
                raise ValueError(f"uriTemplate {self.uri_template!r} is not an RFC 6570 template: {exc}") from None
            if not variables:
                raise ValueError(f"uriTemplate {self.uri_template!r} has no {{variable}}; use uri for a fixed one")
            if self.entity is not None and len(variables) != 1:
                raise ValueError(f"an entity template names the id in one variable, not {variables}")
            unknown = sorted(set(PLACEHOLDER.findall(self.text or "")) - set(variables))
            if unknown:
                raise ValueError(f"text names {unknown}, which uriTemplate {self.uri_template!r} does not define")
        elif self.entity is not None:
            raise ValueError("entity needs a uriTemplate whose variable is the id, e.g. tickets://{id}")
        return self


class PromptArgumentSpec(Strict):
    name: str = Field(min_length=1, max_length=128)
    description: str | None = None
    required: bool = False


class PromptMessageSpec(Strict):
    """One message of a prompt: ``text`` (with ``{argument}`` placeholders) or an MCP ``content`` block."""

    role: Literal["user", "assistant"] = "user"
    text: str | None = None
    content: dict[str, Any] | None = None

    @field_validator("content")
    @classmethod
    def _mcp_content(cls, content: dict[str, Any] | None) -> dict[str, Any] | None:
        if content is not None:
            try:
                _CONTENT.validate_python(content)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"])
                raise ValueError(f"not an MCP content block ({where}: {first['msg']})") from None
        return content

    @model_validator(mode="after")
    def _one_content(self) -> PromptMessageSpec:
        if (self.text is None) == (self.content is None):
            raise ValueError("give exactly one of text or content")
        return self


_CONTENT: TypeAdapter[Any] = TypeAdapter(ContentBlock)


class SpecPrompt(Strict):
    name: str = Field(min_length=1, max_length=128)
    title: str | None = None
    description: str | None = None
    arguments: list[PromptArgumentSpec] = []
    messages: list[PromptMessageSpec] = Field(min_length=1)

    @model_validator(mode="after")
    def _placeholders_are_arguments(self) -> SpecPrompt:
        declared = {a.name for a in self.arguments}
        for i, message in enumerate(self.messages):
            unknown = sorted(set(PLACEHOLDER.findall(message.text or "")) - declared)
            if unknown:
                raise ValueError(f"messages[{i}].text names {unknown}, which are not among the prompt's arguments")
        return self
