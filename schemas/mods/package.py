"""Opening mod packages (``.salient-pack``: a zip with a manifest) without trusting them.

A package comes from strangers. Before anything is read into the program, its table of
contents is checked: names must stay inside the package (no ``..``, no absolute paths or drive
letters, no backslashes), no entry may be a link, be encrypted or share its name with another
(letter case and Unicode forms included), there are at most 10,000 entries, they expand to
at most 512 MiB and none is compressed more than 100 to 1, and every entry is data: mods and
the manifest (JSON), images, plain texts. No code is ever loaded from a package. Then every
entry is read with its size counted as it expands (a table of contents can lie), images are
measured from their headers (at most 100 megapixels), and the manifest and mods are loaded.
Any refusal names the entry and the rule; nothing is written.
"""

from __future__ import annotations

import io
import re
import unicodedata
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO, Any

from ..issues import Issue
from .images import image_references
from .issues import mod_issue
from .load import load_mod_text
from .manifest import MANIFEST_NAME, Manifest
from .model import Mod

MAX_ENTRIES = 10_000
MAX_TOTAL = 512 * 1024 * 1024
MAX_RATIO = 100
MAX_PIXELS = 100_000_000
MAX_JSON = 64 * 1024 * 1024
"""A mod or manifest larger than this is refused before it is parsed."""
CHUNK = 1024 * 1024

JSON_SUFFIXES = frozenset({".json"})
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp"})
TEXT_SUFFIXES = frozenset({".md", ".txt"})
TEXT_NAMES = frozenset({"LICENSE", "LICENCE", "COPYING", "README", "AUTHORS", "NOTICE"})

_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_LINK = 0o120000
_TYPE = 0o170000


class PackageRefused(Exception):
    """The package breaks a rule; ``issues`` say which, per entry."""

    def __init__(self, issues: list[Issue]) -> None:
        super().__init__("; ".join(f"{i.path or '/'}: {i.message}" for i in issues[:5]))
        self.issues = issues


