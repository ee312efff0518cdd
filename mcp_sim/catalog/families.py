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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.effects import effect_of

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
MIN_NAMES_FOR_PREFIX = 3
MIN_SHARED_ARGUMENTS = 0.5  # of the two tools' argument names (after renaming), Jaccard: the same calling shape
MIN_SHARED_CALLING = 2  # arguments two tools must both take, and only those, to be called alike
MIN_MENTION_CHARS = 2  # an argument value shorter than this is no sign a text speaks of it


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


def kinship(
    tool: ToolSpec,
    observed: ToolSpec,
    prefix: int = 0,
    action: bool = False,
    called: bool = True,
    everywhere: frozenset[str] = frozenset(),
) -> Kinship | None:
    """``tool`` as a sibling of ``observed``, or None when their names are not one family or they are called
    differently (too few argument names in common once the words are swapped; ``called=False`` skips that
    test). ``action``: the one differing word is the action instead (``revert_status`` and ``advance_status``:
    other acts on the same thing). ``everywhere``: arguments every tool of the server takes, left out of the test."""
    mine, theirs = words_of(tool.name), words_of(observed.name)
    if len(mine) != len(theirs) or mine == theirs or len(mine) < 2:
        return None
    differing = [i for i, (a, b) in enumerate(zip(theirs, mine, strict=True)) if a != b]
    reordered = sorted(mine) == sorted(theirs)
    if action:
        if len(differing) != 1 or differing[0] != prefix:
            return None
    elif not reordered and (len(differing) != 1 or differing[0] <= prefix):
        return None
    words = {theirs[i]: mine[i] for i in differing}
    if len(words) != len(differing):
        return None
    renamed = {translate(name, words) for name in _argument_names(observed)} - everywhere
    own = _argument_names(tool) - everywhere
    if called and (renamed or own) and len(renamed & own) / len(renamed | own) < MIN_SHARED_ARGUMENTS:
        return None
    return Kinship(tool.name, observed.name, words)


def borrowed(specs: list[ToolSpec]) -> list[ToolSpec]:
    """``specs`` with each tool that has no examples given its closest observed sibling's examples: a sibling of
    its family (translated), else one called with the same arguments (its answer form in neutral words,
    ``reshaped``). The sibling with the most examples wins; a tool no sibling fits stays as it was."""
    observed = [s for s in specs if s.examples]
    if not observed:
        return specs
    prefix = server_prefix(s.name for s in specs)
    # a tool that says what it did in one string (FastMCP's ``{"result": str}``) keeps its own words: a sibling's
    # sentence, words swapped, told a notebook's move what another tool read ("pd.move_csv(...)")
    return [spec if spec.examples or says_text(spec) else spec.model_copy(update={"examples": [marked_lent(e)
            for e in lent(spec, observed, prefix)[1]]}) for spec in specs]  # fmt: skip


LENT = "io.mcp-sim/lent"  # in a lent example's result ``_meta``: no call of this tool answered it


def marked_lent(example: Example) -> Example:
    """``example`` marked as lent by a sibling: its form serves, but it is no evidence of what this tool did."""
    meta = example.result.get("_meta")
    result = {**example.result, "_meta": {**(meta if isinstance(meta, dict) else {}), LENT: True}}
    return example.model_copy(update={"result": result})


def is_lent(example: Example) -> bool:
    meta = example.result.get("_meta")
    return isinstance(meta, dict) and meta.get(LENT) is True


def says_text(spec: ToolSpec) -> bool:
    """Whether the tool's outputSchema wraps one free string: it says what it did in its own words."""
    props = (spec.output_schema or {}).get("properties")
    if not isinstance(props, dict) or len(props) != 1:
        return False
    [sub] = props.values()
    return isinstance(sub, dict) and sub.get("type") == "string" and "enum" not in sub


