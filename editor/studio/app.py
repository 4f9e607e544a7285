"""Starting the studio: the window on a file, the same way for a person and for ``--screenshot``.

A screenshot that is laid out differently from what a person gets hides exactly the defects it
should show, so both go through :func:`launch_studio`: show the window, then open the file.
"""

from __future__ import annotations

from pathlib import Path

from editor.shared.app import application, settle
from editor.studio.files import recent_files
from editor.studio.window import StudioWindow

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"


def startup_file() -> Path:
    """What ``salient`` with no file opens: the file last worked on, else the bundled sample."""
    for path in recent_files():
        if path.is_file():
            return path
    return SAMPLE


def launch_studio(
    path: Path | None, *, recover: bool = True, mods: list[Path] | None = None
) -> StudioWindow:
    """Show the studio and open ``path`` in it (``None``: :func:`startup_file`), with
    ``mods`` on top when given. With ``recover``, copies of unsaved work left by a crash are
    offered first."""
    application()
    window = StudioWindow()
    window.show()
    if recover:
        window.files.offer_orphans()
    if window.document is None:
        if mods and path is not None:
            from editor.studio.mods.opening import open_stack

            open_stack(window, path, [str(m) for m in mods], ask=False)
        else:
            window.files.open_path(path or startup_file(), ask=False)
    return window


def run_studio(
    path: Path | None, screenshot: Path | None = None, mods: list[Path] | None = None
) -> int:
    """Open ``path`` in the studio; with ``screenshot``, save the window as an image and exit.

    Returns the process exit status: with a screenshot, 1 when the file could not be opened.
    """
    app = application()
    window = launch_studio(path, recover=screenshot is None, mods=mods)
    if screenshot is not None:
        settle(window)
        saved = window.grab().save(str(screenshot))
        opened = window.document is not None
        window.files.discard_session()
        window.close()
        return 0 if opened and saved else 1
    return app.exec()
