"""An HTTP API as a real upstream: Prism serves tests/fixtures/openapi/petstore.yaml for real (it checks every
request against the document, the API key among them), mcp-sim turns the same document into tools."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from anyio.streams.text import TextReceiveStream
from mcp import Client
from mcp.types import CallToolResult, TextContent

from tests.integration.harness import REPO, START_LIMIT_S, free_port, mcp_sim, require, start_failure, stop

pytestmark = pytest.mark.integration

PRISM = REPO / ".cache/prism/node_modules/.bin/prism"
PETSTORE = REPO / "tests/fixtures/openapi/petstore.yaml"
API_KEY_ENV = "MCP_SIM_TEST_PETS_KEY"


@asynccontextmanager
async def prism(document: Path) -> AsyncIterator[str]:
    """``prism mock`` on a free loopback port, ready once it says it listens; yields its base URL."""
    port = free_port()
    command = [str(require(PRISM, "Prism (scripts/setup.d/openapi.sh)")), "mock", "-h", "127.0.0.1"]
    command += ["-p", str(port), str(document)]
    process = await anyio.open_process(command, stdin=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        assert process.stdout is not None
        seen = ""
        with anyio.fail_after(START_LIMIT_S):
            async for chunk in TextReceiveStream(process.stdout):
                seen += chunk
                if "Prism is listening" in seen:
                    break
        assert "Prism is listening" in seen, f"prism exited before listening:\n{seen}"
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_drain, process)  # prism logs every request: keep its pipe from filling up
            yield f"http://127.0.0.1:{port}"
            tasks.cancel_scope.cancel()
    finally:
        await stop(process)


async def _drain(process: anyio.abc.Process) -> None:
    assert process.stdout is not None
    async for _ in process.stdout:
        pass


def experiment(tmp: Path, route: str, base_url: str | None, *, key: bool = True) -> Path:
    shutil.copy(PETSTORE, tmp / "petstore.yaml")
    upstream: dict[str, Any] = {"openapi": "petstore.yaml"}
    if base_url is not None:
        upstream["base_url"] = base_url
    if key:
        upstream["headers"] = {"X-API-Key": "${" + API_KEY_ENV + "}"}
    doc = {"name": "pets", "route": route, "upstreams": {"pets": upstream}}
    path = tmp / "exp.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(API_KEY_ENV, "secret-from-the-environment")


def text(result: CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


async def test_each_operation_is_a_tool_and_real_calls_reach_the_api(tmp_path: Path) -> None:
    async with (
        prism(PETSTORE) as api,
        mcp_sim(experiment(tmp_path, "real", api)) as served,
        Client(served.url, cache=None) as client,
    ):
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert sorted(tools) == ["createPet", "delete_pets_by_petId", "getPetById", "listPets"]
        create = tools["createPet"]
        assert create.input_schema["required"] == ["body"]
        assert create.input_schema["properties"]["body"]["properties"]["tag"]["type"] == ["string", "null"]
        assert create.output_schema is not None and create.output_schema["required"] == ["name", "id"]
        assert tools["listPets"].annotations is not None and tools["listPets"].annotations.read_only_hint

        listed = await client.call_tool("listPets", {"limit": 2, "X-Request-Id": "r-1"})
        assert not listed.is_error
        assert listed.structured_content == {"result": [
            {"id": 1, "name": "Rex", "tag": "dog"}, {"id": 2, "name": "Tom", "tag": "cat"}
        ]}  # fmt: skip
        created = await client.call_tool("createPet", {"body": {"name": "Rex", "tag": "dog"}})
        assert created.structured_content == {"id": 7, "name": "Rex", "tag": "dog"}
        assert json.loads(text(created)) == created.structured_content
        deleted = await client.call_tool("delete_pets_by_petId", {"petId": 7})
        assert not deleted.is_error and text(deleted) == "HTTP 204 (no content)"


async def test_an_answer_outside_2xx_is_an_error_result_naming_status_and_body(tmp_path: Path) -> None:
    async with (
        prism(PETSTORE) as api,
        mcp_sim(experiment(tmp_path, "real", api, key=False)) as served,
        Client(served.url, cache=None) as client,
    ):
        refused = await client.call_tool("listPets", {})
    assert refused.is_error
    assert text(refused).startswith("HTTP 401 Unauthorized from GET /pets: ")
    assert "Invalid security scheme used" in text(refused)  # Prism's own body, quoted


async def test_an_api_that_is_down_is_a_tool_error_not_a_crash(tmp_path: Path) -> None:
    down = f"http://127.0.0.1:{free_port()}"
    async with mcp_sim(experiment(tmp_path, "real", down)) as served, Client(served.url, cache=None) as client:
        result = await client.call_tool("getPetById", {"petId": 1})
    assert result.is_error
    assert "upstream 'pets' failed during GET /pets/{petId}: ConnectError" in text(result)


async def test_sim_serves_the_same_tools_and_keeps_the_ledger(tmp_path: Path) -> None:
    async with mcp_sim(experiment(tmp_path, "sim", None)) as served, Client(served.url, cache=None) as client:
        names = sorted(tool.name for tool in (await client.list_tools()).tools)
        assert names == ["createPet", "delete_pets_by_petId", "getPetById", "listPets"]
        episode = {"mcp-sim/session": "episode-1"}
        created = await client.call_tool("createPet", {"body": {"name": "Rex"}}, meta=episode)
        assert not created.is_error and created.structured_content is not None
        pet_id = created.structured_content["id"]
        found = await client.call_tool("getPetById", {"petId": pet_id}, meta=episode)
        assert not found.is_error and found.structured_content is not None
        assert found.structured_content["id"] == pet_id
        missing = await client.call_tool("getPetById", {"petId": pet_id + 1000}, meta=episode)
        assert missing.is_error and "not found" in text(missing)


async def test_snapshot_writes_the_operations_as_a_tool_spec_file(tmp_path: Path) -> None:
    output = tmp_path / "pets.tools.yaml"
    command = [sys.executable, "-m", "mcp_sim", "snapshot", str(experiment(tmp_path, "real", None)), "-o", str(output)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = await anyio.run_process(command, cwd=REPO, env=env, check=False)
    assert done.returncode == 0, done.stderr.decode()
    snapshot = yaml.safe_load(output.read_text(encoding="utf-8"))
    assert snapshot["upstream"] == "pets"
    tools = {tool["name"]: tool for tool in snapshot["tools"]}
    assert tools["getPetById"]["inputSchema"]["required"] == ["petId"]
    assert tools["listPets"]["outputSchema"]["properties"]["result"]["type"] == "array"


async def test_a_bad_document_stops_start_up_naming_file_pointer_and_problem(tmp_path: Path) -> None:
    path = experiment(tmp_path, "real", None)
    broken = PETSTORE.read_text(encoding="utf-8").replace("#/components/schemas/NewPet", "#/components/schemas/Nope")
    (tmp_path / "petstore.yaml").write_text(broken, encoding="utf-8")
    code, stderr = await start_failure(path)
    assert code != 0
    assert str(tmp_path / "petstore.yaml") in stderr
    assert "at /components/schemas/Pet/allOf/0: $ref '#/components/schemas/Nope' points at nothing" in stderr
