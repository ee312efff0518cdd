"""A chat client for OpenAI-compatible endpoints (vLLM, SGLang). Knows nothing of MCP.

Streams every request so the tokens produced so far can be reported while a long thinking answer is on
its way; bounds requests in flight with a semaphore; retries connection errors, 429 and 5xx with
jittered exponential backoff (jitter from a seeded RNG: same seed, same delays). Cancelling a call
closes its HTTP stream, which makes vLLM abort the generation: nothing is left running.

It speaks the chat-completions wire format itself over httpx2 (the transport the openai package is built
on) instead of going through the openai SDK: the SDK's request building and per-chunk models cost ~0.55 ms
of CPU per call plus ~13 us per streamed token, which is what limits sessions in flight per core.
"""

from __future__ import annotations

import json
import logging
import math
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

import anyio
import httpx2 as httpx  # the transport the openai package is built on

from mcp_sim.errors import SimulationFailed
from mcp_sim.http11 import HTTP11Transport, http11_transport
from mcp_sim.observability import metrics

TokensFn = Callable[[int], Awaitable[None]]  # called with the number of tokens streamed so far
REPORT_EVERY = 16  # tokens between two progress reports
CONNECTIONS_PER_POOL = 16  # see ChatClient.__init__
# Idle connections are dropped before the server drops them: vLLM and SGLang serve with uvicorn, which closes
# keep-alive connections after 5 s, httpx's default too; at equal timeouts a request sent on a connection the
# server is closing fails with ReadError('') (seen in benchmarks section 4).
KEEPALIVE_S = 4.0
MAX_RETRY_AFTER_S = 10.0  # an endpoint asking for a longer pause gets none: the call fails now, saying so
MAX_RESPONSE_BYTES = 16 * 2**20  # of one streamed answer (a thinking answer of 16k tokens is ~4 MB of SSE)


_IN_FLIGHT = attrgetter("in_flight")
_HTTP_LOG = logging.getLogger("httpx2")  # the logger httpx2's AsyncClient notes each request on (at INFO)
_COOKIE_HEADERS = (b"set-cookie", b"set-cookie2")  # what the cookie jar reads off an answer


@dataclass
class Completion:
    """One finished chat completion, with what it cost."""

    content: str
    reasoning: str
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    cached_tokens: int | None
    latency_ms: float
    retries: int


@dataclass
class _Stream:
    content: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    reported_from: int = 0
    chunks: int = 0
    finish_reason: str | None = None
    usage: Any = None


@dataclass(frozen=True)
class EncodedMessages:
    """A messages array already encoded as JSON text (``json.dumps`` of the list, default separators).

    A long session's prompt is hundreds of KB; encoding it whole at every call grew with the session, so
    callers that keep earlier messages encoded (llm/rendered.py) pass the array text instead."""

    json: str


def _body(request: dict[str, Any]) -> bytes:
    messages = request["messages"]
    if not isinstance(messages, EncodedMessages):
        return json.dumps(request).encode()
    head = json.dumps({k: v for k, v in request.items() if k != "messages"})
    return f'{head[:-1]}, "messages": {messages.json}}}'.encode()


@dataclass
class _Pool:
    """One HTTP connection pool; requests go to the pool with the fewest in flight."""

    http: httpx.AsyncClient
    in_flight: int = 0


