"""Issue 15, stop 34: what the general rules and the ledger kept or skipped per call answers as before.

Each cache or shortcut is checked against the computation it replaced (written out here as it was), on made-up
and random inputs, and each bounded cache is checked to answer the same once cleared or evicted.
"""

from __future__ import annotations

import json
import random
import re
import sys
from typing import Any

import pytest
from mcp.types import CallToolResult, ContentBlock, TextContent

from mcp_sim.config import EntityEffect, ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.ledger import effects
from mcp_sim.ledger.effects import EntityTypes, name_words, observed_effects, plural, with_observed
from mcp_sim.ledger.entities import Effect
from mcp_sim.ledger.namespaces import without_namespace
from mcp_sim.simulation.builtin import conflicts, lifecycle, overwrite, recall
from mcp_sim.simulation.learned import failed_answer
from mcp_sim.state.base import Turn

# --- ledger/effects.py: name_words -----------------------------------------------------------------------------


def _name_words_before(spec: ToolSpec) -> list[str]:
    """``name_words`` as it was before its cache: the name split with two regexes at every call."""
    words = [w for w in re.split(r"[^a-z0-9]+", effects._snake(without_namespace(spec.name))) if w]
    if len(words) < 2:
        words = [w for w in re.split(r"[^a-z0-9]+", effects._snake(spec.name)) if w]
    if len(words) > 2 and words[0] in effects._BATCH_WORDS:
        words = words[1:]
    if len(words) > 2 and words[-1] in ("tool", "tools"):
        words = words[:-1]
    return words


NAMES = [
    "create_item",
    "bulk_add_chunks",
    "register_project_tool",
    "notebook_create",
    "getUserProfile",
    "git_status",
    "list_tickets",
    "x",
    "__",
    "batchDeleteTools",
    "obsidian_read_note",
]


def _spec(name: str, properties: dict[str, Any] | None = None, **extra: Any) -> ToolSpec:
    return ToolSpec(name=name, inputSchema={"type": "object", "properties": properties or {}}, **extra)


def test_name_words_are_the_words_the_name_split_gave() -> None:
    for name in NAMES:
        spec = _spec(name)
        assert name_words(spec) == _name_words_before(spec)
        assert name_words(spec) == _name_words_before(spec)  # again, from the cache


def test_name_words_follow_a_namespace_learned_later_and_are_a_fresh_list() -> None:
    specs = [_spec(f"plumeq_{verb}_page", {"shelf": {"type": "string"}}) for verb in ("create", "read", "delete")]
    assert name_words(specs[1]) == ["plumeq", "read", "page"]  # no namespace known yet
    EntityTypes(specs)  # the tool list read: "plumeq" is its namespace
    assert name_words(specs[1]) == ["read", "page"] == _name_words_before(specs[1])
    words = name_words(specs[1])
    words.append("changed")  # a caller's list is its own
    assert name_words(specs[1]) == ["read", "page"]


def test_name_words_once_its_cache_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effects, "_MAX_NAME_WORDS", 3)
    monkeypatch.setattr(effects, "_NAME_WORDS", {})
    for _ in range(3):
        for name in NAMES:
            assert name_words(_spec(name)) == _name_words_before(_spec(name))
            assert len(effects._NAME_WORDS) <= 3


def test_a_plural_kept_is_the_plural(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effects, "_MAX_NAME_WORDS", 2)
    monkeypatch.setattr(effects, "_PLURALS", {})
    for word in ["item", "category", "box", "day", "news", "bus", "item", "status"] * 2:
        assert effects._plural(word) == plural(word)
        assert len(effects._PLURALS) <= 2


# --- ledger/effects.py: with_observed ----------------------------------------------------------------------------


def _with_observed_before(
    spec: ToolSpec, arguments: dict[str, Any], result: CallToolResult, reported: list[Effect], types: EntityTypes
) -> list[Effect]:
    """``with_observed`` as it was: every effect the answer shows worked out, then those reported dropped."""
    known = {(e.entity, e.id) for e in reported}
    told = {(e.entity, e.op) for e in reported}
    seen = observed_effects(spec, arguments, result, types)
    return [*reported, *(e for e in seen if (e.entity, e.id) not in known and (e.entity, e.op) not in told)]


