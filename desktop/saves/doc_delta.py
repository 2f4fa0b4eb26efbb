"""The change from one JSON document to the next, small as the change itself, and applying it again.

The playthrough's document grows with play (the Day's log, the journal, the fights' record); writing it whole after
every change made a save grow with the square of the play. A save keeps each change as a delta instead, and the
whole document only now and then (``story_rows``). A delta node is one of:

- ``{"$set": value}``: the new value, whole;
- ``{"$keep": n, "$add": [...]}``: a list whose first ``n`` items stay, followed by these;
- ``{"$dict": {key: node}, "$del": [keys], "$order": [keys]}``: a dict whose listed keys changed (``$order`` only
  when the keys' order changed; the document code may rely on it).

Keys inside ``$dict`` are the document's own keys, never read as markers, so no text a player types can be taken
for one.
"""

from __future__ import annotations

from typing import Any

from rt0table.rules.game_json import doc_digest

SET, KEEP, ADD, DICT, DELETE, ORDER = "$set", "$keep", "$add", "$dict", "$del", "$order"


def delta(old: Any, new: Any) -> dict[str, Any] | None:
    """How to make ``new`` from ``old``; None when they are equal."""
    if type(old) is type(new) and old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        return _dict_delta(old, new)
    if isinstance(old, list) and isinstance(new, list):
        kept = _common_prefix(old, new)
        if kept:  # the usual change: items appended, or the tail rewritten (an undo in the journal)
            return {KEEP: kept, ADD: new[kept:]}
    return {SET: new}


def _dict_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    changed: dict[str, Any] = {}
    for key, value in new.items():
        if key not in old:
            changed[key] = {SET: value}
            continue
        sub = delta(old[key], value)
        if sub is not None:
            changed[key] = sub
    node: dict[str, Any] = {DICT: changed}
    removed = [key for key in old if key not in new]
    if removed:
        node[DELETE] = removed
    if [k for k in old if k in new] + [k for k in new if k not in old] != list(new):
        node[ORDER] = list(new)
    return node


def _common_prefix(old: list[Any], new: list[Any]) -> int:
    n = 0
    for a, b in zip(old, new, strict=False):
        if type(a) is not type(b) or a != b:
            break
        n += 1
    return n


def patch(old: Any, node: Any) -> Any:
    """``new`` again from ``old`` and ``delta(old, new)``; raises ValueError on a node that does not fit ``old``."""
    if not isinstance(node, dict):
        raise ValueError("a change record is not an object")
    if SET in node:
        return node[SET]
    if KEEP in node:
        kept, added = node[KEEP], node.get(ADD)
        if not isinstance(old, list) or not isinstance(kept, int) or not 0 <= kept <= len(old):
            raise ValueError("a change record keeps more of a list than there is")
        if not isinstance(added, list):
            raise ValueError("a change record's added items are not a list")
        return old[:kept] + added
    if DICT in node:
        changes, removed, order = node[DICT], node.get(DELETE, []), node.get(ORDER)
        if not isinstance(old, dict) or not isinstance(changes, dict) or not isinstance(removed, list):
            raise ValueError("a change record does not fit the document")
        new = {key: value for key, value in old.items() if key not in removed}
        for key, sub in changes.items():
            new[key] = patch(old.get(key), sub)
        if isinstance(order, list):
            if sorted(map(str, order)) != sorted(map(str, new)):
                raise ValueError("a change record's key order does not fit the document")
            new = {key: new[key] for key in order}
        return new
    raise ValueError("a change record has no known kind")


def doc_hash(doc: dict[str, Any]) -> str:
    """A document's hash, as a ``story`` row records it: key order does not count."""
    return doc_digest(doc)
