"""Rendering an answer from a learned template: slots filled from the call's arguments, lists from the
ledger's records or the argument they mirror, ids the tool mints in the style it showed.

``Fill`` is what the caller knows about this call (the records to list, how to mint an id); the template
says where each goes. Data flows one way: the ledger decision is made before rendering, never during it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mcp.types import CallToolResult, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.config.effect_format import fill_slots, template_value
from mcp_sim.ledger.effects import effect_of
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.named import with_named_fields
from mcp_sim.simulation.numbering import with_new_id

__all__ = [
    "Fill",
    "argument_at",
    "fill_slots",
    "mint_like",
    "next_number",
    "recalled_fields",
    "render",
    "template_value",
]
from mcp_sim.simulation.learned import (
    EACH,
    KEYED,
    NAMED,
    RECORDS,
    SLOT,
    TITLED,
    WHERE,
    AnswerShapes,
    FailureKind,
    Template,
    failure_kind,
    item_arguments,
    learn,
    pick,
    shape_key,
)

ID_KEY = re.compile(r"^(id|ids|uuid|hash|sha|.*_ids?|.*Ids?)$")
_HEX = re.compile(r"^[0-9a-f]{7,64}$")
_NUMBERED = re.compile(r"^(.*?)(\d+)$")
# upper-case letters (and digits) with no separator, not a tag and its count (TASK12)
_LOCATOR = re.compile(r"^(?=.*[A-Z])(?![A-Z]*\d+$)[A-Z0-9]{5,10}$")
# ``ORD-6E4C4ACB``, ``char_ea31da85``; eight digits or more need no digit among them (``char_ebdbeaba`` is a hash)
_TAGGED_HEX = re.compile(
    r"^([A-Za-z]+[-_])((?=[0-9A-Fa-f]*[A-Fa-f])(?:(?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]{6,}|[0-9A-Fa-f]{8,}))$"
)
MIN_SIBLINGS = 2  # observed tools that must agree before a server's envelope is assumed
_CODE = re.compile(r"[\w.-]{1,32}")  # a status or error code, not a sentence
# the keys an answer's envelope says its outcome in: a flag, a status code, a message
_OUTCOME_KEY = re.compile(r"(?i)success|succeeded|ok|done|valid|status|state|result|outcome|message|msg|detail|info")
# a random token a server mints (nanoid, base36): letters and digits mixed, five characters or more
_OPAQUE = re.compile(r"(?=[A-Za-z0-9]*\d[A-Za-z])[A-Za-z0-9]{5,40}")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


@dataclass
class Fill:
    """What one call contributes to its answer beyond its arguments."""

    arguments: dict[str, Any]
    records: Callable[[set[str]], list[dict[str, Any]]] = lambda _keys: []  # ledger records for a list item
    record: dict[str, Any] = field(default_factory=dict)  # the entity this call reads, updates or creates
    mint: bool = False  # the tool creates: id fields it did not echo get new ids
    number: int = 1  # the next number in the session (for ids like req-7)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    minted: dict[str | int, Any] = field(default_factory=dict)  # example id -> the id minted for it here
    # An argument item naming an entity the session already has: a list that mirrors the argument list leaves
    # it out (a create of client-named entities answers the new ones). The caller decides, from the ledger.
    exists: Callable[[Any], bool] = lambda _item: False
    unknown_ids: bool = False  # the call shows only what exists: an id field nothing here names is null
    # every record a list item could show, before the call selects (None: what ``records`` gives)
    universe: Callable[[set[str]], list[dict[str, Any]]] | None = None
    # the record the session holds for an argument item that names one (an update of named entities): its
    # fields show where the item leaves them out, never the example entity's
    held: Callable[[Any], dict[str, Any]] = lambda _item: {}
    listed: bool = False  # inside a list the example showed as it was: its ids are what that list held
    one: bool = True  # the answer is one entity's, so its lists never list it (False: a read that selects a list)
    names: list[str] = field(default_factory=list)  # the names of the records the call names, for ``{{@namedN}}``
    unasked: frozenset[str] = frozenset()  # arguments this call gives that the template's example call did not
    # the input schema's defaults: a field repeating an argument the call leaves out shows the value the server
    # then used (``"limit": 20``), not the example's, and not nothing
    given_defaults: dict[str, Any] = field(default_factory=dict)


def render(template: Template, fill: Fill) -> CallToolResult:
    """The answer ``template`` gives for this call (in the form whose example call looks most like it), carried
    the way the example carried it."""
    template = pick(template, fill.arguments)
    if not template.is_json:
        text = _fill_text(str(template.body), _with_names(fill), template.defaults)
        text = with_new_id(text, fill.record, fill.arguments) if fill.mint else text  # the id the ledger gave it
        return CallToolResult(content=[TextContent(type="text", text=text)], is_error=template.is_error)
    fill = replace(fill, record=with_named_fields(template.body, fill.record))  # the entity an action names
    fill.unasked = frozenset(k for k in fill.arguments if f"arg:{k}" not in template.cues)
    return carried(template, _fill_json(template.body, fill, template.defaults, ""))


def carried(template: Template, body: Any) -> CallToolResult:
    """``body`` carried as the template's example carried its answer: JSON text laid out alike, also as
    structuredContent, or wrapped as the one string of a structuredContent (``{"result": "<JSON text>"}``)."""
    text = json.dumps(body, ensure_ascii=False, indent=template.indent)
    if template.wrap is not None:
        structured: Any = {template.wrap: text}
    else:
        structured = body if template.structured and isinstance(body, dict) else None
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=structured, is_error=template.is_error
    )


def next_number(ledger: Ledger, entity: str | None) -> int:
    """The number a learned create gives its new id: one past the entities of its type the session made (live or
    deleted), as a server's table numbers its own rows (the first decision is 1 whatever items came before);
    the session's count of everything made when the call names no type."""
    if not entity:
        return ledger.created + 1
    return len(ledger.seen_ids(entity)) + 1  # ids only assumed (used unseen) are the server's, not made here


