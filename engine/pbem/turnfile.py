"""The turn file of a game played by e-mail (P1): what it holds, its name, reading and writing.

One file holds one sitting of one side: the actions it took from the moment the decision came
to it until the decision passed to the other side (usually a whole player-turn; a defender's
choice in the middle of the attacker's turn, such as a retreat, is a short sitting of its own).
Files are numbered from 1 in the order they are played and named
``<scenario>_<game>_<side>_<number>.salient-turn``.

The file is canonical JSON, so its bytes, and therefore its SHA-256, are fixed by its content.
Each file carries the hashes of every earlier file (``chain``), the commitment to the game's
seed made in file 1, and the records the engine wrote while its actions were applied (every
die roll among them), so that replaying the game from the start checks all of it.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from schemas.atomic import write_atomic
from schemas.io import canonical_json, parse_json

from .errors import DamagedFile, OutOfOrder

SUFFIX = ".salient-turn"
FORMAT = "salient-turn"
VERSION: Literal[1] = 1
NUMBER_WIDTH = 3
"""File numbers are written with at least three digits so that a folder sorts in play order."""

Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Name = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,59}$")]
"""A scenario or game name as used in file names: lower-case letters, digits and hyphens."""
SideName = Annotated[str, Field(min_length=1, max_length=100)]

NAME_PATTERN = re.compile(
    r"^(?P<scenario>[a-z0-9][a-z0-9-]*)_(?P<game>[a-z0-9][a-z0-9-]*)_"
    r"(?P<side>[^_/\\]+)_(?P<number>[0-9]+)" + re.escape(SUFFIX) + r"$"
)


class TurnFile(BaseModel):
    """The content of one turn file."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    format: Literal["salient-turn"]
    version: Literal[1]
    game: Name
    scenario: Name
    scenario_digest: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    seed_commitment: Hash
    """SHA-256 of ``"<game>:<seed>"``: every file repeats the commitment of file 1."""
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None
    """The seed itself, in file 1 only (the other files are checked against the commitment)."""
    fog: bool
    number: Annotated[int, Field(ge=1, le=10**6)]
    side: SideName
    """The side whose sitting this is."""
    turn: Annotated[int, Field(ge=1, le=10**6)]
    phase: Annotated[str, Field(max_length=60)]
    """Where the game stood when the sitting began."""
    next: SideName | None
    """The side that opens this file and plays next (``None`` once the game is over)."""
    chain: list[Hash]
    """SHA-256 of every earlier file of the game, file 1 first."""
    actions: list[dict[str, Any]]
    records: list[dict[str, Any]]
    """The engine's records written during the sitting (file 1: from the game's start)."""
    log_digest: Hash
    """SHA-256 of the whole event log at the end of the sitting."""

    @property
    def previous(self) -> str | None:
        return self.chain[-1] if self.chain else None


def commitment(game: str, seed: int) -> str:
    return hashlib.sha256(f"{game}:{seed}".encode()).hexdigest()


def file_name(scenario: str, game: str, side: str, number: int) -> str:
    return f"{scenario}_{game}_{side_part(side)}_{number:0{NUMBER_WIDTH}d}{SUFFIX}"


def side_part(side: str) -> str:
    """A side id as written in a file name (the characters a file system may refuse dropped)."""
    return re.sub(r"[^A-Za-z0-9-]+", "-", side).strip("-") or "side"


def name_slug(text: str) -> str:
    """A scenario or game name for file names: lower-case letters, digits and hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-")
    return slug or "scenario"


def to_bytes(turn: TurnFile) -> bytes:
    return canonical_json(turn.model_dump(mode="json")).encode("utf-8")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read(path: Path) -> tuple[TurnFile, bytes]:
    """The turn file at ``path`` and its bytes (hashed by the next file's chain)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DamagedFile(path, f"cannot be read: {exc.strerror or exc}") from exc
    raw, problems = parse_json(data)
    if raw is None or problems:
        detail = problems[0].message if problems else "not JSON"
        raise DamagedFile(path, f"is not a readable turn file ({detail})")
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise DamagedFile(path, "is not a Salient turn file")
    if raw.get("version") != VERSION:
        raise DamagedFile(path, f"is written in turn-file version {raw.get('version')!r}")
    try:
        turn = TurnFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        pointer = "/" + "/".join(str(part) for part in first["loc"])
        raise DamagedFile(path, f"{first['msg']}", where=pointer) from exc
    return turn, data


def write(folder: Path, turn: TurnFile) -> Path:
    """Write ``turn`` into ``folder`` under its name, atomically (a full disk or a crash never
    leaves half a file under that name). A file of that name already there (or a link) is
    never replaced: a turn once sent is not rewritten."""
    path = folder / file_name(turn.scenario, turn.game, turn.side, turn.number)
    if path.exists() or path.is_symlink():
        raise OutOfOrder(path, f"file {turn.number} of this game already exists; not replaced")
    write_atomic(path, to_bytes(turn))
    return path


def parse_name(path: Path) -> dict[str, str] | None:
    """The parts of a turn file's name, or ``None`` for another name."""
    found = NAME_PATTERN.match(path.name)
    return found.groupdict() if found else None


def files_of(folder: Path, scenario: str, game: str) -> dict[int, list[Path]]:
    """The turn files of one game in ``folder``, by number."""
    out: dict[int, list[Path]] = {}
    for path in sorted(folder.glob(f"{scenario}_{game}_*{SUFFIX}")):
        parts = parse_name(path)
        if parts and parts["scenario"] == scenario and parts["game"] == game:
            out.setdefault(int(parts["number"]), []).append(path)
    return out
