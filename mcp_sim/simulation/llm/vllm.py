"""The recommended ``vllm serve`` command for a world model (``mcp-sim world-model``)."""

from __future__ import annotations

import os
import shlex
import shutil

from mcp_sim.errors import StartupError

DEFAULT_MODEL = "Qwen/Qwen-AgentWorld-35B-A3B"
DEFAULT_MAX_MODEL_LEN = 262144  # the model's full context: long sessions replay their whole history


def vllm_command(
    model: str = DEFAULT_MODEL,
    gpus: int = 1,
    max_model_len: int = DEFAULT_MAX_MODEL_LEN,
    host: str = "127.0.0.1",
    port: int = 8000,
) -> list[str]:
    """``vllm serve`` with what the world model needs: the qwen3 reasoning parser (thinking arrives in
    ``reasoning_content``), ``--language-model-only`` (the checkpoint has no vision weights), prefix caching
    (every call of a session repeats the previous prompt), one tensor-parallel rank per GPU."""
    return [
        "vllm",
        "serve",
        model,
        "--reasoning-parser",
        "qwen3",
        "--language-model-only",
        "--enable-prefix-caching",
        "--tensor-parallel-size",
        str(gpus),
        "--max-model-len",
        str(max_model_len),
        "--trust-remote-code",
        "--host",
        host,
        "--port",
        str(port),
    ]


def as_text(command: list[str]) -> str:
    return shlex.join(command)


def exec_command(command: list[str]) -> None:
    """Replace this process with the server (signals and exit code are the server's own)."""
    if shutil.which(command[0]) is None:
        raise StartupError(f"{command[0]!r} is not on PATH: install it (pip install vllm) or run the printed command")
    os.execvp(command[0], command)
