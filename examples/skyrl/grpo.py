"""A GRPO-style rollout round through SkyRL-gym against mcp-sim: G groups of N episodes, a reward per episode
read from mcp-sim's /episode, and group-relative advantages.

    mcp-sim serve examples/recipes/desk.yaml --port 8765 &
    .cache/venvs/recipe-skyrl/bin/python examples/skyrl/grpo.py --url http://127.0.0.1:8765 --groups 8 --size 8

Each group is N fresh sessions from the experiment's world seed with ``seed: shared``, so every member meets
the same injected rate limits at the same calls and the members differ only by what the policy does: the
comparison GRPO needs. The policy here is scripted (a seeded stand-in for the model being trained: it
sometimes forgets a step, uses a wrong id, or gives up after an error); swap ``ScriptedPolicy.act`` for the
model's generate call in a real trainer. Prints one JSON document: every episode's reward and advantage.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import skyrl_gym

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recipes"))

from mcp_sim_client import McpSim
from reward import TASK

skyrl_gym.register(id="mcp-sim", entry_point="mcp_sim_env:McpSimEnv")


class ScriptedPolicy:
    """Acts like an unreliable agent; its choices are drawn from ``rng`` (one per episode)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.plan = ["look", "resolve"]
        if rng.random() < 0.25:
            self.plan.insert(1, "wrong_id")
        if rng.random() < 0.2:
            self.plan[-1] = "half_done"  # sets in_progress, not resolved
        self.patience = rng.choice([0, 1, 2])  # retries after a failed call
        self.retry: str | None = None  # the last call, to try again

    def act(self, conversation: list[dict[str, str]]) -> str:
        last = conversation[-1]["content"] if conversation else ""
        if last.startswith("Error:") and self.patience > 0 and self.retry is not None:
            self.patience -= 1
            return self.retry
        if last.startswith("Error:") and "not found" not in last and self.patience == 0:
            return "The help desk keeps failing. DONE"
        if not self.plan:
            return "DONE"
        step = self.plan.pop(0)
        self.retry = {
            "look": _call("get_ticket", ticket_id="T-100"),
            "wrong_id": _call("update_ticket", ticket_id="T-10", status="resolved"),
            "resolve": _call("update_ticket", ticket_id="T-100", status="resolved"),
            "half_done": _call("update_ticket", ticket_id="T-100", status="in_progress"),
        }[step]
        return self.retry


def _call(name: str, **arguments: Any) -> str:
    return f"<tool_call>{json.dumps({'name': name, 'arguments': arguments})}</tool_call>"


def rollout(env: Any, policy: ScriptedPolicy) -> tuple[float, dict[str, Any]]:
    conversation, _ = env.init([{"role": "user", "content": TASK}])
    while True:
        action = policy.act(conversation)
        conversation = [*conversation, {"role": "assistant", "content": action}]
        out = env.step(action)
        conversation += out["observations"]
        if out["done"]:
            return float(out["reward"]), out["metadata"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--experiment", default="desk")
    parser.add_argument("--token")
    parser.add_argument("--groups", type=int, default=8)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--step", default="step0", help="prefix of this round's group names")
    parser.add_argument("--seed", type=int, default=0, help="seed of the scripted policy")
    args = parser.parse_args()

    client = McpSim(args.url, args.experiment, args.token)
    config = {"url": args.url, "experiment": args.experiment, "token": args.token}
    episodes: list[dict[str, Any]] = []
    for g in range(args.groups):
        keys = client.create_group(f"{args.step}-g{g}", args.size, seed="shared")
        rewards = []
        for i, key in enumerate(keys):
            env = skyrl_gym.make("mcp-sim", env_config=config, extras={"session": key, "max_turns": 8})
            policy = ScriptedPolicy(random.Random(f"{args.seed}/{g}/{i}"))
            reward, metadata = rollout(env, policy)
            env.close()
            rewards.append(reward)
            counts = metadata["counts"]
            episodes.append(
                {"group": g, "session": key, "reward": reward, "seed_session": metadata["seed"]["session"],
                 "calls": counts["calls"], "tool_errors": counts["tool_errors"]}
            )  # fmt: skip
        mean, std = statistics.fmean(rewards), statistics.pstdev(rewards)
        for episode, reward in zip(episodes[-len(keys) :], rewards, strict=True):
            episode["advantage"] = round((reward - mean) / (std + 1e-6), 4)  # GRPO: relative to the group
    print(json.dumps({"experiment": args.experiment, "episodes": episodes}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
