"""Orders of battle and leaders of the desert war sample."""

from __future__ import annotations

from typing import Any

from campaign import Json

# -- units ----------------------------------------------------------------------------------------


def _unit(
    id: str,
    type: str,
    nation: str,
    name: str,
    where: str | None = None,
    *,
    inside: str | None = None,
    strength: int | None = None,
) -> Json:
    unit: Json = {"id": id, "type": type, "nation": nation, "name": name}
    if strength is not None:
        unit["strength"] = strength
    if inside is not None:
        unit["location"] = {"structure": inside}
    elif where is not None:
        unit["location"] = {"region": where}
    return unit


UNITS: list[Json] = [
    # Axis, March 1941: the first Germans have just landed; the Italians rebuild after Beda Fomm.
    _unit("de-21-pz", "pz-div", "germany", "5th Light (21st Panzer) Division", "el-agheila"),
    _unit("de-aa3", "axis-recon", "germany", "3rd Reconnaissance Battalion", "ras-lanuf"),
    _unit("it-ariete", "it-armd-div", "italy", "Ariete Armoured Division", "ras-lanuf", strength=4),
    _unit("it-brescia", "it-inf-div", "italy", "Brescia Division", "el-agheila"),
    _unit("it-pavia", "it-inf-div", "italy", "Pavia Division", "sirte"),
    _unit("it-bologna", "it-inf-div", "italy", "Bologna Division", "misurata"),
    _unit("it-savona", "it-inf-div", "italy", "Savona Division", inside="tripoli"),
    _unit("it-trento", "it-mot-div", "italy", "Trento Motorised Division", "buerat"),
    _unit("it-arty", "axis-artillery", "italy", "Italian Corps Artillery", "sirte"),
    _unit("de-supply-1", "supply-column", "germany", "DAK Supply Column", "el-agheila"),
    _unit(
        "it-fighters",
        "axis-fighter",
        "regia-aeronautica",
        "4th Stormo",
        inside="castel-benito-field",
    ),
    _unit("de-stg1", "stuka", "luftwaffe", "StG 1 (Ju 87)", inside="sirte-field"),
    # Axis, later
    _unit("de-15-pz", "pz-div", "germany", "15th Panzer Division"),
    _unit("de-jg27", "axis-fighter", "luftwaffe", "JG 27 (Bf 109)"),
    _unit("de-arko", "axis-artillery", "germany", "Artillery Command 104"),
    _unit("it-trieste", "it-mot-div", "italy", "Trieste Motorised Division"),
    _unit("de-90-le", "light-div", "germany", "90th Light Division"),
    _unit("it-supply", "supply-column", "italy", "Italian Supply Column"),
    _unit("it-littorio", "it-armd-div", "italy", "Littorio Armoured Division"),
    _unit("de-164-le", "light-div", "germany", "164th Light Division"),
    _unit("it-folgore", "it-para-div", "italy", "Folgore Parachute Division"),
    # Allies, March 1941: the victors of Beda Fomm are gone to Greece or resting in the Delta.
    _unit("br-2-armd", "br-armd-div", "britain", "2nd Armoured Division", "agedabia", strength=4),
    _unit("au-9-div", "cw-vet-div", "australia", "9th Australian Division", "benghazi", strength=6),
    _unit("in-3-mot", "motor-bde", "india", "3rd Indian Motor Brigade", "mechili"),
    _unit("au-18-bde", "inf-bde", "australia", "18th Australian Brigade", inside="tobruk"),
    _unit("br-tobruk-ra", "cw-artillery", "britain", "Tobruk Fortress Artillery", inside="tobruk"),
    _unit("br-22-gds", "inf-bde", "britain", "22nd Guards Brigade", "sollum"),
    _unit("br-7-sg", "motor-bde", "britain", "7th Support Group", "mersa-matruh"),
    _unit("br-7-armd", "br-armd-div", "britain", "7th Armoured Division", "cairo", strength=4),
    _unit("br-16-bde", "inf-bde", "britain", "16th Infantry Brigade", "alexandria"),
    _unit("br-alex-garrison", "inf-bde", "britain", "Alexandria Garrison", inside="alexandria"),
    _unit("in-canal-garrison", "inf-bde", "india", "Canal Brigade", inside="suez"),
    _unit("br-cairo-garrison", "inf-bde", "britain", "Cairo Brigade", inside="cairo"),
    _unit(
        "br-supply-1", "supply-column", "britain", "Western Desert Supply Column", "mersa-matruh"
    ),
    _unit("lrdg", "lrdg", "britain", "Long Range Desert Group", "deep-sahara"),
    _unit("ff-leclerc", "inf-bde", "free-france", "Leclerc's Column", "deep-sahara"),
    _unit("raf-73", "allied-fighter", "raf", "No. 73 Squadron (Hurricane)", inside="el-adem-field"),
    _unit("raf-202", "allied-bomber", "raf", "No. 202 Group (Blenheim)", inside="cairo"),
    _unit("raf-malta", "allied-bomber", "raf", "Malta Wellingtons", inside="valletta"),
    _unit("raf-261", "allied-fighter", "raf", "No. 261 Squadron (Hurricane)", inside="valletta"),
    # Allies, later
    _unit("in-4-div", "cw-vet-div", "india", "4th Indian Division"),
    _unit("br-4-rtr", "army-tank-bde", "britain", "4th Army Tank Brigade (Matilda)"),
    _unit("sa-1-div", "cw-inf-div", "south-africa", "1st South African Division"),
    _unit("nz-div", "cw-vet-div", "new-zealand", "2nd New Zealand Division"),
    _unit("pl-carpathian", "inf-bde", "poland", "Polish Carpathian Brigade"),
    _unit("br-70-div", "cw-inf-div", "britain", "70th Division"),
    _unit("br-1-rtr", "army-tank-bde", "britain", "1st Army Tank Brigade (Valentine)"),
    _unit("br-ra-8army", "cw-artillery", "britain", "Eighth Army Artillery"),
    _unit("sa-2-div", "cw-inf-div", "south-africa", "2nd South African Division"),
    _unit("br-1-armd", "br-armd-div", "britain", "1st Armoured Division"),
    _unit("ff-1-bde", "inf-bde", "free-france", "1st Free French Brigade"),
    _unit("br-50-div", "cw-inf-div", "britain", "50th Northumbrian Division"),
    _unit("in-5-div", "cw-inf-div", "india", "5th Indian Division"),
    _unit("raf-dwf", "allied-fighter", "raf", "Desert Air Force (Kittyhawk)"),
    _unit("br-10-armd", "br-armd-div", "britain", "10th Armoured Division"),
    _unit("br-alamein-mines", "minefield", "britain", "Alamein Minefields"),
    _unit("au-9-div-returns", "cw-vet-div", "australia", "9th Australian Division (returned)"),
    _unit("br-44-div", "cw-inf-div", "britain", "44th Home Counties Division"),
    _unit("br-51-div", "cw-vet-div", "britain", "51st Highland Division"),
    _unit("br-sherman", "army-tank-bde", "britain", "9th Armoured Brigade (Sherman)"),
]

