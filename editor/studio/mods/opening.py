"""Opening a base scenario with a stack of mods: File > Open with mods, ``salient edit BASE
--mod M``, a mod file opened on its own, and the recovery of unsaved mod work after a crash.

The last mod of the stack is the edit target when it is a mod file; otherwise (no mod, or the
last one is inside a package file) a new, empty mod is started on top, saved where the
designer says at the first Save. Each mod file remembers the stack it was last edited in, so
opening it again (from File > Open or the recent files) brings back the same base and mods.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.commands.common import format_issue
from editor.shared.settings import settings
from editor.studio.files import Recovery, add_recent, recovery_for
from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.reading import base_id, find_base, read_base, read_stack
from editor.studio.mods.stack import PALETTE, Base, StackEntry, StackError, build_state, new_mod
from editor.studio.window_new import frame_for
from schemas.mods.images import rebase_mod
from schemas.mods.load import load_mod_file, load_mod_text
from schemas.mods.manifest import PACK_SUFFIX
from schemas.mods.model import MOD_SUFFIX, Mod

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

STACKS_KEY = "studio/mod-stacks"
MODS_FILTER = (
    f"Mods and packages (*{MOD_SUFFIX} *{PACK_SUFFIX} manifest.json);;"
    f"Mod files (*{MOD_SUFFIX});;Mod packages (*{PACK_SUFFIX});;"
    "Installed packages (manifest.json);;All files (*)"
)


def is_mod_file(path: Path) -> bool:
    return path.name.endswith(MOD_SUFFIX)


def mod_source(path: Path) -> str:
    """What a path chosen in a file dialog stands for: a manifest stands for its package."""
    return str(path.parent if path.name == "manifest.json" else path)


# -- remembered stacks -------------------------------------------------------------------------


def _stacks() -> dict[str, str]:
    value = settings().value(STACKS_KEY, {})
    return dict(value) if isinstance(value, dict) else {}


def remember_stack(document: ModdedDocument) -> None:
    """Keep the stack of a saved edit target, for opening its file again."""
    if document.path is None or document.base.path is None:
        return
    stacks = _stacks()
    key = str(document.path.resolve())
    stacks.pop(key, None)
    stacks[key] = json.dumps(
        {
            "base": str(document.base.path.resolve()),
            "mods": [
                {"source": str(document.paths.get(e.key) or e.source), "enabled": e.enabled}
                for e in document.entries[:-1]
            ],
        }
    )
    while len(stacks) > 50:
        stacks.pop(next(iter(stacks)))
    settings().setValue(STACKS_KEY, stacks)


def remembered_stack(mod_file: Path) -> tuple[Path, list[str], dict[str, bool]] | None:
    """The base, lower mods and their switches a mod file was last edited with."""
    text = _stacks().get(str(mod_file.resolve()))
    if not text:
        return None
    try:
        data = json.loads(text)
        base = Path(data["base"])
        mods = [(str(m["source"]), bool(m["enabled"])) for m in data["mods"]]
    except (ValueError, KeyError, TypeError):
        return None
    if not base.is_file():
        return None
    return base, [m for m, _ in mods], dict(mods)


# -- opening -------------------------------------------------------------------------------------


def open_stack(
    window: StudioWindow,
    base_path: Path,
    sources: list[str],
    *,
    enabled: dict[str, bool] | None = None,
    start_new: bool = False,
    ask: bool = True,
    recovered: tuple[Mod, Recovery] | None = None,
) -> bool:
    """Open ``base_path`` with the mods of ``sources`` (files, installed package folders,
    package files, ``package!entry``) in load order; returns whether it opened.

    The last source is the edit target if it is a mod file (a new mod is started on top
    otherwise, or with ``start_new``). ``recovered`` replaces the target (the new mod when the
    recovery copy is of a mod never saved) with a crash-recovery copy."""
    if ask and not window.files.may_discard():
        return False
    read = read_stack(base_path, sources)
    if read.base is None or read.problems:
        _refuse(window, base_path, read.problems)
        return False
    base = Base.of(read.base, base_path, base_id(base_path))
    entries: list[StackEntry] = []
    paths: dict[int, Path | None] = {}
    for key, item in enumerate(read.mods):
        on = (enabled or {}).get(item.source, True)
        colour = PALETTE[key % len(PALETTE)]
        entries.append(StackEntry(key, item.mod, item.source, on, item.writable, colour))
        paths[key] = item.file
    new_target = start_new or not entries or not entries[-1].writable
    if recovered is not None and recovered[1].original is None:
        new_target = True
    if new_target:
        key = len(entries)
        mod = new_mod(base, f"{base.id}-mod", f"My mod of {read.base.info.title}")
        entries.append(StackEntry(key, mod, mod.id, True, True, PALETTE[key % len(PALETTE)]))
        paths[key] = None
    offer = recovered or _recovery_of(window, paths[entries[-1].key])
    if offer is not None:
        mod, recovery = offer
        folder = recovery.original.parent if recovery.original else base.folder
        entries[-1] = entries[-1].but(mod=rebase_mod(mod, folder, base.folder))
    try:
        state = build_state(base, entries)
    except StackError as error:
        _refuse(window, base_path, [str(error)])
        return False
    window.files.failed_path = None
    document = ModdedDocument(state, paths)
    document.set_frame(frame_for(base_path))
    if offer is not None:
        document.recovered = True
    window.set_document(document)
    if offer is not None and window.autosaver is not None:
        window.autosaver._written = offer[1].data  # kept until the work is saved or discarded
        window.show_message("Recovered unsaved work on the mod; save it to keep it.")
    if document.path is not None:
        add_recent(document.path)
        remember_stack(document)
    return True


def _recovery_of(window: StudioWindow, target: Path | None) -> tuple[Mod, Recovery] | None:
    """A crash-recovery copy of the target's file, if the designer takes it."""
    if target is None:
        return None
    recovery = recovery_for(target)
    if recovery is None or "stack" not in recovery.extra:
        return None
    if not window.files._offer(recovery):
        return None
    loaded = load_mod_text(recovery.data.read_bytes())
    if loaded.mod is None:
        recovery.discard()
        window.show_message("The recovery copy was damaged and has been removed.")
        return None
    return loaded.mod, recovery


