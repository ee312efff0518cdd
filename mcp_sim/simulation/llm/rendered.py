"""Rendered history per session, so a call renders only the turns it has not seen yet.

Without it every call re-read the whole history from the store (a deep copy per turn) and re-rendered
every earlier turn (an indented JSON dump each), so the cost of a call grew with the session: at turn 500
those two were ~40 % of mcp-sim's CPU. A stored turn never changes, and ``prompts.turn_pair`` renders it
the same bytes every time, so its pair can be kept; each call fetches only the turns after the cached ones.

Safe with any store: sessions only ever append. A call index below the cached count (the session was
deleted and started again) or a fetched tail that does not continue the cache (another process reset it)
drops the cache and reads the history from the start. Sessions without a key (one request each) are never
cached. The cache is a bounded LRU of sessions; an evicted session just renders everything once again.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field

from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.llm import prompts
from mcp_sim.simulation.llm.client import EncodedMessages
from mcp_sim.simulation.llm.history import summarise, window_start
from mcp_sim.state.base import Turn


@dataclass
class SessionHistory:
    """A session's earlier turns as JSON-encoded message pairs, plus what a summary of dropped turns needs.

    Only the encoded form is kept (the text is in it), so the cache costs about the history's size once."""

    sizes: list[int] = field(default_factory=list)  # characters of each pair's two texts: what the window cuts
    encoded: list[str] = field(default_factory=list)  # each pair as the JSON of its two messages
    outlines: list[Turn] = field(default_factory=list)  # index, tool and effects only: what summarise reads
    summaries: dict[int, str] = field(default_factory=dict)  # by window start: stable until the window moves

    def extend(self, turns: list[Turn]) -> None:
        for turn in turns:
            user, assistant = prompts.turn_pair(turn)
            self.sizes.append(len(user) + len(assistant))
            self.encoded.append(_encode(prompts.user(user), prompts.assistant(assistant)))
            self.outlines.append(Turn(turn.index, turn.tool, {}, turn.route, None, effects=turn.effects))

    def summary(self, start: int, max_records: int) -> str:
        if start not in self.summaries:  # the window only moves forward
            self.summaries = {start: summarise(self.outlines[:start], max_records)}
        return self.summaries[start]

    def encoded_messages(self, prompt: prompts.Prompt, call: prompts.CurrentCall) -> EncodedMessages:
        """``prompts.conversation``'s messages as the JSON text of the array, joined from the pairs encoded
        once (byte for byte ``json.dumps`` of them: tested), instead of re-encoding hundreds of KB of
        history at every call (~4 ms at turn 500)."""
        start = window_start(self.sizes, prompt.budget_chars, prompt.max_turns)
        system = prompts.system_message(prompt, lambda at: self.summary(at, prompt.summary_records), start)
        current = prompts.user(prompts.current_text(call))
        return EncodedMessages("[" + ", ".join([_system(system), *self.encoded[start:], _encode(current)]) + "]")


class HistoryCache:
    """The rendered histories of the ``capacity`` most recently called sessions."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._sessions: OrderedDict[tuple[str, str], SessionHistory] = OrderedDict()

    async def history(self, request: SimulationRequest) -> SessionHistory:
        """The session's history up to this call. Calls of one session never overlap (the store's lock)."""
        if request.session.ephemeral:
            fresh = SessionHistory()
            fresh.extend(await request.history(0))
            return fresh
        key = (request.session.experiment, request.session.key)
        cached = self._sessions.pop(key, None)
        if cached is None or request.call_index < len(cached.sizes):
            cached = SessionHistory()
        tail = await request.history(len(cached.sizes))
        if tail and tail[0].index != len(cached.sizes):  # the stored history is not the one cached
            cached, tail = SessionHistory(), await request.history(0)
        cached.extend(tail)
        self._sessions[key] = cached
        while len(self._sessions) > self.capacity:
            self._sessions.popitem(last=False)
        return cached

    def __len__(self) -> int:
        return len(self._sessions)


def _encode(*messages: prompts.Message) -> str:
    return ", ".join(json.dumps(m) for m in messages)


_SYSTEMS: dict[str, str] = {}  # a system message's content -> the message's JSON
SYSTEMS_KEPT = 64


def _system(message: prompts.Message) -> str:
    """``_encode(message)`` of a system message (``prompts.system_message``: its role, then its content, so the
    content alone decides the JSON), encoded once per content: every call of an experiment sends the same system text
    (the tools' definitions: kilobytes) until its window moves and a summary follows it. A bounded dict
    (``SYSTEMS_KEPT``), cleared when full."""
    content = message["content"]
    encoded = _SYSTEMS.get(content)
    if encoded is None:
        encoded = _encode(message)
        if len(_SYSTEMS) >= SYSTEMS_KEPT:
            _SYSTEMS.clear()
        _SYSTEMS[content] = encoded
    return encoded