def recalled_fields(shown: list[dict[str, Any]]) -> dict[str, Any]:
    """The plain values (text, numbers, flags) of the earlier changes a read recalls, by argument name, the most
    related last so its values win: a learned answer shows them in the fields of those names where its example
    showed its own (``get_order_details`` shows the symbol and price ``place_order`` was given, not the
    example order's). The record the ledger holds still wins over them."""
    return {k: v for args in shown for k, v in args.items() if isinstance(v, str | int | float)}


_SHAPES: dict[int, tuple[ToolSpec, AnswerShapes | None]] = {}  # id(spec) -> (spec, what its examples teach)


def shapes_of(spec: ToolSpec) -> AnswerShapes | None:
    """What ``spec``'s examples teach, learned once per spec object (the spec is kept so its id stays its own)."""
    known = _SHAPES.get(id(spec))
    if known is None or known[0] is not spec:
        known = _SHAPES[id(spec)] = (spec, learn(spec.examples))
    return known[1]


def learned_failure(spec: ToolSpec, kind: FailureKind, arguments: dict[str, Any]) -> CallToolResult | None:
    """The failure of ``kind`` in the style the tool's examples showed, with this call's arguments in the slots;
    None when they showed none (the caller answers in mcp-sim's own words)."""
    shapes = shapes_of(spec) if spec.examples else None
    template = shapes.failure(kind) if shapes else None
    return None if template is None else render(template, Fill(arguments))


def failure_in_style(
    spec: ToolSpec, siblings: Sequence[ToolSpec], arguments: dict[str, Any], message: str
) -> CallToolResult | None:
    """A failure mcp-sim decided (``message``: an unknown id, a refused answer) as the tool would say it: in its
    own learned wording for that kind of failure, else in the envelope its server's other tools fail with (a
    server answers failures alike: ``{"error": ...}``, ``{"status": "error", "message": ...}``), carrying
    ``message``. None when nothing was learned, or the style is plain text (``message`` already is)."""
    kind = failure_kind(message)
    own = learned_failure(spec, kind, arguments)
    if own is not None:
        return own
    style = server_failure_style(siblings, kind)
    if style is None:  # the server showed no failure: said in the envelope its answers share, when it can say one
        return _failed_envelope(siblings, message)
    if not style.is_json:
        return None
    return carried(style, _envelope(style.body, message, arguments))


def failure_style(spec: ToolSpec, siblings: Sequence[ToolSpec], kind: FailureKind) -> Template | None:
    """The form a failure of ``kind`` takes (``failure_in_style``): the tool's own learned one, else its server's."""
    shapes = shapes_of(spec) if spec.examples else None
    own = shapes.failure(kind) if shapes else None
    return own if own is not None else server_failure_style(siblings, kind)


def server_failure_style(siblings: Sequence[ToolSpec], kind: FailureKind) -> Template | None:
    """The failure form most of a server's observed failures of ``kind`` took (of any kind when none of it)."""
    styles = [t for s in siblings if s.examples and (shapes := shapes_of(s)) and (t := shapes.failure(kind))]
    if not styles:
        styles = [t for s in siblings if s.examples and (shapes := shapes_of(s)) for t in shapes.failures.values()]
    counts = Counter(shape_key(t) for t in styles)
    if not counts:
        return None
    return next(t for t in styles if shape_key(t) == counts.most_common(1)[0][0])


