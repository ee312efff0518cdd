"""What of a session's history an LLM prompt replays, and what the ledger tells about the current call.

The window over history moves in blocks: when the replayed turns overflow the budget, the oldest ones are
dropped together, down to half the budget, so the prompt prefix (and the server's prefix cache) changes
once per many calls instead of at every call. The dropped turns are summarised from their own effects,
replayed into a fresh ledger, so the summary too stays byte-identical until the next block is dropped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from mcp_sim.ledger.entities import Ledger
from mcp_sim.state.base import Turn

MAX_SUMMARY_ENTITIES = 200
MAX_RECORD_CHARS = 400
MAX_HINTS = 12


def window_start(sizes: Sequence[int], budget: int) -> int:
    """Index of the first turn to replay, given each turn's rendered size. Deterministic in the sizes alone,
    and monotone as history grows: replaying the growth is what keeps the cut points fixed."""
    start, total = 0, 0
    for newest, size in enumerate(sizes):
        total += size
        if total <= budget:
            continue
        while total > budget // 2 and start < newest:  # the newest turn always stays
            total -= sizes[start]
            start += 1
    return start


def summarise(dropped: Sequence[Turn]) -> str:
    """A system-prompt section standing in for turns no longer replayed."""
    ledger = Ledger()
    for turn in dropped:
        for effect in turn.effects:
            ledger.apply(effect)
    calls = Counter(t.tool for t in dropped)
    lines = [
        f"# Session so far (turns 1-{dropped[-1].index + 1}, summarised)",
        "These earlier turns are not shown. Keep the world consistent with what they left behind.",
        "Calls made: " + ", ".join(f"{tool} x{n}" for tool, n in sorted(calls.items())) + ".",
    ]
    existing = list(_records(ledger))
    if existing:
        lines.append("Entities that exist:")
        lines += [f"- {entity} {id_}: {_short(record)}" for entity, id_, record in existing[:MAX_SUMMARY_ENTITIES]]
        if len(existing) > MAX_SUMMARY_ENTITIES:
            lines.append(f"- ... and {len(existing) - MAX_SUMMARY_ENTITIES} more")
    deleted = [f"{entity} {id_}" for entity, ids in sorted(ledger.deleted.items()) for id_ in ids]
    if deleted:
        lines.append("Deleted (calls on them fail with not found): " + ", ".join(deleted) + ".")
    return "\n".join(lines)


def entity_hints(ledger: Ledger, arguments: dict[str, Any]) -> list[str]:
    """What the session's ledger knows about the ids this call's arguments mention."""
    hints: list[str] = []
    for value in dict.fromkeys(_scalars(arguments)):
        for entity in sorted(set(ledger.entities) | set(ledger.deleted)):
            record = ledger.get(entity, value)
            if record is not None:
                hints.append(f"{entity} {value} exists: {_short(record)}")
            elif ledger.is_deleted(entity, value):
                hints.append(f"{entity} {value} was deleted: calls on it must fail with a not-found error")
    return hints[:MAX_HINTS]


def _records(ledger: Ledger) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for entity, table in sorted(ledger.entities.items()):
        for id_, record in table.items():
            yield entity, id_, record


def _scalars(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _scalars(item)
    elif isinstance(value, list):
        for item in value:
            yield from _scalars(item)
    elif isinstance(value, str | int) and not isinstance(value, bool) and str(value):
        yield str(value)


def _short(record: dict[str, Any]) -> str:
    text = json.dumps(record, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= MAX_RECORD_CHARS else text[: MAX_RECORD_CHARS - 3] + "..."
