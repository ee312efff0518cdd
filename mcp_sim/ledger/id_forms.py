"""The written form of an id (``habit-7``, a UUID, an 8-digit hex hash, a plain number, a one-word name).

Why: "open until known" closes a type's world once the session has seen one of its entities, so any other
id of the type is not found. That is right for the ids the session could have handed out itself: an agent
learns ids only from answers, and an id in the form the session's own ids have (``habit-9`` beside
``habit-1``, ``99`` beside ``1, 2``) that the session never showed is one the agent made up. An id in
another form (``be1403f4`` where the session minted ``habit-1``) came from outside the session (the task,
an earlier episode, another system the server shares its store with), and the session cannot know it is
absent. Deleted ids stay refused whatever their form.
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Iterable
from typing import Any

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_HEX = re.compile(r"[0-9a-f]{6,}", re.IGNORECASE)
_PREFIXED = re.compile(r"([^\W\d_]+)([-_:#])(\w+)", re.UNICODE)
_RUNS = re.compile(r"[0-9]+|[^\W\d_]+|\s+|.", re.UNICODE)


_LONG_NUMBER = 10  # digits: seconds since 1970 have ten, milliseconds thirteen; no session counts that far


def form_of(id_: str) -> str:
    """A signature equal for ids written alike: ``habit-1`` and ``habit-12`` -> ``habit-9``, a UUID -> ``uuid``,
    ``be1403f4`` -> ``hex8``, ``42`` -> ``9``, ``1768910400000`` -> ``9+``, ``Breakfast`` / ``support`` -> ``a``,
    ``My Project`` -> ``a a``."""
    text = id_.strip()
    prefixed = _PREFIXED.fullmatch(text)
    if prefixed and (prefixed.group(3).isdigit() or _HEX.fullmatch(prefixed.group(3))):
        # a type's tag before a number or a hash is part of its form: ``T-24254`` is not written like ``task-2``,
        # ``ORD-6E4C4ACB`` is written like ``ORD-5EE59CDE`` (names such as ``Router_R1`` keep the general form).
        # Its case too: a server writes its tags one way, so ``TASK-1`` beside the session's ``task-2`` came from
        # elsewhere (the server's own numbering, the agent's task), not from this session's answers
        head, separator, rest = prefixed.groups()
        return f"{head}{separator}{'9' if rest.isdigit() else f'hex{len(rest)}'}"
    if _UUID.fullmatch(text):
        return "uuid"
    if _HEX.fullmatch(text) and any(c.isdigit() for c in text) and any(c.isalpha() for c in text):
        return f"hex{len(text)}"
    parts = []
    for run in _RUNS.findall(text):
        if run.isdigit():  # a clock's or a snowflake's number (``1768910400000``) is no count a session reached
            parts.append("9" if len(run) < _LONG_NUMBER else "9+")
        elif run.isalpha():
            parts.append("a")
        elif run.isspace():
            parts.append(" ")
        else:
            parts.append(run)
    return "".join(parts)


def drawn(id_: str) -> bool:
    """Whether an id is random (a UUID, 16 or more hex digits): no agent makes one up, so one the session never
    showed was copied from elsewhere (the task, the server's own answers), and the session cannot know it is
    absent. Short hashes (``be1403f4``) and counted ids (``task-9``) are guessed, and stay refused."""
    text = id_.strip()
    return bool(_UUID.fullmatch(text)) or (len(text) >= _DRAWN_HEX and bool(_HEX.fullmatch(text)))


_DRAWN_HEX = 16


def same_form(id_: str, known: Iterable[str]) -> bool:
    """Whether ``id_`` is written like one of the ``known`` ids of its type."""
    form = form_of(id_)
    return any(form_of(other) == form for other in known)


def fitting(preferred: str, number: int, rng: random.Random, schemas: list[dict[str, Any]]) -> str | int:
    """An id for a new record that every schema its ids are taken in accepts: ``preferred`` (``project-1``) when
    they do, else the first of a number, a 32-digit hex and a UUID (seeded) that fits their ``pattern`` and
    ``format``. A server that checks ``projectId`` against ``^[0-9a-f]{32}$`` refused the ids the simulator made
    for it: its own tools could not take them back."""
    for candidate in (preferred, str(number)):
        if all(_fits(candidate, schema) for schema in schemas):
            return candidate
    made = uuid.UUID(int=rng.getrandbits(128), version=4)  # drawn only when needed: other values keep their seed
    return next((c for c in (made.hex, str(made)) if all(_fits(c, schema) for schema in schemas)), preferred)


def _fits(candidate: str, schema: dict[str, Any]) -> bool:
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        try:
            if re.search(pattern, candidate) is None:
                return False
        except re.error:
            return True  # a pattern Python cannot read says nothing here
    if schema.get("format") == "uuid":
        try:
            uuid.UUID(candidate)
        except ValueError:
            return False
    return True
