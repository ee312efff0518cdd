"""What a server does not check of its input schemas, as its observed answers show.

Most servers refuse a call their inputSchema rules out (the official SDKs validate before the tool runs), and
the simulator does too (``CatalogEntry.check_arguments``). Some do not: a TypeScript server on the SDK's
low-level ``Server`` hands the arguments to its code as they came, so ``create_group`` without its required
``description``, or a ``category`` outside its enum, is stored as given. An observed call that succeeded with
arguments its schema rules out shows it: the keyword it broke (``required``, ``enum``, ``type``) is one the
server does not enforce, for every tool it serves (one server reads its arguments one way). A keyword no
observation broke stays enforced: nothing says the server lets it through.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import jsonschema
from mcp.types import CallToolResult

from mcp_sim.catalog.families import is_lent
from mcp_sim.config import Example, ToolSpec
from mcp_sim.ledger.answers import answer_body, is_failure

_SAYS_ERROR = re.compile(r"^\W*(?:\w+\s+){0,2}error\b", re.IGNORECASE)  # "Error: ...", "Tool execution error"


def unenforced(specs: Iterable[ToolSpec]) -> frozenset[str]:
    """The JSON Schema keywords (``required``, ``enum``...) some observed successful call of these tools broke."""
    found: set[str] = set()
    for spec in specs:
        if not spec.examples or not spec.input_schema:
            continue
        validator = jsonschema.Draft202012Validator(spec.input_schema)
        for example in spec.examples:
            if not is_lent(example) and not failed(example):  # a sibling's example shows nothing of this tool
                found.update(str(e.validator) for e in validator.iter_errors(example.arguments))
    return frozenset(found)


def failed(example: Example) -> bool:
    """Whether an observed answer says the call failed: isError, an error or failed status in its JSON, or text
    led by "error" (as fidelity-metrics.md reads a failure)."""
    try:
        result = CallToolResult.model_validate(example.result)
    except ValueError:
        return True  # an answer that is no tool result shows nothing about what the server accepts
    text = "".join(getattr(block, "text", "") for block in result.content)
    return is_failure(result, answer_body(result)) or _SAYS_ERROR.match(text) is not None
