"""The arithmetic of benchmark section 3: requests told apart by seed, shares, and the ideal cache's share."""

from __future__ import annotations

from typing import Any

from benchmarks.prompt_windows import session_shares
from benchmarks.ticket_agent import SEED, seed_owners
from benchmarks.vllm_prefix import ideal_share
from mcp_sim.seeding import derive_seed


def body(seed: int, *contents: str) -> dict[str, Any]:
    roles = ["system", "user", "assistant"]
    return {"seed": seed, "messages": [{"role": roles[min(i, 2)], "content": c} for i, c in enumerate(contents)]}


def test_seed_owners_name_the_session_of_each_call_and_retry() -> None:
    owners = seed_owners(["a", "b"], turns=3, attempts=2)
    assert owners[derive_seed(SEED, "b", 2, "world-model")] == "b"
    assert owners[derive_seed(SEED, "a", 1, "world-model") + 1] == "a"  # the validation retry of call 1
    assert len(owners) == 12


def test_each_request_is_compared_with_the_previous_request_of_its_own_session() -> None:
    owners = {1: "a", 2: "b", 3: "a", 4: "b"}
    requests = [body(1, "S", "u1"), body(2, "S", "x"), body(3, "S", "u1", "o1"), body(4, "T", "y"), body(9, "S")]
    shares = session_shares(requests, owners)
    whole = len("<system>S<user>u1<assistant>o1")
    assert shares.values[0] == len("<system>S<user>u1") / whole  # a's second request, not b's in between
    assert shares.values[1] == len("<system>") / len("<system>T<user>y")
    assert shares.reused[0] == 1.0
    assert (shares.window_moves, shares.unattributed, shares.requests) == (1, 1, 5)


def test_the_ideal_cache_serves_the_longest_prefix_of_any_earlier_request() -> None:
    requests = [body(1, "SYSTEM", "aaaa"), body(2, "SYSTEM", "bbbb"), body(3, "SYSTEM", "aaaa", "cc")]
    served = len("<system>SYSTEM<user>") + len("<system>SYSTEM<user>aaaa")
    total = 2 * len("<system>SYSTEM<user>aaaa") + len("<system>SYSTEM<user>aaaa<assistant>cc")
    assert ideal_share(requests) == served / total
