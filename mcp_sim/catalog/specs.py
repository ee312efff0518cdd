"""The tool catalog: YAML tool specs plus the tools discovered on upstreams, under their real names."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import structlog
import yaml
from mcp.types import Tool
from pydantic import ValidationError

from mcp_sim.catalog import coercion
from mcp_sim.catalog.flat import plainly_valid
from mcp_sim.config import LoadedExperiment, ToolSpec, ToolSpecFile
from mcp_sim.config.schemas import no_retrieval, ref_problem
from mcp_sim.errors import InvalidArguments, StartupError

MAX_ERROR_CHARS = 500  # of a validation message
log = structlog.get_logger("mcp_sim.catalog")


@dataclass(frozen=True)
class CatalogEntry:
    """One exposed tool: what the agent sees, what the simulator reads, and where its real backend is."""

    tool: Tool  # listed exactly as the source gives it (only the name gains an upstream prefix)
    spec: ToolSpec  # the same tool as a spec, for the world model
    upstream: str | None  # name of the real backend, None for spec-only tools
    upstream_name: str  # the tool's name on its upstream
    source: str  # where the definition came from, for error messages
    validator: jsonschema.protocols.Validator
    lax: bool = False  # a pydantic-written schema: "yes" is a boolean, "3" an integer (coercion.py)

    @property
    def name(self) -> str:
        return self.tool.name

    def check_arguments(self, arguments: dict[str, Any], unenforced: frozenset[str] = frozenset()) -> None:
        """Raise ``InvalidArguments`` naming the first offending field (the SDK does not check for us); a schema
        keyword in ``unenforced`` (one the server lets through: catalog/laxity.py) is not checked."""
        if plainly_valid(self.validator, arguments):  # no error at all to find, so none left after the filters
            return
        errors = (
            e
            for e in self.validator.iter_errors(arguments)
            if e.validator not in unenforced and not (self.lax and _coerced(e))
        )
        error = jsonschema.exceptions.best_match(errors)
        if error is None:
            return
        where = "/".join(str(p) for p in error.absolute_path)
        field = f"argument '{where}'" if where else "arguments"
        message = error.message  # quotes the offending value: a huge one would flood the agent's context
        if len(message) > MAX_ERROR_CHARS:
            message = f"{message[:MAX_ERROR_CHARS]}... ({len(message) - MAX_ERROR_CHARS} more characters)"
        raise InvalidArguments(f"Invalid {field} for tool '{self.name}': {message}")

    def exposed_as(self, tool: Tool) -> CatalogEntry:
        """The same tool listed differently (a perturbation's extra argument); the spec stays as it was."""
        return _entry(tool, self.spec, self.upstream, self.upstream_name, self.source)


class Catalog:
    """Exposed tools by name, in a stable order (spec files first, then upstreams, as configured)."""

    def __init__(self, entries: Iterable[CatalogEntry]) -> None:
        self._entries: dict[str, CatalogEntry] = {}
        for entry in entries:
            self._entries[entry.name] = entry
        self.tools = [e.tool for e in self._entries.values()]

    def __iter__(self) -> Iterator[CatalogEntry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str) -> CatalogEntry | None:
        return self._entries.get(name)

    def input_schema(self, name: str) -> dict[str, Any] | None:
        entry = self._entries.get(name)
        return entry.tool.input_schema if entry else None

    def page(self, cursor: str | None, size: int) -> tuple[list[Tool], str | None]:
        start = _decode_cursor(cursor, len(self.tools))
        end = start + size
        return self.tools[start:end], (str(end) if end < len(self.tools) else None)


def build_catalog(loaded: LoadedExperiment, discovered: dict[str, list[Tool]]) -> Catalog:
    """Merge spec files and live upstream listings; a name collision is a start-up error.

    A spec file marked ``upstream: X`` is a snapshot of X: when X answered, its live listing wins (names and
    schemas exactly as the source gives them, the snapshot's ``effects`` hints kept); when X did not, the
    snapshot stands in so simulation works without the upstream running. When the experiment does not
    declare X at all, the snapshot's tools are simulated (they have no real backend).
    """
    hints: dict[tuple[str, str], ToolSpec] = {}
    entries: list[CatalogEntry] = []
    declared = loaded.experiment.upstreams
    for path, spec_file in loaded.spec_files:
        for spec in spec_file.tools:
            if spec_file.upstream is None or spec_file.upstream not in declared:
                # a snapshot of an upstream the experiment does not run is simulated like any spec file
                entries.append(_entry(_tool_of(spec), spec, None, spec.name, str(path)))
            else:
                hints[(spec_file.upstream, spec.name)] = spec
    for upstream, config in loaded.experiment.upstreams.items():
        prefix = config.prefix or ""
        if upstream in discovered:
            tools = discovered[upstream]
            source = f"upstream '{upstream}'"
        else:
            tools = [_tool_of(spec) for (u, _), spec in hints.items() if u == upstream]
            source = f"snapshot of upstream '{upstream}'"
        for tool in tools:
            hint = hints.get((upstream, tool.name))
            exposed = tool.model_copy(update={"name": prefix + tool.name})
            spec = _spec_of(exposed, hint)
            entries.append(_entry(exposed, spec, upstream, tool.name, source))
    _reject_collisions(entries)
    return Catalog(entries)


def catalog_of(specs: Iterable[ToolSpec], source: str) -> Catalog:
    """A catalog of spec-only tools (no real backend), e.g. a server's tool list replayed offline."""
    entries = [_entry(_tool_of(spec), spec, None, spec.name, source) for spec in specs]
    _reject_collisions(entries)
    return Catalog(entries)


def snapshot_yaml(upstream: str, tools: list[Tool]) -> str:
    """The upstream's tools as a tool spec file (``upstream:`` marks it as that upstream's snapshot)."""
    dumped = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools]
    header = f"# Snapshot of upstream '{upstream}': {len(tools)} tools, written by `mcp-sim snapshot`.\n"
    body = yaml.safe_dump({"upstream": upstream, "tools": dumped}, sort_keys=False, allow_unicode=True, width=100)
    return header + body


