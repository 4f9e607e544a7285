"""Closing a panel on a document, letting Qt carry out its deleteLater() and then running
Python's collector must not crash the studio.

In the running studio the event loop deletes closed windows and the collector runs when it
likes. A document's undo commands close over the document, so once its panels are deleted
the document, its undo stack and the commands are a cycle only the collector frees; released
PySide clears such a cycle in an order that deleted each command twice (a segfault in
``QUndoStack::clear``; see ``ScenarioDocument.__del__``). Each case runs in a child process,
so a crash is this test failing, not the test run losing a worker.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SETUP = textwrap.dedent(
    """
    import gc
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication
    from editor.studio.document import ScenarioDocument
    from editor.studio.panels.inspector import Inspector
    from tests.operational.builder import OpBuilder

    app = QApplication([])

    def scenario():
        b = OpBuilder(columns=6, rows=3)
        b.raw["hex_map"]["fixed_zones"] = {"pocket": ["c1r1*2"], "ridge": ["c1r3"]}
        b.unit("guard", "inf", "c1r1", fixed={"zone": "pocket", "until_turn": 3})
        return b.build()

    def flush_and_collect():
        # What the event loop and the collector do between two things a person does.
        QCoreApplication.sendPostedEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
    """
)

CASES = {
    # A document shown in the inspector, with an edit and a macro on its stack and the
    # macro undone (commands on both sides of the stack's index).
    "inspector": """
        for round in range(3):
            document = ScenarioDocument(scenario())
            inspector = Inspector(document)
            inspector.show()
            document.select("units", ["guard"])
            unit = document.get("units", "guard")
            fixed = unit.operational.fixed.model_copy(update={"zone": "ridge"})
            operational = unit.operational.model_copy(update={"fixed": fixed})
            document.replace("units", unit.model_copy(update={"operational": operational}))
            with document.macro("Two steps"):
                document.set_field("units", "guard", ["name"], "Guard")
                document.set_field("units", "guard", ["name"], "Old guard")
            document.undo_stack.undo()
            inspector.close()
            inspector.deleteLater()
            del inspector, document, unit
            flush_and_collect()
    """,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_closed_documents_undo_history_is_freed_without_a_crash(
    case: str, tmp_path: Path
) -> None:
    """Crashed with exit -11 before the document emptied its stack in ``__del__``."""
    script = tmp_path / "collect.py"
    script.write_text(SETUP + textwrap.dedent(CASES[case]) + "\nprint('freed', flush=True)\n")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "SALIENT_STATE_DIR": str(tmp_path / "state"),
        "PYTHONPATH": str(ROOT),
        "PYTHONFAULTHANDLER": "1",
    }
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("freed"), (
        f"exit {done.returncode}\n{done.stderr[-3000:]}"
    )
