"""The data-configured referee: the mechanisms of :mod:`rules.referee.mechanisms` wired into the
hex engine's hooks, with the rule sections the game's ``[referee]`` table names."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from functools import cached_property

from rules.game_rules import GameRules
from rules.hexes import Hex
from rules.referee_data.odds import BelowTable
from rules.referee_data.sequence import Action
from rules.referee.hexgame import HexReferee
from rules.referee.mechanisms.arrivals import judge_arrival, reinforcement_verdicts
from rules.referee.mechanisms.bombardment import bombardment_problems, bombards, mixed_problems
from rules.referee.mechanisms.combat import Combat
from rules.referee.mechanisms.conditions import AttackFacts
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.hexsides import crossing
from rules.referee.mechanisms.moves import judge_move
from rules.referee.mechanisms.movement import Movement
from rules.referee.mechanisms.odds import beyond_table, column_for
from rules.referee.mechanisms.results import RetreatOutcome, Surroundings, meaning, retreat
from rules.referee.mechanisms.sequence import is_night, refusal
from rules.referee.mechanisms.supply import IN_SUPPLY, OUT_OF_SUPPLY, SupplyLines
from rules.referee.mechanisms.victory import Victory
from rules.referee.odds import AttackProblem, Contribution, Modifier, OddsReport, ResultMeaning
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict
from rules.model import Unit
from rules.tables import Column, OddsTable


class DataReferee(HexReferee):
    """Rulings on a position of a game whose rules are its ``[referee]`` data.

    Not registered under a game id: :func:`rules.referee.games.referee_for` gives it to
    every game that has such a table and no referee of its own.
    """

    supply_order = (OUT_OF_SUPPLY, IN_SUPPLY)

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        assert position.spec.referee is not None
        self.rules: GameRules = position.spec.referee
        self.stacking_rules = (self.rules.stacking.section,)
        self.adjacency_rules = (self.rules.combat.section,)
        self.odds_table_id = self.rules.combat.table
        self._bombarding = False

    # ----- the rule areas ---------------------------------------------------------------

    @cached_property
    def forces(self) -> Forces:
        """Who stands where, and the zones of control."""
        return Forces(self.position, self.board, self.rules.zoc)

    @cached_property
    def supply_lines(self) -> SupplyLines:
        """Every unit's supply, from one search per side."""
        return SupplyLines(self.position, self.board, self.forces, self.rules.supply)

    @cached_property
    def combat(self) -> Combat:
        """Strengths and modifiers."""
        supply = self.rules.supply
        return Combat(
            self.board,
            self.supply_lines,
            self.rules.combat,
            supply.section if supply else "",
            self.spec.terrain_types,
        )

    @cached_property
    def movement(self) -> Movement:
        """Movement costs and allowances."""
        return Movement(
            self.board, self.forces, self.supply_lines, self.rules, self.spec.terrain_types
        )

    @property
    def night(self) -> bool:
        """Whether the position's turn is a night turn."""
        return is_night(self.rules.sequence, self.position.turn)

    # ----- what a check reports ---------------------------------------------------------

    def check(self) -> list[Verdict]:
        """Supply, zones of control, stacking, reinforcements and victory."""
        reinforcements = self.rules.reinforcements
        return [
            *self.supply(),
            *self.zones_of_control(),
            *self.stacking(),
            *(
                reinforcement_verdicts(self.position, self.board, reinforcements)
                if reinforcements is not None
                else []
            ),
            *self.victory(),
        ]

    def supply(self) -> list[Verdict]:
        """Each unit's supply state with its traced line."""
        return self.supply_lines.verdicts()

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC, for information."""
        return self.forces.verdicts()

    def victory(self) -> list[Verdict]:
        """The VP and the victory level, or a sudden death (``[referee.victory]``)."""
        rule = self.rules.victory
        if rule is None:
            return []
        return Victory(self.position, self.board, self.forces, rule).verdicts()

    # ----- moves and arrivals -----------------------------------------------------------

    def movement_cost(
        self, state: UnitState, path: Sequence[Hex]
    ) -> tuple[Fraction | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and whether it may."""
        return self.movement.cost(state, path)

    def judge_move(
        self,
        state: UnitState,
        goal: Hex,
        path: Sequence[Hex] | None = None,
        start: Hex | None = None,
    ) -> Verdict:
        """May ``state`` move to ``goal`` in this position's phase (along ``path`` when
        given, else by the cheapest legal path; from ``start`` when it came on there)?"""
        sequence = self.rules.sequence
        refused = (
            None
            if sequence is None
            else refusal(sequence, self.position.phase, state.unit, Action.MOVEMENT)
        )
        return judge_move(self.movement, state, goal, refused, path, start)

    def judge_arrival(self, unit: Unit, hex_: Hex) -> Verdict | None:
        """Whether ``unit`` may come onto the map in ``hex_`` now; None in a game
        without reinforcement rules."""
        rule = self.rules.reinforcements
        if rule is None:
            return None
        verdict = judge_arrival(self.position, self.board, rule, unit, hex_)
        sequence = self.rules.sequence
        refused = (
            None
            if sequence is None
            else refusal(sequence, self.position.phase, unit, Action.MOVEMENT)
        )
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

    # ----- the hex engine's hooks -------------------------------------------------------

    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """The game's limit, the same in every hex."""
        return self.rules.stacking.limit

    def stacking_weight(self, state: UnitState) -> int:
        """Units of the arms the game names do not count."""
        return 0 if state.unit.arm in self.rules.stacking.not_counted else 1

    def attack_strength(self, state: UnitState) -> Contribution:
        """The printed attack, halved out of supply when the game says so."""
        return self.combat.strength(state, "attack")

    def defence_strength(self, state: UnitState) -> Contribution:
        """The printed defence, halved out of supply when the game says so."""
        return self.combat.strength(state, "defence")

    @property
    def table(self) -> OddsTable:
        """The combat table, or the bombardment's while one is worked out."""
        bombardment = self.rules.bombardment
        if self._bombarding and bombardment is not None:
            return self.spec.tables.odds_tables[bombardment.table]
        return self.spec.tables.odds_tables[self.odds_table_id]

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """The phase; then adjacency, hexsides no attack may cross and bombarding units
        in an attack — or, for a bombardment, its range and the night."""
        action = Action.BOMBARDMENT if self._bombarding else Action.COMBAT
        problems = self._phase_problems(attackers, action)
        bombardment = self.rules.bombardment
        if self._bombarding and bombardment is not None:
            night = (
                (self.rules.sequence.night_section,) if self.night and self.rules.sequence else None
            )
            return problems + bombardment_problems(
                bombardment, defender_hex, attackers, self.label(defender_hex), night
            )
        problems += super().attack_problems(defender_hex, attackers)
        problems += self.combat.attack_problems(defender_hex, attackers)
        if bombardment is not None:
            problems += mixed_problems(bombardment, attackers)
        return problems

    def _phase_problems(
        self, attackers: Sequence[UnitState], action: Action
    ) -> list[AttackProblem]:
        sequence = self.rules.sequence
        if sequence is None:
            return []
        for state in attackers:
            refused = refusal(sequence, self.position.phase, state.unit, action)
            if refused is not None:
                return [AttackProblem(refused.text, refused.rules)]
        return []

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """The defender's terrain, the hexsides attacked across (none in a bombardment),
        the conditioned modifiers that hold and the bombardment's shift, held to the
        game's shift limit."""
        crossed = [] if self._bombarding else self.combat.crossed(defender_hex, attackers)
        facts = AttackFacts(
            attackers,
            defenders,
            self.board.terrain(defender_hex),
            crossed,
            lambda state: not self.supply_lines.in_supply(state),
            self.night,
        )
        modifiers = [
            *self.combat.terrain_modifiers(defender_hex, crossed),
            *self.combat.conditioned_modifiers(facts),
        ]
        bombardment = self.rules.bombardment
        if self._bombarding and bombardment is not None and bombardment.column_shift:
            modifiers.append(
                Modifier("bombardment", (bombardment.section,), bombardment.column_shift)
            )
        return self.combat.shift_limited(modifiers)

    def column(self, attack: Fraction, defence: Fraction, shift: int) -> tuple[Column, Column]:
        """The column of the odds rounded as the game says (a bombardment's fixed column
        when it has one), and the column after ``shift``."""
        base = self._odds_column(attack, defence)[1]
        return base, self.table.shifted(base, shift)

    def column_notes(
        self, attack: Fraction, defence: Fraction, shift: int, base: Column, final: Column
    ) -> tuple[str, str]:
        """What the table's ends did to the rounded odds, and to the shifts."""
        _, final_note = super().column_notes(attack, defence, shift, base, final)
        raw, _ = self._odds_column(attack, defence)
        return beyond_table(raw, base), final_note

    def _odds_column(self, attack: Fraction, defence: Fraction) -> tuple[Column | None, Column]:
        bombardment = self.rules.bombardment
        if self._bombarding and bombardment is not None and bombardment.column is not None:
            fixed = next(
                column for column in self.table.columns if str(column) == bombardment.column
            )
            return fixed, fixed
        return column_for(attack, defence, self.table, self.rules.combat.odds.odds)

    # ----- odds -------------------------------------------------------------------------

    @contextmanager
    def _attack_of(self, attackers: Sequence[UnitState]) -> Iterator[None]:
        """Work out one attack as a bombardment when its units are bombarding ones."""
        self._bombarding = bombards(self.rules.bombardment, attackers)
        try:
            yield
        finally:
            self._bombarding = False

    def odds(
        self, defender_hex: Hex, attacker_hexes: Sequence[Hex], attacking_side: str | None = None
    ) -> OddsReport:
        """The hex engine's working, as a bombardment when only bombarding units attack;
        refused below the table when the game says so; with what each result does here."""
        side = attacking_side or self._attacking_side(defender_hex)
        attackers = [
            state
            for state in self.position.units
            if state.hex in attacker_hexes and state.side == side
        ]
        with self._attack_of(attackers):
            report = super().odds(defender_hex, attacker_hexes, attacking_side)
            kind = "bombardment" if self._bombarding else "attack"
            if report.allowed and self._below_table(report):
                raw = column_for(
                    report.attack, report.defence, self.table, self.rules.combat.odds.odds
                )[0]
                report = self._refused(
                    defender_hex,
                    [
                        AttackProblem(
                            f"the odds {raw} fall below the table's first column "
                            f"{self.table.columns[0]}",
                            (self.rules.combat.section,),
                        )
                    ],
                )
            elif report.allowed:
                report = replace(report, meanings=self._meanings(defender_hex, attackers, report))
        return replace(report, kind=kind)

    def _attacking_side(self, defender_hex: Hex) -> str | None:
        defenders = [state for state in self.position.units if state.hex == defender_hex]
        return self.position.other_side(defenders[0].side) if defenders else None

    def _below_table(self, report: OddsReport) -> bool:
        if self.rules.combat.odds.below_table is not BelowTable.NOT_ALLOWED or report.automatic:
            return False
        raw, _ = self._odds_column(report.attack, report.defence)
        return raw is not None and raw.rank < self.table.columns[0].rank

    def _meanings(
        self, defender_hex: Hex, attackers: Sequence[UnitState], report: OddsReport
    ) -> tuple[ResultMeaning, ...]:
        """What each code the rolls give does to this attack, in the order first rolled."""
        effects = self.rules.combat.results
        if not effects:
            return ()
        defenders = [state for state in self.position.units if state.hex == defender_hex]
        codes = [report.automatic] if report.automatic else [code for _, code in report.results]
        bombardment = self.rules.bombardment
        attacker_results = not (
            self._bombarding and bombardment is not None and not bombardment.attacker_results
        )

        return tuple(
            meaning(
                effects[code],
                self.rules.combat.retreat,
                lambda attacking, hexes: self._retreats(
                    attackers if attacking else defenders, hexes
                ),
                self.label,
                attacker_results,
            )
            for code in dict.fromkeys(codes)
            if code in effects
        )

    def _retreats(self, states: Sequence[UnitState], hexes: int) -> list[RetreatOutcome]:
        """Each unit's best retreat of ``hexes`` hexes, as the retreat rule judges it."""
        rule = self.rules.combat.retreat
        assert rule is not None
        found = []
        for state in states:
            side = state.side
            around = Surroundings(
                enemy_units=self.forces.enemy_units(side),
                enemy_zoc=self.forces.enemy_zoc(side),
                friendly_units={hex_ for hex_ in self.forces.occupied[side] if hex_ != state.hex},
                playable=self.board.playable,
            )
            found.append(retreat(state, hexes, rule, around, self._may_step))
        return found

    def _may_step(self, state: UnitState, first: Hex, second: Hex) -> bool:
        """Whether a unit may step from one hex into the next at all: terrain it may
        enter and hexsides it may cross (a retreat's test)."""
        terrains = self.spec.terrain_types
        if terrains[self.board.terrain(second)].movement_cost(state.unit.mobility) is None:
            return False
        found = crossing(self.board.hexside_features(first, second), terrains, state.unit.mobility)
        return not found.prohibited_by