def load_spec_file(path: Path) -> ToolSpecFile:
    from mcp_sim.config.yamlfile import load_model

    return load_model(path, ToolSpecFile)


def _entry(tool: Tool, spec: ToolSpec, upstream: str | None, upstream_name: str, source: str) -> CatalogEntry:
    schema = tool.input_schema
    if problem := ref_problem(schema):  # spec files are refused at load; an upstream's tool checks its own
        log.warning("inputSchema not checked here", tool=tool.name, source=source, problem=problem)
        schema = {"type": "object"}
    validator_cls = jsonschema.validators.validator_for(schema, jsonschema.Draft202012Validator)
    # an empty registry: nothing is ever fetched (jsonschema's default retrieves remote $refs with urlopen)
    validator = validator_cls(schema, format_checker=jsonschema.FormatChecker(), registry=no_retrieval())
    lax = coercion.python_tool(spec)
    return CatalogEntry(tool, spec, upstream, upstream_name, source, validator, lax)


def _coerced(error: jsonschema.ValidationError) -> bool:
    """A type error pydantic's lax mode would not raise: the value, or one branch of an ``anyOf`` (an Optional)."""
    if error.validator == "type":
        return coercion.accepts(error.instance, error.validator_value)
    if error.validator in ("anyOf", "oneOf"):
        branches = error.context or []
        return any(e.validator == "type" and coercion.accepts(e.instance, e.validator_value) for e in branches)
    return False


def _tool_of(spec: ToolSpec) -> Tool:
    return Tool.model_validate(spec.model_dump(by_alias=True, exclude={"effects", "examples"}, exclude_none=True))


def _spec_of(tool: Tool, hint: ToolSpec | None) -> ToolSpec:
    dumped = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    fields = {
        k: dumped[k]
        for k in ("name", "title", "description", "inputSchema", "outputSchema", "annotations", "execution", "icons")
        if k in dumped
    }
    hinted = {"effects": hint.effects, "examples": hint.examples} if hint else {}
    try:
        return ToolSpec.model_validate({**fields, **hinted})
    except ValidationError as exc:
        # A spec file is held to the rules (no remote $ref, object schemas, printable names); an upstream's
        # listing is what the upstream serves, so its tool is kept as listed and only logged.
        log.warning("upstream tool breaks the tool spec rules; kept as listed", tool=tool.name, problem=str(exc))
        return ToolSpec.model_construct(
            name=tool.name,
            title=dumped.get("title"),
            description=dumped.get("description"),
            input_schema=dumped.get("inputSchema", {"type": "object"}),
            output_schema=dumped.get("outputSchema"),
            annotations=dumped.get("annotations"),
            execution=dumped.get("execution"),
            icons=dumped.get("icons"),
            effects=hint.effects if hint else None,
            examples=hint.examples if hint else [],
        )


def _reject_collisions(entries: list[CatalogEntry]) -> None:
    seen: dict[str, CatalogEntry] = {}
    problems = []
    for entry in entries:
        other = seen.setdefault(entry.name, entry)
        if other is not entry:
            problems.append(
                f"tool name '{entry.name}' is offered by {other.source} and by {entry.source}; "
                "set `prefix:` on one of the upstreams"
            )
    if problems:
        raise StartupError("\n".join(problems))


def _decode_cursor(cursor: str | None, total: int) -> int:
    from mcp_sim.errors import ProtocolError

    if cursor is None:
        return 0
    # ASCII digits only: str.isdigit() accepts '²', which int() then refuses with a ValueError (error code 0)
    if not (cursor.isascii() and cursor.isdigit() and len(cursor) <= 12) or int(cursor) > total:
        raise ProtocolError(-32602, f"Invalid cursor {cursor[:80]!r}: pass the nextCursor of the previous page")
    return int(cursor)
