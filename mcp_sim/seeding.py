"""Every random decision derives from (experiment seed, session, call index, purpose).

No module keeps global random state: each decision asks for its own ``random.Random`` here, so the same
seed and the same calls give the same trajectory, and a different seed gives a different one.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, session: str, call_index: int, purpose: str) -> int:
    """A 63-bit seed, stable across processes and Python versions (unlike ``hash()``)."""
    material = f"{seed}\x1f{session}\x1f{call_index}\x1f{purpose}".encode()
    return int.from_bytes(hashlib.blake2b(material, digest_size=8).digest(), "big") >> 1


def rng_for(seed: int, session: str, call_index: int, purpose: str) -> random.Random:
    return random.Random(derive_seed(seed, session, call_index, purpose))
