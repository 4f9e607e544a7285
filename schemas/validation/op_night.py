"""Night capability of the operational family's assets (OW3, OW11-OW13): flags that can do
nothing, each located at the asset's field with its id.

* ``operational-night-idle``: a night-capable air or naval asset none of whose missions may be
  flown at night (``assets.night_air_missions``, ``night_naval_missions``): the flag is
  never used;
* ``operational-ew-idle``: an asset flagged ``electronic_warfare`` that flies neither
  intelligence nor recon missions: its night bonus (OW12) is never used.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex

_ASSETS = ("rules", "operational", "assets", "assets")


def check_operational_night(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    rules = scenario.rules.operational
    if scenario.rules.family != "operational" or rules is None:
        return
    table = rules.assets
    at_night = {"air": table.night_air_missions, "naval": table.night_naval_missions}
    for n, asset in enumerate(table.assets):
        allowed = at_night.get(asset.domain)
        idle = allowed is not None and not set(asset.missions) & set(allowed)
        if asset.night_capable and asset.missions and idle:
            yield make_issue(
                "operational-night-idle",
                pointer(*_ASSETS, n, "night_capable"),
                f"asset '{asset.id}' is night capable but flies none of the {asset.domain} "
                f"missions allowed at night ({', '.join(allowed or []) or 'none'}) (OW11, OW13)",
                asset.id,
            )
        if asset.electronic_warfare and not {"intelligence", "recon"} & set(asset.missions):
            yield make_issue(
                "operational-ew-idle",
                pointer(*_ASSETS, n, "electronic_warfare"),
                f"asset '{asset.id}' is an EW asset but flies no intelligence or recon mission, "
                "so its night bonus is never used (OW12)",
                asset.id,
            )
