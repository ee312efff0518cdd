"""The HTTP host: every experiment's MCP endpoint, the admin API and /metrics in one ASGI app, one process.

    /mcp                        the first experiment given (the default one)
    /experiments/<name>/mcp     every experiment, the first included
    /admin/                     dashboard; /admin/docs the admin API's OpenAPI page
    /metrics                    Prometheus

A mounted app's lifespan never runs, so the host enters every MCP session manager in its own lifespan.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager

import anyio
import structlog
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route

from mcp_sim.admin.app import create_admin_app
from mcp_sim.admin.lab import Hosted, Lab
from mcp_sim.calls import CallPath
from mcp_sim.config import LoadedExperiment
from mcp_sim.errors import StartupError
from mcp_sim.observability import metrics
from mcp_sim.runtime import running_experiment
from mcp_sim.serving import mcp_server as server
from mcp_sim.serving import origin, quiet_gc, response_modes
from mcp_sim.serving.auth import BearerAuth
from mcp_sim.serving.origin import HostGuard
from mcp_sim.serving.response_modes import ResponseModes

log = structlog.get_logger("mcp_sim.serving.host")

DEFAULT_MCP_PATH = "/mcp"


def experiment_path(name: str) -> str:
    return f"/experiments/{name}/mcp"


@asynccontextmanager
async def running_experiments(loaded: Sequence[LoadedExperiment]) -> AsyncIterator[list[CallPath]]:
    """Start every experiment (in order); names must differ since they name the MCP paths."""
    names = [one.experiment.name for one in loaded]
    if duplicates := sorted({n for n in names if names.count(n) > 1}):
        raise StartupError(f"experiments must have distinct names to share a server: {duplicates} repeat")
    if bad := [n for n in names if "/" in n]:
        raise StartupError(f"experiment names {bad} contain '/': they cannot name an MCP path")
    async with AsyncExitStack() as stack:
        yield [await stack.enter_async_context(running_experiment(one)) for one in loaded]


def host_app(
    paths: Sequence[CallPath],
    *,
    host: str,
    allowed_hosts: list[str] | None = None,
    token: str | None = None,
    max_sessions: int | None = None,
    shared_sessions: bool = False,
) -> Starlette:
    """One ASGI app for all ``paths``; with a ``token`` every non-public request needs it (auth.py).
    ``max_sessions``: 2025-era sessions held per experiment (default ``response_modes.MAX_SESSIONS``).
    ``shared_sessions``: no 2025-11-25 session is held in this process (workers, replicas; response_modes.py)."""
    limit = max_sessions or response_modes.MAX_SESSIONS
    if not paths:
        raise StartupError("nothing to serve: no experiment given")
    security = server.transport_security(allowed_hosts)
    routes: list[BaseRoute] = []
    endpoints: list[ResponseModes] = []
    hosted: list[Hosted] = []
    for i, path in enumerate(paths):
        at = experiment_path(path.experiment.name)
        mcp_server = server.build_server(path)
        mcp_server.streamable_http_app(
            streamable_http_path=at,
            transport_security=security,
            host=host,
            session_idle_timeout=response_modes.SESSION_IDLE_S,
            max_sessions=2 * limit,  # a backstop: ResponseModes evicts idle sessions at ``limit``
        )
        # plain calls skip the SSE machinery (see response_modes.py)
        endpoint = ResponseModes.of(mcp_server, limit, shared_sessions)
        served_at = [DEFAULT_MCP_PATH, at] if i == 0 else [at]
        routes += [Route(p, endpoint=endpoint) for p in served_at]
        endpoints.append(endpoint)
        hosted.append(Hosted(path, served_at))
    routes += [Route("/metrics", _metrics, methods=["GET"]), Mount("/admin", create_admin_app(Lab(hosted)))]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            for endpoint in endpoints:
                await stack.enter_async_context(endpoint.run())
            settled()
            yield

    # the Host/Origin guard first: a foreign page is refused whether or not it holds the token (origin.py)
    middleware = [Middleware(HostGuard, hosts=origin.allowed_hosts(allowed_hosts))]
    if token:
        middleware.append(Middleware(BearerAuth, token=token))
    return Starlette(routes=routes, lifespan=lifespan, middleware=middleware)


async def serve_host(
    paths: Sequence[CallPath],
    host: str,
    port: int,
    allowed_hosts: list[str] | None,
    token: str | None,
    max_sessions: int | None = None,
    shared_sessions: bool = False,
) -> None:
    """Bind first, then log the URLs: the socket queues connections before uvicorn accepts them, so a client
    (or a test) that reads the log line can connect at once; ``--port 0`` picks a free port."""
    import uvicorn

    from mcp_sim.serving import keepalive

    sock = server.bind_socket(host, port)
    app = host_app(
        paths,
        host=host,
        allowed_hosts=allowed_hosts,
        token=token,
        max_sessions=max_sessions,
        shared_sessions=shared_sessions,
    )
    config = uvicorn.Config(
        app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2, **keepalive.uvicorn_options()
    )
    shown = f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{sock.getsockname()[1]}"
    for path in paths:
        log.info("serving", experiment=path.experiment.name, url=base + experiment_path(path.experiment.name))
    log.info("serving", url=base + DEFAULT_MCP_PATH, admin=base + "/admin/", auth=bool(token))
    await uvicorn.Server(config).serve(sockets=[sock])
    await anyio.lowlevel.checkpoint()


# Containers allocated (net) between young collections (CPython's default: 700). Measured in the 1,024-session round
# of ``--only scale_workers`` (gc.callbacks timing each collection in both workers): at 7,000 a worker spent about a
# tenth of its CPU in collections, because 512 calls in flight keep most young objects alive, so each young
# collection walked and promoted them for the older generations to walk again. At 50,000 the same survivors are
# walked about seven times less often.
YOUNG_THRESHOLD = 50_000


def settled() -> None:
    """Start-up is over: what it made (modules, catalogs, schemas, the world, compiled validators) lives as long as
    the process, so the garbage collector is told to stop walking it (``gc.freeze``: the objects move to a permanent
    generation). Every full collection walked all of it again while the calls' own objects came and went (profiled:
    2-6 % of a call's server CPU went to collections); what is frozen is never freed, which it never was anyway.
    Then young collections are made rarer (``YOUNG_THRESHOLD``): a call allocates thousands of short-lived
    containers, and a young collection walks those alive at that moment (every call in flight) and promotes them to
    the older generations, for the next collections there to walk again; more of them now die by reference count
    first. Garbage in cycles waits longer (at most ~50,000 container allocations: a few MB), the older generations
    keep their rhythm (counted in young collections)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    quiet_gc.CALLS.settle(YOUNG_THRESHOLD)  # plus a margin per call in flight, a collection when quiet


async def _metrics(request: Request) -> Response:
    return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE)