ID = {"type": "string"}
SPECS = [
    _spec("create_widget", {"name": ID, "notes": ID}),
    _spec("update_widget", {"widget_id": ID, "status": ID, "delete": {"type": "boolean"}}),
    _spec("delete_widget", {"widget_id": ID}),
    _spec("get_widget", {"widget_id": ID}),
    _spec("list_widgets", {}),
    _spec("create_gadget", {"name": ID, "widget_id": ID}),
    _spec("add_gadgets", {"gadgets": {"type": "array", "items": {"type": "object"}}}),
    _spec("make_folder", {"path": ID}, effects={"kind": "create", "entity": "folder", "id": "path"}),
    _spec("drop_folder", {"path": ID}, effects={"kind": "delete", "entity": "folder", "id": "path"}),
    _spec("create_widget_preview", {"name": ID, "dry_run": {"type": "boolean"}}),
]
ENTITIES = ["widget", "gadget", "folder"]


def _body(rng: random.Random) -> Any:
    def record() -> dict[str, Any]:
        return {
            rng.choice(["widget_id", "gadget_id", "id", "path"]): rng.choice(["w-1", "w-2", "g-1", "/a/b/", "/a"]),
            "name": rng.choice(["x", "y"]),
            "status": rng.choice(["open", "error", "done"]),
        }

    shape = rng.randrange(6)
    if shape == 0:
        return record()
    if shape == 1:
        return {rng.choice(["widgets", "gadgets", "items", "results"]): [record() for _ in range(rng.randrange(4))]}
    if shape == 2:
        return [record() for _ in range(rng.randrange(3))]
    if shape == 3:
        return {"widget": record(), "gadget": record(), "success": True}
    if shape == 4:
        return {"error": "not found"} if rng.random() < 0.5 else {"status": "failed"}
    return {**record(), "gadgets": [record()]}


def _arguments(rng: random.Random) -> dict[str, Any]:
    keys = ["name", "notes", "widget_id", "status", "delete", "path", "dry_run", "gadgets"]
    values: list[Any] = ["w-1", "w-2", "g-1", "/a/b/", True, False, "true", [{"gadget_id": "g-2", "name": "z"}]]
    return {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 4))}


def _reported(rng: random.Random) -> list[Effect]:
    ops = ["create", "update", "delete", "observe", "assume"]
    ids = ["w-1", "w-2", "g-1", "g-2", "/a/b", "/a"]
    records: list[dict[str, Any] | None] = [None, {"name": "x"}]
    made = [
        (rng.choice(ops), rng.choice(ENTITIES), rng.choice(ids), rng.choice(records)) for _ in range(rng.randrange(4))
    ]
    return [Effect(op, entity, id_, record) for op, entity, id_, record in made]  # type: ignore[arg-type]


def test_with_observed_keeps_what_it_kept_when_every_effect_was_worked_out() -> None:
    types = EntityTypes(SPECS)
    rng = random.Random(34)
    kept = 0
    for _ in range(3000):
        spec = rng.choice(SPECS)
        body, failed = _body(rng), rng.random() < 0.05
        text: list[ContentBlock] = [TextContent(type="text", text=json.dumps(body))]
        if isinstance(body, list):  # a top-level list answers in text
            result = CallToolResult(content=text, is_error=failed)
        else:
            result = CallToolResult(content=text, structured_content=body, is_error=failed)
        arguments, reported = _arguments(rng), _reported(rng)
        assert with_observed(spec, arguments, result, reported, types) == _with_observed_before(
            spec, arguments, result, reported, types
        )
        kept += len(with_observed(spec, arguments, result, reported, types)) > len(reported)
    assert kept > 300  # the cases add effects often: the comparison is not of empty lists


