"""Plausible JSON values for a JSON Schema, drawn from a seeded RNG and shaped by field names."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

_FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Leslie"]
_LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Perlman"]
_WORDS = ["alpha", "beacon", "cobalt", "delta", "ember", "falcon", "granite", "harbor", "indigo", "juniper"]
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class ValueMaker:
    """Generates values for one schema document (``root`` resolves local ``$ref``s)."""

    def __init__(self, root: dict[str, Any], rng: random.Random) -> None:
        self.root = root
        self.rng = rng

    def make(self, schema: dict[str, Any] | bool, name: str = "", depth: int = 0) -> Any:
        if not isinstance(schema, dict):
            return self._string(name)
        schema = self.resolve(schema)
        if "const" in schema:
            return schema["const"]
        if schema.get("enum"):
            return self.rng.choice(schema["enum"])
        for key in ("oneOf", "anyOf"):
            if schema.get(key):
                options = [s for s in schema[key] if self.resolve(s).get("type") != "null"] or schema[key]
                return self.make(options[0], name, depth)
        if schema.get("allOf"):
            merged: dict[str, Any] = {}
            for part in schema["allOf"]:
                merged = _merge(merged, self.resolve(part))
            return self.make(merged, name, depth)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), "null")
        if kind is None:
            kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
        return getattr(self, f"_{kind}_of")(schema, name, depth)

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 20:
            target: Any = self.root
            for part in schema["$ref"].lstrip("#/").split("/"):
                target = target.get(part, {}) if part else target
            schema, seen = target, seen + 1
        return schema

    def _object_of(self, schema: dict[str, Any], name: str, depth: int) -> dict[str, Any]:
        props: dict[str, Any] = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        out: dict[str, Any] = {}
        for key, sub in props.items():
            if key in required or depth < 2:
                out[key] = self.make(sub, key, depth + 1)
        return out

    def _array_of(self, schema: dict[str, Any], name: str, depth: int) -> list[Any]:
        low = int(schema.get("minItems", 1 if depth < 2 else 0))
        high = max(low, min(int(schema.get("maxItems", low + 2)), low + 2))
        items = schema.get("items", {})
        return [self.make(items, _singular(name), depth + 1) for _ in range(self.rng.randint(low, high))]

    def _string_of(self, schema: dict[str, Any], name: str, depth: int) -> str:
        fmt = schema.get("format")
        if fmt == "date-time":
            return self._when().isoformat().replace("+00:00", "Z")
        if fmt == "date":
            return self._when().date().isoformat()
        if fmt == "email":
            return self._email()
        if fmt in ("uri", "url"):
            return f"https://example.com/{self.rng.choice(_WORDS)}/{self.rng.randint(1, 999)}"
        if fmt == "uuid":
            return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        value = self._string(name)
        low, high = int(schema.get("minLength", 0)), schema.get("maxLength")
        value = value.ljust(low, "x")
        return value[: int(high)] if high is not None else value

    def _integer_of(self, schema: dict[str, Any], name: str, depth: int) -> int:
        low = int(schema.get("minimum", 0 if "count" in name or "total" in name else 1))
        high = int(schema.get("maximum", low + 100))
        return self.rng.randint(low, max(low, high))

    def _number_of(self, schema: dict[str, Any], name: str, depth: int) -> float:
        low = float(schema.get("minimum", 0))
        high = float(schema.get("maximum", low + 1000))
        return round(self.rng.uniform(low, high), 2)

    def _boolean_of(self, schema: dict[str, Any], name: str, depth: int) -> bool:
        return self.rng.random() < 0.5

    def _null_of(self, schema: dict[str, Any], name: str, depth: int) -> None:
        return None

    def _string(self, name: str) -> str:
        lowered = name.lower()
        if "email" in lowered:
            return self._email()
        if lowered.endswith(("_at", "date", "time")) or lowered in ("created", "updated", "timestamp"):
            return self._when().isoformat().replace("+00:00", "Z")
        if lowered.endswith("id"):
            return f"{self.rng.getrandbits(32):08x}"
        if "url" in lowered or "link" in lowered:
            return f"https://example.com/{self.rng.choice(_WORDS)}"
        if lowered in ("name", "author", "assignee", "owner", "user", "username") or lowered.endswith("_name"):
            return f"{self.rng.choice(_FIRST)} {self.rng.choice(_LAST)}"
        if lowered == "status":
            return self.rng.choice(["open", "active", "pending", "closed"])
        words = " ".join(self.rng.choice(_WORDS) for _ in range(3 if "desc" in lowered else 2))
        return words.capitalize()

    def _email(self) -> str:
        return f"{self.rng.choice(_FIRST).lower()}.{self.rng.choice(_LAST).lower()}@example.com"

    def _when(self) -> datetime:
        return _EPOCH + timedelta(minutes=self.rng.randint(0, 60 * 24 * 300))


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    merged = {**a, **b}
    merged["properties"] = {**a.get("properties", {}), **b.get("properties", {})}
    merged["required"] = [*a.get("required", []), *b.get("required", [])]
    return merged


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") else name
