"""``salient odds``: the outcome distribution of one battle, from many simulated fights."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from editor.commands.common import EXIT_INVALID, EXIT_OK, UsageError, valid_scenario_or_report

DEFAULT_RUNS = 10_000


def register(commands: argparse._SubParsersAction) -> None:
    odds = commands.add_parser(
        "odds",
        help="the odds of a battle between chosen forces, or of the stacks in a region",
        description="Fight the battle many times with the rules engine's battle simulation "
        "(no cards, nobody retreats by choice) and print how it ends: who wins and how "
        "(the loser routed, wiped out or retreating), the rounds and the losses of each side. "
        "A force is a list separated by commas of unit or leader ids (at their starting "
        "strength) and unit types with a count (inf*3); a force left out is the stacks of "
        "that side in the region at the start of the scenario.",
    )
    odds.add_argument("file", type=Path, metavar="FILE", help="scenario")
    odds.add_argument("--region", required=True, help="region the battle is fought in")
    odds.add_argument("--attacker", metavar="UNITS", help="attacking force, e.g. inf*4,tank*2")
    odds.add_argument("--defender", metavar="UNITS", help="defending force")
    odds.add_argument("--attacker-side", metavar="SIDE", help="side attacking (when types only)")
    odds.add_argument(
        "--defender-side", metavar="SIDE", help="side defending (default: the region's owner)"
    )
    entrench = odds.add_mutually_exclusive_group()
    entrench.add_argument(
        "--entrenched", action="store_true", default=None, help="the defenders are entrenched"
    )
    entrench.add_argument(
        "--not-entrenched",
        dest="entrenched",
        action="store_false",
        help="the defenders are not entrenched (default: as the scenario starts)",
    )
    odds.add_argument(
        "--from",
        dest="came_from",
        metavar="REGION",
        help="region the attackers come from (a river or strait on the way counts)",
    )
    odds.add_argument(
        "--runs", type=int, default=DEFAULT_RUNS, help=f"battles to fight (default {DEFAULT_RUNS})"
    )
    odds.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    odds.add_argument("--json", action="store_true", help="print the result as JSON")
    odds.set_defaults(run=cmd_odds)


def cmd_odds(args: argparse.Namespace) -> int:
    if not 1 <= args.runs <= 1_000_000:
        raise UsageError("--runs takes a number of battles from 1 to 1,000,000")
    scenario = valid_scenario_or_report(args.file, "simulating battles")
    if scenario is None:
        return EXIT_INVALID
    from engine.combat.batch_odds import odds
    from engine.lab.forces import ForceError, what_if

    try:
        battle = what_if(
            scenario,
            args.region,
            attackers=args.attacker,
            defenders=args.defender,
            attacker_side=args.attacker_side,
            defender_side=args.defender_side,
            entrenched=args.entrenched,
            came_from=args.came_from,
        )
    except ForceError as exc:
        raise UsageError(str(exc)) from exc
    found = odds(battle.setup(), scenario.rules.dice.sides, args.runs, args.seed)
    world = battle.game.world
    attacker, defender = battle.sides
    result = {
        "region": args.region,
        "terrain": world.terrain_of[args.region].id,
        "attacker": {"side": attacker, "units": battle.description["attackers"]},
        "defender": {"side": defender, "units": battle.description["defenders"]},
        "entrenched": battle.description["entrenched"],
        "seed": args.seed,
        **found,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(report(battle, result))
    return EXIT_OK


def _force(battle: Any, which: int) -> str:
    parts = [f"{n} x {name}" if n > 1 else name for name, n in battle.lineup(which).items()]
    return ", ".join(parts)


def report(battle: Any, result: dict[str, Any]) -> str:
    """The odds in a few lines for a terminal."""
    world = battle.game.world
    names = {s: world.sides[s].name for s in battle.sides}
    attacker, defender = battle.sides
    terrain = world.terrain_of[result["region"]]
    dist = result["distributions"]

    def ways(key: str) -> str:
        ends = result["endings"]
        return ", ".join(
            f"{label} {ends[name][key]:.1%}"
            for name, label in (
                ("routed", "routed"),
                ("wiped_out", "wiped out"),
                ("retreats", "retreats in order"),
            )
        )

    def losses(side: str) -> str:
        units, hits = dist[f"{side}_units_lost"], dist[f"{side}_hits_lost"]
        return (
            f"{units['mean']:.2f} units (10-90%: {units['p10']:g}-{units['p90']:g}), "
            f"{hits['mean']:.1f} hit points"
        )

    rounds = dist["rounds"]
    where = world.regions[result["region"]].name
    lines = [
        f"Battle in {where} ({terrain.name}"
        + (", defenders entrenched" if result["entrenched"] else "")
        + ")",
        f"  {names[attacker]} attacks: {_force(battle, 0)}",
        f"  {names[defender]} defends: {_force(battle, 1)}",
        f"{result['runs']:,} battles (seed {result['seed']}):",
        f"  {names[attacker]} wins {result['attacker_win']:.1%} "
        f"(the defender {ways('attacker_wins')})",
        f"  {names[defender]} wins {result['defender_win']:.1%} "
        f"(the attacker {ways('defender_wins')})",
        f"  rounds: mean {rounds['mean']:.2f}, median {rounds['median']:g} "
        f"(10-90%: {rounds['p10']:g}-{rounds['p90']:g}); a pursuit in "
        f"{result['pursuits']:.1%}",
        f"  {names[attacker]} loses {losses('attacker')}",
        f"  {names[defender]} loses {losses('defender')}",
    ]
    return "\n".join(lines)
