"""Runs the real-window tests (tests/realwindow) on an Xvfb server of their own.

Qt picks its platform once per process, and every other test runs offscreen, so the
real-window tests run in a second pytest process on the xcb platform. That process is started
in the background as soon as this test is collected (``tests/conftest.py``; see
:mod:`tests.realwindow.background`) and runs beside the offscreen tests; this test waits for it
and reports what it found. They are skipped, with the reason, only where no X server can start
(no Xvfb or xdotool, or Qt's X11 libraries missing); CI installs what they need and sets
``SALIENT_REQUIRE_REAL_WINDOW=1`` so that a skip there fails instead.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.realwindow import background


def _unavailable(reason: str) -> None:
    if os.environ.get("SALIENT_REQUIRE_REAL_WINDOW") == "1":
        pytest.fail(f"the real-window tests cannot run: {reason}")
    pytest.skip(f"no X server for the real-window tests: {reason}")


def crash_frames(output: str, lines: int = 30) -> str:
    """The innermost frames of each crash in ``output``. Python's fault handler prints the
    most recent call first, so the frames that say where a crash happened come right after
    "Fatal Python error" and are the first cut when only the output's tail is shown."""
    found = []
    for part in output.split("Fatal Python error")[1:]:
        found.append("Fatal Python error" + "\n".join(part.splitlines()[:lines]))
    return "".join(f"{crash}\n...\n" for crash in found)


def test_the_real_window_tests_pass(request: pytest.FixtureRequest) -> None:
    config = request.config
    folder = background.folder_for(config.salient_run_id)
    watch = os.getppid() if hasattr(config, "workerinput") else os.getpid()
    background.ensure_started(folder, watch)  # already started at collection, as a rule
    result = background.join(folder)
    if result["status"] == "unavailable":
        _unavailable(result["reason"])
    assert result["status"] == "passed", (
        f"{result['reason']} (kept in {folder}); the real-window tests said:\n"
        f"{crash_frames(result['output'])}{result['output'][-6000:]}"
    )
    shutil.rmtree(folder, ignore_errors=True)


def test_a_crash_is_reported_by_its_innermost_frames() -> None:
    """A worker's segfault shows where it happened even when the output's tail is long."""
    output = (
        "Fatal Python error: Segmentation fault\n\nCurrent thread (most recent call first):\n"
        '  File "editor/game/wego/op_engineers.py", line 88 in refresh\n'
        + '  File "pluggy/_callers.py", line 1 in _multicall\n'
        * 500
    )
    shown = crash_frames(output)
    assert 'op_engineers.py", line 88 in refresh' in shown
    assert len(shown.splitlines()) <= 31
    assert crash_frames("1 failed, 2 passed") == ""
