"""Turning Point: Stalingrad supply: rail lines, supply units, the east edge (Supply (A)-(I)).

An Axis unit is supplied within 12 hexes of a rail hex joined by usable rail to an Axis
rail source, and otherwise out of supply. A Soviet unit is supplied within 8 hexes of
rail, 4 of a supply unit or 4 of the east edge (cavalry 15 of any), out of supply within
8 of a supply unit, and otherwise isolated. Enemy units close their hexes to lines, and
enemy ZOC the hexes no friendly unit stands in; interdiction closes only the ground part.
Under the optional Soviet army organisation, a rifle corps that would be supplied is out of
supply unless another unit of its army stands within 3 ("3-4") or 5 ("5-5") hexes.

Supply is one rail-network search and one ground search per side for the whole position
(:func:`rules.referee.search.reach_by_kind` grades every Soviet unit by all three kinds of
source at once); ``check`` and the victory count share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

from rules.coverage import reading_applied
from rules.hexes import Hex, distance
from rules.referee.position import Position, UnitState
from rules.referee.search import Reach, reach, reach_by_kind
from rules.referee.tps.air import AirMissions
from rules.referee.tps.board import Board
from rules.referee.tps.forces import Forces
from rules.referee.tps.sections import RULES
from rules.referee.tps.units import (
    AXIS,
    SOVIET,
    army_of,
    army_organisation_range,
    is_cavalry,
    is_flight,
    is_supply_unit,
    stands_in_hex,
)
from rules.referee.prose import unit_ref
from rules.referee.verdict import State, Verdict
from rules.referee.wording import hexes

AXIS_SUPPLY_RANGE = 12
SOVIET_RAIL_RANGE = 8
SOVIET_SUPPLY_UNIT_RANGE = 4
SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE = 8
SOVIET_EDGE_RANGE = 4
SOVIET_CAVALRY_RANGE = 15


class SupplyState(StrEnum):
    """A unit's supply state; only Soviet units can be isolated (Supply (B), (C))."""

    SUPPLIED = "supplied"
    OUT_OF_SUPPLY = "out of supply"
    ISOLATED = "isolated"

    @property
    def shared(self) -> State:
        """This state in the referees' shared vocabulary (the same words in TPS)."""
        return SHARED_STATES[self]


SHARED_STATES: Mapping[SupplyState, State] = {
    SupplyState.SUPPLIED: "supplied",
    SupplyState.OUT_OF_SUPPLY: "out of supply",
    SupplyState.ISOLATED: "isolated",
}


class SourceKind(StrEnum):
    """What a supply line reaches (Supply (A), (B)(1)-(3))."""

    RAIL = "rail line"
    SUPPLY_UNIT = "supply unit"
    EAST_EDGE = "east edge"


@dataclass(frozen=True)
class SupplyEffect:
    """What a supply state does to a unit (supply effects table, Supply (C)).

    Defence is never affected. Attack strength is multiplied without rounding; the
    movement allowance is multiplied and rounded down.
    """

    attack: Fraction
    movement: Fraction


SUPPLY_EFFECTS: Mapping[SupplyState, SupplyEffect] = {
    SupplyState.SUPPLIED: SupplyEffect(Fraction(1), Fraction(1)),
    SupplyState.OUT_OF_SUPPLY: SupplyEffect(Fraction(1, 2), Fraction(1, 2)),
    SupplyState.ISOLATED: SupplyEffect(Fraction(0), Fraction(1, 2)),
}


def supply_effects(state: SupplyState) -> SupplyEffect:
    """The supply effects table's row for ``state``."""
    return SUPPLY_EFFECTS[state]


@dataclass(frozen=True)
class ArmyContact:
    """How far a rifle corps stands from the nearest other unit of its army, against the
    optional army organisation's limit; ``distance`` is None when none is on the map.

    Hexes are counted on the map, terrain and enemy units aside: the option asks only that
    the corps be within so many hexes, not that a line be traced.
    """

    army: str
    limit: int
    distance: int | None

    @property
    def near_enough(self) -> bool:
        """Whether the corps keeps the supply its line gives it."""
        return self.distance is not None and self.distance <= self.limit


