"""Prometheus metrics of the process, exposed at ``/metrics`` by the HTTP host.

Other modules only call the small functions below, so they never depend on prometheus_client's API:
calls.py reports each call (and the perturbations that fired), the world model reports tokens and its
queue, the integrity checker reports repairs. One registry per process, not the global default one, so
importing mcp_sim never registers collectors behind a user's back.

Under ``mcp-sim serve --workers N`` the supervisor sets ``PROMETHEUS_MULTIPROC_DIR`` before it spawns the
workers: prometheus_client then keeps every value in files there, and ``exposition`` (any worker's
``/metrics``) sums all workers. Gauges count the live workers only (``livesum``).

Counts and gauges moved on an event loop are added up for the step of the loop and written once at its end
(``_add``): in multiprocess mode every ``inc`` is a write to the metric's file (a lock, a pid check, the value packed
into the mmap, ~3-4 us), and a call moved the world model's two gauges up and down and three counters, about
25 us of a worker's CPU a call; a gauge moved up and back down within one step is not written at all. A worker's
``/metrics`` writes what is pending first; another worker's values are at most one step of its loop old.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
MULTIPROCESS_DIR_PREFIX = "mcp-sim-metrics-"

REGISTRY = CollectorRegistry(auto_describe=True)
CONTENT_TYPE = CONTENT_TYPE_LATEST

CALLS = Counter(
    "mcp_sim_calls", "tools/call requests answered", ["experiment", "tool", "route", "outcome"], registry=REGISTRY
)
CALL_SECONDS = Histogram(
    "mcp_sim_call_duration_seconds",
    "Time to answer one tools/call, perturbations included",
    ["experiment", "tool", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120),
    registry=REGISTRY,
)
PERTURBATIONS = Counter(
    "mcp_sim_perturbations", "Perturbations that fired", ["experiment", "tool", "type"], registry=REGISTRY
)
INTEGRITY_REPAIRS = Counter(
    "mcp_sim_integrity_repairs",
    "Simulated results repaired to stay consistent with the session's entity ledger",
    ["experiment", "tool", "kind"],
    registry=REGISTRY,
)
REPLAYS = Counter(
    "mcp_sim_replay",
    "Calls on the replay route, by whether a recording matched",
    ["experiment", "tool", "result"],
    registry=REGISTRY,
)
WORLD_MODEL_FALLBACKS = Counter(
    "mcp_sim_world_model_fallbacks",
    "LLM world-model calls answered by the built-in simulator after the LLM failed (on_failure: schema)",
    ["model"],
    registry=REGISTRY,
)
KEYLESS_CALLS = Counter(
    "mcp_sim_keyless_calls",
    "tools/call requests without a session key (each a one-request session with no state)",
    ["experiment"],
    registry=REGISTRY,
)
WORLD_MODEL_TOKENS = Counter(
    "mcp_sim_world_model_tokens", "Tokens used by the LLM world model", ["model", "kind"], registry=REGISTRY
)
WORLD_MODEL_QUEUE = Gauge(
    "mcp_sim_world_model_queue_depth",
    "World-model requests waiting for a concurrency slot",
    ["model"],
    registry=REGISTRY,
    multiprocess_mode="livesum",
)
WORLD_MODEL_IN_FLIGHT = Gauge(
    "mcp_sim_world_model_in_flight",
    "World-model requests being answered",
    ["model"],
    registry=REGISTRY,
    multiprocess_mode="livesum",
)


_CHILDREN: dict[tuple[Any, tuple[str, ...]], Any] = {}  # (metric, label values) -> its child
MAX_CHILDREN = 10_000  # label sets kept; past that the cache starts afresh (the metrics keep their values)


def _child(metric: Any, *labels: str) -> Any:
    """``metric.labels(*labels)``, kept: prometheus_client checks the values, locks and builds a key at every
    ``labels`` call, about half of what counting a call cost (``benchmarks.profile_cpu --profile``). The child
    is the same object ``labels`` returns for those values, so the samples are the same."""
    key = (metric, labels)
    child = _CHILDREN.get(key)
    if child is None:
        if len(_CHILDREN) >= MAX_CHILDREN:
            _CHILDREN.clear()
        child = _CHILDREN[key] = metric.labels(*labels)
    return child


_PENDING: dict[Any, float] = {}  # child -> what to add to it at the end of this step of the event loop
_FLUSHING: list[asyncio.AbstractEventLoop | None] = [None]  # the loop the pending amounts are written at the end of


def _add(child: Any, amount: float) -> None:
    """``child.inc(amount)`` at the end of this step of the event loop, added up with the step's other amounts
    (see the module docstring); at once outside an event loop."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        child.inc(amount)
        return
    if _FLUSHING[0] is not loop:  # nothing pending yet, or pending on a loop that ended before writing it
        _FLUSHING[0] = loop
        loop.call_soon(flush)
    _PENDING[child] = _PENDING.get(child, 0.0) + amount


