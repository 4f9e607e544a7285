"""Salient's performance budgets, measured.

Run from the repository root:

    .venv/bin/python benchmarks/run.py            # every benchmark
    .venv/bin/python benchmarks/run.py --json     # machine-readable results
    .venv/bin/python benchmarks/run.py --only large-map   # one group (issue 10's budgets)

Each budget is compared against a baseline measured in the same run on the same machine, so
the verdicts do not depend on how fast the machine is. The exit status is 1 when a budget is
missed. Generated inputs are cached in benchmarks/.cache/.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "benchmarks" / ".cache"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from benchmarks.timing import best_of  # noqa: E402
from schemas.collector import gc_paused  # noqa: E402
from schemas.geometry import build_polygons, shared_borders  # noqa: E402
from schemas.io import load_text, save  # noqa: E402


@dataclass
class Result:
    name: str
    measured: float
    budget: float
    unit: str
    detail: str

    higher: bool = False
    """The budget is a floor (a rate), not a ceiling."""

    @property
    def passed(self) -> bool:
        return self.measured >= self.budget if self.higher else self.measured <= self.budget


def generated(regions: int, seed: int = 1) -> Path:
    path = CACHE / f"generated-{regions}-seed{seed}.json"
    if not path.exists():
        from schemas.generator import generate_scenario

        CACHE.mkdir(parents=True, exist_ok=True)
        save(generate_scenario(regions, seed), path)
    return path


def baseline(text: str) -> Any:
    """Parse the JSON, build the polygons, find touching pairs with one STRtree query."""
    raw = json.loads(text)
    rings = [r["polygon"]["exterior"] for r in raw["regions"]]
    lengths = np.fromiter((len(r) for r in rings), dtype=np.int64, count=len(rings))
    flat = np.asarray([p for ring in rings for p in ring], dtype=float)
    polygons = shapely.polygons(
        shapely.linearrings(flat, indices=np.repeat(np.arange(len(rings)), lengths))
    )
    pairs = shapely.STRtree(polygons).query(polygons, predicate="intersects")
    return raw, polygons, pairs


def bench_validation(regions: int, repeats: int) -> list[Result]:
    path = generated(regions)
    text = path.read_text()
    # Both sides are timed as they run for a user: the baseline as a plain script with
    # Python's default garbage collector, load_text as called (it pauses the collector while
    # it builds, and pays the collector's catch-up pass when it resumes). The "work only"
    # figure pauses the collector for both, for comparison.
    base = best_of(repeats, lambda: baseline(text))
    with gc_paused(settle=True):  # as load_text pauses it
        base_work = best_of(repeats, lambda: baseline(text))
        total_work = best_of(repeats, lambda: load_text(text))

    result = load_text(text)
    assert result.ok, [str(i) for i in result.issues[:5]]
    del result
    total = best_of(repeats, lambda: load_text(text))
    thorough = best_of(repeats, lambda: load_text(text, thorough=True))
    scenario = load_text(text, validate=False).scenario
    assert scenario is not None
    outlines = [r.polygon for r in scenario.regions]
    adjacency = best_of(repeats, lambda: shared_borders(build_polygons(outlines)))

    size = f"{regions} regions, {len(text) / 1e6:.1f} MB"
    return [
        Result(
            "load + validate / baseline",
            total / base,
            3.0,
            "x",
            f"{size}: full load and validation {total * 1000:.0f} ms, baseline (JSON parse, "
            f"polygons, one STRtree query) {base * 1000:.0f} ms; with the collector paused "
            f"for both: {total_work * 1000:.0f} / {base_work * 1000:.0f} ms = "
            f"{total_work / base_work:.2f} x",
        ),
        Result(
            "thorough load + validate / baseline (salient validate)",
            thorough / base,
            4.0,
            "x",
            f"{size}: JSON tree with duplicate-key check, then validation: "
            f"{thorough * 1000:.0f} ms",
        ),
        Result(
            "adjacency / baseline",
            adjacency / base,
            1.5,
            "x",
            f"{size}: building polygons and deriving shared borders {adjacency * 1000:.0f} ms",
        ),
    ]


def bench_validate_memory(regions: int) -> Result:
    path = generated(regions)
    peak = _child_peak_mib(
        f"from editor.cli import main; assert main(['validate', {str(path)!r}]) == 0"
    )
    return Result(
        "salient validate peak memory", peak, 1024.0, "MiB", f"{regions} regions ({path.name})"
    )


def _child_peak_mib(code: str) -> float:
    """Peak resident memory of a fresh Python process running ``code``, in MiB."""
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across exec.
    probe = code + (
        "; print(next(line.split()[1] for line in open('/proc/self/status') "
        "if line.startswith('VmHWM')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, cwd=ROOT
    )
    if done.returncode != 0:
        raise SystemExit(f"the measured process failed: {done.stderr[:500]}")
    return int(done.stdout.split()[-1]) / 1024


def bench_issue_report(regions: int, repeats: int) -> Result:
    """Issue 16: the report of 100,000 issues within 2 s of the validation that found them."""
    import issues

    found = issues.bench(generated(regions), repeats)
    return Result(
        "report of every issue after validation (salient validate --limit 0)",
        found["report_s"],
        issues.BUDGET_S,
        "s",
        f"{found['issues']:,} issues in {found['file']} ({found['megabytes']} MB; json.loads "
        f"{found['parse_s']:.2f} s), validated "
        f"in {found['validation_s']:.2f} s; of the report, locating them {found['locate_s']:.2f}"
        f" s; as JSON {found['json_report_s']:.2f} s; capped at 20 a code "
        f"{found['capped_report_s']:.2f} s; the studio's list and map marks "
        f"{found['studio_list_s']:.2f} s",
    )


def bench_engine(repeats: int) -> list[Result]:
    """The engine's budgets: battles a second, supply on a large map, whole AI games."""
    import battles
    import supply

    from engine.runner import play
    from schemas.io import load_file

    fights = battles.bench(repeats)
    drawn = supply.bench(repeats)
    sample = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    sample_time = best_of(repeats, lambda: play(sample, 1))
    big = generated(500, seed=2)
    big_scenario = load_file(big).scenario
    assert big_scenario is not None
    big_time = best_of(1, lambda: play(big_scenario, 1))
    peak = _child_peak_mib(
        "from engine.runner import play; from schemas.io import load_file; "
        f"play(load_file({str(big)!r}).scenario, 1)"
    )
    return [
        Result(
            "complete 10 v 10 battles a second",
            fights["battles_per_second"],
            5000.0,
            "/s",
            f"rounds only {fights['fights_per_second']:.0f}/s; through the game's "
            f"card windows {fights['game_battles_per_second']:.0f}/s",
            higher=True,
        ),
        Result(
            "complete 10 v 10 battles a second, batched (numpy, one core)",
            fights["batch_battles_per_second"],
            fights["batch_budget"],
            "/s",
            "10,000 battles of one set-up in one call; "
            f"{fights['batch_battles_per_second_cpu']:.0f}/s in CPU time; "
            f"{fights['batch_battles_per_second'] / fights['fights_per_second']:.1f} x the "
            "rounds-only rate one by one",
            higher=True,
        ),
        Result(
            "odds of one battle from 1,000 samples (batched)",
            fights["odds_1000_ms"],
            fights["odds_budget_ms"],
            "ms",
            f"set-up from the game state and 1,000 battles; {fights['odds_1000_ms_cpu']:.1f} ms "
            "of CPU",
        ),
        Result(
            "supply for every stack of a side (10,000 regions)",
            drawn["ms"],
            50.0,
            "ms",
            f"whole supply phase {drawn['phase_ms']:.1f} ms; static graph "
            f"{drawn['graph_ms']:.0f} ms once per game",
        ),
        Result(
            "AI against AI, the bundled sample",
            sample_time,
            2.0,
            "s",
            "Crossing the Vessa, seed 1, to the end",
        ),
        Result(
            "AI against AI, a generated 500-region scenario",
            big_time,
            20.0,
            "s",
            f"{big.name}, seed 1, to the end",
        ),
        Result(
            "peak memory of a headless 500-region game",
            peak,
            500.0,
            "MiB",
            "a fresh Python process playing the game to the end",
        ),
    ]


