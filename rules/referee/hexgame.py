"""The engine of the hex games: map look-ups, stacking by hex, odds and results tables.

:class:`HexReferee` knows how to count stacks, compute odds with column shifts and die
modifiers and look results up in a table. What its rules count — which units stack and
how many, how strong a unit is, which shifts apply, zones of control, supply — are its
hooks, and each hook's default is the mechanism the game's ``[referee]`` data configures
(:mod:`rules.referee.mechanisms`): a game of data alone is refereed by this class, and a
game's subclass overrides only the hooks its rules do differently. The map's facts live
in :mod:`rules.referee.hexboard`, searches over hexes in :mod:`rules.referee.search` and
:mod:`rules.referee.networks`. ``check`` returns every verdict about a position; ``odds``
one attack's full working.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import product
from math import prod
from typing import ClassVar

from rules.game_rules import GameRules
from rules.hexes import Hex, are_adjacent, hexside
from rules.model import Unit
from rules.referee.arrivals import ArrivalRules
from rules.referee.engine import Referee, RefereeError
from rules.referee.hexboard import HexBoard
from rules.referee.layers import MapLayer
from rules.referee.mechanisms.configured import Mechanisms
from rules.referee.mechanisms.supply import IN_SUPPLY, OUT_OF_SUPPLY
from rules.referee.odds import (
    AttackProblem,
    Contribution,
    LeftOut,
    Modifier,
    OddsReport,
    RolledOdds,
    RollOutcome,
    UnrolledStrength,
    odds_beyond_table,
)
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.results import Effect
from rules.referee.sequence import PhaseRule, phase_rule
from rules.referee.verdict import Place, Verdict
from rules.tables import Column, OddsTable

RollKey = tuple[str | None, Column | None, Column | None]
"""An outcome of rolled strengths: the result needing no roll, or the base and final columns."""
MAX_ROLL_OUTCOMES = 6**5
"""The most ways strengths left to a roll may come out for the odds to list them all."""


@dataclass(frozen=True)
class StackingProblem:
    """One way a stack breaks the rules, named as what it is, with the rules that say so."""

    outcome: str
    explanation: str
    rules: tuple[str, ...]


class HexReferee(Referee):
    """Rulings on a hex-map position: the hooks below, each defaulting to the mechanism the
    game's ``[referee]`` data configures; a game's subclass overrides the ones its rules
    do differently (see docs/developers/architecture.md, "The referee engine")."""

    supply_order: ClassVar[tuple[str, ...]] = (OUT_OF_SUPPLY, IN_SUPPLY)
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

    @property
    def stacking_rules(self) -> tuple[str, ...]:
        """The rules an over-stacked hex breaks."""
        return (self.rules.stacking.section,)

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

    @property
    def sequence_rules(self) -> tuple[str, ...]:
        """The rules of the sequence of play, which say who does what in each phase: the
        movement section, as the data names no sequence of its own."""
        return (self.rules.movement.section,)

    @property
    def victory_point_rules(self) -> tuple[str, ...]:
        """The rules the VP tracks follow, cited when a VP total changes."""
        return self.sequence_rules

    @cached_property
    def mechanisms(self) -> Mechanisms:
        """The data's mechanisms for this position, behind the hooks' defaults."""
        return Mechanisms(self.position, self.board, self.rules)

    # ----- what a check reports -------------------------------------------------------

    def check(self) -> list[Verdict]:
        """Every verdict about the position: supply, zones of control, stacking, victory."""
        return [*self.supply(), *self.zones_of_control(), *self.stacking(), *self.victory()]

    def supply(self) -> list[Verdict]:
        """Each unit's supply state with its traced line (none without a supply rule)."""
        return self.mechanisms.supply_lines.verdicts()

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC, for information (none without a ZOC rule)."""
        return self.mechanisms.forces.verdicts()

    def victory(self) -> list[Verdict]:
        """Victory points and the victory level or sudden-death state; none until the data
        states victory."""
        return []

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

    # ----- the sequence of play and movement ------------------------------------------

    def phase_rule(self, phase: str | None) -> PhaseRule:
        """What ``phase`` allows (None: the position shows no phase): whose phase it is,
        whether units move in it, and which."""
        return phase_rule(self.spec, phase, self.sequence_rules)

    def movement_allowance(self, state: UnitState) -> int:
        """The unit's printed allowance, halved (rounded down) out of supply when the
        game's supply rule says so."""
        return self.mechanisms.movement.allowance(state)

    # ----- combat results ---------------------------------------------------------------

    def result_effects(self) -> Mapping[str, Effect]:
        """What each code of the results table does to the defenders and attackers; none
        until the data states its results (the audit then records a result unjudged)."""
        return {}

    def exchange_strength(self, unit: Unit) -> Fraction:
        """A unit's printed strength as an exchange counts it: its full-strength attack
        (its defence when it prints no attack)."""
        step = unit.steps[0]
        return Fraction((step.attack if step.attack is not None else step.defence) or 0)

    def exchange_owed(self, unit: Unit, code: str, share: Fraction) -> Fraction:
        """The printed strength an exchange ``code`` makes the attacker remove for the
        defending ``unit``: ``share`` of its printed strength."""
        return self.exchange_strength(unit) * share

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

    def judge_move(self, state: UnitState, goal: Hex) -> Verdict:
        """Whether ``state``'s unit could move from its hex to ``goal`` in this position:
        the verdict on the cheapest legal path (what a log shows of a move is where it
        ended), or why there is none. The default: terrain and hexside costs, enemy hexes,
        zones of control and the allowance as the data says."""
        return self.mechanisms.movement.cheapest(state, goal, self.position)

    # ----- the map --------------------------------------------------------------------

    @cached_property
    def board(self) -> HexBoard:
        """The map's facts; a game's referee returns its own board with what its rules read."""
        return HexBoard(self.spec, self.position.game_map)

    def label(self, hex_: Hex) -> str:
        """The printed number of a hex."""
        return self.board.label(hex_)

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

    # ----- combat ---------------------------------------------------------------------

    def holds_hex(self, state: UnitState) -> bool:
        """Whether a unit stands in its hex for combat; an air unit flying over it does not (TPS)."""
        return True

    @property
    def table(self) -> OddsTable:
        """The results table attacks are resolved on."""
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
        """Column shifts and die modifiers for this attack: the terrain's (from the terrain
        data), then the unit kinds' the ``[referee]`` data names."""
        return self.terrain_modifiers(
            defender_hex, attackers
        ) + self.mechanisms.combat.kind_modifiers(defender_hex, attackers, defenders)

    def terrain_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[Modifier]:
        """Column shifts and die modifiers as the terrain data gives them: the defender's
        hex terrain, and a hexside feature every attacker attacks across."""
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
        """Reasons the rules forbid the attack as stated: an attacker not adjacent, and
        hexsides the terrain data forbids attacking across."""
        return self.adjacency_problems(defender_hex, attackers) + (
            self.mechanisms.combat.attack_problems(defender_hex, attackers, self.spec.terrain_types)
        )

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
        defenders, attackers, left_out = self._combatants(
            defender_hex, attacker_hexes, attacking_side, attacking_units
        )
        problems = self.attack_problems(defender_hex, attackers)
        if problems:
            return self._refused(defender_hex, problems)
        return self._worked(defender_hex, attackers, defenders, left_out)

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
        defenders, attackers, left_out = self._combatants(
            defender_hex, attacker_hexes, attacking_side, attacking_units
        )
        problems = self.attack_problems(defender_hex, attackers)
        if problems:
            return self._refused(defender_hex, problems)
        unrolled = self.unrolled(attackers, defenders)
        if unrolled:
            return self._odds_by_rolls(defender_hex, attackers, defenders, unrolled, left_out)
        return self._worked(defender_hex, attackers, defenders, left_out)

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
