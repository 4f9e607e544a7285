"""Making references follow renamed ids, in one pass over a scenario.

The studio's rename rewrites every reference to the entity (``schemas.refs``); the diff and
the mods do the same when they meet a rename. Rewriting means rebuilding an entity, so the
entities that hold one of the renamed ids are found first, a slice of the list at a time:
``referenced_ids`` gathers a whole slice's references column by column, and only in slices
that hold a renamed id are the entities looked at one by one. On a 10,000-region map with a
few renames this rebuilds a few hundred entities instead of forty thousand.
"""

from __future__ import annotations

from typing import Any

from ..refs import referenced_ids, with_references_replaced

Renames = dict[str, dict[str, str]]
"""Per collection (``regions``...), old id to new id."""


BLOCK = 128


def holders(models: list[Any], renames: Renames) -> list[int]:
    """Positions of the models that refer to a renamed id."""
    wanted = {collection: set(mapping) for collection, mapping in renames.items() if mapping}

    def hit(chunk: list[Any]) -> bool:
        found = referenced_ids(chunk)
        return any(found.get(c, set()) & ids for c, ids in wanted.items())

    out: list[int] = []
    if not models or not wanted or not hit(models):
        return out
    for start in range(0, len(models), BLOCK):
        block = models[start : start + BLOCK]
        if hit(block):
            out += [start + i for i, model in enumerate(block) if hit([model])]
    return out


def follow(model: Any, renames: Renames) -> Any:
    """``model`` with its references to renamed ids rewritten (the same object if none)."""
    for collection, mapping in renames.items():
        model = with_references_replaced(model, collection, mapping)
    return model


def follow_all(models: list[Any], renames: Renames) -> list[Any]:
    """The list with every model that refers to a renamed id rewritten."""
    positions = holders(models, renames)
    if not positions:
        return models
    out = list(models)
    for position in positions:
        out[position] = follow(out[position], renames)
    return out
