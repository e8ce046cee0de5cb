"""Air units in Turning Point: Stalingrad: flights on missions, and which of them fly them.

An air unit is two pieces, its ground echelon and its flight. A flight in the air
(``flying``) stands in the hex it flies to and does what the ``air_missions`` setting
says (Air missions (1)-(5)); a flight on the ground is based on its own ground echelon
(Air units). A mission acts only if the flight may fly it, resolved in the order of the
player turn:

1. A flight flies within its range of its own ground echelon, which must be on the map
   (Air units); otherwise it has no effect.
2. Interception, at the start of the first movement phase: each interceptor in a hex
   sends one enemy combat air patrol or interdiction flight there home, patrols first;
   a patrol over its own side's ground echelon cannot be intercepted (5).
3. Air superiority, at the end of the first movement phase: the flights over an enemy
   ground echelon attack it at 1 each, against 1 plus 1 for each enemy patrol the
   defender gives it, on the Air Superiority Table; an X damages the echelon, and its
   flight, wherever it is, is out for three game turns (4, Air units).
4. Close support and interdiction may not fly into a hex under an enemy patrol that is
   still there (3); close support, one flight a hex (1).

What survives acts: interdiction exerts a ZOC on its hex and the six around it (2),
close support helps an attack on its hex (1), combat air patrol closes its hex (3).

Over 500 lines: one job, the missions resolved in the order of the player turn, each
step a cached property the next reads, and the verdicts on them; the verdicts are being
retyped (issue 23, typed verdicts), after which they can join the text in
:mod:`rules.referee.tps.air_report`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from rules.hexes import Hex, distance, neighbours
from rules.referee.engine import RefereeError
from rules.referee.odds import odds_beyond_table
from rules.referee.position import Position, UnitState
from rules.referee.tps.board import Board
from rules.referee.tps.sections import RULES
from rules.referee.tps.settings import Settings
from rules.referee.tps.units import AXIS, SOVIET, is_flight, is_ground_echelon
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.verdict import State, Verdict
from rules.referee.wording import hexes
from rules.tables import Column, OddsTable

AIR_SUPERIORITY_TABLE = "air_superiority"
DAMAGED = "X"
ECHELON_DEFENCE = 1
PATROL_DEFENCE = 1
FLIGHT_ATTACK = 1
MISSION_RULES: Mapping[str, str] = {
    "close_support": RULES["close_support"],
    "interdiction": RULES["interdiction"],
    "combat_air_patrol": RULES["combat_air_patrol"],
    "air_superiority": RULES["air_superiority"],
    "interception": RULES["interception"],
}


@dataclass(frozen=True)
class Flight:
    """A flight in the air on a stated mission, with its ground echelon and how far it flew."""

    state: UnitState
    mission: str
    echelon: UnitState | None
    range: int | None

    @property
    def id(self) -> str:
        return self.state.unit.id

    @property
    def hex(self) -> Hex:
        assert self.state.hex is not None
        return self.state.hex

    @property
    def side(self) -> str:
        return self.state.side

    @property
    def distance(self) -> int | None:
        """Hexes from its ground echelon to the hex it flies to."""
        if self.echelon is None or self.echelon.hex is None:
            return None
        return distance(self.echelon.hex, self.hex)


@dataclass(frozen=True)
class Grounding:
    """Why a flight's mission has no effect, with the rules that say so; ``state`` is
    ``illegal`` when the mission breaks a rule (as against being sent home or damaged)."""

    outcome: str
    explanation: str
    rules: tuple[str, ...]
    state: State | None = None


@dataclass(frozen=True)
class Interception:
    """One side's interceptors over a hex, and the enemy flights they sent home (5)."""

    hex: Hex
    side: str
    interceptors: tuple[str, ...]
    returned: tuple[str, ...]
    immune: tuple[str, ...]


