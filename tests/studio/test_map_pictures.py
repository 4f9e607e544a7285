"""Map pictures for rulebooks, forums and print (issue 17): PNG, SVG and PDF written by the
shared painter, opened again and checked; File ▸ Export map picture…; ``salient export-map``
with pictures. Offscreen; the real-window test drives the dialog
(tests/realwindow/test_studio_gis.py)."""

from __future__ import annotations

import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog, QPushButton

from editor.cli import main
from editor.shared import map_pictures
from editor.shared.map.drawing import anchor_of, outline_path
from editor.shared.map_pictures import PictureError, PictureSettings, export_picture
from editor.shared.preview import Look, km_per_unit, map_bounds
from editor.studio import picture_dialog as module
from editor.studio.picture_dialog import open_picture_dialog
from schemas.io import load_file
from schemas.scenario import Scenario

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    result = load_file(SAMPLE)
    assert result.scenario is not None
    return result.scenario


def texts_of_svg(path: Path) -> str:
    root = ET.parse(path).getroot()
    return " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))


def test_png_has_the_asked_size_records_its_resolution_and_shows_the_terrain(
    scenario: Scenario, tmp_path: Path, qapp
) -> None:
    settings = PictureSettings(Look(labels=False, symbols=False), width_px=800, dpi=96.0)
    path = export_picture(scenario, tmp_path / "map.png", settings)
    image = QImage(str(path))
    assert image.width() == 800
    bounds = map_bounds(scenario)
    # The height follows the map's shape (margins of 24 pixels; no scale bar asked).
    expected = (800 - 48) * bounds.height() / bounds.width() + 48
    assert abs(image.height() - expected) <= 1
    assert round(image.dotsPerMeterX() * 0.0254) == 96
    # A region's colour is its terrain's, where nothing is drawn over it.
    region = max(scenario.regions, key=lambda r: len(r.polygon.exterior))
    colour = next(t.color for t in scenario.terrain if t.id == region.terrain)
    scale = (800 - 48) / bounds.width()
    inside = anchor_of(region, "label", outline_path(region))
    # Just above the label anchor: no name, symbol or line there with labels and symbols off.
    point = QPointF(
        24 + (inside.x() - bounds.left()) * scale, 24 + (inside.y() - bounds.top()) * scale
    )
    seen = image.pixelColor(round(point.x()), round(point.y()))
    assert seen.name() == QColor(colour).name()


def test_print_resolution_scales_the_picture_not_the_map(
    scenario: Scenario, tmp_path: Path, qapp
) -> None:
    """180 mm at 300 dpi is 2,126 pixels; names and lines grow with the resolution, so the
    picture at 300 dpi looks like the one at 96 dpi, only sharper."""
    settings = PictureSettings(Look(), dpi=300.0, print_width_mm=180.0)
    image = QImage(str(export_picture(scenario, tmp_path / "print.png", settings)))
    assert image.width() == round(180 / 25.4 * 300)
    assert round(image.dotsPerMeterX() * 0.0254) == 300


def test_svg_holds_the_names_only_when_asked(scenario: Scenario, tmp_path: Path, qapp) -> None:
    named = export_picture(
        scenario, tmp_path / "named.svg", PictureSettings(Look(labels=True, scale_bar=True))
    )
    bare = export_picture(
        scenario, tmp_path / "bare.svg", PictureSettings(Look(labels=False, scale_bar=False))
    )
    root = ET.parse(named).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title").text == scenario.info.title
    biggest = max(scenario.regions, key=lambda r: len(r.polygon.exterior))
    assert biggest.name in texts_of_svg(named)
    assert not any(r.name in texts_of_svg(bare) for r in scenario.regions)
    assert "km" in texts_of_svg(named)  # the scale bar's length
    assert "km" not in texts_of_svg(bare)


def test_pdf_is_one_page_of_the_asked_paper_turned_to_suit_the_map(
    scenario: Scenario, tmp_path: Path, qapp
) -> None:
    path = export_picture(scenario, tmp_path / "map.pdf", PictureSettings(paper="a4"))
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    bounds = map_bounds(scenario)
    a4 = (595, 842) if bounds.height() > bounds.width() else (842, 595)
    assert (round(width), round(height)) == a4
    text = " ".join(page.extract_text().split())
    biggest = max(scenario.regions, key=lambda r: len(r.polygon.exterior))
    assert biggest.name in text
    assert reader.metadata.title == scenario.info.title

    fit = export_picture(
        scenario, tmp_path / "fit.pdf", PictureSettings(paper="fit", print_width_mm=150.0)
    )
    page = pypdf.PdfReader(fit).pages[0]
    assert float(page.mediabox.width) / 72 * 25.4 == pytest.approx(150.0, abs=0.5)


