"""``instruct``: natural-language control of the world model, for simulated calls only.

    - type: instruct
      match: {tools: ["search_*"], turns: "5-"}
      text: Return results that are plausible but slightly out of date.

The text goes into ``SimulationRequest.instructions``, which world models put in the *current* turn of
their prompt, so the prompt prefix of a session stays byte-stable (and cacheable). Real calls never see it.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from mcp_sim.outcome import Outcome
from mcp_sim.perturbations.base import Call, Decision, Next, Params, Perturbation


class InstructParams(Params):
    text: str = Field(min_length=1)


class Instruct(Perturbation[InstructParams]):
    type: ClassVar[str] = "instruct"
    Params = InstructParams
    routes: ClassVar[frozenset[str]] = frozenset({"sim"})

    async def apply(self, call: Call, call_next: Next, decision: Decision) -> Outcome:
        decision.note(instruction=self.params.text)
        return await call_next(call.replace(instructions=(*call.instructions, self.params.text)))
