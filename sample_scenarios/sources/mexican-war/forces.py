"""Sides, nations, unit types, leaders, orders of battle, reinforcements, replacements and
victory of the Mexican-American War sample."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]

SIDES: list[Json] = [
    {
        "id": "usa",
        "name": "United States",
        "color": "#2f5597",
        "briefing": (
            "You have a small, well-drilled regular army, the best field artillery in the "
            "Americas, the Gulf to yourself, and an impatient Congress. Win the first battles on "
            "the Rio Grande, then build up at Camargo and take Monterrey and Saltillo. That will "
            "not make Mexico sue for peace: from late February 1847 Scott's army waits at Isla de"
            " Lobos to go ashore next to Veracruz. Take the port, by siege or by storm, then "
            "march up the National Road before the fever season and the guerrillas wear the army "
            "down. Taking Mexico City ends the war at once. Keep Texas covered: if the Mexican "
            "army holds San Antonio, Corpus Christi and Point Isabel together, you have lost."
        ),
    },
    {
        "id": "mexico",
        "name": "Mexico",
        "color": "#3a7d44",
        "start_vp": 44,
        "briefing": (
            "You have more men and far better horsemen, strong walled cities, the mountains and "
            "the climate. The invader must come to you across deserts, or up from the coast "
            "through the passes. Do not squander the regular battalions in the open against "
            "the American guns; fight from Monterrey, Veracruz, the mountain roads and the "
            "capital, and use the lancers where the plains let them charge. Every fortnight "
            "you hold out counts: when the last turn ends, the cities still in your hands "
            "(above all the capital) are worth VP, and you start with a lead. A counter-stroke "
            "into Texas that takes San Antonio, Corpus Christi and Point Isabel wins outright."
        ),
    },
]

NATIONS: list[Json] = [
    {"id": "usa", "name": "United States Army", "side": "usa", "main": True,
     "color_dark": "#1f3a68", "color_light": "#b3c7ea",
     "capitals": {"land": "new-orleans", "naval": "new-orleans"}},
    {"id": "us-volunteers", "name": "US Volunteers", "side": "usa", "parent": "usa",
     "color_dark": "#3b5f7a", "color_light": "#cfdde8", "double_breakthrough": False},
    {"id": "us-navy", "name": "US Navy Home Squadron", "side": "usa", "parent": "usa",
     "color_dark": "#17243a", "color_light": "#9fb0c8", "preferred_domain": "naval"},
    {"id": "mexico", "name": "Mexican Army", "side": "mexico", "main": True,
     "color_dark": "#1e5128", "color_light": "#b9d9ab",
     "capitals": {"land": "mexico-city"}},
    {"id": "guardia-nacional", "name": "National Guard", "side": "mexico", "parent": "mexico",
     "color_dark": "#59692c", "color_light": "#dfe6b6", "double_breakthrough": False},
    {"id": "guerrilleros", "name": "Guerrilleros", "side": "mexico", "parent": "mexico",
     "color_dark": "#6e4b2a", "color_light": "#e6d2b0", "fog_advantage": True},
]  # fmt: skip

UNIT_TYPES: list[Json] = [
    {"id": "us-regulars", "name": "US regular infantry", "short_name": "Regulars",
     "attack": 5, "defence": 5, "morale": 7, "movement": 3, "hit_points": 4, "stacking": 2,
     "reduced": {"attack": 4, "defence": 4}, "tags": ["infantry", "regular"],
     "destroyed_vp": {"@enemy": 1},
     "description": "A regiment of the small pre-war army: long-service men, good officers."},
    {"id": "us-volunteers", "name": "US volunteer infantry", "short_name": "Volunteers",
     "attack": 4, "defence": 4, "morale": 5, "movement": 3, "hit_points": 4, "stacking": 2,
     "reduced": {"attack": 3, "defence": 3, "morale": 4}, "tags": ["infantry", "volunteer"],
     "destroyed_vp": {"@enemy": 1},
     "description": "A state regiment raised for twelve months: keen, unruly, often sick."},
    {"id": "us-dragoons", "name": "US dragoons", "short_name": "Dragoons", "attack": 5,
     "defence": 4, "morale": 7, "movement": 5, "hit_points": 3, "stacking": 2,
     "roles": ["armour"], "tags": ["cavalry"], "pursuit": True, "breakthrough": True,
     "destroyed_vp": {"@enemy": 1},
     "description": "Regular mounted troops. The armour role stands for cavalry."},
    {"id": "us-mounted-volunteers", "name": "Mounted volunteers", "short_name": "Mtd Vols",
     "attack": 4, "defence": 3, "morale": 6, "movement": 4, "hit_points": 3, "stacking": 2,
     "roles": ["armour", "recon"], "tags": ["cavalry", "volunteer"], "pursuit": True,
     "breakthrough": True, "agile": True, "destroyed_vp": {"@enemy": 1},
     "description": "Texas Rangers and Missouri riflemen on horseback: scouts and raiders."},
    {"id": "us-flying-artillery", "name": "Flying artillery battery", "short_name": "Flying Arty",
     "attack": 6, "defence": 4, "morale": 7, "movement": 4, "hit_points": 2, "stacking": 1,
     "roles": ["artillery"], "tags": ["artillery"], "elite": True,
     "destroyed_vp": {"@enemy": 1},
     "description": "Light guns drawn by horses, able to gallop into range and fire canister."},
    {"id": "us-siege-train", "name": "Siege train", "short_name": "Siege guns",
     "unit_class": "support", "attack": 2, "defence": 2, "morale": 5, "movement": 2,
     "hit_points": 2, "stacking": 1, "movement_class": "heavy",
     "roles": ["siege_artillery", "artillery"], "tags": ["artillery"],
     "destroyed_vp": {"@enemy": 1},
     "description": "Heavy mortars and naval guns landed from the fleet."},
    {"id": "us-wagon-train", "name": "Wagon train", "short_name": "Wagons",
     "unit_class": "support", "defence": 1, "morale": 3, "movement": 3, "hit_points": 1,
     "stacking": 1, "roles": ["logistics"], "tags": ["logistics"],
     "description": "Wagons and pack mules: relays supply and can feed a stack cut off."},
    {"id": "us-squadron", "name": "Naval squadron", "short_name": "Squadron", "domain": "naval",
     "attack": 4, "defence": 5, "morale": 7, "movement": 8, "hit_points": 4, "stacking": 1,
     "roles": ["naval"], "tags": ["navy"],
     "description": "Frigates, sloops and steamers of the Home Squadron: they blockade ports."},
    {"id": "us-transports", "name": "Transport flotilla", "short_name": "Transports",
     "domain": "naval", "unit_class": "support", "attack": 0, "defence": 1, "morale": 5,
     "movement": 6, "hit_points": 2, "stacking": 1, "roles": ["transport"],
     "transport_capacity": 10, "tags": ["navy"],
     "description": "Chartered merchantmen and surf boats: they carry an army and land it."},
    {"id": "mx-line-infantry", "name": "Mexican line infantry", "short_name": "Line inf",
     "attack": 4, "defence": 5, "morale": 5, "movement": 3, "hit_points": 4, "stacking": 2,
     "reduced": {"attack": 3, "defence": 4}, "tags": ["infantry", "regular"],
     "destroyed_vp": {"@enemy": 1},
     "description": "Permanent and light battalions: steady on the defence, poorly armed."},
    {"id": "mx-activos", "name": "Active militia", "short_name": "Activos", "attack": 3,
     "defence": 4, "morale": 4, "movement": 3, "hit_points": 4, "stacking": 2,
     "reduced": {"attack": 2, "defence": 3, "morale": 3}, "tags": ["infantry", "militia"],
     "destroyed_vp": {"@enemy": 1},
     "description": "Militia battalions called up for the war: brave behind walls."},
    {"id": "mx-lancers", "name": "Lancer regiment", "short_name": "Lancers", "attack": 5,
     "defence": 3, "morale": 6, "movement": 5, "hit_points": 3, "stacking": 2,
     "roles": ["armour"], "tags": ["cavalry"], "pursuit": True, "breakthrough": True,
     "agile": True, "destroyed_vp": {"@enemy": 1},
     "description": "Mexico's best arm: fine riders with the lance. The armour role stands "
     "for cavalry."},
    {"id": "mx-artillery", "name": "Foot artillery", "short_name": "Artillery", "attack": 4,
     "defence": 4, "morale": 5, "movement": 2, "hit_points": 2, "stacking": 1,
     "movement_class": "heavy", "roles": ["artillery"], "tags": ["artillery"],
     "destroyed_vp": {"@enemy": 1},
     "description": "Heavy, old bronze guns pulled by mules: slow, with poor powder."},
    {"id": "mx-fortress-guns", "name": "Fortress artillery", "short_name": "Fort guns",
     "attack": 3, "defence": 6, "morale": 6, "movement": 0, "hit_points": 3, "stacking": 1,
     "movement_class": "immobile", "roles": ["fortification", "artillery"],
     "tags": ["artillery", "fortress"], "destroyed_vp": {"@enemy": 1},
     "description": "Guns on the walls of a citadel; they never leave it."},
    {"id": "mx-san-patricios", "name": "San Patricio battalion", "short_name": "San Patricios",
     "attack": 6, "defence": 6, "morale": 8, "movement": 3, "hit_points": 3, "stacking": 1,
     "roles": ["artillery"], "tags": ["infantry", "artillery"], "elite": True,
     "destroyed_vp": {"@enemy": 2},
     "description": "Deserters from the US Army, mostly Irish, who had nothing to lose."},
    {"id": "mx-guerrillas", "name": "Guerrilla band", "short_name": "Guerrilla", "attack": 3,
     "defence": 2, "morale": 4, "movement": 5, "hit_points": 2, "stacking": 1,
     "roles": ["guerrilla"], "tags": ["irregular"], "ambush": True, "agile": True,
     "pursuit": True,
     "description": "Rancheros who live off the country and strike at convoys."},
    {"id": "mx-mule-train", "name": "Mule train", "short_name": "Arrieros",
     "unit_class": "support", "defence": 1, "morale": 3, "movement": 3, "hit_points": 1,
     "stacking": 1, "roles": ["logistics"], "tags": ["logistics"],
     "description": "Hired muleteers carrying the army's food and powder."},
]  # fmt: skip

LEADER_ROWS = """
taylor     | Zachary Taylor       | usa    | 2 | A | 1 | 2 | 2 | 5 | no  | no  | 3
scott      | Winfield Scott       | usa    | 3 | A | 2 | 1 | 2 | 5 | no  | yes | 4
worth      | William J. Worth     | usa    | 1 | A | 1 | 1 | 1 | 5 | yes | no  | 1
twiggs     | David E. Twiggs      | usa    | 1 | B | 1 | 0 | 1 | 5 | no  | no  | 1
wool       | John E. Wool         | usa    | 1 | C | 0 | 1 | 1 | 5 | no  | no  | 1
quitman    | John A. Quitman      | usa    | 1 | D | 1 | 0 | 1 | 5 | yes | no  | 1
doniphan   | Alexander Doniphan   | usa    | 1 | E | 1 | 0 | 2 | 5 | yes | no  | 1
pillow     | Gideon Pillow        | usa    | 1 | F | 0 | 0 | 0 | 5 | no  | no  | 1
santa-anna | Antonio López de Santa Anna | mexico | 3 | A | 1 | 2 | 3 | 5 | no | no | 4
arista     | Mariano Arista       | mexico | 2 | B | 0 | 1 | 1 | 5 | no  | no  | 2
ampudia    | Pedro de Ampudia     | mexico | 2 | A | 0 | 2 | 1 | 5 | no  | yes | 2
valencia   | Gabriel Valencia     | mexico | 1 | B | 1 | 0 | 1 | 5 | no  | no  | 1
bravo      | Nicolás Bravo        | mexico | 1 | A | 0 | 2 | 2 | 4 | no  | yes | 1
morales    | Juan Morales         | mexico | 1 | C | 0 | 1 | 1 | 4 | no  | yes | 1
urrea      | José de Urrea        | mexico | 1 | D | 1 | 0 | 1 | 6 | yes | no  | 1
torrejon   | Anastasio Torrejón   | mexico | 1 | E | 1 | 0 | 1 | 6 | yes | no  | 1
heredia    | José A. Heredia      | mexico | 1 | F | 0 | 1 | 0 | 5 | no  | no  | 1
"""

LEADER_NOTES = {
    "taylor": "Old Rough and Ready: plain, stubborn, loved by his men, hard to shift.",
    "scott": "General-in-chief, a careful planner who led the landing and the march inland.",
    "santa-anna": "President and general, back from exile to lead every army Mexico raised.",
    "ampudia": "Commanded Monterrey through its three-day street fight.",
    "bravo": "Veteran of the independence war; held Chapultepec to the end.",
    "morales": "Governor of the Veracruz fortress during the bombardment.",
}

# Starting positions: (id, type, nation, name, region or "@structure", entrenched).
START_UNITS: list[tuple[str, str, str, str, str]] = [
    ("us-7th-inf", "us-regulars", "usa", "7th Infantry", "@fort-texas-works"),
    ("us-3rd-inf", "us-regulars", "usa", "3rd Infantry", "point-isabel"),
    ("us-4th-inf", "us-regulars", "usa", "4th Infantry", "point-isabel"),
    ("us-5th-inf", "us-regulars", "usa", "5th Infantry", "point-isabel"),
    ("us-8th-inf", "us-regulars", "usa", "8th Infantry", "point-isabel"),
    ("us-2nd-dragoons", "us-dragoons", "usa", "2nd Dragoons", "point-isabel"),
    ("us-ringgold", "us-flying-artillery", "usa", "Ringgold's battery", "point-isabel"),
    ("us-duncan", "us-flying-artillery", "usa", "Duncan's battery", "point-isabel"),
    ("us-wagons-1", "us-wagon-train", "usa", "Army of Occupation trains", "point-isabel"),
    (
        "us-walker-rangers",
        "us-mounted-volunteers",
        "us-volunteers",
        "Walker's Rangers",
        "wild-horse-desert",
    ),
    (
        "us-hays-rangers",
        "us-mounted-volunteers",
        "us-volunteers",
        "Hays's Texas Rangers",
        "san-antonio",
    ),
    ("us-1st-dragoons", "us-dragoons", "usa", "1st Dragoons", "san-antonio"),
    ("us-louisiana-vols", "us-volunteers", "us-volunteers", "Louisiana Volunteers", "new-orleans"),
    ("mx-1st-line", "mx-line-infantry", "mexico", "1st Line", "matamoros"),
    ("mx-4th-line", "mx-line-infantry", "mexico", "4th Line", "matamoros"),
    ("mx-10th-line", "mx-line-infantry", "mexico", "10th Line", "matamoros"),
    ("mx-2nd-light", "mx-line-infantry", "mexico", "2nd Light", "matamoros"),
    ("mx-tampico-coast", "mx-activos", "guardia-nacional", "Tampico Coast Guard", "matamoros"),
    ("mx-7th-cav", "mx-lancers", "mexico", "7th Cavalry", "matamoros"),
    ("mx-8th-cav", "mx-lancers", "mexico", "8th Cavalry", "matamoros"),
    ("mx-light-cav", "mx-lancers", "mexico", "Light Cavalry", "matamoros"),
    ("mx-matamoros-arty", "mx-artillery", "mexico", "Matamoros artillery", "matamoros"),
    ("mx-matamoros-gn", "mx-activos", "guardia-nacional", "Matamoros Guard", "@matamoros-town"),
    ("mx-canales", "mx-guerrillas", "guerrilleros", "Canales's rancheros", "reynosa"),
    ("mx-monterrey-guns", "mx-fortress-guns", "mexico", "Citadel guns", "@monterrey-citadel"),
    ("mx-monterrey-gn", "mx-activos", "guardia-nacional", "Nuevo León Guard", "@monterrey-citadel"),
    ("mx-3rd-light", "mx-line-infantry", "mexico", "3rd Light", "monterrey"),
    ("mx-saltillo-gn", "mx-activos", "guardia-nacional", "Coahuila Guard", "saltillo"),
    ("mx-slp-line", "mx-line-infantry", "mexico", "11th Line", "san-luis-potosi"),
    ("mx-slp-cav", "mx-lancers", "mexico", "Tulancingo Cuirassiers", "san-luis-potosi"),
    ("mx-tampico-gn", "mx-activos", "guardia-nacional", "Tampico Guard", "tampico"),
    ("mx-ulua-guns", "mx-fortress-guns", "mexico", "San Juan de Ulúa guns", "@veracruz-fortress"),
    ("mx-veracruz-line", "mx-line-infantry", "mexico", "Veracruz garrison", "@veracruz-fortress"),
    ("mx-veracruz-gn", "mx-activos", "guardia-nacional", "Veracruz Guard", "@veracruz-fortress"),
    ("mx-perote-gn", "mx-activos", "guardia-nacional", "Perote garrison", "@perote-castle"),
    ("mx-puebla-gn", "mx-activos", "guardia-nacional", "Puebla Guard", "puebla"),
    ("mx-grenadiers", "mx-line-infantry", "mexico", "Grenadier Guards", "mexico-city"),
    ("mx-mexico-line", "mx-line-infantry", "mexico", "Mexico Battalion", "mexico-city"),
    ("mx-capital-gn", "mx-activos", "guardia-nacional", "Capital Guard", "mexico-city"),
    ("mx-capital-arty", "mx-artillery", "mexico", "Capital artillery", "mexico-city"),
    ("mx-military-college", "mx-line-infantry", "mexico", "Chapultepec garrison", "mexico-city"),
    ("mx-chihuahua-gn", "mx-activos", "guardia-nacional", "Chihuahua Guard", "chihuahua"),
    ("mx-chihuahua-cav", "mx-lancers", "mexico", "Chihuahua presidial cavalry", "chihuahua"),
    ("mx-jalisco-gn", "mx-activos", "guardia-nacional", "Jalisco Guard", "guadalajara"),
    ("mx-mules-1", "mx-mule-train", "mexico", "Army of the North mules", "monterrey"),
]
START_LEADERS = {
    "taylor": "point-isabel",
    "twiggs": "point-isabel",
    "arista": "matamoros",
    "torrejon": "matamoros",
    "ampudia": "monterrey",
    "morales": "@veracruz-fortress",
    "valencia": "mexico-city",
    "bravo": "mexico-city",
    "heredia": "chihuahua",
}

# Reinforcements: id, side, turn (None: brought by an effect), destination, text, units as
# (type, nation, name), leaders, condition.
REINFORCEMENTS: list[Json] = [
    {"id": "first-volunteers", "side": "usa", "turn": 3,
     "to": {"regions": ["point-isabel", "corpus-christi"]},
     "units": [("us-volunteers", "us-volunteers", "1st Texas Rifles"),
               ("us-volunteers", "us-volunteers", "Louisiana Legion")],
     "text": "The first volunteer regiments come ashore at Brazos Santiago."},
    {"id": "summer-volunteers", "side": "usa", "turn": 5,
     "to": {"regions": ["camargo", "point-isabel", "corpus-christi"]},
     "units": [("us-regulars", "usa", "Artillery Battalion"),
               ("us-volunteers", "us-volunteers", "1st Ohio"),
               ("us-volunteers", "us-volunteers", "1st Kentucky"),
               ("us-flying-artillery", "usa", "Bragg's battery")],
     "leaders": ["worth"],
     "text": "Worth rejoins the army with regulars and the summer volunteers."},
    {"id": "army-of-the-centre", "side": "usa", "turn": 7, "to": {"regions": ["san-antonio"]},
     "units": [("us-regulars", "usa", "6th Infantry"),
               ("us-volunteers", "us-volunteers", "1st Illinois"),
               ("us-volunteers", "us-volunteers", "2nd Illinois"),
               ("us-wagon-train", "usa", "Wool's trains")],
     "leaders": ["wool"],
     "text": "Wool's Army of the Centre gathers at San Antonio for Chihuahua."},
    {"id": "autumn-volunteers", "side": "usa", "turn": 10,
     "to": {"regions": ["camargo", "point-isabel", "corpus-christi"]},
     "units": [("us-volunteers", "us-volunteers", "1st Mississippi Rifles"),
               ("us-volunteers", "us-volunteers", "1st Tennessee"),
               ("us-mounted-volunteers", "us-volunteers", "Kentucky Cavalry")],
     "leaders": ["quitman"],
     "text": "More volunteers reach the Rio Grande."},
    {"id": "doniphan-column", "side": "usa", "turn": 17, "to": {"regions": ["paso-del-norte"]},
     "units": [("us-mounted-volunteers", "us-volunteers", "1st Missouri Mounted"),
               ("us-mounted-volunteers", "us-volunteers", "2nd Missouri Mounted"),
               ("us-flying-artillery", "us-volunteers", "Weightman's battery")],
     "leaders": ["doniphan"],
     "text": "Doniphan's Missourians ride down from New Mexico."},
    {"id": "scott-expedition", "side": "usa", "turn": 22,
     "to": {"regions": ["lobos-anchorage"]},
     "units": [("us-regulars", "usa", "1st Artillery (as infantry)"),
               ("us-regulars", "usa", "2nd Infantry"),
               ("us-regulars", "usa", "Mounted Rifles"),
               ("us-regulars", "usa", "Voltigeurs"),
               ("us-volunteers", "us-volunteers", "1st Pennsylvania"),
               ("us-volunteers", "us-volunteers", "South Carolina Palmettos"),
               ("us-dragoons", "usa", "Harney's Dragoons"),
               ("us-flying-artillery", "usa", "Taylor's battery"),
               ("us-flying-artillery", "usa", "Magruder's battery"),
               ("us-siege-train", "usa", "Siege train and naval battery"),
               ("us-wagon-train", "usa", "Army of Invasion trains")],
     "leaders": ["scott", "pillow"],
     "text": "Scott's army gathers at Isla de Lobos to board the transports."},
    {"id": "lobos-transports", "side": "usa", "turn": 22,
     "to": {"structure": "lobos-roads"},
     "units": [("us-transports", "us-navy", "Lobos transports, first division"),
               ("us-transports", "us-navy", "Lobos transports, second division")],
     "text": "The chartered transports and surf boats anchor in the Lobos roads."},
    {"id": "new-regiments", "side": "usa", "turn": 27,
     "to": {"structure": "veracruz-fortress"},
     "units": [("us-regulars", "usa", "9th Infantry"),
               ("us-regulars", "usa", "15th Infantry"),
               ("us-volunteers", "us-volunteers", "1st New York")],
     "text": "The new regular regiments land at Veracruz."},
    {"id": "pierce-brigade", "side": "usa", "turn": 31,
     "to": {"structure": "veracruz-fortress"},
     "units": [("us-regulars", "usa", "Pierce's brigade"),
               ("us-dragoons", "usa", "3rd Dragoons")],
     "text": "Pierce's brigade and fresh dragoons land at Veracruz."},
    {"id": "monterrey-garrison", "side": "mexico", "turn": 5,
     "to": {"regions": ["monterrey", "saltillo"]},
     "units": [("mx-line-infantry", "mexico", "Aguascalientes Battalion"),
               ("mx-activos", "guardia-nacional", "Querétaro Guard"),
               ("mx-artillery", "mexico", "Monterrey artillery")],
     "text": "Battalions from the interior march north to Monterrey."},
    {"id": "santa-anna-returns", "side": "mexico", "turn": 9,
     "to": {"regions": ["mexico-city", "san-luis-potosi", "puebla"]},
     "leaders": ["santa-anna"],
     "text": "Santa Anna slips through the blockade and takes command."},
    {"id": "army-of-san-luis", "side": "mexico", "turn": 12,
     "to": {"regions": ["san-luis-potosi", "saltillo", "matehuala"]},
     "units": [("mx-line-infantry", "mexico", "Zapadores"),
               ("mx-line-infantry", "mexico", "1st Light"),
               ("mx-lancers", "mexico", "Jalisco Lancers"),
               ("mx-lancers", "mexico", "Hussars"),
               ("mx-activos", "guardia-nacional", "Guanajuato Guard"),
               ("mx-activos", "guardia-nacional", "San Luis Guard"),
               ("mx-artillery", "mexico", "Army of the North artillery"),
               ("mx-mule-train", "mexico", "San Luis mule trains")],
     "leaders": ["urrea"],
     "text": "The new Army of the North takes shape at San Luis Potosí."},
    {"id": "san-patricios", "side": "mexico", "turn": 14,
     "to": {"regions": ["san-luis-potosi", "saltillo", "mexico-city"]},
     "units": [("mx-san-patricios", "mexico", "San Patricios"),
               ("mx-line-infantry", "mexico", "Celaya Battalion"),
               ("mx-activos", "guardia-nacional", "Morelia Guard")],
     "text": "Riley's deserters and more battalions join the army."},
    {"id": "army-of-the-east", "side": "mexico", "turn": 20,
     "to": {"areas": ["veracruz-highlands", "puebla"]},
     "units": [("mx-line-infantry", "mexico", "6th Line"),
               ("mx-activos", "guardia-nacional", "Jalapa Guard"),
               ("mx-activos", "guardia-nacional", "Orizaba Guard"),
               ("mx-lancers", "mexico", "Veracruz Lancers")],
     "text": "A new army gathers in the hills above Veracruz."},
    {"id": "defenders-of-the-capital", "side": "mexico", "turn": 16,
     "to": {"areas": ["valley-of-mexico", "puebla"]},
     "units": [("mx-activos", "guardia-nacional", "Independencia Battalion"),
               ("mx-activos", "guardia-nacional", "Bravos Battalion"),
               ("mx-activos", "guardia-nacional", "Victoria Battalion"),
               ("mx-line-infantry", "mexico", "Invalids and Cadets")],
     "text": "The capital raises its own battalions."},
    {"id": "last-levies", "side": "mexico", "turn": 24,
     "to": {"areas": ["valley-of-mexico", "central", "bajio"]},
     "units": [("mx-activos", "guardia-nacional", "Toluca Guard"),
               ("mx-lancers", "mexico", "Alvarez's southern horse")],
     "text": "The southern states send what they have left."},
    {"id": "national-road-guerrillas", "side": "mexico", "turn": None,
     "to": {"areas": ["veracruz-highlands", "puebla", "veracruz-coast"]},
     "units": [("mx-guerrillas", "guerrilleros", "Jarauta's band"),
               ("mx-guerrillas", "guerrilleros", "Rebolledo's band"),
               ("mx-guerrillas", "guerrilleros", "Sierra de Puebla band")],
     "text": "Bands rise along the National Road behind the invader."},
]  # fmt: skip

REPLACEMENTS: list[Json] = [
    {"id": "us-recruiting", "side": "usa", "turns": {"from_turn": 6, "every": 2}, "points": 1},
    {"id": "mexican-levies", "side": "mexico", "turns": {"from_turn": 4, "every": 2}, "points": 1},
]

# The tension index stands for opposition to the war in the United States: it rises when the
# war goes badly or drags on, falls with victories, and makes the United States give up at 11.
TENSION: Json = {
    "name": "Opposition to the war",
    "benefits": "mexico",
    "threshold": 11,
    "description": (
        "How loudly Congress, the Whig press and the public call the war a mistake. Defeats, "
        "lost towns in Texas and the end of enlistments push it up; great victories calm it. "
        "At 11 the United States accepts Mexico's terms and Mexico wins."
    ),
    "steps": [
        {
            "value": 4,
            "description": "The opposition gains seats in the autumn elections.",
            "effects": [{"kind": "vp", "side": "usa", "amount": -1}],
        },
        {
            "value": 8,
            "description": "The House votes that the war was begun unnecessarily.",
            "effects": [{"kind": "vp", "side": "usa", "amount": -2}],
        },
    ],
}

VICTORY: Json = {
    "sudden_death": [
        {"id": "halls-of-montezuma", "side": "usa", "check": "end_of_turn",
         "condition": {"kind": "controls", "structures": ["mexico-city"]},
         "description": "The United States holds Mexico City at the end of a turn."},
        {"id": "texas-reconquered", "side": "mexico", "check": "end_of_turn",
         "condition": {"kind": "controls",
                       "structures": ["san-antonio-town", "corpus-christi-depot",
                                      "point-isabel-depot"]},
         "description": "Mexico holds San Antonio, Corpus Christi and Point Isabel."},
    ],
    "description": (
        "The United States wins outright by holding Mexico City at the end of a turn; Mexico "
        "wins outright by holding San Antonio, Corpus Christi and Point Isabel together, or when "
        "the opposition to the war reaches 11. "
        "Otherwise the side with more VP after turn 36 wins. Mexico starts with 44 VP and "
        "scores its cities still held at the end; both sides score the places they take "
        "and the enemy units they destroy."
    ),
}  # fmt: skip


def _location(where: str) -> Json:
    return {"structure": where[1:]} if where.startswith("@") else {"region": where}


def forces() -> Json:
    units: list[Json] = []
    for uid, utype, nation, name, where in START_UNITS:
        units.append(
            {"id": uid, "type": utype, "nation": nation, "name": name, "location": _location(where)}
        )
    leaders: list[Json] = []
    for row in LEADER_ROWS.strip().splitlines():
        cells = [c.strip() for c in row.split("|")]
        lid, name, nation, rank, hier, att, dfc, mor, mov, brk, siege, killed = cells
        leader: Json = {
            "id": lid, "name": name, "nation": nation, "rank": int(rank), "hierarchy": hier,
            "attack": int(att), "defence": int(dfc), "morale": int(mor), "movement": int(mov),
            "breakthrough": brk == "yes", "siege": siege == "yes",
            "killed_vp": {"@enemy": int(killed)},
        }  # fmt: skip
        if lid in START_LEADERS:
            leader["location"] = _location(START_LEADERS[lid])
        if lid in LEADER_NOTES:
            leader["description"] = LEADER_NOTES[lid]
        leaders.append(leader)
    reinforcements: list[Json] = []
    for group in REINFORCEMENTS:
        ids = []
        for n, (utype, nation, name) in enumerate(group.get("units", []), start=1):
            uid = f"{group['id']}-{n}"
            units.append({"id": uid, "type": utype, "nation": nation, "name": name})
            ids.append(uid)
        entry = {key: value for key, value in group.items() if key != "units"}
        entry["units"] = ids
        reinforcements.append(entry)
    ships = [
        ("us-conner", "Conner's squadron", "veracruz-anchorage"),
        ("us-brazos-squadron", "Brazos squadron", "brazos-santiago"),
        ("us-perry", "Perry's steamers", "atlantic"),
    ]
    for uid, name, region in ships:
        units.append(
            {"id": uid, "type": "us-squadron", "nation": "us-navy", "name": name,
             "location": {"region": region}}
        )  # fmt: skip
    return {
        "sides": SIDES,
        "nations": NATIONS,
        "unit_types": UNIT_TYPES,
        "units": units,
        "leaders": leaders,
        "reinforcements": reinforcements,
        "replacements": REPLACEMENTS,
        "tension": TENSION,
        "victory": VICTORY,
    }
