"""The admin API: a FastAPI app mounted at ``/admin`` next to the MCP endpoints, in the same process."""

from __future__ import annotations

from fastapi import Depends, FastAPI
from fastapi.security import HTTPBearer

from mcp_sim import __version__
from mcp_sim.admin import auto, dashboard, experiments, sessions, traces
from mcp_sim.admin.lab import Lab

DESCRIPTION = """Watch and steer the experiments this mcp-sim process serves.

* **experiments**: flags and tools; switch the sim-vs-real flag and the perturbation profile at run time.
  New sessions get a switch; running sessions keep the flags of their first call unless `apply_to_running`.
  `GET /experiments/{name}/auto`: for `route: auto`, each tool's decision and the fidelity evidence behind it.
* **sessions**: list, show (calls, entity ledger, perturbation decisions), reset, fork, delete.
* **traces**: a session's calls as JSON lines; the sim-vs-real fidelity summary.

When the server has a token (`--token` / `MCP_SIM_TOKEN`) every request needs `Authorization: Bearer <token>`.
The dashboard is at `/admin/` (pass the token as `/admin/#token=...`).
"""

# Only documents the scheme (Swagger's "Authorize"); the check itself is auth.BearerAuth around the whole host.
bearer = HTTPBearer(auto_error=False, description="The server's --token, when it has one")


def create_admin_app(lab: Lab) -> FastAPI:
    app = FastAPI(
        title="mcp-sim admin API",
        version=__version__,
        description=DESCRIPTION,
        dependencies=[Depends(bearer)],
        docs_url="/docs",
        redoc_url=None,
    )
    app.state.lab = lab
    for module in (experiments, auto, sessions, traces, dashboard):
        app.include_router(module.api)
    return app
