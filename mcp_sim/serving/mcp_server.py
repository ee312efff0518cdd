"""MCP wiring on the SDK's low-level ``Server``: stdio and streamable HTTP, both protocol eras.

This is the one place where mcp-sim errors become MCP: ``ToolError`` -> ``isError`` result (done in
calls.py so the turn records what the agent saw), ``ProtocolError`` -> JSON-RPC error with its code.
"""

from __future__ import annotations

import os
import socket
import uuid
import warnings
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import structlog
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.server._otel import OpenTelemetryMiddleware
from mcp.server.stdio import stdio_server
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp.shared.inbound import X_MCP_HEADER_KEY
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    CompleteRequestParams,
    CompleteResult,
    Completion,
    EmptyResult,
    GetPromptRequestParams,
    GetPromptResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ListToolsResult,
    PaginatedRequestParams,
    PromptReference,
    ReadResourceRequestParams,
    ReadResourceResult,
    SetLevelRequestParams,
    SubscribeRequestParams,
    UnsubscribeRequestParams,
)

from mcp_sim import __version__
from mcp_sim.backends.upstream_mcp import UpstreamMCP
from mcp_sim.calls import CallPath, error_result
from mcp_sim.errors import ProtocolError, StartupError, ToolError
from mcp_sim.observability import metrics
from mcp_sim.serving.origin import allowed_hosts as allowed_hosts_of
from mcp_sim.serving.relay import Hub, InFlight, Relay, ctx_agent_key
from mcp_sim.serving.spans import spans_wanted
from mcp_sim.state.keys import checked_key, key_from_header

log = structlog.get_logger("mcp_sim.serving.mcp_server")

SESSION_META_KEY = "mcp-sim/session"
SESSION_HEADER = "x-mcp-sim-session"
CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo"  # where a 2026-07-28 request names its client
HOW_TO_SEND_A_KEY = (
    f'send `_meta: {{"{SESSION_META_KEY}": "<episode id>"}}` in the tools/call params, or the HTTP header '
    "`X-MCP-Sim-Session: <episode id>` (the Mcp-Session-Id of a 2025-11-25 connection also counts)"
)


def session_key(ctx: ServerRequestContext[Any, Any], process_key: str | None) -> str | None:
    """Which episode a request belongs to, in order: an explicit ``_meta`` key or header, the 2025-era
    ``Mcp-Session-Id``, the stdio process. ``None`` (2026-07-28 without a key): a one-request session."""
    key = ctx.meta.get(SESSION_META_KEY) if ctx.meta else None
    if key is not None and not isinstance(key, str):  # an episode id as a number: say so, or every call is anonymous
        raise ProtocolError(-32602, f"_meta['{SESSION_META_KEY}'] must be a string, not {type(key).__name__}")
    if key:  # an empty key counts as none given, as an empty header does
        return checked_key(key)
    request = ctx.request
    if request is not None:
        headers = request.headers
        given = headers.get(SESSION_HEADER)
        if given:
            return key_from_header(given)
        minted = headers.get("mcp-session-id")
        return key_from_header(minted) if minted else None
    return process_key


def client_name(ctx: ServerRequestContext[Any, Any]) -> str:
    """Who sent a request, as well as a stateless request says: its clientInfo, else User-Agent, and its host."""
    info = ctx.meta.get(CLIENT_INFO_META_KEY) if ctx.meta else None
    name = f"{info.get('name')}/{info.get('version')}" if isinstance(info, dict) else None
    request = ctx.request
    if request is None:
        return name or "unknown"
    agent = name or request.headers.get("user-agent") or "unknown"
    host = request.client.host if getattr(request, "client", None) else "?"
    return f"{agent}@{host}"


