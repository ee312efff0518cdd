"""Believable values: generated fields follow their meaning and depend only on (seed, field path)."""

from __future__ import annotations

import random
import re
import uuid
from datetime import UTC, date, datetime, timedelta
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlparse

import pytest

from mcp_sim.seeding import derive_seed
from mcp_sim.simulation.builtin.believable import meaning_of, parse_clock
from mcp_sim.simulation.builtin.values import ValueMaker

CLOCK = datetime(2031, 5, 17, 12, 0, tzinfo=UTC)
FIELDS = {
    "email": {"type": "string"},
    "contact": {"type": "string", "format": "email"},
    "created_at": {"type": "string"},
    "dueDate": {"type": "string"},
    "commit_sha": {"type": "string"},
    "request_uuid": {"type": "string"},
    "file_path": {"type": "string"},
    "homepage": {"type": "string"},
    "phone_number": {"type": "string"},
    "price": {"type": "number"},
    "author": {"type": "object", "properties": {"name": {"type": "string"}, "email": {"type": "string"}}},
    "target": {"type": "string", "description": "The URL of the page to open"},
}
SCHEMA: dict[str, Any] = {"type": "object", "properties": FIELDS, "required": list(FIELDS)}


def made(seed: int, clock: datetime = CLOCK) -> dict[str, Any]:
    value = ValueMaker(SCHEMA, random.Random(), seed=seed, clock=clock).make(SCHEMA)
    assert isinstance(value, dict)
    return value


def test_values_follow_their_meaning() -> None:
    value = made(7)
    for field in ("email", "contact"):
        assert re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", value[field]) and parseaddr(value[field])[1] == value[field]
    created = datetime.fromisoformat(value["created_at"].replace("Z", "+00:00"))
    assert CLOCK - timedelta(days=31) <= created <= CLOCK  # a creation time is in the session's past
    due = date.fromisoformat(value["dueDate"])
    assert CLOCK.date() <= due <= (CLOCK + timedelta(days=31)).date()  # a due date is ahead of it
    assert re.fullmatch(r"[0-9a-f]{40}", value["commit_sha"])
    assert uuid.UUID(value["request_uuid"]).version == 4
    assert value["file_path"].startswith("/") and "." in value["file_path"].rsplit("/", 1)[1]
    for field in ("homepage", "target"):  # by name, and by description when the name says nothing
        assert urlparse(value[field]).scheme in ("http", "https") and urlparse(value[field]).netloc
    assert sum(c.isdigit() for c in value["phone_number"]) >= 7
    assert isinstance(value["price"], float) and value["price"] == round(value["price"], 2) and value["price"] >= 1
    assert re.fullmatch(r"[A-Z][a-z]+\.? [A-Z][a-zA-Z' .-]+", value["author"]["name"])
    assert "@" in value["author"]["email"]


def test_same_seed_same_values_other_seed_other_values() -> None:
    assert made(3) == made(3)
    first, second = made(3), made(4)
    assert all(first[k] != second[k] for k in ("email", "commit_sha", "request_uuid", "created_at"))


def test_a_value_depends_on_its_path_not_on_the_fields_before_it() -> None:
    smaller = {"type": "object", "properties": {"commit_sha": {"type": "string"}}}
    alone = ValueMaker(smaller, random.Random(), seed=3, clock=CLOCK).make(smaller)
    assert alone["commit_sha"] == made(3)["commit_sha"]


def test_repeated_paths_differ_within_one_call() -> None:
    schema = {"type": "array", "minItems": 3, "maxItems": 3, "items": {"type": "string", "format": "email"}}
    emails = ValueMaker(schema, random.Random(), seed=1).make(schema, "emails")
    assert len(set(emails)) == 3


def test_sessions_of_one_experiment_differ_and_repeat() -> None:
    """The simulator seeds a call from (experiment seed, session, call index): values follow that seed."""
    one = derive_seed(0, "session-a", 1, "world-model")
    other = derive_seed(0, "session-b", 1, "world-model")
    assert made(one) == made(derive_seed(0, "session-a", 1, "world-model"))
    assert made(one)["email"] != made(other)["email"]


def test_the_world_value_wins_where_the_schema_allows_it() -> None:
    schema = {"type": "object", "properties": {"balance": {"type": "number"}, "cwd": {"type": "integer"}}}
    known = {"balance": 10000.0, "cwd": "/alex"}
    value = ValueMaker(schema, random.Random(), seed=1, known=known).make(schema)
    assert value["balance"] == 10000.0 and isinstance(value["cwd"], int)  # a string cannot fill an integer


@pytest.mark.parametrize(
    ("name", "schema", "meaning"),
    [
        ("lastName", {}, "last_name"),
        ("last_login", {}, "datetime"),
        ("updated", {}, "datetime"),
        ("repo_name", {}, "slug"),
        ("value", {"format": "date-time"}, "datetime"),
        ("user_id", {}, None),  # ids keep the ledger's form
        ("zipcode", {}, "postcode"),
        ("day_of_week", {}, "weekday"),  # Thursday, not words nor a date
        ("dayName", {}, "weekday"),  # not a person's name
        ("day", {}, "date"),
    ],
)
def test_meaning_of_names(name: str, schema: dict[str, Any], meaning: str | None) -> None:
    assert meaning_of(name, schema) == meaning


def test_clock_parses_iso_and_assumes_utc() -> None:
    assert parse_clock("2030-01-02T03:04:05Z") == datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert parse_clock("2030-01-02") == datetime(2030, 1, 2, tzinfo=UTC)


def test_a_bound_that_only_says_fits_in_an_int_gives_a_readable_size() -> None:
    big = 2**53 - 1  # what zod's .int() writes as the maximum
    schema = {
        "type": "object",
        "properties": {
            "line": {"type": "integer", "minimum": 0, "maximum": big},
            "score": {"type": "number", "maximum": 1e300},
            "pin": {"type": "integer", "minimum": 1000, "maximum": 9999},
        },
        "required": ["line", "score", "pin"],
    }
    for seed in range(20):
        value = ValueMaker(schema, random.Random(), seed=seed).make(schema)
        assert 0 <= value["line"] <= 100 and 0 <= value["score"] <= 1000
        assert 1000 <= value["pin"] <= 9999  # stated bounds still hold
