"""``world_model.kind: openai``: simulated calls answered by an LLM behind an OpenAI-compatible endpoint.

Per call: build the AgentWorld conversation (prompts.py), stream a completion (client.py) while reporting
tokens as MCP progress, split thinking from the observation and turn it into an MCP result (parsing.py).
An answer that is empty or invalid against the tool's outputSchema is asked again with the problem as
feedback, ``validation_retries`` times; then ``on_failure`` applies: ``error`` (the agent sees isError)
or ``schema`` (the built-in simulator answers instead).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import structlog

from mcp_sim.config import OpenAIWorldModelConfig, ToolSpec
from mcp_sim.errors import SimulationFailed, StartupError
from mcp_sim.ledger.world_state import excerpts as world_excerpts
from mcp_sim.observability import metrics
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest, WorldModel
from mcp_sim.simulation.llm import history as ledger_view
from mcp_sim.simulation.llm import parsing, prompts
from mcp_sim.simulation.llm.client import ChatClient, Completion, EncodedMessages
from mcp_sim.simulation.llm.rendered import HistoryCache

log = structlog.get_logger("mcp_sim.simulation.llm")

MAX_FEEDBACK_ECHO = 600  # characters of a rejected answer quoted back to the model


class OpenAIWorldModel:
    """One client and one system prompt for the experiment; every session's calls share them."""

    def __init__(
        self, config: OpenAIWorldModelConfig, tools: Sequence[ToolSpec], base_dir: Path, fallback: WorldModel
    ) -> None:
        self.config = config
        template = _read(base_dir, config.system_prompt, "system_prompt")
        demonstrations = _read(base_dir, config.demonstrations, "demonstrations") or ""
        system = prompts.system_text(tools, template, demonstrations)
        self.prompt = prompts.Prompt(
            system,
            budget_chars=max(1000, config.context_budget_chars - len(system)),
            max_turns=config.history_turns,
            summary_records=config.summary_records,
        )
        self.client = ChatClient(
            config.base_url,
            config.model,
            api_key=config.api_key,
            timeout_s=config.timeout_s,
            max_concurrency=config.max_concurrency,
            max_retries=config.max_retries,
            max_response_bytes=config.max_response_bytes,
        )
        self.fallback = fallback  # answers when the endpoint fails and ``on_failure: schema`` says so
        self.histories = HistoryCache(capacity=max(64, 2 * config.max_concurrency))

    async def simulate(self, request: SimulationRequest) -> Outcome:
        history = await self.histories.history(request)
        progress = _Progress(request)
        attempts: list[dict[str, Any]] = []
        feedback = list(request.feedback)
        for attempt in range(self.config.validation_retries + 1):
            messages = history.encoded_messages(self.prompt, self._current(request, feedback))
            try:
                completion = await self._complete(messages, request.seed + attempt, progress)
            except SimulationFailed as exc:
                attempts.append({"error": str(exc)})
                return await self._fail(request, str(exc), attempts)
            answer = parsing.split_answer(completion.content, completion.reasoning)
            verdict = parsing.interpret(request.spec, answer.observation)
            attempts.append(_attempt_trace(completion, answer, verdict))
            if verdict.result is not None:
                # no effects of its own: the integrity guard reads them off the answer (effects.observed_effects)
                return Outcome(verdict.result, [], self._trace(attempts))
            assert verdict.problem is not None
            feedback = [*request.feedback, _feedback(answer.observation, verdict.problem)]
        tries = len(attempts)
        return await self._fail(request, f"no valid answer in {tries} attempts: {verdict.problem}", attempts)

    def _current(self, request: SimulationRequest, feedback: list[str]) -> prompts.CurrentCall:
        return prompts.CurrentCall(
            index=request.call_index,
            tool=request.spec.name,
            arguments=request.arguments,
            instructions=request.instructions,
            entity_hints=ledger_view.entity_hints(request.session.ledger, request.arguments),
            world_excerpts=world_excerpts(
                request.session.ledger,
                request.call_index,
                request.spec.name,
                request.spec.description,
                request.arguments,
            ),  # the seeded scalars and singletons this call reads (ledger/world_state.py)
            feedback=feedback,
            demonstrations=prompts.tool_demonstrations(request.spec),
        )

    async def _complete(self, messages: EncodedMessages, seed: int, progress: _Progress) -> Completion:
        extra = None if self.config.thinking else {"chat_template_kwargs": {"enable_thinking": False}}
        completion = await self.client.complete(
            messages,
            seed=seed % 2**63,
            temperature=self.config.temperature,
            max_tokens=self.config.max_tokens,
            extra_body=extra,
            on_tokens=progress.tokens,
        )
        progress.attempt_done()
        return completion

    async def _fail(self, request: SimulationRequest, problem: str, attempts: list[dict[str, Any]]) -> Outcome:
        log.warning("world model failed", tool=request.spec.name, problem=problem, on_failure=self.config.on_failure)
        if self.config.on_failure == "schema":
            metrics.world_model_fallback(self.config.model)
            outcome = await self.fallback.simulate(request)
            outcome.trace = {**self._trace(attempts), "fallback": "schema", "problem": problem, **outcome.trace}
            return outcome
        raise SimulationFailed(f"The simulated tool failed: {problem}", trace=self._trace(attempts))

    def _trace(self, attempts: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "world_model": "openai",
            "model": self.config.model,
            "prompt_tokens": sum(a.get("prompt_tokens") or 0 for a in attempts),
            "completion_tokens": sum(a.get("completion_tokens") or 0 for a in attempts),
            "latency_ms": round(sum(a.get("latency_ms") or 0.0 for a in attempts), 3),
            "retries": sum(a.get("retries") or 0 for a in attempts),
            "validation": attempts[-1].get("validation", "endpoint-error") if attempts else "none",
            "attempts": attempts,
        }

    async def aclose(self) -> None:
        await self.client.aclose()


