# mcp-sim with Node.js for npm upstreams (the quickstart's server-memory runs through npx).
#   docker build -t mcp-sim .
#   docker run --rm -p 8765:8765 mcp-sim                      # the quickstart on http://localhost:8765/mcp
#   docker run --rm -p 8765:8765 -v $PWD/exp:/exp mcp-sim serve /exp/exp.yaml --host 0.0.0.0 --allow-remote
FROM python:3.11-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY mcp_sim ./mcp_sim
RUN pip install --no-cache-dir .

COPY examples ./examples
COPY tool_specs ./tool_specs
COPY perturbations ./perturbations
ENV MCP_SIM_PROFILE_DIR=/app/perturbations
# Fetch the quickstart's upstream at build time, so the container starts without a download.
RUN mkdir -p examples/data \
    && npx -y @modelcontextprotocol/server-memory@2026.8.31 </dev/null >/dev/null 2>&1 || true

EXPOSE 8765
ENTRYPOINT ["mcp-sim"]
CMD ["serve", "examples/quickstart.yaml", "--host", "0.0.0.0", "--allow-remote"]
