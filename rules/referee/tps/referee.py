"""The Turning Point: Stalingrad referee: the rule areas of this package wired into the
hex engine's hooks.

Each rule area is a small object built once per position, on first use, from the ones
it depends on: the board, the flights on missions, who stands where and their zones of
control, supply, combat, movement, and victory (with the continuous front).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cached_property

from rules.hexes import Hex
from rules.model import Unit
from rules.referee.arrivals import ArrivalRules
from rules.referee.engine import RefereeError, register
from rules.referee.hexgame import HexReferee
from rules.referee.layers import MapLayer
from rules.referee.paths import cheapest_only
from rules.referee.odds import AttackProblem, Contribution, Modifier
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose
from rules.referee.results import Effect, Retreat
from rules.referee.sequence import PhaseRule
from rules.referee.tps.air import AirMissions
from rules.referee.tps.board import Board
from rules.referee.tps.combat import Combat, combined_die_modifier
from rules.referee.tps.flights import flight_move
from rules.referee.tps.forces import Forces
from rules.referee.tps.front import FrontGaps, front_gaps
from rules.referee.tps.hold_orders import HoldOrders
from rules.referee.tps.movement import Movement
from rules.referee.tps.rail import CROSS_WORDS, cross_hexes, rail_move
from rules.referee.tps.results import EFFECTS, exchange_owed
from rules.referee.tps.retreats import Retreats
from rules.referee.tps.sections import RULES
from rules.referee.tps.settings import read_settings
from rules.referee.tps.supply import SupplyLines, SupplyState, UnitSupply
from rules.referee.tps.units import MOTORISED_MOBILITIES, is_flight, stands_in_hex
from rules.referee.tps.victory import Victory
from rules.referee.verdict import Verdict

MOTORISED = "motorised"
"""The word naming the phase in which only motorised units move (Sequence of play)."""


@register
class TurningPointReferee(HexReferee):
    """Turning Point: Stalingrad rulings over the hex engine's hooks."""

    game_id = "tps"
    supply_order = (
        str(SupplyState.OUT_OF_SUPPLY),
        str(SupplyState.ISOLATED),
        str(SupplyState.SUPPLIED),
    )
    required_edges = ("north", "west", "east")

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.settings = read_settings(position)

    # ----- the rule areas ---------------------------------------------------------------

    @cached_property
    def board(self) -> Board:
        """The map's facts this game's rules read."""
        return Board(self.spec, self.position.game_map)

    @cached_property
    def air(self) -> AirMissions:
        """The flights in the air and what their missions do."""
        return AirMissions(self.position, self.board, self.settings)

    @cached_property
    def forces(self) -> Forces:
        """Who stands where, and the zones of control."""
        return Forces(self.position, self.board, self.rules.zoc, self.air)

    @cached_property
    def supply_lines(self) -> SupplyLines:
        """Every unit's supply, from one search per side."""
        return SupplyLines(
            self.position, self.board, self.forces, self.air, self.settings.army_organisation
        )

    @cached_property
    def combat(self) -> Combat:
        """Strengths and modifiers of attacks."""
        return Combat(self.position, self.board, self.supply_lines, self.air)

    @cached_property
    def hold_orders(self) -> HoldOrders:
        """The units the optional Axis hold orders keep in place this turn."""
        return HoldOrders(self.position, self.board, self.settings.hold_orders)

    @cached_property
    def movement(self) -> Movement:
        """Movement costs and rail moves."""
        return Movement(self.position, self.board, self.forces, self.supply_lines)

    # ----- what a check reports ---------------------------------------------------------

    def check(self) -> list[Verdict]:
        """The engine's verdicts, then placements the rules forbid (water, air units), then
        the units the optional hold orders keep in place."""
        return [
            *super().check(),
            *self.forces.placement_problems(),
            *self.air.verdicts(),
            *self.hold_orders.verdicts(),
        ]

    def supply(self) -> list[Verdict]:
        """Each unit's supply state, traced path, distance and effects."""
        return self.supply_lines.verdicts()

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC (ground or interdiction), for information."""
        return self.forces.zones_of_control()

    def victory(self) -> list[Verdict]:
        """VP from eliminations, Rostov, front gaps, and the victory level they give."""
        return Victory(
            self.position, self.board, self.forces, self.supply_lines, self.settings
        ).verdicts()

    def map_layers(self) -> list[MapLayer]:
        """Each side's ZOC, its ground units' and its interdiction flights' (ZOC; Air
        missions (2)), then each side's front gaps (Continuous front)."""
        zones = [
            MapLayer(
                f"zoc-{side.id}",
                f"{side.name} zones of control",
                f"hexes next to a {side.name} ground unit, or in reach of its interdiction flights",
                "hatch",
                self.board.labels(
                    sorted(set(self.zoc[side.id]) | set(self.air.interdiction[side.id]))
                ),
                (RULES["zoc"], RULES["interdiction"]),
                side=side.id,
            )
            for side in self.spec.sides
        ]
        fronts = [
            MapLayer(
                f"front-{side.id}",
                f"{side.name} front gaps",
                f"a hex the {side.name} front must cover to run unbroken from the map edge to the Rostov row",
                "cross",
                self.board.labels(front.gaps),
                (RULES["front"],),
                side=side.id,
                shown=True,
            )
            for side in self.spec.sides
            if (front := self.front(side.id)) is not None
        ]
        return zones + fronts

    # ----- what other rule areas ask ----------------------------------------------------

    @property
    def supply_by_unit(self) -> Mapping[str, UnitSupply]:
        """Every piece's supply but flights' (Supply (A), (B))."""
        return self.supply_lines.by_unit

    @property
    def zoc(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its ground units' ZOC reaches (ZOC)."""
        return self.forces.zoc

    def enemy_zoc_for_movement(self, side: str) -> frozenset[Hex]:
        """Hexes where ``side``'s units pay ZOC costs: enemy ground and interdiction ZOC."""
        return self.forces.enemy_zoc_for_movement(side)

    def front(self, side: str) -> FrontGaps | None:
        """The gap hexes in ``side``'s continuous front (Continuous front)."""
        return front_gaps(self.board, self.forces, side)

    def movement_allowance(self, state: UnitState) -> int:
        """The printed allowance, halved and rounded down out of supply or isolated (Supply (C))."""
        return self.movement.allowance(state)

    def result_effects(self) -> Mapping[str, Effect]:
        """The Combat Results Table's explanation of results."""
        return EFFECTS

    def exchange_owed(self, unit: Unit, code: str, share: Fraction) -> Fraction:
        """Ex and 1/2Ex: the defender's printed strength (half for 1/2Ex), counted from a
        German motorised unit's original strength (Kampfgruppen (G, R, S))."""
        return exchange_owed(unit, code, share)

    @property
    def retreat_rules(self) -> tuple[str, ...]:
        """A retreat into an enemy ZOC with no friendly unit, or over-stacking, eliminates
        the unit (Retreat (Q))."""
        return (RULES["retreat"],)

    @cached_property
    def retreats(self) -> Retreats:
        """Retreats after combat that start in this position (Retreat (Q))."""
        return Retreats(
            self.position, self.forces, self.movement, self.stacking_weight, self.stacking_limit
        )

    def retreat_problems(self, after: Position, retreats: Sequence[Retreat]) -> list[Prose]:
        """A unit retreated into an enemy ZOC with no friendly unit there, or over-stacking,
        is eliminated; one eliminated instead must have had no safer hex (Retreat (Q))."""
        return self.retreats.problems(after, retreats)

    def arrival_rules(self) -> ArrivalRules:
        """The scenarios' reinforcement rules: in their side's first movement phase, at a
        map edge, or by rail from a rail hex with the German cross, into a supplied hex."""
        return ArrivalRules(
            (RULES["reinforcements"],),
            phase="first movement",
            conditions=("only into a supplied hex",),
            rail_words=CROSS_WORDS,
            rail_name="the German cross",
        )

    def rail_entries(self) -> frozenset[Hex]:
        """The rail hexes with the German cross (Movement (K))."""
        return cross_hexes(self.position.game_map)

    def rail_move(self, unit: Unit, starts: Collection[Hex], goal: Hex) -> Verdict | None:
        """An Axis reinforcement's rail move on the shortest rail route (Movement (K))."""
        return rail_move(self.movement, unit, starts, goal)

    def judge_move(self, state: UnitState, goal: Hex, path: Sequence[Hex] | None = None) -> Verdict:
        """The cheapest legal path to ``goal``, or the one-hex move (Movement); a path
        given is not judged."""
        if path is not None:
            raise RefereeError(self.position.source, None, cheapest_only(self.spec.title))
        return self.movement.cheapest(state, goal)

    def logged_move(self, state: UnitState, goal: Hex) -> Verdict | None:
        """A flight flies rather than moves: within its range of its ground echelon, in
        its own side's phases (Air units, Air missions)."""
        return flight_move(self.position, state, goal) if is_flight(state.unit) else None

    def movement_cost(
        self, state: UnitState, path: Sequence[Hex]
    ) -> tuple[int | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and whether it may (Movement)."""
        return self.movement.cost(state, path)

    def reinforcement_rail_move(self, unit: Unit, path: Sequence[Hex]) -> tuple[int, list[Verdict]]:
        """An Axis reinforcement's rail move on its turn of arrival (Movement (K))."""
        return self.movement.reinforcement_rail_move(unit, path)

    # ----- the hex engine's hooks -------------------------------------------------------

    @property
    def sequence_rules(self) -> tuple[str, ...]:
        """Player turns and their phases (Sequence of play)."""
        return (RULES["sequence_of_play"],)

    @property
    def victory_point_rules(self) -> tuple[str, ...]:
        """The VP schedule the VP tracks follow."""
        return (RULES["vp_schedule"],)

    def phase_rule(self, phase: str | None) -> PhaseRule:
        """The engine's reading of the phase; in the motorised movement phase only
        motorised units move (Sequence of play)."""
        rule = super().phase_rule(phase)
        if phase is not None and MOTORISED in phase.lower():
            return replace(rule, only=MOTORISED_MOBILITIES, only_name=MOTORISED)
        return rule

    @property
    def stacking_rules(self) -> tuple[str, ...]:
        """Three units a hex (Stacking, from the data); a flight counts with its ground
        echelon, so flights in the air are not limited at all (Air units)."""
        return (*super().stacking_rules, RULES["air_units"])

    def holds_hex(self, state: UnitState) -> bool:
        """Flights in the air fly over a hex; every other piece stands in it."""
        return stands_in_hex(state)

    def attack_strength(self, state: UnitState) -> Contribution:
        """Printed attack, halved without rounding out of supply, zero isolated (Supply (C))."""
        return self.combat.attack_strength(state)

    def defence_strength(self, state: UnitState) -> Contribution:
        """Printed defence, whatever the supply; supply and air units defend at 1 (K)."""
        return self.combat.defence_strength(state)

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Adjacency, units that cannot attack, sea and lake hexsides (Terrain effects
        table), units the optional hold orders keep from attacking."""
        held = self.hold_orders.held_attackers(attackers)
        refused = (
            [
                AttackProblem(
                    f"{', '.join(held)} may not attack on turn {self.position.turn}: set up on "
                    "the Axis fortified line under hold orders",
                    (RULES["hold_orders"],),
                )
            ]
            if held
            else []
        )
        return (
            self.adjacency_problems(defender_hex, attackers)
            + self.combat.attack_problems(defender_hex, attackers)
            + refused
        )

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Terrain, close support, first-turn surprise."""
        return self.combat.modifiers(defender_hex, attackers, defenders)

    def combined_die_modifier(self, modifiers: Sequence[Modifier]) -> int:
        """Terrain effects do not add up: the die modifier is never below -2 (Terrain effects table)."""
        return combined_die_modifier(modifiers)
