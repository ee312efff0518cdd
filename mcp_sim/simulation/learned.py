"""Answer shapes learned from real observations of a tool (``examples:`` in its spec, recordings, shadow runs).

Like Prism and WireMock, the simulator answers in the shape reality used: a JSON answer keeps its skeleton
(keys, nesting, types, order) and a text answer keeps its wording, with *slots* where the example showed one
of its own arguments. ``Created branch feature-x from main`` asked with ``{branch_name: feature-x,
base_branch: main}`` becomes ``Created branch {{branch_name}} from {{base_branch}}``. A list that mirrors an
argument list (``create_entities`` answering the entities it was given) becomes one item template applied
to each item of the current argument; any other list of objects becomes an item template the ledger's
records fill. Failures are learned per kind (not found, already exists, invalid argument, other).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from mcp_sim.config import Example

FailureKind = Literal["not_found", "already_exists", "invalid", "other"]
SLOT = re.compile(r"\{\{([^{}]+)\}\}")
TITLED = "^"  # ``{{^path}}``: the argument in title case, as the server wrote the example's
EACH = "$each"  # {"$each": "<argument path of a list>", "item": <template>}: one item per argument item
RECORDS = "$records"  # {"$records": <item template>}: one item per ledger record
WHERE = "$where"  # beside $records: which records the call selects ({"field", "argument"})
KEYED = "$key"  # beside $each: an object, one entry per argument item, named by this field of the item
MIN_SLOT_CHARS = 2  # shorter argument values ("a", "1") would turn ordinary text into slots
# "missing" names a missing thing, unless it is a missing argument ("missing 1 required positional argument")
_NOT_FOUND = re.compile(
    r"not found|not exist|no such|unknown|enoent|cannot find|could not find"
    r"|missing(?!\s+(?:\d+\s+)?(?:required|parameter|argument|field|value))",
    re.I,
)
_EXISTS = re.compile(r"already exists|already exist|duplicate|conflict|exists already", re.I)
_ERROR_LEAD = re.compile(r"^\s*(?:\S+\s+){0,2}error(?![a-z])", re.IGNORECASE)
_FIRST_WORD = re.compile(r"[A-Za-z_]+")
_VARYING = re.compile(r"\b[0-9a-f]{7,}\b|\d+")  # numbers and hashes differ from answer to answer of one form
_INVALID = re.compile(r"invalid|validation|must be|required|expected|missing|-32602", re.I)


@dataclass(frozen=True)
class Template:
    """One learned answer form: a JSON template or a text template, and how the answer carried it."""

    body: Any  # JSON with slot strings, or a str with slots
    is_json: bool
    structured: bool  # the example had structuredContent
    is_error: bool
    indent: int | None = None  # the layout of the JSON text (2 for pretty-printed servers)
    defaults: dict[str, Any] = field(default_factory=dict)  # slot -> the example's value (an argument left out)
    cues: frozenset[str] = frozenset()  # what the example's call looked like (``cues_of``)
    alternatives: tuple[Template, ...] = ()  # the tool's other forms of this kind, picked by the call's cues
    wrap: str | None = None  # the one structuredContent key whose string carries ``body`` as JSON text (unwrapped)
    # the form found empty (``{"result": null}``): how the tool answered a record it did not hold, without failing
    empty: Template | None = None


@dataclass(frozen=True)
class AnswerShapes:
    """What one tool's answers look like: its usual success and each failure style it showed."""

    success: Template | None
    failures: dict[FailureKind, Template]

    def failure(self, kind: FailureKind) -> Template | None:
        return self.failures.get(kind) or (self.failures.get("other") if kind != "invalid" else None)


def learn(examples: list[Example]) -> AnswerShapes | None:
    """The shapes shown by ``examples`` (the most common form wins; later examples break ties)."""
    if not examples:
        return None
    successes: list[Template] = []
    failures: dict[FailureKind, list[Template]] = {}
    for example in examples:
        template = template_of(example)
        if template is None:
            continue
        if template.is_error or _failed_body(template.body):
            failures.setdefault(failure_kind(_text_of(example.result)), []).append(template)
        else:
            successes.append(template)
    return AnswerShapes(_chosen(successes), {k: t for k, v in failures.items() if (t := _chosen(v))})


