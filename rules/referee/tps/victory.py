"""Turning Point: Stalingrad victory points: eliminations, Rostov, front gaps, the level.

The VP schedule and table come from ``tables.toml``. The 100 VP for Rostov and the
distance VP are shown as if the game ended now; front gaps score only for the side
whose player turn is ending; VP earlier player turns awarded for gaps come from the
settings, since no position can recompute them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.coverage import reading_applied
from rules.hexes import distance
from rules.model import GameSpec, Unit
from rules.referee.ending import IF_IT_ENDED_NOW, game_over
from rules.referee.position import Position
from rules.referee.tps.board import Board
from rules.referee.tps.combat import kampfgruppe_for
from rules.referee.tps.forces import Forces
from rules.referee.tps.front import front_gaps
from rules.referee.tps.sections import RULES
from rules.referee.tps.settings import Settings
from rules.referee.tps.supply import SupplyLines
from rules.referee.tps.units import (
    AXIS,
    SOVIET,
    is_flight,
    is_ground_echelon,
    is_kampfgruppe,
    is_motorised,
    is_supply_unit,
    printed_strength,
)
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.verdict import Verdict
from rules.referee.wording import hexes
from rules.tables import VictoryPointAward


def award(spec: GameSpec, award_id: str) -> VictoryPointAward:
    """A line of the VP schedule (tables.toml)."""
    for item in spec.tables.victory_points:
        if item.id == award_id:
            return item
    raise KeyError(award_id)


def elimination_points(spec: GameSpec, unit: Unit) -> tuple[int, str]:
    """VP the enemy earns for ``unit`` eliminated, and why (VP schedule)."""
    strength = printed_strength(unit)
    if is_supply_unit(unit):
        return award(spec, "soviet_supply_unit_eliminated").points, "supply unit"
    if is_flight(unit):
        return 0, "a flight counts with its ground echelon"
    if is_ground_echelon(unit):
        return award(spec, "air_unit_destroyed").points, "air unit permanently eliminated"
    if is_kampfgruppe(unit):
        points = award(spec, "eliminated_kampfgruppe").points
        return points * strength, f"Kampfgruppe, {points} a strength point"
    if is_motorised(unit):
        points = award(spec, "eliminated_motorised").points
        replacement = kampfgruppe_for(unit).strength
        if replacement:
            return points * (strength - replacement), (
                f"motorised, {points} a strength point of {strength} less the {replacement}-8 Kampfgruppe"
            )
        return points * strength, f"motorised, {points} a strength point"
    points = award(spec, "eliminated_non_motorised").points
    return points * strength, f"non-motorised, {points} a strength point"


@dataclass(frozen=True, eq=False)
class Victory:
    """The VP each side holds in one position, and the victory level they give."""

    position: Position
    board: Board
    forces: Forces
    supply: SupplyLines
    settings: Settings

    def verdicts(self) -> list[Verdict]:
        """VP from eliminations, Rostov, front gaps, and the victory level they give."""
        points = {AXIS: 0, SOVIET: 0}
        verdicts = []
        for side in (AXIS, SOVIET):
            earned = []
            for unit in self.position.eliminated:
                if unit.side != side:
                    value, why = elimination_points(self.position.spec, unit)
                    points[side] += value
                    earned.append(unit_ref(unit.id) + f" {value} ({why})")
            verdicts.append(
                Verdict(
                    f"{side} VP",
                    "victory points",
                    f"{points[side]} VP for eliminated units",
                    (RULES["vp_schedule"],),
                    Prose("; ").join(earned) or "no enemy unit eliminated",
                    force=side,
                )
            )
        # The level is the game's result only at its end; before, it is what the VP held
        # now would give, and so are Rostov's VP (a reading of the VP schedule).
        final = game_over(self.position)
        early = () if final else (reading_applied("tps", RULES["vp_schedule"]),)
        rostov_verdict, rostov_side, rostov_points = self._rostov()
        verdicts.append(replace(rostov_verdict, readings=early))
        points[rostov_side] += rostov_points
        phasing = self.settings.phasing_side
        for side in (AXIS, SOVIET):
            front = front_gaps(self.board, self.forces, side)
            if front is None:
                verdicts.append(
                    Verdict(
                        f"{side} front",
                        "continuous front",
                        "not measured",
                        (RULES["front"],),
                        "the map names no Rostov, whose hex row ends the front",
                        force=side,
                    )
                )
                continue
            gaps = front.gaps
            enemy = self.position.other_side(side)
            earned_now = award(self.position.spec, "continuous_front_gap").points * len(gaps)
            scored = side == phasing
            if scored:
                points[enemy] += earned_now
            when = (
                "scored at the end of this player turn"
                if scored
                else "not scored now: not its player turn"
            )
            verdicts.append(
                Verdict(
                    f"{side} front",
                    "continuous front",
                    hexes(len(gaps), "gap"),
                    (RULES["front"],),
                    f"{earned_now} VP to the {enemy} side, {when}",
                    details={"gaps": " ".join(self.board.labels(gaps))},
                    force=side,
                    readings=(reading_applied("tps", RULES["front"]),),
                )
            )
        for side in (AXIS, SOVIET):
            points[side] += self.settings.earlier_gap_vp[side]
        difference = points[SOVIET] - points[AXIS]
        level = next(
            band.result
            for band in self.position.spec.tables.victory_levels
            if (band.minimum is None or band.minimum <= difference)
            and (band.maximum is None or difference <= band.maximum)
        )
        verdicts.append(
            Verdict(
                "game",
                "victory",
                level if final else f"{level} {IF_IT_ENDED_NOW}",
                (RULES["vp_table"], RULES["vp_schedule"]),
                f"Soviet {points[SOVIET]} VP - Axis {points[AXIS]} VP = {difference}",
                details={
                    "soviet": str(points[SOVIET]),
                    "axis": str(points[AXIS]),
                    "level": level,
                    "final": "yes" if final else "no",
                },
                readings=early,
            )
        )
        return verdicts

    def _rostov(self) -> tuple[Verdict, str, int]:
        """100 VP to the Soviets for Rostov, else 1 VP to the Axis a hex to the nearest Soviet unit."""
        rules = (RULES["vp_schedule"],)
        rostov = self.board.rostov
        if rostov is None:
            return (
                Verdict(
                    "Rostov", "victory points", "no Rostov hex", rules, "the map names no Rostov"
                ),
                AXIS,
                0,
            )
        label = self.board.label(rostov)
        by_unit = self.supply.by_unit
        connected = [
            state
            for state in self.position.units_of(SOVIET)
            if state.unit.id in by_unit and by_unit[state.unit.id].line_of_communication
        ]
        inside = [state.unit.id for state in connected if state.hex == rostov]
        if inside:
            points = award(self.position.spec, "soviet_in_rostov").points
            return (
                Verdict(
                    "Rostov",
                    "victory points",
                    f"{points} VP to the Soviets",
                    rules,
                    unit_refs(inside) + f" in Rostov ({label}) with a line of communication",
                ),
                SOVIET,
                points,
            )
        if not connected:
            return (
                Verdict(
                    "Rostov",
                    "victory points",
                    "0 VP",
                    rules,
                    "no Soviet unit has a line of communication to measure from",
                ),
                AXIS,
                0,
            )
        apart, _, nearest = min(
            (distance(rostov, state.hex), state.unit.id, state)
            for state in connected
            if state.hex is not None
        )
        assert nearest.hex is not None
        points = award(self.position.spec, "rostov_distance").points * apart
        return (
            Verdict(
                "Rostov",
                "victory points",
                f"{points} VP to the Axis",
                rules,
                "the nearest Soviet unit with a line of communication, "
                + unit_ref(nearest.unit.id)
                + f" in {self.board.label(nearest.hex)}, is {hexes(apart)} from Rostov ({label})",
                details={"distance": str(apart)},
            ),
            AXIS,
            points,
        )
