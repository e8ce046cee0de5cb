"""What hexside terrain may say to the data referee beyond its movement costs: whether a
supply line crosses it, when its combat effect counts, and which effect a section cites
(``supply``, ``combat_across``, ``rules`` on a ``[[terrain]]``)."""

from __future__ import annotations

SUPPLY_OPEN = "open"
SUPPLY_BLOCKED = "blocked"
SUPPLY_EFFECTS = (SUPPLY_OPEN, SUPPLY_BLOCKED)
"""What a hexside feature does to a supply line crossing it."""
ACROSS_ALL = "all"
ACROSS_ANY = "any"
"""Whether a hexside's combat effect needs every attacker to attack across it, or any."""
TERRAIN_EFFECTS = ("movement", "supply", "combat")
"""The effects of a terrain a ``rules = { … }`` table may give a section for."""