def test_a_told_create_is_not_worked_out_again_and_a_delete_flag_is_a_delete() -> None:
    types = EntityTypes(SPECS)
    body = {"widget_id": "w-9", "name": "x"}
    result = CallToolResult(content=[], structured_content=body)
    told = [Effect("create", "widget", "w-9", {"widget_id": "w-9"})]
    assert with_observed(SPECS[0], {"name": "x"}, result, told, types) == told
    # an update whose arguments delete: its effect is a delete, so a reported update (of another) leaves it in
    update = [Effect("update", "widget", "w-2", {"status": "x"})]
    found = with_observed(SPECS[1], {"widget_id": "w-1", "delete": True}, result, update, types)
    assert Effect("delete", "widget", "w-1") in found
    assert found == _with_observed_before(SPECS[1], {"widget_id": "w-1", "delete": True}, result, update, types)


def test_every_op_declared_is_the_op_of_what_declared_gives() -> None:
    rng = random.Random(7)
    kinds = ["create", "read", "update", "delete", "list", "none"]
    for _ in range(500):
        kind, id_ = rng.choice(kinds), rng.choice(["widget_id", "name", "a[]"])
        effect = EntityEffect(kind=kind, entity="widget", id=id_)  # type: ignore[arg-type]
        arguments, body = _arguments(rng), _body(rng)
        ops = {e.op for e in effects._declared(effect, arguments, body)}
        op = effects._declared_op(effect, arguments)
        assert ops <= ({op} if op is not None else set())


# --- overwrite.py -------------------------------------------------------------------------------------------------


def _flag_of_before(input_schema: dict[str, Any]) -> str | None:
    for key, prop in (input_schema.get("properties") or {}).items():
        snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()
        boolean = isinstance(prop, dict) and prop.get("type") == "boolean"
        if snake in overwrite.FLAGS and boolean and prop.get("default") is not True:
            return str(key)
    return None


def test_the_overwrite_flag_is_the_one_found_before() -> None:
    rng = random.Random(3)
    keys = ["overwrite", "existOk", "exist_ok", "force", "Force", "path", "replaceExisting", "overwriteExisting", "ok"]
    props: list[Any] = [{"type": "boolean"}, {"type": "boolean", "default": True}, {"type": "string"}, True, {}]
    for _ in range(2000):
        schema = {"properties": {k: rng.choice(props) for k in rng.sample(keys, rng.randint(0, 4))}}
        assert overwrite.flag_of(schema) == _flag_of_before(schema)
    overwrite._is_flag.cache_clear()  # dropped: worked out again, the same
    assert overwrite.flag_of({"properties": {"existOk": {"type": "boolean"}}}) == "existOk"


# --- conflicts.py and lifecycle.py --------------------------------------------------------------------------------


def _names_in_before(arguments: dict[str, Any], tool: str = "") -> dict[str, str]:
    named = {
        key: value
        for key, value in arguments.items()
        if isinstance(value, str) and value and conflicts._names_made_thing.__wrapped__(key, tool)
    }
    ids = {k: str(v) for k, v in arguments.items() if conflicts._ID.search(k) and isinstance(v, str | int) and str(v)}
    head = conflicts._head_noun(tool)
    chosen = {k: v for k, v in ids.items() if head and k in (f"{head}_id", f"{head}Id")}
    if len(ids) >= 2 and len(ids) == len(arguments):
        chosen = ids
    return {**named, **chosen}


def test_the_names_a_create_chooses_are_those_found_before() -> None:
    rng = random.Random(5)
    tools = ["create_graph", "create_branch", "add_dependency", "create_record", "createProject", "delete_x", ""]
    keys = ["name", "branch_name", "projectName", "graph_id", "task_id", "depends_on_task_id", "model_name", "id"]
    values: list[Any] = ["a", "", 3, True, None, "b", ["x"]]
    for _ in range(3000):
        tool = rng.choice(tools)
        arguments = {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 4))}
        found = conflicts.names_in(arguments, tool)
        assert found == _names_in_before(arguments, tool)
        assert list(found) == list(_names_in_before(arguments, tool))  # in the same order
        assert conflicts.creates(tool) == bool(conflicts._words(tool) & conflicts._CREATES)
    conflicts._is_id.cache_clear()
    conflicts._names_made_thing.cache_clear()
    assert conflicts.names_in({"graph_id": "g", "name": "n"}, "create_graph") == {"name": "n", "graph_id": "g"}


