"""LangChain MCP adapters + a LangChain agent (a LangGraph graph) against mcp-sim, one episode per session.

    scripts/setup recipes      # .cache/venvs/recipe-langchain: langchain-mcp-adapters needs mcp<2
    mcp-sim serve examples/recipes/desk.yaml --port 8765 &
    .cache/venvs/recipe-langchain/bin/python examples/langchain/run_episodes.py --url http://127.0.0.1:8765

langchain-mcp-adapters opens a new MCP session for every tool call, so without a key each call would land in
a fresh mcp-sim session and the episode's state would be lost. The connection's ``headers`` carry
``X-MCP-Sim-Session`` on every request instead (and the experiment's ``sessions.require_key`` refuses a call
that forgets it). ``ScriptedChatModel`` stands in for the LLM (a ``BaseChatModel`` that answers tool calls).
Prints JSON: every episode's key and its reward from /episode.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_mcp_adapters.client import MultiServerMCPClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recipes"))

from mcp_sim_client import McpSim
from reward import TASK, reward

PLAN = [("get_ticket", {"ticket_id": "T-100"}), ("update_ticket", {"ticket_id": "T-100", "status": "resolved"})]


class ScriptedChatModel(BaseChatModel):
    """Calls the plan's tools in order, retries a failed call once, then answers."""

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedChatModel:
        return self  # the script knows its tools

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        results = [m for m in messages if isinstance(m, ToolMessage)]
        failed = [m for m in results if m.status == "error" or "error" in str(m.content).lower()]
        if len(failed) > 1:
            return _answer(AIMessage(content="Giving up: the help desk keeps failing."))
        step = len(results) - len(failed)
        if step >= len(PLAN):
            return _answer(AIMessage(content="Ticket T-100 is resolved."))
        name, arguments = PLAN[step]
        return _answer(AIMessage(content="", tool_calls=[{"name": name, "args": arguments, "id": f"c{len(results)}"}]))


def _answer(message: AIMessage) -> ChatResult:
    return ChatResult(generations=[ChatGeneration(message=message)])


async def episode(url: str, experiment: str, key: str) -> None:
    client = MultiServerMCPClient(
        {
            "desk": {
                "transport": "streamable_http",
                "url": f"{url}/experiments/{experiment}/mcp",
                "headers": {"X-MCP-Sim-Session": key},  # the episode, on every request of every MCP session
            }
        }
    )
    tools = await client.get_tools()
    agent = create_agent(ScriptedChatModel(), tools, system_prompt=TASK)  # a LangGraph graph
    await agent.ainvoke({"messages": [("user", "Please resolve T-100.")]}, {"recursion_limit": 20})


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--experiment", default="desk")
    parser.add_argument("--episodes", type=int, default=4)
    args = parser.parse_args()
    admin = McpSim(args.url, args.experiment)
    keys = admin.create_group("langchain", args.episodes, seed="distinct")
    results = []
    for key in keys:
        await episode(args.url, args.experiment, key)
        played = admin.episode(key)
        results.append({"session": key, "reward": reward(played), "calls": played["counts"]["calls"]})
    print(json.dumps({"episodes": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
