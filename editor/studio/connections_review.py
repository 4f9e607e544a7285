"""Reviewing the connections that the shared borders imply, one proposal at a time.

Deriving never edits anything by itself: it lists connections to add (neighbours without a
connection) and to remove (connections whose type needs neighbours, between regions that no
longer touch), and the designer accepts or rejects each one. Rejected proposals stay hidden
until the next explicit Derive, so a deliberate omission is not proposed again after every
edit. While the panel is shown it follows the map; hidden, it re-derives when shown again.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.studio.document import Change, ScenarioDocument
from editor.studio.naming import new_id
from schemas.geometry.derive import Addition, Removal, derive_connections
from schemas.map import Connection

Proposal = Addition | Removal

WATCHED = {"regions", "connections", "connection_types", "terrain"}
"""Sections whose changes can change the proposals."""

BULK = 100
"""Above this many changes, accepting replaces the connection list in one go, so the map
redraws its connections once rather than once per connection."""


def _key(proposal: Proposal) -> tuple[str, ...]:
    if isinstance(proposal, Addition):
        return ("add", *sorted((proposal.a, proposal.b)))
    return ("remove", proposal.connection)


class ConnectionReview(QWidget):
    """The derived additions and removals, with Derive, Accept, Accept all and Reject."""

    title = "Connection review"

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.proposals: list[Proposal] = []
        self.rejected: set[tuple[str, ...]] = set()
        self.derived = False
        """Whether the designer asked for a review yet (nothing is derived before)."""
        self.stale = False
        self._applying = False
        self._refresh = QTimer(self, singleShot=True, interval=150)
        self._refresh.timeout.connect(self.refresh)

        self.derive_button = QPushButton("Derive")
        self.derive_button.setToolTip("Compare the connections with the shared borders")
        self.accept_button = QPushButton("Accept")
        self.accept_button.setToolTip("Apply the selected proposals")
        self.accept_all_button = QPushButton("Accept all")
        self.accept_all_button.setToolTip("Apply every proposal as one undoable step")
        self.reject_button = QPushButton("Reject")
        self.reject_button.setToolTip("Drop the selected proposals from this review")
        self.status = QLabel("Press Derive to compare the connections with the borders.")
        self.status.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Change", "Regions", "Border", "Type"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for column in (0, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

        buttons = QHBoxLayout()
        for button in (
            self.derive_button,
            self.accept_button,
            self.accept_all_button,
            self.reject_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.tree, 1)

        self.derive_button.clicked.connect(self.derive)
        self.accept_button.clicked.connect(self.accept_selected)
        self.accept_all_button.clicked.connect(self.accept_all)
        self.reject_button.clicked.connect(self.reject_selected)
        self.tree.itemSelectionChanged.connect(self._on_rows_selected)
        document.changed.connect(self._on_change)
        self._update_buttons()

    # -- deriving --------------------------------------------------------------------------------

    def derive(self) -> None:
        """A fresh review: every proposal, including those rejected before."""
        self.rejected.clear()
        self.derived = True
        self.refresh()

    def refresh(self) -> None:
        """Derive again, keeping rejected proposals out."""
        self._refresh.stop()
        self.stale = False
        diff = derive_connections(self.document.scenario)
        proposals: list[Proposal] = [*diff.removals, *diff.additions]
        self.proposals = [p for p in proposals if _key(p) not in self.rejected]
        self._fill()

    def _on_change(self, change: Change) -> None:
        if self._applying or not self.derived or change.section not in WATCHED:
            return
        self.stale = True
        self._show_status()
        if self.isVisible():
            self._refresh.start()  # edits come in bursts (macros, drags); derive once after

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.stale:
            self._refresh.start()

    # -- the list --------------------------------------------------------------------------------

    def _fill(self) -> None:
        doc = self.document
        self.tree.clear()
        for proposal in self.proposals:
            if isinstance(proposal, Addition):
                change, border = "Add", f"{proposal.border:.4g}"
            else:
                change, border = "Remove", "none"
            a, b = doc.get("regions", proposal.a), doc.get("regions", proposal.b)
            names = f"{a.name if a else proposal.a} \u2013 {b.name if b else proposal.b}"
            kind = next((t for t in doc.scenario.connection_types if t.id == proposal.type), None)
            item = QTreeWidgetItem([change, names, border, kind.name if kind else proposal.type])
            item.setToolTip(1, f"{proposal.a} \u2013 {proposal.b}")
            item.setToolTip(3, proposal.type)
            if isinstance(proposal, Removal):
                item.setToolTip(0, f"Delete connection '{proposal.connection}'")
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.tree.addTopLevelItem(item)
        self._show_status()
        self._update_buttons()

    def _show_status(self) -> None:
        if not self.derived:
            return
        if self.stale:
            self.status.setText("The map has changed since the last derive.")
            return
        adds = sum(isinstance(p, Addition) for p in self.proposals)
        removes = len(self.proposals) - adds
        if not self.proposals:
            text = "The connections follow the shared borders."
        else:
            text = f"{adds} to add, {removes} to remove."
        if self.rejected:
            text += f" {len(self.rejected)} rejected."
        self.status.setText(text)

    def _update_buttons(self) -> None:
        chosen = bool(self.tree.selectedItems())
        self.accept_button.setEnabled(chosen)
        self.reject_button.setEnabled(chosen)
        self.accept_all_button.setEnabled(bool(self.proposals))

    def selected_rows(self) -> list[int]:
        return sorted(self.tree.indexOfTopLevelItem(item) for item in self.tree.selectedItems())

    def _on_rows_selected(self) -> None:
        self._update_buttons()
        rows = self.selected_rows()
        if not rows:
            return
        chosen = [self.proposals[row] for row in rows]
        removals = [p.connection for p in chosen if isinstance(p, Removal)]
        if len(removals) == len(chosen):
            self.document.select("connections", removals)
        else:
            # A proposed connection does not exist yet: show its two ends instead.
            ends = [end for p in chosen for end in (p.a, p.b)]
            self.document.select("regions", list(dict.fromkeys(ends)))

    # -- accepting and rejecting -----------------------------------------------------------------

    def accept_selected(self) -> None:
        self.apply(self.selected_rows())

    def accept_all(self) -> None:
        self.apply(range(len(self.proposals)))

    def reject_selected(self) -> None:
        rows = self.selected_rows()
        self.rejected.update(_key(self.proposals[row]) for row in rows)
        self._drop(rows)

    def apply(self, rows: Sequence[int]) -> None:
        """Apply the proposals of these rows as one undoable step."""
        rows = sorted(set(rows))
        if not rows:
            return
        doc = self.document
        chosen = [self.proposals[row] for row in rows]
        current = list(doc.items("connections"))
        gone = {p.connection for p in chosen if isinstance(p, Removal)}
        kept = [c for c in current if c.id not in gone]
        # Proposals may predate the latest edits (an undo, the connect tool) until refreshed.
        joined = {frozenset((c.a, c.b)) for c in kept}
        taken = {c.id for c in current}
        added = []
        for p in chosen:
            ends = frozenset((p.a, p.b))
            if not isinstance(p, Addition) or ends in joined:
                continue
            if doc.get("regions", p.a) is None or doc.get("regions", p.b) is None:
                continue
            joined.add(ends)
            # ``taken`` is kept up to date here: accepting thousands of proposals must not
            # scan every connection again for each new id.
            connection_id = new_id(doc, "connections", f"{p.a}-{p.b}", taken)
            taken.add(connection_id)
            added.append(Connection(id=connection_id, a=p.a, b=p.b, type=p.type))
        removed = [c.id for c in current if c.id in gone]
        if len(chosen) == 1:
            text = self._describe(chosen[0])
        else:
            text = f"Apply {len(chosen)} connection changes"
        self._applying = True
        try:
            if len(added) + len(removed) > BULK:
                doc.set_section("connections", [*kept, *added], text)
            elif added or removed:
                with doc.macro(text):
                    doc.remove("connections", removed)
                    for connection in added:
                        doc.add("connections", connection)
        finally:
            self._applying = False
        self._drop(rows)

    @staticmethod
    def _describe(proposal: Proposal) -> str:
        if isinstance(proposal, Addition):
            return f"Connect {proposal.a} and {proposal.b}"
        return f"Delete {proposal.connection}"

    def _drop(self, rows: Sequence[int]) -> None:
        for row in sorted(rows, reverse=True):
            del self.proposals[row]
            self.tree.takeTopLevelItem(row)
        self._show_status()
        self._update_buttons()
