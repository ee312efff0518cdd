"""A file tree: every path a session's file tools name, kept in the ledger as one hierarchy.

File tools are the most common tools there are, under two vocabularies: shell commands (``cd``, ``ls``,
``cat``, ``mkdir``, ``mv``, ``grep``... taking names relative to a working directory) and descriptive names
(``read_text_file``, ``write_file``, ``create_directory``, ``move_file``, ``search_files``... taking paths).
Both act on one tree, so the session keeps one: entities of type ``path`` keyed by absolute path, each a
``file`` (with its content when known) or a ``directory``; the working directory is the scalar ``cwd``.
The tree's rules are the ledger's (``ledger/hierarchy.py``): a folder the session made or the world seed
declared is complete, so a name it does not hold is not found; a folder from before the session is open.
Reads show what was written, moves carry children, removes take them, a file that exists cannot be made a
folder, and what is computed from content (``grep``, ``wc``, ``tail``, ``sort``, ``diff``) is computed.
"""

from __future__ import annotations

import difflib
import fnmatch
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from mcp_sim.config import ToolSpec
from mcp_sim.errors import EntityNotFound, InvalidArguments
from mcp_sim.ledger import hierarchy
from mcp_sim.ledger.entities import Effect, Ledger
from mcp_sim.ledger.world_state import SINGLETONS, scalar_effect, scalars

ENTITY = "path"
CWD = "cwd"
Kind = Literal["cd", "pwd", "list", "tree", "read", "stat", "touch", "write", "append", "mkdir", "remove", "move",
               "copy", "search", "edit"]  # fmt: skip

_SHELL: dict[str, Kind] = {
    "cd": "cd", "pwd": "pwd", "ls": "list", "dir": "list", "cat": "read", "head": "read", "tail": "read",
    "grep": "read", "wc": "read", "sort": "read", "less": "read", "more": "read", "diff": "read", "stat": "stat",
    "touch": "touch", "echo": "write", "mkdir": "mkdir", "rm": "remove", "rmdir": "remove", "unlink": "remove",
    "mv": "move", "cp": "copy", "find": "search", "tree": "tree",
}  # fmt: skip
_FILE_WORDS = frozenset({"file", "files", "directory", "directories", "folder", "folders", "dir", "dirs"})
_VERB_KINDS: dict[str, Kind] = {
    **dict.fromkeys(["read", "get", "view", "open", "show", "cat"], "read"),
    **dict.fromkeys(["write", "save", "put", "overwrite"], "write"),
    "append": "append",
    **dict.fromkeys(["create", "make", "new", "mkdir"], "write"),  # of a directory: mkdir (below)
    **dict.fromkeys(["list", "ls"], "list"),
    **dict.fromkeys(["move", "rename", "mv"], "move"),
    **dict.fromkeys(["copy", "cp", "duplicate"], "copy"),
    **dict.fromkeys(["delete", "remove", "rm", "unlink"], "remove"),
    **dict.fromkeys(["search", "find", "glob"], "search"),
    **dict.fromkeys(["edit", "modify", "patch", "update", "insert", "replace"], "edit"),
}
# a remove of what a file holds, not of the file: ``delete_text_file_contents`` edits it
_PARTS = frozenset({"content", "contents", "line", "lines", "range", "ranges"})
_ITEM_PATH = ("file_path", "filepath", "path", "file")  # batch items name their file under one of these
_PATH_ARGUMENT = re.compile(
    r"^(path|paths|file|files|file_?name\d?|file_?path|dir|dir_?name|directory|folder|source|destination|src|dst"
    r"|from_path|to_path|old_path|new_path|target_path)$",
    re.IGNORECASE,
)
_WORKING_DIRECTORY = re.compile(r"(working_?dir|current_?dir|^cwd$|^pwd$)", re.IGNORECASE)  # a seed's own cwd
_CONTENT_ARGUMENT = re.compile(r"^(content|contents|text|data|body)$", re.IGNORECASE)


