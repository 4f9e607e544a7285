"""Fixtures for game view tests: no unanswered modal dialogs, widgets freed between tests, a
fresh state folder, and the bundled sample scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import qt_fixtures

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"
HANG = 120_000
"""Milliseconds to wait for the AI or the view before calling it a hang. Generous on purpose:
it guards against a game that never moves on, it is no speed budget (those are measured in
``benchmarks/``), and a busy CI machine can be many times slower than a developer's."""

# Shared with every Qt test directory; pytest finds fixtures by their names here.
collect_widgets = qt_fixtures.collect_widgets
no_modal_dialogs = qt_fixtures.no_modal_dialogs
state_dir = qt_fixtures.state_dir


@pytest.fixture(scope="session")
def sample():
    """The bundled sample, loaded once (games never change their scenario)."""
    from schemas.io import load_file

    scenario = load_file(SAMPLE).scenario
    assert scenario is not None
    return scenario