def cues_of(arguments: dict[str, Any]) -> frozenset[str]:
    """What a call looks like, for telling apart the forms one tool answers in: which arguments it gives, the
    first word of each text argument (an SQL verb, a sub-command), each flag, and whether each list is empty.
    ``query: "CREATE TABLE ..."`` answers differently from ``query: "SELECT ..."``."""
    found = {f"arg:{name}" for name in arguments}
    for name, value in arguments.items():
        if isinstance(value, bool):
            found.add(f"flag:{name}={value}")
        elif isinstance(value, str):
            word = _FIRST_WORD.search(value)
            found.add(f"word:{name}={word.group(0).lower() if word else ''}")
        elif isinstance(value, list | dict):
            found.add(f"empty:{name}={not value}")
    return frozenset(found)


def pick(template: Template, arguments: dict[str, Any]) -> Template:
    """The form of ``template``'s kind whose example call looks most like this one (most shared cues); the
    tool's usual form unless another one fits the call better."""
    if not template.alternatives:
        return template
    cues = cues_of(arguments)
    best = max((template, *template.alternatives), key=lambda t: len(t.cues & cues))
    return best if len(best.cues & cues) > len(template.cues & cues) else template


def representatives(examples: list[Example]) -> list[Example]:
    """The fewest examples that teach what all of ``examples`` teach and still show every answer form (success and
    each failure kind; a text form is its first line with numbers and hashes elided): the last example of each
    form, the one ``learn`` picks placed last in its kind so it still wins. Falls back to all of them when the
    subset would teach anything else (what a person reviews is then what the simulator uses)."""
    everything = learn(examples)
    if everything is None:
        return []
    chosen: dict[str, Template | None] = {"success": everything.success}
    chosen.update({str(k): t for k, t in everything.failures.items()})
    last: dict[tuple[str, str], int] = {}  # (success or failure kind, form) -> the last example of that form
    winner: dict[str, tuple[int, str]] = {}  # kind -> (the example learn picks, its form)
    for index, example in enumerate(examples):
        template = template_of(example)
        if template is None:
            continue
        kind, form = _kind_of(template, example), form_key(template)
        last[(kind, form)] = index
        won = chosen.get(kind)
        if won is not None and shape_key(won) == shape_key(template):
            winner[kind] = (index, form)
    winners = {i for i, _ in winner.values()}
    others = {i for (kind, form), i in last.items() if kind not in winner or winner[kind][1] != form}
    order = sorted(others | winners, key=lambda i: (i in winners, i))
    picked = [examples[i] for i in order]
    return picked if learn(picked) == everything else list(examples)


def form_key(template: Template) -> str:
    """A coarser ``shape_key``: texts that open alike are one form (the example shows the wording)."""
    if template.is_json:
        return shape_key(template)
    first = str(template.body).strip().split("\n", 1)[0]
    return "text:" + _VARYING.sub("#", first)[:60]


def _kind_of(template: Template, example: Example) -> str:
    if template.is_error or _failed_body(template.body):
        return failure_kind(_text_of(example.result))
    return "success"


def failure_kind(text: str) -> FailureKind:
    if _NOT_FOUND.search(text):
        return "not_found"
    if _EXISTS.search(text):
        return "already_exists"
    if _INVALID.search(text):
        return "invalid"
    return "other"


