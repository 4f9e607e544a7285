"""``rules.operational.engineering``: what engineers do to the map in play (OE2-OE7): the
chance per turn of breaching a minefield hexside and of destroying or repairing a bridge, the
turns a pontoon takes, and which river features are major (named by connection type id as
plain names: a name the map does not use is simply never met). What a minefield becomes once
breached is its own row's ``breached`` in ``hexsides`` (Table OH6)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..base import Slug, StrictModel
from .numbers import Share

PontoonTurns = Annotated[int, Field(ge=1, le=100)]
"""Turns of work a pontoon takes before units cross it."""


class BridgeWork(StrictModel):
    """OE4: a bridging engineer's chance per turn of finishing its work on one bridge."""

    destroy: Share
    """Of destroying a standing bridge."""
    repair: Share
    """Of repairing a destroyed bridge."""


class EngineeringRules(StrictModel):
    """OE2-OE7: engineers' work on minefields, bridges and pontoons."""

    breach: Share = 0.5
    """OE2: a combat engineer's chance per turn of breaching each minefield hexside next to
    it."""
    major_bridge: BridgeWork = Field(default_factory=lambda: BridgeWork(destroy=0.4, repair=0.2))
    """OE4: a bridge over a major river."""
    minor_bridge: BridgeWork = Field(default_factory=lambda: BridgeWork(destroy=0.8, repair=0.4))
    """OE4: a bridge over any other river."""
    major_rivers: list[Slug] = Field(default_factory=lambda: ["major-river"])
    """OE4, OE5: the river features that are major rivers (every other river feature is
    minor)."""
    pontoon_minor: PontoonTurns = 1
    """OE5: turns of work for a pontoon over minor rivers only."""
    pontoon_major: PontoonTurns = 2
    """OE5: turns of work for a pontoon when one of the hex's rivers is major."""
