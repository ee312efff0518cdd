"""Pydantic models of the experiment and tool spec files. Unknown keys are rejected everywhere."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import jsonschema
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from mcp_sim.config.effect_format import (
    Derived,
    Failure,
    Hierarchy,
    IdsInText,
    Invalid,
    When,
    slot_problem,
    slots_in,
)
from mcp_sim.config.numbers import NoBooleanNumbers, not_a_boolean
from mcp_sim.config.schemas import ref_problem
from mcp_sim.config.surface import SpecPrompt, SpecResource

# sim: world model; real: upstream; record: real, observation stored; replay: stored observation (sim on a
# miss); shadow: real and sim both, real returned, both stored with a divergence score (routing/recorded.py);
# auto: per tool, sim when its measured fidelity reaches `auto.threshold`, else real (routing/auto.py).
RouteName = Literal["sim", "real", "record", "replay", "shadow", "auto"]
REAL_ROUTES = frozenset({"real", "record", "shadow"})  # the routes that call the real backend


def needs_real(route_name: str) -> bool:
    """Whether a call on this route reaches the real backend (perturbations and start-up checks ask)."""
    return route_name in REAL_ROUTES


# Every file model: unknown keys refused; `true` is no number and .inf / .nan no timeout (config/numbers.py).
STRICT = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
MAX_TIMEOUT_S = 86_400.0  # a day: anything longer is a typo, and a hung call would never be noticed
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class Strict(NoBooleanNumbers, BaseModel):  # BaseModel named too: linters then know it is a pydantic model
    model_config = STRICT


# ---- upstreams: the "mcpServers" block of MCP client configs ----


SESSION_DIR = "${SESSION_DIR}"  # left as written by the loader; each per-session process gets its own folder


class StdioUpstream(Strict):
    """An MCP server started as a subprocess and spoken to over stdio."""

    type: Literal["stdio"] | None = None
    command: str
    args: list[str] = []
    env: dict[str, str] = {}
    cwd: str | None = None
    prefix: str | None = Field(None, min_length=1)  # prepended to the exposed tool names
    connect_timeout_s: float = Field(30.0, gt=0, le=MAX_TIMEOUT_S)
    call_timeout_s: float = Field(120.0, gt=0, le=MAX_TIMEOUT_S)
    # auto: the newest era both speak; legacy: the 2025-11-25 handshake, where the upstream can ask the agent
    # (sampling, elicitation) during a call; 2026-07-28 has no such back-channel
    mode: Literal["auto", "legacy"] = "auto"
    # One process per session (backends/per_session.py), started at the session's first real call with a fresh
    # working folder as ${SESSION_DIR}, stopped when the session ends (reset, delete, TTL) or the server stops.
    per_session: bool = False
    max_instances: int = Field(16, ge=1)  # per-session processes at once; a session beyond that is refused

    @model_validator(mode="after")
    def _session_dir_needs_per_session(self) -> StdioUpstream:
        used = [self.command, *self.args, *self.env.values(), self.cwd or ""]
        if not self.per_session and any(SESSION_DIR in text for text in used):
            raise ValueError(f"{SESSION_DIR} is only known to upstreams with per_session: true")
        return self


class HttpUpstream(Strict):
    """An MCP server reached over streamable HTTP."""

    type: Literal["http", "streamable-http", "streamableHttp"] | None = None
    url: str
    headers: dict[str, str] = {}
    prefix: str | None = Field(None, min_length=1)  # prepended to the exposed tool names
    connect_timeout_s: float = Field(30.0, gt=0, le=MAX_TIMEOUT_S)
    call_timeout_s: float = Field(120.0, gt=0, le=MAX_TIMEOUT_S)
    # auto: the newest era both speak; legacy: the 2025-11-25 handshake, where the upstream can ask the agent
    # (sampling, elicitation) during a call; 2026-07-28 has no such back-channel
    mode: Literal["auto", "legacy"] = "auto"

    @field_validator("url")
    @classmethod
    def _http_url(cls, url: str) -> str:
        return http_url(url)


class OpenAPIUpstream(Strict):
    """An HTTP API described by an OpenAPI 3 document: one tool per operation (backends/openapi.py)."""

    type: Literal["openapi"] | None = None
    openapi: str = Field(min_length=1)  # the document: a path relative to the experiment file, or an http(s) URL
    base_url: str | None = None  # where requests go; default: the document's first absolute servers[].url
    # Sent with every request. Credentials come from the environment: `Authorization: "Bearer ${API_TOKEN}"`
    # is filled in when the file loads (an unset variable is an error naming it), never written in the file.
    headers: dict[str, str] = {}
    prefix: str | None = Field(None, min_length=1)  # prepended to the exposed tool names
    connect_timeout_s: float = Field(10.0, gt=0, le=MAX_TIMEOUT_S)  # connecting, and fetching a document URL
    call_timeout_s: float = Field(60.0, gt=0, le=MAX_TIMEOUT_S)  # one request, answer read
    max_response_bytes: int = Field(8 * 2**20, ge=1024)  # an answer beyond this is an isError result

    @field_validator("base_url")
    @classmethod
    def _http_base_url(cls, url: str | None) -> str | None:
        return None if url is None else http_url(url)


def _upstream_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        return "OpenAPI" if "openapi" in value else "Http" if "url" in value else "Stdio"
    if isinstance(value, OpenAPIUpstream):
        return "OpenAPI"
    return "Http" if isinstance(value, HttpUpstream) else "Stdio"


Upstream = Annotated[
    Annotated[StdioUpstream, Tag("Stdio")]
    | Annotated[HttpUpstream, Tag("Http")]
    | Annotated[OpenAPIUpstream, Tag("OpenAPI")],
    Discriminator(_upstream_kind),
]


# ---- world models ----


class _WorldModel(BaseModel):
    """World-model configs are told apart by ``kind`` (a discriminator, which may carry no field validator of
    the ``NoBooleanNumbers`` kind): their number fields are checked by name below."""

    model_config = STRICT


class SchemaWorldModelConfig(_WorldModel):
    """The built-in simulator: no GPU, no API key, deterministic."""

    kind: Literal["schema"] = "schema"


class OpenAIWorldModelConfig(_WorldModel):
    """An OpenAI-compatible chat endpoint (vLLM / SGLang serving Qwen-AgentWorld)."""

    kind: Literal["openai"]
    base_url: str
    model: str = Field(min_length=1)
    api_key: str | None = None
    temperature: float = Field(0.6, ge=0, le=2)
    max_tokens: int = Field(16384, gt=0)
    thinking: bool = True
    timeout_s: float = Field(300.0, gt=0, le=MAX_TIMEOUT_S)  # the deadline of one request, retries included
    max_response_bytes: int = Field(16 * 2**20, ge=1024)  # of one streamed answer; more ends the attempt
    max_concurrency: int = Field(256, gt=0)
    max_retries: int = Field(3, ge=0)
    validation_retries: int = Field(2, ge=0)
    context_budget_chars: int = Field(400_000, gt=1000)
    # what one call's prompt replays at most: the last history_turns turns (dropped in blocks of half) and, for
    # the turns before them, a summary listing the summary_records most recent ledger records; the records of
    # the ids a call names always come with it. Bounded so a call costs the same at turn 500 as at turn 10.
    history_turns: int = Field(32, ge=1)
    summary_records: int = Field(32, ge=0)
    on_failure: Literal["error", "schema"] = "error"
    system_prompt: str | None = None  # path of a template overriding the built-in one ({tool_definitions} ...)
    demonstrations: str | None = None  # path of a text file of example calls and observations

    @field_validator("base_url")
    @classmethod
    def _endpoint_url(cls, url: str) -> str:
        return http_url(url)

    @field_validator(
        "temperature",
        "max_tokens",
        "timeout_s",
        "max_response_bytes",
        "max_concurrency",
        "max_retries",
        "validation_retries",
        "context_budget_chars",
        "history_turns",
        "summary_records",
        mode="before",
    )
    @classmethod
    def _not_a_boolean(cls, value: Any) -> Any:
        return not_a_boolean(value)


WorldModelConfig = Annotated[SchemaWorldModelConfig | OpenAIWorldModelConfig, Field(discriminator="kind")]


# ---- tool specs ----


class NotFound(Strict):
    """How the real tool says "no such entity" (``$entity``, ``$Entity`` and ``$id`` are filled in)."""

    text: str = "$entity '$id' not found"
    is_error: bool = True  # some servers (taskmanager, sqlite) answer failures as ordinary text


class EntityEffect(Strict):
    """What a tool does to the session's entities (optional; inferred from names when absent).

    ``id`` and the keys of ``refs`` are paths: ``ticket_id``, ``task.id``, ``entities[].name``, ``names[]``.
    """

    kind: Literal["create", "read", "update", "delete", "list", "move", "none"]
    entity: str | None = None
    id: str | None = None  # the id in the result or arguments (create), in the arguments (read/update/delete)
    lenient: bool = False  # the real tool answers success for unknown and deleted ids: both ``allow``
    # An id the session never saw: ``not_found`` always, ``allow`` never (the tool accepts any), ``auto``
    # not found once the world of the type is known (a world seed, or one of the type seen in the session).
    unknown: Literal["auto", "not_found", "allow"] = "auto"
    deleted: Literal["not_found", "allow"] = "not_found"  # an id deleted earlier in the session
    refs: dict[str, str] = {}  # argument path -> entity type that must exist (e.g. requestId: request)
    not_found: NotFound = NotFound()
    # The format for real tools (config/effect_format.py): ids in free text, paths, conflicts, state, text.
    when: When | None = None  # the effect applies only to calls this fits (else the tool's next effect)
    ids_in_text: list[IdsInText] = []
    hierarchy: Hierarchy | None = None
    to: str | None = None  # kind move: the argument path of the destination id
    exists: Literal["allow", "conflict"] = "allow"  # a create of an id that exists
    conflict: Failure = Failure(text="$entity '$id' already exists")
    invalid: list[Invalid] = []
    sets: dict[str, Any] = {}  # state name -> its new value (a template: "{{branch_name}}", or a literal)
    clears: list[str] = []  # entity types every record of which the call removes (git_reset: what was staged)
    adds: dict[str, Any] = {}  # state name -> a number added to it ("{{amount}}", "-{{amount}}": a deposit)
    derived: dict[str, Derived] = {}
    render: str | None = None  # the success answer's text
    render_item: str | None = None  # one listed record's text, joined by ``join`` into {{$items}}
    join: str = "\n"
    depth: Literal["children", "all"] = "children"  # a list of a folder: what is directly in it, or everything below
    glob: str | None = None  # a list: the argument holding a glob the listed paths match (``**/*.py``)
    fields: dict[str, Any] = {}  # fields the created record gets (templates: "{{content}}", or literals)
    mint: str | None = None  # an example of the ids this create mints (a 40-hex SHA, req-1, a UUID)

    @model_validator(mode="after")
    def _complete(self) -> EntityEffect:
        if self.kind == "move" and self.to is None:
            raise ValueError("kind move needs to: the argument that names the destination")
        if self.to is not None and self.kind != "move":
            raise ValueError(f"to: only a move has a destination, not a {self.kind}")
        if self.render_item is not None and "$items" not in slots_in(self.render or "{{$items}}"):
            raise ValueError("render_item is shown where render says {{$items}}; render has no {{$items}}")
        return self

    def uses_format(self) -> bool:
        """Whether the effect says anything the name-based rules cannot: the declared path then answers."""
        return bool(
            self.when or self.ids_in_text or self.hierarchy or self.to or self.exists != "allow" or self.invalid
            or self.sets or self.adds or self.clears or self.derived or self.render or self.render_item
        )  # fmt: skip

    def templates(self) -> dict[str, str]:
        """Field -> template text, for checking their slots."""
        found = {"render": self.render, "render_item": self.render_item, "conflict.text": self.conflict.text}
        found |= {f"invalid[{n}].text": i.text for n, i in enumerate(self.invalid)}
        found |= {f"sets.{k}": v for k, v in self.sets.items() if isinstance(v, str)}
        found |= {f"adds.{k}": v for k, v in self.adds.items() if isinstance(v, str)}
        limits = {f"invalid[{n}].less_than": i.less_than for n, i in enumerate(self.invalid)}
        found |= {k: v for k, v in limits.items() if isinstance(v, str)}
        found |= {f"fields.{k}": v for k, v in self.fields.items() if isinstance(v, str)}
        found |= {f"derived.{k}.under": d.under for k, d in self.derived.items()}
        return {k: v for k, v in found.items() if v}


class Example(Strict):
    """One real observation of a tool: what it was asked and what it answered (a CallToolResult as JSON).

    Examples come from recordings, shadow runs or ``mcp-sim learn``; the built-in simulator answers in their
    shape (JSON skeleton or text template) and the LLM world model reads them as demonstrations."""

    arguments: dict[str, Any] = {}
    result: dict[str, Any]


class ToolSpec(Strict):
    """One tool as an MCP server lists it, plus optional simulation hints."""

    model_config = ConfigDict(**STRICT, populate_by_name=True)

    name: str = Field(min_length=1, max_length=128)
    title: str | None = None
    description: str | None = None
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object"}, alias="inputSchema")
    output_schema: dict[str, Any] | None = Field(None, alias="outputSchema")
    annotations: dict[str, Any] | None = None
    execution: dict[str, Any] | None = None  # e.g. {taskSupport: forbidden}, as MCP servers list it
    icons: list[dict[str, Any]] | None = None
    meta: dict[str, Any] | None = Field(None, alias="_meta")
    effects: EntityEffect | list[EntityEffect] | None = None
    examples: list[Example] = []  # real observations the simulator learns answer shapes from

    @field_validator("name")
    @classmethod
    def _printable_name(cls, name: str) -> str:
        return printable(name)

    @field_validator("input_schema", "output_schema")
    @classmethod
    def _is_json_schema(cls, schema: dict[str, Any] | None) -> dict[str, Any] | None:
        if schema is not None:
            try:
                # the draft the schema names (zod-to-json-schema writes draft-07: a tuple is ``items: [...]``)
                jsonschema.validators.validator_for(schema, jsonschema.Draft202012Validator).check_schema(schema)
            except jsonschema.SchemaError as exc:
                raise ValueError(f"not a valid JSON Schema: {exc.message}") from None
            if problem := ref_problem(schema):
                raise ValueError(problem)
            if schema.get("type", "object") != "object":  # MCP: arguments and structured answers are objects
                raise ValueError(f"must describe an object (type: object), not type {schema.get('type')!r}")
        return schema

    def declared_effects(self) -> list[EntityEffect]:
        """The effects as written (none, one or several), before inference completes them."""
        return self.effects if isinstance(self.effects, list) else [self.effects] if self.effects else []

    @model_validator(mode="after")
    def _slots_name_something(self) -> ToolSpec:
        """Every template slot names an argument of the tool or a known value, so a typo fails at load time."""
        declared = self.declared_effects()
        arguments = set((self.input_schema.get("properties") or {}).keys())
        problems = []
        for n, effect in enumerate(declared):
            where = f"effects[{n}]" if isinstance(self.effects, list) else "effects"
            paths = {
                "to": effect.to,
                **{f"ids_in_text[{i}].argument": t.argument for i, t in enumerate(effect.ids_in_text)},
            }
            paths |= {f"invalid[{i}].argument": v.argument for i, v in enumerate(effect.invalid)}
            paths |= {f"invalid[{i}].unless": v.unless for i, v in enumerate(effect.invalid)}
            paths |= {f"invalid[{i}].given": g for i, v in enumerate(effect.invalid) for g in v.given}
            paths["when.argument"] = effect.when.argument if effect.when else None
            paths["glob"] = effect.glob
            for field, path in paths.items():
                if path is not None and path.split(".")[0].removesuffix("[]") not in arguments:
                    problems.append(f"{where}.{field}: no argument {path!r} in the inputSchema")
            for field, text in effect.templates().items():
                for slot in slots_in(text):
                    if (problem := slot_problem(slot, arguments, set(effect.derived))) is not None:
                        problems.append(f"{where}.{field}: {problem}")
        if problems:
            raise ValueError(f"tool {self.name}: " + "; ".join(problems))
        return self


class ToolSpecFile(Strict):
    """A YAML file of tool specs. ``upstream`` marks a snapshot of that upstream's tools. ``resources`` and
    ``prompts``: what the simulated server offers besides tools (config/surface.py)."""

    upstream: str | None = None
    tools: list[ToolSpec] = []
    resources: list[SpecResource] = []
    prompts: list[SpecPrompt] = []

    @model_validator(mode="after")
    def _offers_something(self) -> ToolSpecFile:
        if not (self.tools or self.resources or self.prompts):
            raise ValueError("a tool spec file needs tools, resources or prompts")
        return self

    @model_validator(mode="after")
    def _counted_entities_known(self) -> ToolSpecFile:
        """A derived value counts, and ``clears`` empties, an entity type some effect in the file names (a typo
        would count or clear nothing, silently)."""
        effects = [e for t in self.tools for e in t.declared_effects()]
        known = {e.entity for e in effects if e.entity} | {i.entity for e in effects for i in e.ids_in_text if i.entity}
        known |= {v for e in effects for v in e.refs.values()}
        for tool in self.tools:
            for effect in tool.declared_effects():
                named = {f"derived.{n}": d.entity for n, d in effect.derived.items()}
                named |= {f"clears[{n}]": entity for n, entity in enumerate(effect.clears)}
                for field, entity in named.items():
                    if entity not in known:
                        raise ValueError(
                            f"tool {tool.name}: effects.{field}: unknown entity {entity!r}"
                            f" (no effect in this file names it; known: {sorted(known)})"
                        )
        return self


# ---- the experiment ----


class SessionsConfig(Strict):
    """How calls find their session (see serving/mcp_server.py ``session_key``)."""

    # true: a tools/call without a session key is a JSON-RPC error saying how to send one; false: it runs as a
    # one-request session, with a warning logged once per client and mcp_sim_keyless_calls_total counted
    require_key: bool = False


class ReplayConfig(Strict):
    """What the ``replay`` route does when no recorded observation matches (routing/recorded.py)."""

    # sim: the world model answers; real: the upstream answers (nothing is recorded); error: an isError
    # answer naming the miss, and nothing is called
    on_miss: Literal["sim", "real", "error"] = "sim"


class AutoConfig(Strict):
    """How ``route: auto`` decides per tool (routing/auto.py): simulated when its measured fidelity (1 - the
    mean divergence of its newest shadow runs, or a fidelity report's score) is at least ``threshold``."""

    threshold: float = Field(default=0.9, ge=0, le=1)
    min_samples: int = Field(default=5, ge=1)  # shadow runs (or report calls) to decide on; until then: shadow
    window: int = Field(default=50, ge=1)  # the newest shadow runs of a tool that count
    # Every Nth call of a decided tool runs shadow, so the decision keeps being measured (a sim-decided tool
    # would otherwise never be compared with the real one again); 0: never.
    recheck_every: int = Field(default=20, ge=0)
    report: str | None = None  # `mcp-sim fidelity --json` output: evidence for tools with too few shadow runs

    @model_validator(mode="after")
    def _window_holds_the_samples(self) -> AutoConfig:
        if self.window < self.min_samples:
            raise ValueError(f"window ({self.window}) must be at least min_samples ({self.min_samples})")
        return self


class Experiment(Strict):
    """An experiment file: which tools, routed where, simulated how, perturbed how."""

    name: str = Field(min_length=1, max_length=128)
    description: str | None = None
    seed: int = 0
    route: RouteName = "sim"
    routes: dict[str, RouteName] = {}
    upstreams: dict[str, Upstream] = {}
    tools: list[str] = []
    world_model: WorldModelConfig = Field(default_factory=lambda: SchemaWorldModelConfig(kind="schema"))
    # A profile file (relative to this file) or inline entries; each entry is checked against its type's
    # parameters by mcp_sim.config.profiles when the experiment loads.
    perturbations: Annotated[str, Field(min_length=1)] | list[dict[str, Any]] | None = None
    state: str | None = None  # a store URL; default: sqlite file <experiment dir>/.mcp-sim/<name>.db
    world: str | None = None  # world seeds: a YAML file of initial entities (see mcp_sim/ledger/world.py)
    recordings: str | None = None  # SQLite file of record/shadow observations; default <experiment>.recordings.sqlite
    fidelity: str | None = None  # the JSON `mcp-sim fidelity --json` writes: the dashboard shows its figures
    list_page_size: int = Field(100, gt=0, le=100_000)
    sessions: SessionsConfig = SessionsConfig()
    replay: ReplayConfig = ReplayConfig()
    auto: AutoConfig = AutoConfig()

    @field_validator("name")
    @classmethod
    def _path_safe_name(cls, name: str) -> str:
        if "/" in name:
            raise ValueError("must not contain '/': the name is part of the MCP path /experiments/<name>/mcp")
        return printable(name)


def printable(name: str) -> str:
    """Names appear in paths, logs and terminals: no control characters (NUL among them)."""
    if match := _CONTROL.search(name):
        raise ValueError(f"must not contain the control character {match.group()!r}")
    return name


def http_url(url: str) -> str:
    """An ``http://`` or ``https://`` URL with a host, nothing else (``http:/x``, ``localhost:8000`` are typos)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or _CONTROL.search(url) or " " in url:
        raise ValueError(f"must be an http:// or https:// URL with a host, not {url!r}")
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise ValueError(f"has a port that is not a number: {url!r}") from None
    return url