@dataclass
class Package:
    """What a checked package holds."""

    manifest: Manifest
    mods: list[tuple[str, Mod]]
    """(entry name, mod), in the manifest's order."""
    images: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Image entries and their sizes in pixels."""
    texts: list[str] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    """Problems that do not refuse the package (a mod's own warnings)."""


def kind_of(name: str) -> str | None:
    """``json``, ``image``, ``text`` or ``None`` (not data) for an entry name."""
    path = PurePosixPath(name)
    suffix = path.suffix.lower()
    if suffix in JSON_SUFFIXES:
        return "json"
    if suffix in IMAGE_SUFFIXES:
        return "image"
    if suffix in TEXT_SUFFIXES or (not suffix and path.name.upper() in TEXT_NAMES):
        return "text"
    return None


def _refuse(code: str, name: str, message: str) -> Issue:
    return mod_issue(code, name, message)


def _name_problem(name: str) -> str | None:
    if not name:
        return "an entry has no name"
    if "\\" in name:
        return "uses backslashes; names inside a package use '/'"
    if name.startswith("/") or _DRIVE.match(name):
        return "is an absolute path"
    if _CONTROL.search(name):
        return "has control characters in its name"
    parts = name.rstrip("/").split("/")
    if any(part == ".." for part in parts):
        return "climbs out of the package with '..'"
    if any(part in ("", ".") for part in parts):
        return "is not a plain relative name (empty or '.' parts)"
    return None


def check_contents(infos: list[zipfile.ZipInfo]) -> list[Issue]:
    """Every rule the table of contents can break, before any entry is read."""
    if len(infos) > MAX_ENTRIES:
        return [
            _refuse(
                "package-too-many",
                "",
                f"the package has {len(infos):,} entries; at most {MAX_ENTRIES:,} are allowed",
            )
        ]
    out: list[Issue] = []
    seen: dict[str, str] = {}
    total = 0
    for info in infos:
        name = info.filename
        problem = _name_problem(name)
        if problem is not None:
            out.append(_refuse("package-unsafe-path", name, f"'{name}' {problem}"))
            continue
        if (info.external_attr >> 16) & _TYPE == _LINK:
            out.append(_refuse("package-link", name, f"'{name}' is a link; packages hold files"))
            continue
        if info.flag_bits & 0x1:
            out.append(_refuse("package-encrypted", name, f"'{name}' is encrypted"))
            continue
        key = unicodedata.normalize("NFC", name.rstrip("/")).casefold()
        if key in seen:
            out.append(
                _refuse(
                    "package-duplicate",
                    name,
                    f"'{name}' has the same name as '{seen[key]}' (letter case aside)",
                )
            )
            continue
        seen[key] = name
        if info.is_dir():
            continue
        if kind_of(name) is None:
            out.append(
                _refuse(
                    "package-not-data",
                    name,
                    f"'{name}' is not a mod, an image or a text; packages hold data only",
                )
            )
            continue
        total += info.file_size
        if info.file_size > MAX_RATIO * max(info.compress_size, 1):
            ratio = info.file_size / max(info.compress_size, 1)
            out.append(
                _refuse(
                    "package-ratio",
                    name,
                    f"'{name}' expands {ratio:,.0f} times its compressed size; at most "
                    f"{MAX_RATIO} times is allowed",
                )
            )
    if total > MAX_TOTAL:
        out.append(
            _refuse(
                "package-too-large",
                "",
                f"the package expands to {total / 2**20:,.0f} MiB; at most "
                f"{MAX_TOTAL // 2**20} MiB is allowed",
            )
        )
    return out


def open_zip(source: str | Path | IO[bytes]) -> zipfile.ZipFile:
    """The zip, or :class:`PackageRefused` saying why it cannot be read."""
    try:
        return zipfile.ZipFile(source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        what = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise PackageRefused(
            [_refuse("package-unreadable", "", f"not a zip file that can be read: {what}")]
        ) from exc


def stream(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: list[int]) -> Iterator[bytes]:
    """The entry's bytes in chunks, refusing as soon as it grows past what its header said or
    past the package's total (``budget[0]`` is what is left of it)."""
    read = 0
    try:
        with archive.open(info) as handle:
            while chunk := handle.read(CHUNK):
                read += len(chunk)
                budget[0] -= len(chunk)
                if read > info.file_size:
                    raise PackageRefused(
                        [
                            _refuse(
                                "package-too-large",
                                info.filename,
                                f"'{info.filename}' expands past the size its header gives",
                            )
                        ]
                    )
                if budget[0] < 0:
                    raise PackageRefused(
                        [
                            _refuse(
                                "package-too-large",
                                "",
                                f"the package expands past {MAX_TOTAL // 2**20} MiB",
                            )
                        ]
                    )
                yield chunk
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as exc:
        raise PackageRefused(
            [
                _refuse(
                    "package-unreadable", info.filename, f"'{info.filename}' cannot be read: {exc}"
                )
            ]
        ) from exc


def image_size(head: bytes, name: str) -> tuple[tuple[int, int] | None, Issue | None]:
    """An image's size from its first bytes, or the issue refusing it."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(head)) as picture:
                width, height = picture.size
    except Image.DecompressionBombError:
        return None, _refuse(
            "package-image",
            name,
            f"'{name}' is above {MAX_PIXELS // 1_000_000} megapixels; at most that is allowed",
        )
    except Exception as exc:  # Pillow raises many kinds for a damaged file
        return None, _refuse("package-image", name, f"'{name}' is not a readable image ({exc})")
    if width * height > MAX_PIXELS:
        return None, _refuse(
            "package-image",
            name,
            f"'{name}' is {width} x {height} pixels ({width * height / 1e6:,.0f} megapixels); "
            f"at most {MAX_PIXELS // 1_000_000} megapixels are allowed",
        )
    return (width, height), None


def read_package(source: str | Path | IO[bytes], extract_to: Path | None = None) -> Package:
    """Check a package and load its manifest and mods; raises :class:`PackageRefused`.

    With ``extract_to`` (an empty folder, normally a temporary one), every file entry is
    also written there as it is read; after a refusal the caller deletes that folder.
    """
    with open_zip(source) as archive:
        infos = archive.infolist()
        problems = check_contents(infos)
        if problems:
            raise PackageRefused(problems)
        budget = [MAX_TOTAL]
        texts: dict[str, bytes] = {}
        images: dict[str, tuple[int, int]] = {}
        text_names: list[str] = []
        for info in infos:
            if info.is_dir():
                continue
            kind = kind_of(info.filename)
            if kind == "json" and info.file_size > MAX_JSON:
                raise PackageRefused(
                    [_refuse("package-too-large", info.filename, f"'{info.filename}' is too large")]
                )
            limit = MAX_JSON if kind == "json" else CHUNK if kind == "image" else 0
            kept = _read(archive, info, budget, limit, extract_to)
            if kind == "json":
                texts[info.filename] = kept
            elif kind == "image":
                size, problem = image_size(kept, info.filename)
                if problem is not None:
                    raise PackageRefused([problem])
                assert size is not None
                images[info.filename] = size
            else:
                text_names.append(info.filename)
    return _contents(texts, images, text_names)


def _read(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    budget: list[int],
    limit: int,
    extract_to: Path | None,
) -> bytes:
    """Stream an entry, keeping its first ``limit`` bytes and writing it under
    ``extract_to`` when given."""
    kept = bytearray()
    handle = None
    if extract_to is not None:
        target = extract_to.joinpath(*info.filename.split("/"))
        if not target.resolve().is_relative_to(extract_to.resolve()):  # checked names; belt
            raise PackageRefused(
                [_refuse("package-unsafe-path", info.filename, f"'{info.filename}' leads outside")]
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        handle = target.open("xb")
    try:
        for chunk in stream(archive, info, budget):
            if handle is not None:
                handle.write(chunk)
            if len(kept) < limit:
                kept += chunk[: limit - len(kept)]
    finally:
        if handle is not None:
            handle.close()
    return bytes(kept)


def _contents(
    texts: dict[str, bytes], images: dict[str, tuple[int, int]], text_names: list[str]
) -> Package:
    from pydantic import ValidationError

    from ..io import parse_json
    from ..schema_issues import schema_issues

    data = texts.get(MANIFEST_NAME)
    if data is None:
        raise PackageRefused(
            [_refuse("package-manifest", MANIFEST_NAME, f"the package has no {MANIFEST_NAME}")]
        )
    raw, issues = parse_json(data)
    if raw is None or any(i.is_error for i in issues):
        raise PackageRefused(_prefixed(MANIFEST_NAME, issues))
    try:
        manifest = Manifest.model_validate(raw)
    except ValidationError as exc:
        raise PackageRefused(_prefixed(MANIFEST_NAME, schema_issues(exc, raw, Manifest))) from exc
    refusals: list[Issue] = []
    warned: list[Issue] = []
    mods: list[tuple[str, Mod]] = []
    for name in manifest.mods:
        if name not in texts:
            refusals.append(
                _refuse(
                    "package-missing-file", name, f"the manifest lists '{name}', not in the package"
                )
            )
            continue
        loaded = load_mod_text(texts[name])
        problems = _prefixed(name, loaded.issues)
        refusals += [i for i in problems if i.is_error]
        warned += [i for i in problems if not i.is_error]
        if loaded.mod is None:
            continue
        mods.append((name, loaded.mod))
        folder = PurePosixPath(name).parent
        for pointer, image in image_references(loaded.mod):
            inside = _inside(folder, image)
            if inside is None or inside not in images:
                refusals.append(
                    _refuse(
                        "package-missing-file",
                        f"{name}#{pointer}",
                        f"'{name}' uses the image '{image}', which is not in the package",
                    )
                )
    if refusals:
        raise PackageRefused(refusals)
    return Package(manifest, mods, images, text_names, warned)


def _inside(folder: PurePosixPath, image: str) -> str | None:
    """The entry name of an image path relative to a folder of the package, if it stays in."""
    parts: list[str] = list(folder.parts)
    for part in PurePosixPath(image).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts) if parts else None


def _prefixed(name: str, issues: list[Issue]) -> list[Issue]:
    """Issues inside a package entry, their path prefixed by the entry's name."""
    return [
        Issue(i.code, i.severity, f"{name}#{i.path}", i.message, i.entity, i.line, i.column)
        for i in issues
    ]


def entry_issue_split(path: str) -> tuple[str, str]:
    """(entry, JSON pointer) of an issue path written by :func:`_prefixed`."""
    entry, _, pointer = path.partition("#")
    return entry, pointer


def describe(package: Package) -> dict[str, Any]:
    return {
        "id": package.manifest.id,
        "name": package.manifest.name,
        "version": package.manifest.version,
        "licence": package.manifest.licence,
        "mods": [name for name, _ in package.mods],
        "images": sorted(package.images),
    }
