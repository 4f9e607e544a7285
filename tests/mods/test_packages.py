"""Mod packages: made, checked and installed; every hostile package refused with a clear
message and nothing written outside a temporary folder."""

from __future__ import annotations

import io
import json
import os
import struct
import warnings
import zipfile
import zlib
from pathlib import Path

import pytest

from editor.cli import main
from schemas import dumps
from schemas.mods import package as package_module
from schemas.mods.load import dumps_mod
from schemas.mods.make import make_mod
from schemas.mods.package import PackageRefused, read_package
from schemas.mods.packing import install, pack
from tests.mods.helpers import Raw, edited, grid, item


def _mod_text(flag: str | None = None) -> str:
    base = grid()

    def change(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 3
        if flag is not None:
            item(raw, "sides", "red")["flag"] = flag

    return dumps_mod(make_mod(base, edited(base, change), mod_id="m", name="M", base_id="grid"))


def _manifest(mods: list[str] | None = None) -> str:
    mod = json.loads(_mod_text())
    return json.dumps(
        {
            "schema_version": 1,
            "id": "forests",
            "name": "Deep Forests",
            "version": "1.2",
            "author": "A. Modder",
            "licence": "CC-BY-4.0",
            "base": mod["base"],
            "mods": mods or ["mods/forest.salient-mod.json"],
        }
    )


def _png(width: int, height: int) -> bytes:
    """A PNG header claiming a size (no need to build the pixels to be measured)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def _zip(entries: list[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries:
                archive.writestr(name, data)
    return buffer.getvalue()


def _good_entries() -> list[tuple[str | zipfile.ZipInfo, bytes]]:
    return [
        ("manifest.json", _manifest().encode()),
        ("mods/forest.salient-mod.json", _mod_text().encode()),
        ("README.md", b"Deep forests for the test grid.\n"),
    ]


def _link(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.external_attr = (0o120777 << 16) & 0xFFFFFFFF
    return info


def _encrypted(entries: list[tuple[str | zipfile.ZipInfo, bytes]], name: str) -> bytes:
    """A zip whose entry ``name`` is marked encrypted (zipfile cannot write one)."""
    archive = bytearray(_zip([*entries, (name, b"{}")]))
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = archive.rfind(signature)
        flags = struct.unpack_from("<H", archive, at + offset)[0]
        struct.pack_into("<H", archive, at + offset, flags | 0x1)
    return bytes(archive)


def _lying(data: bytes, name: str, claimed: int) -> bytes:
    """A zip whose table of contents claims ``claimed`` bytes for an entry holding more."""
    archive = _zip([(name, data)])
    at = archive.rfind(b"PK\x01\x02")
    # central directory header: the uncompressed size is at offset 24
    return archive[: at + 24] + struct.pack("<I", claimed) + archive[at + 28 :]


HOSTILE = {
    "parent": ([("../evil.json", b"{}")], "package-unsafe-path", "climbs out of the package"),
    "nested-parent": ([("mods/../../evil.json", b"{}")], "package-unsafe-path", "'..'"),
    "absolute": ([("/etc/evil.json", b"{}")], "package-unsafe-path", "absolute path"),
    "drive": ([("C:/evil.json", b"{}")], "package-unsafe-path", "absolute path"),
    "backslash": ([("mods\\..\\evil.json", b"{}")], "package-unsafe-path", "backslashes"),
    "link": ([(_link("mods/link.json"), b"/etc/passwd")], "package-link", "is a link"),
    "duplicate": (
        [("mods/a.json", b"{}"), ("mods/A.json", b"{}")],
        "package-duplicate",
        "same name as 'mods/a.json'",
    ),
    "code": ([("plugin.py", b"import os")], "package-not-data", "data only"),
    "library": ([("lib/evil.so", b"\x7fELF")], "package-not-data", "data only"),
    "executable": ([("run", b"#!/bin/sh")], "package-not-data", "data only"),
    "ratio": ([("bomb.json", b" " * (4 * 2**20))], "package-ratio", "times its compressed size"),
    "huge-image": ([("flag.png", _png(20_000, 10_000))], "package-image", "megapixels"),
    "fake-image": (
        [("flag.png", b"not a picture at all")],
        "package-image",
        "not a readable image",
    ),
    "no-manifest": ([("README.md", b"hi")], "package-manifest", "no manifest.json"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_packages_are_refused_and_nothing_is_written(case: str, tmp_path: Path) -> None:
    entries, code, words = HOSTILE[case]
    packed = tmp_path / "downloads" / "evil.salient-pack"
    packed.parent.mkdir()
    packed.write_bytes(_zip([*(_good_entries() if case != "no-manifest" else []), *entries]))
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(PackageRefused) as refused:
        read_package(packed)
    assert any(i.code == code and words in i.message for i in refused.value.issues), (
        refused.value.issues
    )
    target = tmp_path / "installed"
    with pytest.raises(PackageRefused):
        install(packed, target)
    assert list(target.iterdir()) == []  # the temporary folder is gone too
    assert sorted(p for p in tmp_path.rglob("*") if p != target) == before


def test_encrypted_entries(tmp_path: Path) -> None:
    with pytest.raises(PackageRefused) as refused:
        read_package(io.BytesIO(_encrypted(_good_entries(), "secret.json")))
    assert [i.code for i in refused.value.issues] == ["package-encrypted"]


def test_more_than_ten_thousand_entries(tmp_path: Path) -> None:
    entries = [(f"t/{n}.txt", b"") for n in range(10_001)]
    with pytest.raises(PackageRefused) as refused:
        read_package(io.BytesIO(_zip(entries)))
    assert [i.code for i in refused.value.issues] == ["package-too-many"]
    assert "10,001 entries" in refused.value.issues[0].message


def test_total_expansion_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert package_module.MAX_TOTAL == 512 * 2**20
    monkeypatch.setattr(package_module, "MAX_TOTAL", 2**20)
    entries = [*_good_entries(), ("a.txt", os.urandom(600_000)), ("b.txt", os.urandom(600_000))]
    with pytest.raises(PackageRefused) as refused:
        read_package(io.BytesIO(_zip(entries)))
    assert [i.code for i in refused.value.issues] == ["package-too-large"]


def test_a_table_of_contents_that_lies_about_sizes() -> None:
    lying = _lying(b"x" * 5000, "notes.txt", 10)
    with pytest.raises(PackageRefused) as refused:
        read_package(io.BytesIO(lying))
    assert refused.value.issues[0].code in ("package-too-large", "package-unreadable")


def test_not_a_zip(tmp_path: Path) -> None:
    with pytest.raises(PackageRefused) as refused:
        read_package(io.BytesIO(b"MZ this is no zip"))
    assert refused.value.issues[0].code == "package-unreadable"


def test_a_mod_missing_from_the_package_or_its_image() -> None:
    entries = [
        (
            "manifest.json",
            _manifest(["mods/forest.salient-mod.json", "mods/x.salient-mod.json"]).encode(),
        ),
        ("mods/forest.salient-mod.json", _mod_text("../flags/red.png").encode()),
    ]
    with pytest.raises(PackageRefused) as refused:
        read_package(io.BytesIO(_zip(entries)))
    messages = [i.message for i in refused.value.issues]
    assert any("lists 'mods/x.salient-mod.json'" in m for m in messages)
    assert any("uses the image '../flags/red.png'" in m for m in messages)


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "forests"
    (folder / "mods").mkdir(parents=True)
    (folder / "flags").mkdir()
    (folder / "manifest.json").write_text(_manifest())
    (folder / "mods" / "forest.salient-mod.json").write_text(_mod_text("../flags/red.png"))
    picture = io.BytesIO()
    from PIL import Image

    Image.new("RGB", (40, 30), "red").save(picture, "PNG")
    (folder / "flags" / "red.png").write_bytes(picture.getvalue())
    (folder / "LICENCE").write_text("CC-BY-4.0\n")
    (folder / "notes.odt").write_bytes(b"left out")
    return folder


def test_pack_check_install_and_apply(tmp_path: Path, capsys) -> None:
    folder = _folder(tmp_path)
    packed = tmp_path / "forests.salient-pack"
    assert main(["mod", "pack", str(folder), "-o", str(packed)]) == 0
    assert "Deep Forests 1.2 (CC-BY-4.0), 1 mod, 1 image" in capsys.readouterr().out
    names = zipfile.ZipFile(packed).namelist()
    assert names == [
        "LICENCE",
        "flags/red.png",
        "manifest.json",
        "mods/forest.salient-mod.json",
    ]
    again = tmp_path / "again.salient-pack"
    pack(folder, again)
    assert again.read_bytes() == packed.read_bytes()  # the same folder, the same bytes

    assert main(["mod", "check", str(packed)]) == 0
    assert capsys.readouterr().out.strip().endswith(f"{packed}: ok")

    into = tmp_path / "installed"
    assert main(["mod", "install", str(packed), "--into", str(into)]) == 0
    installed = into / "forests"
    assert (installed / "flags" / "red.png").is_file()
    assert main(["mod", "install", str(packed), "--into", str(into)]) == 2  # already there
    assert main(["mod", "install", str(packed), "--into", str(into), "--replace"]) == 0
    assert sorted(p.name for p in into.iterdir()) == ["forests"]

    base = tmp_path / "grid.json"
    base.write_text(dumps(grid()))
    out = tmp_path / "result" / "out.json"
    out.parent.mkdir()
    capsys.readouterr()
    assert main(["mod", "apply", str(base), str(installed), "-o", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["sides"][0]["flag"] == "../installed/forests/flags/red.png"
    assert (out.parent / result["sides"][0]["flag"]).is_file()
    # a package file whose mods use images must be installed first
    assert main(["mod", "apply", str(base), str(packed), "-o", str(out)]) == 1
    assert "install it first" in capsys.readouterr().out


def test_pack_refuses_a_folder_that_would_make_a_bad_package(tmp_path: Path, capsys) -> None:
    folder = _folder(tmp_path)
    (folder / "flags" / "red.png").unlink()
    packed = tmp_path / "forests.salient-pack"
    assert main(["mod", "pack", str(folder), "-o", str(packed)]) == 1
    assert "uses the image '../flags/red.png'" in capsys.readouterr().err
    assert not packed.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_check_command_reports_a_refused_package(tmp_path: Path, capsys) -> None:
    packed = tmp_path / "evil.salient-pack"
    packed.write_bytes(_zip([*_good_entries(), ("../evil.json", b"{}")]))
    assert main(["mod", "check", str(packed)]) == 1
    out = capsys.readouterr().out
    assert f"{packed}!../evil.json: error [package-unsafe-path]" in out
    assert not (tmp_path.parent / "evil.json").exists()
