"""Assembles a running experiment: upstream connections, catalog, world model, store, perturbations."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import partial
from pathlib import Path
from typing import Any

import anyio
import structlog
from mcp.types import Tool

from mcp_sim.backends.base import Backend
from mcp_sim.backends.openapi import OpenAPIBackend, offline_tools
from mcp_sim.backends.per_session import PerSessionUpstream
from mcp_sim.backends.upstream_mcp import UpstreamMCP
from mcp_sim.calls import CallPath
from mcp_sim.catalog.learning import taught
from mcp_sim.catalog.resources import SpecSurface
from mcp_sim.catalog.specs import Catalog, build_catalog
from mcp_sim.config import (
    Experiment,
    HttpUpstream,
    LoadedExperiment,
    OpenAIWorldModelConfig,
    OpenAPIUpstream,
    SchemaWorldModelConfig,
    StdioUpstream,
)
from mcp_sim.config.profiles import READY_PROFILES, ready_profiles
from mcp_sim.config.profiles import load_profile as read_profile
from mcp_sim.config.yamlfile import read_text_file
from mcp_sim.errors import BackendUnavailable, ConfigError, SimError, StartupError
from mcp_sim.ledger.effects import EntityTypes
from mcp_sim.ledger.entities import Effect
from mcp_sim.ledger.world import load_world, seed_effects, seeded_types
from mcp_sim.perturbations.base import NoPerturbations, Pipeline
from mcp_sim.perturbations.pipeline import ProfilePipeline
from mcp_sim.perturbations.profile_book import INLINE_PROFILE, NO_PROFILE, ProfileBook
from mcp_sim.routing import flags as router
from mcp_sim.routing.auto import AutoRouter, Evidence, load_report
from mcp_sim.routing.recorded import RecordedRoutes
from mcp_sim.routing.recordings import Recordings
from mcp_sim.simulation.base import WorldModel
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.simulation.learned import representatives
from mcp_sim.state.base import StateStore
from mcp_sim.state.urls import open_store_url, parse_store_url

log = structlog.get_logger("mcp_sim.runtime")


@asynccontextmanager
async def running_experiment(loaded: LoadedExperiment) -> AsyncIterator[CallPath]:
    """Connect upstreams (each in its own supervisor task), build the catalog, and serve until closed."""
    experiment = loaded.experiment
    upstreams = {name: make_upstream(name, config, loaded) for name, config in experiment.upstreams.items()}
    async with anyio.create_task_group() as tasks:
        async with anyio.create_task_group() as connecting:  # upstreams connect in parallel
            for upstream in upstreams.values():
                connecting.start_soon(tasks.start, upstream.run)
        discovered = await discover(upstreams)
        checked = preflight(loaded, discovered)
        ref, pipeline = startup_profile(loaded, checked.pipeline)
        unexposed, types, world = checked.unexposed, checked.types, checked.world
        catalog = checked.catalog if pipeline is checked.pipeline else pipeline.expose(unexposed)
        routing = router.Routing.of(experiment.route, experiment.routes)
        check_routes(catalog, routing, upstreams, discovered, experiment.replay.on_miss)
        recordings = Recordings(recordings_path(loaded))
        catalog, unexposed = taught_by_recordings(recordings, catalog, unexposed)
        store = open_store(experiment.state, loaded.base_dir, experiment.name, carried_calls(experiment))
        await reconcile_stored_flags(store, experiment.name, routing, forced=loaded.route_override is not None)
        tasks.start_soon(expire_abandoned, store, partial(end_sessions, upstreams))
        world_model = make_world_model(loaded, catalog)
        backends: dict[str, Backend] = dict(upstreams)
        profiles = ProfileBook(
            ref, pipeline, lambda ref: load_profile(loaded, ref), lambda ref: remember_profile(loaded, ref)
        )
        real = [entry.name for entry in catalog if entry.upstream in discovered]
        auto = AutoRouter(experiment.auto, recordings, experiment.name, real, auto_report(loaded))
        try:
            yield CallPath(
                experiment,
                catalog,
                backends,
                world_model,
                store,
                pipeline,
                routing,
                profiles,
                world=world,
                types=types,
                recorded=RecordedRoutes(recordings, experiment.replay.on_miss),
                unexposed=unexposed,
                auto=auto,
                surface=checked.surface,
            )
        finally:
            recordings.close()
            await world_model.aclose()
            await store.aclose()
            tasks.cancel_scope.cancel()


@dataclass
class Preflight:
    """What ``preflight`` built on the way: serve goes on with it, validate only wanted the checks."""

    pipeline: Pipeline
    unexposed: Catalog
    catalog: Catalog
    types: EntityTypes
    world: list[Effect]
    routes_checked: bool  # False when an upstream's tools are unknown (down, no snapshot): globs not checked
    surface: SpecSurface  # the spec files' resources and prompts


def preflight(loaded: LoadedExperiment, discovered: dict[str, list[Tool]]) -> Preflight:
    """Every check serve makes before it accepts traffic, short of connecting upstreams (``discovered`` is what
    they listed; ``mcp-sim validate`` passes none and relies on snapshots). ``validate`` runs exactly this, so
    "validate ok" means "serve starts" whenever the upstreams are up. Raises ``StartupError`` or ``ConfigError``."""
    experiment = loaded.experiment
    pipeline = load_pipeline(loaded)
    discovered = {**documented_tools(loaded), **discovered}
    unexposed = build_catalog(loaded, discovered)
    catalog = pipeline.expose(unexposed)
    known = all(name in discovered or any(e.upstream == name for e in unexposed) for name in experiment.upstreams)
    if known:
        check_route_globs(loaded, catalog)
    types, world = load_world_seeds(loaded, catalog)
    parse_store_url(experiment.state, loaded.base_dir, experiment.name)
    check_world_model_files(loaded)
    auto_report(loaded)
    surface = SpecSurface.of(loaded.spec_files)  # a URI or prompt declared twice is refused here
    return Preflight(pipeline, unexposed, catalog, types, world, routes_checked=known, surface=surface)


def check_route_globs(loaded: LoadedExperiment, catalog: Catalog) -> None:
    """A ``routes:`` pattern that matches no tool is a typo that silently routes nothing."""
    names = [entry.name for entry in catalog]
    unmatched = [p for p in loaded.experiment.routes if not any(fnmatchcase(n, p) for n in names)]
    if unmatched:
        raise StartupError(
            f"routes pattern(s) {unmatched} match no tool (tools: {', '.join(names[:20]) or 'none'})",
            file=loaded.path,
            field="routes",
        )


def documented_tools(loaded: LoadedExperiment) -> dict[str, list[Tool]]:
    """The tools of OpenAPI upstreams whose document is a file: known (and checked) without any server."""
    found: dict[str, list[Tool]] = {}
    for name, config in loaded.experiment.upstreams.items():
        if isinstance(config, OpenAPIUpstream) and (tools := offline_tools(name, config, loaded.base_dir)):
            found[name] = tools
    return found


def auto_report(loaded: LoadedExperiment) -> dict[str, Evidence]:
    """Per-tool evidence for ``route: auto`` from ``auto.report`` (a fidelity report), relative to the file."""
    report = loaded.experiment.auto.report
    return {} if report is None else load_report(loaded.resolve(report))


def check_world_model_files(loaded: LoadedExperiment) -> None:
    """The LLM world model's prompt files exist and read as text (the model reads them when it starts)."""
    config = loaded.experiment.world_model
    if not isinstance(config, OpenAIWorldModelConfig):
        return
    for field, relative in (("system_prompt", config.system_prompt), ("demonstrations", config.demonstrations)):
        if relative is not None:
            try:
                read_text_file(loaded.resolve(relative))
            except ConfigError as exc:
                raise StartupError(exc.problems[0], file=loaded.path, field=f"world_model.{field}") from None


