"""Building blocks shared by every part of the scenario format.

Every model is strict: unknown keys are refused (so a typo in a hand-edited file is reported
instead of silently ignored), NaN and infinities are refused, and values are re-validated on
assignment so the studio cannot put a model into a state a file could not hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, TypeVar

import pydantic.main
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from .attribute_docs import install as _read_docstrings_per_file
from .ranges import Coordinate, TurnNumber

# Before any model is made: the fields' docstrings are read from one parse of each source
# file instead of a search of the call stack per model (see schemas/attribute_docs.py).
_read_docstrings_per_file()

SLUG_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
"""Entity ids: lowercase letters, digits, ``-`` and ``_``, starting with a letter or digit."""

_SLUG = Field(
    pattern=SLUG_PATTERN,
    description="Identifier: lowercase letters, digits, '-' and '_' (at most 64 characters).",
)

Slug = Annotated[str, _SLUG]


@dataclass(frozen=True, slots=True)
class Ref:
    """Marks a string field as a reference to an entity of a top-level collection."""

    collection: str
    """Name of the scenario's list the id must appear in (``regions``, ``sides``...)."""
    tokens: frozenset[str] = frozenset()
    """Special values that are not ids (``@self``...)."""


# One alias per collection: they validate identically, and the Ref marker tells the validator
# (and the studio's rename and find-usages) which list each reference points into.
RegionId = Annotated[str, _SLUG, Ref("regions")]
TerrainId = Annotated[str, _SLUG, Ref("terrain")]
ConnectionTypeId = Annotated[str, _SLUG, Ref("connection_types")]
StructureId = Annotated[str, _SLUG, Ref("structures")]
ConnectionId = Annotated[str, _SLUG, Ref("connections")]
SupplySourceId = Annotated[str, _SLUG, Ref("supply_sources")]
AreaId = Annotated[str, _SLUG, Ref("areas")]
TheatreId = Annotated[str, _SLUG, Ref("theatres")]
SideId = Annotated[str, _SLUG, Ref("sides")]
NationId = Annotated[str, _SLUG, Ref("nations")]
UnitTypeId = Annotated[str, _SLUG, Ref("unit_types")]
UnitId = Annotated[str, _SLUG, Ref("units")]
LeaderId = Annotated[str, _SLUG, Ref("leaders")]
CardId = Annotated[str, _SLUG, Ref("cards")]
EventId = Annotated[str, _SLUG, Ref("events")]
ReinforcementId = Annotated[str, _SLUG, Ref("reinforcements")]
FlagName = Annotated[str, Field(pattern=SLUG_PATTERN, description="Name of a scenario flag.")]

SIDE_SELF = "@self"
SIDE_ENEMY = "@enemy"
SIDE_ALL = "@all"

SideRef = Annotated[
    str,
    Ref("sides", tokens=frozenset({SIDE_SELF, SIDE_ENEMY, SIDE_ALL})),
    Field(
        pattern=r"^(@self|@enemy|@all|[a-z0-9][a-z0-9_-]{0,63})$",
        description=(
            "A side: a side id, or '@self' (the side playing the card or receiving the event), "
            "'@enemy' (every side at war with it) or '@all' (every side)."
        ),
    ),
]

Point = Annotated[
    tuple[Coordinate, Coordinate],
    Field(description="A point in map coordinates: [x, y], x to the east, y to the south."),
]

Color = Annotated[
    str,
    Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Colour as '#rrggbb'."),
]

Turn = TurnNumber
"""A turn number, counted from 1 (see :mod:`schemas.ranges` for every number's range)."""

Domain = Literal["land", "naval", "air"]
"""Where a unit moves and fights."""


V = TypeVar("V")


def _sorted_keys(value: dict[str, V]) -> dict[str, V]:
    return dict(sorted(value.items()))


PerSide = Annotated[dict[SideId, V], AfterValidator(_sorted_keys)]
"""A mapping keyed by side id; keys are kept sorted so files diff cleanly."""

RelativeSide = Annotated[
    str,
    Ref("sides", tokens=frozenset({SIDE_SELF, SIDE_ENEMY})),
    Field(
        pattern=r"^(@self|@enemy|[a-z0-9][a-z0-9_-]{0,63})$",
        description="A side id, or '@self' (the owner's side) or '@enemy' (its enemies).",
    ),
]

PerSideRef = Annotated[dict[RelativeSide, V], AfterValidator(_sorted_keys)]
"""Like :data:`PerSide`, but keys may also be ``@self`` and ``@enemy``, relative to an owner."""


_DEFER_BUILD = hasattr(pydantic.main, "_rebuild_lock")
"""Whether each model's validator is built at its first use rather than when its class is
made. Reading a file builds the scenario's validator, holding every model it contains, and
a studio opening a map uses a dozen models on their own: building the 190-odd validators at
import was about 60 ms of every start (the eleventh large-map round). Only with a pydantic
that builds a model under a lock (the lock looked for here, in its newer releases): two
threads (live validation, the AI's workers) may use a model first at the same time, and
an older pydantic could then validate with a half-built model."""


class StrictModel(BaseModel):
    """Base of every scenario model."""

    model_config = ConfigDict(
        extra="forbid",
        allow_inf_nan=False,
        validate_assignment=True,
        validate_default=False,
        use_attribute_docstrings=True,
        populate_by_name=False,
        ser_json_inf_nan="null",
        defer_build=_DEFER_BUILD,
    )


class Entity(StrictModel):
    """Anything with an id that other parts of the scenario refer to."""

    id: Slug
    """Unique identifier within its list, used by references from elsewhere."""
