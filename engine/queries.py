"""Questions a view (or an AI) asks the engine, answered as frozen, typed values.

- :func:`where_can_go`: per region, what moving (or flying) a stack there means, its cost and
  path, exactly as ``legal_actions`` offers the moves;
- :func:`supply_state` / :func:`supply_states`: a stack's supply now and how long it has been
  without (stage and turns out, S1-S5);
- :func:`visibility`: how much a side sees of every stack, under the fog of war (V7);
- :func:`combat_factors`: every unit's combat factor in a battle, open or not yet fought, with
  every term behind it, and each side's battle morale with its terms (B3, B4);
- :func:`command_limit` and :func:`command`: what a leader commands without penalty (U3);
- :func:`cargo`: what a fleet carries, ship by ship, and where it may go ashore
  (:mod:`engine.naval.transport`).

Nothing here changes the game or rolls its die.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from schemas.rules import SupplyStage

from . import board, fog, movement, supply
from .air.aa import aa_units
from .air.basing import grounded, stacking_of
from .air.interception import at_risk
from .air.movement import DEFENSIVE, Airspace, routes, why_grounded, why_not_there
from .combat.values import command_limit, command_steps, commanding_leader, stacking_points
from .naval.transport import Berth, Cargo, Shore, cargo
from .state import StackState

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "BattleFactors",
    "Berth",
    "Cargo",
    "Command",
    "Destination",
    "DestinationKind",
    "Factor",
    "Shore",
    "StackSupply",
    "View",
    "Visibility",
    "cargo",
    "combat_factors",
    "command",
    "command_limit",
    "legal_move_paths",
    "supply_state",
    "supply_states",
    "visibility",
    "where_can_go",
]

# -- where a stack can go -----------------------------------------------------------------------

DestinationKind = movement.ReachKind


@dataclass(frozen=True, slots=True)
class Destination:
    """What sending a stack to one region means now."""

    region: str
    kind: DestinationKind
    """``move`` (it ends there), ``battle`` (enemy units there: the move stops and a battle
    follows; for a flight, the planes join the battle there or fight an air-sea battle),
    ``overrun`` (enemy units too weak to stop it, V2) or ``overstack`` (it could pass, but not
    end there: over the stacking limit, U4/V3, or the air stacking limit, A1)."""
    cost: float
    """MP it costs (along ``path``)."""
    path: tuple[str, ...]
    """The regions entered, the stack's own region excluded: the cheapest way (the one
    ``legal_actions`` lists)."""
    legal: bool
    """``Move(stack, path)`` is legal now (never for ``overstack``)."""
    interception: bool = False
    """A flight entering it may be intercepted (offensive air phase only, A3)."""
    aa: bool = False
    """Enemy AA fires at a flight entering it (offensive air phase only, A2)."""


def where_can_go(
    game: Game, stack: StackState | str, *, viewer: str | None = None
) -> dict[str, Destination]:
    """Every region ``stack`` may move (or fly) to now, with what it means, in an order that
    only depends on the game; empty when it may not move now (not its side's decision,
    another phase, moved already, immobile...). The legal destinations are exactly the
    ``Move`` actions ``legal_actions`` lists for the stack, with the same paths.

    ``viewer``: the side the answer is for. A battle against enemies that side cannot see at
    all (V7) reads as a plain ``move``, all it knows until the stack runs into them.
    """
    found = game.state.stacks.get(stack) if isinstance(stack, str) else stack
    if found is None or not _may_move_now(game, found):
        return {}
    if game.phase in ("air_offensive", "air_defensive"):
        out = _flights(game, found)
    elif game.phase in ("land_movement", "naval_movement") and _moves_in_phase(game, found):
        out = {
            region: Destination(region, reach.kind, reach.cost, reach.path, _open(reach))
            for region, reach in movement.reachable(game, found).items()
        }
    else:
        return {}
    if viewer is not None:
        out = {region: _as_seen(game, found, d, viewer) for region, d in out.items()}
    return out


def legal_move_paths(game: Game, stack: StackState) -> list[tuple[str, ...]]:
    """The paths of the legal destinations of :func:`where_can_go` (no viewer), in its order,
    without a :class:`Destination` for every region reached: the AI weighs one stack's moves
    at nearly every decision of a movement phase and only needs their paths."""
    if not _may_move_now(game, stack):
        return []
    if game.phase in ("air_offensive", "air_defensive"):
        return [d.path for d in _flights(game, stack).values() if d.legal]
    if game.phase in ("land_movement", "naval_movement") and _moves_in_phase(game, stack):
        return [r.path for r in movement.reachable(game, stack).values() if _open(r)]
    return []


def _moves_in_phase(game: Game, stack: StackState) -> bool:
    """Land stacks move in the land phase; ships too, unless the naval rules give them a phase
    of their own."""
    from .phases import PHASES
    from .phases.movement import LandMovement

    handler = PHASES[game.phase]
    return isinstance(handler, LandMovement) and handler.moves_here(game, stack)


def _may_move_now(game: Game, stack: StackState) -> bool:
    state = game.state
    if state.outcome is not None or state.pending or state.battle is not None:
        return False
    if stack.side != game.active_side or game.to_act() != stack.side:
        return False
    if game.phase == "air_offensive":
        from .phases.air import striking

        return not striking(game)
    return True


def _open(reach: movement.Reach) -> bool:
    return reach.kind != "overstack"


def _flights(game: Game, stack: StackState) -> dict[str, Destination]:
    if not grounded(game, stack) or why_grounded(game, stack) is not None:
        return {}
    side = stack.side
    space = Airspace(game, side)
    cost = game.scenario.rules.movement.air_cost_per_region
    planes = [u for u in stack.units if game.state.units[u].domain == "air"]
    need = stacking_of(game, planes)
    contested = game.phase != DEFENSIVE
    out: dict[str, Destination] = {}
    for region, path in routes(game, stack).items():
        refusal = why_not_there(game, stack, region, space)
        full = space.load.get(region, 0) + need > game.world.air_stacking(region)
        if refusal is not None and not full:
            continue  # closed to it (defensive phase over enemies, unflyable)
        fights = bool(board.enemy_ground_stacks_in(game, region, side))
        kind: DestinationKind = "overstack" if full else "battle" if fights else "move"
        out[region] = Destination(
            region,
            kind,
            float(len(path) * cost),
            path,
            legal=refusal is None,
            interception=contested and at_risk(game, region, side, planes),
            aa=contested and bool(aa_units(game, region, side)),
        )
    return out


def _as_seen(game: Game, stack: StackState, dest: Destination, viewer: str) -> Destination:
    """A battle against enemies ``viewer`` cannot see at all reads as a plain move."""
    if dest.kind not in ("battle", "overrun"):
        return dest
    enemies = board.enemy_ground_stacks_in(game, dest.region, stack.side)
    if enemies and all(fog.view_of(game, s, viewer) == "none" for s in enemies):
        return Destination(dest.region, "move", dest.cost, dest.path, dest.legal)
    return dest


# -- supply --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StackSupply:
    """A stack's supply (S1-S5)."""

    stack: str
    on_line: bool
    """It counts as supplied now: on a supply line, inside a fortified structure, needing
    none, or living on logistic units consumed at its last supply phase. A stack off the
    lines is found out of supply at its side's next supply phase."""
    by_logistics: bool
    """It lives on logistic units consumed at its last supply phase (S3)."""
    turns_out: int
    """Consecutive supply phases its worst unit has been found out of supply (0: supplied)."""
    stage: int
    """Which of ``rules.supply.stages`` applies, counted from 1 (0: none)."""
    effects: SupplyStage | None
    """That stage: the changes to MP, attack, defence and morale, and the survival test."""
    units: Mapping[str, int]
    """Per unit: consecutive supply phases found out of supply."""