@dataclass(frozen=True)
class Operation:
    kind: Kind
    shell: bool  # named as a shell command: names are relative to the working directory
    paths: tuple[str, ...]  # the arguments that name paths, in schema order


def operation_of(spec: ToolSpec) -> Operation | None:
    """What a tool does to the file tree, from its name and the arguments that name paths (None: no file
    tool). Worked out once per spec (asked twice a call): specs are frozen, made at start-up; the cache holds
    the spec, so its id is not reused while cached."""
    cached = _OPERATIONS.get(id(spec))
    if cached is not None and cached[0] is spec:
        return cached[1]
    operation = _operation_of(spec)
    if len(_OPERATIONS) >= 4096:
        _OPERATIONS.clear()
    _OPERATIONS[id(spec)] = (spec, operation)
    return operation


_OPERATIONS: dict[int, tuple[ToolSpec, Operation | None]] = {}


def _operation_of(spec: ToolSpec) -> Operation | None:
    properties = list((spec.input_schema.get("properties") or {}).keys())
    paths = tuple(p for p in properties if _PATH_ARGUMENT.match(p))
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", spec.name).lower()
    if name in _SHELL:
        kind = _SHELL[name]
        if not paths and kind not in ("cd", "pwd", "list", "tree", "search"):
            return None  # echo without a file prints its text; a "sort" of a list is no file tool
        return Operation(kind, True, paths)
    words = [w for w in re.split(r"[^a-z0-9]+", name) if w]
    nouns = set(words) & _FILE_WORDS
    if not nouns or not words:
        return None
    if words[-1] == "tree" or "tree" in words:
        return Operation("tree", False, paths)
    if set(words) & {"info", "stat", "stats", "metadata"}:
        return Operation("stat", False, paths)
    verb = _VERB_KINDS.get(words[0])
    if verb is None:
        return None
    if verb == "remove" and set(words) & _PARTS:
        verb = "edit"
    folder = bool(nouns & {"directory", "directories", "folder", "folders", "dir", "dirs"})
    if verb == "write" and folder:
        verb = "mkdir"
    if verb in ("read", "write", "append", "edit", "move", "copy", "remove", "mkdir", "stat") and not paths:
        return None
    return Operation(verb, False, paths)


@dataclass
class Answer:
    """What a file call shows (``fields`` for a structured answer, ``text`` in words) and what it changed."""

    text: str
    fields: dict[str, Any]
    effects: list[Effect] = field(default_factory=list)


def answer(tool: str, op: Operation, arguments: dict[str, Any], ledger: Ledger) -> Answer:
    """The call's answer on the session's tree; raises ``EntityNotFound`` / ``InvalidArguments`` as the tool
    would."""
    return _Tree(tool, op, arguments, ledger).run()


def seeded(ledger: Ledger) -> list[Effect]:
    """The world seed's file tree (a singleton of nested ``{"type": "directory", "contents": {...}}``) as
    paths, once: every folder complete, the working directory the tree's single top folder."""
    if ledger.entities.get(ENTITY) or CWD in scalars(ledger):
        return []
    for record in ledger.entities.get(SINGLETONS, {}).values():
        nodes = _tree_nodes(record)
        if nodes:
            effects = [Effect("create", ENTITY, "/", {"type": "directory", hierarchy.COMPLETE: True})]
            for path, node in _walk(nodes, "/"):
                effects.append(Effect("create", ENTITY, path, node))
            walked = _walk(nodes, "/")
            tops = [p for p, n in walked if hierarchy.parent_of(p) == "/" and n["type"] == "directory"]
            # several top folders: the home is the only one that holds anything (beside it, an empty ``archive``)
            full = [t for t in tops if any(hierarchy.parent_of(p) == t for p, _ in walked)]
            home = tops[0] if len(tops) == 1 else full[0] if len(full) == 1 else "/"
            said = next((str(v) for k, v in scalars(ledger).items() if _WORKING_DIRECTORY.search(k)), None)
            effects.append(scalar_effect(CWD, said or home))
            return effects
    return []


