"""A real upstream with one process per session (``per_session: true``), so real episodes never share state.

    upstreams:
      memory:
        command: npx
        args: ["-y", "@modelcontextprotocol/server-memory"]
        env: {MEMORY_FILE_PATH: "${SESSION_DIR}/memory.jsonl"}
        per_session: true
        max_instances: 8

Each session's first real call starts its own process (an ``UpstreamMCP``) with a fresh, empty working folder
as ``${SESSION_DIR}`` (in command, args, env and cwd). The process lives until the session ends: reset,
deleted, expired by the store's TTL, or the server stops; then it is stopped and its folder removed. At most
``max_instances`` run at once: a session beyond that gets ``BackendUnavailable`` (an ``isError`` answer) saying
so, instead of silently sharing another session's process. Tools are discovered at start-up from a process
of its own, stopped right after.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import structlog
from anyio.abc import TaskGroup, TaskStatus
from mcp.types import CallToolResult, Tool

from mcp_sim.backends.upstream_mcp import UpstreamMCP
from mcp_sim.config import StdioUpstream
from mcp_sim.errors import BackendUnavailable
from mcp_sim.outcome import ProgressFn

log = structlog.get_logger("mcp_sim.backends.per_session")

SESSION_DIR = "${SESSION_DIR}"
_DISCOVERY = "\x00discovery"  # the start-up process that lists the tools; no session key can be this


@dataclass
class _Instance:
    upstream: UpstreamMCP
    folder: Path
    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)
    stopped: anyio.Event = field(default_factory=anyio.Event)


class PerSessionUpstream:
    """One configured per-session upstream; ``run`` is the task that owns every session's process."""

    def __init__(self, name: str, config: StdioUpstream, base_dir: str | None = None) -> None:
        self.name = name
        self.config = config
        self.base_dir = base_dir
        self.error: BaseException | None = None
        self._instances: dict[str, _Instance] = {}
        self._starting = anyio.Lock()
        self._tasks: TaskGroup | None = None
        self._root: Path | None = None

    @property
    def sessions(self) -> list[str]:
        """Sessions whose process is running."""
        return [key for key in self._instances if key != _DISCOVERY]

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        root = Path(tempfile.mkdtemp(prefix=f"mcp-sim-{_safe(self.name)}-"))
        try:
            async with anyio.create_task_group() as tasks:
                self._tasks, self._root = tasks, root
                task_status.started()
                await anyio.sleep_forever()
        finally:
            self._tasks = None
            shutil.rmtree(root, ignore_errors=True)

    async def list_tools(self) -> list[Tool]:
        try:
            upstream = await self._instance(_DISCOVERY)
            return await upstream.list_tools()
        except BackendUnavailable as exc:
            self.error = exc
            raise
        finally:
            await self.end_session(_DISCOVERY)

    async def call(
        self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None, session: str | None = None
    ) -> CallToolResult:
        if session is None:
            raise BackendUnavailable(f"upstream '{self.name}' runs one process per session, and this call has none")
        upstream = await self._instance(session)
        return await upstream.call(tool, arguments, progress)

    async def end_session(self, session: str) -> None:
        """Stop the session's process and remove its folder (nothing to do when it has none)."""
        instance = self._instances.pop(session, None)
        if instance is None:
            return
        instance.scope.cancel()
        await instance.stopped.wait()
        if session != _DISCOVERY:
            log.info("per-session upstream stopped", upstream=self.name, session=session)

    async def _instance(self, session: str) -> UpstreamMCP:
        found = self._instances.get(session)
        if found is not None:
            return found.upstream
        async with self._starting:  # one start at a time keeps the count honest
            if self._tasks is None or self._root is None:
                raise BackendUnavailable(f"upstream '{self.name}' is not running")
            if len(self.sessions) >= self.config.max_instances and session != _DISCOVERY:
                raise BackendUnavailable(
                    f"upstream '{self.name}' already runs max_instances={self.config.max_instances} per-session "
                    "processes for other sessions; end one (reset or delete it) or raise max_instances"
                )
            folder = Path(tempfile.mkdtemp(prefix=f"{_safe(session)[:40]}-", dir=self._root))
            upstream = UpstreamMCP(f"{self.name}[{session}]", _in_folder(self.config, folder), self.base_dir)
            instance = _Instance(upstream, folder)
            await self._tasks.start(self._hold, instance)
            self._instances[session] = instance
            if session != _DISCOVERY:
                log.info("per-session upstream started", upstream=self.name, session=session, folder=str(folder))
            return upstream

    async def _hold(self, instance: _Instance, *, task_status: TaskStatus[None]) -> None:
        try:
            with instance.scope:
                await instance.upstream.run(task_status=task_status)
        finally:
            instance.stopped.set()
            shutil.rmtree(instance.folder, ignore_errors=True)


def _in_folder(config: StdioUpstream, folder: Path) -> StdioUpstream:
    """The upstream's config with ``${SESSION_DIR}`` filled in for one session."""

    def fill(text: str) -> str:
        return text.replace(SESSION_DIR, str(folder))

    return config.model_copy(
        update={
            "command": fill(config.command),
            "args": [fill(a) for a in config.args],
            "env": {k: fill(v) for k, v in config.env.items()},
            "cwd": fill(config.cwd) if config.cwd else None,
        }
    )


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text) or "session"
