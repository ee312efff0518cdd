"""An OpenAPI 3 document read as MCP tools: one tool per operation.

Names: the ``operationId``, or ``<method>_<path>`` with every non-word run folded to ``_`` when there is none.
Arguments: path, query and header parameters by their names, the JSON request body under ``body``. The answer:
the first 2xx JSON response schema; an object schema is the ``outputSchema`` as is, anything else (an array, a
string) is wrapped as ``{"result": ...}`` because MCP structured content is an object.

Only local references (``#/...``) are followed: component schemas are copied under the tool schema's ``$defs``
(so recursive schemas stay finite) and every other reference (parameters, request bodies, responses) is
inlined. OpenAPI 3.0's ``nullable: true`` becomes a ``"null"`` type, as JSON Schema 2020-12 says it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from mcp.types import Tool, ToolAnnotations

from mcp_sim.config.yamlfile import bounded_yaml

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
LOCATIONS = ("path", "query", "header")  # cookie parameters are not sent (an agent has no cookie jar)
BODY = "body"
RESULT = "result"  # the key a non-object answer is wrapped under
_SCHEMAS = "#/components/schemas/"
_MAX_INLINE_DEPTH = 32  # deeper than this, components are kept under $defs rather than inlined
_MAX_DEPTH = 300  # a chain of distinct components this deep is refused (Python's recursion limit is near)
# Schema nodes one operation's schemas may get by inlining components; past it, further components are kept
# once under $defs and referred to (a component used twice, used twice, ... would otherwise double each level).
MAX_INLINED_NODES = 20_000


class DocumentError(ValueError):
    """What is wrong with the document, and where: ``pointer`` is a JSON pointer into it."""

    def __init__(self, pointer: str, problem: str) -> None:
        super().__init__(f"at {pointer or '/'}: {problem}")
        self.pointer = pointer
        self.problem = problem


class _Defs(dict[str, Any]):
    """Component schemas kept under ``$defs`` (None while one is being expanded), and the inlining budget."""

    nodes: int = 0


@dataclass(frozen=True)
class Parameter:
    name: str  # as the API knows it
    argument: str  # as the tool's inputSchema names it
    location: str  # path | query | header


@dataclass(frozen=True)
class Operation:
    """One operation: how to turn a tool call into an HTTP request, and the tool an agent sees."""

    tool: Tool
    method: str
    path: str
    parameters: tuple[Parameter, ...] = ()
    body: str | None = None  # the argument holding the JSON body, when the operation takes one
    wrapped: bool = False  # structured content is {"result": <the JSON answer>}
    json_answer: bool = field(default=False)  # the 2xx answer is declared JSON


def parse_document(text: str, where: str) -> dict[str, Any]:
    """The document as data (YAML is a superset of JSON); ``where`` names it in errors."""
    try:
        data = bounded_yaml(text)
    except yaml.YAMLError as exc:
        raise DocumentError("", f"{where} is not YAML or JSON: {exc}") from None
    if not isinstance(data, dict):
        raise DocumentError("", f"{where} is not an OpenAPI document (a mapping at the top)")
    version = data.get("openapi")
    if not isinstance(version, str) or not version.startswith("3."):
        found = f"swagger: {data['swagger']!r}" if "swagger" in data else f"openapi: {version!r}"
        raise DocumentError("/openapi", f"only OpenAPI 3.x documents are read, found {found}")
    if not isinstance(data.get("paths"), dict):
        raise DocumentError("/paths", "missing or not a mapping of paths to operations")
    return data


def default_server(document: dict[str, Any]) -> str | None:
    """The first ``servers[].url`` with its variables at their defaults, when it is absolute (a relative one
    needs ``base_url``)."""
    servers = document.get("servers")
    if not (isinstance(servers, list) and servers and isinstance(servers[0], dict)):
        return None
    url, variables = servers[0].get("url"), servers[0].get("variables") or {}
    if not isinstance(url, str) or not isinstance(variables, dict):
        return None
    for name, variable in variables.items():
        if isinstance(variable, dict) and "default" in variable:
            url = url.replace("{" + str(name) + "}", str(variable["default"]))
    return url if url.startswith(("http://", "https://")) and "{" not in url else None


def operations(document: dict[str, Any]) -> list[Operation]:
    """Every operation of ``paths``, in document order; a name used twice is an error."""
    found: list[Operation] = []
    seen: dict[str, str] = {}
    for path, item in document["paths"].items():
        pointer = f"/paths/{_escape(str(path))}"
        item = _deref(document, item, pointer)
        if not isinstance(item, dict):
            raise DocumentError(pointer, "a path item must be a mapping")
        shared = item.get("parameters", [])
        for method in METHODS:
            if method not in item:
                continue
            operation = _operation(document, str(path), method, item[method], shared, f"{pointer}/{method}")
            here = f"{method.upper()} {path}"
            if (other := seen.setdefault(operation.tool.name, here)) != here:
                raise DocumentError(
                    f"{pointer}/{method}/operationId",
                    f"tool name {operation.tool.name!r} is used by {other} too; operationIds must be unique",
                )
            found.append(operation)
    return found


def _operation(document: dict[str, Any], path: str, method: str, raw: Any, shared: Any, pointer: str) -> Operation:
    if not isinstance(raw, dict):
        raise DocumentError(pointer, "an operation must be a mapping")
    defs = _Defs()
    properties: dict[str, Any] = {}
    required: list[str] = []
    parameters: list[Parameter] = []
    for parameter, where in _parameters(document, shared, raw.get("parameters", []), pointer):
        location = parameter.get("in")
        name = parameter.get("name")
        if not isinstance(name, str) or location not in (*LOCATIONS, "cookie"):
            raise DocumentError(where, "a parameter needs a name and 'in' (path, query, header or cookie)")
        if location == "cookie":
            continue
        argument = name if name not in properties else f"{name}_{location}"
        schema = _schema(document, parameter.get("schema", {}), f"{where}/schema", defs)
        if "description" in parameter and "description" not in schema:
            schema = {**schema, "description": parameter["description"]}
        properties[argument] = schema
        if parameter.get("required") or location == "path":
            required.append(argument)
        parameters.append(Parameter(name, argument, location))
    body = None
    if "requestBody" in raw:
        request = _deref(document, raw["requestBody"], f"{pointer}/requestBody")
        media = _json_media(request.get("content", {}) if isinstance(request, dict) else {})
        if media is not None:
            body = BODY if BODY not in properties else "requestBody"
            properties[body] = _schema(document, media.get("schema", {}), f"{pointer}/requestBody", defs)
            if request.get("required"):
                required.append(body)
    output, wrapped, json_answer = _output(document, raw.get("responses", {}), f"{pointer}/responses", defs)
    input_schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        input_schema["required"] = required
    for schema in [input_schema] if output is None else [input_schema, output]:
        if reached := _closure(defs, schema):
            schema["$defs"] = reached
    name = raw.get("operationId") or _name_of(method, path)
    tool = Tool(
        name=_tool_name(str(name)),
        description=_description(raw, method, path),
        input_schema=input_schema,
        output_schema=output,
        annotations=_annotations(method),
    )
    return Operation(tool, method.upper(), path, tuple(parameters), body, wrapped, json_answer)


def _parameters(document: dict[str, Any], shared: Any, own: Any, pointer: str) -> list[tuple[dict[str, Any], str]]:
    """Path-level parameters, overridden by the operation's own of the same (name, in)."""
    merged: dict[tuple[str, str], tuple[dict[str, Any], str]] = {}
    for items, base in ((shared, pointer.rsplit("/", 1)[0] + "/parameters"), (own, f"{pointer}/parameters")):
        if not isinstance(items, list):
            raise DocumentError(base, "parameters must be a list")
        for i, item in enumerate(items):
            parameter = _deref(document, item, f"{base}/{i}")
            if not isinstance(parameter, dict):
                raise DocumentError(f"{base}/{i}", "a parameter must be a mapping")
            merged[(str(parameter.get("name")), str(parameter.get("in")))] = (parameter, f"{base}/{i}")
    return list(merged.values())


