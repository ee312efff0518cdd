"""The AgentWorld conversation: shape, determinism, per-call material, prefix stability, the moving window."""

from __future__ import annotations

import json
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.ledger.entities import Effect
from mcp_sim.simulation.llm import prompts
from mcp_sim.simulation.llm.prompts import CurrentCall, Prompt
from mcp_sim.state.base import Turn

TOOLS = [
    ToolSpec(name="get_order", description="Read an order", inputSchema={"type": "object"}),
    ToolSpec(
        name="create_order",
        description="Create an order",
        outputSchema={"type": "object", "properties": {"order_id": {"type": "string"}}},
    ),
]


def turn(index: int, tool: str = "create_order", text: str | None = None, **arguments: Any) -> Turn:
    body = text if text is not None else json.dumps({"order_id": f"ord-{index}"})
    effects = [Effect("create", "order", f"ord-{index}", {"order_id": f"ord-{index}", **arguments})]
    result = {"content": [{"type": "text", "text": body}]}
    return Turn(index=index, tool=tool, arguments=arguments, route="sim", result=result, effects=effects)


def call(index: int, **extra: Any) -> CurrentCall:
    return CurrentCall(index=index, tool="create_order", arguments={"item": f"thing-{index}"}, **extra)


def test_system_lists_tools_sorted_with_schemas_whatever_the_order() -> None:
    a = prompts.system_text(TOOLS)
    b = prompts.system_text(list(reversed(TOOLS)))
    assert a == b
    assert a.index('"name": "create_order"') < a.index('"name": "get_order"')
    assert '"outputSchema": {"properties": {"order_id"' in a
    assert "<predicted_observation>" in a and "{tool_definitions}" not in a


def test_template_and_demonstrations_override() -> None:
    text = prompts.system_text(TOOLS, "Tools:\n{tool_definitions}\n{demonstrations}", "Turn 1 -> ok")
    assert text.startswith("Tools:\n{")
    assert "# Demonstrations\nTurn 1 -> ok" in text


def test_turns_are_user_action_then_assistant_observation() -> None:
    history = [turn(0, item="a"), turn(1, item="b")]
    messages = prompts.conversation(Prompt("SYS", 10_000), history, call(2))
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert messages[1]["content"] == (
        '### Turn 1\n**Action:**\n```json\n{\n  "arguments": {\n    "item": "a"\n  },\n  "name": "create_order"\n}\n```'
    )
    assert messages[2]["content"] == '**Environment Observation:**\n{"order_id": "ord-0"}'
    assert messages[-1]["content"].startswith("### Turn 3\n**Action:**")


def test_observation_of_structured_only_error_and_protocol_error_turns() -> None:
    structured = Turn(0, "t", {}, "sim", {"content": [], "structuredContent": {"b": 1, "a": 2}})
    failed = Turn(1, "t", {}, "real", None, error={"code": -32602, "message": "bad"})
    assert prompts.observation_text(structured) == '{"a": 2, "b": 1}'
    assert prompts.observation_text(failed) == "Error: bad (JSON-RPC -32602)"


def test_per_call_material_only_in_the_current_turn() -> None:
    history = [turn(0, item="a")]
    material = call(1, instructions=["fail with a timeout"], entity_hints=["order ord-0 exists"], feedback=["bad"])
    messages = prompts.conversation(Prompt("SYS", 10_000), history, material)
    last = messages[-1]["content"]
    assert "**Simulation instructions for this call:**\n- fail with a timeout" in last
    assert "- order ord-0 exists" in last and "rejected; fix this:**\n- bad" in last
    assert all("fail with a timeout" not in m["content"] for m in messages[:-1])


def test_next_call_begins_with_the_exact_messages_of_this_call() -> None:
    prompt = Prompt(prompts.system_text(TOOLS), 100_000)
    history: list[Turn] = []
    previous = None
    for k in range(20):
        messages = prompts.conversation(prompt, history, call(k))
        if previous is not None:
            assert messages[: len(previous)] == previous
        previous = messages
        history.append(turn(k, item=f"thing-{k}"))


