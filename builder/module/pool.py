"""The untried pool: one face-up, always-shuffled pile of untried reinforcements.

Untried units are drawn at random when they arrive (DoS 2.14, 8.3), and each scenario
has its own: a set-up save fills the pile with its scenario's units only, so Blue never
shows Uranus's pool. The board under the pile says what it is.
"""

from __future__ import annotations

from lxml import etree

from builder.module import keys
from builder.module.elements import element
from builder.module.maps import PlainBoard, map_element
from builder.vassal.decks import deck_type
from rules.model import GameSpec, Unit

POOL_MAP = "Untried pool"
POOL_PILE = "Untried reinforcements"
POOL_IMAGE = "pool.png"
POOL_SIZE = (760, 260)
PILE_AT = (110, 130)
PILE_SIZE = (80, 80)


def untried_pools(spec: GameSpec) -> dict[str, list[Unit]]:
    """Per scenario, the untried units that arrive as reinforcements (DoS 2.14, 8.3):
    they are drawn at random, so each scenario gets a shuffled pile of them."""
    pools: dict[str, list[Unit]] = {}
    for unit in spec.units.values():
        if not unit.untried:
            continue
        for arrival in unit.arrivals:
            pools.setdefault(arrival.scenario, []).append(unit)
    return {scenario: pools[scenario] for scenario in sorted(pools)}


def pool_caption(spec: GameSpec) -> str:
    """What the board under the pile says (``[labels] untried_pool`` in game.toml)."""
    return spec.labels.get(
        "untried_pool", "Untried reinforcements of this scenario: draw one at random"
    )


POOL_DRAW_PILE = {
    "name": POOL_PILE,
    "owningBoard": POOL_MAP,
    "x": str(PILE_AT[0]),
    "y": str(PILE_AT[1]),
    "width": str(PILE_SIZE[0]),
    "height": str(PILE_SIZE[1]),
    "allowMultiple": "false",
    "allowSelect": "false",
    "faceDown": "Never",
    "drawFaceUp": "true",
    "shuffle": "Always",
    "shuffleCommand": "Shuffle",
    "reversible": "false",
    "draw": "true",
    "color": "0,0,0",
    "reshufflable": "false",
    "canSave": "true",
    "maxStack": "10",
}
"""The pool's DrawPile: face up, drawn at random, one unit at a time."""


def pool_map(root: etree._Element) -> None:
    """The pool's window with its drawn board and the draw pile, empty until a set-up fills it."""
    map_ = map_element(
        root, POOL_MAP, PlainBoard(POOL_MAP, POOL_SIZE, POOL_IMAGE), {}, keys.UNTRIED_POOL
    )
    element(map_, "module.map.DrawPile", **POOL_DRAW_PILE)


def pool_deck_type() -> str:
    """The type text of the pool's deck in a save, matching its DrawPile's settings."""
    return deck_type(POOL_DRAW_PILE)
