"""``mcp-sim learn``: what real observations show per tool, written into a tool spec file a person reviews.

For each tool: its schemas from the tool list (``--tools``), and ``examples:`` chosen so that they teach the
built-in simulator exactly what all the observations teach (one per answer form and failure kind, see
``simulation/learned.py`` ``representatives``), not every call. Above each tool a comment says what was learned:
the success form with its slots (``{{branch_name}}`` is filled from that argument), each failure style, and how
many calls were seen. A listed tool never observed gets the examples of an observed sibling of its family
(``catalog/families.py``), its differing words swapped, and a comment naming the sibling, so a person sees
that those answers are borrowed. Loading the file gives the simulator the same shapes as learning from the
observations.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mcp_sim.catalog.families import borrowed, is_lent, lent, server_prefix
from mcp_sim.config import Example, ToolSpec
from mcp_sim.errors import ConfigError
from mcp_sim.reporting.fidelity.command import tool_lists
from mcp_sim.reporting.fidelity.trajectories import example_of, read_calls
from mcp_sim.simulation.learned import SLOT, Template, learn, representatives

SERVER_INFO = "io.modelcontextprotocol/serverInfo"
MAX_FORM_CHARS = 160  # of a learned form quoted in a comment


@dataclass(frozen=True)
class Written:
    tools: int
    examples: int
    calls: int


def learned_specs(inputs: list[Path], tools: list[Path] | None = None) -> tuple[str | None, list[ToolSpec], int]:
    """(the upstream the tool list snapshots, if one, the specs with chosen examples, calls observed)."""
    calls = read_calls(inputs)
    lists = tool_lists(tools or [])
    listed = {spec.name: spec for specs in lists.values() for spec in specs}
    seen: dict[str, list[Example]] = {}
    for call in calls:
        example = example_of(call)
        if example is not None:
            seen.setdefault(call.tool, []).append(example)
    unlisted = sorted(set(seen) - set(listed)) if tools else []
    if unlisted:
        raise ConfigError([f"tool {name!r} was observed but is in none of the --tools lists" for name in unlisted])
    names = list(listed) if tools else list(seen)
    specs = []
    for name in names:
        base = listed.get(name) or ToolSpec.model_validate({"name": name})
        chosen = [_unstamped(e) for e in representatives([*base.examples, *seen.get(name, [])])]
        specs.append(base.model_copy(update={"examples": chosen}))
    specs = borrowed(specs)
    upstream = next(iter(lists)) if len(lists) == 1 else None
    return upstream, specs, len(calls)


def write_learned_spec(inputs: list[Path], output: Path, tools: list[Path] | None = None) -> Written:
    upstream, specs, calls = learned_specs(inputs, tools)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(spec_yaml(upstream, specs, inputs, calls), encoding="utf-8")
    return Written(len(specs), sum(len(s.examples) for s in specs), calls)


def spec_yaml(upstream: str | None, specs: list[ToolSpec], inputs: list[Path], calls: int) -> str:
    """The spec file: a header, then each tool with a comment saying what its examples teach."""
    sources = ", ".join(p.name for p in inputs)
    lines = [
        f"# Learned by `mcp-sim learn` from {calls} recorded calls ({sources}).",
        "# Each tool's examples are real answers chosen to cover every answer form and failure style seen;",
        "# the simulator answers in their shape. Edit or delete examples freely: this file is the source.",
    ]
    if upstream:
        lines.append(yaml.safe_dump({"upstream": upstream}, sort_keys=False).rstrip())
    lines.append("tools:")
    lenders = _lenders(specs)
    for spec in specs:
        lines.extend(f"# {note}" for note in describe(spec, lenders.get(spec.name)))
        dumped = spec.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True, mode="json")
        dumped["name"] = spec.name
        lines.append(yaml.safe_dump([dumped], sort_keys=False, allow_unicode=True, width=110).rstrip())
    return "\n".join(lines) + "\n"


def describe(spec: ToolSpec, lender: str | None = None) -> list[str]:
    """What the examples of ``spec`` teach, one line each, for the comment above it. ``lender``: the sibling
    whose examples a never-observed tool borrowed (said, so nobody takes them for real answers of this tool)."""
    shapes = learn(spec.examples)
    if shapes is None:
        return [f"{spec.name}: never observed; answers come from its schema"]
    if lender is not None:
        notes = [f"{spec.name}: never observed; {lender}"]
    else:
        notes = [f"{spec.name}: {len(spec.examples)} examples"]
    if shapes.success is not None:
        notes.append(f"  answers: {_form(shapes.success)}")
    for kind, template in shapes.failures.items():
        notes.append(f"  {kind.replace('_', ' ')}: {_form(template)}")
    return notes


def _lenders(specs: list[ToolSpec]) -> dict[str, str]:
    """tool -> how a sibling lent it its examples (``families.borrowed``), for the tools whose examples are exactly
    what that sibling lends: they were not observed, and a person should know."""
    prefix = server_prefix(s.name for s in specs)
    found: dict[str, str] = {}
    for spec in specs:
        others = [s for s in specs if s is not spec and s.examples]
        how, _ = lent(spec, others, prefix)
        if how is not None and spec.examples and all(is_lent(e) for e in spec.examples):
            found[spec.name] = how
    return found


def _form(template: Template) -> str:
    carried = "structuredContent" if template.structured else "JSON text" if template.is_json else "text"
    body = template.body if not template.is_json else json.dumps(_outline(template.body), ensure_ascii=False)
    text = " ".join(str(body).split())
    if len(text) > MAX_FORM_CHARS:
        text = text[:MAX_FORM_CHARS] + "..."
    slots = sorted(set(SLOT.findall(json.dumps(template.body) if template.is_json else str(template.body))))
    filled = f"; slots from arguments: {', '.join(s.lstrip('=') for s in slots)}" if slots else ""
    return f"{carried} {text}{filled}"


def _outline(body: Any) -> Any:
    """The keys and nesting of a JSON template, values elided (the example below shows them)."""
    if isinstance(body, dict):
        return {k: _outline(v) for k, v in body.items()}
    if isinstance(body, list):
        return [_outline(body[0])] if body else []
    return body if isinstance(body, str) and SLOT.search(body) else type(body).__name__


def _unstamped(example: Example) -> Example:
    """The example without the server's own ``serverInfo`` stamp (mcp-sim drops it from answers too)."""
    meta = {k: v for k, v in (example.result.get("_meta") or {}).items() if k != SERVER_INFO}
    result = {k: v for k, v in example.result.items() if k != "_meta"} | ({"_meta": meta} if meta else {})
    return example.model_copy(update={"result": result})
