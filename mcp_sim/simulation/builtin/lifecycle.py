"""Named things the session made, and names it removed: a removed name is not found, a made one is taken.

Sheets, branches, notes, directories and tags are named, not numbered, so the entity ledger (which keys on
ids) does not see them. The session's own calls do: ``delete_sheet(sheet="Q1")`` removes ``Q1``,
``rename_sheet(sheet="Q1", new_name="Q2")`` moves the name, ``move_note(source=a, destination=b)`` moves a
path, ``create_workbook(path=..., sheets=["Roster"])`` makes ``Roster``. Afterwards a call naming a removed
thing fails as not found (any verb: a second delete too, as named-object servers answer), and a create of a
made name fails as already existing.

What a value names (its *kind*) comes from its key (``sheet``, ``sheet_name``, ``old_tag``) or, for
generic keys (``name``, ``new_name``, ``source``, ``path``), from the tool's head noun (``create_sheet``:
sheet). A generic path names the thing only when that noun is file-like (note, file, directory...);
otherwise it is the container (``create_chart(path=book.xlsx)``). The *scope* of a name is the call's other
short string arguments (``path``, ``vault``): two calls mean the same thing when their shared scope keys
agree. Numeric and ``*_id`` arguments are the ledger's; list arguments are batches (real tools accept
unknown names in batches), except a create's plural list (``sheets``), which makes each item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mcp_sim.errors import EntityNotFound, InvalidArguments
from mcp_sim.simulation.builtin.per_turn import SHORT, Folded
from mcp_sim.state.base import Turn

_CREATES = frozenset({"create", "new", "make", "mkdir"})
_REMOVES = frozenset({"delete", "remove", "destroy", "drop", "trash", "erase", "rm", "rmdir", "unlink"})
_MOVES = frozenset({"rename", "move", "mv"})
_COPIES = frozenset({"copy", "duplicate", "clone", "cp"})
_READS_AND_WRITES = "get read list show describe update edit set write add insert append search find open close fetch"
_VERBS = _CREATES | _REMOVES | _MOVES | _COPIES | frozenset(_READS_AND_WRITES.split(" "))
_FILE_LIKE = frozenset({"note", "file", "directory", "dir", "folder", "document", "doc", "page", "path"})
_FROM = ("old_", "source_", "src_", "from_", "current_")
_TO = ("new_", "destination_", "dest_", "target_", "to_")
_GENERIC = frozenset({"", "name", "source", "src", "from", "destination", "dest", "target", "to"})
_PATHS = frozenset({"path", "file", "filename", "file_path", "filepath"})
_ENDS = frozenset({"source", "src", "destination", "dest", "target", "new", "old"})  # source_path, new_file
_IDS = re.compile(r"(^id$|_id$|Id$|_ids$|Ids$)")
_WORDS = re.compile(r"[^a-z0-9]+")
MAX_NAME = 200  # longer strings are content, not names
# a description that says a create refuses what exists (else a path create may overwrite or be mkdir -p)
_REFUSES = re.compile(
    r"must not already exist|without overwriting|already_exists|(existing|exists?)\b[^.]*\b(rejected|fails?|error)",
    re.I,
)
_ACCEPTS = re.compile(r"overwrit|succeed silently|ensure[^.]*exists|idempotent|if (it )?(does not|doesn't) exist", re.I)


@dataclass(frozen=True)
class Name:
    """A thing a call names: its kind, its name and the arguments that place it (``path``, ``vault``)."""

    kind: str
    value: str
    scope: tuple[tuple[str, str], ...]

    def same(self, other: Name) -> bool:
        if self.value != other.value or self.kind != other.kind:
            return False
        if not self.scope or not other.scope:
            return True  # no scope key to disagree on
        mine, theirs = dict(self.scope), dict(other.scope)
        return all(mine[k] == theirs[k] for k in mine.keys() & theirs.keys())


@dataclass(frozen=True)
class _Roles:
    named: tuple[Name, ...]  # every name the call refers to
    made: tuple[Name, ...]  # names it creates (a create's target, a move's or copy's destination)
    removed: tuple[Name, ...]  # names it takes away (a delete's target, a move's source)


def check(tool: str, description: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise not found for a name the session removed, already exists for a create of a name it made."""
    roles = _roles(tool, arguments)
    if not roles.named:
        return
    if len(earlier) <= SHORT:  # a short session: folded here, for this call only (no fold to keep)
        folded, start = _Names(), 0
        for position, turn in enumerate(earlier):
            _step(folded, position, turn)
    else:
        folded, start = _FOLDED.over(earlier)  # names made and removed, folded once per turn
    for name in roles.named:
        if name in roles.made:
            continue
        if folded.removed.holds(name, start):
            raise EntityNotFound(f"Error executing tool {tool}: {name.kind} '{name.value}' not found")
    for name in roles.made if creates(tool) else []:
        accepts, refused = _says(description)
        refuses = (name.kind != "path" and not accepts) or refused
        if refuses and folded.made.holds(name, start) and not folded.removed.holds(name, start):
            raise InvalidArguments(f"Error executing tool {tool}: {name.kind} '{name.value}' already exists")


