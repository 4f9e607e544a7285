"""Campaigns (OV6, OS1): what a finished game of the operational rules hands to the next
scenario of its campaign, and that next scenario made ready to play.

:func:`result_of` reads a game: every side's VP, its pools' unused points, and every land
unit on the map with its strength and readiness (the parts of a unit broken down, OU12, are
carried as that unit: the sum of their strengths over three, their average readiness).
:func:`carried_into` writes a result into the next scenario: a unit of the same id starts at
the strength and readiness it ended with, a side's ``start_vp`` is its score so far, and its
pools' stock grows by the points left over. Assets are the next scenario's own (fresh).
Units the previous game lost, and those it never had, start as the next scenario says.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from schemas.campaign import Campaign, CarriedUnit, ScenarioResult
from schemas.io import dumps, load_text
from schemas.operational.supply import Points, SidePool
from schemas.operational.units import OperationalUnit
from schemas.scenario import Scenario

if TYPE_CHECKING:
    from .game import Game


def result_of(game: Game, file: str) -> ScenarioResult:
    """What ``game`` (of the campaign's scenario ``file``) hands to the next scenario."""
    from .wego import family

    outcome = game.outcome()
    winner = outcome.winner if outcome is not None else None
    vp = {side: state.vp for side, state in sorted(game.state.sides.items())}
    pools: dict[str, Points] = {}
    units: dict[str, CarriedUnit] = {}
    if family.operational(game):
        from .wego.op import state as op_state
        from .wego.op import supply

        for side in game.sides_in_play:
            left = supply.pool(game, side)
            pools[side] = Points(
                fuel=left.fuel, ammo=left.ammo, personnel=left.personnel, equipment=left.equipment
            )
        parts: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for unit_id, unit in op_state.units(game).items():
            part = game.world.parts.get(unit_id)
            if part is not None:
                parts[part.parent].append((unit.strength, unit.readiness))
            else:
                units[unit_id] = CarriedUnit(strength=unit.strength, readiness=unit.readiness)
        for parent, values in parts.items():
            strength = sum(s for s, _ in values) / 3
            readiness = sum(r for _, r in values) / len(values)
            units[parent] = CarriedUnit(strength=strength, readiness=readiness)
    return ScenarioResult(
        file=file,
        seed=game.seed,
        winner=winner,
        vp=vp,
        pools=pools,
        units=dict(sorted(units.items())),
    )


def carried_into(scenario: Scenario, result: ScenarioResult) -> Scenario:
    """``scenario`` as the next of a campaign starts it after ``result`` (OV6, OS1)."""
    sides = [
        side.model_copy(update={"start_vp": result.vp[side.id]}) if side.id in result.vp else side
        for side in scenario.sides
    ]
    units = []
    for unit in scenario.units:
        carried = result.units.get(unit.id)
        if carried is None:
            units.append(unit)
            continue
        own = (unit.operational or OperationalUnit()).model_copy(
            update={"strength": carried.strength, "readiness": carried.readiness}
        )
        units.append(unit.model_copy(update={"operational": own}))
    rules = scenario.rules
    tables = rules.operational
    if tables is not None and result.pools:
        listed = {row.side for row in tables.supply.pools}
        rows = [_topped(row, result.pools.get(row.side)) for row in tables.supply.pools]
        rows += [
            SidePool(side=side, stock=left)
            for side, left in sorted(result.pools.items())
            if side not in listed and any(s.id == side for s in scenario.sides)
        ]
        supply = tables.supply.model_copy(update={"pools": rows})
        rules = rules.model_copy(
            update={"operational": tables.model_copy(update={"supply": supply})}
        )
    made = scenario.model_copy(update={"sides": sides, "units": units, "rules": rules})
    # Read again from its text: the carried values meet the format's ranges like a file's.
    loaded = load_text(dumps(made))
    if loaded.scenario is None:
        first = loaded.issues[0]
        raise ValueError(f"the carried scenario does not load: {first.path}: {first.message}")
    return loaded.scenario


def _topped(row: SidePool, left: Points | None) -> SidePool:
    if left is None:
        return row
    stock = Points(
        fuel=min(row.stock.fuel + left.fuel, 1_000_000.0),
        ammo=min(row.stock.ammo + left.ammo, 1_000_000.0),
        personnel=min(row.stock.personnel + left.personnel, 1_000_000.0),
        equipment=min(row.stock.equipment + left.equipment, 1_000_000.0),
    )
    return row.model_copy(update={"stock": stock})


def next_step(campaign: Campaign) -> int | None:
    """The index of the scenario to play next, ``None`` once the campaign is over."""
    done = len(campaign.results)
    return done if done < len(campaign.scenarios) else None


def next_scenario(campaign: Campaign, scenario: Scenario) -> Scenario:
    """The next scenario (``scenario``, read from its file) as the campaign starts it: as
    written for the first, else carried from the last result."""
    if not campaign.results:
        return scenario
    return carried_into(scenario, campaign.results[-1])
