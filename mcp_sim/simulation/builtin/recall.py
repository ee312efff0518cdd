"""What earlier calls of the session established that a read should show again.

The ledger keeps entities whose ids it can find. Much of a real tool's state is not like that: a row an SQL
``INSERT`` wrote, a file's content, a branch a git command created. Such state is named inside free text, and
a read shows it again (``SELECT * FROM users`` lists Bob; ``git_status`` lists the file just added). Without
knowing the tool, the general rule is: a read (a tool whose name says it observes: get, read, list, show,
status, log, diff...) recalls the arguments of the earlier successful calls that changed something and that
share the most terms with the read's own arguments (a table name, a path, a repository), then the latest.
Only values the session itself gave are recalled: nothing is invented.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mcp_sim.ledger.effects import CHANGING
from mcp_sim.simulation.builtin import sql
from mcp_sim.simulation.builtin.per_turn import SHORT, Folded
from mcp_sim.simulation.learned import failed_answer
from mcp_sim.state.base import Turn

# Words in a tool name that say it observes rather than changes (``git_status``, ``read_query``, ``ls``).
_OBSERVING_WORDS = (
    "get read fetch show describe retrieve view lookup open list search find query browse status log diff cat ls "
    "head tail stat info tree count check display print grep inspect preview peek dump export"
)
OBSERVING = frozenset(_OBSERVING_WORDS.split())
# verbs that write an entry when they open a name (``log_attempt``, ``record_event``, ``track_expense``)
_RECORDING = frozenset({"log", "record", "track"})
LOOKBACK = 64  # earlier turns read for one recall: bounds the cost in long sessions
MAX_RECALLED = 8  # earlier calls shown at most (the most related, then the latest)
_TOKEN = re.compile(r"[\w.\-/:@#]+")
_NAME_WORDS = re.compile(r"[^a-z0-9]+")
_SPACE = re.compile(r"\s")


@lru_cache(maxsize=4096)  # per tool name: rules ask it for each of up to 64 earlier turns a call
def observes(tool: str) -> bool:
    """Whether a tool's name says it reads state (any word of it, so ``git_status`` and ``read_query`` do)."""
    words = _NAME_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower())
    if len(words) > 1 and words[0] in _RECORDING:
        return False  # ``log_attempt``, ``log_food``: a log written to, unlike ``git_log`` or ``view_log``
    return not any(word in CHANGING for word in words) and any(word in OBSERVING for word in words)


def terms(value: Any) -> set[str]:
    """The terms of a value: every string or number leaf, and the words of strings that have spaces
    (3+ characters or holding a digit), as the fidelity measure counts items."""
    found: set[str] = set()
    _collect(value, found)
    return found


def recalled(arguments: dict[str, Any], earlier: list[Turn]) -> list[dict[str, Any]]:
    """The arguments of the earlier changing calls this read should show, least related first."""
    # The most related first; the latest others fill the rest (a read may name what only the server minted,
    # ``get_next_task(req-1)``, and the call that made it shares no term with it).
    chosen = _ranked(arguments, earlier)[:MAX_RECALLED]
    return [args for _, _, args in reversed(chosen)]  # the most related last: its values win a merge


def related(arguments: dict[str, Any], earlier: list[Turn]) -> list[dict[str, Any]]:
    """The arguments of the earlier changing calls that share a term with this call's (the record it acts on,
    named again), least related first; none when no earlier change names anything this call does."""
    wanted = terms(arguments)
    if not wanted:
        return []
    if len(earlier) <= SHORT:  # a short session: scanned (what the fold gives, with no fold to keep)
        chosen = [c for c in _ranked(arguments, earlier, wanted) if c[0] > 0][:MAX_RECALLED]
        return [args for _, _, args in reversed(chosen)]
    changes, start = _FOLDED.over(earlier)  # the session's changes by term, folded once per turn
    shared: dict[int, int] = {}  # position -> terms shared
    for term in wanted:
        for at in changes.by_term.get(term, ()):
            if at >= start:
                shared[at] = shared.get(at, 0) + 1
    # in the window's order, then most related and latest first (as _ranked: a stable sort)
    candidates = [(shared[at], *changes.calls[at]) for at in sorted(shared)]
    chosen = sorted(candidates, key=lambda c: (c[0], c[1]), reverse=True)[:MAX_RECALLED]
    return [args for _, _, args in reversed(chosen)]


def _ranked(
    arguments: dict[str, Any], earlier: list[Turn], wanted: set[str] | None = None
) -> list[tuple[int, int, dict[str, Any]]]:
    """(terms shared with ``arguments``, index, arguments) of each earlier successful change, most related and
    then latest first. ``wanted``: the terms of ``arguments``, when the caller has them."""
    wanted = terms(arguments) if wanted is None else wanted
    candidates = [
        (len(wanted & terms(turn.arguments)), turn.index, turn.arguments)
        for turn in earlier  # query("INSERT ...") changes though its tool's name observes
        if (not observes(turn.tool) or sql.writes(turn.arguments)) and succeeded(turn) and turn.arguments
    ]
    return sorted(candidates, key=lambda c: (c[0], c[1]), reverse=True)


def _changed_terms(turn: Turn) -> set[str] | None:
    """The terms of a successful change's arguments; None for a read, a failure or a call given nothing (as
    ``_ranked`` reads a turn)."""
    if (not observes(turn.tool) or sql.writes(turn.arguments)) and succeeded(turn) and turn.arguments:
        return terms(turn.arguments)
    return None


class _Changes:
    """A session's successful changes: each one's index and arguments by position, and the positions of the
    changes whose arguments hold each term, in order."""

    def __init__(self) -> None:
        self.calls: dict[int, tuple[int, dict[str, Any]]] = {}
        self.by_term: dict[str, list[int]] = {}


def _step(changes: _Changes, position: int, turn: Turn) -> None:
    found = _changed_terms(turn)
    if found is None:
        return
    changes.calls[position] = (turn.index, turn.arguments)
    for term in found:
        changes.by_term.setdefault(term, []).append(position)


# ``related`` used to rank every change of the last 64 turns again each call; the changes that share a term are
# found by term instead, among the turns folded once each (per_turn.py)
_FOLDED = Folded(_Changes, _step)


def succeeded(turn: Turn) -> bool:
    """Neither isError nor an answer that says it failed (``{"status": "error"}``: servers that fail in JSON)."""
    if turn.error is not None or turn.result is None or turn.result.get("isError", False):
        return False
    structured = turn.result.get("structuredContent")
    if structured is not None:  # failed_answer reads the structured answer alone: its text is not joined
        return not failed_answer(structured, "")
    texts = [str(b.get("text", "")) for b in turn.result.get("content") or [] if isinstance(b, dict)]
    return not failed_answer(None, "\n".join(texts))


def _collect(value: Any, found: set[str]) -> None:
    if isinstance(value, dict):
        for item in value.values():
            _collect(item, found)
    elif isinstance(value, list):
        for item in value:
            _collect(item, found)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        text = str(value)
        found.add(text)
        if _SPACE.search(text) is not None:  # any character that ``str.isspace`` takes (the same set)
            found.update(t for t in _TOKEN.findall(text) if len(t) >= 3 or any(c.isdigit() for c in t))
