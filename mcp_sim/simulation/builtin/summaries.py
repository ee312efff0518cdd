"""A summary tool sums up the records the session wrote: counts, totals and the values they hold.

``summarize(start_date, end_date)``, ``get_statistics()``, ``project_summary()``, ``get_dashboard()``: a tool whose
name says it summarises (summary, statistics, stats, dashboard, overview) and that names no record of its own
answers from the records of the types its name or description mentions ("Summarize expenses by category",
"statistics about the todo list"). Real servers compute such answers from what was written, so an answer that
only repeats the call's arguments loses every value the session established. Shown per type: how many records
the call selects, the total of each numeric field, per short text field (a category, a status, a priority) the
records per value with their totals, and the values of each list field (projects, contexts). A date range among
the arguments (``start_date`` / ``end_date``, ``from`` / ``to``) and arguments naming a field (``category``)
select the records. Nothing is invented: every value is a record's or a sum of them.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.ledger.effects import plural
from mcp_sim.ledger.entities import Ledger

_SUMMARY_WORDS = frozenset({"summarize", "summarise", "summary", "statistics", "stats", "dashboard", "overview"})
# fields that are the record's own words, not a category it falls into
_TEXT_FIELDS = frozenset({"name", "title", "text", "description", "note", "notes", "content", "body", "message"})
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_LOWER = ("start", "from", "since", "after", "begin")
_UPPER = ("end", "to", "until", "before")
MAX_CATEGORY_CHARS = 40  # longer text is a record's prose, not a value records share


def summarises(name: str, kind: str) -> bool:
    """A tool named as a summary that neither makes nor names a record of its own."""
    return kind in ("none", "read") and bool(_words(name) & _SUMMARY_WORDS)


def summary(name: str, description: str, arguments: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
    """The summary fields of the types the tool mentions: flat for one type, under each type's plural for more;
    {} when it mentions no type the session holds records of."""
    said = _words(name) | _words(description)
    types = [t for t in ledger.entities if not t.startswith("$") and ledger.records(t) and _mentioned(t, said)]
    summaries = {t: _summary_of([r for r in ledger.records(t) if _selected(r, arguments)]) for t in types}
    if len(summaries) == 1:
        return next(iter(summaries.values()))
    return {plural(t): s for t, s in summaries.items()}


def _summary_of(records: list[dict[str, Any]]) -> dict[str, Any]:
    numeric = _numeric_fields(records)
    out: dict[str, Any] = {"count": len(records)}
    out.update({f"total_{f}": _total(records, f) for f in numeric})
    for field in _category_fields(records):
        groups: dict[str, list[dict[str, Any]]] = {}
        for record in records:
            if isinstance(record.get(field), str):
                groups.setdefault(record[field], []).append(record)
        out[f"by_{field}"] = [
            {field: value, "count": len(group), **{f"total_{f}": _total(group, f) for f in numeric}}
            for value, group in groups.items()
        ]
    for field in _list_fields(records):
        values = [v for r in records for v in r.get(field) or [] if isinstance(v, str)]
        out[field] = list(dict.fromkeys(values))  # each once, in the order written
    return out


def _selected(record: dict[str, Any], arguments: dict[str, Any]) -> bool:
    """The record falls in the call's date range and has the value of each argument named like its fields."""
    dates = [v[:10] for v in record.values() if isinstance(v, str) and _DATE.match(v)]
    for key, value in arguments.items():
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            continue
        if key in record:
            if str(record[key]).lower() != str(value).lower():
                return False
            continue
        if not (isinstance(value, str) and _DATE.match(value) and dates):
            continue
        words = _words(key)
        if any(w in words for w in _LOWER) and max(dates) < value[:10]:
            return False
        if any(w in words for w in _UPPER) and min(dates) > value[:10]:
            return False
    return True


def _numeric_fields(records: list[dict[str, Any]]) -> list[str]:
    # a value that is not a number ("twelve") adds nothing to the total, as a server's SUM skips it
    return list(dict.fromkeys(k for r in records for k, v in r.items() if _number(v) and not _id_like(k)))


def _category_fields(records: list[dict[str, Any]]) -> list[str]:
    fields = dict.fromkeys(k for r in records for k, v in r.items() if isinstance(v, str))
    numeric = set(_numeric_fields(records))
    return [
        f
        for f in fields
        if f not in _TEXT_FIELDS
        and f not in numeric
        and not _id_like(f)
        and all(_category(r.get(f)) for r in records if f in r)
    ]


def _list_fields(records: list[dict[str, Any]]) -> list[str]:
    fields = dict.fromkeys(k for r in records for k, v in r.items() if isinstance(v, list) and v)
    return [f for f in fields if all(isinstance(x, str) for r in records for x in r.get(f) or [])]


def _category(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_CATEGORY_CHARS and not _DATE.match(value)


def _total(records: list[dict[str, Any]], field: str) -> int | float:
    total = sum(r[field] for r in records if _number(r.get(field)))
    return round(total, 10) if isinstance(total, float) else total  # 42.5 + 18.9 is 61.4, not 61.400000000000006


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _id_like(field: str) -> bool:
    return field == "id" or field.endswith(("_id", "Id", "_ids", "Ids"))


def _mentioned(entity: str, said: set[str]) -> bool:
    """The type, or the last word of its name (``calendar_event``: events), said singular or plural."""
    names = {entity, entity.rsplit("_", 1)[-1]}
    return any(n in said or plural(n) in said for n in names)


def _words(text: str) -> set[str]:
    return set(re.split(r"[^a-z0-9]+", re.sub(r"(?<=[a-z0-9])([A-Z])", r" \1", text).lower())) - {""}
