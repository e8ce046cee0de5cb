"""The engine of the hex games: map look-ups, stacking by hex, odds and results tables.

:class:`HexReferee` is what every hex game's referee is. What its rules count — which
units stack and how many, how strong a unit is, which shifts apply, zones of control,
supply, the sequence of play, moves and their costs, what each combat result does,
reinforcements, victory — are its hooks, and each hook's default is the mechanism the
game's ``[referee]`` data configures (:mod:`rules.referee.mechanisms`): a game of data
alone is refereed by this class, and a game's subclass overrides only the hooks its rules
do differently. The hooks an attack is made of are :class:`rules.referee.hexcombat.
HexCombat`'s and its working :class:`rules.referee.hexodds.HexOdds`'s, which this class
extends; the map's facts live in :mod:`rules.referee.hexboard`, searches over hexes in
:mod:`rules.referee.search` and :mod:`rules.referee.networks`. ``check`` returns every
verdict about a position; ``odds`` one attack's full working; ``judge_move`` one move.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from rules.hexes import Hex
from rules.model import Unit
from rules.referee.arrivals import ArrivalRules
from rules.referee.hexodds import HexOdds
from rules.referee.layers import MapLayer
from rules.referee.mechanisms.arrivals import judge_arrival, reinforcement_verdicts
from rules.referee.mechanisms.moves import judge_move
from rules.referee.mechanisms.supply import IN_SUPPLY, OUT_OF_SUPPLY
from rules.referee.position import UnitState
from rules.referee.prose import unit_refs
from rules.referee.verdict import Place, Verdict
from rules.referee_data.sequence import Action


@dataclass(frozen=True)
class StackingProblem:
    """One way a stack breaks the rules, named as what it is, with the rules that say so."""

    outcome: str
    explanation: str
    rules: tuple[str, ...]


class HexReferee(HexOdds):
    """Rulings on a hex-map position: the hooks below (and those of its bases), each
    defaulting to the mechanism the game's ``[referee]`` data configures; a game's
    subclass overrides the ones its rules do differently (see
    docs/developers/architecture.md, "The referee engine")."""

    supply_order: ClassVar[tuple[str, ...]] = (OUT_OF_SUPPLY, IN_SUPPLY)

    @property
    def stacking_rules(self) -> tuple[str, ...]:
        """The rules an over-stacked hex breaks."""
        return (self.rules.stacking.section,)

    @property
    def victory_point_rules(self) -> tuple[str, ...]:
        """The rules the VP tracks follow, cited when a VP total changes: the data's
        victory, else the sequence of play."""
        victory = self.rules.victory
        return (victory.section,) if victory is not None else self.sequence_rules

    # ----- what a check reports -------------------------------------------------------

    def check(self) -> list[Verdict]:
        """Every verdict about the position: supply, zones of control, stacking,
        reinforcements, victory."""
        return [
            *self.supply(),
            *self.zones_of_control(),
            *self.stacking(),
            *self.reinforcements(),
            *self.victory(),
        ]

    def supply(self) -> list[Verdict]:
        """Each unit's supply state with its traced line (none without a supply rule)."""
        return self.mechanisms.supply_lines.verdicts()

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC, for information (none without a ZOC rule)."""
        return self.mechanisms.forces.verdicts()

    def reinforcements(self) -> list[Verdict]:
        """Reinforcements on the map before their turn, and those due and not yet on it;
        none until the data states its reinforcement rule."""
        rule = self.rules.reinforcements
        if rule is None:
            return []
        return reinforcement_verdicts(self.position, self.board, rule)

    def victory(self) -> list[Verdict]:
        """Victory points and the victory level, or a sudden death; none until the data
        states victory."""
        victory = self.mechanisms.victory
        return [] if victory is None else victory.verdicts()

    def map_layers(self) -> list[MapLayer]:
        """What the referee knows of the map besides its verdicts, as layers a player
        toggles: each side's zones of control, when the game has them."""
        rule = self.rules.zoc
        if rule is None:
            return []
        zones = self.mechanisms.forces.zoc
        return [
            MapLayer(
                f"zoc-{side.id}",
                f"{side.name} zones of control",
                f"hexes next to a {side.name} unit that exerts a zone of control",
                "hatch",
                self.board.labels(sorted(zones[side.id])),
                (rule.section,),
                side=side.id,
            )
            for side in self.spec.sides
        ]

    # ----- movement -------------------------------------------------------------------

    def movement_allowance(self, state: UnitState) -> int | Fraction:
        """The unit's printed allowance, halved out of supply when the game's supply rule
        says so, rounded as its halving of movement says."""
        return self.mechanisms.movement.allowance(state)

    def judge_move(self, state: UnitState, goal: Hex, path: Sequence[Hex] | None = None) -> Verdict:
        """Whether ``state``'s unit may move from its hex to ``goal`` now: along ``path``
        when given, else by the cheapest legal path (what a log shows of a move is where
        it ended), or why there is none. The default: terrain, hexside, road and rail
        costs, enemy hexes, zones of control, the allowance and the position's phase, as
        the data says. Its verdict's ``state`` is legal or illegal."""
        return judge_move(
            self.mechanisms.movement,
            self.position,
            state,
            goal,
            self.refusal(state.unit, Action.MOVEMENT),
            path,
        )

    def logged_move(self, state: UnitState, goal: Hex) -> Verdict | None:
        """A move a log shows that the game judges by a rule of its own rather than as a
        unit's move along a path (a TPS flight flies to its mission), ``state`` standing
        in ``goal`` in this position; None for an ordinary move (:meth:`judge_move`)."""
        return None

    # ----- arrivals -----------------------------------------------------------------------

    def arrival_rules(self) -> ArrivalRules:
        """How reinforcements come on: by their own turn and place words, citing the
        sequence of play, in any phase."""
        return ArrivalRules(self.sequence_rules)

    def rail_entries(self) -> frozenset[Hex]:
        """The hexes a reinforcement may come on at and move on from by rail; none."""
        return frozenset()

    def rail_move(self, unit: Unit, starts: Collection[Hex], goal: Hex) -> Verdict | None:
        """The verdict on ``unit``'s move by rail from the nearest of ``starts`` to
        ``goal``, or None when it is no rail move; no game of data alone moves by rail."""
        return None

    def judge_arrival(self, unit: Unit, hex_: Hex) -> Verdict | None:
        """Whether ``unit`` may come onto the map in ``hex_`` now, when the data states its
        reinforcement rule (each arrival's entry hexes, its turn, the phase); None: the
        audit reads the arrival's words with :meth:`arrival_rules`."""
        rule = self.rules.reinforcements
        if rule is None:
            return None
        verdict = judge_arrival(self.position, self.board, rule, unit, hex_)
        refused = self.refusal(unit, Action.MOVEMENT)
        if refused is None:
            return verdict
        return replace(
            verdict,
            outcome="illegal",
            rules=tuple(dict.fromkeys((*refused.rules, *verdict.rules))),
            explanation=f"{refused.text}; " + verdict.explanation,
            violation=True,
            state="illegal",
        )

    # ----- stacking -------------------------------------------------------------------

    # ----- stacking -------------------------------------------------------------------

    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """How many stacking units may stand in ``hex_``: the data's limit, the same in every hex."""
        return self.rules.stacking.limit

    def stacking_weight(self, state: UnitState) -> int:
        """How many units ``state`` counts as for stacking: none for the arms the data
        does not count, else one."""
        return 0 if state.unit.arm in self.rules.stacking.not_counted else 1

    def stacking_problems(self, hex_: Hex, states: Sequence[UnitState]) -> list[StackingProblem]:
        """Further stacking conditions of a game (e.g. nationality mixes); none by default."""
        return []

    def stacking(self) -> list[Verdict]:
        """One verdict for each way a hex breaks the stacking rules: too many units, or a
        game's own conditions, each named as what it is."""
        verdicts = []
        for side in self.spec.sides:
            for hex_, states in sorted(self.position.occupied(side.id).items()):
                weight = sum(self.stacking_weight(state) for state in states)
                limit = self.stacking_limit(hex_, side.id)
                problems = self.stacking_problems(hex_, states)
                if weight > limit:
                    problems.insert(
                        0,
                        StackingProblem(
                            "over-stacked",
                            f"{weight} units count toward the limit of {limit}",
                            self.stacking_rules,
                        ),
                    )
                verdicts += [
                    Verdict(
                        subject=f"hex {self.label(hex_)}",
                        topic="stacking",
                        outcome=problem.outcome,
                        rules=problem.rules,
                        explanation=problem.explanation,
                        details={"units": unit_refs(state.unit.id for state in states)},
                        violation=True,
                        state="illegal",
                        place=Place("hex", self.label(hex_)),
                    )
                    for problem in problems
                ]
        return verdicts