def success_in_style(
    spec: ToolSpec, siblings: Sequence[ToolSpec], result: CallToolResult, made: dict[str, Any] | None = None
) -> CallToolResult | None:
    """A plain-text answer of a tool never observed, in the JSON envelope every observed tool of its server
    answers in (the keys most of their usual answers have: ``{"status": ..., "message": ...}``), the text as
    its message, and the id of what the call made (``made``, its id field -> id). An envelope of flags alone
    (``{"success": true}``) would drop both: a read's words go under ``message``, and the new record's id goes
    along, which the agent needs to name it. None when the tool has its own examples, the answer is not plain
    text, or the server shows no shared envelope (fewer than two observed tools, or an answer that is not a
    JSON object)."""
    if spec.examples or result.is_error or result.structured_content is not None:
        return None
    text = "".join(b.text for b in result.content if isinstance(b, TextContent))
    if not text or text.lstrip().startswith(("{", "[")):
        return None
    envelope = _envelope_of([s for s in siblings if s is not spec])
    if not envelope:
        return None
    body = {k: _shared_value(values, text) for k, values in envelope.items()}
    if text not in body.values() and effect_of(spec).kind in ("read", "list"):
        body["message"] = text  # an envelope of flags and codes alone: what a read found still goes along
    body.update({k: v for k, v in (made or {}).items() if k not in body})
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body, ensure_ascii=False, indent=2))])


def _envelope_of(siblings: Sequence[ToolSpec]) -> dict[str, list[Any]]:
    """The keys most of the observed tools' usual answers share (key -> the values they gave), or {} when fewer
    than two tools were observed or one answers otherwise than with a JSON object. An id field or a record
    (``task: {...}``) is no envelope: whose id or record would a tool never observed show?"""
    # every observed tool's usual success counts, prose too: a server that answers some tools in sentences
    # has no envelope a tool never observed could be assumed to share
    usual = [t for s in siblings if s.examples and (shapes := shapes_of(s)) and (t := shapes.success)]
    if len(usual) < MIN_SIBLINGS or not all(
        t.is_json and isinstance(t.body, dict) and EACH not in t.body and RECORDS not in t.body for t in usual
    ):
        return {}
    bodies = [t.body for t in usual]
    counts = Counter(k for b in bodies for k in b)
    return {
        k: [b[k] for b in bodies if k in b]
        for k, n in counts.items()
        if 2 * n > len(bodies) and not ID_KEY.match(k) and not any(isinstance(b.get(k), dict | list) for b in bodies)
    }


def _failed_envelope(siblings: Sequence[ToolSpec], message: str) -> CallToolResult | None:
    """A failure of a server that showed none, in the envelope its answers share, turned to failure: a flag
    (``success: true``) says false, a status code (``status: "ok"``) says ``"error"``, sentences carry
    ``message`` (an ``error`` key carries it when none does). None when the envelope has no flag or code to
    turn: nothing says how such a server fails. Without isError, as servers that answer in an envelope fail."""
    # only an outcome's own keys: fields every record shares (``currency``, ``disputed``) say nothing of one
    envelope = {k: v for k, v in _envelope_of(siblings).items() if _OUTCOME_KEY.fullmatch(k)}
    flags = [k for k, values in envelope.items() if all(isinstance(v, bool) for v in values)]
    codes = [k for k, values in envelope.items() if all(isinstance(v, str) and _CODE.fullmatch(v) for v in values)]
    if not flags and not codes:
        return None
    body: dict[str, Any] = {}
    for key, values in envelope.items():
        if key in flags:
            body[key] = False
        elif key in codes:
            body[key] = "error"
        elif all(isinstance(v, str) for v in values):
            body[key] = message
    if body.get("status") != "error" or message not in body.values():  # a failure read as one, saying why
        body["error"] = message
    text = json.dumps(body, ensure_ascii=False, indent=2)
    return CallToolResult(content=[TextContent(type="text", text=text)])  # in the answer, as such servers say it


def _shared_value(values: list[Any], text: str) -> Any:
    """One envelope field: the text where the tools say sentences, else the value they give most often."""
    if all(isinstance(v, str) for v in values) and any(SLOT.search(v) or not _CODE.fullmatch(v) for v in values):
        return text
    if all(isinstance(v, dict) for v in values):
        return {}
    if all(isinstance(v, list) for v in values):
        return []
    counts = Counter(json.dumps(v, sort_keys=True) for v in values)
    return json.loads(counts.most_common(1)[0][0])


