from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from mcp_sim.config.yamlfile import load_model, load_yaml
from mcp_sim.errors import ConfigError


class Inner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    port: int


class Outer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    inner: Inner


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "file.yaml"
    path.write_text(text)
    return path


def test_unknown_key_is_rejected_with_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\ninner:\n  port: 1\n  prot: 2\n")
    with pytest.raises(ConfigError) as raised:
        load_model(path, Outer)
    assert raised.value.problems == [f"{path}:4: inner.prot: unknown key (check the spelling)"]


def test_wrong_type_names_field_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\ninner:\n  port: many\n")
    with pytest.raises(ConfigError) as raised:
        load_model(path, Outer)
    assert raised.value.problems[0].startswith(f"{path}:3: inner.port: ")


def test_env_vars_expand_with_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIM_TEST_NAME", "from-env")
    path = write(tmp_path, "name: ${SIM_TEST_NAME}\nother: 'a ${SIM_TEST_UNSET:-fallback} b'\n")
    assert load_yaml(path).data == {"name": "from-env", "other": "a fallback b"}


def test_missing_env_var_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIM_TEST_TOKEN", raising=False)
    path = write(tmp_path, "name: x\nheaders:\n  Authorization: Bearer ${SIM_TEST_TOKEN}\n")
    with pytest.raises(ConfigError) as raised:
        load_yaml(path)
    assert raised.value.problems == [f"{path}:3: headers.Authorization: environment variable SIM_TEST_TOKEN is not set"]


def test_invalid_yaml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"file.yaml:2: invalid YAML"):
        load_yaml(write(tmp_path, "a: [1,\nb: }\n"))
    with pytest.raises(ConfigError, match="cannot read file"):
        load_yaml(tmp_path / "nope.yaml")


def test_experiment_dir_is_the_files_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXPERIMENT_DIR", "/elsewhere")
    path = write(tmp_path, "name: ${EXPERIMENT_DIR}/data/m.jsonl\n")
    assert load_yaml(path).data == {"name": f"{tmp_path.resolve()}/data/m.jsonl"}
