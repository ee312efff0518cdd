"""The entity ledger: what exists in a session's world, so simulated answers keep referential integrity."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Op = Literal["create", "update", "delete"]


@dataclass(frozen=True)
class Effect:
    """One change a call made to the session's world."""

    op: Op
    entity: str
    id: str
    record: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"op": self.op, "entity": self.entity, "id": self.id, "record": self.record}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Effect:
        return cls(data["op"], data["entity"], data["id"], data.get("record"))


@dataclass
class Ledger:
    """Live entities by type and id, plus the ids that were deleted (they must stay deleted)."""

    entities: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    deleted: dict[str, list[str]] = field(default_factory=dict)
    created: int = 0  # how many entities were ever created: numbers new ids

    def get(self, entity: str, id_: str) -> dict[str, Any] | None:
        return self.entities.get(entity, {}).get(id_)

    def is_deleted(self, entity: str, id_: str) -> bool:
        return id_ in self.deleted.get(entity, [])

    def records(self, entity: str) -> list[dict[str, Any]]:
        return list(self.entities.get(entity, {}).values())

    def apply(self, effect: Effect) -> None:
        table = self.entities.setdefault(effect.entity, {})
        if effect.op == "create":
            self.created += 1
            table[effect.id] = dict(effect.record or {})
            if effect.id in self.deleted.get(effect.entity, []):
                self.deleted[effect.entity].remove(effect.id)
        elif effect.op == "update":
            table[effect.id] = {**table.get(effect.id, {}), **(effect.record or {})}
        else:
            table.pop(effect.id, None)
            gone = self.deleted.setdefault(effect.entity, [])
            if effect.id not in gone:
                gone.append(effect.id)

    def to_json(self) -> dict[str, Any]:
        return {"entities": self.entities, "deleted": self.deleted, "created": self.created}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ledger:
        return cls(data.get("entities", {}), data.get("deleted", {}), data.get("created", 0))
