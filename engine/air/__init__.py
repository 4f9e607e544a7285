"""Air movement and air combat (A1-A5): flights, AA fire, interceptions, returns to base.

``movement`` flies stacks and lists the air phases' actions, ``aa`` and ``interception``
settle the fights on the way, ``fire`` rolls the shots, ``basing`` knows airports and the
flight home, ``turn`` holds the automatic work of the phases. UIs ask :func:`air_reach`.

Records written to the event log (besides ``split``, ``merged`` and ``eliminated``, whose
``cause`` is ``aa``, ``air_combat`` or ``crash``; air-sea battles are battles, see
:mod:`engine.phases.air`):

- ``air_move``: ``stack``, ``units``, ``base`` (airport left), ``path``, ``cost`` (MP).
- ``air_arrived``: ``stack``, ``units`` still flying, ``region``, ``over_enemy_land``,
  ``over_enemy_ships``.
- ``air_rebase``: ``stack``, ``units``, ``base`` (old airport), ``to`` (new airport).
- ``aa_fire``: ``region``, ``planes``, ``guns``, ``modifiers`` (per gun: ``radar``,
  ``stealth``), ``shots`` (``unit``, ``factor``, ``rolls``, ``hit``), ``hits``.
- ``interception_test``: ``region``, ``stack``, ``moving`` and ``tester`` sides,
  ``interceptors``, ``roll``, ``modifiers`` (``final_destination``, ``radar``,
  ``no_fighters``, ``not_same_region``, ``grounded``, ``cards``; only those that apply),
  ``total``, ``needed``, ``success``.
- ``air_combat``: ``region``, ``moving`` side, ``planes``, ``enemies``, ``radar_bonus``,
  ``shots`` and ``hits`` per side (``moving``, ``other``).
- ``air_combat_result``: ``region``, ``winner`` (a side), ``moving_left``, ``other_left``.
- ``air_hits``: ``region``, ``cause``, ``hits``, ``taken`` (unit -> hits).
- ``air_panic``: ``region``, ``cause``, ``tests`` (``unit``, ``roll``, ``limit``,
  ``failed``), ``panicked`` (the units sent home).
- ``air_return``: ``units``, ``owner``, ``to`` (airport), ``reason`` (``panic``,
  ``defeated``, ``after_battles``, ``patrol_over``), ``diverted`` (units that could not land
  at their base).
- ``air_crash``: ``unit``, ``owner``, ``base``, ``reason``.
"""

from __future__ import annotations

from .basing import air_range, can_fly, fly_home, home_for
from .movement import air_reach, rebase_targets
from .turn import open_phase

__all__ = [
    "air_range",
    "air_reach",
    "can_fly",
    "fly_home",
    "home_for",
    "open_phase",
    "rebase_targets",
]
