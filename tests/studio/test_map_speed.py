"""What keeps the map quick on large maps does not change what people see (issue 10): an
edit redraws what it changed and nothing else, and what is put off is there when needed.
(How quick is measured in benchmarks/studio_edits.py; tests never assert a time.)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage

from editor.studio.document import ScenarioDocument
from editor.studio.map.scene import MapScene
from editor.studio.map.view import MapView
from schemas.generator import generate_scenario


@pytest.fixture
def shown(qtbot) -> Iterator[tuple[ScenarioDocument, MapScene, MapView]]:
    document = ScenarioDocument(generate_scenario(300, 4))
    scene = MapScene(document)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    view.zoom_to_fit()
    yield document, scene, view
    document.undo_stack.clear()  # see tests/studio/test_validation_runner.py


def draw(view: MapView) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    view.viewport().render(image, QPoint())
    return image


def test_a_cost_in_the_terrain_table_redraws_no_region_and_a_colour_its_own(shown) -> None:
    document, scene, view = shown
    common = Counter(r.terrain for r in document.scenario.regions).most_common(1)[0][0]
    terrain = document.get("terrain", common)
    draw(view)
    renders = scene.picture.renders
    fills = {i: item.fill.name() for i, item in scene.region_looks.items()}

    document.replace("terrain", terrain.model_copy(update={"movement_cost": 7}))
    draw(view)
    assert scene.picture.renders == renders, "nothing drawn changed: the picture stays"
    assert {i: item.fill.name() for i, item in scene.region_looks.items()} == fills

    document.replace("terrain", terrain.model_copy(update={"color": "#123456"}))
    draw(view)
    assert scene.picture.renders == renders + 1
    mine = {r.id for r in document.scenario.regions if r.terrain == common}
    for region_id, item in scene.region_looks.items():
        expected = "#123456" if region_id in mine else fills[region_id]
        assert item.fill.name() == expected

    document.undo_stack.undo()
    document.undo_stack.undo()
    assert {i: item.fill.name() for i, item in scene.region_looks.items()} == fills
    assert all(QColor(f).isValid() for f in fills.values())
