"""A battle in the game, one round at a time (B1-B12).

``state.battle`` holds everything between two player decisions as JSON-ready data: the
description from :func:`.field.describe` plus the round counters, the panicked units, the
morale changes and the open card window. Each round rebuilds a :class:`~.prepare.Setup` from
the game (cards played in a window count at once), runs it with ``game.dice`` through
:mod:`.rounds`, and writes strengths and eliminations back to the units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import board, modifiers
from ..records import BattleEnding, BattleState
from . import retreat
from .field import battle_record, describe
from .losses import take_hits
from .morale import Emit, Fight, drop
from .prepare import Setup, build
from .rounds import (
    doomed_support,
    next_round,
    over,
    play_round,
    pursue,
    superiority,
    winner,
)

if TYPE_CHECKING:
    from ..game import Game


def open_battle(game: Game, region: str, structure: str | None = None) -> None:
    """Start the battle in ``region`` (or the assault on ``structure``): the card round opens
    with the attacker's window."""
    setup = describe(game, region, game.active_side, structure)
    battle: BattleState = {
        "region": setup["region"],
        "structure": setup["structure"],
        "attacker": setup["attacker"],
        "defender": setup["defender"],
        "attackers": setup["attackers"],
        "defenders": setup["defenders"],
        "entry": setup["entry"],
        "crossings": setup["crossings"],
        "entrenched": setup["entrenched"],
        "had_combat": setup["had_combat"],
        "ground": setup["ground"],
        "card_window": setup["attacker"],
        "morale_fixed": setup["morale_fixed"],
        "step": 0,
        "rounds": 0,
        "next_rounds": 0,
        "panicked": [],
        "drops": [0, 0],
        "lost": [0, 0],
        "panics": [0, 0],
        "upcoming": "cards",
        "retreat_allowed": False,
    }
    game.state.battle = battle
    game.record("battle_start", **battle_record(battle))


def _emit(game: Game) -> Emit:
    return game.record if game.log.enabled else None


def load(game: Game, *, explain: bool = False) -> tuple[Setup, Fight]:
    """The open battle as the round engine sees it (``explain``: with the terms of every
    factor, which a logging game always keeps)."""
    battle = game.state.battle
    assert battle is not None
    setup = build(game, battle, explain=explain or game.log.enabled)
    panicked = set(battle["panicked"])
    fight = Fight(setup, [1 if uid in panicked else 0 for uid in setup.ids])
    drops = battle["drops"]
    fight.morale = [setup.morale_base[0] + drops[0], setup.morale_base[1] + drops[1]]
    fight.lost = list(battle["lost"])
    fight.panics = list(battle["panics"])
    fight.rounds = battle["rounds"]
    fight.next_rounds = battle["next_rounds"]
    return setup, fight


def store(game: Game, setup: Setup, fight: Fight) -> None:
    """Write the round's results back: strengths, eliminations, panics, counters."""
    battle = game.state.battle
    assert battle is not None
    units = game.state.units
    for i, uid in enumerate(setup.ids):
        unit = units[uid]
        if fight.status[i] == 2 or fight.strength[i] <= 0:
            board.eliminate(game, uid, "battle")
        else:
            unit.strength = fight.strength[i]
    battle["panicked"] = [uid for i, uid in enumerate(setup.ids) if fight.status[i] == 1]
    battle["drops"] = [fight.morale[s] - setup.morale_base[s] for s in (0, 1)]
    battle["lost"] = list(fight.lost)
    battle["panics"] = list(fight.panics)
    battle["rounds"] = fight.rounds
    battle["next_rounds"] = fight.next_rounds


def _fix_morale(game: Game, setup: Setup) -> None:
    """B4: the starting battle morale is worked out once, when the first round begins."""
    battle = game.state.battle
    assert battle is not None
    if battle["morale_fixed"] is not None:
        return
    fixed = [sum(a for label, a in setup.morale_terms[s] if label != "cards") for s in (0, 1)]
    battle["morale_fixed"] = fixed
    for s in (0, 1):
        game.record(
            "battle_morale_start",
            side_id=setup.sides[s],
            total=setup.morale_base[s],
            terms=[list(term) for term in setup.morale_terms[s]],
        )


