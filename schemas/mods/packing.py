"""Making a mod package from a folder, and installing one into a folder of mods.

Packing takes the folder's ``manifest.json``, the mod files it lists, the images those mods
use and the texts at the top (read-me, licence), writes them into a zip with fixed dates and
sorted names (the same folder always gives the same bytes), then opens the result the way a
player's Salient will, so a package that would be refused is never written. Installing checks
the whole package while extracting it into a temporary folder beside the destination and
renames that folder into place only when every check passed; a refused package leaves nothing.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from pydantic import ValidationError

from ..io import parse_json
from ..schema_issues import schema_issues
from .images import image_references
from .issues import mod_issue
from .load import load_mod_file
from .manifest import MANIFEST_NAME, Manifest
from .package import Package, PackageRefused, _inside, kind_of, read_package

FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def read_manifest(folder: Path) -> Manifest:
    """The folder's manifest; raises :class:`PackageRefused` when missing or wrong."""
    path = folder / MANIFEST_NAME
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PackageRefused(
            [
                mod_issue(
                    "package-manifest", MANIFEST_NAME, f"cannot read {path}: {exc.strerror or exc}"
                )
            ]
        ) from exc
    raw, issues = parse_json(data)
    if raw is None or any(i.is_error for i in issues):
        raise PackageRefused(issues)
    try:
        return Manifest.model_validate(raw)
    except ValidationError as exc:
        raise PackageRefused(schema_issues(exc, raw, Manifest)) from exc


def package_files(folder: Path) -> list[str]:
    """The entry names a package of ``folder`` holds: manifest, mods, their images, texts."""
    manifest = read_manifest(folder)
    names = {MANIFEST_NAME}
    problems = []
    for name in manifest.mods:
        path = folder.joinpath(*name.split("/"))
        if not path.is_file() or path.is_symlink():
            problems.append(
                mod_issue(
                    "package-missing-file",
                    name,
                    f"the manifest lists '{name}', not a file in {folder}",
                )
            )
            continue
        loaded = load_mod_file(path)
        if loaded.mod is None or any(i.is_error for i in loaded.issues):
            problems += [
                mod_issue(i.code, f"{name}#{i.path}", i.message)
                for i in loaded.issues
                if i.is_error
            ]
            continue
        names.add(name)
        for pointer, image in image_references(loaded.mod):
            entry = _inside(PurePosixPath(name).parent, image)
            file = folder.joinpath(*entry.split("/")) if entry else None
            if entry is None or file is None or not file.is_file() or file.is_symlink():
                problems.append(
                    mod_issue(
                        "package-missing-file",
                        f"{name}#{pointer}",
                        f"'{name}' uses the image '{image}', not a file inside {folder}",
                    )
                )
            else:
                names.add(entry)
    if problems:
        raise PackageRefused(problems)
    for path in sorted(folder.iterdir()):
        if path.is_file() and not path.is_symlink() and kind_of(path.name) == "text":
            names.add(path.name)
    return sorted(names)


def pack(folder: Path, output: Path) -> Package:
    """Write the package of ``folder`` to ``output`` (atomically) and return it as read
    back; raises :class:`PackageRefused` (and writes nothing) when it would be refused."""
    names = package_files(folder)
    target = output.parent if str(output.parent) else Path()
    handle, temporary = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp", dir=target)
    written = Path(temporary)
    try:
        with (
            os.fdopen(handle, "wb") as raw,
            zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as archive,
        ):
            for name in names:
                info = zipfile.ZipInfo(name, FIXED_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o100644 << 16
                archive.writestr(info, folder.joinpath(*name.split("/")).read_bytes())
        package = read_package(written)
        written.replace(output)
    except BaseException:
        written.unlink(missing_ok=True)
        raise
    return package


class InstallError(Exception):
    """The package is fine, but installing it would overwrite something."""


def install(source: Path, into: Path, *, replace: bool = False) -> tuple[Path, Package]:
    """Install a package as ``into/<package id>``; raises :class:`PackageRefused` or
    :class:`InstallError`, leaving ``into`` as it was."""
    into.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".salient-pack-", dir=into))
    try:
        package = read_package(source, extract_to=staging)
        final = into / package.manifest.id
        if final.exists() or final.is_symlink():
            if not replace:
                raise InstallError(f"{final} already exists; install with --replace to update it")
            old = Path(tempfile.mkdtemp(prefix=".salient-old-", dir=into))
            final.replace(old / "previous")
            staging.replace(final)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.replace(final)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return final, package
