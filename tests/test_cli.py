"""The ``salient`` command: exit codes, reports a person or a program can read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from editor.cli import main
from schemas import dumps, load_text
from tests.factory import base


@pytest.fixture
def good_file(tmp_path: Path) -> Path:
    path = tmp_path / "good.json"
    path.write_text(dumps(load_text(json.dumps(base())).scenario))
    return path


@pytest.fixture
def bad_file(tmp_path: Path) -> Path:
    raw = base()
    raw["units"][0]["type"] = "tanks"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw, indent=2))
    return path


def test_validate_clean_file(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(good_file)]) == 0
    assert capsys.readouterr().out == f"{good_file}: ok\n"


def test_validate_reports_file_line_column(
    bad_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(bad_file)]) == 1
    first, summary = capsys.readouterr().out.splitlines()
    location, rest = first.split(": error ", 1)
    name, line, _column = location.rsplit(":", 2)
    assert name == str(bad_file)
    assert bad_file.read_text().splitlines()[int(line) - 1].strip() == '"type": "tanks",'
    assert rest.startswith("[unknown-reference] /units/0/type (red-inf-1): ")
    assert "did you mean 'tank'" in rest
    assert summary == f"{bad_file}: 1 error"


def test_warnings_alone_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = base()
    raw["regions"][0]["anchors"] = {"label": [900, 900]}
    path = tmp_path / "warn.json"
    path.write_text(json.dumps(raw))
    assert main(["validate", str(path)]) == 0
    assert "1 warning" in capsys.readouterr().out


def test_unparsable_file_has_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "schema_version": 1\n  "info": {}\n}\n')
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:3:3: error [json-syntax]")


def test_missing_file_is_a_usage_error(
    good_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(good_file), str(tmp_path / "nope.json")]) == 2
    captured = capsys.readouterr()
    assert "cannot read" in captured.err and "nope.json" in captured.err
    assert f"{good_file}: ok" in captured.out


def test_bad_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["validate", "--frobnicate", "x.json"])
    assert caught.value.code == 2


def test_json_report(good_file: Path, bad_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", str(good_file), str(bad_file)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["errors"], report["warnings"]) == (1, 0)
    good, bad = report["files"]
    assert good == {
        "file": str(good_file),
        "loaded": True,
        "errors": 0,
        "warnings": 0,
        "issues": [],
    }
    (issue,) = bad["issues"]
    assert issue["code"] == "unknown-reference"
    assert issue["path"] == "/units/0/type"
    assert issue["entity"] == "red-inf-1"
    assert issue["severity"] == "error"
    assert isinstance(issue["line"], int) and isinstance(issue["column"], int)


def test_schema_command_writes_a_usable_schema(good_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "schema.json"
    assert main(["schema", "-o", str(out)]) == 0
    schema = json.loads(out.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert list(validator.iter_errors(json.loads(good_file.read_text()))) == []


def test_schema_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"].startswith("Salient scenario")


def test_console_script_never_shows_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    salient = Path(sys.executable).with_name("salient")
    done = subprocess.run(
        [str(salient), "validate", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert "[file-encoding]" in done.stdout


def test_generate_writes_a_clean_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gen.json"
    assert main(["generate", "--regions", "40", "--seed", "5", "-o", str(out)]) == 0
    assert "40 regions" in capsys.readouterr().out
    assert main(["validate", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: ok\n"
    from schemas.jsonschema import scenario_json_schema

    validator = jsonschema.Draft202012Validator(scenario_json_schema())
    assert list(validator.iter_errors(json.loads(out.read_text()))) == []


def test_generate_refuses_a_tiny_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--regions", "3", "-o", str(tmp_path / "x.json")]) == 2
    assert "regions" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_plain_salient_opens_the_studio_on_its_start_up_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import editor.studio.app

    opened: list[tuple[Path, Path | None]] = []
    monkeypatch.setattr(
        editor.studio.app,
        "run_studio",
        lambda path, screenshot=None: opened.append((path, screenshot)) or 0,
    )
    assert main([]) == 0
    assert opened == [(None, None)]
    assert main(["edit"]) == 0
    assert opened[-1] == (None, None)


def test_edit_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edit", str(tmp_path / "nowhere.json")]) == 2
    assert "nowhere.json" in capsys.readouterr().err


SAMPLE = Path(__file__).resolve().parent.parent / "sample_scenarios" / "vessa-crossing.json"


def test_play_headless_reports_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(SAMPLE), "--headless", "--ai", "all", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Crossing the Vessa (seed 3): ")
    assert out[1].startswith("VP: dravan ")
    assert out[2].startswith("turns played: ")
    assert out[3].startswith("units lost: ")


def test_play_json_and_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    args = ["play", str(SAMPLE), "--headless", "--seed", "3", "--json", "--log", str(log)]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["finished"] and summary["result"] in ("win", "draw")
    assert set(summary) >= {"winner", "vp", "turns_played", "battles", "units_lost"}
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["type"] == "game_start" and records[-1]["type"] == "game_over"
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == summary


def test_play_stops_after_some_turns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(SAMPLE), "--headless", "--seed", "3", "--turns", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["result"], summary["finished"], summary["turns_played"]) == (
        "stopped",
        False,
        2,
    )
    assert summary["reason"] == "stopped after 2 turns"


def test_play_headless_at_an_ai_level(capsys: pytest.CaptureFixture[str]) -> None:
    """``--ai-level`` picks the player: the timid level fights fewer battles on this seed than
    the default, and naming the default plays the default's very game."""
    shown = {}
    for level in (None, "baseline", "easy"):
        args = ["play", str(SAMPLE), "--headless", "--seed", "3", "--json"]
        assert main(args + (["--ai-level", level] if level else [])) == 0
        shown[level] = json.loads(capsys.readouterr().out)
    assert shown[None] == shown["baseline"]
    assert shown["easy"]["battles"] < shown["baseline"]["battles"]


