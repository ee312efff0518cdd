"""The YAML ``type`` of a profile entry -> the class that implements it. One module per type.

To add a kind: copy ``empty.py`` (the smallest), give it a new ``type`` and ``Params``, add it to ``TYPES`` and
to ``ORDER`` here. Importing this module registers every kind's ``Params`` with config, which validates
profile entries without importing the kinds.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.config.registry import register_perturbation
from mcp_sim.perturbations.base import Perturbation
from mcp_sim.perturbations.empty import Empty
from mcp_sim.perturbations.error import Error
from mcp_sim.perturbations.instruct import Instruct
from mcp_sim.perturbations.latency import Latency
from mcp_sim.perturbations.paginate import Paginate
from mcp_sim.perturbations.partial_failure import PartialFailure
from mcp_sim.perturbations.schema_drift import SchemaDrift
from mcp_sim.perturbations.truncate import Truncate

TYPES: dict[str, type[Perturbation[Any]]] = {
    kind.type: kind for kind in (Empty, Error, Instruct, Latency, Paginate, PartialFailure, SchemaDrift, Truncate)
}

# The fixed order of application, outermost first: a call passes through them in this order on its way
# in, and its result passes back through them in reverse. See pipeline.py for why.
ORDER = ("latency", "error", "instruct", "truncate", "paginate", "schema_drift", "empty", "partial_failure")

for _kind in TYPES.values():
    register_perturbation(_kind.type, _kind.Params)