@lru_cache(maxsize=4096)  # per description: every create of a name read it with two regexes again
def _says(description: str) -> tuple[bool, bool]:
    """Whether a tool's description says a create accepts what exists, and whether it says it refuses it."""
    return bool(_ACCEPTS.search(description)), bool(_REFUSES.search(description))


# A call's roles and scope depend only on its tool and its string (and string-list) arguments; every call
# re-reads the session's last 64 turns (simulator.LOOKBACK), so each turn's roles were worked out again at every
# later call (regex case splits per key: ~40 % of a simulated create's CPU). Kept here by that content, bounded.
_ROLES: dict[tuple[Any, ...], _Roles] = {}
_SCOPES: dict[tuple[Any, ...], tuple[tuple[str, str], ...]] = {}
_KNOWN_MAX = 16384


def _key(tool: str, arguments: dict[str, Any]) -> tuple[Any, ...]:
    """What ``_roles`` and ``_scope`` read of a call, hashable: its tool, string arguments and lists' strings."""
    key: list[Any] = [tool]
    for k, v in arguments.items():  # a plain loop: this runs for the call and each earlier turn, several times
        if isinstance(v, str):
            key.append((k, v))
        elif isinstance(v, list):
            key.append((k, tuple([x for x in v if isinstance(x, str)])))
    return tuple(key)


def _roles(tool: str, arguments: dict[str, Any]) -> _Roles:
    key = _key(tool, arguments)
    found = _ROLES.get(key)
    if found is None:
        if len(_ROLES) >= _KNOWN_MAX:
            _ROLES.clear()  # a plain bound: what was dropped is worked out again, to the same value
        found = _ROLES[key] = _roles_of(tool, arguments)
    return found


def _past(turn: Turn) -> _Roles | None:
    """The roles of an earlier turn that succeeded; None for a failed one (it made and removed nothing)."""
    if turn.error is not None or turn.result is None or turn.result.get("isError", False):
        return None
    return _roles(turn.tool, turn.arguments)


class _Standing:
    """Names as the session's turns left them (made, or removed): each with the position of the turn that gave
    it and whether a later turn undid it, by kind and value."""

    def __init__(self) -> None:
        self._by: dict[tuple[str, str], list[list[Any]]] = {}  # (kind, value) -> [[position, name, undone]]

    def add(self, name: Name, position: int) -> None:
        self._by.setdefault((name.kind, name.value), []).append([position, name, False])

    def undo(self, name: Name) -> None:
        for entry in self._by.get((name.kind, name.value), ()):
            if entry[1].same(name):
                entry[2] = True

    def holds(self, name: Name, start: int) -> bool:
        """Whether a turn at or after ``start`` gave a name ``same`` as this one that no later turn undid."""
        return any(
            not undone and at >= start and had.same(name)
            for at, had, undone in self._by.get((name.kind, name.value), ())
        )


class _Names:
    """A session's names made and removed. ``check`` used to fold the last 64 turns anew each call: a made name
    stands until a later turn removes it, a removed one until a later turn makes it, whatever came before, so
    what the window starting at a position holds is what turns from there gave and no later turn undid."""

    def __init__(self) -> None:
        self.made = _Standing()
        self.removed = _Standing()


def _step(names: _Names, position: int, turn: Turn) -> None:
    past = _past(turn)
    if past is None:
        return
    for gone in past.removed:
        names.made.undo(gone)
    for made in past.made:
        names.removed.undo(made)
    for made in past.made:
        names.made.add(made, position)
    for gone in past.removed:
        names.removed.add(gone, position)


_FOLDED = Folded(_Names, _step)


def _roles_of(tool: str, arguments: dict[str, Any]) -> _Roles:
    words = _words(tool)
    head = _head(tool)
    kinds: dict[str, str] = {}
    for key, value in arguments.items():
        if isinstance(value, str) and value and _named(value) and not _IDS.search(key):
            kind = _kind(key, head)
            if kind is not None:
                kinds[key] = kind
    named: list[Name] = []
    made: list[Name] = []
    removed: list[Name] = []
    for key, kind in kinds.items():
        scope = tuple((k, v) for k, v in _scope(arguments) if k != key and kinds.get(k) != kind)
        name = Name(kind, str(arguments[key]).rstrip("/") or "/", scope)
        named.append(name)
        if kind != head and not (kind == "path" and head in _FILE_LIKE):
            continue
        target = _targets(key)
        if words & _REMOVES:
            removed.append(name)
        elif words & _MOVES and (target or _has_target(kinds, kind)):  # a move without a target: a mode
            (made if target else removed).append(name)
        elif (words & _COPIES and target) or (words & _CREATES and (target or not _has_target(kinds, kind))):
            made.append(name)
    if words & _CREATES:  # create_workbook(sheets=["Roster"]): each item of a plural list is made
        scope = tuple(_scope(arguments))
        for key, value in arguments.items():
            if isinstance(value, list) and key.endswith("s") and key.lower() not in _REFERENCES:
                kind = key[:-1].lower()
                made += [Name(kind, v, scope) for v in value if isinstance(v, str) and v and _named(v)]
    return _Roles(tuple(named), tuple(made), tuple(removed))


