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

MAX_SUMMARY_ENTITIES = 200  # summarise's default; the world model passes its summary_records
MAX_RECORD_CHARS = 400
MAX_HINTS = 12


def window_start(sizes: Sequence[int], budget: int, max_turns: int | None = None) -> int:
    """Index of the first turn to replay, given each turn's rendered size. Deterministic in the sizes alone,
    and monotone as history grows: replaying the growth is what keeps the cut points fixed.

    ``max_turns`` bounds the replayed turns too (``history_turns``): past it the window drops to half of it,
    so a long session's prompt stays about the size of a young one's instead of growing to the char budget."""
    limit = max_turns if max_turns is not None else len(sizes) + 1
    start, total = 0, 0
    for newest, size in enumerate(sizes):
        total += size
        if total <= budget and newest + 1 - start <= limit:
            continue
        while (total > budget // 2 or newest + 1 - start > limit // 2) and start < newest:  # the newest stays
            total -= sizes[start]
            start += 1
    return start


def summarise(dropped: Sequence[Turn], max_records: int = MAX_SUMMARY_ENTITIES) -> str:
    """A system-prompt section standing in for turns no longer replayed. It lists the ``max_records`` most
    recent records (``summary_records``): a call's own ids come with the call (``entity_hints``), so the
    summary need not carry the whole ledger, and does not grow with the session."""
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
        counts = Counter(entity for entity, _, _ in existing)
        lines.append("Entities that exist: " + ", ".join(f"{n} {entity}" for entity, n in sorted(counts.items())))
        if len(existing) > max_records:
            lines.append(f"- ... {len(existing) - max_records} earlier ones not listed")
        listed = existing[len(existing) - max_records :] if max_records > 0 else []
        lines += [f"- {entity} {id_}: {_short(record)}" for entity, id_, record in listed]
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