# -- leaders --------------------------------------------------------------------------------------


def _leader(
    id: str,
    name: str,
    nation: str,
    where: str | None = None,
    *,
    inside: str | None = None,
    **values: Any,
) -> Json:
    leader: Json = {"id": id, "name": name, "nation": nation, **values}
    if inside is not None:
        leader["location"] = {"structure": inside}
    elif where is not None:
        leader["location"] = {"region": where}
    return leader


LEADERS: list[Json] = [
    _leader(
        "rommel",
        "Erwin Rommel",
        "germany",
        "el-agheila",
        rank=2,
        hierarchy="A",
        attack=2,
        defence=1,
        morale=2,
        movement=10,
        stacking=-1,
        breakthrough=True,
        killed_vp={"@enemy": 3},
        description="Arrived in February 1941 with orders to defend Tripolitania, and attacked "
        "at once.",
    ),
    _leader(
        "gariboldi",
        "Italo Gariboldi",
        "italy",
        inside="tripoli",
        rank=2,
        hierarchy="B",
        defence=1,
        movement=4,
        description="Nominal superior of the German corps; cautious, and recalled in July.",
    ),
    _leader(
        "navarini",
        "Enea Navarini",
        "italy",
        "sirte",
        rank=1,
        hierarchy="B",
        defence=1,
        morale=1,
        movement=5,
        siege=True,
        description="Commander of the Italian infantry corps that invested Tobruk.",
    ),
    _leader(
        "bastico", "Ettore Bastico", "italy", rank=2, hierarchy="B", defence=1, morale=1, movement=5
    ),
    _leader(
        "cruewell",
        "Ludwig Cruewell",
        "germany",
        rank=1,
        hierarchy="A",
        attack=1,
        defence=1,
        morale=1,
        movement=8,
        breakthrough=True,
    ),
    _leader(
        "gambara",
        "Gastone Gambara",
        "italy",
        rank=1,
        hierarchy="C",
        defence=1,
        morale=1,
        movement=7,
        breakthrough=True,
    ),
    _leader(
        "nehring",
        "Walther Nehring",
        "germany",
        rank=1,
        hierarchy="B",
        attack=1,
        defence=1,
        morale=1,
        movement=8,
        breakthrough=True,
    ),
    _leader(
        "oconnor",
        "Richard O'Connor",
        "britain",
        "barce",
        rank=2,
        hierarchy="A",
        attack=2,
        defence=1,
        morale=2,
        movement=8,
        breakthrough=True,
        killed_vp={"@enemy": 2},
        description="Victor of Beda Fomm, sent forward to advise his successor.",
    ),
    _leader(
        "neame",
        "Philip Neame",
        "britain",
        "barce",
        rank=1,
        hierarchy="B",
        defence=1,
        movement=6,
        killed_vp={"@enemy": 1},
    ),
    _leader(
        "morshead",
        "Leslie Morshead",
        "australia",
        "benghazi",
        rank=1,
        hierarchy="A",
        attack=1,
        defence=2,
        morale=2,
        movement=6,
        siege=True,
        killed_vp={"@enemy": 1},
        description="'Ming the Merciless' to his men; the soul of the Tobruk defence.",
    ),
    _leader(
        "beresford-peirse",
        "Noel Beresford-Peirse",
        "britain",
        rank=1,
        hierarchy="C",
        defence=1,
        morale=1,
        movement=6,
    ),
    _leader(
        "freyberg",
        "Bernard Freyberg",
        "new-zealand",
        rank=1,
        hierarchy="B",
        attack=1,
        defence=1,
        morale=2,
        movement=6,
    ),
    _leader(
        "cunningham",
        "Alan Cunningham",
        "britain",
        rank=2,
        hierarchy="B",
        defence=1,
        morale=1,
        movement=8,
    ),
    _leader(
        "gott",
        "William Gott",
        "britain",
        rank=1,
        hierarchy="A",
        attack=1,
        defence=1,
        morale=2,
        movement=8,
        breakthrough=True,
    ),
    _leader(
        "ritchie", "Neil Ritchie", "britain", rank=2, hierarchy="B", defence=1, morale=1, movement=8
    ),
    _leader(
        "koenig",
        "Marie-Pierre Koenig",
        "free-france",
        rank=1,
        hierarchy="C",
        defence=2,
        morale=2,
        movement=6,
        siege=True,
    ),
    _leader(
        "auchinleck",
        "Claude Auchinleck",
        "britain",
        rank=3,
        hierarchy="A",
        attack=1,
        defence=2,
        morale=2,
        movement=8,
    ),
    _leader(
        "montgomery",
        "Bernard Montgomery",
        "britain",
        rank=3,
        hierarchy="A",
        attack=1,
        defence=2,
        morale=3,
        movement=8,
        booster={"morale": 1},
    ),
]
