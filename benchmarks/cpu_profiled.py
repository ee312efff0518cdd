"""Run a module under cProfile timed by the main thread's CPU clock, not the wall clock.

    python -m benchmarks.cpu_profiled OUT.prof -m mcp_sim serve exp.yaml --port P

cProfile's default timer is the wall clock: on a shared, loaded machine a function preempted by another
process is charged the time it waited. ``time.thread_time`` charges only CPU the main thread used, so the
shares are shares of CPU (threads other than the main one, e.g. SQLite's worker, are not profiled).

SIGUSR1 clears what was profiled so far (start-up, warm-up), so the file holds only the calls after it.
"""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
import time


def main() -> None:
    out, flag, module, *rest = sys.argv[1:]
    assert flag == "-m", "usage: python -m benchmarks.cpu_profiled OUT.prof -m MODULE [ARGS...]"
    sys.argv = [module, *rest]
    profiler = cProfile.Profile(time.thread_time)

    def restart(signum: int, frame: object) -> None:
        profiler.disable()
        profiler.clear()
        profiler.enable()

    signal.signal(signal.SIGUSR1, restart)
    profiler.enable()
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except (SystemExit, KeyboardInterrupt):
        pass
    finally:
        profiler.disable()
        profiler.dump_stats(out)


if __name__ == "__main__":
    main()