def _tree_nodes(record: Any) -> dict[str, Any] | None:
    if not isinstance(record, dict) or not record:
        return None
    if all(isinstance(v, dict) and v.get("type") in ("file", "directory") for v in record.values()):
        return record
    return None


def _walk(nodes: dict[str, Any], folder: str) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    for name, node in nodes.items():
        path = hierarchy.normal(f"{folder.rstrip('/')}/{name}")
        if node.get("type") == "directory":
            found.append((path, {"type": "directory", hierarchy.COMPLETE: True}))
            found += _walk(node.get("contents") or node.get("children") or {}, path)
        else:
            found.append((path, {"type": "file", "content": str(node.get("content", ""))}))
    return found


class _Tree:
    def __init__(self, tool: str, op: Operation, arguments: dict[str, Any], ledger: Ledger) -> None:
        self.tool, self.op, self.args, self.ledger = tool, op, arguments, ledger
        self.cwd = str(scalars(ledger).get(CWD) or "/")
        self.effects: list[Effect] = []
        self.made: dict[str, dict[str, Any] | None] = {}  # this call's changes: path -> record (None: removed)

    def run(self) -> Answer:
        if not self._given() and self.op.kind not in ("cd", "pwd", "list", "tree", "search"):
            return Answer("", {})  # the path arguments were left out: nothing to look up, the simulator words it
        return getattr(self, f"_{self.op.kind}")()  # type: ignore[no-any-return]

    # -- the tree as this call sees it -------------------------------------------------------------------
    def _given(self, n: int = 0) -> list[str]:
        """The path arguments' values (a list argument gives several)."""
        values: list[str] = []
        for name in self.op.paths:
            value = self.args.get(name)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict):  # files=[{file_path, ranges}]: each item names its file
                    item = next((item[k] for k in _ITEM_PATH if isinstance(item.get(k), str)), None)
                if isinstance(item, str) and item:
                    values.append(item)
        return values

    def _path(self, given: str) -> str:
        if given.startswith("/"):
            return hierarchy.normal(given)
        return hierarchy.normal(f"{self.cwd.rstrip('/')}/{given}")

    def _record(self, path: str) -> dict[str, Any] | None:
        if path in self.made:
            return self.made[path]
        if path == "/" and not self.ledger.exists(ENTITY, "/"):
            return {"type": "directory"}
        return self.ledger.get(ENTITY, path)

    def _missing(self, path: str, given: str) -> None:
        """Raise not-found for a path the session knows is not there (an open folder may hold it)."""
        if self._record(path) is not None:
            return
        if self.made.get(path, 1) is None or hierarchy.refused(self.ledger, ENTITY, path) is not None:
            raise EntityNotFound(f"{self.tool}: '{given}': No such file or directory")

    def _open(self, path: str) -> bool:
        """Whether the folder holding ``path`` is from before the session, so it may hold anything."""
        parent = hierarchy.parent_of(path)
        record = self._record(parent) if parent is not None else None
        return (
            parent is not None
            and not (record or {}).get(hierarchy.COMPLETE)
            and (hierarchy.refused(self.ledger, ENTITY, path) is None)
        )

    def _must_be_folder(self, path: str, given: str) -> None:
        self._missing(path, given)
        record = self._record(path)
        if record is not None and record.get("type") == "file":
            raise InvalidArguments(f"{self.tool}: '{given}': Not a directory")

    def _put(self, path: str, record: dict[str, Any]) -> None:
        self.made[path] = record
        self.effects.append(Effect("create", ENTITY, path, record))

    def _drop(self, path: str) -> None:
        for inner in [path, *hierarchy.descendants(self.ledger, ENTITY, path)]:
            self.made[inner] = None
            self.effects.append(Effect("delete", ENTITY, inner))

    def _parent_ready(self, path: str, given: str) -> None:
        parent = hierarchy.parent_of(path)
        if parent is not None:
            self._must_be_folder(parent, hierarchy.parent_of(given) or parent)

    def _names(self, folder: str) -> list[str]:
        return [hierarchy.name_of(p) for p in hierarchy.children(self.ledger, ENTITY, folder)]

    def _content(self, path: str) -> str | None:
        record = self._record(path)
        content = record.get("content") if record else None
        return content if isinstance(content, str) else None

    # -- operations ----------------------------------------------------------------------------------------
    def _cd(self) -> Answer:
        given = (self._given() or ["/"])[0]
        path = self._path(given)
        self._must_be_folder(path, given)
        if self._record(path) is None:
            self._put(path, {"type": "directory"})  # an open folder's child: it is there, contents unknown
        self.effects.append(scalar_effect(CWD, path))
        return Answer(f"Current directory: {path}", {"current_working_directory": hierarchy.name_of(path) or "/"},
                      self.effects)  # fmt: skip

    def _pwd(self) -> Answer:
        return Answer(self.cwd, {"current_working_directory": self.cwd})

    def _list(self) -> Answer:
        given = (self._given() or [self.cwd])[0]
        path = self._path(given)
        self._must_be_folder(path, given)
        names = self._names(path)
        if not self.args.get("a") and self.op.shell:
            names = [n for n in names if not n.startswith(".")]
        marked = [f"[DIR] {n}" if self._is_folder(f"{path.rstrip('/')}/{n}") else f"[FILE] {n}" for n in names]
        return Answer("\n".join(marked), {"current_directory_content": names, "content": "\n".join(marked)})

    def _tree(self) -> Answer:
        given = (self._given() or [self.cwd])[0]
        path = self._path(given)
        self._must_be_folder(path, given)
        inner = hierarchy.descendants(self.ledger, ENTITY, path)
        lines = [p.removeprefix(path.rstrip("/") + "/") for p in inner]
        return Answer("\n".join(lines), {"content": "\n".join(lines)})

    def _is_folder(self, path: str) -> bool:
        record = self._record(path)
        return bool(record and record.get("type") == "directory")

    def _read(self) -> Answer:
        givens = self._given()
        paths = [self._path(g) for g in givens]
        if len(givens) > 1 and not self.op.shell:
            return self._read_each(givens, paths)
        for path, given in zip(paths, givens, strict=True):
            self._missing(path, given)
            if self._is_folder(path):
                raise InvalidArguments(f"{self.tool}: '{given}': Is a directory")
        contents = [self._content(p) for p in paths]
        if any(c is None for c in contents):
            return Answer("", {})  # content from before the session: the simulator words it
        texts = [_lines_asked(c or "", self.args) for c in contents]
        return _derived(self.tool, self.args, givens, texts)

    def _read_each(self, givens: list[str], paths: list[str]) -> Answer:
        """Several files in one call: each shows its content or its own error; the call itself succeeds."""
        parts = []
        for given, path in zip(givens, paths, strict=True):
            try:
                self._missing(path, given)
            except EntityNotFound as missing:
                parts.append(f"{given}: Error - {missing}")
                continue
            content = self._content(path)
            if content is None:
                return Answer("", {})  # a file from before the session: the simulator words the whole answer
            parts.append(f"{given}:\n{content}")
        text = "\n---\n".join(parts)
        return Answer(text, {"content": text})

    def _stat(self) -> Answer:
        given = self._given()[0]
        path = self._path(given)
        self._missing(path, given)
        record = self._record(path) or {}
        kind = record.get("type", "file")
        size = len(self._content(path) or "")
        text = f"name: {hierarchy.name_of(path)}\ntype: {kind}\nsize: {size}"
        return Answer(text, {"content": text, "type": kind, "size": size})

    def _touch(self) -> Answer:
        for given in self._given():
            path = self._path(given)
            self._parent_ready(path, given)
            if self._record(path) is None:
                self._put(path, {"type": "file", "content": ""})
        return Answer(f"Created {', '.join(self._given())}", {}, self.effects)  # the new files persist

    def _write(self, append: bool = False) -> Answer:
        given = self._given()[0]
        path = self._path(given)
        self._parent_ready(path, given)
        if self._is_folder(path):
            raise InvalidArguments(f"{self.tool}: '{given}': Is a directory")
        text = next((str(v) for k, v in self.args.items() if _CONTENT_ARGUMENT.match(k)), "")
        record = self._record(path)
        overwrite = any(v is True for k, v in self.args.items() if k.lower() in ("overwrite", "force", "replace"))
        if not self.op.shell and _creates(self.tool) and record and record.get("type") == "file" and not overwrite:
            raise InvalidArguments(f"{self.tool}: File already exists: {given}")  # create, unlike write, keeps
        before = self._content(path) if append else None
        if append and before is None and (self._record(path) is not None or self._open(path)):
            self._put(path, {"type": "file"})  # appended to content from before the session: still unknown
        else:
            self._put(path, {"type": "file", "content": (before or "") + text})
        return Answer(f"Successfully wrote to {given}", {"content": f"Successfully wrote to {given}"}, self.effects)

    def _append(self) -> Answer:
        return self._write(append=True)

    def _mkdir(self) -> Answer:
        for given in self._given():
            path = self._path(given)
            record = self._record(path)
            if record is not None and (record.get("type") == "file" or self.op.shell):
                raise InvalidArguments(f"{self.tool}: cannot create directory '{given}': File exists")
            if record is not None:
                continue  # "create or ensure a directory exists"
            if self.op.shell:
                self._parent_ready(path, given)
            self._put(path, {"type": "directory", hierarchy.COMPLETE: True})
        return Answer(f"Successfully created directory {', '.join(self._given())}", {}, self.effects)

    def _remove(self) -> Answer:
        for given in self._given():
            path = self._path(given)
            self._missing(path, given)
            self._drop(path)
        return Answer(f"Removed {', '.join(self._given())}", {}, self.effects)

    def _move(self, keep: bool = False) -> Answer:
        givens = self._given()
        if len(givens) < 2:
            return Answer("", {})
        source, target = self._path(givens[0]), self._path(givens[1])
        self._missing(source, givens[0])
        if self._is_folder(target):
            target = f"{target.rstrip('/')}/{hierarchy.name_of(source)}"
        elif self._record(target) is not None and not self.op.shell:
            raise InvalidArguments(f"{self.tool}: Destination already exists: {givens[1]}")
        elif self._record(target) is None and self._open(target):
            # ``mv notes.txt archive`` in a folder from before the session: archive may be a folder there
            # (the file goes in) or a new name; the session cannot tell, so it knows only that archive exists
            self._drop(source) if not keep else None
            self._put(target, {})
            verb = "copied" if keep else "moved"
            return Answer(f"Successfully {verb} {givens[0]} to {givens[1]}", {"result": target}, self.effects)
        else:
            self._parent_ready(target, givens[1])
        moved = [source, *hierarchy.descendants(self.ledger, ENTITY, source)]
        records = {p: self._record(p) or {"type": "file"} for p in moved}
        if not keep:
            self._drop(source)
        for path in moved:
            self._put(target + path.removeprefix(source), dict(records[path]))
        verb = "copied" if keep else "moved"
        return Answer(f"Successfully {verb} {givens[0]} to {givens[1]}", {"result": target}, self.effects)

    def _copy(self) -> Answer:
        return self._move(keep=True)

    def _search(self) -> Answer:
        given = (self._given() or [self.cwd])[0]
        folder = self._path(given)
        self._must_be_folder(folder, given)
        wanted = next((str(v) for k, v in self.args.items() if k in ("pattern", "name", "query", "glob")), "*")
        found = []
        for path in hierarchy.descendants(self.ledger, ENTITY, folder):
            relative = path.removeprefix(folder.rstrip("/") + "/")
            name = hierarchy.name_of(path)
            if hierarchy.globbed(relative, wanted) or fnmatch.fnmatchcase(name, wanted) or wanted in name:
                found.append(path if given.startswith("/") else relative)
        return Answer("\n".join(found) or "No matches found", {"matches": found, "content": "\n".join(found)})

    def _edit(self) -> Answer:
        given = self._given()[0]
        path = self._path(given)
        self._missing(path, given)
        content = self._content(path)
        edits = self.args.get("edits")
        if content is None or not isinstance(edits, list):
            # an edit this cannot apply (patches by line, inserts): the content is no longer known
            self._put(path, {k: v for k, v in (self._record(path) or {"type": "file"}).items() if k != "content"})
            return Answer("", {}, self.effects)
        for edit in edits:
            old, new = (edit.get("oldText"), edit.get("newText")) if isinstance(edit, dict) else (None, None)
            if not isinstance(old, str) or not isinstance(new, str):
                continue
            if old not in content:
                raise InvalidArguments(f"Could not find exact match for edit:\n{old}")
            content = content.replace(old, new, 1)
        diff = "".join(difflib.unified_diff(
            (self._content(path) or "").splitlines(True), content.splitlines(True), given, given))  # fmt: skip
        if not self.args.get("dryRun"):
            self._put(path, {**(self._record(path) or {}), "content": content})
        return Answer(diff, {"content": diff}, self.effects)


