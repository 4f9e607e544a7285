"""Starting the studio: the window on a file, and the ``--screenshot`` mode."""

from __future__ import annotations

from pathlib import Path

from editor.shared.app import application, settle


def run_studio(path: Path, screenshot: Path | None = None) -> int:
    """Open ``path`` in the studio; with ``screenshot``, save the window as an image and exit.

    Returns the process exit status: with a screenshot, 1 when the file could not be opened.
    """
    app = application()
    from editor.studio.window import StudioWindow

    window = StudioWindow()
    if screenshot is not None:
        opened = window.files.open_path(path, ask=False)
        window.show()
        settle(window)
        window.grab().save(str(screenshot))
        window.files.discard_session()
        window.close()
        return 0 if opened else 1
    window.show()
    window.files.offer_orphans()
    if window.document is None:
        window.files.open_path(path, ask=False)
    return app.exec()
