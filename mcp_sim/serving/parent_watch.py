"""A worker of ``serve --workers`` stops when its supervisor dies, however it dies.

A supervisor killed with SIGKILL cannot stop its workers; without this they would go on serving the socket they
inherited, unsupervised, for good. Three layers, because each alone misses a case:

- Linux: ``prctl(PR_SET_PDEATHSIG, SIGTERM)`` asks the kernel to send SIGTERM when the parent dies. The kernel
  watches the parent *thread* that forked the worker: uvicorn's supervisor forks from its main thread, which
  lives as long as the supervisor does.
- The parent may die between the fork and that prctl (a kill right after start-up, while the worker is still
  importing): the worker then has been reparented already and no signal will ever come. Comparing
  ``os.getppid()`` with the supervisor's pid, handed down by the supervisor, catches it.
- Elsewhere (no prctl): a daemon thread polls ``os.getppid()`` and sends SIGTERM to its own process.

SIGTERM is uvicorn's graceful stop: calls in flight finish, the lifespan closes upstreams and the store.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading

import structlog

log = structlog.get_logger("mcp_sim.serving.parent_watch")

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
POLL_S = 0.5  # the portable fallback's poll period: how long an orphan may live


class ParentGone(SystemExit):
    """The supervisor died before this worker started serving: nothing to stop, exit at once."""


def stop_with_parent(supervisor_pid: int, *, poll_s: float = POLL_S) -> str:
    """Arrange for SIGTERM to this process when ``supervisor_pid`` (its parent) dies; returns how ("prctl" or
    "poll"). Raises ParentGone when the parent is already gone."""
    how = "prctl" if _kernel_watch(signal.SIGTERM) else "poll"
    if os.getppid() != supervisor_pid:  # died before the kernel was asked: no signal is coming
        log.warning("supervisor gone before the worker started; exiting", supervisor=supervisor_pid)
        raise ParentGone(0)
    if how == "poll":
        threading.Thread(target=_poll, args=(supervisor_pid, poll_s), name="parent-watch", daemon=True).start()
    return how


def _kernel_watch(sig: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # no libc / no prctl: the portable poll takes over
        return False


def _poll(supervisor_pid: int, poll_s: float) -> None:
    stop = threading.Event()  # never set: an interruptible sleep
    while os.getppid() == supervisor_pid:
        stop.wait(poll_s)
    log.warning("supervisor gone; stopping the worker", supervisor=supervisor_pid)
    os.kill(os.getpid(), signal.SIGTERM)