def lent(spec: ToolSpec, observed: list[ToolSpec], prefix: int) -> tuple[str | None, list[Example]]:
    """(how a sibling lends ``spec`` its answers, for a person to read; the examples it lends), or (None, []).
    A sibling about another type lends its answer's form, not its records: they take the form the tool's own
    type showed elsewhere (``list_projects`` lists records as ``create_project`` showed one), and no value of
    the sibling's records is lent."""
    how, sibling, examples = _lent(spec, observed, prefix)
    if how is None or sibling is None or not _of_other_type(spec, sibling):
        return how, examples
    form = record_form(effect_of(spec).entity or "", observed)
    if form is not None:
        how += f"; its records in the form {form[0]} showed one"
        examples = [with_record(e, form[1]) for e in examples]
    elif effect_of(spec).kind == "list":  # no answer showed its type's form: items show their own fields (render.py)
        examples = [with_record(e, {}, lists_only=True) for e in examples]
    return how + "; the values of its records are not lent", [blanked(e) for e in examples]


def _lent(spec: ToolSpec, observed: list[ToolSpec], prefix: int) -> tuple[str | None, ToolSpec | None, list[Example]]:
    common = everywhere([spec, *observed])
    family = [(k, s) for s in observed if s is not spec and (k := kinship(spec, s, prefix, everywhere=common))]
    if family:
        kin, sibling = max(family, key=lambda pair: len(pair[1].examples))
        words = ", ".join(f"{a} -> {b}" for a, b in kin.words.items())
        how = f"answers like its sibling {sibling.name}: these examples are {sibling.name}'s, words swapped ({words})"
        return how, sibling, [translated(e, kin.words) for e in sibling.examples]
    alike = [s for s in observed if s is not spec and called_alike(spec, s, common)]
    for sibling in sorted(alike, key=lambda s: -len(s.examples)):
        examples = [reshaped(e, spec.name) for e in sibling.examples if not _failed(e) and _flat(e)]
        if examples:
            how = (
                f"answers in the form of {sibling.name}, which takes the same arguments: these examples are "
                f"{sibling.name}'s, in neutral words"
            )
            return how, sibling, examples
    acts = [
        (k, s)
        for s in observed
        if s is not spec and _acts_alike(spec, s) and (k := kinship(spec, s, prefix, action=True, everywhere=common))
    ]
    if acts:  # another act on the same thing, called alike, is answered in the same form (its successes only)
        kin, sibling = max(acts, key=lambda pair: len(pair[1].examples))
        own = _argument_names(spec)
        kept = [unechoed(translated(e, kin.words), own) for e in sibling.examples if not _failed(e)]
        examples = [e for e in kept if _says_something(e)]  # nothing left of the sibling's answer: borrow none
        if examples:
            words = ", ".join(f"{a} -> {b}" for a, b in kin.words.items())
            how = (
                f"answers in the form of {sibling.name}, another act on the same thing: its successes, ({words}), "
                "without what repeats its arguments"
            )
            return how, sibling, examples
    loose = [
        (k, s)
        for s in observed
        if s is not spec and _reads(spec) == _reads(s) and (k := kinship(spec, s, prefix, called=False)) is not None
    ]
    if loose:  # a sibling called differently: its answer's form, without the fields that repeat its arguments
        kin, sibling = max(loose, key=lambda pair: len(pair[1].examples))
        own = _argument_names(spec)
        examples = [unechoed(translated(e, kin.words), own) for e in sibling.examples if not _failed(e)]
        if examples:
            words = ", ".join(f"{a} -> {b}" for a, b in kin.words.items())
            how = (
                f"answers in the form of its sibling {sibling.name}, called differently: its successes, words "
                f"swapped ({words}), without the fields that repeat its arguments"
            )
            return how, sibling, examples
    return None, None, []


