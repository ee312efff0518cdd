"""Rules folded once per turn (per_turn.py) answer as the scans they replace did, on random sessions."""

import random
from typing import Any

import pytest

from mcp_sim.errors import EntityNotFound, InvalidArguments
from mcp_sim.simulation.builtin import conflicts, lifecycle, per_turn, recall
from mcp_sim.simulation.builtin.per_turn import Folded
from mcp_sim.state.base import Turn

TOOLS = [
    "create_sheet",
    "delete_sheet",
    "rename_sheet",
    "create_branch",
    "delete_branch",
    "git_status",
    "read_query",
    "write_query",
    "create_project",
    "archive_project",
    "move_note",
    "create_note",
    "add_dependency",
    "list_sheets",
]
KEYS = ["name", "sheet", "new_name", "branch_name", "path", "source", "destination", "task_id", "depends_on_task_id"]
VALUES = ["Q1", "Q2", "main", "feature/x", "a.md", "b.md", "Apollo", "1", "2", "Q1 report 2025", "INSERT INTO t"]


def _turn(rng: random.Random, index: int) -> Turn:
    arguments = {k: rng.choice(VALUES) for k in rng.sample(KEYS, rng.randint(0, 3))}
    if rng.random() < 0.3:  # creates and removals of a few names: conflicts too
        tool = rng.choice(["create_project", "create_branch", "delete_branch", "archive_project", "create_sheet"])
        arguments = {rng.choice(["name", "branch_name"]): rng.choice(["Apollo", "main"])}
        result = {"content": [{"type": "text", "text": "ok"}], "isError": rng.random() < 0.1}
        return Turn(index=index, tool=tool, arguments=arguments, route="sim", result=result)
    if rng.random() < 0.1:
        arguments["query"] = "INSERT INTO users VALUES ('Bob')"
    if rng.random() < 0.1:
        arguments["sheets"] = rng.sample(VALUES, 2)
    failed = rng.random() < 0.2
    result = {"content": [{"type": "text", "text": "Error: no" if rng.random() < 0.3 else "ok"}], "isError": failed}
    return Turn(index=index, tool=rng.choice(TOOLS), arguments=arguments, route="sim", result=result)


# The scans as they were before the folds (conflicts.check, lifecycle.check, recall.related), for comparison.
def _conflicts_scan(tool: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    wanted = conflicts.names_in(arguments, tool)
    if not wanted or not conflicts.creates(tool):
        return
    taken = False
    for turn in earlier:
        if not conflicts._succeeded(turn):
            continue
        if turn.tool == tool and conflicts.names_in(turn.arguments, tool) == wanted:
            taken = True
        elif taken and conflicts._words(turn.tool) & conflicts._REMOVES:
            taken = taken and not (set(wanted.values()) & conflicts._values(turn.arguments))
    if taken:
        raise InvalidArguments("already exists")


def _lifecycle_scan(tool: str, description: str, arguments: dict[str, Any], earlier: list[Turn]) -> None:
    roles = lifecycle._roles(tool, arguments)
    if not roles.named:
        return
    made: list[lifecycle.Name] = []
    removed: list[lifecycle.Name] = []
    for turn in earlier:
        if turn.error is not None or turn.result is None or turn.result.get("isError", False):
            continue
        past = lifecycle._roles(turn.tool, turn.arguments)
        if past.removed:
            made = [n for n in made if not any(n.same(r) for r in past.removed)]
        if past.made:
            removed = [n for n in removed if not any(n.same(m) for m in past.made)]
        made += past.made
        removed += past.removed
    for name in roles.named:
        if name not in roles.made and any(name.same(r) for r in removed):
            raise EntityNotFound("not found")
    for name in roles.made if lifecycle.creates(tool) else []:
        refuses = name.kind != "path" and not lifecycle._ACCEPTS.search(description)
        refuses = refuses or bool(lifecycle._REFUSES.search(description))
        if refuses and any(name.same(m) for m in made) and not any(name.same(r) for r in removed):
            raise InvalidArguments("already exists")


def _related_scan(arguments: dict[str, Any], earlier: list[Turn]) -> list[dict[str, Any]]:
    wanted = recall.terms(arguments)
    candidates = [
        (len(wanted & recall.terms(turn.arguments)), turn.index, turn.arguments)
        for turn in earlier
        if (not recall.observes(turn.tool) or recall.sql.writes(turn.arguments))
        and recall.succeeded(turn)
        and turn.arguments
    ]
    ranked = sorted(candidates, key=lambda c: (c[0], c[1]), reverse=True)
    return [args for _, _, args in reversed([c for c in ranked if c[0] > 0][: recall.MAX_RECALLED])]


def _outcome(check: Any, *args: Any) -> str:
    try:
        check(*args)
    except (InvalidArguments, EntityNotFound) as exc:
        return type(exc).__name__
    return "ok"


@pytest.mark.parametrize("seed", range(12))
def test_the_folds_answer_as_the_scans_over_sliding_windows(seed: int) -> None:
    rng = random.Random(seed)
    turns: list[Turn] = []
    lookback = rng.choice([8, 64])
    for index in range(160):
        earlier = turns[max(0, index - lookback) :]
        if rng.random() < 0.05:  # the window read afresh (another process wrote, a restore): new objects
            earlier = [Turn.from_json(t.to_json()) for t in earlier]
            turns[max(0, index - lookback) :] = earlier
        call = _turn(rng, index)
        args = (call.tool, call.arguments, list(earlier))
        assert _outcome(conflicts.check, *args) == _outcome(_conflicts_scan, *args)
        description = rng.choice(["Create a sheet", "The name must not already exist", "Overwrites it"])
        described = (call.tool, description, call.arguments, list(earlier))
        assert _outcome(lifecycle.check, *described) == _outcome(_lifecycle_scan, *described)
        assert recall.related(call.arguments, list(earlier)) == _related_scan(call.arguments, list(earlier))
        turns.append(call)


def test_two_sessions_with_equal_turns_keep_their_own_states() -> None:
    made = Turn(index=0, tool="create_sheet", arguments={"name": "Q1"}, route="sim", result={"content": []})
    gone = Turn(index=1, tool="delete_sheet", arguments={"sheet": "Q1"}, route="sim", result={"content": []})
    other = Turn.from_json(made.to_json())  # another session's turn: equal, another object
    lifecycle.check("create_sheet", "", {"name": "Q1"}, [made, gone])  # removed since: free again
    with pytest.raises(InvalidArguments):
        lifecycle.check("create_sheet", "", {"name": "Q1"}, [other])
    with pytest.raises(EntityNotFound):
        lifecycle.check("show_sheet", "", {"sheet": "Q1"}, [made, gone])
    lifecycle.check("show_sheet", "", {"sheet": "Q1"}, [other])


def test_a_fold_extends_with_new_turns_and_slides() -> None:
    folded: Folded[list[int]] = Folded(list, lambda state, at, turn: state.append(at))
    turns = [Turn(index=i, tool="t", arguments={}, route="sim", result=None) for i in range(5)]
    assert folded.over(turns) == ([0, 1, 2, 3, 4], 0)
    assert folded.over([*turns[2:], Turn(index=5, tool="t", arguments={}, route="sim", result=None)]) == (
        [0, 1, 2, 3, 4, 5],
        2,
    )
    assert folded.over(turns[:3]) == ([0, 1, 2], 0)  # shorter than what is held: folded anew
    assert len(folded) == 3  # the sequence folded anew holds its turns only: the old one went
    assert per_turn.MAX_FOLDED >= 64 * 512
