"""Unit types, the starting order of battle, leaders, reinforcements and replacements.

Land units start in their own side's mainland, most of them close to the front, and never
above a region's stacking limit; aircraft start inside airfields and ships inside harbours,
each within the structure's capacity.
"""

from __future__ import annotations

import string
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from .landscape import terrain_table
from .world import AIR_NATION, JSON, MAIN_NATION, SIDES, World

UNIT_TYPES: list[JSON] = [
    {
        "id": "infantry",
        "name": "Infantry division",
        "short_name": "Inf",
        "attack": 3,
        "defence": 4,
        "morale": 6,
        "movement": 3,
        "hit_points": 4,
        "stacking": 2,
        "reduced": {"attack": 2, "defence": 3},
        "tags": ["infantry"],
        "description": "The backbone of both armies: slow, stubborn and numerous.",
    },
    {
        "id": "motor-infantry",
        "name": "Motorised division",
        "short_name": "Mot",
        "attack": 3,
        "defence": 4,
        "morale": 6,
        "movement": 5,
        "hit_points": 4,
        "stacking": 2,
        "movement_class": "motorized",
        "breakthrough": True,
        "tags": ["infantry", "motorized"],
        "description": "Riflemen on lorries who keep pace with the tanks while fuel lasts.",
    },
    {
        "id": "armour",
        "name": "Armoured brigade",
        "short_name": "Arm",
        "attack": 6,
        "defence": 4,
        "morale": 7,
        "movement": 6,
        "hit_points": 3,
        "stacking": 2,
        "movement_class": "heavy",
        "roles": ["armour"],
        "pursuit": True,
        "breakthrough": True,
        "tags": ["motorized", "tank"],
        "description": "Hard-hitting and fast on open ground, thirsty everywhere.",
    },
    {
        "id": "artillery",
        "name": "Artillery regiment",
        "short_name": "Art",
        "attack": 5,
        "defence": 2,
        "morale": 5,
        "movement": 3,
        "hit_points": 2,
        "stacking": 1,
        "loss_priority": "last",
        "roles": ["artillery"],
        "tags": ["guns"],
        "description": "Massed guns that open every set-piece battle.",
    },
    {
        "id": "recon",
        "name": "Scout battalion",
        "short_name": "Rec",
        "attack": 2,
        "defence": 2,
        "morale": 6,
        "movement": 6,
        "hit_points": 2,
        "stacking": 1,
        "roles": ["recon"],
        "pursuit": True,
        "agile": True,
        "tags": ["scouts"],
        "description": "Horsemen and motorcyclists who find the enemy and harass stragglers.",
    },
    {
        "id": "logistics",
        "name": "Supply column",
        "short_name": "Sup",
        "unit_class": "support",
        "defence": 1,
        "morale": 3,
        "movement": 4,
        "hit_points": 1,
        "stacking": 1,
        "loss_priority": "first",
        "movement_class": "motorized",
        "roles": ["logistics"],
        "tags": ["motorized"],
        "description": "Fuel, shells and bread for a stack cut off from its depots.",
    },
    {
        "id": "fighter",
        "name": "Fighter wing",
        "short_name": "Ftr",
        "domain": "air",
        "attack": 2,
        "defence": 2,
        "morale": 6,
        "movement": 6,
        "hit_points": 2,
        "stacking": 1,
        "roles": ["fighter"],
        "air_to_air": 6,
        "description": "Interceptors that guard the sky over friendly stacks.",
    },
    {
        "id": "bomber",
        "name": "Bomber group",
        "short_name": "Bmb",
        "domain": "air",
        "attack": 5,
        "defence": 1,
        "morale": 5,
        "movement": 8,
        "hit_points": 2,
        "stacking": 2,
        "roles": ["bomber"],
        "air_to_air": 2,
        "description": "Twin-engined raiders for depots, bridges and massed columns.",
    },
    {
        "id": "flotilla",
        "name": "Destroyer flotilla",
        "short_name": "DD",
        "domain": "naval",
        "attack": 3,
        "defence": 3,
        "morale": 6,
        "movement": 6,
        "hit_points": 3,
        "stacking": 2,
        "roles": ["naval"],
        "transport_capacity": 2,
        "description": "Fast escorts that can also land a brigade on a hostile shore.",
    },
]
_STACKING = {t["id"]: t.get("stacking", 1) for t in UNIT_TYPES}
_LABEL = {t["id"]: t["name"].split(" ", 1)[0] for t in UNIT_TYPES}
_FORMATION = {t["id"]: t["name"].split(" ", 1)[1].title() for t in UNIT_TYPES}

