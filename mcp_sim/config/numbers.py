"""Numbers in configuration files: a boolean is not one, and neither is infinity or NaN.

Pydantic's lax mode reads ``true`` as 1 (``list_page_size: true`` served one tool per page) and ``.inf`` as
a timeout. Strict mode would refuse ``"5"`` too, which is what ``${VAR}`` gives (``seed: ${SEED}`` in a
sweep), so models stay lax and refuse only these: ``allow_inf_nan=False`` plus a check of every field whose
type is a number (or a list of them) for booleans.
"""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationInfo, field_validator


class NoBooleanNumbers(BaseModel):
    """Base of file models: a boolean given for a number is refused, naming the field."""

    @field_validator("*", mode="before")
    @classmethod
    def _not_a_boolean(cls, value: Any, info: ValidationInfo) -> Any:
        kind = _kind_of(cls, info.field_name or "")
        if kind == "number":
            return not_a_boolean(value)
        if kind == "numbers" and isinstance(value, list) and any(isinstance(v, bool) for v in value):
            raise ValueError("expected numbers, not booleans")
        return value


# (model class, field) -> what _numeric says of its annotation. The validator runs for every field of every
# model built, and reading the annotation each time (typing.get_origin / get_args) was most of its cost.
_KINDS: dict[tuple[type, str], str | None] = {}


def _kind_of(cls: type[BaseModel], name: str) -> str | None:
    key = (cls, name)
    try:
        return _KINDS[key]
    except KeyError:
        field = cls.model_fields.get(name)
        kind = _KINDS[key] = None if field is None else _numeric(field.annotation)
        return kind


def not_a_boolean(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError(f"expected a number, not the boolean {str(value).lower()}")
    return value


def _numeric(annotation: Any) -> str | None:
    """'number' for int / float (optional or not), 'numbers' for a list of them, else None."""
    if annotation in (int, float):
        return "number"
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin in (typing.Union, types.UnionType) and args and all(a in (int, float) for a in args):
        return "number"
    if origin is typing.Annotated and args:
        return _numeric(args[0])
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return _numeric(args[0])
    if origin is list and args and args[0] in (int, float):
        return "numbers"
    return None
