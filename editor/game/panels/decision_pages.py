"""The pages of the decision panel: sieges, placing a reinforcement, repairing units, and
answering an event's or a card's question.

Each page is a frame that shows itself when its decision is open for the person to act
(:meth:`Page.update_view` returns whether it is shown) and acts through the panel, so a
refusal shows in the panel's message line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from editor.game.panels.base import MUTED, button, clear_layout, esc, heading, person_decision
from editor.game.panels.card_play import CardPlay, TargetList
from editor.game.panels.knowledge import Sight, plural, scenario_names, unit_name
from editor.game.panels.wording import hidden_siege_terms
from editor.game.session import Targeting
from editor.shared import sentences
from engine import board
from engine.actions import (
    AssignReplacement,
    Choose,
    ContinueBattle,
    PlaceReinforcement,
    PlayCard,
    ResolveSiege,
)
from engine.combat import siege
from engine.phases import PHASES
from schemas.effects import ChoiceOption

if TYPE_CHECKING:
    from editor.game.panels.base import SessionPanel

PAGE_WIDTH = 620
"""The widest a decision page grows (its buttons stay next to what they answer)."""


class Page(QFrame):
    """One kind of decision."""

    def __init__(self, panel: SessionPanel, title: str) -> None:
        super().__init__(panel)
        self.panel = panel
        self.session = panel.session
        # In a wide dock below the map a choice and its button stay within reach of the eye.
        self.setMaximumWidth(PAGE_WIDTH)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.title = heading(title)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.rows = QVBoxLayout()
        self.rows.setSpacing(6)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 4, 0, 8)
        self.column.addWidget(self.title)
        self.column.addWidget(self.text)
        self.column.addLayout(self.rows)
        self._key: object = None

    def update_view(self) -> bool:
        raise NotImplementedError

    def row(self, text: str, label: str, tip: str, act: Callable[[], object]) -> QWidget:
        """A line of text with a button at its end."""
        holder = QWidget()
        line = QHBoxLayout(holder)
        line.setContentsMargins(0, 0, 0, 0)
        words = QLabel(text)
        words.setWordWrap(True)
        go = button(label, tip)
        # ``clicked`` passes ``checked``: it must not land in the callback's bound default.
        go.clicked.connect(lambda _checked=False: act())
        line.addWidget(words, 1)
        line.addWidget(go)
        self.rows.addWidget(holder)
        return holder

    def fresh(self, key: object) -> bool:
        """Whether the page must be rebuilt (what it shows changed since last time)."""
        if key == self._key:
            return False
        self._key = key
        clear_layout(self.rows)
        return True


class SiegePage(Page):
    """Sieges to roll for, the open siege's card windows, and the last roll."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel, "Sieges")
        self.play = CardPlay(panel)
        self.targets = TargetList(self.play)
        self.column.addWidget(self.targets)
        self.play.stepChanged.connect(panel._stale)

    def update_view(self) -> bool:
        game = self.session.game
        legal = self.panel.legal()
        sieges = [a for a in legal if isinstance(a, ResolveSiege)]
        open_siege = siege.is_open(game) and self.session.human_to_act() is not None
        shown = bool(sieges) or open_siege
        if not shown:
            self._key = None
            return False
        key = (len(game.log), self.play.card)
        if not self.fresh(key):
            return True
        sight = self.panel.sight()
        if open_siege:
            structure = game.state.stats[siege.STRUCTURE]
            window = game.state.stats[siege.WINDOW]
            self.text.setText(
                f"<b>Siege of {esc(sight.structure(structure))}</b>: "
                + self._odds(structure, sight)
                + f"<br>{esc(sight.whose(window))} card window before the roll."
            )
            for action in legal:
                if isinstance(action, PlayCard) and self.play.card is None:
                    card = game.world.cards[action.card]
                    self.row(
                        esc(card.name),
                        "Play",
                        card.effect_text,
                        lambda chosen=action.card: self.play.start(chosen),
                    )
            if ContinueBattle() in legal:
                last = window != game.active_side
                self.row(
                    "No more cards.",
                    "Roll the die" if last else "Continue",
                    "Pass the card window; the besieged side answers, then the die is rolled",
                    lambda: self.panel.act(ContinueBattle()),
                )
            return True
        self.text.setText("Fortresses your units besiege: roll for each, in any order.")
        for action in sieges:
            fortress = game.world.structures[action.structure]
            self.row(
                f"<b>{esc(fortress.name)}</b> ({esc(sight.region(fortress.region))}), "
                f"fortification {fortress.fortification}: {self._odds(action.structure, sight)}",
                "Besiege",
                "Open the siege: card windows, then one roll",
                lambda chosen=action: self.panel.act(chosen),
            )
        return True

    def _odds(self, structure: str, sight: Sight) -> str:
        """What the roll needs, from the terms the viewer may know."""
        game = self.session.game
        side = game.active_side
        level = game.world.structures[structure].fortification
        holder = board.side_of_structure(game, structure)
        secret = hidden_siege_terms(sight, side, holder)
        terms = [
            (label, amount)
            for label, amount in siege.siege_modifiers(game, structure, side)
            if label not in secret
        ]
        hidden = bool(secret)
        need = level - sum(amount for _, amount in terms)
        sides = game.dice.sides
        chance = max(0, min(sides, need + 1)) / sides
        words = ", ".join(f"{label.replace('_', ' ')} {amount:+d}" for label, amount in terms)
        detail = f" ({words})" if words else ""
        unknown = " Units you cannot see may change it." if hidden else ""
        return (
            f"it falls on a roll of {need} or less{detail}, "
            f"{'about ' if hidden else ''}{chance:.0%}.{unknown}"
        )


