"""What an answer shows, as the fidelity definition has it: its view, whether it failed, its items and its shape.

Interpretation choices (where the definition leaves room):

- The *answer text* is the text blocks joined by newlines; it is parsed as JSON as a whole (strict JSON: no NaN).
- "A non-text content block" is the first block whose ``type`` is not ``text`` (a resource link, an image...).
- A JSON-RPC error's view is its message, a non-JSON text view (one "text" shape, like any other prose).
- *Failed* ``error`` key: only a present value counts (``"error": null``, ``false`` or ``""`` is how many APIs say
  "no error"). ``status``: compared case-insensitively, and ``not found`` / ``not-found`` count as ``not_found``.
  "Starts with error after at most two words": one of the first three words is ``error`` followed by a non-letter
  (``Error:``, ``MCP error -32602``, ``Error executing``), so "No errors found" is not a failure.
- *Items* are ``(path, value)`` with the value as text, so the argument ``40`` and the token ``40`` of a sentence
  are the same value (numbers in their shortest decimal form, ``40.0`` is ``40``). Booleans and null are not items
  (not numbers or strings), nor are empty strings. Tokens lose a trailing ``.`` or ``:`` (sentence punctuation:
  ``Project_Falcon.`` is the value ``Project_Falcon``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

TEXT_SHAPE_KIND = "text"  # the one shape of every non-JSON text

# A path is the dotted keys from the top (list indices dropped); the root is "".
Item = tuple[str, str]

_TOKEN = re.compile(r"[\w.\-/:@#]+")
_ERROR_LEAD = re.compile(r"^\s*(?:\S+\s+){0,2}error(?![a-z])", re.IGNORECASE)
_FAILED_STATUS = ("error", "failed", "not_found")


@dataclass(frozen=True)
class View:
    """What an answer shows: a JSON value (``is_json``) or a non-JSON text (``value`` is the ``str``)."""

    value: Any
    is_json: bool


@dataclass(frozen=True)
class Shape:
    """The structure of a view: its top-level type and its key paths at depth 1 and 2 (lists folded)."""

    kind: str
    paths: frozenset[str]

    def elements(self) -> frozenset[str]:
        """The set the key overlap compares: the key paths plus a marker for the top-level type."""
        return self.paths | {f"${self.kind}"}


@dataclass(frozen=True)
class Answer:
    """One answer (real or simulated) as the measures see it."""

    view: View | None  # None: no answer at all (neither a result nor a JSON-RPC error)
    answered: bool  # a result, not a JSON-RPC error
    flagged: bool  # isError, a JSON-RPC error, or no answer
    failed: bool  # flagged, or the view says it failed
    text: str  # everything it says in words: the error message, the text blocks and the view's strings

    @classmethod
    def of(cls, result: Mapping[str, Any] | None, error: Mapping[str, Any] | None) -> Answer:
        """Read a CallToolResult (MCP JSON names) or a JSON-RPC error (``{code, message}``)."""
        return cls.from_view(result, error, view_of(result, error))

    @classmethod
    def from_view(cls, result: Mapping[str, Any] | None, error: Mapping[str, Any] | None, view: View | None) -> Answer:
        """Build from a view already computed (and maybe rewritten, e.g. minted ids mapped)."""
        answered = error is None and result is not None
        flagged = not answered or result is None or result.get("isError") is True
        words = [str(error.get("message", ""))] if error is not None else []
        words += text_blocks(result) if result is not None else []
        words += [value for _, value in leaves(view.value)] if view is not None and view.is_json else []
        if view is not None and not view.is_json:
            words.append(str(view.value))
        return cls(view, answered, flagged, flagged or view_failed(view), "\n".join(words))


def text_blocks(result: Mapping[str, Any]) -> list[str]:
    """The texts of the result's text content blocks, in order."""
    return [str(block.get("text", "")) for block in content_blocks(result) if block.get("type") == "text"]


