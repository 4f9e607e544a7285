"""Invented place names: two tongues, one for each side, built from syllables.

The syllables are made up for the generator; they aim at names that sound as if they belong
together on one side of the map and differ from those across the front.
"""

from __future__ import annotations

import random
from collections.abc import Callable

Tongue = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]

WEST_TONGUE: Tongue = (
    (
        "ash", "bar", "brad", "cal", "dor", "fen", "gar", "hal", "hen", "kel",
        "lin", "mar", "nor", "pell", "quen", "ros", "sel", "tor", "wen", "ald",
    ),
    ("a", "e", "i", "o", "en", "an", "el", "ar", "ing", "er"),
    (
        "brook", "by", "ford", "holm", "mere", "stead", "wick", "well", "ton", "ley",
        "moor", "combe", "field", "gate", "hurst", "dale",
    ),
)  # fmt: skip
EAST_TONGUE: Tongue = (
    (
        "vra", "zel", "kos", "tam", "bro", "dre", "gol", "mir", "pra", "sto",
        "vel", "yar", "lu", "zam", "kra", "ost", "bel", "dub", "ryn", "sav",
    ),
    ("a", "i", "o", "u", "ev", "an", "om", "ir", "ol", "es"),
    (
        "grad", "ovo", "ice", "nik", "dar", "sk", "ava", "ec", "in", "ost",
        "ay", "eni", "orod", "itsa", "ye", "ach",
    ),
)  # fmt: skip
SEA_WORDS = ("Reach", "Sound", "Deeps", "Shallows", "Roads", "Bight", "Narrows", "Banks")


class Namer:
    """Hands out names that are unique across the whole map."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._used: set[str] = set()

    def _fresh(self, make: Callable[[], str]) -> str:
        for _ in range(20):
            name = make()
            if name not in self._used:
                break
        else:
            base, number = name, 2
            while f"{base} {number}" in self._used:
                number += 1
            name = f"{base} {number}"
        self._used.add(name)
        return name

    def _word(self, tongue: Tongue) -> str:
        head, middle, tail = tongue
        rng = self._rng
        parts = [rng.choice(head)]
        roll = rng.random()
        if roll < 0.55:
            parts.append(rng.choice(middle))
        if roll < 0.1:
            parts.append(rng.choice(head))
        parts.append(rng.choice(tail))
        return "".join(parts).capitalize()

    def word(self, east: bool) -> str:
        """A bare word of a side's tongue (for people and units; not kept unique)."""
        return self._word(EAST_TONGUE if east else WEST_TONGUE)

    def place(self, east: bool) -> str:
        """A town or district name in the tongue of its side."""
        return self._fresh(lambda: self.word(east))

    def sea(self) -> str:
        """A stretch of water named after an invented landmark."""
        return self._fresh(
            lambda: f"{self.word(self._rng.random() < 0.5)} {self._rng.choice(SEA_WORDS)}"
        )

    def lake(self, east: bool) -> str:
        return self._fresh(lambda: f"Lake {self.word(east)}")