def advance(game: Game) -> None:
    """Both sides passed their card windows: fight the next round, then open the windows
    before the one after, or end the battle."""
    battle = game.state.battle
    assert battle is not None
    setup, fight = load(game)
    _fix_morale(game, setup)
    if over(setup, fight):
        finish(game, setup, fight)
        return
    kind, step = next_round(setup, fight, battle["step"])
    if kind is None:
        finish(game, setup, fight)
        return
    if game.log.enabled:
        _log_modifiers(game, setup, fight, kind)
    play_round(setup, fight, kind, game.dice.roll, _emit(game))
    battle["step"] = step + 1
    store(game, setup, fight)
    modifiers.expire(game, "end_of_round")
    if over(setup, fight):
        finish(game, setup, fight)
        return
    upcoming, _ = next_round(setup, fight, battle["step"])
    if upcoming is None:
        finish(game, setup, fight)
        return
    battle["upcoming"] = upcoming
    battle["retreat_allowed"] = upcoming == "next"
    battle["card_window"] = battle["attacker"]


def _log_modifiers(game: Game, setup: Setup, fight: Fight, kind: str) -> None:
    """B12: the terms of every factor about to fire, one record per round."""
    bonus = superiority(setup, fight) if kind in setup.sup_ok else [0, 0]
    shooters = setup.fires[kind][0] + setup.fires[kind][1]
    shooters += setup.aa_units[0] + setup.aa_units[1]
    terms = {
        setup.ids[i]: [list(t) for t in setup.explain_unit(i, kind, game, bonus[setup.side[i]])]
        for i in shooters
        if fight.status[i] == 0 and fight.strength[i] > 0
    }
    game.record("battle_modifiers", round=kind, number=fight.rounds + 1, units=terms)


def withdraw(game: Game, side: str) -> None:
    """B8: ``side`` leaves the battle by its own choice; the enemy does not pursue."""
    setup, fight = load(game)
    fight.retreated = setup.sides.index(side)
    game.record("battle_withdrawal", side_id=side)
    finish(game, setup, fight)


def finish(game: Game, setup: Setup, fight: Fight) -> None:
    """End the open battle: pursuit, support units lost, the loser's retreat, capture, the
    result, and the winner's breakthrough. When the loser's player must choose where to
    retreat, the battle stays open until the answer (:func:`conclude` then ends it)."""
    battle = game.state.battle
    assert battle is not None
    emit = _emit(game)
    win = winner(setup, fight)
    if fight.routed == 1 - win:
        pursue(setup, fight, win, game.dice.roll, emit)
    doomed = doomed_support(setup, fight, game.dice.below)
    for i in doomed:
        fight.strength[i] = 0
        fight.status[i] = 2
        fight.lost[setup.side[i]] += 1
    if doomed:
        game.record("battle_support_lost", units=[setup.ids[i] for i in doomed])
    store(game, setup, fight)
    sides = setup.sides
    battle["ending"] = {
        "winner": sides[win],
        "rounds": fight.rounds,
        "routed": sides[fight.routed] if fight.routed is not None else None,
        "pursuit": fight.pursued,
        "retreated": sides[fight.retreated] if fight.retreated is not None else None,
    }
    if retreat.retreat_side(game, battle, sides[1 - win]):
        conclude(game)


def conclude(game: Game) -> None:
    """The loser has retreated: capture, the result, and the winner's breakthrough."""
    battle = game.state.battle
    assert battle is not None
    ending = battle.pop("ending")
    attacker_won = ending["winner"] == battle["attacker"]
    if attacker_won:
        _capture(game, battle)
    result = _result(game, battle, ending, cancelled=False)
    _close(game, result)
    if attacker_won and battle["structure"] is None:
        from .breakthrough import offer

        offer(game, battle)


