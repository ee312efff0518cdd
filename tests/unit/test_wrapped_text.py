"""A tool whose outputSchema only wraps one string answers prose in that string (wrapped.py), on made-up tools."""

from mcp_sim.config import ToolSpec
from mcp_sim.simulation.builtin import wrapped
from tests.unit.test_recall import path_of

RESULT = {"type": "object", "properties": {"result": {"type": "string", "title": "Result"}}, "required": ["result"]}
BOOK = {"type": "object", "properties": {"title": {"type": "string"}, "shelf": {"type": "string"}},
        "required": ["title"]}  # fmt: skip
BOOK_ID = {"type": "object", "properties": {"book_id": {"type": "string"}}, "required": ["book_id"]}


def test_only_an_object_holding_a_single_free_string_is_a_wrapper() -> None:
    assert wrapped.text_slot(RESULT) == "result"
    assert wrapped.text_slot({"type": "object", "properties": {"count": {"type": "integer"}}}) is None
    assert wrapped.text_slot({"type": "object", "properties": {"state": {"type": "string", "enum": ["a"]}}}) is None
    assert (
        wrapped.text_slot({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}) is None
    )
    assert wrapped.text_slot(None) is None


async def test_writes_and_reads_say_what_the_session_did_in_the_wrapped_string() -> None:
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=RESULT)
    shelve = ToolSpec(name="update_book", input_schema={**BOOK_ID, "properties": {**BOOK_ID["properties"],
                      "shelf": {"type": "string"}}}, output_schema=RESULT)  # fmt: skip
    get = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=RESULT)
    path = path_of(add, shelve, get)
    created = await path.call("s", "add_book", {"title": "Dune", "shelf": "sci-fi"})
    said = (created.structured_content or {})["result"]
    assert "Dune" in said and "sci-fi" in said  # not a made-up value for the slot
    assert created.content[0].type == "text" and created.content[0].text == said  # the string itself, not JSON
    book_id = said.split("id: ")[1].split(",")[0]
    await path.call("s", "update_book", {"book_id": book_id, "shelf": "classics"})
    read = (await path.call("s", "get_book", {"book_id": book_id})).structured_content or {}
    assert "Dune" in read["result"] and "classics" in read["result"]


async def test_a_list_in_a_wrapped_string_names_each_record() -> None:
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=RESULT)
    listing = ToolSpec(name="list_books", input_schema={"type": "object", "properties": {}}, output_schema=RESULT)
    path = path_of(add, listing)
    await path.call("s", "add_book", {"title": "Dune"})
    await path.call("s", "add_book", {"title": "Emma"})
    said = ((await path.call("s", "list_books", {})).structured_content or {})["result"]
    assert "Dune" in said and "Emma" in said


LISTED = {"type": "object", "properties": {"result": {"type": "array", "title": "Result",
          "items": {"type": "object", "additionalProperties": True}}}, "required": ["result"]}  # fmt: skip
FLAG = {"type": "object", "properties": {"result": {"type": "boolean", "title": "Result"}}, "required": ["result"]}


async def test_a_list_of_any_objects_shows_the_records_the_session_made() -> None:
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=RESULT)
    listing = ToolSpec(name="list_books", input_schema={"type": "object", "properties": {}}, output_schema=LISTED)
    path = path_of(add, listing)
    await path.call("s", "add_book", {"title": "Dune", "shelf": "sci-fi"})
    shown = ((await path.call("s", "list_books", {})).structured_content or {})["result"]
    assert [(book["title"], book["shelf"]) for book in shown] == [("Dune", "sci-fi")]  # not [{}]


async def test_a_write_answering_one_boolean_says_it_worked() -> None:
    assert wrapped.flag_slot(FLAG) == "result" and wrapped.flag_slot(RESULT) is None
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=RESULT)
    remove = ToolSpec(name="delete_book", input_schema=BOOK_ID, output_schema=FLAG)
    path = path_of(add, remove)
    answers = []
    for title in ("Dune", "Emma", "Ulysses", "Beloved", "Middlemarch"):  # a made-up boolean would vary
        said = ((await path.call("s", "add_book", {"title": title})).structured_content or {})["result"]
        book_id = said.split("id: ")[1].split(",")[0]
        answers.append((await path.call("s", "delete_book", {"book_id": book_id})).structured_content)
    assert answers == [{"result": True}] * 5


async def test_a_create_answering_one_integer_answers_the_id_it_gave() -> None:
    number = {"type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]}
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=number)
    get = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=RESULT)
    path = path_of(add, get)
    given = [((await path.call("s", "add_book", {"title": t})).structured_content or {})["result"] for t in "ABC"]
    assert given == [1, 2, 3]  # the rows it made, numbered, not made-up numbers
    read = (await path.call("s", "get_book", {"book_id": str(given[1])})).structured_content or {}
    assert "title: B" in read["result"]  # the id it answered is the one its ledger keeps