@dataclass(frozen=True)
class SuperiorityAttack:
    """One air superiority attack on one ground echelon: the odds and every roll (4)."""

    echelon: UnitState
    attackers: tuple[str, ...]
    patrols: tuple[str, ...]
    column: Column
    results: tuple[tuple[int, str], ...]
    roll: int | None

    @property
    def attack(self) -> int:
        return FLIGHT_ATTACK * len(self.attackers)

    @property
    def defence(self) -> int:
        return ECHELON_DEFENCE + PATROL_DEFENCE * len(self.patrols)

    @property
    def column_note(self) -> str:
        """The raw odds when they fall beyond the table: ``"1-3, counted as 1-2"``, or ""."""
        return odds_beyond_table(Fraction(self.attack), Fraction(self.defence), self.column)

    @property
    def damaged(self) -> bool | None:
        """Whether the echelon is damaged; None until the roll is known."""
        if self.roll is None:
            return None
        return dict(self.results)[self.roll] == DAMAGED

    @property
    def damaging_rolls(self) -> tuple[int, ...]:
        return tuple(roll for roll, code in self.results if code == DAMAGED)


def rolls_text(rolls: Sequence[int]) -> str:
    """``1-3``, ``6``, ``1, 3`` or ``no roll``: die rolls as a player says them."""
    if not rolls:
        return "no roll"
    if list(rolls) == list(range(rolls[0], rolls[-1] + 1)) and len(rolls) > 1:
        return f"{rolls[0]}-{rolls[-1]}"
    return ", ".join(str(roll) for roll in rolls)


