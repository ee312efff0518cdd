"""Pooling call scores per tool, per server and overall, with the counts behind every percentage.

Every measure pools as ``{"rate": hits / of or None, "hits": ..., "of": ...}``: ``of`` counts the calls the
measure applied to (for *semantic* the known real items, for the id measures the ids), ``hits`` those that
passed (for the violation kinds: those violated). *key_overlap* is a mean: ``hits`` is the sum of the per-call
Jaccard values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mcp_sim.reporting.fidelity.measures import KINDS, CallScore, Kind

# (hits, of) that one call adds to a measure; None when the measure does not apply to it.
Tally = tuple[float, int] | None


@dataclass(frozen=True)
class Measure:
    """One pooled measure: its JSON name, its column label, and what each call adds to it."""

    name: str
    label: str
    tally: Callable[[CallScore], Tally]
    mean: bool = False  # shown as a mean value, not a percentage


def _flag(value: bool | None) -> Tally:
    return None if value is None else (int(value), 1)


def _kind(kind: Kind) -> Callable[[CallScore], Tally]:
    def tally(score: CallScore) -> Tally:
        return (int(kind in score.violations), 1) if kind in score.opportunities else None

    return tally


def _share(hits: int, of: int) -> Tally:
    return (hits, of) if of else None


_KIND_NAMES: dict[Kind, str] = {
    "P": "persistence",
    "N": "not_found",
    "A": "invented",
    "R": "rejected_reference",
}

AGREEMENT: tuple[Measure, ...] = (
    Measure("answered", "answered", lambda s: _flag(s.answered)),
    Measure("valid", "valid", lambda s: _flag(s.valid)),
    Measure("is_error_agreement", "isError", lambda s: _flag(s.is_error_agreement)),
    Measure("is_error_flag_agreement", "isError flag", lambda s: _flag(s.is_error_flag_agreement)),
    Measure("structural_match", "structure", lambda s: _flag(s.structural_match)),
    Measure("key_overlap", "key overlap", lambda s: (s.key_overlap, 1), mean=True),
    Measure("semantic", "semantic", lambda s: _share(s.semantic_hits, s.semantic_of)),
)
INTEGRITY: tuple[Measure, ...] = (
    *(Measure(f"{kind}_{_KIND_NAMES[kind]}", kind, _kind(kind)) for kind in KINDS),
    Measure("any_violation", "any", lambda s: _flag(s.any_violation)),
    Measure("minted_ids_mapped", "minted ids mapped", lambda s: _share(s.minted_ids_mapped, s.minted_ids)),
    Measure("reused_ids_mapped", "reused ids mapped", lambda s: _share(s.reused_ids_mapped, s.reused_ids)),
)
MEASURES = AGREEMENT + INTEGRITY


def pool(scores: Iterable[CallScore]) -> dict[str, Any]:
    """``{"overall": group, "servers": {server: group}, "tools": {server: {tool: group}}}``, JSON-able.

    A group is ``{"calls": n, "measures": {name: {"rate", "hits", "of"}}}``.
    """
    calls = list(scores)
    servers = _by(calls, lambda score: score.server)
    return {
        "overall": group(calls),
        "servers": {server: group(of_server) for server, of_server in servers.items()},
        "tools": {
            server: {tool: group(of_tool) for tool, of_tool in _by(of_server, lambda score: score.tool).items()}
            for server, of_server in servers.items()
        },
    }


def group(scores: Sequence[CallScore]) -> dict[str, Any]:
    """The pooled measures of some calls."""
    return {"calls": len(scores), "measures": {measure.name: _pooled(measure, scores) for measure in MEASURES}}


def _pooled(measure: Measure, scores: Sequence[CallScore]) -> dict[str, Any]:
    tallies = [tally for tally in map(measure.tally, scores) if tally is not None]
    hits, of = sum(hits for hits, _ in tallies), sum(of for _, of in tallies)
    # Only the mean keeps a fractional sum; counts stay integers in the JSON.
    return {"rate": hits / of if of else None, "hits": hits if measure.mean else int(hits), "of": of}


def _by(scores: Iterable[CallScore], key: Callable[[CallScore], str]) -> dict[str, list[CallScore]]:
    grouped: dict[str, list[CallScore]] = {}
    for score in scores:
        grouped.setdefault(key(score), []).append(score)
    return dict(sorted(grouped.items()))


def table(pooled: dict[str, Any]) -> str:
    """Plain text tables (agreement, then integrity): overall, each server, and its tools indented under it."""
    rows = [("overall", pooled["overall"])]
    for server, server_group in pooled["servers"].items():
        rows.append((server, server_group))
        rows += [(f"  {tool}", tool_group) for tool, tool_group in pooled["tools"].get(server, {}).items()]
    return "\n\n".join(_block(measures, rows) for measures in (AGREEMENT, INTEGRITY))


def _block(measures: Sequence[Measure], rows: Sequence[tuple[str, dict[str, Any]]]) -> str:
    header = ["scope", "calls", *(measure.label for measure in measures)]
    body = [
        [scope, str(found["calls"]), *(_cell(measure, found["measures"][measure.name]) for measure in measures)]
        for scope, found in rows
    ]
    widths = [max(len(line[column]) for line in [header, *body]) for column in range(len(header))]
    lines = [header, ["-" * width for width in widths], *body]
    return "\n".join(_line(line, widths) for line in lines)


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    first, *rest = zip(cells, widths, strict=True)
    return "  ".join([first[0].ljust(first[1]), *(cell.rjust(width) for cell, width in rest)]).rstrip()


def _cell(measure: Measure, pooled: dict[str, Any]) -> str:
    if pooled["rate"] is None:
        return "-"
    if measure.mean:
        return f"{pooled['rate']:.2f} n={pooled['of']}"
    return f"{pooled['rate']:.1%} {pooled['hits']}/{pooled['of']}"
