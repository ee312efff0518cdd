"""A reference that announces it names nothing is not found.

Agents probing error paths, and the tasks written to test them, name things that say they do not exist:
``notes_missing.txt``, ``no_such_dir``, ``NoSuchName``, order ``987654``, ticket ``99999``, symbol ``ZZZZ``, a sha
``0123456789abcdef...``, a uuid of zeros. The real server looks the name up and answers not found; an open-world
simulator accepts every unseen name and teaches the agent that the probe worked.

The rule needs no knowledge of the tool. A call of a tool that looks something up (not one that creates, writes
or lists: those make the name, or answer an empty list), one of whose reference arguments (an identifier-like
value: not free text, not a quantity, not an item of a batch, which real batch tools skip) was never seen in the
session (successful earlier arguments and answers, the world seed) and is a placeholder by its words (missing,
nonexistent, no such, nope, nobody, ``not-an-inbox``...), its number (42 or 99, alone or after a tag:
``TASK-42``; 404, also run together with its tag: ``H404``; a name's number left at zeros: ``mia_li_0000``)
or its characters (one repeated character, ``HAT999`` too, a descending run of digits, a repeated pair, a long
run of zeros in a hex id, a well-known hex word, a hex id counting up between its letters as one typed by hand
does: ``...-1b2d3e4f5a6b``), fails as not found. A tool that makes something fails the same way when the thing
it belongs to (a reference to another type: ``create_task(contact_id="C-0000")``) is such a name.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_sim.errors import EntityNotFound
from mcp_sim.ledger.entities import Ledger
from mcp_sim.simulation.builtin import recall
from mcp_sim.state.base import Turn

# tools that make or answer with lists: a placeholder name is created, or matches nothing (an empty list)
_MAKES = frozenset({"create", "add", "new", "make", "register", "init", "write", "touch", "mkdir", "save", "upload",
                    "post", "send", "echo", "put", "insert", "append"})  # fmt: skip
_LISTS = frozenset({"list", "search", "filter", "find", "grep", "query", "count", "sort"})
# free text says anything ("the missing piece"); it references nothing
_TEXT_KEYS = frozenset({"content", "contents", "text", "body", "message", "description", "query", "note", "notes",
                        "comment", "title", "thought", "summary", "data", "patch", "patches", "code", "command", "sql",
                        "prompt", "reason", "subject", "value", "values"})  # fmt: skip
_SAYS_MISSING = frozenset({"missing", "nonexistent", "nonexisting", "inexistent", "nope", "bogus", "nosuch",
                           "doesnotexist", "nobody", "nothing", "nowhere", "noone"})  # fmt: skip
# the numbers an agent picks when it makes an id up (``get_item(42)``, ``SHOP-99``): in the recorded sessions an
# unseen 42 or 99 named nothing 18 times out of 20
_MADE_UP_NUMBERS = frozenset({"42", "99"})
# the web's "not found", written as a name's number: ``H404``, ``TASK-404``, ``E404`` named nothing 4 times of 4
_NOT_FOUND_CODE = "404"
_ZERO_TAIL = re.compile(r"[-_:#]0{4,}$")  # mia_li_0000: a name's number left at zeros
_PHRASES = (("no", "such"), ("not", "exist"), ("not", "exists"), ("does", "not"), ("not", "a"), ("not", "an"))
MAX_WORDS = 3  # a name of more words is prose
MAX_LENGTH = 120
_DESCENDING = "9876543210"
_SEQUENTIAL_HEX = "0123456789abcdef"
_ASCENDING = "0123456789"
_HEX_WORDS = frozenset({"deadbeef", "deadbee", "cafebabe", "feedface", "baadf00d", "deadc0de", "0badc0de", "facefeed"})
_TAGGED = re.compile(r"[A-Za-z]{1,12}[-_:#]([A-Za-z0-9]{3,})|[A-Za-z]{1,12}(\d{3,})")  # C-9999, HAT999
# a hex id an agent wrote out by hand counts up between its letters: 1b2d3e4f5a6b, 0f1a2b3c4d5e
_INTERLEAVED_COUNT = re.compile(r"0[a-f]1[a-f]2[a-f]3[a-f]4|1[a-f]2[a-f]3[a-f]4[a-f]5|[a-f]1[a-f]2[a-f]3[a-f]4[a-f]5")


def looks_up(tool: str, kind: str) -> bool:
    """Whether the tool finds something it is told the name of (not a create, write or list)."""
    return kind not in ("create", "list") and not (_words(tool) & (_MAKES | _LISTS))


def check(tool: str, kind: str, id_argument: str | None, arguments: dict[str, Any], earlier: list[Turn],
          ledger: Ledger) -> None:  # fmt: skip
    """Raise ``EntityNotFound`` for the first reference argument that is an unseen placeholder."""
    if not looks_up(tool, kind):
        return
    seen: set[str] | None = None
    for key, value in arguments.items():
        if not _references(key, value, id_argument) or placeholder(value) is None:
            continue
        if seen is None:
            seen = _vocabulary(earlier)
        if str(value) in seen or _held(str(value), ledger):
            continue
        raise EntityNotFound(f"{_label(key)} '{value}' not found")


def check_parents(refs: dict[str, str], arguments: dict[str, Any], earlier: list[Turn], ledger: Ledger) -> None:
    """Raise ``EntityNotFound`` when a tool that makes something names, as the thing it belongs to or points
    at (``create_task(contact_id="C-0000")``), an unseen placeholder: the name made is new, its parent is not."""
    seen: set[str] | None = None
    for key, entity in refs.items():
        value = arguments.get(key)
        if "." in key or "[]" in key or not _references(key, value, key) or placeholder(value) is None:
            continue
        if seen is None:
            seen = _vocabulary(earlier)
        if str(value) in seen or _held(str(value), ledger):
            continue
        raise EntityNotFound(f"{entity.replace('_', ' ').capitalize()} '{value}' not found")


def placeholder(value: Any) -> str | None:
    """Why a value reads as a name for nothing (None: it reads as a real name)."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    text = str(value)
    words = _tokens(text)
    for i, word in enumerate(words):
        if word in _SAYS_MISSING:
            return f"says {word}"
        if any(word == a and i + 1 < len(words) and words[i + 1] == b for a, b in _PHRASES):
            return f"says {word} {words[i + 1]}"
    core = re.sub(r"[^A-Za-z0-9]", "", text)
    tagged = _TAGGED.fullmatch(text)  # ``C-9999``, ``task-00000000``, ``epic-12345678``: the tag names the type
    # alone, or as an issue key's number (``TASK-42``); not a name's own number (``quill_42``, ``cart:42``)
    number = text if text.isdigit() else re.sub(r"^[A-Z]{1,12}-", "", text)
    if number in _MADE_UP_NUMBERS:
        return "a number picked to name nothing"
    if _NOT_FOUND_CODE in (number, tagged and tagged.group(2)):
        return "the code for not found"
    if _ZERO_TAIL.search(text):
        return "a number left at zeros"
    if core.lower() in _HEX_WORDS:
        return "a well-known hex word"
    if tagged and tagged.group(2):  # HAT999, ZZ9999: a number run together with its tag says only by repeating
        return "one repeated character" if len(set(tagged.group(2))) == 1 else _by_characters(core)
    return _by_characters(core) or (_by_characters(tagged.group(1), tagged=True) if tagged else None)


