"""The operational rules family's data (docs/rules-operational.md): the tables a modder edits.

A scenario chooses its family with ``rules.family``; an ``operational`` scenario carries these
tables in ``rules.operational`` (every number a default taken from the checklist, item ids in
the docstrings), and its unit types and units carry the values of :mod:`.units`.

- :mod:`.numbers`: the range of every number of the family;
- :mod:`.terrain`: hex terrain, hexside features and roads (Tables OH3, OH6, OH4);
- :mod:`.units`: unit categories, quality, echelons and shock types, the values a unit type and
  a unit add (OU1-OU3), stacking by echelon (Table OM4), quality effects (Table OU3);
- :mod:`.combat`: odds, shifts, intensity, the ground combat results table, damage (OC5-OC20);
- :mod:`.movement`: zones of control and movement (OM1-OM13, OU6, OU7, OM19);
- :mod:`.hq`: the order of battle and LOC ranges (OQ1-OQ11, Table OQ3);
- :mod:`.supply`: supply sources, point pools, Tables OS9 and OS14 (OS1-OS17);
- :mod:`.assets`: air, naval and ground assets, air superiority, Table OA10 (OA1-OA16);
- :mod:`.rules`: :class:`OperationalRules`, the root of all of them.
"""

from .rules import OperationalRules
from .units import OperationalType, OperationalUnit

__all__ = ["OperationalRules", "OperationalType", "OperationalUnit"]