@dataclass(frozen=True, eq=False)
class AirMissions:
    """The flights in the air of a position, resolved: which fly their missions, and what they do."""

    position: Position
    board: Board
    settings: Settings

    @property
    def table(self) -> OddsTable:
        return self.position.spec.tables.odds_tables[AIR_SUPERIORITY_TABLE]

    # ----- the flights ------------------------------------------------------------------

    @cached_property
    def echelons(self) -> Mapping[str, UnitState]:
        """Each air unit's ground echelon on the map, by the air unit's name."""
        return {
            state.unit.traits.air_unit: state
            for state in self.position.units
            if is_ground_echelon(state.unit) and state.hex is not None
        }

    @cached_property
    def flights(self) -> tuple[Flight, ...]:
        """Every flight in the air whose mission the settings state."""
        found = []
        for state in self.position.units:
            mission = self.settings.missions.get(state.unit.id)
            if state.hex is None or "flying" not in state.flags or mission is None:
                continue
            found.append(
                Flight(
                    state,
                    mission,
                    self.echelons.get(state.unit.traits.air_unit),
                    state.unit.traits.flight_range,
                )
            )
        return tuple(found)

    def _of(self, side: str, mission: str) -> list[Flight]:
        return [
            flight for flight in self.flights if flight.side == side and flight.mission == mission
        ]

    @cached_property
    def cannot_fly(self) -> Mapping[str, Grounding]:
        """Flights whose mission has no effect before any air combat: no ground echelon on the
        map, or flown beyond their range of it (Air units)."""
        grounded = {}
        for flight in self.flights:
            if flight.echelon is None:
                grounded[flight.id] = Grounding(
                    "illegal",
                    "its ground echelon is not on the map, so it cannot fly: it has no effect",
                    (RULES["air_units"],),
                    state="illegal",
                )
            elif (
                flight.range is not None
                and flight.distance is not None
                and flight.distance > flight.range
            ):
                assert flight.echelon.hex is not None
                grounded[flight.id] = Grounding(
                    "illegal",
                    f"{hexes(flight.distance)} from its ground echelon in {self.board.label(flight.echelon.hex)}, "
                    f"beyond its range of {flight.range}: it has no effect",
                    (RULES["air_units"],),
                    state="illegal",
                )
        return grounded

    # ----- interception (5) -------------------------------------------------------------

    @cached_property
    def interceptions(self) -> tuple[Interception, ...]:
        """Each side's interceptors over each hex, and the enemy flights they send home."""
        found = []
        for side in (AXIS, SOVIET):
            enemy = self.position.other_side(side)
            by_hex: dict[Hex, list[Flight]] = {}
            for flight in self._of(side, "interception"):
                if flight.id not in self.cannot_fly:
                    by_hex.setdefault(flight.hex, []).append(flight)
            for hex_, interceptors in sorted(by_hex.items()):
                own_echelon_here = any(
                    state.hex == hex_ and state.side == enemy for state in self.echelons.values()
                )
                patrols = sorted(
                    flight.id
                    for flight in self._of(enemy, "combat_air_patrol")
                    if flight.hex == hex_ and flight.id not in self.cannot_fly
                )
                immune = tuple(patrols) if own_echelon_here else ()
                targets = [flight for flight in patrols if flight not in immune] + sorted(
                    flight.id
                    for flight in self._of(enemy, "interdiction")
                    if flight.hex == hex_ and flight.id not in self.cannot_fly
                )
                found.append(
                    Interception(
                        hex_,
                        side,
                        tuple(sorted(flight.id for flight in interceptors)),
                        tuple(targets[: len(interceptors)]),
                        immune,
                    )
                )
        return tuple(found)

    @cached_property
    def intercepted(self) -> Mapping[str, Interception]:
        """The flights sent home, with the interception that did it."""
        return {
            flight: interception
            for interception in self.interceptions
            for flight in interception.returned
        }

    # ----- air superiority (4) ----------------------------------------------------------

    @cached_property
    def superiority(self) -> tuple[SuperiorityAttack, ...]:
        """Every air superiority attack, one per ground echelon attacked."""
        targets: dict[str, list[Flight]] = {}
        for flight in self.flights:
            if flight.mission != "air_superiority" or flight.id in self.cannot_fly:
                continue
            echelons = [
                state
                for state in self.echelons.values()
                if state.hex == flight.hex and state.side != flight.side
            ]
            named = self.settings.air_targets.get(flight.id)
            if named is not None:
                if named not in {state.unit.id for state in echelons}:
                    raise self._refuse(
                        "air_targets",
                        f"{flight.id} flies to {self.board.label(flight.hex)}, where no "
                        f"enemy ground echelon {named} stands",
                    )
                targets.setdefault(named, []).append(flight)
            elif len(echelons) == 1:
                targets.setdefault(echelons[0].unit.id, []).append(flight)
            elif len(echelons) > 1:
                raise self._refuse(
                    "air_targets",
                    f"say which of {', '.join(sorted(s.unit.id for s in echelons))} "
                    f'{flight.id} attacks in {self.board.label(flight.hex)}, as "{flight.id}:ECHELON"',
                )
        by_id = {state.unit.id: state for state in self.echelons.values()}
        attacked_here: dict[Hex, list[str]] = {}
        for echelon_id in targets:
            hex_ = by_id[echelon_id].hex
            assert hex_ is not None
            attacked_here.setdefault(hex_, []).append(echelon_id)
        attacks = []
        for echelon_id, attackers in sorted(targets.items()):
            echelon = by_id[echelon_id]
            patrols = self._patrols_defending(echelon, attacked_here)
            column = self.table.column_for(
                Fraction(
                    FLIGHT_ATTACK * len(attackers), ECHELON_DEFENCE + PATROL_DEFENCE * len(patrols)
                )
            )
            results = tuple((roll, self.table.result(column, roll)) for roll in self.table.rolls)
            attacks.append(
                SuperiorityAttack(
                    echelon,
                    tuple(sorted(flight.id for flight in attackers)),
                    patrols,
                    column,
                    results,
                    self.settings.air_rolls.get(echelon_id),
                )
            )
        return tuple(attacks)

    def _patrols_defending(
        self, echelon: UnitState, attacked_here: Mapping[Hex, list[str]]
    ) -> tuple[str, ...]:
        """The patrols of the echelon's side over its hex, still there after interception,
        that defend it: all of them, unless several echelons there are attacked, when the
        ``patrol_cover`` setting assigns them (the defender's choice)."""
        assert echelon.hex is not None
        patrols = sorted(
            flight.id
            for flight in self._of(echelon.side, "combat_air_patrol")
            if flight.hex == echelon.hex
            and flight.id not in self.cannot_fly
            and flight.id not in self.intercepted
        )
        if len(attacked_here[echelon.hex]) == 1:
            return tuple(patrols)
        unassigned = [flight for flight in patrols if flight not in self.settings.patrol_cover]
        if unassigned:
            raise self._refuse(
                "patrol_cover",
                f"say which ground echelon in {self.board.label(echelon.hex)} "
                f'{", ".join(unassigned)} defends, as "FLIGHT:ECHELON"',
            )
        return tuple(
            flight for flight in patrols if self.settings.patrol_cover[flight] == echelon.unit.id
        )

    @cached_property
    def damaged(self) -> Mapping[str, SuperiorityAttack]:
        """Air units whose ground echelon an attack damaged, with that attack."""
        return {
            attack.echelon.unit.traits.air_unit: attack
            for attack in self.superiority
            if attack.damaged
        }

    # ----- what flies -------------------------------------------------------------------

    @cached_property
    def patrolled(self) -> Mapping[str, frozenset[Hex]]:
        """Per side, the hexes its patrols still hold once interception and air superiority are over."""
        return {
            side: frozenset(
                flight.hex
                for flight in self._of(side, "combat_air_patrol")
                if self._fate(flight) is None
            )
            for side in (AXIS, SOVIET)
        }

    def _fate(self, flight: Flight) -> Grounding | None:
        """Why ``flight`` does not get to fly its mission after air combat, if it does not."""
        if flight.id in self.cannot_fly:
            return self.cannot_fly[flight.id]
        air_unit = flight.state.unit.traits.air_unit
        if air_unit in self.damaged:
            attack = self.damaged[air_unit]
            return Grounding(
                "damaged",
                "its ground echelon "
                + unit_ref(attack.echelon.unit.id)
                + f" was damaged by air superiority (roll {attack.roll}): the flight is out for "
                "three game turns, its mission has no effect",
                (RULES["air_superiority"], RULES["air_units"]),
            )
        if flight.id in self.intercepted:
            interception = self.intercepted[flight.id]
            return Grounding(
                "intercepted",
                "sent home by "
                + unit_refs(interception.interceptors)
                + f" intercepting in {self.board.label(interception.hex)}: its mission has no effect",
                (RULES["interception"],),
            )
        if flight.mission == "air_superiority" and not any(
            flight.id in attack.attackers for attack in self.superiority
        ):
            return Grounding(
                "no target",
                "no enemy ground echelon stands there, and air superiority attacks only "
                "ground echelons: it has no effect",
                (RULES["air_superiority"],),
            )
        return None

    @cached_property
    def fates(self) -> Mapping[str, Grounding | None]:
        """Every flight's fate: None when it flies its mission, else why not."""
        result: dict[str, Grounding | None] = {}
        support_taken: set[Hex] = set()
        for flight in self.flights:
            fate = self._fate(flight)
            enemy = self.position.other_side(flight.side)
            if (
                fate is None
                and flight.mission in ("close_support", "interdiction")
                and flight.hex in self.patrolled[enemy]
            ):
                fate = Grounding(
                    "illegal",
                    "the hex is under enemy combat air patrol: it has no effect",
                    (RULES["combat_air_patrol"],),
                    state="illegal",
                )
            if fate is None and flight.mission == "close_support":
                if flight.hex in support_taken:
                    fate = Grounding(
                        "illegal",
                        "a second close-support flight in the hex, one a hex at most: "
                        "it has no effect",
                        (RULES["close_support"],),
                        state="illegal",
                    )
                support_taken.add(flight.hex)
            result[flight.id] = fate
        return result

    def flights_on(self, side: str, mission: str) -> list[UnitState]:
        """``side``'s flights that fly ``mission`` and get to act."""
        return [flight.state for flight in self._of(side, mission) if self.fates[flight.id] is None]

    @cached_property
    def interdiction(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its interdiction flights hold in a ZOC: their own and the six around."""
        result: dict[str, dict[Hex, list[UnitState]]] = {
            side.id: {} for side in self.position.spec.sides
        }
        for side in result:
            for state in self.flights_on(side, "interdiction"):
                assert state.hex is not None
                for other in (state.hex, *neighbours(state.hex)):
                    if other in self.board.playable:
                        result[side].setdefault(other, []).append(state)
        return result

    # ----- reports ----------------------------------------------------------------------

    def as_json(self) -> dict[str, object]:
        """Interceptions, every air superiority attack with each roll, and every flight's fate."""
        label = self.board.label
        codes = self.table.codes
        return {
            "interceptions": [
                {
                    "hex": label(item.hex),
                    "side": item.side,
                    "interceptors": list(item.interceptors),
                    "returned": list(item.returned),
                    "immune": list(item.immune),
                }
                for item in self.interceptions
            ],
            "air_superiority": [
                {
                    "echelon": attack.echelon.unit.id,
                    "hex": label(attack.echelon.hex) if attack.echelon.hex is not None else None,
                    "attackers": list(attack.attackers),
                    "patrols": list(attack.patrols),
                    "attack": attack.attack,
                    "defence": attack.defence,
                    "column": str(attack.column),
                    "column_note": attack.column_note,
                    "results": [
                        {"roll": roll, "result": code, "meaning": codes.get(code, "")}
                        for roll, code in attack.results
                    ],
                    "roll": attack.roll,
                    "damaged": attack.damaged,
                }
                for attack in self.superiority
            ],
            "flights": [verdict.as_json() for verdict in self.flight_verdicts()],
        }

    # ----- verdicts ---------------------------------------------------------------------

    def _refuse(self, setting: str, message: str) -> RefereeError:
        return RefereeError(self.position.source, "settings", f"{setting}: {message}")

    def verdicts(self) -> list[Verdict]:
        """Flights based where the rules forbid, interceptions, air superiority, and every
        flying flight's mission with whether it acts."""
        return [
            *self._placements(),
            *self.interception_verdicts(),
            *self.superiority_verdicts(),
            *self.flight_verdicts(),
        ]

    def _placements(self) -> list[Verdict]:
        verdicts = []
        for state in self.position.units:
            if state.hex is None or not is_flight(state.unit):
                continue
            label = self.board.label(state.hex)
            if "flying" not in state.flags:
                air_unit = state.unit.traits.air_unit
                echelon = self.echelons.get(air_unit)
                if echelon is None or echelon.hex != state.hex:
                    verdicts.append(
                        Verdict(
                            unit_ref(state.unit.id),
                            "placement",
                            "illegal",
                            (RULES["air_units"],),
                            f"a flight is based only on its own ground echelon (air unit "
                            f"{air_unit}), which is not in {label}",
                            unit=state.unit.id,
                            violation=True,
                        )
                    )
                if state.unit.id in self.settings.missions:
                    verdicts.append(
                        Verdict(
                            unit_ref(state.unit.id),
                            "air mission",
                            "not flying",
                            (RULES["air_units"],),
                            "air_missions gives it a mission, but it is on the ground: it has no "
                            "effect",
                            unit=state.unit.id,
                            violation=True,
                        )
                    )
            elif state.unit.id not in self.settings.missions:
                verdicts.append(
                    Verdict(
                        unit_ref(state.unit.id),
                        "air mission",
                        "mission not stated",
                        (RULES["air_units"],),
                        "a flying flight needs its mission in the air_missions setting; "
                        "it is given no effect",
                        unit=state.unit.id,
                        violation=True,
                    )
                )
        return verdicts

    def interception_verdicts(self) -> list[Verdict]:
        """Each side's interception over each hex (Air missions (5))."""
        verdicts = []
        for interception in self.interceptions:
            label = self.board.label(interception.hex)
            if interception.returned:
                verb = "sends" if len(interception.interceptors) == 1 else "send"
                explanation = (
                    unit_refs(interception.interceptors)
                    + f" {verb} "
                    + unit_refs(interception.returned)
                    + " home (one enemy flight for each interceptor, combat air patrols first)"
                )
            else:
                verb = "finds" if len(interception.interceptors) == 1 else "find"
                explanation = (
                    unit_refs(interception.interceptors)
                    + f" {verb} no enemy flight there to intercept"
                )
            if interception.immune:
                verb = "patrols over its" if len(interception.immune) == 1 else "patrol over their"
                explanation += (
                    "; "
                    + unit_refs(interception.immune)
                    + f" {verb} own ground echelon and cannot be intercepted"
                )
            verdicts.append(
                Verdict(
                    f"interception in {label}",
                    "interception",
                    f"{len(interception.returned)} sent home",
                    (RULES["interception"],),
                    explanation,
                    details={
                        "interceptors": unit_refs(interception.interceptors, " "),
                        "returned": unit_refs(interception.returned, " "),
                    },
                )
            )
        return verdicts

    def superiority_verdicts(self) -> list[Verdict]:
        """Each air superiority attack with its odds and every roll (Air missions (4))."""
        verdicts = []
        for attack in self.superiority:
            echelon = attack.echelon
            assert echelon.hex is not None
            patrols = (
                f", + {len(attack.patrols)} for " + unit_refs(attack.patrols) + " on patrol"
                if attack.patrols
                else ""
            )
            verb = "attacks" if len(attack.attackers) == 1 else "attack"
            working = (
                unit_refs(attack.attackers) + f" {verb} it in {self.board.label(echelon.hex)}: "
                f"{attack.attack} to {attack.defence} (the echelon's {ECHELON_DEFENCE}"
                + patrols
                + f"), {attack.column_note or attack.column}; "
                + (
                    f"damaged on {rolls_text(attack.damaging_rolls)}"
                    if attack.damaging_rolls
                    else "no roll damages it"
                )
            )
            if attack.damaged is None:
                outcome = "roll to come"
                working += "; until the roll is known its flight is taken to fly on (air_rolls gives the roll)"
            elif attack.damaged:
                outcome = "damaged"
                working += f"; rolled {attack.roll}: its flight is out for three game turns"
            else:
                outcome = "not damaged"
                working += f"; rolled {attack.roll}"
            verdicts.append(
                Verdict(
                    unit_ref(echelon.unit.id),
                    "air superiority",
                    outcome,
                    (RULES["air_superiority"], RULES["air_superiority_table"]),
                    working,
                    details={
                        "attack": str(attack.attack),
                        "defence": str(attack.defence),
                        "column": str(attack.column),
                        "column_note": attack.column_note,
                        "damaged_on": " ".join(str(roll) for roll in attack.damaging_rolls),
                    },
                    unit=echelon.unit.id,
                )
            )
        return verdicts

    def flight_verdicts(self) -> list[Verdict]:
        """Every flying flight's mission, and whether it gets to act."""
        verdicts = []
        for flight in self.flights:
            fate = self.fates[flight.id]
            label = self.board.label(flight.hex)
            mission = flight.mission.replace("_", " ")
            details = {"mission": flight.mission, "hex": label}
            if flight.distance is not None:
                details["distance"] = str(flight.distance)
            if flight.range is not None:
                details["range"] = str(flight.range)
            if fate is None:
                reach = (
                    f", {hexes(flight.distance)} from its ground echelon (range {flight.range})"
                    if flight.distance is not None and flight.range is not None
                    else ""
                )
                verdicts.append(
                    Verdict(
                        unit_ref(flight.id),
                        "air mission",
                        "flies",
                        (RULES["air_units"], MISSION_RULES[flight.mission]),
                        f"{mission} over {label}{reach}",
                        details=details,
                        unit=flight.id,
                    )
                )
            else:
                verdicts.append(
                    Verdict(
                        unit_ref(flight.id),
                        "air mission",
                        fate.outcome,
                        tuple(dict.fromkeys((*fate.rules, MISSION_RULES[flight.mission]))),
                        f"{mission} over {label}: " + fate.explanation,
                        details=details,
                        unit=flight.id,
                        violation=fate.state == "illegal",
                        state=fate.state,
                    )
                )
        return verdicts
