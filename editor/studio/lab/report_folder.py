"""A balance report as files: ``report.json``, ``charts/*.png`` and the self-contained
``report.html`` page, as ``salient balance`` writes them and the lab's "Save report…" saves
them, made by the same code.

Writing is all or nothing and stays inside the folder: every file is first written (and
synced) into a hidden staging folder made inside the chosen one, then moved into place by
renames, which replace a symbolic link rather than write through it; a ``charts`` entry that
is not a real folder is refused. A failure before the moves leaves the folder as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

REPORT_NAMES = ("report.json", "report.html")
"""The files a report always has (its charts, ``charts/<name>.png``, when it has games)."""


def report_files(
    report: dict[str, Any], scenario: Any = None, *, charts: bool = True
) -> dict[str, bytes]:
    """The report's files by their path inside the folder: the JSON, the PNG charts (with
    the ``scenario``, the capture map too) and the HTML page that shows them."""
    from .page import balance_page

    files = {"report.json": (json.dumps(report, indent=2, sort_keys=False) + "\n").encode()}
    pictures: dict[str, bytes] = {}
    if charts and report["played"]:
        from .charts import render_all

        pictures = render_all(report, scenario)
        for name, png in pictures.items():
            files[f"charts/{name}.png"] = png
    files["report.html"] = balance_page(report, pictures).encode("utf-8")
    return files


def write_folder(files: dict[str, bytes], folder: Path) -> list[Path]:
    """Write ``files`` (paths inside ``folder``, one level of subfolder at most) into
    ``folder``, all or nothing (see the module docstring); returns the paths written.
    Raises :class:`OSError` naming the path that could not be written."""
    folder = Path(folder)
    if not folder.is_dir():
        raise NotADirectoryError(f"'{folder}' is not a folder")
    for sub in {Path(name).parent for name in files} - {Path()}:
        place = folder / sub
        if place.is_symlink() or (place.exists() and not place.is_dir()):
            raise FileExistsError(f"'{place}' is in the way: it is not a folder of its own")
    staging = Path(tempfile.mkdtemp(prefix=".salient-report-", dir=folder))
    try:
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        written = []
        for name in files:
            target = folder / name
            target.parent.mkdir(exist_ok=True)
            (staging / name).replace(target)
            written.append(target)
        return written
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def existing_report(folder: Path) -> bool:
    """Whether ``folder`` holds a report already (saving there replaces it)."""
    return any((Path(folder) / name).exists() for name in REPORT_NAMES)
