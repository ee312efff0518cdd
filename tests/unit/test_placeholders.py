"""A reference that announces it names nothing is not found (placeholders.py)."""

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin.placeholders import looks_up, placeholder
from tests.unit.test_recall import path_of, text

WIDGET = {"type": "object", "properties": {"widget_id": {"type": "integer"}, "label": {"type": "string"}}}
SHELF = {"type": "object", "properties": {"shelf_name": {"type": "string"}, "note": {"type": "string"}}}
STOCK = {"type": "object", "properties": {"widget_id": {"type": "integer"}, "quantity": {"type": "integer"}}}


@pytest.mark.parametrize(
    "value",
    ["notes_missing.txt", "/srv/root/nope", "no_such_dir", "NoSuchName", "nonexistent-shelf", "does-not-exist.csv",
     "ZZZZ", "XXX", 99999, "000000", 987654, 4242, "3f1c2a9e-0000-4000-8000-000000000000",
     "0123456789abcdef0123456789abcdef01234567", "C-9999", "task-00000000", "epic-12345678", "task-deadbeef",
     "D-0000", 123456, "not-a-commit", "not-an-inbox", "HAT999", "ZZ9999", "3f2b8c1e-9d4a-4e7b-a6c5-1b2d3e4f5a6b",
     "0b5e7c1d-2f3a-4b6c-8d9e-0f1a2b3c4d5e", 42, "TASK-42", "SHOP-99", "mia_li_0000", "deadbee", "deadbeef", "Nobody",
     404, "TASK-404", "H404", "E404"],
)  # fmt: skip
def test_names_that_say_they_name_nothing(value: object) -> None:
    assert placeholder(value) is not None


@pytest.mark.parametrize(
    "value",
    [
        "report.txt",
        "Projects",
        "AAPL",
        12345,
        41,
        142,  # 42 and 99 are made-up numbers only on their own
        "C-1042",
        "quill_42",  # a name's own number
        "cart:42",
        "rec_404",  # a name's own number
        "A4041",
        "H42",  # 42 run together with a tag is a name's number
        "4b1bf7013489b37bad44d62dfd78d2da",
        "2024",
        1,
        "todo-3",
        True,
        "C-1018",
        "task-3c26f236",
        "ORD-6E4C4ACB",
        "T-24254",
        "SKU-1001",
        "HAT083",  # a flight number run together with its tag
        "P12345678",  # a passport number: digits after a letter say nothing unless they only repeat
        "US123456789",
        "a028af349c5c405eb25267226ab7506d",
        "notebook-3",
    ],
)
def test_real_looking_names_are_not_placeholders(value: object) -> None:
    assert placeholder(value) is None


def test_only_tools_that_look_up_refuse_them() -> None:
    assert looks_up("get_widget", "read") and looks_up("cancel_order", "delete") and looks_up("cd", "none")
    assert not looks_up("create_widget", "create") and not looks_up("touch", "none")  # they make the name
    assert not looks_up("search_widgets", "none") and not looks_up("get_widgets", "list")  # they answer []


async def test_an_unseen_placeholder_reference_is_not_found() -> None:
    path = path_of(ToolSpec(name="get_widget", input_schema=WIDGET), ToolSpec(name="open_shelf", input_schema=SHELF))
    missing = await path.call("s", "get_widget", {"widget_id": 99999})
    assert missing.is_error and "99999" in text(missing) and "not found" in text(missing)
    shelf = await path.call("s", "open_shelf", {"shelf_name": "no_such_shelf"})
    assert shelf.is_error and "no_such_shelf" in text(shelf)
    assert not (await path.call("s", "get_widget", {"widget_id": 7})).is_error  # an ordinary unseen id: open world
    assert not (await path.call("s", "open_shelf", {"shelf_name": "a", "note": "the missing one"})).is_error


async def test_quantities_free_text_and_makers_are_left_alone() -> None:
    restock, create = (
        ToolSpec(name="restock_widget", input_schema=STOCK),
        ToolSpec(name="create_shelf", input_schema=SHELF),
    )
    path = path_of(restock, create)
    assert not (await path.call("s", "restock_widget", {"widget_id": 7, "quantity": 999})).is_error  # an amount
    assert not (await path.call("s", "create_shelf", {"shelf_name": "missing_items"})).is_error  # it makes the name


async def test_a_placeholder_the_session_established_is_found() -> None:
    path = path_of(ToolSpec(name="create_shelf", input_schema=SHELF), ToolSpec(name="open_shelf", input_schema=SHELF))
    assert not (await path.call("s", "create_shelf", {"shelf_name": "missing_items"})).is_error
    assert not (await path.call("s", "open_shelf", {"shelf_name": "missing_items"})).is_error
    assert (await path.call("t", "open_shelf", {"shelf_name": "missing_items"})).is_error  # another session: unseen


async def test_a_maker_naming_a_placeholder_it_belongs_to_is_refused_but_not_its_own_name() -> None:
    task = {"type": "object", "properties": {"contact_id": {"type": "string"}, "title": {"type": "string"}}}
    path = path_of(ToolSpec(name="create_task", input_schema=task), ToolSpec(name="get_contact", input_schema=task))
    orphan = await path.call("s", "create_task", {"contact_id": "C-0000", "title": "Site visit"})
    assert orphan.is_error and "C-0000" in text(orphan) and "not found" in text(orphan)
    assert not (await path.call("s", "create_task", {"contact_id": "C-1004", "title": "Site visit"})).is_error
    assert not (await path.call("s", "create_task", {"contact_id": "C-1004", "title": "no_such_task"})).is_error


def test_a_failure_said_in_json_establishes_nothing() -> None:
    """``{"status": "error", ...}`` without isError: the name it refused is no more known after it."""
    from mcp_sim.simulation.builtin import placeholders
    from mcp_sim.state.base import Turn

    def turn(body: str) -> Turn:
        result = {"content": [{"type": "text", "text": body}], "isError": False}
        return Turn(
            index=0, tool="get_customer", arguments={"customer_id": "cus_doesnotexist"}, route="sim", result=result
        )

    assert "cus_doesnotexist" not in placeholders._vocabulary([turn('{"status": "error", "error": "not found"}')])
    assert "cus_doesnotexist" in placeholders._vocabulary([turn('{"id": "cus_doesnotexist", "name": "Ann"}')])