class PlacePage(Page):
    """Where a reinforcement arrives, when the player chooses among several regions."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel, "Reinforcements")
        self.request: Targeting | None = None
        self.on_map = button("Pick on the map", "Show the allowed regions on the map again")
        self.on_map.clicked.connect(self.ask_map)
        self.column.addWidget(self.on_map)

    def update_view(self) -> bool:
        decision = person_decision(self.session, "place")
        if decision is None:
            self._key = None
            self.session.withdraw(self.request)
            self.request = None
            return False
        game = self.session.game
        key = (decision["reinforcement"], len(game.state.pending))
        if not self.fresh(key):
            return True
        sight = self.panel.sight()
        reinforcement = game.world.reinforcements[decision["reinforcement"]]
        units = [*reinforcement.units, *reinforcement.leaders]
        waiting = sum(1 for d in game.state.pending if d["kind"] == "place") - 1
        more = f"<br><i>{plural(waiting, 'more reinforcement')} after this one.</i>"
        self.text.setText(
            (f"{esc(reinforcement.text)}<br>" if reinforcement.text else "")
            + f"<b>Arriving:</b> {esc(', '.join(unit_name(game, u) for u in units))}"
            + "<br>Choose where they arrive."
            + (more if waiting else "")
        )
        for action in self._actions():
            self.row(
                esc(sight.region(action.region)),
                "Arrive here",
                "Place the reinforcement in this region",
                lambda chosen=action: self.panel.act(chosen),
            )
        if self.session.targeting is None:
            self.ask_map()
        return True

    def _actions(self) -> list[PlaceReinforcement]:
        return [a for a in self.panel.legal() if isinstance(a, PlaceReinforcement)]

    def ask_map(self) -> None:
        actions = self._actions()
        if not actions:
            return
        by_region = {a.region: a for a in actions}
        self.request = Targeting(
            "Pick the region where the reinforcement arrives",
            "region",
            frozenset(by_region),
            1,
            done=lambda picked: self.panel.act(by_region[picked[0]]),
        )
        self.session.ask_targets(self.request)


class ReplacementPage(Page):
    """Replacement points to spend on damaged units in supply."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel, "Replacements")

    def update_view(self) -> bool:
        game = self.session.game
        side = self.session.human_to_act()
        if game.phase != "replacements" or side is None or game.state.pending:
            self._key = None
            return False
        if not self.fresh(len(game.log)):
            return True
        points = PHASES["replacements"].points(game, side)  # type: ignore[attr-defined]
        actions = [a for a in self.panel.legal() if isinstance(a, AssignReplacement)]
        self.text.setText(
            f"<b>{plural(points, 'replacement point')}</b> left: each brings a damaged unit in "
            "supply back to full strength. Points not spent are lost when the phase ends."
            + ("" if actions else f"<br><span style='color:{MUTED}'>No unit can use one.</span>")
        )
        sight = self.panel.sight()
        for action in actions:
            unit = game.state.units[action.unit]
            kind = game.world.unit_type(action.unit)
            full = kind.hit_points if kind else unit.strength
            stack = game.state.stacks.get(unit.stack or "")
            where = sight.region(stack.region) if stack else ""
            self.row(
                f"{esc(unit_name(game, action.unit))} \u2014 strength {unit.strength}/{full}"
                f" <span style='color:{MUTED}'>({esc(where)})</span>",
                "Repair",
                "Spend a point on this unit",
                lambda chosen=action: self.panel.act(chosen),
            )
        return True


class ChoicePage(Page):
    """An event's or a card's question, with each option and what it does."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel, "A decision")

    def update_view(self) -> bool:
        game = self.session.game
        decision = person_decision(self.session, "choice")
        if decision is None:
            self._key = None
            return False
        if not self.fresh((len(game.log), decision["source"])):
            return True
        sight = self.panel.sight()
        source = decision["source"]
        self.title.setText(sight.source(source))
        story = ""
        if source in game.world.events:
            story = game.world.events[source].text
        elif source in game.world.cards:
            story = game.world.cards[source].text
        who = sight.side(decision["acting_for"])
        by = "" if who == "You" else f"<br><i>Asked by {esc(who)}.</i>"
        self.text.setText(
            (f"<i>{esc(story)}</i><br>" if story else "")
            + f"<b>{esc(decision['prompt'] or 'Choose one:')}</b>"
            + by
        )
        names = scenario_names(game)
        for index, raw in enumerate(decision["options"]):
            option = ChoiceOption.model_validate(raw)
            does = sentences.effects(list(option.effects), names)
            self.row(
                f"<b>{esc(option.label)}</b><br><span style='color:{MUTED}'>{esc(does)}</span>",
                "Choose",
                option.label,
                lambda chosen=index: self.panel.act(Choose(chosen)),
            )
        return True
