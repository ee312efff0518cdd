"""The AgentWorld conversation of one simulated call (pure: strings in, messages out).

Shape (what Qwen-AgentWorld was trained on): a system message with the simulator's rules and the tool
definitions; each earlier call as a user turn (``### Turn k`` / ``**Action:**`` / fenced json) followed by
its observation as the assistant turn (``**Environment Observation:**``); the current call last.

Prefix stability is the point of most choices here: earlier turns are rendered only from stored history,
always the same way, and per-call material (perturbation instructions, entity hints, world excerpts,
regeneration feedback) goes into the current user turn only. So the messages of call k+1 begin with
the messages of call k and the server's prefix cache reuses them. The window over history moves in
blocks (``window_start``), and the summary of what fell out is built from those turns alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.llm.history import MAX_SUMMARY_ENTITIES, summarise, window_start
from mcp_sim.state.base import Turn

Message = dict[str, str]
DEMONSTRATION_BUDGET_CHARS = 6000  # of one call's demonstrations: the current turn is resent at every call
DEMONSTRATION_MAX_CHARS = 1500  # of one demonstrated observation

SYSTEM_TEMPLATE = """\
# Role
You are a tool world model. You stand in for the real tool server an AI agent is connected to: the agent
calls tools, and you answer each call exactly as the real tool would.

# Task
You are given the session so far (earlier calls and what they returned) and the current call. Predict the
exact response of the tool to the current call.

# Environment state
- Treat the whole session as one consistent world: resources created earlier exist, with the ids and
  values they were given; modifications persist; deleted resources stay deleted and return errors.
- Reuse identifiers, names and values that appeared earlier; never contradict an earlier observation.
- Invent new ids, timestamps and contents that look like the real system's, and keep them from then on.

# Execution rules by kind of tool
- Read and search: return what the world holds; an unknown id is a not-found error, an empty match is an
  empty result, not an error.
- Create: return the new resource with a fresh id. Update: return the changed resource.
- Delete: confirm the deletion; the resource is gone for later calls.
- Utility and stateless tools (math, formatting, time, conversion): compute the answer faithfully.

# Response format
- If the tool has an output schema, the response must be JSON valid against it.
- Otherwise follow the format of earlier observations of the same tool, then infer it from the tool's
  name and description. Return raw output; do not wrap it in extra JSON or commentary.
- Errors look like the real technology's errors (validation errors, not found, permission denied,
  unavailable, timeout), as JSON with an "error" field or as a line starting with "Error:".
- Put the response, and nothing else, inside <predicted_observation>...</predicted_observation>.

