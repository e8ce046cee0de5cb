"""The sections of the Turning Point: Stalingrad rules text that verdicts cite.

The rules text (seed 000, a Japanese summary of SPI's rules) numbers nothing, so every
verdict cites a section name kept here ("Supply (B)(2)", "ZOC", "VP schedule"...): one
place for all of them, which a test holds every verdict to.
"""

from __future__ import annotations

from collections.abc import Mapping

RULES: Mapping[str, str] = {
    "sequence_of_play": "Sequence of play",
    "movement": "Movement",
    "rail_movement": "Movement (K)",
    "zoc": "ZOC",
    "stacking": "Stacking",
    "supply": "Supply",
    "axis_supply": "Supply (A)",
    "soviet_supply": "Supply (B)",
    "soviet_rail": "Supply (B)(1)",
    "soviet_supply_unit": "Supply (B)(2)",
    "soviet_edge": "Supply (B)(3)",
    "best_state": "Supply (B)(4)",
    "supply_effects": "Supply (C)",
    "blocking": "Supply (D, I)",
    "captured_rail": "Supply (H)",
    "combat": "Combat",
    "kampfgruppe": "Kampfgruppen (G, R, S)",
    "supply_and_air_units": "Supply and air units (K)",
    "front": "Continuous front",
    "air_units": "Air units",
    "close_support": "Air missions (1) close support",
    "interdiction": "Air missions (2) interdiction",
    "combat_air_patrol": "Air missions (3) combat air patrol",
    "air_superiority": "Air missions (4) air superiority",
    "interception": "Air missions (5) interception",
    "air_superiority_table": "Air superiority table",
    "surprise": "First-turn surprise",
    "vp_table": "VP table",
    "vp_schedule": "VP schedule",
    "terrain": "Terrain effects table",
    "crt": "CRT note",
    "retreat": "Retreat (Q)",
    "reinforcements": "Scenarios",
    "army_organisation": "Optional: Soviet army organisation",
    "hold_orders": "Optional: Axis hold orders",
}
"""The section of the rules text each ruling rests on; verdicts cite only these strings."""