LAND_MIX = (
    ("infantry", 0.46),
    ("motor-infantry", 0.12),
    ("armour", 0.14),
    ("artillery", 0.12),
    ("recon", 0.08),
    ("logistics", 0.08),
)
"""Share of each land type in a starting army."""


@dataclass(slots=True)
class Forces:
    """Everything that fights or arrives later, as JSON ready for the scenario."""

    units: list[JSON] = field(default_factory=list)
    leaders: list[JSON] = field(default_factory=list)
    reinforcements: list[JSON] = field(default_factory=list)
    replacements: list[JSON] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)

    def unit(self, side: int, type_id: str, nation: str, location: JSON | None) -> str:
        """Add a unit numbered within its side and type; returns its id."""
        key = f"{SIDES[side]}-{type_id}"
        number = self.counters.get(key, 0) + 1
        self.counters[key] = number
        unit: JSON = {"id": f"{key}-{number:04d}", "type": type_id, "nation": nation}
        unit["name"] = f"{_ordinal(number)} {_LABEL[type_id]} {_FORMATION[type_id]}"
        if location is not None:
            unit["location"] = location
        self.units.append(unit)
        return str(unit["id"])


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10)
    return f"{number}{suffix or 'th'}"


def stacking_limits(world: World) -> np.ndarray:
    """Land stacking limit of each cell, as the validator computes it."""
    table = {t.id: t for t in terrain_table()}
    limits = np.zeros(world.size, dtype=np.int64)
    for cell, terrain_id in enumerate(world.scape.terrain.tolist()):
        terrain = table[terrain_id]
        with_trail = terrain.stacking_with_trail
        trail = world.network[cell] != "none" and with_trail is not None
        limits[cell] = with_trail if with_trail is not None and trail else terrain.stacking
    return limits


