"""What the game loop calls while a battle is open, and what card effects call in a battle or
a siege.

Between rounds a battle waits in a card window (``state.battle["card_window"]``): first the
attacker's, then the defender's. The side in the window may play battle cards, go on
(:class:`~engine.actions.ContinueBattle`) or, from the first next round, retreat (B8). When
the defender goes on, the next round is fought and the windows open again, until the battle
ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cards
from ..actions import Action, ContinueBattle, PlayCard, Retreat
from ..errors import IllegalAction
from ..records import BattleState
from . import battle as fights
from . import siege
from .fast import preview

if TYPE_CHECKING:
    from ..game import Game
    from ..targets import Context

__all__ = ["actions", "apply", "cancel", "check", "inflict_hits", "preview", "side_to_act"]


def _battle(game: Game) -> BattleState:
    battle = game.state.battle
    if battle is None:
        raise IllegalAction("no battle is being fought")
    return battle


def side_to_act(game: Game) -> str:
    """The side whose card window is open."""
    return str(_battle(game)["card_window"])


def actions(game: Game) -> list[Action]:
    """Cards the side in the window may play, then going on and, when allowed, retreating
    (both held back while a mandatory card waits to be played)."""
    battle = _battle(game)
    out = cards.playable_actions(game)
    if cards.mandatory_left(game) is None:
        out.append(ContinueBattle())
        if battle.get("retreat_allowed"):
            out.append(Retreat())
    return out


def check(game: Game, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` may be taken in the open battle."""
    battle = _battle(game)
    if isinstance(action, PlayCard):
        playable = {a.card for a in cards.playable_actions(game) if isinstance(a, PlayCard)}
        if action.card not in playable:
            raise IllegalAction(f"card '{action.card}' cannot be played in this battle now")
        cards.check(game, action)
        return
    if not isinstance(action, ContinueBattle | Retreat):
        raise IllegalAction(f"'{action.kind}' is not possible during a battle")
    if cards.mandatory_left(game) is not None:
        raise IllegalAction("a mandatory card must be played first")
    if isinstance(action, Retreat) and not battle.get("retreat_allowed"):
        raise IllegalAction("retreat is only possible from the first round after the main one")


def apply(game: Game, action: Action) -> None:
    battle = _battle(game)
    side = battle["card_window"]
    assert side is not None, "actions are only taken in a battle's card windows"
    if isinstance(action, PlayCard):
        cards.play(game, action)
        return
    if isinstance(action, ContinueBattle):
        if side == battle["attacker"]:
            battle["card_window"] = battle["defender"]
        else:
            battle["card_window"] = None
            fights.advance(game)
        return
    if isinstance(action, Retreat):
        fights.withdraw(game, side)


def inflict_hits(game: Game, side: str, hits: int, source: str) -> None:
    """A card's automatic hits on ``side`` in the open battle or siege (ignored elsewhere)."""
    if game.state.battle is not None:
        fights.inflict(game, side, hits, source)
    elif siege.is_open(game):
        siege.inflict(game, side, hits, source)
    else:
        game.record("effect_failed", source=source, reason="no battle or siege for hits")


def cancel(game: Game, retreating: str, ctx: Context) -> None:
    """A card calls off the open battle (``retreating`` names who withdraws: ``@self``,
    ``@enemy``, ``attacker`` or ``defender``) or the open siege."""
    battle = game.state.battle
    if battle is None:
        if siege.is_open(game):
            siege.cancel(game)
        else:
            game.record("effect_failed", source=ctx.source, reason="no battle to cancel")
        return
    sides = (battle["attacker"], battle["defender"])
    if retreating == "attacker":
        side = sides[0]
    elif retreating == "defender":
        side = sides[1]
    elif retreating == "@enemy":
        side = sides[1] if ctx.side == sides[0] else sides[0]
    else:
        side = ctx.side if ctx.side in sides else sides[0]
    fights.cancel(game, side)
