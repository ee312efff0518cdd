#!/usr/bin/env bash
# The agent frameworks and RL trainers of the recipes in examples/, each in its own venv under .cache/venvs/
# (they pin their own versions of mcp, pydantic, ...; the recipes reach mcp-sim over HTTP, so they need not share
# mcp-sim's environment). Idempotent: a venv whose stamp names the same requirements is left alone.
set -euo pipefail
cd "$(dirname "$0")/../.."

recipe_venv() {  # recipe_venv NAME REQUIREMENT...
  local name="$1"; shift
  local venv=".cache/venvs/recipe-$name" want="$*"
  if [ -f "$venv/.requirements" ] && [ "$(cat "$venv/.requirements")" = "$want" ]; then return 0; fi
  echo "installing the $name recipe's framework into $venv: $want"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$@"
  echo "$want" > "$venv/.requirements"
}

recipe_venv skyrl "skyrl-gym==0.4.0"
recipe_venv openai-agents "openai-agents==0.24.0"
recipe_venv inspect "inspect-ai==0.3.285" "mcp>=1.23"
recipe_venv langchain "langchain-mcp-adapters==0.3.2" "langchain==1.4.7"

# verl: only what its tool interface (verl.tools) imports. Its own requirements pull CUDA builds and a training
# stack (vllm, wandb, ...); importing verl needs torch (the CPU file on disk: torch==2.13.0), ray, tensordict,
# transformers and omegaconf.
VERL_WANT="verl==0.9.1 torch==2.13.0 ray tensordict<=0.10.0 transformers<5.11 omegaconf"
VERL_VENV=.cache/venvs/recipe-verl
if ! { [ -f "$VERL_VENV/.requirements" ] && [ "$(cat "$VERL_VENV/.requirements")" = "$VERL_WANT" ]; }; then
  echo "installing the verl recipe's framework into $VERL_VENV: $VERL_WANT"
  rm -rf "$VERL_VENV"
  python3 -m venv "$VERL_VENV"
  pip_verl() { "$VERL_VENV/bin/python" -m pip install -q --disable-pip-version-check "$@"; }
  pip_verl torch==2.13.0
  pip_verl --no-deps verl==0.9.1
  pip_verl -c <(echo torch==2.13.0) packaging numpy ray "tensordict>=0.8,<=0.10.0,!=0.9.0" \
    "transformers>=5.5.3,<5.11,!=5.6.0" omegaconf pydantic
  "$VERL_VENV/bin/python" -c "import verl.tools.base_tool, verl.tools.tool_registry"
  echo "$VERL_WANT" > "$VERL_VENV/.requirements"
fi
