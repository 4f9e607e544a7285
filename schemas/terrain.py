"""Terrain and connection tables (M2, M3): the spreadsheets a modder edits."""

from __future__ import annotations

from typing import Literal, get_args

from .base import Color, Entity
from .ranges import Cost, Forage, Modifier, SignedCost, Stacking

TerrainDomain = Literal["land", "sea", "lake", "unplayable"]
"""``land``: land, air and (at ports) naval units; ``sea``: naval units and aircraft;
``lake``: aircraft only; ``unplayable``: nothing, ever."""

Permission = Literal["all", "agile", "none"]
"""Who may pursue or break through into a terrain: every capable unit, only units marked
``agile`` (ski troops, light detachments), or nobody."""

SupplyPassage = Literal["always", "with_trail", "never"]
"""Whether a supply line may run through a region of this terrain."""


class TerrainType(Entity):
    """One row of the terrain table."""

    name: str
    """Name shown to players."""
    color: Color = "#c8c8a0"
    """Fill colour on the map."""
    domain: TerrainDomain = "land"
    """Which units may enter."""
    movement_cost: Cost = 1
    """MP a land unit (or, on sea terrain, a naval unit) pays to enter."""
    stacking: Stacking = 12
    """Land stacking limit of a region of this terrain."""
    stacking_with_trail: Stacking | None = None
    """Land stacking limit when the region has a trail or better; ``null`` keeps ``stacking``."""
    attacker_modifier: Modifier = 0
    """Combat modifier of land units attacking into this terrain."""
    defender_modifier: Modifier = 0
    """Combat modifier of units defending in this terrain."""
    defender_morale_modifier: Modifier = 0
    """Battle morale modifier of the defending side."""
    air_attack_modifier: Modifier = 0
    """Combat modifier of aircraft attacking units in this terrain."""
    pursuit_modifier: Modifier = 0
    """Combat modifier of units firing in a pursuit round in this terrain."""
    armour_superiority: bool = True
    """Whether armour superiority counts in battles here."""
    pursuit: Permission = "all"
    """Who may pursue after a rout here."""
    breakthrough: Permission = "all"
    """Who may break through into a region of this terrain."""
    supply: SupplyPassage = "always"
    """Whether land supply lines run through (sea supply goes from port to port)."""
    forage: Forage = 0
    """Forage value: helps out-of-supply units survive."""
    forage_with_trail: Forage | None = None
    """Forage value when the region has a trail or better; ``null`` keeps ``forage``."""
    search_modifier: Modifier = 0
    """Modifier to searches for hidden stacks in this terrain."""
    ambush: bool = False
    """Whether units able to ambush get an ambush round here."""
    recon: bool = True
    """Whether recon units get a recon round here."""
    description: str = ""
    """Notes for designers and players."""


ConnectionDomain = Literal["land", "sea", "air"]
"""``land``: land and air units; ``sea``: naval and air units; ``air``: air units only."""


class ConnectionType(Entity):
    """One row of the connection table."""

    name: str
    """Name shown to players."""
    color: Color = "#606060"
    """Line colour on the map."""
    domain: ConnectionDomain = "land"
    """Which units may use connections of this type."""
    movement_cost: SignedCost = 0
    """MP added to the terrain cost when crossing; may be negative (a pass)."""
    bridge_movement_cost: SignedCost | None = None
    """MP added when the connection has a bridge; ``null`` keeps ``movement_cost``."""
    rail_bridge_movement_cost: SignedCost | None = None
    """MP added when the connection has a bridge and rail; ``null`` keeps the bridge cost."""
    uses_all_movement: bool = False
    """Crossing ends the move and spends all MP (beaches)."""
    needs_bridge: bool = False
    """Land units may only cross where the connection has a bridge."""
    defender_modifier: Modifier = 0
    """Defence bonus against units that crossed it, in the first round of the battle."""
    only_from_sea: bool = False
    """The defence bonus only applies against units arriving from a sea region."""
    adjacent: bool = True
    """Joined regions are expected to share a border; ``false`` for straits, sea lanes and
    links to off-map boxes."""
    description: str = ""
    """Notes for designers and players."""


_SERVES: dict[str, set[str]] = {
    "land": {"land"},
    "sea": {"sea", "land"},
    "air": {"land", "sea", "lake"},
}
"""Which terrain domains the two ends of a connection of each domain may lie in."""


