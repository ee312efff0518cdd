"""structlog set-up: JSON lines on stderr (stdout may be the MCP stdio stream)."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from typing import Any

import structlog

# Libraries that log every request at INFO in plain text: httpx2 (each request to an upstream or to the world
# model: "HTTP Request: POST ... 200 OK") and the SDK's per-request transport of a 2025-era plain call
# ("Terminating session: None"). Each was a line per call among the JSON lines, and ~1.5 % of a forwarded
# call's CPU (benchmarks/profile_cpu.py). Above debug they log warnings and errors only.
PER_REQUEST_LOGGERS = ("httpx", "httpx2", "mcp.server.streamable_http")


_ENCODERS: dict[Callable[[Any], Any] | None, Callable[[Any], str]] = {}  # default handler -> its encoder's encode


def _dumps(obj: Any, default: Callable[[Any], Any] | None = None) -> str:
    """``json.dumps(obj, default=default)``, the renderer's only call, with one encoder per ``default`` kept: json.dumps
    builds a new ``JSONEncoder`` whenever it is given any argument (once per log line: every call logs one). The same
    encoder settings, so the same text."""
    encode = _ENCODERS.get(default)
    if encode is None:
        encode = _ENCODERS[default] = json.JSONEncoder(default=default).encode
    return encode(obj)


def configure(level: str = "info") -> None:
    numeric = logging.getLevelName(level.upper())
    logging.basicConfig(stream=sys.stderr, level=numeric, format="%(message)s")
    for name in PER_REQUEST_LOGGERS:
        logging.getLogger(name).setLevel(numeric if numeric <= logging.DEBUG else max(numeric, logging.WARNING))
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.dict_tracebacks,
            structlog.processors.JSONRenderer(serializer=_dumps),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        # Not cached: a cached logger ignores later reconfiguration (tests, structlog.testing.capture_logs).
        cache_logger_on_first_use=False,
    )
