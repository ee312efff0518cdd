"""A chat client for OpenAI-compatible endpoints (vLLM, SGLang). Knows nothing of MCP.

Streams every request so the tokens produced so far can be reported while a long thinking answer is on
its way; bounds requests in flight with a semaphore; retries connection errors, 429 and 5xx with
jittered exponential backoff (jitter from a seeded RNG: same seed, same delays). Cancelling a call
closes its HTTP stream, which makes vLLM abort the generation: nothing is left running.
"""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import httpx2 as httpx  # the transport the openai package is built on
import openai
from openai import AsyncOpenAI

from mcp_sim import metrics
from mcp_sim.errors import SimulationFailed

TokensFn = Callable[[int], Awaitable[None]]  # called with the number of tokens streamed so far
REPORT_EVERY = 16  # tokens between two progress reports


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
    ) -> None:
        timeout = httpx.Timeout(timeout_s, connect=min(connect_timeout_s, timeout_s))
        limits = httpx.Limits(max_connections=max_concurrency, max_keepalive_connections=max_concurrency)
        self._http = httpx.AsyncClient(timeout=timeout, limits=limits)
        # The SDK's own retries are off: ours are jittered from a seed and counted in the trace.
        self._openai = AsyncOpenAI(
            base_url=base_url, api_key=api_key or "EMPTY", max_retries=0, timeout=timeout, http_client=self._http
        )
        self.model = model
        self._slots = anyio.Semaphore(max_concurrency)
        self._max_retries = max_retries
        self._backoff_s = backoff_s
        self._max_backoff_s = max_backoff_s

    async def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        seed: int,
        temperature: float,
        max_tokens: int,
        extra_body: dict[str, Any] | None = None,
        on_tokens: TokensFn | None = None,
    ) -> Completion:
        """The completion of ``messages``; raises ``SimulationFailed`` once retries are spent."""
        jitter = random.Random(seed)
        started = time.perf_counter()
        retries = 0
        request = {
            "model": self.model,
            "messages": list(messages),
            "seed": seed,
            "temperature": temperature,
            "max_tokens": max_tokens,
            "extra_body": extra_body,
        }
        streamed = 0  # tokens of failed attempts: progress reports must keep increasing across retries
        while True:
            stream = _Stream(reported_from=streamed)
            try:
                async with self._slot():
                    await self._stream(request, stream, on_tokens)
                return self._finished(stream, started, retries)
            except (openai.APIConnectionError, httpx.TransportError) as exc:
                streamed += stream.chunks
                problem = f"cannot reach the world model endpoint: {exc}"
                wait = None
            except openai.APIStatusError as exc:
                if exc.status_code != 429 and exc.status_code < 500:
                    raise SimulationFailed(f"world model endpoint refused the request: {_status(exc)}") from None
                streamed += stream.chunks
                problem = f"world model endpoint answered {_status(exc)}"
                wait = _retry_after(exc.response)
            if retries >= self._max_retries:
                raise SimulationFailed(f"{problem} (after {retries} retries)")
            delay = backoff_delay(jitter, retries, self._backoff_s, self._max_backoff_s)
            retries += 1
            await anyio.sleep(max(delay, min(wait or 0.0, self._max_backoff_s)))

    async def _stream(self, request: dict[str, Any], got: _Stream, on_tokens: TokensFn | None) -> None:
        chunks = await self._openai.chat.completions.create(
            **request, stream=True, stream_options={"include_usage": True}
        )
        async with chunks:  # closes the HTTP response on every exit, cancellation included
            async for chunk in chunks:
                if chunk.usage is not None:
                    got.usage = chunk.usage
                for choice in chunk.choices:
                    delta = choice.delta
                    extra = delta.model_extra or {}
                    thought = extra.get("reasoning_content") or extra.get("reasoning")
                    if thought:
                        got.reasoning.append(str(thought))
                    if delta.content:
                        got.content.append(delta.content)
                    if choice.finish_reason:
                        got.finish_reason = choice.finish_reason
                    got.chunks += 1
                    if on_tokens is not None and got.chunks % REPORT_EVERY == 0:
                        await on_tokens(got.reported_from + got.chunks)

    async def aclose(self) -> None:
        await self._openai.close()
        await self._http.aclose()

    @asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """A concurrency slot; the wait shows as queue depth, the request as in flight (``mcp_sim.metrics``)."""
        with metrics.world_model_queued(self.model):
            await self._slots.acquire()
        try:
            with metrics.world_model_in_flight(self.model):
                yield
        finally:
            self._slots.release()

    def _finished(self, stream: _Stream, started: float, retries: int) -> Completion:
        done = _completion(stream, (time.perf_counter() - started) * 1000, retries)
        metrics.world_model_tokens(
            self.model, done.prompt_tokens or 0, done.completion_tokens or 0, done.cached_tokens or 0
        )
        return done


def backoff_delay(jitter: random.Random, retry: int, base_s: float, cap_s: float) -> float:
    """Exponential backoff with "equal jitter": half fixed, half drawn, so retries of many sessions spread out."""
    return float(min(cap_s, base_s * 2**retry) * (0.5 + jitter.random() / 2))


def _completion(stream: _Stream, latency_ms: float, retries: int) -> Completion:
    usage = stream.usage
    details = getattr(usage, "prompt_tokens_details", None)
    return Completion(
        content="".join(stream.content),
        reasoning="".join(stream.reasoning),
        finish_reason=stream.finish_reason,
        prompt_tokens=getattr(usage, "prompt_tokens", None),
        completion_tokens=getattr(usage, "completion_tokens", None),
        cached_tokens=getattr(details, "cached_tokens", None),
        latency_ms=round(latency_ms, 3),
        retries=retries,
    )


def _status(exc: openai.APIStatusError) -> str:
    return f"HTTP {exc.status_code}: {str(exc.message)[:300]}"


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return float(response.headers.get("retry-after", ""))
    except ValueError:
        return None
