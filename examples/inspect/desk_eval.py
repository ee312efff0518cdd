"""inspect-ai against mcp-sim: each sample (and epoch) is one episode, scored from its /episode.

    mcp-sim serve examples/recipes/desk.yaml --port 8765 &
    .cache/venvs/recipe-inspect/bin/python examples/inspect/desk_eval.py --url http://127.0.0.1:8765
    # or with a real model:  inspect eval examples/inspect/desk_eval.py@desk -T url=http://127.0.0.1:8765 --model ...

The solver connects one ``mcp_server_http`` per sample with the header ``X-MCP-Sim-Session`` naming the
episode, so the sample's calls share one session (mcp-sim state) and samples never see each other's. The
scorer reads the episode from mcp-sim's admin API and scores it with ``reward.reward``. Run as a script, the
model is inspect's own ``mockllm/model`` driven by ``scripted_policy`` (it reads the conversation and picks
the next tool call), and the scores are printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

from inspect_ai import Task, eval, task
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageTool, ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, TaskState, solver, use_tools
from inspect_ai.tool import mcp_server_http, mcp_tools

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recipes"))

from mcp_sim_client import McpSim
from reward import TASK, reward

SESSION = "mcp_sim_session"  # where the sample's episode key is kept in its metadata


@solver
def desk_agent(url: str, experiment: str, run: str):  # type: ignore[no-untyped-def]
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        key = f"inspect-{run}-{state.sample_id}-e{state.epoch}"  # the episode; its key also seeds it
        state.metadata[SESSION] = key
        server = mcp_server_http(
            name="desk", url=f"{url}/experiments/{experiment}/mcp", headers={"X-MCP-Sim-Session": key}, timeout=300
        )
        state = await use_tools(mcp_tools(server))(state, generate)
        return await generate(state, tool_calls="loop")

    return solve


@scorer(metrics=[mean()])
def episode_reward(url: str, experiment: str):  # type: ignore[no-untyped-def]
    client = McpSim(url, experiment)

    async def score(state: TaskState, target: Target) -> Score:
        key = state.metadata[SESSION]
        episode = client.episode(key)
        return Score(value=reward(episode), metadata={"session": key, "counts": episode["counts"]})

    return score


@task
def desk(url: str = "http://127.0.0.1:8765", experiment: str = "desk", samples: int = 4, run: str = "") -> Task:
    """``run`` names this evaluation's episodes (reproducible rolls); empty: a fresh name, so a second run against
    the same server never continues the first one's sessions."""
    run = run or uuid.uuid4().hex[:8]
    dataset = [Sample(input=TASK, id=f"t{i}") for i in range(1, samples + 1)]
    return Task(dataset=dataset, solver=desk_agent(url, experiment, run), scorer=episode_reward(url, experiment))


def scripted_policy(messages: list[Any], tools: list[Any], tool_choice: Any, config: Any) -> ModelOutput:
    """Look at T-100, resolve it, retry a failed call once, then stop."""
    output = _next_step(messages)
    # Usage given: mockllm would otherwise count tokens with tiktoken, which downloads its encoding.
    output.usage = ModelUsage(input_tokens=len(messages), output_tokens=1, total_tokens=len(messages) + 1)
    return output


def _next_step(messages: list[Any]) -> ModelOutput:
    results = [m for m in messages if isinstance(m, ChatMessageTool)]
    failed = [m for m in results if m.error is not None or "error" in m.text.lower()]
    if results and results[-1] in failed and len(failed) > 1:
        return ModelOutput.from_content("mockllm/model", "Giving up: the help desk keeps failing.")
    done = len(results) - len(failed)
    plan = [("get_ticket", {"ticket_id": "T-100"}), ("update_ticket", {"ticket_id": "T-100", "status": "resolved"})]
    if done >= len(plan):
        return ModelOutput.from_content("mockllm/model", "Ticket T-100 is resolved.")
    name, arguments = plan[done]
    return ModelOutput.for_tool_call("mockllm/model", tool_name=name, tool_arguments=arguments)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--experiment", default="desk")
    parser.add_argument("--samples", type=int, default=4)
    args = parser.parse_args()
    model = get_model("mockllm/model", custom_outputs=scripted_policy)
    with tempfile.TemporaryDirectory() as logs:  # the eval log is read while its file is still there
        [log] = eval(desk(args.url, args.experiment, args.samples), model=model, log_dir=logs, display="none")
        assert log.samples is not None, log.error
        for s in log.samples:
            if s.error is not None:
                print(f"sample {s.id}: {s.error.message}", file=sys.stderr)
        episodes = [
            {"session": s.metadata[SESSION], "reward": s.scores["episode_reward"].value}  # type: ignore[index]
            for s in log.samples
        ]
    print(json.dumps({"status": log.status, "episodes": episodes}, indent=1))
    return 0 if log.status == "success" else 1


if __name__ == "__main__":
    sys.exit(main())
