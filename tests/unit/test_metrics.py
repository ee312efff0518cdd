"""Prometheus metrics: what calls, perturbations, the world model and integrity repairs report."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from prometheus_client.parser import text_string_to_metric_families

from mcp_sim.observability import metrics
from mcp_sim.simulation.llm.client import ChatClient
from tests.fake_openai import FakeEndpoint, Reply, serving
from tests.hosting import experiment_file, hosted
from tests.unit.test_repair import Scripted
from tests.unit.test_repair import path as repair_path

MESSAGES = [{"role": "user", "content": "hi"}]


def sample(name: str, **labels: str) -> float:
    """The current value of one sample in the exposition (0 when absent)."""
    for family in text_string_to_metric_families(metrics.exposition().decode()):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    return 0.0


async def test_calls_are_counted_by_tool_route_and_outcome(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "metered")) as ([path], client):
        await path.call("s", "create_ticket", {"title": "a"})
        await path.call("s", "create_ticket", {"title": "b"})
        await path.call("s", "list_tickets", {})
        body = (await client.get("/metrics")).text
    assert 'mcp_sim_calls_total{experiment="metered",outcome="ok",route="sim",tool="create_ticket"} 2.0' in body
    assert sample("mcp_sim_calls_total", experiment="metered", tool="list_tickets", outcome="ok") == 1
    assert sample("mcp_sim_call_duration_seconds_count", experiment="metered", tool="create_ticket") == 2


def test_perturbations_count_only_when_they_changed_the_call() -> None:
    decisions = [{"type": "latency"}, {"type": "latency"}, {"type": "error", "effective": False}]
    metrics.observe_call("perturbed", "t", "sim", "tool_error", 0.01, decisions)
    assert sample("mcp_sim_perturbations_total", experiment="perturbed", type="latency") == 2
    assert sample("mcp_sim_perturbations_total", experiment="perturbed", type="error") == 0
    assert sample("mcp_sim_calls_total", experiment="perturbed", outcome="tool_error") == 1


def test_world_model_tokens_and_queue_depth() -> None:
    metrics.world_model_tokens("qwen-test", prompt=120, completion=30, cached=100)
    assert sample("mcp_sim_world_model_tokens_total", model="qwen-test", kind="prompt") == 120
    assert sample("mcp_sim_world_model_tokens_total", model="qwen-test", kind="cached") == 100
    with metrics.world_model_queued("qwen-test"), metrics.world_model_queued("qwen-test"):
        assert sample("mcp_sim_world_model_queue_depth", model="qwen-test") == 2
        with metrics.world_model_in_flight("qwen-test"):
            assert sample("mcp_sim_world_model_in_flight", model="qwen-test") == 1
    assert sample("mcp_sim_world_model_queue_depth", model="qwen-test") == 0


def test_integrity_repairs() -> None:
    metrics.integrity_repair("repaired", "get_ticket", "unknown_id")
    assert sample("mcp_sim_integrity_repairs_total", experiment="repaired", kind="unknown_id") == 1


async def test_the_chat_client_reports_tokens_queue_and_in_flight() -> None:
    gate = anyio.Event()
    endpoint = FakeEndpoint(script=lambda body: Reply("a b c", hold=gate))
    async with serving(endpoint) as url:
        chat = ChatClient(url, "metered-llm", max_concurrency=2)
        async with anyio.create_task_group() as tasks:
            for seed in range(5):
                tasks.start_soon(lambda seed=seed: chat.complete(MESSAGES, seed=seed, temperature=0, max_tokens=5))
            await endpoint.wait_for_requests(2)
            assert sample("mcp_sim_world_model_in_flight", model="metered-llm") == 2
            assert sample("mcp_sim_world_model_queue_depth", model="metered-llm") == 3
            gate.set()
        await chat.aclose()
    assert sample("mcp_sim_world_model_in_flight", model="metered-llm") == 0
    assert sample("mcp_sim_world_model_queue_depth", model="metered-llm") == 0
    # the fake endpoint reports 100 prompt tokens and one completion token per word
    assert sample("mcp_sim_world_model_tokens_total", model="metered-llm", kind="prompt") == 500
    assert sample("mcp_sim_world_model_tokens_total", model="metered-llm", kind="completion") == 15


async def test_the_integrity_guard_counts_each_repair_and_refusal_by_kind() -> None:
    good = {"id": "t-1", "title": "Printer", "status": "open", "priority": "low", "created_at": "x"}
    wrong = {**good, "title": "Scanner"}
    kinds = ("regenerated", "patched", "refused", "not_found")
    before = {k: sample("mcp_sim_integrity_repairs_total", experiment="tickets", kind=k) for k in kinds}
    await repair_path(Scripted(wrong, good)).call("s", "get_ticket", {"ticket_id": "t-1"})
    await repair_path(Scripted(wrong, wrong)).call("s", "get_ticket", {"ticket_id": "t-1"})
    await repair_path(Scripted(good, good)).call("s", "create_ticket", {"title": "New"})  # id t-1 exists
    await repair_path(Scripted()).call("s", "get_ticket", {"ticket_id": "t-404"})
    await repair_path(Scripted(good)).call("s", "get_ticket", {"ticket_id": "t-1"})  # clean: not counted
    after = {k: sample("mcp_sim_integrity_repairs_total", experiment="tickets", kind=k) for k in kinds}
    assert {k: after[k] - before[k] for k in kinds} == dict.fromkeys(kinds, 1)
    assert sample("mcp_sim_integrity_repairs_total", experiment="tickets", tool="create_ticket", kind="refused") >= 1


def test_a_killed_supervisors_metrics_directory_is_removed_by_the_next_one(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # its pid now names no running process
    stale = tmp_path / f"{metrics.MULTIPROCESS_DIR_PREFIX}{gone.pid}-x1"
    live = tmp_path / f"{metrics.MULTIPROCESS_DIR_PREFIX}{os.getppid()}-x2"  # our parent is running
    unnamed = tmp_path / f"{metrics.MULTIPROCESS_DIR_PREFIX}x3"  # an older name, no owner to check
    for folder in (stale, live, unnamed):
        folder.mkdir()
        (folder / "counter_1.db").write_bytes(b"")
    fresh = Path(metrics.new_multiprocess_dir())
    assert not stale.exists()
    assert live.exists() and unnamed.exists()
    assert fresh.parent == tmp_path and fresh.name.startswith(f"{metrics.MULTIPROCESS_DIR_PREFIX}{os.getpid()}-")


def test_a_kept_child_is_the_one_labels_returns_and_the_cache_is_bounded(monkeypatch: Any) -> None:
    monkeypatch.setattr(metrics, "MAX_CHILDREN", 3)
    monkeypatch.setattr(metrics, "_CHILDREN", {})
    before = sample("mcp_sim_keyless_calls_total", experiment="kept-child")
    metrics.keyless_call("kept-child")
    metrics.keyless_call("kept-child")
    assert metrics._child(metrics.KEYLESS_CALLS, "kept-child") is metrics.KEYLESS_CALLS.labels("kept-child")
    assert sample("mcp_sim_keyless_calls_total", experiment="kept-child") == before + 2
    for n in range(5):
        metrics.replay("kept-child", f"tool{n}", "hit")
    assert len(metrics._CHILDREN) <= 3
    assert sample("mcp_sim_replay_total", experiment="kept-child", tool="tool0", result="hit") == 1