def test_with_instructions_the_prefix_still_reaches_the_action() -> None:
    prompt = Prompt("SYS", 100_000)
    history = [turn(0, item="a")]
    first = prompts.conversation(prompt, history, call(1, instructions=["paginate"]))
    history.append(turn(1, item="thing-1"))
    second = prompts.conversation(prompt, history, call(2))
    shared = prompts.common_prefix_chars(first, second)
    assert "paginate" not in json.dumps(second)
    assert shared >= len("".join(f"<{m['role']}>{m['content']}" for m in first)) - len("paginate") - 60


def test_window_moves_in_blocks_and_summary_comes_from_dropped_turns() -> None:
    prompt = Prompt("SYS", 2_000)
    history: list[Turn] = []
    starts = []
    shares = []
    previous: list[dict[str, str]] | None = None
    for k in range(60):
        messages = prompts.conversation(prompt, history, call(k))
        starts.append(int(messages[1]["content"].split()[2]) - 1 if len(messages) > 2 else 0)
        if previous is not None:
            shares.append(prompts.common_prefix_chars(previous, messages) / max(1, _chars(previous)))
        previous = messages
        history.append(turn(k, item=f"thing-{k}"))
    cuts = sorted(set(starts))
    assert len(cuts) >= 3, "the window must move"
    assert len(cuts) <= 12, "but in blocks, not at every call"
    assert sum(1 for s in shares if s > 0.95) >= 0.75 * len(shares)
    system = previous[0]["content"] if previous else ""
    assert "summarised" in system and f"order ord-{cuts[-1] - 1}" in system
    replayed = (previous or [])[1:-1]
    assert sum(len(m["content"]) for m in replayed) <= 2_000  # the replayed window keeps to its budget


def _chars(messages: list[dict[str, str]]) -> int:
    return len("".join(f"<{m['role']}>{m['content']}" for m in messages))


def test_the_called_tools_real_observations_are_demonstrated_in_the_current_turn_only() -> None:
    from mcp_sim.config import Example

    spec = TOOLS[1].model_copy(
        update={
            "examples": [
                Example(arguments={"item": "pen"}, result={"content": [{"type": "text", "text": "Created ord-7"}]}),
                Example(
                    arguments={"item": ""},
                    result={"content": [{"type": "text", "text": "Error: item is empty"}], "isError": True},
                ),
            ]
        }
    )
    demonstrations = prompts.tool_demonstrations(spec)
    assert demonstrations == [
        'arguments {"item": "pen"} -> observation:\nCreated ord-7',
        'arguments {"item": ""} -> observation (isError):\nError: item is empty',
    ]
    current = prompts.current_text(call(3, demonstrations=demonstrations, instructions=["answer with a 429"]))
    assert current.index("### Turn 4") < current.index("Created ord-7") < current.index("answer with a 429")
    assert "How the real tool answered other calls" in current
    system = prompts.system_text([spec])
    assert "Created ord-7" not in system  # per-call material: the cached system prefix does not change


def test_demonstrations_keep_the_newest_within_the_budget() -> None:
    from mcp_sim.config import Example

    examples = [
        Example(arguments={"n": n}, result={"content": [{"type": "text", "text": f"answer {n} " + "x" * 2000}]})
        for n in range(10)
    ]
    shown = prompts.tool_demonstrations(TOOLS[0].model_copy(update={"examples": examples}), budget_chars=4000)
    assert [s.split("\n")[0] for s in shown] == [
        'arguments {"n": 8} -> observation:',
        'arguments {"n": 9} -> observation:',
    ]
    assert all(s.endswith("more)") and len(s) < 1600 for s in shown)
    assert prompts.tool_demonstrations(TOOLS[0]) == []