def template_of(example: Example) -> Template | None:
    """The example's answer with its arguments turned into slots."""
    result = example.result
    slots = _argument_slots(example.arguments)
    structured = result.get("structuredContent")
    text = _text_of(result)
    is_error = bool(result.get("isError"))
    wrap = wrapping_key(structured)
    if wrap is not None and isinstance(structured, dict):  # FastMCP's {"result": "<JSON text>"}: the JSON inside
        text = str(structured[wrap])
    body: Any = structured if structured is not None and wrap is None else _json_or_none(text)
    cues = cues_of(example.arguments)
    if body is not None:
        indent = _indent_of(text)
        slotted, named = _named_in_json(_slotted_json(body, slots, example.arguments))
        return Template(
            slotted, True, structured is not None, is_error, indent, {**_defaults(slots), **named}, cues, wrap=wrap
        )
    if not text:
        return None
    slotted, named = _named_slots(_slotted_text(text, slots))
    return Template(slotted, False, False, is_error, None, {**_defaults(slots), **named}, cues)


def wrapping_key(structured: Any) -> str | None:
    """The key of a structuredContent that only wraps JSON text (a Python tool returning ``json.dumps(...)`` as
    ``str``: FastMCP answers ``{"result": "{\\"habits\\": [...]}"}``), else None. Such an answer is JSON all the
    same, and is learned (and answered) as its skeleton, ids, lists and all, wrapped again as text."""
    if not isinstance(structured, dict) or len(structured) != 1:
        return None
    key, value = next(iter(structured.items()))
    if not isinstance(value, str) or not value.lstrip().startswith(("{", "[")):
        return None
    return key if isinstance(_json_or_none(value), dict | list) else None


def _indent_of(text: str) -> int | None:
    """The indent of pretty-printed JSON text (2 or 4 spaces, as ``json.dumps(indent=n)`` writes), else None."""
    match = re.match(r"\s*[\[{]\n( +)", text)
    return len(match.group(1)) if match else None


def shape_key(template: Template) -> str:
    """Two templates with the same key answer alike (used to pick the most common form)."""
    if not template.is_json:
        return "text:" + SLOT.sub("{{}}", template.body)[:200]
    return "json:" + json.dumps(_skeleton(template.body), sort_keys=False)


# ---- building templates ----


def _argument_slots(arguments: dict[str, Any]) -> dict[str, Any]:
    """Argument leaves by dotted path (``entities.0.name``), the longest values first."""
    leaves: dict[str, Any] = {}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(sub, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list):
            for i, sub in enumerate(value):
                walk(sub, f"{path}.{i}")
        elif isinstance(value, str | int | float) and not isinstance(value, bool) and len(str(value)) >= MIN_SLOT_CHARS:
            leaves[path] = value

    walk(arguments, "")
    return dict(sorted(leaves.items(), key=lambda kv: -len(str(kv[1]))))


def _defaults(slots: dict[str, Any]) -> dict[str, Any]:
    return {path: value for path, value in slots.items()}


def _slotted_text(text: str, slots: dict[str, Any]) -> str:
    for path, value in slots.items():
        pattern = rf"(?<![\w]){re.escape(str(value))}(?![\w])"
        text = re.sub(pattern, "{{" + path.replace("\\", "\\\\") + "}}", text)
        # a name the server writes in title case ("climbing stairs" -> "Climbing Stairs"): ``{{^path}}``
        if isinstance(value, str) and value.title() != value and re.search(r"[a-z]", value):
            pattern = rf"(?<![\w]){re.escape(value.title())}(?![\w])"
            text = re.sub(pattern, "{{" + TITLED + path.replace("\\", "\\\\") + "}}", text)
    return text


# A quoted name no argument gave: the record the call named by id (``log_cook(recipe_id=2)`` answers "Logged:
# cooked 'Rösti'"). Words an identifier could be ('list_tasks', 'done') are left as the server's own text.
_QUOTED = re.compile(  # '...', "...", and the typographic pairs (\u2018...\u2019, \u201c...\u201d)
    r"""(?<![\w{])(['"\u2018\u201c])((?:(?!\1)[^\n{}'"\u2018\u2019\u201c\u201d]){2,80})(?:\1|\u2019|\u201d)(?![\w}])"""
)
_IDENTIFIER = re.compile(r"[a-z0-9_.:/-]+")
NAMED = "@named"  # slot ``{{@named0}}``: the name of the first record the call names (render.py fills it)


