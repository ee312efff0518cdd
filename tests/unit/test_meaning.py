"""Arguments checked by meaning, and arguments reflected into nested answer fields."""

from __future__ import annotations

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import meaning


def test_an_unknown_time_zone_is_refused_and_known_ones_pass() -> None:
    meaning.check("get_time", {"timezone": "Asia/Tokyo", "source_timezone": "UTC", "note": "Mars/Olympus_Mons"})
    with pytest.raises(InvalidArguments, match="Invalid timezone: 'Mars/Olympus_Mons'"):
        meaning.check("get_time", {"target_timezone": "Mars/Olympus_Mons"})
    with pytest.raises(InvalidArguments, match="tz"):
        meaning.check("convert", {"tz": "Nowhere/City"})
