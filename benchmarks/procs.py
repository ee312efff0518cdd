"""Server processes of a benchmark run: started in their own process group, always stopped.

Everything binds 127.0.0.1 on a free port. A process group per server, so a proxy's own children (the
stdio upstream it spawned) stop with it; only groups this module started are ever signalled.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
RESULTS = ROOT / "benchmarks" / "results"
LOGS = RESULTS / "logs"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """One running server process and the URL it answers on."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    path: str = "/mcp"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    def cpu_seconds(self) -> float:
        """User + system CPU of the server process itself (not of children it spawned)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def rss_bytes(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError(f"{self.name}: no VmRSS")


def _wait_for_port(server: Server, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"{server.name} exited with {server.process.returncode}; see {LOGS / server.name}.log")
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{server.name} did not listen on {server.port} within {timeout_s:g} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError):  # children left in the group (a stdio upstream) go too
        os.killpg(process.pid, signal.SIGKILL)


class Fleet:
    """Starts servers and stops all of them on exit, whatever happened."""

    def __init__(self) -> None:
        self.servers: list[Server] = []

    def start(
        self,
        name: str,
        argv: list[str],
        port: int,
        *,
        path: str = "/mcp",
        env: dict[str, str] | None = None,
        timeout_s: float = 60.0,
        root: Path = ROOT,
    ) -> Server:
        LOGS.mkdir(parents=True, exist_ok=True)
        log = (LOGS / f"{name}.log").open("wb")
        full_env = {**os.environ, "PYTHONPATH": str(root), **(env or {})}
        process = subprocess.Popen(
            argv,
            cwd=root,
            env=full_env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        server = Server(name, process, port, path)
        self.servers.append(server)
        _wait_for_port(server, timeout_s)
        return server

    def stop(self, server: Server) -> None:
        """Stops one server (its whole process group) before the others."""
        _stop(server.process)
        self.servers.remove(server)

    def stop_all(self) -> None:
        for server in reversed(self.servers):
            _stop(server.process)
        self.servers.clear()


@contextmanager
def fleet() -> Iterator[Fleet]:
    running = Fleet()
    try:
        yield running
    finally:
        running.stop_all()


def mcp_sim_argv(experiment: Path, port: int, *extra: str) -> list[str]:
    """``mcp-sim serve`` as users run it: default settings (log level info, one JSON line per call)."""
    return [
        sys.executable,
        "-m",
        "mcp_sim",
        "serve",
        str(experiment),
        "--port",
        str(port),
        *extra,
    ]


def start_redis(servers: Fleet, workdir: Path) -> str:
    """A real redis-server on a free loopback port, no persistence, stopped with the fleet; its ``state:`` URL."""
    binary = shutil.which("redis-server")
    assert binary is not None, "redis-server is not installed: run scripts/setup.d/redis.sh"
    port = free_port()
    data = workdir / "redis"
    data.mkdir(exist_ok=True)
    argv = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(data), "--save", "", "--appendonly", "no"]
    servers.start("redis-server", argv, port, path="")
    return f"redis://127.0.0.1:{port}/0"
