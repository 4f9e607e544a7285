"""Display names of the format's fixed words, in one place.

The scenario format spells its fixed values for files (``end_of_turn``, ``with_trail``,
``@self``); people read "At the end of each turn", "Only with a trail", "This side". Every
combo box, checklist, table cell and card preview of the studio takes its words from here, so
a value reads the same everywhere and no file spelling reaches the screen. A word that means
different things in different fields (``end_of_turn`` is a card timing, a sudden-death check
and a duration) is named per field; ``tests/studio/test_vocabulary.py`` holds that every fixed
value of the format has a name here.
"""

from __future__ import annotations

import re

WORDS: dict[str, str] = {
    # domains of units, terrain and connections
    "land": "Land",
    "naval": "Naval",
    "air": "Air",
    "sea": "Sea",
    "lake": "Lake",
    "unplayable": "Unplayable",
    # transport networks
    "trail": "Trail",
    "road": "Road",
    "rail": "Railway",
    # structures
    "city": "City",
    "village": "Village",
    "fort": "Fort",
    "airfield": "Airfield",
    "port": "Port",
    # compass
    "north": "North",
    "east": "East",
    "south": "South",
    "west": "West",
    # phases of a player-turn
    "turn_summary": "Turn summary",
    "events": "Events",
    "cards": "Cards",
    "reinforcements": "Reinforcements",
    "supply": "Supply",
    "air_offensive": "Air offensive",
    "naval_movement": "Naval movement",
    "land_movement": "Land movement",
    "battles": "Battles",
    "air_defensive": "Air defensive",
    "sieges": "Sieges",
    "replacements": "Replacements",
    "end_of_turn": "End of turn",
    "battle": "Battle",
    "siege": "Siege",
    # unit roles
    "armour": "Armour",
    "artillery": "Artillery",
    "siege_artillery": "Siege artillery",
    "aa": "Anti-aircraft",
    "logistics": "Logistics",
    "hq": "Headquarters",
    "recon": "Reconnaissance",
    "mine": "Mines",
    "fortification": "Fortification",
    "fighter": "Fighter",
    "fighter_bomber": "Fighter-bomber",
    "dive_bomber": "Dive bomber",
    "bomber": "Bomber",
    "transport": "Transport",
    "paratroop": "Paratroops",
    "guerrilla": "Guerrilla",
    "antitank": "Anti-tank",
    "stealth": "Stealth",
    # unit classes and movement
    "combat": "Combat",
    "support": "Support",
    "foot": "On foot",
    "motorized": "Motorised",
    "heavy": "Heavy",
    "immobile": "Immobile",
    # who decides
    "player": "The player chooses",
    "random": "At random",
    # battles
    "attacker": "Attacker",
    "defender": "Defender",
    # side tokens
    "@self": "This side",
    "@enemy": "The enemy",
    "@all": "Every side",
    # values a modifier changes
    "attack": "Attack",
    "defence": "Defence",
    "morale": "Morale",
    "movement": "Movement",
    "battle_morale": "Morale in this battle",
    "air_to_air": "Air-to-air",
    "search": "Search",
    "interception": "Interception roll",
    "survival": "Survival",
    # battle rounds
    "first": "First",
    "ambush": "Ambush",
    "air_support": "Air support",
    "mines": "Mines",
    "main": "Main",
    "next": "Next",
    "pursuit": "Pursuit",
    # how long
    "end_of_round": "Until the end of the round",
    "end_of_battle": "Until the end of the battle",
    "end_of_siege": "Until the end of the siege",
    "end_of_phase": "Until the end of the phase",
    "turns": "For a number of turns",
    "permanent": "For good",
    # places and counts
    "anywhere": "Anywhere",
    "unit": "Units",
    "stack": "Whole stacks",
    "all": "All",
    "any": "Any",
    "none": "None",
    # cards
    "black": "Black: back under the deck",
    "red": "Red: leaves the game",
    # sudden death
    "immediate": "At once, after every action",
    # validation
    "error": "Error",
    "warning": "Warning",
    # the operational rules: unit categories, echelons and quality
    "infantry": "Infantry",
    "mechanized": "Mechanized",
    "recce": "Recce",
    "heavy_antitank": "Heavy antitank",
    "combat_engineer": "Combat engineers",
    "bridging_engineer": "Bridging engineers",
    "heavy_aa": "Heavy AA",
    "ski": "Ski",
    "partisan": "Partisans",
    "security": "Security",
    "platoon": "Platoon",
    "company": "Company or battery",
    "battalion": "Battalion",
    "regiment": "Regiment",
    "brigade": "Brigade",
    "division": "Division",
    "corps": "Corps",
    "army": "Army",
    "front": "Front or army group",
    "conscript": "Conscript",
    "green": "Green",
    "regular": "Regular",
    "veteran": "Veteran",
    "elite": "Elite",
    # the operational rules: weather, day and night, supply, assets
    "good": "Good weather",
    "mud": "Mud",
    "frozen": "Frozen",
    "day": "Day",
    "night": "Night",
    "ground": "Ground",
    "non_motorized": "Non-motorised",
    "semi_motorized": "Semi-motorised",
    "depot": "Depot",
    "source": "Supply source",
    "air_supply": "Air supply",
    "counter_air": "Counter-air",
    "defensive_support": "Defensive support",
    "ground_attack": "Ground attack",
    "intelligence": "Intelligence",
    "interdiction": "Interdiction",
    "offensive_support": "Offensive support",
}
"""The name of each fixed value wherever it appears, unless :data:`BY_FIELD` says otherwise."""

