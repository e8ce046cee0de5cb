"""Movement (the ``movement`` and ``zoc`` rules): what a move along a path costs, and what
forbids it — terrain and hexsides priced ``prohibited`` for the unit's mobility (a
bridging feature standing in for what it bridges, :mod:`~rules.referee.mechanisms.hexsides`),
enemy units, going on after entering an enemy zone of control, an allowance overspent.
Along a road or rail (:mod:`~rules.referee.mechanisms.routes`) a hex costs the route's price in
place of its terrain and hexside; costs are exact fractions (½ MP a road hex)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from rules.game_rules import GameRules
from rules.hexes import Hex, are_adjacent
from rules.model import TerrainType
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.hexsides import crossing
from rules.referee.mechanisms.odds import halved
from rules.referee.mechanisms.routes import Routes
from rules.referee.mechanisms.supply import SupplyLines
from rules.referee.position import UnitState
from rules.referee.prose import Prose, unit_ref
from rules.referee.verdict import Verdict
from rules.referee.wording import points

ALLOWED = "allowed"
NOT_ALLOWED = "not allowed"
"""A move's outcome in the words of ``stavka move`` (its ``state`` is legal or illegal)."""


@dataclass(frozen=True)
class StepProblem:
    """Why one step of a move is forbidden, with the rule that says so."""

    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class StepCost:
    """What entering one hex costs: the MP, how they are made up, the rules they rest
    on, and what forbids the step."""

    cost: Fraction
    made_of: str
    rules: tuple[str, ...]
    problems: tuple[StepProblem, ...]


