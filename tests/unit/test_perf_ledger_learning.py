"""Issue 15: learning from a real answer does less per call (ledger/answers.py, ledger/effects.py, ledger/dry_runs.py).

A text no JSON can start like is not given to ``json.loads`` (whose failure raised on every prose answer), a tool
with no entity effect is not asked for the effects it cannot give, an answer that holds no JSON object or list is not
searched for records of every type, the keys a type's lists sit under and a tool's preview flags are kept, and a
real answer (nothing reported) is read without the sets that drop reported effects. Each cut is checked to be taken,
and the whole reading against the one before the cuts (written out here as it was), on many kinds of answers.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Set
from typing import Any

import pytest
from mcp.types import CallToolResult, ContentBlock, ImageContent, TextContent

from mcp_sim.config import ToolSpec
from mcp_sim.config.effect_format import fits
from mcp_sim.ledger import answers, dry_runs, effects
from mcp_sim.ledger.answers import Found, answer_body, find_records, is_failure, scalar_fields
from mcp_sim.ledger.dry_runs import preview_flag
from mcp_sim.ledger.effects import EntityTypes, observed_effects, with_observed
from mcp_sim.ledger.entities import Effect

# --- the reading before the cuts, as it was -------------------------------------------------------------------


def _answer_body_before(result: CallToolResult) -> Any:
    if result.structured_content is not None:
        return result.structured_content
    for block in result.content:
        if isinstance(block, TextContent):
            try:
                return json.loads(block.text)
            except ValueError:
                return None
    return None


def _is_failure_before(result: CallToolResult, body: Any) -> bool:
    if result.is_error:
        return True
    wrapped = body.get("result") if isinstance(body, dict) and len(body) == 1 else None
    if isinstance(wrapped, str):
        return answers._said_failure(wrapped)
    if isinstance(body, dict) and body.get("error") and body.get("success") is not True:
        return True
    status = body.get("status") if isinstance(body, dict) else None
    return isinstance(status, str) and status.lower().endswith(answers._FAILED_STATUS)


def _find_records_before(body: Any, entity: str, id_field: str, plural: str, own: bool = True) -> list[Found]:
    anywhere = own or id_field not in answers.GENERIC_ID_FIELDS
    if isinstance(body, list):
        return [Found(i, body, False) for i in body if answers._identified(i, id_field)] if anywhere else []
    if not isinstance(body, dict):
        return []
    found: list[Found] = []
    if anywhere and answers._identified(body, id_field):
        found.append(Found(body, None, any(isinstance(v, dict | list) for v in body.values())))
    inner = body.get(entity)
    if isinstance(inner, dict) and answers._identified(inner, id_field):
        found.append(Found(inner, None, False))
    keys = [plural, f"{entity}s", *(["items", "results", "records"] if anywhere else [])]
    for key in dict.fromkeys(keys):
        items = body.get(key)
        if isinstance(items, list):
            found.extend(Found(i, items, False) for i in items if answers._identified(i, id_field))
    return found


def _preview_flag_before(spec: ToolSpec, arguments: dict[str, Any]) -> str | None:
    properties = spec.input_schema.get("properties") or {}
    for name, schema in properties.items():
        if not dry_runs._FLAG.match(name):
            continue
        value = arguments.get(name, schema.get("default") if isinstance(schema, dict) else None)
        if value is True or (isinstance(value, str) and value.strip().lower() == "true"):
            return str(name)
    return None


def _observed_before(
    spec: ToolSpec,
    arguments: dict[str, Any],
    result: CallToolResult,
    types: EntityTypes,
    known: Set[tuple[str, str]],
    told: Set[tuple[str, str]],
) -> list[Effect]:
    body = _answer_body_before(result)
    if _is_failure_before(result, body) or _preview_flag_before(spec, arguments) is not None:
        return []
    found: list[Effect] = []
    declared = effects.effects_of(spec)
    for effect in declared:
        if fits(effect.when, arguments):
            op = effects._declared_op(effect, arguments) if told else None
            made = [] if op is not None and (effect.entity, op) in told else effects._declared(effect, arguments, body)
            found.extend(effects._paths_normal(effect, [*made, *effects._in_format(effect, arguments)]))
    own = {e.entity for e in declared}
    for entity, id_field in types.id_fields.items():
        if (entity, "observe") in told:
            continue
        for record in _find_records_before(body, entity, id_field, effects.plural(entity), entity in own):
            id_ = str(record.record[id_field])
            if (entity, id_) not in known:
                found.append(Effect("observe", entity, id_, scalar_fields(record)))
    return found


def _with_observed_before(
    spec: ToolSpec, arguments: dict[str, Any], result: CallToolResult, reported: list[Effect], types: EntityTypes
) -> list[Effect]:
    known = {(e.entity, e.id) for e in reported}
    told = {(e.entity, e.op) for e in reported}
    seen = _observed_before(spec, arguments, result, types, known, told)
    return [*reported, *(e for e in seen if (e.entity, e.id) not in known and (e.entity, e.op) not in told)]


# --- a small tool list and many kinds of answers ----------------------------------------------------------------

S = {"type": "string"}


def _spec(name: str, properties: dict[str, Any] | None = None, **extra: Any) -> ToolSpec:
    return ToolSpec(name=name, inputSchema={"type": "object", "properties": properties or {}}, **extra)


SPECS = [
    _spec("echo", {"message": S}),
    _spec("create_note", {"title": S, "body": S}),
    _spec("get_note", {"note_id": S}),
    _spec("update_note", {"note_id": S, "title": S, "archived": {"type": "boolean"}}),
    _spec("delete_note", {"note_id": S}),
    _spec("list_notes", {}),
    _spec("search_tags", {"query": S}),
    _spec("create_tag", {"name": S, "note_id": S}),
    _spec("delete_tags", {"tag_ids": {"type": "array", "items": S}}),
    _spec("purge_notes", {"note_ids": {"type": "array", "items": S}, "dry_run": {"type": "boolean", "default": True}}),
    _spec("preview_only_note", {"title": S, "previewOnly": {"type": "boolean"}}),
    _spec(
        "run_sql",
        {"query": S},
        effects={
            "kind": "none",
            "ids_in_text": [
                {"argument": "query", "pattern": r"CREATE TABLE (\w+)", "entity": "table", "op": "create"},
                {"argument": "query", "pattern": r"DROP TABLE (\w+)", "entity": "table", "op": "delete"},
            ],
        },
    ),
    _spec("change_dir", {"dir": S}, effects={"kind": "none", "sets": {"cwd": "{{dir}}"}}),
    _spec(
        "move_file",
        {"source": S, "destination": S},
        effects={"kind": "move", "entity": "file", "id": "source", "to": "destination", "hierarchy": {}},
    ),
    _spec(
        "make_dir",
        {"path": S},
        effects={
            "kind": "create",
            "entity": "dir",
            "id": "path",
            "hierarchy": {},
            "when": {"argument": "path", "matches": "^/"},
        },
    ),
    _spec("send_message", {"to": S, "text": S}),
]
ARGUMENTS: list[dict[str, Any]] = [
    {},
    {"message": "hello 1"},
    {"title": "t", "body": "b"},
    {"note_id": "n-1"},
    {"note_id": "n-2", "title": "new", "archived": True},
    {"query": "CREATE TABLE tags (id INT)"},
    {"query": "DROP TABLE notes"},
    {"tag_ids": ["t-1", "t-2"]},
    {"note_ids": ["n-1"], "dry_run": False},
    {"note_ids": ["n-1"]},
    {"title": "x", "previewOnly": "true"},
    {"dir": "/srv"},
    {"source": "/a/b/", "destination": "/c/"},
    {"path": "/x/y/"},
    {"path": "relative"},
    {"to": "bob", "text": "hi"},
]
NOTE = {"id": "n-1", "note_id": "n-1", "title": "t", "tags": ["a"]}
BODIES: list[Any] = [
    NOTE,
    {"id": "n-3", "title": "made"},
    {"notes": [NOTE, {"note_id": "n-2"}], "total": 2},
    {"items": [{"tag_id": "t-1", "name": "x"}], "status": "ok"},
    {"tag": {"tag_id": "t-9"}, "note": NOTE},
    [NOTE, {"id": "n-4"}, 3],
    [],
    {"error": "Note 'n-9' not found"},
    {"status": "not_found"},
    {"success": True, "error": ""},
    {"note_id": None},
    "a JSON string",
    7,
    None,
]
TEXTS = [
    "Echo: hello 1",
    "Created note n-3",
    "3 notes deleted",
    "42",
    "-1",
    "1e5 rows",
    '  \n{"note_id": "n-1"}',
    "\t[1, 2]",
    '\f{"note_id": "n-1"}',  # JSON's whitespace is four characters: json.loads refuses a form feed
    '\ufeff{"note_id": "n-1"}',
    "\u00a0[]",
    "NaN",
    "Infinity",
    "-Infinity",
    "true",
    "false",
    "null",
    "nothing found",
    "true story",
    '"quoted"',
    "",
    "   ",
    "{not json",
    "[unclosed",
    "Error: note n-9 not found",
    "[{'name': 'tags'}]",  # Python's repr of a list, as sqlite's server answers
]


def _results() -> list[CallToolResult]:
    found: list[CallToolResult] = []
    for text in [*TEXTS, *(json.dumps(b) for b in BODIES), *(json.dumps(b, indent=2) for b in BODIES[:4])]:
        found.append(CallToolResult(content=[TextContent(type="text", text=text)]))
        found.append(CallToolResult(content=[TextContent(type="text", text=text)], is_error=True))
    for body in BODIES:
        if isinstance(body, dict):
            found.append(CallToolResult(content=[TextContent(type="text", text="ignored")], structured_content=body))
    for inner in [json.dumps(NOTE), json.dumps({"error": "no note n-9"}), "Error: failed", "Saved note n-1", "[1]"]:
        found.append(CallToolResult(content=[], structured_content={"result": inner}))  # FastMCP's ``-> str``
    image: ContentBlock = ImageContent(type="image", data="AAAA", mimeType="image/png")
    found.append(CallToolResult(content=[image, TextContent(type="text", text=json.dumps(NOTE))]))
    found.append(CallToolResult(content=[image]))
    found.append(CallToolResult(content=[]))
    return found


def _same(a: Any, b: Any) -> bool:
    return repr(a) == repr(b)  # NaN is not equal to itself; its repr is


REPORTED = [
    [],
    [Effect("create", "note", "n-3", {"id": "n-3"})],
    [Effect("observe", "note", "n-1", {"title": "t"}), Effect("delete", "tag", "t-1")],
    [Effect("update", "note", "n-2", None)],
]


def test_learning_from_any_answer_gives_what_it_gave_before() -> None:
    types = EntityTypes(SPECS)
    assert {"note", "tag", "dir"} <= set(types.id_fields)
    results = _results()
    learned = 0
    for result in results:
        body = answer_body(result)
        assert _same(body, _answer_body_before(result)), result
        assert is_failure(result, body) == _is_failure_before(result, body), result
        for entity, id_field in types.id_fields.items():
            for own in (True, False):
                plural = effects.plural(entity)
                assert find_records(body, entity, id_field, plural, own) == _find_records_before(
                    body, entity, id_field, plural, own
                )
        for spec in SPECS:
            for arguments in ARGUMENTS:
                assert preview_flag(spec, arguments) == _preview_flag_before(spec, arguments)
                for reported in REPORTED:
                    now = with_observed(spec, arguments, result, reported, types)
                    assert now == _with_observed_before(spec, arguments, result, reported, types)
                    learned += len(now) > len(reported)
                assert observed_effects(spec, arguments, result, types) == _observed_before(
                    spec, arguments, result, types, frozenset(), frozenset()
                )
    assert learned > 1000  # the answers teach something often: the comparison is not of empty lists


def test_a_text_is_given_to_json_when_json_could_read_it() -> None:
    """Every first character (and a few of each kind after it): the text is read as JSON exactly when it was."""
    rng = random.Random(15)
    tails = [
        "",
        "1",
        "rue",
        "ru",
        "alse",
        "ull",
        "aN",
        "a",
        "nfinity",
        "nfinit",
        '"x"',
        "]",
        "}",
        ' "a": 1}',
        "x",
        "\n",
    ]
    characters = [chr(c) for c in range(128)] + ["\ufeff", "\u00a0", "\u2028", "\u3000", "\u00e9", "\uff11"]
    for first in characters:
        for lead in ["", " ", "\n\t\r ", "\f"]:
            for tail in tails:
                text = lead + first + tail
                result = CallToolResult(content=[TextContent(type="text", text=text)])
                assert _same(answer_body(result), _answer_body_before(result)), repr(text)
    for _ in range(2000):  # random short texts from JSON's own characters
        text = "".join(rng.choice(' \t\n\r{}[]",:-+.0123456789eEtrufalsnNIiy') for _ in range(rng.randrange(9)))
        text = rng.choice(["", "true", "null", "NaN", "-Infinity", "false"]) + text if rng.random() < 0.3 else text
        result = CallToolResult(content=[TextContent(type="text", text=text)])
        assert _same(answer_body(result), _answer_body_before(result)), repr(text)


# --- each cut is taken ---------------------------------------------------------------------------------------


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """Calls of ``module.name`` from that module, each call's first argument kept."""
    seen: list[Any] = []
    original: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        seen.append(args[0] if args else None)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return seen


