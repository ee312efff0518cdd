"""Whether a tool reads state, from its name or, when the name does not say, from its description.

``recall.py`` decides from the name's words (``git_status``, ``read_query``). Many tools are named after the
thing they show (``git_branch``, ``tags``, ``inventory``) and say what they do only in the description: "List Git
branches", "Shows the commit logs". A tool whose name holds no word that changes state and whose description
starts with a verb that observes reads state too, so a read of it shows what earlier calls established.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mcp_sim.ledger.effects import CHANGING
from mcp_sim.simulation.builtin import recall

# The first word of a description that says the tool observes ("List ...", "Shows ...", "Returns ...").
_VERBS = (
    "list lists show shows get gets read reads return returns display displays retrieve retrieves fetch fetches "
    "search searches find finds view views describe describes print prints inspect inspects"
)
_OBSERVING_VERBS = frozenset(_VERBS.split())
_WORD = re.compile(r"[A-Za-z]+")
_NAME_WORDS = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=4096)  # per tool: asked every call
def observes(name: str, description: str | None) -> bool:
    """The name says the tool reads state, or it says nothing of changing and the description starts reading."""
    if recall.observes(name):
        return True
    words = _NAME_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower())
    if any(word in CHANGING for word in words):
        return False
    first = _WORD.search(description or "")
    return first is not None and first.group(0).lower() in _OBSERVING_VERBS
