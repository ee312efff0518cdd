"""mcp-sim: an MCP server that serves real and simulated tools behind one sim-vs-real flag."""

__version__ = "0.1.0"