def _envelope(body: Any, message: str, arguments: dict[str, Any]) -> Any:
    """The keys of a failure answer with ``message`` in its words: short codes (``"error"``, ``404``) stay, a
    field that is an argument (``todo_id: {{todo_id}}``) is this call's, sentences become the message, lists
    are emptied."""
    if isinstance(body, dict):
        if EACH in body or RECORDS in body:
            return {} if KEYED in body else []
        # an argument this call does not give (``todo_id`` in a refusal of ``add_todo``) is left out, not the message
        return {k: _envelope(v, message, arguments) for k, v in body.items() if not _ungiven_slot(v, arguments)}
    if isinstance(body, list):
        return []
    whole = SLOT.fullmatch(body) if isinstance(body, str) else None
    given = argument_at(arguments, whole.group(1).lstrip("=")) if whole else None
    if given is not None:
        return given
    if isinstance(body, str) and (SLOT.search(body) or not _CODE.fullmatch(body)):
        return message
    return body


def _ungiven_slot(value: Any, arguments: dict[str, Any]) -> bool:
    whole = SLOT.fullmatch(value) if isinstance(value, str) else None
    return whole is not None and argument_at(arguments, whole.group(1).lstrip("=")) is None


def argument_at(arguments: dict[str, Any], path: str) -> Any:
    value: Any = arguments
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def _with_names(fill: Fill) -> dict[str, Any]:
    """The call's arguments and the names of the records it names, for a text's ``{{@namedN}}`` (learned.py)."""
    return {**fill.arguments, **{f"{NAMED}{i}": name for i, name in enumerate(fill.names)}}


def _fill_text(text: str, arguments: dict[str, Any], defaults: dict[str, Any]) -> str:
    def slot(match: re.Match[str]) -> str:
        path = match.group(1).lstrip("=")
        titled = path.startswith(TITLED)
        path = path.removeprefix(TITLED)
        value = argument_at(arguments, path)
        if titled and isinstance(value, str):
            return value.title()
        return str(defaults.get(path, "") if value is None else value)

    return SLOT.sub(slot, text)


def _fill_json(template: Any, fill: Fill, defaults: dict[str, Any], key: str) -> Any:
    if isinstance(template, dict) and EACH in template:
        items = argument_at(fill.arguments, str(template[EACH]))
        if not isinstance(items, list):
            return {} if KEYED in template else []
        if KEYED in template:  # one entry per item, under the item's own value (its path)
            key = str(template[KEYED])
            return {
                str(item.get(key)): _fill_json(template["item"], _with_arguments(fill, item), {}, "")
                for item in items
                if isinstance(item, dict) and item.get(key) is not None and not fill.exists(item)
            }
        kept = [item for item in items if not fill.exists(item)]
        return [_fill_json(template["item"], _with_arguments(fill, item, n), {}, "") for n, item in enumerate(kept)]
    if isinstance(template, dict) and RECORDS in template:
        item = template[RECORDS]
        held = fill.record.get(key) if key else None
        if isinstance(held, list) and held and all(isinstance(line, dict) for line in held):
            # the lines the record holds (a cart's items, containers.py), each in the example's item form
            return [_overlay(_fill_json(item, _with_arguments(fill, line), {}, ""), line) for line in held]
        keys = set(item) if isinstance(item, dict) else set()
        records = _selected(fill.records(keys), template.get(WHERE), fill.arguments)
        if key and fill.one and fill.record.get("id") is not None:  # a list in one entity's answer (its tasks)
            records = [r for r in records if r.get("id") != fill.record["id"]]  # never lists that entity itself
            # nor records with none of the item's fields: a request's ``notes`` ({text, timestamp}) are no requests
            records = [r for r in records if any(k in r for k in keys if not ID_KEY.match(k))]
        return [_overlay(_fill_json(item, fill, defaults, ""), record) for record in records]
    if isinstance(template, dict):
        # a create's text fields are filled after the rest: ``"message": "DSAR DSAR-323E70CE created"`` beside
        # ``"dsar": {"id": ...}`` names the id the record got, which is known once the record is filled
        texts = [k for k, v in template.items() if fill.mint and isinstance(v, str) and not ID_KEY.match(str(k))]
        done = {k: _fill_json(v, fill, defaults, str(k)) for k, v in template.items() if k not in texts}
        done.update({k: _fill_json(template[k], fill, defaults, str(k)) for k in texts})
        done.update(_envelope_own(template))
        filled = {_fill_key(k, fill, defaults): done[k] for k in template}
        if _echoes_arguments(template):  # the call's own arguments back: those it leaves out are not there
            filled = {k: v for k, v in filled.items() if k not in template or not _left_out(template[k], k, fill)}
        return _counted(template, _among_shown(template, filled, fill))
    if isinstance(template, list):
        if isinstance(fill.record.get(key), list):  # the list the session holds (branches made so far)
            return fill.record[key]
        inside = replace(fill, listed=True)
        return [_fill_json(v, inside, defaults, key) for v in template]
    if isinstance(template, str):
        whole = SLOT.fullmatch(template)
        whole = None if whole and whole.group(1).startswith(TITLED) else whole  # a name in title case: as text
        if whole and key in fill.record and argument_at(fill.arguments, whole.group(1).lstrip("=")) is None:
            # an argument this call leaves out: what the session holds, not the example's
            return _as_shown(fill.record[key], whole.group(1).startswith("="))
        if whole and argument_at(fill.arguments, whole.group(1).lstrip("=")) is None:
            # a field that only repeats an argument this call leaves out: its default, else none (not the example's)
            return fill.given_defaults.get(whole.group(1).lstrip("="))
        if whole and whole.group(1).startswith("="):
            return argument_at(fill.arguments, whole.group(1)[1:])
        if SLOT.search(template) and key in fill.record and _none_given(template, fill.arguments):
            # ``body: "<another ticket's text>\nComment: {{comment}}"`` for a call giving no comment: the text the
            # session holds for the record, not the example's record's words around an argument left out
            return _as_shown(fill.record[key], False)
        if SLOT.search(template):
            return _fill_text(template, _with_names(fill), defaults)
    if key in fill.record:
        value = fill.record[key]
        if fill.mint and ID_KEY.match(key) and _plain_id(template):  # the example's id, now this record's
            fill.minted.setdefault(template, value)
        return _as_shown(value, isinstance(template, int) and not isinstance(template, bool))
    if key in fill.unasked and not fill.listed and _same_kind(template, fill.arguments[key]):
        # ``"room": "default"``: the example's call left ``room`` out; this call's ``room`` is the answer's
        return fill.arguments[key]
    if (alias := _alias_of(key, fill.record, template)) is not None:  # ``modelVersion`` for ``model_version``
        return _as_shown(fill.record[alias], isinstance(template, int) and not isinstance(template, bool))
    if ID_KEY.match(key) and _plain_id(template):
        return _id_like(template, fill)
    if isinstance(template, str) and fill.minted:  # "Created ... with ID: presentation_1": the id given here
        return _renamed(template, fill.minted)
    return template


