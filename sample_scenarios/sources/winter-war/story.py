"""Presentation, tension index, card decks, events and victory of the Winter War sample."""

from __future__ import annotations

from typing import Any

from mapdata import FIN, SOV

INFO: dict[str, Any] = {
    "title": "The Winter War, 1939-40",
    "author": "Salient sample",
    "version": "1",
    "description": (
        "30 November 1939: after Finland refuses to move its border away from Leningrad, the "
        "Red Army crosses it from the Gulf of Finland to the Arctic. Fifteen weekly turns, "
        "until the ice breaks in March. The Soviets must break the fortified line on the "
        "Karelian Isthmus and take Viipuri before the world loses patience; the Finns must "
        "hold the line, destroy the road-bound columns in the northern forests with ski "
        "and sissi troops, and push the Allied Intervention index to 10. Lakes are crossed "
        "only by aircraft, the Arctic is an off-map box beyond Petsamo, and the sea ice "
        "opens a road to Viipuri in February."
    ),
    "playing_time": "2-3 hours",
}

# -- building blocks ------------------------------------------------------------------------------

NORTH = ["north", "ladoga"]
"""Theatres of the forest war, where columns starve and guerrillas roam."""


def _enemy(**filters: Any) -> dict[str, Any]:
    return {"side": "@enemy", **filters}


