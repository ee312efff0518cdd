#!/usr/bin/env bash
# Benchmark prerequisites (issue 7), idempotent. Run by scripts/setup with the venv active, cwd = repo root.
#  - the stdio upstream server-everything under .cache/npm (the same prefix as the other upstreams);
#  - the profilers py-spy and pyinstrument in the main venv (also the `bench` extra);
#  - each peer proxy in its OWN venv under .cache/venvs/, so neither can move the main venv off mcp==2.3.0.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .cache/npm .cache/venvs

if [ ! -x .cache/npm/node_modules/.bin/mcp-server-everything ]; then  # same pin as upstreams.sh
  npm --prefix .cache/npm install --no-audit --no-fund --silent @modelcontextprotocol/server-everything@2026.8.31
fi

# CI runs the tests, not the benchmarks: skip the profilers and the peers' venvs there.
if [ "${CI:-}" = "true" ]; then exit 0; fi

python -m pip install -q --disable-pip-version-check "py-spy>=0.4" "pyinstrument>=5"

peer_venv() {  # name, pip requirement, a binary the venv must end up with
  local dir=".cache/venvs/$1"
  if [ ! -x "$dir/bin/$3" ]; then
    python3 -m venv "$dir"
    "$dir/bin/python" -m pip install -q --disable-pip-version-check "$2"
  fi
}
peer_venv mcp-proxy "mcp-proxy==0.13.0" mcp-proxy
peer_venv fastmcp "fastmcp==4.1.2" fastmcp
