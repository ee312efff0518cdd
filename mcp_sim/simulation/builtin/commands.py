"""A tool that runs a command line: ``shell_execute(command=["grep", "ERROR", "app.log"], directory=...)``.

Shell servers are among the most used MCP tools, and their answer is whatever the command prints. The common
commands are simulated on the session's file tree (files.py): ``cat``, ``ls``, ``mkdir``, ``rm``, ``touch``,
``mv``, ``cp`` and ``find`` read and change it, relative names from the call's working directory; the text
filters (``grep``, ``head``, ``tail``, ``wc``, ``sort``, ``uniq``, ``cut``) compute their output from the
files they name or from the call's ``stdin``, as coreutils do. A command that fails says so as the shell does
(``cat: missing.txt: No such file or directory``, exit status 1 for a ``grep`` that matches nothing). Any
other command, a pipeline or a redirection written into one string, or a file whose content is from before
the session, is left to the general answer (None).
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass
from typing import Any

from mcp_sim.config import ToolSpec
from mcp_sim.errors import EntityNotFound, InvalidArguments, ToolError
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin import files

_RUNS = frozenset({"shell", "exec", "execute", "run", "terminal", "bash", "command", "cmd", "sh"})
_COMMAND = ("command", "cmd", "command_line", "commandline")
_DIRECTORY = ("directory", "cwd", "working_directory", "workdir", "working_dir")
_STDIN = ("stdin", "input")
_OPERATORS = re.compile(r"[|;&<>`]|\$\(")  # a pipeline or redirection: a shell's own work, not one command
_FILTERS = frozenset({"cat", "grep", "head", "tail", "wc", "sort", "uniq", "cut"})
_TREE: dict[str, files.Kind] = {
    "ls": "list", "mkdir": "mkdir", "rm": "remove", "rmdir": "remove", "touch": "touch", "mv": "move", "cp": "copy",
    "find": "search",
}  # fmt: skip
_VALUED = {"head": "n", "tail": "n", "cut": "df", "grep": "em", "find": ""}  # options that take the next word
DEFAULT_LINES = 10  # head and tail without -n


@dataclass(frozen=True)
class CommandLine:
    """One command as the call gave it: its words, where it runs and what it reads on standard input."""

    argv: list[str]
    directory: str | None
    stdin: str | None


def command_line(spec: ToolSpec, arguments: dict[str, Any]) -> CommandLine | None:
    """The command a tool that runs commands was given (None: no such tool, or not one plain command)."""
    words = set(re.split(r"[^a-z]+", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", spec.name).lower()))
    if not words & _RUNS:
        return None
    given = next((arguments[k] for k in arguments if k.lower() in _COMMAND), None)
    if isinstance(given, list) and given and all(isinstance(w, str) for w in given):
        argv = list(given)
    elif isinstance(given, str) and given.strip() and not _OPERATORS.search(given):
        try:
            argv = shlex.split(given)
        except ValueError:
            return None
    else:
        return None
    directory = next((v for k, v in arguments.items() if k.lower() in _DIRECTORY and isinstance(v, str)), None)
    stdin = next((v for k, v in arguments.items() if k.lower() in _STDIN and isinstance(v, str)), None)
    return CommandLine(argv, directory or None, stdin)


def run(line: CommandLine, ledger: Ledger) -> files.Answer | None:
    """What the command prints and what it changed; raises the shell's failure. None: not simulated here."""
    redirect = next((i for i, w in enumerate(line.argv) if w in (">", ">>")), None)
    if redirect is not None:  # ``echo x >> notes.txt`` given as words: the output goes to the file
        return _redirected(line, redirect, ledger)
    name = posixpath.basename(line.argv[0])
    flags, operands = _parsed(name, line.argv[1:])
    paths = [_absolute(line.directory, o) for o in operands]
    if name == "echo":
        return files.Answer(" ".join(line.argv[1:]), {})
    if name == "pwd":
        return files.Answer(line.directory or "/", {}) if line.directory else None
    if name in _FILTERS:
        pattern = None
        if name == "grep":
            pattern = flags.get("e") or (operands.pop(0) if operands else None)
            paths = paths[1:] if "e" not in flags else paths
            if pattern is None:
                return None
        if paths:
            text = _read(name, paths, operands, ledger)
            if text is None:
                return None  # content from before the session
        elif line.stdin is not None:
            text = line.stdin
        else:
            return None
        printed = _filtered(name, flags, pattern, text)
        if name == "wc" and len(operands) == 1:  # wc names the one file it counted
            printed = f"{printed} {operands[0]}"
        return files.Answer(printed, {})
    if name in _TREE:
        return _on_tree(name, flags, operands, paths, line, ledger)
    return None


