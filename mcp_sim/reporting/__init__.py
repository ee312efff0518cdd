"""Offline work on recorded sessions: read them (sources), score sim against real (summary), show the
scores (terminal, html) and turn real sessions into world-model data (agentworld)."""
