"""Bearer-token auth on the HTTP host, and the CLI's refusal to bind beyond loopback without one."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcp_sim.cli import commands as cli
from mcp_sim.serving.auth import BearerAuth
from tests.hosting import experiment_file, hosted

TOKEN = "s3cret-token"


GOOD = {"authorization": f"Bearer {TOKEN}"}


async def test_every_data_path_needs_the_token(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk"), token=TOKEN) as (_, client):
        for path in ["/admin/experiments", "/admin/sessions", "/metrics", "/admin/experiments/desk/fidelity"]:
            refused = await client.get(path)
            assert refused.status_code == 401, path
            assert refused.headers["www-authenticate"].startswith("Bearer")
            assert (await client.get(path, headers={"authorization": "Bearer wrong"})).status_code == 401
            assert (await client.get(path, headers=GOOD)).status_code == 200, path
        mcp = await client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert mcp.status_code == 401
        other = await client.post("/experiments/desk/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert other.status_code == 401


async def test_bearer_scheme_is_case_insensitive(tmp_path: Path) -> None:
    """RFC 7235: the auth scheme is case-insensitive; ``bearer <token>`` was refused with 401."""
    async with hosted(experiment_file(tmp_path, "desk"), token=TOKEN) as (_, client):
        for value in (f"bearer {TOKEN}", f"BEARER {TOKEN}"):
            assert (await client.get("/admin/experiments", headers={"authorization": value})).status_code == 200
        for value in ("bearer wrong", TOKEN, f"Basic {TOKEN}", f"Bearer{TOKEN}"):
            assert (await client.get("/admin/experiments", headers={"authorization": value})).status_code == 401


async def test_pages_without_data_stay_public(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk"), token=TOKEN) as (_, client):
        assert (await client.get("/admin/")).status_code == 200
        assert (await client.get("/admin/dashboard.js")).status_code == 200
        schema = await client.get("/admin/openapi.json")
        assert schema.status_code == 200
        assert "HTTPBearer" in schema.json()["components"]["securitySchemes"]


async def test_without_a_token_nothing_asks_for_one(tmp_path: Path) -> None:
    async with hosted(experiment_file(tmp_path, "desk")) as (_, client):
        assert (await client.get("/admin/experiments")).status_code == 200
        assert (await client.get("/metrics")).status_code == 200


def test_an_empty_token_is_a_mistake() -> None:
    with pytest.raises(ValueError):
        BearerAuth(app=lambda *_: None, token="")  # type: ignore[arg-type, return-value]


def test_binding_beyond_loopback_needs_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("MCP_SIM_TOKEN", raising=False)
    experiment = str(experiment_file(tmp_path, "desk"))
    assert cli.main(["serve", experiment, "--host", "0.0.0.0", "--allow-remote"]) == 1
    assert "needs --token or $MCP_SIM_TOKEN" in capsys.readouterr().err
    assert cli.main(["serve", experiment, "--host", "0.0.0.0", "--token", TOKEN]) == 1
    assert "--allow-remote" in capsys.readouterr().err


def test_the_token_comes_from_the_environment_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCP_SIM_TOKEN", "from-env")
    assert cli._parser().parse_args(["serve", "x.yaml"]).token == "from-env"
    assert cli._parser().parse_args(["serve", "x.yaml", "--token", "flag"]).token == "flag"


def test_stdio_serves_one_experiment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(experiment_file(tmp_path, n)) for n in ("a", "b")]
    assert cli.main(["serve", *files, "--transport", "stdio"]) == 1
    assert "stdio serves one experiment" in capsys.readouterr().err
