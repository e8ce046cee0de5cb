"""The working of an attack on a hex map, through the hooks of
:class:`rules.referee.hexcombat.HexCombat`: who attacks whom, whether the rules allow it,
the strengths, shifts, column and each roll's result — or, when the rules leave strengths
to a roll made when the combat is fought, every outcome of those rolls with its chance.

An attack made only by bombarding units is worked out as a bombardment (its table, range
and column, ``[referee.bombardment]``); odds below the table are refused where the data
says so; and where the data says what each result code does, the report says what each
result the rolls give does to this attack (:mod:`rules.referee.mechanisms.results`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from itertools import product
from math import prod

from rules.hexes import Hex
from rules.referee.engine import RefereeError
from rules.referee.hexcombat import HexCombat
from rules.referee.mechanisms.bombardment import bombards
from rules.referee.mechanisms.results import RetreatOutcome, meaning
from rules.referee.odds import (
    AttackProblem,
    Contribution,
    LeftOut,
    Modifier,
    OddsReport,
    ResultMeaning,
    RolledOdds,
    RollOutcome,
    UnrolledStrength,
)
from rules.referee.position import UnitState
from rules.referee_data.results import ResultEffect
from rules.referee.verdict import Verdict
from rules.referee_data.odds import BelowTable
from rules.tables import Column

RollKey = tuple[str | None, Column | None, Column | None]
"""An outcome of rolled strengths: the result needing no roll, or the base and final columns."""
MAX_ROLL_OUTCOMES = 6**5
"""The most ways strengths left to a roll may come out for the odds to list them all."""


class HexOdds(HexCombat):
    """An attack's working: :meth:`odds` as the rules judge it, :meth:`odds_before_rolls`
    as a player asks before strengths left to a roll are rolled."""

    def odds(
        self,
        defender_hex: Hex,
        attacker_hexes: Sequence[Hex],
        attacking_side: str | None = None,
        attacking_units: Collection[str] | None = None,
    ) -> OddsReport:
        """The working of an attack on ``defender_hex`` by every unit in ``attacker_hexes``
        (only ``attacking_units`` of them when given: the player's selection, the others
        named as left out)."""
        report = self._judged(
            defender_hex, attacker_hexes, attacking_side, attacking_units, by_rolls=False
        )
        assert isinstance(report, OddsReport)
        return report

    def odds_before_rolls(
        self,
        defender_hex: Hex,
        attacker_hexes: Sequence[Hex],
        attacking_side: str | None = None,
        attacking_units: Collection[str] | None = None,
    ) -> OddsReport | RolledOdds:
        """:meth:`odds` as a player asks before the attack: a strength the rules leave to a
        roll made when the combat is fought, not stated yet, gives every outcome of the
        rolls with its chance instead of one column."""
        return self._judged(
            defender_hex, attacker_hexes, attacking_side, attacking_units, by_rolls=True
        )

    def _judged(
        self,
        defender_hex: Hex,
        attacker_hexes: Sequence[Hex],
        attacking_side: str | None,
        attacking_units: Collection[str] | None,
        by_rolls: bool,
    ) -> OddsReport | RolledOdds:
        """The attack's working, as a bombardment when only bombarding units make it;
        ``by_rolls``: each outcome of the strengths still to be rolled."""
        defenders, attackers, left_out = self._combatants(
            defender_hex, attacker_hexes, attacking_side, attacking_units
        )
        with self._attack_of(attackers):
            problems = self.attack_problems(defender_hex, attackers)
            if problems:
                return replace(self._refused(defender_hex, problems), kind=self._kind)
            unrolled = self.unrolled(attackers, defenders) if by_rolls else ()
            if unrolled:
                return self._odds_by_rolls(defender_hex, attackers, defenders, unrolled, left_out)
            report = self._worked(defender_hex, attackers, defenders, left_out)
            below = self._below_table(report)
            if below is not None:
                report = self._refused(defender_hex, [below])
            else:
                report = replace(report, meanings=self._meanings(attackers, defenders, report))
            return replace(report, kind=self._kind)

    @contextmanager
    def _attack_of(self, attackers: Sequence[UnitState]) -> Iterator[None]:
        """Work out one attack as a bombardment when its units are bombarding ones."""
        self.bombarding = bombards(self.rules.bombardment, attackers)
        try:
            yield
        finally:
            self.bombarding = False

    @property
    def _kind(self) -> str:
        return "bombardment" if self.bombarding else "attack"

    def _below_table(self, report: OddsReport) -> AttackProblem | None:
        """Odds below the table's first column, where the data forbids such an attack."""
        if self.rules.combat.odds.below_table is not BelowTable.NOT_ALLOWED or report.automatic:
            return None
        raw, _ = self.rounded_column(report.attack, report.defence)
        first = self.table.columns[0]
        if raw is None or raw.rank >= first.rank:
            return None
        return AttackProblem(
            f"the odds {raw} fall below the table's first column {first}",
            (self.rules.combat.section,),
        )

    def _meanings(
        self, attackers: Sequence[UnitState], defenders: Sequence[UnitState], report: OddsReport
    ) -> tuple[ResultMeaning, ...]:
        """What each code the rolls give does to this attack, in the order first rolled,
        where the game's data says what its results do (a bombardment's units suffer
        none when the data says so)."""
        effects = self.result_effects()
        codes = [report.automatic] if report.automatic else [code for _, code in report.results]
        bombardment = self.rules.bombardment
        attacker_results = not (
            self.bombarding and bombardment is not None and not bombardment.attacker_results
        )

        def retreats(attacking: bool, hexes: int) -> Sequence[RetreatOutcome]:
            return self.mechanisms.retreats(attackers if attacking else defenders, hexes)

        return tuple(
            meaning(effect, self.rules.combat.retreat, retreats, self.label, attacker_results)
            for code in dict.fromkeys(codes)
            if isinstance(effect := effects.get(code), ResultEffect)
        )

    def _combatants(
        self,
        defender_hex: Hex,
        attacker_hexes: Sequence[Hex],
        attacking_side: str | None,
        attacking_units: Collection[str] | None,
    ) -> tuple[list[UnitState], list[UnitState], tuple[LeftOut, ...]]:
        """The defenders, the attackers, and the units beside the attackers left out."""
        defenders = [
            state
            for state in self.position.units
            if state.hex == defender_hex and self.holds_hex(state)
        ]
        if not defenders:
            raise RefereeError(
                self.position.source, None, f"no unit in {self.label(defender_hex)} to attack"
            )
        defending_side = defenders[0].side
        side = attacking_side or self.position.other_side(defending_side)
        beside = [
            state
            for state in self.position.units
            if state.hex in attacker_hexes and state.side == side and self.holds_hex(state)
        ]
        attackers = [
            state for state in beside if attacking_units is None or state.unit.id in attacking_units
        ]
        if not attackers:
            raise RefereeError(self.position.source, None, "no attacking unit in the given hexes")
        left_out = tuple(
            LeftOut(state.unit.id, self.label(state.hex))
            for state in beside
            if state not in attackers and state.hex is not None
        )
        return defenders, attackers, left_out

    def _worked(
        self,
        defender_hex: Hex,
        attackers: Sequence[UnitState],
        defenders: Sequence[UnitState],
        left_out: tuple[LeftOut, ...],
    ) -> OddsReport:
        """The working of an attack the rules allow."""
        attack_items, defence_items = self.combat_strengths(defender_hex, attackers, defenders)
        attack = self.total_strength(attack_items, attacking=True)
        defence = self.total_strength(defence_items, attacking=False)
        modifiers = tuple(self.combat_modifiers(defender_hex, attackers, defenders))
        shift = sum(modifier.column_shift for modifier in modifiers)
        die_modifier = self.combined_die_modifier(modifiers)
        automatic = self.automatic_result(attack, defence, shift)
        if automatic is not None:
            base, _ = self.column(attack, defence, 0)
            return OddsReport(
                self.label(defender_hex),
                attack_items,
                defence_items,
                attack,
                defence,
                base,
                modifiers,
                None,
                die_modifier,
                (),
                automatic,
                table_note=self._table_note(),
                left_out=left_out,
            )
        base, final = self.column(attack, defence, shift)
        column_note, final_note = self.column_notes(attack, defence, shift, base, final)
        results = self._results(final, modifiers, die_modifier)
        return OddsReport(
            self.label(defender_hex),
            attack_items,
            defence_items,
            attack,
            defence,
            base,
            modifiers,
            final,
            die_modifier,
            results,
            None,
            table_note=self._table_note(),
            column_note=column_note,
            final_note=final_note,
            left_out=left_out,
        )

    def _results(
        self, final: Column, modifiers: Sequence[Modifier], die_modifier: int
    ) -> tuple[tuple[int, str], ...]:
        """Each die roll's result in the final column, as the modifiers change them."""
        changes = {
            before: after for modifier in modifiers for before, after in modifier.result_changes
        }
        return tuple(
            (roll, changes.get(code, code))
            for roll in range(1, self.die_sides + 1)
            for code in (self.table.result(final, roll + die_modifier),)
        )

    def _odds_by_rolls(
        self,
        defender_hex: Hex,
        attackers: Sequence[UnitState],
        defenders: Sequence[UnitState],
        unrolled: tuple[UnrolledStrength, ...],
        left_out: tuple[LeftOut, ...],
    ) -> RolledOdds:
        """Every way the strengths left to a roll can come out, grouped by the totals they
        give, each with its chance, its columns and the results."""
        count = prod(len(item.values) for item in unrolled)
        if count > MAX_ROLL_OUTCOMES:
            raise RefereeError(
                self.position.source,
                None,
                f"{len(unrolled)} strengths of this attack are left to a roll: {count:,} outcomes "
                f"are more than the {MAX_ROLL_OUTCOMES:,} the odds list; state some of the rolls",
            )
        modifiers = tuple(self.combat_modifiers(defender_hex, attackers, defenders))
        shift = sum(modifier.column_shift for modifier in modifiers)
        die_modifier = self.combined_die_modifier(modifiers)
        units = [item.unit for item in unrolled]
        grouped: dict[RollKey, list[tuple[int, ...]]] = {}
        totals_of: dict[RollKey, list[tuple[Fraction, Fraction]]] = {}
        shown: tuple[tuple[Contribution, ...], tuple[Contribution, ...]] | None = None
        for values in product(*(item.values for item in unrolled)):
            attack_items, defence_items = self.rolled_strengths(
                defender_hex, attackers, defenders, dict(zip(units, values, strict=True))
            )
            shown = shown or (attack_items, defence_items)
            attack = self.total_strength(attack_items, attacking=True)
            defence = self.total_strength(defence_items, attacking=False)
            automatic = self.automatic_result(attack, defence, shift)
            base, final = self.column(attack, defence, shift)
            # A result that needs no roll is the same whatever column the odds fall in.
            key: RollKey = (automatic, None, None) if automatic is not None else (None, base, final)
            grouped.setdefault(key, []).append(values)
            if (attack, defence) not in totals_of.setdefault(key, []):
                totals_of[key].append((attack, defence))
        outcomes = tuple(
            RollOutcome(
                tuple(rolls),
                tuple(totals_of[key]),
                Fraction(len(rolls), count),
                base,
                final,
                automatic,
                () if final is None else self._results(final, modifiers, die_modifier),
            )
            for key, rolls in grouped.items()
            for automatic, base, final in (key,)
        )
        assert shown is not None
        return RolledOdds(
            self.label(defender_hex),
            shown[0],
            shown[1],
            unrolled,
            modifiers,
            die_modifier,
            outcomes,
            table_note=self._table_note(),
            left_out=left_out,
        )

    def _refused(self, defender_hex: Hex, problems: Sequence[AttackProblem]) -> OddsReport:
        """The report of an attack the rules forbid: a verdict per reason, no odds."""
        subject = f"attack on {self.label(defender_hex)}"
        verdicts = tuple(
            Verdict(subject, "attack", "not allowed", problem.rules, problem.text)
            for problem in problems
        )
        return OddsReport(
            self.label(defender_hex),
            (),
            (),
            Fraction(0),
            Fraction(0),
            None,
            (),
            None,
            0,
            (),
            None,
            verdicts=verdicts,
            table_note=self._table_note(),
            allowed=False,
        )

    def _table_note(self) -> str:
        """Where the table comes from; a reconstructed table says so first, so no one
        takes it for the printed one."""
        provenance = self.table.provenance
        if provenance.reconstructed:
            return f"{self.table.name} (RECONSTRUCTED, not the printed table): {provenance.note}"
        return f"{self.table.name}: {provenance.describe()}"
