"""The mod file (``*.salient-mod.json``): a base scenario and the operations that change it.

Every operation names its target by section and id, and a field by a path of names inside
the entity; no operation addresses a list by position, so a mod keeps applying when the base
scenario gains, loses or reorders entities around its targets. Operations that change a value
record the value they expected (``was``), so a change of the base since the mod was made is
reported instead of silently overwritten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, JsonValue

from ..base import Slug, StrictModel
from ..diff.sections import section_names
from .names import MOD_SUFFIX as MOD_SUFFIX

MOD_SCHEMA_VERSION = 1
"""Version of the mod format this code reads and writes."""

if TYPE_CHECKING:
    # The sections are found from the scenario models when the module loads, so no static
    # Literal can name them: to the type checker a section is a string, which it is.
    Section = str
else:
    Section = Literal[section_names()]
    """A collection (``regions``, ``victory/sudden_death``) or a single section
    (``rules``)."""

FieldPath = Annotated[
    str,
    Field(
        pattern=r"^(/[^/]+)+$",
        description=(
            "Path of a field inside the entity or section, as a JSON pointer of field names "
            "and map keys: '/movement_cost', '/location/region', '/values/finland/capture'."
        ),
    ),
]

Fingerprint = Annotated[
    str,
    Field(
        pattern=r"^sha256:[0-9a-f]{16,64}$",
        description="'sha256:' and the hexadecimal SHA-256 of the canonical JSON (or its start).",
    ),
]

Scalar = str | int
"""Items of the lists that items operations change: ids, tags, phase names."""

Language = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$", description="Language tag: 'fi', 'pt-BR'."
    ),
]


class _Operation(StrictModel):
    section: Section
    """Collection or single section the operation works on."""
    note: str = ""
    """Why: the modder's own comment, shown with conflicts and in reports."""


class SetField(_Operation):
    """Set one field of an entity (a table cell, for the terrain and connection tables), or
    of a single section when ``id`` is ``null``. In a mapping such as a per-side table, a
    ``null`` value removes the key."""

    op: Literal["set"]
    id: Slug | None = None
    """Entity; ``null`` for a single section."""
    path: FieldPath
    """Field inside the entity or section."""
    value: JsonValue
    """New value."""
    was: JsonValue = None
    """Value the mod expects in the base; leave it out to skip the check. In a mapping,
    ``null`` means the key was absent."""


class AddEntity(_Operation):
    """Add an entity to a collection."""

    op: Literal["add"]
    value: dict[str, JsonValue]
    """The whole entity, its ``id`` included."""
    after: Slug | None = None
    """Id of the entity it follows; ``null`` puts it first; leave it out to put it last."""


class RemoveEntity(_Operation):
    """Remove an entity from a collection (references to it are left for validation)."""

    op: Literal["remove"]
    id: Slug
    was: Fingerprint | None = None
    """Fingerprint of the entity the mod expects to remove; leave it out to skip the check."""


class ReplaceEntity(_Operation):
    """Replace an entity whole, or a single section whole when ``id`` is ``null``."""

    op: Literal["replace"]
    id: Slug | None = None
    value: JsonValue
    """The whole new entity (same id) or section (``null`` allowed for the tension index)."""
    was: Fingerprint | None = None
    """Fingerprint of what the mod expects to replace."""


class MoveEntity(_Operation):
    """Move an entity to another place in its collection (lists keep the designer's order)."""

    op: Literal["move"]
    id: Slug
    after: Slug | None
    """Id of the entity it now follows; ``null`` puts it first."""


class RenameEntity(_Operation):
    """Give an entity a new id; every reference to it follows."""

    op: Literal["rename"]
    id: Slug
    to: Slug
    """New id."""


class AddItems(_Operation):
    """Add items (ids, tags, phases) to a list field, by value, not position."""

    op: Literal["add_items"]
    id: Slug | None = None
    path: FieldPath
    items: Annotated[list[Scalar], Field(min_length=1)]
    after: Scalar | None = None
    """Item they follow; ``null`` puts them first; leave it out to put them last."""


class RemoveItems(_Operation):
    """Remove items from a list field, by value."""

    op: Literal["remove_items"]
    id: Slug | None = None
    path: FieldPath
    items: Annotated[list[Scalar], Field(min_length=1)]


class Translate(_Operation):
    """Replace texts (names, descriptions, card texts) of one entity or single section."""

    op: Literal["translate"]
    id: Slug | None = None
    texts: Annotated[dict[FieldPath, str], Field(min_length=1)]
    """New text per field path."""
    was: dict[FieldPath, str] | None = None
    """Texts the translation was made from, per path: a changed original is reported."""


Operation = Annotated[
    SetField
    | AddEntity
    | RemoveEntity
    | ReplaceEntity
    | MoveEntity
    | RenameEntity
    | AddItems
    | RemoveItems
    | Translate,
    Field(discriminator="op"),
]

OPTIONAL_PRESENCE = ("was", "after")
"""Fields whose absence means something (no check, at the end) distinct from ``null``."""


class ModBase(StrictModel):
    """The scenario a mod was made for."""

    id: Slug
    """The base scenario's id: its file name without ``.json``, unless the modder chose one."""
    title: str = ""
    """Its title when the mod was made."""
    version: str = ""
    """The designer's version of it when the mod was made."""
    fingerprint: Fingerprint
    """SHA-256 of its canonical JSON when the mod was made."""


class ModReference(StrictModel):
    """Another mod, by id."""

    id: Slug
    version: str = ""
    """Oldest version that will do (versions compare number by number); empty for any."""


class Mod(StrictModel):
    """A mod: changes to a base scenario, applied in order on top of it."""

    schema_uri: str | None = Field(default=None, alias="$schema")
    """Optional link to the mod format's JSON Schema."""
    schema_version: Literal[1]
    """Version of the mod format; older files are migrated on load."""
    id: Slug
    """Identifier other mods name in ``requires`` and ``conflicts``."""
    name: str
    """Name shown to players."""
    version: str = "1"
    """The modder's own version."""
    author: str = ""
    description: str = ""
    language: Language | None = None
    """For a translation: the language its texts are in."""
    base: ModBase
    requires: list[ModReference] = Field(default_factory=list)
    """Mods that must be applied before this one."""
    conflicts: list[ModReference] = Field(default_factory=list)
    """Mods this one cannot be used with."""
    operations: list[Operation] = Field(default_factory=list)
    """Changes, applied in order."""


def operation_json(operation: Any) -> dict[str, Any]:
    """An operation as JSON: defaults left out, ``was`` and ``after`` kept when given."""
    data = operation.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    full = operation.model_dump(mode="json", by_alias=True)
    present = operation.model_fields_set
    kept = [k for k in full if k in data or (k in OPTIONAL_PRESENCE and k in present)]
    return {"op": full["op"]} | {k: full[k] for k in kept if k != "op"}


def mod_json(mod: Mod) -> dict[str, Any]:
    """The canonical JSON data of a mod (key order as declared, defaults left out)."""
    data = mod.model_dump(mode="json", by_alias=True, exclude_defaults=True, exclude={"operations"})
    data["schema_version"] = mod.schema_version
    out: dict[str, Any] = {}
    for name, info in Mod.model_fields.items():
        key = info.alias or name
        if key in data:
            out[key] = data[key]
    out["operations"] = [operation_json(op) for op in mod.operations]
    return out