def record_form(entity: str, observed: list[ToolSpec]) -> tuple[str, dict[str, Any]] | None:
    """(the tool, the record) of the first successful answer of a create, read or update of ``entity`` that shows
    one record of it (the whole answer, or the one record in an envelope: ``{"success": true, "todo": {...}}``);
    None when no observed tool showed one. A record's form is its type's, whichever tool shows it."""
    for spec in observed:
        effect = effect_of(spec)
        if effect.entity != entity or effect.kind not in ("create", "read", "update"):
            continue
        for example in spec.examples:
            record = None if _failed(example) else _one_record(_body(example))
            if record is not None:
                return spec.name, record
    return None


def with_record(example: Example, record: dict[str, Any], lists_only: bool = False) -> Example:
    """``example`` with the record(s) its answer shows replaced by ``record``: each item of its list of records, or
    the record an envelope holds, or the answer itself when it is one record (not these two: ``lists_only``)."""

    def swapped(body: Any) -> Any:
        if isinstance(body, list):
            return [record] if body and all(isinstance(item, dict) for item in body) else body
        if not isinstance(body, dict):
            return body
        lists = [k for k, v in body.items() if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)]
        if len(lists) == 1:
            return {**body, lists[0]: [record]}
        if lists_only:
            return body
        inner = [k for k, v in body.items() if isinstance(v, dict)]
        if len(inner) == 1 and _one_record(body) is not None and _one_record(body) is body[inner[0]]:
            return {**body, inner[0]: record}
        return record if _one_record(body) is body else body

    return _answer_changed(example, swapped)


def _answer_changed(example: Example, change: Callable[[Any], Any]) -> Example:
    """``example`` with ``change`` applied to its answer's JSON: its structuredContent and each JSON text block
    (laid out as it was); prose is left as it is."""
    result = dict(example.result)
    if isinstance(result.get("structuredContent"), dict | list):
        result["structuredContent"] = change(result["structuredContent"])
    blocks = result.get("content")
    if isinstance(blocks, list):
        result["content"] = [_changed_block(b, change) for b in blocks]
    return Example(arguments=dict(example.arguments), result=result)


def _changed_block(block: Any, change: Callable[[Any], Any]) -> Any:
    if not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return block
    body = _json_of(block["text"])
    if body is None:
        return block
    indent = 2 if block["text"].lstrip().startswith(("{\n", "[\n")) else None
    return block | {"text": json.dumps(change(body), ensure_ascii=False, indent=indent)}


def _body(example: Example) -> Any:
    structured = example.result.get("structuredContent")
    if isinstance(structured, dict):
        return structured
    texts = [b.get("text") for b in example.result.get("content") or [] if isinstance(b, dict)]
    return _json_of(texts[0]) if texts and isinstance(texts[0], str) else None


def _one_record(body: Any) -> dict[str, Any] | None:
    """The one record an answer shows: itself when it is a record (it has an id field), else the one object an
    envelope holds beside plain values (``{"success": true, "todo": {...}}``); None otherwise."""
    if not isinstance(body, dict):
        return None
    inner = [v for v in body.values() if isinstance(v, dict)]
    lists = [v for v in body.values() if isinstance(v, list) and any(isinstance(i, dict) for i in v)]
    if len(inner) == 1 and not lists and any(_ID_KEY.match(k) for k in inner[0]):
        return inner[0]
    return body if any(_ID_KEY.match(k) for k in body) and not lists else None


def _of_other_type(tool: ToolSpec, observed: ToolSpec) -> bool:
    """Whether the two tools are about records of different types (``get_document``, ``get_project``)."""
    mine, theirs = effect_of(tool).entity, effect_of(observed).entity
    return mine is not None and theirs is not None and mine != theirs


def blanked(example: Example) -> Example:
    """``example`` with the values its answer showed and its call did not give left empty (null): its form, but
    nothing of the record it showed. Ids stay (their form says how the server writes ids), and so do flags and
    timestamps (the server's clock wrote them)."""
    given = {str(v) for v in example.arguments.values() if isinstance(v, str | int | float)}

    def blank(body: Any, key: str = "") -> Any:
        if isinstance(body, dict):
            return {k: blank(v, k) for k, v in body.items()}
        if isinstance(body, list):  # records keep their form; a list of plain values (tags) is empty
            return [blank(v, key) for v in body if isinstance(v, dict | list)]
        if isinstance(body, bool) or body is None or _ID_KEY.match(key) or str(body) in given:
            return body
        if isinstance(body, str) and _TIMESTAMP.match(body):
            return body  # when the server wrote it (the session's clock), not what the record held
        return None

    return _answer_changed(example, blank)


