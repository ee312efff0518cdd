"""The experiments one server hosts, as the admin API sees them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fastapi import HTTPException

from mcp_sim.calls import CallPath


@dataclass
class Hosted:
    """One running experiment and the HTTP paths its MCP endpoint answers on."""

    path: CallPath
    mcp_paths: list[str]

    @property
    def name(self) -> str:
        return self.path.experiment.name


class Lab:
    """Hosted experiments by name, in the order given; the first is the default one (``/mcp``)."""

    def __init__(self, hosted: Sequence[Hosted]) -> None:
        self._hosted = {h.name: h for h in hosted}

    def __iter__(self) -> Iterator[Hosted]:
        return iter(self._hosted.values())

    def __len__(self) -> int:
        return len(self._hosted)

    @property
    def default(self) -> str:
        return next(iter(self._hosted))

    def get(self, name: str) -> Hosted:
        """The experiment, or a 404 that lists the known names."""
        hosted = self._hosted.get(name)
        if hosted is None:
            raise HTTPException(404, f"no experiment {name!r} (hosted: {', '.join(self._hosted)})")
        return hosted