@pytest.mark.parametrize(
    "args",
    [
        ["play", "missing.json", "--headless"],
        ["play", str(SAMPLE), "--turns", "2"],
        ["play", str(SAMPLE), "--headless", "--screenshot", "out.png"],
        ["play", str(SAMPLE), "--headless", "--ai", "dravan"],
        ["play", str(SAMPLE), "--headless", "--ai", "nobody"],
        ["play", str(SAMPLE), "--headless", "--turns", "0"],
        ["play", str(SAMPLE), "--headless", "--ai-level", "grandmaster"],
        ["play", str(SAMPLE), "--ai-level", "easy"],
    ],
)
def test_play_usage_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err.startswith("salient: ")


def test_play_refuses_a_broken_scenario(bad_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(bad_file), "--headless"]) == 1
    assert "unknown-reference" in capsys.readouterr().err


def test_play_screenshot_renders_the_game_view_and_exits(tmp_path: Path) -> None:
    """The command a person runs: a process of its own, offscreen, that ends by itself."""
    from PySide6.QtGui import QImage

    from editor.game.window import WINDOW_SIZE

    image = tmp_path / "game.png"
    salient = Path(sys.executable).with_name("salient")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "SALIENT_STATE_DIR": str(tmp_path / "state"),
    }
    args = [str(salient), "play", str(SAMPLE), "--ai", "arvel", "--screenshot", str(image)]
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    picture = QImage(str(image))
    assert (picture.width(), picture.height()) == WINDOW_SIZE
    # Not a blank window: the map's many colours are there.
    colours = {
        picture.pixel(x, y) for x in range(0, picture.width(), 25) for y in range(60, 900, 25)
    }
    assert len(colours) > 40
    assert not list(tmp_path.rglob("*.json"))  # a picture leaves no saved game behind


def test_a_missing_x11_library_is_named_in_one_line_before_qt_aborts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Qt's xcb plugin aborts the process (exit 134) when a system library is missing;
    salient says which one and how to install it instead, and exits with 1."""
    from editor.shared import platform_check

    icccm = next(lib for lib in platform_check.LIBRARIES if lib.soname == "libxcb-icccm.so.4")
    monkeypatch.setattr(platform_check, "missing_libraries", lambda: [icccm])
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":1234")
    monkeypatch.setattr(sys, "platform", "linux")
    assert main([]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert "libxcb-icccm.so.4" in err
    assert "sudo apt install libxcb-icccm4" in err
    assert "sudo dnf install xcb-util-wm" in err


def test_the_library_check_finds_a_library_the_loader_cannot_load() -> None:
    from editor.shared import platform_check

    def loader(name: str) -> None:
        if name == "libxcb-cursor.so.0":
            raise OSError(f"{name}: cannot open shared object file")

    missing = platform_check.missing_libraries(loader)
    assert [lib.debian for lib in missing] == ["libxcb-cursor0"]


def test_no_display_is_reported_instead_of_a_qt_abort(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["edit"]) == 1
    assert "DISPLAY" in capsys.readouterr().err


def test_salient_file_opens_the_file_in_the_studio(monkeypatch: pytest.MonkeyPatch) -> None:
    import editor.studio.app

    opened: list[tuple[Path, Path | None]] = []
    monkeypatch.setattr(
        editor.studio.app,
        "run_studio",
        lambda path, screenshot=None: opened.append((path, screenshot)) or 0,
    )
    assert main([str(SAMPLE)]) == 0
    assert opened == [(SAMPLE, None)]


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    """`salient diff A B | head` whose reader has gone: no "internal error", SIGPIPE's status."""
    root = Path(__file__).resolve().parents[1]
    before, after = (
        root / "sample_scenarios" / "winter-war.json",
        root / "sample_scenarios" / "north-africa.json",
    )
    child = subprocess.Popen(
        [sys.executable, "-m", "editor.cli", "diff", str(before), str(after)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader leaves before a line is written
    errors = child.stderr.read().decode()
    assert child.wait(timeout=120) == 141
    assert "internal error" not in errors and "Traceback" not in errors, errors


def test_every_commands_help_reads_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    """A person reads each command's --help: no doubled percent signs or format fields left
    from argparse's escaping (argparse formats option help, not descriptions)."""
    from editor.cli import _command_names, _parser

    parser = _parser()
    names = sorted(_command_names(parser))
    assert "duel" in names
    for name in names:
        with pytest.raises(SystemExit):
            main([name, "--help"])
        text = capsys.readouterr().out
        assert "%%" not in text, name
        assert "%(" not in text, name
