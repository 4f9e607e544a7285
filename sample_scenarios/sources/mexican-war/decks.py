"""Card decks and events of the Mexican-American War sample."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]

IN_BATTLE = {"context": "battle"}
IN_SIEGE = {"context": "siege"}
NATIONAL_ROAD = ["veracruz-coast", "veracruz-highlands", "puebla"]


def _present(units: Json, scope: Json | None = None, at_least: int = 1) -> Json:
    cond: Json = {"kind": "units_present", "units": units, "at_least": at_least}
    if scope is not None:
        cond["scope"] = scope
    return cond


def _all(*conditions: Json) -> Json:
    return {"kind": "all", "conditions": list(conditions)}


def _card(
    cid: str, name: str, side: str, phases: list[str], effects: list[Json], **extra: Any
) -> Json:
    return {"id": cid, "name": name, "side": side, "phases": phases, "effects": effects, **extra}


def cards() -> list[Json]:
    return us_cards() + mexican_cards()


def us_cards() -> list[Json]:
    s = "usa"
    return [
        _card(
            "flying-artillery", "Flying Artillery", s, ["battle"],
            [{"kind": "modify", "select": {"units": {"roles": ["artillery"]}, "scope": IN_BATTLE},
              "stat": "attack", "amount": 1, "duration": {"until": "end_of_battle"}},
             {"kind": "reroll", "select": {"units": {"roles": ["artillery"]}, "scope": IN_BATTLE},
              "rounds": ["artillery"]}],
            condition=_present({"roles": ["artillery"]}, IN_BATTLE),
            copies=2,
            text="The light batteries gallop to within canister range, unlimber and fire.",
            condition_text="Your artillery is in the battle.",
            effect_text="Your artillery gets +1 attack this battle and re-rolls misses in the "
            "artillery round.",
        ),
        _card(
            "engineer-reconnaissance", "Engineer Reconnaissance", s, ["battle"],
            [{"kind": "modify", "select": {"scope": IN_BATTLE}, "stat": "combat", "amount": 1,
              "duration": {"until": "end_of_battle"}, "rounds": ["first"]}],
            condition={"kind": "battle_role", "role": "attacker"},
            copies=2,
            text="Young officers of engineers find a goat path round the enemy's flank.",
            condition_text="You are attacking.",
            effect_text="Your units get +1 attack and defence in the opening round.",
        ),
        _card(
            "steamboats", "Steamboats on the Rio Grande", s, ["land_movement"],
            [{"kind": "modify",
              "select": {"units": {"domains": ["land"]},
                         "scope": {"areas": ["nueces-strip", "tamaulipas", "nuevo-leon"]}},
              "stat": "movement", "amount": 1, "duration": {"until": "end_of_phase"}}],
            condition={"kind": "controls", "structures": ["camargo-landing"]},
            text="Chartered river steamers carry men and stores up to Camargo.",
            condition_text="You hold Camargo.",
            effect_text="Your land units in the Nueces Strip, Tamaulipas and Nuevo León get "
            "+1 MP this phase.",
        ),
        _card(
            "naval-battery", "Naval Battery Ashore", s, ["siege"],
            [{"kind": "modify", "select": {"scope": IN_SIEGE}, "stat": "siege", "amount": -2,
              "duration": {"until": "end_of_siege"}}],
            condition=_all({"kind": "active_side", "side": "@self"},
                           _present({"domains": ["naval"]})),
            color="red",
            text="Sailors drag the squadron's heaviest guns through the sand hills.",
            condition_text="You are the besieger and have a naval squadron on the map.",
            effect_text="This siege roll is 2 lower (better for you).",
        ),
        _card(
            "local-purchases", "Paying in Silver", s, ["cards"],
            [{"kind": "replacements", "points": 1}],
            copies=2,
            text="Cash on the nail buys mules, corn and goodwill from the rancheros.",
            effect_text="1 extra replacement point this turn.",
        ),
        _card(
            "new-volunteer-call", "New Volunteer Call", s, ["cards"],
            [{"kind": "replacements", "points": 2, "assign": "random"}],
            condition={"kind": "turn", "from_turn": 8},
            text="Another call on the states fills the thinned companies.",
            condition_text="From turn 8.",
            effect_text="2 replacement points, used at once on damaged units drawn by the die.",
        ),
        _card(
            "mississippi-rifles", "Rifles Formed in a V", s, ["battle"],
            [{"kind": "shoot_first", "rounds": ["first"]}],
            condition={"kind": "battle_role", "role": "defender"},
            color="red",
            text="The riflemen hold their fire until the lancers are close, then all at once.",
            condition_text="You are defending.",
            effect_text="You fire first in the opening round.",
        ),
        _card(
            "double-canister", "Double Canister", s, ["battle"],
            [{"kind": "auto_hits", "hits": 2}],
            condition=_present({"roles": ["artillery"]}, IN_BATTLE),
            color="red",
            text="The guns are loaded to the muzzle and fired point-blank.",
            condition_text="Your artillery is in the battle.",
            effect_text="The enemy takes 2 hits at once.",
        ),
        _card(
            "spy-company", "The Spy Company", s, ["land_movement"],
            [{"kind": "examine",
              "select": {"units": {"side": "@enemy"}, "count": 2, "per": "stack"}},
             {"kind": "modify", "select": {"units": {"domains": ["land"]},
                                           "scope": {"areas": NATIONAL_ROAD}},
              "stat": "movement", "amount": 1, "duration": {"until": "end_of_phase"}}],
            condition={"kind": "turn", "from_turn": 22},
            color="red",
            text="Highway robbers, paid in gold, become the army's guides and scouts.",
            condition_text="From turn 22.",
            effect_text="Look inside 2 enemy stacks; your land units on the National Road get "
            "+1 MP this phase.",
        ),
        _card(
            "ranger-scouts", "Ranger Scouts", s, ["land_movement"],
            [{"kind": "examine",
              "select": {"units": {"side": "@enemy"}, "count": 1, "per": "stack"}}],
            condition=_present({"unit_types": ["us-mounted-volunteers"]}),
            text="Mounted Texans ride far ahead and come back with counts of the camp fires.",
            condition_text="You have mounted volunteers on the map.",
            effect_text="Look inside one enemy stack.",
        ),
        _card(
            "quartermasters", "Quartermaster Department", s, ["supply"],
            [{"kind": "modify", "select": {}, "stat": "survival", "amount": 2,
              "duration": {"until": "end_of_phase"}}],
            text="Wagons, mules and contracts arrive where they are needed, for once.",
            effect_text="Your out-of-supply units get +2 on their survival tests this phase.",
        ),
        _card(
            "debate-in-congress", "Debate in Congress", s, ["cards"],
            [{"kind": "vp", "amount": -1}, {"kind": "tension", "amount": 2}],
            condition={"kind": "turn", "from_turn": 12},
            color="red",
            mandatory=True,
            text="A quarrel over slavery in the new territories turns the House against the war.",
            condition_text="From turn 12. Must be played.",
            effect_text="You lose 1 VP; the opposition to the war rises by 2.",
        ),
        _card(
            "bombardment", "Bombardment of the City", s, ["siege"],
            [{"kind": "modify", "select": {"scope": IN_SIEGE}, "stat": "siege", "amount": -1,
              "duration": {"until": "end_of_siege"}}],
            condition=_all({"kind": "active_side", "side": "@self"},
                           _present({"roles": ["siege_artillery"]}, IN_SIEGE)),
            text="Mortar shells fall on the town day and night.",
            condition_text="You are the besieger and your siege train takes part.",
            effect_text="This siege roll is 1 lower (better for you).",
        ),
    ]  # fmt: skip


def mexican_cards() -> list[Json]:
    s = "mexico"
    return [
        _card(
            "lancer-charge", "Lancer Charge", s, ["battle"],
            [{"kind": "modify", "select": {"units": {"roles": ["armour"]}, "scope": IN_BATTLE},
              "stat": "attack", "amount": 1, "duration": {"until": "end_of_battle"}}],
            condition=_present({"roles": ["armour"]}, IN_BATTLE),
            copies=2,
            text="The lances come down and the squadrons go in at the gallop.",
            condition_text="Your cavalry is in the battle.",
            effect_text="Your cavalry gets +1 attack this battle.",
        ),
        _card(
            "behind-the-parapets", "Behind the Parapets", s, ["battle"],
            [{"kind": "modify", "select": {"scope": IN_BATTLE}, "stat": "defence", "amount": 1,
              "duration": {"until": "end_of_battle"}}],
            condition={"kind": "battle_role", "role": "defender"},
            copies=2,
            text="Sandbags on the flat roofs, loopholes in the church walls.",
            condition_text="You are defending.",
            effect_text="Your units get +1 defence this battle.",
        ),
        _card(
            "the-walls-hold", "The Walls Hold", s, ["siege"],
            [{"kind": "modify", "select": {"units": {"side": "@enemy"}, "scope": IN_SIEGE},
              "stat": "siege", "amount": 2, "duration": {"until": "end_of_siege"}}],
            condition={"kind": "active_side", "side": "@enemy"},
            text="The garrison repairs each breach during the night.",
            condition_text="You are the besieged.",
            effect_text="This siege roll is 2 higher (better for you).",
        ),
        _card(
            "guardia-call-up", "National Guard Call-Up", s, ["cards"],
            [{"kind": "replacements", "points": 2}],
            copies=2,
            text="The states send their quotas of men, late and half-armed, but they come.",
            effect_text="2 extra replacement points this turn.",
        ),
        _card(
            "church-silver", "Loans from the Church", s, ["cards"],
            [{"kind": "replacements", "points": 3, "assign": "random"}, {"kind": "draw_cards"}],
            condition={"kind": "turn", "from_turn": 10},
            color="red",
            text="After long haggling the clergy lend the treasury its silver.",
            condition_text="From turn 10.",
            effect_text="3 replacement points used at once on damaged units drawn by the die; "
            "draw a card.",
        ),
        _card(
            "convoy-ambushed", "Convoy Ambushed", s, ["cards"],
            [{"kind": "remove_units",
              "select": {"units": {"side": "@enemy", "roles": ["logistics"]}, "count": 1,
                         "pick": "random"},
              "destroyed": True},
             {"kind": "vp", "amount": 1}],
            condition=_all(_present({"roles": ["guerrilla"]}),
                           _present({"side": "@enemy", "roles": ["logistics"]})),
            text="Rancheros fall on a wagon train strung out along the road.",
            condition_text="You have a guerrilla band, the enemy a supply train.",
            effect_text="One enemy supply train, drawn by the die, is destroyed; you gain 1 VP.",
        ),
        _card(
            "ambush-in-the-pass", "Ambush in the Pass", s, ["battle"],
            [{"kind": "shoot_first", "rounds": ["first"]}],
            condition=_all({"kind": "battle_role", "role": "defender"},
                           _present({}, {"context": "battle",
                                         "areas": ["veracruz-highlands", "puebla", "coahuila",
                                                   "valley-of-mexico"]})),
            color="red",
            text="The guns are sited to sweep the road where it winds between the cliffs.",
            condition_text="You defend in the highlands, Puebla, Coahuila or the Valley.",
            effect_text="You fire first in the opening round.",
        ),
        _card(
            "appeal-to-catholics", "Appeal to Catholic Soldiers", s, ["cards"],
            [{"kind": "remove_units",
              "select": {"units": {"side": "@enemy", "unit_types": ["us-volunteers"]},
                         "count": 1, "pick": "random"}}],
            condition=_present({"side": "@enemy", "unit_types": ["us-volunteers"]}),
            color="red",
            text="Handbills promise land and a welcome to any soldier who crosses over.",
            condition_text="The enemy has volunteer infantry on the map.",
            effect_text="One enemy volunteer regiment, drawn by the die, melts away.",
        ),
        _card(
            "norther", "A Norther Blows", s, ["land_movement"],
            [{"kind": "immobilize",
              "select": {"units": {"side": "@enemy"}, "count": 1, "per": "stack",
                         "pick": "random"},
              "duration": {"until": "turns", "turns": 2}}],
            text="Cold wind and rain turn the roads to mud and sink the surf boats.",
            effect_text="One enemy stack, drawn by the die, cannot move until the end of next "
            "turn.",
        ),
        _card(
            "vomito", "The Vómito", s, ["cards"],
            [{"kind": "remove_units",
              "select": {"units": {"side": "@enemy"}, "scope": {"areas": ["veracruz-coast"]},
                         "count": 1, "pick": "random"}}],
            condition=_all({"kind": "turn", "from_turn": 24},
                           _present({"side": "@enemy"}, {"areas": ["veracruz-coast"]})),
            copies=2,
            text="Yellow fever comes with the warm months to the coast.",
            condition_text="From turn 24, the enemy has units on the Veracruz coast.",
            effect_text="One enemy unit there, drawn by the die, is lost to disease.",
        ),
        _card(
            "heroic-defence", "Heroic Defence", s, ["battle"],
            [{"kind": "modify", "select": {"scope": IN_BATTLE}, "stat": "battle_morale",
              "amount": 2, "duration": {"until": "end_of_battle"}}],
            condition=_all({"kind": "battle_role", "role": "defender"},
                           _present({}, {"context": "battle",
                                         "regions": ["mexico-city", "monterrey", "puebla",
                                                     "veracruz", "san-angel", "chalco"]})),
            color="red",
            text="Cadets and townsmen fight for every wall of their own city.",
            condition_text="You defend Mexico City, Monterrey, Puebla, Veracruz, San Ángel or "
            "Chalco.",
            effect_text="+2 battle morale this battle.",
        ),
        _card(
            "letters-to-the-press", "Letters to the Whig Press", s, ["cards"],
            [{"kind": "tension", "amount": 1}],
            condition={"kind": "turn", "from_turn": 6},
            text="Officers' letters home describe a war of fevers, mud and looted churches.",
            condition_text="From turn 6.",
            effect_text="The opposition to the war rises by 1.",
        ),
        _card(
            "revolt-of-the-polkos", "Revolt of the Polkos", s, ["cards"],
            [{"kind": "immobilize",
              "select": {"scope": {"areas": ["valley-of-mexico"]}},
              "duration": {"until": "turns", "turns": 1}},
             {"kind": "vp", "amount": -1}],
            condition={"kind": "turn", "from_turn": 16},
            color="red",
            mandatory=True,
            text="Militia companies of the capital rise against the government's church loans.",
            condition_text="From turn 16. Must be played.",
            effect_text="Your units in the Valley of Mexico cannot move this turn; you lose 1 VP.",
        ),
    ]  # fmt: skip


def events() -> list[Json]:
    return [
        {"id": "war-declared", "title": "War Is Declared",
         "text": "News of the skirmish at Rancho de Carricitos reaches Washington: Congress "
         "votes for war, and the Navy closes Mexico's Gulf ports.",
         "side": "usa", "turns": {"from_turn": 1, "to_turn": 1}},
        {"id": "regulars-called-away", "title": "Regulars Called Away",
         "text": "Scott needs Taylor's veterans for the landing. Three regular regiments leave "
         "the northern army for the transports.",
         "side": "usa", "turns": {"from_turn": 21, "to_turn": 21},
         "effects": [{"kind": "remove_units",
                      "select": {"units": {"unit_types": ["us-regulars"]},
                                 "scope": {"theatres": ["northern-mexico", "united-states"]},
                                 "count": 3, "pick": "random"}}]},
        {"id": "transports-assembled", "title": "The Transports Are Assembled",
         "text": "Surf boats built for the purpose lie ready at Isla de Lobos. The army can go "
         "ashore on the beach south of Veracruz.",
         "side": "usa", "turns": {"from_turn": 22, "to_turn": 22}},
        {"id": "guerrilla-war", "title": "War Along the National Road",
         "text": "With the invader in Veracruz, bands form in every village on the road to "
         "the capital.",
         "side": "mexico",
         "condition": {"kind": "controls", "side": "@enemy", "structures": ["veracruz-fortress"]},
         "effects": [{"kind": "reinforcement", "reinforcement": "national-road-guerrillas"}]},
        {"id": "twelve-month-men", "title": "The Twelve-Month Men Go Home",
         "text": "The first volunteers' enlistments run out; most will not sign again.",
         "side": "usa", "turns": {"from_turn": 27, "to_turn": 27},
         "effects": [{"kind": "remove_units",
                      "select": {"units": {"unit_types": ["us-volunteers"]}, "count": 3,
                                 "pick": "random"}},
                     {"kind": "tension", "amount": 1}]},
        {"id": "fever-season", "title": "Fever Season on the Coast",
         "text": "Sickness fills the hospitals of the coastal garrisons.",
         "side": "usa", "turns": {"from_turn": 26, "to_turn": 34, "every": 2}, "repeat": True,
         "condition": _present({}, {"areas": ["veracruz-coast", "tamaulipas", "huasteca"]}),
         "effects": [{"kind": "remove_units",
                      "select": {"units": {"tags": ["volunteer"]},
                                 "scope": {"areas": ["veracruz-coast", "tamaulipas", "huasteca"]},
                                 "count": 1, "pick": "random"}}]},
        {"id": "peace-commissioner", "title": "A Peace Commissioner Arrives",
         "text": "A State Department clerk reaches the army with powers to negotiate; in the "
         "capital, talk of peace grows louder.",
         "side": "usa", "condition": {"kind": "controls", "structures": ["puebla-town"]},
         "effects": [{"kind": "vp", "amount": 2}]},
        {"id": "monterrey-falls", "title": "Monterrey Capitulates",
         "text": "The garrison marches out with the honours of war; an armistice follows.",
         "side": "mexico",
         "condition": {"kind": "controls", "side": "@enemy", "structures": ["monterrey-citadel"]},
         "effects": [{"kind": "immobilize",
                      "select": {"units": {"side": "@all"},
                                 "scope": {"areas": ["nuevo-leon", "coahuila"]}},
                      "duration": {"until": "turns", "turns": 1}}]},
    ]  # fmt: skip