def _redirected(line: CommandLine, at: int, ledger: Ledger) -> files.Answer | None:
    """The command before ``>`` / ``>>`` run, its output written to (or appended to) the file after it."""
    target = line.argv[at + 1 : at + 2]
    if not target or at == 0:
        return None
    shown = run(CommandLine(line.argv[:at], line.directory, line.stdin), ledger)
    if shown is None:
        return None
    text = shown.text if shown.text.endswith("\n") or not shown.text else shown.text + "\n"
    kind: files.Kind = "append" if line.argv[at] == ">>" else "write"
    operation = files.Operation(kind, True, ("path",))
    path = _absolute(line.directory, target[0])
    try:
        written = files.answer(line.argv[0], operation, {"path": path, "content": text}, ledger)
    except (EntityNotFound, InvalidArguments) as refused:
        message = str(refused).split(": ", 1)[-1]
        raise ToolError(f"Command failed with exit status 1\nstderr:\n{message}") from refused
    return files.Answer("", {}, [*shown.effects, *written.effects])


def _parsed(name: str, words: list[str]) -> tuple[dict[str, str], list[str]]:
    """(options -> value, or "" for a flag; operands). ``-n 2``, ``-n2`` and ``-2`` give n; ``-la`` two flags."""
    valued = _VALUED.get(name, "")
    flags: dict[str, str] = {}
    operands: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            operands += words[i + 1 :]
            break
        if name == "find" and word.startswith("-") and len(word) > 2:  # find's own words: -name x, -type f
            flags[word[1:]] = words[i + 1] if i + 1 < len(words) else ""
            i += 2
            continue
        if word.startswith("-") and len(word) > 1:
            if word[1:].isdigit() and name in ("head", "tail"):
                flags["n"] = word[1:]
            elif word[1] in valued:
                flags[word[1]] = word[2:] if len(word) > 2 else (words[i + 1] if i + 1 < len(words) else "")
                i += 0 if len(word) > 2 else 1
            else:
                flags.update(dict.fromkeys(word[1:], ""))
        else:
            operands.append(word)
        i += 1
    return flags, operands


def _absolute(directory: str | None, given: str) -> str:
    if given.startswith("/") or directory is None:
        return given
    return posixpath.normpath(posixpath.join(directory, given))


def _read(name: str, paths: list[str], operands: list[str], ledger: Ledger) -> str | None:
    """The named files' content joined (not found as ``cat`` says it); None when some content is unknown."""
    operation = files.Operation("read", True, ("path",))
    texts = []
    for path, given in zip(paths, operands[-len(paths) :], strict=True):
        try:
            found = files.answer("cat", operation, {"path": path}, ledger)
        except EntityNotFound as missing:
            said = f"{name}: {given}: No such file or directory"
            raise ToolError(f"Command failed with exit status 1\nstderr:\n{said}") from missing
        except InvalidArguments as folder:
            raise ToolError(f"Command failed with exit status 1\nstderr:\n{name}: {given}: Is a directory") from folder
        if not found.text and not found.fields:
            return None
        texts.append(found.text)
    return "".join(t if t.endswith("\n") or not t else t + "\n" for t in texts)


