"""Perturbation profiles: the YAML an experiment points at (``perturbations: perturbations/flaky.yaml``) or
writes inline (``perturbations: [...]``).

Every entry has the common keys ``type``, ``name``, ``probability`` and ``match``; every other key is a
parameter of its type, checked by the ``Params`` model that type registered (``mcp_sim.config.registry``):
config never imports the perturbation kinds themselves. Problems are collected and reported with
the file, line, entry (index and name) and field, so a user fixes them in one go.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from mcp_sim.config import registry
from mcp_sim.config.numbers import NoBooleanNumbers
from mcp_sim.config.yamlfile import YamlDocument, load_yaml
from mcp_sim.errors import ConfigError

M = TypeVar("M", bound=BaseModel)
Loc = tuple[str | int, ...]
_TURNS = re.compile(r"^\s*(\d+)\s*(-\s*(\d+)?)?\s*$")
COMMON_KEYS = ("type", "name", "probability", "match")


class Match(NoBooleanNumbers):
    """Which calls an entry applies to. Every trigger given must hold (they are ANDed)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    tools: list[str] = Field(default_factory=lambda: ["*"], min_length=1)  # globs on the exposed tool name
    turns: str | None = None  # session call numbers, 1-based: "4", "2-5", "3-"
    calls: list[int] | None = None  # the n-th calls of the tool in the session, 1-based
    every: int | None = Field(default=None, gt=0)  # every n-th call of the tool in the session
    route: Literal["sim", "real", "any"] = "any"

    @field_validator("turns")
    @classmethod
    def _turn_range(cls, turns: str | None) -> str | None:
        m = _TURNS.match(turns) if turns is not None else None
        if turns is not None and m is None:
            raise ValueError('expected a turn number or range such as "4", "2-5" or "3-"')
        if m is not None and m.group(3) and int(m.group(3)) < int(m.group(1)):
            raise ValueError(f"turns {turns!r} ends before it starts (write the smaller number first)")
        if m is not None and int(m.group(1)) < 1:
            raise ValueError("turn numbers start at 1")
        return turns

    @field_validator("calls")
    @classmethod
    def _positive(cls, calls: list[int] | None) -> list[int] | None:
        if calls is not None and any(n < 1 for n in calls):
            raise ValueError("call numbers start at 1")
        return calls

    def turn_range(self) -> tuple[int, float] | None:
        if self.turns is None:
            return None
        m = _TURNS.match(self.turns)
        assert m is not None  # checked by the validator
        first = int(m.group(1))
        last = float(m.group(3)) if m.group(3) else (float("inf") if m.group(2) else float(first))
        return first, last


class _Common(NoBooleanNumbers):
    model_config = ConfigDict(extra="ignore", frozen=True, allow_inf_nan=False)

    type: str
    name: str | None = None
    probability: float = Field(1.0, ge=0, le=1)
    match: Match = Field(default_factory=lambda: Match())


class _ProfileFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str | None = None
    description: str | None = None
    perturbations: list[Any]


@dataclass(frozen=True)
class Entry:
    """One validated profile entry: common keys and its type's parameters (built into a perturbation by
    ``mcp_sim.perturbations.pipeline``)."""

    index: int
    type: str
    name: str | None
    probability: float
    match: Match
    params: BaseModel

    @property
    def label(self) -> str:
        return self.name or self.type

    @functools.cached_property
    def params_json(self) -> dict[str, Any]:
        """The parameters as recorded in each decision (computed once; decisions copy it by reference)."""
        dumped: dict[str, Any] = self.params.model_dump(mode="json", exclude_none=True)
        return dumped


@dataclass(frozen=True)
class Profile:
    name: str | None
    description: str | None
    source: str  # the file the entries were read from
    entries: list[Entry]


