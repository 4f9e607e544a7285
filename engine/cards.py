"""Decks, hands and playing cards (E2).

A card plays in a *window*: at the start of a phase its timing names (before the side takes
any other action in that phase), or in a battle's or a siege's card window. Black cards go to
the bottom of their deck after play, red ones leave the game. Discards (down to the hand
limit) go to the bottom of the deck, red ones included: they were not played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schemas.decks import Card
from schemas.effects import ChangeCards

from .actions import Action, Discard, PlayCard
from .conditions import holds
from .errors import IllegalAction
from .records import SpentCard
from .targets import Context

if TYPE_CHECKING:
    from .game import Game


def handles(action: Action) -> bool:
    return isinstance(action, PlayCard | Discard)


# -- windows -------------------------------------------------------------------------------------


def window(game: Game, *, mandatory: bool = False) -> tuple[str, str] | None:
    """The card timing open now and the side that may play: ``(timing, side)``.

    A phase's window closes for other cards once the side takes any other action in that
    phase; for ``mandatory`` cards it stays open until the phase ends (T2, E2): a mandatory
    card keeps the phase open until it is played, whatever happens first.
    """
    battle = game.state.battle
    if battle is not None:
        side = battle["card_window"]
        return ("battle", side) if side else None
    siege = game.state.stats.get("siege_window")
    if siege:
        return ("siege", siege)
    if game.state.pending or (game.state.phase_acted and not mandatory):
        return None
    timing = game.handler().card_timing
    return (timing, game.active_side) if timing else None


def window_key(game: Game) -> list[str | int | None]:
    """Names the card window open now, to tell one window from the next: a phase's window,
    each side's window before each round of each battle, each side's window of each siege."""
    state = game.state
    stats = state.stats
    where: list[str | int | None] = [state.turn, state.side_index]
    battle = state.battle
    if battle is not None:
        return [
            "battle",
            *where,
            stats.get("battles", 0),
            battle["region"],
            battle["structure"],
            battle["step"],
            battle["card_window"],
        ]
    siege = stats.get("siege_window")
    if siege:
        return ["siege", *where, stats.get("sieges", 0), stats.get("siege_structure"), siege]
    return ["phase", *where, state.phase_index]


def _spent(game: Game) -> list[SpentCard]:
    """The copies played in the card window open now (nothing of an earlier window)."""
    state = game.state
    return state.window_spent if state.card_window == window_key(game) else []


def _spent_to_update(game: Game) -> list[SpentCard]:
    """:func:`_spent`, starting the open window's list when it is a new window."""
    state = game.state
    key = window_key(game)
    if state.card_window != key:
        state.card_window, state.window_spent = key, []
    return state.window_spent


def playable_copies(game: Game, side: str, card_id: str) -> int:
    """Copies of a card in ``side``'s hand it may play in the open window: those it holds,
    less those played in this window that drew themselves back (E2)."""
    return _copies(game, side, card_id, _spent(game))


def _copies(game: Game, side: str, card_id: str, spent: list[SpentCard]) -> int:
    back = sum(1 for s in spent if s["side"] == side and s["card"] == card_id and s["ahead"] < 0)
    return game.state.sides[side].hand.count(card_id) - back


def can_play(game: Game, side: str, card: Card) -> bool:
    """Whether ``side`` may play ``card`` now: its window is open, it holds a copy not
    played in this window, and its condition may hold (a die roll in it is not rolled: it
    may succeed)."""
    return _playable(game, side, card, window(game, mandatory=card.mandatory), _spent(game))


def _playable(
    game: Game,
    side: str,
    card: Card,
    opened: tuple[str, str] | None,
    spent: list[SpentCard],
) -> bool:
    """:func:`can_play` with the card's window and the window's spent copies worked out by
    the caller: asked for every card of a hand at every decision, they are the same for all."""
    if opened is None or _copies(game, side, card.id, spent) < 1:
        return False
    timing, who = opened
    if who != side or timing not in card.phases:
        return False
    return holds(game, card.condition, Context(side, card.id, preview=True))


def _hand_windows(game: Game) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """The window open now for mandatory cards and for the others (one may be shut while
    the other is open, see :func:`window`)."""
    mandatory = window(game, mandatory=True)
    return mandatory, (window(game) if mandatory is not None else None)


def playable_actions(game: Game) -> list[Action]:
    mandatory, other = _hand_windows(game)
    if mandatory is None:
        return []
    _, side = mandatory
    spent = _spent(game)
    cards = game.world.cards
    weighed: set[str] = set()
    out: list[Action] = []
    for card_id in game.state.sides[side].hand:
        if card_id in weighed:
            continue  # another copy of a card weighed already: the same answer
        weighed.add(card_id)
        card = cards[card_id]
        if _playable(game, side, card, mandatory if card.mandatory else other, spent):
            out.append(PlayCard(card_id))
    out.extend(discard_actions(game))
    return out


def mandatory_left(game: Game) -> str | None:
    """A mandatory card the side to act holds and could play now, if any."""
    opened = window(game, mandatory=True)
    if opened is None:
        return None
    _, side = opened
    spent = _spent(game)
    for card_id in game.state.sides[side].hand:
        card = game.world.cards[card_id]
        if card.mandatory and _playable(game, side, card, opened, spent):
            return card_id
    return None


# -- hand and deck -------------------------------------------------------------------------------


