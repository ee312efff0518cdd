"""Issue 13, the configuration and command-line cases as named regression tests: 5 ($ref), 7 (fork onto a
used key), 8 (start-up errors are one line), 9 (hostile YAML), 10 (validate runs serve's checks; nonsense
values refused) and the ``sessions`` commands' error cases. The CLI runs in-process (``cli.main``)."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from mcp.types import Tool

from mcp_sim.catalog.specs import build_catalog
from mcp_sim.cli import main
from mcp_sim.config import load_experiment
from mcp_sim.errors import ConfigError
from mcp_sim.runtime import running_experiment
from mcp_sim.state import urls
from tests.hosting import TICKETS

SERVE_LIMIT_S = 60


def write(directory: Path, body: dict[str, Any], name: str = "exp.yaml") -> Path:
    path = directory / name
    path.write_text(yaml.safe_dump({"name": "desk", "tools": [str(TICKETS)], **body}, sort_keys=False))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if not line.startswith("{")]  # JSON log lines are not errors


def one_line(lines: list[str], *expected: str) -> str:
    """The one error line a user sees: no traceback, and it names what it should."""
    problems = [line for line in lines if line.startswith("mcp-sim: ")]
    assert len(problems) == 1, lines
    assert not any("Traceback" in line or "ExceptionGroup" in line for line in lines), lines
    for part in expected:
        assert part in problems[0], (part, problems[0])
    return problems[0]


# ---- 8. start-up errors: one line naming file, field and cause ----


def _duplicate_tools(tmp: Path) -> dict[str, Any]:
    for name in ("one.yaml", "two.yaml"):
        (tmp / name).write_text("tools:\n  - name: create_ticket\n")
    return {"tools": ["one.yaml", "two.yaml"]}


def _duplicate_world_ids(tmp: Path) -> dict[str, Any]:
    (tmp / "world.yaml").write_text("entities:\n  ticket:\n    - {id: T-1}\n    - {id: T-1}\n")
    return {"world": "world.yaml"}


STARTUP_CASES: dict[str, tuple[Any, tuple[str, ...]]] = {
    "two tools of one name": (_duplicate_tools, ("tool name 'create_ticket'", "prefix")),
    "duplicate world seed ids": (_duplicate_world_ids, ("world.yaml", "T-1")),
    "a bad state URL": (lambda tmp: {"state": "postgres://db/x"}, ("state", "unsupported store URL")),
    "a missing prompt file": (
        lambda tmp: {
            "world_model": {
                "kind": "openai",
                "base_url": "http://127.0.0.1:9/v1",
                "model": "m",
                "system_prompt": "p.txt",
            }
        },
        ("exp.yaml", "world_model.system_prompt", "p.txt", "No such file"),
    ),
    "a name with '/'": (lambda tmp: {"name": "a/b"}, ("exp.yaml", "name", "'/'")),
}


@pytest.mark.parametrize("case", list(STARTUP_CASES))
def test_case_08_start_up_errors_are_one_line_and_validate_finds_them_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    body, expected = STARTUP_CASES[case]
    experiment = write(tmp_path, body(tmp_path))
    code, lines = run(capsys, "validate", str(experiment))
    assert code == 1
    one_line(lines, *expected)
    code, lines = run(capsys, "serve", str(experiment), "--port", "0")
    assert code == 1, "validate said no, so serve must not start either"
    one_line(lines, *expected)


def test_case_08_redis_state_without_the_redis_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = {"redis"}  # the extra not installed: a test double, since the package is in the dev environment
    find_spec = urls.importlib.util.find_spec
    monkeypatch.setattr(urls.importlib.util, "find_spec", lambda name: None if name in missing else find_spec(name))
    experiment = write(tmp_path, {"state": "redis://127.0.0.1:6379/0"})
    for command in ("validate", "serve"):
        code, lines = run(capsys, command, str(experiment))
        assert code == 1
        one_line(lines, "state", "pip install 'mcp-sim[redis]'")


def test_case_08_an_unavailable_upstream_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    experiment = write(tmp_path, {"upstreams": {"gone": {"command": str(tmp_path / "no-such-server")}}})
    code, lines = run(capsys, "serve", str(experiment), "--port", "0")
    assert code == 1
    one_line(lines, "upstream 'gone' is unavailable")
    assert main(["validate", str(experiment)]) == 0, "validate does not connect upstreams: it says so instead"
    assert "upstream 'gone': not connected by validate" in capsys.readouterr().out


def test_case_08_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code, lines = run(capsys, "serve", str(write(tmp_path, {})), "--port", str(port))
    assert code == 1
    one_line(lines, f"cannot listen on 127.0.0.1:{port}")


# ---- 9. hostile YAML ----


def _alias_bomb() -> str:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    return "\n".join(lines) + "\n"


YAML_CASES = {
    "non-UTF-8 bytes": (b"name: desk\ndescription: caf\xe9\n", ("exp.yaml:2", "not UTF-8")),
    "5,000-deep flow nesting": (b"name: " + b"[" * 5000 + b"]" * 5000, ("exp.yaml:1", "nested deeper than 100")),
    "2,000-deep block nesting": (
        ("name: desk\nx:\n" + "".join("  " * i + "-\n" for i in range(2000))).encode(),
        ("exp.yaml", "nested deeper than 100"),
    ),
    "an alias bomb": (_alias_bomb().encode(), ("exp.yaml", "aliases expand to more than 1,000,000")),
}


@pytest.mark.parametrize("case", list(YAML_CASES))
def test_case_09_hostile_yaml_is_one_clear_error_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    content, expected = YAML_CASES[case]
    (tmp_path / "exp.yaml").write_bytes(content)
    code, lines = run(capsys, "validate", str(tmp_path / "exp.yaml"))
    assert code == 1
    one_line(lines, *expected)


# ---- 10. nonsense values; validate == serve ----

NONSENSE = {
    "a boolean as a page size": ({"list_page_size": True}, "list_page_size: Value error, expected a number, not"),
    "a boolean seed": ({"seed": False}, "seed: Value error, expected a number, not the boolean false"),
    "booleans as call numbers": (
        {"perturbations": [{"type": "latency", "ms": 1, "match": {"calls": [True]}}]},
        "expected numbers, not booleans",
    ),
    "an infinite timeout": (
        {
            "world_model": {
                "kind": "openai",
                "base_url": "http://127.0.0.1:9/v1",
                "model": "m",
                "timeout_s": float("inf"),
            }
        },
        "timeout_s: Input should be a finite number",
    ),
    "a NaN TTL": ({"state": "memory://?ttl=nan"}, "ttl must be a positive number"),
    "an absurd latency": (
        {"perturbations": [{"type": "latency", "ms": 1e308}]},
        "ms: Input should be less than or equal to 600000",
    ),
    "a reversed turn range": (
        {"perturbations": [{"type": "latency", "ms": 1, "match": {"turns": "5-2"}}]},
        "ends before it starts",
    ),
    "a base_url that is no URL": (
        {"world_model": {"kind": "openai", "base_url": "localhost:8000", "model": "m"}},
        "base_url: Value error, must be an http:// or https:// URL",
    ),
    "a route glob matching nothing": (
        {"routes": {"craete_*": "sim"}},
        "routes: routes pattern(s) ['craete_*'] match no tool",
    ),
    "a probability above 1": ({"perturbations": [{"type": "latency", "ms": 1, "probability": 2}]}, "probability"),
}


@pytest.mark.parametrize("case", list(NONSENSE))
def test_case_10_nonsense_values_are_refused_by_validate_and_serve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    body, expected = NONSENSE[case]
    experiment = write(tmp_path, body)
    for command in ("validate", "serve"):
        code, lines = run(capsys, command, str(experiment), *(["--port", "0"] if command == "serve" else []))
        assert code == 1, (command, lines)
        assert any(expected in line for line in lines), (command, lines)
        assert not any("Traceback" in line for line in lines)


SPEC_NONSENSE = {
    "NUL in a tool name": ({"name": "get\x00ticket"}, "name: Value error, must not contain the control character"),
    "an inputSchema of type string": ({"name": "t", "inputSchema": {"type": "string"}}, "must describe an object"),
    "a dangling local $ref": (
        {"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"$ref": "#/$defs/nope"}}}},
        "$ref '#/$defs/nope' points at nothing",
    ),
    "a remote $ref": (
        {"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"$ref": "http://127.0.0.1:9/s.json"}}}},
        "is not local",
    ),
}


@pytest.mark.parametrize("case", list(SPEC_NONSENSE))
def test_case_05_and_10_tool_specs_with_nonsense_are_refused_at_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    tool, expected = SPEC_NONSENSE[case]
    (tmp_path / "tools.yaml").write_text(yaml.safe_dump({"tools": [tool]}))
    experiment = write(tmp_path, {"tools": ["tools.yaml"]})
    code, lines = run(capsys, "validate", str(experiment))
    assert code == 1
    assert any(expected in line and "tools.yaml:" in line for line in lines), lines


def test_case_05_an_upstream_tool_with_a_remote_ref_never_fetches_it(tmp_path: Path) -> None:
    """An upstream's own schema cannot be refused at load: it is not checked here (the upstream checks it),
    and above all nothing is fetched: a listening socket stands where the $ref points and counts connections."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.setblocking(False)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/schema.json"
        schema = {"type": "object", "properties": {"a": {"$ref": url}}}
        experiment = write(tmp_path, {"tools": [], "upstreams": {"up": {"command": "unused"}}})
        catalog = build_catalog(load_experiment(experiment), {"up": [Tool(name="t", input_schema=schema)]})
        entry = catalog.get("t")
        assert entry is not None
        started = time.monotonic()
        entry.check_arguments({"a": {"anything": 1}})
        assert time.monotonic() - started < 5  # a bound against a hang, not a speed assertion
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody connected


