"""One exception tree for mcp-sim.

Foreign exceptions (httpx, the MCP client, the OpenAI client, redis, ...) are translated into these
at the boundary where they happen. Only ``serving/mcp_server.py`` turns them into MCP: a ``ToolError`` becomes a
``CallToolResult`` with ``isError: true`` (what the agent sees as a tool failure), a ``ProtocolError``
becomes a JSON-RPC error with its code.
"""

from __future__ import annotations

from pathlib import Path


class SimError(Exception):
    """Base of every error mcp-sim raises on purpose."""


class ConfigError(SimError):
    """A configuration file (experiment, tool spec, profile, world) is wrong.

    Carries every problem found, each with its file and line, so a user fixes them in one go.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))

    @classmethod
    def at(cls, path: Path | str, line: int | None, message: str) -> ConfigError:
        where = f"{path}:{line}" if line is not None else f"{path}"
        return cls([f"{where}: {message}"])


class StartupError(SimError):
    """The experiment is valid but cannot be served (unreachable upstream, name collision, ...).

    Printed by the CLI as one line: ``FILE: FIELD: cause``, with whichever of file and field are known."""

    def __init__(self, message: str, *, file: Path | str | None = None, field: str | None = None) -> None:
        self.cause = message
        self.file = file
        self.field = field
        where = ": ".join(str(part) for part in (file, field) if part)
        super().__init__(f"{where}: {message}" if where else message)


def leaves(error: BaseException) -> list[BaseException]:
    """The exceptions inside (nested) exception groups, which task groups wrap start-up errors in."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


class ToolError(SimError):
    """A failure the agent sees as the tool's own answer (``isError: true``)."""


class InvalidArguments(ToolError):
    """Arguments do not satisfy the tool's inputSchema."""


class UnknownTool(ToolError):
    """The agent called a tool the catalog does not have."""


class EntityNotFound(ToolError):
    """A simulated call referenced an entity that was never created or was deleted."""


class BackendUnavailable(ToolError):
    """A real backend could not be reached or died during the call; the next call reconnects."""


class SimulationFailed(ToolError):
    """The world model could not produce a valid answer. ``trace`` says what was tried (kept in the turn)."""

    def __init__(self, message: str, trace: dict[str, object] | None = None) -> None:
        self.trace = trace or {}
        super().__init__(message)


class ProtocolError(SimError):
    """Becomes a JSON-RPC error: upstream protocol errors pass through with their code."""

    def __init__(self, code: int, message: str, data: object = None) -> None:
        self.code = code
        self.message = message
        self.data = data
        super().__init__(f"{message} (JSON-RPC {code})")


class InvalidSessionKey(ProtocolError, ValueError):
    """A session key breaks the rule of ``state/keys.py`` (empty, too long, a control character, '/')."""

    def __init__(self, message: str) -> None:
        super().__init__(-32602, message)

    def __str__(self) -> str:
        return self.message


class StateConflict(ProtocolError):
    """A session write lost a race: the stored version moved on since it was loaded (the write is refused)."""

    def __init__(self, message: str) -> None:
        super().__init__(-32603, message)


class StoreUnavailable(ProtocolError):
    """The session store (Redis, the SQLite file) cannot be reached: nothing was recorded."""

    def __init__(self, message: str) -> None:
        super().__init__(-32603, message)
