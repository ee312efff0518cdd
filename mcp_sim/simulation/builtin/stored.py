"""A value stored under a key reads back as itself.

Key-value servers (a cache, a settings store) answer a read of one key with the value last written under it,
verbatim: ``get(key="user:1")`` after ``set(key="user:1", value='{"plan": "pro"}')`` answers
``{"plan": "pro"}``, and ``"2"`` reads back as ``2``. The earlier write is one the session made (recall.py
hands them over, oldest first): it named the same key under the same argument and gave a ``value``. A later
change to that key without a value (a delete, also of a list of keys) leaves the read to the general answer.
"""

from __future__ import annotations

from typing import Any


def read_back(arguments: dict[str, Any], recalled: list[dict[str, Any]]) -> str | None:
    """The value last written under the one key this read names, as text; None when no write gives it."""
    if len(arguments) != 1:
        return None
    ((name, key),) = arguments.items()
    if not isinstance(key, str | int) or isinstance(key, bool):
        return None
    for earlier in reversed(recalled):
        named = earlier.get(name)
        if named != key and not (isinstance(named, list) and key in named):  # a batch delete names it in a list
            continue
        values = [v for field, v in earlier.items() if field != name and _is_value(field)]
        if len(values) != 1 or not isinstance(values[0], str | int | float) or isinstance(values[0], bool):
            return None
        described = [f for f in earlier if f != name and not _is_value(f) and f.lower() not in _STORAGE_OPTIONS]
        if described:  # context_save(key, value, category, priority): a record, which a read shows whole
            return None
        return str(values[0])
    return None


# what a key-value write may say besides the key and its value: how to store it, not what it is
_STORAGE_OPTIONS = frozenset({"ttl", "expire", "expires", "expiry", "expiration", "expireseconds", "expire_seconds",
                              "ex", "px", "nx", "xx", "timeout", "seconds", "namespace", "db",
                              "overwrite"})  # fmt: skip


def _is_value(field: str) -> bool:
    return field.lower().endswith("value")  # value, new_value, newValue (not values: a list of them)