def test_case_10_validate_ok_means_serve_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    experiment = write(tmp_path, {"routes": {"get_*": "sim"}, "state": "memory://?ttl=60", "list_page_size": 5})
    code, _ = run(capsys, "validate", str(experiment))
    assert code == 0

    async def starts() -> None:
        with anyio.fail_after(SERVE_LIMIT_S):
            async with running_experiment(load_experiment(experiment)) as path:
                assert len(path.catalog) > 0

    anyio.run(starts)


def test_case_10_numbers_from_the_environment_still_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``${VAR}`` gives text; a sweep's ``seed: ${SEED}`` must stay a seed (why the models are not pydantic-strict)."""
    monkeypatch.setenv("SWEEP_SEED", "42")
    path = tmp_path / "exp.yaml"
    path.write_text(f"name: desk\nseed: ${{SWEEP_SEED}}\nlist_page_size: '7'\ntools: [{TICKETS}]\n")
    experiment = load_experiment(path).experiment
    assert (experiment.seed, experiment.list_page_size) == (42, 7)


def test_case_10_nonsense_in_perturbation_params_names_the_entry(tmp_path: Path) -> None:
    experiment = write(tmp_path, {"perturbations": [{"type": "error", "name": "boom", "probability": True}]})
    with pytest.raises(ConfigError) as raised:
        load_experiment(experiment)
    assert any("perturbations[0] (boom)" in p and "probability" in p for p in raised.value.problems)


