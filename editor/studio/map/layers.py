"""The map's layers: what the designer can show, hide and lock, and which items each holds."""

from __future__ import annotations

LAYERS = (
    "background",
    "regions",
    "zones",
    "borders",
    "connections",
    "supply",
    "structures",
    "stacks",
    "labels",
    "issues",
)
"""Layers the designer can show, hide and lock, bottom to top."""

LAYER_NAMES = {
    "background": "Background image",
    "regions": "Regions",
    "zones": "Setup and fixed zones",
    "borders": "Region borders",
    "connections": "Connections",
    "supply": "Supply sources",
    "structures": "Structures",
    "stacks": "Stacks of units",
    "labels": "Labels",
    "issues": "Validation markers",
}
"""What the layers panel calls each layer."""

LAYER_OF = {
    "background": "background",
    "regions": "regions",
    "zones": "zones",
    "labels": "labels",
    "crossings": "connections",
    "lines": "connections",
    "structures": "structures",
    "supply": "supply",
    "stacks": "stacks",
    "issues": "issues",
}
"""The layer each group of items belongs to. Connections come in two groups: crossings drawn
along borders and lines between regions, which the zoom shows at different times. Region
borders are not items of their own but the outline of region items (and of the map's
picture), so the borders layer restyles those."""
