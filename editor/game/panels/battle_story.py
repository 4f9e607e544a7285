"""A battle as the log tells it, round by round, with every die, for one viewer.

:class:`BattleStory` collects the records of one battle as they arrive (``battle_start`` to
``battle_over``, and the cards played in its windows); :func:`story_html` writes it out. A
unit the viewer cannot see inside the fog of war is never named: the dice of hidden enemy
units are shown together, as "enemy fire", with their hits and misses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from editor.game.panels.base import HIT, MUTED, die_html, esc
from editor.game.panels.knowledge import Sight, plural
from editor.game.panels.wording import round_name, sentence

Record = dict[str, Any]

BATTLE_TYPES = frozenset(
    {
        "battle_morale_start",
        "battle_modifiers",
        "battle_round",
        "battle_fire",
        "battle_hits",
        "battle_panic",
        "battle_morale",
        "battle_rout",
        "battle_pursuit",
        "battle_auto_hits",
        "battle_support_lost",
        "battle_withdrawal",
        "battle_cancelled",
        "battle_retreat",
        "battle_trapped",
        "eliminated",
        "card",
        "captured",
        "breakthrough",
        "breakthrough_declined",
    }
)
"""Records that belong to the open battle's story (between its start and its end)."""


@dataclass
class Round:
    kind: str
    number: int
    morale: list[int]
    records: list[Record] = field(default_factory=list)
    before: list[Record] = field(default_factory=list)
    """What happened as the round began (the morale a next round costs)."""


@dataclass
class BattleStory:
    """The records of one battle, sorted into what came before the first round, each round,
    and the end."""

    start: Record
    known: dict[str | None, set[str]] = field(default_factory=dict)
    """By viewer, the units each saw when the battle opened (they stay named if they fall).
    Kept for every side that may view: in hot seat the viewer changes mid-battle."""
    opening: list[Record] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    morale: dict[str, int] = field(default_factory=dict)
    end: Record | None = None
    after: list[Record] = field(default_factory=list)
    carry: list[Record] = field(default_factory=list)
    """Morale lost to the coming next round: logged before that round's own record."""

    @property
    def region(self) -> str:
        return str(self.start["region"])

    @property
    def sides(self) -> tuple[str, str]:
        return (self.start["attacker"], self.start["defender"])

    def add(self, record: Record) -> bool:
        """Take a record if it belongs to this battle; ``False`` once it is over, or for a
        record about something else."""
        kind = record["type"]
        if self.end is not None:
            if kind in ("breakthrough", "breakthrough_declined", "battle_retreat", "captured"):
                self.after.append(record)
                return True
            return False
        if kind == "battle_over":
            self.end = record
            return True
        if kind == "battle_round":
            fought = Round(record["round"], record["number"], list(record["morale"]))
            fought.before, self.carry = self.carry, []
            self.rounds.append(fought)
            self._morale_from(record)
            return True
        if kind == "battle_morale" and record.get("reason") == "next_round":
            self.morale[record["side_id"]] = record["total"]
            self.carry.append(record)
            return True
        if kind == "battle_morale_start" or kind == "battle_morale":
            self.morale[record["side_id"]] = record["total"]
        elif kind not in BATTLE_TYPES:
            return False
        (self.rounds[-1].records if self.rounds else self.opening).append(record)
        return True

    def _morale_from(self, record: Record) -> None:
        for side, value in zip(self.sides, record["morale"], strict=True):
            self.morale[side] = value


def story_html(story: BattleStory, sight: Sight) -> str:
    """The whole battle so far, newest round last."""
    parts = [_lines(story.opening, sight, story)]
    for fought in story.rounds:
        a, d = fought.morale
        parts.append(
            f"<p style='margin-top:8px'><b>Round {fought.number} \u00b7 "
            f"{esc(round_name(fought.kind))}</b> "
            f"<span style='color:{MUTED}'>(battle morale {a} : {d})</span></p>"
        )
        parts.append(_lines(fought.before, sight, story, muted=True))
        parts.append(_round(fought, sight, story))
    if story.end is not None:
        text = sentence(sight, story.end) or ""
        parts.append(f"<p style='margin-top:8px'><b>{esc(text)}</b></p>")
        parts.append(_lines(story.after, sight, story))
    return "".join(parts)


def _round(fought: Round, sight: Sight, story: BattleStory) -> str:
    """The fire of a round: each visible unit's dice on its line, hidden units' together."""
    out: list[str] = []
    hidden_rolls: list[str] = []
    hidden_hits = 0
    rest: list[Record] = []
    for record in fought.records:
        if record["type"] != "battle_fire":
            rest.append(record)
            continue
        aim = _aim(record, sight)
        dice = "".join(die_html(r, r <= aim) for r in record["rolls"])
        dice += "".join(die_html(r, r <= aim, reroll=True) for r in record["rerolls"])
        if sight.knows(record["unit"]):
            needs = f"hits on {aim} or less" if aim >= 0 else "cannot hit"
            out.append(
                f"{esc(sight.unit(record['unit']))} "
                f"<span style='color:{MUTED}'>({needs})</span> {dice} {_hits(record['hits'])}"
            )
        else:
            hidden_rolls.append(dice)
            hidden_hits += record["hits"]
    if hidden_rolls:
        out.append(f"Enemy fire {''.join(hidden_rolls)} {_hits(hidden_hits)}")
    text = "<br>".join(out)
    lines = _lines(rest, sight, story)
    return (f"<p>{text}</p>" if text else "") + lines


def _aim(record: Record, sight: Sight) -> int:
    """The highest roll that hits: the factor, or 0 for a factor below 0 when the scenario
    says a 0 always hits (as the round engine aims)."""
    factor = int(record["factor"])
    zero = sight.game.scenario.rules.battle.zero_always_hits
    return 0 if zero and factor < 0 else factor


def _hits(count: int) -> str:
    colour = HIT if count else MUTED
    return f"<span style='color:{colour}'>\u2192 {plural(count, 'hit')}</span>"


def _lines(records: list[Record], sight: Sight, story: BattleStory, *, muted: bool = False) -> str:
    """Everything else, in words; hidden units' hits are summed, their calm is not told."""
    out: list[str] = []
    hidden_hits = 0
    for record in records:
        kind = record["type"]
        if kind in ("battle_morale_start", "battle_modifiers"):
            continue
        if kind == "battle_hits" and not sight.knows(record["unit"]):
            hidden_hits += record["hits"]
            continue
        if kind == "battle_panic" and not sight.knows(record["unit"]) and not record["panicked"]:
            continue
        if kind == "battle_panic" and not sight.knows(record["unit"]):
            out.append("An enemy unit panics and leaves the fight.")
            continue
        text = sentence(sight, record)
        if text:
            out.append(esc(text))
    if hidden_hits:
        out.insert(0, f"Enemy units take {plural(hidden_hits, 'hit')}.")
    colour = f" color:{MUTED};" if muted else ""
    return f"<p style='margin:0;{colour}'>{'<br>'.join(out)}</p>" if out else ""
