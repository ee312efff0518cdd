"""An answer list that mirrors an argument list of rows (``simulation/learned.py``, ``_mirrored_argument``).

Some servers take a batch as rows of values, ``add_sources(sources=[["BERT", "paper", "arxiv", "1810.04805"],
...])``, and answer one item per row. The learned answer used to list the session's records of the item's form
instead (none, in a fresh session: ``{"result": []}``).
"""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import Example, ToolSpec
from tests.unit.test_recall import path_of

ROWS = {"type": "array", "items": {"type": "array", "items": {"type": ["string", "null"]}}}


def _answer(body: Any) -> dict[str, Any]:
    text = json.dumps(body)
    return {"content": [{"type": "text", "text": text}], "structuredContent": {"result": body}, "isError": False}


EXAMPLE = Example(
    arguments={"sources": [["BERT", "paper", "arxiv", "1810.04805"], ["GPT-3", "paper", "arxiv", "2005.14165"]]},
    result=_answer(
        [
            {"status": "success", "source": {"id": "s-1", "title": "BERT", "type": "paper"}},
            {"status": "success", "source": {"id": "s-2", "title": "GPT-3", "type": "paper"}},
        ]
    ),
)


def _spec(examples: list[Example]) -> ToolSpec:
    schema = {"type": "object", "properties": {"sources": ROWS}}
    return ToolSpec(name="add_sources", input_schema=schema, examples=examples)


async def test_each_row_given_answers_one_item_holding_its_values() -> None:
    path = path_of(_spec([EXAMPLE]))
    rows = [["Attention", "paper", "arxiv", "1706.03762"], ["ResNet", "paper", "doi", "10.1109/CVPR.2016.90"]]
    rows.append(["Dune", "book", "isbn", "9780441013593"])
    result = await path.call("s", "add_sources", {"sources": rows})
    items = (result.structured_content or {})["result"]
    assert [item["source"]["title"] for item in items] == ["Attention", "ResNet", "Dune"]
    assert [item["source"]["type"] for item in items] == ["paper", "paper", "book"]
    assert all(item["status"] == "success" for item in items)
    assert len({item["source"]["id"] for item in items}) == 3  # each row a record of its own


async def test_a_list_that_holds_none_of_the_rows_values_is_not_their_mirror() -> None:
    unrelated = _answer([{"status": "queued", "job": {"id": "j-1", "name": "nightly"}}] * 2)
    path = path_of(_spec([Example(arguments=EXAMPLE.arguments, result=unrelated)]))
    result = await path.call("s", "add_sources", {"sources": [["Attention", "paper", "arxiv", "1706.03762"]]})
    assert "Attention" not in result.content[0].text  # type: ignore[union-attr]