def _in_battle(units: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {"units": units or {}, "scope": {"context": "battle"}, **more}


def _present(units: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "units_present", "units": units, "scope": {"context": "battle"}}


def _turns(first: int, last: int | None = None) -> dict[str, Any]:
    return {"kind": "turn", "from_turn": first, "to_turn": last}


def _tension(amount: int) -> dict[str, Any]:
    return {"kind": "tension", "amount": amount}


def _card(id: str, name: str, side: str, phases: list[str], effects: list[dict[str, Any]],
          condition: dict[str, Any] | None = None, *, text: str, condition_text: str = "",
          effect_text: str, **more: Any) -> dict[str, Any]:  # fmt: skip
    card: dict[str, Any] = {"id": id, "name": name, "side": side, "phases": phases,
                            "effects": effects, "text": text, "effect_text": effect_text,
                            **more}  # fmt: skip
    if condition is not None:
        card["condition"] = condition
    if condition_text:
        card["condition_text"] = condition_text
    return card


ICE_ROADS = ["ice-kronstadt-koivisto", "ice-viipuri-bay"]

# -- Finland's deck -------------------------------------------------------------------------------

FINNISH_CARDS = [
    _card("winter-gear", "Winter Gear Issued", FIN, ["cards"],
          [{"kind": "draw_cards", "count": 1},
           {"kind": "modify", "select": {"units": {"domains": ["land"]}}, "stat": "survival",
            "amount": 1, "duration": {"until": "turns", "turns": 4}}],
          _turns(1, 2), color="red", mandatory=True, in_deck=False,
          text="White smocks, felt boots, tents with stoves: the reservists know how to live "
          "in the snow.",
          condition_text="Turn 1 or 2; must be played.",
          effect_text="Draw a card. For 4 turns your land units get +1 to survival tests."),
    _card("motti", "Motti", FIN, ["battle"],
          [{"kind": "modify", "select": _in_battle(_enemy()), "stat": "battle_morale",
            "amount": -2, "duration": {"until": "end_of_battle"}}],
          _present({"tags": ["ski"]}), copies=2,
          text="Cut the column into pieces, then take the pieces one by one.",
          condition_text="Your ski or sissi troops are in the battle.",
          effect_text="The enemy's battle morale drops by 2 for this battle."),
    _card("bottles", "Bottles Against Tanks", FIN, ["battle"],
          [{"kind": "auto_hits", "hits": 1},
           {"kind": "modify", "select": _in_battle(_enemy(roles=["armour"])), "stat": "attack",
            "amount": -1, "duration": {"until": "end_of_battle"}}],
          _present(_enemy(roles=["armour"])),
          text="Petrol, tar and a rag in a bottle, thrown from a foxhole.",
          condition_text="Enemy tanks are in the battle.",
          effect_text="The enemy takes 1 hit; its tanks fight with -1 attack."),
    _card("snipers", "Snipers in the Snow", FIN, ["battle"],
          [{"kind": "reroll", "select": _in_battle(count=2)}],
          text="One shot from a fir tree, and an officer falls.",
          effect_text="Two of your units in the battle roll their missed shots again."),
    _card("night-raid", "Night Raid", FIN, ["battle"],
          [{"kind": "shoot_first", "rounds": ["first"]}],
          {"kind": "battle_role", "role": "attacker"},
          text="The raiders come out of the dark while the enemy crowds round his fires.",
          condition_text="You attack.",
          effect_text="You fire first in the opening round."),
    _card("field-kitchens", "Field Kitchens", FIN, ["supply"],
          [{"kind": "modify", "select": {"units": {"domains": ["land"]}}, "stat": "survival",
            "amount": 2}],
          copies=2,
          text="Hot soup, brought up on a sledge to the front line every night.",
          effect_text="This turn your land units get +2 to survival tests."),
    _card("geneva", "Appeal to Geneva", FIN, ["cards"], [_tension(1)], _turns(1, 5),
          color="red",
          text="Finland takes the invasion to the League of Nations.",
          condition_text="Turns 1 to 5.",
          effect_text="Allied Intervention +1."),
    _card("correspondents", "Foreign Correspondents", FIN, ["cards"],
          [{"kind": "if", "condition": {"kind": "roll", "at_most": 4}, "then": [_tension(1)]}],
          _turns(4), copies=2,
          text="Photographs of frozen columns on the Raate road go round the world.",
          condition_text="From turn 4.",
          effect_text="Roll a die: on 0-4, Allied Intervention +1."),
    _card("sissi-raid", "Sissi Raid", FIN, ["land_movement"],
          [{"kind": "immobilize",
            "select": {"units": _enemy(), "scope": {"theatres": NORTH}, "count": 1,
                       "per": "stack", "pick": "random"}}],
          copies=2,
          text="Ski patrols burn the field kitchens and mine the only road.",
          effect_text="One enemy stack north of the Isthmus, drawn at random, cannot move "
          "this turn."),
    _card("scorched-earth", "Scorched Earth", FIN, ["supply"],
          [{"kind": "modify", "select": {"units": _enemy(), "scope": {"theatres": NORTH}},
            "stat": "survival", "amount": -2, "duration": {"until": "turns", "turns": 2}}],
          color="red",
          text="The villages near the border are burnt before the enemy arrives: no shelter "
          "for him.",
          effect_text="For 2 turns enemy units north of the Isthmus get -2 to survival tests."),
    _card("low-cloud", "Low Cloud", FIN, ["air"],
          [{"kind": "immobilize",
            "select": {"units": _enemy(domains=["air"]), "count": 2, "pick": "random"}}],
          text="Snow clouds down to the treetops: the bombers stay home.",
          effect_text="Two enemy air units, drawn at random, cannot fly this turn."),
    _card("demolitions", "Demolition Parties", FIN, ["land_movement"],
          [{"kind": "immobilize",
            "select": {"units": _enemy(), "scope": {"theatres": ["isthmus"]}, "count": 1,
                       "per": "stack", "pick": "random"}}],
          _turns(1, 4), color="red",
          text="Every bridge, house and road junction of the covering zone is blown.",
          condition_text="Turns 1 to 4.",
          effect_text="One enemy stack on the Isthmus, drawn at random, cannot move this "
          "turn."),
    _card("lotta", "Lotta Svärd", FIN, ["cards"],
          [{"kind": "replacements", "points": 1, "assign": "random"}],
          text="Women's auxiliaries run canteens, hospitals and air-raid posts, freeing men "
          "for the front.",
          effect_text="1 replacement point, given at once to a damaged unit."),
    _card("fighters-abroad", "Fighters from Abroad", FIN, ["reinforcements"],
          [{"kind": "reinforcement", "reinforcement": "foreign-fighters"}],
          {"kind": "tension", "at_least": 4}, color="red",
          text="Gladiators from Britain, Fiats from Italy, Moranes from France.",
          condition_text="Allied Intervention at 4 or more.",
          effect_text="A fighter squadron arrives at Tampere."),
    _card("heinrichs", "Heinrichs Takes the Isthmus", FIN, ["cards"],
          [{"kind": "remove_leader", "leader": "osterman"},
           {"kind": "reinforcement", "reinforcement": "heinrichs-command"}],
          {"kind": "all", "conditions": [_turns(8),
                                         {"kind": "leader_alive", "leader": "osterman"}]},
          color="red",
          text="The exhausted commander of the Isthmus asks to be relieved.",
          condition_text="From turn 8, while Österman commands.",
          effect_text="Österman leaves; Heinrichs arrives on the Isthmus."),
    _card("expedition", "An Allied Expedition", FIN, ["cards"],
          [_tension(1), {"kind": "vp", "amount": 1}],
          color="red", in_deck=False,
          text="London and Paris talk openly of sending an army through Narvik.",
          effect_text="Allied Intervention +1 and 1 VP."),
]  # fmt: skip

# -- the Soviet deck ------------------------------------------------------------------------------

SOVIET_CARDS = [
    _card("terijoki", "The Terijoki Government", SOV, ["cards"],
          [{"kind": "reinforcement", "reinforcement": "peoples-army"}, _tension(1)],
          _turns(1, 1), color="red", mandatory=True, in_deck=False,
          text="Moscow proclaims a Finnish 'people's government' in the first village taken, "
          "and the world is not fooled.",
          condition_text="Turn 1; must be played.",
          effect_text="The People's Army division arrives at Leningrad. Allied Intervention "
          "+1."),
    _card("no-winter-clothing", "No Winter Clothing", SOV, ["cards"],
          [{"kind": "modify",
            "select": {"units": {"domains": ["land"]}, "scope": {"theatres": NORTH}},
            "stat": "morale", "amount": -1}],
          _turns(2, 8), mandatory=True,
          text="Summer tunics and cloth caps at forty below.",
          condition_text="Turns 2 to 8; must be played.",
          effect_text="This turn your land units north of the Isthmus have -1 morale."),
    _card("barrage", "Artillery Barrage", SOV, ["battle"],
          [{"kind": "modify", "select": _in_battle(_enemy()), "stat": "defence", "amount": -1,
            "rounds": ["main"], "duration": {"until": "end_of_battle"}}],
          _present({"roles": ["artillery"]}), copies=2,
          text="Hours of shelling before the infantry gets up.",
          condition_text="Your artillery is in the battle.",
          effect_text="In the main round the enemy defends with -1."),
    _card("mass-assault", "Mass Assault", SOV, ["battle"],
          [{"kind": "modify", "select": _in_battle(), "stat": "attack", "amount": 1,
            "rounds": ["first", "main"], "duration": {"until": "end_of_battle"}}],
          {"kind": "battle_role", "role": "attacker"},
          text="Wave after wave across the open ice.",
          condition_text="You attack.",
          effect_text="Your units attack with +1 in the opening and main rounds."),
    _card("commissars", "Political Commissars", SOV, ["battle"],
          [{"kind": "modify", "select": _in_battle(), "stat": "battle_morale", "amount": 1,
            "duration": {"until": "end_of_battle"}}],
          text="Nobody falls back without an order, and there are no orders to fall back.",
          effect_text="Your battle morale +1 for this battle."),
    _card("tanks-support", "Tanks with the Infantry", SOV, ["battle"],
          [{"kind": "modify", "select": _in_battle(), "stat": "battle_morale", "amount": 1,
            "duration": {"until": "end_of_battle"}},
           {"kind": "modify", "select": _in_battle({"roles": ["armour"]}), "stat": "attack",
            "amount": 1, "duration": {"until": "end_of_battle"}}],
          _present({"roles": ["armour"]}),
          text="The new doctrine: tanks, guns and infantry attacking together.",
          condition_text="Your tanks are in the battle.",
          effect_text="Battle morale +1; your tanks attack with +1."),
    _card("bomb-cities", "Bomb the Cities", SOV, ["air"],
          [{"kind": "vp", "amount": 1},
           {"kind": "if", "condition": {"kind": "roll", "at_most": 5}, "then": [_tension(1)]}],
          text="Bombs on Helsinki, Viipuri and Tampere to break the will of the Finns.",
          effect_text="1 VP. Roll a die: on 0-5, Allied Intervention +1."),
    _card("stockholm", "Talks in Stockholm", SOV, ["cards"],
          [_tension(-1), {"kind": "vp", "amount": -1}],
          {"kind": "tension", "at_least": 3}, copies=2,
          text="Quiet contacts through the Swedish government calm the Allies for a while.",
          condition_text="Allied Intervention at 3 or more.",
          effect_text="Allied Intervention -1; you lose 1 VP."),
    _card("timoshenko", "Timoshenko Takes Command", SOV, ["cards"],
          [{"kind": "reinforcement", "reinforcement": "timoshenko-arrives"}],
          _turns(6), color="red",
          text="A new front command, new methods: rehearse, mass the guns, then attack.",
          condition_text="From turn 6.",
          effect_text="Timoshenko arrives at Leningrad."),
    _card("ski-volunteers", "Ski Volunteers", SOV, ["reinforcements"],
          [{"kind": "reinforcement", "reinforcement": "ski-brigade"}],
          _turns(4), color="red",
          text="Sportsmen from the Leningrad clubs, given rifles and sent north.",
          condition_text="From turn 4.",
          effect_text="The ski brigade arrives in Olonets or White Sea Karelia."),
    _card("air-recon", "Air Reconnaissance", SOV, ["land_movement"],
          [{"kind": "examine", "select": {"units": _enemy(), "count": 2, "per": "stack"}},
           {"kind": "modify", "select": {}, "stat": "search", "amount": 2}],
          text="Photographs of the line, and of the ski tracks in the forest.",
          effect_text="Look inside two enemy stacks; your searches get +2 this turn."),
    _card("forest-roads", "Roads Through the Forest", SOV, ["supply"],
          [{"kind": "modify",
            "select": {"units": {"domains": ["land"]}, "scope": {"theatres": NORTH}},
            "stat": "survival", "amount": 2}],
          text="Engineer battalions cut new tracks to the stranded divisions.",
          effect_text="This turn your land units north of the Isthmus get +2 to survival "
          "tests."),
    _card("massed-bombers", "Massed Bombers", SOV, ["air"],
          [{"kind": "modify", "select": {"units": {"roles": ["bomber"]}}, "stat": "attack",
            "amount": 1}],
          text="Hundreds of aircraft over the line on the clear days of February.",
          condition_text="",
          effect_text="Your bombers attack with +1 this turn."),
    _card("across-the-ice", "Across the Ice", SOV, ["land_movement"],
          [{"kind": "connection", "connection": key, "bridge": True} for key in ICE_ROADS],
          color="red", in_deck=False,
          text="Tanks and infantry cross the frozen gulf to outflank the line from the sea.",
          effect_text="The ice roads from Kronstadt to Koivisto and across Viipuri Bay "
          "open."),
    _card("peace-feelers", "Peace Feelers", SOV, ["cards"],
          [_tension(-2), {"kind": "vp", "amount": -2}],
          color="red", in_deck=False,
          text="Moscow lets it be known that it would talk to the real government in "
          "Helsinki after all.",
          effect_text="Allied Intervention -2; you lose 2 VP."),
]  # fmt: skip

CARDS = FINNISH_CARDS + SOVIET_CARDS

# -- events ---------------------------------------------------------------------------------------

EVENTS: list[dict[str, Any]] = [
    # The two opening cards are dealt into the hands by events, so that both are played on
    # turn 1 whatever the draw.
    {"id": "invasion", "title": "The Red Army Crosses the Border",
     "text": "Artillery opens up along the Rajajoki at dawn, and bombers appear over Helsinki.",
     "side": SOV, "turns": {"from_turn": 1, "to_turn": 1},
     "effects": [{"kind": "cards", "add": ["terijoki"], "to_hand": True}]},
    {"id": "mobilisation", "title": "Mobilisation Complete",
     "text": "The reservists called up in October are in their positions.",
     "side": FIN, "turns": {"from_turn": 1, "to_turn": 1},
     "effects": [{"kind": "cards", "add": ["winter-gear"], "to_hand": True}]},
    {"id": "league-expels", "title": "The League Expels the Soviet Union",
     "text": "Geneva condemns the invasion and expels the aggressor. Sympathy for Finland "
     "grows in every capital.",
     "side": SOV, "turns": {"from_turn": 3, "to_turn": 3}, "effects": [_tension(1)]},
    {"id": "mannerheims-reserve", "title": "Mannerheim's Last Reserve",
     "text": "The high command has a few regiments left. Where should they go?",
     "side": FIN, "turns": {"from_turn": 4, "to_turn": 4}, "visible_to": [FIN],
     "effects": [{"kind": "choice", "prompt": "Where does the last reserve go?", "options": [
         {"label": "To the Isthmus, behind the main line",
          "effects": [{"kind": "reinforcement", "reinforcement": "reserve-isthmus"}]},
         {"label": "North, to hunt the columns in the forest",
          "effects": [{"kind": "reinforcement", "reinforcement": "reserve-north"}]}]}]},
    {"id": "forty-below", "title": "Forty Below",
     "text": "The coldest winter in living memory. Columns stuck on the forest roads can "
     "barely move.",
     "side": SOV, "turns": {"from_turn": 6, "to_turn": 6},
     "effects": [{"kind": "modify",
                  "select": {"units": {"domains": ["land"]}, "scope": {"theatres": NORTH}},
                  "stat": "movement", "amount": -1,
                  "duration": {"until": "turns", "turns": 3}}]},
    {"id": "line-holds", "title": "The Line Holds",
     "text": "Another week, and the Red Army is still in front of the main line. Abroad, "
     "the calls to help Finland grow louder.",
     "side": FIN, "turns": {"from_turn": 5, "every": 2}, "repeat": True,
     "condition": {"kind": "controls", "regions": ["summa"], "structures": ["viipuri-city"]},
     "effects": [_tension(1)]},
    {"id": "forest-victories", "title": "Victories in the Forest",
     "text": "The northern columns have been stopped, and the world's newspapers print the "
     "pictures.",
     "side": FIN, "turns": {"from_turn": 7, "to_turn": 7},
     "condition": {"kind": "controls", "regions": ["suomussalmi", "tolvajarvi", "kuhmo"]},
     "effects": [_tension(1), {"kind": "vp", "amount": 1}]},
    {"id": "ice-bears", "title": "The Ice Bears",
     "text": "The Gulf of Finland and Viipuri Bay have frozen hard enough to carry tanks.",
     "side": SOV, "turns": {"from_turn": 10, "to_turn": 10},
     "effects": [{"kind": "cards", "add": ["across-the-ice"], "to_hand": True}]},
    {"id": "thaw-coming", "title": "The Thaw Is Coming",
     "text": "In a few weeks the ice and the frozen marshes will turn to water. Both "
     "governments know the war must end soon.",
     "turns": {"from_turn": 14, "to_turn": 14}},
]  # fmt: skip

# -- tension and victory --------------------------------------------------------------------------

TENSION: dict[str, Any] = {
    "name": "Allied Intervention",
    "benefits": FIN,
    "threshold": 10,
    "description": (
        "How close Britain and France are to entering the war on Finland's side. It rises "
        "with Finnish appeals and victories, Soviet bombing of cities and a line that will "
        "not break; Soviet diplomacy lowers it. At 10 at the end of a turn, Moscow has to "
        "make peace: Finland wins."
    ),
    "steps": [
        {
            "value": 4,
            "description": "Sweden lets volunteers go: a corps of them reaches Lapland.",
            "effects": [{"kind": "reinforcement", "reinforcement": "swedish-volunteers"}],
        },
        {
            "value": 6,
            "description": "Talk of an Allied expedition: Finland can play it up.",
            "effects": [{"kind": "cards", "add": ["expedition"], "to_hand": True}],
        },
        {
            "value": 8,
            "description": "Moscow grows nervous and sends peace feelers.",
            "effects": [{"kind": "cards", "add": ["peace-feelers"], "to_hand": True}],
        },
    ],
}

VICTORY: dict[str, Any] = {
    "sudden_death": [
        {
            "id": "helsinki-falls",
            "side": SOV,
            "condition": {"kind": "controls", "structures": ["helsinki-city"]},
            "description": "The Red Army takes Helsinki: the Soviet Union wins at once.",
        },
        {
            "id": "isthmus-broken",
            "side": SOV,
            "check": "end_of_turn",
            "condition": {
                "kind": "controls",
                "structures": ["viipuri-city"],
                "regions": ["summa", "taipale", "kakisalmi"],
            },
            "description": "At the end of a turn the Soviets hold Viipuri, Summa, Taipale and "
            "Käkisalmi: the Isthmus is lost and Finland must sign.",
        },
    ],
    "description": (
        "The Soviet Union wins at once by taking Helsinki, or at the end of a turn holding "
        "Viipuri, Summa, Taipale and Käkisalmi. Finland wins when Allied Intervention "
        "reaches 10 at the end of a turn. Otherwise the side with more VP after turn 15 "
        "wins. The Soviet Union starts with 18 VP (the border it was owed however the war "
        "went); VP come from captured places, destroyed bunker belts (2 each), destroyed "
        "divisions and tank brigades (1 each), cards and places held at the end."
    ),
}