WRAPPED_DICT = {"type": "object", "properties": {"result": {"type": "object", "title": "Result",
                "additionalProperties": True}}, "required": ["result"]}  # fmt: skip
SHELF = {"type": "object", "properties": {"shelf_id": {"type": "string"}}, "required": ["shelf_id"]}


def test_a_single_open_object_or_list_of_open_objects_is_a_wrapper() -> None:
    assert wrapped.object_slot(WRAPPED_DICT) == "result"
    assert wrapped.records_slot(LISTED) == "result"
    assert wrapped.object_slot(LISTED) is None and wrapped.records_slot(WRAPPED_DICT) is None
    closed = {"type": "object", "properties": {"result": {"type": "object", "properties": {"a": {"type": "string"}}}}}
    assert wrapped.object_slot(closed) is None  # it has keys to shape the answer by
    counts = {"type": "object", "additionalProperties": {"type": "integer"}}
    a_map = {"type": "object", "properties": {"result": counts}}
    assert wrapped.object_slot(a_map) is None  # {"x.xlsx": 5499}: a map, not any object
    optional = {"anyOf": [{"type": "object", "additionalProperties": True}, {"type": "null"}]}
    assert wrapped.object_slot({"type": "object", "properties": {"result": optional}}) == "result"  # dict | None


async def test_a_wrapped_dict_answers_the_record_as_a_top_level_dict_would() -> None:
    """FastMCP wraps a function returning ``dict`` as ``{"result": {...}}``: the answer inside is the record, not
    ``{}`` (which told the agent nothing and dropped what the session established)."""
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=WRAPPED_DICT)
    get = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=WRAPPED_DICT)
    path = path_of(add, get)
    created = ((await path.call("s", "add_book", {"title": "Dune"})).structured_content or {})["result"]
    assert created["success"] is True and created["title"] == "Dune"
    read = ((await path.call("s", "get_book", {"book_id": created["book_id"]})).structured_content or {})["result"]
    assert read["title"] == "Dune"


async def test_a_create_shows_no_id_for_a_type_no_tool_names_by_id() -> None:
    """``add_slide(shelf_id, title)`` where every other tool takes slides by position: the ledger keys the slide,
    but the answer tells the agent no id the server would never give (fidelity's A: an invented id)."""
    add_slide = ToolSpec(name="add_slide", input_schema={**SHELF, "properties": {**SHELF["properties"],
                         "title": {"type": "string"}}}, output_schema=WRAPPED_DICT)  # fmt: skip
    add_book = ToolSpec(name="add_book", input_schema=BOOK, output_schema=WRAPPED_DICT)
    get_book = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=WRAPPED_DICT)
    path = path_of(add_slide, add_book, get_book)
    slide = (await path.call("s", "add_slide", {"shelf_id": "s1", "title": "Intro"})).structured_content or {}
    assert "id" not in slide["result"] and slide["result"]["title"] == "Intro"
    book = ((await path.call("s", "add_book", {"title": "Dune"})).structured_content or {})["result"]
    assert book["book_id"]  # get_book(book_id) names books by id: their create says which, as get_book takes it


async def test_a_lookup_returning_dict_or_none_says_none_for_an_id_it_does_not_have() -> None:
    """``def get_book(book_id) -> dict | None`` answers an unknown id ``{"result": null}`` without isError: that is
    how such a tool says "not found", and an agent must learn to read it so."""
    optional = {"type": "object", "required": ["result"], "properties": {"result": {"anyOf": [
                {"type": "object", "additionalProperties": True}, {"type": "null"}]}}}  # fmt: skip
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=WRAPPED_DICT)
    get = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=optional)
    path = path_of(add, get)
    created = ((await path.call("s", "add_book", {"title": "Dune"})).structured_content or {})["result"]
    found = await path.call("s", "get_book", {"book_id": created["book_id"]})
    assert not found.is_error and (found.structured_content or {})["result"]["title"] == "Dune"
    missing = await path.call("s", "get_book", {"book_id": "book-99"})
    assert not missing.is_error and missing.structured_content == {"result": None}