RealUpstream = UpstreamMCP | PerSessionUpstream | OpenAPIBackend


def make_upstream(
    name: str, config: StdioUpstream | HttpUpstream | OpenAPIUpstream, loaded: LoadedExperiment
) -> RealUpstream:
    if isinstance(config, OpenAPIUpstream):
        return OpenAPIBackend(name, config, str(loaded.base_dir))
    if isinstance(config, StdioUpstream) and config.per_session:
        return PerSessionUpstream(name, config, str(loaded.base_dir))
    return UpstreamMCP(name, config, str(loaded.base_dir))


async def end_sessions(upstreams: dict[str, RealUpstream], keys: list[str]) -> None:
    """Sessions that ended outside any call (expired): per-session upstreams stop their processes."""
    for key in keys:
        for upstream in upstreams.values():
            await upstream.end_session(key)


async def discover(upstreams: dict[str, RealUpstream]) -> dict[str, list[Tool]]:
    """Every tools/list page of every upstream that answered; failures are logged and left out."""
    found: dict[str, list[Tool]] = {}
    for name, upstream in upstreams.items():
        try:
            found[name] = await upstream.list_tools()
        except BackendUnavailable as exc:
            log.warning("upstream unavailable at start-up", upstream=name, error=str(exc))
    return found


def check_routes(
    catalog: Catalog,
    routing: router.Routing,
    upstreams: dict[str, RealUpstream],
    discovered: dict[str, list[Tool]],
    on_miss: str = "sim",
) -> None:
    """A tool routed real (or replayed with ``replay.on_miss: real``) needs a live backend: say so now, not at the
    first call."""
    problems = []
    for name, upstream in upstreams.items():
        if name not in discovered and not any(e.upstream == name for e in catalog):
            problems.append(
                f"upstream '{name}' is unavailable ({upstream.error!r}) and no snapshot spec stands in for it; "
                "run `mcp-sim snapshot` while it is up, or fix its command/url"
            )
    for entry in catalog:
        route = router.route(routing, entry.name)
        if not router.needs_real(route) and not (route == "replay" and on_miss == "real"):
            continue
        how = f"{route} (replay.on_miss: real)" if route == "replay" else route
        if entry.upstream is None:
            problems.append(
                f"tool '{entry.name}' is routed {how} but has no real backend (it comes from {entry.source})"
            )
        elif entry.upstream not in discovered:
            problems.append(f"tool '{entry.name}' is routed {how} but upstream '{entry.upstream}' is unavailable")
    if problems:
        raise StartupError("\n".join(problems))