def bench_studio(regions: int, repeats: int) -> list[Result]:
    """The studio's budgets (issue 4). They are absolute, as the issue sets them: a studio
    must feel the same on a designer's machine whatever else runs on it."""
    import studio

    found = studio.bench(generated(regions), repeats)
    small, large = found["paint_1000"], found["paint_large"]
    checked = found["validation"]
    slowest = max(checked["edits_ms"], key=checked["edits_ms"].get)
    edits = ", ".join(f"{name} {ms:.0f}" for name, ms in checked["edits_ms"].items())
    opened = found["open"]

    def painted(row: dict[str, Any]) -> str:
        return (
            f"{row['regions']} regions in 1600 x 1000: first paint {row['first_ms']:.1f} ms, "
            f"after a zoom {row['after_zoom_ms']:.1f} ms, after an edit "
            f"{row['after_edit_ms']:.1f} ms (the picture of the map redrawn)"
        )

    return [
        Result(
            f"studio: open a {regions}-region scenario and show it",
            opened["import_s"] + opened["open_s"],
            3.0,
            "s",
            f"from a fresh process: Python and Qt imports {opened['import_s']:.2f} s, then "
            f"loading and showing the window {opened['open_s']:.2f} s; validated in the "
            f"background by {opened['import_s'] + opened['validated_s']:.2f} s",
        ),
        Result(
            "studio: repaint the whole map, 1,000 regions",
            small["repaint_ms"],
            16.0,
            "ms",
            painted(small),
        ),
        Result(
            f"studio: repaint the whole map, {regions} regions",
            large["repaint_ms"],
            60.0,
            "ms",
            painted(large),
        ),
        Result(
            f"studio: live validation after one edit, {regions} regions",
            checked["edits_ms"][slowest],
            100.0,
            "ms",
            f"slowest: {slowest}; all (ms): {edits}; first full run "
            f"{checked['build_ms']:.0f} ms; an edit of the terrain table that floods "
            f"{checked['table_issues']} issues {checked['table_ms']:.0f} ms; UI thread per "
            f"edit {found['handover_ms']:.2f} ms",
        ),
        Result(
            "studio: renaming a region, the map scene's share of the UI thread",
            found["rename_ms"],
            20.0,
            "ms",
            "a generated 2,000-region map zoomed in, names, lines and symbols in the scene",
        ),
        Result(
            f"studio: peak memory holding a {regions}-region scenario",
            opened["peak_mib"],
            1536.0,
            "MiB",
            "a fresh process: the studio window, validated",
        ),
    ]


