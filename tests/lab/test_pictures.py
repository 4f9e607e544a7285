"""The balance report's charts and page: every chart is drawn when there is something to show,
none when there is not, and the page stands alone (pictures inside, text escaped)."""

from __future__ import annotations

from pathlib import Path

from editor.studio.lab.charts import CHARTS, render_all
from editor.studio.lab.page import balance_page, comparison_page
from engine.lab.report import build_report, compare
from tests.lab.test_report import SCENARIO, game

PNG = b"\x89PNG\r\n\x1a\n"


def _report(games: list[dict]) -> dict:
    return build_report(
        SCENARIO, games, fingerprint="f", engine="e", levels="baseline", requested=10
    )


def _lively() -> list[dict]:
    card = next(c for c in SCENARIO.cards if c.side == "arvel")
    rule = SCENARIO.victory.sudden_death[0]
    return [
        game(
            1,
            "arvel",
            captures=[[2, "tarrow", "arvel"], [4, "kessel", "dravan"]],
            cards=[[3, "arvel", card.id]],
            losses={"dravan": {"rifle-division": 2}, "arvel": {"armoured-brigade": 1}},
            vp_by_turn=[{"dravan": 0, "arvel": t, "hesk": 0} for t in range(1, 11)],
        ),
        game(2, rule.side, ending={"kind": "sudden_death", "detail": rule.id}, turns=6),
        game(3, None, choices=[[1, "some-event", "Wait <and> see", "arvel"]]),
    ]


def test_every_chart_is_drawn_as_a_png_with_the_capture_map(qapp) -> None:
    charts = render_all(_report(_lively()), SCENARIO)
    assert set(charts) == set(CHARTS) | {"capture_map"}
    for name, png in charts.items():
        assert png.startswith(PNG), name
        assert len(png) > 2000, name  # a picture, not an empty canvas


def test_charts_with_nothing_to_show_are_left_out(qapp) -> None:
    charts = render_all(_report([game(1, "arvel"), game(2, "dravan")]), SCENARIO)
    assert {"captures", "capture_map", "cards", "losses"}.isdisjoint(charts)
    assert {"results", "vp", "length", "endings"} <= set(charts)


def test_the_page_holds_its_pictures_and_escapes_the_scenarios_text(qapp) -> None:
    report = _report(_lively())
    page = balance_page(report, render_all(report, SCENARIO))
    assert page.count('src="data:image/png;base64,') == len(CHARTS) + 1
    assert "Wait &lt;and&gt; see" in page and "Wait <and> see" not in page
    assert "Games to watch again" in page and "salient play FILE --seed N" in page


def test_a_page_of_no_game_says_so() -> None:
    page = balance_page(_report([]), {})
    assert "No game has been played yet" in page and "<img" not in page


def test_the_comparison_page_gives_a_verdict_per_side() -> None:
    before = _report([game(s, "arvel" if s < 80 else "dravan") for s in range(100)])
    after = _report([game(s, "arvel" if s < 50 else "dravan") for s in range(100)])
    page = comparison_page(compare(before, after))
    assert page.count("moved beyond noise") == 2 and "100 seeds" in page


def test_the_capture_maps_names_never_cover_each_other(qapp) -> None:
    """North Africa's busiest regions lie close together (the figures of its 200-game page:
    Tobruk, Gazala, El Adem and Mechili within a few pixels): each name is placed clear of
    those placed before it, the busiest at its own spot."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont, QFontMetricsF

    from editor.shared.preview import Look, picture_transform, render_map
    from editor.studio.lab.capture_map import NAMED, WIDTH, name_boxes
    from schemas.io import load_file

    root = Path(__file__).resolve().parents[2]
    scenario = load_file(root / "sample_scenarios" / "north-africa.json").scenario
    assert scenario is not None
    figures = {
        "Bir Tengeder": 6.9, "Tobruk": 4.9, "Bir el Gubi": 3.6, "Gazala": 3.3, "Ben Gania": 3.3,
        "Antelat": 3.0, "Agedabia": 2.9, "Bir Khalda": 2.7, "Beda Fomm": 2.6,
        "Wadi el Faregh": 2.6, "El Adem": 2.4, "Mechili": 2.3,
    }  # fmt: skip
    per_game = {r.id: figures[r.name] for r in scenario.regions if r.name in figures}
    assert len(per_game) == len(figures)
    look = Look(labels=False, symbols=False)
    image = render_map(scenario, WIDTH, look=look)
    frame = QRectF(0, 0, image.width(), image.height())
    to_device = picture_transform(scenario, frame, look)
    font = QFont("DejaVu Sans")
    font.setPointSizeF(8.5)
    placed = name_boxes(scenario, per_game, to_device, QFontMetricsF(font))
    assert len(placed) == NAMED  # each found a free place nearby
    assert placed[0][1] == "Bir Tengeder 6.9"
    for i, (box, _text) in enumerate(placed):
        assert not any(box.intersects(other) for other, _t in placed[:i])
