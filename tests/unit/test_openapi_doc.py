"""OpenAPI 3 documents read as tools: names, argument schemas, answer schemas, and the errors a bad one gets."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
import yaml

from mcp_sim.backends.openapi_doc import DocumentError, default_server, operations, parse_document


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


def test_an_upstream_with_an_openapi_key_is_an_http_api_and_its_mistakes_are_named() -> None:
    from pydantic import ValidationError

    from mcp_sim.config import Experiment, OpenAPIUpstream

    experiment = Experiment.model_validate({"name": "x", "upstreams": {"api": {"openapi": "api.yaml"}}})
    assert isinstance(experiment.upstreams["api"], OpenAPIUpstream)
    with pytest.raises(ValidationError, match="base_url"):
        Experiment.model_validate({"name": "x", "upstreams": {"api": {"openapi": "a", "base_url": "localhost:80"}}})
    with pytest.raises(ValidationError, match="header"):  # a typo of `headers` is refused, not ignored
        Experiment.model_validate({"name": "x", "upstreams": {"api": {"openapi": "a.yaml", "header": {}}}})