# Tools
{tool_definitions}
{demonstrations}"""


@dataclass(frozen=True)
class CurrentCall:
    """The call to simulate now, with material that belongs to this call only."""

    index: int
    tool: str
    arguments: dict[str, Any]
    instructions: Sequence[str] = ()
    entity_hints: Sequence[str] = ()
    world_excerpts: Sequence[str] = ()
    feedback: Sequence[str] = ()
    demonstrations: Sequence[str] = ()  # real observations of this tool (its spec's examples)


@dataclass(frozen=True)
class Prompt:
    """A system text fixed for an experiment, and the history budget derived from it."""

    system: str
    budget_chars: int  # for the replayed history; the window moves in blocks when it overflows
    max_turns: int | None = None  # replayed turns at most (history_turns); None: the char budget alone
    summary_records: int = MAX_SUMMARY_ENTITIES  # ledger records the summary of dropped turns lists


def tool_definitions(tools: Sequence[ToolSpec]) -> str:
    """One JSON line per tool, sorted by name, so the system message is the same whatever the load order."""
    lines = []
    for spec in sorted(tools, key=lambda s: s.name):
        entry: dict[str, Any] = {"name": spec.name, "description": spec.description or ""}
        entry["inputSchema"] = spec.input_schema
        if spec.output_schema is not None:
            entry["outputSchema"] = spec.output_schema
        lines.append(json.dumps(entry, ensure_ascii=False, sort_keys=True))
    return "\n".join(lines)


def system_text(tools: Sequence[ToolSpec], template: str | None = None, demonstrations: str = "") -> str:
    demos = f"\n# Demonstrations\n{demonstrations.strip()}\n" if demonstrations.strip() else ""
    text = (template or SYSTEM_TEMPLATE).replace("{tool_definitions}", tool_definitions(tools))
    return text.replace("{demonstrations}", demos)


def action_text(index: int, tool: str, arguments: dict[str, Any]) -> str:
    call = indented_json({"name": tool, "arguments": arguments})
    return f"### Turn {index + 1}\n**Action:**\n```json\n{call}\n```"


_SCALAR = json.JSONEncoder(ensure_ascii=False).encode  # one string, number or constant, as json.dumps writes it
_PLAIN_DEPTH = 64  # deeper (or circular) values are left to json.dumps, with its own errors


class _NotPlain(Exception):
    """A value ``indented_json`` leaves to ``json.dumps``: not a plain JSON type, or nested too deep."""


def indented_json(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, sort_keys=True, indent=2)``, byte for byte (``test_perf_indented.py``).

    With ``indent`` the json module encodes in Python, making its encoder's closures anew at every call: a reference
    cycle per call for the collector, and slower than this walk over plain JSON values (dicts with str keys, lists,
    str, int, float, bool, None: what an MCP call's arguments parse to). Anything else (a subclass, a tuple, a
    non-str key, a value nested deeper than ``_PLAIN_DEPTH``) goes to ``json.dumps`` whole, as before."""
    parts: list[str] = []
    try:
        _indent_into(parts, value, "\n")
    except _NotPlain:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, indent=2)
    return "".join(parts)


def _indent_into(parts: list[str], value: Any, newline: str) -> None:
    kind = type(value)
    if kind is str:
        parts.append(_SCALAR(value))
    elif kind is dict:
        try:
            keys = sorted(value)
        except TypeError:  # keys of several types: json.dumps says so its own way
            raise _NotPlain from None
        if any(type(key) is not str for key in keys):
            raise _NotPlain
        _members(parts, newline, "{}", [(_SCALAR(key) + ": ", value[key]) for key in keys])
    elif kind is list:
        _members(parts, newline, "[]", [("", item) for item in value])
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif kind is int or kind is float:
        parts.append(_SCALAR(value))
    else:
        raise _NotPlain


def _members(parts: list[str], newline: str, brackets: str, members: list[tuple[str, Any]]) -> None:
    """An object's or a list's members, one a line, indented one step more than ``newline``; ``{}``/``[]`` empty."""
    if not members:
        parts.append(brackets)
        return
    if len(newline) > 2 * _PLAIN_DEPTH:
        raise _NotPlain
    inner = newline + "  "
    head = brackets[0] + inner
    for label, item in members:
        parts.append(head + label)
        _indent_into(parts, item, inner)
        head = "," + inner
    parts.append(newline + brackets[1])


def observation_text(turn: Turn) -> str:
    """What the agent saw for an earlier turn: its text content, else its structured content, else the error."""
    if turn.error is not None:
        return f"Error: {turn.error.get('message', '')} (JSON-RPC {turn.error.get('code')})"
    return result_text(turn.result or {})


def result_text(result: dict[str, Any]) -> str:
    """A CallToolResult (as JSON) as the agent reads it: its text content, else its structured content."""
    texts = [c.get("text", "") for c in result.get("content", []) if c.get("type") == "text"]
    if texts:
        return "\n".join(texts)
    if result.get("structuredContent") is not None:
        return json.dumps(result["structuredContent"], ensure_ascii=False, sort_keys=True)
    return "(no output)"