class KeylessCalls:
    """Keyless calls of one experiment: refused (``sessions.require_key``) or warned about once per client."""

    MAX_REMEMBERED = 10_000  # clients warned about; beyond that the set starts afresh (a warning may repeat)

    def __init__(self, experiment: str, require_key: bool) -> None:
        self.experiment = experiment
        self.require_key = require_key
        self.warned: set[str] = set()

    def check(self, ctx: ServerRequestContext[Any, Any], tool: str) -> None:
        if self.require_key:
            raise ProtocolError(
                -32602,
                f"experiment '{self.experiment}' requires a session key on every tools/call "
                f"(sessions.require_key): {HOW_TO_SEND_A_KEY}",
            )
        metrics.keyless_call(self.experiment)
        client = client_name(ctx)
        if client in self.warned:
            return
        if len(self.warned) >= self.MAX_REMEMBERED:
            self.warned.clear()
        self.warned.add(client)
        log.warning(
            "tools/call without a session key: it runs as a session of its own and keeps no state; "
            + HOW_TO_SEND_A_KEY,
            experiment=self.experiment,
            client=client,
            tool=tool,
        )


def build_server(path: CallPath, process_key: str | None = None) -> Server[Any]:
    """An MCP server answering ``tools/list`` from the catalog and ``tools/call`` through ``path``."""
    page_size = path.experiment.list_page_size
    keyless = KeylessCalls(path.experiment.name, path.experiment.sessions.require_key)

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams | None) -> ListToolsResult:
        try:
            tools, next_cursor = path.catalog.page(params.cursor if params else None, page_size)
        except ProtocolError as exc:
            raise MCPError(exc.code, exc.message) from None
        return ListToolsResult(tools=tools, next_cursor=next_cursor)

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: CallToolRequestParams) -> CallToolResult:
        async def progress(progress: float, total: float | None, message: str | None) -> None:
            await ctx.session.report_progress(progress, total, message)

        key = None
        agent_key = ctx_agent_key(ctx, process_key)
        hub.seen(agent_key, ctx.session)
        entry = path.catalog.get(params.name)
        call = InFlight(entry.upstream, ctx.session, ctx.request_id, agent_key) if entry and entry.upstream else None
        try:
            key = session_key(ctx, process_key)
            if key is None:
                keyless.check(ctx, params.name)
            if call is not None:  # the upstream's log messages during the call are relayed to this caller
                hub.in_flight.add(call)
            return await path.call(key, params.name, params.arguments or {}, progress)
        except ToolError as exc:  # raised before the session was entered (unknown tool, bad arguments)
            return error_result(str(exc))
        except ProtocolError as exc:
            raise MCPError(exc.code, exc.message, exc.data) from None
        except Exception:  # a bug in mcp-sim: keep the traceback in the log, tell the agent plainly
            log.exception("tools/call failed inside mcp-sim", tool=params.name, session=key)
            raise MCPError(-32603, f"mcp-sim failed internally while calling '{params.name}' (see its log)") from None
        finally:
            if call is not None:
                hub.in_flight.discard(call)

    hub = Hub()
    upstreams = {name: b for name, b in path.backends.items() if isinstance(b, UpstreamMCP)}
    prefixes = {name: config.prefix or "" for name, config in path.experiment.upstreams.items()}
    relay = Relay(upstreams, prefixes, hub)
    handlers = protocol_handlers(path, relay, hub, process_key)
    with warnings.catch_warnings():  # on_set_logging_level: deprecated on 2026-07-28, still 2025-era protocol
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        server: Server[Any] = StampedServer(
            "mcp-sim",
            version=__version__,
            instructions=path.experiment.description,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            get_tool_input_schema=HeaderSchemas(path.catalog.input_schema),
            **handlers,
        )
    if not spans_wanted():  # MCP_SIM_OTEL (serving/spans.py): no exporter, no per-request span
        server.middleware = [m for m in server.middleware if not isinstance(m, OpenTelemetryMiddleware)]
    return server