def _prose(text: str = "Echo: hello") -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)])


def test_words_are_not_given_to_json_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    loads = _counting(monkeypatch, answers.json, "loads")
    for text in ["Echo: hello", "Created note n-3", "", "\ufeff{}", "nothing found", "Invalid id", "f(x)", "\f[]"]:
        assert answer_body(_prose(text)) is None
    assert loads == []
    assert answer_body(_prose(' {"a": 1}')) == {"a": 1}
    assert answer_body(_prose("3 notes")) is None  # may be JSON by how it starts: json.loads says not
    assert answer_body(_prose("null pointer")) is None
    assert loads == [' {"a": 1}', "3 notes", "null pointer"]


def test_a_tool_with_no_entity_effect_is_not_asked_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    types = EntityTypes(SPECS)
    declared = _counting(monkeypatch, effects, "_declared")
    in_format = _counting(monkeypatch, effects, "_in_format")
    echo, read, search, run_sql, create = SPECS[0], SPECS[2], SPECS[6], SPECS[11], SPECS[1]
    assert observed_effects(echo, {"message": "hi"}, _prose(json.dumps({"note": NOTE})), types) == [
        Effect("observe", "note", "n-1", NOTE)
    ]
    assert effects.effects_of(search)[0].entity == "tag" and effects.effects_of(search)[0].id is None
    observed_effects(search, {"query": "x"}, _prose("[]"), types)
    assert observed_effects(read, {"note_id": "n-1"}, _prose(json.dumps(NOTE)), types) == [
        Effect("observe", "note", "n-1", NOTE)
    ]
    assert declared == [] and in_format == []
    # one that names its ids in text, and one with an id, are asked
    assert observed_effects(run_sql, {"query": "CREATE TABLE t (x)"}, _prose("ok"), types) == [
        Effect("create", "table", "t", {"id": "t"})
    ]
    assert len(declared) == 1 and len(in_format) == 1
    observed_effects(create, {"title": "t"}, _prose("made"), types)
    assert len(declared) == 2 and len(in_format) == 2


