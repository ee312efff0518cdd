"""Every simulated failure in the form its server fails in.

A server fails in one form whatever went wrong: kanban answers ``{"success": false, "error": ...}``, a
memory bank ``{"name": "NotFoundError", "error": ...}`` with isError, a travel API the text ``Error during
execution: ...``. The rules that decide a call fails (an unknown id, a bad path, a refused argument) word the
failure in mcp-sim's own form; once the tool or its server has shown its failures (recordings, ``examples:``),
this module says that failure again in the learned form (``render.failure_style``: the tool's own form of that
kind of failure, else the one most of its server's failures took), carrying the rule's message. An answer
already in the learned form is left alone, and so is every answer when nothing was learned (zero-config). Bad
arguments are the exception: a server refuses them in its framework's words ("Input validation error: ..."),
not in the form its own logic fails in, so they are restyled only after the server was seen refusing some.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.learned import SLOT, Template, failed_answer, failure_kind
from mcp_sim.simulation.render import failure_in_style, failure_style, shapes_of

_LEAD = re.compile(r"^((?:\S+\s+){0,2}error\b[^:\n]*):\s", re.IGNORECASE)  # "Error during execution: ..."
_QUOTED_NAME = re.compile(r"'[^']*'|\"[^\"]*\"")
# how the simulator's rules word a refusal the tool's own code makes: FastMCP's wrapping of an exception its
# function raised, not the framework's check of the inputSchema ("Input validation error", "Invalid argument")
_LOGIC = re.compile(r"^Error executing tool \S+: ")


def restyled(
    spec: ToolSpec, siblings: Sequence[ToolSpec], arguments: dict[str, Any], result: CallToolResult
) -> CallToolResult | None:
    """``result``, a simulated failure, in the failure form learned for ``spec`` or its server; None when it is
    no failure, nothing was learned, it already has that form, or the form cannot say a failure."""
    if not _failed(result):
        return None
    message = message_of(result)
    kind = failure_kind(message)
    logic = _LOGIC.match(message)  # a refusal the tool's own code makes (an empty list, a date it cannot read)
    if kind == "invalid" and logic is None and not refuses_in_own_form(siblings):
        return None  # servers refuse bad arguments in their framework's words, not in the form their logic fails in
    if logic is not None:
        message = message[logic.end() :]  # said again in the server's own form, which has its own lead
    style = failure_style(spec, siblings, kind)
    if style is None or same_form(result, style):
        return None
    if style.is_json:
        if spec.output_schema is not None and not style.is_error:
            return None  # an answer without isError must fit the outputSchema: a failure envelope does not
        answer = failure_in_style(spec, siblings, arguments, message)
    else:
        answer = _in_text(style, spec, siblings, message)
    return answer if answer is not None and _failed(answer) and not same_form(answer, _template_of(result)) else None


def refuses_in_own_form(siblings: Sequence[ToolSpec]) -> bool:
    """The server was seen refusing arguments (a failure of the invalid kind): its refusals have a learned form."""
    return any((shapes := shapes_of(s)) is not None and "invalid" in shapes.failures for s in siblings if s.examples)


def message_of(result: CallToolResult) -> str:
    """What a failure says: its ``error`` (or ``message``) when it is a JSON object, else its text."""
    body = _view(result)
    if isinstance(body, dict):
        for key in ("error", "message", "detail"):
            if isinstance(body.get(key), str) and body[key]:
                return str(body[key])
    return _text(result)


def same_form(result: CallToolResult, style: Template) -> bool:
    """Both are text, or both are JSON objects with the same keys (or both JSON of another type), and they agree
    on isError: an agent (and fidelity-metrics.md's structural match) sees one form."""
    if bool(result.is_error) != style.is_error:
        return False
    body = _view(result)
    if isinstance(body, str) or not style.is_json:
        return isinstance(body, str) and not style.is_json
    if isinstance(body, dict) and isinstance(style.body, dict):
        return set(body) == set(style.body)
    return type(body) is type(style.body)


def _in_text(style: Template, spec: ToolSpec, siblings: Sequence[ToolSpec], message: str) -> CallToolResult | None:
    """The message as text, led the way the learned text failures are led (``Error during execution: ``), the
    other tool's quoted name in that lead made this tool's."""
    lead = _LEAD.match(str(style.body))
    prefix = ""
    if lead is not None and not SLOT.search(lead.group(1)):
        names = {s.name for s in siblings}
        prefix = _QUOTED_NAME.sub(lambda m: m.group(0)[0] + spec.name + m.group(0)[0] if m.group(0)[1:-1] in names
                                  else m.group(0), lead.group(1))  # fmt: skip
        prefix = re.sub(rf"\b(?:{'|'.join(re.escape(n) for n in names)})\b", spec.name, prefix) if names else prefix
        prefix += ": "
    text = message if not prefix or message.lower().startswith(prefix.lower()) else prefix + message
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=style.is_error)


def _template_of(result: CallToolResult) -> Template:
    body = _view(result)
    return Template(body, not isinstance(body, str), result.structured_content is not None, bool(result.is_error))


def _failed(result: CallToolResult) -> bool:
    return bool(result.is_error) or failed_answer(result.structured_content, _text(result))


def _view(result: CallToolResult) -> Any:
    if result.structured_content is not None:
        return result.structured_content
    text = _text(result)
    if text.lstrip().startswith(("{", "[")):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def _text(result: CallToolResult) -> str:
    return "\n".join(b.text for b in result.content if isinstance(b, TextContent))
