"""The words of a tool's name: ``getOrderDetails`` and ``get_order_details`` are {get, order, details}.

A dozen rules read a call's tool name for a verb or a noun (``delete``, ``sheet``, ``branch``) on every call. Each
split the name again, which was 2-3 % of a simulated call's CPU (README, "Issue 15, stop 33"); a name has one set of
words, so it is worked out once per name.
"""

from __future__ import annotations

import re
from functools import lru_cache

_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")
_SEPARATORS = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=4096)  # per tool name: a server lists tens of tools, a run a few servers
def words_in(name: str) -> frozenset[str]:
    """The lower-case words of ``name``, split at separators and at camel-case humps."""
    return frozenset(w for w in _SEPARATORS.split(_CAMEL.sub(r"_\1", name).lower()) if w)
