"""The fidelity report as one self-contained HTML page: a table and an inline SVG bar chart per measure.

When the figures of ``fidelity-metrics.md`` are known (scored pairs, or a ``mcp-sim fidelity --json`` file), the
page opens with them: fidelity/chart.py's bar per tool and measure, green where the goal is met, counts beside.
"""

from __future__ import annotations

from html import escape
from typing import Any

from mcp_sim.reporting.fidelity import chart
from mcp_sim.reporting.summary import COLUMNS, MEASURES, ToolFidelity

_LABELS = {
    "status_match": "Status match (isError equal)",
    "sim_schema_valid": "Simulated answers valid against outputSchema",
    "structure": "JSON structural similarity",
    "deterministic": "Deterministic fields reproduced",
    "divergence": "Divergence (lower is better)",
}
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin-bottom: 2rem; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.all { font-weight: bold; }
.charts { display: flex; flex-wrap: wrap; gap: 2rem; }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
"""
_BAR_H, _GAP, _LABEL_W, _BAR_W = 18, 6, 200, 260


def render(rows: list[ToolFidelity], title: str, figures: dict[str, Any] | None = None, source: str = "") -> str:
    """The page; ``figures``: ``fidelity.pool``'s report (from ``source``), shown first when given."""
    charts = "\n".join(_chart(rows, measure) for measure in MEASURES)
    divergence = "<h2>Sim-vs-real divergence per call</h2>\n" if figures is not None else ""
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{_STYLE}{chart.STYLE}</style></head><body>\n"
        f"<h1>{escape(title)}</h1>\n{_figures(figures, source)}"
        f"{divergence}{_table(rows) if rows else ''}\n<div class='charts'>\n{charts if rows else ''}\n</div>\n"
        "</body></html>\n"
    )


def _figures(figures: dict[str, Any] | None, source: str) -> str:
    if figures is None:
        return ""
    mode = f", mode {figures['mode']}" if figures.get("mode") else ""
    heading = f"Fidelity per tool ({source}{mode})" if source else "Fidelity per tool"
    return f"<section id='fidelity'><h2>{escape(heading)}</h2>{chart.figures(figures)}</section>\n"


def _table(rows: list[ToolFidelity]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in COLUMNS.values())
    body = []
    for row in rows:
        cells = "".join(f"<td>{escape(_text(getattr(row, name)))}</td>" for name in COLUMNS)
        css = " class='all'" if row.tool == "(all)" else ""
        body.append(f"<tr{css}>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _chart(rows: list[ToolFidelity], measure: str) -> str:
    """Horizontal bars, one per tool, on a 0..1 scale; a tool without the measure gets a dash."""
    bars = []
    for i, row in enumerate(rows):
        y = i * (_BAR_H + _GAP)
        value = getattr(row, measure)
        label = f"<text x='{_LABEL_W - 6}' y='{y + 13}' text-anchor='end'>{escape(row.tool)}</text>"
        if value is None:
            bars.append(f"{label}<text x='{_LABEL_W + 4}' y='{y + 13}'>-</text>")
            continue
        width = round(_BAR_W * float(value), 1)
        color = _color(float(value), inverted=measure == "divergence")
        bars.append(
            f"{label}<rect x='{_LABEL_W}' y='{y}' width='{width}' height='{_BAR_H}' fill='{color}'>"
            f"<title>{escape(row.tool)}: {float(value):.3f}</title></rect>"
            f"<text x='{_LABEL_W + width + 4}' y='{y + 13}'>{float(value):.2f}</text>"
        )
    height = max(len(rows), 1) * (_BAR_H + _GAP)
    width = _LABEL_W + _BAR_W + 50
    svg = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' font-size='12' "
        f"role='img' aria-label='{escape(_LABELS[measure])}'>{''.join(bars)}</svg>"
    )
    return f"<figure data-measure='{measure}'><figcaption>{escape(_LABELS[measure])}</figcaption>{svg}</figure>"


def _color(value: float, inverted: bool) -> str:
    good = 1.0 - value if inverted else value
    return "#2e7d32" if good >= 0.8 else "#f9a825" if good >= 0.5 else "#c62828"


def _text(value: object) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)
