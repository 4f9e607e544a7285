"""``rules.operational``: every table of the operational family, with the checklist's values."""

from __future__ import annotations

from pydantic import Field, model_validator

from ..base import StrictModel
from .artillery import ArtilleryRules
from .assets import AssetRules
from .c2 import C2Rules
from .combat import CombatRules
from .contact import ContactRules
from .engineering import EngineeringRules
from .establishment import EstablishmentRules
from .hq import HqRules
from .integrity import FortRules, IntegrityRules
from .intel import IntelRules
from .movement import AllowanceRules, ReadinessRules, ZocRules
from .night import NightRules
from .organisation import OrganisationRules
from .play import AfterCombatRules, OpVictoryRules, TurnRules
from .supply import OpSupplyRules
from .terrain import (
    HexsideEffect,
    RoadEffects,
    TerrainEffect,
    default_hexside_effects,
    default_terrain_effects,
)
from .units import QualityTable, ShockTable, StackingTable


class OperationalRules(StrictModel):
    """The data of the operational rules (docs/rules-operational.md): read only when
    ``rules.family`` is ``operational``."""

    terrain: list[TerrainEffect] = Field(default_factory=default_terrain_effects)
    """Table OH3: one row per hex terrain the map uses."""
    hexsides: list[HexsideEffect] = Field(default_factory=default_hexside_effects)
    """Table OH6: one row per hexside feature the map uses."""
    roads: RoadEffects = Field(default_factory=RoadEffects)
    """OH4: road and track costs."""
    stacking: StackingTable = Field(default_factory=StackingTable)
    """Table OM4: stacking points by echelon."""
    quality: QualityTable = Field(default_factory=QualityTable)
    """Table OU3: quality effects."""
    shock: ShockTable = Field(default_factory=ShockTable)
    """Table OC14: shock types."""
    zoc: ZocRules = Field(default_factory=ZocRules)
    """OM10-OM13: zones of control."""
    movement: AllowanceRules = Field(default_factory=AllowanceRules)
    """OM1, OM8: allowances."""
    readiness: ReadinessRules = Field(default_factory=ReadinessRules)
    """OU7, OU9, OM19: readiness over time."""
    contact: ContactRules = Field(default_factory=ContactRules)
    """OH5, OM9, OM14-OM17, OC26, OC30: congestion, ambushes, overruns, recce."""
    combat: CombatRules = Field(default_factory=CombatRules)
    """OC5-OC20: battles."""
    # -- Played turn after turn (engine/wego/op): results after combat, victory, day and
    # weather (schemas/operational/play.py).
    after_combat: AfterCombatRules = Field(default_factory=AfterCombatRules)
    """OC21-OC24, OC27: retreats, holds and advances."""
    victory: OpVictoryRules = Field(default_factory=OpVictoryRules)
    """OV1-OV4: locations held per turn and kills."""
    turns: TurnRules = Field(default_factory=TurnRules)
    """OT4, OW1-OW6: day and night turns, weather, the supply level of movement."""

    # HQs, lines of communication, supply and assets (OQ, OS, OA): the order of battle, the
    # supply sources and pools, the cost tables and the off-map assets (engine/operational/
    # hq.py, loc.py, supply.py, assets.py).
    command: HqRules = Field(default_factory=HqRules)
    """OQ1-OQ8, OQ11: the HQ tree and LOC tracing."""
    supply: OpSupplyRules = Field(default_factory=OpSupplyRules)
    """OS1-OS17: sources, pools, Tables OS9 and OS14."""
    assets: AssetRules = Field(default_factory=AssetRules)
    """OA1-OA16: air, naval and ground assets."""
    artillery: ArtilleryRules = Field(default_factory=ArtilleryRules)
    """OC2, OC15, OC33: artillery units' support fire (engine/wego/op/fire.py)."""

    # Command and control, integrity, forts and intelligence (engine/operational/c2.py,
    # integrity.py, intel.py; engine/wego/op/battlefield.py).
    c2: C2Rules = Field(default_factory=C2Rules)
    """OM18, OW10: command-and-control delays, by day and at night."""
    integrity: IntegrityRules = Field(default_factory=IntegrityRules)
    """OC4, OW8: Table OC4, organisational integrity per nation."""
    forts: FortRules = Field(default_factory=FortRules)
    """OH3, OH8: forts and entrenchments from the scenario's fortified structures."""
    intel: IntelRules = Field(default_factory=IntelRules)
    """OI1-OI6, OW4: intelligence levels and misidentification."""
    organisation: OrganisationRules = Field(default_factory=OrganisationRules)
    """OU12-OU14: breaking units down and combining them."""
    engineering: EngineeringRules = Field(default_factory=EngineeringRules)
    """OE2-OE7: breaching minefields, bridge work and pontoons (engine/operational/works.py)."""
    establishment: EstablishmentRules = Field(default_factory=EstablishmentRules)
    """OU1, OU4, OF6, OF10: the men, guns and vehicles a unit stands for (statistics only)."""
    night: NightRules = Field(default_factory=NightRules)
    """OW3, OU15, OW11, OW12: what night-capable units keep of the day; assets at night."""

    @model_validator(mode="after")
    def _one_row_each(self) -> OperationalRules:
        for name, keys in (
            ("terrain", [row.terrain for row in self.terrain]),
            ("hexsides", [row.connection_type for row in self.hexsides]),
        ):
            seen: set[str] = set()
            for key in keys:
                if key in seen:
                    raise ValueError(f"'{key}' has two rows in '{name}'")
                seen.add(key)
        return self

    def terrain_row(self, terrain: str) -> TerrainEffect | None:
        return next((row for row in self.terrain if row.terrain == terrain), None)

    def hexside_row(self, connection_type: str) -> HexsideEffect | None:
        return next((row for row in self.hexsides if row.connection_type == connection_type), None)
