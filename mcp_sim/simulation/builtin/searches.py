"""Which records a search argument (``query``, ``search``, ``q``, ``keyword``, ``term``) finds.

Two kinds of search answer in the recordings. A plain one finds the query as written anywhere in a record's text
(the reference memory server's ``search_nodes``: ``includes(query)``), so ``"flaky test"`` finds only records
holding those two words side by side. A ranked one, the kind whose description says so ("Returns ranked
results", "relevance", "full-text", "fuzzy", "semantic", "natural language", "BM25"), scores each record by the
query's words it holds: ``"database migrations rollback"`` finds "Migrations must be reversible in the billing
service", best matches first. A simulator searching a ranked tool by substring answers ``[]`` to every question an
agent words in its own way, and teaches it that the knowledge base is empty.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

SEARCH_ARGUMENTS = frozenset({"query", "search", "q", "keyword", "keywords", "term"})
_RANKED = re.compile(
    r"\b(?:rank(?:ed|s|ing)?|relevan(?:ce|t)|full[- ]?text|fuzzy|semantic(?:ally)?|natural[- ]language|bm25|"
    r"similarity|best[- ]match(?:es|ing)?)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w][\w.+#-]*")
# words of a question that select nothing: "how do I fix the build" finds records about fixing builds
_FUNCTION_WORDS_TEXT = """the and for with from into onto that this these those are was were not but you your our its
all any has have had will can may one who what when where which than then there their them they how why does did
about over under after before while"""
_FUNCTION_WORDS = frozenset(_FUNCTION_WORDS_TEXT.split())
_MIN_CHARS = 3


@lru_cache(maxsize=4096)  # per tool description: asked on every search call
def ranks(description: str) -> bool:
    """Whether a tool's description (its own or its query argument's) says its search ranks by relevance."""
    return _RANKED.search(description) is not None


_SCORE_KEY = re.compile(r"^(?:score|relevance|rank|similarity|distance)$|_?(?:score|relevance)$", re.IGNORECASE)


def shows_scores(answer: Any) -> bool:
    """Whether an observed answer gives its results a score (``"score": 2.47``, ``relevance``, ``similarity``): a
    search that scores what it finds ranks it, whatever its description says."""
    if isinstance(answer, dict):
        return any(_SCORE_KEY.search(str(k)) or shows_scores(v) for k, v in answer.items())
    if isinstance(answer, list):
        return any(shows_scores(item) for item in answer)
    return False


def searched(records: list[dict[str, Any]], arguments: dict[str, Any], ranked: bool) -> list[dict[str, Any]]:
    """``records`` a search finds: holding the query as written, or (ranked) any of its words, most words
    first; all of them when the call searches nothing."""
    wanted = [str(v).lower() for k, v in arguments.items() if k in SEARCH_ARGUMENTS and isinstance(v, str) and v]
    if not wanted:
        return records
    texts = [json.dumps(r, ensure_ascii=False).lower() for r in records]
    if not ranked:
        return [r for r, text in zip(records, texts, strict=True) if all(w in text for w in wanted)]
    words = {w for query in wanted for w in _WORD.findall(query) if _content(w)}
    if not words:
        return [r for r, text in zip(records, texts, strict=True) if all(w in text for w in wanted)]
    scored = [(sum(1 for w in words if _holds(text, w)), i) for i, text in enumerate(texts)]
    return [records[i] for score, i in sorted(scored, key=lambda s: (-s[0], s[1])) if score > 0]


def _content(word: str) -> bool:
    return (len(word) >= _MIN_CHARS or any(c.isdigit() for c in word)) and word not in _FUNCTION_WORDS


def _holds(text: str, word: str) -> bool:
    """The word at a word's start in the text: ``migration`` finds "migrations", ``test`` does not find "latest"."""
    return re.search(rf"(?<![\w]){re.escape(word)}", text) is not None