def bench_diff(regions: int, repeats: int) -> list[Result]:
    """The semantic diff and mods on two large files (issue 13)."""
    import diff

    path = generated(regions)
    text = path.read_text()
    base = best_of(repeats, lambda: baseline(text))
    found = diff.bench(path, generated(regions, seed=2), repeats)
    return [
        Result(
            f"salient diff of two {regions}-region files / baseline",
            found["diff_s"] / base,
            diff.BUDGET_RATIO,
            "x",
            f"{found['diff_s']:.2f} s against a baseline of {base * 1000:.0f} ms: both loaded "
            f"{found['load_s'] * 1000:.0f} ms, compared and put in words "
            f"{found['compare_s'] * 1000:.0f} ms ({found['changes']} changes); a mod of them "
            f"made in {found['make_s'] * 1000:.0f} ms ({found['operations']} operations) and "
            f"applied in {found['apply_s'] * 1000:.0f} ms; two unrelated maps (every region "
            f"differs) {found['unrelated_s']:.1f} s",
        )
    ]


def bench_hexes(repeats: int) -> list[Result]:
    """Hex maps (issue 14): a 10,000-hex scenario opened, and its map's size on disk."""
    import hexes

    found = hexes.bench(repeats)
    return [
        Result(
            f"load + validate a {found['hexes']}-hex scenario",
            found["load_s"],
            hexes.LOAD_BUDGET_S,
            "s",
            f"{found['hexes']} hexes, {found['hexsides']} hexside links, {found['units']} units, "
            f"{found['file_kb']:.0f} kB file; JSON parse alone {found['parse_s'] * 1000:.0f} ms; "
            f"thorough (salient validate) {found['thorough_s'] * 1000:.0f} ms; the engine's "
            f"world (every hex and hexside a model) {found['world_s'] * 1000:.0f} ms once per "
            "game",
        ),
        Result(
            f"the map of a {found['hexes']}-hex scenario on disk",
            found["map_kb"],
            hexes.MAP_BUDGET_KB,
            "kB",
            f"the hex_map section of the canonical file; the whole file {found['file_kb']:.0f} kB "
            "with its forces, structures and decks",
        ),
    ]