class Movement:
    """Movement costs and allowances."""

    def __init__(
        self,
        board: HexBoard,
        forces: Forces,
        supply: SupplyLines,
        rules: GameRules,
        terrains: Mapping[str, TerrainType],
    ) -> None:
        self.board = board
        self.forces = forces
        self.supply = supply
        self.rules = rules
        self.terrains = terrains

    @cached_property
    def routes(self) -> Routes:
        """The roads and rail of the map, priced by the movement rule."""
        return Routes(self.board.game_map, self.rules.movement.routes)

    def allowance(self, state: UnitState) -> Fraction:
        """The printed movement allowance, halved out of supply when the game's supply
        rule says so, rounded as its halving of movement says."""
        printed = state.current_step.movement or 0
        if self.supply.halves(state, "movement"):
            return halved(printed, self.rules.combat.halving("movement"))
        return Fraction(printed)

    def _terrain_rule(self, terrain: TerrainType, effect: str) -> tuple[str, ...]:
        """A terrain's own section for ``effect``, when its ``rules`` name one."""
        return (terrain.sections[effect],) if effect in terrain.sections else ()

    def entering(self, state: UnitState, from_hex: Hex, to_hex: Hex) -> StepCost:
        """The MP to step from one hex into the next, and what forbids the step."""
        label = self.board.label(to_hex)
        movement = self.rules.movement.section
        if not are_adjacent(from_hex, to_hex):
            problem = StepProblem(
                f"{label} is not adjacent to {self.board.label(from_hex)}", (movement,)
            )
            return StepCost(Fraction(0), "", (), (problem,))
        if to_hex not in self.board.playable:
            return StepCost(
                Fraction(0), "", (), (StepProblem(f"{label} is off the map", (movement,)),)
            )
        problems = []
        rules: list[str] = []
        if to_hex in self.forces.enemy_units(state.side):
            problems.append(StepProblem(f"an enemy unit stands in {label}", (movement,)))
        mobility = state.unit.mobility
        crossed = crossing(self.board.hexside_features(from_hex, to_hex), self.terrains, mobility)
        for terrain in crossed.prohibited_by:
            problems.append(
                StepProblem(
                    f"{mobility} units may not cross the {terrain.name.lower()} hexside "
                    f"into {label}",
                    (movement, *self._terrain_rule(terrain, "movement")),
                )
            )
        terrain = self.terrains[self.board.terrain(to_hex)]
        entry = terrain.movement_cost(mobility)
        if entry is None:
            problems.append(
                StepProblem(
                    f"{mobility} units may not enter {terrain.name.lower()} ({label})",
                    (movement, *self._terrain_rule(terrain, "movement")),
                )
            )
        route = self.routes.along(mobility, from_hex, to_hex)
        if route is not None:
            cost = route[0]
            made_of = [route[1].kind]
            rules.append(route[1].section)
        else:
            cost = Fraction(entry or 0) + crossed.extra
            made_of = [f"{terrain.name.lower()} {entry if entry is not None else '—'}"]
            if crossed.extra:
                made_of.append(f"+{crossed.extra} hexside")
        zoc = self.rules.zoc
        enemy_zoc = self.forces.enemy_zoc(state.side)
        if zoc is not None and from_hex in enemy_zoc and zoc.exit_cost:
            cost += zoc.exit_cost
            made_of.append(f"+{zoc.exit_cost} leaving enemy ZOC")
        if zoc is not None and to_hex in enemy_zoc and zoc.entry_cost:
            cost += zoc.entry_cost
            made_of.append(f"+{zoc.entry_cost} entering enemy ZOC")
        return StepCost(cost, ", ".join(made_of), tuple(rules), tuple(problems))

    def may_step(self, state: UnitState, first: Hex, second: Hex) -> bool:
        """Whether a unit may step from one hex into the next at all: terrain it may
        enter and hexsides it may cross (a retreat's test; enemy units are its own)."""
        mobility = state.unit.mobility
        if self.terrains[self.board.terrain(second)].movement_cost(mobility) is None:
            return False
        return not crossing(
            self.board.hexside_features(first, second), self.terrains, mobility
        ).prohibited_by

    def cost(self, state: UnitState, path: Sequence[Hex]) -> tuple[Fraction | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and one verdict:
        the move's cost within its allowance, or each reason it is not allowed (None)."""
        assert state.hex is not None and path and path[0] == state.hex
        problems: list[StepProblem] = []
        total = Fraction(0)
        zoc = self.rules.zoc
        enemy_zoc = self.forces.enemy_zoc(state.side)
        entries = []
        used: list[str] = []
        for index, (from_hex, to_hex) in enumerate(zip(path, path[1:], strict=False)):
            if zoc is not None and zoc.stop and index > 0 and from_hex in enemy_zoc:
                problems.append(
                    StepProblem(
                        f"entered enemy ZOC in {self.board.label(from_hex)} and must stop there",
                        (zoc.section,),
                    )
                )
            found = self.entering(state, from_hex, to_hex)
            total += found.cost
            problems += found.problems
            used += found.rules
            entries.append(f"{self.board.label(to_hex)} {points(found.cost)} ({found.made_of})")
        allowance = self.allowance(state)
        rules = [self.rules.movement.section, *dict.fromkeys(used)]
        halved_by = ""
        if self.supply.halves(state, "movement") and self.rules.supply is not None:
            rules.append(self.rules.supply.section)
            halved_by = " (halved out of supply)"
        if total > allowance:
            problems.append(
                StepProblem(
                    f"costs {points(total)} MP, over its allowance of {points(allowance)}{halved_by}",
                    tuple(rules),
                )
            )
        labels = self.board.labels(path)
        details = {"cost": str(total), "allowance": str(allowance)}
        subject = unit_ref(state.unit.id)
        if problems:
            return None, [
                Verdict(
                    subject,
                    "movement",
                    NOT_ALLOWED,
                    tuple(dict.fromkeys(rule for problem in problems for rule in problem.rules)),
                    Prose("; ").join(problem.text for problem in problems),
                    path=labels,
                    details=details,
                    unit=state.unit.id,
                    violation=True,
                    state="illegal",
                )
            ]
        if zoc is not None and any(hex_ in enemy_zoc for hex_ in path[1:]):
            rules.append(zoc.section)
        return total, [
            Verdict(
                subject,
                "movement",
                ALLOWED,
                tuple(rules),
                f"costs {points(total)} MP of its allowance of {points(allowance)}{halved_by}: "
                + "; ".join(entries),
                path=labels,
                details=details,
                unit=state.unit.id,
                state="legal",
            )
        ]
