"""A GRPO-style rollout through verl's tool interface against mcp-sim: the tools verl would load from
``desk_tools.yaml``, driven call by call the way verl's tool agent loop drives them (``create`` ->
``execute(instance_id, args, agent_data=...)`` -> ``release`` around every call), with a scripted policy in
place of the model.

    mcp-sim serve examples/recipes/desk.yaml --port 8765 &
    MCP_SIM_URL=http://127.0.0.1:8765 .cache/venvs/recipe-verl/bin/python examples/verl/rollout.py --prompts 2 --n 4

Each rollout's reward is the sum of its tool rewards, which ``McpSimTool`` makes equal to the reward of its
final ``/episode``; advantages are relative to the other rollouts of the same prompt. Prints JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import uuid
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from verl.tools.tool_registry import initialize_tools_from_config

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def scripted_policy(rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """The calls one rollout makes: sometimes a wrong id, sometimes only half the job."""
    calls = [("get_ticket", {"ticket_id": "T-100"})]
    if rng.random() < 0.3:
        calls.append(("update_ticket", {"ticket_id": "T-10", "status": "resolved"}))
    status = "in_progress" if rng.random() < 0.25 else "resolved"
    calls.append(("update_ticket", {"ticket_id": "T-100", "status": status}))
    return calls


async def rollout(tools: dict[str, Any], group: str, rng: random.Random) -> dict[str, Any]:
    # What verl's AgentData carries that a tool reads: the trajectory's request id and the row's tools_kwargs.
    kwargs = {name: {"create_kwargs": {"group": group}} for name in tools}
    request_id = uuid.UUID(int=rng.getrandbits(128)).hex
    agent_data = SimpleNamespace(request_id=request_id, tools_kwargs=kwargs, extra_fields={})
    tool_rewards = []
    session = None
    for name, arguments in scripted_policy(rng):
        tool = tools[name]
        instance_id, _ = await tool.create(create_kwargs=agent_data.tools_kwargs[name]["create_kwargs"])
        try:
            _, tool_reward, metrics = await tool.execute(instance_id, arguments, agent_data=agent_data)
        finally:
            await tool.release(instance_id)
        tool_rewards.append(tool_reward)
        session = metrics["session"]
    return {"session": session, "reward": round(sum(tool_rewards), 4), "tool_rewards": tool_rewards}


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=2)
    parser.add_argument("--n", type=int, default=4, help="rollouts per prompt (GRPO's group size)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with contextlib.redirect_stdout(sys.stderr):  # BaseTool.__init__ prints each tool's schema
        tools = {tool.name: tool for tool in initialize_tools_from_config(str(HERE / "desk_tools.yaml"))}
    rollouts = []
    for p in range(args.prompts):
        group = [await rollout(tools, f"verl-p{p}", random.Random(f"{args.seed}/{p}/{i}")) for i in range(args.n)]
        rewards = [r["reward"] for r in group]
        mean, std = statistics.fmean(rewards), statistics.pstdev(rewards)
        for r in group:
            r |= {"prompt": p, "advantage": round((r["reward"] - mean) / (std + 1e-6), 4)}
        rollouts += group
    print(json.dumps({"episodes": rollouts}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
