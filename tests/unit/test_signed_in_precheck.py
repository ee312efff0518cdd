"""``signed_in.may_show``, asked before a create reads the session's history, is False only where no sign-in
could put a creator in the answer (so skipping the read changes no answer)."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin import signed_in
from mcp_sim.state.base import Turn

USER_KEYS = ("username", "user_name", "userName", "user", "login", "email")
INPUTS = {"type": "object", "properties": {"text": {"type": "string"}, "author": {"type": "string"}}}
OUTPUTS: list[dict[str, Any] | None] = [
    None,  # prose: the sign-in call's own key
    {"type": "object", "properties": {"id": {"type": "string"}}},  # no field for a creator
    {"type": "object", "properties": {"id": {}, "created_by": {"type": "string"}}},
    {"type": "object", "properties": {"id": {}, "author": {"type": "string"}}},  # the create's own argument
]
ARGUMENTS: list[dict[str, Any]] = [
    {},
    {"text": "x"},
    {"created_by": "cy"},
    {"username": "cy"},
    dict.fromkeys(USER_KEYS, "cy"),
]


def _signed_in_with(key: str) -> list[Turn]:
    result = {"content": [{"type": "text", "text": "ok"}], "isError": False}
    return [Turn(index=0, tool="login", arguments={key: "ana"}, route="sim", result=result)]


def test_may_show_is_false_exactly_where_no_sign_in_shows_a_creator() -> None:
    checked = {True: 0, False: 0}
    for output in OUTPUTS:
        spec = ToolSpec(name="create_memo", input_schema=INPUTS, output_schema=output)
        for arguments in ARGUMENTS:
            shown = [signed_in.creator(_signed_in_with(key), spec, arguments) for key in USER_KEYS]
            may = signed_in.may_show(spec, arguments)
            assert may == any(shown), (output, arguments, shown)
            checked[may] += 1
    assert checked[True] and checked[False]  # both answers were exercised
