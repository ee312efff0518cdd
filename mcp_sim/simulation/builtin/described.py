"""Constraints an argument's description states in words, checked as if the schema said them.

Many tool lists say in prose what their schemas leave out: ``The mode of the headlights. [Enum]: ["on",
"off", "auto"]``, ``Options are: economy, business, first.``, ``Whether to list local branches ('local'),
remote branches ('remote') or all branches ('all')``, ``The fan speed from 0 to 100``. The real tool refuses
``mode="disco"``; a simulator that accepts it teaches an agent that any value works. Only explicit lists
(after a lead such as "[Enum]:", "options are", "one of", "possible values", or alternatives each quoted in
parentheses and joined by "or") and explicit numeric ranges count: examples ("e.g.", "such as") never do,
so a value the words do not rule out is never refused.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from mcp_sim.errors import InvalidArguments

_LEAD = re.compile(
    r"(?:\[enum\]\s*:?|\boptions?\s+(?:are|is)\s*:?|\bhere\s+are\s+the\s+options\s*:?|\bmust\s+be\s+one\s+of\s*:?"
    r"|\bone\s+of\s*:|\b(?:possible|allowed|valid|accepted|supported)\s+values(?:\s+are)?\s*:?)\s*",
    re.IGNORECASE,
)
_PARENTHESISED = re.compile(r"\(\s*['\"]([^'\"()]{1,40})['\"]\s*\)")
_RANGE = re.compile(
    r"\b(?:from|between)\s+(-?\d+(?:\.\d+)?)\s*(?:\s(?:to|and)\s|-|\u2013)\s*(-?\d+(?:\.\d+)?)\b", re.IGNORECASE
)  # "from 0 to 100", "between 1 and 10", "between 1-100"
_SIGN = re.compile(r"\b(?:must\s+be\s+)?an?\s+(positive|non-negative|nonnegative)\s+(?:integer|number)\b", re.I)
_EXAMPLES = re.compile(r"\be\.g\.|\b(?:for example|for instance|such as|like)\b", re.IGNORECASE)
_SPAN = re.compile(r"\(\s*(-?\d+(?:\.\d+)?)\s*(?:-|\u2013|to)\s*(-?\d+(?:\.\d+)?)\s*%?\s*\)")  # "Progress (0-100)"
_ONE_OF_QUOTED = re.compile(
    r"\bone\s+of\s+((?:['\"`][^'\"`]{1,40}['\"`]\s*,\s*)+(?:or\s+)?['\"`][^'\"`]{1,40}['\"`])", re.IGNORECASE
)
_AT_LEAST_ONE = re.compile(
    r"\bat\s+least\s+one\s+of\s+([^.;:\n]{3,120}?)\s+(?:must|should|has\s+to|needs?\s+to)\s+be\b", re.IGNORECASE
)
_EITHER = re.compile(
    r"\b(?:provide|pass|give|specify|supply)\s+either\s+([^.;:\n]{3,120})|\beither\s+([^.;:\n]{3,120}?)\s+"
    r"(?:must|should)\s+be\s+(?:provided|given|specified|set|passed)",
    re.IGNORECASE,
)
_LETTERS = re.compile(r"\(([A-Z])-([A-Z])\)")  # "(A-Z)": one capital letter
_FORMATS = {
    "HH:MM": "%H:%M", "HH:MM:SS": "%H:%M:%S", "YYYY-MM-DD": "%Y-%m-%d", "YYYY-MM-DDTHH:MM": "%Y-%m-%dT%H:%M",
    "YYYY-MM-DDTHH:MM:SS": "%Y-%m-%dT%H:%M:%S", "MM/DD/YYYY": "%m/%d/%Y", "DD/MM/YYYY": "%d/%m/%Y",
}  # fmt: skip
_FORMAT = re.compile(r"(?<![\w:/-])(YYYY-MM-DD(?:[ T]HH:MM(?::SS)?)?|HH:MM(?::SS)?|MM/DD/YYYY|DD/MM/YYYY)(?![\w:/-])")
_ARGS_SECTION = re.compile(r"^\s*(?:Args|Arguments|Parameters)\s*:\s*$", re.MULTILINE)
_SECTION_END = re.compile(r"^\s*(?:Returns|Raises|Yields|Examples?|Notes?)\s*:\s*$")
_NUMPY_SECTION = re.compile(r"^\s*(?:Parameters|Arguments|Args)\s*\n\s*-{3,}\s*$", re.MULTILINE)
_RULE = re.compile(r"^\s*-{3,}\s*$")
_NUMPY_ARG = re.compile(r"^(\w+)\s*:\s*\S")  # "cell_index : int", at the section's own indentation
_QUOTED_CHOICE = re.compile(
    r"\(\s*((?:['\"][^'\"()]{1,40}['\"]\s*,\s*)*['\"][^'\"()]{1,40}['\"]\s*,?\s*(?:or\s+)?['\"][^'\"()]{1,40}['\"])\s*\)"
)  # ('code', 'markdown', or 'raw'), ('buyer_wins', 'seller_wins', 'split'): the parenthesis holds nothing else
_QUOTED = r"['\"`][^'\"`\n]{1,40}['\"`]"
_QUOTED_AFTER_COLON = re.compile(rf":\s*({_QUOTED}(?:\s*,\s*{_QUOTED})*\s*,?\s*or\s+{_QUOTED})")
# "Optional scope: "global", "project:<name>", or "repo:<name>"": quoted alternatives right after a colon
_LENGTH_SPAN = re.compile(
    r"\b(\d+)\s*(?:-|\u2013|to)\s*(\d+)\s*(?:[a-z]+\s+)?(?:chars?|characters)\b", re.IGNORECASE
)  # "10-100 chars", "7 to 40 hex chars"
_HEX_LENGTH = re.compile(
    r"\b\d+\s*(?:(?:-|\u2013|to)\s*\d+\s*)?hex(?:adecimal)?\s+(?:chars?|characters|digits)\b", re.I
)
_HEX = re.compile(r"[0-9a-fA-F]+")
_DATE_NAME = re.compile(r"(?:^|_)(?:date|day)$|[a-z]Date$", re.IGNORECASE)
# "low, medium, or high. Omit if ...", "Capture channel: slash (from ...), confirm (...), or import (...)": a
# description that opens with three or more one-word alternatives, the last after "or" (glosses in parentheses
# dropped); two ("email or phone") could as well name what kind of value is meant
_OPENING_LIST = re.compile(
    r"^\s*(?:[A-Za-z][\w ]{0,30}:\s*)?([a-z][\w-]*(?:\s*,\s*[a-z][\w-]*){1,},?\s+or\s+[a-z][\w-]*)\s*(?:[.;:]|$)"
)
_NAMED_LIST = (
    r"\b{name}\s+(?:is|must\s+be)\s+(?:one\s+of\s+)?"
    r"([a-z][\w-]*(?:\s*,\s*[a-z][\w-]*)*,?\s+or\s+[a-z][\w-]*)\s*(?:[.;(]|$)"
)
# "unit is kg or lb (defaults to ...)": the argument named, then its alternatives
_SEPARATED = re.compile(r"(?<![\w|\u00b7\u2022-])([\w][\w-]*(?:\s*[|\u00b7\u2022]\s*[\w][\w-]*){2,})(?![\w-])")
_PIPED_LIST = r"(?<![\w-]){name}(?![\w-])[`'\"]*[^.;|]{{0,40}}?[\s:]([a-z][\w-]*(?:\s*\|\s*[a-z][\w-]*){{2,}})"
_GLOSS = re.compile(r"\s*\([^()]*\)")
_ALSO_ACCEPTED = re.compile(r"\balso\s+accept", re.IGNORECASE)  # "(1-4 also accepted)": the list is not all
_LENGTH_LOW = re.compile(r"\b(?:at\s+least|min(?:imum)?(?:\s+of)?)\s+(\d+)\s*(?:chars?|characters)\b", re.IGNORECASE)
_LENGTH_HIGH = re.compile(
    r"\b(?:at\s+most|max(?:imum)?(?:\s+of)?|up\s+to|no\s+more\s+than)\s+(\d+)\s*(?:chars?|characters)\b", re.IGNORECASE
)
_PLACEHOLDER = re.compile(r"<[\w -]{1,20}>")  # "project:<name>": any text in its place
_ARG_LINE = re.compile(r"^\s+(\w+)\s*(?:\([^)]*\))?\s*:\s*(.+)$")
_ITEM = re.compile(r"^[\w][\w.:/+-]{0,39}$")
MAX_OPTIONS = 64


@dataclass(frozen=True)
class Stated:
    """What one argument's description allows: a closed list of values and/or a numeric range."""

    options: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    letters: tuple[str, str] | None = None  # one character in this range: "Priority level (A-Z)"
    format: str | None = None  # a date or time written as "HH:MM", "YYYY-MM-DD": its strptime pattern
    shortest: int | None = None  # text of at least this many characters: "(10-100 chars)"
    longest: int | None = None
    hex: bool = False  # "7 to 40 hex chars": hexadecimal digits only (a commit hash)


