"""A verl tool (``verl.tools.base_tool.BaseTool``) that calls one mcp-sim tool, inside the trajectory's session.

verl's tool agent loop calls ``create`` / ``execute`` / ``release`` around *every* tool call, so the
``instance_id`` it hands out lives for one call, not one trajectory: used as the session key, every call would
be a fresh episode. The session is therefore taken from the trajectory: ``agent_data.request_id`` (one per
rollout, the same for all its calls), prefixed by ``create_kwargs["group"]`` from the dataset row's
``tools_kwargs`` when given; only when verl passes no ``agent_data`` (older rollouts that create one instance
per trajectory) does the instance id name the session.

Rewards: each ``execute`` returns as its tool reward the change of the episode's reward (``reward.reward`` of
mcp-sim's ``/episode``) since the trajectory's previous call, so a trajectory's tool rewards add up to the
reward of its final episode (verl keeps them in ``extra_fields["tool_rewards"]``); ``episode_reward`` reads it
directly for a custom reward function.

    # tools.yaml, as verl's actor_rollout_ref.rollout.multi_turn.tool_config_path
    tools:
      - class_name: mcp_sim_tool.McpSimTool
        config: {type: native, url: "http://127.0.0.1:8765", experiment: desk}
        tool_schema: {type: function, function: {name: get_ticket, ...}}
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from uuid import uuid4

from verl.tools.base_tool import BaseTool
from verl.tools.schemas import OpenAIFunctionToolSchema, ToolResponse

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recipes"))

from mcp_sim_client import McpSim, text_of
from reward import reward


class McpSimTool(BaseTool):
    def __init__(self, config: dict[str, Any], tool_schema: OpenAIFunctionToolSchema) -> None:
        super().__init__(config, tool_schema)
        self.client = McpSim(config["url"], config["experiment"], config.get("token"))
        self._groups: dict[str, str] = {}  # instance id -> create_kwargs["group"]
        self._rewarded: dict[str, float] = {}  # session -> the episode reward already paid out as tool rewards

    async def create(self, instance_id: str | None = None, **kwargs: Any) -> tuple[str, ToolResponse]:
        instance_id = instance_id or str(uuid4())
        create_kwargs = kwargs.get("create_kwargs") or {}
        self._groups[instance_id] = str(create_kwargs.get("group", "verl"))
        return instance_id, ToolResponse()

    def session(self, instance_id: str, agent_data: Any = None) -> str:
        """The mcp-sim session of the trajectory this call belongs to."""
        group = self._groups.get(instance_id, "verl")
        trajectory = getattr(agent_data, "request_id", None) or instance_id
        return f"{group}.{trajectory}"

    async def execute(
        self, instance_id: str, parameters: dict[str, Any], **kwargs: Any
    ) -> tuple[ToolResponse, float, dict[str, Any]]:
        session = self.session(instance_id, kwargs.get("agent_data"))
        result = self.client.call_tool(session, self.name, parameters)
        text = ("Error: " if result.get("isError") else "") + text_of(result)
        now = self.episode_reward(session)
        step, self._rewarded[session] = now - self._rewarded.get(session, 0.0), now
        return ToolResponse(text=text), round(step, 6), {"session": session, "is_error": bool(result.get("isError"))}

    async def calc_reward(self, instance_id: str, **kwargs: Any) -> float:
        return self.episode_reward(self.session(instance_id, kwargs.get("agent_data")))

    async def release(self, instance_id: str, **kwargs: Any) -> None:
        self._groups.pop(instance_id, None)

    def episode_reward(self, session: str) -> float:
        return reward(self.client.episode(session))
