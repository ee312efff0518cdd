"""Plausible JSON values for a JSON Schema: shaped by the schema, believable by meaning (believable.py).

Every value is drawn from its own RNG, seeded by (the call's seed, the field's path, how many times that
path was generated in this call): the call's seed already derives from (experiment seed, session, call
index), so the same experiment gives the same values, another session other ones, and adding a field to
a schema does not change the values of the others. A field the world seed names (a scalar such as
``balance``, a singleton's field such as ``current_user``) answers the seeded value where the schema allows it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import jsonschema
from referencing.exceptions import Unresolvable

from mcp_sim.ledger.closed_fields import resolved_ref
from mcp_sim.simulation.builtin import numeric_bounds, outcome_fields, patterns
from mcp_sim.simulation.builtin import schema_containers as containers
from mcp_sim.simulation.builtin.believable import DEFAULT_LOCALE, believable, is_money, meaning_of, money, words_of
from mcp_sim.simulation.builtin.validators import check_for

_WORDS = ["alpha", "beacon", "cobalt", "delta", "ember", "falcon", "granite", "harbor", "indigo", "juniper"]
EPOCH = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)  # the session clock when the world seed sets none


class ValueMaker:
    """Generates values for one schema document (``root`` resolves local ``$ref``s).

    ``rng`` seeds the maker (one draw) unless ``seed`` is given; ``clock`` is the session's now, near which
    dates fall; ``known`` maps field names to the world's values (scalars, singleton fields); ``succeeded`` is
    the outcome the answer reports, which its status flag and error fields say (outcome_fields.py)."""

    def __init__(
        self,
        root: dict[str, Any],
        rng: random.Random,
        *,
        seed: int | None = None,
        clock: datetime = EPOCH,
        known: Mapping[str, Any] | None = None,
        locale: str = DEFAULT_LOCALE,
        succeeded: bool = True,
    ) -> None:
        self.root = root
        self.seed = rng.getrandbits(63) if seed is None else seed
        self.rng = rng
        self.clock = clock
        self.known = dict(known or {})
        self.locale = locale
        self.succeeded = succeeded
        self._drawn: dict[str, int] = {}  # path -> how many values were drawn at it

    def rng_at(self, path: str) -> random.Random:
        """The RNG of the next value at ``path`` (a field path such as ``user.email``)."""
        count = self._drawn.get(path, 0)
        self._drawn[path] = count + 1
        return random.Random(self.seed_at(path, count))

    def seed_at(self, path: str, count: int = 0) -> int:
        material = f"{self.seed}\x1f{path}\x1f{count}".encode()
        return int.from_bytes(hashlib.blake2b(material, digest_size=8).digest(), "big") >> 1

    def make(self, schema: dict[str, Any] | bool, name: str = "", depth: int = 0) -> Any:
        if not isinstance(schema, dict):
            return self._string(name)
        schema = self.resolve(schema)
        seeded = self._seeded(schema, name)
        if seeded is not None:
            return seeded
        told = self.told(schema, name)
        if told is not outcome_fields.UNSET and told is not outcome_fields.LEAVE_OUT:
            return told
        if "const" in schema:
            return schema["const"]
        if schema.get("enum"):
            return self.rng_at(name).choice(schema["enum"])
        for key in ("oneOf", "anyOf"):
            if schema.get(key):
                options = [s for s in schema[key] if self.resolve(s).get("type") != "null"] or schema[key]
                rest = {k: v for k, v in schema.items() if k not in (key, "title", "description", "default")}
                if rest:  # ``{type: object, properties, anyOf: [{required: [a]}, ...]}``: the branch narrows it
                    return self.make(_merge(rest, self.resolve(options[0])), name, depth)
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

    def _seeded(self, schema: dict[str, Any], name: str) -> Any:
        """The world's value for this field (its last path part), when it fits the schema."""
        key = name.rsplit(".", 1)[-1]
        if key not in self.known:
            return None
        value = self.known[key]
        return value if self.fits(schema, value) else None

    def told(self, schema: dict[str, Any], name: str, required: bool = True) -> Any:
        """What the answer's outcome says for the field at ``name`` (its last path part): a value,
        ``outcome_fields.LEAVE_OUT`` (an optional error field of a success), or ``outcome_fields.UNSET``."""
        field = name.rsplit(".", 1)[-1]
        if not (outcome_fields.is_flag(field) or outcome_fields.is_error_field(field)):
            return outcome_fields.UNSET
        if "const" in self.resolve(schema) or "enum" in self.resolve(schema):  # the schema's own word stands
            return outcome_fields.UNSET
        return outcome_fields.said(field, schema, self.kinds(schema), self.succeeded, required)

    def defaulted(self, schema: dict[str, Any], name: str) -> Any:
        """A field left to its default: the schema's ``default`` where it is valid, else a made value. An optional
        pydantic field (``url: str | None = None``) is serialized with its default when nothing set it."""
        told = self.told(schema, name)
        if told is not outcome_fields.UNSET and told is not outcome_fields.LEAVE_OUT:
            return told
        default = schema.get("default")
        return default if self.fits(schema, default) else self.make(schema, name)

    def kinds(self, schema: dict[str, Any]) -> set[str]:
        """The JSON types a value of ``schema`` may have (through ``$ref``, ``anyOf``/``oneOf`` and type lists)."""
        schema = self.resolve(schema)
        kind = schema.get("type")
        found = set(kind) if isinstance(kind, list) else {kind} if isinstance(kind, str) else set()
        for key in ("anyOf", "oneOf"):
            for option in schema.get(key) or []:
                found |= self.kinds(option)
        return found

    def fits(self, schema: dict[str, Any], value: Any) -> bool:
        """Whether ``value`` is valid for a part of this document: its ``$ref``s point at the document's own
        definitions, so they go along (a part alone cannot resolve ``#/$defs/Cell``)."""
        resolved = self.resolve(schema)
        if not isinstance(resolved, dict):
            return False
        try:
            return bool(check_for(resolved, self.root)(value))
        except (jsonschema.exceptions.SchemaError, Unresolvable):
            return False

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(schema, dict):  # ``true``, ``false``, a draft-07 tuple's list of item schemas: no fields
            return {}
        found = resolved_ref(schema, self.root)  # a ``$ref`` to ``true`` / ``false`` holds no fields either
        return found if isinstance(found, dict) else {}

    def _object_of(self, schema: dict[str, Any], name: str, depth: int) -> dict[str, Any]:
        props: dict[str, Any] = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        out: dict[str, Any] = {}
        for key, sub in props.items():
            if key not in required and isinstance(sub, dict) and "default" in sub:
                out[key] = self.defaulted(sub, f"{name}.{key}" if name else key)  # pydantic serializes it
            elif key not in required and self.told(sub, key, required=False) is outcome_fields.LEAVE_OUT:
                continue  # a success's optional error field: not there (outcome_fields.py)
            elif key in required or depth < 2:
                out[key] = self.make(sub, f"{name}.{key}" if name else key, depth + 1)
        for key, needed in (schema.get("dependentRequired") or {}).items():  # ``a`` given: ``b`` goes along
            for other in needed if key in out else []:
                if other not in out:
                    out[other] = self.make(props.get(other, {}), f"{name}.{other}" if name else other, depth + 1)
        fewest, most = int(schema.get("minProperties", 0)), schema.get("maxProperties")
        for key, sub in props.items():  # ``minProperties`` first takes the optional fields the schema names
            if len(out) >= fewest:
                break
            out.setdefault(key, self.make(sub, f"{name}.{key}" if name else key, depth + 1))
        for key, sub in containers.open_entries(schema, fewest - len(out), self.rng_at(f"{name}{{}}#"), set(out)):
            out[key] = self.make(sub, f"{name}.{key}" if name else key, depth + 1)  # a record's own keys
        if isinstance(most, int) and len(out) > most:  # the optional fields go first
            for key in [k for k in out if k not in required][: len(out) - most]:
                del out[key]
        return out

    def _array_of(self, schema: dict[str, Any], name: str, depth: int) -> list[Any]:
        low = min(int(schema.get("minItems", 1 if depth < 2 else 0)), int(schema.get("maxItems", 2**31)))
        high = max(low, min(int(schema.get("maxItems", low + 2)), low + 2))
        count = self.rng_at(f"{name}[]#").randint(low, high)
        positions, rest = containers.tuple_items(schema)  # a tuple's own item per position (prefixItems)
        made = [self.make(sub, _singular(name), depth + 1) for sub in positions[:count]]
        if rest is False:
            return made
        wanted = count - len(made)
        for attempt in range(wanted * 4 if schema.get("uniqueItems") else wanted):
            if len(made) >= count:
                break
            item = self.make(rest, f"{_singular(name)}#{attempt}" if attempt >= wanted else _singular(name), depth + 1)
            if not schema.get("uniqueItems") or item not in made:
                made.append(item)
        return made

    def _string_of(self, schema: dict[str, Any], name: str, depth: int) -> str:
        value = self._string(name, schema)
        if isinstance(schema.get("pattern"), str):  # an etag ^[a-f0-9]{64}$ (patterns.py)
            return patterns.matching(schema["pattern"], self.rng_at(f"{name}#pattern"), value) or value
        low, high = int(schema.get("minLength", 0)), schema.get("maxLength")
        value = value.ljust(low, "x")
        return value[: int(high)] if high is not None else value

    def _integer_of(self, schema: dict[str, Any], name: str, depth: int) -> int:
        words = set(words_of(name.rsplit(".", 1)[-1]))
        counting = bool(words & {"count", "total", "size", "length", "number", "num"})
        low = numeric_bounds.lowest_integer(schema, 0 if counting else 1)
        default_high = 65535 if "port" in words else 120 if "age" in words else 100
        # a bound that only says "fits in an int" (zod's .int() writes 2**53 - 1) is no hint of size: a line, an
        # offset or a count a person reads is small, within the stated bounds
        low, high = numeric_bounds.integer_range(schema, low, low + default_high)
        value = self.rng_at(name).randint(low, high)
        return int(numeric_bounds.stepped(value, schema, low, high))

    def _number_of(self, schema: dict[str, Any], name: str, depth: int) -> float:
        rng = self.rng_at(name)
        low = numeric_bounds.lowest_number(schema, 0.0)
        field = name.rsplit(".", 1)[-1]
        if is_money(field):
            floor = low if numeric_bounds.has_floor(schema) else 1.0  # a price with no stated minimum is no fraction
            top = 1e18 if numeric_bounds.has_ceiling(schema) else max(floor, 1.0) * 5000  # of a cent
            floor, ceiling = numeric_bounds.number_range(schema, floor, top)
            return numeric_bounds.stepped(min(max(money(rng, floor, ceiling), floor), ceiling), schema, floor, ceiling)
        words = set(words_of(field))
        if "latitude" in words or "lat" in words:
            return round(rng.uniform(-90, 90), 6)
        if "longitude" in words or "lng" in words or "lon" in words:
            return round(rng.uniform(-180, 180), 6)
        span = 100 if words & {"percent", "percentage", "rate"} else 1000
        low, high = numeric_bounds.number_range(schema, low, low + span)  # as for integers: bounds, not a size
        value = round(rng.uniform(low, high), 2)
        return numeric_bounds.stepped(min(max(value, low), high), schema, low, high)

    def _boolean_of(self, schema: dict[str, Any], name: str, depth: int) -> bool:
        return self.rng_at(name).random() < 0.5

    def _null_of(self, schema: dict[str, Any], name: str, depth: int) -> None:
        return None

    def _string(self, name: str, schema: dict[str, Any] | None = None) -> str:
        schema = schema or {}
        parent, _, field = name.rpartition(".")
        rng = self.rng_at(name)
        meaning = meaning_of(field, schema, parent.rpartition(".")[2])
        if meaning is not None:
            return believable(meaning, rng.getrandbits(63), self.clock, field, self.locale)
        lowered = field.lower()
        if lowered.endswith("id"):
            return f"{rng.getrandbits(32):08x}"
        if lowered == "status":
            return rng.choice(["open", "active", "pending", "closed"])
        if is_money(field):
            return f"{money(rng):.2f}"
        words = " ".join(rng.choice(_WORDS) for _ in range(3 if "desc" in lowered else 2))
        return words.capitalize()


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    merged = {**a, **b}
    merged["properties"] = {**a.get("properties", {}), **b.get("properties", {})}
    merged["required"] = [*a.get("required", []), *b.get("required", [])]
    return merged


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") else name