async def reconcile_stored_flags(store: StateStore, experiment: str, routing: router.Routing, forced: bool) -> None:
    """Stored sessions keep the flags of their first call, so a restart with other flags would quietly route them
    the old way (a session recorded earlier goes on calling the real tool under ``route: replay``). Say which
    differ; with ``serve --route`` (``forced``) move them to the experiment's flags."""
    wanted = routing.to_json()
    differ: list[str] = []
    for key in await store.sessions(experiment):
        async with store.lock(experiment, key):
            state = await store.load(experiment, key)
            if state.routing is None or state.routing == wanted:
                continue
            differ.append(f"{key} ({_flags_text(state.routing)})")
            if forced:
                state.routing = wanted
                await store.save(state)
    if not differ:
        return
    shown = ", ".join(differ[:10]) + (f" and {len(differ) - 10} more" if len(differ) > 10 else "")
    if forced:
        log.info("serve --route moved stored sessions to its flags", experiment=experiment, sessions=len(differ),
                 flags=_flags_text(wanted), moved=shown)  # fmt: skip
    else:
        log.warning(
            "stored sessions keep flags that differ from the experiment's; they go on routing their own way "
            "(serve --route ROUTE moves them, as does the admin switch with apply_to_running)",
            experiment=experiment, sessions=len(differ), experiment_flags=_flags_text(wanted), differing=shown,
        )  # fmt: skip


def _flags_text(routing: dict[str, Any]) -> str:
    overrides = routing.get("overrides") or {}
    return str(routing["default"]) + "".join(f", {glob}: {route}" for glob, route in overrides.items())


def open_store(
    url: str | None, base_dir: Path | None = None, name: str = "mcp-sim", concurrency: int | None = None
) -> StateStore:
    """The store of ``state:`` (default: ``<experiment dir>/.mcp-sim/<name>.db``); see ``mcp_sim.state.urls``."""
    return open_store_url(url, base_dir or Path.cwd(), name, concurrency)


def carried_calls(experiment: Experiment) -> int | None:
    """How many calls one process may carry at once, as far as the experiment says: an LLM world model's
    ``max_concurrency`` (calls wait on it, each holding its session). Sizes the Redis pool."""
    model = experiment.world_model
    return model.max_concurrency if isinstance(model, OpenAIWorldModelConfig) else None


async def expire_abandoned(
    store: StateStore, on_gone: Callable[[list[str]], Awaitable[None]] | None = None, every_s: float = 60.0
) -> None:
    """Deletes sessions idle beyond the store's TTL (``?ttl=`` in the state URL), once a minute; ``on_gone``
    hears which (their per-session backends stop)."""
    while True:
        try:
            gone = await store.expire()
            if gone and on_gone is not None:
                await on_gone(gone)
        except Exception as exc:  # this task shares the experiment's task group: a failed pass must not end it
            log.warning("expiring abandoned sessions failed; trying again later", error=str(exc))
            gone = []
        if gone:
            log.info("expired abandoned sessions", count=len(gone))
        await anyio.sleep(every_s)


def load_world_seeds(loaded: LoadedExperiment, catalog: Catalog) -> tuple[EntityTypes, list[Effect]]:
    """Entity types of the catalog (plus seeded ones) and the world's seed records (``world:``)."""
    specs = [entry.spec for entry in catalog]
    if loaded.experiment.world is None:
        return EntityTypes(specs), []
    path = loaded.resolve(loaded.experiment.world)
    world = load_world(path)
    types = EntityTypes(specs, seeded_types(world, EntityTypes(specs)))
    return types, seed_effects(world, types, path)


def recordings_path(loaded: LoadedExperiment) -> Path:
    """``recordings:`` relative to the experiment file; by default ``<experiment file stem>.recordings.sqlite``."""
    return loaded.resolve(loaded.experiment.recordings or f"{loaded.path.stem}.recordings.sqlite")


