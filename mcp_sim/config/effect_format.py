"""The parts of a tool's ``effects:`` that say what real tools do beyond create/read/update/delete by id.

- ``ids_in_text``: ids found inside free text by a pattern (a table in SQL, a commit in a git revision);
- ``hierarchy``: ids that are paths, so a parent must exist, a folder lists its children, and deleting or
  moving a folder carries them (``kind: move`` with ``to:``, the destination argument);
- ``exists: conflict`` with ``conflict:`` (a create of an existing id fails) and ``invalid:`` (a failure when
  the world's state says so: nothing staged to commit);
- ``sets``: singleton and scalar state a tool changes (the current branch), read back as ``{{$state.x}}``;
- ``derived``: values recomputed from the ledger when read (a count, a total), as ``{{$derived.x}}``;
- ``render`` (and ``render_item`` per listed record): the text answer, with slots.

Slots use the learned templates' syntax (``simulation/learned.py``): ``{{path}}`` is an argument, and
``$``-names are the rest: ``{{$id}}``, ``{{$record.field}}``, ``{{$state.name}}``, ``{{$derived.name}}``,
``{{$new.sha}}`` / ``{{$new.uuid}}`` / ``{{$new.number}}`` (generated, seeded), ``{{$clock}}``, ``{{$items}}``
(the listed records, one ``render_item`` each), ``{{$parent}}`` and ``{{$name}}`` (of a hierarchical id),
``{{$recalled}}`` (a line per earlier change this read shows, as ``simulation/builtin/recall.py`` picks them).
``{{a|b|'text'}}``: the first of them that has a value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from mcp_sim.config.numbers import NoBooleanNumbers

SLOT = re.compile(r"\{\{([^{}]+)\}\}")  # the syntax of learned templates (simulation/learned.py ``SLOT``)
NAMESPACES = frozenset(
    {"$id", "$record", "$state", "$derived", "$new", "$clock", "$items", "$parent", "$name", "$recalled"}
)
GENERATED = frozenset({"sha", "short_sha", "uuid", "number"})  # what ``{{$new.x}}`` can make
_STRICT = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class _Strict(NoBooleanNumbers, BaseModel):
    model_config = _STRICT


class Failure(_Strict):
    """How the real tool words one kind of failure (``$entity``, ``$Entity``, ``$id`` and ``{{slots}}`` filled)."""

    text: str = Field(min_length=1)
    is_error: bool = True  # some servers (sqlite) answer failures as ordinary text


class IdsInText(_Strict):
    """Ids inside a free-text argument: each match of ``pattern`` (its first group, else the whole match)."""

    argument: str = Field(min_length=1)  # the argument path holding the text (``query``, ``revision``)
    pattern: str = Field(min_length=1)
    entity: str | None = None  # default: the effect's entity
    # use: must exist (not found otherwise); create: enters the ledger (a conflict when it exists and the
    # effect says ``exists: conflict``); delete: must exist, then is gone
    op: Literal["use", "create", "delete"] = "use"

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, pattern: str) -> str:
        try:
            compiled = re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"not a valid regular expression: {exc}") from None
        if compiled.groups > 1:
            raise ValueError(f"has {compiled.groups} groups: give at most one, around the id")
        return pattern


class Hierarchy(_Strict):
    """Ids that are paths: ``/a/b`` is a child of ``/a``."""

    separator: str = Field("/", min_length=1)
    parents: Literal["require", "create"] = "require"  # a create needs its parent, or makes it (``mkdir -p``)


class When(_Strict):
    """When an effect applies: the text at ``argument`` matches ``matches`` (or does not match ``not_matches``).
    A tool whose effect depends on its input lists one effect per case (``git_checkout`` of a commit detaches)."""

    argument: str = Field(min_length=1)
    matches: str | None = None
    not_matches: str | None = None

    @field_validator("matches", "not_matches")
    @classmethod
    def _compiles(cls, pattern: str | None) -> str | None:
        return _regex(pattern)

    @model_validator(mode="after")
    def _one_test(self) -> When:
        if (self.matches is None) == (self.not_matches is None):
            raise ValueError("give exactly one of matches or not_matches")
        return self


def _regex(pattern: str | None) -> str | None:
    if pattern is not None:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"not a valid regular expression: {exc}") from None
    return pattern


class Invalid(_Strict):
    """A failure the world's state or the call's text decides: the call fails when state ``state`` equals
    ``equals`` (an unset state never fails: the world before the session is open), or when the text at
    ``argument`` matches ``matches`` / does not match ``not_matches`` (a read-only SQL tool given an INSERT)."""

    state: str | None = None
    equals: Any = True
    less_than: Any = None  # instead of equals: fails when the state is a number below this (a template too)
    argument: str | None = None
    matches: str | None = None
    not_matches: str | None = None
    given: list[str] = []  # or: the call fails when every one of these arguments is given (head and tail)
    unless: str | None = None  # an argument that, when given, makes the call valid anyway (``base_branch``)
    text: str = Field(min_length=1)
    is_error: bool = True

    @field_validator("matches", "not_matches")
    @classmethod
    def _compiles(cls, pattern: str | None) -> str | None:
        return _regex(pattern)

    @model_validator(mode="after")
    def _one_condition(self) -> Invalid:
        if [self.state is not None, self.argument is not None, bool(self.given)].count(True) != 1:
            raise ValueError(
                "give exactly one of state (a state's value decides), argument (its text decides)"
                " or given (the arguments that may not come together)"
            )
        if self.less_than is not None and self.state is None:
            raise ValueError("less_than compares a state: give state")
        if self.argument is not None and (self.matches is None) == (self.not_matches is None):
            raise ValueError("an argument condition needs exactly one of matches or not_matches")
        return self


class Derived(_Strict):
    """A value recomputed from the ledger when read: how many records of ``count``, or the ``sum`` of a field."""

    count: str | None = None  # an entity type
    sum: str | None = None  # ``entity.field``
    under: str | None = None  # a template: only the children of this hierarchical id (``{{path}}``)
    where: dict[str, Any] = {}  # only records with these field values (``{kind: FILE}``)

    @model_validator(mode="after")
    def _one_measure(self) -> Derived:
        if (self.count is None) == (self.sum is None):
            raise ValueError("give exactly one of count (an entity type) or sum (entity.field)")
        if self.sum is not None and "." not in self.sum:
            raise ValueError(f"sum {self.sum!r} must name entity.field")
        return self

    @property
    def entity(self) -> str:
        return self.count if self.count is not None else str(self.sum).split(".", 1)[0]


def number(value: Any) -> float | int | None:
    """A number from a declared value (``3``, ``"-12.5"`` after its slots are filled); None: not a number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    try:
        parsed = float(str(value).strip())
    except ValueError:
        return None
    return int(parsed) if parsed.is_integer() and "." not in str(value) else parsed


