"""Supply lines (the ``supply`` rule): a line of at most N hexes to a source of a kind.

One breadth-first search per side, from all its sources at once
(:func:`rules.referee.search.reach`), answers every unit of the side with its path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property

from rules.game_rules import SupplyRule
from rules.hexes import Hex
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.hexsides import supply_crosses
from rules.referee.position import Position, UnitState
from rules.referee.search import Reach, reach
from rules.referee.prose import unit_ref
from rules.referee.verdict import State, Verdict
from rules.referee.wording import with_article

IN_SUPPLY = "in supply"
OUT_OF_SUPPLY = "out of supply"


class SupplyLines:
    """Every unit's supply, from one search per side."""

    def __init__(
        self, position: Position, board: HexBoard, forces: Forces, rule: SupplyRule | None
    ) -> None:
        self.position = position
        self.board = board
        self.forces = forces
        self.rule = rule

    def _line_may_enter(self, side: str, to_hex: Hex) -> bool:
        """A line enters no hex with an enemy unit, nor (when ZOC blocks) an enemy-ZOC
        hex that no friendly unit stands in."""
        assert self.rule is not None
        if to_hex not in self.board.playable or to_hex in self.forces.enemy_units(side):
            return False
        return not (
            self.rule.blocked_by_zoc
            and to_hex in self.forces.enemy_zoc(side)
            and to_hex not in self.forces.occupied[side]
        )

    def _crossable(self, from_hex: Hex, to_hex: Hex) -> bool:
        """A line crosses no hexside whose features (those a bridge does not bridge)
        block supply or forbid every unit to cross."""
        return supply_crosses(
            self.board.hexside_features(from_hex, to_hex), self.position.spec.terrain_types
        )

    @cached_property
    def reaches(self) -> Mapping[str, Reach[Hex]]:
        """Per side, how far each hex is from its nearest usable source, within the limit."""
        assert self.rule is not None
        result = {}
        for side in self.position.spec.sides:
            sources = [
                hex_
                for source in self.position.game_map.supply_sources
                if source.side == side.id and source.kind == self.rule.source_kind
                for hex_ in source.hexes
                if hex_ not in self.forces.enemy_units(side.id)
            ]
            result[side.id] = reach(sources, self._step_rule(side.id), self.rule.length)
        return result

    def _step_rule(self, side: str) -> Callable[[Hex, Hex], bool]:
        """May ``side``'s line step from one hex into the next (see :meth:`_line_may_enter`)."""

        def allowed(from_hex: Hex, to_hex: Hex) -> bool:
            return self._crossable(from_hex, to_hex) and self._line_may_enter(side, to_hex)

        return allowed

    def in_supply(self, state: UnitState) -> bool:
        """Whether the unit traces a line; every unit is, in a game without supply rules."""
        if self.rule is None or state.hex is None:
            return True
        return state.hex in self.reaches[state.side].distance

    def halves(self, state: UnitState, effect: str) -> bool:
        """Whether being out of supply halves ``effect`` (attack, defence, movement) for the unit."""
        return (
            self.rule is not None
            and effect in self.rule.out_of_supply
            and not self.in_supply(state)
        )

    def verdicts(self) -> list[Verdict]:
        """Each unit's supply state, with its traced line."""
        if self.rule is None:
            return []
        verdicts = []
        for state in self.position.units:
            if state.hex is None:
                continue
            found = self.reaches[state.side]
            kind = self.rule.source_kind
            if state.hex in found.distance:
                path = found.path_to_source(state.hex)
                explanation = (
                    f"{_hexes(len(path) - 1)} to the {kind} in {self.board.label(path[-1])} "
                    f"(limit {self.rule.length})"
                )
                outcome = IN_SUPPLY
                found_state: State = "supplied"
            else:
                path = ()
                explanation = (
                    f"no line of {self.rule.length} hexes or fewer to {with_article(kind)}, free of enemy "
                    + (
                        "units and of enemy ZOC no friendly unit stands in"
                        if self.rule.blocked_by_zoc
                        else "units"
                    )
                )
                if self.rule.out_of_supply:
                    explanation += "; halves its " + ", ".join(sorted(self.rule.out_of_supply))
                outcome = OUT_OF_SUPPLY
                found_state = "out of supply"
            verdicts.append(
                Verdict(
                    subject=unit_ref(state.unit.id),
                    topic="supply",
                    outcome=outcome,
                    rules=(self.rule.section,),
                    explanation=explanation,
                    path=self.board.labels(path),
                    unit=state.unit.id,
                    state=found_state,
                )
            )
        return verdicts


def _hexes(count: int) -> str:
    return f"{count} hex" if count == 1 else f"{count} hexes"
