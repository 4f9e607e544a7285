"""The details of one battle of the operational rules (OF6, OF7), as HTML for the battle
summary's details pane: the kind of battle and its order, each side's total with the
organisational integrity, the artillery's and the naval fire's factors in it (each gun with
its factor and Table OC32's multiplier), the basic odds, every shift with why, the final and
column odds, the intensity, the die and the table's damage, the AA fire at the supporting
assets (odds, roll, row, result, damage), each side's men, guns and vehicles lost of those
present, and each engaged unit's losses and shock.

Everything is read from the ``op_battle`` record (and the ``op_aa_fire`` records of the same
fight) that :func:`engine.wego.film.battles` attaches to the row; the pane only words it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.wego.film import BattleRow
from engine.world import World

KIND_WORDS = {
    "set_piece": "Set-piece battle",
    "move_battle": "Move battle (OC28)",
    "meeting": "Meeting engagement (OC29)",
    "ambush": "Ambush (OC30)",
}
ORDER_WORDS = {
    "attack": "Attack",
    "assault": "Assault (+1 intensity)",
    "attack_no_advance": "Attack without advance",
}


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value else "0"


def _cell(text: str, right: bool = False) -> str:
    align = ' align="right"' if right else ""
    return f"<td{align}>{escape(text)}</td>"


def _table(head: list[str], rows: list[list[str]]) -> str:
    top = "".join(f"<th align='left'>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(_cell(c, right=n > 0) for n, c in enumerate(row)) + "</tr>" for row in rows
    )
    return f"<table cellspacing='0' cellpadding='3'><tr>{top}</tr>{body}</table>"


class _Names:
    def __init__(self, world: World, viewer: str | None) -> None:
        self.world = world
        self.viewer = viewer

    def side(self, side: str) -> str:
        found = self.world.sides.get(side)
        return found.name if found is not None else side

    def unit(self, unit_id: str, side: str = "") -> str:
        if self.viewer is not None and side and side != self.viewer:
            return "an enemy unit"  # under fog of war: the Intel overlay says what it is
        unit = self.world.units.get(unit_id)
        if unit is None:
            return unit_id
        if unit.name:
            return unit.name
        kind = self.world.unit_types.get(unit.type)
        return f"{kind.name} ({unit_id})" if kind is not None else unit_id

    def asset(self, asset_id: str) -> str:
        operational = self.world.rules.operational
        asset = operational.assets.asset(asset_id) if operational is not None else None
        return (asset.name or asset_id) if asset is not None else asset_id

    def place(self, hex_id: str) -> str:
        region = self.world.regions.get(hex_id)
        if region is None or region.name == hex_id:
            return f"hex {hex_id}"
        return region.name


def battle_details(world: World, row: BattleRow, viewer: str | None = None) -> str:
    """The HTML of the battle's details (an empty string for a battle of the area rules or
    an overrun, which has no record of odds). With a ``viewer`` (a side under fog of war)
    the other side's units and guns are not named."""
    record = row.record
    if record is None:
        return ""
    names = _Names(world, viewer)
    attacker, defender = record["attacker"], record["defender"]
    kind = KIND_WORDS.get(record["battle_kind"], record["battle_kind"])
    order = ORDER_WORDS.get(record["order"], record["order"])
    parts = [
        f"<h4>{escape(kind)} at {escape(names.place(record['target']))}</h4>",
        f"<p>Turn {row.turn}, tick {row.tick}: {escape(names.side(attacker))} ({escape(order)}) "
        f"against {escape(names.side(defender))}"
        + (f", defended from a {escape(record['overlay'])}" if record.get("overlay") else "")
        + ".</p>",
    ]
    parts.append(_totals(record, names))
    guns = record.get("artillery", [])
    if guns:
        parts.append("<p><b>Artillery fire</b> (OC2, OC32)</p>")
        rows = [
            [
                names.unit(g["unit"], g["side"]),
                names.side(g["side"]),
                _n(g["factor"]),
                f"x{_n(g['multiplier'])}",
                _n(g["factor"] * g["multiplier"]),
            ]
            for g in guns
        ]
        parts.append(_table(["Gun", "Side", "Factor", "Intel", "Fire"], rows))
    parts.append(_odds(record))
    if row.aa:
        parts.append("<p><b>AA fire at the supporting assets</b> (OC34, OC35, OF7)</p>")
        rows = [
            [
                names.asset(s["asset"]),
                names.side(s["side_id"]),
                _n(s["aa"]),
                _n(s["odds"]),
                str(s["roll"]) if s["roll"] >= 0 else "\u2013",
                str(s["row"]) if s["roll"] >= 0 else "\u2013",
                str(s["result"]).replace("_", " "),
                f"{_n(s['damage'])}%",
            ]
            for s in row.aa
        ]
        head = ["Asset", "Side", "AA", "Odds", "Roll", "Row", "Result", "Hit"]
        parts.append(_table(head, rows))
    parts.append(_losses(record, names))
    parts.append(_units(record, names))
    return "".join(parts)


