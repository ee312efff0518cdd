"""A learned answer that is its example's own data, not a form.

A template learned from one example keeps what the example said wherever it said nothing of its own call: its
slots (``{{key}}``) and its lists of records are the call's, the rest is wording. An answer with no slot and
no list of records at all, to a call that gave arguments, said nothing of its call: it is the data the example's
session held (``get(key)`` answering ``{"name": "Omar", "plan": "pro"}``, ``query(sql)`` answering
``[(7, 534.0)]``). Repeating it tells another session someone else's value. When the session's own state can
answer the call (a value written under that key, a statement that returns no rows), that answer wins.
"""

from __future__ import annotations

from typing import Any

from mcp_sim.simulation.learned import EACH, RECORDS, SLOT, Template, pick


def is_example_data(template: Template, arguments: dict[str, Any]) -> bool:
    """Whether the form ``template`` answers this call in carries nothing of any call: no slot, no list of the
    call's items or the session's records (a call without arguments has nothing to carry: its answer is a form)."""
    if not arguments:
        return False
    form = pick(template, arguments)
    return not form.is_error and not _carries(form.body)


def _carries(body: Any) -> bool:
    if isinstance(body, dict):
        return EACH in body or RECORDS in body or any(_carries(k) or _carries(v) for k, v in body.items())
    if isinstance(body, list):
        return any(_carries(v) for v in body)
    return isinstance(body, str) and SLOT.search(body) is not None


def is_example_text(template: Template, arguments: dict[str, Any], *, listing: bool = False) -> bool:
    """Whether the form ``template`` answers this call in is the words the example's session read or listed: text
    with no slot (a read), or any text (a listing: ``- [ ] **#1** Write release notes `#{{tag}}``` keeps the
    example's tasks around the one filter it echoes). Text carries no record form to fill, so the call answers
    from this session instead: every text is one shape, so only the data changes."""
    form = pick(template, arguments)
    text = form.body
    if form.is_json and isinstance(text, dict) and list(text) == ["result"]:  # FastMCP's ``-> str``
        text = text["result"]
    return not form.is_error and isinstance(text, str) and (listing or SLOT.search(text) is None)
