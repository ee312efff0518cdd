"""A list filtered by text lists the records whose text holds it, whatever its case (simulator ``_within``)."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from tests.unit.test_recall import path_of

ANY = {"type": "object", "additionalProperties": True}
TEXT: dict[str, Any] = {"type": "string"}


def _spec(name: str, **arguments: dict[str, Any]) -> ToolSpec:
    return ToolSpec(name=name, input_schema={"type": "object", "properties": arguments}, output_schema=ANY)


async def test_a_name_filter_lists_the_records_holding_that_part_of_the_name() -> None:
    path = path_of(_spec("create_booking", patient_name=TEXT, status=TEXT), _spec("list_bookings", patient_name=TEXT))
    for patient in ("Nadia Putri", "Raka Putra", "Sari", "CAM-0417"):
        await path.call("s", "create_booking", {"patient_name": patient, "status": "confirmed"})

    async def listed(**criteria: Any) -> list[str]:
        answer = (await path.call("s", "list_bookings", criteria)).structured_content or {}
        [records] = [v for v in answer.values() if isinstance(v, list)]
        return sorted(r["patient_name"] for r in records)

    assert await listed(patient_name="putr") == ["Nadia Putri", "Raka Putra"]
    assert await listed(patient_name="Sari") == ["Sari"]
    assert await listed(patient_name="cam-0417") == []  # one word is a code: only the same code names it
    assert await listed(patient_name="ar") == []  # two letters are in too many names: only an exact name
