"""Records the caller names (ledger/natural_keys.py), a ``Model | None`` answer field that shows the record acted on
(builtin/simulator.py), and a read's ``found`` flag (builtin/outcome_fields.py, result_models.py): a glossary kept
by lemma, as a pydantic server describes it."""

from __future__ import annotations

from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.effects import EntityTypes, effect_of
from tests.unit.test_recall import path_of

ENTRY: dict[str, Any] = {
    "type": "object",
    "properties": {
        "lemma": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "definition": {"type": "string"},
        "notes": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    },
    "required": ["lemma", "tags", "definition"],
}
NULLABLE_TEXT = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
NULLABLE_ENTRY = {"anyOf": [{"$ref": "#/$defs/EntryOut"}, {"type": "null"}], "default": None}
WRITE_RESULT: dict[str, Any] = {
    "$defs": {"EntryOut": ENTRY},
    "type": "object",
    "properties": {"ok": {"type": "boolean"}, "error": NULLABLE_TEXT, "entry": NULLABLE_ENTRY},
    "required": ["ok"],
}
LOOKUP_RESULT: dict[str, Any] = {
    "$defs": {"EntryOut": ENTRY},
    "type": "object",
    "properties": {"found": {"type": "boolean"}, "entry": NULLABLE_ENTRY},
    "required": ["found"],
}
LEMMA = {"lemma": {"type": "string"}}


def _schema(required: list[str], **optional: Any) -> dict[str, Any]:
    properties = {**{r: {"type": "string"} for r in required}, **optional}
    return {"type": "object", "properties": properties, "required": required}


def glossary() -> list[ToolSpec]:
    tags = {"type": "array", "items": {"type": "string"}}
    return [
        ToolSpec(name="add_term", input_schema=_schema(["lemma", "definition"], tags=tags), output_schema=WRITE_RESULT),
        ToolSpec(name="lookup_term", input_schema=_schema(["lemma"]), output_schema=LOOKUP_RESULT),
        ToolSpec(
            name="update_term",
            input_schema=_schema(["lemma"], definition={"type": "string"}),
            output_schema=WRITE_RESULT,
        ),
        ToolSpec(name="delete_term", input_schema=_schema(["lemma"]), output_schema=WRITE_RESULT),
        ToolSpec(name="search", input_schema=_schema(["query"])),
    ]


def test_a_text_argument_the_create_requires_and_the_reads_name_alone_is_the_key() -> None:
    specs = glossary()
    EntityTypes(specs)
    assert [effect_of(s).id for s in specs[:4]] == ["lemma", "lemma", "lemma", "lemma"]
    assert effect_of(specs[4]).id is None


def test_an_argument_other_types_require_too_is_a_place_not_a_key() -> None:
    # a workbook server: ``path`` picks the file every tool acts in, whatever the sheet or chart
    specs = [
        ToolSpec(name="create_sheet", input_schema=_schema(["path", "title"])),
        ToolSpec(name="describe_sheet", input_schema=_schema(["path"])),
        ToolSpec(name="create_chart", input_schema=_schema(["path", "sheet"])),
        ToolSpec(name="delete_chart", input_schema=_schema(["path", "chart"])),
    ]
    EntityTypes(specs)
    assert effect_of(specs[1]).id is None and effect_of(specs[0]).id == "id"


def test_a_create_that_answers_an_id_of_its_own_mints_ids() -> None:
    minted = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
    specs = [
        ToolSpec(name="create_npc", input_schema=_schema(["name", "role"]), output_schema=minted),
        ToolSpec(name="get_npc", input_schema=_schema(["name"])),
        ToolSpec(name="list_npcs", input_schema=_schema([])),
    ]
    EntityTypes(specs)
    assert effect_of(specs[0]).id == "id" and effect_of(specs[1]).id is None


async def test_a_term_is_kept_under_its_lemma_and_shown_in_the_optional_entry() -> None:
    path = path_of(*glossary())
    added = await path.call("s", "add_term", {"lemma": "nack", "tags": ["net"], "definition": "negative ack"})
    assert added.structured_content is not None
    assert added.structured_content["entry"] == {
        "lemma": "nack",
        "tags": ["net"],
        "definition": "negative ack",
        "notes": None,
    }  # not the model's default null: the entry the call made
    await path.call("s", "update_term", {"lemma": "nack", "definition": "a resend request"})
    read = await path.call("s", "lookup_term", {"lemma": "nack"})
    assert read.structured_content is not None and read.structured_content["found"] is True
    assert read.structured_content["entry"]["definition"] == "a resend request"
    deleted = await path.call("s", "delete_term", {"lemma": "nack"})
    assert deleted.structured_content is not None and deleted.structured_content["entry"]["lemma"] == "nack"
    gone = await path.call("s", "lookup_term", {"lemma": "nack"})
    # a read's model says "not found" with its flag, as an ordinary answer
    assert not gone.is_error and gone.structured_content == {"found": False, "entry": None}


def test_an_example_that_found_nothing_is_learned_as_a_failure() -> None:
    # ``{"found": false, "entry": null}`` is the read's not-found: learned as its failure form, not as a success
    # whose shape a later read that found its record would copy
    from mcp_sim.simulation.learned import failed_answer

    assert failed_answer({"found": False, "entry": None}, "")
    assert not failed_answer({"found": True, "entry": {"lemma": "ack"}}, "")


def blobs() -> list[ToolSpec]:
    return [
        ToolSpec(name="put_blob", input_schema=_schema(["key", "body"])),
        ToolSpec(name="get_blob", input_schema=_schema(["key"])),
        ToolSpec(name="delete_blob", input_schema=_schema(["key"])),
        ToolSpec(name="list_blobs", input_schema=_schema([])),
    ]


def test_a_put_keeps_its_record_under_the_key_the_caller_gives() -> None:
    specs = blobs()
    EntityTypes(specs)
    assert [(effect_of(s).kind, effect_of(s).id) for s in specs[:3]] == [
        ("create", "key"),
        ("read", "key"),
        ("delete", "key"),
    ]


async def test_a_blob_put_is_listed_and_gone_after_its_delete() -> None:
    path = path_of(*blobs())
    await path.call("s", "put_blob", {"key": "backups/2026-01-20.tar", "body": "tarball"})
    listed = await path.call("s", "list_blobs", {})
    assert "backups/2026-01-20.tar" in listed.content[0].text  # type: ignore[union-attr]
    await path.call("s", "delete_blob", {"key": "backups/2026-01-20.tar"})
    assert (await path.call("s", "get_blob", {"key": "backups/2026-01-20.tar"})).is_error
    # a store's keys are its records' ids: one never put is not there (an S3 bucket says NoSuchKey)
    assert (await path.call("s", "get_blob", {"key": "backups/2026-01-13.tar"})).is_error


async def test_a_term_added_twice_under_one_lemma_is_taken_the_second_time() -> None:
    path = path_of(*glossary())
    term = {"lemma": "nack", "tags": ["net"], "definition": "negative ack"}
    assert not (await path.call("s", "add_term", term)).is_error
    again = (await path.call("s", "add_term", term)).structured_content or {}
    # said in the tool's own model, as the glossary says it: ``{"ok": false, "error": "...", "entry": null}``
    assert again["ok"] is False and "already exists" in again["error"] and again["entry"] is None
    await path.call("s", "delete_term", {"lemma": "nack"})
    made = (await path.call("s", "add_term", term)).structured_content or {}
    assert made["ok"] is True  # gone, so free again
