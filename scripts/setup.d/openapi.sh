#!/usr/bin/env bash
# A real HTTP API for the OpenAPI backend tests: Prism (@stoplight/prism-cli) serves any OpenAPI 3 document,
# checks each request against it (parameters, body, API key) and answers from its examples. Its own npm prefix
# keeps its ~200 dependencies out of the MCP servers' tree. Idempotent: skipped when the version is there.
set -euo pipefail
cd "$(dirname "$0")/../.."

PRISM_PREFIX=.cache/prism
PRISM="@stoplight/prism-cli@5.16.0"
have=$(node -p "try{require('./$PRISM_PREFIX/node_modules/@stoplight/prism-cli/package.json').version}catch(e){''}" 2>/dev/null || true)
if [ "$have" != "${PRISM##*@}" ]; then
  echo "installing $PRISM into $PRISM_PREFIX"
  mkdir -p "$PRISM_PREFIX"
  npm install --no-audit --no-fund --loglevel=error --prefix "$PRISM_PREFIX" "$PRISM"
fi
