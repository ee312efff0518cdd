"""A tool that runs a command line answers what the command prints, on the session's file tree (commands.py)."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.types import TextContent

from mcp_sim.config import Example, ToolSpec
from mcp_sim.errors import ToolError
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin.commands import CommandLine, command_line, run
from tests.unit.test_recall import path_of

HOME = "/srv/app"
SHELL = ToolSpec(
    name="shell_execute",
    input_schema={
        "type": "object",
        "properties": {
            "command": {"type": "array", "items": {"type": "string"}},
            "directory": {"type": "string"},
            "stdin": {"type": "string"},
        },
        "required": ["command", "directory"],
    },
)


def sh(ledger: Ledger, *argv: str, stdin: str | None = None) -> str:
    answer = run(CommandLine(list(argv), HOME, stdin), ledger)
    assert answer is not None, argv
    for effect in answer.effects:
        ledger.apply(effect)
    return answer.text


def test_commands_are_found_in_tools_that_run_them_and_only_there() -> None:
    assert command_line(SHELL, {"command": ["ls", "-1"], "directory": HOME}) == CommandLine(["ls", "-1"], HOME, None)
    assert command_line(SHELL, {"command": "grep -c ERROR app.log"}) == CommandLine(
        ["grep", "-c", "ERROR", "app.log"], None, None
    )
    assert command_line(SHELL, {"command": "cat a.log | sort"}) is None  # a pipeline is the shell's own work
    assert command_line(ToolSpec(name="add_note", input_schema=SHELL.input_schema), {"command": ["ls"]}) is None


def test_files_the_session_writes_are_read_filtered_moved_and_removed() -> None:
    ledger = Ledger()
    assert sh(ledger, "mkdir", "logs") == ""
    sh(ledger, "echo", "INFO start", ">", "logs/app.log")
    for entry in ("ERROR timeout id=7", "INFO retry", "ERROR timeout id=9"):
        sh(ledger, "echo", entry, ">>", "logs/app.log")
    assert sh(ledger, "ls", "logs") == "app.log"
    assert sh(ledger, "grep", "ERROR", "logs/app.log") == "ERROR timeout id=7\nERROR timeout id=9"
    assert sh(ledger, "grep", "-c", "ERROR", "logs/app.log") == "2"
    assert sh(ledger, "tail", "-n", "1", "logs/app.log") == "ERROR timeout id=9"
    assert sh(ledger, "head", "-2", "logs/app.log") == "INFO start\nERROR timeout id=7"
    assert sh(ledger, "wc", "-l", "logs/app.log") == "4 logs/app.log"
    assert sh(ledger, "cut", "-d", " ", "-f", "1", "logs/app.log") == "INFO\nERROR\nINFO\nERROR"
    with pytest.raises(ToolError, match="exit status 1"):
        sh(ledger, "grep", "FATAL", "logs/app.log")  # grep that matches nothing fails, as its exit status says
    sh(ledger, "mv", "logs/app.log", "logs/old.log")
    with pytest.raises(ToolError, match=r"cat: logs/app\.log: No such file or directory"):
        sh(ledger, "cat", "logs/app.log")  # logs/ was made here: it holds only what the session put in it
    sh(ledger, "rm", "logs/old.log")
    assert sh(ledger, "ls", "logs") == ""
    with pytest.raises(ToolError, match="cannot create directory"):
        sh(ledger, "mkdir", "logs")
    assert sh(ledger, "mkdir", "-p", "logs") == ""


def test_text_filters_read_standard_input() -> None:
    ledger = Ledger()
    assert sh(ledger, "sort", stdin="b\na\nb\n") == "a\nb\nb"
    assert sh(ledger, "sort", "-u", "-r", stdin="b\na\nb\n") == "b\na"
    assert sh(ledger, "uniq", "-c", stdin="a\na\nb\n") == "      2 a\n      1 b"
    assert sh(ledger, "wc", "-w", stdin="one two three\n") == "3"
    assert run(CommandLine(["python3", "-V"], HOME, None), ledger) is None  # not simulated: the general answer


async def test_a_shell_tool_answers_what_the_command_prints() -> None:
    path = path_of(SHELL)
    call: dict[str, Any] = {"directory": HOME}
    assert (await path.call("s", "shell_execute", {**call, "command": ["mkdir", "notes"]})).content == []
    await path.call("s", "shell_execute", {**call, "command": ["touch", "notes/todo.txt"]})
    listed = await path.call("s", "shell_execute", {**call, "command": ["ls", "notes"]})
    assert [b.text for b in listed.content if isinstance(b, TextContent)] == ["todo.txt"]
    missing = await path.call("s", "shell_execute", {**call, "command": ["cat", "notes/done.txt"]})
    assert missing.is_error and "No such file or directory" in str(missing.content)


async def test_a_learned_output_answers_only_the_command_it_was_learned_from() -> None:
    readme = {"command": ["cat", "README.md"], "directory": HOME}
    printed = {"content": [{"type": "text", "text": "# billing-service"}], "isError": False}
    spec = SHELL.model_copy(update={"examples": [Example(arguments=readme, result=printed)]})
    path = path_of(spec)
    again = await path.call("s", "shell_execute", readme)
    assert "# billing-service" in str(again.content)  # the very command: its learned output
    other = await path.call("s", "shell_execute", {"command": ["cat", "todo.txt"], "directory": HOME})
    assert "billing-service" not in str(other.content)  # another file's content is not this one's
