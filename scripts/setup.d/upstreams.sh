#!/usr/bin/env bash
# Real upstream MCP servers for the integration tests, and Node 22 for the MCP conformance suite.
# Idempotent: each step is skipped when its result is already there. Everything lands under .cache/.
set -euo pipefail
cd "$(dirname "$0")/../.."

NPM_PREFIX=.cache/npm
NPM_PACKAGES=(
  "@modelcontextprotocol/server-everything@2026.8.31"
  "@modelcontextprotocol/server-memory@2026.8.31"
  "@modelcontextprotocol/conformance@0.1.16"
)
TIME_VENV=.cache/venvs/time
NODE22_PREFIX=.cache/node22

need_npm=false
for spec in "${NPM_PACKAGES[@]}"; do
  name="${spec%@*}"
  want="${spec##*@}"
  have=$(node -p "try{require('./$NPM_PREFIX/node_modules/$name/package.json').version}catch(e){''}" 2>/dev/null || true)
  [ "$have" = "$want" ] || need_npm=true
done
if $need_npm; then
  echo "installing npm upstreams into $NPM_PREFIX"
  mkdir -p "$NPM_PREFIX"
  npm install --no-audit --no-fund --loglevel=error --prefix "$NPM_PREFIX" "${NPM_PACKAGES[@]}"
fi

# mcp-server-time depends on its own mcp version: keep it out of the main venv (mcp==2.3.0).
if [ ! -x "$TIME_VENV/bin/mcp-server-time" ]; then
  echo "installing mcp-server-time into $TIME_VENV"
  python3 -m venv "$TIME_VENV"
  "$TIME_VENV/bin/python" -m pip install -q --disable-pip-version-check mcp-server-time
fi

# The conformance suite needs Node >= 22; the machine's node may be older.
if [ ! -x "$NODE22_PREFIX/node_modules/node/bin/node" ]; then
  echo "installing Node 22 into $NODE22_PREFIX"
  mkdir -p "$NODE22_PREFIX"
  npm install --no-audit --no-fund --loglevel=error --prefix "$NODE22_PREFIX" node@22
fi
"$NODE22_PREFIX/node_modules/node/bin/node" --version >/dev/null

# The quickstart starts server-memory through npx: fill npx's cache now (the server exits at stdin EOF).
mkdir -p examples/data
timeout 120 npx -y @modelcontextprotocol/server-memory@2026.8.31 </dev/null >/dev/null 2>&1 \
  || echo "warning: could not pre-fetch @modelcontextprotocol/server-memory for the quickstart" >&2