def _refuse(window: StudioWindow, base: Path, problems: list[str], head: str = "") -> None:
    shown = problems[:12] + ([f"… and {len(problems) - 12} more"] if len(problems) > 12 else [])
    head = head or f"{base.name} could not be opened with these mods:"
    QMessageBox.warning(window, "Cannot open with mods", f"{head}\n\n" + "\n".join(shown))


def open_mod_file(window: StudioWindow, path: Path, *, ask: bool = True) -> bool:
    """A mod file opened on its own: with the stack it was last edited in, else on its base
    scenario found beside it, else on a scenario the designer picks."""
    remembered = remembered_stack(path)
    if remembered is not None:
        base, lower, switches = remembered
        sources = [s for s in lower if Path(s.split("!", 1)[0]).exists()]
        return open_stack(window, base, [*sources, str(path)], enabled=switches, ask=ask)
    try:
        loaded = load_mod_file(path)
    except OSError as error:
        _refuse(window, path, [f"{path}: {error.strerror or error}"], "The mod cannot be read:")
        return False
    mod = loaded.mod
    if mod is None or not loaded.ok:
        lines = [format_issue(path, i) for i in loaded.issues if i.is_error]
        _refuse(window, path, lines, f"{path.name} is not a mod that can be opened:")
        return False
    found = find_base(mod, path)
    if found is None:
        name, _ = QFileDialog.getOpenFileName(
            window,
            f"Which scenario is “{mod.name}” a mod of? ({mod.base.title or mod.base.id})",
            str(path.parent),
            "Salient scenarios (*.json);;All files (*)",
        )
        if not name:
            return False
        found = Path(name)
    return open_stack(window, found, [str(path)], ask=ask)


def recover_stack(window: StudioWindow, recovery: Recovery) -> bool:
    """Reopen the stack a recovery copy of mod work belongs to, with the copy as the target."""
    stack = recovery.extra.get("stack")
    loaded = load_mod_text(recovery.data.read_bytes())
    base_path = Path(str(stack.get("base"))) if isinstance(stack, dict) else None
    if loaded.mod is None or base_path is None or not base_path.is_file():
        recovery.discard()
        window.show_message("The recovery copy of the mod could not be used and was removed.")
        return False
    mods = [m for m in stack.get("mods", []) if isinstance(m, dict)]  # type: ignore[union-attr]
    sources = [str(m.get("source")) for m in mods]
    switches = {str(m.get("source")): bool(m.get("enabled", True)) for m in mods}
    if recovery.original is not None:
        sources.append(str(recovery.original))
    return open_stack(
        window, base_path, sources, enabled=switches, ask=False, recovered=(loaded.mod, recovery)
    )


def choose_base(window: StudioWindow) -> Path | None:
    start = window.document.folder if window.document is not None else None
    name, _ = QFileDialog.getOpenFileName(
        window,
        "The base scenario",
        str(start or ""),
        "Salient scenarios (*.json);;All files (*)",
    )
    return Path(name) if name else None


def choose_mods(window: StudioWindow, start: Path | None) -> list[str]:
    names, _ = QFileDialog.getOpenFileNames(window, "Add mods", str(start or ""), MODS_FILTER)
    return [mod_source(Path(name)) for name in names]


def check_base(path: Path) -> str:
    """Why a file cannot be a base scenario ("" when it can)."""
    scenario, problems = read_base(path)
    return "" if scenario is not None else "\n".join(problems[-3:])
