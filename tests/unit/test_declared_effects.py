"""The effects format for real tools (config/effect_format.py, simulation/builtin/declared.py), on the specs
shipped in tool_specs/: each feature as the real server showed it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from mcp.types import CallToolResult, TextContent

from mcp_sim.calls import CallPath
from mcp_sim.catalog.specs import build_catalog, load_spec_file
from mcp_sim.config import ToolSpecFile, load_experiment
from mcp_sim.errors import ConfigError
from mcp_sim.perturbations.base import NoPerturbations
from mcp_sim.routing import flags as router
from mcp_sim.runtime import load_world_seeds
from mcp_sim.simulation.builtin.simulator import SchemaWorldModel
from mcp_sim.state.memory import MemoryStore

SPECS = Path(__file__).resolve().parents[2] / "tool_specs"
ROOT = "/srv/work"


def shipped(tmp_path: Path, server: str) -> CallPath:
    path = tmp_path / f"{server}.yaml"
    path.write_text(yaml.safe_dump({"name": server, "seed": 3, "tools": [str(SPECS / f"{server}.yaml")]}))
    loaded = load_experiment(path)
    e = loaded.experiment
    routing = router.Routing.of(e.route, e.routes)
    return CallPath(e, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing)


def text(result: CallToolResult) -> str:
    return "".join(b.text for b in result.content if isinstance(b, TextContent))


# ---- a. ids inside free text ----


async def test_sql_tables_in_query_text_are_created_used_and_dropped(tmp_path: Path) -> None:
    db = shipped(tmp_path, "sqlite")
    assert not (await db.call("s", "read_query", {"query": "SELECT * FROM legacy"})).is_error  # open before
    made = await db.call("s", "create_table", {"query": "CREATE TABLE tags (id INTEGER, name TEXT)"})
    assert text(made) == "Table created successfully"
    again = await db.call("s", "create_table", {"query": "CREATE TABLE tags (x INT)"})
    assert text(again) == "Database error: table tags already exists" and not again.is_error  # sqlite's style
    assert text(await db.call("s", "list_tables", {})) == "[{'name': 'tags'}]"
    typo = await db.call("s", "read_query", {"query": "SELECT * FROM tagz"})
    assert text(typo) == "Database error: no such table: tagz"
    await db.call("s", "write_query", {"query": "DROP TABLE tags"})
    gone = await db.call("s", "write_query", {"query": "INSERT INTO tags (id) VALUES (1)"})
    assert text(gone) == "Database error: no such table: tags"
    assert text(await db.call("s", "list_tables", {})) == "[]"


async def test_an_argument_pattern_makes_a_call_invalid(tmp_path: Path) -> None:
    db = shipped(tmp_path, "sqlite")
    wrote = await db.call("s", "read_query", {"query": "INSERT INTO t VALUES (1)"})
    assert text(wrote) == "Error: Only SELECT queries are allowed for read_query"
    read = await db.call("s", "write_query", {"query": "SELECT 1"})
    assert text(read) == "Error: SELECT queries are not allowed for write_query"


# ---- b. hierarchical ids ----


async def test_a_folder_lists_its_children_and_a_write_needs_its_folder(tmp_path: Path) -> None:
    fs = shipped(tmp_path, "filesystem")
    await fs.call("s", "create_directory", {"path": f"{ROOT}/app"})  # new, so the session knows all it holds
    made = await fs.call("s", "create_directory", {"path": f"{ROOT}/app/src"})
    assert text(made) == f"Successfully created directory {ROOT}/app/src"
    assert made.structured_content == {"content": text(made)}  # the outputSchema's one text field
    await fs.call("s", "write_file", {"path": f"{ROOT}/app/README.md", "content": "# app\n"})
    await fs.call("s", "write_file", {"path": f"{ROOT}/app/src/main.py", "content": "print(1)\n"})
    assert text(await fs.call("s", "list_directory", {"path": f"{ROOT}/app"})) == "[FILE] README.md\n[DIR] src"
    orphan = await fs.call("s", "write_file", {"path": f"{ROOT}/app/docs/x.md", "content": "x"})
    assert orphan.is_error and "ENOENT" in text(orphan)  # app/ was made here: the session knows docs/ is not in it
    assert text(await fs.call("s", "read_text_file", {"path": f"{ROOT}/app/README.md"})) == "# app\n"
    before = await fs.call("s", "read_text_file", {"path": f"{ROOT}/old/notes.txt"})
    assert not before.is_error  # a folder from before the session may hold anything


async def test_a_declared_tool_is_probed_like_a_bare_one(tmp_path: Path) -> None:
    """A name that says it names nothing is not found, under a declared hierarchy as under a bare tool list."""
    fs = shipped(tmp_path, "filesystem")
    probe = await fs.call("s", "read_text_file", {"path": f"{ROOT}/old/missing.txt"})
    assert probe.is_error
    assert not (await fs.call("s", "read_text_file", {"path": f"{ROOT}/old/notes.txt"})).is_error


async def test_a_declared_listing_shows_what_earlier_answered_reads_named(tmp_path: Path) -> None:
    repo = shipped(tmp_path, "git")
    shown = await repo.call("s", "git_show", {"repo_path": ROOT, "revision": "8c60d68e"})
    assert not shown.is_error
    log = await repo.call("s", "git_log", {"repo_path": ROOT})
    assert "8c60d68e" in text(log)  # the read was answered: that commit exists


async def test_moving_a_folder_carries_its_children(tmp_path: Path) -> None:
    fs = shipped(tmp_path, "filesystem")
    await fs.call("s", "create_directory", {"path": f"{ROOT}/inbox"})
    await fs.call("s", "create_directory", {"path": f"{ROOT}/archive"})
    await fs.call("s", "write_file", {"path": f"{ROOT}/inbox/a.txt", "content": "A"})
    moved = await fs.call("s", "move_file", {"source": f"{ROOT}/inbox", "destination": f"{ROOT}/archive/2026"})
    assert text(moved) == f"Successfully moved {ROOT}/inbox to {ROOT}/archive/2026"
    assert text(await fs.call("s", "read_text_file", {"path": f"{ROOT}/archive/2026/a.txt"})) == "A"
    old = await fs.call("s", "read_text_file", {"path": f"{ROOT}/inbox/a.txt"})
    assert old.is_error and text(old) == f"ENOENT: no such file or directory, open '{ROOT}/inbox/a.txt'"
    await fs.call("s", "write_file", {"path": f"{ROOT}/archive/b.txt", "content": "B"})
    clash = await fs.call("s", "move_file", {"source": f"{ROOT}/archive/b.txt", "destination": f"{ROOT}/archive/2026"})
    assert clash.is_error and text(clash) == f"Destination already exists: {ROOT}/archive/2026"


async def test_a_search_finds_paths_below_a_folder_by_glob_including_ones_seen_from_before(tmp_path: Path) -> None:
    fs = shipped(tmp_path, "filesystem")
    await fs.call("s", "read_text_file", {"path": f"{ROOT}/logs/app.log"})  # from before the session: now seen
    await fs.call("s", "create_directory", {"path": f"{ROOT}/logs/old"})
    await fs.call("s", "write_file", {"path": f"{ROOT}/logs/old/a.log", "content": "x"})
    await fs.call("s", "write_file", {"path": f"{ROOT}/logs/notes.txt", "content": "x"})
    found = text(await fs.call("s", "search_files", {"path": f"{ROOT}/logs", "pattern": "**/*.log"}))
    assert found.splitlines() == [f"{ROOT}/logs/app.log", f"{ROOT}/logs/old/a.log"]
    none = await fs.call("s", "search_files", {"path": f"{ROOT}/logs", "pattern": "**/*.yaml"})
    assert text(none) == "No matches found"  # {{$items|'No matches found'}}: the first that has a value


async def test_deleting_a_folder_carries_its_children(tmp_path: Path) -> None:
    path_arg = {"type": "object", "properties": {"path": {"type": "string"}}}
    effect = {"entity": "node", "id": "path", "hierarchy": {"parents": "create"}}
    tools = [
        {"name": "mkdir", "inputSchema": path_arg, "effects": {**effect, "kind": "create", "render": "ok"}},
        {"name": "rm", "inputSchema": path_arg, "effects": {**effect, "kind": "delete", "render": "removed"}},
        {"name": "ls", "inputSchema": path_arg, "effects": {**effect, "kind": "list", "render_item": "{{$name}}"}},
    ]
    (tmp_path / "tree.yaml").write_text(yaml.safe_dump({"tools": tools}))
    path = tmp_path / "exp.yaml"
    path.write_text(yaml.safe_dump({"name": "tree", "tools": ["tree.yaml"]}))
    loaded = load_experiment(path)
    routing = router.Routing.of("sim", {})
    tree = CallPath(
        loaded.experiment, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing
    )
    await tree.call("s", "mkdir", {"path": "/t"})
    await tree.call("s", "mkdir", {"path": "/t/a/b"})  # parents: create makes /t/a, known to be new
    await tree.call("s", "mkdir", {"path": "/t/c"})
    assert text(await tree.call("s", "ls", {"path": "/t"})) == "a\nc"
    assert text(await tree.call("s", "rm", {"path": "/t/a"})) == "removed"
    assert text(await tree.call("s", "ls", {"path": "/t"})) == "c"
    gone = await tree.call("s", "ls", {"path": "/t/a/b"})
    assert gone.is_error and "not found" in text(gone)  # carried away with its folder


# ---- c, d. conflicts, invalid states, scalar state ----


async def test_branch_state_conflicts_and_invalid_states(tmp_path: Path) -> None:
    git = shipped(tmp_path, "git")
    repo = {"repo_path": "/srv/repo"}
    made = await git.call("s", "git_create_branch", {**repo, "branch_name": "feature/x"})
    assert text(made) == "Created branch 'feature/x' from 'main'"
    again = await git.call("s", "git_create_branch", {**repo, "branch_name": "feature/x"})
    assert again.is_error and "refs/heads/feature/x already exists" in text(again)
    assert (
        text(await git.call("s", "git_checkout", {**repo, "branch_name": "feature/x"}))
        == "Switched to branch 'feature/x'"
    )
    assert "On branch feature/x" in text(await git.call("s", "git_status", repo))  # the state the checkout set
    await git.call("s", "git_add", {**repo, "files": ["b.py"]})
    assert "\tmodified:   b.py" in text(await git.call("s", "git_status", repo))
    await git.call("s", "git_reset", repo)  # clears: every staged file is gone
    assert "working tree clean" in text(await git.call("s", "git_status", repo))
    assert text(await git.call("s", "git_create_branch", {**repo, "branch_name": "f2"})).endswith("from 'feature/x'")
    await git.call("s", "git_add", {**repo, "files": ["a.py"]})
    committed = text(await git.call("s", "git_commit", {**repo, "message": "Add a"}))
    sha = committed.rsplit(" ", 1)[1]
    assert committed.startswith("Changes committed successfully with hash ") and len(sha) == 40
    nothing = await git.call("s", "git_commit", {**repo, "message": "again"})
    assert nothing.is_error and "No changes staged" in text(nothing)  # the commit cleared what was staged
    assert f"Commit: {sha}\nMessage: Add a" in text(await git.call("s", "git_log", repo))
    assert "Add a" in text(await git.call("s", "git_show", {**repo, "revision": sha}))  # a sha found in the text


async def test_a_seeded_scalar_is_read_added_to_and_guarded(tmp_path: Path) -> None:
    amount = {"type": "object", "properties": {"amount": {"type": "number"}}}
    tools = [
        {"name": "get_balance", "effects": {"kind": "none", "render": "Balance: {{$state.balance}}"}},
        {"name": "deposit", "inputSchema": amount, "effects": {"kind": "none", "adds": {"balance": "{{amount}}"}}},
        {
            "name": "withdraw",
            "inputSchema": amount,
            "effects": {
                "kind": "none",
                "adds": {"balance": "-{{amount}}"},
                "invalid": [{"state": "balance", "less_than": "{{amount}}", "text": "Insufficient funds"}],
                "render": "Withdrew {{amount}}; balance {{$state.balance}}",
            },
        },
    ]
    (tmp_path / "bank.yaml").write_text(yaml.safe_dump({"tools": tools}))
    (tmp_path / "world.yaml").write_text(yaml.safe_dump({"scalars": {"balance": 100}}))
    path = tmp_path / "exp.yaml"
    path.write_text(yaml.safe_dump({"name": "bank", "tools": ["bank.yaml"], "world": "world.yaml"}))
    loaded = load_experiment(path)
    catalog = build_catalog(loaded, {})
    types, world = load_world_seeds(loaded, catalog)
    routing = router.Routing.of("sim", {})
    bank = CallPath(
        loaded.experiment,
        catalog,
        {},
        SchemaWorldModel(),
        MemoryStore(),
        NoPerturbations(),
        routing,
        world=world,
        types=types,
    )
    assert text(await bank.call("s", "get_balance", {})) == "Balance: 100"  # the world seed's scalar
    await bank.call("s", "deposit", {"amount": 25.5})
    assert text(await bank.call("s", "withdraw", {"amount": 100})) == "Withdrew 100; balance 25.5"
    refused = await bank.call("s", "withdraw", {"amount": 30})
    assert refused.is_error and text(refused) == "Insufficient funds"
    assert text(await bank.call("s", "get_balance", {})) == "Balance: 25.5"  # a refused call changed nothing


# ---- e. derived values ----


async def test_counts_are_recomputed_from_the_ledger(tmp_path: Path) -> None:
    fs = shipped(tmp_path, "filesystem")
    await fs.call("s", "create_directory", {"path": f"{ROOT}/logs/old"})
    for name in ("a.log", "b.log"):
        await fs.call("s", "write_file", {"path": f"{ROOT}/logs/{name}", "content": "x"})
    sizes = text(await fs.call("s", "list_directory_with_sizes", {"path": f"{ROOT}/logs"}))
    assert sizes.endswith("Total: 2 files, 1 directories")
    await fs.call("s", "move_file", {"source": f"{ROOT}/logs/a.log", "destination": f"{ROOT}/logs/old/a.log"})
    assert text(await fs.call("s", "list_directory_with_sizes", {"path": f"{ROOT}/logs"})).endswith(
        "Total: 1 files, 1 directories"
    )


async def test_a_total_is_the_sum_of_a_field_over_the_live_records(tmp_path: Path) -> None:
    account = {"type": "object", "properties": {"id": {"type": "string"}, "balance": {"type": "number"}}}
    tools = [
        {"name": "open_account", "inputSchema": account,
         "effects": {"kind": "create", "entity": "account", "id": "id", "render": "opened {{id}}"}},
        {"name": "close_account", "inputSchema": account,
         "effects": {"kind": "delete", "entity": "account", "id": "id", "render": "closed {{id}}"}},
        {"name": "total", "effects": {"kind": "none", "derived": {"sum": {"sum": "account.balance"},
         "n": {"count": "account"}}, "render": "{{$derived.n}} accounts, {{$derived.sum}} in all"}},
    ]  # fmt: skip
    (tmp_path / "bank.yaml").write_text(yaml.safe_dump({"tools": tools}))
    path = tmp_path / "exp.yaml"
    path.write_text(yaml.safe_dump({"name": "bank", "tools": ["bank.yaml"]}))
    loaded = load_experiment(path)
    routing = router.Routing.of("sim", {})
    bank = CallPath(
        loaded.experiment, build_catalog(loaded, {}), {}, SchemaWorldModel(), MemoryStore(), NoPerturbations(), routing
    )
    for id_, balance in (("a", 10), ("b", 2.5), ("c", 7)):
        await bank.call("s", "open_account", {"id": id_, "balance": balance})
    await bank.call("s", "close_account", {"id": "c"})
    assert text(await bank.call("s", "total", {})) == "2 accounts, 12.5 in all"


# ---- mistakes a user can make: each named ----


def tool(**effects: object) -> dict[str, object]:
    schema = {"type": "object", "properties": {"query": {"type": "string"}, "path": {"type": "string"}}}
    return {"name": "q", "inputSchema": schema, "effects": effects}


@pytest.mark.parametrize(
    ("effects", "says"),
    [
        ({"kind": "read", "ids_in_text": [{"argument": "query", "pattern": "from (\\w+"}]}, "not a valid regular"),
        ({"kind": "read", "ids_in_text": [{"argument": "query", "pattern": "(a)(b)"}]}, "at most one"),
        ({"kind": "read", "ids_in_text": [{"argument": "sql", "pattern": "x"}]}, "no argument 'sql'"),
        ({"kind": "none", "render": "Hello {{name}}"}, "no argument 'name'"),
        ({"kind": "none", "render": "{{$derived.total}}"}, "no derived value 'total'"),
        ({"kind": "none", "render": "{{$nope.x}}"}, "no such slot namespace $nope"),
        ({"kind": "none", "render": "{{$new.guid}}"}, "not 'guid'"),
        ({"kind": "move", "id": "path"}, "needs to:"),
        ({"kind": "none", "invalid": [{"text": "x"}]}, "exactly one of state"),
        ({"kind": "none", "sets": {"cwd": "{{dir}}"}}, "no argument 'dir'"),
        ({"kind": "none", "hierarchy": {"parent": "require"}}, "unknown key"),
        ({"kind": "list", "glob": "pattern"}, "no argument 'pattern'"),
        ({"kind": "none", "when": {"argument": "query", "matches": "[", "not_matches": "x"}}, "not a valid regular"),
        ({"kind": "list", "render": "{{$record.id}}", "render_item": "{{$id}}"}, "render has no {{$items}}"),
    ],
)
def test_every_mistake_is_named_with_file_line_tool_and_field(
    tmp_path: Path, effects: dict[str, object], says: str
) -> None:
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump({"tools": [tool(**effects)]}))
    with pytest.raises(ConfigError) as caught:
        load_spec_file(path)
    [problem] = caught.value.problems  # one problem, not the noise of the union's other member
    assert problem.startswith(f"{path}:") and "tool q" in problem and "effects" in problem
    assert says in problem


@pytest.mark.parametrize("effects", [{"derived": {"n": {"count": "tabel"}}}, {"clears": ["tabel"]}])
def test_counting_or_clearing_an_entity_nothing_names_is_refused(effects: dict[str, object]) -> None:
    spec = tool(kind="none", **effects)
    other = tool(kind="create", entity="table")
    with pytest.raises(ValueError, match="unknown entity 'tabel'"):
        ToolSpecFile.model_validate({"tools": [spec, {**other, "name": "make"}]})


def test_a_slot_without_a_name_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"tools": [tool(kind="none", render="{{$state}}")]}))
    with pytest.raises(ConfigError) as caught:
        load_spec_file(path)
    message = str(caught.value)
    assert "bad.yaml:" in message and "tool q" in message and "effects.render" in message


# ---- real answers feed the ledger the same way ----


def test_a_real_answer_of_a_declared_tool_feeds_the_ledger() -> None:
    from mcp_sim.ledger.effects import EntityTypes, observed_effects
    from mcp_sim.ledger.entities import Ledger
    from mcp_sim.ledger.world_state import scalars

    specs = {t.name: t for f in ("sqlite", "git", "filesystem") for t in load_spec_file(SPECS / f"{f}.yaml").tools}
    types = EntityTypes(list(specs.values()))
    ledger = Ledger()
    ok = CallToolResult(content=[TextContent(type="text", text="done")])
    calls = [
        ("create_table", {"query": "CREATE TABLE t (x INT)"}),
        ("create_table", {"query": "CREATE TABLE u (x INT)"}),
        ("write_query", {"query": "DROP TABLE u"}),
        ("git_checkout", {"repo_path": "/r", "branch_name": "dev"}),
        ("move_file", {"source": "/w/a.txt/", "destination": "/w/b.txt"}),
    ]
    for tool, arguments in calls:
        for effect in observed_effects(specs[tool], arguments, ok, types):
            ledger.apply(effect)
    assert ledger.exists("table", "t") and ledger.is_deleted("table", "u")
    assert scalars(ledger)["branch"] == "dev" and scalars(ledger)["detached"] is False  # the case `when` fits
    assert ledger.is_deleted("path", "/w/a.txt") and ledger.exists("path", "/w/b.txt")  # paths in one spelling
