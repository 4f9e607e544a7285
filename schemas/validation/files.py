"""Checks of the files a scenario names, which need to know the scenario's folder.

They run when a scenario is loaded from a file (:func:`schemas.io.load_file`, ``salient
validate``), not in :data:`~schemas.validation.CHECKS`, whose checks see only the scenario.
Nothing is opened: an image path is judged from ``stat`` alone (see :mod:`schemas.assets`),
so a path naming a pipe or a device never blocks validation.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from ..assets import image_paths, image_problem
from ..issues import Issue, make_issue, pointer
from ..jsontext import printable
from ..scenario import Scenario


def check_files(
    scenario: Scenario,
    folder: str | os.PathLike[str],
    packages: Sequence[str | os.PathLike[str]] = (),
) -> Iterator[Issue]:
    """A warning for each image the studio and the game view will not read."""
    for item in image_paths(scenario):
        refusal = image_problem(folder, item.path, packages)
        if refusal is not None:
            shown = printable(item.path)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            yield make_issue(
                refusal.code,
                pointer(*item.pointer),
                f"image '{shown}' will not be shown: {refusal.reason}",
                item.entity,
            )
