"""From a world model's raw answer to the MCP result the agent sees (pure).

Thinking (``reasoning_content`` from a reasoning parser, or ``<think>`` blocks in the content, also
unbalanced ones) goes to the trace and never to the agent. The observation is the LAST
``<predicted_observation>`` block, or the cleaned text when there is none.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import jsonschema
from mcp.types import CallToolResult, TextContent

from mcp_sim.catalog.flat import plainly_valid
from mcp_sim.config import ToolSpec

_THINK = re.compile(r"<think>(.*?)</think>", re.DOTALL | re.IGNORECASE)
_OBSERVATION = re.compile(r"<predicted_observation>(.*?)</predicted_observation>", re.DOTALL | re.IGNORECASE)
_OPEN_OBSERVATION = re.compile(r"<predicted_observation>", re.IGNORECASE)
_STRAY_TAGS = re.compile(r"</?(predicted_observation|think)>", re.IGNORECASE)
_MARKER = re.compile(r"^\s*\**\s*Environment Observation:?\s*\**:?\s*", re.IGNORECASE)
_FENCE = re.compile(r"^```[A-Za-z0-9_-]*\s*\n(.*?)\n?```\s*$", re.DOTALL)
_ERROR_TEXT = re.compile(r"^\s*(error|exception|traceback)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Answer:
    """A raw answer split into what the model thought and what it predicts the tool returned."""

    thinking: str
    observation: str


@dataclass(frozen=True)
class Interpretation:
    """The MCP result of an observation, or why it cannot be one (fed back to the model on a retry)."""

    result: CallToolResult | None
    problem: str | None = None
    error_shaped: bool = False


def split_answer(content: str | None, reasoning: str | None = None) -> Answer:
    text = content or ""
    thoughts = [reasoning.strip()] if reasoning and reasoning.strip() else []
    thoughts += [t.strip() for t in _THINK.findall(text)]
    text = _THINK.sub("", text)
    lowered = text.lower()
    if "</think>" in lowered:  # the opening tag was in the prompt (chat template) or got lost
        cut = lowered.rindex("</think>")
        thoughts.append(text[:cut].strip())
        text = text[cut + len("</think>") :]
    elif "<think>" in lowered:  # thinking ran out of tokens: nothing after it is an answer
        cut = lowered.index("<think>")
        thoughts.append(text[cut + len("<think>") :].strip())
        text = text[:cut]
    return Answer(thinking="\n\n".join(t for t in thoughts if t), observation=_observation(text))


def _observation(text: str) -> str:
    blocks = _OBSERVATION.findall(text)
    if blocks:
        text = blocks[-1]
    else:
        opened = list(_OPEN_OBSERVATION.finditer(text))
        if opened:  # unclosed block (truncated answer): what follows the last opening tag
            text = text[opened[-1].end() :]
    text = _STRAY_TAGS.sub("", text)
    return _MARKER.sub("", text, count=1).strip()


def as_json(observation: str) -> Any:
    """The observation's JSON value (also inside a single code fence); raises ``ValueError`` if not JSON."""
    fenced = _FENCE.match(observation.strip())
    return json.loads(fenced.group(1) if fenced else observation)


def is_error_shaped(observation: str, value: Any = None) -> bool:
    if isinstance(value, dict):
        return value.get("isError") is True or bool(value.get("error"))
    return bool(_ERROR_TEXT.match(observation))


def interpret(spec: ToolSpec, observation: str) -> Interpretation:
    """Error-shaped answers become ``isError``; with an outputSchema, the JSON must validate."""
    if not observation.strip():
        return Interpretation(None, "the answer was empty: give the tool's response inside <predicted_observation>")
    try:
        value: Any = as_json(observation)
        parsed = True
    except ValueError:
        value, parsed = None, False
    if is_error_shaped(observation, value):
        return Interpretation(_text(observation, is_error=True), error_shaped=True)
    if spec.output_schema is None:
        return Interpretation(_text(observation))
    if not parsed:
        return Interpretation(None, "the response must be JSON valid against the tool's output schema")
    validator = _validator(spec.output_schema)
    # a flat object schema the answer plainly fits has no error to find (catalog/flat.py): the walk is skipped
    error = None if plainly_valid(validator, value) else jsonschema.exceptions.best_match(validator.iter_errors(value))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        return Interpretation(None, f"the response does not match the output schema at {where}: {error.message}")
    text = json.dumps(value, ensure_ascii=False)
    structured = value if isinstance(value, dict) else None  # MCP structuredContent is always an object
    return Interpretation(CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured))


_VALIDATORS: dict[int, tuple[dict[str, Any], jsonschema.Draft202012Validator]] = {}  # by id() of the schema
VALIDATORS_KEPT = 1024


def _validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    """The validator of an output schema, made once per schema, not at every call: making it (its attrs fields, the
    resolver over the schema) cost about as much as validating a typical answer. A validator keeps no state between
    ``iter_errors`` calls, so the same errors come out. Kept by the schema's identity (the kept entry holds the schema,
    so its id is not reused while kept); a bounded dict (``VALIDATORS_KEPT``), cleared when full."""
    kept = _VALIDATORS.get(id(schema))
    if kept is not None and kept[0] is schema:
        return kept[1]
    if len(_VALIDATORS) >= VALIDATORS_KEPT:
        _VALIDATORS.clear()
    validator = jsonschema.Draft202012Validator(schema)
    _VALIDATORS[id(schema)] = (schema, validator)
    return validator


def _text(observation: str, is_error: bool = False) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=observation)], is_error=is_error)
