"""The registry of benchmark sections, in the order the issue numbers them. Add a module, add a line."""

from __future__ import annotations

from benchmarks import (
    concurrency,
    fidelity,
    memory,
    prefix_stability,
    proxy_overhead,
    scale_out,
    sim_path,
    soak,
    state_stores,
)
from benchmarks.harness import Section

SECTIONS: list[Section] = [
    Section("proxy_overhead", "1. Proxy overhead, real route", proxy_overhead.run, time_limit_s=900),
    Section("sim_path", "2. Simulation path cost, sim route", sim_path.run, time_limit_s=900),
    Section("prefix", "3. Prefix stability of world-model requests", prefix_stability.run, time_limit_s=900),
    Section("concurrency", "4. Concurrency: sessions against a 1 s world model", concurrency.run, time_limit_s=600),
    Section("stores", "5. Stores: calls/s and p99 per call", state_stores.run, time_limit_s=600),
    Section("memory", "6. Memory: RSS with idle sessions", memory.run, time_limit_s=600),
    Section("soak", "7. Soak: sessions under upstream kills and world-model faults", soak.run, time_limit_s=600),
    Section("fidelity", "8. Fidelity against recorded real sessions", fidelity.run, time_limit_s=600),
    Section("scale", "9. Scale-out: --workers 2, and 4 processes on one Redis", scale_out.run, time_limit_s=1800),
    Section("scale_workers", "9a. Scale-out: --workers 2 only", scale_out.run_workers, time_limit_s=900),
    Section("scale_hosts", "9b. Scale-out: 4 processes on one Redis only", scale_out.run_hosts, time_limit_s=900),
]
