"""Errors the engine raises at callers."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not allowed now; ``reason`` says why, in words a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SaveError(ValueError):
    """A saved game that cannot be restored (wrong scenario, damaged or hostile data).

    ``pointer`` is the JSON pointer of the first bad value in the save, when there is one
    (``""`` is the whole save); the message names it too.
    """

    def __init__(self, message: str, pointer: str | None = None) -> None:
        super().__init__(f"{pointer or '/'}: {message}" if pointer is not None else message)
        self.message = message
        self.pointer = pointer
