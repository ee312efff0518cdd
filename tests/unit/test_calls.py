from pathlib import Path

import pytest

from mcp_sim.errors import InvalidArguments, UnknownTool
from mcp_sim.outcome import Outcome
from mcp_sim.simulation.base import SimulationRequest
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from tests.unit.helpers import tickets_path


async def test_unknown_tool(tmp_path: Path) -> None:
    with pytest.raises(UnknownTool, match="Unknown tool: 'nope'"):
        await tickets_path(tmp_path).call("s", "nope", {})


async def test_arguments_are_validated_before_anything_runs(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    with pytest.raises(InvalidArguments, match="Invalid argument 'priority' for tool 'create_ticket'"):
        await path.call("s", "create_ticket", {"title": "x", "priority": "whenever"})
    with pytest.raises(InvalidArguments, match="Additional properties are not allowed"):
        await path.call("s", "create_ticket", {"title": "x", "colour": "red"})
    assert await path.store.sessions() == [], "a rejected call leaves no turn behind"


async def test_invalid_argument_message_does_not_echo_a_huge_value(tmp_path: Path) -> None:
    """jsonschema quotes the offending value: 100k items made a 500 kB isError text in the agent's context."""
    path = tickets_path(tmp_path)
    with pytest.raises(InvalidArguments, match="Invalid argument 'title' for tool 'create_ticket'") as raised:
        await path.call("s", "create_ticket", {"title": ["a"] * 100_000})
    assert len(str(raised.value)) < 1000
    assert "more characters" in str(raised.value)


async def test_a_call_that_fails_inside_mcp_sim_is_still_recorded_as_a_turn(tmp_path: Path) -> None:
    """An exception outside the error tree (a bug) left no turn: the call vanished from the episode's history."""

    class BrokenWorldModel(SchemaWorldModel):  # a double: the real one cannot be made to fail this way on demand
        async def simulate(self, request: SimulationRequest) -> Outcome:
            raise KeyError("oops")

    path = tickets_path(tmp_path)
    path.world_model = BrokenWorldModel()
    with pytest.raises(KeyError):
        await path.call("s", "list_tickets", {})
    turns = await path.store.turns("t", "s")
    assert [(t.tool, t.result) for t in turns] == [("list_tickets", None)]
    assert turns[0].error == {"code": -32603, "message": "internal error: KeyError: 'oops'"}
    assert (await path.store.load("t", "s")).call_count == 1


async def test_each_call_is_recorded_as_a_turn_with_its_route(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    await path.call("s", "create_ticket", {"title": "x"})
    await path.call("s", "get_ticket", {"ticket_id": "missing"})
    turns = await path.store.turns("t", "s")
    assert [(t.index, t.tool, t.route) for t in turns] == [(0, "create_ticket", "sim"), (1, "get_ticket", "sim")]
    assert turns[1].result is not None and turns[1].result["isError"] is True
    assert turns[0].effects[0].op == "create"


async def test_session_routing_to_real_without_backend_is_a_clear_tool_error(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    state = await path.store.load("t", "s")
    state.routing = {"default": "real", "overrides": {}}
    await path.store.save(state)
    result = await path.call("s", "list_tickets", {})
    assert result.is_error and "has no real backend" in result.content[0].text  # type: ignore[union-attr]


async def test_one_request_sessions_leave_no_lock_behind(tmp_path: Path) -> None:
    path = tickets_path(tmp_path)
    for _ in range(3):
        await path.call(None, "list_tickets", {})
    assert len(path.store._locks) == 0  # type: ignore[attr-defined]


def test_the_flat_schema_shortcut_says_valid_only_where_jsonschema_does() -> None:
    """``_invalid`` skips jsonschema for a flat object schema the arguments fit; it must never pass what the
    tool's validator (any draft, with its format checker) refuses, and must fire on the common schema."""
    import itertools

    import jsonschema

    from mcp_sim.catalog.flat import plainly_valid as _plainly_valid

    schemas: list[dict[str, object]] = [
        {"type": "object", "properties": {"name": {"type": "string"}, "notes": {"type": "string"}}},
        {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"], "additionalProperties": False},
        {"type": "object", "properties": {"x": {"type": ["number", "null"], "description": "d"}, "y": True}},
        {"type": "object", "properties": {"b": {"type": "boolean"}, "o": {"type": "object"}, "a": {"type": "array"}}},
        {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "type": "object",
            "properties": {"i": {"type": "integer"}},
        },
        {
            "$schema": "http://json-schema.org/draft-03/schema#",
            "type": "object",
            "properties": {"i": {"type": "integer"}},
        },
        {"type": "object", "properties": {"d": {"type": "string", "format": "date"}}},
        {"type": "object", "properties": {"e": {"type": "string", "enum": ["a"]}}},
        {"type": "object", "properties": {"m": {"type": "string", "minLength": 3}}},
        {"type": "object", "properties": {"f": False}},
        {"type": "object", "patternProperties": {"^z": {"type": "integer"}}},
        {"type": ["object"], "properties": {"s": {"type": "string"}}},
    ]
    values: list[object] = ["x", "2024-13-45", "", 1, 0, True, False, 1.0, 2.5, None, {}, {"k": 1}, [], [1]]
    names = ["name", "notes", "n", "x", "y", "b", "o", "a", "i", "d", "e", "m", "f", "z1", "s", "other"]
    fired = 0
    for schema in schemas:
        validator = jsonschema.validators.validator_for(schema, jsonschema.Draft202012Validator)(
            schema, format_checker=jsonschema.FormatChecker()
        )
        candidates: list[object] = [{}, [], "args", {"n": 1, "extra": 2}]
        candidates += [{name: value} for name in names for value in values]
        candidates += [{a: v, b: w} for (a, b) in itertools.combinations(names[:9], 2) for v, w in [("x", 1), (1, "x")]]
        for arguments in candidates:
            if _plainly_valid(validator, arguments):  # type: ignore[arg-type]
                fired += 1
                assert validator.is_valid(arguments), (schema, arguments)
    assert _plainly_valid(jsonschema.Draft202012Validator(schemas[0]), {"name": "w1"})
    assert fired > 100


def test_check_arguments_takes_the_flat_shortcut_and_still_refuses_the_rest(tmp_path: Path) -> None:
    """The shortcut lives in ``CatalogEntry.check_arguments`` (stop 31): a call the flat schema holds never reaches
    jsonschema's walk; anything else still gets the validator's own message."""
    import dataclasses

    from tests.unit.helpers import tools_path

    schema = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
    path = tools_path(tmp_path, [{"name": "make", "description": "Make one.", "inputSchema": schema}])
    entry = path.catalog.get("make")
    assert entry is not None

    class Walks:
        def __init__(self, validator: object) -> None:
            self.schema = getattr(validator, "schema")  # noqa: B009
            self.walks = 0
            self._validator = validator

        def iter_errors(self, arguments: object) -> object:
            self.walks += 1
            return self._validator.iter_errors(arguments)  # type: ignore[attr-defined]

    counted = Walks(entry.validator)
    probe = dataclasses.replace(entry, validator=counted)  # type: ignore[arg-type]
    probe.check_arguments({"title": "t"})
    assert counted.walks == 0
    for wrong in ({"title": 3}, {}, {"title": True}):
        with pytest.raises(InvalidArguments) as refused:
            probe.check_arguments(wrong)
        with pytest.raises(InvalidArguments) as same:
            entry.check_arguments(wrong)
        assert str(refused.value) == str(same.value)
    assert counted.walks == 3


def test_siblings_are_worked_out_once_per_catalog_and_follow_a_replaced_one(tmp_path: Path) -> None:
    from mcp_sim.catalog.specs import Catalog

    path = tickets_path(tmp_path)
    entry = next(iter(path.catalog))
    home = entry.upstream or entry.source
    expected = [e.spec for e in path.catalog if (e.upstream or e.source) == home]
    first = path._siblings(entry)
    assert first == expected
    assert path._siblings(entry) is first  # kept
    path.catalog = Catalog([entry])  # the admin API replaces the catalog (a profile switch)
    assert path._siblings(entry) == [entry.spec]


def test_a_session_copy_is_independent_of_its_original() -> None:
    from mcp_sim.ledger.entities import Ledger
    from mcp_sim.state.base import SessionState

    state = SessionState("e", "k", call_count=2, tool_calls={"a": 2}, ledger=Ledger(), cursors={"c": {"n": [1]}})
    state.routing = {"default": "sim", "overrides": {"x": "real"}}
    copied = state.copy()
    assert type(copied) is SessionState and copied == state and copied is not state
    copied.tool_calls["a"] = 3
    copied.cursors["c"]["n"].append(2)
    assert copied.routing is not None
    copied.routing["overrides"]["y"] = "sim"
    copied.call_count = 9
    assert state.tool_calls == {"a": 2} and state.cursors == {"c": {"n": [1]}} and state.call_count == 2
    assert state.routing == {"default": "sim", "overrides": {"x": "real"}}
