"""Fidelity scoring: how closely simulated answers match recorded real ones ("How simulator fidelity is measured").

Pure scoring, no I/O and nothing else of mcp_sim: a runner replays each recorded session through the simulator,
asking a ``SessionScorer`` for the arguments to send (minted ids mapped) and handing it each simulated answer;
``pool`` then pools the call scores per tool, per server and overall, and ``table`` prints them.

- views: the view of an answer, whether it failed, its items and its shape.
- ids: minted-id detection and the real -> simulated id map.
- measures: per-call measures, the integrity checks (P, N, A, R) and the session scorer.
- pooled: pooling with the counts behind every percentage, as JSON and as a plain text table.
"""

from mcp_sim.reporting.fidelity.measures import KINDS, CallScore, Kind, RecordedCall, SessionScorer
from mcp_sim.reporting.fidelity.pooled import MEASURES, pool, table

__all__ = ["KINDS", "MEASURES", "CallScore", "Kind", "RecordedCall", "SessionScorer", "pool", "table"]
