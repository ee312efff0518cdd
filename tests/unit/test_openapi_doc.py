"""OpenAPI 3 documents read as tools: names, argument schemas, answer schemas, and the errors a bad one gets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from mcp_sim.backends.openapi_doc import DocumentError, default_server, operations, parse_document

PETSTORE = Path(__file__).parents[1] / "fixtures" / "openapi" / "petstore.yaml"


def document(paths: dict[str, Any], schemas: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": paths,
            "components": {"schemas": schemas or {}}}  # fmt: skip


def json_answer(schema: dict[str, Any], code: Any = "200") -> dict[str, Any]:
    return {code: {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def test_path_query_header_parameters_and_body_become_arguments() -> None:
    doc = document({"/items/{id}": {
        "parameters": [{"name": "id", "in": "path", "schema": {"type": "string"}}],
        "put": {"operationId": "updateItem", "parameters": [
            {"name": "dryRun", "in": "query", "schema": {"type": "boolean"}},
            {"name": "X-Trace", "in": "header", "required": True, "schema": {"type": "string"}},
            {"name": "session", "in": "cookie", "schema": {"type": "string"}},
        ], "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": json_answer({"type": "object", "properties": {"id": {"type": "string"}}}, 200)},
    }})  # fmt: skip
    [operation] = operations(doc)
    schema = operation.tool.input_schema
    assert operation.tool.name == "updateItem" and operation.method == "PUT"
    assert sorted(schema["properties"]) == ["X-Trace", "body", "dryRun", "id"]  # the cookie is not sent
    assert schema["required"] == ["id", "X-Trace", "body"]  # path parameters are always required
    assert [(p.name, p.location) for p in operation.parameters] == [("id", "path"), ("dryRun", "query"),
                                                                    ("X-Trace", "header")]  # fmt: skip
    assert operation.tool.output_schema == {"type": "object", "properties": {"id": {"type": "string"}}}
    assert operation.tool.annotations is not None and operation.tool.annotations.idempotent_hint


def test_a_non_object_answer_is_wrapped_and_a_missing_operation_id_is_method_and_path() -> None:
    doc = document({"/a/{x}/b": {"get": {"parameters": [{"name": "x", "in": "path", "schema": {}}],
                                         "responses": json_answer({"type": "array"})}}})  # fmt: skip
    [operation] = operations(doc)
    assert operation.tool.name == "get_a_x_b"
    assert operation.wrapped
    assert operation.tool.output_schema == {"type": "object", "properties": {"result": {"type": "array"}},
                                            "required": ["result"]}  # fmt: skip


def test_a_recursive_schema_is_kept_once_under_defs_and_still_validates() -> None:
    node = {"type": "object", "properties": {"children": {"type": "array",
                                                          "items": {"$ref": "#/components/schemas/Node"}}}}  # fmt: skip
    doc = document({"/tree": {"get": {"operationId": "tree",
                                      "responses": json_answer({"$ref": "#/components/schemas/Node"})}}},
                   {"Node": node})  # fmt: skip
    [operation] = operations(doc)
    output = operation.tool.output_schema
    assert output is not None and output["$ref"] == "#/$defs/Node"
    validator = jsonschema.Draft202012Validator(output)
    assert validator.is_valid({"children": [{"children": []}]})
    assert not validator.is_valid({"children": [{"children": 3}]})


@pytest.mark.parametrize(
    ("doc", "pointer", "problem"),
    [
        ({"swagger": "2.0", "paths": {}}, "/openapi", "only OpenAPI 3.x documents are read, found swagger: '2.0'"),
        ({"openapi": "3.0.0"}, "/paths", "missing or not a mapping"),
        (document({"/x": {"get": {"responses": json_answer({"$ref": "other.yaml#/X"})}}}),
         "/paths/~1x/get/responses/200", "$ref 'other.yaml#/X' is not local"),
        (document({"/x": {"get": {"operationId": "same", "responses": {}},
                          "post": {"operationId": "same", "responses": {}}}}),
         "/paths/~1x/post/operationId", "tool name 'same' is used by GET /x too"),
        (document({"/x": {"get": {"parameters": [{"in": "query"}], "responses": {}}}}),
         "/paths/~1x/get/parameters/0", "a parameter needs a name"),
    ],
)  # fmt: skip
def test_a_bad_document_names_where_and_what(doc: dict[str, Any], pointer: str, problem: str) -> None:
    with pytest.raises(DocumentError) as raised:
        operations(parse_document(yaml.safe_dump(doc), "api.yaml"))
    assert raised.value.pointer == pointer
    assert problem in raised.value.problem


def test_text_that_is_no_document_is_refused() -> None:
    with pytest.raises(DocumentError, match=r"api\.yaml is not an OpenAPI document"):
        parse_document("- a list", "api.yaml")


def test_the_default_server_is_the_first_absolute_one() -> None:
    assert default_server({"servers": [{"url": "https://api.example.test/v1"}]}) == "https://api.example.test/v1"
    assert default_server({"servers": [{"url": "/v1"}]}) is None
    templated = {"url": "https://{region}.example.test/{version}", "variables": {"region": {"default": "eu"}}}
    assert default_server({"servers": [templated]}) is None  # {version} has no default: give base_url
    templated["variables"]["version"] = {"default": "v2"}  # type: ignore[index]
    assert default_server({"servers": [templated]}) == "https://eu.example.test/v2"


def test_validate_reads_a_document_file_without_any_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mcp_sim.cli import main

    shutil.copy(PETSTORE, tmp_path / "petstore.yaml")
    experiment = tmp_path / "exp.yaml"
    upstreams = "upstreams: {pets: {openapi: petstore.yaml}}\n"
    experiment.write_text("name: pets\nroute: real\nroutes: {getPet*: sim}\n" + upstreams)
    assert main(["validate", str(experiment)]) == 0  # the route glob is checked against the document's tools
    experiment.write_text("name: pets\nroutes: {getPat*: sim}\n" + upstreams)
    assert main(["validate", str(experiment)]) == 1
    assert "routes pattern(s) ['getPat*'] match no tool" in capsys.readouterr().err
    (tmp_path / "petstore.yaml").write_text("swagger: '2.0'\npaths: {}\n")
    assert main(["validate", str(experiment)]) == 1
    err = capsys.readouterr().err
    assert "upstreams.pets.openapi: OpenAPI document" in err and "at /openapi: only OpenAPI 3.x documents" in err


def test_an_upstream_with_an_openapi_key_is_an_http_api_and_its_mistakes_are_named() -> None:
    from pydantic import ValidationError

    from mcp_sim.config import Experiment, OpenAPIUpstream

    experiment = Experiment.model_validate({"name": "x", "upstreams": {"api": {"openapi": "api.yaml"}}})
    assert isinstance(experiment.upstreams["api"], OpenAPIUpstream)
    with pytest.raises(ValidationError, match="base_url"):
        Experiment.model_validate({"name": "x", "upstreams": {"api": {"openapi": "a", "base_url": "localhost:80"}}})
    with pytest.raises(ValidationError, match="header"):  # a typo of `headers` is refused, not ignored
        Experiment.model_validate({"name": "x", "upstreams": {"api": {"openapi": "a.yaml", "header": {}}}})


def test_components_that_would_double_at_every_level_are_kept_once_under_defs() -> None:
    # L0 uses L1 twice, L1 uses L2 twice, ...: inlined, 2**40 copies; kept under $defs past the budget
    levels = {f"L{i}": {"type": "object", "properties": {"a": {"$ref": f"#/components/schemas/L{i + 1}"},
                                                         "b": {"$ref": f"#/components/schemas/L{i + 1}"}}}
              for i in range(40)}  # fmt: skip
    levels["L40"] = {"type": "string"}
    answer = json_answer({"$ref": "#/components/schemas/L0"})
    doc = document({"/x": {"get": {"operationId": "deep", "responses": answer}}}, levels)
    [operation] = operations(doc)
    output = operation.tool.output_schema
    assert output is not None and len(json.dumps(output)) < 5_000_000
    validator = jsonschema.Draft202012Validator(output)
    chain: Any = "x"
    for _ in range(40):  # one path down (a DAG of both keys would have 2**40 paths to validate)
        chain = {"a": chain}
    assert validator.is_valid(chain)
    chain["a"]["b"] = 3  # L1.b is an L2 object, not a number
    assert not validator.is_valid(chain)


def test_the_ledger_reads_rest_operation_ids() -> None:
    from mcp_sim.config import ToolSpec
    from mcp_sim.ledger.effects import effect_of

    doc = parse_document(PETSTORE.read_text(), "petstore")
    specs = [ToolSpec.model_validate(op.tool.model_dump(by_alias=True, exclude_none=True)) for op in operations(doc)]
    effects = {spec.name: effect_of(spec) for spec in specs}
    assert (effects["createPet"].kind, effects["createPet"].entity, effects["createPet"].id) == ("create", "pet", "id")
    assert (effects["getPetById"].kind, effects["getPetById"].entity, effects["getPetById"].id) == (
        "read",
        "pet",
        "petId",
    )
    assert (effects["delete_pets_by_petId"].kind, effects["delete_pets_by_petId"].entity) == ("delete", "pet")
    assert effects["delete_pets_by_petId"].id == "petId"
