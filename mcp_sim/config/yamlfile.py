"""Safe YAML loading that remembers where every value came from.

Pydantic reports errors by path (``upstreams.memory.args.0``); users need ``exp.yaml:12``. We compose the
YAML node tree once and walk it along the error path to find the line.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from mcp_sim.errors import ConfigError

M = TypeVar("M", bound=BaseModel)

MAX_FILE_BYTES = 16 * 2**20  # no configuration file is this large; /dev/zero is infinitely so
MAX_DEPTH = 100  # of nested mappings and lists
MAX_NODES = 1_000_000  # values after alias expansion
EXPERIMENT_DIR = "EXPERIMENT_DIR"  # ${EXPERIMENT_DIR}: the folder of the file being read
_BRACKETS = re.compile(r"[\[\]{}]")
SESSION_DIR = "SESSION_DIR"  # ${SESSION_DIR}: kept as written; a per-session upstream fills it in per session
_ENV_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


class YamlDocument:
    """A parsed YAML file: its plain data and its node tree (for line numbers)."""

    def __init__(self, path: Path, data: Any, root: yaml.Node | None) -> None:
        self.path = path
        self.data = data
        self.root = root

    def line_of(self, loc: tuple[int | str, ...]) -> int | None:
        """1-based line of the value at ``loc``, or of its nearest existing parent."""
        node = self.root
        line = node.start_mark.line + 1 if node is not None else None
        for key in loc:
            child = _child(node, key)
            if child is None:
                break
            node = child
            line = node.start_mark.line + 1
        return line

    def validate(self, model: type[M]) -> M:
        try:
            return model.model_validate(self.data)
        except ValidationError as exc:
            errors = exc.errors()
            paths = [_data_path(self.data, tuple(err["loc"])) for err in errors]
            # A value that fails inside one union member (``effects: {...}``) also fails the other (``effects:
            # [...]``, "should be a valid list"): only the error inside the member the user wrote is news.
            news = [p for err, p in zip(errors, paths, strict=True) if not str(err["type"]).endswith("_type")]
            kept = [
                err
                for err, path in zip(errors, paths, strict=True)
                if not (str(err["type"]).endswith("_type") and any(p[: len(path)] == path for p in news))
            ]
            raise ConfigError([self._describe(err) for err in kept or errors]) from None

    def _describe(self, err: Any) -> str:
        loc = _data_path(self.data, tuple(err["loc"]))
        field = ".".join(str(p) for p in loc) or "(top level)"
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown key (check the spelling)"
        tool = _tool_named(self.data, loc)
        if tool is not None and f"tool {tool}" not in message:
            field = f"{field} (tool {tool})"
        return f"{self.path}:{self.line_of(loc) or '?'}: {field}: {message}"


def read_text_file(path: Path, max_bytes: int = MAX_FILE_BYTES) -> str:
    """A user's file as UTF-8 text, refusing what would hang or exhaust the process: anything but a regular
    file (``/dev/zero``, a FIFO, a folder), more than ``max_bytes``, bytes that are not UTF-8."""
    try:
        # O_NONBLOCK: opening a FIFO would otherwise wait for a writer (it froze the server); on a regular
        # file the flag does nothing. What the descriptor is gets checked before a byte is read.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ConfigError.at(path, None, "not a regular file")
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise ConfigError.at(path, None, f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise ConfigError.at(path, None, f"file is larger than {max_bytes // 2**20} MiB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ConfigError.at(path, line, f"not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start})") from None


def load_yaml(path: Path) -> YamlDocument:
    """Read ``path`` with the safe loader and expand ``${VAR}`` / ``${VAR:-default}`` in strings.

    ``${EXPERIMENT_DIR}`` is the folder of ``path`` (absolute), whatever the environment says. Nesting deeper
    than ``MAX_DEPTH`` and aliases expanding past ``MAX_NODES`` values (a "billion laughs") are errors."""
    text = read_text_file(path)
    if (line := _too_deep_flow(text)) is not None:
        raise ConfigError.at(path, line, f"invalid YAML: nested deeper than {MAX_DEPTH} levels")
    try:
        loader = _BoundedLoader(text)
        try:
            root = loader.get_single_node()
            _check_expansion(root)
            data = loader.construct_document(root) if root is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise ConfigError.at(path, line, f"invalid YAML: {getattr(exc, 'problem', None) or exc}") from None
    doc = YamlDocument(path, None, root)
    doc.data = _expand_env(data, doc, ())
    return doc


def bounded_yaml(text: str) -> Any:
    """YAML or JSON text that is no configuration file (an OpenAPI document), under the same nesting and alias
    caps as ``load_yaml``; ``yaml.YAMLError`` says what is wrong."""
    if (line := _too_deep_flow(text)) is not None:
        raise yaml.YAMLError(f"nested deeper than {MAX_DEPTH} levels (line {line})")
    loader = _BoundedLoader(text)
    try:
        root = loader.get_single_node()
        _check_expansion(root)
        return loader.construct_document(root) if root is not None else None
    finally:
        loader.dispose()


def _too_deep_flow(text: str) -> int | None:
    """The line where ``[``/``{`` brackets nest past ``MAX_DEPTH``, or None. PyYAML's scanner looks ahead
    over every open flow bracket at each token (quadratic: 5,000 levels took half a second, a megabyte of them
    hours), so this runs before it. Brackets inside quoted strings count too: an upper bound, good enough
    for configuration files, whose brackets balance."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    for bracket in _BRACKETS.finditer(text):
        depth = depth + 1 if bracket.group() in "[{" else max(0, depth - 1)
        if depth > MAX_DEPTH:
            return text.count("\n", 0, bracket.start()) + 1
    return None


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader with a nesting limit (PyYAML composes recursively: 5,000 levels was a RecursionError)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise yaml.composer.ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _check_expansion(root: yaml.Node | None) -> None:
    """Refuse a tree whose aliases expand to more than ``MAX_NODES`` values: each alias is the node it names,
    so a small file can stand for billions of values. Counted on the node graph, sizes memoised per node."""
    sizes: dict[int, int] = {}

    def size(node: yaml.Node) -> int:
        known = sizes.get(id(node))
        if known is not None:
            return known
        total = 1
        if isinstance(node, yaml.SequenceNode):
            total += sum(size(child) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        if total > MAX_NODES:
            raise yaml.composer.ComposerError(
                None, None, f"aliases expand to more than {MAX_NODES:,} values", node.start_mark
            )
        sizes[id(node)] = total
        return total

    if root is not None:
        size(root)


def load_model(path: Path, model: type[M]) -> M:
    return load_yaml(path).validate(model)


def _expand_env(value: Any, doc: YamlDocument, loc: tuple[int | str, ...]) -> Any:
    if isinstance(value, str):
        return _ENV_VAR.sub(lambda m: _lookup(m, doc, loc), value)
    if isinstance(value, dict):
        return {k: _expand_env(v, doc, (*loc, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_expand_env(v, doc, (*loc, i)) for i, v in enumerate(value)]
    return value


def _lookup(match: re.Match[str], doc: YamlDocument, loc: tuple[int | str, ...]) -> str:
    name, default = match.group(1), match.group(2)
    if name == EXPERIMENT_DIR:  # for paths handed to upstreams, which do not know where the file is
        return str(doc.path.parent)
    if name == SESSION_DIR:
        return match.group(0)
    found = os.environ.get(name, default)
    if found is None:
        field = ".".join(str(p) for p in loc)
        raise ConfigError.at(doc.path, doc.line_of(loc), f"{field}: environment variable {name} is not set")
    return found


def _child(node: yaml.Node | None, key: int | str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if str(k.value) == str(key):
                return v  # type: ignore[no-any-return]
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return node.value[key]  # type: ignore[no-any-return]
    return None


def _tool_named(data: Any, loc: tuple[int | str, ...]) -> str | None:
    """The name of the tool an error is inside (``tools.3...``), so a spec file's error says which tool."""
    if len(loc) < 3 or loc[0] != "tools" or not isinstance(loc[1], int) or not isinstance(data, dict):
        return None  # the name field's own error says what is wrong with the name
    tools = data.get("tools")
    tool = tools[loc[1]] if isinstance(tools, list) and loc[1] < len(tools) else None
    name = tool.get("name") if isinstance(tool, dict) else None
    return name if isinstance(name, str) and name.isprintable() and loc[2] != "name" else None


def _data_path(data: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """The error path as the user wrote it: pydantic also puts the chosen union member into it
    (``StdioUpstream``, or a discriminator value such as ``openai``), a key the file does not have."""
    path: list[int | str] = []
    for i, part in enumerate(loc):
        is_last = i == len(loc) - 1
        if isinstance(data, dict) and part not in data and (not is_last or "[" in str(part)):
            continue  # a union member's tag (``function-after[...]``, ``list[...]``), no key of the file
        path.append(part)
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            data = None
    return tuple(path)