def _named_slots(text: str, first: int = 0) -> tuple[str, dict[str, Any]]:
    """``text`` with each quoted name that is no slot turned into ``{{@namedN}}`` (N from ``first``), and the
    example's names."""
    named: dict[str, Any] = {}

    def slot(match: re.Match[str]) -> str:
        name = match.group(2)
        if _IDENTIFIER.fullmatch(name) or name.strip() != name:
            return match.group(0)
        path = f"{NAMED}{first + len(named)}"
        named[path] = name
        return match.group(0).replace(name, "{{" + path + "}}", 1)

    return _QUOTED.sub(slot, text), named


def _named_in_json(body: Any) -> tuple[Any, dict[str, Any]]:
    """``body`` with the quoted names in its sentences (a FastMCP ``{"result": "Logged: cooked 'Rösti'"}``) turned
    into ``{{@namedN}}`` slots, numbered across the whole answer, and the example's names."""
    named: dict[str, Any] = {}

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str) and " " in value and not SLOT.fullmatch(value):
            text, found = _named_slots(value, len(named))
            named.update(found)
            return text
        return value

    return walk(body), named


def _slotted_json(body: Any, slots: dict[str, Any], arguments: dict[str, Any]) -> Any:
    if isinstance(body, list):
        scalars = body and all(_hashable(i) for i in body)
        echoed = next((str(k) for k, v in arguments.items() if scalars and v == body), None)
        if echoed is not None:  # the argument's list of values itself (an entity's observations): this call's
            return "{{=" + echoed + "}}"
        mirrored = _mirrored_argument(body, arguments)
        if mirrored is not None:
            item_slots = {p.split(".", 2)[2]: v for p, v in slots.items() if p.startswith(mirrored + ".0.")}
            item = _echoing_lists(_slotted_json(body[0], item_slots, item_arguments(arguments[mirrored][0])))
            return {EACH: mirrored, "item": item}
        if body and all(isinstance(i, dict) for i in body):
            where = _selection(body, arguments)
            item = _without_example_lists(_slotted_json(body[0], slots, arguments))
            return {RECORDS: item} | ({WHERE: where} if where else {})
        return [_slotted_json(i, slots, arguments) for i in body]
    if isinstance(body, dict):
        whole = _argument_object(body, arguments)
        if whole is not None:  # the call's own object back (``data``, ``metadata``): this call's, whatever its keys
            return "{{=" + whole + "}}"
        keyed = _keyed_argument(body, arguments)
        if keyed is not None:  # {"<path a>": {...}, "<path b>": {...}} for files[{file_path}]: one entry per item
            name, key, index = keyed
            item_slots = {p.split(".", 2)[2]: v for p, v in slots.items() if p.startswith(f"{name}.{index}.")}
            entry = body[str(arguments[name][index][key])]
            item = _echoing_lists(_slotted_json(entry, item_slots, arguments[name][index]))
            return {EACH: name, KEYED: key, "item": item}
        return {_slotted_key(k, slots): v if _coincident_id(k, v, body, arguments)
                else _echoed(k, v, arguments) or _slotted_json(v, slots, arguments)
                for k, v in body.items()}  # fmt: skip
    if isinstance(body, str):
        exact = next((p for p, v in slots.items() if isinstance(v, str) and v == body), None)
        return "{{" + exact + "}}" if exact else _slotted_text(body, slots)
    if isinstance(body, int | float) and not isinstance(body, bool):
        exact = next((p for p, v in slots.items() if v == body and not isinstance(v, str)), None)
        return "{{=" + exact + "}}" if exact else body
    return body


