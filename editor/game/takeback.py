"""Taking back a person's last action, exactly, by the engine's save and load.

Before each action a person makes, the session keeps a snapshot of the game: its state and
its die as :meth:`engine.game.Game.save` writes them, and the length of the log (the log only
grows, so cutting it back restores it). Taking back loads the newest snapshot as a new game
(:func:`restore`), which continues exactly as the game did from that moment; the AI's actions
since then are undone too, so "take back" against the AI means "back to before my last
action".

What may be taken back is the game's rule, chosen in the start dialog (:data:`POLICIES`):

- ``always``: any action, back to the start of the stored history (a designer testing a
  scenario against the AI; the default with one person).
- ``until_revealed``: only until something random or hidden came out, because a take-back
  would then let a person try again knowing it. Revealed means: the die was used (a battle,
  a search, a card's roll, a shuffle), a card was drawn, or the person's side now sees more
  of an enemy stack than it did (:func:`revealed`). The default in hot seat, where it also
  ends at every hand-over: nobody takes back the other person's turn.
- ``never``.

A loaded game starts with no history.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.fog import view_of
from engine.game import Game
from engine.state import StackState

Policy = Literal["always", "until_revealed", "never"]
POLICIES: dict[str, str] = {
    "always": "Always (practice)",
    "until_revealed": "Until a die roll or a hidden unit is revealed",
    "never": "Never",
}
"""The take-back rules, as the start dialog names them."""
DEPTH = 100
"""How many actions back a person may go."""
RANK = {"none": 0, "flag": 1, "outline": 2, "full": 3}


def default_policy(people: int) -> Policy:
    """Against the AI, take back freely; between people, only until something came out."""
    return "until_revealed" if people > 1 else "always"


def known_policy(value: object, people: int) -> Policy:
    """A policy named in a save or the settings, else the default."""
    if value in POLICIES:
        return value  # type: ignore[return-value]
    return default_policy(people)


@dataclass
class Snapshot:
    """The game just before a person's action."""

    side: str
    """Who acted."""
    what: str
    """The action, in words (for the menu)."""
    state: dict[str, Any]
    """``Game.save()``'s ``state`` (a deep copy: the game's own objects never in it)."""
    dice: list[Any]
    log_length: int
    decks: dict[str, int]
    """How many cards each side's deck held (a shorter deck: a card was drawn)."""
    seen: dict[str, int] = field(default_factory=dict)
    """How much of each enemy stack the side saw (:data:`RANK`)."""


def sight_of(game: Game, side: str) -> dict[str, int]:
    """How much ``side`` sees of each enemy stack (fog on; without it, nothing is hidden)."""
    if not game.fog:
        return {}
    out = {}
    for stack in game.state.stacks.values():
        if stack.side != side and game.world.at_war(side, stack.side):
            out[stack.id] = RANK[view_of(game, stack, side)]
    return out


def decks(game: Game) -> dict[str, int]:
    return {side: len(game.state.sides[side].deck) for side in game.sides_in_play}


def snapshot(game: Game, side: str, what: str) -> Snapshot:
    # What Game.save() writes for the state and the die (the rest of a save, such as the
    # scenario's fingerprint, is the same all game long and made once, in restore).
    return Snapshot(
        side=side,
        what=what,
        state=game.state.to_json(),
        dice=game.dice.state(),
        log_length=len(game.log),
        decks=decks(game),
        seen=sight_of(game, side),
    )


def revealed(game: Game, since: Snapshot) -> str | None:
    """What came out since ``since`` that a take-back must not undo, in words, or ``None``."""
    if game.dice.state() != since.dice:
        return "a die was rolled"
    now = decks(game)
    if any(now[side] < count for side, count in since.decks.items() if side in now):
        return "a card was drawn"
    if game.fog:
        stacks = game.state.stacks
        for stack_id, rank in sight_of(game, since.side).items():
            if rank > since.seen.get(stack_id, 0) and _enemy(stacks.get(stack_id), since.side):
                return "an enemy stack was revealed"
    return None


def _enemy(stack: StackState | None, side: str) -> bool:
    return stack is not None and stack.side != side


def restore(game: Game, shot: Snapshot) -> Game:
    """The game as it was at ``shot`` (loaded like a save: it goes on exactly as it did)."""
    data = game.save()
    # Copied again: the loaded game takes the lists it is given as its own.
    data["state"] = json.loads(json.dumps(shot.state))
    data["dice"] = shot.dice
    data["log"] = list(game.log.records[: shot.log_length])
    return Game.load(game.scenario, data)


class History:
    """The snapshots a person may go back to, under one :data:`POLICIES` rule."""

    def __init__(self, policy: Policy) -> None:
        self.policy: Policy = policy
        self.shots: list[Snapshot] = []
        self.why_not = ""
        """Why nothing may be taken back now (for the menu's tooltip)."""

    def keep(self, shot: Snapshot) -> None:
        if self.policy == "never":
            return
        self.shots.append(shot)
        del self.shots[:-DEPTH]

    def drop_last(self) -> None:
        """The action was refused: its snapshot is no step back."""
        if self.shots:
            self.shots.pop()

    def check(self, game: Game) -> str | None:
        """After the game moved on: forget the history when something came out that the
        rule does not let a person take back; returns what, once."""
        if self.policy != "until_revealed" or not self.shots:
            return None
        what = revealed(game, self.shots[-1])
        if what is not None:
            self.forget(f"{what} since")
        return what

    def forget(self, why: str) -> None:
        self.shots = []
        self.why_not = why

    def last(self) -> Snapshot | None:
        return self.shots[-1] if self.shots else None

    def reason(self) -> str:
        if self.policy == "never":
            return "This game does not allow taking back (start dialog)"
        if self.shots:
            return ""
        return f"Nothing to take back: {self.why_not}" if self.why_not else "Nothing to take back"


WORDS = {
    "end_phase": "ending the phase",
    "split": "splitting a stack",
    "merge": "merging stacks",
    "entrench": "entrenching",
    "enter_structure": "entering a structure",
    "leave_structure": "leaving a structure",
    "discard": "discarding",
    "continue_battle": "going on with the battle",
    "retreat": "retreating from the battle",
    "breakthrough": "the breakthrough",
    "resolve_siege": "the siege",
    "assign_replacement": "the replacement",
    "choose": "the choice",
    "rebase": "rebasing aircraft",
    "embark": "boarding ships",
    "disembark": "going ashore",
    "airlift": "the airlift",
    "drop": "the drop",
}


def describe(game: Game, action: Any) -> str:
    """An action in a few words, for "Take back the move to Derna"."""
    kind = getattr(action, "kind", "")
    regions = game.world.regions
    if kind == "move":
        end = action.path[-1]
        return f"the move to {regions[end].name if end in regions else end}"
    if kind == "play_card":
        card = game.world.cards.get(action.card)
        return f"playing {card.name if card is not None else action.card}"
    if kind == "resolve_battle":
        region = regions.get(action.region)
        return f"the battle at {region.name if region is not None else action.region}"
    if kind == "place_reinforcement":
        region = regions.get(action.region)
        return f"placing reinforcements at {region.name if region is not None else action.region}"
    return WORDS.get(kind, kind.replace("_", " "))
