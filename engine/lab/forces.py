"""A battle between chosen forces, for the odds calculator: "what if these units attacked
those in this region?".

Forces are lists of items, each a unit or leader id of the scenario (at its starting strength,
on the map or still to arrive), or a unit type id, alone (one unit) or with a count
(``inf*3``): fresh units of that type at full strength. A side left out is the stacks of that
side standing in the region at the start. The battle is set up on a private copy of the
game, exactly as the engine sets up battles (terrain, leaders, boosters, entrenchment, a
crossed river), so its odds are those of the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from schemas.places import places_of
from schemas.scenario import Scenario
from schemas.units import Leader, Unit

from .. import board
from ..combat.prepare import Setup, build
from ..combat.values import tables
from ..game import Game
from ..records import BattleSetup

ITEM = re.compile(
    r"^\s*(?:(?P<before>\d+)\s*\*\s*)?(?P<name>[^*\s]+)\s*(?:\*\s*(?P<after>\d+))?\s*$"
)
MOST_UNITS = 500
"""More units than this in one force is a typing mistake, not a battle."""


class ForceError(ValueError):
    """The forces asked for cannot fight (unknown id, sides not at war...)."""


@dataclass
class Battle:
    """A battle ready to simulate: the private game it is set in and its description."""

    game: Game
    description: BattleSetup

    def setup(self) -> Setup:
        return build(self.game, self.description)

    @property
    def sides(self) -> tuple[str, str]:
        return self.description["attacker"], self.description["defender"]

    def lineup(self, which: int) -> dict[str, int]:
        """How many units of each type (leaders by name) fight on side ``which``."""
        fighting = (self.description["attackers"], self.description["defenders"])[which]
        world = self.game.world
        counts: dict[str, int] = {}
        for unit_id in fighting:
            unit_type = world.unit_type(unit_id)
            name = unit_type.name if unit_type else world.leaders[unit_id].name
            counts[name] = counts.get(name, 0) + 1
        return counts


def _parse(text: str) -> list[tuple[str, int]]:
    items = []
    for part in text.split(","):
        if not part.strip():
            continue
        found = ITEM.match(part)
        if found is None or (found["before"] and found["after"]):
            raise ForceError(f"cannot read '{part.strip()}': write an id, or a type and a count")
        count = int(found["before"] or found["after"] or 1)
        if count < 1 or count > MOST_UNITS:
            raise ForceError(f"'{part.strip()}': a count goes from 1 to {MOST_UNITS}")
        items.append((found["name"], count))
    return items


def _main_nation(scenario: Scenario, side: str) -> str:
    nations = [n for n in scenario.nations if n.side == side]
    if not nations:
        raise ForceError(f"side '{side}' has no nation to raise units from")
    return next((n.id for n in nations if n.main), nations[0].id)


def _side_of(scenario: Scenario, ids: list[str]) -> set[str]:
    nation_side = {n.id: n.side for n in scenario.nations}
    units = {u.id: u for u in scenario.units}
    leaders = {x.id: x for x in scenario.leaders}
    found = set()
    for item in ids:
        owner = units.get(item) or leaders.get(item)
        if owner is not None:
            found.add(nation_side[owner.nation])
    return found


def what_if(
    scenario: Scenario,
    region: str,
    *,
    attackers: str | None = None,
    defenders: str | None = None,
    attacker_side: str | None = None,
    defender_side: str | None = None,
    entrenched: bool | None = None,
    came_from: str | None = None,
) -> Battle:
    """The battle in ``region`` between the forces described (see the module docstring)."""
    regions = dict(places_of(scenario).region_lookup)
    if region not in regions:
        raise ForceError(f"unknown region '{region}'")
    playing = [s.id for s in scenario.sides if not s.neutral]
    for option, side in (("attacker", attacker_side), ("defender", defender_side)):
        if side is not None and side not in playing:
            raise ForceError(f"unknown {option} side '{side}' (sides: {', '.join(playing)})")
    wanted = [_parse(attackers) if attackers else None, _parse(defenders) if defenders else None]
    sides = [attacker_side, defender_side]
    for which in (0, 1):
        asked = wanted[which]
        if sides[which] is None and asked is not None:
            named = _side_of(scenario, [name for name, _n in asked])
            if len(named) > 1:
                raise ForceError(
                    f"the {('attacking', 'defending')[which]} units belong to "
                    f"several sides ({', '.join(sorted(named))})"
                )
            sides[which] = next(iter(named), None)
    present = _sides_present(scenario, region)
    owner = next((n.side for n in scenario.nations if n.id == regions[region].owner), None)
    if sides[1] is None:
        sides[1] = next(
            (
                s
                for s in (owner, *present, *playing)
                if s is not None and s != sides[0] and s in playing
            ),
            None,
        )
    if sides[0] is None:
        sides[0] = next((s for s in (*present, *playing) if s != sides[1]), None)
    attacker, defender = sides
    if attacker is None or defender is None:
        raise ForceError("name the sides: --attacker-side and --defender-side")
    if attacker == defender:
        raise ForceError(f"both forces belong to {attacker}: a side does not fight itself")

    extra: list[Unit] = []
    lists: list[list[str]] = [[], []]
    known_units = {u.id for u in scenario.units} | {x.id for x in scenario.leaders}
    types = {t.id for t in scenario.unit_types}
    for which in (0, 1):
        items = wanted[which]
        if items is None:
            continue
        side = (attacker, defender)[which]
        for name, count in items:
            if name in known_units:
                if count != 1:
                    raise ForceError(f"'{name}' is one unit: a count goes with a unit type")
                lists[which].append(name)
            elif name in types:
                nation = _main_nation(scenario, side)
                for _ in range(count):
                    unit_id = f"odds-{which}-{name}-{len(extra) + 1}"
                    extra.append(Unit(id=unit_id, type=name, nation=nation))
                    lists[which].append(unit_id)
            else:
                raise ForceError(f"'{name}' is neither a unit, a leader nor a unit type")
    if extra:
        scenario = scenario.model_copy(update={"units": [*scenario.units, *extra]})
    game = Game(scenario, 0, fog=False)
    world = game.world
    if not world.at_war(attacker, defender):
        raise ForceError(f"{attacker} and {defender} are not at war")
    for which, side in ((0, attacker), (1, defender)):
        if wanted[which] is None:
            lists[which] = _standing(game, region, side)
        for unit_id in lists[which]:
            unit = game.state.units[unit_id]
            if unit.side != side:
                raise ForceError(f"'{unit_id}' belongs to {unit.side}, not to {side}")
            unit.status = "active"
    for which, side in ((0, attacker), (1, defender)):
        if not lists[which]:
            option = ("--attacker", "--defender")[which]
            raise ForceError(
                f"{side} has no unit able to fight in {region} at the start: "
                f"name its force with {option}"
            )
    return Battle(game, _describe(game, region, lists, attacker, defender, entrenched, came_from))


def _sides_present(scenario: Scenario, region: str) -> list[str]:
    nation_side = {n.id: n.side for n in scenario.nations}
    structures = {s.id: s.region for s in scenario.structures}
    found: list[str] = []
    things: list[Unit | Leader] = [*scenario.units, *scenario.leaders]
    for thing in things:
        where = thing.location
        if where is None:
            continue
        here = where.region or structures.get(where.structure or "")
        side = nation_side[thing.nation]
        if here == region and side not in found:
            found.append(side)
    return found


def standing(game: Game, region: str, side: str) -> list[str]:
    """The units of ``side`` that would fight a field battle in ``region`` now (the studio's
    calculator starts its forces from them)."""
    return _standing(game, region, side)


def _standing(game: Game, region: str, side: str) -> list[str]:
    """The units of ``side`` that would fight a field battle in ``region`` now."""
    from ..combat.field import _fighting

    out: list[str] = []
    for stack in board.stacks_in(game, region, side):
        out += _fighting(game, stack)
    return out


def _describe(
    game: Game,
    region: str,
    lists: list[list[str]],
    attacker: str,
    defender: str,
    entrenched: bool | None,
    came_from: str | None,
) -> BattleSetup:
    """The battle as ``combat.field.describe`` writes it (``state.battle``)."""
    world = game.world
    units = game.state.units
    kinds = tables(world).units
    had_combat, ground = [False, False], [False, False]
    for s, ids in enumerate(lists):
        for u in ids:
            if not units[u].leader and kinds[u].combat:
                had_combat[s] = True
                ground[s] = ground[s] or kinds[u].domain != "air"
    if entrenched is None:
        entrenched = any(s.entrenched for s in board.stacks_in(game, region, defender))
    crossings: list[list[str | None]] = []
    if came_from is not None:
        link = next((k for k in world.neighbours(region) if k.to == came_from), None)
        if link is None:
            raise ForceError(f"'{came_from}' is not next to {region}")
        crossings.append([came_from, link.connection.id])
    return {
        "region": region,
        "structure": None,
        "attacker": attacker,
        "defender": defender,
        "attackers": list(lists[0]),
        "defenders": list(lists[1]),
        "entry": dict.fromkeys(lists[0], came_from),
        "crossings": crossings,
        "entrenched": bool(entrenched),
        "had_combat": had_combat,
        "ground": ground,
        "card_window": None,
        "morale_fixed": None,
    }
