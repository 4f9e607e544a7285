"""Errors the engine raises at callers."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not allowed now; ``reason`` says why, in words a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SaveError(ValueError):
    """A saved game that cannot be restored (wrong scenario, damaged data)."""
