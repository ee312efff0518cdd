"""The recipes of examples/ run with the real framework packages (installed by scripts/setup.d/recipes.sh into
.cache/venvs/recipe-*) against ``mcp-sim serve examples/recipes/desk.yaml``; scripted policies stand in for
the model."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx2
import pytest

from tests.integration.harness import REPO, mcp_sim, require

pytestmark = pytest.mark.integration

DESK = REPO / "examples/recipes/desk.yaml"


def recipe_python(name: str) -> str:
    return str(require(REPO / f".cache/venvs/recipe-{name}/bin/python", f"the {name} recipe's venv"))


def load_reward() -> Any:
    spec = importlib.util.spec_from_file_location("recipe_reward", REPO / "examples/recipes/reward.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reward


@asynccontextmanager
async def serving_desk() -> AsyncIterator[str]:
    """The base URL of a running ``mcp-sim serve examples/recipes/desk.yaml``."""
    async with mcp_sim(DESK) as served:
        yield served.url.split("/experiments/")[0].removesuffix("/mcp")


async def run(python: str, *args: str) -> str:
    done = await anyio.run_process([python, *args], cwd=REPO, check=False, stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return done.stdout.decode()


async def test_skyrl_grpo_round_of_8_groups_of_8_rewards_every_episode_from_its_episode() -> None:
    python = recipe_python("skyrl")
    async with serving_desk() as desk:
        await check_grpo_round(desk, await run(python, "examples/skyrl/grpo.py", "--url", desk))


async def check_grpo_round(desk: str, printed: str) -> None:
    out = json.loads(printed)
    episodes = out["episodes"]
    assert len(episodes) == 64 and len({e["session"] for e in episodes}) == 64
    groups: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in episodes:
        groups[e["group"]].append(e)
    assert sorted(groups) == list(range(8)) and all(len(g) == 8 for g in groups.values())
    assert len({e["reward"] for e in episodes}) > 2  # the policy's choices matter
    for g, members in groups.items():
        assert {e["seed_session"] for e in members} == {f"step0-g{g}"}  # seed: shared
        assert abs(sum(e["advantage"] for e in members)) < 1e-3  # group-relative

    reward = load_reward()
    calls_by_group: dict[int, dict[str, list[tuple[str, str, str]]]] = defaultdict(dict)
    async with httpx2.AsyncClient(base_url=desk) as http:
        for e in episodes:
            episode = (await http.get(f"/admin/sessions/desk/{e['session']}/episode")).json()
            assert reward(episode) == e["reward"]  # the reward is the episode's, computed from /episode
            calls = [(c["tool"], json.dumps(c["arguments"], sort_keys=True), c["outcome"]) for c in episode["calls"]]
            calls_by_group[e["group"]][e["session"]] = calls
    # Shared seeds: members that made the same calls met the same rate limits, call for call.
    compared = 0
    for members in calls_by_group.values():
        by_actions: dict[tuple[tuple[str, str], ...], set[tuple[str, ...]]] = defaultdict(set)
        for calls in members.values():
            by_actions[tuple((tool, args) for tool, args, _ in calls)].add(tuple(o for _, _, o in calls))
        for outcomes in by_actions.values():
            assert len(outcomes) == 1
            compared += 1
    assert compared < 64  # some members did act alike, so the check above compared something


async def check_episodes(desk: str, printed: str, count: int) -> list[dict[str, Any]]:
    """Every episode printed has the reward its /episode gives; the experiment's require_key proves that each
    call carried its episode's key (a keyless call would be refused)."""
    episodes = json.loads(printed)["episodes"]
    assert len(episodes) == count and len({e["session"] for e in episodes}) == count
    reward = load_reward()
    async with httpx2.AsyncClient(base_url=desk) as http:
        for e in episodes:
            episode = (await http.get(f"/admin/sessions/desk/{e['session']}/episode")).json()
            assert reward(episode) == e["reward"]
            assert episode["counts"]["protocol_errors"] == 0  # no call was refused for a missing key
            assert [c["tool"] for c in episode["calls"] if c["outcome"] == "ok"][:1] == ["get_ticket"]
    assert any(e["reward"] >= 0.9 for e in episodes)  # the scripted agents resolve the ticket
    return list(episodes)


async def test_openai_agents_sdk_runs_episodes_over_one_connection() -> None:
    python = recipe_python("openai-agents")
    async with serving_desk() as desk:
        printed = await run(python, "examples/openai_agents/evaluate.py", "--url", desk, "--episodes", "6")
        episodes = await check_episodes(desk, printed, 6)
    assert all(e["final_output"] for e in episodes)


async def test_inspect_ai_scores_each_sample_from_its_episode() -> None:
    python = recipe_python("inspect")
    async with serving_desk() as desk:
        printed = await run(python, "examples/inspect/desk_eval.py", "--url", desk, "--samples", "4")
        assert json.loads(printed)["status"] == "success"
        await check_episodes(desk, printed, 4)


async def test_langchain_mcp_adapters_keep_one_episode_across_their_per_call_sessions() -> None:
    python = recipe_python("langchain")  # its own venv: langchain-mcp-adapters needs mcp<2
    async with serving_desk() as desk:
        printed = await run(python, "examples/langchain/run_episodes.py", "--url", desk, "--episodes", "4")
        episodes = await check_episodes(desk, printed, 4)
    assert all(e["calls"] >= 2 for e in episodes)  # get, then update, in the same session


async def test_verl_tool_keeps_a_trajectory_in_one_session_though_verl_makes_an_instance_per_call() -> None:
    python = recipe_python("verl")
    async with serving_desk() as desk:
        done = await anyio.run_process(
            [python, "examples/verl/rollout.py", "--prompts", "2", "--n", "4"],
            cwd=REPO, env={**os.environ, "MCP_SIM_URL": desk}, check=False, stderr=subprocess.PIPE,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr.decode()[-3000:]
        rollouts = json.loads(done.stdout.decode())["episodes"]
        assert len(rollouts) == 8 and len({r["session"] for r in rollouts}) == 8
        reward = load_reward()
        async with httpx2.AsyncClient(base_url=desk) as http:
            for r in rollouts:
                episode = (await http.get(f"/admin/sessions/desk/{r['session']}/episode")).json()
                assert episode["counts"]["calls"] == len(r["tool_rewards"])  # every call of the trajectory
                assert reward(episode) == r["reward"] == round(sum(r["tool_rewards"]), 4)
    for p in (0, 1):
        assert abs(sum(r["advantage"] for r in rollouts if r["prompt"] == p)) < 1e-3