def check(tool: str, description: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for an argument its own description (in the schema, or in the tool's
    docstring ``Args:`` section) rules out."""
    properties = input_schema.get("properties") or {}
    wanted = one_of_required(description, tuple(properties))
    if wanted and all(arguments.get(name) in (None, "", []) for name in wanted):
        listed = " or ".join(wanted)
        raise InvalidArguments(f"Error executing tool {tool}: at least one of {listed} must be provided")
    documented = docstring_arguments(description) or inline_arguments(description, tuple(properties))
    for name, value in arguments.items():
        prop = properties.get(name)
        if not isinstance(prop, dict) or "enum" in prop or "const" in prop:
            continue  # the schema says it already, and the arguments were validated against it
        own = str(prop.get("description") or documented.get(name) or "")
        stated = (
            stated_by(own)
            or labelled_list(own, name)
            or slashed_list(own, name)
            or slashed_list(description, name)
            or named_list(description, name)
            or section_list(description, name)
            or (None if own else dated(description, name, properties))
        )
        if stated is None:
            continue
        for item in value if isinstance(value, list) else [value]:
            _check_one(tool, name, item, stated)


@cache
def one_of_required(description: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The arguments a tool's description says at least one of must be given ("At least one of title/body must be
    given", "Provide either fire_in_seconds or an ISO8601 fire_at"); () when it says none. Only names of the
    tool's own arguments count, two or more of them."""
    found = _AT_LEAST_ONE.search(description) or _EITHER.search(description)
    if found is None:
        return ()
    said = re.findall(r"[A-Za-z_][\w]*", next(g for g in found.groups() if g))
    if not said or (said[0] not in names and said[0].lower() not in ("an", "a", "the")):
        return ()  # "Either way, ...": the words after it name no argument
    wanted = tuple(dict.fromkeys(w for w in said if w in names))
    return wanted if len(wanted) >= 2 else ()


@cache
def inline_arguments(description: str, names: tuple[str, ...]) -> dict[str, str]:
    """Per-argument text from a docstring that documents arguments inline rather than under ``Args:``:
    ``theme: dark, light, or clear (...); unit: kg or lb``, one per line or sentence, each running to the next
    argument's name and colon (``weight/unit:`` documents both)."""
    if not names:
        return {}
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    label = re.compile(rf"(?:(?<=^)|(?<=[\s.;(`]))((?:`?(?:{alternatives})`?)(?:\s*/\s*`?(?:{alternatives})`?)*)\s*:\s")
    found: dict[str, str] = {}
    marks = list(label.finditer(description))
    for at, mark in enumerate(marks):
        end = marks[at + 1].start() if at + 1 < len(marks) else len(description)
        for name in re.split(r"\s*/\s*", mark.group(1)):
            found.setdefault(name.strip("`"), description[mark.end() : end].strip())
    return found


@cache
def docstring_arguments(description: str) -> dict[str, str]:
    """Per-argument text from a Google-style docstring that a Python server passes on as the tool's
    description (``Args:`` then ``    priority: Priority level (A-Z), optional``)."""
    section = _ARGS_SECTION.search(description)
    if section is None:
        return _numpy_arguments(description)
    found: dict[str, str] = {}
    for line in description[section.end() :].splitlines():
        if not line.strip():
            continue
        if _SECTION_END.match(line):
            break
        if (item := _ARG_LINE.match(line)) is not None:
            found[item.group(1)] = item.group(2)
    return found


def _numpy_arguments(description: str) -> dict[str, str]:
    """Per-argument text from a NumPy-style docstring: ``Parameters`` over a dashed rule, then ``name : type``
    lines each followed by their indented description; the next underlined heading (``Returns``) ends it."""
    section = _NUMPY_SECTION.search(description)
    if section is None:
        return {}
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    lines = description[section.end() :].splitlines()
    for at, line in enumerate(lines):
        if at + 1 < len(lines) and _RULE.match(lines[at + 1]) and line.strip():
            break  # the next heading
        if (item := _NUMPY_ARG.match(line)) is not None:
            current = found.setdefault(item.group(1), [])
        elif current is not None and line.strip():
            current.append(line.strip())
    return {name: " ".join(text) for name, text in found.items()}


def _check_one(tool: str, name: str, value: Any, stated: Stated) -> None:
    if stated.format and isinstance(value, str):
        try:
            datetime.strptime(value, stated.format)
        except ValueError:
            written = next(k for k, v in _FORMATS.items() if v == stated.format)
            raise InvalidArguments(
                f"Error executing tool {tool}: Invalid {name} format: {value!r}. Expected {written}"
            ) from None
    if stated.letters and isinstance(value, str):
        first, last = stated.letters
        if len(value) != 1 or not first <= value <= last:
            raise InvalidArguments(
                f"Error executing tool {tool}: Invalid {name}: {value!r}. Must be a single letter ({first}-{last})"
            )
    if isinstance(value, str) and stated.shortest is not None and len(value) < stated.shortest:
        raise InvalidArguments(
            f"Error executing tool {tool}: {name} must be at least {stated.shortest} characters (got {len(value)})"
        )
    if isinstance(value, str) and stated.longest is not None and len(value) > stated.longest:
        raise InvalidArguments(
            f"Error executing tool {tool}: {name} must be at most {stated.longest} characters (got {len(value)})"
        )
    if stated.hex and isinstance(value, str) and not _HEX.fullmatch(value):
        raise InvalidArguments(f"Error executing tool {tool}: {name} must be hexadecimal digits, got {value!r}")
    if stated.options and isinstance(value, str) and not _among(value, stated.options):
        allowed = ", ".join(stated.options)
        raise InvalidArguments(f"Error executing tool {tool}: Invalid {name}: {value!r}. Must be one of: {allowed}")
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and (
        (stated.low is not None and value < stated.low) or (stated.high is not None and value > stated.high)
    ):
        bounds = (
            f"from {stated.low:g} to {stated.high:g}"
            if stated.low is not None and stated.high is not None
            else f"at least {stated.low:g}"
            if stated.low is not None
            else f"at most {stated.high:g}"
        )
        raise InvalidArguments(f"Error executing tool {tool}: Invalid {name}: {value}. Must be {bounds}")


@cache
def stated_by(description: str) -> Stated | None:
    """The closed list or range a description states, or None when it states none."""
    options = (
        _listed(description)
        or _parenthesised(description)
        or _quoted_one_of(description)
        or _quoted_after_colon(description)
        or _opening_list(description)
        or _separated(description)
    )
    if _ALSO_ACCEPTED.search(description):
        options = ()
    shortest, longest = _length(description)
    hexadecimal = _HEX_LENGTH.search(description) is not None and not _EXAMPLES.search(description.split("hex")[0])
    low = high = None
    found = _RANGE.search(description) or _SPAN.search(description)
    if found is not None and not _EXAMPLES.search(description[: found.start()]):
        low, high = sorted((float(found.group(1)), float(found.group(2))))
    elif (sign := _SIGN.search(description)) is not None:  # "Must be a positive integer": 1 and up
        low = 1.0 if sign.group(1).lower() == "positive" else 0.0
    letters = None
    if (span := _LETTERS.search(description)) is not None:
        letters = (span.group(1), span.group(2))
    formats = {_FORMATS[f.upper().replace(" ", "T")] for f in _FORMAT.findall(description)}
    form = formats.pop() if len(formats) == 1 else None  # two formats named: either may be meant
    if not options and low is None and letters is None and form is None and shortest is longest is None:
        return None
    return Stated(options, low, high, letters, form, shortest, longest, hexadecimal)


def _separated(description: str) -> tuple[str, ...]:
    """Three or more one-word values joined by bars or middle dots (``todo · in_progress · done``, ``P0 (critical) ·
    P1 (high) · P2 (medium)``, ``open | closed | spec``): such marks join alternatives and nothing else."""
    text = _GLOSS.sub("", description)
    found = _SEPARATED.search(text)
    if found is None or _EXAMPLES.search(text[: found.start()]):  # "a pipeline like a | b | c": an example
        return ()
    return _options(re.split(r"\s*[|\u00b7\u2022]\s*", found.group(1)))


def _length(description: str) -> tuple[int | None, int | None]:
    """The text length a description states: ``(10-100 chars)``, ``at least 20 characters``, ``max 80 chars``."""
    if (span := _LENGTH_SPAN.search(description)) is not None and not _EXAMPLES.search(description[: span.start()]):
        low, high = sorted((int(span.group(1)), int(span.group(2))))
        return low, high
    low_at, high_at = _LENGTH_LOW.search(description), _LENGTH_HIGH.search(description)
    return (int(low_at.group(1)) if low_at else None), (int(high_at.group(1)) if high_at else None)


def _among(value: str, options: tuple[str, ...]) -> bool:
    """Whether the value is one of the options; an option's ``<name>`` stands for any text (``project:<name>``)."""
    for option in options:
        if option == value:
            return True
        if _PLACEHOLDER.search(option):
            pattern = ".+".join(re.escape(part) for part in _PLACEHOLDER.split(option))
            if re.fullmatch(pattern, value, re.DOTALL):
                return True
    return False


def _listed(description: str) -> tuple[str, ...]:
    lead = _LEAD.search(description)
    if lead is None:
        return ()
    rest = description[lead.end() :].strip()
    if rest.startswith("["):  # a JSON list: ["on", "off", "auto"]
        try:
            items = json.loads(rest[: rest.index("]") + 1])
        except ValueError:
            return ()
        return _options(items if isinstance(items, list) else [])
    sentence = re.split(r"(?<=[a-z0-9'\"])\.(?:\s|$)|\n", rest, maxsplit=1)[0].rstrip(". ")
    sentence = _REMARK.sub("", sentence)  # "one of: received, rejected (optional)": a remark on the argument
    parts = re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+", sentence)
    return _options([p.strip().strip("'\"`") for p in parts])


# a closing remark on the argument, not on the last value: "(optional)", "(default: low)", "(required for 'add')"
_REMARK = re.compile(r"\s*\((?:optional|required\b[^()]*|defaults?\b[^()]*)\)\s*$", re.IGNORECASE)


def _quoted_one_of(description: str) -> tuple[str, ...]:
    """Alternatives each quoted after "one of" without a colon: ``One of 'md5', 'sha1', 'sha256', 'sha512'.``
    (quotes on every item say they are values, not prose)."""
    found = _ONE_OF_QUOTED.search(description)
    return _options(re.findall(r"['\"`]([^'\"`]{1,40})['\"`]", found.group(1))) if found else ()


def dated(description: str, name: str, properties: dict[str, Any]) -> Stated | None:
    """The one date or time format a tool's description names (``One day's food (default today, YYYY-MM-DD)``),
    for its one argument named for a date (``date``, ``due_date``, ``day``) that says nothing itself."""
    if not _DATE_NAME.search(name) or sum(1 for n in properties if _DATE_NAME.search(str(n))) != 1:
        return None
    formats = {_FORMATS[f.upper().replace(" ", "T")] for f in _FORMAT.findall(description)}
    return Stated(format=formats.pop()) if len(formats) == 1 else None


@cache
def named_list(description: str, name: str) -> Stated | None:
    """The alternatives a description gives an argument by name: ``unit is kg or lb (defaults to ...)``, or
    written with bars (``kind`` is REQUIRED -- one of design | schema | production | meta``, ```status`
    choices: open | closed | spec``): bars join nothing but alternatives."""
    text = _GLOSS.sub("", description)
    piped = re.search(_PIPED_LIST.format(name=re.escape(name)), text)
    sentence = re.split(r"[.;]\s", text[: piped.start()])[-1] if piped else ""
    # "Returns status = matched | variance": what the tool answers, not what it takes
    if piped is not None and not _ALSO_ACCEPTED.search(description) and "return" not in sentence.lower():
        return Stated(_options(re.split(r"\s*\|\s*", piped.group(1)))) or None
    found = re.search(_NAMED_LIST.format(name=re.escape(name)), _GLOSS.sub("", description))
    if found is None or _EXAMPLES.search(description[: found.start()]) or _ALSO_ACCEPTED.search(description):
        return None
    options = _options([p.strip() for p in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", found.group(1))])
    return Stated(options) if options else None


@cache
def labelled_list(description: str, name: str) -> Stated | None:
    """Three or more values after a label naming the argument itself: ``Prompt name: extract_text, knowledge_base,
    professor_dna.`` for ``name``, ``Pipeline file: knowledge_base.md, exam_targets.md, ...`` for ``filename``. A
    label naming something else (``Required for: add, reorder``) lists no values of the argument."""
    found = _LABELLED.match(description)
    if found is None or not _names_argument(found.group(1), name):
        return None
    options = _options([p.strip() for p in found.group(2).split(",")])
    return Stated(options) if len(options) >= 3 else None


@cache
def slashed_list(description: str, name: str) -> Stated | None:
    """Three or more lower-case values joined by slashes in a parenthesis right after the argument's name:
    ``Optional: ..., format (csv/parquet/jsonl/sql)``. Slashes between lower-case words join alternatives; a
    written format (``YYYY/MM/DD``) is upper-case and no list."""
    spoken = re.escape(name).replace("_", "[_ ]")
    found = re.search(rf"(?<![\w-]){spoken}\s*\(\s*({_SLASHED})\s*\)", description)
    if found is None or _EXAMPLES.search(found.group(1)):
        return None
    options = _options([p.strip() for p in found.group(1).split("/")])
    return Stated(options) if len(options) >= 3 else None


def _names_argument(label: str, name: str) -> bool:
    """Whether a label's last word is the argument's own noun (``Prompt name`` for ``name``, ``file`` for
    ``filename``, ``practice day`` for ``day``)."""
    word = label.split()[-1].lower().rstrip("s")
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|\d+", name)]
    return bool(word) and (word in words or name.lower().startswith(word) or name.lower().endswith(word))


_LABEL_ITEM = r"[\w][\w:/+-]*(?:\.[\w][\w:/+-]*)*"  # no trailing period: it ends the sentence
_LABELLED = re.compile(
    rf"^\s*([A-Za-z][\w ]{{0,30}}?)\s*:\s*({_LABEL_ITEM}(?:\s*,\s*{_LABEL_ITEM}){{2,}})\s*(?:\.(?:\s|$)|$)"
)  # "Prompt name: extract_text, knowledge_base, professor_dna." (the label read by ``_names_argument``)
_SLASHED = r"[a-z][\w.-]*(?:\s*/\s*[a-z][\w.-]*){2,}"


def section_list(description: str, name: str) -> Stated | None:
    """The values a section named after the argument lists, one bullet each (``Actions:`` then ``- hp: Heal or
    damage``, ``- "create": Add a new NPC``) or joined by slashes (``- add/remove/update/check/list/use``): a
    Python docstring's way of giving ``action`` its choices. Only the section's own bullets count."""
    header = re.search(rf"^[ \t]*{re.escape(name)}s?[ \t]*:[ \t]*$", description, re.IGNORECASE | re.MULTILINE)
    if header is None:
        return None
    values: list[str] = []
    for line in description[header.end() :].splitlines():
        if not line.strip():
            continue  # a blank line between bullets
        bullet = _SECTION_BULLET.match(line)
        if bullet is None:
            break  # the section ends where its bullets do
        values.extend(bullet.group(1).split("/"))
    return Stated(_options(values)) if len(values) >= 2 and _options(values) else None


# ``- hp: Heal``, ``- "create": Add``, ``- add/remove/update — supply item_name``: a bullet opening with its value
_SECTION_BULLET = re.compile(r"^\s*[-*\u2022]\s*[\"'`]?([\w-]+(?:/[\w-]+)*)[\"'`]?\s*(?::|\u2014|\u2013|-\s|$)")


def _opening_list(description: str) -> tuple[str, ...]:
    """Three or more one-word alternatives a description opens with: ``low, medium, or high. Omit if ...``."""
    found = _OPENING_LIST.match(_GLOSS.sub("", description))
    if found is None:
        return ()
    return _options([p.strip() for p in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", found.group(1))])


def _quoted_after_colon(description: str) -> tuple[str, ...]:
    """Alternatives each quoted right after a colon, the last after "or": ``Optional scope: "global",
    "project:<name>", or "repo:<name>"``."""
    found = _QUOTED_AFTER_COLON.search(description)
    if found is None or _EXAMPLES.search(description[: found.start()]):
        return ()
    return _options(re.findall(r"['\"`]([^'\"`\n]{1,40})['\"`]", found.group(1)))


def _parenthesised(description: str) -> tuple[str, ...]:
    """Alternatives quoted in one parenthesis that holds nothing else, the last after "or" or not
    (``('code', 'markdown', or 'raw')``, ``('buyer_wins', 'seller_wins', 'split')``), or each quoted in its own and
    joined by "or": ``local ('local') or all ('all')``."""
    if (choice := _QUOTED_CHOICE.search(description)) is not None and not _EXAMPLES.search(description):
        return _options(re.findall(r"['\"]([^'\"()]{1,40})['\"]", choice.group(1)))
    found = _PARENTHESISED.findall(description)
    if len(found) < 2 or not re.search(r"\bor\b", description) or _EXAMPLES.search(description):
        return ()
    return _options(found)


def _options(items: list[Any]) -> tuple[str, ...]:
    """At least two short distinct values, each one token (a mode, a code, a kind); otherwise no closed list.
    A list of names with spaces ("Sunset Valley, New York, ...") reads as a directory of known places or
    people, which real tools look up (answering "Unknown") rather than validate."""
    values = [str(i) for i in items if isinstance(i, str | int | float) and not isinstance(i, bool)]
    if not 2 <= len(values) <= MAX_OPTIONS or len(set(values)) != len(values):
        return ()
    if not all(_ITEM.match(_PLACEHOLDER.sub("x", v)) for v in values):
        return ()
    return tuple(values)
