"""Cut, copy and paste in the studio, through the system clipboard.

A copy goes on the clipboard twice: as :data:`schemas.clipboard.MIME_TYPE` and as plain text,
both the copy's canonical JSON, so another studio window or process pastes it, and a text
editor shows what was copied. Text that holds such JSON pastes too. Everything a paste decides
(ids, references, where regions go) is :func:`schemas.clipboard.resolve_paste`; this module
asks it, applies the answer as one undo step, selects what arrived and shows it on the map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QMimeData, QObject, QRectF, Signal
from PySide6.QtGui import QClipboard, QCursor, QGuiApplication

from editor.studio.document import ScenarioDocument
from editor.studio.map.geometry_actions import apply_outlines, delete_regions, sentence
from editor.studio.map.snapping import SnapCache
from schemas.clipboard.payload import MIME_TYPE, Clip, ClipboardError, copy_entities, describe
from schemas.diff.sections import collections
from schemas.geometry import GeometryEditError
from schemas.search import collection_of

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow
    from schemas.clipboard import MapOutlines, PastePlan

ATTENTION = ("left_out", "dropped", "replaced", "clipped")
"""Kinds of paste notes that need the designer's eye: the notes are listed in the Find panel
when one of these is among them (renames and added definitions only reach the status bar)."""


def clip_from(mime: QMimeData | None) -> Clip | None:
    """The copy the clipboard holds, or ``None`` when it holds no Salient entities.

    Raises :class:`ClipboardError` when it holds a copy Salient cannot read (written by a
    newer version, damaged)."""
    if mime is None:
        return None
    if mime.hasFormat(MIME_TYPE):
        return Clip.from_json(bytes(mime.data(MIME_TYPE).data()))
    if mime.hasText():
        text = mime.text().strip()
        if text.startswith("{") and '"salient-clipboard"' in text:
            return Clip.from_json(text)
    return None


def mime_of(clip: Clip) -> QMimeData:
    text = clip.to_json()
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(text.encode("utf-8")))
    mime.setText(text)
    return mime


class StudioClipboard(QObject):
    """The window's cut, copy and paste; ``available`` follows whether the system clipboard
    holds something to paste."""

    available = Signal(bool)

    def __init__(self, window: StudioWindow, report: Callable[[PastePlan], None]) -> None:
        super().__init__(window)
        self.window = window
        self.report = report
        self.last_plan: PastePlan | None = None
        self.system().dataChanged.connect(self._clipboard_changed)

    @staticmethod
    def system() -> QClipboard:
        return QGuiApplication.clipboard()

    @property
    def document(self) -> ScenarioDocument | None:
        return self.window.document

    def can_paste(self) -> bool:
        try:
            return clip_from(self.system().mimeData()) is not None
        except ClipboardError:
            return True  # pasting says what is wrong with it

    def _clipboard_changed(self) -> None:
        self.available.emit(self.can_paste())

    # -- copy and cut ----------------------------------------------------------------------------

    def selected(self) -> tuple[str, list[str]] | None:
        """The collection and ids a copy would take: the document's selection."""
        document = self.document
        if document is None or not document.selection.ids:
            return None
        collection = collection_of(document.selection.section)
        if collection is None:
            return None
        return collection, list(document.selection.ids)

    def copy(self) -> Clip | None:
        document = self.document
        chosen = self.selected()
        if document is not None and chosen is not None and _hexes(document, chosen[0]):
            # A hex is a place of the grid, not an entity: nothing of it can be pasted.
            self.window.show_message(
                "Hexes are not copied: paint their terrain and owners with the brush (B); "
                "copy the units and structures on them from the explorer."
            )
            return None
        if document is None or chosen is None:
            self.window.show_message("Select what to copy: regions on the map, or entries.")
            return None
        clip = copy_entities(document.scenario, *chosen)
        self.system().setMimeData(mime_of(clip))
        self.window.show_message(f"Copied {clip.summary()}.")
        return clip

    def cut(self) -> None:
        """Copy the selection, then delete it with what came with it, as one step."""
        document = self.document
        clip = self.copy()
        if document is None or clip is None:
            return
        text = f"Cut {clip.summary()}"
        document.select(None)  # as for a paste: lists dropping selected rows one by one crawl
        with document.macro(text):
            if clip.primary == "regions":
                # Connections to regions left behind go too, as when the regions are deleted.
                delete_regions(document, clip.ids("regions"))
                for placed in ("units", "leaders"):
                    document.delete(placed, clip.ids(placed))
            elif collections()[clip.primary].parent is not None:
                self._cut_nested(document, clip)
            else:
                document.delete(clip.primary, clip.ids(clip.primary))
        self.window.show_message(f"{text}.")

    @staticmethod
    def _cut_nested(document: ScenarioDocument, clip: Clip) -> None:
        info = collections()[clip.primary]
        parent, field = info.keys
        gone = set(clip.ids(clip.primary))
        value = getattr(document.scenario, parent)
        kept = [e for e in getattr(value, field) if e.id not in gone]
        document.set_section(parent, value.model_copy(update={field: kept}))

    # -- paste -----------------------------------------------------------------------------------

    def pointer_point(self) -> tuple[float, float] | None:
        """The map point under the mouse pointer, else the middle of the map view."""
        view = self.window.view
        if view is None:
            return None
        port = view.viewport()
        local = port.mapFromGlobal(QCursor.pos())
        if not port.rect().contains(local):
            local = port.rect().center()
        point = view.mapToScene(local)
        return point.x(), point.y()

    def paste(self, at: tuple[float, float] | None = None) -> PastePlan | None:
        """Paste what the clipboard holds (at a map point: centred there, clipped by the
        regions already there), as one undo step; selects what arrived."""
        document = self.document
        if document is None:
            return None
        try:
            clip = clip_from(self.system().mimeData())
        except ClipboardError as error:
            self.window.show_message(f"Cannot paste: {error}.")
            return None
        if clip is None:
            self.window.show_message(
                "The clipboard holds no Salient entities: copy regions, units, cards... first."
            )
            return None
        return self.paste_clip(clip, at)

    def paste_clip(self, clip: Clip, at: tuple[float, float] | None = None) -> PastePlan | None:
        document = self.document
        if document is None:
            return None
        # Resolving a paste is imported by the first paste, not with the window (a start
        # reads only what the clipboard holds).
        from schemas.clipboard.resolve import resolve_paste

        try:
            plan = resolve_paste(clip, document.scenario, at=at, map_outlines=_outlines(document))
        except GeometryEditError as error:
            self.window.show_message(f"Cannot paste: {sentence(error)}")
            return None
        self.last_plan = plan
        if plan.empty:
            self.window.show_message(_nothing_pasted(clip, plan, at is not None))
            self.report(plan)
            return plan
        was_empty = not document.scenario.regions
        # The lists keep their selected rows through each insertion: with many selected,
        # that cost more than the paste. The pasted entities are selected afterwards.
        document.select(None)
        apply_plan(document, plan)
        self._show(document, plan, was_empty)
        if any(note.kind in ATTENTION for note in plan.notes):
            self.report(plan)
        return plan

    def _show(self, document: ScenarioDocument, plan: PastePlan, was_empty: bool) -> None:
        """Select what arrived, say so, and show it: the map zooms to it when it lies out of
        sight or the map was empty before (a paste is the designer asking to see it)."""
        info = collections()[plan.primary]
        section = info.parent or plan.primary
        document.select(section, plan.selected)
        notes = len([n for n in plan.notes if n.kind in ATTENTION])
        counts = {c: plan.count(c) for c in plan.added}
        text = f"Pasted {_pasted(plan, counts)}"
        if any(n.kind == "moved" for n in plan.notes):
            text += "; moved aside to free ground"
        if notes:
            text += f"; {notes} {'note' if notes == 1 else 'notes'} in the Find panel"
        self.window.show_message(f"{text}.")
        rect = self._extent(plan)
        view = self.window.view
        if rect is None or view is None:
            return
        self.window.tabs.show_map()
        visible = view.mapToScene(view.viewport().rect()).boundingRect()
        if was_empty:
            view.zoom_to_fit(rect.adjusted(*_margin(rect)))
        elif not visible.contains(rect):
            # Show the copy with what the designer was looking at, when both fit well.
            both = visible.united(rect)
            near = both.width() * both.height() <= 6 * visible.width() * visible.height()
            view.zoom_to_fit(both if near else rect.adjusted(*_margin(rect)))

    def _extent(self, plan: PastePlan) -> QRectF | None:
        """Where the pasted things are drawn (regions, or a placed unit's stack)."""
        rect: QRectF | None = None
        for collection, entities in plan.added.items():
            for entity in entities:
                found = self.window.entity_rect(collection, entity.id)
                if found is not None:
                    rect = found if rect is None else rect.united(found)
        return rect


