"""Experiment, tool spec and profile files: their models and loading. Everything a user writes is read here."""

from mcp_sim.config.loading import LoadedExperiment, load_experiment
from mcp_sim.config.models import (
    REAL_ROUTES,
    EntityEffect,
    Example,
    Experiment,
    HttpUpstream,
    NotFound,
    OpenAIWorldModelConfig,
    OpenAPIUpstream,
    RouteName,
    SchemaWorldModelConfig,
    StdioUpstream,
    Strict,
    ToolSpec,
    ToolSpecFile,
    Upstream,
    WorldModelConfig,
    needs_real,
)

__all__ = [
    "REAL_ROUTES",
    "EntityEffect",
    "Example",
    "Experiment",
    "HttpUpstream",
    "LoadedExperiment",
    "NotFound",
    "OpenAIWorldModelConfig",
    "OpenAPIUpstream",
    "RouteName",
    "SchemaWorldModelConfig",
    "StdioUpstream",
    "Strict",
    "ToolSpec",
    "ToolSpecFile",
    "Upstream",
    "WorldModelConfig",
    "load_experiment",
    "needs_real",
]
