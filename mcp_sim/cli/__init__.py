"""The ``mcp-sim`` command: thin commands over the packages below (serve, validate, snapshot, sessions, ...)."""

from mcp_sim.cli.commands import main

__all__ = ["main"]
