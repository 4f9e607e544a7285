"""Names and files a scenario leads to: folder names derived from its file name stay inside
their folder, and the images it names are read only from its own folder (issue 16, items 9
and 11)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from schemas.assets import ImageRefused, image_problem, read_image
from schemas.filenames import safe_name


@pytest.mark.parametrize(
    "name",
    [
        "...json",
        "..",
        ".",
        "",
        ".json",
        "../../etc/passwd",
        "a/b\\c.json",
        "CON.json",
        "nul",
        "tab\tand\nnewline.json",
        ".hidden.json",
        "\ud800.json",
        "x" * 400 + ".json",
    ],
)
def test_a_derived_name_is_one_plain_component(name: str, tmp_path: Path) -> None:
    safe = safe_name(name)
    assert safe and safe not in (".", "..")
    assert "/" not in safe and "\\" not in safe and not safe.startswith(".")
    assert len(safe.encode("utf-8")) <= 255
    folder = tmp_path / "autosave" / safe
    folder.mkdir(parents=True)
    assert folder.resolve().parent == (tmp_path / "autosave").resolve()


def test_plain_names_are_kept_and_different_names_stay_different() -> None:
    assert safe_name("vessa-crossing.json") == "vessa-crossing"
    assert safe_name("/home/me/Winter War 1939.json") == "Winter War 1939"
    names = ["a b.json", "a_b.json", "a?b.json", "a*b.json", "...json", "..", ".json"]
    assert (
        len({safe_name(n) for n in names}) == len(set(names)) - 1
    )  # "...json" and ".." share the stem ".."
    assert safe_name("a?b.json") == safe_name("a?b.json")  # stable


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "scenario" / "art").mkdir(parents=True)
    (tmp_path / "scenario" / "art" / "flag.png").write_bytes(b"PNG")
    (tmp_path / "secret.txt").write_text("not for scenarios")
    return tmp_path / "scenario"


def test_only_regular_files_inside_the_folder_are_read(folder: Path) -> None:
    os.mkfifo(folder / "pipe.png")
    (folder / "escape.png").symlink_to(folder.parent / "secret.txt")
    (folder / "inside.png").symlink_to(folder / "art" / "flag.png")
    assert image_problem(folder, "art/flag.png") is None
    assert image_problem(folder, "inside.png") is None  # a link that stays inside
    assert image_problem(folder, "") is None  # no image
    outside = ["../secret.txt", "/etc/passwd", "/dev/stdin", "escape.png", "art/../../x.png"]
    for path in outside:
        refusal = image_problem(folder, path)
        assert refusal is not None and refusal.code == "image-outside-folder", path
    for path in ("pipe.png", "art", "missing.png"):
        refusal = image_problem(folder, path)
        assert refusal is not None and refusal.code == "image-not-a-file", path


def test_a_mod_package_is_trusted_like_the_folder(folder: Path, tmp_path: Path) -> None:
    package = tmp_path / "mod"
    package.mkdir()
    (package / "unit.png").write_bytes(b"PNG")
    assert image_problem(folder, "../mod/unit.png") is not None
    assert image_problem(folder, "../mod/unit.png", [package]) is None


def test_reading_an_image_never_blocks_and_is_capped(folder: Path) -> None:
    assert read_image(folder, "art/flag.png") == b"PNG"
    os.mkfifo(folder / "pipe.png")
    with pytest.raises(ImageRefused) as refused:
        read_image(folder, "pipe.png")  # would wait for a writer if it were opened
    assert refused.value.code == "image-not-a-file"
    with pytest.raises(ImageRefused) as refused:
        read_image(folder, "art/flag.png", max_bytes=2)
    assert refused.value.code == "image-too-large"
    with pytest.raises(ImageRefused):
        read_image(folder, "/dev/stdin")


def test_an_image_over_the_size_cap_is_refused_without_reading_it(folder: Path) -> None:
    with (folder / "art" / "huge.png").open("wb") as handle:
        handle.truncate(65 * 1024 * 1024)  # sparse: nothing is written
    refusal = image_problem(folder, "art/huge.png")
    assert refusal is not None and refusal.code == "image-too-large"