def bench_hex_game(repeats: int) -> list[Result]:
    """A 40 x 30 hex map in the game view, as ratios to the bundled sample's (same run)."""
    import hex_game

    found = hex_game.bench(repeats)
    floor, hexes = found["floor"], found["hex"]
    return [
        Result(
            f"game view: first picture of a {found['hexes']}-hex map, in sample pictures",
            found["first_ratio"],
            hex_game.FIRST_BUDGET,
            "x",
            f"{hexes['first_s'] * 1000:.0f} ms CPU (wall {hexes['first_wall_s']:.2f} s), the "
            f"sample's {floor['first_s'] * 1000:.0f} ms CPU; {found['stacks']} units",
        ),
        Result(
            f"game view: a {found['hexes']}-hex map following a move, in sample refreshes",
            found["refresh_ratio"],
            hex_game.REFRESH_BUDGET,
            "x",
            f"{hexes['refresh_s'] * 1000:.0f} ms CPU, the sample's "
            f"{floor['refresh_s'] * 1000:.0f} ms CPU",
        ),
    ]


def bench_hex_studio(repeats: int) -> list[Result]:
    """Hex maps in the studio (issue 14): absolute budgets, read in CPU time of the UI thread
    (the wall time, which other work on the machine stretches, beside it)."""
    import hex_studio

    found = hex_studio.bench(hexes_path(), repeats)
    opened, paint = found["open"], found["repaint"]
    strokes = {"fit": found["stroke_fit"], "zoomed": found["stroke_zoomed"]}
    worst = max(strokes.values(), key=lambda row: row["move_cpu_worst_ms"])

    def stroke(row: dict[str, float]) -> str:
        return (
            f"hexes {row['hex_pixels']:.0f} px: median {row['move_cpu_median_ms']:.1f} ms, "
            f"worst {row['move_cpu_worst_ms']:.1f} ms CPU (wall {row['move_median_ms']:.0f}/"
            f"{row['move_worst_ms']:.0f} ms), release {row['release_cpu_ms']:.0f} ms CPU"
        )

    return [
        Result(
            f"studio: open a {found['hexes']}-hex scenario and show it",
            opened["open_cpu_s"],
            hex_studio.OPEN_BUDGET_S,
            "s",
            f"a fresh process, after Python and Qt imports ({opened['import_cpu_s']:.2f} s CPU): "
            f"the file loaded, validated and the window shown with the map painted, "
            f"{opened['open_cpu_s']:.2f} s CPU (wall {opened['open_s']:.2f} s); "
            f"{found['units']} units on the map",
        ),
        Result(
            f"studio: a brush stroke over {hex_studio.STROKE_HEXES} hexes, per mouse move",
            worst["move_cpu_worst_ms"],
            hex_studio.MOVE_BUDGET_MS,
            "ms",
            "the worst move of the stroke, the repaint included; "
            + "; ".join(f"{name} {stroke(row)}" for name, row in strokes.items()),
        ),
        Result(
            f"studio: repaint a {found['hexes']}-hex map at fit zoom",
            max(paint["repaint_cpu_ms"], found["repaint_after_stroke"]["repaint_cpu_ms"]),
            hex_studio.REPAINT_BUDGET_MS,
            "ms",
            f"1600 x 1000: {paint['repaint_cpu_ms']:.0f} ms CPU (wall {paint['repaint_ms']:.0f} "
            f"ms), after a stroke {found['repaint_after_stroke']['repaint_cpu_ms']:.0f} ms CPU",
        ),
    ]


def hexes_path() -> Path:
    import hexes

    return hexes.generated()


