"""Whether a tool reads state, from its name or, when the name does not say, from its description.

``recall.py`` decides from the name's words (``git_status``, ``read_query``). Many tools are named after the
thing they show (``git_branch``, ``tags``, ``inventory``) and say what they do only in the description: "List Git
branches", "Shows the commit logs". A tool whose name holds no word that changes state and whose description
starts with a verb that observes reads state too, so a read of it shows what earlier calls established.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mcp_sim.ledger.effects import CHANGING
from mcp_sim.ledger.verbs import VERBS
from mcp_sim.simulation.builtin import recall

# The first word of a description that says the tool observes ("List ...", "Shows ...", "Returns ...").
_VERBS = (
    "list lists show shows get gets read reads return returns display displays retrieve retrieves fetch fetches "
    "search searches find finds view views describe describes print prints inspect inspects"
)
_OBSERVING_VERBS = frozenset(_VERBS.split())
_WORD = re.compile(r"[A-Za-z]+")
_NAME_WORDS = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=4096)  # per tool: asked every call
def observes(name: str, description: str | None) -> bool:
    """The name says the tool reads state, or it says nothing of changing and the description starts reading."""
    if recall.observes(name):
        return True
    words = _NAME_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower())
    if any(word in CHANGING for word in words):
        return False
    first = _WORD.search(description or "")
    if first is not None and first.group(0).lower() in _OBSERVING_VERBS:
        return True
    return _named_view(words, description or "")


# "The full history of a task", "One day's food", "All-time records", "Current streak": a description that opens
# with what it shows, not with what to do
_NOUN_PHRASE = re.compile(
    r"^\W*(?:the|one|all|all-time|current|per-\w+|summary|overview|history|list|details?|stats?|statistics|"
    r"totals?|rollup|worklist|board|card|snapshot|status|state|information|info)\b",
    re.IGNORECASE,
)
# words of a tool's name that do something (beyond the entity verbs): a name holding one is no view
_DOING_WORDS = """run execute call invoke start stop end begin finish complete resume pause reopen retire reconcile
reclassify render load import export sync link unlink merge split resolve propose settle retract lint connect
disconnect await stage revert generate parse convert calculate compute evaluate validate verify test analyze analyse
plan schedule approve reject submit publish restore undo redo clear assign claim release mark toggle enable disable
send notify ask answer reply think roll attack interact take give use buy sell pay refund transfer backfill upsert
randomize narrate combat trigger fire advance fail grade log record track report rate review"""
_DOING = frozenset(_DOING_WORDS.split())


def _named_view(words: list[str], description: str) -> bool:
    """A tool named by nouns alone (``food_day``, ``exercise_history``, ``streaks``) whose description opens with
    the thing it shows reads state: such a tool is a view, and servers name their actions with a verb."""
    if any(word in _DOING or word in VERBS for word in words if word):
        return False
    return _NOUN_PHRASE.match(description) is not None
