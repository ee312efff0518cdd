"""Where extension kinds register the parameter models that config validates.

Config never imports the implementations it configures (that would be a circle: the kinds need config's
models). Each perturbation kind registers its ``Params`` model under its YAML ``type`` when its package is
imported (``mcp_sim.perturbations.registry``, imported by ``mcp_sim/__init__.py``), and profile loading
validates entries through this table.
"""

from __future__ import annotations

from pydantic import BaseModel

_PERTURBATIONS: dict[str, type[BaseModel]] = {}


def register_perturbation(type_name: str, params: type[BaseModel]) -> None:
    """Make ``type: <type_name>`` valid in profiles, its other keys checked by ``params``."""
    known = _PERTURBATIONS.get(type_name)
    if known is not None and known is not params:
        raise ValueError(
            f"perturbation type {type_name!r} is registered twice ({known.__qualname__}, {params.__qualname__})"
        )
    _PERTURBATIONS[type_name] = params


def perturbation_params(type_name: str) -> type[BaseModel] | None:
    return _PERTURBATIONS.get(type_name)


def perturbation_types() -> list[str]:
    return sorted(_PERTURBATIONS)
