"""The words of a tool's name, worked out once per name (tool_words.py)."""

from mcp_sim.simulation.builtin.tool_words import words_in


def test_a_name_splits_at_separators_and_camel_humps() -> None:
    assert words_in("getOrderDetails") == words_in("get_order_details") == {"get", "order", "details"}
    assert words_in("create-todo") == {"create", "todo"} and words_in("tcg_psa_get_cert") == {
        "tcg",
        "psa",
        "get",
        "cert",
    }
    assert words_in("") == frozenset()


def test_a_name_is_split_once_and_its_words_cannot_be_changed() -> None:
    assert words_in("delete_sheet") is words_in("delete_sheet")
    assert isinstance(words_in("delete_sheet"), frozenset)
