"""The game panels driven through their own widgets: the stack panel's values and buttons, the
hand, battles round by round, sieges, reinforcements, replacements, choices, the turn summary,
and the fog of war in all of them.

Each test builds a small scenario with :mod:`tests.engine.builder`, opens the panel on a
session in which red is the person and blue the AI (paused: the test says when the AI plays),
and clicks the panel's buttons as a player would; the map's part (picking a target) is played
by calling ``session.pick`` as the map does.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTextBrowser,
    QWidget,
)

from editor.game.panels import (
    BattlePanel,
    DecisionPanel,
    HandoverScreen,
    HandPanel,
    StackPanel,
    TurnSummary,
)
from editor.game.session import GameSession
from engine.actions import ContinueBattle, EndPhase, Move
from engine.game import Game
from tests.engine.builder import Builder, advance_to
from tests.engine.test_battles import arena, script
from tests.engine.test_battles_retreat import WIN, breakthrough_map, where
from tests.engine.test_sieges import fortress, to_sieges

# -- helpers --------------------------------------------------------------------------------------


def session_of(game: Game, blue: str = "ai") -> GameSession:
    """Red is the person; the AI (blue) plays only when the test calls :func:`ai`."""
    session = GameSession(game, {"red": "human", "blue": blue})
    session.paused = True
    return session


def ai(session: GameSession) -> None:
    session.run_ai_until_human()


def shown(qtbot: Any, panel: QWidget, size: tuple[int, int] = (380, 760)) -> QWidget:
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    panel.session.start()  # type: ignore[attr-defined]
    QApplication.processEvents()
    return panel


def buttons(panel: QWidget, start: str) -> list[QPushButton]:
    """The visible buttons of a panel whose text starts with ``start`` (after the event loop
    ran: a widget added to a shown layout appears on the next turn of the loop)."""
    QApplication.processEvents()
    return [
        b
        for b in panel.findChildren(QPushButton)
        if b.text().startswith(start) and b.isVisibleTo(panel)
    ]


def click(qtbot: Any, panel: QWidget, start: str, index: int = 0) -> None:
    found = buttons(panel, start)
    assert found, f"no button {start!r} in {[b.text() for b in panel.findChildren(QPushButton)]}"
    assert found[index].isEnabled(), f"{found[index].text()!r} is disabled"
    qtbot.mouseClick(found[index], Qt.MouseButton.LeftButton)


def texts(widget: QWidget) -> str:
    """Every word a panel shows or would show on hover: labels, buttons, tables, browsers,
    lists and every tooltip."""
    out: list[str] = []
    for child in [widget, *widget.findChildren(QWidget)]:
        out.append(child.toolTip())
        if isinstance(child, QLabel | QAbstractButton):
            out.append(child.text())
        elif isinstance(child, QTextBrowser):
            out.append(child.toHtml())
        elif isinstance(child, QComboBox):
            out.extend(child.itemText(i) for i in range(child.count()))
        elif isinstance(child, QTableWidget):
            for row in range(child.rowCount()):
                for column in range(child.columnCount()):
                    item = child.item(row, column)
                    if item is not None:
                        out.extend((item.text(), item.toolTip()))
    return "\n".join(out)


def card(card_id: str, side: str = "red", phases: tuple[str, ...] = ("cards",), **extra: Any):
    return {
        "id": card_id,
        "name": card_id.replace("-", " ").title(),
        "side": side,
        "phases": list(phases),
        "effects": extra.pop("effects", [{"kind": "vp", "amount": 1}]),
        **extra,
    }


def battle_at_b1(b: Builder, *, fog: bool = False) -> Game:
    """Red's battles phase with red's stacks in b1 come from a1 (see ``start``)."""
    game = b.game(0, fog=fog)
    for stack in game.state.stacks.values():
        if stack.side == "red" and stack.region == "b1":
            stack.came_from = "a1"
    assert game.phase == "battles" and game.active_side == "red"
    return game


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None
    return stack


# -- the stack panel ------------------------------------------------------------------------------


def test_stack_panel_shows_values_and_the_modifiers_behind_them(qtbot: Any) -> None:
    boost = card(
        "drill",
        effects=[
            {
                "kind": "modify",
                "select": {"units": {"unit_types": ["inf"]}},
                "stat": "attack",
                "amount": 1,
                "duration": {"until": "end_of_turn"},
            }
        ],
    )
    b = Builder(cols=3).set("cards", [boost])
    b.unit("r1", "inf", "a1", name="1st Rifles", strength=2).unit("r2", "tank", "a1")
    b.leader("rl", "a1", rank=2, attack=1)
    b.unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    advance_to(game, "cards")
    session = session_of(game)
    session.apply(game.legal_actions()[0])  # play the drill card
    panel = shown(qtbot, StackPanel(session))
    session.select(stack_of(game, "r1"))
    table = panel.table
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    assert set(rows) == {"1st Rifles", "Tanks (r2)", "Rl"}
    rifles = rows["1st Rifles"]
    values = [table.item(rifles, c).text() for c in range(table.columnCount())]
    assert values == ["1st Rifles", "Infantry", "5", "4", "4", "3/3", "2/4", "2"]
    tip = table.item(rifles, 2).toolTip()
    assert "base" in tip and "Drill" in tip and "+1" in tip
    assert "Commander: Rl" in panel.leader.text()
    assert "Stacking 4" in panel.stacking.text()
    # Nothing to do with a stack in the cards phase: every button is off.
    assert not any(
        b.isEnabled()
        for b in (panel.split_button, panel.merge_button, panel.entrench_button, panel.enter_button)
    )


def test_split_merge_and_entrench_buttons_apply_their_actions(qtbot: Any) -> None:
    b = Builder(cols=3)
    b.unit("r1", "inf", "a1").unit("r2", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    advance_to(game, "land_movement")
    session = session_of(game)
    panel = shown(qtbot, StackPanel(session))
    first = stack_of(game, "r1")
    session.select(first)
    assert panel.split_button.isEnabled() and panel.entrench_button.isEnabled()
    assert not panel.merge_button.isEnabled()

    click(qtbot, panel, "Split")
    assert panel.confirm_split.isVisible() and not panel.confirm_split.isEnabled()
    panel.set_checked(["r2"])
    assert panel.confirm_split.text() == "Split off 1 unit"
    click(qtbot, panel, "Split off")
    assert stack_of(game, "r2") != stack_of(game, "r1")
    assert not panel.confirm_split.isVisible()

    session.select(stack_of(game, "r2"))
    assert panel.merge_button.isEnabled()
    click(qtbot, panel, "Merge")
    assert stack_of(game, "r2") == stack_of(game, "r1")

    session.select(stack_of(game, "r1"))
    click(qtbot, panel, "Entrench")
    assert game.state.stacks[stack_of(game, "r1")].entrenched
    assert "Entrenched" in panel.states.text()
    assert not panel.entrench_button.isEnabled()


def test_entering_and_leaving_a_structure(qtbot: Any) -> None:
    b = Builder(cols=3).structure("keep", "a1", fortification=2, owner="redland")
    b.unit("r1", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    advance_to(game, "land_movement")
    session = session_of(game)
    panel = shown(qtbot, StackPanel(session))
    session.select(stack_of(game, "r1"))
    assert panel.enter_button.text() == "Enter Keep" and not panel.leave_button.isEnabled()
    click(qtbot, panel, "Enter Keep")
    assert game.state.stacks[stack_of(game, "r1")].structure == "keep"
    assert "Inside Keep" in panel.states.text()
    click(qtbot, panel, "Leave")
    assert game.state.stacks[stack_of(game, "r1")].structure is None


def test_an_enemy_stack_offers_no_buttons(qtbot: Any) -> None:
    b = Builder(cols=3)
    b.unit("r1", "inf", "a1").unit("x", "inf", "b1", nation="blueland", name="Blue Guard")
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    session = session_of(game)
    panel = shown(qtbot, StackPanel(session))
    session.select(stack_of(game, "x"))
    assert "Blue Guard" in texts(panel)  # no fog of war in this game
    assert not panel.actions_box.isVisible()
    session.select(stack_of(game, "r1"))
    assert panel.actions_box.isVisible()


# -- the hand -------------------------------------------------------------------------------------


def hand_game(*cards: dict, cols: int = 3, **rules: Any) -> Builder:
    b = Builder(cols=cols)
    b.unit("r", "inf", "a1").unit("x", "inf", f"{'abcdefghij'[cols - 1]}1", nation="blueland")
    b.set("cards", list(cards))
    if rules:
        b.rules("cards", **rules)
    return b


def test_a_mandatory_card_is_marked_and_blocks_the_phase_until_played(qtbot: Any) -> None:
    game = hand_game(card("orders", mandatory=True), card("spare")).game(0)
    advance_to(game, "cards")
    session = session_of(game)
    panel = shown(qtbot, HandPanel(session))
    assert "mandatory" in panel.status.text() and "cannot end" in panel.status.text()
    views = {view.card: view for view in panel.views}
    assert "Must be played now" in views["orders"].badge.text()
    assert views["orders"].play_button.isEnabled()
    qtbot.mouseClick(views["orders"].play_button, Qt.MouseButton.LeftButton)
    assert "orders" not in game.state.sides["red"].hand
    assert not panel.status.isVisible()
    assert EndPhase() in game.legal_actions()


def _forced_march(**tank: Any) -> Game:
    """Red in land movement with a card that gives one stack +2 MP: two stacks to pick from,
    infantry ``r`` in A1 and a tank ``r2`` in B1."""
    fast = card(
        "forced-march",
        phases=("land_movement",),
        effects=[
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}, "count": 1, "per": "stack"},
                "stat": "movement",
                "amount": 2,
            }
        ],
    )
    b = hand_game(fast, cols=4)
    b.unit("r2", "tank", "b1", **tank).owners(b1="redland")
    game = b.game(0)
    advance_to(game, "land_movement")
    return game


def test_a_card_with_a_target_is_played_through_a_targeting_request(qtbot: Any) -> None:
    game = _forced_march()
    session = session_of(game)
    panel = shown(qtbot, HandPanel(session))
    view = next(v for v in panel.views if v.card == "forced-march")
    assert "Playable" in view.badge.text()
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    request = session.targeting
    assert request is not None and request.kind == "stack"
    assert request.allowed == {stack_of(game, "r"), stack_of(game, "r2")}
    labels = [b.text() for b in buttons(panel.targets, "")]
    assert panel.targets.isVisible() and "Infantry (r) at A1" in labels, labels
    assert session.pick(stack_of(game, "r2"))  # as the map does
    assert session.targeting is None
    assert "forced-march" not in game.state.sides["red"].hand
    (modifier,) = game.state.modifiers
    assert list(modifier.units) == ["r2"]
    assert not panel.targets.isVisible()


def test_discarding_down_to_the_hand_limit(qtbot: Any) -> None:
    game = hand_game(*(card(f"c{n}") for n in range(6)), hand_limit=1).game(2)
    advance_to(game, "cards")
    session = session_of(game)
    panel = shown(qtbot, HandPanel(session))
    assert "discard 1 card" in panel.status.text()
    assert "limit 1" in panel.title.text()
    first = panel.views[0]
    assert first.discard_button.isVisibleTo(first)
    qtbot.mouseClick(first.discard_button, Qt.MouseButton.LeftButton)
    assert len(game.state.sides["red"].hand) == 1
    assert EndPhase() in game.legal_actions()
    assert not panel.status.isVisible()
    assert not any(v.discard_button.isVisibleTo(v) for v in panel.views)


# -- battles --------------------------------------------------------------------------------------


def test_a_battle_fought_round_by_round_shows_every_die(qtbot: Any) -> None:
    b = arena()
    b.unit("r1", "tank", "b1", name="Iron Column")
    b.unit("x1", "inf", "b1", nation="blueland", name="Blue Guard")
    game = battle_at_b1(b)
    session = session_of(game)
    panel = shown(qtbot, BattlePanel(session))
    assert panel.battle_list.isVisible()
    assert "to win" in texts(panel.battle_list)  # every enemy seen: the odds are shown
    script(game, *([3, 9] * 40))
    click(qtbot, panel, "Fight")
    assert game.state.battle is not None and panel.continue_button.isEnabled()
    assert "Your card window" in panel.window.text()
    rounds = 0
    while game.state.battle is not None and rounds < 10:
        click(qtbot, panel, "Continue")  # red's window; blue's is the AI's
        ai(session)
        rounds += 1
        html = panel.log.toHtml()
        if game.log.of_type("battle_fire"):
            assert "Iron Column" in html and "Blue Guard" in html
            assert "#2e7d32" in html and "#8a8a8a" in html  # hits and misses
    assert game.state.battle is None
    assert "Round 1" in panel.log.toPlainText()
    assert panel.title.text().startswith("Last battle")
    assert not panel.continue_button.isVisible()


def test_retreat_is_offered_from_the_first_next_round(qtbot: Any) -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit("r1", "inf", "b1").unit("x1", "inf", "b1", nation="blueland")
    game = battle_at_b1(b)
    session = session_of(game)
    panel = shown(qtbot, BattlePanel(session))
    script(game, *([9] * 200))  # nobody hits: the battle goes on
    click(qtbot, panel, "Fight")
    assert not panel.retreat_button.isEnabled()
    for _ in range(6):
        if panel.retreat_button.isEnabled():
            break
        click(qtbot, panel, "Continue")
        ai(session)
    assert panel.retreat_button.isEnabled() and "Retreat" in panel.window.text()
    click(qtbot, panel, "Retreat")
    assert game.state.battle is None
    assert where(game, "r1") == ("a1", None)


def test_breakthrough_picked_on_the_map(qtbot: Any) -> None:
    game = battle_at_b1(breakthrough_map())
    session = session_of(game)
    panel = shown(qtbot, BattlePanel(session))
    script(game, *WIN)
    click(qtbot, panel, "Fight")
    while game.state.battle is not None:
        click(qtbot, panel, "Continue")
        ai(session)
    box = panel.breakthrough
    assert box.isVisible()
    assert session.targeting is not None and session.targeting.allowed == {"a1", "c1"}
    assert set(box.checks) == {"r1", "r2"}
    box.checks["r2"].setChecked(False)
    assert session.pick("c1")
    assert where(game, "r1") == ("c1", None) and where(game, "r2") == ("b1", None)
    assert not box.isVisible()


def test_declining_the_breakthrough(qtbot: Any) -> None:
    game = battle_at_b1(breakthrough_map())
    session = session_of(game)
    panel = shown(qtbot, BattlePanel(session))
    script(game, *WIN)
    click(qtbot, panel, "Fight")
    while game.state.battle is not None:
        click(qtbot, panel, "Continue")
        ai(session)
    click(qtbot, panel.breakthrough, "Stay")
    assert session.targeting is None and not game.state.pending
    assert where(game, "r1") == ("b1", None)


# -- decisions ------------------------------------------------------------------------------------


def test_a_siege_rolled_from_the_decision_panel(qtbot: Any) -> None:
    game = to_sieges(fortress())
    session = session_of(game)
    panel = shown(qtbot, DecisionPanel(session))
    siege_page = panel.pages[2]
    assert siege_page.isVisible() and "Fort" in texts(siege_page)
    assert "falls on a roll of" in texts(siege_page)
    script(game, 3)
    click(qtbot, panel, "Besiege")
    click(qtbot, panel, "Continue")  # red's card window
    ai(session)  # blue's window, then the roll
    assert game.log.of_type("siege_roll")[0]["success"]
    assert game.state.units["x1"].status == "eliminated"
    assert not siege_page.isVisible() and panel.siege_result.isVisible()
    assert "it falls" in panel.siege_result.text() and "#2e7d32" in panel.siege_result.text()


def reinforcements_game() -> Game:
    b = Builder(cols=4).owners(b1="redland")
    b.unit("r", "inf", "a1").unit("x", "inf", "d1", nation="blueland")
    b.unit("n2", "tank", name="2nd Armour")
    b.set("areas", [{"id": "home", "name": "Home"}])
    b.region("a1", area="home").region("b1", area="home")
    b.set(
        "reinforcements",
        [
            {
                "id": "choice",
                "side": "red",
                "turn": 1,
                "units": ["n2"],
                "to": {"areas": ["home"]},
                "text": "Fresh armour arrives from the depots.",
            }
        ],
    )
    game = b.game(0)
    advance_to(game, "reinforcements")
    return game


def test_reinforcement_placed_by_picking_a_region(qtbot: Any) -> None:
    game = reinforcements_game()
    session = session_of(game)
    panel = shown(qtbot, DecisionPanel(session))
    place = panel.pages[1]
    assert place.isVisible() and "2nd Armour" in place.text.text()
    assert len(buttons(place, "Arrive here")) == 2
    assert session.targeting is not None and session.targeting.allowed == {"a1", "b1"}
    assert session.pick("b1")
    assert game.state.stacks[stack_of(game, "n2")].region == "b1"
    assert not place.isVisible() and panel.idle.isVisible()


def test_replacement_assigned_from_its_page(qtbot: Any) -> None:
    b = Builder(cols=3)
    b.unit("r", "inf", "a1", strength=1, name="Worn Rifles")
    b.unit("x", "inf", "c1", nation="blueland")
    b.set("replacements", [{"id": "extra", "side": "red", "turns": {"from_turn": 1}, "points": 1}])
    game = b.game(0)
    advance_to(game, "replacements")
    session = session_of(game)
    panel = shown(qtbot, DecisionPanel(session))
    page = panel.pages[3]
    points = game.state.sides["red"].replacement_points
    assert page.isVisible() and f"{points} replacement point" in page.text.text()
    assert "Worn Rifles" in texts(page) and "1/4" in texts(page)
    click(qtbot, page, "Repair")
    assert game.state.units["r"].strength == 4
    assert "No unit can use one" in page.text.text()


def test_a_choice_page_and_the_event_that_asked(qtbot: Any) -> None:
    b = hand_game()
    b.set(
        "events",
        [
            {
                "id": "offer",
                "title": "The Merchants' Offer",
                "text": "Merchants ask what the army wants.",
                "effects": [
                    {
                        "kind": "choice",
                        "prompt": "Take gold or glory?",
                        "options": [
                            {"label": "Gold", "effects": [{"kind": "treasury", "amount": 5}]},
                            {"label": "Glory", "effects": [{"kind": "vp", "amount": 3}]},
                        ],
                    }
                ],
            }
        ],
    )
    game = b.game(0)
    session = session_of(game)
    panel = shown(qtbot, DecisionPanel(session))
    page = panel.pages[0]
    assert page.isVisible() and "Take gold or glory?" in page.text.text()
    assert page.title.text() == "The Merchants' Offer"
    click(qtbot, page, "Choose", 1)
    assert game.state.sides["red"].vp == 3
    assert not page.isVisible()
    assert "The Merchants' Offer" in panel.event_title.text()
    assert "Merchants ask" in panel.event_text.text()
    assert "Glory" in panel.event_text.text() and "3 VP" in panel.event_text.text()


# -- the turn summary ----------------------------------------------------------------------------


def test_turn_summary_tells_victories_casualties_and_cards(qtbot: Any) -> None:
    b = arena()
    b.unit("r1", "tank", "b1", name="Iron Column")
    b.unit("x1", "inf", "b1", nation="blueland", name="Blue Guard")
    b.unit_type("inf", hit_points=1)
    game = battle_at_b1(b)
    session = session_of(game)
    summary = shown(qtbot, TurnSummary(session), (1000, 330))
    script(game, *([0] * 20 + [9] * 40))
    session.apply(game.legal_actions()[0])
    while game.state.battle is not None:
        if session.human_to_act():
            session.apply(ContinueBattle())
        else:
            ai(session)
    summary.show_period("all")
    text = summary.text.toPlainText()
    assert "Victories" in text and "Casualties" in text
    assert "Blue lost Blue Guard" in text  # no fog: the enemy's losses are named
    assert "VP" in summary.scores.text()


# -- fog of war -----------------------------------------------------------------------------------


def test_no_panel_names_a_hidden_enemy_unit(qtbot: Any) -> None:
    b = Builder(cols=6).owners(b1="redland", c1="redland")
    b.unit("r", "inf", "a1", name="Red Rifles")
    b.unit("x", "tank", "f1", nation="blueland", name="Secret Guard")
    b.unit("y", "inf", "d1", nation="blueland", name="Border Watch")
    game = b.game(0, fog=True)
    advance_to(game, "land_movement")
    session = session_of(game)
    panels = [
        shown(qtbot, StackPanel(session)),
        shown(qtbot, HandPanel(session)),
        shown(qtbot, BattlePanel(session)),
        shown(qtbot, DecisionPanel(session)),
        shown(qtbot, TurnSummary(session)),
    ]
    session.apply(Move(stack_of(game, "r"), ("b1", "c1")))  # next to Border Watch: outline
    hidden = game.state.stacks[stack_of(game, "y")]
    assert session.viewer == "red"
    from engine import fog

    assert fog.view_of(game, hidden, "red") == "outline"
    session.select(stack_of(game, "r"))  # the panel filled with red's own units first
    assert "Red Rifles" in texts(panels[0])
    session.select(hidden.id)
    panels[4].show_period("all")  # type: ignore[attr-defined]
    for panel in panels:
        words = texts(panel)
        for name in ("Secret Guard", "Border Watch", "Tanks", "(x)", "(y)"):
            assert name not in words, (type(panel).__name__, name)
    assert "cannot see inside" in panels[0].hint.text()  # type: ignore[attr-defined]


def test_hot_seat_panels_stay_blank_until_the_next_player_reveals(qtbot: Any) -> None:
    game = hand_game(card("orders"), card("blue-secret", side="blue")).game(0)
    session = GameSession(game, {"red": "human", "blue": "human"})
    hand = shown(qtbot, HandPanel(session))
    screen = HandoverScreen(session)
    qtbot.addWidget(screen)
    advance_to(game, "cards")
    session.apply(EndPhase())  # red's hand drawn; then on to blue's turn
    while not (game.active_side == "blue" and game.phase == "cards"):
        if session.viewer == "blue" and hand.blank.isVisible():
            break
        session.apply(EndPhase())
    assert session.viewer == "blue"
    assert hand.blank.isVisible() and not hand.body.isVisible()
    click(qtbot, screen, "Show Blue")
    assert hand.body.isVisible() and not hand.blank.isVisible()
    assert "Orders" not in texts(hand)  # red's card: never in blue's view
    while game.phase != "cards":
        session.apply(EndPhase())
    assert "Blue Secret" in texts(hand) and "Orders" not in texts(hand)
    while session.viewer == "blue":
        session.apply(EndPhase())
    assert hand.blank.isVisible() and "Blue Secret" in texts(hand.body)  # covered
    click(qtbot, screen, "Show Red")
    assert "Blue Secret" not in texts(hand) and "Orders" in texts(hand)


def test_a_battle_against_a_hidden_enemy_never_names_it(qtbot: Any) -> None:
    b = arena()
    b.unit("r1", "tank", "b1", name="Iron Column")
    b.unit("x1", "inf", "b1", nation="blueland", name="Blue Guard")
    b.unit_type("inf", hit_points=1)
    game = battle_at_b1(b, fog=True)
    session = session_of(game)
    panel = shown(qtbot, BattlePanel(session))
    summary = shown(qtbot, TurnSummary(session), (1000, 330))
    assert "odds unknown" in texts(panel.battle_list)
    script(game, *([0] * 20 + [9] * 40))
    click(qtbot, panel, "Fight")
    while game.state.battle is not None:
        assert "Blue Guard" not in texts(panel)
        if session.human_to_act():
            click(qtbot, panel, "Continue")
        else:
            ai(session)
    words = texts(panel)
    assert "Blue Guard" not in words and "Infantry" not in words
    assert "Enemy fire" in words or "Enemy units take" in words
    summary.show_period("all")  # type: ignore[attr-defined]
    text = summary.text.toPlainText()  # type: ignore[attr-defined]
    assert "Blue lost 1 unit" in text and "Blue Guard" not in texts(summary)


def test_a_battle_card_played_between_rounds(qtbot: Any) -> None:
    barrage = card(
        "massed-barrage",
        phases=("battle",),
        effects=[
            {
                "kind": "modify",
                "select": {"units": {}},
                "stat": "attack",
                "amount": 1,
                "duration": {"until": "end_of_battle"},
            }
        ],
    )
    b = arena().set("cards", [barrage])
    b.unit("r1", "tank", "b1").unit("x1", "inf", "b1", nation="blueland")
    game = battle_at_b1(b)
    game.state.sides["red"].hand.append("massed-barrage")
    session = session_of(game)
    panel = shown(qtbot, BattlePanel(session))
    click(qtbot, panel, "Fight")
    click(qtbot, panel, "Play Massed Barrage")
    assert "massed-barrage" not in game.state.sides["red"].hand
    assert [m.source for m in game.state.modifiers] == ["massed-barrage"]
    assert not buttons(panel, "Play Massed Barrage")
    assert panel.continue_button.isEnabled()


def test_the_sample_played_by_the_ai_never_shows_a_hidden_unit(qtbot: Any, sample: Any) -> None:
    """Two turns of the bundled sample, Arvel's side played through the session as a person
    would (its moves chosen by the AI), every panel read at each of Arvel's decisions."""
    import re

    from editor.game.panels.knowledge import unit_name
    from engine import fog
    from engine.ai import BaselineAI

    session = GameSession.new(sample, {"arvel": "human", "dravan": "ai"}, seed=7, fog=True)
    session.paused = True
    game = session.game
    panels = [
        shown(qtbot, panel)
        for panel in (
            StackPanel(session),
            HandPanel(session),
            BattlePanel(session),
            DecisionPanel(session),
            TurnSummary(session),
        )
    ]
    names = {u: unit_name(game, u) for u in game.state.units}
    chooser = BaselineAI()
    decisions = 0
    while game.turn <= 2 and game.outcome() is None:
        if session.human_to_act() is None:
            ai(session)
            continue
        hidden = {
            u
            for stack in game.state.stacks.values()
            if stack.side == "dravan" and fog.view_of(game, stack, "arvel") != "full"
            for u in stack.units
        }
        shared = {names[u] for u in names if u not in hidden}  # a name others also bear
        secret = {names[u] for u in hidden} - shared
        enemies = [s for s in game.state.stacks.values() if s.side == "dravan"]
        if enemies:
            session.select(enemies[decisions % len(enemies)].id)
        words = "\n".join(texts(panel) for panel in panels)
        for name in secret:
            assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", words), name
        session.apply(chooser.choose(game))
        decisions += 1
    assert decisions > 20


