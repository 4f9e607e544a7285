"""The studio's layout at first launch, remembered between runs, and reset (issue 10, defect 1:
the map was a strip about 60 pixels high and the Issues panel took the rest).

Each screen size gets an Xvfb server of its own, and the studio is started in a process of
its own through ``launch_studio``, the path ``salient`` takes, which reports what it shows
(see :mod:`tests.realwindow.studio_probe`); so the numbers and the pictures come from the
start-up a person gets.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.realwindow import studio_probe
from tests.realwindow.x11 import Xvfb, start_xvfb

SIZES = [(1600, 1000), (1920, 1080), (1280, 800)]


@pytest.fixture
def screen(request: pytest.FixtureRequest) -> Iterator[Xvfb]:
    width, height = request.param
    server = start_xvfb(width, height)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pictures(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SALIENT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _area(rect: list[int]) -> int:
    return rect[2] * rect[3]


@pytest.mark.parametrize("screen", SIZES, ids=[f"{w}x{h}" for w, h in SIZES], indirect=True)
def test_the_map_gets_most_of_the_window_on_first_launch(
    screen: Xvfb, sample_copy, tmp_path: Path, pictures: Path
) -> None:
    width, height = screen.size
    shot = pictures / f"studio-first-launch-{width}x{height}.png"
    shown = studio_probe.run(screen.display, tmp_path / "state", sample_copy(), shot=shot)["start"]
    window, frame, viewport = shown["window"], shown["frame"], shown["viewport"]
    # The window fits the screen: all of it up to 1440x900, most of it above.
    assert frame[2] <= width and frame[3] <= height
    assert frame[0] >= 0 and frame[1] >= 0
    assert frame[0] + frame[2] <= width and frame[1] + frame[3] <= height
    assert window[2] >= 0.85 * width and window[3] >= 0.85 * height
    # The map has most of the window: nearly all its height, more width than any panel.
    assert viewport is not None
    share = _area(viewport) / _area(window)
    assert share >= 0.47, f"the map has {share:.0%} of the window"
    assert viewport[3] >= 0.85 * window[3]
    for name, dock in shown["docks"].items():
        if dock["visible"]:
            assert viewport[2] >= 1.6 * dock["rect"][2], name
    assert shown["docks"]["issues"]["visible"] and shown["docks"]["inspector"]["visible"]
    assert shot.stat().st_size > 20_000


@pytest.mark.parametrize("screen", [(1600, 1000)], ids=["1600x1000"], indirect=True)
def test_the_layout_is_remembered_between_runs_and_reset_restores_the_default(
    screen: Xvfb, sample_copy, tmp_path: Path, pictures: Path
) -> None:
    state, sample = tmp_path / "state", sample_copy()
    first = studio_probe.run(screen.display, state, sample, "rearrange", "close")["start"]
    default_inspector = first["docks"]["inspector"]["rect"][2]

    second = studio_probe.run(
        screen.display, state, sample, "reset", "close", shot=pictures / "studio-layout-reset.png"
    )
    remembered = second["start"]
    # What the designer changed came back: the wider right column, Layers closed, and the
    # Unit types editor open beside the map.
    assert remembered["docks"]["inspector"]["rect"][2] >= default_inspector + 100
    assert not remembered["docks"]["layers"]["visible"]
    assert remembered["tabs"] == ["Map", "Unit types"]
    assert remembered["frame"] == first["frame"]

    third = studio_probe.run(screen.display, state, sample)["start"]
    # Reset layout put the panels back and was itself remembered.
    assert third["docks"]["layers"]["visible"]
    assert abs(third["docks"]["inspector"]["rect"][2] - default_inspector) <= 2
    assert third["viewport"] is not None
    assert abs(third["viewport"][2] - first["viewport"][2]) <= 2
