"""Turning a battle (``state.battle`` or a fresh description) into a :class:`Setup`: every
unit's factor and modifiers per kind of round, worked out once, in plain lists.

The modifiers follow B3: terrain, the crossed connection (first rounds only), entrenchment,
the leaders' difference (with the command penalty, U3), boosters, armour superiority, cards,
supply and reduced values. Artillery and air support rounds only take terrain, entrenchment
and cards; mines only cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, modifiers
from ..records import BattleSetup
from .skeleton import KINDS, Pair, skeleton
from .values import (
    Numbers,
    command_steps,
    commander,
    stacking_points,
    supply_stage,
    tables,
)

if TYPE_CHECKING:
    from ..game import Game

SPECIAL = ("ambush", "artillery", "air_support", "mines", "recon")
"""Rounds fought before the main round, in order, each only if some unit can fire in it."""
RESTRICTED = ("artillery", "air_support")
"""Rounds whose fire only takes terrain, entrenchment and card modifiers."""
FULL = ("ambush", "recon", "main", "next", "pursuit")


class Setup:
    """Everything fixed for one battle (or one round of a battle in the game): parallel lists
    indexed by unit, side 0 the attacker and 1 the defender. Leaders are not in the lists:
    they neither fire nor take hits."""

    __slots__ = (
        "aa_units",
        "air",
        "air_only",
        "airs",
        "arm",
        "armour",
        "base",
        "cardfirst",
        "combat",
        "conn",
        "conn_any",
        "elite",
        "fires",
        "ground",
        "had_combat",
        "hp",
        "ids",
        "index",
        "leaders",
        "low",
        "mods",
        "morale",
        "morale_base",
        "morale_terms",
        "n",
        "nums",
        "oth",
        "prio",
        "red",
        "reduced_at",
        "region",
        "reroll_any_first",
        "reroll_first",
        "rerolls",
        "rof",
        "sf",
        "side",
        "sides",
        "stat",
        "strength",
        "sup",
        "sup_ok",
        "units_of",
        "vital",
        "why",
    )

    nums: Numbers
    region: str
    sides: tuple[str, str]
    n: int
    ids: list[str]
    """Unit ids (leaders are not in the lists)."""
    index: dict[str, int]
    side: list[int]
    """Per unit: 0 attacker, 1 defender."""
    leaders: tuple[list[str], list[str]]
    hp: list[int]
    rof: list[int]
    elite: list[bool]
    combat: list[bool]
    air: list[bool]
    armour: list[bool]
    prio: list[int]
    morale: list[int]
    stat: list[str]
    """``attack`` or ``defence``: the value each fires with."""
    base: list[int]
    """The factor each fires with at full strength, supply stage included."""
    red: list[int]
    """That factor when reduced."""
    reduced_at: list[int]
    low: list[int]
    """Morale when reduced."""
    fires: dict[str, Pair]
    aa_units: Pair
    arm: Pair
    oth: Pair
    sup: Pair
    airs: Pair
    units_of: Pair
    conn: list[int]
    """Per unit: the connection bonus (defenders, first rounds)."""
    conn_any: bool
    strength: list[int]
    """Per unit: strength when the setup was made."""
    cardfirst: dict[str, list[int]]
    """Round kind -> per unit, what cards add in the first round only."""
    why: list[dict[str, list[tuple[str, int]]]] | None
    """Per unit and kind of round, the terms of its factor (only when explaining)."""
    mods: dict[str, list[int]]
    """Round kind -> per unit, the modifier added to its factor."""
    sup_ok: frozenset[str]
    """Kinds of rounds where armour superiority counts (B3)."""
    had_combat: list[bool]
    ground: list[bool]
    air_only: list[bool]
    vital: list[bool]
    """Per unit: it keeps its side in the fight."""
    sf: dict[str, int]
    """Round name -> bits of the sides shooting first (1 attacker, 2 defender)."""
    rerolls: dict[str, list[bool]]
    reroll_first: list[bool]
    reroll_any_first: bool
    morale_terms: tuple[list[tuple[str, int]], list[tuple[str, int]]]
    morale_base: list[int]

    def explain_unit(
        self, i: int, kind: str, game: Game, superiority: int = 0
    ) -> list[tuple[str, int]]:
        """Static terms of unit ``i``'s factor in rounds of ``kind`` plus the ones that depend
        on the moment (reduced values, first round, and the armour superiority bonus its side
        has now, passed in)."""
        terms = list(self.why[i].get(kind, ())) if self.why else []
        placed = sum(a for label, a in terms if label not in ("base", "supply"))
        if self.mods[kind][i] != placed:
            terms.append(("cards", self.mods[kind][i] - placed))
        strength = game.state.units[self.ids[i]].strength
        if strength <= self.reduced_at[i] and self.red[i] != self.base[i]:
            terms.insert(1, ("reduced", self.red[i] - self.base[i]))
        battle = game.state.battle
        fought = battle["rounds"] if battle is not None else 0
        if self.conn[i] and kind != "mines" and fought < self.nums.connection_rounds:
            terms.append(("connection", self.conn[i]))
        if self.cardfirst.get(kind) and fought == 0 and self.cardfirst[kind][i]:
            terms.append(("cards_first_round", self.cardfirst[kind][i]))
        if superiority:
            terms.append(("armour_superiority", superiority))
        return terms


def build(game: Game, battle: BattleSetup, *, explain: bool = False) -> Setup:
    """Work out the setup of a battle described by ``battle`` (see :mod:`.field`)."""
    world = game.world
    t = tables(world)
    nums = t.numbers
    region = battle["region"]
    terrain = world.terrain_of[region]
    sides = (battle["attacker"], battle["defender"])
    units = game.state.units
    ids: list[str] = []
    side: list[int] = []
    leaders: tuple[list[str], list[str]] = ([], [])
    everyone: tuple[list[str], list[str]] = ([], [])
    for s, listed in ((0, battle["attackers"]), (1, battle["defenders"])):
        for uid in listed:
            unit = units[uid]
            if unit.status != "active":
                continue
            everyone[s].append(uid)
            if unit.leader:
                leaders[s].append(uid)
            else:
                ids.append(uid)
                side.append(s)

    # Leaders' difference with the command penalty folded into each commander's value (U3).
    rules_cmd = game.scenario.rules.command
    chiefs = [commander(game, leaders[0]), commander(game, leaders[1])]
    steps = [0, 0]
    for s in (0, 1):
        if chiefs[s] is not None:
            steps[s] = command_steps(game, chiefs[s], stacking_points(game, everyone[s]))
    value = [0, 0]
    for s in (0, 1):
        chief = chiefs[s]
        if chief is not None:
            info = t.leaders[chief]
            own = info.attack if s == 0 else info.defence
            value[s] = own + steps[s] * rules_cmd.combat_penalty
    diff = value[0] - value[1]
    lead = [max(diff, 0), max(-diff, 0)]
    sk = skeleton(t, terrain, ids, side)
    boost = list(sk.boost)
    boost_morale = list(sk.boost_morale)
    for s in (0, 1):
        for uid in leaders[s]:
            chief_info = t.leaders[uid]
            boost[s] += chief_info.boost_attack if s == 0 else chief_info.boost_defence
            boost_morale[s] += chief_info.boost_morale

    entrenched = bool(battle["entrenched"])
    assault = battle["structure"] is not None
    conn_bonus = _connection_bonus(game, battle)
    carded = set()
    if game.state.modifiers:
        for m in modifiers.of_kind(game, "modify"):
            if m.effect["stat"] in ("attack", "defence", "combat", "morale"):
                carded.update(m.units)

    n = sk.n
    st = Setup()
    st.nums, st.region, st.sides, st.n, st.ids = nums, region, sides, n, sk.ids
    st.index, st.side, st.leaders = sk.index, sk.side, leaders
    st.hp, st.rof, st.elite, st.combat = sk.hp, sk.rof, sk.elite, sk.combat
    st.air, st.armour, st.prio, st.morale = sk.air, sk.armour, sk.prio, sk.morale
    st.stat = sk.stat
    st.base, st.red, st.reduced_at, st.low = sk.base, sk.red, sk.reduced_at, sk.reduced_morale
    st.fires, st.aa_units = sk.fires, sk.aa_units
    st.arm, st.oth, st.sup, st.airs = sk.arm, sk.oth, sk.sup, sk.airs
    st.units_of = sk.units_of
    st.conn = [conn_bonus if s else 0 for s in side]
    st.conn_any = bool(conn_bonus)
    st.strength = [units[uid].strength for uid in ids]
    st.cardfirst = {}
    st.why = [] if explain else None
    strength = st.strength
    below, low, high = sk.reduced_at, sk.reduced_morale, sk.morale
    unit_morale = [low[i] if strength[i] <= below[i] else high[i] for i in range(n)]

    # Terrain, entrenchment and assault depend only on the side and on being an aircraft.
    place = [[0, 0], [0, 0]]
    for s in (0, 1):
        for air in (0, 1):
            if air:
                here = terrain.air_attack_modifier
            else:
                here = terrain.attacker_modifier if s == 0 else terrain.defender_modifier
            place[s][air] = here + _extra(nums, s, entrenched, assault)
    restricted = [place[s][a] for s, a in zip(side, st.air, strict=True)]
    general = [restricted[i] + lead[side[i]] + boost[side[i]] for i in range(n)]

    for i, uid in enumerate(ids):
        if units[uid].unsupplied:
            stage = supply_stage(game, uid)
            if stage is not None:
                if st.base is sk.base:
                    # The skeleton is shared: change copies.
                    st.base, st.red = list(sk.base), list(sk.red)
                change = stage.attack if sk.stat[i] == "attack" else stage.defence
                st.base[i] += change
                st.red[i] += change
                unit_morale[i] += stage.morale
        if uid in carded:
            unit_morale[i] += modifiers.total(game, uid, "morale")
    if st.why is not None:
        for i in range(n):
            s = side[i]
            supply = st.base[i] - sk.base[i]
            head = [("base", sk.base[i])] + ([("supply", supply)] if supply else [])
            local = [("terrain", place[s][st.air[i]] - _extra(nums, s, entrenched, assault))]
            local += [("entrenchment", nums.entrenchment if s == 0 and entrenched else 0)]
            local += [("assault", nums.assault if s == 1 and assault else 0)]
            command = [("leaders", lead[s]), ("boosters", boost[s])]
            why: dict[str, list[tuple[str, int]]] = {}
            for k in KINDS:
                terms: list[tuple[str, int]]
                terms = [] if k == "mines" else local if k in RESTRICTED else local + command
                if k == "pursuit":
                    terms = [*terms, ("pursuit_terrain", terrain.pursuit_modifier)]
                why[k] = head + [x for x in terms if x[1]]
            st.why.append(why)

    if sk.aa_units[0] or sk.aa_units[1]:
        _anti_aircraft(game, st, general, restricted)
    zeros = [0] * n
    pursuit_mod = terrain.pursuit_modifier
    chase = [g + pursuit_mod for g in general] if pursuit_mod else general
    st.mods = {
        k: zeros if k == "mines" else restricted if k in RESTRICTED else general for k in KINDS
    }
    st.mods["pursuit"] = chase
    if carded:
        # Cards change single units: every kind gets its own list before they are added.
        st.mods = {k: list(v) for k, v in st.mods.items()}
        for i, uid in enumerate(ids):
            if uid in carded:
                _cards(game, st, i, sk.stat[i])
    st.sup_ok = frozenset(FULL) if terrain.armour_superiority else frozenset()
    st.had_combat = battle["had_combat"]
    st.ground = battle["ground"]
    # B2: ``air_only_rounds`` caps air attacks on land units; an air-sea battle lasts like
    # any battle (A4).
    at_sea = terrain.domain == "sea"
    st.air_only = [not at_sea and not battle["ground"][s] and bool(st.airs[s]) for s in (0, 1)]
    st.vital = [st.combat[i] and st.air[i] != st.ground[side[i]] for i in range(n)]
    _battle_rights(game, st, region, sides)

    # Battle morale (B4): fixed at the first round, cards on top so later plays still count.
    cards = [0, 0]
    if game.state.modifiers:
        cards = [modifiers.side_total(game, sides[s], "battle_morale") for s in (0, 1)]
    armour = [sum(1 for i in st.units_of[s] if st.armour[i]) for s in (0, 1)]
    fixed = battle["morale_fixed"]
    st.morale_terms = ([], [])
    for s in (0, 1):
        engaged = [unit_morale[i] for i in st.units_of[s] if st.combat[i]]
        mean = (2 * sum(engaged) + len(engaged)) // (2 * len(engaged)) if engaged else 0
        chief = chiefs[s]
        superior = bool(st.sup_ok) and _superior(nums, armour[s], armour[1 - s])
        terms = [
            ("units", mean),
            ("leader", t.leaders[chief].morale if chief else 0),
            ("command", steps[s] * rules_cmd.morale_penalty),
            ("terrain", terrain.defender_morale_modifier if s == 1 else 0),
            ("air", nums.air_morale if st.airs[s] else 0),
            ("armour", nums.armour_morale if armour[s] else 0),
            ("armour_superiority", nums.sup_morale if superior else 0),
            ("boosters", boost_morale[s]),
            ("scenario", world.sides[sides[s]].morale_bonus),
        ]
        st.morale_terms[s].extend(x for x in terms if x[1] or x[0] == "units")
        if cards[s]:
            st.morale_terms[s].append(("cards", cards[s]))
    st.morale_base = [
        (fixed[s] if fixed else sum(a for label, a in st.morale_terms[s] if label != "cards"))
        + cards[s]
        for s in (0, 1)
    ]
    return st


def _cards(game: Game, st: Setup, i: int, stat: str) -> None:
    """Card modifiers of unit ``i`` per kind of round, and their first-round part."""
    uid = st.ids[i]
    for k in KINDS:
        cards = modifiers.total(game, uid, stat, round_name=k)
        first = modifiers.total(game, uid, stat, round_name=k, first=True) - cards
        st.mods[k][i] += cards
        if first:
            st.cardfirst.setdefault(k, [0] * st.n)[i] = first


def _anti_aircraft(game: Game, st: Setup, *lists: list[int]) -> None:
    """A2 in battle: AA fire gains with radar and loses against aircraft that are all
    stealthy. ``lists`` are the per-unit modifier lists, changed in place (they are fresh)."""
    world = game.world
    rules = game.scenario.rules.air
    t = tables(world)
    for s in (0, 1):
        planes = st.airs[1 - s]
        stealthy = bool(planes) and all(t.units[st.ids[i]].stealth for i in planes)
        for i in st.aa_units[s]:
            uid = st.ids[i]
            change = rules.aa_radar_modifier if world.nations[world.nation_of(uid)].radar else 0
            change += rules.aa_stealth_modifier if stealthy else 0
            for values in lists:
                values[i] += change
            if change and st.why is not None:
                for kind, terms in st.why[i].items():
                    if kind != "mines":
                        terms.append(("anti_aircraft", change))


def _extra(nums: Numbers, s: int, entrenched: bool, assault: bool) -> int:
    if s == 0:
        return nums.entrenchment if entrenched else 0
    return nums.assault if assault else 0


def _superior(nums: Numbers, mine: int, theirs: int) -> bool:
    return mine >= max(1, nums.sup_min) and mine >= nums.sup_ratio * theirs


def _connection_bonus(game: Game, battle: BattleSetup) -> int:
    """Best defence bonus among the connections the attacking stacks crossed (M3); beaches
    only count against units that came from the sea."""
    world = game.world
    best = 0
    for came_from, crossed in battle["crossings"]:
        connection = world.connections.get(crossed) if crossed else None
        if connection is None:
            continue
        kind = world.connection_types[connection.type]
        if kind.only_from_sea and (came_from is None or world.domain(came_from) != "sea"):
            continue
        best = max(best, kind.defender_modifier)
    return best


def _battle_rights(game: Game, st: Setup, region: str, sides: tuple[str, str]) -> None:
    """Shoot-first (B11) and re-roll rights from cards played for this battle."""
    st.sf = {}
    st.rerolls = {}
    st.reroll_first = [False] * st.n
    st.reroll_any_first = False
    if not game.state.modifiers:
        return
    for m in modifiers.of_kind(game, "shoot_first"):
        if m.battle not in (None, region):
            continue
        for who in board.relative_sides(game, m.effect.get("side", "@self"), m.side):
            if who not in sides:
                continue
            bit = 1 << sides.index(who)
            for name in m.effect.get("rounds") or ["first"]:
                st.sf[name] = st.sf.get(name, 0) | bit
    for m in modifiers.of_kind(game, "reroll"):
        if m.battle not in (None, region):
            continue
        rounds = m.effect.get("rounds") or [*KINDS, "first"]
        for uid in m.units:
            i = st.index.get(uid)
            if i is None:
                continue
            for name in rounds:
                if name == "first":
                    st.reroll_first[i] = True
                    st.reroll_any_first = True
                else:
                    st.rerolls.setdefault(name, [False] * st.n)[i] = True
