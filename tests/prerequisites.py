"""What a test does when something it needs is not installed: skip with the reason, but fail in CI."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(message: str) -> NoReturn:
    """Skip locally, naming what is missing; in CI (``CI=true``, where scripts/setup installs everything) fail."""
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)
