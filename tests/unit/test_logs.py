"""observability/logs.py: libraries that log every request stay quiet above debug (one JSON line per call)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from mcp_sim.observability import logs


@pytest.fixture(autouse=True)
def _levels_restored() -> Iterator[None]:
    loggers = [logging.getLogger(name) for name in logs.PER_REQUEST_LOGGERS]
    before = [(logger, logger.level) for logger in loggers]
    root = logging.getLogger().level
    yield
    for logger, level in before:
        logger.setLevel(level)
    logging.getLogger().setLevel(root)


def test_per_request_library_lines_are_dropped_at_info_and_warnings_kept() -> None:
    logs.configure("info")
    for name in ("httpx2", "mcp.server.streamable_http", "httpx"):
        logger = logging.getLogger(name)
        assert not logger.isEnabledFor(logging.INFO), name
        assert logger.isEnabledFor(logging.WARNING), name


def test_debug_shows_them_again_and_error_level_quiets_their_warnings() -> None:
    logs.configure("debug")
    assert logging.getLogger("httpx2").isEnabledFor(logging.INFO)
    logs.configure("error")
    assert not logging.getLogger("httpx2").isEnabledFor(logging.WARNING)
    assert logging.getLogger("httpx2").isEnabledFor(logging.ERROR)