def current_text(call: CurrentCall) -> str:
    """The current user turn: the action first (shared with the next call's prefix), then this call's notes:
    the tool's real observations before the instructions, so a perturbation's instruction has the last word."""
    sections = [action_text(call.index, call.tool, call.arguments)]
    _section(sections, "**How the real tool answered other calls (answer in the same form):**", call.demonstrations)
    _section(sections, "**Simulation instructions for this call:**", call.instructions)
    _section(sections, "**Known state of the entities this call touches:**", call.entity_hints)
    _section(sections, "**Facts of this world that may matter:**", call.world_excerpts)
    _section(sections, "**Your previous answer to this call was rejected; fix this:**", call.feedback)
    return "\n\n".join(sections)


def tool_demonstrations(spec: ToolSpec, budget_chars: int = DEMONSTRATION_BUDGET_CHARS) -> list[str]:
    """The real observations of ``spec`` (its examples: from the spec file, ``mcp-sim learn`` or the experiment's
    recordings) as demonstrations for the current call, newest kept first when they exceed ``budget_chars``."""
    shown: list[str] = []
    used = 0
    for example in reversed(spec.examples):
        observed = result_text(example.result)
        if len(observed) > DEMONSTRATION_MAX_CHARS:
            observed = observed[:DEMONSTRATION_MAX_CHARS] + f"... ({len(observed) - DEMONSTRATION_MAX_CHARS} more)"
        failed = " (isError)" if example.result.get("isError") else ""
        arguments = json.dumps(example.arguments, ensure_ascii=False, sort_keys=True)
        text = f"arguments {arguments} -> observation{failed}:\n{observed}"
        if shown and used + len(text) > budget_chars:
            break
        shown.append(text)
        used += len(text)
    return list(reversed(shown))


def _section(sections: list[str], title: str, items: Sequence[str]) -> None:
    if items:
        sections.append(title + "\n" + "\n".join(f"- {item}" for item in items))


def conversation(prompt: Prompt, history: Sequence[Turn], call: CurrentCall) -> list[Message]:
    """The messages of one request: system, the kept window of history as turn pairs, the current call."""

    def summary(start: int) -> str:
        return summarise(history[:start], prompt.summary_records)

    return assemble(prompt, [turn_pair(t) for t in history], summary, call)


def turn_pair(turn: Turn) -> tuple[str, str]:
    """An earlier turn as its (user, assistant) messages: fixed once the turn is stored, so callers may cache it."""
    return action_text(turn.index, turn.tool, turn.arguments), _observation(turn)


def assemble(
    prompt: Prompt, pairs: Sequence[tuple[str, str]], summary: Callable[[int], str], call: CurrentCall
) -> list[Message]:
    """``conversation`` from rendered turn pairs; ``summary(start)`` stands in for the turns before ``start``."""
    start = window_start([len(u) + len(a) for u, a in pairs], prompt.budget_chars, prompt.max_turns)
    messages: list[Message] = [system_message(prompt, summary, start)]
    for text, answer in pairs[start:]:
        messages += [user(text), assistant(answer)]
    messages.append(user(current_text(call)))
    return messages


def system_message(prompt: Prompt, summary: Callable[[int], str], start: int) -> Message:
    """The system text, followed by the summary of the turns before ``start`` once the window has moved."""
    return {"role": "system", "content": prompt.system + ("\n\n" + summary(start) if start > 0 else "")}


def user(content: str) -> Message:
    return {"role": "user", "content": content}


def assistant(content: str) -> Message:
    return {"role": "assistant", "content": content}


def _observation(turn: Turn) -> str:
    return "**Environment Observation:**\n" + observation_text(turn)


def common_prefix_chars(earlier: Sequence[Message], later: Sequence[Message]) -> int:
    """How many characters of ``earlier`` (its contents joined in order) ``later`` repeats from the start."""
    a = "".join(f"<{m['role']}>{m['content']}" for m in earlier)
    b = "".join(f"<{m['role']}>{m['content']}" for m in later)
    low, high = 0, min(len(a), len(b))
    while low < high:  # binary search on slice equality: C-speed comparisons instead of a Python loop
        mid = (low + high + 1) // 2
        if a[:mid] == b[:mid]:
            low = mid
        else:
            high = mid - 1
    return low