def test_a_card_target_picked_in_the_panels_list(qtbot: Any) -> None:
    game = _forced_march(name="Iron Column")
    session = session_of(game)
    panel = shown(qtbot, HandPanel(session))
    view = next(v for v in panel.views if v.card == "forced-march")
    # Cancelling a play leaves the card in hand and the map free.
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    assert session.targeting is not None
    click(qtbot, panel.targets, "Cancel")
    assert session.targeting is None and "forced-march" in game.state.sides["red"].hand
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    assert not view.play_button.isVisibleTo(view)  # one card at a time
    click(qtbot, panel.targets, "Iron Column")
    assert session.targeting is None and not panel.targets.isVisible()
    (modifier,) = game.state.modifiers
    assert list(modifier.units) == ["r2"]


def test_letting_the_card_choose_its_target_frees_the_map(qtbot: Any) -> None:
    game = _forced_march()
    session = session_of(game)
    panel = shown(qtbot, HandPanel(session))
    view = next(v for v in panel.views if v.card == "forced-march")
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    assert session.targeting is not None
    click(qtbot, panel.targets, "Let the card choose")
    # Played, and the map no longer asks for a target of a card already played.
    assert "forced-march" not in game.state.sides["red"].hand
    assert session.targeting is None and not panel.targets.isVisible()


def test_hidden_panels_ask_for_attention_when_the_player_has_something_to_do(
    qtbot: Any,
) -> None:
    game = reinforcements_game()
    session = session_of(game)
    decisions, battles = DecisionPanel(session), BattlePanel(session)
    qtbot.addWidget(decisions)
    qtbot.addWidget(battles)
    asked: list[str] = []
    decisions.needsAttention.connect(lambda: asked.append("decisions"))
    battles.needsAttention.connect(lambda: asked.append("battles"))
    session.start()  # neither panel is on screen (a tab behind another)
    assert asked == ["decisions"]
    session.start()  # the same decision: asked once
    assert asked == ["decisions"]
