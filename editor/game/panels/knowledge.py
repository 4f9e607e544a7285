"""What one viewer may know of a game, and the names the panels print.

Every panel that names a unit goes through :class:`Sight`, so the fog of war is decided in
one place: a unit is named only when it belongs to the viewer (or to nobody the viewer is at
war with), or when :func:`engine.fog.view_of` shows its stack in ``full``. Units that have
left the board (eliminated, withdrawn, not yet arrived) are no longer in a stack the viewer
could look into, so an enemy one stays unnamed unless a caller remembers it was seen (the
battle panel does, for the units it showed when the battle opened).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from engine import fog
from engine.game import Game
from engine.state import StackState


def unit_name(game: Game, unit_id: str) -> str:
    """The printed name of a unit or leader (its type's name when the scenario gives none)."""
    world = game.world
    leader = world.leaders.get(unit_id)
    if leader is not None:
        return leader.name
    unit = world.units.get(unit_id)
    if unit is None:
        return unit_id
    if unit.name:
        return unit.name
    unit_type = world.unit_types.get(unit.type)
    return f"{unit_type.name} ({unit_id})" if unit_type else unit_id


def side_name(game: Game, side: str | None) -> str:
    if side is None:
        return "nobody"
    found = game.world.sides.get(side)
    return found.name if found else side


def region_name(game: Game, region: str | None) -> str:
    if region is None:
        return "nowhere"
    found = game.world.regions.get(region)
    return found.name if found else region


def structure_name(game: Game, structure: str | None) -> str:
    if structure is None:
        return ""
    found = game.world.structures.get(structure)
    return found.name if found else structure


def source_name(game: Game, source: str) -> str:
    """A card's name, an event's title, or a readable word for the engine's own sources."""
    world = game.world
    if source in world.cards:
        return world.cards[source].name
    if source in world.events:
        return world.events[source].title
    if source.startswith("tension-"):
        index = game.scenario.tension
        return f"{index.name if index else 'Tension'} at {source.removeprefix('tension-')}"
    return {"search": "a search", "schedule": "the schedule"}.get(source, source)


def plural(count: int, noun: str, many: str | None = None) -> str:
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def stack_words(game: Game, stack: StackState) -> str:
    """A stack named by its first unit: "Iron Column and 2 others" (for a stack the viewer
    sees inside)."""
    first = unit_name(game, stack.units[0]) if stack.units else stack.id
    more = f" and {plural(len(stack.units) - 1, 'other')}" if len(stack.units) > 1 else ""
    return f"{first}{more}"


class Sight:
    """The game as ``viewer`` may see it (``None``: a spectator, who sees everything).

    Build one per refresh: it remembers the views it worked out, and the board changes with
    every action.
    """

    def __init__(self, game: Game, viewer: str | None, remembered: Iterable[str] = ()) -> None:
        self.game = game
        self.viewer = viewer
        self.remembered = set(remembered)
        """Units the caller knows the viewer saw: named once they have left the board (fallen),
        never while their stack is on it out of the viewer's sight."""
        self._views: dict[str, str] = {}

    # -- sides ------------------------------------------------------------------------------------

    def mine(self, side: str | None) -> bool:
        return self.viewer is None or side == self.viewer

    def hostile(self, side: str | None) -> bool:
        """A side whose secrets the fog keeps from the viewer."""
        if self.viewer is None or side is None or side == self.viewer or not self.game.fog:
            return False
        return self.game.world.at_war(self.viewer, side)

    def side(self, side: str | None) -> str:
        if self.viewer is not None and side == self.viewer:
            return "You"
        return side_name(self.game, side)

    def them(self, side: str | None) -> str:
        """The side in the middle of a sentence: "you", or its name."""
        if self.viewer is not None and side == self.viewer:
            return "you"
        return side_name(self.game, side)

    def owner(self, side: str | None) -> str:
        """Whose a unit or a fortress is, in brackets after it: "yours", or the side's name."""
        if self.viewer is not None and side == self.viewer:
            return "yours"
        return side_name(self.game, side)

    def does(self, side: str | None, verb: str) -> str:
        """The side and a verb in the present agreeing with it: "You retreat", "Arvel
        retreats" (``verb`` as said of one side: "retreats", "pursues", "takes")."""
        if self.viewer is not None and side == self.viewer:
            plain = verb.removesuffix("es") if verb.endswith(("shes", "ches", "sses")) else None
            return f"You {plain or verb.removesuffix('s')}"
        return f"{side_name(self.game, side)} {verb}"

    def whose(self, side: str | None) -> str:
        """ "Your" or "Arvel's", to start a sentence."""
        if self.viewer is not None and side == self.viewer:
            return "Your"
        name = side_name(self.game, side)
        return name + ("'" if name.endswith("s") else "'s")

    # -- stacks and units -------------------------------------------------------------------------

    def view(self, stack: StackState) -> str:
        """``full``, ``outline``, ``flag`` or ``none`` (see :func:`engine.fog.view_of`)."""
        if self.viewer is None:
            return "full"
        found = self._views.get(stack.id)
        if found is None:
            found = self._views[stack.id] = fog.view_of(self.game, stack, self.viewer)
        return found

    def sees_inside(self, stack: StackState) -> bool:
        return self.view(stack) == "full"

    def knows(self, unit_id: str) -> bool:
        """Whether the viewer may learn what this unit is."""
        unit = self.game.state.units.get(unit_id)
        if unit is None or not self.hostile(unit.side):
            return True
        stack = self.game.state.stacks.get(unit.stack) if unit.stack else None
        if stack is not None:
            # On the board, the fog decides now: a unit seen in a battle that has since
            # retreated or broken through out of sight must not say where its stack is.
            return self.sees_inside(stack)
        return unit_id in self.remembered

    def unit(self, unit_id: str) -> str:
        """The unit's name, or words that say nothing about it."""
        if self.knows(unit_id):
            return unit_name(self.game, unit_id)
        return "an enemy unit"

    def units(self, unit_ids: Iterable[str]) -> str:
        """Names of the units the viewer knows, and a count of the others."""
        ids = list(unit_ids)
        known = [unit_name(self.game, u) for u in ids if self.knows(u)]
        hidden = len(ids) - len(known)
        if hidden:
            known.append(plural(hidden, "hidden unit"))
        if len(known) <= 1:
            return known[0] if known else "nobody"
        return f"{', '.join(known[:-1])} and {known[-1]}"

    def event_visible(self, event_id: str) -> bool:
        """Secret events are read only by the sides they list."""
        event = self.game.world.events.get(event_id)
        if event is None or self.viewer is None or not event.visible_to:
            return True
        return self.viewer in event.visible_to

    def source_visible(self, source: str) -> bool:
        return source not in self.game.world.events or self.event_visible(source)

    # -- names ------------------------------------------------------------------------------------

    def region(self, region: str | None) -> str:
        return region_name(self.game, region)

    def structure(self, structure: str | None) -> str:
        return structure_name(self.game, structure)

    def source(self, source: str) -> str:
        return source_name(self.game, source)


def scenario_names(game: Game) -> Callable[[str, str], str]:
    """Display names for the card and event wording of :mod:`editor.shared.sentences`:
    an entity's name or title, a reinforcement's line of text (it has no name: "bring in
    reinforcement “Mannerheim sends his last regiments to the Isthmus”", not
    "reserve-isthmus"), else its id."""
    scenario = game.scenario
    found: dict[str, dict[str, str]] = {}

    def names(collection: str, entity_id: str) -> str:
        table = found.get(collection)
        if table is None:
            table = found[collection] = {}
            for entity in getattr(scenario, collection, None) or []:
                text = getattr(entity, "name", "") or getattr(entity, "title", "")
                if not text and collection == "reinforcements" and entity.text:
                    text = f"\u201c{entity.text.strip().rstrip('.')}\u201d"
                if text:
                    table[entity.id] = str(text)
        return table.get(entity_id, entity_id)

    return names


def readable_reason(game: Game, text: str) -> str:
    """The engine's reasons (a refusal, what blocks a phase) name regions and structures by
    id; give their names instead.

    Quoted ids are named anywhere; bare words only after the reason's colon (the lists of
    places), so ordinary words of the sentence never get taken for ids.
    """
    scenario = game.scenario
    names = {r.id: r.name for r in game.world.regions.values()}
    names.update({s.id: s.name for s in scenario.structures})
    # "choose where reinforcement 'dravan-second-wave' arrives": the decision panel names the
    # units; the reason only needs to say what is waiting.
    text = re.sub(r"reinforcement '[\w-]+'", "the reinforcement", text)
    text = re.sub(r"'([\w-]+)'", lambda m: f"'{names.get(m.group(1), m.group(1))}'", text)
    head, sep, tail = text.partition(": ")
    if not sep:
        return text
    # "arvel must answer: ...": a side named by its id at the start.
    sides = {s.id: s.name for s in scenario.sides}
    head = re.sub(r"^[\w-]+", lambda m: sides.get(m.group(), m.group()), head)
    return head + sep + re.sub(r"[\w-]+", lambda m: names.get(m.group(), m.group()), tail)
