"""After a duel: the loser's retreat (8.9, 8.10) and the attacker's choice (8.11).

The unit that loses a duel retreats into an adjacent area its side controls, turning
over, loses a step, or is eliminated when it can do neither (8.9); a Soviet unit never
retreats into its rear (8.9 (4)), no unit into the enemy's (3.5), an isolated unit not
at all (8.10). An attacker that retreats turns over where it retreated to and acts no
more (8.11). While units of both sides (isolated ones aside) stand in the area after a
combat, the attacker must attack again or retreat (8.11).
"""

from __future__ import annotations

from rules.referee.position import Position, UnitState
from rules.referee.rks.board import SOVIET, Board
from rules.referee.rks.control import Control
from rules.referee.rks.isolation import Isolation

RETREAT_RULES = ("8.9", "8.11")
"""A beaten unit's retreat, and the attacker's retreat ending its action."""
CONTINUE_RULE = "8.11"
"""While both sides stand in the area after a combat, the attacker attacks again or retreats."""


def retreat_problem(position: Position, board: Board, state: UnitState, area: str) -> str:
    """Why ``state``, beaten in a duel in ``position``, may not retreat into ``area``;
    "" when it may."""
    isolation = Isolation(position, board, Control(position, board), None)
    if isolation.isolated(state):
        return "it is isolated, and an isolated unit cannot retreat (8.10)"
    if area in isolation.retreats(state):
        return ""
    name, there = board.name(area), board.name(state.location)
    if area not in board.neighbours(state.location):
        return f"{name} is not next to {there}"
    owner = board.rear_owner(area)
    if owner is not None and owner != state.side:
        return f"{name} is the enemy rear, which no unit enters (3.5)"
    if owner == state.side == SOVIET:
        return "a Soviet unit never retreats into its rear (8.9 (4))"
    return f"{name} is not an area its side controls"


def combat_goes_on(position: Position, board: Board, attacker: str) -> bool:
    """Whether ``attacker`` still stands with counted enemy units in its area after its
    combat, so that 8.11 asks it to attack again or retreat."""
    state = next((item for item in position.units if item.unit.id == attacker), None)
    if state is None or state.location not in board.city_areas:
        return False
    counted = Control(position, board).areas[state.location].counted
    return any(item.side != state.side for item in counted)
