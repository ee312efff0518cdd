"""Safe YAML loading that remembers where every value came from.

Pydantic reports errors by path (``upstreams.memory.args.0``); users need ``exp.yaml:12``. We compose the
YAML node tree once and walk it along the error path to find the line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from mcp_sim.errors import ConfigError

M = TypeVar("M", bound=BaseModel)

EXPERIMENT_DIR = "EXPERIMENT_DIR"  # ${EXPERIMENT_DIR}: the folder of the file being read
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
            raise ConfigError([self._describe(err) for err in exc.errors()]) from None

    def _describe(self, err: Any) -> str:
        loc = _data_path(self.data, tuple(err["loc"]))
        field = ".".join(str(p) for p in loc) or "(top level)"
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown key (check the spelling)"
        return f"{self.path}:{self.line_of(loc) or '?'}: {field}: {message}"


def load_yaml(path: Path) -> YamlDocument:
    """Read ``path`` with the safe loader and expand ``${VAR}`` / ``${VAR:-default}`` in strings.

    ``${EXPERIMENT_DIR}`` is the folder of ``path`` (absolute), whatever the environment says."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError.at(path, None, f"cannot read file: {exc.strerror or exc}") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise ConfigError.at(path, line, f"invalid YAML: {getattr(exc, 'problem', exc)}") from None
    doc = YamlDocument(path, None, root)
    doc.data = _expand_env(data, doc, ())
    return doc


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


def _data_path(data: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """The error path as the user wrote it: pydantic also puts the chosen union member into it
    (``StdioUpstream``, or a discriminator value such as ``openai``), a key the file does not have."""
    path: list[int | str] = []
    for i, part in enumerate(loc):
        is_last = i == len(loc) - 1
        if isinstance(data, dict) and part not in data and not is_last:
            continue
        path.append(part)
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            data = None
    return tuple(path)
