"""Git references an agent names wrongly: one starting with ``-`` is refused, a new one must be a valid ref name.

A git reference never starts with ``-`` (``git check-ref-format``), and git servers refuse such a value
rather than pass it on as an option (``Invalid target: '--output=/tmp/x' - cannot start with '-'``). A branch
or tag being *made* must also be a valid ref name: no spaces, ``..``, ``~ ^ : ? * [ \\``, and not ending in
``/``, ``.`` or ``.lock``. Only tools of a git server (a ``git`` word, or a branch/checkout/rebase tool) and
arguments naming a reference (``branch``, ``base_branch``, ``target``, ``revision``, ``ref``, ``tag``) count.
"""

from __future__ import annotations

import re
from typing import Any

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin.tool_words import words_in

_GIT_WORDS = frozenset(
    {"git", "branch", "branches", "checkout", "rebase"}
)  # not "tag", "merge": notes and cells have them
_REF_KEY = re.compile(
    r"^(?:(?:base|source|target|new|start)_?)?(?:branch|branch_?name|ref|revision|rev|target|tag|tag_?name|commit"
    r"|start_?point)$",
    re.IGNORECASE,
)
_MADE_KEY = re.compile(r"^(?:new_?)?(?:branch|tag)(?:_?name)?$", re.IGNORECASE)
_MAKES = frozenset({"create", "new", "add", "make"})
_BAD_REF = re.compile(r"\s|\.\.|[~^:?*\[\\]|@\{|(?:/|\.|\.lock)$|^/|//")


def check(tool: str, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` for a reference that starts with ``-`` or a new one git cannot name."""
    words = words_in(tool)
    if not words & _GIT_WORDS:
        return
    makes = bool(words & _MAKES)
    for key, value in arguments.items():
        if not isinstance(value, str) or not _REF_KEY.match(key):
            continue
        if value.startswith("-"):
            raise InvalidArguments(f"Error executing tool {tool}: Invalid {key}: '{value}' - cannot start with '-'")
        if makes and _MADE_KEY.match(key) and _BAD_REF.search(value):
            raise InvalidArguments(f"Error executing tool {tool}: '{value}' is not a valid {key.replace('_', ' ')}")
