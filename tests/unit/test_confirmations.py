"""Confirmation flags (confirmations.py) and base64 arguments (base64_text.py), on made-up tools."""

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import base64_text, confirmations

WIPE = {"type": "object", "properties": {"confirm": {"type": "boolean"}}, "required": ["confirm"]}


def test_a_required_confirmation_set_to_false_is_refused() -> None:
    with pytest.raises(InvalidArguments, match="confirm"):
        confirmations.check("wipe_shelf", WIPE, {"confirm": False})
    confirmations.check("wipe_shelf", WIPE, {"confirm": True})
    optional = {"type": "object", "properties": {"confirm": {"type": "boolean"}}}
    confirmations.check("wipe_shelf", optional, {"confirm": False})  # not required: false is a choice
    dry = {"type": "object", "properties": {"dry_run": {"type": "boolean"}}, "required": ["dry_run"]}
    confirmations.check("wipe_shelf", dry, {"dry_run": False})  # no confirmation by its name


def test_base64_that_does_not_decode_is_refused() -> None:
    said = {"type": "object", "properties": {"payload": {"type": "string", "description": "Base64 encoded bytes"}}}
    assert base64_text.decodes("UXVhcnRlcmx5") and base64_text.decodes("aGk") and base64_text.decodes("a-_b")
    assert not base64_text.decodes("not base64!!") and not base64_text.decodes("abcde")
    with pytest.raises(InvalidArguments, match="base64"):
        base64_text.check("upload_sketch", said, {"payload": "not base64!!"})
    with pytest.raises(InvalidArguments, match="base64"):
        base64_text.check("upload_sketch", {"type": "object"}, {"image_b64": "%%%"})
    base64_text.check("upload_sketch", said, {"payload": "aGVsbG8="})
    either = {"type": "object", "properties": {"payload": {"type": "string", "description": "Plain text or base64"}}}
    base64_text.check("upload_sketch", either, {"payload": "hello there!"})