BY_FIELD: dict[tuple[str, str], str] = {
    ("network", "none"): "No network",
    ("pursuit", "all"): "Any unit",
    ("pursuit", "agile"): "Agile units only",
    ("pursuit", "none"): "No unit",
    ("breakthrough", "all"): "Any unit",
    ("breakthrough", "agile"): "Agile units only",
    ("breakthrough", "none"): "No unit",
    ("supply", "always"): "Always",
    ("supply", "with_trail"): "Only along a trail",
    ("supply", "never"): "Never",
    ("mode", "all"): "All of them",
    ("mode", "any"): "Any of them",
    ("check", "end_of_turn"): "At the end of each turn",
    ("until", "end_of_turn"): "Until the end of the turn",
    ("phases", "air"): "Air phases",
    ("phases", "battle"): "In a battle",
    ("phases", "siege"): "In a siege",
    ("stat", "combat"): "Attack and defence",
    ("stat", "siege"): "Siege roll",
    ("context", "battle"): "In this battle",
    ("context", "siege"): "In this siege",
    ("retreating", "attacker"): "The attacker",
    ("retreating", "defender"): "The defender",
    ("loss_priority", "first"): "Takes hits first",
    ("loss_priority", "normal"): "In turn",
    ("loss_priority", "last"): "Takes hits last",
    ("assign", "player"): "The player assigns them",
    # hex maps
    ("orientation", "flat"): "Flat tops (columns of hexes)",
    ("orientation", "pointy"): "Pointed tops (rows of hexes)",
    ("offset", "odd"): "Odd lines shifted half a hex",
    ("offset", "even"): "Even lines shifted half a hex",
    ("offset", "axial"): "Axial coordinates",
    # turn systems
    ("turn_system", "igougo"): "Sides play in turn (IGOUGO)",
    ("turn_system", "wego"): "Simultaneous plans (WEGO)",
    # rules families and the operational tables
    ("family", "area"): "Area rules",
    ("family", "operational"): "Operational hex rules",
    ("column", "infantry"): "Infantry column",
    ("column", "armour"): "Armour column",
    ("crossing", "open"): "Crossed at its cost",
    ("crossing", "road_only"): "Only by a road over a bridge",
    ("crossing", "all_movement"): "Takes the whole move",
    ("shock", "shock4"): "Shock 4 (tanks)",
    ("shock", "shock2"): "Shock 2",
    ("shock", "heavy_antitank"): "Heavy antitank (matches the attacker)",
    ("shock", "antitank"): "Antitank (matches the attacker, at most 2)",
    ("shock", "mobile"): "Mobile, no shock",
    ("shock", "none"): "No shock",
    ("supply", "basic"): "Basic supply",
    ("supply", "move_plus"): "Move-plus supply",
    # OS16: the levels a logistics mission gives, and the LOC states of the units it reaches
    ("supplies", "move_plus"): "Move+ (full movement)",
    ("supplies", "combat_plus"): "Combat+",
    **{
        ("logistics_reaches", state): f"{name} units"
        for state, name in (
            ("supported", "Supported"),
            ("extended", "Extended"),
            ("isolated", "Isolated"),
            ("encircled", "Encircled"),
        )
    },
    ("missions", "command"): "Command",
    ("night_air_missions", "command"): "Command",
    ("night_naval_missions", "command"): "Command",
    # OC15: battle intensities in the artillery cases
    **{
        (field, level): f"{name} intensity"
        for field in ("artillery_only", "floor")
        for level, name in (
            ("very_low", "Very low"),
            ("low", "Low"),
            ("medium", "Medium"),
            ("high", "High"),
            ("extreme", "Extreme"),
        )
    },
    # Table OC35: what AA fire does to an air mission
    ("result", "none"): "Flies on",
    ("result", "halved"): "Flies at half value",
    ("result", "aborted"): "Turns back",
}
"""Names of values that read differently in one field (keyed by the field's name)."""

CONDITION_KINDS: dict[str, str] = {
    "all": "All of…",
    "any": "Any of…",
    "not": "Not…",
    "turn": "Turn",
    "controls": "Controls places",
    "units_present": "Units present",
    "leader_alive": "Leader alive",
    "tension": "Tension level",
    "vp": "Victory points",
    "flag": "Flag",
    "card_played": "Card played",
    "event_fired": "Event happened",
    "battle_role": "Battle role",
    "active_side": "Active side",
    "roll": "Die roll",
}
"""Names of the kinds of condition."""

