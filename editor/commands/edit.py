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
        "--screenshot",
        type=Path,
        metavar="OUT.png",
        help="render the window after loading to this image and exit",
    )
    edit.set_defaults(run=lambda args: cmd_edit(args.file, args.screenshot))


def cmd_edit(path: Path | None, screenshot: Path | None = None) -> int:
    """Open the studio on a file (by default the file last worked on, else the sample)."""
    if path is not None and not path.exists():
        raise UsageError(f"no such file: '{path}'")
    require_window()
    from editor.studio.app import run_studio

    return run_studio(path, screenshot)