def content_blocks(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The result's content blocks that are JSON objects (a malformed ``content`` counts as none)."""
    content = result.get("content")
    if not isinstance(content, list):
        return []
    return [block for block in content if isinstance(block, Mapping)]


def view_of(result: Mapping[str, Any] | None, error: Mapping[str, Any] | None) -> View | None:
    """structuredContent; else a non-text block; else the text parsed as JSON; else the text itself."""
    if error is not None:
        return View(str(error.get("message", "")), is_json=False)
    if result is None:
        return None
    if result.get("structuredContent") is not None:
        return View(result["structuredContent"], is_json=True)
    for block in content_blocks(result):
        if block.get("type") != "text":
            return View(dict(block), is_json=True)
    text = "\n".join(text_blocks(result))
    parsed = parse_json(text)
    return View(text, is_json=False) if parsed is None else View(parsed[0], is_json=True)


def parse_json(text: str) -> tuple[Any] | None:
    """``(value,)`` when the text is strict JSON (a JSON ``null`` is a value too), else None."""
    try:
        return (json.loads(text, parse_constant=_reject_constant),)
    except ValueError:
        return None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def view_failed(view: View | None) -> bool:
    """The view says it failed: an ``error`` key, a failed ``status``, or a text led by "error"."""
    if view is None:
        return True
    value = view.value
    if isinstance(value, Mapping):
        return _error_key(value) or _failed_status(value.get("status"))
    return isinstance(value, str) and _ERROR_LEAD.match(value) is not None


def _error_key(obj: Mapping[str, Any]) -> bool:
    # Why the value matters: ``{"result": ..., "error": null}`` is a success in JSON-RPC-like APIs.
    return "error" in obj and obj["error"] not in (None, False, "", [], {})


def _failed_status(status: Any) -> bool:
    if not isinstance(status, str):
        return False
    normal = re.sub(r"[\s-]+", "_", status.strip().lower())
    return normal.endswith(_FAILED_STATUS)


def number_text(number: int | float) -> str:
    """A number as the text it is compared by: ``40``, ``40.0`` -> ``"40"``; ``0.5`` -> ``"0.5"``."""
    if isinstance(number, float) and math.isfinite(number) and number.is_integer() and abs(number) < 2**53:
        return str(int(number))
    return repr(number) if isinstance(number, float) else str(number)


def tokens(text: str) -> list[str]:
    """Runs of word characters and ``. - / : @ #``, 3+ characters or holding a digit."""
    found = (run.rstrip(".:") for run in _TOKEN.findall(text))
    return [token for token in found if len(token) >= 3 or any(char.isdigit() for char in token)]


def has_whitespace(text: str) -> bool:
    return any(char.isspace() for char in text)


def leaves(value: Any, path: str = "") -> Iterator[Item]:
    """Every number and string leaf, whole, by path (list indices dropped)."""
    if isinstance(value, Mapping):
        for key, child in value.items():
            yield from leaves(child, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for child in value:
            yield from leaves(child, path)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        yield path, number_text(value)
    elif isinstance(value, str) and value:
        yield path, value


def items(value: Any) -> frozenset[Item]:
    """The items of a value: its leaves, a string with whitespace split into its tokens."""
    found: set[Item] = set()
    for path, leaf in leaves(value):
        if has_whitespace(leaf):
            found.update((path, token) for token in tokens(leaf))
        else:
            found.add((path, leaf))
    return frozenset(found)


def item_values(value: Any) -> frozenset[str]:
    """The values of the items, anywhere."""
    return frozenset(leaf for _, leaf in items(value))


def known_values(value: Any) -> frozenset[str]:
    """Everything a value makes known: its item values plus its whole leaves (a sentence as well as its words)."""
    return item_values(value) | {leaf for _, leaf in leaves(value)}


def view_items(view: View | None) -> frozenset[Item]:
    """The items of a view (a non-JSON text is one string at the root path)."""
    return frozenset() if view is None else items(view.value)


def json_type(value: Any) -> str:
    """The JSON type name of a parsed JSON value."""
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if value is None:
        return "null"
    return "string"


def shape_of(view: View | None) -> Shape | None:
    """The view's shape; every non-JSON text has the same one. None when there is no view."""
    if view is None:
        return None
    if not view.is_json:
        return Shape(TEXT_SHAPE_KIND, frozenset())
    return Shape(json_type(view.value), frozenset(key_paths(view.value, "", depth=2)))


def key_paths(value: Any, prefix: str, depth: int) -> Iterator[str]:
    """Key paths down to ``depth`` keys; lists are folded (``entities``, ``entities.name``)."""
    if depth == 0:
        return
    if isinstance(value, list):
        for element in value:
            yield from key_paths(element, prefix, depth)
    elif isinstance(value, Mapping):
        for key, child in value.items():
            path = f"{prefix}{key}"
            yield path
            yield from key_paths(child, f"{path}.", depth - 1)


def key_overlap(real: Shape | None, simulated: Shape | None) -> float:
    """Jaccard of the two shapes (type marker plus key paths); 0 when either answer is missing."""
    if real is None or simulated is None:
        return 0.0
    left, right = real.elements(), simulated.elements()
    return len(left & right) / len(left | right)