def bench_game(repeats: int) -> list[Result]:
    """The game view's budgets (issue 5), absolute like the studio's: a person waits for them."""
    import game

    found = game.bench(repeats)
    play, ai, frame = found["play"], found["ai"], found["first_frame"]
    cold, warm = play["cold"], play["warm"]
    parts = ", ".join(f"{name} {ms:.1f}" for name, ms in ai["refresh_ms"].items())
    return [
        Result(
            "game view: Play pressed to the first phase on screen, the bundled sample",
            cold["total_s"],
            1.0,
            "s",
            f"first Play of a studio session (the game view imported on first use): start "
            f"dialog shown {cold['dialog_s']:.2f} s, then from Start to the window drawn "
            f"{cold['game_s']:.2f} s; a later Play {warm['total_s']:.2f} s "
            f"({warm['dialog_s']:.2f} + {warm['game_s']:.2f})",
        ),
        Result(
            "game view: an AI player-turn shown at the fastest speed, the bundled sample",
            ai["slowest_s"],
            2.0,
            "s",
            f"slowest of {ai['turns']} AI player-turns (turn {ai['slowest_turn']}): engine and "
            f"AI {ai['slowest_engine_s']:.2f} s of it; median {ai['median_s']:.2f} s; one "
            f"refresh with repaint (ms): {parts}",
        ),
        Result(
            "game view: the sample's map from its making to the first picture",
            frame["first_s"],
            0.3,
            "s",
            f"a 1400 x 900 view of a new game, shown and grabbed; later ones "
            f"{frame['best_s'] * 1000:.0f} ms",
        ),
        Result(
            "game view: a whole game of the sample through the window",
            found["whole_game"]["game_s"],
            60.0,
            "s",
            "tests/game/test_whole_game.py: one side scripted on the real widgets, the AI on "
            "the other at the fastest speed, fog of war checked on every text at each phase",
        ),
    ]


def bench_snapping(repeats: int) -> list[Result]:
    """Snapping on a 10,000-region map: building the index, then 1,000 snaps."""
    from schemas.geometry import SnapIndex
    from schemas.map import Polygon

    outlines = [
        Polygon(exterior=[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)])
        for y in range(100)
        for x in range(100)
    ]
    points = np.random.default_rng(7).uniform(0, 100, size=(1000, 2))
    built = best_of(repeats, lambda: SnapIndex(outlines))
    index = SnapIndex(outlines)
    queried = best_of(repeats, lambda: [index.snap(p, radius=0.2) for p in points])
    return [
        Result("snapping index of 10,000 regions built", built, 2.0, "s", "a 100 x 100 grid"),
        Result("1,000 snaps on 10,000 regions", queried, 1.0, "s", "radius 0.2, random points"),
    ]


def bench_theatres() -> list[Result]:
    """The theatre samples' whole AI games: 1 s of CPU at the ``normal`` level (issue 12), 5 s
    at ``hard``."""
    import theatres

    found = theatres.bench()
    return [
        Result(
            f"AI against AI ({game['level']}), the {game['sample']} sample, to the end",
            game["cpu_s"],
            game["budget_cpu_s"],
            "s CPU",
            f"seed {game['seed']}: wall {game['wall_s']:.1f} s, {game['actions']} actions, "
            f"{game['turns']} turns; {game['cpu_per_floor']:.1f} times the rules' own cost "
            f"(the same actions applied again: {game['floor_cpu_s']:.2f} s of CPU)",
        )
        for game in found["games"].values()
    ]


def bench_ai_turn() -> list[Result]:
    """Turn 1 of AI-against-AI games (``normal``) on generated maps of 500 to 10,000 regions
    (issue 12): at most 1 s of CPU at 2,000 regions and 10 s at 10,000, with growth near
    linear in the regions (the cost's exponent between the smallest and largest map)."""
    import ai_turn

    found = ai_turn.bench()
    rows = found["turn_one"]
    table = "; ".join(
        f"{r['regions']}: {r['cpu_s']:.2f} s ({r['cpu_per_floor']:.1f} floors)" for r in rows
    )
    out = [
        Result(
            f"AI turn 1 (normal), generated {r['regions']}-region map",
            r["cpu_s"],
            r["budget_cpu_s"],
            "s CPU",
            f"{r['stacks']} stacks, {r['actions']} actions; wall {r['wall_s']:.1f} s at a load "
            f"average of {found['load_average']:.1f}; {r['cpu_per_floor']:.1f} times the rules' "
            f"own cost (the same actions applied again: {r['floor_cpu_s']:.2f} s of CPU)",
        )
        for r in rows
        if r["budget_cpu_s"] is not None
    ]
    small, large = rows[0], rows[-1]
    growth = ai_turn.exponent(small, large)
    out.append(
        Result(
            f"AI turn 1: growth of its cost from {small['regions']} to {large['regions']} regions",
            growth,
            ai_turn.GROWTH_BUDGET,
            "exponent",
            f"CPU ~ regions^{growth:.2f}; per map: {table}",
        )
    )
    return out