_ID_KEY = re.compile(r"^(id|ids|uuid|hash|sha|.*_ids?|.*Ids?)$")
_TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")


def unechoed(example: Example, arguments: set[str]) -> Example:
    """``example`` without the top-level answer fields (inside FastMCP's one ``result`` wrapper too) that repeat
    one of its arguments the borrowing tool does not take (``add_relationship`` answers its ``source_id``:
    ``add_decision`` has none to answer), or say it in a sentence (``save_presentation``'s "Presentation saved to
    q3_review.pptx" is no answer of ``switch_presentation``, which takes no file)."""
    theirs = {v for k, v in example.arguments.items() if k not in arguments and isinstance(v, str | int | float)}
    if not theirs:
        return example
    words = [v for v in theirs if isinstance(v, str) and len(v) >= 3]

    def repeats(value: Any) -> bool:
        if isinstance(value, str) and any(w in value for w in words):
            return True
        return isinstance(value, str | int | float) and value in theirs

    def kept(body: Any) -> Any:
        if not isinstance(body, dict):
            return body
        if len(body) == 1 and isinstance(inner := next(iter(body.values())), dict):
            return {k: kept(inner) for k in body}  # {"result": {...}}: the answer is inside
        return {k: v for k, v in body.items() if not repeats(v)}

    result = dict(example.result)
    if isinstance(result.get("structuredContent"), dict):
        result["structuredContent"] = kept(result["structuredContent"])
    blocks = result.get("content")
    if isinstance(blocks, list):
        result["content"] = [_kept_block(b, kept) for b in blocks]
    return Example(arguments=dict(example.arguments), result=result)


def _says_something(example: Example) -> bool:
    """Whether an answer holds anything once unwrapped (``{"result": {}}`` and ``{}`` hold nothing)."""
    body = example.result.get("structuredContent")
    if body is None:
        texts = [b.get("text") for b in example.result.get("content") or [] if isinstance(b, dict)]
        body = _json_of(texts[0]) if len(texts) == 1 and isinstance(texts[0], str) else texts
    while isinstance(body, dict) and len(body) == 1 and isinstance(next(iter(body.values())), dict):
        body = next(iter(body.values()))
    return body not in ({}, [], None, "")


def _kept_block(block: Any, kept: Callable[[Any], Any]) -> Any:
    if not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return block
    body = _json_of(block["text"])
    if not isinstance(body, dict):
        return block
    indent = 2 if block["text"].lstrip().startswith("{\n") else None
    return block | {"text": json.dumps(kept(body), ensure_ascii=False, indent=indent)}


_CHANGES = frozenset({"update", "none"})  # effect kinds that change what exists without making or removing it


def _acts_alike(tool: ToolSpec, observed: ToolSpec) -> bool:
    """Both make something, both remove something, both read or list, or both change what exists: a deletion
    answers an acknowledgement where a creation answers the record it made (``delete_relations`` is not answered
    like ``create_relations``)."""
    mine, theirs = effect_of(tool).kind, effect_of(observed).kind
    return mine == theirs or {mine, theirs} <= _CHANGES


def _reads(spec: ToolSpec) -> bool:
    """Whether the tool reads or lists: it answers records, where a tool that acts answers what it did (a
    ``session_list`` is not answered like a ``session_start``, though their names are one family)."""
    return effect_of(spec).kind in ("read", "list")


