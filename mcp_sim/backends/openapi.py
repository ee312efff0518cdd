"""An HTTP API as a real backend: its OpenAPI 3 document gives the tools (``openapi_doc.py``), httpx sends them.

An answer in 2xx is the tool's result: its JSON body as text and, when the operation declares a JSON answer,
as ``structuredContent`` (wrapped as ``{"result": ...}`` when it is not an object). Any other status is an
``isError`` result naming the status and the body, as an MCP server reports a failed tool. A server that cannot
be reached or does not answer in time is ``BackendUnavailable``, like a dead MCP upstream.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import httpx2
import structlog
from anyio.abc import TaskStatus
from mcp.types import CallToolResult, TextContent, Tool

from mcp_sim.backends.openapi_doc import DocumentError, Operation, default_server, operations, parse_document
from mcp_sim.config import OpenAPIUpstream
from mcp_sim.config.yamlfile import MAX_FILE_BYTES, read_text_file
from mcp_sim.errors import BackendUnavailable, ConfigError, ProtocolError, StartupError
from mcp_sim.outcome import ProgressFn

log = structlog.get_logger("mcp_sim.openapi")
MAX_ERROR_BODY_CHARS = 2_000  # of a failed answer's body quoted in the isError text


class OpenAPIBackend:
    """One configured HTTP API; ``run`` holds its connection pool for the experiment's lifetime."""

    def __init__(self, name: str, config: OpenAPIUpstream, base_dir: str | None = None) -> None:
        self.name = name
        self.config = config
        self.base_dir = Path(base_dir or ".")
        self.error: BaseException | None = None
        self._operations: dict[str, Operation] | None = None
        self._base_url = config.base_url
        self._http: httpx2.AsyncClient | None = None

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Open the pool, read the document (a bad one stops start-up), then serve until cancelled."""
        timeout = httpx2.Timeout(self.config.call_timeout_s, connect=self.config.connect_timeout_s)
        async with httpx2.AsyncClient(headers=self.config.headers, timeout=timeout) as http:
            self._http = http
            try:
                await self._load()
            except BackendUnavailable as exc:  # a document URL that is down: the next list_tools tries again
                self.error = exc
                log.warning("OpenAPI document unavailable", upstream=self.name, error=str(exc))
            task_status.started()
            try:
                await anyio.sleep_forever()
            finally:
                self._http = None

    async def _load(self) -> dict[str, Operation]:
        if self._operations is not None:
            return self._operations
        text, where = await self._document_text()
        found, self._base_url = read_document(self.name, self.config, text, where)
        self._operations = {operation.tool.name: operation for operation in found}
        self.error = None
        log.info("OpenAPI document read", upstream=self.name, operations=len(found), base_url=self._base_url)
        return self._operations

    async def _document_text(self) -> tuple[str, str]:
        source = self.config.openapi
        if not is_url(source):
            return document_file(self.name, self.config, self.base_dir)
        assert self._http is not None, "run() opens the pool"
        try:
            async with self._http.stream("GET", source, timeout=self.config.connect_timeout_s) as response:
                body = await _read_capped(response, MAX_FILE_BYTES)
        except httpx2.HTTPError as exc:
            raise BackendUnavailable(f"upstream '{self.name}': cannot fetch {source}: {_describe(exc)}") from None
        if not response.is_success:
            raise BackendUnavailable(f"upstream '{self.name}': {source} answered HTTP {response.status_code}")
        if body is None:
            raise StartupError(
                f"OpenAPI document {source} is larger than {MAX_FILE_BYTES} bytes", field=_field(self.name)
            )
        return body.decode("utf-8", errors="replace"), source

    # ---- Backend ----

    async def list_tools(self) -> list[Tool]:
        return [operation.tool for operation in (await self._load()).values()]

    async def call(
        self, tool: str, arguments: dict[str, Any], progress: ProgressFn | None, session: str | None = None
    ) -> CallToolResult:
        operation = (await self._load()).get(tool)
        if operation is None:
            raise ProtocolError(-32602, f"upstream '{self.name}' has no operation '{tool}'")
        if self._http is None:
            raise BackendUnavailable(f"upstream '{self.name}' is not running")
        what = f"{operation.method} {operation.path}"
        request = self._request(operation, arguments)
        try:
            response = await self._http.send(request, stream=True)
            try:
                body = await _read_capped(response, self.config.max_response_bytes)
            finally:
                await response.aclose()
        except httpx2.TimeoutException:
            raise BackendUnavailable(
                f"upstream '{self.name}' did not answer {what} within {self.config.call_timeout_s:g} s"
            ) from None
        except httpx2.HTTPError as exc:
            raise BackendUnavailable(f"upstream '{self.name}' failed during {what}: {_describe(exc)}") from None
        if body is None:
            return _error(f"{what}: the answer is larger than {self.config.max_response_bytes} bytes")
        return _result(operation, response, body)

    async def end_session(self, session: str) -> None:
        """An HTTP API keeps nothing per session here."""

    def _request(self, operation: Operation, arguments: dict[str, Any]) -> httpx2.Request:
        assert self._http is not None and self._base_url is not None
        path = operation.path
        query: dict[str, Any] = {}
        headers: dict[str, str] = {}
        for parameter in operation.parameters:
            if parameter.argument not in arguments:
                continue
            value = arguments[parameter.argument]
            if parameter.location == "path":
                path = path.replace("{" + parameter.name + "}", quote(_text(value), safe=""))
            elif parameter.location == "query":
                query[parameter.name] = [_text(v) for v in value] if isinstance(value, list) else _text(value)
            else:
                headers[parameter.name] = _text(value)
        url = self._base_url.rstrip("/") + path
        body = arguments.get(operation.body) if operation.body else None
        json_body = body if operation.body and operation.body in arguments else None
        return self._http.build_request(operation.method, url, params=query, headers=headers, json=json_body)


def is_url(source: str) -> bool:
    return source.startswith(("http://", "https://"))


def document_file(name: str, config: OpenAPIUpstream, base_dir: Path) -> tuple[str, str]:
    """The text of a document given as a path (relative to the experiment's folder) and the path as read."""
    path = (base_dir / config.openapi).resolve()
    try:
        return read_text_file(path), str(path)
    except ConfigError as exc:
        raise StartupError(exc.problems[0], field=_field(name)) from None


def read_document(name: str, config: OpenAPIUpstream, text: str, where: str) -> tuple[list[Operation], str]:
    """The operations of a document and the base URL its requests go to; a ``StartupError`` naming the
    document, the JSON pointer and the problem when it cannot be used."""
    try:
        document = parse_document(text, where)
        found = operations(document)
    except DocumentError as exc:
        raise StartupError(f"OpenAPI document {where}, {exc}", field=_field(name)) from None
    base_url = config.base_url or default_server(document)
    if base_url is None:
        raise StartupError(
            f"OpenAPI document {where} names no absolute servers[].url: give base_url", field=_field(name)
        )
    return found, base_url


def offline_tools(name: str, config: OpenAPIUpstream, base_dir: Path) -> list[Tool] | None:
    """The tools of a document given as a file, known without any server (``mcp-sim validate`` checks them);
    None for a document URL."""
    if is_url(config.openapi):
        return None
    found, _ = read_document(name, config, *document_file(name, config, base_dir))
    return [operation.tool for operation in found]


def _field(name: str) -> str:
    return f"upstreams.{name}.openapi"


async def _read_capped(response: httpx2.Response, cap: int) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > cap:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _result(operation: Operation, response: httpx2.Response, body: bytes) -> CallToolResult:
    text = body.decode(response.encoding or "utf-8", errors="replace")
    what = f"{operation.method} {operation.path}"
    if not response.is_success:
        shown = text if len(text) <= MAX_ERROR_BODY_CHARS else text[:MAX_ERROR_BODY_CHARS] + "..."
        return _error(f"HTTP {response.status_code} {response.reason_phrase} from {what}: {shown}".rstrip(": "))
    if not text:
        return CallToolResult(content=[TextContent(type="text", text=f"HTTP {response.status_code} (no content)")])
    data = _json(text) if operation.json_answer or "json" in response.headers.get("content-type", "") else None
    structured: dict[str, Any] | None = None
    if operation.tool.output_schema is not None and data is not None:
        structured = {"result": data} if operation.wrapped else data if isinstance(data, dict) else None
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _text(value: Any) -> str:
    """How a parameter value travels in a URL or header: JSON's spelling for booleans and null."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return str(value) if not isinstance(value, dict | list) else json.dumps(value)


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
