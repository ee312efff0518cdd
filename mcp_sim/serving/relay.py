"""The rest of the protocol from real upstreams: resources, prompts, completion, logging, and their notifications.

Requests go to the upstream that offers what they name (a resource URI, a template, a prompt), as the agent sent
them. Notifications come back on the shared upstream connection without saying which agent they are for, so the
hub decides: a log message goes to the agents with a call in flight on that upstream (else to those that set a
log level), a resource update to the agents subscribed to that URI, a list change to every agent it can reach.
"""

from __future__ import annotations

import warnings
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import structlog
from mcp import MCPError
from mcp.server import ServerRequestContext
from mcp.server.session import ServerSession
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.uri_template import InvalidUriTemplate, UriTemplate
from mcp.types import (
    CompleteRequest,
    CompleteRequestParams,
    CompleteResult,
    Completion,
    EmptyResult,
    ErrorData,
    GetPromptRequest,
    GetPromptRequestParams,
    GetPromptResult,
    ListPromptsRequest,
    ListPromptsResult,
    ListResourcesRequest,
    ListResourcesResult,
    ListResourceTemplatesRequest,
    ListResourceTemplatesResult,
    LoggingLevel,
    LoggingMessageNotification,
    PaginatedRequestParams,
    Prompt,
    PromptListChangedNotification,
    PromptReference,
    ReadResourceRequest,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
    ResourceListChangedNotification,
    ResourceTemplate,
    ResourceUpdatedNotification,
    SetLevelRequest,
    SetLevelRequestParams,
    SubscribeRequest,
    SubscribeRequestParams,
    UnsubscribeRequest,
    UnsubscribeRequestParams,
)

from mcp_sim.backends.upstream_mcp import UpstreamMCP
from mcp_sim.errors import ProtocolError

log = structlog.get_logger("mcp_sim.serving.relay")

LEVELS: list[LoggingLevel] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
RESOURCE_NOT_FOUND = -32002  # the code MCP servers answer for an unknown resource URI
MAX_AGENTS = 10_000  # agents remembered for notifications; the least recently seen is forgotten first


@dataclass
class Agent:
    """One downstream connection that notifications can reach (2025-era stateful HTTP, or stdio)."""

    session: ServerSession  # the latest request's session: its connection's outbound channel outlives the request
    level: LoggingLevel | None = None  # set by logging/setLevel
    subscriptions: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class InFlight:
    """A tools/call on a real upstream: its log messages ride this request's stream."""

    upstream: str
    session: ServerSession
    request_id: Any
    agent: str | None  # the agent's key in ``Hub.agents`` (its log level), None when it cannot be reached later


class Hub:
    """Who is connected, what they subscribed to, which calls are in flight; fans upstream notifications out."""

    def __init__(self) -> None:
        self.agents: OrderedDict[str, Agent] = OrderedDict()
        self.in_flight: set[InFlight] = set()

    def seen(self, key: str | None, session: ServerSession) -> Agent | None:
        """Remember the agent behind a request (``key``: its connection; None when it cannot be reached later)."""
        if key is None:
            return None
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = Agent(session)
            if len(self.agents) > MAX_AGENTS:
                self.agents.popitem(last=False)
        if session.can_send_request:  # a stateless twin's session (response_modes.py) cannot reach the agent later
            agent.session = session
        self.agents.move_to_end(key)
        return agent

    async def notice(self, upstream: str, notification: Any) -> None:
        """An upstream's notification: pass it on to the agents it concerns."""
        if isinstance(notification, LoggingMessageNotification):
            await self._log(upstream, notification)
        elif isinstance(notification, ResourceUpdatedNotification):
            uri = notification.params.uri
            for key, agent in list(self.agents.items()):
                if uri in agent.subscriptions:
                    await self._send(key, agent.session.send_resource_updated(uri))
        elif isinstance(notification, ResourceListChangedNotification):
            for key, agent in list(self.agents.items()):
                await self._send(key, agent.session.send_resource_list_changed())
        elif isinstance(notification, PromptListChangedNotification):
            for key, agent in list(self.agents.items()):
                await self._send(key, agent.session.send_prompt_list_changed())

    async def ask(self, upstream: str, request: Any, result_type: type[Any]) -> Any:
        """An upstream asks the client (sampling, elicitation) during a call: the agent of that call answers. The
        shared connection does not say which call asks, so with several calls running on the upstream it is refused
        rather than guessed."""
        calls = [c for c in self.in_flight if c.upstream == upstream]
        if len(calls) != 1:
            why = "no call of an agent is running" if not calls else f"{len(calls)} agents' calls are running"
            return ErrorData(code=-32603, message=f"mcp-sim cannot relay {request.method}: {why} on '{upstream}'")
        call = calls[0]
        try:
            with warnings.catch_warnings():  # sampling is deprecated on 2026-07-28, still 2025-era protocol
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                return await call.session.send_request(
                    request, result_type, metadata=ServerMessageMetadata(related_request_id=call.request_id)
                )
        except MCPError as exc:  # the agent refused, or its connection has no back-channel (2026-07-28, plain JSON)
            return ErrorData(code=exc.code, message=exc.message, data=exc.data)

    async def _log(self, upstream: str, notification: LoggingMessageNotification) -> None:
        params = notification.params
        calls = [c for c in self.in_flight if c.upstream == upstream]
        with warnings.catch_warnings():  # logging is deprecated on 2026-07-28, still what 2025-era agents use
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            if calls:  # the message belongs to a running call: it rides that call's stream
                for call in calls:
                    agent = self.agents.get(call.agent) if call.agent is not None else None
                    if _passes(params.level, agent.level if agent is not None else None):
                        await self._send(
                            None,
                            call.session.send_log_message(
                                params.level, params.data, params.logger, related_request_id=call.request_id
                            ),
                        )
                return
            for key, agent in list(self.agents.items()):
                if agent.level is not None and _passes(params.level, agent.level):
                    await self._send(key, agent.session.send_log_message(params.level, params.data, params.logger))

    async def _send(self, key: str | None, sending: Any) -> None:
        try:
            await sending
        except Exception as exc:  # the agent went away: forget it, the others still get theirs
            if key is not None:
                self.agents.pop(key, None)
            log.debug("notification not delivered", agent=key, error=str(exc))


