"""The recommended ``vllm serve`` command for a world model (``mcp-sim world-model``), checked against the
machine it is meant for: GPU count, whether weights plus KV cache fit in GPU memory, the CPU build's limits."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from mcp_sim.errors import StartupError

DEFAULT_MODEL = "Qwen/Qwen-AgentWorld-35B-A3B"
DEFAULT_MAX_MODEL_LEN = 262144  # the model's full context: long sessions replay their whole history
DEFAULT_GPU_MEMORY_GB = 80.0
GPU_MEMORY_UTILIZATION = 0.9  # vLLM's default share of each GPU it may use
# KV cache per token of context, BF16: the Qwen3-MoE A3B family (48 layers x 4 KV heads x 128 dims x K and V
# x 2 bytes); used for any model whose own figure we do not know, so the check errs on the small side.
KV_BYTES_PER_TOKEN = 2 * 48 * 4 * 128 * 2
CACHE_ENV = "MCP_SIM_CACHE"  # where scripts/setup.d put their installs (default: the checkout's .cache)


@dataclass(frozen=True)
class Fit:
    weights_gb: float
    kv_cache_gb: float
    usable_gb: float  # over all GPUs

    @property
    def fits(self) -> bool:
        return self.weights_gb + self.kv_cache_gb <= self.usable_gb


def vllm_command(
    model: str = DEFAULT_MODEL,
    gpus: int = 1,
    max_model_len: int = DEFAULT_MAX_MODEL_LEN,
    host: str = "127.0.0.1",
    port: int = 8000,
    cpu: bool = False,
) -> list[str]:
    """``vllm serve`` with what the world model needs: the qwen3 reasoning parser (thinking arrives in
    ``reasoning_content``), ``--language-model-only`` (the checkpoint has no vision weights), prefix caching
    (every call of a session repeats the previous prompt), one tensor-parallel rank per GPU. The CPU build
    refuses a prompt longer than ``--max-num-batched-tokens`` (it crashed on 3.4k-token prompts), so it is
    set to the whole context there."""
    if max_model_len <= 0:
        raise StartupError(f"--max-model-len must be a positive number of tokens, got {max_model_len}")
    if not cpu and gpus <= 0:
        raise StartupError(f"--gpus must be at least 1 (one tensor-parallel rank per GPU), got {gpus}; --cpu for none")
    command = [
        "vllm",
        "serve",
        model,
        "--reasoning-parser",
        "qwen3",
        "--language-model-only",
        "--enable-prefix-caching",
    ]
    if cpu:
        command += ["--max-num-batched-tokens", str(max_model_len)]
    else:
        command += ["--tensor-parallel-size", str(gpus)]
    return [*command, "--max-model-len", str(max_model_len), "--trust-remote-code", "--host", host, "--port", str(port)]


def fit(model: str, gpus: int, max_model_len: int, gpu_memory_gb: float) -> Fit | None:
    """Weights (from the size in the model's name, BF16 unless it says FP8/INT4) and a full-context KV cache
    against the GPUs' usable memory; None when the name gives no size."""
    size = re.search(r"(\d+(?:\.\d+)?)B(?![a-z])", model.split("/")[-1])
    if size is None:
        return None
    bytes_per_param = (
        0.5 if re.search(r"int4|awq|gptq", model, re.I) else 1.0 if re.search(r"fp8", model, re.I) else 2.0
    )
    weights = float(size.group(1)) * bytes_per_param
    kv = max_model_len * KV_BYTES_PER_TOKEN / 1e9
    return Fit(weights, kv, gpus * gpu_memory_gb * GPU_MEMORY_UTILIZATION)


def check_fit(model: str, gpus: int, max_model_len: int, gpu_memory_gb: float) -> None:
    """Refuse a command that cannot start on these GPUs, and say what would."""
    found = fit(model, gpus, max_model_len, gpu_memory_gb)
    if found is None or found.fits:
        return
    room_for_kv = found.usable_gb - found.weights_gb
    shorter = int(room_for_kv * 1e9 / KV_BYTES_PER_TOKEN) if room_for_kv > 0 else 0
    options = [f"FP8 weights (about {found.weights_gb / 2:.0f} GB, e.g. an -FP8 checkpoint)"]
    if shorter >= 4096:
        options.append(f"a shorter context (--max-model-len {shorter // 1024 * 1024} or less)")
    options.append(f"more GPUs (--gpus {gpus * 2})")
    raise StartupError(
        f"{model} does not fit on {gpus} GPU(s) of {gpu_memory_gb:g} GB: weights ~{found.weights_gb:.0f} GB "
        f"(BF16 unless the name says otherwise) + KV cache for {max_model_len} tokens ~{found.kv_cache_gb:.0f} GB "
        f"> {found.usable_gb:.0f} GB usable ({GPU_MEMORY_UTILIZATION:.0%} of each GPU). Try: " + "; or ".join(options)
    )


def gpu_memory_gb() -> float:
    """Memory of this machine's first GPU (nvidia-smi), else the 80 GB of the GPUs the model is meant for."""
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return DEFAULT_GPU_MEMORY_GB
    try:
        out = subprocess.run(
            [smi, "--query-gpu=memory.total", "--format=csv,noheader,nounits"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.split()
        return float(out[0]) / 1024 if out else DEFAULT_GPU_MEMORY_GB
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return DEFAULT_GPU_MEMORY_GB


def as_text(command: list[str]) -> str:
    return shlex.join(command)


def exec_command(command: list[str]) -> None:
    """Replace this process with the server (signals and exit code are the server's own). Uses ``vllm`` on PATH,
    else the one scripts/setup.d/llm.sh installs into .cache/venvs/vllm."""
    cache = Path(os.environ.get(CACHE_ENV) or Path(__file__).resolve().parents[3] / ".cache")
    installed = cache / "venvs" / "vllm" / "bin" / "vllm"
    binary = shutil.which(command[0]) or (str(installed) if installed.exists() else None)
    if binary is None:
        raise StartupError(
            f"{command[0]!r} is not on PATH and not in {installed.parent}: install it (pip install vllm on a GPU "
            "machine, or scripts/setup.d/llm.sh for the CPU build) or run the printed command"
        )
    os.execv(binary, [binary, *command[1:]])
