"""``mcp-sim world-model`` checks its command against the machine: GPU count, memory fit, the CPU build."""

from __future__ import annotations

import pytest

from mcp_sim.cli import main
from mcp_sim.simulation.llm import vllm


def test_35b_bf16_at_full_context_on_one_80gb_gpu_is_refused_with_what_would_fit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["world-model", "--gpus", "1", "--gpu-memory-gb", "80"]) == 1
    err = capsys.readouterr().err
    assert "Qwen/Qwen-AgentWorld-35B-A3B does not fit on 1 GPU(s) of 80 GB" in err
    assert "FP8 weights" in err and "--max-model-len" in err


def test_two_80gb_gpus_or_fp8_weights_fit() -> None:
    vllm.check_fit(vllm.DEFAULT_MODEL, 2, vllm.DEFAULT_MAX_MODEL_LEN, 80)
    vllm.check_fit("Qwen/Qwen-AgentWorld-35B-A3B-FP8", 1, vllm.DEFAULT_MAX_MODEL_LEN, 80)


@pytest.mark.parametrize("gpus", ["0", "-2"])
def test_no_or_negative_gpus_are_refused(gpus: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["world-model", "--gpus", gpus]) == 1
    assert f"--gpus must be at least 1 (one tensor-parallel rank per GPU), got {gpus}" in capsys.readouterr().err


def test_the_cpu_build_gets_batched_tokens_for_a_whole_prompt() -> None:
    command = vllm.vllm_command("HuggingFaceTB/SmolLM2-135M-Instruct", max_model_len=8192, cpu=True)
    assert command[command.index("--max-num-batched-tokens") + 1] == "8192"
    assert "--tensor-parallel-size" not in command