def _kind(key: str, head: str | None) -> str | None:
    """The kind of thing a string argument names, or None (content, a container path)."""
    low = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()
    ends = low.endswith(("_path", "_file")) and low.removesuffix("_path").removesuffix("_file") in _ENDS
    if low in _PATHS or ends:
        return "path" if head in _FILE_LIKE else None
    stem = low
    for prefix in (*_FROM, *_TO):
        stem = stem.removeprefix(prefix)
    stem = stem.removesuffix("_name")
    if stem in _GENERIC:
        if head is None:
            return None
        return "path" if head in _FILE_LIKE and stem != "name" else head
    if head is not None and stem in (head, f"{head}s"):
        return head
    # a key that is itself a noun (``sheet``, ``branch``, ``tag``) names a thing of that kind
    return stem if "_" not in stem and stem not in _CONTENT else None


# plural lists a create is given that name other things (a task's labels, assignees, dependencies), not parts it
# makes along with itself (a workbook's sheets): the same label on two tasks is no conflict
_REFERENCE_KEYS = """tags ids labels categories assignees dependencies keywords topics owners members related links refs
references reviewers watchers"""
_REFERENCES = frozenset(_REFERENCE_KEYS.split())
_CONTENT_KEYS = """content contents text body message query sql description title value values mode reason operation
type format range cell cells status priority color colour style language pattern comment note_text data label"""
_CONTENT = frozenset(_CONTENT_KEYS.split())


def _targets(key: str) -> bool:
    low = key.lower()
    return low.startswith(_TO) or low in ("destination", "dest", "target", "to")


def _has_target(kinds: dict[str, str], kind: str) -> bool:
    return any(_targets(k) for k, v in kinds.items() if v == kind)


@lru_cache(maxsize=4096)  # tool names: few
def _head(tool: str) -> str | None:
    """The noun a tool acts on: its last word that is no verb (``obsidian_create_directory``: directory)."""
    nouns = [w for w in _WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()) if w and w not in _VERBS]
    if not nouns:
        return None
    noun = nouns[-1]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun


@lru_cache(maxsize=4096)
def _words(tool: str) -> frozenset[str]:
    return frozenset(_WORDS.split(re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower()))


def _scope(arguments: dict[str, Any]) -> list[tuple[str, str]]:
    """The arguments that place a name (``path``, ``vault``): short strings that are no content and no id."""
    return sorted(
        (k, v)
        for k, v in arguments.items()
        if isinstance(v, str) and _short(v) and not _IDS.search(k) and _snake(k) not in _CONTENT
    )


@lru_cache(maxsize=16384)  # per argument name: ``_scope`` reads every argument of every call it has not seen
def _snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()


def _named(value: str) -> bool:
    """Whether a string can be a name (``Roster 2025``): short and on one line."""
    return len(value) <= MAX_NAME and "\n" not in value


def _short(value: str) -> bool:
    return len(value) <= MAX_NAME and not any(c.isspace() for c in value.strip())


def alive(earlier: list[Turn]) -> list[Name]:
    """The names the session's successful calls made or used and did not remove since, first seen first."""
    living: list[Name] = []
    for turn in earlier:
        past = _past(turn)
        if past is None:
            continue
        living = [n for n in living if not any(n.same(r) for r in past.removed)]
        for name in [*past.named, *past.made]:
            if name not in past.removed and not any(name.same(m) for m in living):
                living.append(name)
    return living


def referenced(tool: str, arguments: dict[str, Any]) -> list[Name]:
    """The names a call refers to that it does not make (a copy's or rename's target is made)."""
    roles = _roles(tool, arguments)
    return [n for n in roles.named if n not in roles.made]


@lru_cache(maxsize=4096)  # per tool name
def creates(tool: str) -> bool:
    """Whether a tool's name says it creates (``create_workbook``, ``new_item``)."""
    return bool(_words(tool) & _CREATES)


def scope_of(arguments: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The arguments that place a name (``path``, ``vault``), as a ``Name``'s scope."""
    key = _key("", arguments)
    found = _SCOPES.get(key)
    if found is None:
        if len(_SCOPES) >= _KNOWN_MAX:
            _SCOPES.clear()
        found = _SCOPES[key] = tuple(_scope(arguments))
    return found


def names(tool: str, arguments: dict[str, Any]) -> bool:
    """Whether the call names anything this rule tracks (cheap: no history read otherwise)."""
    return bool(_roles(tool, arguments).named)
