"""Runs the real-window tests (tests/realwindow) on an Xvfb server of their own.

Qt picks its platform once per process, and every other test runs offscreen, so the
real-window tests run in a second pytest process on the xcb platform. They are skipped, with
the reason, only where no X server can start (no Xvfb or xdotool, or Qt's X11 libraries
missing); CI installs what they need and sets ``SALIENT_REQUIRE_REAL_WINDOW=1`` so that a skip
there fails instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.realwindow.x11 import NoXServer, environment, start_xvfb

ROOT = Path(__file__).resolve().parent.parent


def _unavailable(reason: str) -> None:
    if os.environ.get("SALIENT_REQUIRE_REAL_WINDOW") == "1":
        pytest.fail(f"the real-window tests cannot run: {reason}")
    pytest.skip(f"no X server for the real-window tests: {reason}")


def test_the_real_window_tests_pass() -> None:
    try:
        server = start_xvfb(1600, 1000)
    except NoXServer as error:
        _unavailable(str(error))
        return
    try:
        env = environment(server.display)
        from editor.shared.platform_check import problem

        found = problem(env)
        if found is not None:
            _unavailable(found)
        done = subprocess.run(
            # One process: the tests share one screen, one mouse and one keyboard.
            [
                sys.executable,
                "-m",
                "pytest",
                "tests/realwindow",
                "-q",
                "-n",
                "0",
                "-p",
                "no:cacheprovider",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=900,
        )
    finally:
        server.stop()
    assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
