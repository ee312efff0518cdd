"""Property tests of what users and agents hand mcp-sim: tool arguments against their inputSchema, and
experiment, profile and tool-spec YAML. Bounded and derandomized (support.BOUNDED)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_sim.calls import CallPath
from mcp_sim.config import load_experiment
from mcp_sim.config.models import ToolSpecFile
from mcp_sim.config.profiles import load_profile
from mcp_sim.config.yamlfile import load_model
from mcp_sim.errors import ConfigError, InvalidArguments
from mcp_sim.runtime import running_experiment
from tests.adversarial.support import BOUNDED
from tests.hosting import TICKETS

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=16)
    | st.sampled_from(["T-1", "", "open", "\x00", "ü", "a" * 300, "1e308", "-1"])
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)


# ---- tool arguments: the server's verdict agrees with the inputSchema, whatever comes ----


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BlockingPortal, CallPath]]:
    directory = tmp_path_factory.mktemp("args")
    (directory / "exp.yaml").write_text(f"name: desk\nseed: 3\ntools: [{TICKETS}]\nstate: 'memory://'\n")
    experiment = running_experiment(load_experiment(directory / "exp.yaml"))
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(experiment) as path:
        yield portal, path


TOOL_NAMES = [t["name"] for t in yaml.safe_load(TICKETS.read_text())["tools"]]


def _near_valid(tool: str) -> st.SearchStrategy[dict[str, Any]]:
    """Arguments shaped like the tool's properties, values drawn wild: most are close to valid."""
    schema = next(t for t in yaml.safe_load(TICKETS.read_text())["tools"] if t["name"] == tool).get("inputSchema", {})
    names = list(schema.get("properties", {})) or ["x"]
    return st.dictionaries(st.sampled_from(names) | st.text(max_size=6), json_values, max_size=len(names) + 1)


@st.composite
def tool_calls(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    tool = draw(st.sampled_from(TOOL_NAMES))
    arguments = draw(_near_valid(tool) | st.dictionaries(st.text(max_size=8), json_values, max_size=4))
    return tool, arguments


@BOUNDED
@given(call=tool_calls(), session=st.sampled_from(["s1", "s2"]))
def test_arguments_are_answered_and_judged_as_the_schema_judges_them(
    desk: tuple[BlockingPortal, CallPath], call: tuple[str, dict[str, Any]], session: str
) -> None:
    portal, path = desk
    tool, arguments = call
    entry = path.catalog.get(tool)
    assert entry is not None
    checker = jsonschema.Draft202012Validator(entry.tool.input_schema, format_checker=jsonschema.FormatChecker())
    try:
        result = portal.call(path.call, session, tool, arguments)
    except InvalidArguments as exc:  # what the MCP layer turns into an isError result naming the field
        assert not checker.is_valid(arguments), (arguments, str(exc))
        assert str(exc).startswith("Invalid ") and f"tool '{tool}'" in str(exc)
    else:
        assert checker.is_valid(arguments), (arguments, result)
        assert result.content, "every answer says something, failures included"


# ---- YAML: every file either loads or is refused with a ConfigError naming the file ----

keys_experiment = st.sampled_from(
    ["name", "seed", "route", "routes", "tools", "state", "list_page_size", "world_model", "perturbations", "bogus"]
)
keys_entry = st.sampled_from(["type", "name", "probability", "match", "ms", "distribution", "kind", "turns", "tools"])


def documents(keys: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    return st.dictionaries(keys, json_values, max_size=6) | json_values


@st.composite
def texts(draw: st.DrawFn, keys: st.SearchStrategy[str]) -> bytes:
    """A YAML file: a dumped document, or text that was never YAML, or bytes that are not UTF-8."""
    kind = draw(st.sampled_from(["dumped", "text", "bytes"]))
    if kind == "dumped":
        return yaml.safe_dump(draw(documents(keys)), allow_unicode=True).encode()
    if kind == "text":
        return draw(st.text(alphabet=st.sampled_from(list("[]{}:-&*!|>'\"#% \n\tab1")), max_size=120)).encode()
    return draw(st.binary(max_size=120))


def _loads_or_refuses(path: Path, load: Any) -> None:
    try:
        load(path)
    except ConfigError as exc:
        assert exc.problems and all(str(path.name) in p for p in exc.problems), exc.problems


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("yaml")


@BOUNDED
@given(content=texts(keys_experiment))
def test_experiment_yaml_loads_or_is_refused_clearly(folder: Path, content: bytes) -> None:
    (folder / "exp.yaml").write_bytes(content)
    _loads_or_refuses(folder / "exp.yaml", load_experiment)


@BOUNDED
@given(content=texts(keys_entry), wrap=st.booleans())
def test_profile_yaml_loads_or_is_refused_clearly(folder: Path, content: bytes, wrap: bool) -> None:
    if wrap:  # entries inside a profile's list, where most parameters live
        try:
            entries = yaml.safe_load(content)
        except yaml.YAMLError:
            entries = None
        content = yaml.safe_dump({"perturbations": [entries]}).encode()
    (folder / "profile.yaml").write_bytes(content)
    _loads_or_refuses(folder / "profile.yaml", load_profile)


@settings(BOUNDED, max_examples=150)
@given(
    tools=st.lists(
        st.dictionaries(
            st.sampled_from(["name", "inputSchema", "outputSchema", "effects", "x"]), json_values, max_size=4
        ),
        max_size=3,
    )
)
def test_tool_spec_yaml_loads_or_is_refused_clearly(folder: Path, tools: list[dict[str, Any]]) -> None:
    (folder / "tools.yaml").write_text(yaml.safe_dump({"tools": tools}, allow_unicode=True))
    _loads_or_refuses(folder / "tools.yaml", lambda p: load_model(p, ToolSpecFile))