def _by_characters(core: str, tagged: bool = False) -> str | None:
    """Why characters alone read as no real name; ``tagged``: the number or hash after a type's tag, whose
    shortest runs (``9999``, ``0000``) already say it."""
    if len(core) >= 3 and len(set(core.lower())) == 1:
        return "one repeated character"
    if core.isdigit() and len(core) >= 6 and (core in _DESCENDING or core in _ASCENDING):
        return "a descending run of digits" if core in _DESCENDING else "an ascending run of digits"
    if re.fullmatch(r"(\d)(?!\1)(\d)(?:\1\2)+", core):
        return "a repeated pair of digits"
    if re.fullmatch(r"[0-9a-fA-F]{8,}", core) and ("0" * 8 in core or _SEQUENTIAL_HEX[:10] in core.lower()):
        return "a hex id of zeros or a counting run"
    if tagged and core.lower() in _HEX_WORDS:
        return "a well-known hex word"
    if re.fullmatch(r"[0-9a-fA-F]{12,}", core) and _INTERLEAVED_COUNT.search(core.lower()):
        return "a hex id counting up between its letters"
    return None


def _references(key: str, value: Any, id_argument: str | None) -> bool:
    """Whether an argument names a thing: an id, or a short name that is not free text; numbers only as ids
    (``quantity=999`` is an amount, ``order_id=999`` a reference)."""
    if isinstance(value, bool) or key.lower() in _TEXT_KEYS:
        return False
    if isinstance(value, int):
        return key == id_argument or bool(re.search(r"(?:^|_)ids?$|Ids?$|ID$", key))
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_LENGTH or "\n" in value:
        return False
    return len(value.split()) <= MAX_WORDS


def _vocabulary(earlier: list[Turn]) -> set[str]:
    """Values the session established: arguments and answer tokens of earlier calls that succeeded."""
    seen: set[str] = set()
    for turn in earlier:
        if turn.result is None or not recall.succeeded(turn):  # a failure in JSON established nothing either
            continue
        seen.update(str(v) for v in _leaves(turn.arguments))
        text = json.dumps(turn.result.get("structuredContent")) + " ".join(
            str(block.get("text", "")) for block in turn.result.get("content") or [] if isinstance(block, dict)
        )
        seen.update(re.findall(r"[\w.:/@#-]+", text))
    return seen


def _held(value: str, ledger: Ledger) -> bool:
    """Whether the session's ledger (the world seed, what was created) holds the value anywhere."""
    return bool(ledger.entities) and re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-])", _dumped(ledger)) is not None


def _dumped(ledger: Ledger) -> str:
    return json.dumps(ledger.to_json(), default=str)


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _tokens(text: str) -> list[str]:
    split = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
    return [t.lower() for t in re.split(r"[^A-Za-z0-9]+", split) if t]


def _words(tool: str) -> set[str]:
    return set(_tokens(tool))


def _label(key: str) -> str:
    return re.sub(r"(?:_id|Id|_name|Name)$", "", key).replace("_", " ").strip().capitalize() or key
