"""The film of WEGO turns: what each execution phase showed, tick by tick, read from the
event log alone, so that a saved game, a replayed log or a game by e-mail shows exactly the
film the players saw.

* :func:`frames`: the frames of one turn (or of every turn), each the board at the end of a
  tick (tick 0: as the execution opened) with the records of that tick, under the fog of war
  of a side (``viewer``) or without fog (``viewer=None``: the final film);
* :func:`~engine.wego.film_battles.battles` (in :mod:`.film_battles`): the battle summary
  of a turn, each battle with its tick, its place, its sides, its winner and losses, and
  the frame to jump to;
* :func:`c2_delays`: the moves held back by command delays (OF4: the operational rules'
  ``op_c2_delay`` records), per frame and side, for the film's clock;
* :func:`statistics`: VP, units lost and supply per side at the end of every turn so far;
* :func:`~engine.wego.film_check.verify` (in :mod:`.film_check`): replays the moves,
  retreats, hits and losses of the log from each turn's first frame and compares every
  later frame with the board it rebuilds (an empty list when the film and the log agree).

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

# The battle summary and the check live in modules of their own; both stay importable from
# here, where the game view and the tests have always found them.
from .film_battles import BattleRow as BattleRow
from .film_battles import battles as battles
from .film_check import verify as verify
from .film_log import Record as Record
from .film_log import by_turn


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


def frames(
    records: Sequence[Record], *, viewer: str | None, turn: int | None = None
) -> list[Frame]:
    """The frames of ``turn`` (every turn when ``None``, in order) under ``viewer``'s fog
    (``None``: no fog)."""
    out: list[Frame] = []
    for number, turn_records in sorted(by_turn(records).items()):
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


def c2_delays(
    records: Sequence[Record], *, viewer: str | None, turn: int | None = None
) -> dict[tuple[int, int], dict[str, int]]:
    """OF4: how many moves command delays held back in each frame, by side: (turn, tick) ->
    side -> count, for the frames of ``turn`` (every turn when ``None``) that have any.
    Under ``viewer``'s fog only its own delays count (a stack that did not set off shows the
    enemy nothing); ``None``: every side's."""
    out: dict[tuple[int, int], dict[str, int]] = {}
    for number, turn_records in sorted(by_turn(records).items()):
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
