"""Build the sample mod ``sample_scenarios/mods/harsh-winter.salient-mod.json``.

"The Hardest Winter" retunes the Winter War for the record cold of January 1940: snow lies
deeper in the forests, frozen marshes carry men and horses, the land gives less to forage,
and two cards about the cold bite harder. It is made the way a modder would make it: edit a
copy of the scenario, then let ``make_mod`` write the operations. Run it again after the base
scenario changes (the mod records the base's fingerprint):

    .venv/bin/python sample_scenarios/sources/winter-war/harsh_winter.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from schemas.io import load_file  # noqa: E402
from schemas.mods.load import save_mod  # noqa: E402
from schemas.mods.make import make_mod  # noqa: E402
from schemas.scenario import Scenario  # noqa: E402

BASE = ROOT / "sample_scenarios" / "winter-war.json"
OUTPUT = ROOT / "sample_scenarios" / "mods" / "harsh-winter.salient-mod.json"

TERRAIN = {
    # Waist-deep snow between the trees: everyone but skiers wades.
    "forest": {"movement_cost": 3, "forage": 2},
    "deep-forest": {"movement_cost": 4, "forage": 3},
    # Frozen hard, the marshes carry men, horses and sledges.
    "marsh": {"movement_cost": 1, "defender_modifier": 0},
    # Farms stripped bare by two armies and forty degrees of frost.
    "clear": {"forage": 14},
}

CARDS = {
    "field-kitchens": (
        3,
        "This turn your land units get +3 to survival tests.",
        "Hot soup and a fire under canvas are worth more than ammunition at forty below.",
    ),
    "no-winter-clothing": (
        -2,
        "This turn your land units north of the Isthmus have -2 morale.",
        "Summer tunics and cloth caps in the coldest January in living memory.",
    ),
}


def _card(card: Any) -> Any:
    amount, effect_text, text = CARDS[card.id]
    effects = [
        effect.model_copy(update={"amount": amount}) if effect.kind == "modify" else effect
        for effect in card.effects
    ]
    return card.model_copy(update={"effects": effects, "effect_text": effect_text, "text": text})


def harsh(base: Scenario) -> Scenario:
    """The Winter War in the hardest winter."""
    terrain = [t.model_copy(update=TERRAIN.get(t.id, {})) for t in base.terrain]
    cards = [_card(c) if c.id in CARDS else c for c in base.cards]
    edited = base.model_copy(update={"terrain": terrain, "cards": cards})
    return Scenario.model_validate(edited.model_dump(mode="json", by_alias=True))


def main() -> None:
    base = load_file(BASE, validate=False).scenario
    assert base is not None
    mod = make_mod(
        base,
        harsh(base),
        mod_id="harsh-winter",
        name="The Hardest Winter",
        base_id="winter-war",
        version="1.0",
        author="Salient sample",
        description=(
            "January 1940 was the coldest in living memory: deeper snow in the forests, "
            "frozen marshes, less to forage, and the cold cards bite harder."
        ),
    )
    save_mod(mod, OUTPUT)
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(mod.operations)} operations")


if __name__ == "__main__":
    main()
