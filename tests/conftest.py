"""Test set-up shared by every test module."""

from __future__ import annotations

import os

# Qt must never look for a display: CI has none, and a window popping up on a developer's
# screen during tests is just as wrong. This runs before any test imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
