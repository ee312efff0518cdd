"""A ``serve --workers 2`` supervisor killed with SIGKILL takes its workers with it (no orphan keeps serving).

Real processes on a real redis-server. Every process the supervisor starts carries a tag in its environment,
so the test finds all of them (workers, multiprocessing's resource tracker) even once they are reparented. Two
kills: as soon as both workers exist (still importing, before they could ask the kernel to watch their parent)
and after the workers serve.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
TICKETS = ROOT / "tool_specs" / "tickets.yaml"
TAG = "MCP_SIM_ORPHAN_TEST"
pytestmark = pytest.mark.integration


def tagged(tag: str) -> set[int]:
    """Live processes (not zombies) whose environment carries ``TAG=tag``."""
    needle = f"{TAG}={tag}".encode()
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0") and not _zombie(entry):
                found.add(int(entry.name))
        except OSError:  # gone meanwhile, or not ours
            continue
    return found


def _zombie(entry: Path) -> bool:
    return (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"


def children(pid: int) -> set[int]:
    return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def workers_of(pid: int) -> set[int]:
    """The supervisor's children but multiprocessing's resource tracker."""
    return {c for c in children(pid) if b"resource_tracker" not in Path(f"/proc/{c}/cmdline").read_bytes()}


def wait_for(condition: Callable[[], bool], what: str, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@contextmanager
def supervisor(tmp_path: Path, redis_url: str) -> Iterator[tuple[subprocess.Popen[bytes], str, str]]:
    exp = tmp_path / "desk.yaml"
    exp.write_text(f"name: desk\ntools: [{TICKETS}]\nstate: {redis_url}\n")
    tag = uuid.uuid4().hex
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "MCP_SIM_TOKEN"} | {TAG: tag, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "mcp_sim", "serve", str(exp), "--port", str(port), "--workers", "2"]
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        yield process, f"http://127.0.0.1:{port}", tag
    finally:
        for pid in tagged(tag):  # a failed test leaves nothing behind either
            os.kill(pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)
        log.close()


def assert_all_gone(tag: str, log: Path) -> None:
    started = tagged(tag)
    assert started, "the tag did not reach the supervisor's processes"
    deadline = time.monotonic() + 30  # the bound on a graceful worker stop, generous on a busy machine
    while left := tagged(tag) & started:
        assert time.monotonic() < deadline, f"orphans still running: {sorted(left)}\n{log.read_text()}"
        time.sleep(0.05)


def test_a_supervisor_killed_while_its_workers_start_leaves_no_orphan(tmp_path: Path, redis_url: str) -> None:
    with supervisor(tmp_path, redis_url) as (process, _, tag):
        wait_for(lambda: len(workers_of(process.pid)) == 2, "the workers were not started", 60)
        process.kill()  # the workers are still importing: no kernel watch set yet
        process.wait(timeout=10)
        assert_all_gone(tag, tmp_path / "serve.log")


def test_a_supervisor_killed_while_its_workers_serve_leaves_no_orphan(tmp_path: Path, redis_url: str) -> None:
    log = tmp_path / "serve.log"
    with supervisor(tmp_path, redis_url) as (process, url, tag):
        wait_for(lambda: log.read_text().count('"worker ready"') == 2, "the workers did not get ready", 120)
        assert httpx.get(url + "/admin/experiments", timeout=30).status_code == 200
        process.kill()
        process.wait(timeout=10)
        assert_all_gone(tag, log)
        with pytest.raises(httpx.TransportError):  # nobody serves the socket any more
            httpx.get(url + "/admin/experiments", timeout=5)