def _envelope_own(template: dict[str, Any]) -> dict[str, Any]:
    """The fields an envelope says of the call, not of the record it nests: ``{"status": "updated", "dsar": {"status":
    "{{status}}", ...}}`` answers ``"status": "updated"`` whatever status the record got. A plain value whose key the
    nested record also has, with another value there, is the envelope's own; one equal to the nested record's
    repeats the record's (``{"status": "done", "task": {"status": "done"}}``) and is filled as the record's."""
    nested = [v for v in template.values() if isinstance(v, dict) and RECORDS not in v and EACH not in v]
    own: dict[str, Any] = {}
    for key, value in template.items():
        if isinstance(value, dict | list) or (isinstance(value, str) and SLOT.search(value)) or ID_KEY.match(key):
            continue  # an id is the record's, or one minted for this call
        inner = [child[key] for child in nested if key in child]
        if inner and all(other != value for other in inner):
            own[key] = value
    return own


def _none_given(text: str, arguments: dict[str, Any]) -> bool:
    """Whether a text's every slot repeats an argument and this call gives none of them (a record's name in a
    ``{{@named0}}`` slot is no argument: such a text names this call's records)."""
    slots = [match.group(1).lstrip("=").lstrip(TITLED) for match in SLOT.finditer(text)]
    return all(not slot.startswith("@") and argument_at(arguments, slot) is None for slot in slots)


MIN_ECHOED = 2  # fields repeating their own arguments before an answer is the call's arguments given back


def _echoes_arguments(template: dict[str, Any]) -> bool:
    """Whether an answer object is the call's arguments given back, with ids beside them: every other field repeats
    the argument of its own name (``add_book`` answering ``{"title", "author", "copies", "added", "id"}`` for those
    arguments). Such a server gives back what the call gave: an argument left out is no field, not a null one."""
    echoed = 0
    for key, value in template.items():
        whole = SLOT.fullmatch(value) if isinstance(value, str) else None
        if whole is not None and whole.group(1).lstrip("=") == key:
            echoed += 1
        elif not ID_KEY.match(str(key)):
            return False
    return echoed >= MIN_ECHOED


def _left_out(template: Any, key: str, fill: Fill) -> bool:
    """Whether the argument a field repeats is one this call leaves out, with no default (or a null one, a Python
    parameter's ``= None``) and no value in the record."""
    return (
        isinstance(template, str)
        and argument_at(fill.arguments, key) is None
        and fill.given_defaults.get(key) is None
        and key not in fill.record
    )


