"""The battle summary of WEGO turns, read from the event log alone (the film's table).

Each battle of an execution phase becomes a :class:`BattleRow`: its tick, place, sides,
winner and losses and the frame to jump to, with, under the operational rules, the whole
``op_battle`` record (OF6) and the AA fire at its supporting assets (OF7); overruns (OM14)
are rows too. It is apart from :mod:`.film` because the table and the battle details pane
read it, not the frames.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .film_log import Record, by_turn


@dataclass(frozen=True, slots=True)
class BattleRow:
    """One battle of a turn's execution, for the summary table."""

    turn: int
    tick: int
    frame: int
    """Index of the battle's tick among the turn's frames (to jump to it)."""
    region: str
    attacker: str
    defender: str
    winner: str | None
    rounds: int
    lost: dict[str, int]
    meeting: bool
    """A meeting engagement (no stack had orders to attack that region)."""
    kind: str = ""
    """The operational rules' kind of fight: ``set_piece``, ``move_battle``, ``meeting``,
    ``ambush`` (OC30) or ``overrun`` (OM14, no die rolled); empty for the area rules."""
    record: Record | None = None
    """OF6: the operational rules' ``op_battle`` record, whole (the battle details)."""
    aa: tuple[Record, ...] = ()
    """OF7: the ``op_aa_fire`` records of the AA fire at the assets supporting it."""


def battles(records: Sequence[Record], turn: int | None = None) -> list[BattleRow]:
    """The battles of ``turn``'s execution (every turn when ``None``), in the order fought."""
    out: list[BattleRow] = []
    for number, turn_records in sorted(by_turn(records).items()):
        if turn is not None and number != turn:
            continue
        frame = 0
        over: Record | None = None
        attacks: set[tuple[int, str]] = set()
        shots: list[Record] = []  # OF7: AA fire comes just before the battle it is part of
        for record in turn_records:
            kind = record["type"]
            if kind == "op_aa_fire":
                shots.append(record)
            elif kind == "op_bombardment":
                shots = []  # the AA fire of a bombardment, not of a battle
            elif kind == "wego_tick":
                frame += 1
            elif kind == "wego_contact" and record["attack"]:
                attacks.add((record["tick"], record["region"]))
            elif kind == "battle_over":
                over = record
            elif kind == "op_battle":
                aa = tuple(r for r in shots if r.get("target") == record["target"])
                out.append(_op_row(number, frame, record, aa))
                shots = []
            elif kind == "op_overrun":  # OM14: the defenders destroyed, no die
                lost = {record["defender"]: len(record["defenders"])}
                attacker = record["side_id"]
                row = BattleRow(
                    number,
                    record["tick"],
                    frame + 1,
                    record["target"],
                    attacker,
                    record["defender"],
                    attacker,
                    0,
                    lost,
                    False,
                    "overrun",
                )
                out.append(row)
            elif kind == "wego_battle" and over is not None:
                out.append(
                    BattleRow(
                        number,
                        record["tick"],
                        frame,
                        record["region"],
                        record["attacker"],
                        record["defender"],
                        record["winner"],
                        over["rounds"],
                        dict(over["lost"]),
                        (record["tick"], record["region"]) not in attacks,
                    )
                )
                over = None
    return out


def _op_row(turn: int, frame: int, record: Record, aa: tuple[Record, ...]) -> BattleRow:
    """A battle of the operational rules (one roll, OC17): the winner is the attacker when
    the defenders left or lost the hex, else the defender; ``lost`` counts units destroyed."""
    lost: dict[str, int] = {}
    for line in record["units"]:
        if line["destroyed"]:
            lost[line["side"]] = lost.get(line["side"], 0) + 1
    survivors = [
        line
        for line in record["units"]
        if line["side"] == record["defender"] and not line["destroyed"]
    ]
    return BattleRow(
        turn,
        record["tick"],
        frame + 1,
        record["target"],
        record["attacker"],
        record["defender"],
        record["defender"] if survivors else record["attacker"],
        1,
        lost,
        record["battle_kind"] == "meeting",
        record["battle_kind"],
        record,
        aa,
    )
