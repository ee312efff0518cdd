"""BFCL multi-turn backend classes as a stdio MCP server (the mcp SDK's low-level ``Server``).

BFCL (the Berkeley Function Calling Leaderboard, PyPI ``bfcl-eval``) evaluates multi-turn agents against
plain Python classes: ``GorillaFileSystem``, ``TwitterAPI``, ``MessageAPI``, ``TicketAPI``, ``TradingBot``,
``TravelAPI``, ``VehicleControlAPI``, ``MathAPI``. This server exposes one or more of them (the classes one
BFCL test entry involves, as BFCL gives the model all of their functions at once) as MCP tools:

- tools: the class's public methods; name, description and parameters from BFCL's own function docs
  (``bfcl_eval/data/multi_turn_func_doc/*.json``, the documents BFCL shows the model), with BFCL's
  pseudo types mapped to JSON Schema (``dict`` -> ``object``, ``float`` -> ``number``, ``tuple`` -> ``array``,
  ``any`` -> no type). A public method without a doc entry gets a schema from its signature and docstring.
- state: each class's ``_load_scenario(initial_config[ClassName])`` at start, exactly like BFCL's executor
  (``MathAPI`` is stateless and loads nothing); one process is one session. Each class has its own state.
- results: what the method returned, as BFCL's executor serializes it: a ``str`` as is, a ``dict`` as
  ``json.dumps`` (also given as ``structuredContent``), anything else JSON if it can be, else ``str()``.
  A method's own error answers (``{"error": ...}`` dicts) stay ordinary results (``isError: false``), as
  in BFCL. A raised exception (e.g. an unexpected or missing argument) becomes ``isError: true`` with
  BFCL's text ``Error during execution: <exception>``. Arguments are passed to the method as given (no
  schema validation: BFCL does none either). No ``outputSchema`` is advertised.

Run::

    python bfcl_server.py --class TicketAPI --class TravelAPI [--world world.json]  # BFCL initial_config
    python bfcl_server.py --class GorillaFileSystem --parse-calls  # stdin: JSON list of BFCL call strings;
                                                                    # stdout: [[name, {kwargs}], ...]

Needs ``mcp>=2.3`` and ``bfcl-eval`` (``pip install --no-deps bfcl-eval mpmath`` is enough for these classes).
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import importlib.metadata
import inspect
import json
import sys
from pathlib import Path
from typing import Any

CLASS_MODULES = {
    "GorillaFileSystem": "gorilla_file_system",
    "MathAPI": "math_api",
    "MessageAPI": "message_api",
    "TwitterAPI": "posting_api",
    "TicketAPI": "ticket_api",
    "TradingBot": "trading_bot",
    "TravelAPI": "travel_booking",
    "VehicleControlAPI": "vehicle_control",
}
STATELESS = {"MathAPI"}
PKG = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"
_TYPE_MAP = {
    "dict": "object",
    "float": "number",
    "tuple": "array",
    "integer": "integer",
    "string": "string",
    "boolean": "boolean",
    "array": "array",
    "number": "number",
    "object": "object",
    "null": "null",
}


def _bfcl_root() -> Path:
    import bfcl_eval

    return Path(bfcl_eval.__file__).parent


def _json_schema(bfcl: Any) -> Any:
    """BFCL's parameter pseudo schema as JSON Schema."""
    if isinstance(bfcl, list):
        return [_json_schema(x) for x in bfcl]
    if not isinstance(bfcl, dict):
        return bfcl
    out: dict[str, Any] = {}
    for key, value in bfcl.items():
        if key == "type":
            mapped = _TYPE_MAP.get(str(value))
            if mapped:
                out["type"] = mapped
        elif key == "properties" and isinstance(value, dict):
            out["properties"] = {name: _json_schema(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties"):
            out[key] = _json_schema(value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _signature_schema(method: Any) -> dict[str, Any]:
    props: dict[str, Any] = {}
    required: list[str] = []
    py = {int: "integer", float: "number", str: "string", bool: "boolean", list: "array", dict: "object"}
    for name, p in inspect.signature(method).parameters.items():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        prop: dict[str, Any] = {}
        if p.annotation in py:
            prop["type"] = py[p.annotation]
        if p.default is inspect.Parameter.empty:
            required.append(name)
        else:
            prop["default"] = p.default
        props[name] = prop
    return {"type": "object", "properties": props, "required": required}


def load_instance(class_name: str, world: dict[str, Any]) -> Any:
    module = importlib.import_module(f"{PKG}.{CLASS_MODULES[class_name]}")
    instance = getattr(module, class_name)()
    if class_name not in STATELESS:
        instance._load_scenario(copy.deepcopy(world.get(class_name, {})), long_context=False)
    return instance


def public_methods(instance: Any) -> dict[str, Any]:
    return {n: m for n, m in inspect.getmembers(instance, predicate=inspect.ismethod) if not n.startswith("_")}


def tool_defs(class_name: str, instance: Any) -> list[dict[str, Any]]:
    """Tool dicts (name, description, inputSchema) in BFCL's doc order, then undocumented methods."""
    from bfcl_eval.constants.executable_backend_config import MULTI_TURN_FUNC_DOC_FILE_MAPPING

    doc_file = _bfcl_root() / "data" / "multi_turn_func_doc" / MULTI_TURN_FUNC_DOC_FILE_MAPPING[class_name]
    methods = public_methods(instance)
    tools: list[dict[str, Any]] = []
    for line in doc_file.read_text().splitlines():
        if not line.strip():
            continue
        doc = json.loads(line)
        if doc["name"] not in methods:
            continue
        schema = _json_schema(doc.get("parameters") or {"type": "dict", "properties": {}})
        schema["type"] = "object"
        schema.setdefault("properties", {})
        tools.append({"name": doc["name"], "description": doc.get("description", ""), "inputSchema": schema})
    listed = {t["name"] for t in tools}
    for name, method in methods.items():
        if name not in listed:
            desc = inspect.getdoc(method) or name
            tools.append({"name": name, "description": desc, "inputSchema": _signature_schema(method)})
    return tools


def serialize(value: Any) -> tuple[str, dict[str, Any] | None]:
    """BFCL's executor serialization: (text, structuredContent)."""
    if isinstance(value, str):
        return value, None
    if isinstance(value, dict):
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            return str(value), None
        return text, json.loads(text)
    try:
        return json.dumps(value), None
    except (TypeError, ValueError):
        return str(value), None


def all_methods(class_names: list[str], world: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The classes' public methods by name and their tool dicts; two classes may not share a name."""
    methods: dict[str, Any] = {}
    tools: list[dict[str, Any]] = []
    for class_name in class_names:
        instance = load_instance(class_name, world)
        own = public_methods(instance)
        clash = set(own) & set(methods)
        if clash:
            raise SystemExit(f"{class_name} repeats tool names {sorted(clash)}")
        methods.update(own)
        tools += tool_defs(class_name, instance)
    return methods, tools


def parse_calls(class_names: list[str], calls: list[str]) -> list[list[Any]]:
    """BFCL ground-truth call strings (``cd(folder='x')``, ``sort('a.txt')``) as [name, kwargs] pairs,
    positional arguments bound to parameter names with the real method's signature."""
    methods, _ = all_methods(class_names, {})
    out: list[list[Any]] = []
    for text in calls:
        node = ast.parse(text.strip(), mode="eval").body
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            raise ValueError(f"not a plain call: {text}")
        name = node.func.id
        args = [ast.literal_eval(a) for a in node.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        if args:
            bound = inspect.signature(methods[name]).bind_partial(*args, **kwargs)
            kwargs = dict(bound.arguments)
        out.append([name, kwargs])
    return out


def build_server(class_names: list[str], world: dict[str, Any]) -> Any:
    from mcp.server import Server, ServerRequestContext
    from mcp.types import (
        CallToolRequestParams,
        CallToolResult,
        ListToolsResult,
        PaginatedRequestParams,
        TextContent,
        Tool,
    )

    methods, defs = all_methods(class_names, world)
    tools = [Tool.model_validate(t) for t in defs]
    schemas = {t.name: t.input_schema for t in tools}

    async def list_tools(ctx: ServerRequestContext, params: PaginatedRequestParams | None) -> ListToolsResult:
        return ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext, params: CallToolRequestParams) -> CallToolResult:
        method = methods.get(params.name)
        if method is None:
            return CallToolResult(
                content=[TextContent(type="text", text=f"Unknown tool: {params.name}")], is_error=True
            )
        try:
            value = method(**(params.arguments or {}))
        except Exception as exc:  # BFCL's executor: "Error during execution: {e}"
            return CallToolResult(
                content=[TextContent(type="text", text=f"Error during execution: {exc}")], is_error=True
            )
        text, structured = serialize(value)
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)

    try:
        version = importlib.metadata.version("bfcl-eval")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    return Server(
        "bfcl-" + "+".join(class_names),
        version=version,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        get_tool_input_schema=lambda name: schemas.get(name),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--class",
        dest="classes",
        action="append",
        required=True,
        choices=sorted(CLASS_MODULES),
        help="a BFCL class to serve (repeat for several)",
    )
    ap.add_argument("--world", type=Path, help="JSON file: a BFCL initial_config ({ClassName: state, ...})")
    ap.add_argument("--parse-calls", action="store_true", help="parse BFCL call strings (stdin JSON list) and exit")
    ap.add_argument("--list-tools", action="store_true", help="print the tool list as JSON and exit")
    a = ap.parse_args()
    if a.parse_calls:
        json.dump(parse_calls(a.classes, json.load(sys.stdin)), sys.stdout)
        return
    world = json.loads(a.world.read_text()) if a.world else {}
    if a.list_tools:
        json.dump(all_methods(a.classes, world)[1], sys.stdout, indent=1)
        return

    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(a.classes, world)

    async def serve() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(serve)


if __name__ == "__main__":
    main()
