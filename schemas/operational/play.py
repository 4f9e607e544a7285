"""What the operational family needs to be played turn after turn: results after combat
(OC21-OC23, OC24, OC27), victory (OV1-OV4) and the day and its weather (OT4, OW1-OW6).

Every number is a default a modder changes in ``rules.operational``; where the manual gives
no number (the retreat and hold chances, "heavy" losses with nowhere to go), the value is
Salient's own choice, written beside the item in docs/rules-operational.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..base import PerSide, RegionId, StrictModel
from ..ranges import VictoryPoints
from .numbers import Percent, ReadinessPoints, TableMultiplier
from .units import Category, Quality

SupplyLevel = Literal["basic", "move_plus"]


class AfterCombatRules(StrictModel):
    """OC21-OC24, OC27: what a battle's result does to the hexes."""

    retreat_two_below: Percent = 20.0
    """OC22: defenders whose average readiness after the battle is below this retreat 2 hexes."""
    retreat_possible_below: Percent = 40.0
    """OC22: below this average readiness, a 1-hex retreat may happen (by chance)."""
    retreat_base: Percent = 20.0
    """OC22 (choice): chance % of a 1-hex retreat at the threshold, before the terms below."""
    retreat_per_readiness: TableMultiplier = 2.0
    """OC22 (choice): chance points per readiness point under the threshold."""
    retreat_per_damage: TableMultiplier = 1.0
    """OC22 (choice): chance points per % damage the defenders took on average."""
    retreat_per_quality: TableMultiplier = 10.0
    """OC22 (choice): chance points taken off per level of the defenders' average quality."""
    retreat_readiness: ReadinessPoints = 5.0
    """OC22 (choice): readiness each retreating unit spends per hex."""
    cornered_damage: Percent = 20.0
    """OC22 (choice): the "heavy" further damage % of a unit that must retreat and cannot."""
    hold_base: Percent = 10.0
    """OC24 (choice): chance % that Hold at all costs cancels a retreat, before the terms."""
    hold_per_quality: TableMultiplier = 15.0
    """OC24 (choice): chance points per level of the defenders' average quality."""
    hold_per_readiness: TableMultiplier = 0.5
    """OC24 (choice): chance points per point of their average readiness."""
    hold_two_hexes: TableMultiplier = 0.5
    """OC24: the hold chance is multiplied by this when the retreat would be 2 hexes."""
    advance: bool = True
    """OC27: attackers move into a hex the battle emptied (not under Attack without advance)."""
    withdraw_base: Percent = 100.0
    """OC25: chance % that defenders under a Withdraw order slip away, before the terms."""
    withdraw_per_quality: TableMultiplier = 33.34
    """OC25: chance points per quality level by which the defenders (on average) are better
    than the attackers, taken off per level they are worse (a third of 100, so an elite
    attacker leaves green defenders no chance)."""
    withdraw_readiness_below: Percent = 50.0
    """OC25: below this average readiness of the defenders, the chance falls further."""
    withdraw_per_readiness: TableMultiplier = 2.0
    """OC25 (choice): chance points taken off per readiness point under that threshold."""
    withdraw_damage: TableMultiplier = 0.5
    """OC25 (choice): share of the battle's damage that defenders who withdraw take."""
    withdraw_hexes: int = Field(default=1, ge=1, le=3)
    """OC25 (choice): hexes a withdrawal falls back, by the retreat's path rules (OC23)."""
    withdraw_readiness: ReadinessPoints = 2.5
    """OC22, OC25 (choice): readiness a withdrawing unit spends per hex (a retreat costs
    more, ``retreat_readiness``)."""


class KillRow(StrictModel):
    """Table OV4: VP for destroying an enemy unit of these categories, by its quality."""

    categories: list[Category] = Field(min_length=1)
    """The unit categories (OU2) the row is for; a category is in one row at most."""
    vp: dict[Quality, VictoryPoints]
    """VP per quality of the destroyed unit (a quality left out scores nothing)."""


def default_kills() -> list[KillRow]:
    def row(categories: list[Category], values: tuple[int, int, int, int, int]) -> KillRow:
        names: tuple[Quality, ...] = ("conscript", "green", "regular", "veteran", "elite")
        return KillRow(categories=categories, vp=dict(zip(names, values, strict=True)))

    return [
        row(
            [
                "armour",
                "infantry",
                "recce",
                "mechanized",
                "motorized",
                "antitank",
                "aa",
                "partisan",
                "security",
            ],
            (1, 1, 1, 2, 3),
        ),
        row(
            [
                "artillery",
                "heavy_antitank",
                "combat_engineer",
                "heavy_aa",
                "ski",
                "bridging_engineer",
            ],
            (2, 2, 2, 3, 3),
        ),
        row(["hq"], (3, 4, 5, 6, 7)),
    ]


class VictoryLocation(StrictModel):
    """OV2: a hex worth VP to the side holding it, at the end of every turn."""

    hex: RegionId
    per_turn: PerSide[VictoryPoints] = Field(default_factory=dict)
    """VP per turn for each side that holds it (a side left out scores nothing there)."""


class OpVictoryRules(StrictModel):
    """OV1-OV4: victory by locations held per turn and kills by type and quality."""

    locations: list[VictoryLocation] = Field(default_factory=list)
    """OV2: the victory locations, one per hex."""
    kills: list[KillRow] = Field(default_factory=default_kills)
    """Table OV4."""

    @model_validator(mode="after")
    def _one_row_each(self) -> OpVictoryRules:
        seen: set[str] = set()
        for row in self.kills:
            for category in row.categories:
                if category in seen:
                    raise ValueError(f"'{category}' is in two rows of 'kills'")
                seen.add(category)
        hexes = [location.hex for location in self.locations]
        if len(set(hexes)) != len(hexes):
            raise ValueError("a hex is listed twice in 'locations'")
        return self


Weather = Literal["good", "mud", "frozen"]


class WeatherEffect(StrictModel):
    """Table OW1: one weather's effect on land units."""

    movement: TableMultiplier = 1.0
    """OM1: MP multiplier."""
    recovery: TableMultiplier = 1.0
    """OU7: readiness recovery multiplier."""


def default_weather() -> dict[Weather, WeatherEffect]:
    return {
        "good": WeatherEffect(),
        "mud": WeatherEffect(movement=0.5, recovery=0.5),
        "frozen": WeatherEffect(movement=0.75, recovery=0.5),
    }


TimeOfDay = Literal["day", "night"]


def _sep_oct() -> list[TimeOfDay]:
    return ["day", "day", "day", "night"]


class TurnRules(StrictModel):
    """OT4, OW1-OW6: the turns of a day, the weather of each day, and the supply level units
    move at."""

    pattern: list[TimeOfDay] = Field(default_factory=_sep_oct, min_length=1, max_length=24)
    """OT4: the turns of one day in order (default: the Sep-Oct pattern, 3 day + 1 night)."""
    first: int = Field(default=0, ge=0, le=23)
    """Which entry of ``pattern`` turn 1 is (0: the first)."""
    weather: list[Weather] = Field(default_factory=list, max_length=10_000)
    """OW1: the weather of each day in order, from the first day; past its end, the last
    entry holds (empty: good weather throughout)."""
    effects: dict[Weather, WeatherEffect] = Field(default_factory=default_weather)
    """Table OW1."""
    night_move_readiness: TableMultiplier = 1.5
    """OW7 (choice: the manual gives no size): readiness spent moving at night, times this."""
    supply: SupplyLevel = "basic"
    """OM1, OS4 (choice until HQ supply is played): the supply level every unit moves at."""
