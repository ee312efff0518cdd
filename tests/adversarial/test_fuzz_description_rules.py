"""Property tests of the rules that read a tool's words and an agent's values (stop 28): a description or a value
of any form is read without raising, and what they select is drawn from what they were given. Bounded and
derandomized (support.BOUNDED)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.dispatch import routed, variants
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.verbs import VERBS
from mcp_sim.simulation.builtin.described import section_list
from mcp_sim.simulation.builtin.named_records import named_id
from mcp_sim.simulation.builtin.searches import searched
from tests.adversarial.support import BOUNDED

words = st.sampled_from(["create", "read", "add", "remove", "list", "hp", "-", "/", '"', ":", "Actions:", "\n", " "])
descriptions = st.lists(words | st.text(max_size=12), max_size=40).map("".join)


@BOUNDED
@given(description=descriptions, value=st.text(max_size=12))
def test_an_operation_read_from_words_routes_only_by_an_entity_verb(description: str, value: str) -> None:
    spec = ToolSpec.model_validate(
        {"name": "manage_item", "description": description,
         "inputSchema": {"type": "object", "properties": {"action": {"type": "string"}, "id": {"type": "string"}}}}
    )  # fmt: skip
    assert all(v.name.removesuffix("_item") in VERBS for v in variants(spec))
    found = routed(spec, {"action": value, "id": "x"})
    if found is not None:  # a call routes only when the tool lists operations and its value is an entity verb
        assert variants(spec) and found[0].name.removesuffix("_item") in VERBS
        assert found[1] == {"id": "x"}  # the routing argument is no field of the record


@BOUNDED
@given(description=descriptions)
def test_a_section_list_holds_only_values_its_description_wrote(description: str) -> None:
    stated = section_list(description, "action")
    assert stated is None or all(option in description for option in stated.options)


records = st.lists(
    st.dictionaries(st.sampled_from(["id", "title", "tags"]), st.text(max_size=10) | st.lists(st.text(max_size=5))),
    max_size=6,
)


@BOUNDED
@given(found=records, query=st.text(max_size=20), ranked=st.booleans())
def test_a_search_selects_among_the_records_each_once(found: list[dict[str, Any]], query: str, ranked: bool) -> None:
    chosen = searched(found, {"query": query}, ranked)
    assert all(any(r is f for f in found) for r in chosen)
    assert len({id(r) for r in chosen}) == len(chosen)


@BOUNDED
@given(given_key=st.text(max_size=16), tags=st.lists(st.sampled_from(["SHOP", "WEB", "shop", "x"]), max_size=5))
def test_a_key_names_a_record_of_the_type_or_none(given_key: str, tags: list[str]) -> None:
    ledger = Ledger()
    for n, tag in enumerate(tags, start=1):
        ledger.apply(Effect("create", "issue", f"issue-{n}", {"id": f"issue-{n}", "project": tag}))
    found = named_id("issue", given_key, ledger)
    assert found is None or ledger.exists("issue", found)
