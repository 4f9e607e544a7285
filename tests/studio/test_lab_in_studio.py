"""The balance lab and the battle odds in the studio: a run plays in the background and shows
its report, Cancel keeps the games played, a game of the table opens in the game view at its
seed, the capture heatmap goes on the map and off it, and the odds follow the forces."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from editor.studio.lab.heat_layer import heat_of
from engine.lab.cache import GameCache
from tests.studio.lab_helpers import local_lab


def _finished(qtbot, lab, timeout: int = 120_000) -> None:
    qtbot.waitUntil(lambda: not lab.running, timeout=timeout)


def test_a_small_run_plays_in_the_background_and_shows_its_report(
    qtbot, window, tmp_path: Path
) -> None:
    lab = local_lab(window, tmp_path / "games", games=4)
    seen: list[int] = []
    lab.run_button.click()
    # Run returns at once: the games are played while the studio's events go on.
    assert lab.running and not lab.run_button.isEnabled() and lab.cancel_button.isEnabled()
    lab.run_thread.progressed.connect(lambda p: seen.append(p.done))
    _finished(qtbot, lab)
    report = lab.report
    assert report is not None and report["played"] == 4
    assert [g["seed"] for g in report["games"]] == [1, 2, 3, 4]
    assert seen and seen[-1] == 4
    assert "4 games of 4 asked for" in lab.summary.text.text()
    assert {"results", "vp", "length", "endings"} <= set(lab.charts.plots)
    assert lab.table.rowCount() == 4
    assert sorted(lab.table.seed_at(r) for r in range(4)) == [1, 2, 3, 4]
    # Captures were made in these games: their heatmap is on the studio's map.
    assert report["captures"]["per_game"]
    layer = heat_of(window.scene)
    assert layer is not None and lab.heat_box.isChecked()
    region = max(report["captures"]["per_game"], key=report["captures"]["per_game"].get)
    assert layer.colour_of(region) is not None
    assert window.heat_action.isEnabled() and window.heat_action.isChecked()
    # The View menu's entry takes it off and puts it back.
    window.heat_action.trigger()
    assert heat_of(window.scene) is None and not lab.heat_box.isChecked()
    window.heat_action.trigger()
    assert heat_of(window.scene) is not None
    lab.close()
    assert heat_of(window.scene) is None and not window.heat_action.isEnabled()


def test_cancel_keeps_the_finished_games_and_a_rerun_plays_only_the_rest(
    qtbot, window, tmp_path: Path
) -> None:
    folder = tmp_path / "games"
    lab = local_lab(window, folder, games=60)
    lab.run_button.click()
    qtbot.waitUntil(lambda: lab.progress.value() >= 2, timeout=120_000)
    lab.cancel_button.click()
    _finished(qtbot, lab)
    played = lab.report["played"]
    assert 2 <= played < 60
    assert lab.status.text().startswith(f"Stopped: {played} of 60 games")
    keys = [lab.report["scenario"]["fingerprint"]]
    assert len(GameCache(folder)._load()) == played and keys
    first: list = []
    lab.games.setValue(played)
    lab.run_button.click()
    lab.run_thread.progressed.connect(lambda p: first.append(p) if not first else None)
    _finished(qtbot, lab)
    assert lab.report["played"] == played
    assert lab.status.text().startswith(f"{played} of {played} games played")
    # Every game came from the cache: nothing was played again.
    assert lab.progress.value() == played


def test_an_edit_takes_the_heatmap_off_and_the_next_run_is_compared(
    qtbot, window, tmp_path: Path
) -> None:
    lab = local_lab(window, tmp_path / "games", games=4)
    lab.run_button.click()
    _finished(qtbot, lab)
    assert heat_of(window.scene) is not None
    document = window.document
    region = document.scenario.regions[0]
    document.set_field("regions", region.id, ("name",), region.name + " (edited)")
    assert heat_of(window.scene) is None and not lab.heat_box.isEnabled()
    assert "changed since this run" in lab.status.text()
    lab.run_button.click()
    _finished(qtbot, lab)
    assert lab.comparison is not None and lab.comparison["seeds"] == 4
    assert "Compared with the last run" in lab.summary.text.text()
    assert heat_of(window.scene) is not None
    # More games of the edited version: still compared with the version before the edit,
    # and the heatmap shows the new run's shades.
    shades = heat_of(window.scene).per_game
    lab.games.setValue(6)
    lab.run_button.click()
    _finished(qtbot, lab)
    assert lab.comparison is not None and lab.comparison["seeds"] == 4
    assert heat_of(window.scene).per_game == lab.report["captures"]["per_game"]
    assert lab.report["played"] == 6 and shades is not None


def test_double_clicking_a_game_opens_it_in_the_game_view_at_its_seed(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    import editor.studio.play as play

    opened: list[tuple] = []

    def watch_game(scenario, seed, level, stem, **options):
        opened.append((scenario, seed, level, stem))
        return

    monkeypatch.setattr(play, "watch_game", watch_game)
    lab = local_lab(window, tmp_path / "games", games=3)
    lab.level.setCurrentIndex(lab.level.findData("easy"))
    lab.run_button.click()
    _finished(qtbot, lab)
    table = lab.table
    lab.tabs.setCurrentWidget(table)
    row = next(r for r in range(table.rowCount()) if table.seed_at(r) == 2)
    rect = table.visualRect(table.model().index(row, 1))
    # As a person double-clicks: a press and release, then the second press.
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=rect.center(),
    )
    assert len(opened) == 1
    scenario, seed, level, stem = opened[0]
    assert (seed, level, stem) == (2, "easy", "vessa-crossing")
    assert scenario is lab.scenario


def test_the_lab_refuses_a_scenario_with_errors(qtbot, window, tmp_path: Path) -> None:
    document = window.document
    region = document.scenario.regions[0]
    document.set_field("regions", region.id, ("terrain",), "no-such-terrain")
    lab = local_lab(window, tmp_path / "games", games=2)
    lab.run_button.click()
    assert not lab.running
    assert "error" in lab.status.text() and "without errors" in lab.status.text()


# -- battle odds -------------------------------------------------------------------------------


def _odds(qtbot, window):
    from editor.studio.lab.odds_window import BattleOdds

    window.findChild(type(window.actions()[0]), "battle-odds-action").trigger()
    odds = window.findChild(BattleOdds, "battle-odds")
    assert odds is not None and odds.isVisible()
    return odds


def test_the_odds_start_from_the_stacks_and_follow_an_added_unit(qtbot, window) -> None:
    odds = _odds(qtbot, window)
    with qtbot.waitSignal(odds.updated, timeout=30_000):
        window.document.select("regions", ["tarrow"])
    assert odds.region.currentData() == "tarrow"
    assert odds.defender_side.currentData() == "dravan"
    assert odds.attacker_side.currentData() == "arvel"
    # Arvel has nobody in Tarrow: its largest neighbouring force attacks, from there.
    assert [e.id for e in odds.forces[0].entries] == [
        "ar-2-rifles",
        "ar-4-rifles",
        "ar-1-artillery",
        "ar-north-hq",
        "vane",
    ]
    assert odds.came_from.currentData() == "harl-uplands"
    assert "dr-5-rifles" in [e.id for e in odds.forces[1].entries]
    before = odds.result
    assert isinstance(before, dict) and before["runs"] == 1000
    with qtbot.waitSignal(odds.updated, timeout=30_000):
        odds.add_unit(0, "armoured-brigade", 4)
    after = odds.result
    assert isinstance(after, dict)
    assert after["attacker_win"] > before["attacker_win"]
    assert odds.forces[0].entries[-1].count == 4
    assert f"{after['attacker_win']:.1%}" in odds.text.text()
    # Taking everyone out of a force says what is missing instead of fighting.
    odds.forces[1].table.selectAll()
    with qtbot.waitSignal(odds.updated, timeout=30_000):
        odds.forces[1].remove_selected()
    assert odds.result == "Add units to the defending force."


def test_another_file_opened_in_the_studio_takes_the_heatmap_off(
    qtbot, window, tmp_path: Path, sample_path: Path
) -> None:
    import shutil

    lab = local_lab(window, tmp_path / "games", games=2)
    lab.run_button.click()
    _finished(qtbot, lab)
    assert lab.heat_box.isChecked() and window.heat_action.isEnabled()
    other = tmp_path / "other.json"
    shutil.copy(sample_path, other)
    odds = _odds(qtbot, window)
    assert window.files.open_path(other, ask=False)
    assert not lab.heat_box.isEnabled() and not window.heat_action.isEnabled()
    assert heat_of(window.scene) is None
    assert "Another scenario is open" in lab.status.text()
    # The calculator follows the new document's selection.
    assert odds.document is window.document
    with qtbot.waitSignal(odds.updated, timeout=30_000):
        window.document.select("regions", ["gellan-heights"])
    assert odds.region.currentData() == "gellan-heights"