def _land_army(world: World, side: int) -> list[str]:
    """Types of the side's starting land units: a fixed core, then a random mix."""
    size = max(6, int(world.own_mainland(side).sum()) // 4)
    core = ["infantry", "infantry", "armour", "artillery", "logistics", "recon"]
    names, shares = zip(*LAND_MIX, strict=True)
    extra: list[str] = world.rng.choice(names, size=size - len(core), p=shares).tolist()
    return core + extra


def _deploy_land(world: World, forces: Forces, side: int, used: np.ndarray) -> list[int]:
    """Put the side's land units into regions, front first; returns the cells used.

    Units that find no room are never created, so every unit of the file is on the map or
    scheduled to arrive.
    """
    limits = stacking_limits(world)
    own = world.own_mainland(side).nonzero()[0]
    capital = world.capitals[side]
    # Armies crowd towards the front, with some depth kept in reserve.
    score = np.clip(world.depth[own], 0.0, None) + world.rng.exponential(1.5, size=len(own))
    order = [capital, *own[np.argsort(score, kind="stable")].tolist()]
    queue = deque(_land_army(world, side))
    occupied: list[int] = []
    for cell in order:
        if not queue:
            break
        for _ in range(int(world.rng.integers(1, 4))):
            if not queue or used[cell] + _STACKING[queue[0]] > limits[cell]:
                break
            if used[cell] == 0:
                occupied.append(cell)
            type_id = queue.popleft()
            used[cell] += _STACKING[type_id]
            forces.unit(side, type_id, MAIN_NATION[side], {"region": world.rid(cell)})
    return occupied


def _deploy_air_and_sea(world: World, forces: Forces, side: int) -> None:
    """Two fighter wings and a bomber group per airfield, a flotilla in up to two harbours."""
    for airfield in world.sites_of("airfield", side):
        for type_id in ("fighter", "fighter", "bomber"):
            forces.unit(side, type_id, AIR_NATION[side], {"structure": airfield.id})
    ports = [s for s in world.sites_of("city", side) if s.port][:2]
    for port in ports:
        forces.unit(side, "flotilla", MAIN_NATION[side], {"structure": port.id})


def _leader(world: World, side: int, number: int, rank: int, cell: int | None) -> JSON:
    title = {1: "General", 2: "Marshal", 3: "Field Marshal"}[rank]
    rng = world.rng
    leader: JSON = {
        "id": f"{SIDES[side]}-leader-{number:02d}",
        "name": f"{title} {world.namer.word(side == 1)}",
        "nation": MAIN_NATION[side],
        "rank": rank,
        "hierarchy": string.ascii_uppercase[(number - 1) % 26],
        "attack": int(rng.integers(0, 2)),
        "defence": int(rng.integers(0, 2)),
        "morale": int(rng.integers(1, 3)),
        "movement": 5,
        "siege": number == 2,
        "killed_vp": {SIDES[1 - side]: 2},
    }
    if cell is not None:
        leader["location"] = {"region": world.rid(cell)}
    return leader


def _schedule(world: World, forces: Forces, side: int) -> None:
    """Reinforcements by turn, by card and by event, and extra replacement points."""
    name, nation, capital = SIDES[side], MAIN_NATION[side], world.capitals[side]
    railheads = [world.rid(s["cell"]) for s in world.sources if s["id"].startswith(f"{name}-rail")]
    airfield = world.sites_of("airfield", side)[0]
    number = sum(1 for x in forces.leaders if x["nation"] == nation) + 1
    leader = _leader(world, side, number, 1, None)
    forces.leaders.append(leader)

    def arrive(suffix: str, types: list[str], to: JSON, turn: int | None, **extra: object) -> None:
        air = {"fighter", "bomber"}
        units = [
            forces.unit(side, t, AIR_NATION[side] if t in air else nation, None) for t in types
        ]
        entry: JSON = {"id": f"{name}-{suffix}", "side": name, "units": units, "to": to}
        if turn is not None:
            entry["turn"] = turn
        entry.update(extra)
        forces.reinforcements.append(entry)

    capital_region = {"regions": [world.rid(capital)]}
    arrive(
        "capital-draft",
        ["infantry", "infantry"],
        capital_region,
        3,
        text="Fresh conscripts march out of the capital's barracks.",
    )
    arrive(
        "armoured-reserve",
        ["armour", "motor-infantry"],
        {"areas": [world.area_of[capital]]},
        5,
        leaders=[leader["id"]],
        text="The armoured reserve unloads anywhere in the capital's district.",
    )
    arrive(
        "air-draft",
        ["fighter"],
        {"structure": airfield.id},
        4,
        text="A wing fresh from the flying schools.",
    )
    arrive(
        "reservists",
        ["infantry", "infantry"],
        {"regions": railheads},
        None,
        text="Recalled reservists detrain at a railhead of your choice.",
    )
    arrive(
        "levy",
        ["infantry", "artillery"],
        capital_region,
        None,
        text="A provincial levy with its old field guns.",
    )
    arrive(
        "relief-column",
        ["armour"],
        capital_region,
        8,
        condition={"kind": "controls", "side": "@self", "regions": [world.rid(capital)]},
        text="Only comes if the capital still stands.",
    )
    forces.replacements += [
        {
            "id": f"{name}-replacements",
            "side": name,
            "turns": {"from_turn": 2, "every": 2},
            "points": 1,
            "nations": [nation],
        },
        {
            "id": f"{name}-air-replacements",
            "side": name,
            "turns": {"from_turn": 3, "every": 3},
            "points": 1,
            "nations": [AIR_NATION[side]],
        },
    ]


def raise_forces(world: World) -> Forces:
    """Both sides' starting forces, leaders and schedules."""
    forces = Forces()
    used = np.zeros(world.size, dtype=np.int64)
    for side in (0, 1):
        occupied = _deploy_land(world, forces, side, used)
        _deploy_air_and_sea(world, forces, side)
        count = min(12, 2 + int(world.own_mainland(side).sum()) // 400)
        # Leaders join the most crowded stacks, where command matters most.
        busiest = sorted(occupied, key=lambda cell: (-used[cell], cell))[:count]
        for number, cell in enumerate(busiest, start=1):
            rank = 2 if number == 1 else 1
            forces.leaders.append(_leader(world, side, number, rank, cell))
        _schedule(world, forces, side)
    return forces
