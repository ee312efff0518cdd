"""An activity started is running until it is stopped: a stop shows what its start was given.

Timers, recordings, work sessions, transactions and shifts come as a pair of tools, ``start_timer`` and
``stop_timer`` (``begin_*``/``end_*``, ``clock_in``/``clock_out``, ``open_*``/``close_*``). The stop names
nothing, because the server keeps the one running activity, and it answers with that activity: the project,
the task and the tags its start was given (fidelity-metrics.md's persistence). The simulator answered only
the stop's own arguments. A stop of a pair now shows the arguments of the latest successful start of the
same thing that no successful stop followed, under the stop's own arguments (a note given to the stop wins).
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.simulation.builtin.recall import succeeded
from mcp_sim.state.base import Turn

# the verb that starts an activity -> the verbs that end it
_PAIRS = {
    "start": ("stop", "end", "finish", "pause"),
    "begin": ("end", "finish", "stop"),
    "open": ("close",),
    "clock": ("clock",),  # clock_in / clock_out: the verb is the same, the particle differs
    "check": ("check",),
    "resume": ("stop", "pause"),
}
_ENDS = frozenset(v for ends in _PAIRS.values() for v in ends)
_WORDS = re.compile(r"[^a-z0-9]+")


def _words(tool: str) -> list[str]:
    return [w for w in _WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()) if w]


def _split(tool: str) -> tuple[str, str, str] | None:
    """(verb, particle, object) of ``stop_timer`` -> ("stop", "", "timer"), ``clock_out`` -> ("clock", "out", "")."""
    words = _words(tool)
    if not words:
        return None
    verb, rest = words[0], words[1:]
    particle = rest[0] if rest and rest[0] in ("in", "out") else ""
    return verb, particle, "_".join(rest[1:] if particle else rest)


def _starts(start: tuple[str, str, str], stop: tuple[str, str, str]) -> bool:
    """Whether ``start`` begins what ``stop`` ends (same object; a matching verb pair)."""
    (verb, particle, thing), (end_verb, end_particle, end_thing) = start, stop
    if thing != end_thing or end_verb not in _PAIRS.get(verb, ()):
        return False
    if verb == end_verb:  # clock_in / clock_out, check_in / check_out
        return (particle, end_particle) == ("in", "out")
    return True


def stops(tool: str) -> bool:
    """Whether the tool's name is the ending half of a pair (``stop_timer``, ``end_session``, ``clock_out``)."""
    parts = _split(tool)
    return parts is not None and parts[0] in _ENDS and (parts[0] not in ("clock", "check") or parts[1] == "out")


def running(tool: str, earlier: list[Turn]) -> dict[str, Any]:
    """The arguments of the activity ``tool`` stops: the latest successful start of its pair that no
    successful stop of the same pair followed; ``{}`` when none is running."""
    stop = _split(tool)
    if stop is None:
        return {}
    for turn in reversed(earlier):
        parts = _split(turn.tool)
        if parts is None or not succeeded(turn):
            continue
        if parts == stop or (parts[2] == stop[2] and stops(turn.tool)):
            return {}  # stopped since its last start
        if _starts(parts, stop):
            return dict(turn.arguments)
    return {}
