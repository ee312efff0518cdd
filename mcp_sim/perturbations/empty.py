"""``empty``: a valid but empty answer, as a search with no hits or a drained queue gives.

    - type: empty
      match: {tools: ["search_*"], every: 3}
      text: No results found.     # what a plain-text tool says instead

Every array in the result's body becomes ``[]`` and count fields (``total``, ``count``, ...) become 0, in
structured content and its JSON text alike; a plain-text answer is replaced by ``text``. The call itself
ran, so its effects on the session's world stand.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mcp_sim.perturbations.base import Decision, Params
from mcp_sim.perturbations.results import COUNT_FIELDS, Body, BodyRewrite


class EmptyParams(Params):
    text: str = "No results found."


class Empty(BodyRewrite[EmptyParams]):
    type: ClassVar[str] = "empty"
    Params = EmptyParams
    untouched: ClassVar[dict[str, Any]] = {"emptied": False}

    def rewrite(self, body: Body, decision: Decision) -> Any:
        decision.note(emptied=True, form=body.kind)
        return [self.params.text] if body.kind == "lines" else _emptied(body.value)


def _emptied(value: Any) -> Any:
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {k: 0 if k in COUNT_FIELDS and isinstance(v, int) else _emptied(v) for k, v in value.items()}
    return value