EFFECT_KINDS: dict[str, str] = {
    "vp": "Victory points",
    "tension": "Tension",
    "treasury": "Treasury",
    "end_game": "End the game",
    "draw_cards": "Draw cards",
    "cards": "Add or remove cards",
    "event": "Set off an event",
    "set_flag": "Set a flag",
    "reinforcement": "Bring a reinforcement",
    "replacements": "Replacement points",
    "remove_units": "Remove units",
    "remove_leader": "Remove a leader",
    "modify": "Modify values",
    "examine": "Examine stacks",
    "immobilize": "Immobilize",
    "move_units": "Move units",
    "reroll": "Re-roll",
    "auto_hits": "Automatic hits",
    "shoot_first": "Shoot first",
    "cancel_battle": "Call off the battle",
    "supply_source": "Supply source",
    "connection": "Bridge, road or rail",
    "transfer": "Hand over places",
    "choice": "Choice…",
    "if": "If… then… otherwise…",
}
"""Names of the kinds of effect."""

SECTIONS: dict[str, tuple[str, str]] = {
    "info": ("Scenario information", "Scenario information"),
    "calendar": ("Calendar", "Calendar"),
    "map": ("Map settings", "Map settings"),
    "hex_map": ("Hex map", "Hex map"),
    "rules": ("Rules", "Rules"),
    "victory": ("Victory", "Victory"),
    "tension": ("Tension index", "Tension index"),
    "terrain": ("Terrain", "Terrain type"),
    "connection_types": ("Connection types", "Connection type"),
    "regions": ("Regions", "Region"),
    "connections": ("Connections", "Connection"),
    "structures": ("Structures", "Structure"),
    "supply_sources": ("Supply sources", "Supply source"),
    "areas": ("Areas", "Area"),
    "theatres": ("Theatres", "Theatre"),
    "sides": ("Sides", "Side"),
    "nations": ("Nations", "Nation"),
    "unit_types": ("Unit types", "Unit type"),
    "units": ("Units", "Unit"),
    "leaders": ("Leaders", "Leader"),
    "cards": ("Cards", "Card"),
    "events": ("Events", "Event"),
    "reinforcements": ("Reinforcements", "Reinforcement"),
    "replacements": ("Replacements", "Replacement grant"),
}
"""Each part of a scenario: its name, and the name of one of its entities."""


ABBREVIATIONS = {"vp": "VP", "mp": "MP", "ai": "AI", "hq": "HQ", "hqs": "HQs", "aa": "AA"}
"""Words of field names written in capitals (``start_vp`` -> "Start VP")."""


def humanised(name: str) -> str:
    """A file spelling made readable: ``stacking_with_trail`` -> "Stacking with trail"."""
    words = [ABBREVIATIONS.get(w, w) for w in name.removeprefix("@").split("_")]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


FIELD_NAMES: dict[tuple[str, str], str] = {
    ("Connection", "a"): "One end",
    ("Connection", "b"): "Other end",
}
"""Fields whose file names say nothing to a person, named per model: a connection's two
region fields are "One end" and "Other end" (not "A" and "B") in forms, Find and messages."""


def field_name(model: str, name: str) -> str:
    """How the field ``name`` of the model class called ``model`` reads on screen."""
    return FIELD_NAMES.get((model, name)) or humanised(name)


def word(value: object, field: str | None = None) -> str:
    """How a fixed value of the format reads, in the field ``field`` when given."""
    text = str(value)
    if field is not None and (field, text) in BY_FIELD:
        return BY_FIELD[field, text]
    return WORDS.get(text) or humanised(text)


def has_word(value: object, field: str | None = None) -> bool:
    """Whether a value has a name here (rather than its spelling made readable)."""
    text = str(value)
    return (field, text) in BY_FIELD or text in WORDS


_QUOTED = re.compile(r"``([^`]+)``|'(@[a-z]+)'")


def plain(text: str | None) -> str:
    """The format's documentation as a tooltip a person reads: ``null`` becomes "empty",
    ``@self`` "this side", and other quoted file words lose their quotes and underscores."""

    def spoken(match: re.Match[str]) -> str:
        token = match.group(1) or match.group(2)
        if token == "null":
            return "empty"
        if token in ("true", "false"):
            return "ticked" if token == "true" else "unticked"
        if token.startswith("@") and token in WORDS:
            return WORDS[token].lower()
        return token.replace("_", " ")

    return _QUOTED.sub(spoken, (text or "").strip())


def section_name(section: str) -> str:
    """The name of a part of the scenario: "Connection types"."""
    return SECTIONS.get(section, (humanised(section), ""))[0]


def entity_noun(section: str) -> str:
    """The name of one entity of a part: "Connection type"."""
    return SECTIONS.get(section, ("", humanised(section)))[1]


__all__ = [
    "BY_FIELD",
    "CONDITION_KINDS",
    "EFFECT_KINDS",
    "SECTIONS",
    "WORDS",
    "entity_noun",
    "field_name",
    "has_word",
    "humanised",
    "plain",
    "section_name",
    "word",
]
