"""structlog set-up: JSON lines on stderr (stdout may be the MCP stdio stream)."""

from __future__ import annotations

import logging
import sys

import structlog


def configure(level: str = "info") -> None:
    numeric = logging.getLevelName(level.upper())
    logging.basicConfig(stream=sys.stderr, level=numeric, format="%(message)s")
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.dict_tracebacks,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        # Not cached: a cached logger ignores later reconfiguration (tests, structlog.testing.capture_logs).
        cache_logger_on_first_use=False,
    )
