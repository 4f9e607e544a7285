"""Sides and nations of the desert war sample."""

from __future__ import annotations

from campaign import ALLIES, AXIS, Json

# -- sides and nations ----------------------------------------------------------------------------

SIDES: list[Json] = [
    {
        "id": AXIS,
        "name": "Axis",
        "color": "#5b6f8a",
        "rail": False,
        "briefing": "",
    },
    {
        "id": ALLIES,
        "name": "Allies",
        "color": "#b0463a",
        "briefing": "",
    },
]

NATIONS: list[Json] = [
    {
        "id": "italy",
        "name": "Italy",
        "side": AXIS,
        "main": True,
        "color_dark": "#3f5a34",
        "color_light": "#c3d3a8",
        "capitals": {"land": "tripoli", "naval": "tripoli", "air": "castel-benito"},
    },
    {
        "id": "germany",
        "name": "Germany",
        "side": AXIS,
        "color_dark": "#3c3c3c",
        "color_light": "#d4c8a4",
        "capitals": {"land": "tripoli", "air": "castel-benito"},
    },
    {
        "id": "regia-aeronautica",
        "name": "Regia Aeronautica",
        "side": AXIS,
        "parent": "italy",
        "color_dark": "#2f4a6a",
        "color_light": "#b4c8dc",
        "preferred_domain": "air",
    },
    {
        "id": "luftwaffe",
        "name": "Luftwaffe",
        "side": AXIS,
        "parent": "germany",
        "color_dark": "#465a70",
        "color_light": "#c0ccd8",
        "preferred_domain": "air",
    },
    {
        "id": "britain",
        "name": "Britain",
        "side": ALLIES,
        "main": True,
        "color_dark": "#7a3a22",
        "color_light": "#e8c8a0",
        "capitals": {"land": "cairo", "naval": "alexandria", "air": "cairo"},
        "radar": True,
    },
    {
        "id": "raf",
        "name": "Royal Air Force",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#33507a",
        "color_light": "#b8c8e4",
        "preferred_domain": "air",
        "radar": True,
    },
    {
        "id": "australia",
        "name": "Australia",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#6a4a1a",
        "color_light": "#e4cc8c",
    },
    {
        "id": "new-zealand",
        "name": "New Zealand",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#2a2a2a",
        "color_light": "#c8c8c8",
    },
    {
        "id": "india",
        "name": "India",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#7a5a2a",
        "color_light": "#ecd8a8",
    },
    {
        "id": "south-africa",
        "name": "South Africa",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#4a6a2a",
        "color_light": "#d8e4a8",
    },
    {
        "id": "poland",
        "name": "Poland",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#8a2a3a",
        "color_light": "#f0c8cc",
    },
    {
        "id": "free-france",
        "name": "Free France",
        "side": ALLIES,
        "color_dark": "#2a3a7a",
        "color_light": "#c4cce8",
        "capitals": {"land": "deep-sahara"},
        "fog_advantage": True,
    },
]
