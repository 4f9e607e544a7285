"""``salient mod make|apply|check|pack|install|schema``: mods as overlays on a base scenario,
and the mod packages that carry them."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    UsageError,
    count_issues,
    format_issue,
    read_scenario,
    with_positions,
    write_text,
)
from schemas.io import dumps
from schemas.issues import Issue
from schemas.locate import locate
from schemas.mods.apply import ApplyResult, ModSource, apply_mods
from schemas.mods.images import image_references, rebase_mod
from schemas.mods.issues import ModIssue
from schemas.mods.load import load_mod_text, save_mod
from schemas.mods.make import MakeError, make_mod
from schemas.mods.manifest import MANIFEST_NAME, PACK_SUFFIX
from schemas.mods.model import MOD_SUFFIX
from schemas.mods.package import PackageRefused, describe, entry_issue_split, read_package
from schemas.mods.packing import InstallError, install, pack, read_manifest
from schemas.scenario import Scenario


def register(commands: argparse._SubParsersAction) -> None:
    mod = commands.add_parser("mod", help="make, apply, check and package mods")
    sub = mod.add_subparsers(dest="mod_command", metavar="ACTION", required=True)

    make = sub.add_parser("make", help="write the mod that turns BASE into EDITED")
    make.add_argument("base", type=Path, metavar="BASE")
    make.add_argument("edited", type=Path, metavar="EDITED")
    make.add_argument("-o", "--output", type=Path, required=True, metavar=f"MOD{MOD_SUFFIX}")
    make.add_argument("--id", help="the mod's id (default: from the output file's name)")
    make.add_argument("--name", help="the mod's name (default: its id)")
    make.add_argument("--base-id", help="the base scenario's id (default: BASE's file name)")
    make.add_argument("--version", default="1", help="the mod's version (default 1)")
    make.add_argument("--author", default="", help="who made it")
    make.add_argument("--description", default="", help="what it does")
    make.add_argument(
        "--language", help="a translation: texts changed become 'translate' operations"
    )
    make.set_defaults(run=cmd_make)

    apply = sub.add_parser("apply", help="apply mods in order to BASE and write the result")
    apply.add_argument("base", type=Path, metavar="BASE")
    apply.add_argument("mods", type=Path, nargs="+", metavar="MOD", help="mod files, packages")
    apply.add_argument("-o", "--output", type=Path, required=True, metavar="OUT")
    apply.add_argument("--json", action="store_true", help="print the report as JSON")
    apply.add_argument(
        "--strict",
        action="store_true",
        help="treat warnings (stale operations, conflicts) as errors",
    )
    apply.set_defaults(run=cmd_apply)

    check = sub.add_parser("check", help="check mod files and packages (with --base, applied)")
    check.add_argument("files", type=Path, nargs="+", metavar="FILE")
    check.add_argument("--base", type=Path, help="also apply them to this scenario")
    check.add_argument("--json", action="store_true", help="print one JSON report")
    check.set_defaults(run=cmd_check)

    packer = sub.add_parser("pack", help=f"make a {PACK_SUFFIX} from a folder with a manifest")
    packer.add_argument("folder", type=Path, metavar="DIR")
    packer.add_argument("-o", "--output", type=Path, required=True, metavar=f"NAME{PACK_SUFFIX}")
    packer.set_defaults(run=cmd_pack)

    installer = sub.add_parser("install", help="check a package and unpack it into a folder")
    installer.add_argument("package", type=Path, metavar=f"PACK{PACK_SUFFIX}")
    installer.add_argument("--into", type=Path, required=True, metavar="DIR")
    installer.add_argument("--replace", action="store_true", help="replace an installed version")
    installer.set_defaults(run=cmd_install)

    schema = sub.add_parser("schema", help="print the JSON Schema of mod files")
    schema.add_argument("--manifest", action="store_true", help="the package manifest's instead")
    schema.add_argument("-o", "--output", type=Path, help="write to this file")
    schema.set_defaults(run=cmd_schema)


# --- reading --------------------------------------------------------------------------------


@dataclass
class Loaded:
    """Mods read from the command line, and what reading them found."""

    sources: list[ModSource] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    """Text of each mod file by its label, to put lines and columns in reports."""
    issues: list[ModIssue] = field(default_factory=list)
    folders: dict[str, Path] = field(default_factory=dict)
    """Folder of each mod file, where its image paths start."""

    @property
    def failed(self) -> bool:
        return any(i.is_error for i in self.issues)


def read_mods(paths: list[Path], *, writing: bool = False) -> Loaded:
    """Mod files, installed packages (folders with a manifest) and package files, in order.
    ``writing``: the result will be written, so the images mods use must be on disk."""
    loaded = Loaded()
    for path in paths:
        if path.is_dir():
            _read_folder(path, loaded)
        elif path.name.endswith(PACK_SUFFIX):
            _read_package(path, loaded, writing)
        else:
            _read_file(path, str(path), loaded)
    return loaded


def _read_file(path: Path, label: str, loaded: Loaded) -> None:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    result = load_mod_text(data)
    loaded.texts[label] = data.decode("utf-8", errors="replace")
    loaded.issues += [ModIssue(label, issue) for issue in result.issues]
    if result.mod is not None and result.ok:
        loaded.sources.append(ModSource(result.mod, label))
        loaded.folders[label] = path.parent


def _read_folder(folder: Path, loaded: Loaded) -> None:
    try:
        manifest = read_manifest(folder)
    except PackageRefused as exc:
        label = str(folder / MANIFEST_NAME)
        loaded.issues += [ModIssue(label, issue) for issue in exc.issues]
        return
    for name in manifest.mods:
        _read_file(folder.joinpath(*name.split("/")), str(folder / name), loaded)


def _read_package(path: Path, loaded: Loaded, writing: bool) -> None:
    try:
        package = read_package(path)
    except PackageRefused as exc:
        loaded.issues += [_package_issue(path, issue) for issue in exc.issues]
        return
    for name, mod in package.mods:
        label = f"{path}!{name}"
        if writing and any(True for _ in image_references(mod)):
            problem = Issue(
                "package-missing-file",
                "error",
                "",
                "this mod sets image paths, which need the package's images on disk: install "
                f"it first (salient mod install {path} --into DIR) and apply the installed mods",
            )
            loaded.issues.append(ModIssue(label, problem))
            continue
        loaded.sources.append(ModSource(mod, label))
    loaded.issues += [_package_issue(path, issue) for issue in package.warnings]


def _package_issue(path: Path, issue: Issue) -> ModIssue:
    entry, pointer = entry_issue_split(issue.path)
    label = f"{path}!{entry}" if entry else str(path)
    moved = Issue(issue.code, issue.severity, pointer, issue.message, issue.entity)
    return ModIssue(label, moved)


def _base(path: Path) -> tuple[Scenario | None, list[Issue], str]:
    result, text = read_scenario(path)
    return result.scenario, with_positions(result.issues, text), text


# --- reporting ------------------------------------------------------------------------------


def located(issues: list[ModIssue], texts: dict[str, str]) -> list[ModIssue]:
    """Issues with lines and columns, for those in files whose text is known."""
    out = []
    by_source: dict[str, list[ModIssue]] = {}
    for item in issues:
        by_source.setdefault(item.source, []).append(item)
    places: dict[str, dict[str, tuple[int, int]]] = {}
    for source, items in by_source.items():
        text = texts.get(source)
        if text is not None:
            places[source] = locate(text, [i.issue.path for i in items if i.issue.line is None])
    for item in issues:
        issue = item.issue
        spot = places.get(item.source, {}).get(issue.path)
        if spot is not None and issue.line is None:
            issue = Issue(
                issue.code, issue.severity, issue.path, issue.message, issue.entity, *spot, issue.at
            )
        out.append(ModIssue(item.source, issue, item.mod))
    return out


def print_issues(issues: list[ModIssue], out: TextIO) -> None:
    for item in issues:
        out.write(format_issue(item.source, item.issue) + "\n")


def _counts(result: ApplyResult) -> str:
    operations = sum(len(s.mod.operations) for s in result.mods)
    parts = [f"{len(result.mods)} mod{'s' if len(result.mods) != 1 else ''}"]
    parts.append(f"{operations} operation{'s' if operations != 1 else ''}")
    parts.append(f"{len(result.conflicts)} conflict{'s' if len(result.conflicts) != 1 else ''}")
    parts.append(f"{len(result.stale)} stale")
    return ", ".join(parts)


# --- commands -------------------------------------------------------------------------------


_SLUG = re.compile(r"[^a-z0-9_-]+")


def slug(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-_")[:64] or "scenario"


def _default_id(output: Path) -> str:
    name = output.name
    stem = name[: -len(MOD_SUFFIX)] if name.endswith(MOD_SUFFIX) else output.stem
    return slug(stem)


def cmd_make(args: argparse.Namespace) -> int:
    base, base_issues, _ = _base(args.base)
    edited, edited_issues, _ = _base(args.edited)
    for path, scenario, issues in (
        (args.base, base, base_issues),
        (args.edited, edited, edited_issues),
    ):
        if scenario is None:
            for issue in issues:
                print(format_issue(path, issue), file=sys.stderr)
            print(f"salient: {path} does not fit the format; no mod was made", file=sys.stderr)
            return EXIT_INVALID
    assert base is not None and edited is not None
    mod_id = args.id or _default_id(args.output)
    try:
        mod = make_mod(
            base,
            edited,
            mod_id=mod_id,
            name=args.name or mod_id,
            base_id=args.base_id or slug(args.base.stem),
            version=args.version,
            author=args.author,
            description=args.description,
            language=args.language,
        )
    except MakeError as exc:
        print(f"salient: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except ValueError as exc:  # an id or language the mod format refuses
        raise UsageError(str(exc).splitlines()[0]) from exc
    mod = rebase_mod(mod, args.edited.parent, args.output.parent)
    try:
        save_mod(mod, args.output)
    except OSError as exc:
        raise UsageError(f"cannot write '{args.output}': {exc.strerror or exc}") from exc
    kinds = Counter(op.op for op in mod.operations)
    detail = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    print(f"wrote {args.output}: {len(mod.operations)} operations ({detail or 'none'})")
    return EXIT_OK


def apply_command(
    base_path: Path, mod_paths: list[Path], output: Path | None
) -> tuple[ApplyResult | None, list[ModIssue], dict[str, str], Scenario | None]:
    """Read and apply; returns the result (``None`` if reading failed), the located issues
    of reading and applying, the texts of the mod files, and the base."""
    base, base_issues, _ = _base(base_path)
    loaded = read_mods(mod_paths, writing=output is not None)
    problems = list(loaded.issues)
    if base is None:
        problems = [ModIssue(str(base_path), i) for i in base_issues] + problems
        return None, located(problems, loaded.texts), loaded.texts, None
    if loaded.failed:
        return None, located(problems, loaded.texts), loaded.texts, base
    target = output.parent if output is not None else None
    sources = [
        ModSource(rebase_mod(s.mod, loaded.folders[s.label], target), s.label)
        if target is not None and s.label in loaded.folders
        else s
        for s in loaded.sources
    ]
    label = f"{base_path} + {len(sources)} mod{'s' if len(sources) != 1 else ''}"
    result = apply_mods(base, sources, result_label=label)
    return result, located(problems + result.issues, loaded.texts), loaded.texts, base


def cmd_apply(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    result, issues, _, _ = apply_command(args.base, args.mods, args.output)
    blocked = result is None or not result.ok or (args.strict and bool(issues))
    written = False
    if result is not None and result.scenario is not None and not blocked:
        write_text(args.output, dumps(result.scenario))
        written = True
    if args.json:
        document = result.to_json() if result is not None else {"ok": False}
        document["issues"] = [i.to_json() for i in issues]
        document["output"] = str(args.output) if written else None
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        print_issues(issues, out)
        if written:
            assert result is not None
            out.write(f"wrote {args.output}: {_counts(result)}\n")
        else:
            what = "warnings (--strict)" if result is not None and result.ok else "errors"
            out.write(f"salient: {args.output} not written: the mods have {what}\n")
    return EXIT_OK if written else EXIT_INVALID


def cmd_validate_with_mods(
    base_path: Path, mod_paths: list[Path], *, as_json: bool, out: TextIO | None = None
) -> int:
    """``salient validate BASE --mod M...``: the mods' problems at their own JSON pointers,
    and the problems of the scenario they make."""
    out = out or sys.stdout
    result, issues, _, _ = apply_command(base_path, mod_paths, None)
    errors = sum(1 for i in issues if i.is_error)
    if as_json:
        document = {
            "base": str(base_path),
            "mods": [str(p) for p in mod_paths],
            "errors": errors,
            "warnings": len(issues) - errors,
            "issues": [i.to_json() for i in issues],
            "conflicts": [c.to_json() for c in result.conflicts] if result else [],
            "stale": [s.to_json() for s in result.stale] if result else [],
        }
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        print_issues(issues, out)
        names = " + ".join(str(p) for p in [base_path, *mod_paths])
        out.write(f"{names}: {count_issues([i.issue for i in issues])}\n")
    return EXIT_INVALID if errors or result is None else EXIT_OK


def cmd_check(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.base is not None:
        result, issues, _, _ = apply_command(args.base, args.files, None)
        failed = result is None or any(i.is_error for i in issues)
    else:
        loaded = read_mods(args.files)
        issues = located(loaded.issues, loaded.texts)
        failed = loaded.failed
    if args.json:
        document = {"ok": not failed, "issues": [i.to_json() for i in issues]}
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        print_issues(issues, out)
        for path in args.files:
            own = [
                i.issue for i in issues if i.source == str(path) or i.source.startswith(f"{path}!")
            ]
            out.write(f"{path}: {count_issues(own)}\n")
    return EXIT_INVALID if failed else EXIT_OK


def cmd_pack(args: argparse.Namespace) -> int:
    try:
        package = pack(args.folder, args.output)
    except PackageRefused as exc:
        for issue in exc.issues:
            print(format_issue(f"{args.folder}", issue), file=sys.stderr)
        print(f"salient: {args.output} not written", file=sys.stderr)
        return EXIT_INVALID
    except OSError as exc:
        raise UsageError(f"cannot write '{args.output}': {exc.strerror or exc}") from exc
    summary = describe(package)
    print(
        f"wrote {args.output}: {summary['name']} {summary['version']} ({summary['licence']}), "
        f"{len(summary['mods'])} mod{'s' if len(summary['mods']) != 1 else ''}, "
        f"{len(summary['images'])} image{'s' if len(summary['images']) != 1 else ''}"
    )
    return EXIT_OK


def cmd_install(args: argparse.Namespace) -> int:
    try:
        final, package = install(args.package, args.into, replace=args.replace)
    except PackageRefused as exc:
        for issue in exc.issues:
            item = _package_issue(args.package, issue)
            print(format_issue(item.source, item.issue), file=sys.stderr)
        print(f"salient: {args.package} refused; nothing was installed", file=sys.stderr)
        return EXIT_INVALID
    except InstallError as exc:
        raise UsageError(str(exc)) from exc
    except OSError as exc:
        raise UsageError(f"cannot install into '{args.into}': {exc.strerror or exc}") from exc
    print(f"installed {package.manifest.name} {package.manifest.version} in {final}")
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from schemas.mods.jsonschema import manifest_json_schema, mod_json_schema

    document = manifest_json_schema() if args.manifest else mod_json_schema()
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        write_text(args.output, text)
        print(f"wrote {document['title']} to {args.output}")
    return EXIT_OK
