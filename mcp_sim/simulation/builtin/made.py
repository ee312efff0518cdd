"""An action that makes a thing other tools look up by id: ``place_order(cart_id)`` places an order.

``place_order``, ``book_room``, ``submit_report``, ``upload_document``: the verb is no entity verb (``create``,
``add``), so the tool was an action that changes nothing the session keeps, and its answer named no new order.
The agent then read the order by the id the real server gave (``get_order_details(order_id)``) and the
simulator knew nothing of it. The rule: a tool whose name is a making verb and a noun makes a thing of that
type when other tools name that type by an id (they read, change or delete it) and no tool creates it, and
the tool itself takes no such id (``execute_task(taskId)`` acts on a task that exists). The new thing gets
an id in the argument readers use (``order_id``), the call's arguments, and the lists of the records its
arguments name (an order placed from a cart holds the cart's items: it is made from them).
"""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes, name_words, singular
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin import named_records

# verbs that bring a new thing about (an order placed, a room booked, a document uploaded)
MAKING = frozenset({
    "place", "book", "submit", "upload", "purchase", "buy", "reserve", "schedule", "open", "start", "generate",
    "issue", "file", "request", "import", "log",
})  # fmt: skip


def made_type(spec: ToolSpec, types: EntityTypes) -> str | None:
    """The type this action makes, or None when it makes none."""
    words = name_words(spec)
    if len(words) < 2 or words[0] not in MAKING:
        return None
    noun = singular("_".join(words[1:]))
    if noun not in types.named_by_id or noun in types.created:
        return None
    props = spec.input_schema.get("properties") or {}
    own_ids = {types.id_arguments.get(noun), f"{noun}_id", f"{_camel(noun)}Id"}
    return None if own_ids & set(props) else noun


def made_from(arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The lists of the records the arguments name (a cart's ``items``), which the thing made carries."""
    named = named_records.fields(arguments, ledger)
    return {key: value for key, value in named.items() if isinstance(value, list) and key not in arguments}


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(word.capitalize() for word in rest)