def test_an_answer_with_no_object_or_list_is_not_searched_for_records(monkeypatch: pytest.MonkeyPatch) -> None:
    types = EntityTypes(SPECS)
    searched = _counting(monkeypatch, effects, "find_records")
    plurals = _counting(monkeypatch, effects, "_plural")
    for result in [_prose(), _prose("42"), _prose('"note"'), CallToolResult(content=[])]:
        assert observed_effects(SPECS[0], {"message": "hi"}, result, types) == []
    assert searched == [] and plurals == []
    # the delete its arguments name is still learned from a prose answer
    assert observed_effects(SPECS[4], {"note_id": "n-1"}, _prose("Deleted."), types) == [
        Effect("delete", "note", "n-1")
    ]
    observed_effects(SPECS[0], {"message": "hi"}, _prose("{}"), types)
    assert len(searched) == len(types.id_fields)  # an object is searched for every type


def test_a_real_answer_is_read_without_the_sets_of_what_was_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    types = EntityTypes(SPECS)
    passed: list[tuple[Any, Any]] = []
    observed = effects._observed

    def spy(*args: Any) -> list[Effect]:
        passed.append((args[4], args[5]))
        return observed(*args)

    monkeypatch.setattr(effects, "_observed", spy)
    found = with_observed(SPECS[2], {"note_id": "n-1"}, _prose(json.dumps(NOTE)), [], types)
    assert found == [Effect("observe", "note", "n-1", NOTE)]
    assert passed == [(effects._NOTHING, effects._NOTHING)]
    assert passed[0][0] is effects._NOTHING  # the shared empty set: none made for the call


