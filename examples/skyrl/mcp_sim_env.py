"""A SkyRL-gym environment whose every step is one tool call to mcp-sim.

    from skyrl_gym.envs import register
    register(id="mcp-sim", entry_point="mcp_sim_env:McpSimEnv")
    env = skyrl_gym.make("mcp-sim", env_config={"url": "http://127.0.0.1:8765", "experiment": "desk"},
                         extras={"session": "step0-g3.5", "max_turns": 6})

One environment instance is one episode, one mcp-sim session (``extras["session"]``; the trainer creates a
group of them with ``McpSim.create_group`` or ``fork``). The model's action carries one tool call as
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``; the observation is the tool's answer. The
episode ends when the action has no tool call (or says DONE) or after ``max_turns``; its reward is then read
from mcp-sim's ``/episode`` (``reward.reward``): the final world decides, not the text the model wrote.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from skyrl_gym.envs.base_text_env import BaseTextEnv, BaseTextEnvStepOutput

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recipes"))  # the shared recipe helpers

from mcp_sim_client import McpSim, text_of
from reward import reward

TOOL_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.DOTALL)


class McpSimEnv(BaseTextEnv):
    def __init__(self, env_config: Any = None, extras: dict[str, Any] | None = None) -> None:
        super().__init__()
        config = dict(env_config or {})
        extras = dict(extras or {})
        self.client = McpSim(config["url"], config["experiment"], config.get("token"))
        self.session: str = extras["session"]
        self.max_turns = int(extras.get("max_turns", 8))
        self.episode: dict[str, Any] | None = None

    def step(self, action: str) -> BaseTextEnvStepOutput:
        self.turns += 1
        call = _tool_call(action)
        if call is None:
            return self._finish("no tool call")
        name, arguments = call
        result = self.client.call_tool(self.session, name, arguments)
        observation = ("Error: " if result.get("isError") else "") + text_of(result)
        if self.turns >= self.max_turns:
            return self._finish("max_turns", observation)
        return BaseTextEnvStepOutput(
            observations=[{"role": "user", "content": observation}],
            reward=0.0,
            done=False,
            metadata={"tool": name, "is_error": bool(result.get("isError"))},
        )

    def _finish(self, why: str, observation: str | None = None) -> BaseTextEnvStepOutput:
        self.episode = self.client.episode(self.session)
        observations = [{"role": "user", "content": observation}] if observation else []
        return BaseTextEnvStepOutput(
            observations=observations,
            reward=reward(self.episode),
            done=True,
            metadata={"why": why, "counts": self.episode["counts"], "seed": self.episode["seed"]},
        )

    def get_metrics(self) -> dict[str, Any]:
        counts = (self.episode or {}).get("counts", {})
        return {"calls": counts.get("calls", 0), "tool_errors": counts.get("tool_errors", 0)}


def _tool_call(action: str) -> tuple[str, dict[str, Any]] | None:
    if "DONE" in action and "<tool_call>" not in action:
        return None
    found = TOOL_CALL.search(action)
    if found is None:
        return None
    try:
        call = json.loads(found.group(1))
    except ValueError:
        return None
    return str(call.get("name", "")), dict(call.get("arguments") or {})
