"""Teaching a catalog: real observations (a recordings file's rows) added to its tools' ``examples``.

The world models read a tool's examples to answer in the shape the real tool used (``simulation/learned.py``)
and as demonstrations (the LLM's prompt). ``choose`` keeps the examples that matter (the runtime passes
``learned.representatives``: one per answer form and failure kind), so a long recording does not flood a prompt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mcp_sim.catalog.specs import Catalog
from mcp_sim.config import Example

Choose = Callable[[list[Example]], list[Example]]


def taught(catalog: Catalog, observed: dict[str, list[Example]], choose: Choose) -> Catalog:
    """``catalog`` with each tool's observations (keyed by exposed name) after its spec's own examples."""
    if not observed:
        return catalog
    entries = []
    for entry in catalog:
        seen = observed.get(entry.name)
        if seen:
            examples = choose([*entry.spec.examples, *seen])
            entry = replace(entry, spec=entry.spec.model_copy(update={"examples": examples}))
        entries.append(entry)
    return Catalog(entries)
