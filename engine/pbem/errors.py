"""Why a turn file of a game played by e-mail is refused (P1).

Every error names the file it is about and, where there is one, the place inside it (``file 4,
action 7``), so a player can tell their opponent exactly what went wrong.
"""

from __future__ import annotations

from pathlib import Path


class PbemError(ValueError):
    """A turn file that cannot be used; ``path`` is the file, ``where`` the place in it."""

    def __init__(self, path: Path | str | None, message: str, where: str = "") -> None:
        self.path = Path(path) if path is not None else None
        self.message = message
        self.where = where
        name = self.path.name if self.path is not None else "turn file"
        place = f" ({where})" if where else ""
        super().__init__(f"{name}{place}: {message}")


class DamagedFile(PbemError):
    """Not a turn file, or one damaged beyond reading (not JSON, missing or wrong fields)."""


class WrongScenario(PbemError):
    """The file belongs to a game of another scenario (or of another version of it)."""


class WrongGame(PbemError):
    """The file belongs to another game than the one it is opened in."""


class OutOfOrder(PbemError):
    """The file does not follow the files before it: an earlier one is missing, a later one is
    already there, or its chain names other earlier files."""


class WrongSide(PbemError):
    """The file is opened by a side it is not addressed to, or was written by the wrong side."""


class Tampered(PbemError):
    """Replaying the game does not give what the file records: an action the rules refuse, or
    a record (a die roll, a loss, a score) that differs."""


class NotYourTurn(PbemError):
    """A turn written before the player's sitting is over (the decision is still theirs)."""


class MissingPlan(PbemError):
    """A WEGO plan sealed by commitment cannot be revealed: its keep file (the orders and
    salt the player kept) is not in the folder."""