def cancel(game: Game, side: str) -> None:
    """B11: a card calls the battle off; ``side`` withdraws (losing nothing to a pursuit) and
    the battle moves no VP: no capture, and units with nowhere to go are removed without
    scoring."""
    battle = game.state.battle
    assert battle is not None
    setup, fight = load(game)
    store(game, setup, fight)
    game.record("battle_cancelled", side_id=side)
    # A card calls the battle off at once: the die places the retreat, nobody is asked.
    retreat.retreat_side(game, battle, side, vp=False, choice=False)
    ending: BattleEnding = {
        "winner": None,
        "rounds": fight.rounds,
        "routed": setup.sides[fight.routed] if fight.routed is not None else None,
        "pursuit": fight.pursued,
        "retreated": side,
    }
    _close(game, _result(game, battle, ending, cancelled=True))


def inflict(game: Game, side: str, hits: int, source: str) -> None:
    """Hits a card deals to ``side`` in the open battle, allocated as usual (B5)."""
    battle = game.state.battle
    assert battle is not None
    setup, fight = load(game)
    s = setup.sides.index(side)
    taken = [0] * setup.n
    wasted = take_hits(setup, fight.strength, fight.status, s, 0, hits, 0, taken)
    game.record("battle_auto_hits", side_id=side, hits=hits, source=source, wasted=wasted)
    emit = _emit(game)
    for i in setup.units_of[s]:
        if not taken[i]:
            continue
        if emit is not None:
            emit("battle_hits", unit=setup.ids[i], hits=taken[i], strength=fight.strength[i])
        if fight.strength[i] == 0:
            fight.status[i] = 2
            fight.lost[s] += 1
            drop(setup, fight, s, setup.nums.per_unit_lost, "unit_lost", emit)
    store(game, setup, fight)


# -- the end -------------------------------------------------------------------------------------


def _capture(game: Game, battle: BattleState) -> None:
    """The attacker won: it takes the region if it has land units there (an assault takes
    the structure once nobody is left inside)."""
    region, attacker = battle["region"], battle["attacker"]
    structure = battle["structure"]
    stacks = board.stacks_in(game, region)
    if structure is not None:
        if not any(s.structure == structure and s.side != attacker for s in stacks):
            board.capture_structure(game, structure, attacker)
        return
    holds = any(
        s.side == attacker
        and s.structure is None
        and any(game.state.units[u].domain == "land" for u in s.units)
        for s in stacks
    )
    if holds:
        board.capture_region(game, region, attacker)


def _result(
    game: Game, battle: BattleState, ending: BattleEnding, *, cancelled: bool
) -> dict[str, Any]:
    units = game.state.units
    sides = (battle["attacker"], battle["defender"])
    lost = {
        side: sum(1 for u in fought if units[u].status == "eliminated")
        for side, fought in zip(sides, (battle["attackers"], battle["defenders"]), strict=True)
    }
    winner_side = ending["winner"]
    loser = None
    if winner_side is not None:
        loser = sides[1] if winner_side == sides[0] else sides[0]
    return {
        "turn": game.turn,
        "region": battle["region"],
        "structure": battle["structure"],
        "attacker": sides[0],
        "defender": sides[1],
        "winner": winner_side,
        "loser": loser,
        "rounds": ending["rounds"],
        "routed": ending["routed"],
        "pursuit": ending["pursuit"],
        "retreated": ending["retreated"],
        "cancelled": cancelled,
        "lost": lost,
    }


def _close(game: Game, result: dict[str, Any]) -> None:
    stats = game.state.stats
    stats["battles"] = stats.get("battles", 0) + 1
    stats.setdefault("battle_results", []).append(result)
    game.record("battle_over", **result)
    game.state.battle = None
    modifiers.expire(game, "end_of_battle")
