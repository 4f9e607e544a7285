"""The settings of the import dialog: what the features become, which property holds what,
the projection and scale, the simplification, multi-part features, and where the import
goes. Every change emits :attr:`ImportForm.changed`; :meth:`ImportForm.options` reads them
back as :class:`schemas.gis.ImportOptions`."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from schemas.gis import FieldMap, ImportOptions
from schemas.gis.projection import NAMES

NONE = "(none)"
POINT_KINDS = {
    "city": "Cities",
    "village": "Villages",
    "fort": "Forts",
    "airfield": "Airfields",
    "port": "Ports",
    "supply": "Supply sources",
}
LINE_KINDS = {
    "river": "Rivers (river crossings)",
    "major-river": "Major rivers",
    "road": "Roads",
    "rail": "Railways",
}
REGION_FIELDS = ("name", "id", "terrain", "owner", "area", "vp")
POINT_FIELDS = ("name", "id", "kind", "owner", "vp")
FIELD_LABELS = {
    "name": "Name",
    "id": "Id",
    "terrain": "Terrain",
    "owner": "Owner",
    "area": "Area",
    "vp": "VP",
    "kind": "Kind",
}
PROJECTIONS = [("auto", "Automatic"), *NAMES.items(), ("source", "The file's own CRS")]
OTHER = "other"
SAMPLE_CHARS = 40
"""How much of a property's first values its entry shows."""


def field_text(name: str, values: list[str]) -> str:
    """A property as its entry shows it: its name and its first values,
    "NOM: Ahuntsic, Bordeaux-Cartierville…"."""
    if not values:
        return name
    shown = ", ".join(values)
    if len(shown) > SAMPLE_CHARS:
        shown = shown[: SAMPLE_CHARS - 1].rstrip(" ,") + "…"
    return f"{name}: {shown}"


