"""``python -m benchmarks [--quick] [--only KEY ...]``: run the sections, print tables, write JSON.

Results go to benchmarks/results/<UTC stamp>.json and results/latest.json (gitignored), with the machine
and load average beside the figures so a table can be quoted with its context.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio

from benchmarks.harness import SectionResult, Settings
from benchmarks.procs import RESULTS
from benchmarks.sections import SECTIONS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short run: checks the harness, figures are rough")
    parser.add_argument("--only", action="append", choices=[s.key for s in SECTIONS], help="run only these sections")
    args = parser.parse_args(argv)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    settings = Settings(quick=args.quick, workdir=RESULTS / f"run-{stamp}")
    settings.workdir.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"started": stamp, "quick": args.quick, "machine": machine(), "sections": {}}
    print(f"# mcp-sim benchmarks {stamp}{' (quick)' if args.quick else ''}: {report['machine']['summary']}\n")
    failed = False
    for section in SECTIONS:
        if args.only and section.key not in args.only:
            continue
        print(f"## {section.title}\n", flush=True)
        started = time.monotonic()
        try:
            result = anyio.run(_bounded, section.run, settings, section.time_limit_s)
        except Exception as exc:  # one broken section must not hide the others' figures
            failed = True
            print(f"FAILED: {type(exc).__name__}: {exc}\n", flush=True)
            traceback.print_exception(exc, file=sys.stderr)  # an ExceptionGroup's message hides the cause
            report["sections"][section.key] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        for table in result.tables:
            print(table.markdown() + "\n", flush=True)
        report["sections"][section.key] = {
            "title": section.title,
            "seconds": round(time.monotonic() - started, 1),
            "tables": [t.to_json() for t in result.tables],
            "data": result.data,
        }
    report["load_average_end"] = os.getloadavg()
    text = json.dumps(report, indent=2)
    (RESULTS / f"{stamp}.json").write_text(text)
    (RESULTS / "latest.json").write_text(text)
    print(f"results: {RESULTS / (stamp + '.json')}")
    return 1 if failed else 0


async def _bounded(run: Any, settings: Settings, limit_s: float) -> SectionResult:
    with anyio.fail_after(limit_s):
        result: SectionResult = await run(settings)
        return result


def machine() -> dict[str, Any]:
    cpu = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    cores = os.cpu_count() or 0
    load = os.getloadavg()
    return {
        "cpu": cpu,
        "cores": cores,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "load_average_start": load,
        "summary": f"{cores} cores, {cpu}, Python {platform.python_version()}, load {load[0]:.2f}",
    }


if __name__ == "__main__":
    sys.exit(main())
