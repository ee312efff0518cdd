"""Believable strings and numbers: a generated field follows what it means (a person's name, an email, a date
in the session's clock, a path, a commit SHA, a money amount...), drawn from Faker.

The meaning comes from the JSON Schema ``format`` first, then the field's name (``created_at``,
``authorEmail``, ``commit_sha``), then its description ("The URL of the page"). An agent trained on
``"email": "Alpha beacon"`` learns to ignore fields; one trained on real-looking values does not.

Faker was picked over mimesis: it is the more widely used of the two (PyPI), ships type hints
(``py.typed``), has no dependencies, and its providers cover every meaning below. Creating a Faker is slow
(tens of ms: it loads every provider), so there is one per locale, reseeded before each value: the value
depends only on the seed it is given, never on what was generated before. A value costs 40-100 us.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import cache, lru_cache
from typing import Any

from faker import Faker

DEFAULT_LOCALE = "en_US"
_LOCK = threading.Lock()  # a Faker is reseeded then drawn from: two threads must not interleave
_WINDOW = timedelta(days=30)  # how far from the session's clock generated dates fall


@cache
def faker_for(locale: str = DEFAULT_LOCALE) -> Faker:
    # use_weighting=False: uniform over Faker's lists instead of by real-world frequency; 5-15x faster
    # (a name 60 us instead of 320 us, a URL 80 us instead of 800 us), and every value stays as believable
    return Faker(locale, use_weighting=False)


def words_of(name: str) -> list[str]:
    """``commitSHA`` -> ``[commit, sha]``, ``created_at`` -> ``[created, at]``."""
    return list(_words_of(name))  # a fresh list: a caller may change it


@lru_cache(maxsize=4096)  # field and tool names: asked for every generated value; bounded (argument values too)
def _words_of(name: str) -> tuple[str, ...]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name)
    return tuple(w for w in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if w)


# (meaning, words any of which in the field's name means it): first match wins, so specific before general
_NAME_MEANINGS: list[tuple[str, frozenset[str]]] = [
    ("email", frozenset({"email", "mail"})),
    ("uuid", frozenset({"uuid", "guid"})),
    ("sha", frozenset({"sha", "sha1", "commit", "revision", "rev", "hash", "checksum", "digest"})),
    ("url", frozenset({"url", "uri", "link", "href", "homepage", "website", "endpoint"})),
    ("phone", frozenset({"phone", "mobile", "tel", "telephone", "fax"})),
    ("ip", frozenset({"ip", "ipv4", "ip_address"})),
    ("hostname", frozenset({"host", "hostname", "domain"})),
    ("path", frozenset({"path", "filepath", "directory", "dir", "folder", "cwd", "pwd"})),
    ("filename", frozenset({"filename", "file"})),
    ("mime", frozenset({"mime", "mimetype"})),
    ("branch", frozenset({"branch", "ref"})),
    ("version", frozenset({"version", "semver"})),
    ("currency", frozenset({"currency"})),
    ("first_name", frozenset({"first", "firstname", "given"})),
    ("last_name", frozenset({"last", "lastname", "surname", "family"})),
    ("username", frozenset({"username", "login", "handle", "nickname", "screen"})),
    ("company", frozenset({"company", "organization", "organisation", "org", "employer", "vendor", "airline"})),
    ("street", frozenset({"street", "address", "addr"})),
    ("city", frozenset({"city", "town"})),
    ("country_code", frozenset({"iso", "alpha2"})),
    ("country", frozenset({"country", "nation"})),
    ("state", frozenset({"province", "region"})),
    ("postcode", frozenset({"zip", "zipcode", "postcode", "postal"})),
    ("color", frozenset({"color", "colour"})),
    ("language", frozenset({"language", "lang", "locale"})),
    ("password", frozenset({"password", "passphrase", "secret", "token", "apikey", "key"})),
    ("person", frozenset({"author", "assignee", "owner", "user", "reviewer", "sender", "recipient", "contact"})),
    ("person", frozenset({"customer", "employee", "member", "creator", "committer", "person", "manager"})),
    ("title", frozenset({"title", "subject", "headline", "summary", "caption", "label"})),
    ("text", frozenset({"description", "desc", "body", "content", "text", "message", "comment", "note", "bio"})),
]
_PAST = frozenset({"created", "updated", "modified", "changed", "deleted", "started", "joined", "since"})
_FUTURE = frozenset({"due", "expires", "expiry", "expiration", "deadline", "until", "scheduled", "next", "departure"})
_FUTURE |= frozenset({"arrival", "end", "ends", "renewal", "checkout"})
_TIME_WORDS = frozenset({"at", "time", "timestamp", "datetime", "when"}) | _PAST | _FUTURE
_DATE_WORDS = frozenset({"date", "day", "birthday", "dob", "birthdate"})
_MONEY = frozenset({"amount", "price", "cost", "balance", "fee", "total", "salary", "budget", "payment", "fare"})
_MONEY |= frozenset({"subtotal", "tax", "refund", "charge", "revenue", "income", "spend", "limit", "deposit"})
# description phrases, for fields whose names say nothing ("value", "target", "data")
_DESCRIPTION_MEANINGS: list[tuple[str, re.Pattern[str]]] = [
    ("email", re.compile(r"\be-?mail\b", re.I)),
    ("uuid", re.compile(r"\bu?uid\b|\bguid\b", re.I)),
    ("sha", re.compile(r"\b(commit|sha|hash|revision)\b", re.I)),
    ("url", re.compile(r"\b(url|uri|link|web ?page)\b", re.I)),
    ("datetime", re.compile(r"\b(timestamp|date and time|datetime|iso ?8601)\b", re.I)),
    ("date", re.compile(r"\bdate\b", re.I)),
    ("phone", re.compile(r"\bphone\b", re.I)),
    ("path", re.compile(r"\b(path|directory|folder)\b", re.I)),
    ("filename", re.compile(r"\bfile ?name\b", re.I)),
    ("street", re.compile(r"\b(street|postal|mailing) address\b", re.I)),
    ("person", re.compile(r"\b(person|user|author|customer|employee)'?s? (full )?name\b", re.I)),
]
_FORMATS = {
    "date-time": "datetime",
    "date": "date",
    "time": "time",
    "email": "email",
    "idn-email": "email",
    "uri": "url",
    "url": "url",
    "iri": "url",
    "uri-reference": "url",
    "uuid": "uuid",
    "hostname": "hostname",
    "idn-hostname": "hostname",
    "ipv4": "ip",
    "ipv6": "ipv6",
}


def meaning_of(name: str, schema: dict[str, Any], parent: str = "") -> str | None:
    """What a string field holds, or None when nothing says (the caller then makes generic words)."""
    fmt = schema.get("format")
    if isinstance(fmt, str) and fmt in _FORMATS:
        return _FORMATS[fmt]
    words = words_of(name)
    if words:
        found = _from_words(words, parent)
        if found is not None:
            return found
    description = schema.get("description")
    if isinstance(description, str):
        for meaning, pattern in _DESCRIPTION_MEANINGS:
            if pattern.search(description):
                return meaning
    return None


def _from_words(words: list[str], parent: str) -> str | None:
    last = words[-1]
    if last in ("id", "ids") and not ({"uuid", "guid", "sha"} & set(words)):
        return None  # ids are the ledger's business (values.py keeps their form)
    if "weekday" in words or "dow" in words or words[-3:] == ["day", "of", "week"] or words[-2:] == ["day", "name"]:
        return "weekday"  # day_of_week, weekday, dayName: Thursday, not a date nor a person
    if last == "name" or words == ["full", "name"] or words == ["display", "name"]:
        return _name_of(words[:-1] or words_of(parent))
    if last in _DATE_WORDS or words[0] in ("date",):
        return "date"
    if last in _TIME_WORDS or (words[0] == "last" and len(words) > 1):
        return "datetime"  # created_at, expires, lastLogin
    for meaning, vocabulary in _NAME_MEANINGS:
        if vocabulary & set(words):
            return meaning
    return None


def _name_of(context: list[str]) -> str:
    """``name`` means what its context names: a file's, a branch's, a company's, else a person's."""
    if not context:
        return "person"
    if context[-1] in ("first", "given", "last", "family"):
        return "first_name" if context[-1] in ("first", "given") else "last_name"
    found = _from_words(context, "")
    if found in ("first_name", "last_name", "username", "person", "company", "filename", "branch", "city"):
        return found
    if found in ("path",):
        return "filename"
    if set(context) & {"project", "repo", "repository", "table", "database", "db", "bucket", "tag", "service"}:
        return "slug"
    return "person"


def is_money(name: str) -> bool:
    return bool(_MONEY & set(words_of(name)))


def is_future(name: str) -> bool:
    return bool(_FUTURE & set(words_of(name)))


def believable(meaning: str, seed: int, clock: datetime, name: str = "", locale: str = DEFAULT_LOCALE) -> str:
    """A string with this meaning, the same for the same seed (and clock)."""
    if meaning in ("datetime", "date", "time"):
        return _moment(meaning, random.Random(seed), clock, is_future(name))
    maker = _MAKERS[meaning]
    with _LOCK:
        fake = faker_for(locale)
        fake.seed_instance(seed)
        return maker(fake)


def _moment(meaning: str, rng: random.Random, clock: datetime, future: bool) -> str:
    offset = timedelta(seconds=rng.randint(0, int(_WINDOW.total_seconds())))
    when = (clock + offset if future else clock - offset).astimezone(UTC).replace(microsecond=0)
    if meaning == "date":
        return when.date().isoformat()
    if meaning == "time":
        return when.time().isoformat()
    return when.isoformat().replace("+00:00", "Z")


def money(rng: random.Random, low: float = 1.0, high: float = 5000.0) -> float:
    """An amount with cents, spread over orders of magnitude as prices are (log-uniform)."""
    low = max(low, 0.01)
    high = max(high, low)
    return round(float(low * (high / low) ** rng.random()), 2)


def _slug(fake: Faker) -> str:
    return "-".join(str(w) for w in fake.words(2))  # Faker's slug() slugifies a sentence: 4x slower


def _branch(fake: Faker) -> str:
    return f"{fake.random_element(('feature', 'fix', 'chore', 'release'))}/{fake.slug()}"


def _title(fake: Faker) -> str:
    return str(fake.sentence(nb_words=4)).rstrip(".")


_MAKERS: dict[str, Callable[[Faker], str]] = {
    "email": lambda f: str(f.email()),
    "uuid": lambda f: str(f.uuid4()),
    "sha": lambda f: str(f.sha1(raw_output=False)),
    "url": lambda f: str(f.url()).rstrip("/") + "/" + str(f.uri_path(deep=2)),
    "hostname": lambda f: str(f.domain_name()),
    "ip": lambda f: ".".join(str(f.random_int(1, 254)) for _ in range(4)),  # Faker's ipv4(): 250 us
    "ipv6": lambda f: str(f.ipv6()),
    "phone": lambda f: str(f.phone_number()),
    "path": lambda f: str(f.file_path(depth=2, absolute=True)),
    "filename": lambda f: str(f.file_name()),
    "mime": lambda f: str(f.mime_type()),
    "branch": _branch,
    "version": lambda f: f"{f.random_int(0, 4)}.{f.random_int(0, 20)}.{f.random_int(0, 30)}",
    "currency": lambda f: str(f.currency_code()),
    "first_name": lambda f: str(f.first_name()),
    "last_name": lambda f: str(f.last_name()),
    "username": lambda f: str(f.user_name()),
    "person": lambda f: str(f.name()),
    "company": lambda f: str(f.company()),
    "street": lambda f: str(f.street_address()),
    "city": lambda f: str(f.city()),
    "country": lambda f: str(f.country()),
    "country_code": lambda f: str(f.country_code()),
    "state": lambda f: str(f.state()),
    "postcode": lambda f: str(f.postcode()),
    "color": lambda f: str(f.color_name()),
    "language": lambda f: str(f.language_code()),
    "password": lambda f: str(f.sha256(raw_output=False))[:32],
    "slug": _slug,
    "title": _title,
    "text": lambda f: str(f.sentence(nb_words=10)),
    "weekday": lambda f: str(f.day_of_week()),
}
MEANINGS = frozenset(_MAKERS) | {"datetime", "date", "time"}


def parse_clock(value: str | datetime | date) -> datetime:
    """A session clock from a world seed's ``clock:`` (an ISO date or date-time; naive means UTC)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    else:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