class StampedServer(Server[Any]):
    """The SDK's ``Server`` with a cheaper ``server_info_stamp``. The SDK stamps every 2026-07-28 result with it, and
    each access deep-copies the server's identity (``copy.deepcopy``: about 1 % of a simulated call's server CPU,
    cProfile) so that a caller changing a stamped result never changes later stamps. The same dump, made at the first
    access as the SDK makes it, is copied here as what it is, JSON (dicts, lists, scalars): a fresh dict per access,
    nothing shared with the kept dump or with another stamp."""

    _stamp: dict[str, Any] | None = None

    @property
    def server_info_stamp(self) -> dict[str, Any]:
        if self._stamp is None:  # the identity is read once, as the SDK's cached dump is
            self._stamp = self.server_info.model_dump(by_alias=True, mode="json", exclude_none=True)
        fresh: dict[str, Any] = _json_copy(self._stamp)
        return fresh


def _json_copy(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars) without ``copy.deepcopy``'s memo and dispatch; scalars
    (the name and version, most of a stamp) are kept without a call each."""
    if isinstance(value, dict):
        return {key: _json_copy(item) if isinstance(item, dict | list) else item for key, item in value.items()}
    if isinstance(value, list):
        return [_json_copy(item) if isinstance(item, dict | list) else item for item in value]
    return value


class HeaderSchemas:
    """The SDK's ``get_tool_input_schema``, which it asks at every 2026-07-28 ``tools/call`` with arguments to
    check the request's ``Mcp-Param-*`` headers against the tool's ``x-mcp-header`` declarations. A schema that
    has no ``x-mcp-header`` key anywhere declares none, and the SDK validates nothing against it (it walks
    the schema twice per call to find that out): None tells it the same at once. Other schemas go to the SDK
    as they are. Schemas are looked up afresh (``path.catalog`` follows profile switches); what each one
    declares is kept by identity."""

    MAX_KEPT = 4096

    def __init__(self, lookup: Callable[[str], Mapping[str, Any] | None]) -> None:
        self.lookup = lookup
        self._declares: dict[int, tuple[Mapping[str, Any], bool]] = {}

    def __call__(self, name: str) -> Mapping[str, Any] | None:
        schema = self.lookup(name)
        if schema is None:
            return None
        kept = self._declares.get(id(schema))
        if kept is None or kept[0] is not schema:
            if len(self._declares) >= self.MAX_KEPT:
                self._declares.clear()
            kept = self._declares[id(schema)] = (schema, _has_key(schema, X_MCP_HEADER_KEY))
        return schema if kept[1] else None


def _has_key(node: Any, key: str) -> bool:
    """Whether any object inside ``node`` (a JSON value) has ``key``: schema positions and data alike, so a
    schema the SDK could find a declaration in is never missed."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if key in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