def _same_kind(template: Any, value: Any) -> bool:
    """Whether an argument can stand where the example showed ``template``: text for text, a number for a number,
    a flag for a flag (never an object or a list)."""
    if isinstance(template, bool) or isinstance(value, bool):
        return isinstance(template, bool) and isinstance(value, bool)
    if isinstance(template, str):
        return isinstance(value, str)
    return isinstance(template, int | float) and isinstance(value, int | float)


def _alias_of(key: str, record: dict[str, Any], template: Any) -> str | None:
    """The record's field an answer's key names in another case (``modelVersion``, ``model_version``, ``deviceSN``
    for ``device_sn``): an example that left the argument out showed its default as a constant, which this call's
    value replaces. Ids are left to the id rules; only a plain value stands for a plain value."""
    if not key or ID_KEY.match(key) or isinstance(template, dict | list) or key in record:
        return None
    wanted = key.replace("_", "").replace("-", "").lower()
    for name, value in record.items():
        if name.replace("_", "").replace("-", "").lower() == wanted and not isinstance(value, dict | list):
            return name
    return _worded(key, record, template)


def _worded(key: str, record: dict[str, Any], shown: Any) -> str | None:
    """The one field of the record whose name is the key with one more word (``food_item``, ``log_date``,
    ``logTime`` for ``food``, ``date``, ``time``): a tool told ``log_meal(food_item=...)`` shows the entry's
    ``food``. Only a value of the kind the answer ``shown`` there stands for it (a count's ``done: 1`` is no
    ``done_when`` sentence); two candidates (``start_date``, ``end_date``) are no answer."""
    if not key or ID_KEY.match(key) or key in record:
        return None
    wanted = key.lower()
    found = [
        name
        for name, value in record.items()
        if not name.startswith("$") and _same_kind(shown, value) and wanted in _two_words(name)
    ]
    return found[0] if len(found) == 1 else None


def _two_words(name: str) -> tuple[str, ...]:
    """The two words of a two-word name (``food_item``, ``logDate``); nothing for a name of one or of three."""
    words = tuple(w for w in re.split(r"[_\-]+", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()) if w)
    return words if len(words) == 2 else ()


def _as_shown(value: Any, number: bool) -> Any:
    """A value the ledger holds, written as the example wrote its own: the ledger keys ids as text (``1`` and
    ``"1"`` are one id), so an id the example showed as a number is a number again."""
    return int(value) if number and isinstance(value, str) and value.isdigit() else value


