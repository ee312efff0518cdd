"""``mcp-sim world-model``: the recommended vLLM command, printed or started."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from mcp_sim.cli import main
from mcp_sim.simulation.llm.vllm import vllm_command


def test_command_has_what_the_world_model_needs() -> None:
    command = vllm_command("Qwen/Qwen-AgentWorld-35B-A3B", gpus=4, max_model_len=65536)
    assert command[:3] == ["vllm", "serve", "Qwen/Qwen-AgentWorld-35B-A3B"]
    text = " ".join(command)
    for flag in ("--reasoning-parser qwen3", "--language-model-only", "--enable-prefix-caching",
                 "--tensor-parallel-size 4", "--max-model-len 65536", "--host 127.0.0.1"):  # fmt: skip
        assert flag in text


def test_cli_prints_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["world-model", "--model", "M", "--gpus", "2"]) == 0
    printed = shlex.split(capsys.readouterr().out)
    assert printed == vllm_command("M", 2)


def test_run_execs_the_server(tmp_path: Path) -> None:
    # A stand-in `vllm` on PATH proves --run replaces the process with exactly the printed command.
    fake = tmp_path / "vllm"
    fake.write_text('#!/bin/sh\necho "ran: $*"\nexit 3\n')
    fake.chmod(0o755)
    env = {"PATH": f"{tmp_path}:/usr/bin:/bin", "PYTHONPATH": "."}
    done = subprocess.run(
        [sys.executable, "-m", "mcp_sim", "world-model", "--model", "M", "--gpus", "2", "--run"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 3, done.stderr
    assert done.stdout.strip() == "ran: " + " ".join(vllm_command("M", 2)[1:])


def test_run_without_vllm_says_how_to_get_it(tmp_path: Path) -> None:
    env = {"PATH": str(tmp_path), "PYTHONPATH": ".", "MCP_SIM_CACHE": str(tmp_path)}  # no setup-installed one either
    done = subprocess.run(
        [sys.executable, "-m", "mcp_sim", "world-model", "--gpus", "2", "--run"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 1 and "'vllm' is not on PATH" in done.stderr