def _echoed(key: str, value: Any, arguments: dict[str, Any]) -> str | None:
    """The slot of an answer field that repeats the argument of its own name (``item_id: 1`` for ``item_id: 1``),
    however short its value: the name says it is the argument, not a coincidence. So does an id field repeating
    the one id argument the call named its record by (``"id": 2`` for ``record_id: 2``)."""
    if not _hashable(value) or value is None or isinstance(value, bool):
        return None
    if key not in arguments or arguments[key] != value:
        named = [k for k, v in arguments.items() if _ID_FIELD.match(k) and v == value and not isinstance(v, bool)]
        if not _ID_FIELD.match(key) or len(named) != 1:
            return None
        key = named[0]
    return "{{=" + key + "}}" if not isinstance(value, str) else "{{" + key + "}}"


_ID_FIELD = re.compile(r"^(id|.*_id|.*Id)$")


def _coincident_id(key: str, value: Any, body: dict[str, Any], arguments: dict[str, Any]) -> bool:
    """Whether an id field only happens to equal an argument the same object shows under that argument's own name:
    task 1 of workflow 1 (``{"id": 1, "workflow_id": 1}`` for ``create_task(workflow_id=1)``). The object's own id
    is another record's, kept as the example's value (a create mints its own in its place); slotted from the
    argument, every task of workflow 1 was task 1."""
    if not _ID_FIELD.match(key) or key in arguments or not _hashable(value) or isinstance(value, bool):
        return False
    return any(name != key and body.get(name) == value for name, given in arguments.items() if given == value)


def _argument_object(body: dict[str, Any], arguments: dict[str, Any], path: str = "") -> str | None:
    """The path of the argument object an answer object repeats whole (``upsert_record(data)`` answering
    ``"data": {...}``): another call's answer holds that call's object, with its own keys, never the example's keys
    filled from it."""
    for name, value in arguments.items():
        if isinstance(value, dict) and value:
            here = f"{path}.{name}" if path else str(name)
            if value == body:
                return here
            inner = _argument_object(body, value, here)
            if inner is not None:
                return inner
    return None


def _slotted_key(key: str, slots: dict[str, Any]) -> str:
    """A key that is an argument's value (``{"/tmp/a.md": {...}}`` for ``file_path: /tmp/a.md``) is that
    argument's slot: another call's answer is keyed by its own value, never the example's."""
    exact = next((p for p, v in slots.items() if isinstance(v, str) and v == key), None)
    return "{{" + exact + "}}" if exact else key


def _keyed_argument(body: dict[str, Any], arguments: dict[str, Any]) -> tuple[str, str, int] | None:
    """(the argument list, the item field, the index of the item the first key names) when every key of
    ``body`` is that field's value in an item of an argument list of objects (an answer per file, keyed by path)."""
    if not body or not all(isinstance(v, dict) for v in body.values()):
        return None
    for name, value in arguments.items():
        if not isinstance(value, list) or not value or not all(isinstance(i, dict) for i in value):
            continue
        for key in value[0]:
            named = [str(i.get(key)) if _hashable(i.get(key)) else None for i in value]
            if set(body) <= set(named) - {None}:
                return str(name), str(key), named.index(next(iter(body)))
    return None


def _without_example_lists(item: Any) -> Any:
    """A listed record's template without the example's own list values: a record the ledger shows without that
    field gets an empty list, never the example entity's observations (which belong to another entity)."""
    if not isinstance(item, dict):
        return item
    return {k: [] if isinstance(v, list) and all(_hashable(i) for i in v) else v for k, v in item.items()}


def _echoing_lists(item: Any) -> Any:
    """An item template answering an argument item: a list field the example's item did not give (its values
    are the example entity's) is the current item's list of that name, when it gives one."""
    if not isinstance(item, dict):
        return item
    return {k: "{{=" + k + "}}" if isinstance(v, list) and all(_hashable(i) for i in v) else v for k, v in item.items()}


