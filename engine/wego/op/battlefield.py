"""What a battle of the WEGO execution reads beyond the units: the command tree, for
organisational integrity (OC4, OW8), and the forts and entrenchments the scenario places
(OH2, OH3, OH8).

Forts and entrenchments are the scenario's structures with a fortification level
(``rules.operational.forts``: from ``entrenchment_from`` an entrenchment, from ``fort_from`` a
fort). Only the structure's owner benefits (its ``owner``, or the hex's owner when it has
none); an enemy unit that begins a turn in the hex removes it for good: :func:`raze` runs as
the execution opens, keeps the removed structures in ``GameState.operational["razed"]`` (so a
save holds them) and writes one ``op_fort_removed`` record each.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Literal

from ... import board as places
from ...operational.hq import CommandTree
from ...operational.integrity import side_integrity
from ...operational.night import side_night
from . import state

if TYPE_CHECKING:
    from ...game import Game

Overlay = Literal["", "fort", "entrenchment"]

_TREES: weakref.WeakKeyDictionary[Game, CommandTree] = weakref.WeakKeyDictionary()


def tree_of(game: Game) -> CommandTree:
    """The game's command tree (built once: the order of battle does not change in play)."""
    found = _TREES.get(game)
    if found is None:
        found = _TREES[game] = CommandTree.of(game.scenario)
    return found


def integrity(game: Game, unit_ids: list[str], *, attacking: bool, night: bool) -> float:
    """OC4, OW8: the multiplier of one side's total in a battle; the night's cut spares a
    side whose units all act as by day (OW3, OU15)."""
    rules = state.board_of(game).rules
    nations = {u: game.world.nation_of(u) for u in unit_ids}
    if night and rules.night.integrity:
        known = state.units(game)
        night = side_night(rules, (known[u] for u in unit_ids if u in known), "integrity", night)
    found = side_integrity(
        rules, tree_of(game), unit_ids, nations, attacking=attacking, night=night
    )
    return found.factor


def razed(game: Game) -> list[str]:
    """Ids of the structures whose fort or entrenchment an enemy removed (OH8); the key is
    only written once something is removed."""
    found: list[str] = state.data(game).get("razed", [])
    return found


def _owner(game: Game, structure_id: str, region: str) -> str | None:
    side = places.side_of_structure(game, structure_id)
    return side if side is not None else places.side_of_region(game, region)


def overlays(game: Game) -> dict[str, tuple[Overlay, str, str]]:
    """Hex id to (``fort`` or ``entrenchment``, owning side, structure id) of every overlay
    still standing; the strongest where a hex holds several."""
    rules = state.board_of(game).rules.forts
    gone = set(razed(game))
    out: dict[str, tuple[Overlay, str, str]] = {}
    for structure in game.scenario.structures:
        kind = rules.kind_of(structure.fortification)
        if kind is None or structure.id in gone:
            continue
        side = _owner(game, structure.id, structure.region)
        if side is None:
            continue
        known = out.get(structure.region)
        if known is None or (known[0] == "entrenchment" and kind == "fort"):
            out[structure.region] = (
                "fort" if kind == "fort" else "entrenchment",
                side,
                structure.id,
            )
    return out


def overlay_for(game: Game, hex_id: str, defender_side: str) -> Overlay:
    """OH8: the fort or entrenchment the defenders of ``hex_id`` benefit from (only their
    own side's), or ``""``."""
    found = overlays(game).get(hex_id)
    if found is None or found[1] != defender_side:
        return ""
    return found[0]


def raze(game: Game) -> None:
    """OH8: an enemy unit that begins the turn in a fort's or entrenchment's hex removes it
    for good (``forts.removed_by_enemy``)."""
    if not state.board_of(game).rules.forts.removed_by_enemy:
        return
    for hex_id, (kind, side, structure_id) in sorted(overlays(game).items()):
        enemies = [
            s.id
            for s in places.stacks_in(game, hex_id)
            if s.side != side and game.world.at_war(side, s.side)
        ]
        if enemies:
            state.data(game).setdefault("razed", []).append(structure_id)
            game.record(
                "op_fort_removed", region=hex_id, structure=structure_id, overlay=kind, by=enemies
            )
