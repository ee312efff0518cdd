"""Families of tools: a tool never observed answers like an observed sibling of its family.

A server names the tools of one family alike and answers them alike: ``filter_by_priority`` and
``filter_by_project`` both answer ``{"count", "todos", "<what was filtered by>": ...}``, ``liter_to_gallon``
answers ``{"gallon": ...}`` and ``gallon_to_liter`` ``{"liter": ...}``. Two names are one family when they have
as many words and either differ in one word that is not the action (the first word after the prefix every tool
of the server shares: ``git_create_branch`` and ``git_delete_branch`` do different things) or hold the same
words in another order. The sibling's examples are borrowed with its differing words swapped for the tool's,
in argument names, answer keys and answer text, so a ``{{priority}}`` slot becomes a ``{{project}}`` slot.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mcp_sim.config import Example, ToolSpec

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
MIN_NAMES_FOR_PREFIX = 3
MIN_SHARED_ARGUMENTS = 0.5  # of the two tools' argument names (after renaming), Jaccard: the same calling shape


@dataclass(frozen=True)
class Kinship:
    """How ``tool`` is a sibling of ``observed``: the words of ``observed``'s name that become ``tool``'s."""

    tool: str
    observed: str
    words: dict[str, str]


def words_of(name: str) -> list[str]:
    """The words of a tool name (``get_userTweets`` -> get, user, tweets)."""
    return [w.lower() for w in _WORD.findall(name)]


def server_prefix(names: Iterable[str]) -> int:
    """How many leading words every tool name shares (``git_`` for a git server), at most all but one. Two or
    fewer names say nothing about a server (``filter_by_a`` and ``filter_by_b`` share a family, not a prefix)."""
    split = [words_of(n) for n in names]
    if len(split) < MIN_NAMES_FOR_PREFIX:
        return 0
    shortest = min(len(w) for w in split)
    shared = 0
    while shared < shortest - 1 and len({tuple(w[: shared + 1]) for w in split}) == 1:
        shared += 1
    return shared


def kinship(tool: ToolSpec, observed: ToolSpec, prefix: int = 0) -> Kinship | None:
    """``tool`` as a sibling of ``observed``, or None when their names are not one family or they are called
    differently (too few argument names in common once the words are swapped)."""
    mine, theirs = words_of(tool.name), words_of(observed.name)
    if len(mine) != len(theirs) or mine == theirs or len(mine) < 2:
        return None
    differing = [i for i, (a, b) in enumerate(zip(theirs, mine, strict=True)) if a != b]
    reordered = sorted(mine) == sorted(theirs)
    if not reordered and (len(differing) != 1 or differing[0] <= prefix):
        return None
    words = {theirs[i]: mine[i] for i in differing}
    if len(words) != len(differing):
        return None
    renamed = {translate(name, words) for name in _argument_names(observed)}
    own = _argument_names(tool)
    if (renamed or own) and len(renamed & own) / len(renamed | own) < MIN_SHARED_ARGUMENTS:
        return None
    return Kinship(tool.name, observed.name, words)


def borrowed(specs: list[ToolSpec]) -> list[ToolSpec]:
    """``specs`` with each tool that has no examples given its closest observed sibling's examples, translated.
    The sibling with the most examples wins; a tool no sibling fits stays as it was."""
    observed = [s for s in specs if s.examples]
    if not observed:
        return specs
    prefix = server_prefix(s.name for s in specs)
    out = []
    for spec in specs:
        if not spec.examples:
            found = [(k, s) for s in observed if (k := kinship(spec, s, prefix)) is not None]
            if found:
                kin, sibling = max(found, key=lambda pair: len(pair[1].examples))
                spec = spec.model_copy(update={"examples": [translated(e, kin.words) for e in sibling.examples]})
        out.append(spec)
    return out


def translated(example: Example, words: dict[str, str]) -> Example:
    """``example`` as the sibling would have shown it: each differing word swapped in argument names, in the
    answer's top-level keys (``{"gallon": ...}``: what the tool answers about) and in its sentences. Argument
    values and the fields of listed records are data and stay (a todo's ``priority`` is still its priority)."""
    arguments = {translate(k, words): v for k, v in example.arguments.items()}
    result = dict(example.result)
    if isinstance(result.get("structuredContent"), dict):
        result["structuredContent"] = _translated_json(result["structuredContent"], words)
    blocks = result.get("content")
    if isinstance(blocks, list):
        result["content"] = [_translated_block(b, words) for b in blocks]
    return Example(arguments=arguments, result=result)


def _translated_block(block: Any, words: dict[str, str]) -> Any:
    if not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return block
    text = block["text"]
    try:
        body = json.loads(text) if text.lstrip().startswith(("{", "[")) else None
    except ValueError:
        body = None
    if body is None:
        return block | {"text": translate(text, words)}
    indent = 2 if text.lstrip().startswith(("{\n", "[\n")) else None
    return block | {"text": json.dumps(_translated_json(body, words), ensure_ascii=False, indent=indent)}


def _translated_json(body: Any, words: dict[str, str], top: bool = True) -> Any:
    if isinstance(body, dict):
        return {(translate(k, words) if top else k): _translated_json(v, words, False) for k, v in body.items()}
    if isinstance(body, list):
        return [_translated_json(v, words, False) for v in body]
    if isinstance(body, str) and any(c.isspace() for c in body):
        return translate(body, words)
    return body


def translate(text: str, words: dict[str, str]) -> str:
    """``text`` with each word of ``words`` swapped at once (``liter``<->``gallon``), as a whole word or a part of
    an identifier (``priority_level``, ``priorityLevel``), its capital kept."""
    if not words:
        return text
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    pattern = re.compile(rf"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))((?i:{alternatives}))(?![a-z])")

    def swap(match: re.Match[str]) -> str:
        found = match.group(1)
        new = words[found.lower()]
        if found.isupper() and len(found) > 1:
            return new.upper()
        return new[:1].upper() + new[1:] if found[:1].isupper() else new

    return pattern.sub(swap, text)


def _argument_names(spec: ToolSpec) -> set[str]:
    properties = (spec.input_schema or {}).get("properties") or {}
    return set(properties) if isinstance(properties, dict) else set()
