"""Off-map assets of the operational family: air, naval and ground, their missions, delays and
availability by turn (OA1-OA16, OO10-OO12, OW3, OW11-OW13).

``rules.operational.assets`` lists every asset of the scenario (side, domain, missions it may
fly, values, quality, readiness, night capability, reuse delay, the turns it arrives and
leaves), each side's air superiority (OA8), and Table OA10 (interdiction).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import RegionId, SideId, StrictModel
from .numbers import Factor, OddsRatio, Percent, ReadinessPoints, Share, Shift
from .units import Quality

AssetDomain = Literal["air", "naval", "ground"]
"""OA1: where an asset comes from."""

Mission = Literal[
    "recon",
    "ground_attack",
    "offensive_support",
    "defensive_support",
    "interdiction",
    "counter_air",
    "air_supply",
    "intelligence",
    "command",
    "logistics",
]
"""OO10-OO12: an asset's mission. ``ground_attack`` is a bombardment of an enemy hex (air or
naval); ``intelligence`` an intel or EW collection on a hex; ``command`` odds shifts for an
attack or a defence; ``logistics`` a Move+, Combat+ or Repl+ mission on a hex (OS16)."""

TurnNumber = Annotated[int, Field(ge=1, le=10_000)]
"""A turn of the scenario, from 1."""
Turns = Annotated[int, Field(ge=0, le=100)]
"""A number of turns."""
Hexes = Annotated[int, Field(ge=0, le=100)]
"""A distance in hexes, or a FOW level."""

SupplyLevelName = Literal["move_plus", "combat_plus", "replacements"]
"""OS3, OS16: a level a logistics mission gives (Move+, Combat+, Repl+)."""
_ALL_LEVELS: tuple[SupplyLevelName, ...] = ("move_plus", "combat_plus", "replacements")
LocStateName = Literal["supported", "extended", "isolated", "encircled"]
"""OQ7: a unit's LOC state."""
_TRUCKED: tuple[LocStateName, ...] = ("supported", "extended")


class AssetDelay(StrictModel):
    """OA2: turns away after a mission, written "2 (+/-2)": ``turns`` plus a uniform draw in
    -``spread``..+``spread``, never below ``minimum`` (open point: arithmetic gives 0 to 4 for
    2 (+/-2), the manual says 1 to 4, so the minimum is 1 by default)."""

    turns: Turns = 2
    """The middle of the delay."""
    spread: Turns = 0
    """How far either way a draw may land."""
    minimum: Turns = 1
    """The shortest delay."""


class Asset(StrictModel):
    """OA1: one off-map asset."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]
    """Its id, unique among assets."""
    name: str = ""
    """Name shown in the asset panel."""
    side: SideId
    """The side it serves."""
    domain: AssetDomain = "air"
    """Air, naval or ground."""
    missions: list[Mission] = Field(default_factory=list)
    """OO10-OO12: the missions it may fly."""
    quality: Quality = "regular"
    """OA3, OA4: recovery and AA defence."""
    readiness: Percent = 100.0
    """OA1: readiness at the start."""
    strength: Percent = 100.0
    """OA1: strength at the start."""
    night_capable: bool = False
    """OU15, OW3: acts at night (readiness 80% or more)."""
    support: Shift = 0
    """OA5, OA14: odds shifts of a ground support or command mission."""
    bombardment: Factor = 0.0
    """OA6, OA13: fire factor of a ground attack or naval support."""
    aa_defence: Factor = 0.0
    """OA4: its defence against AA fire."""
    recon_range: Hexes = 0
    """OA12, Table OI7: radius of a recon or intelligence mission, in hexes."""
    recon_strength: Hexes = 0
    """OA12, Table OI7: the FOW level it yields next to its target."""
    electronic_warfare: bool = False
    """OW12: an EW asset (intercept, direction finding): stronger at night."""
    supply_range: Hexes = 0
    """OS15: an air supply mission makes its airfield a source within this many hexes;
    OS16: a logistics mission covers the side's units within this many hexes of its target
    (0: the target hex only)."""
    supplies: list[SupplyLevelName] = Field(default_factory=lambda: list(_ALL_LEVELS))
    """OS16: the levels a logistics mission gives the units it covers, free of points
    (OS17)."""
    stations: list[RegionId] = Field(default_factory=list)
    """OA13: the river hexes a naval asset fires from; empty: it reaches every hex."""
    fire_range: Hexes = 0
    """OA13: how many hexes from its nearest station a naval asset's fire reaches."""
    delay: AssetDelay = Field(default_factory=AssetDelay)
    """OA2: turns away after each mission."""
    returns: bool = True
    """OA2, OA13: ``false``: after one mission it leaves for the rest of the scenario."""
    arrives: TurnNumber = 1
    """OT5, OT12: first turn it may fly."""
    leaves: TurnNumber | None = None
    """OT12: turn it is withdrawn (no longer available from that turn); ``null``: never."""
    arrives_by: TurnNumber | None = None
    """OA2: arrives at random: from ``arrives`` to this turn, at the start of each turn, it
    arrives with ``arrival_chance``, and on this turn for sure; ``null``: on ``arrives``."""
    arrival_chance: Percent = 50.0
    """OA2: the chance, each turn of the window, that it arrives."""
    leave_chance: Percent = 0.0
    """OA2, OA13: the chance that a mission flown from ``leave_from`` to ``leave_until`` is
    its last (it leaves for the rest of the scenario instead of coming back); 0: never."""
    leave_from: TurnNumber = 1
    """OA13: the first turn a mission may be its last."""
    leave_until: TurnNumber | None = None
    """OA13: the last turn a mission may be its last (``null``: to the end)."""

    @model_validator(mode="after")
    def _order(self) -> Asset:
        if self.leaves is not None and self.leaves <= self.arrives:
            raise ValueError("an asset leaves ('leaves') after the turn it arrives ('arrives')")
        if self.arrives_by is not None:
            if self.arrives_by < self.arrives:
                raise ValueError(
                    "a random arrival ends ('arrives_by') on or after its first turn ('arrives')"
                )
            if self.leaves is not None and self.leaves <= self.arrives_by:
                raise ValueError(
                    "an asset leaves ('leaves') after its random arrival ends ('arrives_by')"
                )
        if self.leave_until is not None and self.leave_until < self.leave_from:
            raise ValueError(
                "the turns a mission may be the last end ('leave_until') on or after they "
                "start ('leave_from')"
            )
        return self

    def arrives_at_random(self) -> bool:
        """OA2: whether its arrival is drawn (a window of more than one turn)."""
        return self.arrives_by is not None and self.arrives_by > self.arrives

    def may_leave(self, turn: int) -> bool:
        """OA2, OA13: whether a mission flown on ``turn`` may be its last."""
        if self.leave_chance <= 0 or not self.returns or turn < self.leave_from:
            return False
        return self.leave_until is None or turn <= self.leave_until