def slots_in(text: str) -> list[str]:
    """Every name a template's slots use (``{{a|b}}`` uses both; quoted alternatives are text)."""
    names = []
    for match in SLOT.finditer(text):
        for part in match.group(1).split("|"):
            part = part.strip().lstrip("=")
            if part and not (part.startswith("'") and part.endswith("'")):
                names.append(part)
    return names


def slot_problem(name: str, arguments: set[str], derived: set[str]) -> str | None:
    """Why a slot names nothing (None: it names something)."""
    head = name.split(".", 1)[0]
    if head.startswith("$"):
        if head not in NAMESPACES:
            return f"{{{{{name}}}}}: no such slot namespace {head} (known: {', '.join(sorted(NAMESPACES))})"
        rest = name.split(".", 1)[1] if "." in name else ""
        if head in ("$record", "$state", "$derived", "$new") and not rest:
            return f"{{{{{name}}}}}: say which one ({head}.<name>)"
        if head == "$derived" and rest not in derived:
            return f"{{{{{name}}}}}: no derived value {rest!r} is declared (derived: {sorted(derived) or 'none'})"
        if head == "$new" and rest not in GENERATED:
            return f"{{{{{name}}}}}: $new makes {', '.join(sorted(GENERATED))}, not {rest!r}"
        return None
    if head not in arguments:
        return f"{{{{{name}}}}}: no argument {head!r} in the tool's inputSchema (properties: {sorted(arguments)})"
    return None


def fill_slots(text: str, lookup: Callable[[str], Any]) -> str:
    """A declared template with each slot's value: ``{{a|b|'text'}}`` is the first of its alternatives that has
    one (``lookup`` answers names: arguments and ``$``-values), else empty. Here, below the ledger and the
    simulator, so both fill the same way (a real answer's ``sets`` too)."""

    def slot(match: re.Match[str]) -> str:
        value = first_value(match.group(1), lookup)
        return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    return SLOT.sub(slot, text)


def template_value(template: Any, lookup: Callable[[str], Any]) -> Any:
    """A declared value: a template that is one whole slot gives the value itself (a number stays a number),
    other text is filled in, and anything else (``false``, ``3``) is itself."""
    if not isinstance(template, str):
        return template
    whole = SLOT.fullmatch(template)
    return first_value(whole.group(1), lookup) if whole else fill_slots(template, lookup)


def first_value(alternatives: str, lookup: Callable[[str], Any]) -> Any:
    for part in alternatives.split("|"):
        part = part.strip().lstrip("=")
        if len(part) >= 2 and part[0] == part[-1] == "'":
            return part[1:-1]
        value = lookup(part)
        if value is not None and value != "":
            return value
    return None


def fits(when: When | None, arguments: dict[str, Any]) -> bool:
    """Whether an effect with this ``when`` applies to a call with these arguments."""
    if when is None:
        return True
    value: Any = arguments
    for part in when.argument.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    text = "" if value is None else str(value)
    if when.matches is not None:
        return bool(re.search(when.matches, text))
    return not re.search(str(when.not_matches), text)
