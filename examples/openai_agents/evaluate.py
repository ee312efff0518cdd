"""OpenAI Agents SDK against mcp-sim: one MCP server connection, many episodes, a reward per episode.

    mcp-sim serve examples/recipes/desk.yaml --port 8765 &
    .cache/venvs/recipe-openai-agents/bin/python examples/openai_agents/evaluate.py --url http://127.0.0.1:8765

What makes it work with mcp-sim:
- ``tool_meta_resolver`` puts the episode's key into every tool call's ``_meta["mcp-sim/session"]``; the key
  comes from ``Runner.run(context=...)``, so one connection serves every episode and each keeps its state.
- ``client_session_timeout_seconds`` well above the default 5 s: an LLM world model (or a ``latency``
  perturbation) can take longer than that to answer.

``ScriptedModel`` stands in for the LLM (an ``agents.models.interface.Model``); pass ``model="gpt-..."`` to
``Agent`` to evaluate a real one. Prints JSON: every episode's key, reward and counts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from agents import Agent, ModelResponse, Runner, Usage, set_tracing_disabled
from agents.mcp import MCPServerStreamableHttp
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recipes"))

from mcp_sim_client import McpSim
from reward import TASK, reward

set_tracing_disabled(True)  # the SDK would upload traces to OpenAI; this recipe talks to 127.0.0.1 only

PLAN = [("get_ticket", {"ticket_id": "T-100"}), ("update_ticket", {"ticket_id": "T-100", "status": "resolved"})]


class ScriptedModel(Model):
    """Calls the plan's tools in order, retries a failed call up to ``retries`` times, then says it is done."""

    def __init__(self, retries: int = 2) -> None:
        self.retries = retries

    async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> ModelResponse:
        items = [] if isinstance(input, str) else list(input)
        outputs = [i for i in items if _field(i, "type") == "function_call_output"]
        failures = sum(1 for o in outputs if "error" in str(_field(o, "output")).lower())
        step = len(outputs) - min(failures, self.retries)  # a failed call is tried again, up to `retries`
        if outputs and "error" in str(_field(outputs[-1], "output")).lower() and failures > self.retries:
            return _message("I could not finish: the help desk keeps failing.")
        if step >= len(PLAN):
            return _message("Ticket T-100 is resolved.")
        name, arguments = PLAN[step]
        call = ResponseFunctionToolCall(
            type="function_call", call_id=f"call-{len(outputs)}", name=name, arguments=json.dumps(arguments)
        )
        return ModelResponse(output=[call], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("the recipe runs without streaming")


def _field(item: Any, name: str) -> Any:
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def _message(text: str) -> ModelResponse:
    content = [ResponseOutputText(type="output_text", text=text, annotations=[])]
    message = ResponseOutputMessage(type="message", id="msg", role="assistant", status="completed", content=content)
    return ModelResponse(output=[message], usage=Usage(), response_id=None)


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--experiment", default="desk")
    parser.add_argument("--episodes", type=int, default=4)
    args = parser.parse_args()
    admin = McpSim(args.url, args.experiment)
    keys = admin.create_group("agents", args.episodes, seed="distinct")
    server = MCPServerStreamableHttp(
        {"url": f"{args.url}/experiments/{args.experiment}/mcp"},
        name="desk",
        client_session_timeout_seconds=300,
        tool_meta_resolver=lambda meta: {"mcp-sim/session": meta.run_context.context["episode"]},
    )
    results = []
    async with server:
        agent = Agent(name="help desk", instructions=TASK, model=ScriptedModel(), mcp_servers=[server])
        for key in keys:
            run = await Runner.run(agent, "Please resolve T-100.", context={"episode": key}, max_turns=10)
            episode = admin.episode(key)
            counts = episode["counts"]
            results.append(
                {"session": key, "reward": reward(episode), "final_output": run.final_output,
                 "calls": counts["calls"], "tool_errors": counts["tool_errors"]}
            )  # fmt: skip
    print(json.dumps({"episodes": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