def _spin(low: float, high: float, value: float, decimals: int, suffix: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setDecimals(decimals)
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setSuffix(suffix)
    spin.setKeyboardTracking(False)  # one preview per value, not one per key
    return spin


class ImportForm(QWidget):
    """Every setting of an import (see the module's description)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = "polygon"
        self.has_projection = False
        self.scenario_km: float | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

        self.target_box = QGroupBox("Import into")
        target = QFormLayout(self.target_box)
        self.into_current = QRadioButton("This scenario")
        self.into_new = QRadioButton("A new scenario, titled:")
        self.target_group = QButtonGroup(self)
        self.target_group.addButton(self.into_current)
        self.target_group.addButton(self.into_new)
        self.into_current.setChecked(True)
        self.title = QLineEdit()
        target.addRow(self.into_current)
        target.addRow(self.into_new, self.title)
        layout.addWidget(self.target_box)

        self.become_box = QGroupBox("The features become")
        become = QFormLayout(self.become_box)
        self.become_label = QLabel("Regions")
        self.points_as = QComboBox()
        for key, text in POINT_KINDS.items():
            self.points_as.addItem(text, key)
        self.lines_as = QComboBox()
        for key, text in LINE_KINDS.items():
            self.lines_as.addItem(text, key)
        self.follow = _spin(0.0, 100.0, 0.5, 2, " km")
        self.follow.setToolTip("A river follows a border when most of the border is this near")
        become.addRow(self.become_label)
        become.addRow("Points are:", self.points_as)
        become.addRow("Lines are:", self.lines_as)
        become.addRow("Follows a border within:", self.follow)
        layout.addWidget(self.become_box)

        self.fields_box = QGroupBox("Properties")
        self.fields_form = QFormLayout(self.fields_box)
        self.combos: dict[str, QComboBox] = {}
        for key, text in FIELD_LABELS.items():
            combo = QComboBox()
            combo.setObjectName(f"field-{key}")
            self.combos[key] = combo
            self.fields_form.addRow(f"{text}:", combo)
        self.vp_as = QComboBox()
        self.vp_as.addItem("for capturing it", "capture")
        self.vp_as.addItem("for holding it at the end", "hold_at_end")
        self.fields_form.addRow("VP are won:", self.vp_as)
        layout.addWidget(self.fields_box)

        self.projection_box = QGroupBox("Projection and scale")
        projection = QFormLayout(self.projection_box)
        self.crs = QLineEdit()
        self.crs.setPlaceholderText("as the file says")
        self.crs.setToolTip("The data's CRS, when the file does not say it or says it wrong")
        self.projection = QComboBox()
        for key, text in PROJECTIONS:
            self.projection.addItem(text, key)
        self.projection.addItem("Another CRS…", OTHER)
        self.other_crs = QLineEdit()
        self.other_crs.setPlaceholderText("EPSG:32633, a PROJ string or WKT")
        self.projection_note = QLabel()
        self.projection_note.setWordWrap(True)
        self.auto_scale = QCheckBox("automatic")
        self.auto_scale.setChecked(True)
        self.scale = _spin(0.0001, 100_000.0, 1.0, 4, " km per map unit")
        self.scale.setEnabled(False)
        scale_row = QHBoxLayout()
        scale_row.addWidget(self.auto_scale)
        scale_row.addWidget(self.scale, 1)
        projection.addRow("Data CRS:", self.crs)
        projection.addRow("Projection:", self.projection)
        projection.addRow("", self.other_crs)
        projection.addRow("Scale:", scale_row)
        projection.addRow(self.projection_note)
        layout.addWidget(self.projection_box)

        self.simplify_box = QGroupBox("Simplification")
        simplify = QFormLayout(self.simplify_box)
        self.simplify_mode = QButtonGroup(self)
        self.by_vertices = QRadioButton("Vertices per region:")
        self.by_tolerance = QRadioButton("No border moves more than:")
        self.keep_all = QRadioButton("Keep every vertex")
        for number, button in enumerate((self.by_vertices, self.by_tolerance, self.keep_all)):
            self.simplify_mode.addButton(button, number)
        self.by_vertices.setChecked(True)
        self.vertices = QSpinBox()
        self.vertices.setRange(4, 100_000)
        self.vertices.setValue(40)
        self.vertices.setKeyboardTracking(False)
        self.tolerance = _spin(0.001, 10_000.0, 0.5, 3, " km")
        self.auto_area = QCheckBox("automatic")
        self.auto_area.setChecked(True)
        self.min_area = _spin(0.0, 1e9, 0.0, 4, " km²")
        self.min_area.setEnabled(False)
        self.min_area.setToolTip("0 keeps every sliver and gap")
        area_row = QHBoxLayout()
        area_row.addWidget(self.auto_area)
        area_row.addWidget(self.min_area, 1)
        self.multipart = QComboBox()
        self.multipart.addItem("Each part becomes a region", "split")
        self.multipart.addItem("The largest part; exclaves join a neighbour", "largest")
        self.connect_box = QCheckBox("Connect neighbours (units move along connections)")
        self.connect_box.setChecked(True)
        simplify.addRow(self.by_vertices, self.vertices)
        simplify.addRow(self.by_tolerance, self.tolerance)
        simplify.addRow(self.keep_all)
        simplify.addRow("Merge slivers and gaps under:", area_row)
        simplify.addRow("Multi-part features:", self.multipart)
        simplify.addRow(self.connect_box)
        layout.addWidget(self.simplify_box)

        layout.addStretch(1)

        for combo in (
            self.points_as,
            self.lines_as,
            self.vp_as,
            self.projection,
            self.multipart,
            *self.combos.values(),
        ):
            combo.currentIndexChanged.connect(self._changed)
        for spin in (self.follow, self.scale, self.vertices, self.tolerance, self.min_area):
            spin.valueChanged.connect(self._changed)
        for box in (self.auto_scale, self.auto_area, self.connect_box):
            box.toggled.connect(self._changed)
        for line in (self.crs, self.other_crs, self.title):
            line.editingFinished.connect(self._changed)
        self.simplify_mode.buttonToggled.connect(self._toggled)
        self.target_group.buttonToggled.connect(self._toggled)
        self._update_enabled()

    # -- showing -----------------------------------------------------------------------------

    def set_layer(
        self,
        kind: str,
        fields: list[str],
        guessed: FieldMap,
        samples: dict[str, list[str]] | None = None,
    ) -> None:
        """Show the settings for a layer of ``kind`` (polygon, point, line) and its fields,
        each property picked as ``guessed`` and shown with its first values (``samples``)
        (signals held: no preview for this)."""
        samples = samples or {}
        self.blockSignals(True)
        try:
            self.kind = kind
            for key, combo in self.combos.items():
                combo.blockSignals(True)
                combo.clear()
                combo.addItem(NONE, "")
                for name in fields:
                    combo.addItem(field_text(name, samples.get(name, [])), name)
                chosen = getattr(guessed, key, None)
                combo.setCurrentIndex(max(0, combo.findData(chosen if chosen in fields else "")))
                combo.blockSignals(False)
            self._update_enabled()
        finally:
            self.blockSignals(False)

    def set_target(
        self,
        has_document: bool,
        projection: str | None,
        km: float | None,
        scenario_km: float | None = None,
    ) -> None:
        """What the import goes into: the scenario open (if any), its projection, and the
        scale it already has without one (``scenario_km``, from ``map.units_per_km``), which
        the automatic scale then keeps so that the import matches the map's other distances."""
        self.into_current.setEnabled(has_document)
        if not has_document:
            self.into_new.setChecked(True)
        self.has_projection = projection is not None and self.into_current.isChecked()
        into_current = self.into_current.isChecked() and not self.has_projection
        self.scenario_km = scenario_km if into_current else None
        if self.scenario_km and self.auto_scale.isChecked():
            self.scale.blockSignals(True)  # shown at once, before any preview says it
            self.scale.setValue(self.scenario_km)
            self.scale.blockSignals(False)
        self.auto_scale.setToolTip(
            f"The scenario's own scale, {self.scenario_km:g} km per map unit"
            if self.scenario_km
            else "From the data's size: 1 km per map unit for 100 to 10,000 km across"
        )
        if self.has_projection:
            self.projection_note.setText(
                f"The scenario lies on {projection}, {km:g} km per map unit: the import "
                "lands where its map already is."
            )
        self._update_enabled()

    def show_automatic(self, name: str | None, km: float | None, km2: float | None) -> None:
        """Name the automatic projection, and show the scale and the sliver threshold chosen
        from the data."""
        self.projection.setItemText(0, f"Automatic: {name}" if name else "Automatic")
        for box, spin, value in (
            (self.auto_scale, self.scale, km),
            (self.auto_area, self.min_area, km2),
        ):
            if value is not None and box.isChecked():
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)

    def _toggled(self, _button: QAbstractButton, checked: bool) -> None:
        if checked:
            self._changed()

    def _changed(self) -> None:
        self._update_enabled()
        self.changed.emit()

    def _update_enabled(self) -> None:
        regions, points, lines = (self.kind == k for k in ("polygon", "point", "line"))
        form = self.fields_form
        for key, combo in self.combos.items():
            wanted = (regions and key in REGION_FIELDS) or (points and key in POINT_FIELDS)
            form.setRowVisible(combo, wanted)
        form.setRowVisible(self.vp_as, regions or points)
        self.fields_box.setVisible(regions or points)
        become = self.become_box.layout()
        assert isinstance(become, QFormLayout)
        become.setRowVisible(self.become_label, regions)
        become.setRowVisible(self.points_as, points)
        become.setRowVisible(self.lines_as, lines)
        become.setRowVisible(self.follow, lines and self.lines_as.currentData() != "road")
        self.simplify_box.setVisible(regions)
        own = regions and not self.has_projection
        self.projection.setEnabled(own)
        self.other_crs.setVisible(own and self.projection.currentData() == OTHER)
        self.auto_scale.setEnabled(own)
        self.scale.setEnabled(own and not self.auto_scale.isChecked())
        self.projection_note.setVisible(self.has_projection or not regions)
        if not regions and not self.has_projection:
            self.projection_note.setText(
                "Towns and lines are placed on the scenario's own projection: import its "
                "regions from GIS data first."
            )
        self.vertices.setEnabled(self.by_vertices.isChecked())
        self.tolerance.setEnabled(self.by_tolerance.isChecked())
        self.min_area.setEnabled(not self.auto_area.isChecked())
        self.title.setEnabled(self.into_new.isChecked())
        self.target_box.setVisible(regions)

    # -- reading -----------------------------------------------------------------------------

    def field(self, key: str) -> str:
        """The property chosen for ``key``; ``""`` for none (which, unlike ``None``, is never
        replaced by a guess)."""
        return str(self.combos[key].currentData() or "")

    def new_scenario(self) -> bool:
        return self.kind == "polygon" and self.into_new.isChecked()

    def _scale(self, own: bool) -> float | None:
        """The scale asked for: the one typed, else the scenario's own (``None``: chosen
        from the data's size)."""
        if not own:
            return None
        return self.scenario_km if self.auto_scale.isChecked() else self.scale.value()

    def options(self, layer: str | None) -> ImportOptions:
        """The settings as import options."""
        fields = FieldMap(
            id=self.field("id"),
            name=self.field("name"),
            terrain=self.field("terrain"),
            owner=self.field("owner"),
            area=self.field("area"),
            vp=self.field("vp"),
            vp_as=self.vp_as.currentData(),
            kind=self.field("kind"),
        )
        own = self.kind == "polygon" and not self.has_projection
        projection = self.projection.currentData() if own else None
        if projection == OTHER:
            projection = self.other_crs.text().strip() or None
        return ImportOptions(
            layer=layer,
            crs=self.crs.text().strip() or None,
            projection=None if projection == "auto" else projection,
            km_per_unit=self._scale(own),
            simplify_km=self.tolerance.value() if self.by_tolerance.isChecked() else None,
            simplify_vertices=self.vertices.value() if self.by_vertices.isChecked() else None,
            min_area_km2=None if self.auto_area.isChecked() else self.min_area.value(),
            multipart=self.multipart.currentData(),
            fields=fields,
            connect=self.connect_box.isChecked(),
            points_as=self.points_as.currentData(),
            lines_as=self.lines_as.currentData() if self.kind == "line" else None,
            follow_km=self.follow.value(),
        )
