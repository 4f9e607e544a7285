"""What the AI works out once per decision: the game does not change while a player chooses.

A player's decision asks the same questions of the board many times (where the side is in
supply, which enemies stand in the field of each region, which regions its own troops guard):
once for every stack it weighs. :func:`deciding` marks the span of one decision (the player's
``choose``); within it :func:`once` keeps each answer, and outside it nothing is kept, so a
question asked between decisions (a test, a tool) always gets a fresh answer.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from ..game import Game

T = TypeVar("T")

_KEPT: weakref.WeakKeyDictionary[Game, dict[Hashable, object]] = weakref.WeakKeyDictionary()
"""Per game being decided on, the answers worked out so far in this decision."""


@contextmanager
def deciding(game: Game) -> Iterator[None]:
    """The span of one decision on ``game``: answers are kept within it, dropped after."""
    _KEPT[game] = {}
    try:
        yield
    finally:
        _KEPT.pop(game, None)


def once(game: Game, key: Hashable, work: Callable[[], T]) -> T:
    """``work()``, worked out once per decision on ``game`` for each ``key``."""
    kept = _KEPT.get(game)
    if kept is None:
        return work()
    if key not in kept:
        kept[key] = work()
    return kept[key]  # type: ignore[return-value]