class AirSuperiority(StrictModel):
    """OA8: a side's air superiority, 0 (parity) to 5 (supremacy)."""

    side: SideId
    """The side."""
    value: Annotated[int, Field(ge=0, le=5)] = 0
    """Counter-air assets it counts every turn."""


class InterdictionRow(StrictModel):
    """One row of Table OA10: what that many interdiction assets take from the enemy."""

    fuel: Factor = 0.0
    """Fuel points lost from the turn's arrival."""
    ammo: Factor = 0.0
    """Ammo points lost (a half point is a 50% chance of one more, OA11)."""
    personnel: Factor = 0.0
    """Personnel points lost."""
    equipment: Factor = 0.0
    """Equipment points lost."""
    loc_cut: Percent = 0.0
    """Cut to the LOC range of division and higher HQs, in percent (rounded up, OA11)."""


_OA10 = (
    (6, 4, 2, 2, 5),
    (8, 5.5, 3, 5, 10),
    (10, 7, 5, 7, 15),
    (12, 8.5, 6, 9, 20),
    (14, 10, 8, 11, 25),
    (16, 11.5, 9, 13, 30),
    (18, 13, 11, 16, 35),
    (20, 14.5, 12, 18, 40),
    (22, 16, 14, 20, 45),
    (24, 17.5, 15, 22, 50),
)


def _interdiction_rows() -> list[InterdictionRow]:
    return [
        InterdictionRow(fuel=f, ammo=a, personnel=p, equipment=e, loc_cut=c)
        for f, a, p, e, c in _OA10
    ]


AaResult = Literal["none", "halved", "aborted"]
"""OC34, Table OC35: what AA fire does to an air asset's mission."""


class AaCell(StrictModel):
    """One cell of Table OC35."""

    result: AaResult = "none"
    """The mission goes on, flies at half value, or turns back."""
    damage: Percent = 0.0
    """Strength the asset loses, in percent."""


_OC35_ODDS = [0.2, 0.25, 1 / 3, 0.5, 1.0, 2.0, 3.0, 4.0, 5.0]
_OC35_COLUMNS = (
    # One string per odds column (lowest odds first), the die's rows top to bottom.
    "H10 -10 -5 -5 -5 -5",
    "H15 -10 -10 -5 -5 -5",
    "A15 H15 -10 -5 -5 -5",
    "A15 H15 -15 -10 -5 -5",
    "A15 H15 -15 -10 -5 -5",
    "A20 H20 -15 -15 -10 -5",
    "A20 A20 H20 H15 -15 -10",
    "A25 A25 A20 H20 H15 -15",
    "A30 A30 A25 H25 H20 -15",
)
_AA_CODES: dict[str, AaResult] = {"-": "none", "H": "halved", "A": "aborted"}


def _aa_rows() -> list[list[AaCell]]:
    return [
        [AaCell(result=_AA_CODES[c[0]], damage=float(c[1:])) for c in row]
        for row in zip(*(column.split() for column in _OC35_COLUMNS), strict=True)
    ]