def _mirrored_argument(items: list[Any], arguments: dict[str, Any]) -> str | None:
    """The argument list this answer list mirrors item for item (same length, item 0 echoes item 0). An argument
    item may be a record (echoed under the same key) or a row of values (``add_sources(sources=[["BERT", "paper",
    "arxiv", "1810.04805"], ...])``: one answer item per row, holding one of its texts, at most one level down)."""
    if not items or not isinstance(items[0], dict):
        return None
    for name, value in arguments.items():
        if not isinstance(value, list) or len(value) != len(items):
            continue
        if isinstance(value[0], dict):
            shared = {(k, v) for k, v in value[0].items() if _hashable(v)}  # lists inside items are not compared
            if shared & {(k, v) for k, v in items[0].items() if _hashable(v)}:
                return str(name)
        elif isinstance(value[0], list):
            texts = {v for v in value[0] if isinstance(v, str) and len(v) >= MIN_SLOT_CHARS}
            if texts & _texts_within(items[0]):
                return str(name)
    return None


def _texts_within(record: dict[str, Any]) -> set[str]:
    """The texts a record holds and the texts of the records it holds (``{"source": {"title": ...}}``)."""
    texts = {v for v in record.values() if isinstance(v, str)}
    return texts | {v for sub in record.values() if isinstance(sub, dict) for v in sub.values() if isinstance(v, str)}


def item_arguments(item: Any) -> dict[str, Any]:
    """One argument item as the arguments its answer item is filled from: a record as it is, a row of values by
    position (``{"0": "BERT", "1": "paper"}``, the paths its slots were learned at), anything else as ``value``."""
    if isinstance(item, dict):
        return item
    if isinstance(item, list):
        return {str(i): v for i, v in enumerate(item)}
    return {"value": item}


def _selection(items: list[dict[str, Any]], arguments: dict[str, Any]) -> dict[str, str] | None:
    """Which argument chose the listed records, judged from the example: a list argument whose values every item
    holds in one field (``open_nodes(names)`` lists the entities named). None when the list shows records
    whatever the call asked (search terms are the simulator's own filter, ``builtin/simulator.py``)."""
    for name, value in arguments.items():
        wanted = {str(v) for v in value} if isinstance(value, list) and all(_hashable(v) for v in value) else None
        if wanted:
            field = next((k for k in items[0] if all(str(i.get(k)) in wanted for i in items)), None)
            if field is not None:
                return {"field": field, "argument": str(name)}
    return None


def _hashable(value: Any) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _skeleton(body: Any) -> Any:
    if isinstance(body, dict):
        if KEYED in body:
            return {KEYED: _skeleton(body.get("item"))}
        if EACH in body or RECORDS in body:
            return [_skeleton(body.get("item", body.get(RECORDS)))]
        return {k: _skeleton(v) for k, v in body.items()}
    if isinstance(body, list):
        return [_skeleton(body[0])] if body else []
    return type(body).__name__


def _chosen(templates: list[Template]) -> Template | None:
    """The tool's usual form among ``templates`` (the most common shape, later ones breaking ties), carrying the
    other forms as alternatives (the last template of each). An answer with empty lists is the same form as
    one whose lists have items (``{"entities": []}`` is ``{"entities": [...]}`` with nothing in it), and so is one
    with null where the other holds a record (``{"result": null}`` for an order not there): it counts for that form
    and is no alternative of its own, so the richer template is the one rendered."""
    if not templates:
        return None
    skeletons = {shape_key(t): _skeleton(t.body) if t.is_json else None for t in templates}
    covering = {key: _covering_key(key, skeletons) for key in skeletons}
    counts = Counter(covering[shape_key(t)] for t in templates)
    best = max(counts.values())
    own = [t for t in templates if covering[shape_key(t)] == shape_key(t)]  # not absorbed by a richer form
    winner = next(t for t in reversed(own) if counts[shape_key(t)] == best)
    forms = {form_key(t): t for t in own}
    forms[form_key(winner)] = winner
    others = tuple(t for t in forms.values() if t is not winner)
    key = shape_key(winner)
    nothing = [  # absorbed by the winner for a null where it holds a value: the winner's form, found empty
        t for t in templates if shape_key(t) != key == covering[shape_key(t)] and _holds_null(skeletons[shape_key(t)])
    ]
    return replace(winner, alternatives=others, empty=nothing[-1] if nothing else None)