def _creates(tool: str) -> bool:
    return re.split(r"[^a-z0-9]+", re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool).lower())[0] in ("create", "new")


def _lines_asked(text: str, arguments: dict[str, Any]) -> str:
    """The lines a read asks for by 1-based inclusive ``ranges`` of ``{start, end}`` (in the call or in its one
    batch item); the whole text when it asks for none."""
    items = [arguments, *(i for v in arguments.values() if isinstance(v, list) for i in v if isinstance(i, dict))]
    spans = next((i["ranges"] for i in items if isinstance(i.get("ranges"), list)), None)
    if not spans:
        return text
    lines = text.splitlines(keepends=True)
    picked = []
    for span in spans:
        start = span.get("start") if isinstance(span, dict) else None
        end = span.get("end") if isinstance(span, dict) else None
        if isinstance(start, int) and start >= 1:
            picked += lines[start - 1 : end if isinstance(end, int) else None]
    return "".join(picked)


def _derived(tool: str, arguments: dict[str, Any], givens: list[str], texts: list[str]) -> Answer:
    """What a shell reader computes from content: ``grep`` lines, ``wc`` counts, ``tail``/``head`` lines,
    ``sort``, ``diff``; other readers show the content."""
    name, text = tool.lower(), texts[0]
    lines = text.splitlines()
    count = arguments.get("lines") or arguments.get("n") or arguments.get("tail") or arguments.get("head")
    if name == "grep":
        pattern = str(arguments.get("pattern", ""))
        matching = [line for line in lines if pattern in line]
        return Answer("\n".join(matching), {"matching_lines": matching})
    if name == "wc":
        mode = str(arguments.get("mode", "l"))
        value = {"w": len(text.split()), "c": len(text)}.get(mode, len(lines))
        return Answer(str(value), {"count": value, "type": {"w": "words", "c": "characters"}.get(mode, "lines")})
    if name == "sort":
        ordered = "\n".join(sorted(lines))
        return Answer(ordered, {"sorted_content": ordered})
    if name == "diff" and len(texts) > 1:
        before, after = texts[0].splitlines(True), texts[1].splitlines(True)
        diff = "".join(difflib.unified_diff(before, after, fromfile=givens[0], tofile=givens[1]))
        return Answer(diff, {"diff_lines": diff})
    if isinstance(count, int) and not isinstance(count, bool) and count > 0:
        kept = lines[-count:] if (name == "tail" or "tail" in arguments) else lines[:count]
        return Answer("\n".join(kept), {"last_lines" if name == "tail" else "content": "\n".join(kept)})
    joined = "\n\n---\n".join(f"{g}:\n{t}" for g, t in zip(givens, texts, strict=True)) if len(texts) > 1 else text
    return Answer(joined, {"file_content": joined, "content": joined})
