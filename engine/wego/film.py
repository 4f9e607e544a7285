"""The film of WEGO turns: what each execution phase showed, tick by tick, read from the
event log alone, so that a saved game, a replayed log or a game by e-mail shows exactly the
film the players saw.

* :func:`frames`: the frames of one turn (or of every turn), each the board at the end of a
  tick (tick 0: as the execution opened) with the records of that tick, under the fog of war
  of a side (``viewer``) or without fog (``viewer=None``: the final film);
* :func:`battles`: the battle summary of a turn, each battle with its tick, its place, its
  sides, its winner and losses, and the frame to jump to;
* :func:`c2_delays`: the moves held back by command delays (OF4: the operational rules'
  ``op_c2_delay`` records), per frame and side, for the film's clock;
* :func:`statistics`: VP, units lost and supply per side at the end of every turn so far;
* :func:`verify`: replays the moves, retreats, hits and losses of the log from each turn's
  first frame and compares every later frame with the board it rebuilds (an empty list when
  the film and the log agree).

Under a side's fog a frame holds that side's stacks, and of the enemy only the stacks the
side saw at that tick (``full``: with their units; ``outline`` or ``flag``: their place and
look only); under the operational rules the side sees through its intelligence at that tick
and the frame keeps the level it read each enemy stack at (OI8, ``Frame.levels``). Its
records are those the side may know: its own moves, the enemy moves whose
end or start it saw (without the order behind them), contacts and battles it took part in,
captures, and losses of units it could see. No record ever shows another side's orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Record = dict[str, Any]


@dataclass(frozen=True, slots=True)
class StackView:
    """A stack in a frame: its side and place, its units (``None`` when the viewer sees only
    its outline or flag) and how much the viewer sees (``full``, ``outline``, ``flag``)."""

    side: str
    region: str
    units: tuple[str, ...] | None
    view: str


@dataclass(frozen=True, slots=True)
class Frame:
    """The board at the end of one tick of one turn's execution, as a viewer saw it."""

    turn: int
    tick: int
    stacks: dict[str, StackView]
    strength: dict[str, float]
    """Strength of every unit the viewer sees the content of (strength points under the area
    rules, percent under the operational rules)."""
    events: tuple[Record, ...]
    """The records of the tick the viewer may know (see the module docstring)."""
    owners: dict[str, str | None] | None = None
    """Who held each region at the end of the tick, where it differs from the scenario's
    start (region to nation, ``None``: nobody); ``None`` for a log written before frames
    recorded it (the map then shows the owners as they stand)."""
    structures: dict[str, str | None] | None = None
    """Likewise for the structures (structure to nation)."""
    levels: dict[str, int] | None = None
    """Operational rules (OI8): the intelligence level (1 to 5, Table OI2) at which the
    viewer read each enemy stack of the frame hidden by the fog; ``None`` without fog or
    for the area rules."""


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


@dataclass(frozen=True, slots=True)
class TurnStats:
    """The totals at the end of one turn."""

    turn: int
    vp: dict[str, int]
    losses: dict[str, int]
    """Units lost since the game began."""
    supply: dict[str, dict[str, int]]
    """Per side: stacks supplied, fed by logistics, unsupplied, units found out of supply."""


_SHOWN = {
    "wego_step",
    "wego_contact",
    "wego_battle",
    "battle_start",
    "battle_over",
    "battle_retreat",
    "eliminated",
    "captured",
    "op_battle",
    "op_retreat",
    "op_advance",
    "op_overrun",
    "op_recce_pullback",
}
"""Records a film shows (the rounds of a battle are in the battle's own records)."""


def _turns(records: Iterable[Record]) -> dict[int, list[Record]]:
    """The records of every execution phase, by turn, from its opening to its last frame."""
    out: dict[int, list[Record]] = {}
    current: list[Record] | None = None
    for record in records:
        kind = record["type"]
        if kind == "wego_execution":
            current = out.setdefault(record["turn"], [])
        if current is not None:
            current.append(record)
        if kind in ("wego_turn_end", "game_over"):
            current = None
    return out


