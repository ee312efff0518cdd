"""structlog set-up: JSON lines on stderr (stdout may be the MCP stdio stream)."""

from __future__ import annotations

import datetime
import json
import logging
import sys
from collections.abc import Callable
from typing import Any

import structlog
from structlog.typing import EventDict, WrappedLogger

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


_UTC = datetime.UTC
_now = datetime.datetime.now


def _timestamp(logger: WrappedLogger, method: str, event_dict: EventDict) -> EventDict:
    """``structlog.processors.TimeStamper(fmt="iso", utc=True)``, the same text (its stamper, written out without its
    two more frames a line: the processor object's ``__call__`` and the stamper's ``now``)."""
    event_dict["timestamp"] = _now(tz=_UTC).isoformat().replace("+00:00", "Z")
    return event_dict


class CallLogger:
    """``structlog.get_logger(name)`` for the line logged at every call: the bound logger its lazy proxy assembles
    at each use (a new logger object, its context and a ``PrintLogger``: ~0.9 % of a forwarded call's samples,
    py-spy) is assembled once and kept while structlog's configuration is made of the same objects. ``configure``
    (here, in tests, ``reset_defaults``) replaces them, and the next line assembles it again; ``capture_logs``
    changes the processor list in place, which the kept logger holds, as any bound logger does. The line is the
    same: the same processors, wrapper class, context class and logger factory make it."""

    __slots__ = ("_bound", "_made_of", "_proxy")

    def __init__(self, name: str) -> None:
        self._proxy: Any = structlog.get_logger(name)
        self._made_of: tuple[Any, ...] = ()
        self._bound: Any = None

    def info(self, event: str, **fields: Any) -> None:
        config = structlog.get_config()
        processors, wrapper = config["processors"], config["wrapper_class"]
        context, factory = config["context_class"], config["logger_factory"]
        kept = self._made_of
        if (
            not kept
            or kept[0] is not processors
            or kept[1] is not wrapper
            or kept[2] is not context
            or kept[3] is not factory
        ):
            self._bound, self._made_of = self._proxy.bind(), (processors, wrapper, context, factory)
        self._bound.info(event, **fields)


def configure(level: str = "info") -> None:
    numeric = logging.getLevelName(level.upper())
    logging.basicConfig(stream=sys.stderr, level=numeric, format="%(message)s")
    for name in PER_REQUEST_LOGGERS:
        logging.getLogger(name).setLevel(numeric if numeric <= logging.DEBUG else max(numeric, logging.WARNING))
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            _timestamp,  # TimeStamper(fmt="iso", utc=True), the same text
            structlog.processors.dict_tracebacks,
            structlog.processors.JSONRenderer(serializer=_dumps),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        # Not cached: a cached logger ignores later reconfiguration (tests, structlog.testing.capture_logs).
        cache_logger_on_first_use=False,
    )