def protocol_handlers(path: CallPath, relay: Relay, hub: Hub, process_key: str | None) -> dict[str, Any]:
    """Handlers of resources, prompts, completion and logging, for what the sources offer (a capability is
    declared only when a handler is registered). Spec files' resources and prompts (``path.surface``) come first,
    then the real upstreams' (relay.py)."""
    handlers: dict[str, Any] = {}
    surface = path.surface

    async def guarded(what: str, work: Any) -> Any:
        try:
            return await work
        except ProtocolError as exc:
            raise MCPError(exc.code, exc.message, exc.data) from None
        except ToolError as exc:  # an upstream that is down: a protocol request has no isError, so an error
            raise MCPError(-32603, str(exc)) from None
        except Exception:
            log.exception("request failed inside mcp-sim", method=what)
            raise MCPError(-32603, f"mcp-sim failed internally during {what} (see its log)") from None

    def agent(ctx: ServerRequestContext[Any, Any]) -> Any:
        return hub.seen(ctx_agent_key(ctx, process_key), ctx.session)

    if surface.resources or surface.templates or relay.offering("resources"):

        async def list_resources(ctx: ServerRequestContext[Any, Any], _: PaginatedRequestParams | None) -> Any:
            agent(ctx)
            real = await guarded("resources/list", relay.list_resources())
            return ListResourcesResult(resources=surface.listed_resources() + real)

        async def list_templates(ctx: ServerRequestContext[Any, Any], _: PaginatedRequestParams | None) -> Any:
            agent(ctx)
            real = await guarded("resources/templates/list", relay.list_templates())
            return ListResourceTemplatesResult(resource_templates=surface.listed_templates() + real)

        async def read_resource(ctx: ServerRequestContext[Any, Any], params: ReadResourceRequestParams) -> Any:
            agent(ctx)
            if surface.offers(params.uri):  # the session's ledger: entities its simulated calls created
                ledger = partial(path.ledger_of, session_key(ctx, process_key))
                return await guarded("resources/read", surface.read(params.uri, ledger))
            result: ReadResourceResult = await guarded("resources/read", relay.read_resource(params))
            return result

        async def subscribe(ctx: ServerRequestContext[Any, Any], params: SubscribeRequestParams) -> EmptyResult:
            result: EmptyResult = await guarded("resources/subscribe", relay.subscribe(params.uri, agent(ctx), True))
            return result

        async def unsubscribe(ctx: ServerRequestContext[Any, Any], params: UnsubscribeRequestParams) -> EmptyResult:
            result: EmptyResult = await guarded("resources/unsubscribe", relay.subscribe(params.uri, agent(ctx), False))
            return result

        handlers.update(
            on_list_resources=list_resources,
            on_list_resource_templates=list_templates,
            on_read_resource=read_resource,
            on_subscribe_resource=subscribe,
            on_unsubscribe_resource=unsubscribe,
        )

    if surface.prompts or relay.offering("prompts"):

        async def list_prompts(ctx: ServerRequestContext[Any, Any], _: PaginatedRequestParams | None) -> Any:
            agent(ctx)
            real = await guarded("prompts/list", relay.list_prompts())
            return ListPromptsResult(prompts=surface.listed_prompts() + real)

        async def get_prompt(ctx: ServerRequestContext[Any, Any], params: GetPromptRequestParams) -> Any:
            agent(ctx)
            if params.name in surface.prompts:
                return await guarded("prompts/get", _now(surface.get_prompt, params.name, params.arguments))
            result: GetPromptResult = await guarded("prompts/get", relay.get_prompt(params))
            return result

        handlers.update(on_list_prompts=list_prompts, on_get_prompt=get_prompt)

    if handlers or relay.offering("completions"):

        async def complete(ctx: ServerRequestContext[Any, Any], params: CompleteRequestParams) -> CompleteResult:
            agent(ctx)
            ref = params.ref
            declared = ref.name in surface.prompts if isinstance(ref, PromptReference) else surface.offers(ref.uri)
            if declared or not (relay.offering("completions") or relay.offering("prompts")):
                return CompleteResult(completion=Completion(values=[]))  # spec files declare no completions
            result: CompleteResult = await guarded("completion/complete", relay.complete(params))
            return result

        handlers["on_completion"] = complete

    async def set_level(ctx: ServerRequestContext[Any, Any], params: SetLevelRequestParams) -> EmptyResult:
        result: EmptyResult = await guarded("logging/setLevel", relay.set_level(params, agent(ctx)))
        return result

    handlers["on_set_logging_level"] = set_level  # always: mcp-sim's upstreams may log during calls
    return handlers


async def _now(function: Any, *args: Any) -> Any:
    """A synchronous answer where ``guarded`` awaits one."""
    return function(*args)


def transport_security(allowed_hosts: list[str] | None) -> TransportSecuritySettings:
    """Loopback Host headers plus the ones the user allowed; everything else gets 421."""
    hosts = allowed_hosts_of(allowed_hosts)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=[f"http://{h}" for h in hosts] + [f"https://{h}" for h in hosts],
    )


async def serve_stdio(path: CallPath) -> None:
    """One client per process: the process is the session."""
    server = build_server(path, process_key=f"stdio-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def bind_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP explicitly: asyncio only sets TCP_NODELAY on accepted sockets whose proto says TCP, and
    # without it a keep-alive response written in two parts waits ~40 ms for the client's delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise StartupError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(2048)
    return sock