def frames(
    records: Sequence[Record], *, viewer: str | None, turn: int | None = None
) -> list[Frame]:
    """The frames of ``turn`` (every turn when ``None``, in order) under ``viewer``'s fog
    (``None``: no fog)."""
    out: list[Frame] = []
    for number, turn_records in sorted(_turns(records).items()):
        if turn is not None and number != turn:
            continue
        pending: list[Record] = []
        previous: Record | None = None
        for record in turn_records:
            if record["type"] != "wego_tick":
                if record["type"] in _SHOWN:
                    pending.append(record)
                continue
            out.append(_frame(number, record, previous, pending, viewer))
            previous, pending = record, []
    return out


def final_film(records: Sequence[Record]) -> list[Frame]:
    """Every frame of the game without fog of war, turn after turn."""
    return frames(records, viewer=None)


def _visible(tick: Record, viewer: str | None) -> dict[str, str]:
    """Stack id to how much ``viewer`` sees of it in a ``wego_tick`` record."""
    stacks = tick["stacks"]
    if viewer is None:
        return dict.fromkeys(stacks, "full")
    seen = tick["seen"].get(viewer, {})
    out = {}
    for stack_id, (side, _, _) in stacks.items():
        if side == viewer:
            out[stack_id] = "full"
        elif stack_id in seen:
            out[stack_id] = seen[stack_id]
    return out


def _frame(
    turn: int, tick: Record, previous: Record | None, events: list[Record], viewer: str | None
) -> Frame:
    visible = _visible(tick, viewer)
    before = _visible(previous, viewer) if previous is not None else {}
    stacks: dict[str, StackView] = {}
    strength: dict[str, float] = {}
    for stack_id, (side, region, units) in tick["stacks"].items():
        view = visible.get(stack_id)
        if view is None:
            continue
        full = view == "full"
        stacks[stack_id] = StackView(side, region, tuple(units) if full else None, view)
        if full:
            for unit_id in units:
                strength[unit_id] = tick["units"][unit_id][1]
    shown = tuple(
        _as_seen(r, viewer, visible, before, tick, previous)
        for r in events
        if _knows(r, viewer, visible, before, tick, previous)
    )
    owners, held = tick.get("owners"), tick.get("structures")
    read = tick.get("intel", {}).get(viewer) if viewer is not None else None
    return Frame(
        turn,
        tick["tick"],
        stacks,
        strength,
        shown,
        dict(owners) if owners is not None else None,
        dict(held) if held is not None else None,
        {k: v for k, v in read.items() if k in stacks} if read else None,
    )


def _unit_seen(unit: str, frame: Record | None, visible: dict[str, str]) -> bool:
    if frame is None:
        return False
    return any(
        unit in units and visible.get(stack_id) == "full"
        for stack_id, (_, _, units) in frame["stacks"].items()
    )


def _knows(
    record: Record,
    viewer: str | None,
    visible: dict[str, str],
    before: dict[str, str],
    tick: Record,
    previous: Record | None,
) -> bool:
    if viewer is None:
        return True
    kind = record["type"]
    if kind in ("wego_step", "wego_contact"):
        return bool(
            record["side_id"] == viewer or record["stack"] in visible or record["stack"] in before
        )
    if kind in ("wego_battle", "battle_start", "battle_over", "op_battle"):
        return viewer in (record["attacker"], record["defender"])
    if kind == "op_overrun":
        return viewer in (record["side_id"], record["defender"])
    if kind in ("op_retreat", "op_advance", "op_recce_pullback"):
        return bool(record["side_id"] == viewer) or any(
            _unit_seen(u, tick, visible) or _unit_seen(u, previous, before) for u in record["units"]
        )
    if kind == "battle_retreat":
        return bool(record["side_id"] == viewer) or any(
            _unit_seen(u, tick, visible) for u in record["units"]
        )
    if kind == "eliminated":
        return bool(record["owner"] == viewer or _unit_seen(record["unit"], previous, before))
    return bool(kind == "captured")


