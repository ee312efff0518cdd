"""Prometheus metrics: what calls, perturbations, the world model and integrity repairs report."""

from __future__ import annotations

from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from mcp_sim import metrics
from tests.hosting import experiment_file, hosted


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


def test_perturbations_count_only_when_fired() -> None:
    decisions = [{"type": "latency"}, {"type": "latency"}, {"type": "error", "fired": False}]
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
