"""Structures sent as JSON text in a string argument (encoded.py), and how prose shows them, on made-up tools."""

import json

from mcp_sim.simulation.builtin import prose
from mcp_sim.simulation.builtin.encoded import decoded, decoded_arguments


def test_a_list_or_record_sent_as_text_is_decoded() -> None:
    items = [{"title": "Pack bags"}, {"title": "Book taxi"}]
    assert decoded('[{"title": "Pack bags"}, {"title": "Book taxi"}]') == items
    assert decoded(' {"color": "teal"} ') == {"color": "teal"}


def test_other_strings_stay_as_sent() -> None:
    assert decoded("[draft] minutes of the meeting") == "[draft] minutes of the meeting"  # not JSON
    assert decoded("42") == "42"  # a number is no structure
    assert decoded('"quoted"') == '"quoted"'
    assert decoded(["already", "a", "list"]) == ["already", "a", "list"]


def test_arguments_are_the_same_dict_when_nothing_is_encoded() -> None:
    plain = {"title": "Pack bags", "count": 2}
    assert decoded_arguments(plain) is plain
    assert decoded_arguments({"stepsJson": '["a", "b"]', "n": 1}) == {"stepsJson": ["a", "b"], "n": 1}


def test_prose_shows_a_long_encoded_list_whole() -> None:
    steps = [{"title": f"Step {i}", "note": "x" * 60} for i in range(6)]  # over the 200 characters one value keeps
    text = prose.sentence("plan_chores", "none", "chore", {"stepsJson": json.dumps(steps)})
    assert "Step 5" in text and "..." not in text
    long = prose.sentence("write_note", "none", "note", {"body": "y" * 300})
    assert long.endswith("...")  # plain long text is still cut