def _as_seen(
    record: Record,
    viewer: str | None,
    visible: dict[str, str],
    before: dict[str, str],
    tick: Record,
    previous: Record | None,
) -> Record:
    """The record as ``viewer`` may read it: another side's step without its order, and
    without its units unless the viewer sees them."""
    if viewer is None or record["type"] != "wego_step" or record["side_id"] == viewer:
        return record
    shown = {k: v for k, v in record.items() if k != "order"}
    if visible.get(record["stack"]) != "full":
        shown["units"] = None
    return shown


def battles(records: Sequence[Record], turn: int | None = None) -> list[BattleRow]:
    """The battles of ``turn``'s execution (every turn when ``None``), in the order fought."""
    out: list[BattleRow] = []
    for number, turn_records in sorted(_turns(records).items()):
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


def c2_delays(
    records: Sequence[Record], *, viewer: str | None, turn: int | None = None
) -> dict[tuple[int, int], dict[str, int]]:
    """OF4: how many moves command delays held back in each frame, by side: (turn, tick) ->
    side -> count, for the frames of ``turn`` (every turn when ``None``) that have any.
    Under ``viewer``'s fog only its own delays count (a stack that did not set off shows the
    enemy nothing); ``None``: every side's."""
    out: dict[tuple[int, int], dict[str, int]] = {}
    for number, turn_records in sorted(_turns(records).items()):
        if turn is not None and number != turn:
            continue
        pending: dict[str, int] = {}
        for record in turn_records:
            kind = record["type"]
            if kind == "op_c2_delay" and viewer in (None, record["side_id"]):
                side = str(record["side_id"])
                pending[side] = pending.get(side, 0) + 1
            elif kind == "wego_tick":
                if pending:
                    out[(number, record["tick"])] = pending
                pending = {}
    return out


def statistics(records: Iterable[Record]) -> list[TurnStats]:
    """VP, losses and supply at the end of every WEGO turn played so far."""
    return [
        TurnStats(r["turn"], dict(r["vp"]), dict(r["losses"]), dict(r["supply"]))
        for r in records
        if r["type"] == "wego_turn_end"
    ]


_AT_BASE = object()
"""Where an aircraft flown home stands until the next frame places it."""


def verify(records: Sequence[Record]) -> list[str]:
    """Replay every execution phase from its first frame by the log's moves, retreats, hits
    and losses, and compare each frame with the board rebuilt; returns the differences."""
    problems: list[str] = []
    for number, turn_records in sorted(_turns(records).items()):
        board: dict[str, list[Any]] | None = None
        for record in turn_records:
            kind = record["type"]
            if kind == "wego_tick":
                if board is not None:
                    expected = {u: list(v) for u, v in record["units"].items()}
                    for unit, place in board.items():
                        if place[0] is _AT_BASE and unit in expected:
                            place[0] = expected[unit][0]
                    if board != expected:
                        changed = sorted(
                            u for u in set(board) | set(expected) if board.get(u) != expected.get(u)
                        )
                        problems.append(
                            f"turn {number}, tick {record['tick']}: units {changed[:5]} differ"
                        )
                board = {u: list(v) for u, v in record["units"].items()}
            elif board is None:
                continue
            elif kind in (
                "wego_step",
                "battle_retreat",
                "op_retreat",
                "op_advance",
                "op_recce_pullback",
            ):
                for unit in record["units"]:
                    if unit in board:
                        board[unit][0] = record["to"]
                        if kind == "op_retreat":
                            board[unit][1] = record["strength"][unit]
            elif kind == "air_return":
                # Aircraft of a beaten battle fly home (A5): the record names their base, not
                # its region, so the next frame's region is taken for them (strength checked).
                for unit in record["units"]:
                    if unit in board:
                        board[unit][0] = _AT_BASE
            elif kind == "battle_hits" and record["unit"] in board:
                board[record["unit"]][1] = record["strength"]
            elif kind == "op_battle":
                for line in record["units"]:
                    if line["unit"] in board:
                        board[line["unit"]][1] = round(line["strength_after"], 4)
            elif kind in ("eliminated", "withdrawn"):
                board.pop(record["unit"], None)
    return problems
