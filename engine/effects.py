"""Carrying out the effects of cards, events and tension steps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from schemas import effects as e

from . import board, decisions
from .conditions import holds
from .state import Modifier
from .targets import Context, select

if TYPE_CHECKING:
    from .game import Game


def run_effects(
    game: Game,
    effects: Sequence[Any],
    *,
    side: str,
    source: str,
    targets: tuple[str, ...] = (),
) -> None:
    """Apply effects in order on behalf of ``side``."""
    ctx = Context(side, source, targets)
    for effect in effects:
        apply_effect(game, effect, ctx)


def apply_effect(game: Game, effect: Any, ctx: Context) -> None:
    handler = _HANDLERS[type(effect)]
    handler(game, effect, ctx)


def _sides(game: Game, key: str, ctx: Context) -> list[str]:
    return board.relative_sides(game, key, ctx.side)


def _lasting(game: Game, effect: Any, ctx: Context, units: list[str]) -> None:
    """Keep an effect in force on ``units`` until its duration ends."""
    duration = getattr(effect, "duration", None)
    until = duration.until if duration is not None else "end_of_battle"
    until_turn = game.turn + duration.turns - 1 if duration is not None else 0
    battle = game.state.battle["region"] if game.state.battle else None
    game.state.modifiers.append(
        Modifier(
            source=ctx.source,
            side=ctx.side,
            effect=effect.model_dump(mode="json"),
            units=units,
            until_turn=until_turn,
            until=until,
            battle=battle,
        )
    )
    game.record("effect", source=ctx.source, effect=effect.kind, units=units)


def _vp(game: Game, effect: e.AddVictoryPoints, ctx: Context) -> None:
    for side in _sides(game, effect.side, ctx):
        board.add_vp(game, side, effect.amount, ctx.source)


def _treasury(game: Game, effect: e.AddTreasury, ctx: Context) -> None:
    for side in _sides(game, effect.side, ctx):
        game.state.sides[side].treasury += effect.amount
        game.record("treasury", side_id=side, change=effect.amount, source=ctx.source)


def _draw(game: Game, effect: e.DrawCards, ctx: Context) -> None:
    from . import cards

    for side in _sides(game, effect.side, ctx):
        cards.draw(game, side, effect.count)


def _replacements(game: Game, effect: e.GrantReplacements, ctx: Context) -> None:
    from .phases import replacements

    for side in _sides(game, effect.side, ctx):
        if effect.assign == "random":
            replacements.assign_randomly(game, side, effect.points, effect.units, ctx)
        else:
            game.state.sides[side].replacement_points += effect.points
            game.record("replacement_points", side_id=side, points=effect.points)


def _reinforcement(game: Game, effect: e.BringReinforcement, ctx: Context) -> None:
    from .phases import reinforcements

    reinforcements.bring(game, effect.reinforcement, ctx.source)


def _remove_units(game: Game, effect: e.RemoveUnits, ctx: Context) -> None:
    for unit_id in select(game, effect.select, ctx):
        if effect.destroyed:
            board.eliminate(game, unit_id, ctx.source)
        else:
            board.withdraw(game, unit_id, ctx.source)


def _remove_leader(game: Game, effect: e.RemoveLeader, ctx: Context) -> None:
    unit = game.state.units[effect.leader]
    if effect.killed and unit.status == "active":
        board.eliminate(game, unit.id, ctx.source)
    else:
        board.withdraw(game, unit.id, ctx.source)
        if effect.leader not in game.state.leaders_lost:
            game.state.leaders_lost.append(effect.leader)


def _modify(game: Game, effect: e.Modify, ctx: Context) -> None:
    _lasting(game, effect, ctx, select(game, effect.select, ctx))


def _examine(game: Game, effect: e.Examine, ctx: Context) -> None:
    units = select(game, effect.select, ctx)
    game.state.modifiers.append(
        Modifier(ctx.source, ctx.side, effect.model_dump(mode="json"), units, until="end_of_phase")
    )
    game.record("examined", source=ctx.source, by=ctx.side, units=units)


def _immobilize(game: Game, effect: e.Immobilize, ctx: Context) -> None:
    _lasting(game, effect, ctx, select(game, effect.select, ctx))


def _move_units(game: Game, effect: e.MoveUnits, ctx: Context) -> None:
    from .phases import reinforcements

    units = select(game, effect.select, ctx)
    if not units:
        return
    side = game.state.units[units[0]].side
    region, structure = reinforcements.destination(game, effect.to, side, ctx.targets)
    if region is None:
        game.record("effect_failed", source=ctx.source, reason="no allowed destination")
        return
    for unit_id in units:
        unit = game.state.units[unit_id]
        board.remove_from_stack(game, unit)
        from .setup import place_unit

        place_unit(game.state, unit_id, region, structure)
        if effect.immobile_turns:
            unit.immobile_until = game.turn + effect.immobile_turns - 1
    game.record("moved_by_effect", source=ctx.source, units=units, region=region)


def _battle_right(game: Game, effect: Any, ctx: Context) -> None:
    """Re-rolls and shooting first belong to the battle they were played in."""
    units = select(game, effect.select, ctx) if hasattr(effect, "select") else []
    game.state.modifiers.append(
        Modifier(
            ctx.source,
            ctx.side,
            effect.model_dump(mode="json"),
            units,
            until="end_of_battle",
            battle=game.state.battle["region"] if game.state.battle else None,
        )
    )
    game.record("effect", source=ctx.source, effect=effect.kind, units=units)


def _auto_hits(game: Game, effect: e.AutomaticHits, ctx: Context) -> None:
    from .combat import controller

    for side in _sides(game, effect.side, ctx):
        controller.inflict_hits(game, side, effect.hits, ctx.source)


def _cancel_battle(game: Game, effect: e.CancelBattle, ctx: Context) -> None:
    from .combat import controller

    controller.cancel(game, effect.retreating, ctx)


def _set_flag(game: Game, effect: e.SetFlag, ctx: Context) -> None:
    game.state.flags[effect.flag] = effect.value
    game.record("flag", flag=effect.flag, value=effect.value, source=ctx.source)


def _choice(game: Game, effect: e.Choice, ctx: Context) -> None:
    for side in _sides(game, effect.side, ctx):
        decisions.push(
            game,
            {
                "kind": "choice",
                "side": side,
                "source": ctx.source,
                "acting_for": ctx.side,
                "prompt": effect.prompt,
                "options": [o.model_dump(mode="json") for o in effect.options],
            },
        )


def _conditional(game: Game, effect: e.Conditional, ctx: Context) -> None:
    branch = effect.then if holds(game, effect.condition, ctx) else effect.otherwise
    for inner in branch:
        apply_effect(game, inner, ctx)


def _supply_source(game: Game, effect: e.SetSupplySource, ctx: Context) -> None:
    game.state.sources_open[effect.source] = effect.operative
    game.record("supply_source", source_id=effect.source, operative=effect.operative)


def _connection(game: Game, effect: e.SetConnection, ctx: Context) -> None:
    static = game.world.connections[effect.connection]
    now = game.state.connection_state.get(
        effect.connection, [static.bridge, static.road, static.rail]
    )
    changed = [
        now[0] if effect.bridge is None else effect.bridge,
        now[1] if effect.road is None else effect.road,
        now[2] if effect.rail is None else effect.rail,
    ]
    game.state.connection_state[effect.connection] = changed
    game.record(
        "connection",
        connection=effect.connection,
        bridge=changed[0],
        road=changed[1],
        rail=changed[2],
        source=ctx.source,
    )


def _transfer(game: Game, effect: e.TransferControl, ctx: Context) -> None:
    for region in effect.regions:
        board.set_owner(game, region, effect.to)
    for structure in effect.structures:
        board.set_structure_owner(game, structure, effect.to)
    game.record("transfer", regions=effect.regions, structures=effect.structures, to=effect.to)


def _cards(game: Game, effect: e.ChangeCards, ctx: Context) -> None:
    from . import cards

    cards.add_and_remove(game, effect, ctx)


def _event(game: Game, effect: e.TriggerEvent, ctx: Context) -> None:
    from .phases import events

    events.fire(game, effect.event)


def _end_game(game: Game, effect: e.EndGame, ctx: Context) -> None:
    from . import victory
    from .outcome import Termination

    reason = f"ended by {ctx.source}"
    if effect.by_vp:
        victory.end_of_game(game, reason, Termination.EFFECT, ctx.source)
        return
    winners = _sides(game, effect.winner, ctx) if effect.winner else []
    winner = winners[0] if winners else None
    victory.finish(game, winner, reason, Termination.EFFECT, ctx.source)


_HANDLERS: dict[type, Callable[[Game, Any, Context], None]] = {
    e.AddVictoryPoints: _vp,
    e.ChangeTension: lambda g, x, ctx: board.change_tension(g, x.amount, ctx.source),
    e.AddTreasury: _treasury,
    e.DrawCards: _draw,
    e.GrantReplacements: _replacements,
    e.BringReinforcement: _reinforcement,
    e.RemoveUnits: _remove_units,
    e.RemoveLeader: _remove_leader,
    e.Modify: _modify,
    e.Examine: _examine,
    e.Immobilize: _immobilize,
    e.MoveUnits: _move_units,
    e.Reroll: _battle_right,
    e.AutomaticHits: _auto_hits,
    e.ShootFirst: _battle_right,
    e.CancelBattle: _cancel_battle,
    e.SetFlag: _set_flag,
    e.Choice: _choice,
    e.Conditional: _conditional,
    e.SetSupplySource: _supply_source,
    e.SetConnection: _connection,
    e.TransferControl: _transfer,
    e.ChangeCards: _cards,
    e.TriggerEvent: _event,
    e.EndGame: _end_game,
}
