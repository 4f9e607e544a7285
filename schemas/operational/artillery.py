"""Artillery units' support fire under the operational rules (OC2, OC15, OC31, OC33).

An artillery unit that stays put may be given a fire order in its side's plan: offensive
fire at an enemy hex within its range (it joins its side's attack there, or bombards the
hex when no attack goes in) or defensive fire over a friendly hex (it joins the defence when
that hex is attacked). ``rules.operational.artillery`` holds what the manual leaves open:
which categories fire, the range of a type that gives none, the intensity cases and what a
unit whose fire was used gives up.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..base import StrictModel
from .combat import Intensity
from .units import Category

_GUNS: tuple[Category, ...] = ("artillery",)

FireRange = Annotated[int, Field(ge=0, le=100)]
"""A firing range, in hexes from the gun's hex."""


class ArtilleryIntensity(StrictModel):
    """OC15: the artillery cases of a battle's intensity. Artillery is counted in units
    (choice: the manual does not say units or factors): the artillery units firing in the
    battle's support on either side plus the artillery units among the attackers and
    defenders, against every other unit fighting in it."""

    artillery_only: Intensity = "low"
    """An attack whose attackers are all artillery units is fought at this level."""
    more_than_ground: int = Field(default=-1, ge=-4, le=0)
    """Levels added when artillery outnumbers the other units of the battle."""
    twice_ground: int = Field(default=-2, ge=-4, le=0)
    """Levels added (instead) when it is at least twice as many."""
    floor: Intensity = "low"
    """The artillery cuts never take a battle below this level (one already below stays)."""


class ArtilleryRules(StrictModel):
    """OC2, OC15, OC31, OC33: artillery units firing in support of attacks and defences."""

    categories: list[Category] = Field(default_factory=lambda: list(_GUNS))
    """OC33: the unit categories that may be given fire orders."""
    range: FireRange = 3
    """OC33: the firing range, in hexes, of a unit whose type gives none (``fire_range``);
    the manual gives no figure (choice: 3 hexes of 2.5 km)."""
    fired_rests: bool = False
    """OC33: whether a unit whose fire was used (in a battle or a bombardment) still rests
    at the end of the turn; by default it does not, as the manual lets only an unused
    defensive fire rest."""
    integrity: bool = True
    """OC4: firing units count among their side's units for organisational integrity (the
    manual's advice not to mix corps and division artillery); ``false`` adds their fire after
    the integrity multiplier, like the ships'."""
    intensity: ArtilleryIntensity = Field(default_factory=ArtilleryIntensity)
    """OC15: artillery-only attacks and battles with more artillery than other units."""
