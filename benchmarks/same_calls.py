"""Whether two ``mcp-sim fidelity --json`` reports hold the same per-call records: the check that a speed change
changed no answer.

    python -m benchmarks.same_calls BEFORE.json AFTER.json [MORE_BEFORE.json MORE_AFTER.json ...]

Prints, per pair, the number of calls and the indexes of the records that differ; exits 1 when any differ.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def differing(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[int]:
    """Indexes of the records that differ (every index past the shorter list counts)."""
    canon = [[json.dumps(c, sort_keys=True) for c in calls] for calls in (before, after)]
    longest = max(len(canon[0]), len(canon[1]))
    return [i for i in range(longest) if i >= min(map(len, canon)) or canon[0][i] != canon[1][i]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("reports", nargs="+", type=Path, help="pairs of reports: before, after")
    args = parser.parse_args()
    if len(args.reports) % 2:
        parser.error("give the reports in pairs: before.json after.json")
    failed = False
    for before, after in zip(args.reports[::2], args.reports[1::2], strict=True):
        calls = [json.loads(path.read_text())["calls"] for path in (before, after)]
        found = differing(*calls)
        print(f"{before} -> {after}: {len(calls[0])} / {len(calls[1])} calls, {len(found)} differ {found[:10]}")
        failed = failed or bool(found)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
