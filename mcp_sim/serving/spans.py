"""Whether each MCP request gets an OpenTelemetry span (the SDK's server middleware), by ``MCP_SIM_OTEL``.

The SDK wraps every request in a span, on by default. Without a tracer provider (nothing installed or
configured to export) the span is a no-op that still costs CPU on every call (attributes, context attach and
detach, trace-context extraction: ~2 % of a simulated call's server CPU, benchmarks/profile_cpu.py). So:

- ``auto`` (default): spans when an OpenTelemetry tracer provider is set when the server starts (the
  ``opentelemetry-instrument`` wrapper, ``OTEL_PYTHON_TRACER_PROVIDER``, or code that sets one first);
- ``on``: always (a provider set later, after start-up, still gets them);
- ``off``: never.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from opentelemetry import trace

from mcp_sim.errors import StartupError

VARIABLE = "MCP_SIM_OTEL"
CHOICES = ("auto", "on", "off")


def spans_wanted(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the SDK's span middleware stays; a value other than auto / on / off is refused, naming it."""
    choice = environ.get(VARIABLE, "auto").strip().lower() or "auto"
    if choice not in CHOICES:
        raise StartupError(f"{VARIABLE}={environ[VARIABLE]!r}: expected one of {', '.join(CHOICES)}")
    if choice == "auto":
        return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)
    return choice == "on"