async def test_a_borrowed_failure_envelope_that_breaks_the_output_schema_gives_way() -> None:
    """The server's ``add_to_cart`` fails with ``{"ok": false, "error": ...}``; ``get_book`` returns ``dict | None``,
    so that envelope would be an invalid answer for it: its own "none" (``{"result": null}``) answers instead."""
    from mcp_sim.config import Example

    optional = {"type": "object", "required": ["result"], "properties": {"result": {"anyOf": [
                {"type": "object", "additionalProperties": True}, {"type": "null"}]}}}  # fmt: skip

    def answered(body: dict[str, object]) -> dict[str, object]:
        return {"content": [{"type": "text", "text": "{}"}], "structuredContent": body, "isError": False}

    failing = Example(arguments={"title": "Ghost"}, result=answered({"ok": False, "error": "unknown title: Ghost"}))
    made = Example(arguments={"title": "Dune"}, result=answered({"ok": True, "book_id": "book-1"}))
    add = ToolSpec(name="add_book", input_schema=BOOK, examples=[made, failing])
    get = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=optional)
    path = path_of(add, get)
    await path.call("s", "add_book", {"title": "Dune"})
    missing = await path.call("s", "get_book", {"book_id": "book-99"})
    assert not missing.is_error and missing.structured_content == {"result": None}


async def test_a_list_of_any_objects_with_nothing_to_show_is_empty_not_blank_objects() -> None:
    """``search(query) -> list[dict]`` that shows none of the session's records answers ``[]``: ``[{}, {}]`` told
    the agent two results that hold nothing."""
    search = ToolSpec(name="search", input_schema={"type": "object", "properties": {"query": {"type": "string"}}},
                      output_schema=LISTED)  # fmt: skip
    found = (await path_of(search).call("s", "search", {"query": "headphones"})).structured_content
    assert found == {"result": []}


async def test_a_list_of_names_with_nothing_to_show_is_empty_not_invented_names() -> None:
    """``list_files(project) -> list[str]`` of a project the session knows nothing of answers ``[]``, not
    generated file names; a list the schema says is never empty still gets its items."""
    names = {"type": "object", "properties": {"result": {"type": "array", "items": {"type": "string"}}},
             "required": ["result"]}  # fmt: skip
    never_empty = {"type": "object", "properties": {"result": {"type": "array", "items": {"type": "string"},
                   "minItems": 1}}, "required": ["result"]}  # fmt: skip
    project = {"type": "object", "properties": {"project": {"type": "string"}}}
    path = path_of(
        ToolSpec(name="list_files", input_schema=project, output_schema=names),
        ToolSpec(name="list_tags", input_schema=project, output_schema=never_empty),
    )
    assert (await path.call("s", "list_files", {"project": "shop"})).structured_content == {"result": []}
    assert len(((await path.call("s", "list_tags", {"project": "shop"})).structured_content or {})["result"]) >= 1


async def test_a_function_returning_str_says_a_missing_record_in_its_own_words() -> None:
    """``def get_book(book_id) -> str`` returns ``"Error: ..."`` for a book it does not have rather than raising,
    as most such servers do: no isError, and later calls read that answer as a failure (a list does not show the
    missing id). Bad arguments are still refused with isError, as the framework does before the function runs."""
    add = ToolSpec(name="add_book", input_schema=BOOK, output_schema=RESULT)
    get = ToolSpec(name="get_book", input_schema=BOOK_ID, output_schema=RESULT)
    remove = ToolSpec(name="delete_book", input_schema=BOOK_ID, output_schema=RESULT)
    listed = ToolSpec(name="list_books", input_schema={"type": "object", "properties": {}}, output_schema=RESULT)
    path = path_of(add, get, remove, listed)
    await path.call("s", "add_book", {"title": "Dune"})
    assert not (await path.call("s", "delete_book", {"book_id": "book-1"})).is_error
    missing = await path.call("s", "get_book", {"book_id": "book-1"})
    said = (missing.structured_content or {})["result"]
    assert not missing.is_error and said.startswith("Error: ") and "book-1" in said
    assert not (await path.call("s", "get_book", {"book_id": "book-9"})).is_error
    assert "book-9" not in ((await path.call("s", "list_books", {})).structured_content or {})["result"]
    assert wrapped.said_result(RESULT, "Invalid argument 'shelf'") is None
    assert wrapped.said_result({"type": "object", "properties": {"content": {"type": "string"}}}, "x not found") is None


def test_an_answer_wrapping_the_functions_words_fails_when_they_say_so() -> None:
    """FastMCP wraps a returned string as ``{"result": ...}``: the string (or the JSON in it) says whether the call
    failed, for the ledger (no effects) and for the rules reading earlier turns."""
    from mcp.types import CallToolResult

    from mcp_sim.ledger.answers import is_failure
    from mcp_sim.simulation.learned import failed_answer

    plain = CallToolResult(content=[])
    for body in ({"result": "Error: record 7 not found"}, {"result": '{"error": "record 7 was not found"}'}):
        assert is_failure(plain, body) and failed_answer(body, "")
    for body in ({"result": "Deleted record 7"}, {"result": '{"deleted": {"id": 7}}'}, {"result": "", "x": 1}):
        assert not is_failure(plain, body) and not failed_answer(body, "")