@dataclass(frozen=True)
class UnitSupply:
    """One unit's supply: its state, the line that gives it, and every kind's distance.

    ``path`` runs from the unit to the source (the ground leg, then the rail leg);
    ``distances`` hold the ground distance to the nearest source of each kind reached
    at any length, which also says whether the unit has a line of communication (a
    supply line of unlimited length, VP schedule).
    """

    state: SupplyState
    kind: SourceKind | None
    distance: int | None
    path: tuple[Hex, ...]
    rail_hexes: int
    distances: Mapping[SourceKind, int]
    army: ArmyContact | None = None

    @property
    def line_of_communication(self) -> bool:
        """A supply line of any length to any source (VP schedule's 連絡線)."""
        return bool(self.distances)


@dataclass(frozen=True, eq=False)
class SupplyLines:
    """Every unit's supply in one position, from one rail and one ground search per side."""

    position: Position
    board: Board
    forces: Forces
    air: AirMissions
    army_organisation: bool = False

    def _blocked(self, side: str) -> tuple[frozenset[Hex], frozenset[Hex]]:
        """Hexes closed to ``side``'s rail and ground supply lines (Supply (D, I)).

        Enemy units close their hexes; enemy ZOC closes hexes no friendly unit stands in.
        Interdiction ZOC closes the ground part only, and friendly units cancel it too.
        """
        enemy = self.position.other_side(side)
        holders = self.forces.holders
        friendly = frozenset(holders[side])
        closed = frozenset(holders[enemy]) | (frozenset(self.forces.zoc[enemy]) - friendly)
        return closed, closed | (frozenset(self.air.interdiction[enemy]) - friendly)

    def _rail_network(self, side: str, closed: frozenset[Hex]) -> Reach[Hex]:
        """Rail hexes joined to the side's rail sources by usable, unblocked rail (any length)."""
        usable = self.board.usable_rail(side)
        rail_sources = [
            hex_
            for hex_ in self.board.sources(side, rail=True)
            if hex_ in usable and hex_ not in closed
        ]
        along_rail = self.board.along_rail
        return reach(
            rail_sources,
            lambda first, second: second in usable and second not in closed,
            adjacent=lambda hex_: along_rail.get(hex_, ()),
        )

    @cached_property
    def lines(self) -> Mapping[str, tuple[Reach[Hex], Mapping[SourceKind, Reach[Hex]]]]:
        """Per side: the rail network reached, and the ground search from each kind of source."""
        result = {}
        for side in (AXIS, SOVIET):
            rail_closed, ground_closed = self._blocked(side)
            network = self._rail_network(side, rail_closed)
            sources: dict[SourceKind, list[Hex]] = {SourceKind.RAIL: list(network.distance)}
            if side == SOVIET:
                sources[SourceKind.SUPPLY_UNIT] = [
                    hex_
                    for hex_, states in self.forces.holders[side].items()
                    if any(is_supply_unit(state.unit) for state in states)
                ]
                edge = [
                    *self.board.game_map.edge("east").hexes,
                    *self.board.sources(side, rail=False),
                ]
                sources[SourceKind.EAST_EDGE] = [
                    hex_
                    for hex_ in edge
                    if hex_ in self.board.passable and hex_ not in ground_closed
                ]
            # A ground line steps across any terrain but water (the board's steps), into no closed hex.
            steps = self.board.steps_across
            result[side] = (
                network,
                reach_by_kind(
                    sources,
                    lambda first, second: second not in ground_closed,
                    adjacent=lambda hex_: steps.get(hex_, ()),
                ),
            )
        return result

    def supply_of(self, state: UnitState) -> UnitSupply:
        """The unit's supply state and line, as of now (Supply (A), (B))."""
        assert state.hex is not None, f"{state.unit.id} is not on the map"
        network, ground = self.lines[state.side]
        distances = {
            kind: found.distance[state.hex]
            for kind, found in ground.items()
            if state.hex in found.distance
        }
        if state.side == AXIS:
            chosen = SourceKind.RAIL if SourceKind.RAIL in distances else None
            supplied = chosen is not None and distances[SourceKind.RAIL] <= AXIS_SUPPLY_RANGE
            return self._line(
                state,
                SupplyState.SUPPLIED if supplied else SupplyState.OUT_OF_SUPPLY,
                chosen,
                distances,
                network,
                ground,
            )
        limits = self._limits(state)
        supplying = [kind for kind, reached in distances.items() if reached <= limits[kind]]
        if supplying:
            chosen = min(
                supplying, key=lambda kind: (distances[kind], list(SourceKind).index(kind))
            )
            contact = self._army_contact(state)
            supplied = contact is None or contact.near_enough
            return self._line(
                state,
                SupplyState.SUPPLIED if supplied else SupplyState.OUT_OF_SUPPLY,
                chosen,
                distances,
                network,
                ground,
                contact,
            )
        to_supply_unit = distances.get(SourceKind.SUPPLY_UNIT)
        if (
            not is_cavalry(state.unit)
            and to_supply_unit is not None
            and to_supply_unit <= SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE
        ):
            return self._line(
                state, SupplyState.OUT_OF_SUPPLY, SourceKind.SUPPLY_UNIT, distances, network, ground
            )
        return self._line(state, SupplyState.ISOLATED, None, distances, network, ground)

    @cached_property
    def _army_hexes(self) -> Mapping[str, tuple[tuple[str, Hex], ...]]:
        """Each army's units standing on the map, with their hexes."""
        found: dict[str, list[tuple[str, Hex]]] = {}
        for state in self.position.units:
            army = army_of(state.unit)
            if army is not None and state.hex is not None and stands_in_hex(state):
                found.setdefault(army, []).append((state.unit.id, state.hex))
        return {army: tuple(units) for army, units in found.items()}

    def _army_contact(self, state: UnitState) -> ArmyContact | None:
        """The optional army organisation's test for a rifle corps, or None when the
        option is off or does not bind the unit."""
        limit = army_organisation_range(state.unit)
        army = army_of(state.unit)
        if not self.army_organisation or limit is None or army is None or state.hex is None:
            return None
        here = state.hex
        others = [
            distance(here, there)
            for unit_id, there in self._army_hexes.get(army, ())
            if unit_id != state.unit.id
        ]
        return ArmyContact(army, limit, min(others, default=None))

    @staticmethod
    def _limits(state: UnitState) -> Mapping[SourceKind, int]:
        """How far a Soviet unit's line may run to each kind of source to supply it."""
        if is_cavalry(state.unit):
            return {kind: SOVIET_CAVALRY_RANGE for kind in SourceKind}
        return {
            SourceKind.RAIL: SOVIET_RAIL_RANGE,
            SourceKind.SUPPLY_UNIT: SOVIET_SUPPLY_UNIT_RANGE,
            SourceKind.EAST_EDGE: SOVIET_EDGE_RANGE,
        }

    @classmethod
    def _isolation_limits(cls, state: UnitState) -> Mapping[SourceKind, int]:
        """How far from each kind of source a Soviet unit is isolated when no other serves:
        the supply limits, but beyond 8 of a supply unit (out of supply from 5 to 8); a
        cavalry corps beyond 15 of any (Supply (B))."""
        limits = dict(cls._limits(state))
        if not is_cavalry(state.unit):
            limits[SourceKind.SUPPLY_UNIT] = SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE
        return limits

    def _line(
        self,
        state: UnitState,
        supply: SupplyState,
        kind: SourceKind | None,
        distances: Mapping[SourceKind, int],
        network: Reach[Hex],
        ground: Mapping[SourceKind, Reach[Hex]],
        army: ArmyContact | None = None,
    ) -> UnitSupply:
        assert state.hex is not None
        if kind is None:
            return UnitSupply(supply, None, None, (), 0, distances)
        path = ground[kind].path_to_source(state.hex)
        rail_path = network.path_to_source(path[-1])[1:] if kind == SourceKind.RAIL else ()
        return UnitSupply(
            supply, kind, distances[kind], path + rail_path, len(rail_path), distances, army
        )

    @cached_property
    def by_unit(self) -> Mapping[str, UnitSupply]:
        """Every piece's supply but flights' (air units need no supply for missions)."""
        return {
            state.unit.id: self.supply_of(state)
            for state in self.position.units
            if state.hex is not None and stands_in_hex(state) and not is_flight(state.unit)
        }

    def verdicts(self) -> list[Verdict]:
        """Each unit's supply state, traced path, distance and effects."""
        return [
            self._verdict(state, self.by_unit[state.unit.id])
            for state in self.position.units
            if state.unit.id in self.by_unit
        ]

    def _verdict(self, state: UnitState, line: UnitSupply) -> Verdict:
        assert state.hex is not None
        label = self.board.label
        effect = supply_effects(line.state)
        details = {
            "hex": label(state.hex),
            "attack": str(effect.attack),
            "movement": str(effect.movement),
        }
        for kind in SourceKind:
            if kind in line.distances:
                details[str(kind)] = str(line.distances[kind])
        if line.kind is not None and line.distance is not None:
            details["source"] = str(line.kind)
            details["distance"] = str(line.distance)
        if state.side == AXIS:
            rules: tuple[str, ...] = (
                RULES["axis_supply"],
                RULES["blocking"],
                RULES["captured_rail"],
            )
            if line.distance is None:
                explanation = (
                    "no rail hex joined by usable rail to an Axis rail source can be reached"
                )
            else:
                explanation = (
                    f"{hexes(line.distance)} to rail hex {label(line.path[line.distance])} "
                    f"(limit {AXIS_SUPPLY_RANGE}), then {hexes(line.rail_hexes, 'rail')} to the source "
                    f"{label(line.path[-1])}"
                )
        else:
            section = {
                None: RULES["soviet_supply"],
                SourceKind.RAIL: RULES["soviet_rail"],
                SourceKind.SUPPLY_UNIT: RULES["soviet_supply_unit"],
                SourceKind.EAST_EDGE: RULES["soviet_edge"],
            }[line.kind]
            rules = tuple(
                dict.fromkeys(
                    (RULES["soviet_supply"], section, RULES["best_state"], RULES["blocking"])
                )
            )
            explanation = self._soviet_explanation(state, line)
        readings: tuple[str, ...] = ()
        if line.army is not None:
            rules = (*rules, RULES["army_organisation"])
            explanation += f"; {self._army_explanation(line.army)}"
            details["army"] = line.army.army
            details["army limit"] = str(line.army.limit)
            if line.army.distance is not None:
                details["army distance"] = str(line.army.distance)
            if not line.army.near_enough:
                readings = (reading_applied("tps", RULES["army_organisation"]),)
        return Verdict(
            subject=unit_ref(state.unit.id),
            topic="supply",
            outcome=str(line.state),
            rules=(*rules, RULES["supply_effects"]),
            explanation=explanation,
            path=self.board.labels(line.path),
            details=details,
            unit=state.unit.id,
            state=line.state.shared,
            readings=readings,
        )

    @staticmethod
    def _army_explanation(contact: ArmyContact) -> str:
        terms = (
            f"army organisation (optional): a rifle corps is supplied only within "
            f"{hexes(contact.limit)} of another unit of its army ({contact.army})"
        )
        if contact.distance is None:
            return f"{terms}; no other unit of its army is on the map: out of supply"
        if contact.near_enough:
            return f"{terms}; the nearest is {hexes(contact.distance)} away"
        return f"{terms}; the nearest is {hexes(contact.distance)} away: out of supply"

    def _soviet_explanation(self, state: UnitState, line: UnitSupply) -> str:
        if is_cavalry(state.unit):
            terms = f"cavalry: supplied within {SOVIET_CAVALRY_RANGE} hexes of any source"
        else:
            terms = (
                f"supplied within {SOVIET_RAIL_RANGE} of a rail line, {SOVIET_SUPPLY_UNIT_RANGE} of a supply unit "
                f"or {SOVIET_EDGE_RANGE} of the east edge; out of supply within "
                f"{SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE} of a supply unit"
            )
        if line.state == SupplyState.ISOLATED:
            return f"{terms}; {self._why_isolated(state, line)}"
        found = []
        for kind in SourceKind:
            if kind in line.distances:
                rail = (
                    f" (then {hexes(line.rail_hexes, 'rail')} to {self.board.label(line.path[-1])})"
                    if kind == line.kind == SourceKind.RAIL
                    else ""
                )
                found.append(f"{kind} {line.distances[kind]}{rail}")
        return f"{terms}; nearest: {', '.join(found)}"

    def _why_isolated(self, state: UnitState, line: UnitSupply) -> str:
        """Why no source is within reach: how far each kind is against its limit, or that
        enemy units and ZOC cut every way to any source."""
        if not line.distances:
            return "enemy units and their ZOC cut every line to a source of any kind"
        limits = self._isolation_limits(state)
        beyond = [
            f"{kind} {hexes(line.distances[kind])} away (isolated beyond {limits[kind]})"
            for kind in SourceKind
            if kind in line.distances
        ]
        unreached = [str(kind) for kind in SourceKind if kind not in line.distances]
        cut = f"; no {' or '.join(unreached)} can be reached" if unreached else ""
        return f"no source within reach: {', '.join(beyond)}{cut}"
