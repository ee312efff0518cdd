"""The entity ledger: what exists in a session's world, so simulated answers keep referential integrity."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# observe: an answer showed the entity (a real read or list, a world seed): upsert its fields, undelete it
# assume: a call named an id the session never saw and the open world let it through (it may be from before
# the session): the id is used, but it says nothing about which others exist
Op = Literal["create", "update", "delete", "observe", "assume"]


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
    stale: dict[str, list[str]] = field(default_factory=dict)  # changed in ways no call told: fields unsure
    assumed: dict[str, list[str]] = field(default_factory=dict)  # ids used unseen in an open world (``assume``)

    def get(self, entity: str, id_: str) -> dict[str, Any] | None:
        return self.entities.get(entity, {}).get(id_)

    def is_deleted(self, entity: str, id_: str) -> bool:
        return id_ in self.deleted.get(entity, [])

    def exists(self, entity: str, id_: str) -> bool:
        return id_ in self.entities.get(entity, {})

    def is_stale(self, entity: str, id_: str) -> bool:
        return id_ in self.stale.get(entity, [])

    def knows(self, entity: str) -> bool:
        """Whether any entity of this type was ever seen (live or deleted). Ids the session only assumed (an
        update or delete of an id it never saw, let through by an open world) do not count: using one
        reveals nothing about which others exist."""
        return bool(self.seen_ids(entity))

    def seen_ids(self, entity: str) -> list[str]:
        """The ids of this type the session saw (live or deleted), without the ones it only assumed."""
        ids = [*self.entities.get(entity, ()), *self.deleted.get(entity, ())]
        assumed = self.assumed.get(entity)
        if not assumed:  # most sessions assume nothing: no set, no second list
            return ids
        unseen = set(assumed)
        return [i for i in ids if i not in unseen]

    def records(self, entity: str) -> list[dict[str, Any]]:
        return list(self.entities.get(entity, {}).values())

    def apply(self, effect: Effect) -> None:
        if effect.op == "assume":
            if effect.id not in self.assumed.setdefault(effect.entity, []):
                self.assumed[effect.entity].append(effect.id)
            # it exists from now on (a list of its type shows it), though it says nothing of which others do
            self.entities.setdefault(effect.entity, {}).setdefault(effect.id, {})
            return
        table = self.entities.setdefault(effect.entity, {})
        if effect.op == "create":
            _drop(self.assumed, effect)  # made here: seen
        if effect.op in ("create", "observe"):
            if effect.op == "create":
                self.created += 1
            base = table.get(effect.id, {}) if effect.op == "observe" else {}
            table[effect.id] = {**base, **(effect.record or {})}
            _drop(self.deleted, effect)
            _drop(self.stale, effect)  # fields seen whole again
        elif effect.op == "update" and effect.record is None:
            table.setdefault(effect.id, {})  # changed in ways the call does not tell: its fields are unsure
            if effect.id not in self.stale.setdefault(effect.entity, []):
                self.stale[effect.entity].append(effect.id)
        elif effect.op == "update":
            table[effect.id] = {**table.get(effect.id, {}), **(effect.record or {})}
        else:
            table.pop(effect.id, None)
            gone = self.deleted.setdefault(effect.entity, [])
            if effect.id not in gone:
                gone.append(effect.id)

    def to_json(self) -> dict[str, Any]:
        return {
            "entities": self.entities,
            "deleted": self.deleted,
            "created": self.created,
            "stale": self.stale,
            "assumed": self.assumed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ledger:
        return cls(
            data.get("entities", {}),
            data.get("deleted", {}),
            data.get("created", 0),
            data.get("stale", {}),
            data.get("assumed", {}),
        )


def _drop(ids: dict[str, list[str]], effect: Effect) -> None:
    if effect.id in ids.get(effect.entity, []):
        ids[effect.entity].remove(effect.id)