def supply_state(game: Game, stack: StackState | str) -> StackSupply:
    """The supply of one stack (see :class:`StackSupply`)."""
    found = game.state.stacks[stack] if isinstance(stack, str) else stack
    return _stack_supply(game, found, supply.stack_supplied(game, found))


def supply_states(game: Game, side: str) -> dict[str, StackSupply]:
    """:func:`supply_state` of every stack of ``side`` (one search of the lines)."""
    fed = supply.stacks_supplied(game, side)
    return {
        stack_id: _stack_supply(game, game.state.stacks[stack_id], ok)
        for stack_id, ok in fed.items()
    }


def _stack_supply(game: Game, stack: StackState, on_line: bool) -> StackSupply:
    units = game.state.units
    out = {u: units[u].unsupplied for u in stack.units if not units[u].supplied_by_logistics}
    worst = max(out.values(), default=0)
    rules = game.scenario.rules.supply
    effects = supply.stage_for(rules, worst) if worst > 0 else None
    stage = rules.stages.index(effects) + 1 if effects is not None else 0
    return StackSupply(
        stack=stack.id,
        on_line=on_line,
        by_logistics=any(units[u].supplied_by_logistics for u in stack.units),
        turns_out=worst,
        stage=stage,
        effects=effects,
        units=MappingProxyType({u: units[u].unsupplied for u in stack.units}),
    )


# -- the fog of war ------------------------------------------------------------------------------

View = Literal["full", "outline", "flag", "none"]


@dataclass(frozen=True, slots=True)
class Visibility:
    """What one side sees of the board (V7)."""

    side: str
    stacks: Mapping[str, View]
    """Every stack: ``full`` (its content), ``outline`` (its look, not its content), ``flag``
    (only its flag: nations with the fog advantage) or ``none`` (nothing at all)."""
    watched: frozenset[str]
    """Regions the side sees into: where it has stacks, and their neighbours."""

    def sees(self, stack: str) -> bool:
        """Whether the side sees inside the stack."""
        return self.stacks.get(stack) == "full"