def taught_by_recordings(recordings: Recordings, *catalogs: Catalog) -> tuple[Catalog, ...]:
    """The catalogs with what the experiment's recordings file observed as examples: on the ``sim`` route and on
    a ``replay`` miss the world model answers in the shapes the real tools showed (read once, at start-up)."""
    observed = recordings.examples()
    if observed:
        log.info("learning from recordings", file=str(recordings.path), tools=len(observed))
    return tuple(taught(catalog, observed, representatives) for catalog in catalogs)


def make_world_model(loaded: LoadedExperiment, catalog: Catalog) -> WorldModel:
    config = loaded.experiment.world_model
    if isinstance(config, SchemaWorldModelConfig):
        return SchemaWorldModel(config)
    if isinstance(config, OpenAIWorldModelConfig):
        from mcp_sim.simulation.llm.model import OpenAIWorldModel

        return OpenAIWorldModel(config, [entry.spec for entry in catalog], loaded.base_dir, SchemaWorldModel())
    raise StartupError(f"world_model.kind {config.kind!r} is not available in this build")


def load_pipeline(loaded: LoadedExperiment) -> Pipeline:
    """The experiment's perturbation profile (validated by load_experiment), or none."""
    return ProfilePipeline.of(loaded.profile)


def profile_ref(experiment: Experiment) -> str:
    """How the experiment file names its profile (see perturbations/profile_book.py)."""
    if experiment.perturbations is None:
        return NO_PROFILE
    return experiment.perturbations if isinstance(experiment.perturbations, str) else INLINE_PROFILE


def load_profile(loaded: LoadedExperiment, ref: str) -> Pipeline:
    """The pipeline of a profile reference, for switches at run time: ``load_pipeline`` of the experiment as if
    its file named that profile, so profile loading lives in one place."""
    if ref == NO_PROFILE:
        return NoPerturbations()
    if ref == INLINE_PROFILE:
        return load_pipeline(loaded)
    return ProfilePipeline.of(read_profile(confined_profile_path(loaded, ref)))


def confined_profile_path(loaded: LoadedExperiment, ref: str) -> Path:
    """Where a profile reference given at run time (admin API, a stored or imported session) may point: a
    ready-profile name (``flaky``), a file inside the experiment's folder or the ready-profile folder, or the
    file the experiment itself names. Anything else is refused before the file system is asked, so the answer
    never tells whether a file elsewhere exists. Reading is capped and regular files only (yamlfile.py)."""
    if "\x00" in ref:
        raise StartupError("a profile reference must not contain NUL", field="profile")
    if ref == loaded.experiment.perturbations:
        return loaded.resolve(ref)
    path = loaded.resolve(ref)
    inside = path.is_relative_to(loaded.base_dir.resolve())
    if not (inside and path.exists()) and ref.removesuffix(".yaml") in ready_profiles():
        return READY_PROFILES / f"{ref.removesuffix('.yaml')}.yaml"
    if not (inside or path.is_relative_to(READY_PROFILES)):
        raise StartupError(
            f"profile {ref!r} is outside the experiment's folder: give a file inside {loaded.base_dir} "
            f"or a ready profile ({', '.join(ready_profiles())})",
            field="profile",
        )
    return path


def switches_path(loaded: LoadedExperiment) -> Path:
    """Where a profile switched at run time is kept, beside the default state file."""
    return loaded.base_dir / ".mcp-sim" / f"{loaded.experiment.name}.profile.json"


def remember_profile(loaded: LoadedExperiment, ref: str) -> None:
    """Keep an admin switch for the next start (with the file's own profile, so an edited file wins)."""
    path = switches_path(loaded)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"profile": ref, "file_profile": profile_ref(loaded.experiment)}), encoding="utf-8")


def startup_profile(loaded: LoadedExperiment, pipeline: Pipeline) -> tuple[str, Pipeline]:
    """The profile new sessions get: the one last switched to at run time, unless the experiment file names
    another profile than it did then (the user edited it) or the switched one no longer loads. ``pipeline``:
    the experiment file's own."""
    ref = profile_ref(loaded.experiment)
    path = switches_path(loaded)
    if not path.exists():
        return ref, pipeline
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        if kept.get("file_profile") != ref or kept.get("profile") == ref:
            return ref, pipeline
        switched = str(kept["profile"])
        pipeline = load_profile(loaded, switched)
    except (OSError, ValueError, KeyError, SimError) as exc:
        log.warning("profile switched at run time not kept", file=str(path), error=str(exc), profile=ref)
        return ref, pipeline
    log.info("keeping the profile switched at run time", experiment=loaded.experiment.name, profile=switched,
             experiment_file_says=ref, file=str(path))  # fmt: skip
    return switched, pipeline
