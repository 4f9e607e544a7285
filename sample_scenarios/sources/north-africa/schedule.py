"""Reinforcements and replacements of the desert war sample."""

from __future__ import annotations

from campaign import ALLIES, AXIS, Json, turn_of

# -- reinforcements, replacements -----------------------------------------------------------------


def _arrival(
    id: str,
    side: str,
    date: str | None,
    units: list[str],
    to: Json,
    text: str,
    leaders: list[str] | None = None,
) -> Json:
    data: Json = {"id": id, "side": side, "units": units, "to": to, "text": text}
    if date is not None:
        data["turn"] = turn_of(date)
    if leaders:
        data["leaders"] = leaders
    return data


ITALY = {"regions": ["italy"]}
SUEZ = {"regions": ["ismailia"]}
DELTA_PORTS = {"regions": ["giza", "ismailia", "damanhur"]}
"""Arrivals come to places worth nothing in VP: the AI would pin a stack that stands on a
VP place (or guards a sudden-death objective), and new units join the stack already there."""

REINFORCEMENTS: list[Json] = [
    _arrival(
        "15-panzer",
        AXIS,
        "1941-04-25",
        ["de-15-pz"],
        ITALY,
        "15th Panzer Division sails from Naples.",
    ),
    _arrival(
        "jg-27",
        AXIS,
        "1941-04-25",
        ["de-jg27"],
        {"structure": "castel-benito-field"},
        "Messerschmitts of JG 27 land at Castel Benito.",
    ),
    _arrival(
        "bastico-arrives",
        AXIS,
        None,
        [],
        {"regions": ["tripoli"]},
        "General Bastico takes over the Italian command.",
        leaders=["bastico"],
    ),
    _arrival(
        "italian-reinforcements-41",
        AXIS,
        "1941-08-20",
        ["it-trieste", "it-supply"],
        ITALY,
        "The Trieste Division and fresh lorries cross from Italy.",
    ),
    _arrival(
        "panzergruppe",
        AXIS,
        "1941-09-01",
        ["de-arko"],
        ITALY,
        "Heavy artillery for the assault on Tobruk.",
        leaders=["cruewell", "gambara"],
    ),
    _arrival(
        "90th-light",
        AXIS,
        None,
        ["de-90-le"],
        ITALY,
        "The 90th Light Division is formed from the scattered independent units.",
    ),
    _arrival(
        "littorio",
        AXIS,
        "1942-01-20",
        ["it-littorio"],
        ITALY,
        "The Littorio Armoured Division lands.",
        leaders=["nehring"],
    ),
    _arrival(
        "summer-42",
        AXIS,
        "1942-07-20",
        ["de-164-le", "it-folgore"],
        ITALY,
        "Paratroops and the 164th Light are sent instead of the invasion of Malta.",
    ),
    _arrival(
        "4th-indian",
        ALLIES,
        "1941-04-15",
        ["in-4-div"],
        SUEZ,
        "The 4th Indian Division returns from Eritrea.",
        leaders=["beresford-peirse"],
    ),
    _arrival(
        "tiger-convoy",
        ALLIES,
        None,
        ["br-4-rtr"],
        {"regions": ["alexandria"]},
        "A convoy forced through the Mediterranean lands a brigade of Matildas.",
    ),
    _arrival(
        "south-africans",
        ALLIES,
        "1941-06-10",
        ["sa-1-div"],
        SUEZ,
        "The 1st South African Division arrives from East Africa.",
    ),
    _arrival(
        "new-zealanders",
        ALLIES,
        "1941-07-01",
        ["nz-div"],
        DELTA_PORTS,
        "The New Zealand Division, rebuilt after Crete.",
        leaders=["freyberg"],
    ),
    _arrival(
        "eighth-army",
        ALLIES,
        "1941-09-20",
        ["br-70-div", "pl-carpathian", "br-1-rtr"],
        DELTA_PORTS,
        "The Eighth Army is formed.",
        leaders=["cunningham", "gott"],
    ),
    _arrival(
        "crusader-artillery",
        ALLIES,
        "1941-10-20",
        ["br-ra-8army", "sa-2-div"],
        SUEZ,
        "Guns and a second South African division for the winter offensive.",
    ),
    _arrival(
        "ritchie-takes-over",
        ALLIES,
        None,
        [],
        {"regions": ["cairo"]},
        "Ritchie takes over the Eighth Army.",
        leaders=["ritchie"],
    ),
    _arrival(
        "1st-armoured",
        ALLIES,
        "1942-01-01",
        ["br-1-armd"],
        SUEZ,
        "The 1st Armoured Division lands at Suez.",
    ),
    _arrival(
        "free-french",
        ALLIES,
        "1942-01-20",
        ["ff-1-bde"],
        {"regions": ["ismailia"]},
        "The 1st Free French Brigade comes down from Syria.",
        leaders=["koenig"],
    ),
    _arrival(
        "spring-42",
        ALLIES,
        "1942-02-20",
        ["br-50-div", "in-5-div"],
        SUEZ,
        "Two more divisions round the Cape.",
    ),
    _arrival(
        "kittyhawks",
        ALLIES,
        "1942-02-20",
        ["raf-dwf"],
        {"structure": "ismailia-field"},
        "American-built fighters for the Desert Air Force.",
    ),
    _arrival(
        "10th-armoured",
        ALLIES,
        "1942-06-10",
        ["br-10-armd"],
        SUEZ,
        "The 10th Armoured Division, converted from cavalry in Palestine.",
    ),
    _arrival(
        "alamein-line",
        ALLIES,
        "1942-07-01",
        ["br-alamein-mines"],
        {"regions": ["el-alamein"]},
        "Sappers sow the first belts of mines at El Alamein.",
    ),
    _arrival(
        "auchinleck-commands",
        ALLIES,
        None,
        [],
        {"regions": ["cairo"]},
        "The Commander-in-Chief takes the field himself.",
        leaders=["auchinleck"],
    ),
    _arrival(
        "9th-australian-returns",
        ALLIES,
        "1942-07-05",
        ["au-9-div-returns"],
        DELTA_PORTS,
        "The 9th Australian Division comes back from Syria.",
    ),
    _arrival(
        "montgomery-arrives",
        ALLIES,
        None,
        [],
        {"regions": ["cairo"]},
        "A new commander for the Eighth Army.",
        leaders=["montgomery"],
    ),
    _arrival(
        "summer-42-divisions",
        ALLIES,
        "1942-08-15",
        ["br-44-div", "br-51-div"],
        SUEZ,
        "Two fresh British divisions round the Cape.",
    ),
    _arrival(
        "shermans",
        ALLIES,
        None,
        ["br-sherman"],
        SUEZ,
        "The first Sherman tanks, rushed from America.",
    ),
]

REPLACEMENTS: list[Json] = [
    {
        "id": "german-drafts",
        "side": AXIS,
        "turns": {"from_turn": 4, "every": 3},
        "nations": ["germany"],
    },
    {"id": "imperial-depots", "side": ALLIES, "turns": {"from_turn": 6, "every": 2}},
]
