"""How a game ended, as a frozen, typed value (python-chess's ``Outcome`` is the model).

The game keeps its outcome as JSON in the save (``GameState.outcome``); :meth:`Game.outcome`
turns it into an :class:`Outcome`. Saves made before ``termination`` and ``source`` were
recorded are read by telling the termination from the reason's wording.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any


class Termination(StrEnum):
    """Why a game ended (W1-W3, N4)."""

    SUDDEN_DEATH = "sudden_death"
    """A sudden death condition of the scenario held (W2)."""
    TENSION = "tension"
    """The tension index reached its threshold (N4)."""
    VICTORY_LEVEL = "victory_level"
    """A side reached the victory level with more VP than every other side (W1)."""
    LAST_TURN = "last_turn"
    """The last turn was played; most VP wins, equal VP is a draw (W3)."""
    EFFECT = "effect"
    """A card's or an event's ``end_game`` effect."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won (``None``: a draw), why, and the score."""

    winner: str | None
    termination: Termination
    reason: str
    """The reason in words (a sudden death rule's description, "ended by <card id>"...)."""
    vp: Mapping[str, int]
    """VP per side at the end (read-only)."""
    turns_played: int
    battles: int
    losses: Mapping[str, int]
    """Units lost per side (read-only)."""
    source: str | None = None
    """The sudden death rule, card or event that ended the game, when one did."""

    @property
    def draw(self) -> bool:
        return self.winner is None

    def __hash__(self) -> int:
        return hash(
            (
                self.winner,
                self.termination,
                self.reason,
                tuple(sorted(self.vp.items())),
                self.turns_played,
                self.battles,
                tuple(sorted(self.losses.items())),
                self.source,
            )
        )

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON-ready data (as saved, and as ``game_over`` logs it)."""
        return {
            "winner": self.winner,
            "termination": self.termination.value,
            "reason": self.reason,
            "source": self.source,
            "vp": dict(self.vp),
            "turns_played": self.turns_played,
            "battles": self.battles,
            "losses": dict(self.losses),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], tension_name: str | None = None) -> Outcome:
        """Read an outcome saved by :meth:`to_json`, or by an older Salient without
        ``termination`` (``tension_name``, the scenario's index, tells a tension ending)."""
        reason = str(data.get("reason", ""))
        source = data.get("source")
        termination = data.get("termination")
        if termination is None:
            termination, source = _told_by(reason, tension_name)
        return cls(
            winner=data.get("winner"),
            termination=Termination(termination),
            reason=reason,
            vp=MappingProxyType(dict(data.get("vp", {}))),
            turns_played=int(data.get("turns_played", 0)),
            battles=int(data.get("battles", 0)),
            losses=MappingProxyType(dict(data.get("losses", {}))),
            source=source,
        )

    # -- read as a mapping: how the game view read outcomes before they were typed -----------

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]

    def get(self, key: str, default: Any = None) -> Any:
        """Transitional: ``outcome.get("winner")`` as for the JSON form; use the fields."""
        return self.to_json().get(key, default)

    def keys(self) -> Iterator[str]:
        return iter(self.to_json())


def _told_by(reason: str, tension_name: str | None) -> tuple[Termination, str | None]:
    """The termination of an outcome saved without one, from its reason's wording."""
    if reason.startswith("ended by "):
        return Termination.EFFECT, reason.removeprefix("ended by ")
    if reason.startswith("reached the victory level"):
        return Termination.VICTORY_LEVEL, None
    if reason == "the last turn is over":
        return Termination.LAST_TURN, None
    if tension_name is not None and reason.startswith(f"{tension_name} reached "):
        return Termination.TENSION, None
    return Termination.SUDDEN_DEATH, None
