"""Recon and intelligence missions of assets in a game of the operational family (OA12, OI7).

A recon (air) or intelligence (ground) mission watches around its target hex: the asset's
``recon_strength`` on the hex, one level less per further hex (OI5's ``fall_per_hex``), out
to ``recon_range`` hexes (an air asset's at most ``night_recon_range`` at night, OW11; an
electronic-warfare asset's strength ``night.ew_strength`` higher at night, OW12); no AA
fires at it. The sources a
side's missions give are kept in ``GameState.operational["assets"]["recon"]`` from the
execution they fly in until the next turn's missions fly, so the side's next plan reads
them; :func:`engine.wego.op.intel.intel_of` adds them to the side's own units' (OI6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import state
from .assets import data

if TYPE_CHECKING:
    from ...game import Game


def launch(game: Game) -> None:
    """OA12, OI7: the recon and intelligence missions flown this turn become sources of
    their side's intelligence (radius ``recon_range`` around the target, for air assets at
    most ``night_recon_range`` at night; ``recon_strength`` next to it, more for EW assets at
    night) until the next turn's
    missions fly; no AA fires at them. One ``op_recon`` record each."""
    rules = state.board_of(game).rules
    table = rules.assets
    night = state.clock(game).night
    sources: dict[str, list[dict[str, Any]]] = {}
    for asset_id, task in data(game)["flying"].items():
        asset = table.asset(asset_id)
        if task["mission"] not in ("recon", "intelligence") or asset is None:
            continue
        reach = asset.recon_range
        if night and asset.domain == "air":  # OA12, OW11: air recon sees one hex at night
            reach = min(reach, table.night_recon_range)
        strength = asset.recon_strength
        if night and asset.electronic_warfare:  # OW12: the night's radio traffic
            strength = min(5, strength + rules.night.ew_strength)
        source = {"hex": task["target"], "range": reach, "strength": strength}
        sources.setdefault(task["side"], []).append(source)
        task["used"] = True
        game.record(
            "op_recon",
            side_id=task["side"],
            asset=asset_id,
            target=task["target"],
            range=reach,
            strength=strength,
        )
    data(game)["recon"] = dict(sorted(sources.items()))


def sources(game: Game, side: str) -> list[tuple[int, int, int]]:
    """OA12, OI7: the side's recon and intelligence missions flown this turn (kept until the
    next turn's missions fly, so its next plan reads them), each as (hex index, range,
    strength) for :func:`engine.operational.intel.hex_levels`."""
    board = state.board_of(game)
    found = data(game).get("recon", {}).get(side, [])
    return [
        (board.index(f["hex"]), f["range"], f["strength"])
        for f in found
        if board.grid.find(f["hex"]) is not None
    ]