class _Progress:
    """Reports tokens so far as MCP progress; keeps increasing across attempts, as the spec requires."""

    def __init__(self, request: SimulationRequest) -> None:
        self.request = request
        self.base = 0
        self.last = 0

    async def tokens(self, count: int) -> None:
        self.last = self.base + count
        if self.request.progress is None:
            return
        try:
            await self.request.progress(float(self.last), None, f"world model: {self.last} tokens")
        except Exception as exc:  # a client gone deaf to progress must not fail the simulation itself
            log.warning("progress notification failed; no more for this call", error=repr(exc))
            self.request.progress = None

    def attempt_done(self) -> None:
        self.base = self.last


def _attempt_trace(completion: Completion, answer: parsing.Answer, verdict: parsing.Interpretation) -> dict[str, Any]:
    if verdict.result is None:
        validation = f"invalid: {verdict.problem}"
    else:
        validation = "error-shaped" if verdict.error_shaped else "ok"
    return {
        "prompt_tokens": completion.prompt_tokens,
        "completion_tokens": completion.completion_tokens,
        "cached_tokens": completion.cached_tokens,
        "latency_ms": completion.latency_ms,
        "retries": completion.retries,
        "finish_reason": completion.finish_reason,
        "validation": validation,
        "thinking": answer.thinking,
        "observation": answer.observation if verdict.result is None else None,
    }


def _feedback(observation: str, problem: str) -> str:
    quoted = observation if len(observation) <= MAX_FEEDBACK_ECHO else observation[:MAX_FEEDBACK_ECHO] + "..."
    return f"{problem}. Your answer was: {quoted or '(empty)'}"


def _read(base_dir: Path, relative: str | None, key: str) -> str | None:
    if relative is None:
        return None
    path = (base_dir / relative).resolve()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise StartupError(f"world_model.{key}: cannot read {path}: {exc.strerror}") from None
