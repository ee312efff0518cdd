"""A system message's JSON is encoded once per content (``rendered._system``), and is ``json.dumps`` of the message."""

from __future__ import annotations

import json

from mcp_sim.simulation.llm import prompts, rendered


def test_the_system_json_is_json_dumps_and_kept_per_content() -> None:
    prompt = prompts.Prompt('rules \u00e9 "quoted"\n' * 50, budget_chars=1000)
    first = prompts.system_message(prompt, lambda start: "", 0)
    encoded = rendered._system(first)
    assert encoded == json.dumps(first)
    assert rendered._system(prompts.system_message(prompt, lambda start: "", 0)) is encoded
    summarised = prompts.system_message(prompt, lambda start: f"summary of {start} turns", 3)
    assert rendered._system(summarised) == json.dumps(summarised) != encoded


def test_the_kept_system_texts_are_bounded() -> None:
    for i in range(rendered.SYSTEMS_KEPT + 5):
        message = prompts.system_message(prompts.Prompt(f"rules {i}", budget_chars=1000), lambda start: "", 0)
        assert rendered._system(message) == json.dumps(message)
    assert len(rendered._SYSTEMS) <= rendered.SYSTEMS_KEPT
