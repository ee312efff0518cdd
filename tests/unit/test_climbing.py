"""An absolute path that climbs with ``..`` out of the session's working folder (climbing.py), made-up tools."""

import pytest

from mcp_sim.config import ToolSpec
from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import climbing
from mcp_sim.state.base import Turn
from tests.unit.test_recall import path_of, text


def used(path: str) -> Turn:
    result = {"content": [{"type": "text", "text": "ok"}], "isError": False}
    return Turn(index=0, tool="stash_scroll", arguments={"path": path}, route="sim", result=result)


EARLIER = [used("/srv/vault/root/a.txt"), used("/srv/vault/root/deep/b.txt")]


def test_a_path_climbing_out_of_the_working_folder_is_refused_naming_where_it_lands() -> None:
    with pytest.raises(InvalidArguments, match=r"/srv/vault/escape\.txt not in /srv/vault/root"):
        climbing.check("stash_scroll", {"path": "/srv/vault/root/../escape.txt"}, EARLIER)


def test_climbs_that_stay_inside_start_elsewhere_or_come_first_pass() -> None:
    climbing.check("stash_scroll", {"path": "/srv/vault/root/deep/../c.txt"}, EARLIER)  # stays inside
    climbing.check("stash_scroll", {"path": "/srv/vault/root/../root/c.txt"}, EARLIER)  # back inside
    climbing.check("stash_scroll", {"path": "/srv/vault/root/../escape.txt"}, [])  # no folder known yet
    assert climbing.climbs({"path": "/srv/a/../b", "note": "/x/../y"}) == ["/srv/a/../b"]


async def test_the_simulator_refuses_it_over_mcp() -> None:
    schema = {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}
    path = path_of(ToolSpec(name="stash_scroll", input_schema=schema))
    assert not (await path.call("s", "stash_scroll", {"path": "/srv/vault/root/a.txt", "content": "x"})).is_error
    refused = await path.call("s", "stash_scroll", {"path": "/srv/vault/root/../escape.txt", "content": "x"})
    assert refused.is_error and "outside allowed directories" in text(refused)
