"""mcp-sim: an MCP server that serves real and simulated tools behind one sim-vs-real flag."""

__version__ = "0.1.0"

# The built-in perturbation kinds register their parameter models with config (see mcp_sim/config/registry.py),
# so any entry point that loads an experiment file can validate its profile.
import mcp_sim.perturbations.registry  # noqa: F401
