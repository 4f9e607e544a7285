"""The builder's edits as pure functions on values: where a node lives, and the new whole value
after adding, wrapping, deleting or moving one.

Kept apart from the widget so every structural rule (what Add does on a group, on a lone
condition, on a choice) is plain code over immutable models: each function returns the new
root and the path of the node to select, and the widget only shows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from editor.studio.document import with_value
from editor.studio.forms.builder_kinds import WRAP_CHILD, wrapped
from schemas import conditions as c
from schemas import effects as e

Path = tuple[str | int, ...]
Edit = tuple[Any, Path]
"""A new root value and the path of the node to select in it."""


@dataclass(frozen=True)
class Node:
    """Where a tree item's value lives in the root value, and what it is."""

    path: Path
    role: Literal["condition", "effect", "option", "branch", "empty"]
    adds: Literal["condition", "effect", "option"] = "effect"
    """For ``empty`` placeholders: what adding there creates."""


def value_at(root: Any, path: Path) -> Any:
    for step in path:
        root = root[step] if isinstance(step, int) else getattr(root, step)
    return root


def replaced(root: Any, path: Path, value: Any) -> Any:
    """A validated copy of ``root`` with ``value`` at ``path``."""
    return value if not path else with_value(root, list(path), value)


def in_list(node: Node | None) -> bool:
    return node is not None and bool(node.path) and isinstance(node.path[-1], int)


def add_target(root: Any, mode: str, node: Node | None) -> tuple[str, Path, int | None]:
    """What Add creates and where: (``condition``/``effect``/``option``, container path,
    index in it); a ``None`` index means the container holds a single condition, which the
    new one joins in an "all of" (or replaces when there is none)."""
    if node is None:
        if mode == "effects":
            return "effect", (), len(root)
        node = Node((), "condition") if root is not None else Node((), "empty", "condition")
    path = node.path
    if node.role == "empty":
        container = value_at(root, path) if path or mode == "effects" else None
        return node.adds, path, len(container) if isinstance(container, list) else None
    if node.role == "branch":
        return "effect", path, len(value_at(root, path))
    if node.role == "option":
        return "effect", (*path, "effects"), len(value_at(root, (*path, "effects")))
    value = value_at(root, path)
    if isinstance(value, c.AllOf | c.AnyOf):
        return "condition", (*path, "conditions"), len(value.conditions)
    if isinstance(value, e.Choice):
        return "option", (*path, "options"), len(value.options)
    if isinstance(value, e.Conditional):
        return "effect", (*path, "then"), len(value.then)
    if in_list(node):
        return node.role, path[:-1], int(path[-1]) + 1
    return "condition", path, None


def added(root: Any, container: Path, index: int | None, made: Any) -> Edit:
    if index is None:
        current = value_at(root, container) if root is not None else None
        if current is None:
            return replaced(root, container, made), container
        group = c.AllOf(kind="all", conditions=[current, made])
        return replaced(root, container, group), (*container, "conditions", 1)
    items = list(value_at(root, container))
    items.insert(index, made)
    return replaced(root, container, items), (*container, index)


def wrapped_at(root: Any, path: Path, kind: str) -> Edit:
    group = wrapped(value_at(root, path), kind)
    return replaced(root, path, group), (*path, *WRAP_CHILD[kind])


def deletable(node: Node | None, optional_root: bool) -> bool:
    """Nodes in lists can go; a lone slot (``not``'s or ``if``'s condition) must change kind
    instead; the root condition can go when the field may be empty."""
    if node is None or node.role in ("branch", "empty"):
        return False
    return in_list(node) or (not node.path and optional_root)


def deleted(root: Any, node: Node) -> Edit:
    if not node.path:
        return None, ()
    container, index = node.path[:-1], int(node.path[-1])
    items = list(value_at(root, container))
    del items[index]
    near = (*container, min(index, len(items) - 1)) if items else container
    return replaced(root, container, items), near


def moved(root: Any, node: Node, step: int) -> Edit | None:
    if not in_list(node):
        return None
    container, index = node.path[:-1], int(node.path[-1])
    items = list(value_at(root, container))
    target = index + step
    if not 0 <= target < len(items):
        return None
    items[index], items[target] = items[target], items[index]
    return replaced(root, container, items), (*container, target)
