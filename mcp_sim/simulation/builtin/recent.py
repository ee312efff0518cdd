"""A session's recent turns, decoded once: the general rules read the last 64 turns at every call.

Each call used to read and decode its window afresh from the store, so a turn was decoded again at each of its
next 64 calls (``Turn.from_json`` and ``json.loads``: ~7 % of a simulated create's server CPU). Here the window
a call read is kept per session; the next call asks the store only for the turns from the last one it holds
on (one kept turn, to check, and the turns committed since), and the rest of the window is the kept one.

The kept window is used only when nothing but commits touched the session since: the session's version
(every store write bumps it) moved exactly as many steps as its call count, and the overlapping turn reads
back equal (a turn carries its start time, so a restore or fork from another session does not). Anything
else (a reset, a restore, a routing flag saved, another worker's write without a turn) reads the window
afresh, as before. Turns are shared between the calls of one session: the rules read them, never change them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.state.base import Turn

# Turns kept at once, all sessions together (a decoded turn is a few KB: some tens of MB at most); past it every
# window goes and is read afresh from the store (the same turns). 512 sessions' windows of 64 fit.
MAX_TURNS = 32768


@dataclass(frozen=True)
class _Window:
    start: int  # call index of turns[0]
    turns: list[Turn]  # the turns from start up to the call that read them
    version: int  # the session's version when read
    end: int  # the call index that read them (start + len(turns))


class RecentTurns:
    """Per session, the window of turns its last simulated call read (in this process)."""

    def __init__(self) -> None:
        self._windows: dict[tuple[str, str], _Window] = {}
        self._kept = 0  # turns in all windows

    def reader(self, request: SimulationRequest) -> Callable[[int], Awaitable[list[Turn]]]:
        """``request.history`` for this call, served from the kept window where it is still current."""

        async def read(start: int) -> list[Turn]:
            return await self._read(request, start)

        return read

    async def _read(self, request: SimulationRequest, start: int) -> list[Turn]:
        session, end = request.session, request.call_index
        if start >= end:  # no turn comes before a session's first call (call index = turns committed)
            return []
        if session.ephemeral:
            return await request.history(start)
        where = (session.experiment, session.key)
        kept = self._windows.get(where)
        turns: list[Turn] | None = None
        if (
            kept is not None
            and kept.turns
            and kept.start <= start < kept.end
            and end >= kept.end
            and session.version - kept.version == end - kept.end  # commits only: one turn each
        ):
            since = await request.history(kept.end - 1)
            if len(since) == end - kept.end + 1 and since[0] == kept.turns[-1]:
                turns = [*kept.turns[start - kept.start :], *since[1:]]
        if turns is None:
            turns = await request.history(start)
        old = self._windows.pop(where, None)
        self._kept -= len(old.turns) if old is not None else 0
        if start + len(turns) == end:
            if self._kept + len(turns) > MAX_TURNS:
                self._windows.clear()
                self._kept = 0
            self._windows[where] = _Window(start, turns, session.version, end)
            self._kept += len(turns)
        return list(turns)
