"""The answer of the battle odds calculator: fighting one set-up many times off the studio's
thread (:func:`fight`), the answer in a table (:func:`answer_html`) and its chart of how the
battles end (:class:`EndingsChart`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyqtgraph as pg

from .charts import INK

if TYPE_CHECKING:
    from schemas.scenario import Scenario

ENDINGS = (
    ("attacker", "routed", "defender routed"),
    ("attacker", "wiped_out", "defender wiped out"),
    ("attacker", "retreats", "defender retreats"),
    ("defender", "routed", "attacker routed"),
    ("defender", "wiped_out", "attacker wiped out"),
    ("defender", "retreats", "attacker retreats"),
)
"""The bars of the chart: who wins, and how the loser leaves the field."""


def fight(
    scenario: Scenario,
    region: str,
    attackers: str,
    defenders: str,
    sides: tuple[str | None, str | None],
    entrenched: bool | None,
    came_from: str | None,
    runs: int,
    seed: int,
) -> dict[str, Any] | str:
    """The odds of one set-up, or what is wrong with it (in words)."""
    from engine.combat.batch_odds import odds
    from engine.lab.forces import ForceError, what_if

    if not attackers:
        return "Add units to the attacking force."
    if not defenders:
        return "Add units to the defending force."
    try:
        battle = what_if(
            scenario,
            region,
            attackers=attackers,
            defenders=defenders,
            attacker_side=sides[0],
            defender_side=sides[1],
            entrenched=entrenched,
            came_from=came_from,
        )
        found = odds(battle.setup(), scenario.rules.dice.sides, runs, seed)
    except ForceError as error:
        return f"{error}."
    except Exception as error:  # a scenario mid-edit must not take the studio down
        return f"These forces cannot fight here: {type(error).__name__}: {error}"
    return {**found, "entrenched": battle.description["entrenched"], "sides": battle.sides}


def answer_html(result: dict[str, Any], names: dict[str, str]) -> str:
    """Each side's chance, the rounds and the losses (mean and 10-90% range), as a table."""
    attacker, defender = result["sides"]
    dist = result["distributions"]

    def spread(key: str) -> str:
        d = dist[key]
        return f"{d['mean']:.2f} <span style='color:#666'>({d['p10']:g}-{d['p90']:g})</span>"

    rows = [
        (f"{names[attacker]} wins", f"<b>{result['attacker_win']:.1%}</b>"),
        (f"{names[defender]} wins", f"<b>{result['defender_win']:.1%}</b>"),
        ("Rounds", spread("rounds")),
        (f"{names[attacker]} units lost", spread("attacker_units_lost")),
        (f"{names[defender]} units lost", spread("defender_units_lost")),
        (f"{names[attacker]} hit points lost", spread("attacker_hits_lost")),
        (f"{names[defender]} hit points lost", spread("defender_hits_lost")),
        ("Pursuit after the battle", f"{result['pursuits']:.1%}"),
    ]
    table = "".join(f"<tr><td>{a}</td><td align=right>{b}</td></tr>" for a, b in rows)
    note = "defenders entrenched; " if result["entrenched"] else ""
    return (
        f"<table cellpadding=2>{table}</table><p style='color:#666'>{note}"
        f"{result['runs']:,} battles; in brackets the 10-90% range. No cards are played "
        "and nobody retreats by choice.</p>"
    )


class EndingsChart(pg.PlotWidget):
    """Who wins and how the loser leaves the field, as bars of the winner's colour."""

    def __init__(self) -> None:
        super().__init__(background="w")
        self.setObjectName("odds-chart")
        self.setMinimumSize(360, 240)
        item = self.getPlotItem()
        item.hideButtons()
        item.setMenuEnabled(False)
        item.setMouseEnabled(False, False)
        item.setTitle("How the battles end", color=INK)
        item.getAxis("left").setTextPen(INK)
        item.getAxis("bottom").setTextPen(INK)
        item.getAxis("left").setTicks([[(i, label) for i, (_w, _k, label) in enumerate(ENDINGS)]])
        item.getAxis("bottom").setTicks([[(v / 4, f"{v * 25}%") for v in range(5)]])
        item.setLabel("bottom", "share of battles", color=INK)
        item.getViewBox().invertY(True)
        self.bars = pg.BarGraphItem(
            x0=[0] * len(ENDINGS),
            y=list(range(len(ENDINGS))),
            width=[0.0] * len(ENDINGS),
            height=0.7,
            brush="#999999",
        )
        item.addItem(self.bars)
        self.setXRange(0, 1, padding=0.02)
        self.setYRange(-0.6, len(ENDINGS) - 0.4, padding=0)

    def show_result(self, result: dict[str, Any], colours: dict[str, str]) -> None:
        attacker, defender = result["sides"]
        ends = result["endings"]
        widths = [ends[kind][f"{who}_wins"] for who, kind, _label in ENDINGS]
        brushes = [colours[attacker if who == "attacker" else defender] for who, _k, _l in ENDINGS]
        self.bars.setOpts(width=widths, brushes=brushes)

    def clear_bars(self) -> None:
        self.bars.setOpts(width=[0.0] * len(ENDINGS))