def _sharded(timeout: httpx.Timeout, max_concurrency: int, headers: dict[str, str]) -> list[_Pool]:
    """httpx2's own pools for an https:// endpoint (or one behind a proxy). Several small pools, not one big one:
    httpcore scans every connection of a pool (a getpeername per idle one) whenever a request starts or ends, so
    one pool of 1,024 connections costs O(n^2) per burst: 1,024 concurrent calls took ~10 s of CPU. The client's
    semaphore bounds the total."""
    shards = -(-max_concurrency // CONNECTIONS_PER_POOL)
    limits = httpx.Limits(
        max_connections=max_concurrency,
        max_keepalive_connections=CONNECTIONS_PER_POOL,
        keepalive_expiry=KEEPALIVE_S,
    )
    # one TLS context for every pool: each client made its own, loading the CA bundle again (128 pools at the
    # default concurrency: about 3 s of start-up CPU per process, benchmarks/profile_cpu.py)
    tls = httpx.create_ssl_context()
    return [
        _Pool(httpx.AsyncClient(timeout=timeout, limits=limits, verify=tls, headers=headers)) for _ in range(shards)
    ]


class _Direct:
    """A request handed straight to the lean transport, as the ``httpx2.AsyncClient`` around it would send it.

    The client's own steps cost about a third of the chat client's CPU per call (profiled on section 9's round):
    merging the URL, headers, cookies and query into a new request, the auth and redirect generators, the answer's
    timing wrapper. For this client most of them do nothing: no auth, no event hooks, redirects not followed, one
    fixed URL, headers fixed at start (``ChatClient.__init__``). So the request is built here with the head the
    client builds (taken from the client's own ``build_request`` once: the same header names, values and order),
    and the client's remaining duties are kept: cookies (an answer's ``Set-Cookie`` goes into the client's jar, and
    while the jar holds any, requests go through the client, which sends them), the request on the answer and on a
    transport error, the per-request log line at INFO. A closed client sends through itself (and refuses, as it
    does)."""

    def __init__(
        self, http: httpx.AsyncClient, transport: HTTP11Transport, url: httpx.URL, headers: list[tuple[bytes, bytes]]
    ) -> None:
        self.http = http
        self.transport = transport
        self.url = url
        self.headers = headers
        self.timeouts = http.timeout.as_dict()  # read by the transport, never changed

    @classmethod
    def of(cls, http: httpx.AsyncClient, transport: HTTP11Transport, url: httpx.URL) -> _Direct:
        template = http.build_request("POST", url, content=b"")  # Content-Length is the body's: set per request
        head = [(name, value) for name, value in template.headers.raw if name.lower() != b"content-length"]
        return cls(http, transport, url, head)

    def usable(self) -> bool:
        return not self.http.is_closed and not self.http.cookies

    async def send(self, body: bytes) -> httpx.Response:
        extensions = {"timeout": self.timeouts}  # a dict per request, as the client's build_request makes
        request = httpx.Request("POST", self.url, headers=self.headers, content=body, extensions=extensions)
        try:
            response = await self.transport.handle_async_request(request)
        except httpx.RequestError as exc:
            exc.request = request
            raise
        response.request = request
        if any(name.lower() in _COOKIE_HEADERS for name, _ in response.headers.raw):
            self.http.cookies.extract_cookies(response)
        if _HTTP_LOG.isEnabledFor(logging.INFO):
            _HTTP_LOG.info(
                'HTTP Request: %s %s "%s %d %s"',
                request.method,
                request.url,
                response.http_version,
                response.status_code,
                response.reason_phrase,
            )
        return response


class _EndpointStatus(Exception):
    """The endpoint answered an HTTP error status (before any chunk, or as an error event mid-stream)."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(f"HTTP {status}: {message[:300]}")
        self.status = status
        self.retry_after = retry_after


class ChatClient:
    """One endpoint, one model; safe to share between all sessions of an experiment."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout_s: float = 300.0,
        connect_timeout_s: float = 10.0,
        max_concurrency: int = 256,
        max_retries: int = 3,
        backoff_s: float = 0.5,
        max_backoff_s: float = 30.0,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> None:
        timeout = httpx.Timeout(timeout_s, connect=min(connect_timeout_s, timeout_s))
        # the client's own headers, not each request's: httpx2 merges a request's headers into the client's at every
        # request (a Headers update: about 5 % of this client's CPU per call, measured alone); merged once here, the
        # same bytes go out (httpx2's defaults, then these, its Accept replaced by ours: tests/unit/test_client.py)
        headers = {
            "Authorization": f"Bearer {api_key or 'EMPTY'}",
            "Content-Type": "application/json",
            "Accept": "text/event-stream",
        }
        lean = http11_transport(
            base_url, max_connections=max_concurrency, max_keepalive=max_concurrency, keepalive_expiry=KEEPALIVE_S
        )
        if lean is not None:
            # http:// (a local vLLM or SGLang): the lean HTTP/1.1 transport (mcp_sim/http11.py) keeps each host's
            # idle connections in a list, so one client serves every call without httpcore's pool scans, and a
            # request leaves in one write
            self._pools = [_Pool(httpx.AsyncClient(timeout=timeout, transport=lean, headers=headers))]
        else:
            self._pools = _sharded(timeout, max_concurrency, headers)
        # parsed once: httpx2 parses a URL given as text again on every request (about 35 us of each call)
        self._url = httpx.URL(base_url.rstrip("/") + "/chat/completions")
        self._direct = _Direct.of(self._pools[0].http, lean, self._url) if lean is not None else None
        self.model = model
        self._slots = anyio.Semaphore(max_concurrency)
        self._max_retries = max_retries
        self._backoff_s = backoff_s
        self._max_backoff_s = max_backoff_s
        self._deadline_s = timeout_s  # of one ``complete``: every attempt, backoff and stream byte included
        self._max_bytes = max_response_bytes

    async def complete(
        self,
        messages: Sequence[dict[str, str]] | EncodedMessages,
        *,
        seed: int,
        temperature: float,
        max_tokens: int,
        extra_body: dict[str, Any] | None = None,
        on_tokens: TokensFn | None = None,
    ) -> Completion:
        """The completion of ``messages``; raises ``SimulationFailed`` once retries are spent, or when the
        whole exchange (queueing, attempts, backoff, streaming) outlasts ``timeout_s``: a model trickling a
        byte a second never resets this clock, as it did the read timeout alone."""
        with anyio.move_on_after(self._deadline_s) as deadline:
            return await self._complete(messages, seed, temperature, max_tokens, extra_body, on_tokens, deadline)
        raise SimulationFailed(
            f"the world model endpoint did not answer in full within timeout_s={self._deadline_s:g} s"
        )

    async def _complete(
        self,
        messages: Sequence[dict[str, str]] | EncodedMessages,
        seed: int,
        temperature: float,
        max_tokens: int,
        extra_body: dict[str, Any] | None,
        on_tokens: TokensFn | None,
        deadline: anyio.CancelScope,
    ) -> Completion:
        jitter: random.Random | None = None  # seeded at the first retry: seeding it cost ~1 % of a call, retried or not
        started = time.perf_counter()
        retries = 0
        request = {
            "model": self.model,
            "messages": messages if isinstance(messages, EncodedMessages) else list(messages),
            "seed": seed,
            "temperature": temperature,
            "max_tokens": max_tokens,
            **(extra_body or {}),
        }
        streamed = 0  # tokens of failed attempts: progress reports must keep increasing across retries
        while True:
            stream = _Stream(reported_from=streamed)
            try:
                # a concurrency slot; the wait shows as queue depth, the request as in flight (observability.metrics);
                # written out, not an async generator context manager: its generator and frames cost per request
                with metrics.world_model_queued(self.model):
                    await self._slots.acquire()
                try:
                    with metrics.world_model_in_flight(self.model):
                        await self._stream(request, stream, on_tokens)
                finally:
                    self._slots.release()
                return self._finished(stream, started, retries)
            except _TooLarge as exc:  # an endless answer would be endless again: no retry
                raise SimulationFailed(f"world model answer too large: {exc}") from None
            except httpx.TransportError as exc:
                streamed += stream.chunks
                problem = f"cannot reach the world model endpoint: {exc!r}"
                wait = None
            except _EndpointStatus as exc:
                if exc.status != 429 and exc.status < 500:
                    raise SimulationFailed(f"world model endpoint refused the request: {exc}") from None
                streamed += stream.chunks
                problem = f"world model endpoint answered {exc}"
                wait = exc.retry_after
            if retries >= self._max_retries:
                raise SimulationFailed(f"{problem} (after {retries} retries)")
            remaining = deadline.deadline - anyio.current_time()
            if wait is not None and (wait > MAX_RETRY_AFTER_S or wait > remaining):
                raise SimulationFailed(
                    f"{problem}; it asks to retry after {wait:g} s, longer than mcp-sim waits "
                    f"({min(MAX_RETRY_AFTER_S, max(remaining, 0.0)):.0f} s)"
                )
            if jitter is None:
                jitter = random.Random(seed)
            delay = backoff_delay(jitter, retries, self._backoff_s, self._max_backoff_s)
            retries += 1
            await anyio.sleep(max(delay, wait or 0.0))

    async def _stream(self, request: dict[str, Any], got: _Stream, on_tokens: TokensFn | None) -> None:
        body = _body({**request, "stream": True, "stream_options": {"include_usage": True}})
        direct = self._direct
        if direct is not None and direct.usable():
            response = await direct.send(body)
            try:
                await self._read(response, got, on_tokens)
            finally:  # closes the stream, cancelled or not
                await response.aclose()
            return
        pool = min(self._pools, key=_IN_FLIGHT)  # attrgetter: a lambda's frames were 1 % of an llm call
        pool.in_flight += 1
        try:
            async with pool.http.stream("POST", self._url, content=body) as response:
                # leaving the block closes the stream, cancelled or not
                await self._read(response, got, on_tokens)
        finally:
            pool.in_flight -= 1

    async def _read(self, response: httpx.Response, got: _Stream, on_tokens: TokensFn | None) -> None:
        if response.status_code >= 400:
            await response.aread()
            raise _EndpointStatus(response.status_code, _error_text(response.text), _retry_after(response))
        async for chunk in _events(response, self._max_bytes):
            await _take(chunk, got, on_tokens)

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.http.aclose()

    def _finished(self, stream: _Stream, started: float, retries: int) -> Completion:
        done = _completion(stream, (time.perf_counter() - started) * 1000, retries)
        metrics.world_model_tokens(
            self.model, done.prompt_tokens or 0, done.completion_tokens or 0, done.cached_tokens or 0
        )
        return done


async def _lines(response: httpx.Response, max_bytes: int) -> AsyncIterator[str]:
    """The body's lines, at most ``max_bytes`` of them in all: an endless stream (or one endless line, which a
    line reader buffers whole) ends the attempt instead of growing the process (it reached 8.5 GB)."""
    pending = b""
    total = 0
    async for piece in response.aiter_bytes():
        total += len(piece)
        if total > max_bytes:
            raise _TooLarge(f"the answer stream passed {max_bytes:,} bytes (max_response_bytes)")
        pending += piece
        *complete, pending = pending.split(b"\n")
        for line in complete:
            yield line.rstrip(b"\r").decode("utf-8", errors="replace")
    if pending:
        yield pending.rstrip(b"\r").decode("utf-8", errors="replace")


async def _events(response: httpx.Response, max_bytes: int = MAX_RESPONSE_BYTES) -> AsyncIterator[dict[str, Any]]:
    """The JSON payloads of a server-sent event stream, up to ``[DONE]``; error events raise. The body is
    read to its end even after ``[DONE]``: a connection with unread bytes cannot go back to the pool."""
    data: list[str] = []
    done = False
    async for line in _lines(response, max_bytes):
        if done:
            continue
        if line.startswith("data:"):
            data.append(line[5:].lstrip(" "))
            continue
        if line or not data:
            continue  # comments, other fields, blank keep-alives
        payload, data = "\n".join(data), []
        if payload == "[DONE]":
            done = True
            continue
        try:
            event = json.loads(payload)
        except ValueError:
            event = None
        if not isinstance(event, dict):  # a proxy's page or a cut stream: retried like a 5xx, then SimulationFailed
            raise _EndpointStatus(502, f"malformed stream event: {payload[:200]!r}")
        if event.get("error"):  # vLLM reports failures mid-stream this way
            error = event["error"]
            code = error.get("code") if isinstance(error, dict) else None
            status = code if isinstance(code, int) and code >= 400 else 500
            raise _EndpointStatus(status, _error_text(json.dumps(event)))
        yield event


async def _take(chunk: dict[str, Any], got: _Stream, on_tokens: TokensFn | None) -> None:
    """Chunks stay plain dicts: a pydantic model per streamed token (what the openai SDK builds) cost
    ~55 us against ~9 us, and a thinking answer streams thousands of them. So the shape is checked by hand:
    any chunk that is not what the wire format says is a failed attempt (``_EndpointStatus`` 502, retried),
    never an exception from deep inside the parser."""
    usage = chunk.get("usage")
    if usage is not None:
        if not isinstance(usage, dict):
            raise _malformed("usage", usage)
        got.usage = usage
    choices = chunk.get("choices")
    if choices is not None and not isinstance(choices, list):
        raise _malformed("choices", choices)
    for choice in choices or ():
        delta = choice.get("delta") if isinstance(choice, dict) else None
        if not isinstance(choice, dict) or not isinstance(delta or {}, dict):
            raise _malformed("choice", choice)
        delta = delta or {}
        thought = delta.get("reasoning_content") or delta.get("reasoning")
        content = delta.get("content")
        if not isinstance(thought or "", str) or not isinstance(content or "", str):
            raise _malformed("delta", delta)
        if thought:
            got.reasoning.append(thought)
        if content:
            got.content.append(content)
        if choice.get("finish_reason"):
            got.finish_reason = str(choice["finish_reason"])
        got.chunks += 1
        if on_tokens is not None and got.chunks % REPORT_EVERY == 0:
            await on_tokens(got.reported_from + got.chunks)


def _malformed(what: str, value: Any) -> _EndpointStatus:
    return _EndpointStatus(502, f"malformed stream chunk: {what} is {json.dumps(value, default=str)[:200]}")


class _TooLarge(Exception):
    """The answer stream passed the byte cap."""


def backoff_delay(jitter: random.Random, retry: int, base_s: float, cap_s: float) -> float:
    """Exponential backoff with "equal jitter": half fixed, half drawn, so retries of many sessions spread out."""
    return float(min(cap_s, base_s * 2**retry) * (0.5 + jitter.random() / 2))


def _completion(stream: _Stream, latency_ms: float, retries: int) -> Completion:
    usage = stream.usage if isinstance(stream.usage, dict) else {}
    details = usage.get("prompt_tokens_details")
    return Completion(
        content="".join(stream.content),
        reasoning="".join(stream.reasoning),
        finish_reason=stream.finish_reason,
        prompt_tokens=_count(usage.get("prompt_tokens")),
        completion_tokens=_count(usage.get("completion_tokens")),
        cached_tokens=_count(details.get("cached_tokens")) if isinstance(details, dict) else None,
        latency_ms=round(latency_ms, 3),
        retries=retries,
    )


def _count(value: Any) -> int | None:
    """A token count as usage reports it; anything but a non-negative integer (a string, a float) is unknown."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _error_text(text: str) -> str:
    """The message of an OpenAI-style error body ({"error": {"message": ...}}), else the body itself."""
    try:
        error = json.loads(text).get("error")
    except (ValueError, AttributeError):
        return text
    message = error.get("message") if isinstance(error, dict) else error
    return str(message) if message else text


def _retry_after(response: httpx.Response) -> float | None:
    try:
        wait = float(response.headers.get("retry-after", ""))
    except ValueError:
        return None  # an HTTP date or garbage: the own backoff applies
    return wait if math.isfinite(wait) and wait >= 0 else None
