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
