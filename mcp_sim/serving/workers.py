"""``mcp-sim serve --workers N``: N worker processes on one listening socket, one supervisor.

The supervisor binds the socket, then runs uvicorn's process supervisor: each worker is a fresh interpreter
(spawned) that loads the experiments, starts them (upstreams, world model, store) in its ASGI lifespan and
accepts connections from the shared socket; the kernel spreads connections over the workers. A worker that
dies is replaced. ``SIGHUP`` restarts the workers one at a time, each replacement serving before the old
worker stops accepting and finishes its calls in flight (``graceful_s``): no call is lost. ``SIGTERM`` or
``SIGINT`` stop everything, calls in flight finished first.

What makes several processes one server:
- sessions live in the shared store (memory:// is refused), and 2025-11-25 sessions are served statelessly
  (``shared_sessions``, response_modes.py): any worker answers any request of any session;
- ``/metrics`` sums every worker (Prometheus multiprocess mode: each worker writes its values to files in a
  directory the supervisor owns, and any worker's ``/metrics`` reads all of them);
- the admin API reads sessions from the shared store; experiment-wide switches reach every worker through
  it (flag_sync.py).

A worker stops (SIGTERM, graceful) when the supervisor dies, even by SIGKILL (parent_watch.py).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

import structlog
from starlette.types import Receive, Scope, Send

from mcp_sim.config import LoadedExperiment, RouteName, load_experiment
from mcp_sim.errors import SimError, StartupError
from mcp_sim.observability import logs, metrics
from mcp_sim.serving import parent_watch
from mcp_sim.state.urls import open_store_url

log = structlog.get_logger("mcp_sim.serving.workers")

OPTIONS_ENV = "MCP_SIM_WORKER_OPTIONS"  # how the supervisor hands the options to spawned workers


@dataclass
class WorkerOptions:
    """Everything a worker needs to serve what ``mcp-sim serve`` was asked (JSON through the environment)."""

    experiments: list[str]
    route: str | None = None
    host: str = "127.0.0.1"
    allowed_hosts: list[str] = field(default_factory=list)
    token: str | None = None
    log_level: str = "info"
    shared_sessions: bool = True
    supervisor_pid: int | None = None  # set by the supervisor: a worker stops when it dies (parent_watch.py)

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> WorkerOptions:
        raw = os.environ.get(OPTIONS_ENV)
        if raw is None:
            raise StartupError(f"a worker needs ${OPTIONS_ENV} (set by `mcp-sim serve --workers`)")
        return cls(**json.loads(raw))


class WorkerApp:
    """The ASGI app of one worker: starts the experiments in its lifespan, then serves the host app.

    uvicorn reports a worker ready only after the lifespan started, so a restart never hands connections to a
    worker whose upstreams are not connected yet."""

    def __init__(self, options: WorkerOptions) -> None:
        self.options = options
        self.app: Any = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        await self.app(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        from mcp_sim.serving.flag_sync import synced_flags
        from mcp_sim.serving.host import host_app, running_experiments

        options = self.options
        async with AsyncExitStack() as stack:
            await receive()  # lifespan.startup
            try:
                loaded = [
                    load_experiment(Path(p), route_override=cast(RouteName | None, options.route))
                    for p in options.experiments
                ]
                paths = await stack.enter_async_context(running_experiments(loaded))
                await stack.enter_async_context(synced_flags(paths))
                app = host_app(
                    paths,
                    host=options.host,
                    allowed_hosts=options.allowed_hosts,
                    token=options.token,
                    shared_sessions=options.shared_sessions,
                )
                await stack.enter_async_context(app.router.lifespan_context(app))
            except Exception as exc:
                log.exception("worker failed to start")
                await send({"type": "lifespan.startup.failed", "message": str(exc)})
                return
            self.app = app
            await send({"type": "lifespan.startup.complete"})
            log.info("worker ready", worker=os.getpid())
            await receive()  # lifespan.shutdown: calls in flight are finished by now
        metrics.worker_stopped(os.getpid())
        await send({"type": "lifespan.shutdown.complete"})


def app_factory() -> WorkerApp:
    """uvicorn's factory in each worker (``mcp_sim.serving.workers:app_factory``)."""
    options = WorkerOptions.from_env()
    logs.configure(options.log_level)
    if options.supervisor_pid is not None:  # first thing a worker does: no orphan if the supervisor is killed
        parent_watch.stop_with_parent(options.supervisor_pid)
    return WorkerApp(options)


def check_shareable(states: Sequence[str | None]) -> None:
    """Workers share sessions only through a store every process reaches."""
    private = [s for s in states if s is not None and s.startswith("memory:")]
    if private:
        raise StartupError(
            "--workers > 1 needs a store every worker reaches: memory:// keeps sessions in one process "
            "(use the default SQLite file, sqlite:///..., or redis://...)"
        )


async def check_stores(loaded: Sequence[LoadedExperiment]) -> None:
    """Before any worker starts: every experiment's store opens and answers (one line naming the problem,
    instead of workers that die at start-up and are started again, and again, by the supervisor)."""
    for one in loaded:
        store = open_store_url(one.experiment.state, one.base_dir, one.experiment.name)
        try:
            await store.sessions(one.experiment.name)
        except SimError as exc:
            raise StartupError(getattr(exc, "message", str(exc)), file=one.path, field="state") from None
        finally:
            await store.aclose()


def default_workers(states: Sequence[str | None]) -> int:
    """One per core when every experiment keeps its sessions in Redis (the store built to be shared), else 1."""
    if states and all(s is not None and s.startswith(("redis:", "rediss:", "unix:")) for s in states):
        return os.cpu_count() or 1
    return 1


def serve_workers(options: WorkerOptions, workers: int, port: int, graceful_s: float) -> None:
    """Bind, then supervise ``workers`` processes until SIGTERM / SIGINT (SIGHUP: rolling restart)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from mcp_sim.serving import keepalive
    from mcp_sim.serving import mcp_server as server
    from mcp_sim.serving.host import DEFAULT_MCP_PATH

    if workers < 1:
        raise StartupError(f"--workers must be at least 1, got {workers}")
    sock = server.bind_socket(options.host, port)
    metrics_dir = metrics.new_multiprocess_dir()
    options.supervisor_pid = os.getpid()
    os.environ[OPTIONS_ENV] = options.to_env()
    os.environ[metrics.MULTIPROCESS_ENV] = metrics_dir  # read by prometheus_client when a worker imports it
    config = uvicorn.Config(
        "mcp_sim.serving.workers:app_factory",
        factory=True,
        workers=workers,
        lifespan="on",
        log_level="warning",
        timeout_graceful_shutdown=int(graceful_s),
        timeout_worker_healthcheck=120,  # a worker is ready once its upstreams are connected
        **keepalive.uvicorn_options(),
    )
    shown = f"[{options.host}]" if ":" in options.host else options.host
    base = f"http://{shown}:{sock.getsockname()[1]}"
    log.info("serving", url=base + DEFAULT_MCP_PATH, admin=base + "/admin/", workers=workers, supervisor=os.getpid())
    try:
        Multiprocess(config, sockets=[sock]).run()
    finally:
        sock.close()
        shutil.rmtree(metrics_dir, ignore_errors=True)
