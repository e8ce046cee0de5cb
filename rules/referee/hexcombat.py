"""The ground of the hex engine and the hooks an attack is made of.

:class:`HexCombat` holds what every hook of a hex game stands on — the game's
``[referee]`` data, its map, the data's mechanisms built for the position
(:mod:`rules.referee.mechanisms`) and the sequence of play — and the hooks an attack is
worked out from: who takes part, strengths, column shifts and die modifiers, the column,
and what forbids it. Each hook's default is the mechanism the data configures; a game's
referee overrides the ones its rules do differently. The working of an attack through
these hooks is :class:`rules.referee.hexodds.HexOdds`, and the rest of the engine
:class:`rules.referee.hexgame.HexReferee`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import ClassVar

from rules.game_rules import GameRules
from rules.hexes import Hex, are_adjacent
from rules.model import Unit
from rules.referee.engine import Referee, RefereeError
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.bombardment import bombardment_problems, mixed_problems
from rules.referee.mechanisms.conditions import AttackFacts
from rules.referee.mechanisms.configured import Mechanisms
from rules.referee.mechanisms.odds import column_for
from rules.referee.odds import (
    AttackProblem,
    Contribution,
    Modifier,
    UnrolledStrength,
    beyond_table,
)
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref
from rules.referee.results import CodeEffect, Retreat
from rules.referee.sequence import PhaseRule, Refusal, data_phase_rule, phase_rule
from rules.referee_data.sequence import Action
from rules.tables import Column, OddsTable


class HexCombat(Referee):
    """The game's data, map, mechanisms and sequence of play, and the hooks an attack is
    made of, each defaulting to the mechanism the game's ``[referee]`` data configures
    (see docs/developers/architecture.md, "The referee engine")."""

    die_sides: ClassVar[int] = 6

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        rules = position.spec.referee
        if rules is None:
            raise RefereeError(
                position.source,
                None,
                f"no referee for game {position.spec.id!r}: give its game.toml a [referee] table",
            )
        self.rules: GameRules = rules
        self.bombarding = False
        """Whether the attack being worked out is a bombardment (set while
        :class:`rules.referee.hexodds.HexOdds` works one out)."""

    @cached_property
    def mechanisms(self) -> Mechanisms:
        """The data's mechanisms for this position, behind the hooks' defaults."""
        return Mechanisms(self.position, self.board, self.rules)

    # ----- the map --------------------------------------------------------------------

    @cached_property
    def board(self) -> HexBoard:
        """The map's facts; a game's referee returns its own board with what its rules read."""
        return HexBoard(self.spec, self.position.game_map)

    def label(self, hex_: Hex) -> str:
        """The printed number of a hex."""
        return self.board.label(hex_)

    # ----- the sequence of play ---------------------------------------------------------

    @property
    def sequence_rules(self) -> tuple[str, ...]:
        """The rules of the sequence of play, which say who does what in each phase: the
        data's ``[referee.sequence]``, else the movement section."""
        sequence = self.rules.sequence
        return (sequence.section,) if sequence is not None else (self.rules.movement.section,)

    def phase_rule(self, phase: str | None) -> PhaseRule:
        """What ``phase`` allows (None: the position shows no phase): whose phase it is,
        what its units do, and which units: as the data's sequence states it, else read
        from the phase's name."""
        sequence = self.rules.sequence
        if sequence is not None:
            return data_phase_rule(sequence, phase)
        return phase_rule(self.spec, phase, self.sequence_rules)

    def refusal(self, unit: Unit, action: Action) -> Refusal | None:
        """Why the position's phase does not let ``unit`` do ``action``, in a game whose
        data states its sequence of play; None when it may, or the position names no
        phase (judged without the sequence). The audit holds a log's phases itself."""
        if self.position.phase is None:
            return None
        rule = self.phase_rule(self.position.phase)
        return rule.refusal(unit, action) if rule.action is not None else None

    @property
    def night(self) -> bool:
        """Whether the position's turn is one of the data's night turns."""
        sequence = self.rules.sequence
        return sequence is not None and sequence.is_night(self.position.turn)

    # ----- combat ---------------------------------------------------------------------

    @property
    def adjacency_rules(self) -> tuple[str, ...]:
        """The rules that let units attack only adjacent enemy units."""
        return (self.rules.combat.section,)

    @property
    def odds_table_id(self) -> str:
        """The results table attacks are resolved on."""
        return self.rules.combat.table

    @property
    def combat_rules(self) -> tuple[str, ...]:
        """The rule that makes an attack's final odds, cited for an attack as a whole."""
        return (self.rules.combat.section,)

    def holds_hex(self, state: UnitState) -> bool:
        """Whether a unit stands in its hex for combat; an air unit flying over it does not (TPS)."""
        return True

    @property
    def table(self) -> OddsTable:
        """The results table attacks are resolved on (a bombardment's own, while one is
        worked out)."""
        bombardment = self.rules.bombardment
        if self.bombarding and bombardment is not None:
            return self.spec.tables.odds_tables[bombardment.table]
        return self.spec.tables.odds_tables[self.odds_table_id]

    def attack_strength(self, state: UnitState) -> Contribution:
        """A unit's attack strength in this position: printed, halved out of supply when
        the data says so."""
        return self.mechanisms.combat.strength(state, "attack")

    def defence_strength(self, state: UnitState) -> Contribution:
        """A unit's defence strength in this position: printed, halved out of supply when
        the data says so."""
        return self.mechanisms.combat.strength(state, "defence")

    def combat_strengths(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> tuple[tuple[Contribution, ...], tuple[Contribution, ...]]:
        """Every attacker's and defender's contribution; games whose strengths depend on
        the whole combat (a river crossed, the units beside them) override this."""
        return (
            tuple(self.attack_strength(state) for state in attackers),
            tuple(self.defence_strength(state) for state in defenders),
        )

    def total_strength(self, contributions: Sequence[Contribution], attacking: bool) -> Fraction:
        """How contributions add up (games may halve after adding, e.g. DoS 1.3)."""
        return sum((item.strength for item in contributions), Fraction(0))

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Column shifts and die modifiers for this attack, as the data gives them: the
        defender's terrain, the hexsides attacked across (none in a bombardment), the
        conditioned modifiers that hold and a bombardment's shift, held to the shift limit."""
        combat = self.mechanisms.combat
        crossed = [] if self.bombarding else combat.crossed(defender_hex, attackers)
        facts = AttackFacts(
            attackers,
            defenders,
            self.board.terrain(defender_hex),
            crossed,
            lambda state: not self.mechanisms.supply_lines.in_supply(state),
            self.night,
        )
        modifiers = [
            *combat.terrain_modifiers(defender_hex, crossed),
            *combat.conditioned_modifiers(facts),
        ]
        bombardment = self.rules.bombardment
        if self.bombarding and bombardment is not None and bombardment.column_shift:
            modifiers.append(
                Modifier("bombardment", (bombardment.section,), bombardment.column_shift)
            )
        return combat.shift_limited(modifiers)

    def combined_die_modifier(self, modifiers: Sequence[Modifier]) -> int:
        """The die modifiers added up (games cap them, e.g. TPS never below -2)."""
        return sum(modifier.die_modifier for modifier in modifiers)

    def automatic_result(self, attack: Fraction, defence: Fraction, shift: int) -> str | None:
        """A result needing no roll at these odds, if the game has one."""
        return None

    def column(self, attack: Fraction, defence: Fraction, shift: int) -> tuple[Column, Column]:
        """The column the odds (or strength difference), rounded as the data says, fall in
        (a bombardment's fixed column when it has one), and the column after ``shift``."""
        base = self.rounded_column(attack, defence)[1]
        return base, self.table.shifted(base, shift)

    def rounded_column(self, attack: Fraction, defence: Fraction) -> tuple[Column | None, Column]:
        """The odds rounded as the data says (None: no defence) and the table's column for
        them; a bombardment's fixed column is both."""
        bombardment = self.rules.bombardment
        if self.bombarding and bombardment is not None and bombardment.column is not None:
            fixed = next(
                column for column in self.table.columns if str(column) == bombardment.column
            )
            return fixed, fixed
        return column_for(attack, defence, self.table, self.rules.combat.odds.odds)

    def column_notes(
        self, attack: Fraction, defence: Fraction, shift: int, base: Column, final: Column
    ) -> tuple[str, str]:
        """What the table's ends did to the odds: the raw odds beyond its columns, counted
        as the first or last (TPS CRT note: over 9-1 is 9-1, under 1-3 is 1-3), and shifts
        that would pass an end."""
        column_note = beyond_table(self.rounded_column(attack, defence)[0], base)
        final_note = ""
        if base in self.table.columns and shift:
            wanted = self.table.columns.index(base) + shift
            if not 0 <= wanted < len(self.table.columns):
                final_note = f"{shift:+d} from {base} would pass the table's end: {final}"
        return column_note, final_note

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Reasons the rules forbid the attack as stated: the phase; then an attacker not
        adjacent, hexsides the terrain data forbids attacking across and bombarding units
        in an attack — or, for a bombardment, its range and the night."""
        action = Action.BOMBARDMENT if self.bombarding else Action.COMBAT
        problems = [
            AttackProblem(refused.text, refused.rules)
            for refused in (self.refusal(state.unit, action) for state in attackers)
            if refused is not None
        ][:1]
        bombardment = self.rules.bombardment
        if self.bombarding and bombardment is not None:
            sequence = self.rules.sequence
            night = (sequence.night_section,) if self.night and sequence is not None else None
            return problems + bombardment_problems(
                bombardment, defender_hex, attackers, self.label(defender_hex), night
            )
        problems += self.adjacency_problems(defender_hex, attackers)
        problems += self.mechanisms.combat.attack_problems(defender_hex, attackers)
        if bombardment is not None:
            problems += mixed_problems(bombardment, attackers)
        return problems

    def adjacency_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Attackers not adjacent to the defender."""
        problems = []
        for state in attackers:
            assert state.hex is not None
            if not are_adjacent(state.hex, defender_hex):
                problems.append(
                    AttackProblem(
                        unit_ref(state.unit.id)
                        + f" in {self.label(state.hex)} is not adjacent to the defender",
                        self.adjacency_rules,
                    )
                )
        return problems

    def result_effects(self) -> Mapping[str, CodeEffect]:
        """What each code of the results table does to the defenders and attackers: the
        data's ``[[referee.combat.result]]``; none until it states them (the audit then
        records a result unjudged)."""
        return self.rules.combat.results

    @property
    def retreat_rules(self) -> tuple[str, ...]:
        """The rules a retreat after combat is judged by (TPS Retreat (Q), DoS 11.33),
        cited on every result that demands one; none where the game's retreats are not
        judged by a rule of its own (a data game's retreat is its result's, judged with it)."""
        return ()

    def retreat_problems(self, after: Position, retreats: Sequence[Retreat]) -> list[Prose]:
        """What the game's retreat rules do not allow in ``retreats``, which start in this
        position (the one the die was rolled in) and end in ``after``; the game's own rules
        override this (none by default)."""
        return []

    def exchange_strength(self, unit: Unit) -> Fraction:
        """A unit's printed strength as an exchange counts it: its full-strength attack
        (its defence when it prints no attack)."""
        step = unit.steps[0]
        return Fraction((step.attack if step.attack is not None else step.defence) or 0)

    def exchange_owed(self, unit: Unit, code: str, share: Fraction) -> Fraction:
        """The printed strength an exchange ``code`` makes the attacker remove for the
        defending ``unit``: ``share`` of its printed strength."""
        return self.exchange_strength(unit) * share

    def unrolled(
        self, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> tuple[UnrolledStrength, ...]:
        """Strengths of this combat that the rules leave to a die roll made when it is
        fought, and that the position does not state yet; a game with such strengths
        (DoS 2.15) overrides this and :meth:`rolled_strengths`."""
        return ()

    def rolled_strengths(
        self,
        defender_hex: Hex,
        attackers: Sequence[UnitState],
        defenders: Sequence[UnitState],
        rolls: Mapping[str, int],
    ) -> tuple[tuple[Contribution, ...], tuple[Contribution, ...]]:
        """:meth:`combat_strengths` with the unrolled strengths of ``rolls`` (unit id to
        value) rolled."""
        return self.combat_strengths(defender_hex, attackers, defenders)