def _key_before(tool: str, arguments: dict[str, Any]) -> tuple[Any, ...]:
    return (
        tool,
        *(
            (k, v if isinstance(v, str) else tuple(x for x in v if isinstance(x, str)))
            for k, v in arguments.items()
            if isinstance(v, str | list)
        ),
    )


def test_a_calls_key_and_what_a_description_says_are_as_worked_out_before() -> None:
    rng = random.Random(11)
    values: list[Any] = ["a", 1, None, ["x", 2, "y"], [], {"k": "v"}, True]
    for _ in range(2000):
        arguments = {k: rng.choice(values) for k in rng.sample(["a", "b", "c", "d"], rng.randint(0, 4))}
        assert lifecycle._key("t", arguments) == _key_before("t", arguments)
    descriptions = [
        "Creates a sheet. The name must not already exist.",
        "Creates or overwrites the file.",
        "Make a folder; succeed silently if it exists.",
        "Create a thing",
        "An existing branch is rejected. Idempotent otherwise.",
    ]
    for text in descriptions:
        said = (bool(lifecycle._ACCEPTS.search(text)), bool(lifecycle._REFUSES.search(text)))
        assert lifecycle._says(text) == said
        lifecycle._says.cache_clear()
        assert lifecycle._says(text) == said
    for key in ["sheetName", "new_name", "filePath", "ID", "aB"]:
        assert lifecycle._snake(key) == re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()


def test_a_create_of_a_made_name_still_fails_and_one_allowed_to_overwrite_does_not() -> None:
    ok = {"content": [{"type": "text", "text": "ok"}]}
    made = [Turn(index=0, tool="create_sheet", arguments={"sheet": "Q1"}, route="sim", result=ok)]
    with pytest.raises(InvalidArguments, match="already exists"):
        lifecycle.check("create_sheet", "Create a sheet", {"sheet": "Q1"}, made)
    lifecycle.check("create_sheet", "Create or overwrite a sheet", {"sheet": "Q1"}, made)  # accepts: no error


# --- recall.py ----------------------------------------------------------------------------------------------------


def test_a_space_is_what_str_isspace_says() -> None:
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        assert (recall._SPACE.search(char) is not None) == char.isspace(), hex(code)


def _terms_before(value: Any) -> set[str]:
    found: set[str] = set()

    def collect(value: Any) -> None:
        if isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, str | int | float) and not isinstance(value, bool):
            text = str(value)
            found.add(text)
            if any(c.isspace() for c in text):
                found.update(t for t in recall._TOKEN.findall(text) if len(t) >= 3 or any(c.isdigit() for c in t))

    collect(value)
    return found


def _succeeded_before(turn: Turn) -> bool:
    if turn.error is not None or turn.result is None or turn.result.get("isError", False):
        return False
    texts = [str(b.get("text", "")) for b in turn.result.get("content") or [] if isinstance(b, dict)]
    return not failed_answer(turn.result.get("structuredContent"), "\n".join(texts))


def test_terms_and_success_are_as_read_before() -> None:
    rng = random.Random(13)
    texts = ["ok", "Error: no", '{"status": "error"}', '{"error": ""}', "a\u00a0b c1", "x\u2028y", "", "Q1 report 2025"]
    structured: list[Any] = [None, {"status": "failed"}, {"result": "Error executing"}, {"ok": True}, [], "x"]
    for index in range(3000):
        arguments = {k: rng.choice([*texts, 7, 2.5, True, [rng.choice(texts)]]) for k in rng.sample("abc", 2)}
        assert recall.terms(arguments) == _terms_before(arguments)
        result: dict[str, Any] = {"content": [{"type": "text", "text": rng.choice(texts)} for _ in range(2)]}
        if (shown := rng.choice(structured)) is not None:
            result["structuredContent"] = shown
        if rng.random() < 0.1:
            result["isError"] = True
        turn = Turn(index=index, tool="t", arguments=arguments, route="sim", result=result)
        assert recall.succeeded(turn) == _succeeded_before(turn)
