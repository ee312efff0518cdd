"""Instructions to world models that also carry their exact data.

An LLM world model reads an instruction as text; the built-in simulator cannot read prose, so an
instruction it must honour exactly is a ``str`` subclass with the data attached. Both see the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable


class ItemFailures(str):
    """ "These items of the batch argument must fail with these errors; the others succeed."."""

    argument: str
    failures: dict[int, str]  # 0-based item index -> the error that item reports
    total: int

    def __new__(cls, argument: str, failures: dict[int, str], total: int) -> ItemFailures:
        listed = "; ".join(f"item {i} fails with: {msg}" for i, msg in sorted(failures.items()))
        text = (
            f"Partial failure: the argument `{argument}` holds a batch of {total} items (0-based indices). "
            f"Exactly these items must FAIL, each reporting its own error, and have no effect: {listed}. "
            "Every other item must succeed and take effect. Answer with per-item results in the tool's usual "
            "format, so the caller can tell which items succeeded and which failed."
        )
        made = super().__new__(cls, text)
        made.argument = argument
        made.failures = dict(failures)
        made.total = total
        return made


def item_failures(instructions: Iterable[str]) -> ItemFailures | None:
    return next((i for i in instructions if isinstance(i, ItemFailures)), None)
