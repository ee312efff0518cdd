"""Per-call work done once (issue 15, "less work per call"): the SDK's header checks of a plain POST keep what passed
(serving/header_checks.py), the host guard the Host values it let through (serving/origin.py), session keys that
follow the rule are checked once (state/keys.py), and the per-call log line keeps its assembled logger while
structlog's configuration stays what it was (observability/logs.py). Each kept verdict is the one the check gives."""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
import structlog
from mcp.server import Server
from mcp.server.streamable_http import check_accept_headers
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from starlette.datastructures import Headers
from starlette.requests import Request
from structlog.testing import capture_logs

from mcp_sim.errors import InvalidSessionKey
from mcp_sim.observability import logs
from mcp_sim.serving import header_checks, origin
from mcp_sim.state import keys
from mcp_sim.state.base import SessionState


def _request(headers: list[tuple[bytes, bytes]]) -> Request:
    return Request({"type": "http", "method": "POST", "path": "/mcp", "headers": headers})


def _manager(hosts: list[str]) -> StreamableHTTPSessionManager:
    settings = TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=[f"http://{h}" for h in hosts]
    )
    return StreamableHTTPSessionManager(app=Server("t"), json_response=True, security_settings=settings)


JSON_POST = [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream")]


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The Host of every request the SDK's own security check looked at."""
    seen: list[str | None] = []
    validate = TransportSecurityMiddleware.validate_request

    async def counted(self: TransportSecurityMiddleware, request: Request, is_post: bool = False) -> Any:
        seen.append(request.headers.get("host"))
        return await validate(self, request, is_post)

    monkeypatch.setattr(TransportSecurityMiddleware, "validate_request", counted)
    return seen


async def test_a_passing_security_verdict_is_kept_by_the_values_it_read(validations: list[str | None]) -> None:
    manager = _manager(["a.example:*"])
    good = _request([(b"host", b"a.example:1"), *JSON_POST])
    read = header_checks.folded(good.headers.items())
    assert await header_checks.passes_security(manager, good, read)
    assert await header_checks.passes_security(manager, good, read)
    assert validations == ["a.example:1"]  # the second request with the same values: the kept verdict
    # a refusal is never kept: the SDK's check (and its log line) every time
    bad = _request([(b"host", b"evil.example"), *JSON_POST])
    for _ in range(2):
        assert not await header_checks.passes_security(manager, bad, header_checks.folded(bad.headers.items()))
    assert validations == ["a.example:1", "evil.example", "evil.example"]
    # another value the check reads (Origin) is another verdict
    foreign = _request([(b"host", b"a.example:1"), (b"origin", b"http://evil.example"), *JSON_POST])
    assert not await header_checks.passes_security(manager, foreign, header_checks.folded(foreign.headers.items()))


async def test_settings_changed_in_place_are_checked_again(validations: list[str | None]) -> None:
    manager = _manager(["a.example:*"])
    good = _request([(b"host", b"a.example:1"), *JSON_POST])
    read = header_checks.folded(good.headers.items())
    assert await header_checks.passes_security(manager, good, read)
    assert manager.security_settings is not None
    manager.security_settings.allowed_hosts.remove("a.example:*")
    assert not await header_checks.passes_security(manager, good, read)
    assert validations == ["a.example:1", "a.example:1"]


def test_accept_verdicts_are_kept_only_when_json_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    check = check_accept_headers

    def counted(request: Request) -> tuple[bool, bool]:
        seen.append(request.headers.get("accept", ""))
        return check(request)

    monkeypatch.setattr(header_checks, "check_accept_headers", counted)
    manager = _manager(["a.example:*"])
    json_ok = _request(JSON_POST)
    sse_only = _request([(b"accept", b"text/event-stream")])
    for _ in range(2):
        assert header_checks.accepts_json(manager, json_ok, header_checks.folded(json_ok.headers.items()))
        assert not header_checks.accepts_json(manager, sse_only, header_checks.folded(sse_only.headers.items()))
    assert seen == ["application/json, text/event-stream", "text/event-stream", "text/event-stream"]


def test_folded_headers_read_as_starlette_reads_them() -> None:
    raw = [(b"host", b"h:1"), (b"x-dup", b"first"), (b"x-dup", b"second"), (b"content-length", b"12")]
    headers = Headers(raw=raw)
    read = header_checks.folded(headers.items())
    request = _request(raw)
    assert header_checks.as_dict(read, request) == dict(headers)
    assert all(read.get(name) == headers.get(name) for name in ("host", "x-dup", "content-length", "missing"))
    assert header_checks.declared_size(read) == 12
    assert header_checks.declared_size({"content-length": "twelve"}) == 0
    # names not in lower case (no ASGI server sends them): ``dict(headers)`` itself, whatever it does
    upper = [(b"X-Odd", b"1"), (b"host", b"h")]
    with pytest.raises(KeyError):
        header_checks.as_dict(header_checks.folded(Headers(raw=upper).items()), _request(upper))
    with pytest.raises(KeyError):
        dict(Headers(raw=upper))
    assert header_checks.folded(Headers(raw=upper).items()).get("x-odd") is None  # as Headers.get finds it


async def test_the_host_guard_keeps_the_hosts_it_let_through(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    allowed = origin.host_allowed

    def counted(host: str, patterns: Any) -> bool:
        seen.append(host)
        return allowed(host, patterns)

    monkeypatch.setattr(origin, "host_allowed", counted)
    answered: list[int] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        answered.append(200)

    async def send(message: Any) -> None:
        if message["type"] == "http.response.start":
            answered.append(message["status"])

    guard = origin.HostGuard(app, origin.LOOPBACK_HOSTS)

    async def request(host: bytes) -> int:
        await guard({"type": "http", "headers": [(b"host", host)]}, None, send)  # type: ignore[arg-type]
        return answered.pop()

    assert [await request(b"127.0.0.1:8765") for _ in range(3)] == [200, 200, 200]
    assert [await request(b"evil.example") for _ in range(2)] == [421, 421]
    assert seen == ["127.0.0.1:8765", "evil.example", "evil.example"]  # refusals are checked every time
    guard.hosts.remove("127.0.0.1:*")  # the patterns changed: what was let through is checked again
    assert await request(b"127.0.0.1:8765") == 421


def test_a_session_key_that_follows_the_rule_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    check = keys._check

    def counted(key: str) -> None:
        checked.append(key)
        check(key)

    monkeypatch.setattr(keys, "_check", counted)
    monkeypatch.setattr(keys, "_GOOD", set())
    assert [keys.checked_key("episode-1") for _ in range(3)] == ["episode-1"] * 3
    assert checked == ["episode-1"]
    for _ in range(2):  # a key that breaks the rule is refused every time, never kept
        with pytest.raises(InvalidSessionKey):
            keys.checked_key("a/b")
    assert checked == ["episode-1", "a/b", "a/b"]
    monkeypatch.setattr(keys, "MAX_KEPT", 2)
    for key in ("k1", "k2", "k3"):
        keys.checked_key(key)
    assert len(keys._GOOD) <= 2


@pytest.fixture
def configured() -> Iterator[io.StringIO]:
    out = io.StringIO()
    logs.configure("info")
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(file=out))
    yield out
    structlog.reset_defaults()


def test_the_call_line_keeps_its_logger_while_the_configuration_stays(
    configured: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = logs.CallLogger("t")
    assembled: list[Any] = []
    bind = log._proxy.bind

    def counted() -> Any:
        assembled.append(1)
        return bind()

    monkeypatch.setattr(log._proxy, "bind", counted)
    log.info("tool call", n=1)
    log.info("tool call", n=2)
    assert len(assembled) == 1
    lines = [json.loads(line) for line in configured.getvalue().splitlines()]
    assert [(line["event"], line["n"], line["level"]) for line in lines] == [("tool call", n, "info") for n in (1, 2)]
    with capture_logs() as events:  # changes the processor list in place: the kept logger captures too
        log.info("tool call", n=3)
    assert [e["n"] for e in events] == [3]
    logs.configure("warning")  # a new configuration: assembled again, and it filters as configured
    log.info("tool call", n=4)
    assert len(assembled) == 2
    assert '"n": 4' not in configured.getvalue()


def test_the_timestamp_is_structlogs_iso_utc_text(monkeypatch: pytest.MonkeyPatch) -> None:
    for moment in (
        datetime.datetime(2026, 11, 29, 14, 15, 7, 123456, tzinfo=datetime.UTC),
        datetime.datetime(2026, 11, 29, 14, 15, 7, 0, tzinfo=datetime.UTC),
    ):
        monkeypatch.setattr(logs, "_now", lambda tz, moment=moment: moment.astimezone(tz))
        stamped = logs._timestamp(None, "info", {})["timestamp"]
        assert stamped == moment.isoformat().replace("+00:00", "Z")
    assert stamped == "2026-11-29T14:15:07Z"
    logs.configure("info")
    try:
        assert logs._timestamp in structlog.get_config()["processors"]
    finally:
        structlog.reset_defaults()


def test_a_copied_session_shares_no_container() -> None:
    state = SessionState("e", "k", routing={"default": "real", "overrides": {"t": "sim"}}, cursors={})
    state.ledger.deleted["item"] = ["1"]
    copied = state.copy()
    assert copied == state
    assert copied.routing is not state.routing and copied.routing is not None
    assert copied.routing["overrides"] is not state.routing["overrides"]  # type: ignore[index]
    assert copied.cursors is not state.cursors and copied.ledger.deleted["item"] is not state.ledger.deleted["item"]
    assert copied.ledger.stale is not state.ledger.stale and copied.tool_calls is not state.tool_calls
    assert SessionState("e", "k").copy().routing is None