def _holds_null(skeleton: Any) -> bool:
    """Whether a skeleton says null where a value could be (the whole answer, or a field of it)."""
    if isinstance(skeleton, dict):
        return any(_holds_null(v) for v in skeleton.values())
    return isinstance(skeleton, str) and skeleton == _NULL


def _covering_key(key: str, skeletons: dict[str, Any]) -> str:
    """The shape key of a template whose lists have items where this one's are empty (else ``key`` itself)."""
    own = skeletons[key]
    if own is None or not _has_empty_list(own):
        return key
    return next((k for k, s in skeletons.items() if k != key and s is not None and _covers(s, own)), key)


def _has_empty_list(skeleton: Any) -> bool:
    if isinstance(skeleton, list):
        return not skeleton or _has_empty_list(skeleton[0])
    if skeleton == _NULL:
        return True
    return isinstance(skeleton, dict) and any(_has_empty_list(v) for v in skeleton.values())


_NULL = type(None).__name__  # a null in a skeleton (``{"result": null}``: the order asked for was not there)


def _covers(full: Any, partial: Any) -> bool:
    if isinstance(partial, list) and not partial:
        return isinstance(full, list)
    if partial == _NULL:  # nothing where the richer form holds a record or a list: that form, found empty
        return isinstance(full, dict | list)
    if isinstance(full, dict) and isinstance(partial, dict):
        return list(full) == list(partial) and all(_covers(full[k], partial[k]) for k in full)
    if isinstance(full, list) and isinstance(partial, list) and full:
        return _covers(full[0], partial[0])
    return bool(full == partial)


# ---- reading examples ----


def example_body(result: dict[str, Any]) -> Any:
    """An observed answer's JSON: its structuredContent, else its text parsed (None for prose or a failure)."""
    if result.get("isError"):
        return None
    structured = result.get("structuredContent")
    return structured if structured is not None else _json_or_none(_text_of(result))


def unwrapped_body(result: dict[str, Any]) -> Any:
    """``example_body``, with the JSON text a wrapper carries (``wrapping_key``) read as the answer it is: a
    Python tool returning ``json.dumps(booking)`` answers ``{"result": "{\"booking_id\": ...}"}``."""
    body = example_body(result)
    wrap = wrapping_key(body)
    return _json_or_none(str(body[wrap])) if wrap is not None else body


def _text_of(result: dict[str, Any]) -> str:
    return "\n".join(str(b.get("text", "")) for b in result.get("content") or [] if b.get("type") == "text")


def _json_or_none(text: str) -> Any:
    stripped = text.strip()
    if not stripped.startswith(("{", "[")):
        return None
    try:
        return json.loads(stripped)
    except ValueError:
        return None


def failed_answer(structured: Any, text: str) -> bool:
    """An answer (its structuredContent, else its text) that says it failed without isError (``_failed_body``)."""
    return _failed_body(structured if structured is not None else _json_or_none(text) or text)


def _failed_body(body: Any) -> bool:
    """An answer that says it failed without isError: a JSON object with an ``error``, a read's ``found: false``
    or a failed ``status`` (taskmanager's ``{"status": "error"}``), or a text led by "error" within its first
    three words (``Database error: ...``, ``Error executing ...``), as fidelity-metrics.md reads a failure."""
    if isinstance(body, str):
        return bool(_ERROR_LEAD.match(body))
    if not isinstance(body, dict):
        return False
    wrapped = body.get("result") if len(body) == 1 else None
    if isinstance(wrapped, str):  # FastMCP's ``-> str``: the function's own words (its JSON) say it failed
        return _failed_body(_json_or_none(wrapped) or wrapped)
    if body.get("error") not in (None, False, ""):
        return True
    if body.get("found") is False:
        return True  # a read that found nothing (``{"found": false, "record": null}``): a not-found said in the answer
    status = body.get("status")
    return isinstance(status, str) and status.lower().endswith(("error", "failed", "not_found"))
