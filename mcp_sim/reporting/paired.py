"""The fidelity figures of ``fidelity-metrics.md`` for real/simulated pairs already observed, and from a saved JSON.

Shadow runs, and ``report --simulate``, answer each recorded call with both reality and the simulator; this scores
those pairs session by session, in call order, with the same scorer ``mcp-sim fidelity`` uses, and pools them per
tool (``fidelity.pool``). The simulator answered the arguments as the agent sent them, so there is no id to map:
where it minted an id of its own the scorer maps the real one to it, as in a replay.

``load`` reads the file ``mcp-sim fidelity --json`` writes and checks it has the pooled figures the chart needs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from mcp_sim.errors import ConfigError
from mcp_sim.reporting.fidelity import RecordedCall, SessionScorer, pool
from mcp_sim.reporting.sources import ObservedCall, by_session

NO_SERVER = "recorded"  # the server name of pairs whose source does not say (traces, recordings)


def pooled_pairs(
    calls: Iterable[ObservedCall], output_schemas: Mapping[str, Mapping[str, Any] | None] | None = None
) -> dict[str, Any] | None:
    """``fidelity.pool`` of every call with both a real and a simulated answer; None when there is none.

    A session's calls without a pair still teach its scorer what the session established, as they did the agent.
    """
    scores = []
    for session, observed in by_session(list(calls)).items():
        scorer = SessionScorer(output_schemas or {})
        for index, call in enumerate(observed):
            if call.real is None:
                continue  # nothing real to compare with, nor anything the real session established
            server = call.server or NO_SERVER
            recorded = RecordedCall(server, session, index, call.tool, call.arguments, call.real, None)
            score = scorer.score(recorded, call.sim, None if call.sim is not None else _NOT_SIMULATED)
            if call.sim is not None:
                scores.append(score)
    return pool(scores) if scores else None


# A real-only call is scored to keep the scorer's session state in step; its score is dropped.
_NOT_SIMULATED = {"code": 0, "message": "not simulated"}


def load(path: Path, named_by: str = "--fidelity") -> dict[str, Any]:
    """The pooled figures of a ``mcp-sim fidelity --json`` file, or a ConfigError that names what is wrong.

    ``named_by``: where the file was named (a flag, an experiment key), so the error points there."""
    where = f"{named_by} {path}"
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError([f"{where}: no such file (mcp-sim fidelity ... --json writes it)"]) from None
    except (OSError, ValueError) as exc:
        raise ConfigError([f"{where}: not a JSON file ({exc})"]) from None
    missing = [key for key in FIGURES if not isinstance(report, dict) or key not in report]
    if missing:
        found = ", ".join(missing)
        raise ConfigError([f"{where}: not a fidelity report (no {found}); use the file mcp-sim fidelity --json writes"])
    return {key: report[key] for key in ("mode", *FIGURES) if key in report}


FIGURES = ("overall", "servers", "tools")
