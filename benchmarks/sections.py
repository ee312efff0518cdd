"""The registry of benchmark sections, in the order the issue numbers them. Add a module, add a line."""

from __future__ import annotations

from benchmarks import memory, proxy_overhead
from benchmarks.harness import Section

SECTIONS: list[Section] = [
    Section("proxy_overhead", "1. Proxy overhead, real route", proxy_overhead.run, time_limit_s=900),
    Section("memory", "6. Memory: RSS with idle sessions", memory.run, time_limit_s=600),
]
