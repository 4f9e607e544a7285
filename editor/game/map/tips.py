"""Tooltips of the places on the game map: regions, structures, supply sources.

Places are public knowledge (the map, who controls it, what it is worth), so these never
mention stacks: what stands in a region is told by its counters, under the fog's rules.
"""

from __future__ import annotations

from html import escape

from engine import board
from engine.game import Game
from schemas.map import PlaceValue


def worth_vp(values: dict[str, PlaceValue]) -> bool:
    """Whether a place is worth VP to some side (captured, lost or held at the end)."""
    return any(v.capture or v.loss or v.hold_at_end for v in values.values())


def _values(game: Game, values: dict[str, PlaceValue]) -> list[str]:
    lines = []
    for side_id, value in sorted(values.items()):
        side = game.world.sides.get(side_id)
        parts = []
        if value.capture:
            parts.append(f"+{value.capture} VP on capture")
        if value.loss:
            parts.append(f"&minus;{value.loss} VP if lost")
        if value.hold_at_end:
            parts.append(f"+{value.hold_at_end} VP if held at the end")
        if value.tension:
            parts.append(f"tension {value.tension:+d} on capture")
        if parts and side is not None:
            lines.append(f"{escape(side.name)}: {', '.join(parts)}")
    return lines


def _controller(game: Game, side: str | None) -> str:
    return escape(game.world.sides[side].name) if side else "nobody"


def region_tip(game: Game, region_id: str) -> str:
    world = game.world
    region = world.regions[region_id]
    terrain = world.terrain_of[region_id]
    lines = [f"<b>{escape(region.name)}</b> &middot; {escape(terrain.name)}"]
    domain = world.domain(region_id)
    if domain == "land":
        lines.append(f"Controlled by {_controller(game, board.side_of_region(game, region_id))}")
        limit = world.land_stacking(region_id, region.network)
        network = "" if region.network == "none" else f" &middot; {region.network}"
        lines.append(f"Land stacking {limit} &middot; air {world.air_stacking(region_id)}{network}")
    elif domain == "unplayable":
        lines.append("No unit may enter")
    if region.off_map:
        lines.append("Off-map box")
    if region.income:
        lines.append(f"Income {region.income}")
    lines += _values(game, region.values)
    return "<br>".join(lines)


def structure_tip(game: Game, structure_id: str) -> str:
    structure = game.world.structures[structure_id]
    lines = [f"<b>{escape(structure.name)}</b> &middot; {structure.kind}"]
    lines.append(f"Held by {_controller(game, board.side_of_structure(game, structure_id))}")
    if structure.fortification:
        lines.append(f"Fortification {structure.fortification}")
    features = [
        name for name, on in (("port", structure.port), ("airfield", structure.airport)) if on
    ]
    if features:
        lines.append(" and ".join(features).capitalize())
    capacity = structure.capacity
    rooms = [
        f"{domain} {value}"
        for domain, value in (
            ("land", capacity.land),
            ("naval", capacity.naval),
            ("air", capacity.air),
        )
        if value is not None
    ]
    if rooms:
        lines.append(f"Shelters {', '.join(rooms)}")
    lines += _values(game, structure.values)
    return "<br>".join(lines)


def source_tip(game: Game, source_id: str) -> str:
    source = game.world.supply_sources[source_id]
    sides = [game.world.sides[s].name for s in source.sides if s in game.world.sides]
    serves = ", ".join(sides) if sides else "every side"
    state = "open" if game.state.sources_open.get(source_id, False) else "closed"
    name = source.name or "Supply source"
    return f"<b>{escape(name)}</b> &middot; supply source ({state})<br>Serves {escape(serves)}"