def called_alike(tool: ToolSpec, observed: ToolSpec, common: frozenset[str] = frozenset()) -> bool:
    """Both take the same arguments, at least two (``cp`` and ``mv``: source, destination): a server answers
    tools it calls alike in one form (when that form is flat, ``_flat``). ``common``: arguments every tool of the
    server takes (``everywhere``), which say nothing of how these two are called."""
    mine = _argument_names(tool) - common
    return len(mine) >= MIN_SHARED_CALLING and mine == _argument_names(observed) - common


def everywhere(specs: list[ToolSpec]) -> frozenset[str]:
    """The arguments every tool of a server takes (an evaluation run's id, a session, a workspace), when it has
    enough tools to tell: they make any two of its tools look called alike, though they say nothing of what a
    tool does (``lookup_coverage`` is no sibling of ``lookup_transactions`` for both taking ``eval_run_id``)."""
    if len(specs) < MIN_NAMES_FOR_PREFIX:
        return frozenset()
    names = [_argument_names(s) for s in specs]
    return frozenset(set.intersection(*names))


def reshaped(example: Example, tool: str) -> Example:
    """``example`` (another tool's answer) as ``tool``'s: the same form, but what it said is not borrowed. Its
    sentences become a plain one naming the call (``cp: source: a.txt, destination: b``) and the numbers it
    computed are left empty, since ``mv``'s words or ``add``'s sum would be false for ``cp`` or ``divide``."""
    plain = ", ".join(f"{k}: {v}" for k, v in example.arguments.items() if isinstance(v, str | int | float))
    sentence = f"{tool}: {plain}" if plain else tool
    given = {str(v) for v in example.arguments.values() if isinstance(v, str | int | float)}
    result = dict(example.result)
    if isinstance(result.get("structuredContent"), dict):
        result["structuredContent"] = _neutral(result["structuredContent"], sentence, given)
    blocks = result.get("content")
    if isinstance(blocks, list):
        result["content"] = [_neutral_block(b, sentence, given) for b in blocks]
    return Example(arguments=dict(example.arguments), result=result)


def _neutral_block(block: Any, sentence: str, given: set[str]) -> Any:
    if not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return block
    body = _json_of(block["text"])
    if body is None:
        return block | {"text": sentence}
    indent = 2 if block["text"].lstrip().startswith(("{\n", "[\n")) else None
    return block | {"text": json.dumps(_neutral(body, sentence, given), ensure_ascii=False, indent=indent)}


def _neutral(body: Any, sentence: str, given: set[str]) -> Any:
    if isinstance(body, dict):
        return {k: _neutral(v, sentence, given) for k, v in body.items()}
    if isinstance(body, list):
        return [_neutral(v, sentence, given) for v in body]
    if isinstance(body, str) and body not in given and (any(c.isspace() for c in body) or _mentions(body, given)):
        return sentence
    if isinstance(body, int | float) and not isinstance(body, bool) and str(body) not in given:
        return None
    return body


def _mentions(text: str, given: set[str]) -> bool:
    return any(len(value) >= MIN_MENTION_CHARS and value in text for value in given)


def _flat(example: Example) -> bool:
    """An answer that is text, or one JSON object of plain values (``{"result": ...}``): a server's answer to an
    action. A nested one shows that tool's own records, which a tool called alike need not have."""
    bodies = [example.result.get("structuredContent")] + [
        _json_of(b["text"]) for b in example.result.get("content") or [] if isinstance(b.get("text"), str)
    ]
    return all(b is None or (isinstance(b, dict) and not any(isinstance(v, dict | list) for v in b.values()))
               for b in bodies)  # fmt: skip


def _failed(example: Example) -> bool:
    body = None
    if isinstance(example.result.get("structuredContent"), dict):
        body = example.result["structuredContent"]
    else:
        texts = [b.get("text") for b in example.result.get("content") or [] if isinstance(b, dict)]
        body = _json_of(texts[0]) if texts and isinstance(texts[0], str) else None
    return bool(example.result.get("isError")) or (isinstance(body, dict) and body.get("error") not in (None, ""))


def _json_of(text: str) -> Any:
    if not text.lstrip().startswith(("{", "[")):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


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
    body = _json_of(text)
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