def visibility(game: Game, side: str) -> Visibility:
    """How much ``side`` sees of every stack now (see :func:`engine.fog.view_of`)."""
    watched = frozenset(fog.watched_regions(game, side))
    views: dict[str, View] = {}
    for stack_id, stack in game.state.stacks.items():
        if not fog.hidden_from(game, stack, side):
            views[stack_id] = "full"
        elif stack.region not in watched:
            views[stack_id] = "none"
        else:
            nations = {game.world.nation_of(u) for u in stack.units}
            fog_advantage = any(game.world.nations[n].fog_advantage for n in nations)
            views[stack_id] = "flag" if fog_advantage else "outline"
    return Visibility(side, MappingProxyType(views), watched)


# -- combat factors ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Factor:
    """The factor a unit fires with in one kind of round, and every term of it (B3)."""

    unit: str
    side: str
    stat: str
    """``attack`` or ``defence``: the value it fires with."""
    value: int
    """The sum of ``terms``: what a roll must not exceed to hit (a 0 always hits)."""
    terms: tuple[tuple[str, int], ...]
    """``("base", 4)``, then each modifier: ``terrain``, ``entrenchment``, ``leaders``,
    ``boosters``, ``reduced``, ``supply``, ``connection``, ``armour_superiority``, ``cards``..."""
    fires: bool
    """It fires in that kind of round (AA units fire only at aircraft firing at them)."""


@dataclass(frozen=True, slots=True)
class BattleFactors:
    """A battle's numbers before a round (B3, B4), side 0 the attacker."""

    region: str
    structure: str | None
    attacker: str
    defender: str
    round: str
    units: Mapping[str, Factor]
    morale: Mapping[str, int]
    """Battle morale per side now (as the first round will start, before it)."""
    morale_terms: Mapping[str, tuple[tuple[str, int], ...]]
    """Per side, the terms of its starting battle morale (B4)."""


def combat_factors(
    game: Game,
    region: str,
    round_name: str = "main",
    *,
    attacker: str | None = None,
    structure: str | None = None,
    units: list[str] | None = None,
) -> BattleFactors:
    """Every unit's factor in rounds of ``round_name`` (``ambush``, ``artillery``,
    ``air_support``, ``mines``, ``recon``, ``main``, ``next``, ``pursuit``) of the battle open
    in ``region``, or of the one ``attacker`` (default: the active side) would fight there now
    (an assault on ``structure`` if named; ``units`` attacking in place of those there, to
    weigh an attack before moving). Raises :class:`~engine.errors.IllegalAction` when there is
    no enemy to fight there."""
    from .combat import battle as fights
    from .combat.fast import setup_for
    from .combat.morale import Fight
    from .combat.rounds import superiority

    open_battle = game.state.battle
    if open_battle is not None and open_battle["region"] == region and units is None:
        setup, fight = fights.load(game, explain=True)
        structure = open_battle["structure"]
    else:
        setup = setup_for(game, region, attacker, units, structure, explain=True)
        fight = Fight(setup)
    bonus = superiority(setup, fight) if round_name in setup.sup_ok else [0, 0]
    shooters = setup.fires.get(round_name, ([], []))
    firing = {*shooters[0], *shooters[1]}
    factors: dict[str, Factor] = {}
    for i, uid in enumerate(setup.ids):
        s = setup.side[i]
        terms = tuple(setup.explain_unit(i, round_name, game, bonus[s]))
        factors[uid] = Factor(
            unit=uid,
            side=setup.sides[s],
            stat=setup.stat[i],
            value=sum(amount for _, amount in terms),
            terms=terms,
            fires=i in firing,
        )
    morale = {setup.sides[s]: fight.morale[s] for s in (0, 1)}
    terms_by_side = {setup.sides[s]: tuple(setup.morale_terms[s]) for s in (0, 1)}
    return BattleFactors(
        region=setup.region,
        structure=structure,
        attacker=setup.sides[0],
        defender=setup.sides[1],
        round=round_name,
        units=MappingProxyType(factors),
        morale=MappingProxyType(morale),
        morale_terms=MappingProxyType(terms_by_side),
    )


# -- command --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Command:
    """A stack's command (U3)."""

    leader: str | None
    """The commanding leader (highest rank, then hierarchy letter), if any."""
    points: int
    """Stacking points of its land units and leaders."""
    limit: int | None
    """What the leader commands without penalty (``None``: no leader, no penalty)."""
    steps: int
    """Penalty steps in battle: each lowers combat and battle morale (``rules.command``)."""


def command(game: Game, stack: StackState | str) -> Command:
    """The command of a stack: its leader, its points, the limit and the penalty steps."""
    found = game.state.stacks[stack] if isinstance(stack, str) else stack
    leader = commanding_leader(game, found)
    points = stacking_points(game, list(found.units))
    limit = command_limit(game, leader) if leader is not None else None
    return Command(leader, points, limit, command_steps(game, leader, points))
