"""``salient edit`` (and ``salient`` alone): the studio."""

from __future__ import annotations

import argparse
from pathlib import Path

from editor.commands.common import UsageError, require_window


def register(commands: argparse._SubParsersAction) -> None:
    edit = commands.add_parser("edit", help="open a scenario in the studio")
    edit.add_argument(
        "file",
        nargs="?",
        type=Path,
        help="scenario file (default: the last one opened, else the bundled sample)",
    )
    edit.add_argument(
        "--mod",
        dest="mods",
        action="append",
        type=Path,
        default=[],
        metavar="MOD",
        help="open FILE as the base with this mod on top (repeat, in load order); edits go "
        "into the last mod, FILE is never written",
    )
    edit.add_argument(
        "--screenshot",
        type=Path,
        metavar="OUT.png",
        help="render the window after loading to this image and exit",
    )
    edit.set_defaults(run=lambda args: cmd_edit(args.file, args.screenshot, args.mods))


def cmd_edit(
    path: Path | None, screenshot: Path | None = None, mods: list[Path] | None = None
) -> int:
    """Open the studio on a file (by default the file last worked on, else the sample), or
    on a base scenario with a stack of mods."""
    mods = list(mods or [])
    if mods and path is None:
        raise UsageError("--mod needs the base scenario: salient edit BASE --mod MOD")
    for wanted in [path, *mods]:
        if wanted is not None and not wanted.exists():
            raise UsageError(f"no such file: '{wanted}'")
    require_window()
    from editor.studio.app import run_studio

    return run_studio(path, screenshot, mods) if mods else run_studio(path, screenshot)