def _nothing_pasted(clip: Clip, plan: PastePlan, at_pointer: bool) -> str:
    covered = clip.count("regions") and any("already there cover" in n.text for n in plan.notes)
    if at_pointer and covered:
        return (
            "Nothing pasted: the regions already there cover all the ground under the "
            "pointer. Paste where the map has room, or with Ctrl+V to put the copy beside it."
        )
    first = plan.notes[0].text if plan.notes else "the copy was empty"
    return f"Nothing pasted: {first}."


def _pasted(plan: PastePlan, counts: dict[str, int]) -> str:
    """What a paste brought, without the definitions it added (the Find panel lists them)."""
    added = {c for n in plan.notes if n.kind == "added" for c, _ in n.entities}
    shown = {c: n for c, n in counts.items() if c == plan.primary or c not in added}
    return describe(shown, plan.primary)


def _margin(rect: QRectF) -> tuple[float, float, float, float]:
    pad = max(rect.width(), rect.height()) * 0.15 or 10.0
    return (-pad, -pad, pad, pad)


def _outlines(document: ScenarioDocument) -> MapOutlines:
    """The map as the snapping cache holds it (its index is built already)."""
    from schemas.clipboard.records import MapOutlines

    cache = SnapCache.of(document)
    outlines = cache.outlines
    ids = [cache.region_id(i) if o is not None else None for i, o in enumerate(outlines)]
    return MapOutlines(ids, outlines, cache.index)


def apply_plan(document: ScenarioDocument, plan: PastePlan) -> None:
    """Make the paste: new outlines of the regions it touches and every entity it adds, as
    one undo step."""
    with document.macro(plan.summary()):
        apply_outlines(document, plan.outlines, "Share the pasted borders")
        for collection, entities in plan.added.items():
            info = collections()[collection]
            if info.parent is None:
                document.add_many(collection, entities, f"Paste {len(entities)} {collection}")
                continue
            parent, field = info.keys
            value = getattr(document.scenario, parent)
            items = [*getattr(value, field), *entities]
            document.set_section(parent, value.model_copy(update={field: items}))


def _hexes(document: ScenarioDocument, collection: str) -> bool:
    """Whether a collection is a hex map's hexes or hexsides (places of its grid)."""
    return document.scenario.hex_map is not None and collection in ("regions", "connections")
