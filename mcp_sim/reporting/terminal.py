"""The fidelity report as a rich table, and the progress bar shared by the long CLI commands."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from mcp_sim.reporting.summary import COLUMNS, MEASURES, ToolFidelity


def fidelity_table(rows: list[ToolFidelity], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name, heading in COLUMNS.items():
        width = max(len(line) for line in heading.split("\n"))
        table.add_column(heading, justify="left" if name == "tool" else "right", no_wrap=True, min_width=width)
    for row in rows:
        style = "bold" if row.tool == "(all)" else None
        table.add_row(*(_cell(name, getattr(row, name)) for name in COLUMNS), style=style)
    return table


def _cell(name: str, value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and (name in MEASURES or name == "real_schema_valid"):
        return f"[{_shade(value, inverted=name == 'divergence')}]{value:.2f}[/]"
    return str(value)


def _shade(value: float, inverted: bool) -> str:
    good = 1.0 - value if inverted else value
    return "green" if good >= 0.8 else "yellow" if good >= 0.5 else "red"


LEGEND = (
    "real: calls with a real observation; pairs: of those, with a simulated one; status: isError equal; "
    "sim/real schema: valid against outputSchema; struct: typed-path similarity; determ: deterministic "
    "fields reproduced; diverg: 1 - mean of the measures (lower is better)"
)


@contextmanager
def progress_bar() -> Iterator[Progress]:
    """A bar on stderr; drawn only on a terminal, so piped output and CI logs stay clean."""
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as progress:
        yield progress
