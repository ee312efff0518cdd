"""The general rules' reading of a session's earlier turns, folded once per turn instead of once per call.

Every simulated call hands the rules the session's last 64 turns (simulator.LOOKBACK) and recent.py hands them
the same decoded ``Turn`` objects call after call. Rules that scanned all of them again at each call (recall's
``related``, ``conflicts.check``, ``lifecycle.check``: a third of the simulator's CPU at 50 turns) now keep
what the scan derives as a state folded over the session's turns (``Folded``): a call folds in only the turns
new since the last one, and reads the state from the window's first turn on.

The state is found by the window's first turn object and used only when every turn it holds from there on is
the very object the window holds, in order; anything else (turns decoded afresh: another process's write, a
restore, a window read again) folds anew from the window alone, so a fold is only an optimisation. What a
state holds is a function of the turns it folded, and a session's turns are objects decoded for it: two
sessions never share one. Bounded: ``MAX_FOLDED`` turns in all per rule, a window that slid ``SLACK`` turns
past its state's first turn folds anew (dropping the older turns), and windows of ``SHORT`` turns or fewer
are scanned as before (cheaper than keeping a fold for a session of a few calls). The rules read turns and
never change them (recent.py).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Generic, TypeVar

from mcp_sim.state.base import Turn

S = TypeVar("S")
MAX_FOLDED = 32768  # turns held by all sequences of one fold together: past it all go, to be folded again
SHORT = 8  # windows this short are cheaper scanned than folded: a rule scans them as it did before folds
SLACK = 256  # turns a sequence may hold before its window's start: past it, it is folded anew from the window


class _Sequence(Generic[S]):
    """Turns folded into a state, in order; ``base`` is the position of ``turns[0]``."""

    def __init__(self, state: S) -> None:
        self.base = 0
        self.turns: list[Turn] = []
        self.state = state


class Folded(Generic[S]):
    """A state folded over a session's earlier turns, extended with only the turns new since the last call.

    ``step(state, position, turn)`` adds one turn at a position (positions grow by one a turn); ``over(earlier)``
    gives the state over a sequence that ends with ``earlier`` and the position of ``earlier[0]``: a rule reads
    only what lies at or after it, so the window may slide (``earlier`` is the last 64 turns). The sequence is
    found by ``earlier[0]``, the very turn object, and used only when every turn it holds from there on is the
    same object as ``earlier``'s, in order (a session's turns are its own objects, decoded for it: recent.py);
    on any mismatch (another window, turns decoded afresh) the state is folded anew from ``earlier`` alone.
    A sequence holds its turns, so their ids stay theirs; bounded by ``MAX_FOLDED`` turns in all."""

    def __init__(self, empty: Callable[[], S], step: Callable[[S, int, Turn], None]) -> None:
        self._empty = empty
        self._step = step
        self._at: dict[int, tuple[_Sequence[S], int]] = {}  # id(turn) -> its sequence and position

    def over(self, earlier: list[Turn]) -> tuple[S, int]:
        if not earlier:
            return self._empty(), 0
        found = self._at.get(id(earlier[0]))
        if found is not None:
            sequence, start = found
            offset = start - sequence.base
            held = sequence.turns[offset:]
            if (
                offset >= 0
                and len(earlier) >= len(held)
                and offset <= SLACK
                and all(map(operator.is_, held, earlier))  # the same turn objects, in order
            ):
                self._extend(sequence, earlier[len(held) :])
                return sequence.state, start
            self._forget(sequence)
        sequence = _Sequence(self._empty())
        self._extend(sequence, earlier)
        return sequence.state, 0

    def _extend(self, sequence: _Sequence[S], new: list[Turn]) -> None:
        if len(self._at) + len(new) > MAX_FOLDED:
            self._at.clear()  # a plain bound: a sequence not found is folded again, to the same state
        position = sequence.base + len(sequence.turns)
        for turn in new:
            self._step(sequence.state, position, turn)
            sequence.turns.append(turn)
            self._at[id(turn)] = (sequence, position)
            position += 1

    def _forget(self, sequence: _Sequence[S]) -> None:
        """Drop a sequence folded anew (its window slid on, or no longer matched): its turns go with it."""
        for turn in sequence.turns:
            found = self._at.get(id(turn))
            if found is not None and found[0] is sequence:
                del self._at[id(turn)]

    def __len__(self) -> int:
        return len(self._at)
