"""The Find panel: entities found by name or id, the usages of one, or what a paste noted.

Each row is a place in the scenario (:class:`schemas.search.Place`). Moving through the rows
(click, arrow keys, F3) selects each place's entity and shows it on the map, keeping the
keyboard in the list; Enter or a double-click goes there, the field focused in the inspector.
Results follow the document: after an edit, the search or the usages are asked again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLabel, QListWidgetItem, QVBoxLayout, QWidget

from editor.shared.vocabulary import field_name
from editor.shared.widgets import filter_box, set_muted
from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument
from editor.studio.find_list import ResultList
from editor.studio.forms.model_form import humanise
from schemas.diff.sections import collections, noun
from schemas.hexgrid.grid import parse_hex_id
from schemas.search import Place, field_words, find_entities, find_usages

if TYPE_CHECKING:
    from schemas.clipboard import PastePlan

SHOWN = 1000
"""At most this many rows; the count above them says how many more were found."""

TYPE_SOMETHING = "Type a name or an id: regions, units, cards, events, sides..."

INSTANT = 5000
"""Up to this many entities, a search runs at each key; beyond, when typing pauses."""


@dataclass(frozen=True)
class Row:
    """A row: the text of its two columns and where it leads (section, ids, field)."""

    text: str
    where: str
    section: str | None
    ids: tuple[str, ...]
    field: tuple[str | int, ...] = ()
    collection: str | None = None


NOTE_KINDS = {
    "left_out": "not pasted",
    "dropped": "reference dropped",
    "replaced": "reference replaced",
    "clipped": "clipped",
    "moved": "moved aside",
    "renamed": "renamed",
    "matched": "matched by name",
    "added": "added",
}
"""What each kind of paste note is called in the list."""


def _field_label(collection: str) -> Callable[[str], str]:
    if collection == "connections":
        return lambda name: field_name("Connection", name)
    return humanise


def _row(place: Place, usage: bool) -> Row:
    if usage:
        text, where = place.title(), field_words(place.path, _field_label(place.collection))
    else:
        named = f"{place.name} ({place.entity})" if place.name != place.entity else place.name
        text, where = (named if place.entity else place.title()), place.kind
    return Row(
        text,
        where,
        place.section,
        (place.entity,) if place.entity else (),
        place.field,
        place.collection,
    )


class FindPanel(QWidget):
    """Search field, what the list shows, and the list (see the module)."""

    def __init__(self, document: ScenarioDocument, show: Callable[[str, str], None]) -> None:
        super().__init__()
        self.document = document
        self.show_on_map = show
        self.mode = "find"
        self.usages_of: tuple[str, str] | None = None
        self.rows: list[Row] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.field = filter_box("Find by name or id in every section", self._typed)
        self.field.setObjectName("find-field")
        self.field.installEventFilter(self)
        self.field.returnPressed.connect(lambda: self.step(0, jump=True))
        layout.addWidget(self.field)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        set_muted(self.heading)
        layout.addWidget(self.heading)
        self.results = ResultList()
        self.results.setObjectName("find-results")
        self.results.currentItemChanged.connect(self._current_changed)
        self.results.itemActivated.connect(lambda item: self._go(item, jump=True))
        layout.addWidget(self.results, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.refresh)
        document.changed.connect(self._document_changed)
        self._moving = False
        self._show_rows([], TYPE_SOMETHING)

    # -- what the list shows ---------------------------------------------------------------------

    def _typed(self, _text: str) -> None:
        self.mode = "find"
        self.usages_of = None
        if _entity_count(self.document) <= INSTANT:
            self.refresh()
        else:
            self._timer.start()

    def _document_changed(self, _change: Change) -> None:
        if self.mode in ("find", "usages") and (self.rows or self.field.text()):
            self._timer.start()

    def refresh(self) -> None:
        """Ask again: the search typed, or the usages shown."""
        scenario = self.document.scenario
        if self.mode == "usages" and self.usages_of is not None:
            collection, entity_id = self.usages_of
            entity = _find(self.document, collection, entity_id)
            if entity is None:
                gone = f"{noun(collection).capitalize()} {entity_id} is no longer in the scenario."
                self._show_rows([], gone)
                return
            places = find_usages(scenario, collection, entity_id)
            title = _title(collection, entity)
            count = len(places)
            heading = (
                f"Usages of {title}: {count}"
                if count
                else f"Nothing refers to {title}: it can be deleted without changing anything."
            )
            rows = [_row(p, usage=True) for p in places]
            self._show_rows(rows, heading)
            return
        if self.mode != "find":
            return
        text = self.field.text().strip()
        if not text:
            self._show_rows([], TYPE_SOMETHING)
            return
        places = find_entities(scenario, text)
        more = len(places) - SHOWN
        heading = f"{len(places)} found" if places else f"Nothing is named or numbered “{text}”."
        if more > 0:
            heading += f" (the first {SHOWN} shown; type more to narrow)"
        self._show_rows([_row(p, usage=False) for p in places[:SHOWN]], heading)

    def show_usages(self, collection: str, entity_id: str) -> None:
        self.mode = "usages"
        self.usages_of = (collection, entity_id)
        self.refresh()
        self.focus_results(select=False)  # the selection stays until a row is chosen

    def show_paste(self, plan: PastePlan) -> None:
        """What a paste noted, each row selecting the pasted entities it concerns."""
        self.mode = "paste"
        self.usages_of = None
        rows = []
        for note in plan.notes:
            section, ids = None, ()
            if note.entities:
                collection = note.entities[0][0]
                info = collections()[collection]
                section = info.parent or collection
                ids = tuple(i for c, i in note.entities if c == collection)
            kind = NOTE_KINDS.get(note.kind, note.kind)
            rows.append(Row(note.text, kind, section, ids))
        heading = f"{plan.summary()}. What the paste changed or left out:"
        self._show_rows(rows, heading)
        self.focus_results(select=False)

    def _show_rows(self, rows: list[Row], heading: str) -> None:
        self.rows = rows
        self.heading.setText(heading)
        self._moving = True
        try:
            self.results.clear()
            for number, row in enumerate(rows):
                self.results.add_row(row.text, row.where, number)
        finally:
            self._moving = False

    # -- going to a row -------------------------------------------------------------------------

    def focus_search(self) -> None:
        self.field.setFocus()
        self.field.selectAll()

    def focus_results(self, select: bool = True) -> None:
        """Give the list the keyboard; ``select`` goes to its first row, else no row is
        current until the designer picks one (Down or F3 goes to the first)."""
        if not self.results.count():
            return
        if select:
            self.results.setFocus()
            if self.results.currentItem() is None:
                self.results.setCurrentItem(self.results.item(0))
            return
        # A list taking the keyboard makes its first row current, which would go there.
        self._moving = True
        try:
            self.results.setFocus()
            self.results.setCurrentRow(-1)
            self.results.clearSelection()
        finally:
            self._moving = False

    def step(self, by: int, jump: bool = False) -> None:
        """Move to the next (``1``) or previous (``-1``) row, wrapping round; ``0`` goes to
        the current row (the first when none is)."""
        count = self.results.count()
        if not count:
            return
        current = self.results.currentItem()
        index = self.results.row(current) if current is not None else -1
        index = (0 if by >= 0 else count - 1) if index < 0 else (index + by) % count
        item = self.results.item(index)
        if item is current:
            self._go(item, jump=jump)
        else:
            self.results.setCurrentItem(item)
            if jump:
                self._go(item, jump=True)

    def _current_changed(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is not None and not self._moving:
            self._go(item, jump=False)

    def _go(self, item: QListWidgetItem, jump: bool) -> None:
        row = self.rows[int(item.data(Qt.ItemDataRole.UserRole))]
        if row.section is None:
            return
        present = [i for i in row.ids if _find(self.document, row.collection or row.section, i)]
        if row.ids and not present:
            self.heading.setText(f"{row.text} is no longer in the scenario.")
            return
        keep = QApplication.focusWidget() if not jump else None
        self.document.select(row.section, present, focus=row.field if jump else ())
        if present:
            self.show_on_map(row.collection or row.section, present[0])
        if keep is not None and not jump:
            keep.setFocus()  # the inspector may take the keyboard; moving stays in the list

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down in the search field move through the results."""
        if watched is self.field and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                self.step(1 if key == Qt.Key.Key_Down else -1)
                return True
        return super().eventFilter(watched, event)


def _entity_count(document: ScenarioDocument) -> int:
    return sum(len(info.items(document.scenario)) for info in collections().values())


def _find(document: ScenarioDocument, collection: str, entity_id: str) -> object | None:
    hex_map = document.scenario.hex_map
    if collection == "regions" and hex_map is not None:  # a hex: a region of the grid
        parsed = parse_hex_id(entity_id)
        inside = parsed is not None and parsed[0] < hex_map.columns and parsed[1] < hex_map.rows
        return entity_id if inside else None
    if collection in LIST_SECTIONS:
        return document.get(collection, entity_id)
    info = collections().get(collection)
    if info is None:
        return None
    return next((e for e in info.items(document.scenario) if e.id == entity_id), None)


def _title(collection: str, entity: object) -> str:
    entity_id = entity.id  # type: ignore[attr-defined]
    name = str(getattr(entity, "name", "") or getattr(entity, "title", "") or entity_id)
    named = f"{name} ({entity_id})" if name != entity_id else entity_id
    return f"{noun(collection)} {named}"
