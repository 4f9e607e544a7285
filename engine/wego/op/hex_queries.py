"""What the game view's hex details and overlays ask of an operational game besides
:mod:`.map_queries` (OF10, OF11): each hex's AA value and stacking for a side, the AA cover a
side spreads over the map, the side's chain of command as it stands on the map, and what
each hexside feature does (OH6, OH7, OH11), the enemy's values as the side's
intelligence reads them (:func:`enemy_values`), and how many turns of rest bring each of the
side's units back to 100% readiness, or an encircled one to 0% (:func:`readiness_outlook`,
OU19).

Every answer is the rules' own (:func:`engine.operational.missions.aa_points`,
:func:`engine.operational.units.stacking_points`,
:func:`engine.operational.movement.stacking_limit`, the order of battle of
:func:`.supply.tree`), for the side's own units: the enemy's are only ever what its
intelligence reads of them (:func:`.intel.current_intel`), never the true figures behind a
level too low to show them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from schemas.operational.terrain import HexsideEffect

from ...operational import OpUnit, enemy_zoc
from ...operational.establishment import establishment
from ...operational.missions import aa_points
from ...operational.movement import stacking_limit
from ...operational.readiness import Outlook, RestTurn, outlook
from ...operational.units import stacking_points
from . import fire, map_queries, state, supply
from .intel import current_intel

if TYPE_CHECKING:
    from ...game import Game


@dataclass(frozen=True)
class HexValues:
    """OF10: one hex of the side's, as its details give it."""

    aa: float
    """OC35: the AA points its units fire with at an enemy air asset over it (heavy AA next
    door included), before the air war's advantage of the turn (OA9), which is only known
    once the missions fly."""
    sp_used: float
    """OH9: the stacking points of its units."""
    sp_limit: float
    """OH9: the stacking points its terrain holds."""
    men: int = 0
    """OU1, OU4: the men its units stand for now (:mod:`engine.operational.establishment`)."""
    guns: int = 0
    vehicles: int = 0


def _own_by_hex(game: Game, side: str) -> dict[int, list[OpUnit]]:
    by_hex: dict[int, list[OpUnit]] = defaultdict(list)
    for unit in state.units(game).values():
        if unit.side == side:
            by_hex[unit.hex].append(unit)
    return by_hex


def _heavy_near(game: Game, by_hex: dict[int, list[OpUnit]], hex_index: int) -> list[OpUnit]:
    """OC35: the side's heavy AA in the hexes next to ``hex_index`` (it covers them too)."""
    board = state.board_of(game)
    return [
        u
        for n in board.neighbours[hex_index]
        for u in by_hex.get(int(n), ())
        if u.category == "heavy_aa"
    ]


def hex_values(game: Game, side: str) -> dict[str, HexValues]:
    """OF10: each hex holding ``side``'s units -> its AA value, its stacking and the men, guns
    and vehicles there, by hex id."""
    board = state.board_of(game)
    rules = board.rules
    by_hex = _own_by_hex(game, side)
    out: dict[str, HexValues] = {}
    for index, units in sorted(by_hex.items()):
        aa = aa_points(board, units, _heavy_near(game, by_hex, index))
        used = sum(stacking_points(rules, u) for u in units)
        kept = [establishment(rules, u) for u in units]
        out[board.hex_ids[index]] = HexValues(
            round(aa, 2),
            round(used, 2),
            round(stacking_limit(board, index), 2),
            sum(k.men for k in kept),
            sum(k.guns for k in kept),
            sum(k.vehicles for k in kept),
        )
    return out


def aa_cover(game: Game, side: str) -> dict[str, float]:
    """OF11, OC35: the AA points ``side`` fires with over each hex it covers (its units'
    hexes and the hexes next to its heavy AA; only values above 0), by hex id."""
    board = state.board_of(game)
    by_hex = _own_by_hex(game, side)
    hexes = set(by_hex)
    for index, units in by_hex.items():
        if any(u.category == "heavy_aa" for u in units):
            hexes.update(int(n) for n in board.neighbours[index])
    out: dict[str, float] = {}
    for index in sorted(hexes):
        aa = aa_points(board, by_hex.get(index, ()), _heavy_near(game, by_hex, index))
        if aa > 0:
            out[board.hex_ids[index]] = round(aa, 2)
    return out


@dataclass(frozen=True)
class ChainLink:
    """OF11: an HQ of the side on the map and the superior it reports to."""

    hq: str
    hq_hex: str
    superior: str
    superior_hex: str


def hq_chains(game: Game, side: str) -> list[ChainLink]:
    """OF11: each of ``side``'s HQs on the map whose superior HQ is on the map too, with both
    hexes (the order of battle as it stands: HQs moved under another in the plan count only
    once the plan is carried out)."""
    board = state.board_of(game)
    units = state.units(game)
    command = supply.tree(game)
    out: list[ChainLink] = []
    for hq in command.hqs_of(side):
        up = command.hq_of(hq)
        if hq in units and up is not None and up in units:
            out.append(
                ChainLink(hq, board.hex_ids[units[hq].hex], up, board.hex_ids[units[up].hex])
            )
    return out


