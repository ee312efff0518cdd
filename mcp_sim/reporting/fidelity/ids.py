"""Minted ids: which values are ids, which ids a real answer introduces, and the map from real to simulated ids.

When the real answer introduces a new id X and the simulated answer has a different Y at the same path, later
recorded arguments and real answers get X replaced by Y, so the simulator is scored on its own consistency rather
than on guessing the real server's ids.

Interpretation choices:

- Id-like keys: ``id``, ``ids``, ``uuid``, ``hash``, ``sha`` (any case), ``*_id``/``*_ids`` (any case) and the
  camelCase ``*Id``/``*Ids``/``*ID``/``*IDs`` (a capital I, so ``valid`` or ``paid`` are not ids). A leaf is an id
  value when the nearest key above it is id-like (``ids: [..]`` holds several).
- "The same path" keeps list indices: the real ``tasks[1].id`` pairs with the simulated ``tasks[1].id``.
- Whole values are replaced in kind: a string id replaces equal strings, a number id equal numbers (never
  booleans). Object keys equal to an id are replaced too (some answers key objects by id).
- Inside strings only ids of 4+ characters are replaced, at token boundaries: not inside a longer run of word
  characters or hyphens, nor followed by a dotted part (``task-1`` is not replaced in ``task-10``, ``task-1-b`` or
  ``task-1.v2``), while ``/ : @ #`` and a sentence-final dot separate tokens (``/tasks/task-1.``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, TypeGuard

from mcp_sim.reporting.fidelity.views import number_text

Scalar = str | int | float
# A path with list indices kept: the keys and indices from the top.
ExactPath = tuple[str | int, ...]

MIN_INNER_ID_LENGTH = 4  # shorter ids ("t1", "42") would hit unrelated words and numbers inside text

_ID_NAMES = frozenset({"id", "ids", "uuid", "hash", "sha"})
_SNAKE_ID = re.compile(r".*_ids?", re.IGNORECASE)  # also MongoDB's "_id"
_CAMEL_ID = re.compile(r".*[a-z0-9](?:Id|ID)(?:s)?")
# Token boundaries for an id inside a string (see the module docstring).
_BEFORE = r"(?<![\w.\-])"
_AFTER = r"(?![\w\-]|\.\w)"


def is_id_key(key: str) -> bool:
    """Whether a key holds ids: ``id``, ``ids``, ``uuid``, ``hash``, ``sha``, ``*_id(s)``, ``*Id(s)``."""
    return key.lower() in _ID_NAMES or _SNAKE_ID.fullmatch(key) is not None or _CAMEL_ID.fullmatch(key) is not None


def is_scalar(value: Any) -> TypeGuard[Scalar]:
    """A string or a number (booleans are not numbers here)."""
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def scalar_text(value: Scalar) -> str:
    """The text an id is compared and written by."""
    return value if isinstance(value, str) else number_text(value)


def id_leaves(value: Any, path: ExactPath = (), under_id: bool = False) -> Iterator[tuple[ExactPath, Scalar]]:
    """The id values in a JSON value with their exact paths (empty strings are not ids)."""
    if isinstance(value, Mapping):
        for key, child in value.items():
            yield from id_leaves(child, (*path, str(key)), is_id_key(str(key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from id_leaves(child, (*path, index), under_id)
    elif under_id and is_scalar(value) and value != "":
        yield path, value


def id_values(value: Any) -> frozenset[str]:
    """The texts of the id values in a JSON value."""
    return frozenset(scalar_text(leaf) for _, leaf in id_leaves(value))


def minted(real: Any, known: frozenset[str] | set[str]) -> dict[str, tuple[ExactPath, Scalar]]:
    """The new ids of a real answer (text -> first path and value), given every value the session knew."""
    found: dict[str, tuple[ExactPath, Scalar]] = {}
    for path, value in id_leaves(real):
        text = scalar_text(value)
        if text not in known and text not in found:
            found[text] = (path, value)
    return found


def at_path(value: Any, path: ExactPath) -> Any:
    """The value at an exact path, or None when the path does not exist."""
    for step in path:
        if not _has_step(value, step):
            return None
        value = value[step]
    return value


def _has_step(value: Any, step: str | int) -> bool:
    if isinstance(step, int):
        return isinstance(value, list) and step < len(value)
    return isinstance(value, Mapping) and step in value


def counterpart(simulated: Any, path: ExactPath) -> Scalar | None:
    """The simulated id at the same path as a real one, when there is one."""
    value = at_path(simulated, path)
    return value if is_scalar(value) and value != "" else None


def _key(value: Scalar) -> tuple[bool, str]:
    # Kind and text: the string "42" and the number 42 are different whole values.
    return isinstance(value, str), scalar_text(value)


class IdMap:
    """Real ids -> the simulator's ids for them, applied to later arguments and real answers."""

    def __init__(self) -> None:
        self._whole: dict[tuple[bool, str], Scalar] = {}
        self._inner: dict[str, str] = {}
        self._pattern: re.Pattern[str] | None = None

    def __len__(self) -> int:
        return len(self._whole)

    def add(self, real: Scalar, simulated: Scalar) -> None:
        """Map a real id to the simulated one (the first mapping of an id wins)."""
        self._whole.setdefault(_key(real), simulated)
        text = scalar_text(real)
        if len(text) >= MIN_INNER_ID_LENGTH and text != scalar_text(simulated) and text not in self._inner:
            self._inner[text] = scalar_text(simulated)
            self._pattern = _inner_pattern(self._inner)

    def get(self, real: Scalar) -> Scalar | None:
        """The simulated id a real id maps to, if mapped."""
        return self._whole.get(_key(real))

    def apply(self, value: Any) -> Any:
        """A copy of a JSON value with mapped ids replaced (whole values, keys, and inside strings)."""
        if isinstance(value, Mapping):
            return {self._apply_key(str(key)): self.apply(child) for key, child in value.items()}
        if isinstance(value, list):
            return [self.apply(child) for child in value]
        if not is_scalar(value):
            return value
        whole = self._whole.get(_key(value))
        if whole is not None:
            return whole
        return self.replace_inside(value) if isinstance(value, str) else value

    def _apply_key(self, key: str) -> str:
        whole = self._whole.get((True, key))
        return key if whole is None else scalar_text(whole)

    def replace_inside(self, text: str) -> str:
        """Replace mapped ids of 4+ characters inside a string, at token boundaries."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda match: self._inner[match.group(0)], text)


def _inner_pattern(ids: Mapping[str, str]) -> re.Pattern[str]:
    # Longest first, one pass: an id that is a prefix of another never eats it, and a replacement is never
    # replaced again.
    alternatives = "|".join(re.escape(text) for text in sorted(ids, key=len, reverse=True))
    return re.compile(rf"{_BEFORE}(?:{alternatives}){_AFTER}")


def mentions(value: Any, id_text: str) -> bool:
    """Whether a JSON value uses an id: as a whole value, or inside a string at token boundaries (4+ chars)."""
    if isinstance(value, Mapping):
        return any(str(key) == id_text or mentions(child, id_text) for key, child in value.items())
    if isinstance(value, list):
        return any(mentions(child, id_text) for child in value)
    if not is_scalar(value):
        return False
    if scalar_text(value) == id_text:
        return True
    if isinstance(value, str) and len(id_text) >= MIN_INNER_ID_LENGTH:
        return re.search(rf"{_BEFORE}{re.escape(id_text)}{_AFTER}", value) is not None
    return False
