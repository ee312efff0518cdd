"""Young garbage collections when a process has no call in flight, instead of in the middle of a burst.

CPython collects its young generation whenever the net count of container allocations passes a threshold
(``host.YOUNG_THRESHOLD``). In a burst (the 1,024-session round: 512 calls in flight per worker) that count is
made almost entirely of the calls' own live objects (coroutines, frames, cells, requests, states: 56,000-64,000
in a worker, counted by ``gc.get_objects(0)`` in the middle of a round), so a collection there walks them,
frees nearly nothing (a few hundred objects) and promotes them to the middle generation, for its collection to
walk them again: 25-45 ms each, on the worker's critical path. The same objects are gone once the calls are
answered.

``Calls`` counts the POSTs a process is answering, and once start-up is over (``settle``) keeps the young
threshold at the settled one plus ``PER_CALL`` for each of them: what the calls in flight hold alive is not
garbage, so the collector is set off by the same growth of everything else as when the process is idle (about
130 containers live per call in flight were counted in the round; ``PER_CALL`` leaves a margin). When the last
call is done and the young generation has grown by ``IDLE_MIN`` containers since its last collection, one
collection is made then, at the end of that loop step (after the answer's held write has left:
``writes.OneWrite``), of the generation the collector itself would pick: the oldest whose count is past its
threshold. Garbage in cycles is still collected: at a quiet moment, or by the threshold under a load that never
pauses.
"""

from __future__ import annotations

import asyncio
import gc

IDLE_MIN = 20_000  # net container allocations since the last young collection worth a collection when quiet
PER_CALL = 200  # young threshold added per call in flight (containers a call holds alive, with a margin)


class Calls:
    """POSTs in flight in this process; a young collection when they reach zero (see the module docstring)."""

    __slots__ = ("_due", "in_flight", "young")

    def __init__(self) -> None:
        self.in_flight = 0
        self._due = False
        self.young: int | None = None  # the young threshold when nothing is in flight; None: start-up's own

    def settle(self, young: int) -> None:
        """Start-up is over: the young threshold is ``young`` plus ``PER_CALL`` per call in flight from now on."""
        self.young = young
        gc.set_threshold(young + PER_CALL * self.in_flight)

    def enter(self) -> None:
        self.in_flight += 1
        if self.young is not None:
            gc.set_threshold(self.young + PER_CALL * self.in_flight)

    def leave(self) -> None:
        self.in_flight -= 1
        if self.young is not None:
            gc.set_threshold(self.young + PER_CALL * self.in_flight)
        if self.in_flight == 0 and not self._due and gc.isenabled() and gc.get_count()[0] >= IDLE_MIN:
            self._due = True
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # an app served on another event loop (trio): no later step to wait for
                self.collect()
                return
            loop.call_soon(self.collect)

    def collect(self) -> None:
        """The collection the collector would make, if still nothing is in flight (a call may have arrived)."""
        self._due = False
        if self.in_flight == 0:
            gc.collect(oldest_due())


def oldest_due() -> int:
    """The generation CPython's own trigger would collect: the oldest whose count is past its threshold (the young
    one at least: a quiet moment is reason enough for it). CPython also puts off a full collection until a quarter
    of the old generation is new since the last one, which Python cannot read; a quiet collection comes after at
    least ``IDLE_MIN`` new containers, so a full one after at least 100 of them (2,000,000)."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1):
        if counts[generation] > thresholds[generation]:
            return generation
    return 0


CALLS = Calls()  # one per process: the collector is the process's
