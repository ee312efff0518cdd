"""Request and response bodies of the admin API (they are its OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mcp_sim.config import RouteName


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RoutingView(Body):
    default: RouteName = Field(description="Route of every tool no override matches")
    overrides: dict[str, RouteName] = Field(description="Per-tool routes by glob on the exposed name; first match wins")


class ToolView(Body):
    name: str
    route: RouteName = Field(description="Where a new session's call of this tool goes")
    upstream: str | None = Field(description="Real backend of the tool; null for spec-only (simulated) tools")
    source: str = Field(description="Where the tool's definition came from")


class ExperimentView(Body):
    name: str
    description: str | None
    seed: int
    default: bool = Field(description="Served at /mcp as well as at its own path")
    mcp_paths: list[str] = Field(description="HTTP paths of this experiment's MCP endpoint")
    routing: RoutingView = Field(description="Flags new sessions get; running sessions keep their own")
    profile: str = Field(description="Perturbation profile new sessions get ('<none>': no perturbations)")
    route_names: list[str] = Field(description="Routes this build knows (what the flag can be set to)")
    sessions: int = Field(description="Stored sessions of this experiment")
    tools: list[ToolView]


class SessionRoutingChange(Body):
    """Change the sim-vs-real flag. Omitted fields stay as they are."""

    default: RouteName | None = Field(None, description="New default route")
    tools: dict[str, RouteName | None] = Field(
        default_factory=dict, description="Per-tool overrides (glob allowed) to set; null removes an override"
    )


class RoutingChange(SessionRoutingChange):
    """Change the sim-vs-real flag of new sessions (and, on request, of every stored one)."""

    apply_to_running: bool = Field(False, description="Also move every stored session to the new flags")


class ProfileChange(Body):
    """Switch the perturbation profile of new sessions."""

    profile: str | None = Field(description="Profile file or ready-profile name; null for no perturbations")
    apply_to_running: bool = Field(False, description="Also move every stored session to this profile")


class SwitchResult(Body):
    experiment: ExperimentView
    sessions_moved: int = Field(description="Running sessions that took the change (0 unless apply_to_running)")


class SessionSummary(Body):
    experiment: str
    key: str
    calls: int
    routing: RoutingView | None = Field(description="The session's own flags (null: not called yet)")
    profile: str | None
    first_call_at: float | None = Field(description="Unix time of the first call")
    last_call_at: float | None = Field(description="Unix time of the last call")


class SessionDetail(SessionSummary):
    ledger: dict[str, Any] = Field(description="The session's entities, as simulated calls left them")
    cursors: dict[str, Any]
    turns: list[dict[str, Any]] = Field(description="Every call: route, arguments, result, perturbation decisions")


GroupSeed = Annotated[
    Literal["shared", "distinct"],
    Field(
        description="shared: every member derives its random decisions (perturbation rolls, simulated answers) "
        "from one name, so the same calls get the same perturbations; distinct: each member from its own key"
    ),
]


class ForkRequest(Body):
    count: int = Field(1, ge=1, le=1000, description="How many copies")
    keys: list[str] | None = Field(None, description="Keys of the copies (default: '<key>.fork-<n>', first free n)")
    seed: GroupSeed = "distinct"


class ForkResult(Body):
    source: str
    keys: list[str]
    seed: Literal["shared", "distinct"]


class GroupRequest(Body):
    """Create a group of fresh sessions that start from the experiment's world seed at their first call."""

    name: str = Field(min_length=1, description="The group's name: members are '<name>.1' .. '<name>.<count>'")
    count: int = Field(ge=1, le=1000, description="How many sessions")
    seed: GroupSeed = "distinct"


class GroupResult(Body):
    name: str
    keys: list[str]
    seed: Literal["shared", "distinct"]


class ToolFidelity(Body):
    tool: str
    compared: int = Field(description="Shadow calls with a divergence score")
    mean_divergence: float = Field(description="0: simulation matched reality; 1: nothing in common")


class FidelitySummary(Body):
    experiment: str
    tools: list[ToolFidelity]
    source: str | None = Field(
        None, description="Where `figures` come from: the experiment's `fidelity:` JSON, or its shadow runs"
    )
    figures: dict[str, Any] | None = Field(
        None,
        description="The pooled figures of fidelity-metrics.md, as `mcp-sim fidelity --json` writes them: "
        "`overall`, `servers`, `tools` (server -> tool -> `{calls, measures: {name: {rate, hits, of}}}`), `mode`",
    )
    goals: dict[str, float] = Field(
        default_factory=dict, description="The goal of each measure the dashboard draws (violations: at most)"
    )


class AutoEvidenceView(Body):
    source: Literal["shadow", "report", "none"] = Field(description="Where the fidelity was measured")
    samples: int = Field(description="Calls the fidelity is measured over")
    fidelity: float | None = Field(description="1 - mean divergence of the shadow runs, or the report's score")
    shadow_samples: int = Field(description="Shadow runs of the tool in the window, also when a report decided")


class AutoDecisionView(Body):
    tool: str
    route: RouteName = Field(description="Where the tool's next auto-routed call goes: sim, real or shadow")
    decided: bool = Field(description="False while evidence is still gathered (the tool runs shadow meanwhile)")
    reason: str
    flagged: str | None = Field(description="Why a person should look (no real backend to fall back on)")
    evidence: AutoEvidenceView
    last_call_route: RouteName | None = Field(description="The route auto gave the tool's latest call, if any")


class AutoView(Body):
    threshold: float
    min_samples: int
    window: int
    recheck_every: int
    report: str | None = Field(description="The fidelity report used as evidence before shadow runs suffice")
    tools: list[AutoDecisionView] = Field(description="Every tool the experiment's flags route auto, decided now")
