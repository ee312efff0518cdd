"""Shared fixtures: a real redis-server on a free loopback port (the Redis leg of the store tests)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import structlog

from mcp_sim.observability import logs
from tests.prerequisites import missing


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def need(what: str, found: object) -> None:
    """Skip with a reason when a prerequisite is missing, but fail in CI (where setup installs everything)."""
    if not found:
        missing(f"{what} is not installed (scripts/setup installs it)")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("redis-server")
    need("redis-server", binary)
    assert binary is not None
    port = free_port()
    workdir: Path = tmp_path_factory.mktemp("redis")
    args = [
        binary,
        "--bind",
        "127.0.0.1",
        "--port",
        str(port),
        "--dir",
        str(workdir),
        "--save",
        "",
        "--appendonly",
        "no",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, proc)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], deadline_s: float = 10) -> None:
    deadline = time.monotonic() + deadline_s  # start-up bound, not a test assertion
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError(f"{proc.args[0]} did not start listening on {port}")


class SimServer:
    """``python -m mcp_sim serve EXPERIMENT`` on a free loopback port, as users run it."""

    def __init__(self, experiment: Path) -> None:
        self.experiment = experiment
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        root = Path(__file__).resolve().parents[1]
        args = [sys.executable, "-m", "mcp_sim", "--log-level", "warning", "serve", str(experiment)]
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.log = experiment.parent / f"server-{self.port}.log"
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen([*args, "--port", str(self.port)], cwd=root, env=env, stdout=log, stderr=log)
        _wait_for_port(self.port, self.proc, deadline_s=60)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=30)


@pytest.fixture
def sim_servers() -> Iterator[Callable[[Path], SimServer]]:
    """Starts mcp-sim servers; every one still running at the end is killed."""
    started: list[SimServer] = []

    def start(experiment: Path) -> SimServer:
        started.append(SimServer(experiment))
        return started[-1]

    yield start
    for server in started:
        server.kill()


@pytest.fixture(autouse=True)
def _structlog_restored(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests that run ``cli.main`` in-process configure structlog for a whole process: JSON to that test's
    captured stderr, loggers cached on first use (a cached logger ignores ``capture_logs`` for good).
    Regression: test_call_events saw no events after test_recorded_routes. Keep loggers uncached in tests
    and restore the defaults after each one."""
    configure = logs.configure

    def uncached(level: str = "info") -> None:
        configure(level)
        structlog.configure(cache_logger_on_first_use=False)

    monkeypatch.setattr(logs, "configure", uncached)
    yield
    structlog.reset_defaults()