def bench_duels(seeds: int) -> list[Result]:
    """The AI levels' strength on the four area samples (issue 12): ``hard`` wins more than
    half of its decisive games against ``normal``, ``normal`` at least 65% against
    ``baseline``, on every sample."""
    import duels

    found = duels.bench(seeds)
    return [
        Result(
            f"AI duel: {d['first']} against {d['second']}, the {d['sample']} sample",
            d["share"]["rate"],
            d["aim"],
            "of decisive games",
            f"{d['share']['count']} of {d['decisive']} decisive games ({d['games']} played, "
            f"{found['seeds']} seeds, sides swapped); 95% interval "
            f"{d['share']['low']:.2f}-{d['share']['high']:.2f}; {d['cpu_s']:.0f} s of CPU",
            higher=True,
        )
        for d in found["duels"]
    ]


def bench_lab(games: int) -> list[Result]:
    """The balance lab: ``games`` games of a theatre sample on this machine (issue 12)."""
    import lab

    found = lab.bench(games=games)
    whole, scaling = found["batch"], found["scaling"]
    return [
        Result(
            f"balance lab: {whole['games']} games of {found['sample']} on this machine",
            whole["wall_s"],
            found["budget_s"] * games / 200,
            "s",
            f"{whole['workers']} workers, {whole['games_per_minute']:.0f} games a minute, "
            f"{whole['cpu_s']:.0f} s of CPU in the games; {scaling['one_worker']['games']} "
            f"games on one worker then on {scaling['all_cores']['workers']}: "
            f"{scaling['speed_up']:.2f} x faster",
        )
    ]


def bench_gis(repeats: int) -> list[Result]:
    """The GIS import's budget (issue 17), absolute as the issue sets it, held against the
    import's CPU time: it runs on one thread, so on a machine to itself that is its wall time
    (the wall time under the machine's load is given beside it, with the ratios to a floor
    measured in the same run)."""
    import gis

    found = gis.bench(repeats)
    stages = ", ".join(f"{name} {s:.2f}" for name, s in found["stages_s"].items())
    return [
        Result(
            f"GIS import: {found['polygons']} polygons of {gis.VERTICES} vertices, "
            "read, projected, simplified into regions (CPU time)",
            found["whole_cpu_s"],
            3.0,
            "s",
            f"{found['vertices_before']} vertices to {found['vertices_after']} (a budget of "
            f"{found['budget']} per region); wall {found['whole_s']:.2f} s at a load average of "
            f"{found['load_average']:.1f}; floor (read, project every point) CPU "
            f"{found['floor_cpu_s']:.2f} s, wall {found['floor_s']:.2f} s: the import is "
            f"{found['cpu_per_floor']:.1f} floors of CPU, {found['wall_per_floor']:.1f} of wall; "
            f"read {found['read_s']:.2f} s; stages (wall s): {stages}; geometry alone at a "
            f"tolerance of {found['tolerance_km']} km {found['tolerance_prepare_s']:.2f} s",
        )
    ]


def bench_operational(repeats: int) -> list[Result]:
    """Issue 15: a side's zone of control, and with its lines of communication, at 3,000
    hexes and 300 units."""
    import operational_loc
    import operational_zoc

    found = operational_zoc.bench(max(repeats, 20))
    loc = operational_loc.bench(max(repeats, 20))
    states = ", ".join(f"{n} {s}" for s, n in loc["states"].items())
    return [
        Result(
            f"operational: ZOC of a side, {found['hexes']} hexes, {found['units']} units",
            found["zoc_ms"],
            operational_zoc.BUDGET_MS,
            "ms",
            f"at night {found['zoc_night_ms']:.2f} ms; floor (the numpy passes alone) "
            f"{found['floor_ms']:.2f} ms, so {found['per_floor']:.1f} floors; the board, built "
            f"once per game, {found['board_ms']:.1f} ms; {found['hexes_in_zoc']} hexes in the "
            "side's zone",
        ),
        Result(
            f"operational: ZOC and LOC of a side, {loc['hexes']} hexes, {loc['units']} units "
            f"({loc['hqs']} HQs)",
            loc["zoc_loc_ms"],
            operational_loc.BUDGET_MS,
            "ms",
            f"LOC trace alone {loc['loc_ms']:.2f} ms; floor (one multi-source shortest-path "
            f"pass from the side's HQs) {loc['floor_ms']:.2f} ms, so {loc['per_floor']:.1f} "
            f"floors; the truck network ({loc['edges']} steps), built once per game, "
            f"{loc['network_ms']:.0f} ms; red's states: {states}",
        ),
        _bench_operational_wego(repeats),
    ]


