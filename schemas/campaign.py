"""The campaign file (OV6, OS1): a chain of scenarios of the operational rules played one
after the other for one command, and what each finished scenario hands to the next.

A campaign is a JSON file beside its scenarios (docs/scenario-format.md, "Campaigns"):

```json
{
  "schema_version": 1,
  "title": "Kharkov, May 1942",
  "scenarios": [{"file": "kharkov-day-1.json"}, {"file": "kharkov-day-2.json"}],
  "results": []
}
```

``results`` grows by one entry per scenario finished (``salient campaign --record`` or a
headless game): the VP score of every side, the leftover supply and replacement points of
its pools, and the strength and readiness of every land unit that ended on the map. The next
scenario starts from them (:func:`engine.campaign.next_scenario`); assets start fresh.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Annotated, Literal

from pydantic import Field, field_validator

from .base import StrictModel
from .operational.numbers import Percent
from .operational.supply import Points
from .ranges import VictoryPoints

CAMPAIGN_VERSION = 1
"""The campaign format's version (``schema_version``)."""

Name = Annotated[str, Field(min_length=1, max_length=200)]


class CampaignStep(StrictModel):
    """One scenario of the chain."""

    file: Name
    """The scenario file, relative to the campaign file, inside its folder."""
    title: str = ""
    """What the campaign calls it (the scenario's own title when empty)."""

    @field_validator("file")
    @classmethod
    def _inside(cls, value: str) -> str:
        path = PurePosixPath(value.replace("\\", "/"))
        if path.is_absolute() or ".." in path.parts or not path.name.endswith(".json"):
            raise ValueError("a scenario of a campaign is a .json file inside its folder")
        return value


class CarriedUnit(StrictModel):
    """OV6: a land unit's state at the end of a scenario."""

    strength: Percent
    """OU5: percent of full strength."""
    readiness: Percent
    """OU6: percent."""


class ScenarioResult(StrictModel):
    """What one finished scenario hands to the next (OV6, OS1)."""

    file: Name
    """The scenario played (its ``file`` in ``scenarios``)."""
    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] = 0
    """The game's seed."""
    winner: str | None = None
    """The side that won it (``null``: a draw or no result)."""
    vp: dict[Name, VictoryPoints] = Field(default_factory=dict)
    """Each side's VP score at the end (the next scenario starts from it)."""
    pools: dict[Name, Points] = Field(default_factory=dict)
    """Each side's unused supply and replacement points (added to the next scenario's
    stock)."""
    units: dict[Name, CarriedUnit] = Field(default_factory=dict)
    """Each land unit on the map at the end, by id (a unit broken down is carried as the
    average of its parts on the map)."""


class Campaign(StrictModel):
    """A chain of scenarios for one command (OV6)."""

    schema_version: Literal[1] = 1
    """The campaign format's version."""
    title: Name
    """The campaign's name."""
    description: str = ""
    """What the campaign is about."""
    scenarios: Annotated[list[CampaignStep], Field(min_length=1, max_length=1000)]
    """The scenarios, in the order they are played."""
    results: Annotated[list[ScenarioResult], Field(max_length=1000)] = Field(default_factory=list)
    """The scenarios finished so far, in order (the first ``len(results)`` of
    ``scenarios``)."""


class CampaignError(ValueError):
    """A campaign file that cannot be read: the message names the place (a JSON path)."""


def loads_campaign(text: str) -> Campaign:
    """The campaign in ``text``; :class:`CampaignError` naming the JSON path of the first
    problem otherwise."""
    import json

    from pydantic import ValidationError

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CampaignError(f"line {error.lineno}, column {error.colno}: {error.msg}") from None
    except (RecursionError, ValueError) as error:  # nested too deep, a number too long
        raise CampaignError(f"the JSON cannot be read ({type(error).__name__})") from None
    if isinstance(data, dict) and data.get("schema_version") not in (None, CAMPAIGN_VERSION):
        version = data.get("schema_version")
        raise CampaignError(f"/schema_version: version {version!r} is not one this Salient reads")
    try:
        campaign = Campaign.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = "/" + "/".join(str(p) for p in first["loc"])
        raise CampaignError(f"{where}: {first['msg']}") from None
    for index, done in enumerate(campaign.results):
        if index >= len(campaign.scenarios):
            raise CampaignError(f"/results/{index}: more results than scenarios")
        if done.file != campaign.scenarios[index].file:
            raise CampaignError(
                f"/results/{index}/file: '{done.file}' is not scenario {index + 1} "
                f"('{campaign.scenarios[index].file}')"
            )
    return campaign


def dumps_campaign(campaign: Campaign) -> str:
    """The campaign as canonical JSON (keys in the models' order, two-space indent, a final
    newline)."""
    import json

    return json.dumps(campaign.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