# The profiles shipped with mcp-sim (``perturbations/`` of the checkout): named by their stem anywhere a profile
# file is expected, e.g. ``perturbations: hostile`` or the admin switch ``{"profile": "hostile"}``.
PROFILE_DIR_ENV = "MCP_SIM_PROFILE_DIR"
# The ready profiles (``flaky``, ``hostile``...): ``perturbations/`` of this checkout, or where
# $MCP_SIM_PROFILE_DIR says when mcp-sim is installed as a package (the Docker image sets it).
READY_PROFILES = Path(
    os.environ.get(PROFILE_DIR_ENV) or Path(__file__).resolve().parents[2] / "perturbations"
).resolve()


def ready_profiles() -> list[str]:
    return sorted(p.stem for p in READY_PROFILES.glob("*.yaml"))


def profile_path(base_dir: Path, ref: str) -> Path:
    """A profile reference as a file: relative to ``base_dir`` when that file exists, else a ready profile's name
    (``hostile`` or ``hostile.yaml``), else the relative path (whose loading then says it is missing)."""
    path = (base_dir / ref).resolve()
    if path.exists() or "/" in ref:
        return path
    ready = READY_PROFILES / (ref if ref.endswith(".yaml") else f"{ref}.yaml")
    return ready if ready.exists() else path


def profile_of(ref: str | list[Any] | None, doc: YamlDocument) -> Profile | None:
    """The experiment's profile: a path relative to the experiment file (or a ready profile's name), or the inline
    list in ``doc``."""
    if ref is None:
        return None
    if isinstance(ref, str):
        return load_profile(profile_path(doc.path.parent, ref))
    return Profile(None, None, str(doc.path), parse_entries(ref, doc, ("perturbations",)))


def load_profile(path: Path) -> Profile:
    doc = load_yaml(path)
    parsed = doc.validate(_ProfileFile)
    entries = parse_entries(parsed.perturbations, doc, ("perturbations",))
    return Profile(parsed.name, parsed.description, str(path), entries)


def parse_entries(raw: list[Any], doc: YamlDocument, at: tuple[str | int, ...]) -> list[Entry]:
    problems: list[str] = []
    entries: list[Entry] = []
    for index, item in enumerate(raw):
        try:
            entries.append(_entry(index, item, doc, (*at, index)))
        except ConfigError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ConfigError(problems)
    return entries


def _entry(index: int, item: Any, doc: YamlDocument, loc: tuple[str | int, ...]) -> Entry:
    label = f"perturbations[{index}]"
    if not isinstance(item, dict):
        raise ConfigError.at(doc.path, doc.line_of(loc), f"{label}: expected a mapping with at least `type:`")
    if isinstance(item.get("name"), str):
        label += f" ({item['name']})"
    problems: list[str] = []
    common = _validated(_Common, item, doc, loc, label, problems)
    kind = registry.perturbation_params(str(item.get("type")))
    params: BaseModel | None = None
    if kind is None:
        known = ", ".join(registry.perturbation_types())
        line = doc.line_of((*loc, "type"))
        problems.append(f"{doc.path}:{line}: {label}: type: unknown type {item.get('type')!r} (known: {known})")
    else:
        own = {k: v for k, v in item.items() if k not in COMMON_KEYS}
        params = _validated(kind, own, doc, loc, label, problems)
    if problems or common is None or kind is None or params is None:
        raise ConfigError(problems)
    return Entry(index, common.type, common.name, common.probability, common.match, params)


def _validated(
    model: type[M], data: dict[str, Any], doc: YamlDocument, loc: Loc, label: str, problems: list[str]
) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems.extend(_describe(doc, loc, label, err) for err in exc.errors())
        return None


def _describe(doc: YamlDocument, loc: Loc, label: str, err: Any) -> str:
    where = tuple(err["loc"])
    field = ".".join(str(p) for p in where) or "(entry)"
    message = "unknown key (check the spelling)" if err["type"] == "extra_forbidden" else err["msg"]
    return f"{doc.path}:{doc.line_of((*loc, *where)) or '?'}: {label}: {field}: {message}"
