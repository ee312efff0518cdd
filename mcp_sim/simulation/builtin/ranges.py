"""A list's bounds select the records whose field lies between them.

``list_expenses(start_date="2026-02-01", end_date="2026-02-28")``, ``list_entries(published_after=...)``,
``list_tasks(due_before=...)``, ``filter_stocks_by_price(min_price, max_price)``: a list's criteria are often a
range, not a value. The simulator matched criteria by equality only, and a record has no ``start_date`` field, so
a bound said nothing and every expense of the year was listed for February (the real server lists two, or none).
The rule: a bound argument names the field it bounds and which end (``min_price`` / ``price_max`` / ``price_gte``:
price from below; ``published_before``: published from above; ``start_date`` / ``since`` / ``after`` and
``end_date`` / ``until`` / ``before``: the record's date), and a record whose field lies outside is not listed.
Both ends are inclusive. Dates compare as ISO text (``2026-02-28`` holds ``2026-02-28T09:00``), numbers as numbers;
a bound written otherwise (``03/01/2026``), or a record without the field, selects nothing away.

A prefix is a range of names too: ``list_objects(prefix="site/")`` lists the objects whose key starts with it, and
``ls(name_prefix="api-")`` the records whose name does (a bare prefix reads the record's key, path, name or id).
"""

from __future__ import annotations

import re
from typing import Any

_LOWER_WORDS = ("min", "from", "after", "since", "start", "gte", "gt", "earliest")
_UPPER_WORDS = ("max", "to", "before", "until", "end", "lte", "lt", "latest")
# the record fields a bare bound (``since``, ``start_date``) reads: its date, as servers name it
_DATE_FIELDS = ("date", "start_time", "start", "created_at", "timestamp", "published", "published_at", "updated_at")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}")
# the record fields a bare ``prefix`` reads, in order: what object stores, file trees and registries name things by
_NAME_FIELDS = ("key", "path", "name", "id")
_NOT_BOUNDS = frozenset({"max_results", "max_depth", "max_count", "max_items", "max_tokens", "from_file", "to_file"})


def bounds(arguments: dict[str, Any]) -> list[tuple[tuple[str, ...], str, Any]]:
    """(the fields a bound may read, "lower", "upper" or "prefix", the bound) for each bound argument the call
    gives."""
    found = []
    for name, value in arguments.items():
        if name in _NOT_BOUNDS or not isinstance(value, str | int | float) or isinstance(value, bool):
            continue
        read = _bound(name.lower())
        if read is not None:
            found.append((read[0], read[1], value))
    return found


def within(record: dict[str, Any], found: list[tuple[tuple[str, ...], str, Any]]) -> bool:
    """Whether ``record`` lies inside every bound it has a field for."""
    for fields, end, bound in found:
        field = next((f for f in fields if record.get(f) is not None), None)
        if field is None:
            continue
        if end == "prefix":
            if isinstance(bound, str) and not str(record[field]).startswith(bound):
                return False
            continue
        order = _compare(record[field], bound)
        if order is not None and (order < 0 if end == "lower" else order > 0):
            return False
    return True


def _bound(name: str) -> tuple[tuple[str, ...], str] | None:
    words = [w for w in re.split(r"[^a-z0-9]+", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)) if w]
    if not words:
        return None
    if name.endswith("prefix") or words == ["starts", "with"]:  # prefix, name_prefix, keyprefix, starts_with
        subject = name.removesuffix("prefix").strip("_-") if name.endswith("prefix") else ""
        return ((subject,) if subject else _NAME_FIELDS), "prefix"
    for index in (0, len(words) - 1):  # min_price, price_max, published_after, start_date, date_from
        word, rest = words[index], words[1:] if index == 0 else words[:-1]
        end = "lower" if word in _LOWER_WORDS else "upper" if word in _UPPER_WORDS else None
        if end is None:
            continue
        subject = "_".join(rest)
        if subject in ("", "date", "time", "day"):
            return _DATE_FIELDS, end  # since, start_date, date_from: the record's date
        return (subject, f"{subject}_at", f"{subject}_date", f"{subject}_time"), end
    return None


def _compare(value: Any, bound: Any) -> int | None:
    """-1, 0 or 1 as ``value`` is below, at or above ``bound``; None when they do not compare."""
    number, limit = _number(value), _number(bound)
    if number is not None and limit is not None:
        return (number > limit) - (number < limit)
    if isinstance(value, str) and isinstance(bound, str) and _ISO.match(value) and _ISO.match(bound):
        width = min(len(value), len(bound))  # a day holds its hours: 2026-02-28 holds 2026-02-28T09:00
        a, b = value[:width], bound[:width]
        return (a > b) - (a < b)
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value.strip()):
        return float(value)
    return None