def flush() -> None:
    """Write what is pending (the end of a step of the event loop, and before an exposition)."""
    _FLUSHING[0] = None
    if not _PENDING:
        return
    pending = list(_PENDING.items())
    _PENDING.clear()
    for child, amount in pending:
        if amount:
            child.inc(amount)


def observe_call(
    experiment: str, tool: str, route: str, outcome: str, seconds: float, decisions: list[dict[str, Any]]
) -> None:
    """One answered call. ``outcome``: ok | tool_error | protocol_error. A decision counts as fired only when
    it changed something (``"effective": false``: it triggered but left the call as it was)."""
    _add(_child(CALLS, experiment, tool, route, outcome), 1)
    _child(CALL_SECONDS, experiment, tool, route).observe(seconds)
    for decision in decisions:
        if decision.get("effective", True):
            _child(PERTURBATIONS, experiment, tool, str(decision.get("type", "unknown"))).inc()


def integrity_repair(experiment: str, tool: str, kind: str) -> None:
    """The integrity guard acted on a simulated call (``kind``: regenerated | patched | refused | not_found)."""
    _child(INTEGRITY_REPAIRS, experiment, tool, kind).inc()


def replay(experiment: str, tool: str, result: str) -> None:
    """A replay-route call: ``result`` is ``hit`` (a recording answered) or ``miss``."""
    _child(REPLAYS, experiment, tool, result).inc()


def world_model_fallback(model: str) -> None:
    """The LLM could not answer (after its retries) and the built-in simulator did."""
    _child(WORLD_MODEL_FALLBACKS, model).inc()


def keyless_call(experiment: str) -> None:
    """A call that named no session: it ran as a session of its own (see ``sessions.require_key``)."""
    _child(KEYLESS_CALLS, experiment).inc()


def world_model_tokens(model: str, prompt: int, completion: int, cached: int = 0) -> None:
    """Usage of one world-model completion, as the OpenAI-compatible server reported it."""
    _add(_child(WORLD_MODEL_TOKENS, model, "prompt"), prompt)
    _add(_child(WORLD_MODEL_TOKENS, model, "completion"), completion)
    if cached:
        _add(_child(WORLD_MODEL_TOKENS, model, "cached"), cached)


class _Held:
    """A gauge raised by one while the block runs (a class, not a generator context manager: entered twice a world
    model request, contextlib's generator and frames were most of what holding it cost)."""

    __slots__ = ("_gauge",)

    def __init__(self, gauge: Any) -> None:
        self._gauge = gauge

    def __enter__(self) -> None:
        _add(self._gauge, 1)

    def __exit__(self, *exc_info: object) -> None:
        _add(self._gauge, -1)


def world_model_queued(model: str) -> _Held:
    """Hold while a world-model request waits for a concurrency slot."""
    return _Held(_child(WORLD_MODEL_QUEUE, model))


def world_model_in_flight(model: str) -> _Held:
    """Hold while a world-model request is being answered."""
    return _Held(_child(WORLD_MODEL_IN_FLIGHT, model))


def exposition() -> bytes:
    """The registry in Prometheus' text format: of this process, or of every worker (multiprocess mode)."""
    flush()
    if os.environ.get(MULTIPROCESS_ENV):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def worker_stopped(pid: int) -> None:
    """A worker's live gauges stop counting when it exits (multiprocess mode; nothing to do otherwise)."""
    if os.environ.get(MULTIPROCESS_ENV):
        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def new_multiprocess_dir() -> str:
    """A fresh directory for the workers' metric files, named after this supervisor's pid.

    A supervisor removes its directory when it stops; one killed by SIGKILL cannot, so the directories of
    supervisors that no longer run are removed here first. Directories of a live process are never touched.
    """
    for stale in Path(tempfile.gettempdir()).glob(MULTIPROCESS_DIR_PREFIX + "*-*"):
        owner = stale.name.removeprefix(MULTIPROCESS_DIR_PREFIX).split("-", 1)[0]
        if owner.isdigit() and not _running(int(owner)):
            shutil.rmtree(stale, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{MULTIPROCESS_DIR_PREFIX}{os.getpid()}-")


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True