def _output(
    document: dict[str, Any], responses: Any, pointer: str, defs: _Defs
) -> tuple[dict[str, Any] | None, bool, bool]:
    if not isinstance(responses, dict):
        raise DocumentError(pointer, "responses must be a mapping of status codes")
    by_code = {str(code).upper(): response for code, response in responses.items()}  # YAML reads 200 as a number
    for code in sorted((c for c in by_code if c.startswith("2")), key=lambda c: (c != "200", c)):
        response = _deref(document, by_code[code], f"{pointer}/{code}")
        media = _json_media(response.get("content", {}) if isinstance(response, dict) else {})
        if media is None:
            continue
        schema = _schema(document, media.get("schema", {}), f"{pointer}/{code}", defs)
        if _is_object(defs, schema):
            return {**schema, "type": "object"} if "type" not in schema else schema, False, True
        return {"type": "object", "properties": {RESULT: schema}, "required": [RESULT]}, True, True
    return None, False, False


def _is_object(defs: _Defs, schema: dict[str, Any]) -> bool:
    ref = schema.get("$ref")
    if isinstance(ref, str) and isinstance(defs.get(ref.removeprefix("#/$defs/")), dict):
        schema = defs[ref.removeprefix("#/$defs/")]
    if schema.get("type") == "object" or "properties" in schema:
        return True
    parts = schema.get("allOf")
    return isinstance(parts, list) and bool(parts) and all(isinstance(p, dict) and _is_object(defs, p) for p in parts)


