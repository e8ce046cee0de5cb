"""The engine of the hex games: map look-ups, stacking by hex, odds and results tables.

:class:`HexReferee` knows how to count stacks, compute odds with column shifts and die
modifiers and look results up in a table; a game's subclass says what its rules count
(which units stack, how strong a unit is, which shifts apply). The map's facts live in
:mod:`rules.referee.hexboard`, searches over hexes in :mod:`rules.referee.search` and
:mod:`rules.referee.networks`. ``check`` returns every
verdict about a position; ``odds`` one attack's full working.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import ceil, floor
from typing import ClassVar

from rules.hexes import Hex, are_adjacent, hexside
from rules.referee.engine import Referee, RefereeError
from rules.referee.hexboard import HexBoard
from rules.referee.odds import AttackProblem, Contribution, Modifier, OddsReport
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.verdict import Place, Verdict
from rules.tables import Column, Difference, Odds, OddsTable


@dataclass(frozen=True)
class StackingProblem:
    """One way a stack breaks the rules, named as what it is, with the rules that say so."""

    outcome: str
    explanation: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Retreat:
    """One unit a combat result retreats: the hex it stood in when the die was rolled,
    and where it ended (None: eliminated)."""

    unit: str
    start: Hex
    end: Hex | None


def odds_beyond_table(attack: Fraction, defence: Fraction, column: Column) -> str:
    """What a table's ends did to raw odds that fall ``column``: ``"1-3, counted as 1-2"``
    below its first column, ``"12-1, capped at 9-1"`` above its last, and "" within it.
    Every odds table of a hex game (combat, TPS air superiority) says it in these words;
    a differential table the same of the strength difference (``"+9, capped at +6"``)."""
    raw: Column
    if isinstance(column, Difference):
        raw = Difference(floor(attack - defence))
    elif attack <= 0:
        return f"no attack strength, counted as {column}"
    elif defence <= 0:
        return ""
    else:
        raw = (
            Odds(floor(attack / defence), 1)
            if attack >= defence
            else Odds(1, ceil(defence / attack))
        )
    if raw == column:
        return ""
    return f"{raw}, {'capped at' if raw.rank > column.rank else 'counted as'} {column}"


class HexReferee(Referee):
    """Rulings on a hex-map position; a game subclasses it and overrides the hooks below."""

    # Plain attributes, not ClassVars: a game's code sets them on its class, the
    # data-configured referee (rules.referee.kit) on each instance from the game's data.
    stacking_rules: tuple[str, ...] = ()
    adjacency_rules: tuple[str, ...] = ()
    """The rules that let units attack only adjacent enemy units."""
    odds_table_id: str = "crt"

    @classmethod
    def required_odds_tables(cls) -> tuple[str, ...]:
        return (cls.odds_table_id,)

    die_sides: ClassVar[int] = 6

    # ----- what a check reports -------------------------------------------------------

    def check(self) -> list[Verdict]:
        """Every verdict about the position: supply, zones of control, stacking, victory."""
        return [*self.supply(), *self.zones_of_control(), *self.stacking(), *self.victory()]

    def supply(self) -> list[Verdict]:
        """Each unit's supply state with its traced path; games override."""
        return []

    def zones_of_control(self) -> list[Verdict]:
        """Zone-of-control problems; games without zones of control report none."""
        return []

    def victory(self) -> list[Verdict]:
        """Victory points and the victory level or sudden-death state; games override."""
        return []

    retreat_rules: tuple[str, ...] = ()
    """The rules a retreat after combat is judged by (TPS Retreat (Q), DoS 11.33), cited
    on every result that demands one; none where the game's retreats are not judged."""

    def retreat_problems(self, after: Position, retreats: Sequence[Retreat]) -> list[Prose]:
        """What the game's retreat rules do not allow in ``retreats``, which start in this
        position (the one the die was rolled in) and end in ``after``; the game's own rules
        override this (none by default)."""
        return []

    def logged_move(self, state: UnitState, goal: Hex) -> Verdict | None:
        """A move a log shows that the game judges by a rule of its own rather than as a
        unit's move along a path (a TPS flight flies to its mission), ``state`` standing
        in ``goal`` in this position; None for an ordinary move, which the audit judges."""
        return None

    # ----- the map --------------------------------------------------------------------

    @cached_property
    def board(self) -> HexBoard:
        """The map's facts; a game's referee returns its own board with what its rules read."""
        return HexBoard(self.spec, self.position.game_map)

    def label(self, hex_: Hex) -> str:
        """The printed number of a hex."""
        return self.board.label(hex_)

    # ----- stacking -------------------------------------------------------------------

    @abstractmethod
    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """How many stacking units may stand in ``hex_``."""

    def stacking_weight(self, state: UnitState) -> int:
        """How many units ``state`` counts as for stacking (1 unless a game says otherwise)."""
        return 1

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

    # ----- combat ---------------------------------------------------------------------

    def holds_hex(self, state: UnitState) -> bool:
        """Whether a unit stands in its hex for combat; an air unit flying over it does not (TPS)."""
        return True

    @property
    def table(self) -> OddsTable:
        """The results table attacks are resolved on."""
        return self.spec.tables.odds_tables[self.odds_table_id]

    @abstractmethod
    def attack_strength(self, state: UnitState) -> Contribution:
        """A unit's attack strength in this position (supply, steps)."""

    @abstractmethod
    def defence_strength(self, state: UnitState) -> Contribution:
        """A unit's defence strength in this position."""

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
        """Column shifts and die modifiers for this attack, as the terrain data gives them:
        the defender's hex terrain, and a hexside feature every attacker attacks across.
        Games whose rules condition them further (TPS, DoS) override this."""
        modifiers = []
        terrain = self.spec.terrain_types[self.position.game_map.terrain_of(defender_hex)]
        crossed = [
            self.position.game_map.hexside_features.get(
                hexside(state.hex, defender_hex), frozenset()
            )
            for state in attackers
            if state.hex is not None
        ]
        every_attacker_crosses = (
            set.intersection(*(set(features) for features in crossed)) if crossed else set()
        )
        for effect in (
            terrain,
            *(self.spec.terrain_types[feature] for feature in sorted(every_attacker_crosses)),
        ):
            if effect.combat_column_shift or effect.combat_die_modifier:
                modifiers.append(
                    Modifier(
                        effect.name,
                        (effect.provenance.source or f"terrain effects: {effect.name}",),
                        effect.combat_column_shift,
                        effect.combat_die_modifier,
                    )
                )
        return modifiers

    def combined_die_modifier(self, modifiers: Sequence[Modifier]) -> int:
        """The die modifiers added up (games cap them, e.g. TPS never below -2)."""
        return sum(modifier.die_modifier for modifier in modifiers)

    def automatic_result(self, attack: Fraction, defence: Fraction, shift: int) -> str | None:
        """A result needing no roll at these odds, if the game has one."""
        return None

    def column(self, attack: Fraction, defence: Fraction, shift: int) -> tuple[Column, Column]:
        """The column the raw odds (or strength difference) fall in, and the column after ``shift``."""
        base = self.table.column_for_strengths(attack, defence)
        return base, self.table.shifted(base, shift)

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Reasons the rules forbid the attack as stated; games add their own."""
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

    def odds(
        self, defender_hex: Hex, attacker_hexes: Sequence[Hex], attacking_side: str | None = None
    ) -> OddsReport:
        """The working of an attack on ``defender_hex`` by every unit in ``attacker_hexes``."""
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
        attackers = [
            state
            for state in self.position.units
            if state.hex in attacker_hexes and state.side == side and self.holds_hex(state)
        ]
        if not attackers:
            raise RefereeError(self.position.source, None, "no attacking unit in the given hexes")
        problems = self.attack_problems(defender_hex, attackers)
        if problems:
            return self._refused(defender_hex, problems)
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
            )
        base, final = self.column(attack, defence, shift)
        column_note, final_note = self.column_notes(attack, defence, shift, base, final)
        changes = {
            before: after for modifier in modifiers for before, after in modifier.result_changes
        }
        results = tuple(
            (roll, changes.get(code, code))
            for roll in range(1, self.die_sides + 1)
            for code in (self.table.result(final, roll + die_modifier),)
        )
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
        )

    def column_notes(
        self, attack: Fraction, defence: Fraction, shift: int, base: Column, final: Column
    ) -> tuple[str, str]:
        """What the table's ends did to the odds: the raw odds beyond its columns, counted
        as the first or last (TPS CRT note: over 9-1 is 9-1, under 1-3 is 1-3), and shifts
        that would pass an end."""
        column_note = odds_beyond_table(attack, defence, base)
        final_note = ""
        if base in self.table.columns and shift:
            wanted = self.table.columns.index(base) + shift
            if not 0 <= wanted < len(self.table.columns):
                final_note = f"{shift:+d} from {base} would pass the table's end: {final}"
        return column_note, final_note

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
