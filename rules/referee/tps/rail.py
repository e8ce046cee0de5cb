"""Axis reinforcements by rail in a log (TPS Movement (K)).

An Axis reinforcement may come on at a rail hex with the German cross and move along the
rail line up to 30 hexes, never into or through an enemy ZOC. A log shows only where the
piece ended: dragged straight from its palette to a hex deep behind the front, or first
to the cross and then on. The referee's rail hook finds the shortest rail route from the
cross and lets its own rail rule (``Movement.reinforcement_rail_move``) judge it, so the
route shown is the one the verdict counts.
"""

from __future__ import annotations

from collections.abc import Collection

from rules.hexes import Hex
from rules.model import GameMap, Unit
from rules.referee.paths import cheapest_path
from rules.referee.tps.movement import Movement
from rules.referee.tps.units import AXIS
from rules.referee.verdict import Verdict

CROSS = "german_cross"
"""The map mark of the rail hexes where Axis reinforcements come on by rail."""
CROSS_WORDS = "German cross"
"""How an arrival's words name those hexes (``units.toml``: "by rail from a rail hex with
the German cross")."""


def cross_hexes(game_map: GameMap) -> frozenset[Hex]:
    """The rail hexes with the German cross, where Axis reinforcements come on by rail."""
    return frozenset(hex_ for mark in game_map.marks if mark.symbol == CROSS for hex_ in mark.hexes)


def rail_move(movement: Movement, unit: Unit, starts: Collection[Hex], goal: Hex) -> Verdict | None:
    """The referee's verdict on ``unit``'s rail move from the nearest of ``starts`` to
    ``goal``, or None when it is no rail move: a Soviet unit (Soviet units never move by
    rail), or no rail line joins them.

    The route avoids enemy ZOC and enemy units where it can; when only a blocked route
    exists, that route is judged, and the verdict names what blocks it.
    """
    if unit.side != AXIS:
        return None
    open_route = _shortest_route(movement, unit, starts, goal, blocked=True)
    route = open_route or _shortest_route(movement, unit, starts, goal, blocked=False)
    if route is None:
        return None
    return movement.reinforcement_rail_move(unit, route)[1][0]


def _shortest_route(
    movement: Movement, unit: Unit, starts: Collection[Hex], goal: Hex, blocked: bool
) -> tuple[Hex, ...] | None:
    """The fewest-hex rail route from one of ``starts`` to ``goal``; with ``blocked``,
    only through hexes free of enemy ZOC and enemy units. Ties go to the first start in
    hex order, so the route shown is always the same."""
    board = movement.board
    enemy = movement.position.other_side(unit.side)
    closed = (
        movement.forces.enemy_zoc_for_movement(unit.side)
        | frozenset(movement.forces.holders[enemy])
        if blocked
        else frozenset()
    )
    links = board.rail_links

    def step(first: Hex, second: Hex) -> int | None:
        return 1 if (first, second) in links and second not in closed else None

    found = [
        route
        for start in sorted(starts)
        if start not in closed
        and (route := cheapest_path(start, goal, step, board.rail_hexes, len(board.rail_hexes)))
    ]
    return min(found, key=lambda route: route[0])[1] if found else None
