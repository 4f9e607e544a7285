"""Test set-up shared by every test module."""

from __future__ import annotations

import os
import tempfile

# Tests that show real windows on an X server live in tests/realwindow and run in a process
# of their own (tests/test_real_windows.py starts Xvfb and that process). Everywhere else,
# Qt must never look for a display: CI has none, and a window popping up on a developer's
# screen during tests is just as wrong. This runs before any test imports Qt.
REAL_WINDOW = os.environ.get("SALIENT_REAL_WINDOW") == "1"
if not REAL_WINDOW:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    collect_ignore = ["realwindow"]

# The studio keeps settings, recent files and recovery copies in its state folder; tests get
# a fresh one so they never read or litter a developer's real one.
os.environ["SALIENT_STATE_DIR"] = tempfile.mkdtemp(prefix="salient-test-state-")