def draw(game: Game, side: str, count: int) -> None:
    state = game.state.sides[side]
    drawn = state.deck[:count]
    del state.deck[:count]
    state.hand.extend(drawn)
    # A copy played in this window that comes up again is back in the hand, spent.
    for spent in _spent_to_update(game):
        if spent["side"] == side and spent["ahead"] >= 0:
            spent["ahead"] = spent["ahead"] - len(drawn) if spent["ahead"] >= len(drawn) else -1
    game.record("drew", side_id=side, count=len(drawn))


def excess(game: Game, side: str) -> int:
    return max(0, len(game.state.sides[side].hand) - game.scenario.rules.cards.hand_limit)


def discard_actions(game: Game) -> list[Action]:
    """One discard per card while the active side holds too many, in the cards phase."""
    if game.phase != "cards" or game.state.battle is not None:
        return []
    side = game.active_side
    if not excess(game, side):
        return []
    return [Discard((card,)) for card in dict.fromkeys(game.state.sides[side].hand)]


def check(game: Game, action: Action) -> None:
    """Raise :class:`IllegalAction` unless the card action may be applied now."""
    if isinstance(action, Discard):
        _check_discard(game, action)
    elif isinstance(action, PlayCard):
        _check_play(game, action)
    else:
        raise IllegalAction(f"'{action.kind}' is not a card action")


def apply(game: Game, action: Action) -> None:
    if isinstance(action, Discard):
        _discard(game, action)
    elif isinstance(action, PlayCard):
        play(game, action)


def _check_discard(game: Game, action: Discard) -> None:
    side = game.active_side
    if game.phase != "cards" or game.state.battle is not None:
        raise IllegalAction("cards are only discarded down to the hand limit in the cards phase")
    if not action.cards or excess(game, side) < len(action.cards):
        raise IllegalAction("cards are only discarded down to the hand limit in the cards phase")
    hand = list(game.state.sides[side].hand)
    for card_id in action.cards:
        if card_id not in hand:
            raise IllegalAction(f"card '{card_id}' is not in the hand")
        hand.remove(card_id)


def _discard(game: Game, action: Discard) -> None:
    side = game.active_side
    state = game.state.sides[side]
    for card_id in action.cards:
        state.hand.remove(card_id)
        state.deck.append(card_id)
    game.record("discarded", side_id=side, cards=list(action.cards))


def _check_play(game: Game, action: PlayCard) -> tuple[Card, str]:
    """The card and the side playing it, or :class:`IllegalAction`."""
    card = game.world.cards.get(action.card)
    if card is None:
        raise IllegalAction(f"there is no card '{action.card}'")
    opened = window(game, mandatory=card.mandatory)
    if opened is None:
        if window(game, mandatory=True) is not None:
            raise IllegalAction(
                "the card window closed when the side acted in this phase: only mandatory "
                "cards may still be played"
            )
        raise IllegalAction("no card can be played now")
    _, side = opened
    if action.card not in game.state.sides[side].hand:
        raise IllegalAction(f"card '{action.card}' is not in the hand")
    if playable_copies(game, side, card.id) < 1:
        raise IllegalAction(
            f"card '{card.name}' was already played in this card window (it drew itself back)"
        )
    if not can_play(game, side, card):
        raise IllegalAction(f"card '{card.name}' cannot be played now")
    return card, side


def play(game: Game, action: PlayCard) -> None:
    """Play a card that passed :func:`check`. A die roll in its condition is only rolled now
    (checking never rolls): if it fails, the card is spent without effect."""
    card, side = _check_play(game, action)
    state = game.state.sides[side]
    state.hand.remove(card.id)
    if card.color == "red":
        state.removed.append(card.id)
    else:
        spent: SpentCard = {"side": side, "card": card.id, "ahead": len(state.deck)}
        _spent_to_update(game).append(spent)
        state.deck.append(card.id)
    game.state.cards_played.append(card.id)
    game.record("card", side_id=side, card=card.id, name=card.name, targets=list(action.targets))
    if not holds(game, card.condition, Context(side, card.id)):
        game.record("card_failed", side_id=side, card=card.id, reason="the roll failed")
        return
    from .effects import run_effects

    run_effects(game, card.effects, side=side, source=card.id, targets=action.targets)


def add_and_remove(game: Game, effect: ChangeCards, ctx: Context) -> None:
    for card_id in effect.add:
        side = game.world.cards[card_id].side
        state = game.state.sides[side]
        if effect.to_hand:
            state.hand.append(card_id)
        else:
            # Shuffled in: a random place in the deck.
            place = game.dice.below(len(state.deck) + 1)
            state.deck.insert(place, card_id)
            for spent in _spent_to_update(game):
                if spent["side"] == side and spent["ahead"] >= place:
                    spent["ahead"] += 1
        game.record("card_added", card=card_id, side_id=side, to_hand=effect.to_hand)
    for card_id in effect.remove:
        tracked = _spent_to_update(game)
        for side, state in game.state.sides.items():
            gone = [i for i, c in enumerate(state.deck) if c == card_id]
            for spent in tracked:
                if spent["side"] == side and spent["ahead"] > 0:
                    spent["ahead"] -= sum(1 for i in gone if i < spent["ahead"])
            state.deck[:] = [c for c in state.deck if c != card_id]
            state.hand[:] = [c for c in state.hand if c != card_id]
        tracked[:] = [s for s in tracked if s["card"] != card_id]
        game.record("card_removed", card=card_id)
