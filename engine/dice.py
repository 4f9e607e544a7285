"""The only source of chance in a game: a seeded die whose state can be saved."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Dice:
    """A seeded generator of die rolls, shuffles and random picks.

    Every random decision of the rules goes through one instance, so a seed fixes a whole game
    and saving its state (:meth:`state`) lets a loaded game continue exactly as it would have.
    """

    def __init__(self, seed: int, sides: int = 10) -> None:
        self._random = random.Random(seed)
        self.sides = sides
        draw = self._random.random

        # Battles roll hundreds of times each: a closure skips three attribute lookups a roll.
        # (``restore`` changes the generator in place, so the closure stays valid.)
        def roll() -> int:
            return int(draw() * sides)

        self.roll = roll
        """One roll, from 0 to ``sides - 1``."""

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``."""
        return int(self._random.random() * n)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        """``count`` different items, in random order (all of them if there are fewer)."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:count]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def state(self) -> list[Any]:
        """JSON-ready state; :meth:`restore` puts it back."""
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    def restore(self, state: list[Any]) -> None:
        version, internal, gauss = state
        self._random.setstate((version, tuple(internal), gauss))