def joins(kind: ConnectionType, domain_a: str | None, domain_b: str | None) -> bool:
    """Whether a connection of this type may join regions of these terrain domains.

    The ``connection-domain`` rule: a landing (``only_from_sea``) joins one sea region to the
    shore, a sea connection needs a sea end, an air connection crosses anything but
    unplayable ground. An unknown domain (``None``) suits nothing.
    """
    ends = {domain_a, domain_b}
    if kind.only_from_sea:
        return ends == {"sea", "land"}
    if kind.domain == "sea" and "sea" not in ends:
        return False
    return ends <= _SERVES[kind.domain]


def joined_pairs(kind: ConnectionType) -> set[tuple[str | None, str | None]]:
    """Every (domain, domain) pair :func:`joins` allows, in both orders, for a check that
    looks up tens of thousands of connections."""
    domains = [*get_args(TerrainDomain), None]
    return {(a, b) for a in domains for b in domains if joins(kind, a, b)}


def default_connection_types() -> list[ConnectionType]:
    """The connection table of the rulebook (M3), used when a scenario starts from scratch."""
    return [
        ConnectionType(id="land", name="Land", color="#8a7f6a"),
        ConnectionType(id="sea", name="Sea", color="#3f7fbf", domain="sea"),
        ConnectionType(id="air", name="Air", color="#a0a0d0", domain="air", adjacent=False),
        ConnectionType(
            id="river",
            name="River",
            color="#4f9fdf",
            movement_cost=1,
            bridge_movement_cost=0,
            rail_bridge_movement_cost=0,
            defender_modifier=1,
        ),
        ConnectionType(
            id="major-river",
            name="Major river",
            color="#2f6fcf",
            movement_cost=2,
            bridge_movement_cost=1,
            rail_bridge_movement_cost=0,
            defender_modifier=2,
        ),
        ConnectionType(
            id="strait",
            name="Strait",
            color="#1f5f9f",
            movement_cost=2,
            defender_modifier=2,
            adjacent=False,
        ),
        ConnectionType(
            id="beach",
            name="Beach",
            color="#d8c070",
            uses_all_movement=True,
            defender_modifier=2,
            only_from_sea=True,
        ),
        ConnectionType(
            id="mountain-crest",
            name="Mountain crest",
            color="#7a5a3a",
            movement_cost=1,
            defender_modifier=1,
        ),
        ConnectionType(
            id="mountain-pass",
            name="Mountain pass",
            color="#9a7a5a",
            movement_cost=-1,
            defender_modifier=1,
        ),
    ]


def default_terrain_types() -> list[TerrainType]:
    """A neutral starting terrain table (clear, forest, hills, marsh, urban, sea, lake,
    unplayable) for new scenarios; theatre tables live in the samples."""
    return [
        TerrainType(id="clear", name="Clear", color="#d9d3a3", stacking=24, forage=12),
        TerrainType(
            id="forest",
            name="Forest",
            color="#7fa36a",
            movement_cost=2,
            stacking=12,
            attacker_modifier=-1,
            air_attack_modifier=-2,
            armour_superiority=False,
            forage=4,
            search_modifier=-1,
        ),
        TerrainType(
            id="hills",
            name="Hills",
            color="#b59f74",
            movement_cost=2,
            stacking=16,
            attacker_modifier=-1,
            defender_modifier=1,
            armour_superiority=False,
            pursuit="none",
            breakthrough="none",
            forage=6,
            search_modifier=-1,
        ),
        TerrainType(
            id="marsh",
            name="Marsh",
            color="#8fb0a0",
            movement_cost=2,
            stacking=8,
            attacker_modifier=-1,
            defender_modifier=1,
            defender_morale_modifier=1,
            air_attack_modifier=-1,
            armour_superiority=False,
            pursuit="none",
            breakthrough="none",
            forage=5,
            search_modifier=-1,
        ),
        TerrainType(
            id="urban",
            name="Urban",
            color="#b0a8a0",
            stacking=30,
            attacker_modifier=-1,
            defender_modifier=2,
            defender_morale_modifier=1,
            air_attack_modifier=-2,
            armour_superiority=False,
            pursuit="none",
            breakthrough="none",
            forage=12,
        ),
        TerrainType(
            id="sea", name="Sea", color="#9cc3e6", domain="sea", stacking=0, supply="never"
        ),
        TerrainType(
            id="lake", name="Lake", color="#b4d6f0", domain="lake", stacking=0, supply="never"
        ),
        TerrainType(
            id="unplayable",
            name="Unplayable",
            color="#707070",
            domain="unplayable",
            stacking=0,
            supply="never",
        ),
    ]