def test_a_picture_too_large_is_refused_before_anything_is_written(
    scenario: Scenario, tmp_path: Path, qapp
) -> None:
    with pytest.raises(PictureError, match="too large"):
        export_picture(
            scenario, tmp_path / "huge.png", PictureSettings(dpi=2400.0, print_width_mm=900.0)
        )
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(PictureError, match="not a picture file name"):
        export_picture(scenario, tmp_path / "map.jpeg")


def test_a_failed_export_leaves_the_old_picture_whole(
    scenario: Scenario, tmp_path: Path, qapp, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "map.png"
    export_picture(scenario, path, PictureSettings(width_px=300))
    before = path.read_bytes()

    def broken(*_args: object) -> bytes:
        raise PictureError("Qt could not write the picture")

    monkeypatch.setattr(map_pictures, "picture_bytes", broken)
    with pytest.raises(PictureError):
        export_picture(scenario, path, PictureSettings(width_px=600))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]  # no temporary file left


def test_no_scale_bar_room_when_the_scenario_has_no_scale(scenario: Scenario, qapp) -> None:
    unscaled = scenario.model_copy(
        update={"map": scenario.map.model_copy(update={"units_per_km": None, "projection": None})}
    )
    assert km_per_unit(unscaled) is None
    settings = PictureSettings(Look(scale_bar=True), width_px=500, dpi=96.0)
    with_bar, without = settings.pixels(scenario), settings.pixels(unscaled)
    assert with_bar.height() - without.height() == 22


def test_the_export_dialog_writes_the_chosen_format_and_remembers_it(
    window, tmp_path: Path, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out" / "rulebook.pdf"
    target.parent.mkdir()
    asked: list[str] = []

    def save_name(_parent, _title, start, _filter):
        asked.append(start)
        return str(target.with_suffix("")), ""  # the suffix is added for the person

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    dialog = open_picture_dialog(window)
    dialog.format.setCurrentIndex(dialog.format.findData("pdf"))
    assert dialog.paper.isEnabled() and not dialog.pixels.isEnabled()
    assert dialog.size_note.text().startswith("A page of ")
    dialog.labels.setChecked(False)
    dialog.export_button.click()
    assert asked and asked[0].endswith("vessa-crossing.pdf")
    qtbot.waitUntil(target.exists, timeout=20_000)  # drawn in a thread, then written
    assert dialog.written == target
    reader = pypdf.PdfReader(target)
    assert len(reader.pages) == 1
    assert not any(
        r.name in " ".join(reader.pages[0].extract_text().split())
        for r in window.document.scenario.regions
    )

    again = open_picture_dialog(window)
    assert again.format.currentData() == "pdf" and not again.labels.isChecked()
    again.reject()


def test_export_map_writes_pictures_from_the_command_line(tmp_path: Path, capsys) -> None:
    out = tmp_path / "pics"
    out.mkdir()
    code = main(
        [
            "export-map",
            str(SAMPLE),
            "--png",
            str(out / "m.png"),
            "--svg",
            str(out / "m.svg"),
            "--pdf",
            str(out / "m.pdf"),
            "--width",
            "640",
            "--no-labels",
        ]
    )
    assert code == 0, capsys.readouterr()
    assert QImage(str(out / "m.png")).width() == 640
    assert ET.parse(out / "m.svg").getroot().get("viewBox", "").startswith("0 0 640 ")
    assert len(pypdf.PdfReader(out / "m.pdf").pages) == 1
    assert main(["export-map", str(SAMPLE)]) != 0
    assert "--geojson, --png, --svg or --pdf" in capsys.readouterr().err


def test_a_picture_being_drawn_can_be_cancelled_and_nothing_is_written(
    window, tmp_path: Path, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The picture is drawn in a thread while a progress dialog offers Cancel; a cancelled
    picture is dropped when it arrives. (The test holds the drawing open.)"""
    release = threading.Event()
    real = module.picture_bytes

    def slow(*args: object) -> bytes:
        release.wait(20)
        return real(*args)

    monkeypatch.setattr(module, "picture_bytes", slow)
    target = tmp_path / "slow.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    dialog = open_picture_dialog(window)
    dialog.format.setCurrentIndex(dialog.format.findData("png"))
    dialog.export_button.click()
    progress = dialog.progress
    assert progress is not None and not dialog.export_button.isEnabled()
    qtbot.waitUntil(progress.isVisible, timeout=5_000)  # shown once it takes a while
    qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)
    assert dialog.size_note.text() == "Export cancelled: nothing was written."
    assert dialog.export_button.isEnabled() and dialog.isVisible()
    release.set()
    qtbot.wait(300)
    assert not target.exists()
    # Exporting again works.
    dialog.export_button.click()
    qtbot.waitUntil(target.exists, timeout=20_000)
