"""Strings that match a schema's ``pattern``: an etag ``^[a-f0-9]{64}$``, a code ``^[A-Z]{3}-\\d{4}$``.

A value drawn by meaning (a 40-character hash, two words) fails such a pattern, and the answer is then not
valid for its outputSchema. The simple regexes most schemas use (literals, character classes, ``\\d \\w \\s .``,
quantifiers ``{n} {n,m} ? * +``, the anchors) are drawn here, readably (``.`` is a letter or a digit); anything
else (groups, alternation, negated classes) is drawn by ``rstr`` from Python's own parse of the regex, and what
that cannot draw (a look-around it cannot satisfy) gives None, so the drawn value stays.
"""

from __future__ import annotations

import random
import re

import rstr

_ESCAPES = {
    "d": "0123456789",
    "w": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
    "s": " ",
}
_ANY = "abcdefghijklmnopqrstuvwxyz0123456789"
_QUANTIFIER = re.compile(r"\{(\d+)(?:,(\d*))?\}")


def matching(pattern: str, rng: random.Random, hint: str = "") -> str | None:
    """A string ``re.search`` finds ``pattern`` in: ``hint`` itself when it matches already, else a generated one
    (None when the pattern is not a simple one)."""
    try:
        compiled = re.compile(pattern)
    except re.error:
        return None
    if hint and compiled.search(hint):
        return hint
    atoms = _atoms(pattern)
    if atoms is None:  # groups, alternation (zod's time: ``^(?:[01]\d|2[0-3]):[0-5]\d...$``): rstr reads any regex
        try:
            value = rstr.Rstr(rng).xeger(pattern)
        except (re.error, ValueError, IndexError, TypeError):  # what Python's regex parser cannot generate from
            return None
        return value if compiled.search(value) else None
    out: list[str] = []
    for chars, low, high in atoms:
        out.extend(rng.choice(chars) for _ in range(rng.randint(low, high)))
    value = "".join(out)
    return value if compiled.search(value) else None


def _atoms(pattern: str) -> list[tuple[str, int, int]] | None:
    """The pattern as (characters to draw from, fewest, most) per position; None for what is not simple."""
    body = pattern.removeprefix("^").removesuffix("$")
    atoms: list[tuple[str, int, int]] = []
    i = 0
    while i < len(body):
        char = body[i]
        if char in "()|^$":
            return None
        if char == "[":
            end = body.find("]", i + 2)
            if end < 0:
                return None
            chars = _class(body[i + 1 : end])
            i = end + 1
        elif char == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            chars = _ESCAPES.get(nxt, "" if nxt.isalnum() else nxt)
            i += 2
        elif char == ".":
            chars, i = _ANY, i + 1
        elif char in "{}?*+":
            return None
        else:
            chars, i = char, i + 1
        if not chars:
            return None
        low, high, i = _quantity(body, i)
        atoms.append((chars, low, high))
    return atoms


def _quantity(body: str, i: int) -> tuple[int, int, int]:
    if i < len(body) and body[i] in "?*+":
        low, high = {"?": (0, 1), "*": (0, 3), "+": (1, 4)}[body[i]]
        return low, high, i + 1
    found = _QUANTIFIER.match(body, i)
    if found is None:
        return 1, 1, i
    low = int(found.group(1))
    high = low if found.group(2) is None else int(found.group(2)) if found.group(2) else low + 3
    return low, max(low, high), found.end()


def _class(inside: str) -> str:
    """The characters of a ``[...]`` class; "" for a negated class (not generated)."""
    if inside.startswith("^"):
        return ""
    chars: list[str] = []
    i = 0
    while i < len(inside):
        if inside[i] == "\\" and i + 1 < len(inside):
            chars.extend(_ESCAPES.get(inside[i + 1], inside[i + 1]))
            i += 2
        elif i + 2 < len(inside) and inside[i + 1] == "-":
            chars.extend(chr(c) for c in range(ord(inside[i]), ord(inside[i + 2]) + 1))
            i += 3
        else:
            chars.append(inside[i])
            i += 1
    return "".join(dict.fromkeys(chars))