def _totals(record: dict[str, Any], names: _Names) -> str:
    attack_guns = record.get("attack_artillery", 0.0)
    defence_guns = record.get("defence_artillery", 0.0)
    attack_ships = record.get("attack_naval", 0.0)
    defence_ships = record.get("defence_naval", 0.0)
    rows = [
        [
            "Attack",
            names.side(record["attacker"]),
            f"x{_n(record['attack_integrity'])}",
            _n(attack_guns),
            _n(attack_ships),
            _n(record["attack_total"]),
        ],
        [
            "Defence",
            names.side(record["defender"]),
            f"x{_n(record['defence_integrity'])}",
            _n(defence_guns),
            _n(defence_ships),
            _n(record["defence_total"]),
        ],
    ]
    head = ["", "Side", "Integrity", "Artillery", "Naval", "Total"]
    return "<p><b>Totals</b> (OC2-OC4)</p>" + _table(head, rows)


def _odds(record: dict[str, Any]) -> str:
    lines = [f"<p><b>Odds</b>: basic {_n(record['basic_odds'])} to 1"]
    shifts = record.get("shifts", [])
    if shifts:
        items = "".join(
            f"<li>{s['value']:+d} {escape(s['kind'].replace('_', ' '))} ({escape(s['item'])}): "
            f"{escape(s['detail'])}</li>"
            for s in shifts
        )
        lines.append(f"; shifts:</p><ul>{items}</ul><p>")
    else:
        lines.append("; no shifts. ")
    lines.append(
        f"Final {_n(record['final_odds'])} to 1, read in the column of "
        f"{_n(record['column_odds'])} to 1; intensity {escape(record['intensity'])}; "
        f"die {record['die']}: the table gives the attacker {_n(record['attacker_damage'])}% "
        f"and the defender {_n(record['defender_damage'])}%.</p>"
    )
    return "".join(lines)


def _losses(record: dict[str, Any], names: _Names) -> str:
    """OF6: per side, men, guns and vehicles lost of those present (records from before the
    establishment table have none: nothing shown)."""
    lines = record["units"]
    if not lines or "men_before" not in lines[0]:
        return ""
    rows = []
    for side in (record["attacker"], record["defender"]):
        mine = [line for line in lines if line["side"] == side]
        cells = [names.side(side)]
        for key in ("men", "guns", "vehicles"):
            had = sum(line[f"{key}_before"] for line in mine)
            lost = had - sum(line[f"{key}_after"] for line in mine)
            cells.append(f"{lost:,} of {had:,}")
        rows.append(cells)
    head = ["Side", "Men lost", "Guns lost", "Vehicles lost"]
    return "<p><b>Losses</b> (of those present, OF6)</p>" + _table(head, rows)


def _units(record: dict[str, Any], names: _Names) -> str:
    rows = []
    for line in record["units"]:
        strength = f"{_n(line['strength_before'])} \u2192 {_n(line['strength_after'])}"
        readiness = f"{_n(line['readiness_before'])} \u2192 {_n(line['readiness_after'])}"
        shock = f"{_n(line['shock_before'])} \u2192 {_n(line['shock_after'])}"
        rows.append(
            [
                names.unit(line["unit"], line["side"])
                + (" (destroyed)" if line["destroyed"] else ""),
                names.side(line["side"]),
                f"{_n(line['damage'])}%",
                strength,
                readiness,
                shock,
            ]
        )
    head = ["Unit", "Side", "Damage", "Strength %", "Readiness %", "Shock"]
    return "<p><b>Engaged units</b> (OC18-OC20)</p>" + _table(head, rows)