def _json_media(content: Any) -> dict[str, Any] | None:
    if not isinstance(content, dict):
        return None
    for media_type, media in content.items():
        kind = str(media_type).split(";")[0].strip().lower()
        if kind == "application/json" or kind.endswith("+json"):
            return media if isinstance(media, dict) else {}
    return None


def _schema(document: dict[str, Any], schema: Any, pointer: str, defs: _Defs) -> dict[str, Any]:
    """A JSON Schema 2020-12 copy: component references point into ``$defs`` (filled in ``defs``)."""
    if not isinstance(schema, dict):
        raise DocumentError(pointer, "a schema must be a mapping")
    converted = _convert(document, schema, pointer, defs, 0)
    assert isinstance(converted, dict)
    return converted


def _convert(document: dict[str, Any], node: Any, pointer: str, defs: _Defs, depth: int) -> Any:
    """Component schemas are inlined (what reads the schema, like the ledger's id-field guess, sees
    properties); one that refers to itself is kept once under ``$defs`` and referred to there."""
    if depth > _MAX_DEPTH:
        raise DocumentError(pointer, f"schemas nest deeper than {_MAX_DEPTH} levels")
    if isinstance(node, list):
        return [_convert(document, item, f"{pointer}/{i}", defs, depth + 1) for i, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    defs.nodes += 1
    ref = node.get("$ref")
    if isinstance(ref, str):
        target = _resolve(document, ref, pointer)
        if not ref.startswith(_SCHEMAS):
            return _convert(document, target, ref.removeprefix("#"), defs, depth + 1)
        name = ref.removeprefix(_SCHEMAS)
        if name in defs:  # inside its own expansion (or already kept): refer, do not recurse
            return {"$ref": f"#/$defs/{name}"}
        defs[name] = None  # marks "being expanded"
        over_budget = defs.nodes > MAX_INLINED_NODES or depth > _MAX_INLINE_DEPTH
        inlined = _convert(document, target, ref.removeprefix("#"), defs, depth + 1)
        if over_budget or _refers_to(inlined, name):
            defs[name] = inlined
            return {"$ref": f"#/$defs/{name}"}
        del defs[name]
        return inlined
    converted = {
        key: (value if key in ("enum", "const", "default", "example", "examples") else
              _convert(document, value, f"{pointer}/{_escape(key)}", defs, depth + 1))
        for key, value in node.items()
        if key != "nullable"
    }  # fmt: skip
    if node.get("nullable") is True and "type" in converted:
        kind = converted["type"]
        converted["type"] = [*kind, "null"] if isinstance(kind, list) else [kind, "null"]
    return _merged_all_of(converted)


def _merged_all_of(schema: dict[str, Any]) -> dict[str, Any]:
    """``allOf`` of plain objects (a Pet is a NewPet plus an id) as one object: simulators and the ledger read
    ``properties`` directly."""
    parts = schema.get("allOf")
    plain = {"type", "properties", "required", "description", "title"}
    if not isinstance(parts, list) or not all(isinstance(p, dict) and set(p) <= plain for p in parts):
        return schema
    if any(p.get("type", "object") != "object" for p in parts):
        return schema
    merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
    merged["type"] = "object"
    properties: dict[str, Any] = dict(merged.get("properties", {}))
    required: list[str] = list(merged.get("required", []))
    for part in parts:
        properties.update(part.get("properties", {}))
        required += [r for r in part.get("required", []) if r not in required]
    merged["properties"] = properties
    if required:
        merged["required"] = required
    return merged


def _refers_to(node: Any, name: str) -> bool:
    return name in _def_refs(node)


def _closure(defs: _Defs, schema: dict[str, Any]) -> dict[str, Any]:
    """Only the components this schema reaches (input and output schemas share one ``defs``)."""
    wanted: dict[str, Any] = {}
    pending = _def_refs(schema)
    while pending:
        name = pending.pop()
        if name not in wanted and name in defs:
            wanted[name] = defs[name]
            pending |= _def_refs(defs[name])
    return wanted


def _def_refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        own = {ref.removeprefix("#/$defs/")} if isinstance(ref, str) and ref.startswith("#/$defs/") else set()
        return own.union(*(_def_refs(v) for k, v in node.items() if k != "$defs"))
    if isinstance(node, list):
        return set().union(*(_def_refs(v) for v in node))
    return set()


def _deref(document: dict[str, Any], node: Any, pointer: str) -> Any:
    """Follow ``$ref`` chains of a parameter, request body, response or path item."""
    for _ in range(_MAX_INLINE_DEPTH):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
            return node
        node = _resolve(document, node["$ref"], pointer)
    raise DocumentError(pointer, f"$ref chain longer than {_MAX_INLINE_DEPTH}")


def _resolve(document: dict[str, Any], ref: str, pointer: str) -> Any:
    if not ref.startswith("#/"):
        raise DocumentError(pointer, f"$ref {ref!r} is not local: only references into this document are followed")
    node: Any = document
    for part in ref[2:].split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            raise DocumentError(pointer, f"$ref {ref!r} points at nothing in the document")
    return node


def _name_of(method: str, path: str) -> str:
    """A name for an operation without ``operationId``: ``DELETE /pets/{petId}`` is ``delete_pets_by_petId`` (a
    trailing path parameter reads "by", so the ledger takes it as an id of a pet, like ``getPetById``)."""
    segments = [segment for segment in path.split("/") if segment]
    if segments and segments[-1].startswith("{"):
        segments[-1] = "by_" + segments[-1]
    return re.sub(r"[^A-Za-z0-9]+", "_", " ".join([method, *segments])).strip("_")


def _tool_name(name: str) -> str:
    """MCP tool names: letters, digits, ``_``, ``-`` and ``.`` (SEP-986); anything else folds to ``_``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_")[:128] or "operation"


def _description(raw: dict[str, Any], method: str, path: str) -> str:
    text = " ".join(str(raw[k]).strip() for k in ("summary", "description") if raw.get(k))
    return f"{text} ({method.upper()} {path})" if text else f"{method.upper()} {path}"


def _annotations(method: str) -> ToolAnnotations:
    """What HTTP says about the method: GET reads, PUT and DELETE are idempotent, DELETE destroys."""
    return ToolAnnotations(
        read_only_hint=method in ("get", "head", "options"),
        destructive_hint=method == "delete",
        idempotent_hint=method in ("get", "head", "options", "put", "delete"),
    )


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
