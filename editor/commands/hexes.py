"""``salient generate-hex``: a procedural scenario on a hex map, for tests, benchmarks and
designers who want a hex map to start from."""

from __future__ import annotations

import argparse
from pathlib import Path

from editor.commands.common import EXIT_OK, UsageError
from schemas.io import save


def register(commands: argparse._SubParsersAction) -> None:
    generate = commands.add_parser("generate-hex", help="make a procedural scenario on a hex map")
    generate.add_argument("--columns", type=int, required=True, help="columns of hexes")
    generate.add_argument("--rows", type=int, required=True, help="rows of hexes")
    generate.add_argument(
        "--orientation",
        choices=("flat", "pointy"),
        default="flat",
        help="flat-topped hexes in columns (default) or pointy-topped hexes in rows",
    )
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("-o", "--output", type=Path, required=True, help="file to write")
    generate.set_defaults(
        run=lambda args: cmd_generate_hex(
            args.columns, args.rows, args.seed, args.output, args.orientation
        )
    )


def cmd_generate_hex(
    columns: int, rows: int, seed: int, output: Path, orientation: str = "flat"
) -> int:
    from schemas.generator import generate_hex_scenario

    if orientation not in ("flat", "pointy"):
        raise UsageError(f"the orientation is 'flat' or 'pointy', not '{orientation}'")
    try:
        scenario = generate_hex_scenario(
            columns, rows, seed, "flat" if orientation == "flat" else "pointy"
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    try:
        save(scenario, output)
    except OSError as exc:
        raise UsageError(f"cannot write '{output}': {exc.strerror or exc}") from exc
    print(
        f"wrote {output}: {columns} x {rows} hexes ({orientation} top), "
        f"{len(scenario.units)} units, seed {seed}"
    )
    return EXIT_OK