class AaRules(StrictModel):
    """OC34, OC35: AA fire at air assets that support or bombard a hex."""

    ground_unit: Factor = 1.0
    """OC35: AA points per SP of any ground unit in the hex."""
    light_aa: Factor = 3.0
    """OC35: AA points per SP of a light AA unit (category ``aa``)."""
    heavy_aa: Factor = 4.0
    """OC35: AA points per SP of a heavy AA unit, which also covers the adjacent hexes."""
    defensive_support: Share = 0.5
    """OC35: share of the AA (heavy AA excepted) that fires at defensive ground support."""
    columns: list[OddsRatio] = Field(default_factory=lambda: list(_OC35_ODDS))
    """Table OC35's odds columns (AA strength : the asset's AA defence), lowest first."""
    rows: list[list[AaCell]] = Field(default_factory=_aa_rows)
    """Table OC35, top row most favourable to the guns; a D6 picks the row (1: top)."""
    quality_rows: Shift = 1
    """OC34: rows moved toward the guns per quality level the ground side is better than the
    asset (away when worse) (the manual gives no size: choice)."""

    @model_validator(mode="after")
    def _shape(self) -> AaRules:
        if self.columns != sorted(self.columns):
            raise ValueError("Table OC35's columns go from the lowest odds to the highest")
        for n, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"row {n + 1} of Table OC35 needs one cell per column")
        return self


class BombardmentRules(StrictModel):
    """OC31, OA6, OC32: fire on a hex no ground attack goes in on (the manual prints no
    bombardment table: open point, the defaults are a choice)."""

    readiness_per_point: Factor = 1.0
    """Readiness % the units of the hex lose per bombardment point on an average roll."""
    die_faces: Annotated[int, Field(ge=1, le=100)] = 10
    """OC31: the die read (a D10); the roll plus the terrain's protection (OH10, 0 to -2)
    picks the row, row r giving ``r / (faces + 1) * 2`` times the average loss."""
    max_loss: Percent = 60.0
    """The most readiness one bombardment takes."""
    fire_multiplier: list[Factor] = Field(
        default_factory=lambda: [0.0, 0.15, 0.35, 0.75, 1.0, 1.1], min_length=1
    )
    """Table OC32: offensive fire (bombardment, naval offensive support) times this, by the
    average FOW level (0 to 5) the firing side has of the target hex's units."""


_NIGHT_AIR: tuple[Mission, ...] = ("ground_attack", "interdiction", "counter_air")
_NIGHT_NAVAL: tuple[Mission, ...] = ("ground_attack", "offensive_support", "defensive_support")


class AssetRules(StrictModel):
    """OA1-OA16: the scenario's assets and the numbers their missions read."""

    assets: list[Asset] = Field(default_factory=list)
    """OA1: every asset of every side."""
    air_superiority: list[AirSuperiority] = Field(default_factory=list)
    """OA8: a side without a row has 0."""
    interdiction: list[InterdictionRow] = Field(default_factory=_interdiction_rows)
    """Table OA10, row n for n assets; more assets than rows read the last row."""
    mission_readiness_cost: ReadinessPoints = 10.0
    """OA3: readiness an asset spends on a mission (the manual gives no figure: choice)."""
    interdiction_cuts_mp: bool = True
    """OA10, OA11: the interdiction's cut also takes that share of the MP of every enemy
    unit in the next turn (the manual's examples do, its table does not: choice)."""
    night_recon_range: Hexes = 1
    """OA12: the radius of a recon or intelligence mission flown at night."""
    logistics_reaches: list[LocStateName] = Field(default_factory=lambda: list(_TRUCKED))
    """OS16: the LOC states of the units a logistics mission covers (by default those an HQ
    could supply, OS8: the trucks need a road back; the manual leaves it open)."""
    air_supply_needs_no_aa: bool = True
    """OS15: an air supply mission is refused to an airfield under enemy AA: a light AA unit
    in its hex or a heavy AA unit in it or next to it (the manual's "AA coverage")."""
    minimum_for_air_war: Percent = 50.0
    """OA7, OA10: counter-air and interdiction need readiness and strength of at least this."""
    night_readiness: Percent = 80.0
    """OU15, OW3: a night-capable asset acts at night from this readiness."""
    night_air_missions: list[Mission] = Field(default_factory=lambda: list(_NIGHT_AIR))
    """OW11: air missions flown at night."""
    night_naval_missions: list[Mission] = Field(default_factory=lambda: list(_NIGHT_NAVAL))
    """OW13: naval missions at night."""
    aa: AaRules = Field(default_factory=AaRules)
    """OC34, OC35: AA fire at air assets."""
    bombardment: BombardmentRules = Field(default_factory=BombardmentRules)
    """OC31, OC32: bombardment of a hex."""

    def asset(self, asset_id: str) -> Asset | None:
        return next((a for a in self.assets if a.id == asset_id), None)
