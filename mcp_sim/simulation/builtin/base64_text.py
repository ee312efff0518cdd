"""A string argument said to hold base64 that does not decode is refused, as the real tool fails to decode it.

``content_base64: Base64 encoded file content``: the real tool decodes before anything else and answers
``Invalid base64-encoded string``. The argument is base64 when its key says so (``content_base64``,
``dataB64``) or its description does ("Base64 encoded", "base64-encoded", "in base64"); a value that is not
valid base64 (standard or URL-safe alphabet, padding optional) fails. A description that offers another form
("plain text or base64", "base64 if encoding is set") names no single form, so it checks nothing.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from mcp_sim.errors import InvalidArguments

_KEY = re.compile(r"base64|b64", re.IGNORECASE)
_SAID = re.compile(r"\bbase-?64(?:[\s-]+encoded)?\b|\bencoded\s+(?:in|as)\s+base-?64\b", re.IGNORECASE)
_EITHER = re.compile(r"\b(?:or|if|when|unless|optionally)\b", re.IGNORECASE)  # "text or base64": either form
_ALPHABET = re.compile(r"^[A-Za-z0-9+/_-]*={0,2}$")


def decodes(value: str) -> bool:
    """Valid base64 in the standard or URL-safe alphabet, whitespace ignored, padding optional."""
    text = re.sub(r"\s+", "", value)
    if not _ALPHABET.match(text) or len(text.rstrip("=")) % 4 == 1:
        return False
    try:
        base64.urlsafe_b64decode(text.replace("+", "-").replace("/", "_") + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return False
    return True


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for a base64 argument that does not decode."""
    properties = input_schema.get("properties") or {}
    for key, value in arguments.items():
        prop = properties.get(key)
        said = str(prop.get("description") or "") if isinstance(prop, dict) else ""
        base64_only = _KEY.search(key) or (_SAID.search(said) and not _EITHER.search(said))
        if isinstance(value, str) and base64_only and not decodes(value):
            raise InvalidArguments(f"Error executing tool {tool}: Invalid base64-encoded string in {key}")
