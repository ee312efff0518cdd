"""The words a tool's name starts with that say what it does to a type of record (``create_ticket``,
``get_ticket``, ``list_tickets``), and the kind of effect each one means."""

from __future__ import annotations

from typing import Literal

Kind = Literal["create", "read", "update", "delete", "list", "none"]

VERBS: dict[str, Kind] = {
    # a put keeps the record under the key the caller gives (``put_object(key)``, ``put_file(bucket, filename)``)
    **dict.fromkeys(["create", "add", "new", "register", "post", "make", "put"], "create"),
    **dict.fromkeys(["get", "read", "fetch", "show", "describe", "retrieve", "view", "lookup", "open"], "read"),
    **dict.fromkeys(["list", "search", "find", "query", "browse", "all", "filter"], "list"),
    **dict.fromkeys(["update", "edit", "modify", "set", "patch", "rename", "change", "assign"], "update"),
    # archiving, closing or cancelling keeps the thing (an archived task, a closed issue, a cancelled order or job
    # can still be read, listed by its new status and cancelled again): its state changes
    **dict.fromkeys(["archive", "close", "cancel"], "update"),
    # a transition moves the thing to another state of its workflow (``transition_issue(issue, status)``)
    **dict.fromkeys(["transition"], "update"),
    **dict.fromkeys(["delete", "remove", "destroy", "drop"], "delete"),
}
