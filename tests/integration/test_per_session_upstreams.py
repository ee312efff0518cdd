"""Per-session real backends: server-memory (from .cache/npm) with MEMORY_FILE_PATH under ${SESSION_DIR}, one
process per session, so two real episodes never see each other's entities."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcp_sim.backends.per_session import PerSessionUpstream
from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.errors import ConfigError
from mcp_sim.serving.host import running_experiments
from tests.hosting import hosted
from tests.integration.harness import npm_bin, write_experiment

pytestmark = pytest.mark.integration


def experiment(tmp_path: Path, max_instances: int = 2) -> Path:
    memory = {
        "command": npm_bin("mcp-server-memory"),
        "env": {"MEMORY_FILE_PATH": "${SESSION_DIR}/memory.jsonl"},
        "per_session": True,
        "max_instances": max_instances,
    }
    return write_experiment(tmp_path, {"name": "mem", "route": "real", "upstreams": {"memory": memory}})


def names(result: Any) -> list[str]:
    graph = result.structured_content or json.loads(result.content[0].text)
    return sorted(entity["name"] for entity in graph["entities"])


async def remember(path: CallPath, key: str, name: str) -> None:
    entity = {"name": name, "entityType": "person", "observations": [f"met in {key}"]}
    result = await path.call(key, "create_entities", {"entities": [entity]})
    assert not result.is_error, result.content


def upstream(path: CallPath) -> PerSessionUpstream:
    backend = path.backends["memory"]
    assert isinstance(backend, PerSessionUpstream)
    return backend


async def test_two_real_episodes_never_see_each_others_state(tmp_path: Path) -> None:
    async with running_experiments([load_experiment(experiment(tmp_path))]) as [path]:
        assert upstream(path).sessions == []  # discovery's process is gone; none starts before a call
        await remember(path, "alice", "Ada")
        await remember(path, "bob", "Grace")
        await remember(path, "alice", "Linus")
        assert names(await path.call("alice", "read_graph", {})) == ["Ada", "Linus"]
        assert names(await path.call("bob", "read_graph", {})) == ["Grace"]
        assert sorted(upstream(path).sessions) == ["alice", "bob"]

        # The cap: a third session is refused, naming the limit, rather than sharing a process.
        refused = await path.call("carol", "read_graph", {})
        assert refused.is_error and "max_instances=2" in refused.content[0].text  # type: ignore[union-attr]


async def test_a_session_that_ends_stops_its_process_and_the_next_episode_starts_empty(tmp_path: Path) -> None:
    async with hosted(experiment(tmp_path, max_instances=1)) as ([path], client):
        await remember(path, "alice", "Ada")
        assert (await client.post("/admin/sessions/mem/alice/reset")).status_code == 204
        assert upstream(path).sessions == []  # stopped with the episode
        assert names(await path.call("alice", "read_graph", {})) == []  # a fresh process, a fresh folder
        await remember(path, "alice", "Ada")
        assert (await client.delete("/admin/sessions/mem/alice")).status_code == 204
        await remember(path, "bob", "Grace")  # alice's slot was freed
        assert names(await path.call("bob", "read_graph", {})) == ["Grace"]


def test_session_dir_belongs_to_per_session_upstreams(tmp_path: Path) -> None:
    doc = {"upstreams": {"memory": {"command": "x", "env": {"MEMORY_FILE_PATH": "${SESSION_DIR}/m.jsonl"}}}}
    with pytest.raises(ConfigError, match=r"SESSION_DIR\} is only known to upstreams with per_session: true"):
        load_experiment(write_experiment(tmp_path, doc))
