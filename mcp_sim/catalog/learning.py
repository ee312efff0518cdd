"""Teaching a catalog: real observations (a recordings file's rows) added to its tools' ``examples``.

The world models read a tool's examples to answer in the shape the real tool used (``simulation/learned.py``)
and as demonstrations (the LLM's prompt). ``choose`` keeps the examples that matter (the runtime passes
``learned.representatives``: one per answer form and failure kind), so a long recording does not flood a prompt.
A tool never observed borrows the examples of an observed sibling of its family on the same server
(``families.py``: ``filter_by_project`` answers like ``filter_by_priority``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mcp_sim.catalog.families import borrowed
from mcp_sim.catalog.specs import Catalog, CatalogEntry
from mcp_sim.config import Example

Choose = Callable[[list[Example]], list[Example]]


def taught(catalog: Catalog, observed: dict[str, list[Example]], choose: Choose) -> Catalog:
    """``catalog`` with each tool's observations (keyed by exposed name) after its spec's own examples, and each
    tool still without examples given its observed sibling's (siblings are tools of one upstream)."""
    if not observed:
        return catalog
    entries = []
    for entry in catalog:
        seen = observed.get(entry.name)
        if seen:
            examples = choose([*entry.spec.examples, *seen])
            entry = replace(entry, spec=entry.spec.model_copy(update={"examples": examples}))
        entries.append(entry)
    return Catalog(_with_siblings(entries))


def _with_siblings(entries: list[CatalogEntry]) -> list[CatalogEntry]:
    servers: dict[str | None, list[int]] = {}
    for index, entry in enumerate(entries):
        servers.setdefault(entry.upstream, []).append(index)
    out = list(entries)
    for indices in servers.values():
        specs = borrowed([entries[i].spec for i in indices])
        for i, spec in zip(indices, specs, strict=True):
            if spec is not entries[i].spec:
                out[i] = replace(entries[i], spec=spec)
    return out
