"""parent_watch: a worker whose supervisor is gone stops, by the kernel's signal or by the portable poll.

Each case runs in a child interpreter (asking the kernel to signal pytest itself would outlive the test)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(script: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], env=env, capture_output=True, text=True, timeout=60
    )


def test_a_worker_whose_supervisor_is_already_gone_exits_at_once() -> None:
    done = run(
        """
        import os
        from mcp_sim.serving import parent_watch
        try:
            parent_watch.stop_with_parent(os.getppid() + 1_000_000)
        except parent_watch.ParentGone as gone:
            print("gone", gone.code)
        """
    )
    assert done.stdout.splitlines()[-1] == "gone 0", done.stderr


def test_the_kernel_watch_is_used_on_linux() -> None:
    done = run(
        """
        import os
        from mcp_sim.serving import parent_watch
        print(parent_watch.stop_with_parent(os.getppid()))
        """
    )
    assert done.stdout.splitlines()[-1] == ("prctl" if sys.platform.startswith("linux") else "poll"), done.stderr


def test_without_the_kernel_watch_the_poll_stops_an_orphan(tmp_path: Path) -> None:
    """A middle process starts a worker that uses the poll only, then dies; the worker gets SIGTERM."""
    report = tmp_path / "worker.txt"
    worker = textwrap.dedent(
        f"""
        import os, signal, threading
        from mcp_sim.serving import parent_watch
        parent_watch._kernel_watch = lambda sig: False
        stopped = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stopped.set())
        how = parent_watch.stop_with_parent(os.getppid(), poll_s=0.05)
        open({str(report)!r}, "w").write(how + " ")
        outcome = "stopped" if stopped.wait(30) else "orphan"
        open({str(report)!r}, "a").write(outcome)
        """
    )
    done = run(
        f"""
        import os, subprocess, sys, time
        from pathlib import Path
        report = Path({str(report)!r})
        subprocess.Popen([sys.executable, "-c", {worker!r}])  # this process is the worker's parent
        deadline = time.monotonic() + 30
        while not report.exists() and time.monotonic() < deadline:  # the worker watches: now die
            time.sleep(0.02)
        os._exit(0)
        """
    )
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 30  # bound on the orphan's stop, not a timing assertion
    while report.read_text().split() == ["poll"] and time.monotonic() < deadline:
        time.sleep(0.02)
    assert report.read_text().split() == ["poll", "stopped"]
