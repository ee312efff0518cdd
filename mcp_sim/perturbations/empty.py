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

from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation
from mcp_sim.perturbations.results import COUNT_FIELDS, body_of, with_body


class EmptyParams(Params):
    text: str = "No results found."


class Empty(Perturbation[EmptyParams]):
    type: ClassVar[str] = "empty"
    Params = EmptyParams

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        outcome = await call_next(call)
        body = body_of(outcome.result)
        if outcome.result.is_error or body is None:
            decision.note(emptied=False)
            return outcome
        if body.kind == "lines":
            value: Any = [self.params.text]
        else:
            value = _emptied(body.value)
        decision.note(emptied=True, form=body.kind)
        outcome.result = with_body(outcome.result, body, value)
        return outcome


def _emptied(value: Any) -> Any:
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {k: 0 if k in COUNT_FIELDS and isinstance(v, int) else _emptied(v) for k, v in value.items()}
    return value
