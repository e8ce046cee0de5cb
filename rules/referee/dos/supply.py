"""Drive on Stalingrad supply (rule 7): networks of towns chained to ultimate sources.

A unit is in supply when a line of at most 7 hexes reaches a source that chains, leg by
leg of at most 7, to an ultimate source (7.3, 7.8, 7.12). Supply is one search per side
and map: the sources that chain to an ultimate source (:mod:`rules.referee.networks`),
then one search of 7 hexes out from all of them. North-map units use only the North
map; Soviet South-map units only the South map (and Astrakhan, 7.11); Axis South-map
units reach the North network only through Rostov, until Taman is active and also
afterwards (7.4, 7.13). Soviet units east of the Volga are always supplied (7.9); Axis
units may be under air supply (7.6) or coastal supply (7.5), for defence only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from rules.hexes import Hex, neighbours
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.referee.dos.settings import BLUE, URANUS, Settings
from rules.referee.dos.units import AXIS, SOVIET
from rules.referee.networks import Supply, connect, supply
from rules.referee.position import Position, UnitState
from rules.referee.search import StepAllowed, without_loops
from rules.referee.prose import unit_ref
from rules.referee.verdict import State, Verdict
from rules.referee.wording import hexes

LEG = 7
"""Hexes in one leg of a supply line (7.3, 7.8, 7.12)."""
NETWORK_MARKERS = {AXIS: "german-supply-network", SOVIET: "soviet-supply-network"}
START_LINE_NETWORK_RULE = "7.18 (errata 2002)"
"""Towns on a side's side of the start line are in its network from the start, and work
again the moment it retakes them: the paragraph the official errata of 3 September 2002
added to 7.18 (the translated rules already carry it). Cited where a line relies on one."""
AIR_SUPPLY_MARKER = "german-air-supply"


class SupplyState(StrEnum):
    """The supply states of rules 7.2 and 7.7 (with 7.9's automatic supply)."""

    REGULAR = "in supply"
    AUTOMATIC = "in supply east of the Volga"
    AIR = "air supply (defence only)"
    COASTAL = "coastal supply (defence only)"
    OUT = "out of supply"

    @property
    def shared(self) -> State:
        """This state in the referees' shared vocabulary: air and coastal supply are
        supplied for defence only (7.6, 7.15), "limited"."""
        return SHARED_STATES[self]

    @property
    def full_attack(self) -> bool:
        """Full attack strength and movement (7.5, 7.6, 7.15)."""
        return self in (SupplyState.REGULAR, SupplyState.AUTOMATIC)

    @property
    def full_defence(self) -> bool:
        """Full defence strength: every state but out of supply (7.5, 7.6, 7.16)."""
        return self is not SupplyState.OUT


SHARED_STATES: Mapping[SupplyState, State] = {
    SupplyState.REGULAR: "supplied",
    SupplyState.AUTOMATIC: "supplied",
    SupplyState.AIR: "limited",
    SupplyState.COASTAL: "limited",
    SupplyState.OUT: "out of supply",
}


@dataclass(frozen=True)
class SupplyFinding:
    """A hex's supply state for a side, the rules it rests on, and the traced line."""

    state: SupplyState
    rules: tuple[str, ...]
    explanation: str
    path: tuple[Hex, ...] = ()


@dataclass(frozen=True, eq=False)
class SupplyLines:
    """Both sides' networks and lines in one position: four searches in all."""

    position: Position
    board: Board
    control: Control
    settings: Settings

    def lakes_open(self, side: str) -> bool:
        """Soviet lines cross all-lake hexes in any weather, Axis ones only frozen in Uranus (7.12)."""
        return side == SOVIET or self.settings.frozen

    def line_step(self, side: str, domain: frozenset[Hex]) -> StepAllowed:
        """May a supply line of ``side`` step between two adjacent hexes (7.12, 7.13)?

        Axis lines never cross the Volga, nor enter a standing Don–Volga line hex (11.23:
        not through the line, nor into it); a line hex a German unit has occupied is open.
        """
        enemy = self.control.occupied_by[self.position.other_side(side)]
        lakes = self.lakes_open(side)
        terrain = self.board.terrain
        closed_terrain = {"sea"} if lakes else {"sea", "lake"}
        closed_sides = self.board.crossings_with(
            {
                "impassable_mountain",
                *(() if lakes else ("lake_side",)),
                *(("volga",) if side == AXIS else ()),
            }
        )
        closed_line = self.control.intact_line_hexes if side == AXIS else frozenset()

        def allowed(first: Hex, second: Hex) -> bool:
            return (
                second in domain
                and second not in enemy
                and terrain(second) not in closed_terrain
                and (first, second) not in closed_sides
                and second not in closed_line
            )

        return allowed

    def network_towns(self, side: str, board: str) -> frozenset[Hex]:
        """Towns and cities of ``side``'s network on ``board`` that work (7.3, 7.8, 7.14, 7.18):
        on its side of the start line, marked with its network marker, or named by a setting."""
        members = (
            self.control.start_regions.get(side, frozenset())
            | frozenset(self.position.markers.get(NETWORK_MARKERS[side], ()))
            | self.settings.network[side]
        )
        return frozenset(
            hex_
            for hex_ in self.board.towns
            if hex_ in members
            and self.board.board_of[hex_] == board
            and self.control.functioning(side, hex_)
        )

    def ultimates(self, side: str, hexes: Iterable[Hex], domain: frozenset[Hex]) -> frozenset[Hex]:
        """The ultimate sources among ``hexes`` that work and lie in ``domain``."""
        return frozenset(
            hex_ for hex_ in hexes if hex_ in domain and self.control.functioning(side, hex_)
        )

    @cached_property
    def taman(self) -> frozenset[Hex]:
        """Taman S1343 when active and working: an Axis ultimate source (7.4)."""
        hexes = self.control.taman_hexes
        return frozenset(
            hex_
            for hex_ in hexes
            if self.settings.taman_active and self.control.functioning(AXIS, hex_)
        )

    @cached_property
    def supplies(self) -> Mapping[tuple[str, str], Supply]:
        """Each side's network and lines on each board: four searches in all."""
        board = self.board
        scenario = self.settings.scenario
        north, south = board.board_hexes("North"), board.board_hexes("South")
        everywhere = frozenset(board.playable)
        axis_north_step = self.line_step(AXIS, north)
        axis_north = connect(
            self.ultimates(AXIS, board.source_hexes(AXIS, "ultimate"), north),
            self.network_towns(AXIS, "North"),
            axis_north_step,
            LEG,
        )
        gateways = ({board.rostov} & axis_north.connected) | self.taman
        axis_south_step = self.line_step(AXIS, everywhere)
        axis_south = connect(gateways, self.network_towns(AXIS, "South"), axis_south_step, LEG)
        soviet_north_kinds = ("ultimate", "ultimate_volga") + (
            ("ultimate_uranus",) if scenario == URANUS else ()
        )
        soviet_north_step = self.line_step(SOVIET, north)
        soviet_north = connect(
            self.ultimates(
                SOVIET,
                board.source_hexes(SOVIET, *soviet_north_kinds) | board.volga_bank_towns,
                north,
            ),
            self.network_towns(SOVIET, "North"),
            soviet_north_step,
            LEG,
        )
        astrakhan = (
            board.source_hexes(SOVIET, "ultimate_south") & north
            if scenario == BLUE
            else frozenset()
        )
        soviet_domain = south | astrakhan
        soviet_south_step = self.line_step(SOVIET, soviet_domain)
        soviet_south = connect(
            self.ultimates(SOVIET, board.source_hexes(SOVIET, "ultimate_south"), soviet_domain),
            self.network_towns(SOVIET, "South"),
            soviet_south_step,
            LEG,
        )
        return {
            (AXIS, "North"): supply(axis_north, axis_north_step, LEG),
            (AXIS, "South"): supply(axis_south, axis_south_step, LEG),
            (SOVIET, "North"): supply(soviet_north, soviet_north_step, LEG),
            (SOVIET, "South"): supply(soviet_south, soviet_south_step, LEG),
        }

    @cached_property
    def air_supply_markers(self) -> tuple[Hex, ...]:
        """The hexes holding the air supply marker, each once."""
        return tuple(
            sorted(set(self.position.markers.get(AIR_SUPPLY_MARKER, ())), key=self.board.label)
        )

    @cached_property
    def air_supplied(self) -> frozenset[Hex]:
        """The air supply marker's hex and the six around it (7.6). The marker supplies one
        hex a game turn: placed in more, it supplies none, since the position cannot say
        which the German chose."""
        if len(self.air_supply_markers) != 1:
            return frozenset()
        return self._around(self.air_supply_markers[0])

    def _around(self, centre: Hex) -> frozenset[Hex]:
        return frozenset(
            hex_ for hex_ in (centre, *neighbours(centre)) if hex_ in self.board.playable
        )

    def supply_line(self, side: str, hex_: Hex) -> tuple[Hex, ...] | None:
        """The regular supply line from ``hex_`` to an ultimate source, or None (7.3–7.13).
        It never runs back over a hex it has passed."""
        board = self.board.board_of[hex_]
        line = self.supplies[(side, board)].line(hex_)
        rostov = self.board.rostov
        if line is not None and side == AXIS and board == "South" and line[-1] == rostov:
            line = line + self.supplies[(AXIS, "North")].network.route(rostov)[1:]
        return None if line is None else without_loops(line)

    def _sources_on(self, side: str, hex_: Hex, line: tuple[Hex, ...]) -> list[Hex]:
        """The sources the line from ``hex_`` passes, in order: those of its chain of legs
        that the line, its loops cut out, still passes."""
        board = self.board.board_of[hex_]
        found = self.supplies[(side, board)]
        first = found.first_source(hex_)
        assert first is not None
        chain = found.network.sources_on_route(first)
        rostov = self.board.rostov
        if side == AXIS and board == "South" and chain[-1] == rostov:
            chain = chain + self.supplies[(AXIS, "North")].network.sources_on_route(rostov)[1:]
        return [source for source in chain if source in line]

    def supply_at(self, side: str, hex_: Hex) -> SupplyFinding:
        """The supply state a unit of ``side`` has in ``hex_``, with its reasons."""
        board = self.board.board_of[hex_]
        map_rules = ("7.13",) + (("7.4",) if side == AXIS and board == "South" else ())
        source_rule = {AXIS: "7.3", SOVIET: "7.8" if board == "North" else "7.10"}[side]
        if side == SOVIET and hex_ in self.board.east_of_volga:
            return SupplyFinding(
                SupplyState.AUTOMATIC,
                ("7.9",),
                "east of the Volga Soviet units are always supplied",
            )
        line = self.supply_line(side, hex_)
        if line is not None:
            sources = self._sources_on(side, hex_, line)
            start_line_rule = (
                (START_LINE_NETWORK_RULE,) if self._relies_on_start_line(side, sources) else ()
            )
            return SupplyFinding(
                SupplyState.REGULAR,
                (source_rule, "7.12", *map_rules, *start_line_rule),
                self._describe_line(line, sources),
                line,
            )
        if side == AXIS and hex_ in self.air_supplied:
            return SupplyFinding(
                SupplyState.AIR,
                ("7.6",),
                "within one hex of the air supply marker: supplied for "
                "defence, halved for movement and attack",
            )
        if side == AXIS and hex_ in self.board.coastal:
            return SupplyFinding(
                SupplyState.COASTAL,
                ("7.5",),
                "on the Sea of Azov or Black Sea coast: supplied for "
                "defence, halved for movement and attack",
            )
        air_rule = ("7.6",) if self._denied_air_supply(side, hex_) else ()
        return SupplyFinding(
            SupplyState.OUT,
            (source_rule, "7.12", *map_rules, *air_rule, "7.15"),
            self._why_unsupplied(side, hex_),
        )

    def _denied_air_supply(self, side: str, hex_: Hex) -> bool:
        """An Axis hex a marker would cover, were it not one of several (7.6)."""
        markers = self.air_supply_markers
        return (
            side == AXIS
            and len(markers) > 1
            and any(hex_ in self._around(centre) for centre in markers)
        )

    def _relies_on_start_line(self, side: str, sources: list[Hex]) -> bool:
        """True when a town the line passes is in ``side``'s network only because it lies on
        the side's side of the start line: no network marker and no setting put it there."""
        marked = (
            frozenset(self.position.markers.get(NETWORK_MARKERS[side], ()))
            | self.settings.network[side]
        )
        start_side = self.control.start_regions.get(side, frozenset())
        return any(
            source in self.board.towns and source in start_side and source not in marked
            for source in sources[:-1]
        )

    def _describe_line(self, line: tuple[Hex, ...], sources: list[Hex]) -> str:
        distance = line.index(sources[0])
        names = " → ".join(self.board.place_name(source) for source in sources)
        if len(sources) == 1:
            return f"{hexes(distance)} to the ultimate source {names}"
        return f"{hexes(distance)} to {names} (each leg at most {LEG} hexes)"

    def _why_unsupplied(self, side: str, hex_: Hex) -> str:
        board = self.board.board_of[hex_]
        found = self.supplies[(side, board)]
        where = {
            ("North", AXIS): "North-map Axis units trace on the North map only",
            ("North", SOVIET): "North-map Soviet units trace on the North map only",
            ("South", SOVIET): "South-map Soviet units trace on the South map only",
            ("South", AXIS): "South-map Axis units reach the North map only through Rostov"
            + ("" if self.taman else " (Taman is not active)"),
        }[(board, side)]
        if self._denied_air_supply(side, hex_):
            where += f"; air supply is not applied: {len(self.air_supply_markers)} markers, one hex a turn (7.6)"
        if hex_ in found.far.distance:
            source = found.far.path_to_source(hex_)[-1]
            return (
                f"the nearest connected source, {self.board.place_name(source)}, is "
                f"{hexes(found.far.distance[hex_])} away (a leg is at most {LEG}); {where}"
            )
        return f"no line avoiding enemy units and blocked hexes reaches a connected source; {where}"

    def _taman_verdicts(self) -> list[Verdict]:
        """Whether the Taman the settings activate works (7.4)."""
        if not self.settings.taman_active:
            return []
        verdicts = []
        for hex_ in sorted(self.control.taman_hexes):
            subject = f"Taman {self.board.label(hex_)}"
            if hex_ in self.taman:
                verdicts.append(
                    Verdict(
                        subject,
                        "supply",
                        "active",
                        ("7.4",),
                        "an Axis unit has entered it and the Soviets have not retaken it: an ultimate "
                        "source for Axis units on the South map",
                    )
                )
            else:
                verdicts.append(
                    Verdict(
                        subject,
                        "supply",
                        "not active",
                        ("7.4",),
                        "Soviet units hold it: South-map Axis units again trace through Rostov",
                    )
                )
        return verdicts

    def supply_of(self, state: UnitState) -> SupplyFinding:
        """A unit's supply state (7.2, 7.7)."""
        assert state.hex is not None
        return self.supply_at(state.side, state.hex)

    def verdicts(self) -> list[Verdict]:
        """Every unit's supply state with its traced line, and markers that cannot count."""
        label = self.board.label
        verdicts = []
        for state in self.position.units:
            if state.hex is None:
                continue
            finding = self.supply_of(state)
            verdicts.append(
                Verdict(
                    subject=unit_ref(state.unit.id) + f" in {label(state.hex)}",
                    topic="supply",
                    outcome=str(finding.state),
                    rules=finding.rules,
                    explanation=finding.explanation,
                    path=self.board.labels(finding.path),
                    unit=state.unit.id,
                    state=finding.state.shared,
                )
            )
        verdicts += self._taman_verdicts()
        if len(self.air_supply_markers) > 1:
            verdicts.append(
                Verdict(
                    subject=f"{AIR_SUPPLY_MARKER} markers in {', '.join(self.board.labels(self.air_supply_markers))}",
                    topic="supply",
                    outcome="illegal",
                    rules=("7.6",),
                    state="illegal",
                    explanation=f"air supply goes to one hex a game turn, not {len(self.air_supply_markers)}: "
                    "none of them supplies any unit",
                    violation=True,
                )
            )
        for marker in NETWORK_MARKERS.values():
            for hex_ in self.position.markers.get(marker, ()):
                if hex_ not in self.board.towns:
                    verdicts.append(
                        Verdict(
                            subject=f"{marker} marker in {label(hex_)}",
                            topic="supply",
                            outcome="not a source",
                            rules=("7.14",),
                            explanation="only towns and cities join a supply network",
                            violation=True,
                            state="illegal",
                        )
                    )
        return verdicts
