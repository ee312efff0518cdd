"""A tool with an overwrite flag refuses, with the flag off, to write again where it already wrote.

``export_csv(csv_path="out.csv")`` twice, ``create_workbook(path="a.xlsx")`` twice: a tool that declares a
boolean ``overwrite`` (``force``, ``exist_ok``, ``replace_existing``...) says by that flag that an existing
target is an error unless the caller allows it. When the session's own earlier successful call of the same
tool wrote to the same place (every path-like argument equal) and no later call removed or moved that
path away, the repeat without the flag fails as the real tool would. A tool that names where it writes beside
what it reads (``reorder(path, out)``) is refused for its target alone, when any earlier call wrote there: its
source is read, and reading it again into another file is no overwrite.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.state.base import Turn

FLAGS = frozenset(
    {"overwrite", "force", "exist_ok", "clobber", "replace_existing", "overwrite_existing", "allow_overwrite"}
)
# where a call reads or writes: ``csv_path``, ``destination``, ``out``, ``out_dir``, ``outPath`` (not ``outline``)
_PLACES = re.compile(r"(?i:path|file|dest|output|target)|(?:^|_)out(?:_|[A-Z]|$)")
_REMOVES = frozenset({"delete", "remove", "rm", "unlink", "move", "rename", "mv", "trash"})
_WORDS = re.compile(r"[^a-z0-9]+")


def flag_of(input_schema: dict[str, Any]) -> str | None:
    """The overwrite flag the tool declares, off by default (None when it has none or it defaults on)."""
    for key, prop in (input_schema.get("properties") or {}).items():
        boolean = isinstance(prop, dict) and prop.get("type") == "boolean"
        if _is_flag(key) and boolean and prop.get("default") is not True:
            return str(key)
    return None


@lru_cache(maxsize=4096)  # per argument name: the simulator asks at every call, for each of the tool's arguments
def _is_flag(key: str) -> bool:
    """Whether an argument's name is an overwrite flag's (``overwrite``, ``existOk``)."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower() in FLAGS


_TARGETS = re.compile(r"(?i:dest|output|target)|(?:^|_)out(?:_|[A-Z]|$)")  # where a call writes, not reads


def _targets_of(arguments: dict[str, Any]) -> dict[str, str]:
    return {k: v for k, v in arguments.items() if _TARGETS.search(k) and _PLACES.search(k) and isinstance(v, str)}


def _wrote(turn: Turn, tool: str, places: dict[str, str], targets: dict[str, str]) -> bool:
    """Whether ``turn`` wrote where this call writes: any call's target equal to one of ``targets``, else the
    same tool at every one of ``places``."""
    if targets:
        return bool(set(targets.values()) & set(_targets_of(turn.arguments).values()))
    return turn.tool == tool and all(turn.arguments.get(k) == v for k, v in places.items())


def _removes(turn: Turn) -> bool:
    """A delete, move or rename of what it names; one that writes its result elsewhere (``delete_pages(path,
    out)``) changes a copy, and the file it read stays."""
    places = {k for k, v in turn.arguments.items() if _PLACES.search(k) and isinstance(v, str)}
    copies = bool(_targets_of(turn.arguments)) and bool(places - set(_targets_of(turn.arguments)))
    return bool(set(_WORDS.split(turn.tool.lower())) & _REMOVES) and not copies


def _names_any(turn: Turn, places: dict[str, str]) -> bool:
    return bool(set(places.values()) & {v for v in turn.arguments.values() if isinstance(v, str)})


def check(tool: str, input_schema: dict[str, Any], arguments: dict[str, Any], earlier: list[Turn]) -> None:
    """Raise ``InvalidArguments`` when this call writes, without its flag, where the same tool wrote before."""
    flag = flag_of(input_schema)
    if flag is None or arguments.get(flag) is True:
        return
    places = {k: v for k, v in arguments.items() if _PLACES.search(k) and isinstance(v, str) and v}
    if not places:
        return
    # a call naming where it writes (``out``) beside what it reads (``path``): the target exists when any earlier
    # call wrote there; a call writing to the one place it names exists when the same tool wrote there before
    targets = {k: v for k, v in places.items() if _TARGETS.search(k)}
    if targets:
        places = targets
    written = False
    for turn in earlier:
        if turn.error is not None or turn.result is None or turn.result.get("isError", False):
            continue
        if _removes(turn):
            written = written and not _names_any(turn, places)
        else:
            written = written or _wrote(turn, tool, places, targets)
    if written:
        target = list(places.values())[-1]  # the written file comes after the source it reads
        raise InvalidArguments(f"Error executing tool {tool}: {target} already exists. Pass {flag}=true to replace it.")