def _passes(level: LoggingLevel, threshold: LoggingLevel | None) -> bool:
    return threshold is None or LEVELS.index(level) >= LEVELS.index(threshold)


class Relay:
    """Resources, prompts, completion and logging of the real upstreams, under one server.

    Prompt names gain the upstream's ``prefix`` as tool names do; resource URIs are the upstream's own."""

    def __init__(self, upstreams: dict[str, UpstreamMCP], prefixes: dict[str, str], hub: Hub) -> None:
        self.upstreams = upstreams
        self.prefixes = prefixes
        self.hub = hub
        self._resource_owner: dict[str, str] = {}
        self._templates: list[tuple[UriTemplate, str, str]] = []  # (parsed, as listed, upstream)
        for upstream in upstreams.values():
            upstream.notices = hub.notice
            upstream.asks = hub.ask

    def offering(self, capability: str) -> list[UpstreamMCP]:
        """Upstreams that declared ``capability`` (resources, prompts, completions, logging)."""
        found = []
        for upstream in self.upstreams.values():
            caps = upstream.capabilities()
            if caps is not None and getattr(caps, capability) is not None:
                found.append(upstream)
        return found

    # ---- resources ----

    async def list_resources(self) -> list[Resource]:
        resources: list[Resource] = []
        for upstream in self.offering("resources"):
            for page in await _pages(upstream, ListResourcesRequest, ListResourcesResult, "resources/list"):
                for resource in page.resources:
                    self._resource_owner[resource.uri] = upstream.name
                    resources.append(resource)
        return resources

    async def list_templates(self) -> list[ResourceTemplate]:
        templates: list[ResourceTemplate] = []
        parsed: list[tuple[UriTemplate, str, str]] = []
        for upstream in self.offering("resources"):
            what = "resources/templates/list"
            for page in await _pages(upstream, ListResourceTemplatesRequest, ListResourceTemplatesResult, what):
                for template in page.resource_templates:
                    templates.append(template)
                    try:
                        parsed.append((UriTemplate.parse(template.uri_template), template.uri_template, upstream.name))
                    except InvalidUriTemplate:
                        log.warning("upstream resource template not parsed", template=template.uri_template)
        self._templates = parsed
        return templates

    async def read_resource(self, params: ReadResourceRequestParams) -> ReadResourceResult:
        """The likely owner first; when it does not know the URI, the next (the first other error is kept)."""
        kept: ProtocolError | None = None
        for upstream in await self._owners_of(params.uri):
            try:
                return await upstream.request(
                    ReadResourceRequest(params=params), ReadResourceResult, f"resources/read {params.uri}"
                )
            except ProtocolError as exc:
                if exc.code != RESOURCE_NOT_FOUND and kept is None:
                    kept = exc
        if kept is not None:
            raise kept
        raise ProtocolError(RESOURCE_NOT_FOUND, f"Resource not found: {params.uri}", {"uri": params.uri})

    async def subscribe(self, uri: str, agent: Agent | None, subscribe: bool) -> EmptyResult:
        """Remember the agent's subscription; the upstream is asked once (2025-era upstreams: 2026-07-28 has no
        resources/subscribe)."""
        if agent is not None:
            (agent.subscriptions.add if subscribe else agent.subscriptions.discard)(uri)
        request: SubscribeRequest | UnsubscribeRequest = (
            SubscribeRequest(params=SubscribeRequestParams(uri=uri))
            if subscribe
            else UnsubscribeRequest(params=UnsubscribeRequestParams(uri=uri))
        )
        for upstream in await self._owners_of(uri):
            caps = upstream.capabilities()
            if caps is None or caps.resources is None or not caps.resources.subscribe or not upstream.handshake_era():
                continue
            others = any(uri in a.subscriptions for a in self.hub.agents.values() if a is not agent)
            if not others:  # the upstream connection is shared: unsubscribe only when nobody else listens
                await upstream.request(request, EmptyResult, request.method)
            break
        return EmptyResult()

    async def _owners_of(self, uri: str) -> list[UpstreamMCP]:
        """The upstream that listed ``uri`` or a template matching it first, then every other resource upstream."""
        if uri not in self._resource_owner and not self._templates:
            await self.list_templates()
        owners = [self._resource_owner[uri]] if uri in self._resource_owner else []
        owners += [name for template, _, name in self._templates if template.match(uri) is not None]
        offering = self.offering("resources")
        ordered = [u for name in dict.fromkeys(owners) for u in offering if u.name == name]
        return ordered + [u for u in offering if u not in ordered]

    # ---- prompts ----

    async def list_prompts(self) -> list[Prompt]:
        prompts: list[Prompt] = []
        for upstream in self.offering("prompts"):
            prefix = self.prefixes.get(upstream.name, "")
            for page in await _pages(upstream, ListPromptsRequest, ListPromptsResult, "prompts/list"):
                prompts += [p.model_copy(update={"name": prefix + p.name}) for p in page.prompts]
        return prompts

    async def get_prompt(self, params: GetPromptRequestParams) -> GetPromptResult:
        upstream, name = self._prompt_owner(params.name)
        forwarded = params.model_copy(update={"name": name})
        return await upstream.request(GetPromptRequest(params=forwarded), GetPromptResult, f"prompts/get {name}")

    def _prompt_owner(self, exposed: str) -> tuple[UpstreamMCP, str]:
        offering = self.offering("prompts")
        by_prefix = sorted(offering, key=lambda u: -len(self.prefixes.get(u.name, "")))  # longest prefix first
        for upstream in by_prefix:  # an upstream without prefix ("") takes every name no other prefix claims
            prefix = self.prefixes.get(upstream.name, "")
            if exposed.startswith(prefix):
                return upstream, exposed.removeprefix(prefix)
        raise ProtocolError(-32602, f"Unknown prompt: '{exposed}'")

    # ---- completion, logging ----

    async def complete(self, params: CompleteRequestParams) -> CompleteResult:
        ref = params.ref
        offering = self.offering("completions")
        if isinstance(ref, PromptReference):
            upstream, name = self._prompt_owner(ref.name)
            params = params.model_copy(update={"ref": ref.model_copy(update={"name": name})})
            targets = [upstream] if upstream in offering else []
        else:
            if not self._templates:
                await self.list_templates()
            owners = {name for _, listed, name in self._templates if listed == ref.uri}
            targets = [u for u in offering if u.name in owners] or offering[:1]
        if not targets:  # nothing to suggest is a valid answer
            return CompleteResult(completion=Completion(values=[]))
        return await targets[0].request(CompleteRequest(params=params), CompleteResult, "completion/complete")

    async def set_level(self, params: SetLevelRequestParams, agent: Agent | None) -> EmptyResult:
        """The agent's own level filters what it is sent; the upstreams (shared) are asked for the same level."""
        if agent is not None:
            agent.level = params.level
        for upstream in self.offering("logging"):
            if not upstream.handshake_era():  # 2026-07-28 has no setLevel: each call opts in (log_level)
                continue
            await upstream.request(SetLevelRequest(params=params), EmptyResult, "logging/setLevel")
        return EmptyResult()


async def _pages(upstream: UpstreamMCP, request: Any, result_type: Any, what: str) -> list[Any]:
    """Every page of a paginated list (each upstream's cursor is its own; mcp-sim answers in one page)."""
    pages: list[Any] = []
    cursor: str | None = None
    while True:
        params = PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await upstream.request(request(params=params), result_type, what)
        pages.append(page)
        if not (cursor := page.next_cursor) or len(pages) >= 1000:
            return pages


def mcp_error(exc: ProtocolError) -> MCPError:
    return MCPError(exc.code, exc.message, exc.data)


def ctx_agent_key(ctx: ServerRequestContext[Any, Any], process_key: str | None) -> str | None:
    """The connection an agent's notifications can reach it on: the 2025-era Mcp-Session-Id, or the stdio process.
    A 2026-07-28 request has no such connection (its list changes need subscriptions/listen)."""
    request = ctx.request
    if request is not None:
        minted: str | None = request.headers.get("mcp-session-id")
        return minted
    return process_key
