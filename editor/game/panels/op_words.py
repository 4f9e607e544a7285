"""The turn information of the operational rules in the event log (OF8): what the assets
did as the execution started (each mission flown, with the turn the asset is back), the air
war's counter-air counts and advantages, interdiction's toll on the enemy's supply, AA fire
at the assets, bombardments, logistics missions (OS16), assets arriving or leaving at random
(OA2, OA13) and the assets withdrawn from the next turn (OT12). Reinforcements arriving and
units withdrawn are the log's usual lines. Also the words the Assets tab gives an asset's
delay and random turns (:func:`delay_words`).

The engine shows these records to every side (a mission once flown is seen); under the fog
of war an enemy asset's return turn is left out (its readiness is the enemy's business).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from editor.game.panels.knowledge import Sight, plural
from schemas.operational.assets import Asset

Record = dict[str, Any]

MISSION_NAMES = {
    "recon": "Recon",
    "ground_attack": "Ground attack",
    "offensive_support": "Offensive support",
    "defensive_support": "Defensive support",
    "interdiction": "Interdiction",
    "counter_air": "Counter-air",
    "air_supply": "Air supply",
    "intelligence": "Intelligence",
    "command": "Command",
    "logistics": "Logistics",
}
POOL_WORDS = (("fuel", "fuel"), ("ammo", "ammunition"), ("personnel", "personnel"))
POOL_WORDS += (("equipment", "equipment"),)


def mission_words(mission: str) -> str:
    return MISSION_NAMES.get(mission, mission.replace("_", " ").capitalize())


def asset_name(sight: Sight, asset_id: str) -> str:
    """An asset's name from the scenario (its id when it has none)."""
    operational = sight.game.scenario.rules.operational
    asset = operational.assets.asset(asset_id) if operational is not None else None
    return (asset.name or asset_id) if asset is not None else asset_id


def place(sight: Sight, hex_id: str) -> str:
    """A hex by its place's name, else as "hex c12r4" (most hexes have no name)."""
    name = sight.region(hex_id)
    return f"hex {hex_id}" if name == hex_id else name


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def delay_words(asset: Asset) -> str:
    """OA2, OA13: how long the asset is away after a mission, in a few words, and its
    random arrival and leaving."""
    words = _away_words(asset)
    if asset.arrives_at_random():
        words += (
            f"; arrives at random, turns {asset.arrives} to {asset.arrives_by} "
            f"({asset.arrival_chance:g}% a turn)"
        )
    if asset.leave_chance > 0 and asset.returns:
        turns = (
            f"turns {asset.leave_from} to {asset.leave_until}"
            if asset.leave_until is not None
            else f"from turn {asset.leave_from}"
        )
        words += f"; {asset.leave_chance:g}% that a mission is its last ({turns})"
    return words


def _away_words(asset: Asset) -> str:
    if not asset.returns:
        return "leaves after one mission"
    delay = asset.delay
    if delay.spread:
        low = max(delay.minimum, delay.turns - delay.spread)
        return f"away {low}-{delay.turns + delay.spread} turns after a mission"
    turns = max(delay.minimum, delay.turns)
    return f"away {turns} turn{'s' if turns != 1 else ''} after a mission"


def _mission(sight: Sight, r: Record) -> str:
    flies = f"{sight.whose(r['side_id'])} {asset_name(sight, r['asset'])} flies "
    what = mission_words(r["mission"]).lower()
    where = f" at {place(sight, r['target'])}" if r.get("target") else ""
    if r.get("gone"):
        after = "; it then leaves for good"
    elif sight.hostile(r["side_id"]) or not r.get("back_on"):
        after = ""
    else:
        after = f"; back on turn {r['back_on']}"
    return f"{flies}{what}{where}{after}."


def _air_war(sight: Sight, r: Record) -> str:
    counts = ", ".join(f"{sight.them(s)} {n}" for s, n in sorted(r["counter_air"].items()))
    ahead = [(s, n) for s, n in sorted(r["advantage"].items()) if n > 0]
    edge = ", ".join(f"{sight.them(s)} +{n}" for s, n in ahead) if ahead else "nobody"
    return f"Air war (OA7-OA9): counter-air {counts}; advantage {edge}."


def _interdiction(sight: Sight, r: Record) -> str:
    lost = r.get("lost", {})
    parts = [f"{_number(lost[k])} {w}" for k, w in POOL_WORDS if lost.get(k)]
    toll = ", ".join(parts) if parts else "no supply points"
    cut = f" and {_number(r['loc_cut'])}% of its HQs' LOC range" if r.get("loc_cut") else ""
    assets = plural(len(r.get("assets", [])), "asset", "assets")
    return (
        f"{sight.whose(r['side_id'])} interdiction ({assets}, {r.get('effective', 0)} "
        f"effective): the enemy loses {toll}{cut}."
    )


def _aa_fire(sight: Sight, r: Record) -> str:
    result = str(r.get("result", "none")).replace("_", " ")
    hurt = f", {_number(r['damage'])}% strength lost" if r.get("damage") else ""
    return (
        f"AA fire at {asset_name(sight, r['asset'])} ({sight.owner(r['side_id'])}) over "
        f"{place(sight, r['target'])}: {result}{hurt}."
    )


def _bombardment(sight: Sight, r: Record) -> str:
    hit = plural(len(r.get("units", {})), "unit", "units")
    return (
        f"{sight.whose(r['side_id'])} bombardment of {place(sight, r['target'])} (OC31): "
        f"{hit} there each lose {_number(r.get('loss', 0))}% readiness."
    )


def _asset_withdrawn(sight: Sight, r: Record) -> str:
    return (
        f"{asset_name(sight, r['asset'])} ({sight.owner(r['side_id'])}) is withdrawn: no longer "
        f"available from turn {r['leaves']} (OT12)."
    )


def _arrived(sight: Sight, r: Record) -> str:
    first, last = r.get("window", [0, 0])
    return (
        f"{sight.whose(r['side_id'])} {asset_name(sight, r['asset'])} arrived (at random "
        f"between turns {first} and {last}, OA2)."
    )


def _left(sight: Sight, r: Record) -> str:
    return (
        f"{sight.whose(r['side_id'])} {asset_name(sight, r['asset'])} left for the rest of "
        "the scenario after its mission (OA13)."
    )


_LEVELS = {"move_plus": "Move+", "combat_plus": "Combat+", "replacements": "Repl+"}


def _logistics(sight: Sight, r: Record) -> str:
    levels = ", ".join(_LEVELS.get(k, k) for k in r.get("levels", []))
    units = plural(len(r.get("units", [])), "unit", "units")
    return (
        f"{sight.whose(r['side_id'])} {asset_name(sight, r['asset'])} brings {levels} to "
        f"{units} around {place(sight, r['target'])} (OS16)."
    )


OP_SENTENCES: dict[str, Callable[[Sight, Record], str | None]] = {
    "op_asset_arrived": _arrived,
    "op_asset_left": _left,
    "op_logistics": _logistics,
    "op_asset_mission": _mission,
    "op_air_war": _air_war,
    "op_interdiction": _interdiction,
    "op_aa_fire": _aa_fire,
    "op_bombardment": _bombardment,
    "op_asset_withdrawn": _asset_withdrawn,
}
"""The operational records the log words (:data:`.wording.SENTENCES` takes them in)."""
