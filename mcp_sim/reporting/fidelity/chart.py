"""The fidelity report as a page a person reads at a glance: one row per tool, a bar per measure."""

from __future__ import annotations

import html
from typing import Any

# (pooled measure, label, higher is better)
BARS = (
    ("is_error_agreement", "isError agreement", True),
    ("structural_match", "structural match", True),
    ("semantic", "semantic", True),
    ("any_violation", "calls with a violation", False),
)
GOALS = {"is_error_agreement": 0.95, "structural_match": 0.5, "any_violation": 0.05}
WIDTH = 160  # pixels of a full bar


STYLE = (
    "table.fidelity td,table.fidelity th{padding:2px 8px;text-align:left;white-space:nowrap}"
    "table.fidelity tr.server td{font-weight:bold;border-top:1px solid #ccc}"
)


def page(report: dict[str, Any]) -> str:
    """A self-contained HTML page (inline SVG, no script) of ``pool``'s report."""
    mode = html.escape(str(report.get("mode", "")))
    return (
        "<!doctype html><meta charset='utf-8'><title>mcp-sim fidelity</title>"
        f"<style>body{{font:14px system-ui;margin:2em}}{STYLE}</style>"
        f"<h1>Simulator fidelity ({mode})</h1>{figures(report)}"
    )


def figures(report: dict[str, Any]) -> str:
    """The legend and the table of bars (overall, each server, its tools), to place in any page with ``STYLE``."""
    rows = [("overall", report["overall"])]
    for server, tools in report.get("tools", {}).items():
        rows.append((server, report["servers"][server]))
        rows.extend((f"{server} / {tool}", pooled) for tool, pooled in tools.items())
    head = "".join(f"<th>{html.escape(label)}</th>" for _, label, _ in BARS)
    body = "".join(_row(name, pooled) for name, pooled in rows)
    return (
        "<p>Green bars meet the goal (isError agreement &ge; 95 %, structural match &ge; 50 %, "
        "calls with a violation &le; 5 %); the figure after each bar is hits / of.</p>"
        f"<table class='fidelity'><tr><th>scope</th><th>calls</th>{head}</tr>{body}</table>"
    )


def _row(name: str, pooled: dict[str, Any]) -> str:
    cells = "".join(_bar(measure, pooled["measures"].get(measure, {}), good) for measure, _, good in BARS)
    css = "" if " / " in name else " class='server'"
    return f"<tr{css}><td>{html.escape(name)}</td><td>{pooled['calls']}</td>{cells}</tr>"


def _bar(measure: str, tally: dict[str, Any], higher_is_better: bool) -> str:
    rate = tally.get("rate")
    if rate is None:
        return "<td>-</td>"
    goal = GOALS.get(measure)
    met = goal is None or (rate >= goal if higher_is_better else rate <= goal)
    color = "#3a3" if met else "#d33"
    filled = round(WIDTH * rate)
    svg = (
        f"<svg width='{WIDTH}' height='12' role='img' aria-label='{rate:.0%}'>"
        f"<rect width='{WIDTH}' height='12' fill='#eee'/><rect width='{filled}' height='12' fill='{color}'/></svg>"
    )
    return f"<td>{svg} {rate:.0%} <small>{tally.get('hits')}/{tally.get('of')}</small></td>"
