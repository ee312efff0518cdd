"""Fixtures of the integration tests: the real LLM server (vLLM CPU serving SmolLM2-135M-Instruct)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fake_openai import free_port
from tests.prerequisites import missing

ROOT = Path(__file__).resolve().parents[2]
VLLM_PYTHON = ROOT / ".cache/venvs/vllm/bin/python"
MODEL_DIR = ROOT / ".cache/models/smollm2-135m-instruct"
START_DEADLINE_S = 600  # a guard against a hung start-up, not a measurement (~35 s here)


def _missing(what: str) -> None:
    missing(f"{what} is missing: run scripts/setup.d/llm.sh (scripts/setup runs it)")


@pytest.fixture(scope="session")
def vllm_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (``.../v1``) of a vLLM server started once for the whole test session."""
    if not VLLM_PYTHON.exists():
        _missing(f"the vLLM venv ({VLLM_PYTHON})")
    if not (MODEL_DIR / "config.json").exists():
        _missing(f"the converted model ({MODEL_DIR})")
    port = free_port()
    log_path = tmp_path_factory.mktemp("vllm") / "server.log"
    env = {**os.environ, "VLLM_CPU_KVCACHE_SPACE": "1", "HF_HUB_OFFLINE": "1", "VLLM_NO_USAGE_STATS": "1"}
    command = [str(VLLM_PYTHON), "-m", "vllm.entrypoints.openai.api_server", "--model", str(MODEL_DIR)]
    command += ["--served-model-name", "smollm2", "--dtype", "bfloat16", "--enforce-eager", "--max-model-len", "4096"]
    command += ["--enable-prefix-caching", "--host", "127.0.0.1", "--port", str(port)]
    with log_path.open("wb") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=str(log_path.parent))
    try:
        _wait_until_healthy(server, f"http://127.0.0.1:{port}", log_path)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_until_healthy(server: subprocess.Popen[bytes], url: str, log_path: Path) -> None:
    import time

    deadline = time.monotonic() + START_DEADLINE_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            tail = log_path.read_text(errors="replace")[-3000:]
            pytest.fail(f"vLLM exited with {server.returncode} during start-up:\n{tail}")
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.5)  # readiness polling of a subprocess, not a timing assertion
    pytest.fail(f"vLLM did not become healthy within {START_DEADLINE_S} s; log: {log_path}")