def _filtered(name: str, flags: dict[str, str], pattern: str | None, text: str) -> str:
    lines = text.splitlines()
    if name == "cat":
        return text
    if name == "grep":
        return _grep(flags, pattern or "", lines)
    if name in ("head", "tail"):
        count = int(flags["n"]) if flags.get("n", "").isdigit() else DEFAULT_LINES
        kept = lines[:count] if name == "head" else lines[-count:] if count else []
        return "\n".join(kept)
    if name == "wc":
        counts = {"l": len(lines), "w": len(text.split()), "c": len(text.encode())}
        asked = [k for k in "lwc" if k in flags] or ["l", "w", "c"]
        return " ".join(str(counts[k]) for k in asked)
    if name == "sort":
        ordered = sorted(set(lines) if "u" in flags else lines, key=_number if "n" in flags else None)
        return "\n".join(reversed(ordered) if "r" in flags else ordered)
    if name == "uniq":
        runs: list[list[Any]] = []
        for item in lines:
            if runs and runs[-1][1] == item:
                runs[-1][0] += 1
            else:
                runs.append([1, item])
        return "\n".join(f"{n:7d} {item}" if "c" in flags else item for n, item in runs)
    return _cut(flags, lines)


def _grep(flags: dict[str, str], pattern: str, lines: list[str]) -> str:
    """Matching lines (``-i``, ``-v``, ``-n``, ``-c``); no match is exit status 1, as grep says it."""
    try:
        matcher = re.compile(pattern, re.IGNORECASE if "i" in flags else 0)
        found = [(n, item) for n, item in enumerate(lines, 1) if bool(matcher.search(item)) != ("v" in flags)]
    except re.error:
        found = [(n, item) for n, item in enumerate(lines, 1) if (pattern in item) != ("v" in flags)]
    if not found:
        raise ToolError("Command failed with exit status 1")
    if "c" in flags:
        return str(len(found))
    return "\n".join(f"{n}:{item}" if "n" in flags else item for n, item in found)


def _cut(flags: dict[str, str], lines: list[str]) -> str:
    delimiter = flags.get("d") or "\t"
    wanted = [int(f) for f in re.findall(r"\d+", flags.get("f", ""))]
    return "\n".join(delimiter.join(p for i, p in enumerate(item.split(delimiter), 1) if i in wanted) for item in lines)


def _number(item: str) -> float:
    found = re.match(r"\s*-?\d+(?:\.\d+)?", item)
    return float(found.group()) if found else 0.0


def _on_tree(
    name: str, flags: dict[str, str], operands: list[str], paths: list[str], line: CommandLine, ledger: Ledger
) -> files.Answer | None:
    """``ls``, ``mkdir``, ``rm``, ``touch``, ``mv``, ``cp``, ``find`` on the session's tree, as coreutils say it."""
    kind = _TREE[name]
    if kind in ("list", "search"):
        paths = paths or ([line.directory] if line.directory else [])
        if not paths:
            return None
    arguments: dict[str, Any] = {"path": paths if kind not in ("list", "search", "move", "copy") else paths[0]}
    if kind in ("move", "copy"):
        if len(paths) != 2:
            return None
        arguments = {"source": paths[0], "destination": paths[1]}
    if kind == "search":
        arguments["name"] = flags.get("name", "*")
    operation = files.Operation(kind, True, ("source", "destination") if kind in ("move", "copy") else ("path",))
    try:
        found = files.answer(name, operation, arguments, ledger)
    except EntityNotFound as missing:
        if kind == "remove" and "f" in flags:
            return files.Answer("", {})  # rm -f: a name that is not there is no error
        said = operands[0] if operands else line.directory
        verb = {"list": "cannot access", "remove": "cannot remove", "move": "cannot stat", "copy": "cannot stat"}
        raise ToolError(
            f"Command failed with exit status 1\nstderr:\n{name}: {verb.get(kind, name)} '{said}': "
            "No such file or directory"
        ) from missing
    except InvalidArguments as refused:
        if kind == "mkdir" and "p" in flags:
            return files.Answer("", {})  # mkdir -p: a folder that exists is fine
        message = str(refused).split(": ", 1)[-1]
        raise ToolError(f"Command failed with exit status 1\nstderr:\n{name}: {message}") from refused
    if kind == "list":
        names = found.fields.get("current_directory_content") or []
        shown = [n for n in names if "a" in flags or not n.startswith(".")]
        return files.Answer("\n".join(sorted(shown)), {}, found.effects)
    if kind == "search":
        return files.Answer(found.text if found.fields.get("matches") else "", {}, found.effects)
    return files.Answer("", {}, found.effects)  # a command that changes the tree prints nothing
