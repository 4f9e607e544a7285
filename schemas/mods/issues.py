"""Problems with mods and mod packages: stable codes, like the scenario's validation codes.

A mod problem is an :class:`~schemas.issues.Issue` whose JSON pointer points into the mod
file (``/operations/3/value``), together with the file it belongs to, so a report can give the
line and column and the studio can open the mod at the operation.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..issues import CODES, CodeInfo, Issue

MOD_CODES: dict[str, CodeInfo] = {
    # The stack of mods
    "mod-requires": CodeInfo("error", "A mod needs another mod that is missing, too old or later."),
    "mod-declared-conflict": CodeInfo("error", "A mod says it cannot be used with another one."),
    "mod-duplicate": CodeInfo("error", "The same mod is in the stack twice."),
    "mod-base-changed": CodeInfo("warning", "The base scenario changed since the mod was made."),
    "mod-base-other": CodeInfo("warning", "The mod was made for another scenario."),
    # Operations
    "mod-bad-path": CodeInfo("error", "An operation names a field the format does not have."),
    "mod-bad-operation": CodeInfo("error", "An operation cannot be carried out as written."),
    "mod-invalid-value": CodeInfo("error", "An operation's value does not fit the format."),
    "mod-not-text": CodeInfo("error", "A translation changes something that is not a text."),
    "mod-target-missing": CodeInfo("warning", "An operation's target is not in the scenario."),
    "mod-target-exists": CodeInfo("warning", "A mod adds what the scenario already has."),
    "mod-base-value-changed": CodeInfo("warning", "A value changed since the mod was made."),
    "mod-anchor-missing": CodeInfo("warning", "The entity or item to follow is not there."),
    "mod-conflict": CodeInfo("warning", "Two mods change the same thing; the later one wins."),
    "mod-result": CodeInfo("error", "The scenario the mods produce does not fit the format."),
    # Packages
    "package-unreadable": CodeInfo("error", "The package is not a zip file that can be read."),
    "package-unsafe-path": CodeInfo("error", "An entry's name leads outside the package."),
    "package-link": CodeInfo("error", "An entry is a link."),
    "package-duplicate": CodeInfo("error", "Two entries have the same name."),
    "package-too-many": CodeInfo("error", "The package has more than 10,000 entries."),
    "package-too-large": CodeInfo("error", "The package expands to more than 512 MiB."),
    "package-ratio": CodeInfo("error", "An entry is compressed more than 100 to 1."),
    "package-not-data": CodeInfo("error", "An entry is not a mod, an image or a text."),
    "package-encrypted": CodeInfo("error", "An entry is encrypted."),
    "package-image": CodeInfo("error", "An image is unreadable or above 100 megapixels."),
    "package-manifest": CodeInfo("error", "The manifest is missing or wrong."),
    "package-missing-file": CodeInfo("error", "A file the package refers to is not in it."),
}
"""Every code mods and packages can report, with its severity."""


def mod_issue(code: str, path: str, message: str, entity: str | None = None) -> Issue:
    """An issue with the severity its code is registered with (mod or scenario code)."""
    info = MOD_CODES.get(code) or CODES[code]
    return Issue(code, info.severity, path, message, entity)


@dataclass(frozen=True, slots=True)
class ModIssue:
    """A problem and the file (mod, package entry, or result) it is reported in."""

    source: str
    """The mod file, ``package.salient-pack!entry``, or a label for the scenario."""
    issue: Issue
    mod: int | None = None
    """Position of the mod in the stack, when the problem belongs to one."""

    @property
    def is_error(self) -> bool:
        return self.issue.is_error

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"source": self.source}
        if self.mod is not None:
            data["mod"] = self.mod
        return data | self.issue.to_json()