# ---- 7 and the sessions commands ----


def _with_sessions(tmp_path: Path, *keys: str) -> Path:
    experiment = write(tmp_path, {"state": "sqlite:///sessions.db"})

    async def make() -> None:
        async with running_experiment(load_experiment(experiment)) as path:
            for key in keys:
                await path.call(key, "create_ticket", {"title": f"of {key}"})

    anyio.run(make)
    return experiment


def test_case_07_sessions_fork_onto_an_existing_key_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    experiment = _with_sessions(tmp_path, "source", "taken")
    code, lines = run(capsys, "sessions", "show", str(experiment), "taken")
    before = capsys.readouterr().out
    code, lines = run(capsys, "sessions", "fork", str(experiment), "source", "taken")
    assert code == 1
    one_line(lines, "already used", "taken")
    run(capsys, "sessions", "show", str(experiment), "taken")
    assert capsys.readouterr().out == before, "the existing session is untouched"


@pytest.mark.parametrize("bad", ["a/b", "nul\x00key"])
def test_case_12_cli_applies_the_same_session_key_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    experiment = _with_sessions(tmp_path, "source")
    code, lines = run(capsys, "sessions", "fork", str(experiment), "source", bad)
    assert code == 1
    one_line(lines, "session key")


def test_sessions_import_of_a_json_list_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    experiment = _with_sessions(tmp_path)
    for content, expected in [
        ("[1, 2]", "a JSON list, expected an object"),
        ("{not json", "not JSON"),
        ('{"format": "mcp-sim/session@1", "state": [], "turns": []}', "needs 'state'"),
        ("[" * 100_000, "not JSON"),
    ]:
        (tmp_path / "in.json").write_text(content)
        code, lines = run(capsys, "sessions", "import", str(experiment), str(tmp_path / "in.json"))
        assert code == 1
        one_line(lines, "in.json", expected)


def test_sessions_export_to_an_unwritable_path_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    experiment = _with_sessions(tmp_path, "s1")
    code, lines = run(capsys, "sessions", "export", str(experiment), "s1", "-o", str(tmp_path / "no-dir" / "x.json"))
    assert code == 1
    one_line(lines, "x.json", "cannot write")


def test_sessions_list_on_a_file_that_is_not_a_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "sessions.db").write_text("this is not SQLite\n" * 100)
    experiment = write(tmp_path, {"state": "sqlite:///sessions.db"})
    code, lines = run(capsys, "sessions", "list", str(experiment))
    assert code == 1
    one_line(lines, "sessions.db", "SQLite")


def test_an_unexpected_error_is_one_line_too(capsys: pytest.CaptureFixture[str]) -> None:
    from mcp_sim.cli.commands import _report_failure

    group = BaseExceptionGroup("wrapped by a task group", [RuntimeError("a bug")])
    assert _report_failure(group, debug=False) == 1
    one_line(capsys.readouterr().err.splitlines(), "internal error RuntimeError: a bug", "--log-level debug")