def _plain_id(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _renamed(text: str, minted: dict[str | int, Any]) -> str:
    """``text`` naming, where the example named one of its ids (4+ characters, a whole token), the id this call's
    answer gives in its place."""
    for old, new in minted.items():
        if len(str(old)) >= MIN_NAMED_ID and new is not None:
            said = str(new).replace("\\", "\\\\")  # a replacement template: its backslashes are literal
            text = re.sub(rf"(?<![\w-]){re.escape(str(old))}(?![\w-])", said, text)
    return text


MIN_NAMED_ID = 4  # "1" or "42" inside a sentence is as likely a count as the example's id


# the integer beside a listed array that counts it: ``total``, ``count``, ``total_matching``, ``result_count``,
# ``num_items`` (not ``total_pages`` or ``total_amount``, which count or sum something else)
COUNTS = re.compile(
    r"(?:total|count|n|num)(?:_?(?:matching|matches|found|results?|items?|records?|entries|rows|count))?"
    r"|(?:results?|items?|matches|records?|entries|rows)_?(?:count|total)|totalCount|resultCount|itemCount",
    re.IGNORECASE,
)


def _counted(template: dict[str, Any], filled: dict[str, Any]) -> dict[str, Any]:
    """A count beside the one list the answer fills (``{"todos": [...], "count": 1}``) counts that list as
    rendered, not as the example's was."""
    lists = [k for k, v in template.items() if isinstance(v, dict) and (EACH in v or RECORDS in v) and KEYED not in v]
    if len(lists) != 1 or not isinstance(filled.get(lists[0]), list):
        return filled
    for key in [k for k in template if COUNTS.fullmatch(k)]:
        if isinstance(template[key], int) and not isinstance(template[key], bool):
            filled[key] = len(filled[lists[0]])
    return filled


NAME_KEYS = ("name", "id")


def _among_shown(template: dict[str, Any], filled: dict[str, Any], fill: Fill) -> dict[str, Any]:
    """Records listed beside the records a call selected show only what concerns those: a relation is left out
    when it names an entity the selection left out (``open_nodes([A])`` shows no relation from B to A, as the
    memory server does). A relation naming no known entity says nothing against it."""
    lists = [k for k, v in template.items() if isinstance(v, dict) and RECORDS in v and isinstance(filled.get(k), list)]
    if len(lists) < 2 or fill.universe is None:
        return filled
    first = template[lists[0]]
    item = first[RECORDS]
    where = first.get(WHERE)
    keys = [*NAME_KEYS, *([str(where["field"])] if isinstance(where, dict) else [])]
    everyone = fill.universe(set(item) if isinstance(item, dict) else set())

    def names(records: list[Any]) -> set[str]:
        return {str(r[k]) for r in records if isinstance(r, dict) for k in keys if _plain(r.get(k))}

    hidden = names(everyone) - names(filled[lists[0]])
    if not hidden:
        return filled
    for key in lists[1:]:
        filled[key] = [
            r for r in filled[key] if not (isinstance(r, dict) and {str(v) for v in r.values() if _plain(v)} & hidden)
        ]
    return filled


def _plain(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _fill_key(key: str, fill: Fill, defaults: dict[str, Any]) -> str:
    return _fill_text(key, fill.arguments, defaults) if SLOT.search(key) else key


def _selected(records: list[dict[str, Any]], where: Any, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """The records this call selects, the way the example's call selected its items (learned.py ``_selection``);
    all of them when the call does not give the selecting argument or the records lack the field."""
    if not isinstance(where, dict):
        return records
    wanted, field = arguments.get(str(where.get("argument"))), str(where.get("field"))
    if not isinstance(wanted, list) or not any(field in r for r in records):
        return records  # records of another kind than the example listed: nothing to select them by
    names = {str(v) for v in wanted}
    return [r for r in records if str(r.get(field)) in names]


def _with_arguments(fill: Fill, item: Any, position: int | None = None) -> Fill:
    """The fill of one argument item. An item of a list the answer makes one per argument item (``position``) is
    a new entity, whatever the call (``request_planning`` is an action that makes tasks): an id its example item
    showed, no argument gave, is minted afresh for it, numbered after the items before it (``task-1``,
    ``task-2``), never the example's one id for all."""
    arguments = item_arguments(item)
    new = position is not None
    return Fill(
        arguments,
        fill.records,
        fill.held(item),
        fill.mint or new,
        fill.number + (position or 0),
        fill.rng,
        dict(fill.minted) if new else fill.minted,  # the answer's own ids (a request id) stay shared
        unknown_ids=fill.unknown_ids,
        held=fill.held,
    )


def _overlay(rendered: Any, record: dict[str, Any]) -> Any:
    """A list item from the template, with every field the record knows taken from the record. A record of
    another kind than the example's item (a generic store's row of another table: it shares no field but an id
    with the item, and has plain fields of its own) shows its own fields: the example's are another row's; so
    does a record whose type no observed answer showed (an empty item: families.py lends no other type's form)."""
    if not isinstance(rendered, dict):
        return rendered
    shared = {
        k for k, v in rendered.items() if not ID_KEY.match(k) and (k in record or _alias_of(k, record, v) is not None)
    }  # ``imageUrl`` shown, ``image_url`` held: one field
    own = [k for k, v in record.items() if k not in rendered and not k.startswith("$") and _column(v)]
    if not rendered or (not shared and len(own) >= MIN_OWN_FIELDS):  # {}: no form was seen for the record's type
        return {k: v for k, v in record.items() if not k.startswith("$") and not _how_made(k, v, record)}
    return {k: _field_of(k, v, record, rendered) for k, v in rendered.items()}


def _field_of(key: str, shown: Any, record: dict[str, Any], item: dict[str, Any]) -> Any:
    """The record's value for an item's field: under the field's own name, else under that name in another case
    or with one more word (``_alias_of``), else what the template showed. An object the item nests its record's
    own fields in (``data``) holds the fields the record has and the item shows nowhere else: the session stored
    ``track_event(data={"page": 95})`` as the record's columns (payloads.py), not as the example's ``data``."""
    if key in record:
        return record[key]
    if isinstance(shown, dict) and _NESTED_FIELDS.match(key):
        elsewhere = {*item, *(a for k, v in item.items() if (a := _alias_of(k, record, v)) is not None)}
        rest = {
            k: v
            for k, v in record.items()
            if k not in elsewhere and not k.startswith("$") and not ID_KEY.match(k) and not _how_made(k, v, record)
        }
        return rest or shown
    if isinstance(shown, dict | list):
        return shown
    alias = _alias_of(key, record, shown)  # ``imageUrl`` for ``image_url``, ``food`` for ``food_item``
    return shown if alias is None else _as_shown(record[alias], isinstance(shown, int) and not isinstance(shown, bool))


# what a generic store's create was told beside the row (``create_record(table="loans", data={...})``), not a column
_MAKING_ARGUMENTS = frozenset({"table", "table_name", "tableName", "collection", "collection_name", "sql", "query"})


def _how_made(key: str, value: Any, record: dict[str, Any]) -> bool:
    """Whether a field the session stored with a row is how the row was made, not one of its columns: the table the
    create named, the statement it ran, or the create's answer repeating the row's id (``insertedId``)."""
    if key in _MAKING_ARGUMENTS:
        return True
    return (
        key != "id"
        and ID_KEY.match(key) is not None
        and "id" in record
        and str(value) == str(record["id"])
        and (key.lower().startswith(("inserted", "created", "new", "last")))
    )


# the keys an item nests its record's own fields under (payloads.py reads the same names in arguments)
_NESTED_FIELDS = re.compile(r"^(?:data|fields|attributes|properties|values|payload)$", re.IGNORECASE)
MIN_OWN_FIELDS = 3  # plain fields a record has beyond an example item's before it is taken for another kind of row


def _column(value: Any) -> bool:
    """A plain value, as a row's columns hold (not an object or list nested in a record)."""
    return not isinstance(value, dict | list)


def _id_like(example: str | int, fill: Fill) -> str | int | None:
    """An id the example showed and this call did not name: minted in its style when the tool creates, null
    when the call only shows what exists (the example's id is its own entity's, another session's project).
    An action's answer names what it made (``place_order`` answers the order it placed): an id there that no
    argument gave is new on every call, not the example's ``ORD-6E4C4ACB`` again; ids in a list the example
    showed as it was are the things that list held."""
    if fill.unknown_ids:
        return None
    if not fill.mint and fill.listed:
        return example
    if example in fill.minted:
        return fill.minted[example]  # type: ignore[no-any-return]
    made = mint_like(example, fill.number, fill.rng)
    fill.minted[example] = made
    return made


def mint_like(example: str | int, number: int, rng: random.Random) -> str | int:
    """A new id shaped like ``example``: a number, ``prefix-<n>``, hex of the same length, or a UUID."""
    if isinstance(example, int):
        return number
    if _UUID.match(example):
        return "-".join(f"{rng.getrandbits(4 * n):0{n}x}" for n in (8, 4, 4, 4, 12))
    if _HEX.match(example):
        return f"{rng.getrandbits(4 * len(example)):0{len(example)}x}"
    tagged = _TAGGED_HEX.match(example)
    if tagged:  # ORD-6E4C4ACB: the tag, then hex of the same length and case
        head, digits = tagged.groups()
        made = f"{rng.getrandbits(4 * len(digits)):0{len(digits)}x}"
        return head + (made.upper() if digits.upper() == digits else made)
    head, _, token = example.rpartition("_" if "_" in example else "-")
    if _opaque(token):  # kcouxm2a, task_1768910400000_2ozbumfzd: another token of the same make
        # drawn from the example and the number, not the call's dice: an answer that names the same thing again
        # before anything new is made (a workflow's conversation id) names it alike, as ``prefix-<n>`` ids do
        made = _token_like(token, random.Random(f"{example}:{number}"))
        return f"{head}{example[len(head)] if head else ''}{made}"
    if _LOCATOR.match(example):  # HATHAT, NO6JO3: a booking's record locator, another of the same make
        return _token_like(example, random.Random(f"{example}:{number}"))
    numbered = _NUMBERED.match(example)
    if numbered:  # rec_00001: a counter written zero-padded keeps its width (rec_00002), as the server pads it
        digits = numbered.group(2)
        width = len(digits) if digits.startswith("0") and len(digits) > 1 else 1
        return f"{numbered.group(1)}{number:0{width}d}"
    return f"{example}-{number}"


def _opaque(token: str) -> bool:
    """A random token a server mints (nanoid, base36: ``kcouxm2a``, ``u2o7y550``): letters after digits, not a
    counter after a word (``task7``) nor a timestamp with a letter in it (``20260120T120000``)."""
    digits = sum(c.isdigit() for c in token)
    return _OPAQUE.fullmatch(token) is not None and digits <= 0.7 * len(token)


def _token_like(token: str, rng: random.Random) -> str:
    """A random token as long as ``token`` and drawn from the kinds of character it uses (lower, upper, digits)."""
    alphabet = "".join(
        chars
        for chars, used in (
            ("abcdefghijklmnopqrstuvwxyz", any(c.islower() for c in token)),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", any(c.isupper() for c in token)),
            ("0123456789", any(c.isdigit() for c in token)),
        )
        if used
    )
    return "".join(rng.choice(alphabet) for _ in token)