def _bench_operational_wego(repeats: int) -> Result:
    """Issue 15: a WEGO execution phase, 300 units, 3,000 hexes, in at most 0.5 s."""
    import operational_wego

    found = operational_wego.bench(max(repeats, 5))
    return Result(
        f"operational: WEGO execution phase, {found['hexes']} hexes, {found['units']} units, "
        f"{found['orders']} orders",
        found["execution_s"],
        operational_wego.BUDGET_S,
        "s",
        f"wall {found['wall_s']:.3f} s, CPU {found['cpu_s']:.3f} s at a load average of "
        f"{found['load_average']:.1f}; {found['ticks']} ticks, {found['steps']} steps, "
        f"{found['battles']} battles, {found['jams']} jams; floor (both sides' zones of "
        f"control each tick) CPU {found['floor_cpu_s'] * 1000:.1f} ms, so "
        f"{found['per_floor']:.1f} floors",
    )


def bench_large_map(regions: int, repeats: int) -> list[Result]:
    """The large-map budgets of issue 10, as multiples of a floor measured in the same run."""
    import large_map

    found = large_map.bench(generated(regions), generated(3 * regions), repeats)
    return [Result(*row) for row in large_map.verdicts(found)]


GROUPS = {
    "validation": lambda a: [
        *bench_validation(a.regions, a.repeats),
        bench_validate_memory(a.regions),
    ],
    "issues": lambda a: [bench_issue_report(a.regions, a.repeats)],
    "hexes": lambda a: bench_hexes(a.repeats),
    "engine": lambda a: bench_engine(a.repeats),
    "theatres": lambda a: bench_theatres(),
    "ai-turn": lambda a: bench_ai_turn(),
    "lab": lambda a: bench_lab(a.lab_games),
    "duels": lambda a: bench_duels(a.duel_seeds),
    "snapping": lambda a: bench_snapping(a.repeats),
    "studio": lambda a: bench_studio(a.regions, a.repeats),
    "large-map": lambda a: bench_large_map(a.regions, a.repeats),
    "game": lambda a: bench_game(a.repeats),
    "hex-game": lambda a: bench_hex_game(a.repeats),
    "hex-studio": lambda a: bench_hex_studio(a.repeats),
    "diff": lambda a: bench_diff(a.regions, a.repeats),
    "gis": lambda a: bench_gis(a.repeats),
    "operational": lambda a: bench_operational(a.repeats),
}
"""The benchmarks by the part of Salient they measure, in the order they run."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    parser.add_argument("--regions", type=int, default=10_000, help="size of the large map")
    parser.add_argument("--repeats", type=int, default=3, help="runs per timing (best kept)")
    parser.add_argument(
        "--lab-games", type=int, default=200, help="games the balance lab benchmark plays"
    )
    parser.add_argument(
        "--duel-seeds", type=int, default=6, help="seeds of each AI duel (two games each)"
    )
    parser.add_argument(
        "--only",
        choices=sorted(GROUPS),
        action="append",
        help="run only these benchmarks (repeatable); large-map holds issue 10's budgets",
    )
    args = parser.parse_args(argv)

    results = [r for group in args.only or GROUPS for r in GROUPS[group](args)]
    if args.json:
        print(json.dumps([asdict(r) | {"passed": r.passed} for r in results], indent=2))
    else:
        for r in results:
            verdict = "ok  " if r.passed else "FAIL"
            print(f"{verdict} {r.name}: {r.measured:.2f} {r.unit} (budget {r.budget:g})")
            print(f"     {r.detail}")
    return 0 if all(r.passed for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