def test_a_types_list_keys_are_kept() -> None:
    answers._list_keys.cache_clear()
    body = {"notes": [NOTE]}
    for _ in range(3):
        assert find_records(body, "note", "note_id", "notes") == _find_records_before(body, "note", "note_id", "notes")
    assert answers._list_keys.cache_info().hits == 2
    assert answers._list_keys("box", "boxes", False) == ("boxes", "boxs")
    assert answers._list_keys("note", "notes", True) == ("notes", "items", "results", "records")


def test_is_failure_reads_no_further_than_the_body_is_no_object(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []

    def counted(value: Any, kind: Any) -> bool:
        asked.append(value)
        return isinstance(value, kind)

    monkeypatch.setattr(answers, "isinstance", counted, raising=False)
    for body in [None, [NOTE], "text", 3]:
        assert not is_failure(_prose(), body)
    assert asked == [None, [NOTE], "text", 3]  # one look each
    assert is_failure(_prose(), {"status": "failed"})


def test_a_tools_preview_flags_are_found_once(monkeypatch: pytest.MonkeyPatch) -> None:
    matched: list[str] = []
    pattern = dry_runs._FLAG

    class Counted:
        def match(self, name: str) -> re.Match[str] | None:
            matched.append(name)
            return pattern.match(name)

    monkeypatch.setattr(dry_runs, "_FLAG", Counted())
    monkeypatch.setattr(dry_runs, "_FLAGS", {})
    purge = SPECS[9]
    assert preview_flag(purge, {"note_ids": ["n-1"]}) == "dry_run"  # its default is true
    assert preview_flag(purge, {"note_ids": ["n-1"], "dry_run": False}) is None
    assert preview_flag(purge, {"note_ids": ["n-1"], "dry_run": "TRUE "}) == "dry_run"
    assert matched == ["note_ids", "dry_run"]  # the names matched at the first call only
    assert preview_flag(SPECS[0], {"message": "hi"}) is None
    assert preview_flag(SPECS[0], {"message": "hi"}) is None
    assert matched == ["note_ids", "dry_run", "message"]


def test_preview_flags_once_the_store_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dry_runs, "_MAX_KEPT", 2)
    monkeypatch.setattr(dry_runs, "_FLAGS", {})
    for _ in range(3):
        for spec in SPECS:
            for arguments in ARGUMENTS:
                assert preview_flag(spec, arguments) == _preview_flag_before(spec, arguments)
            assert len(dry_runs._FLAGS) <= 2
    # a spec made again (another object, the same name) is read from its own schema
    again = _spec("purge_notes", {"note_ids": {"type": "array"}})
    assert preview_flag(again, {}) is None
