"""Reading what a stack is made of: the base scenario and mods (files, installed packages,
package files), every problem as a line naming the file, line and column. No Qt.

Mods are read the way ``salient mod apply`` reads them (:func:`editor.commands.mods.read_mods`),
so the studio accepts and refuses exactly what the command line does. Image paths of each mod
are made relative to the base scenario's folder, where the studio's paths start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from editor.commands.common import UsageError, format_issue
from editor.commands.mods import located, read_mods, slug
from schemas.io import load_file
from schemas.mods.images import rebase_mod
from schemas.mods.manifest import PACK_SUFFIX
from schemas.mods.model import Mod
from schemas.scenario import Scenario


@dataclass(frozen=True)
class ReadMod:
    """One mod as read for a stack."""

    mod: Mod
    """Image paths relative to the base scenario's folder."""
    source: str
    """The file, or ``package!entry`` for a mod inside a package file."""
    file: Path | None
    """The mod file Save may write (``None`` inside a package file)."""

    @property
    def writable(self) -> bool:
        return self.file is not None


@dataclass
class ReadStack:
    base: Scenario | None = None
    mods: list[ReadMod] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Errors that keep the stack from opening, one line each."""


def base_id(path: Path) -> str:
    """A base scenario's id: its file name without ``.json``, as ``salient mod make`` says."""
    return slug(path.stem)


def read_base(path: Path) -> tuple[Scenario | None, list[str]]:
    """The scenario in a file, or the lines saying why it cannot be a base."""
    try:
        result = load_file(path, validate=False)
    except OSError as error:
        return None, [f"{path}: cannot be read ({error.strerror or error})"]
    if result.scenario is not None:
        return result.scenario, []
    from editor.commands.common import with_positions

    text = path.read_text("utf-8", errors="replace")
    lines = [format_issue(path, i) for i in with_positions(result.issues, text) if i.is_error]
    return None, [*lines, f"{path} does not fit the scenario format"]


def read_mod_sources(sources: list[str], folder: Path) -> tuple[list[ReadMod], list[str]]:
    """Mods from files, installed package folders, package files and single entries of a
    package file (``package!entry``), in order; image paths made relative to ``folder``."""
    mods: list[ReadMod] = []
    problems: list[str] = []
    for source in sources:
        wanted = None
        path = Path(source)
        if "!" in source and source.split("!", 1)[0].endswith(PACK_SUFFIX):
            path, wanted = Path(source.split("!", 1)[0]), source
        if not path.exists():
            problems.append(f"{path}: no such file")
            continue
        try:
            loaded = read_mods([path])
        except UsageError as error:
            problems.append(str(error))
            continue
        problems += [
            format_issue(item.source, item.issue)
            for item in located(loaded.issues, loaded.texts)
            if item.is_error
        ]
        for item in loaded.sources:
            if wanted is not None and item.label != wanted:
                continue
            origin = loaded.folders.get(item.label)
            if origin is None:
                mods.append(ReadMod(item.mod, item.label, None))
            else:
                mod = rebase_mod(item.mod, origin, folder)
                mods.append(ReadMod(mod, item.label, Path(item.label)))
        if wanted is not None and not any(m.source == wanted for m in mods):
            problems.append(f"{wanted}: no such mod in the package")
    return mods, problems


def read_stack(base_path: Path, sources: list[str]) -> ReadStack:
    """The base and the mods of a stack, or what keeps it from opening."""
    out = ReadStack()
    out.base, out.problems = read_base(base_path)
    mods, problems = read_mod_sources(sources, base_path.parent)
    out.mods = mods
    out.problems += problems
    return out


def find_base(mod: Mod, mod_file: Path) -> Path | None:
    """The base scenario of a mod file where modders keep them: ``<base id>.json`` in the
    mod's folder or up to two folders above it."""
    folder = mod_file.parent
    for _ in range(3):
        candidate = folder / f"{mod.base.id}.json"
        if candidate.is_file():
            return candidate
        folder = folder.parent
    return None
