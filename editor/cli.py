"""The ``salient`` command: the parser and the one place every subcommand is run from.

Exit codes follow one convention for every subcommand: 0 success (warnings allowed), 1 the
input has errors, 2 the command was used wrongly (unknown option, missing file), 70 an internal
error. Nothing ever ends in a Python traceback: an unexpected failure is reported as a bug.
The subcommands live in ``editor/commands/``, one module each; Qt is imported only by the
commands that open windows, so ``salient validate`` stays fast and runs without a display.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from editor.commands import (
    balance,
    campaign,
    diff,
    duel,
    edit,
    gis,
    hexes,
    merge,
    mods,
    odds,
    pbem,
    play,
    replay,
    validate,
)
from editor.commands.common import (
    EXIT_CLOSED_PIPE,
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_STOPPED,
    EXIT_USAGE,
    CannotOpenWindow,
    UsageError,
)
from editor.commands.edit import cmd_edit

# The order of the commands in ``salient --help``.
COMMANDS = (
    edit,
    validate,
    hexes,
    play,
    campaign,
    pbem,
    diff,
    mods,
    merge,
    gis,
    balance,
    duel,
    odds,
    replay,
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="salient",
        description="Design, validate and play operational wargame scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"salient {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(commands)
    return parser


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return {name for action in actions for name in action.choices}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("salient")
    except PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``salient`` console script."""
    parser = _parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and not argv[0].startswith("-") and argv[0] not in _command_names(parser):
        # `salient FILE` opens the file in the studio, as `salient edit FILE` does.
        argv.insert(0, "edit")
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return cmd_edit(None)
        status = int(args.run(args))
        sys.stdout.flush()  # inside the try: a closed pipe is met here, not at exit
        return status
    except BrokenPipeError:
        # The reader stopped early (``| head``): what it wanted was written. Point stdout at
        # nothing so that Python's own flush at exit does not fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLOSED_PIPE
    except UsageError as exc:
        print(f"salient: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except CannotOpenWindow as exc:
        print(f"salient: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return EXIT_STOPPED
    except Exception as exc:  # the last line of defence against tracebacks
        print(
            f"salient: internal error ({type(exc).__name__}: {exc}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