@dataclass(frozen=True)
class HexsideMark:
    """OF11: one hexside with a feature, as the board stands (the engineers' work done)."""

    hexside: int
    """The grid's hexside number."""
    hexside_id: str
    """``<hex>-<hex>``."""
    effect: HexsideEffect
    """Its row of Table OH6 (crossing, MP, attack, shock, overrun, ZOC and LOC)."""
    frozen: bool
    """OW1: a river on a frozen day, crossed as a plain hexside today."""


def hexside_effects(game: Game) -> list[HexsideMark]:
    """OF11, OH6, OH7, OH11: every hexside with a feature on the board as it stands (a
    breached minefield as its breached row, a destroyed bridge as the river: OE2, OE4), in
    hexside order."""
    board = state.board_of(game)
    frozen = state.clock(game).frozen
    out: list[HexsideMark] = []
    for number, code in enumerate(board.side_feature.tolist()):
        if code < 0:
            continue
        row = board.hexside_rows[code]
        out.append(HexsideMark(number, board.grid.hexside_id(number), row, frozen and row.river))
    return out


@dataclass(frozen=True)
class KnownEnemy:
    """OF11, OI2: one enemy unit as a side's intelligence reads it; ``None`` wherever its
    level does not tell (a presence is only "a unit")."""

    unit: str | None
    """Its id from level 2; ``None`` at level 1 (a counter of unknown kind)."""
    level: int
    """OI2: 1 presence, 2 low, 3 medium, 4 high, 5 extreme."""
    category: str | None = None
    """Level 2 and up, possibly misread (OI4)."""
    attack: float | None = None
    """Level 3 and up, possibly off (OI4)."""
    defence: float | None = None
    dug_in: bool | None = None
    """Level 4 and up."""
    strength: float | None = None
    """Level 5."""
    readiness: float | None = None
    """Level 5."""
    quality: str | None = None
    """Level 5 (below it the odds read a regular unit, OI10)."""


def enemy_values(game: Game, side: str) -> dict[str, tuple[KnownEnemy, ...]]:
    """OF11: each hex holding enemy units ``side`` sees -> what it knows of each (Table OI2,
    from :func:`.intel.current_intel`), strongest reading first; hex ids in board order."""
    board = state.board_of(game)
    units = state.units(game)
    by_hex: dict[int, list[KnownEnemy]] = defaultdict(list)
    for seen in current_intel(game, side).units.values():
        true = units.get(seen.unit)
        full = seen.level >= 5
        by_hex[seen.hex].append(
            KnownEnemy(
                seen.unit if seen.level >= 2 else None,
                seen.level,
                seen.category,
                seen.attack,
                seen.defence,
                seen.dug_in,
                seen.strength,
                seen.readiness,
                true.quality if full and true is not None else None,
            )
        )
    return {
        board.hex_ids[index]: tuple(sorted(found, key=lambda k: (-k.level, k.unit or "")))
        for index, found in sorted(by_hex.items())
    }


OUTLOOK_TURNS = 60
"""OU19: how far ahead :func:`readiness_outlook` looks (15 days of the default 4 turns); a
unit not full or at 0% by then gets no figure (its rest is as good as cancelled)."""


def readiness_outlook(game: Game, side: str) -> dict[str, Outlook]:
    """OU19: each of ``side``'s units that would reach 100% readiness by resting, or 0% by
    staying encircled -> after how many turns, by id (units with no figure left out).

    The coming ends of turn are played forward with the rules' own rest
    (:func:`engine.operational.readiness.outlook`): each turn's time of day and weather from
    the calendar (OT4, OW1, OW9), the unit's LOC state and hex as they are now, and the enemy
    zone on the hex as ``side`` sees it (day or night, OW5; fog of war: unseen enemies count
    for nothing, as on the zone overlay). The current turn counts unless the unit has already
    moved in it, with the damage it took and a gun's used fire (OC33) as the turn keeps them.
    Only the side's own units are answered: the enemy's readiness is its intelligence's
    business (OI2)."""
    board = state.board_of(game)
    rules = board.rules
    seen = map_queries.known_units(game, side).values()
    zones = {night: enemy_zoc(board, seen, side, night=night) for night in (False, True)}
    turn = state.data(game)["turn"]
    fired = fire.fired(game)
    now = game.state.turn
    days = [state.clock(game, now + k) for k in range(OUTLOOK_TURNS)]

    def coming(unit: OpUnit) -> Iterator[RestTurn]:
        for k, day in enumerate(days):
            if k == 0 and unit.id in turn["used"]:
                continue  # it moved this turn: its rest starts with the next
            yield RestTurn(
                night=day.night,
                recovery=0.0 if k == 0 and unit.id in fired else day.recovery,
                enemy_zoc=zones[day.night].value(unit.hex),
                damage_taken=turn["damage"].get(unit.id, 0.0) if k == 0 else 0.0,
            )

    out: dict[str, Outlook] = {}
    for unit in state.units(game).values():
        if unit.side != side:
            continue
        found = outlook(rules, unit, coming(unit))
        if found is not None:
            out[unit.id] = found
    return out
