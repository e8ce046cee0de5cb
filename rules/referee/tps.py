"""The Turning Point: Stalingrad referee (SPI 1972): supply, zones of control, stacking,
movement costs, combat odds, Kampfgruppen, the continuous front and victory points.

The rules text (seed 000, a Japanese summary of SPI's rules) numbers nothing, so every
verdict cites the section names kept in :data:`RULES` ("Supply (B)(2)", "ZOC", "VP
schedule"...), one place for all of them.

Units are read by these ``units.toml`` conventions:

- ``arm = "supply"``: a Soviet supply unit; ``arm = "kampfgruppe"``: a German Kampfgruppe;
  an arm containing ``cavalry``: cavalry (Soviet cavalry traces supply 15 hexes);
- ``arm = "air_ground"`` and ``arm = "air_flight"``: the ground echelon and the flight of
  an air unit, both naming the air unit in ``properties.air_unit``;
- ``mobility`` ``motorized``/``mechanized`` (either spelling): motorised for VP and
  Kampfgruppen; anything else is non-motorised;
- the printed strength is the full-strength step's attack value (TPS counters print one
  combat strength, e.g. the Kampfgruppe's "2-8").

Position settings the referee reads (``[settings]`` of a position file):

- ``air_missions``: what each flying flight (``flags = ["flying"]``, placed in the hex it
  flies to) is doing, ``"unit:mission, unit:mission"`` with missions ``close_support``,
  ``interdiction``, ``combat_air_patrol``, ``air_superiority``, ``interception``.
  Interdiction flights exert a ZOC (their own hex and the six around it) that costs
  movement and blocks the ground part of enemy supply lines where no enemy unit stands;
  close support adds +2 to the die of attacks on its hex and cancels terrain.
- ``phasing_side``: ``axis`` or ``soviet``, whose player turn it is (else the first word of
  the position's phase); the position is then scored as the end of that player turn for
  the continuous front.
- ``gap_vp_axis``, ``gap_vp_soviet``: VP each side was already awarded for the other's
  front gaps in earlier player turns, which no position can recompute.

Supply is one rail-network search and one ground search per side for the whole position
(:func:`rules.referee.search.reach_by_kind` grades every Soviet unit by all three kinds of
source at once); ``check`` and the victory count share it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from math import floor

from rules.hexes import Hex, are_adjacent, distance, hexside, neighbours
from rules.model import Unit, UnitStep, VictoryPointAward
from rules.referee.engine import Contribution, Modifier, Referee, RefereeError, register
from rules.referee.position import Position, UnitState
from rules.referee.search import Reach, StepAllowed, reach, reach_by_kind
from rules.referee.verdict import Verdict

RULES: Mapping[str, str] = {
    "movement": "Movement",
    "rail_movement": "Movement (K)",
    "zoc": "ZOC",
    "stacking": "Stacking",
    "supply": "Supply",
    "axis_supply": "Supply (A)",
    "soviet_supply": "Supply (B)",
    "soviet_rail": "Supply (B)(1)",
    "soviet_supply_unit": "Supply (B)(2)",
    "soviet_edge": "Supply (B)(3)",
    "best_state": "Supply (B)(4)",
    "supply_effects": "Supply (C)",
    "blocking": "Supply (D, I)",
    "captured_rail": "Supply (H)",
    "combat": "Combat",
    "kampfgruppe": "Kampfgruppen (G, R, S)",
    "supply_and_air_units": "Supply and air units (K)",
    "front": "Continuous front",
    "air_units": "Air units",
    "close_support": "Air missions (1) close support",
    "interdiction": "Air missions (2) interdiction",
    "combat_air_patrol": "Air missions (3) combat air patrol",
    "surprise": "First-turn surprise",
    "vp_table": "VP table",
    "vp_schedule": "VP schedule",
    "terrain": "Terrain effects table",
    "crt": "CRT note",
}
"""The section of the rules text each ruling rests on; verdicts cite only these strings."""

AXIS = "axis"
SOVIET = "soviet"
FORTIFIED_TERRAIN: Mapping[str, str] = {AXIS: "fortified_axis", SOVIET: "fortified_soviet"}
"""Each side's own fortified-hex terrain (terrain effects table: 要塞 Hx)."""

STACKING_LIMIT = 3
AXIS_SUPPLY_RANGE = 12
SOVIET_RAIL_RANGE = 8
SOVIET_SUPPLY_UNIT_RANGE = 4
SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE = 8
SOVIET_EDGE_RANGE = 4
SOVIET_CAVALRY_RANGE = 15
ZOC_ENTRY_COST = 3
ZOC_EXIT_COST = 2
REINFORCEMENT_RAIL_HEXES = 30
CLOSE_SUPPORT_DIE_MODIFIER = 2
LOWEST_DIE_MODIFIER = -2
KAMPFGRUPPE_LARGE_FROM = 6
KAMPFGRUPPE_LARGE = 2
KAMPFGRUPPE_SMALL = 1
SUPPLY_AND_AIR_DEFENCE = 1
MOTORISED_MOBILITIES = frozenset({"motorised", "motorized", "mechanised", "mechanized"})
AIR_MISSIONS = ("close_support", "interdiction", "combat_air_patrol", "air_superiority", "interception")


class SupplyState(StrEnum):
    """A unit's supply state; only Soviet units can be isolated (Supply (B), (C))."""

    SUPPLIED = "supplied"
    OUT_OF_SUPPLY = "out of supply"
    ISOLATED = "isolated"


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

    @property
    def line_of_communication(self) -> bool:
        """A supply line of any length to any source (VP schedule's 連絡線)."""
        return bool(self.distances)


@dataclass(frozen=True)
class KampfgruppeReplacement:
    """What eliminating a unit leaves behind (Kampfgruppen (G, R, S)).

    ``strength`` is the Kampfgruppe's strength (0 when none replaces the unit);
    ``exchange_loss`` what an Ex or 1/2Ex result makes the Soviet attacker remove: the
    unit's original printed strength (halved for 1/2Ex, without rounding), never the
    original less the Kampfgruppe.
    """

    unit: str
    strength: int
    exchange_loss: Fraction | None
    verdict: Verdict


@dataclass(frozen=True)
class FrontGaps:
    """A side's continuous front: the fewest gap hexes and which ones (Continuous front)."""

    side: str
    gaps: tuple[Hex, ...]


# ----- units -----------------------------------------------------------------------------


def is_flight(unit: Unit) -> bool:
    """The flight piece of an air unit."""
    return unit.arm == "air_flight"


def is_ground_echelon(unit: Unit) -> bool:
    """The ground echelon piece of an air unit."""
    return unit.arm == "air_ground"


def is_air_unit(unit: Unit) -> bool:
    """Either piece of an air unit."""
    return is_flight(unit) or is_ground_echelon(unit)


def is_supply_unit(unit: Unit) -> bool:
    """A Soviet supply unit."""
    return unit.arm == "supply"


def is_kampfgruppe(unit: Unit) -> bool:
    """A German Kampfgruppe."""
    return unit.arm == "kampfgruppe"


def is_cavalry(unit: Unit) -> bool:
    """Cavalry (Soviet cavalry is mechanised cavalry; the rules' 騎兵)."""
    return "cavalry" in unit.arm


def is_motorised(unit: Unit) -> bool:
    """Armour, motorised infantry, Soviet mechanised cavalry (the rules' 自動車化)."""
    return unit.mobility.lower() in MOTORISED_MOBILITIES


def printed_strength(unit: Unit) -> int:
    """The unit's printed (full-strength) combat strength."""
    step = unit.steps[0]
    value = step.attack if step.attack is not None else step.defence
    return value or 0


def current_step(state: UnitState) -> UnitStep:
    """The values the unit shows with the steps it has left."""
    return state.unit.steps[len(state.unit.steps) - state.steps]


def kampfgruppe_for(unit: Unit, result: str | None = None) -> KampfgruppeReplacement:
    """The Kampfgruppe that replaces an eliminated German motorised unit, if any.

    A German motorised unit (not itself a Kampfgruppe) becomes a 2-8 Kampfgruppe when its
    printed strength is 6 or more, else a 1-8. ``result`` (``Ex`` or ``1/2Ex``) adds what
    the Soviet attacker must remove, counted from the original strength.
    """
    rules = (RULES["kampfgruppe"],)
    strength = printed_strength(unit)
    eligible = unit.nationality == "german" and is_motorised(unit) and not is_kampfgruppe(unit)
    eligible = eligible and not is_air_unit(unit)
    if not eligible:
        reason = "it is a Kampfgruppe" if is_kampfgruppe(unit) else "only German motorised units form Kampfgruppen"
        verdict = Verdict(unit.id, "Kampfgruppe", "no Kampfgruppe", rules, f"no replacement: {reason}")
        return KampfgruppeReplacement(unit.id, 0, None, verdict)
    kampfgruppe = KAMPFGRUPPE_LARGE if strength >= KAMPFGRUPPE_LARGE_FROM else KAMPFGRUPPE_SMALL
    loss: Fraction | None = None
    explanation = (
        f"printed strength {strength} is {'at least' if kampfgruppe == KAMPFGRUPPE_LARGE else 'below'} "
        f"{KAMPFGRUPPE_LARGE_FROM}: replaced by a {kampfgruppe}-8 Kampfgruppe, which does not retreat"
    )
    if result in ("Ex", "1/2Ex"):
        loss = Fraction(strength) if result == "Ex" else Fraction(strength, 2)
        explanation += f"; {result}: the attacker removes at least {loss} strength points, from the original {strength}"
    verdict = Verdict(
        unit.id, "Kampfgruppe", f"{kampfgruppe}-8 Kampfgruppe", rules, explanation,
        details={"strength": str(strength), "kampfgruppe": str(kampfgruppe)},
    )
    return KampfgruppeReplacement(unit.id, kampfgruppe, loss, verdict)


def fewest_separating_hexes(
    region: frozenset[Hex],
    covered: frozenset[Hex],
    first: frozenset[Hex],
    second: frozenset[Hex],
    crossing_allowed: Mapping[Hex, frozenset[Hex]],
) -> tuple[Hex, ...]:
    """The fewest hexes of ``region`` outside ``covered`` that, with ``covered``, cut every
    path inside ``region`` from ``first`` to ``second``.

    Menger's theorem: that number equals the most paths from ``first`` to ``second`` that
    share no uncovered hex, so a unit-capacity maximum flow over uncovered hexes (each
    split into an entry and an exit node) finds it, and the hexes whose entry the last
    search still reaches but whose exit it does not are one smallest cut. Covered hexes
    are walls; ``crossing_allowed`` gives the neighbours each hex may be left toward.
    """
    open_hexes = sorted(region - covered)
    index = {hex_: number for number, hex_ in enumerate(open_hexes)}
    source, sink = 2 * len(open_hexes), 2 * len(open_hexes) + 1
    unlimited = len(open_hexes) + 1
    capacity: dict[tuple[int, int], int] = {}
    links: list[list[int]] = [[] for _ in range(2 * len(open_hexes) + 2)]

    def link(start: int, end: int, amount: int) -> None:
        if (start, end) not in capacity:
            links[start].append(end)
            links[end].append(start)
            capacity.setdefault((end, start), 0)
        capacity[(start, end)] = amount

    for hex_, number in index.items():
        link(2 * number, 2 * number + 1, 1)
        for other in crossing_allowed.get(hex_, frozenset()):
            if other in index:
                link(2 * number + 1, 2 * index[other], unlimited)
        if hex_ in first:
            link(source, 2 * number, unlimited)
        if hex_ in second:
            link(2 * number + 1, sink, unlimited)

    def residual_reach() -> dict[int, int]:
        parent = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for following in links[node]:
                if following not in parent and capacity[(node, following)] > 0:
                    parent[following] = node
                    queue.append(following)
        return parent

    while True:
        parent = residual_reach()
        if sink not in parent:
            break
        node = sink
        while node != source:
            before = parent[node]
            capacity[(before, node)] -= 1
            capacity[(node, before)] += 1
            node = before
    return tuple(hex_ for hex_, number in index.items() if 2 * number in parent and 2 * number + 1 not in parent)


# ----- settings ----------------------------------------------------------------------------

SETTING_NAMES = ("air_missions", "phasing_side", "gap_vp_axis", "gap_vp_soviet")


@dataclass(frozen=True)
class Settings:
    """The TPS switches of a position (see the module docstring), checked."""

    missions: Mapping[str, str]
    phasing_side: str | None
    earlier_gap_vp: Mapping[str, int]


def read_settings(position: Position) -> Settings:
    """The TPS settings of ``position``; an unknown or bad one raises :class:`RefereeError`,
    so a typo cannot pass unnoticed."""

    def fail(name: str, message: str) -> RefereeError:
        return RefereeError(position.source, position.setting_place(name), f"{name}: {message}")

    for name in position.settings:
        if name not in SETTING_NAMES:
            raise fail(name, f"not a Turning Point: Stalingrad setting (known: {', '.join(SETTING_NAMES)})")
    missions: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in position.setting("air_missions").split(","))):
        unit_id, _, mission = (piece.strip() for piece in item.partition(":"))
        if unit_id not in position.spec.units or not is_flight(position.spec.units[unit_id]):
            raise fail("air_missions", f"{unit_id!r} is no air unit's flight")
        if mission not in AIR_MISSIONS:
            raise fail("air_missions", f"unknown mission {mission!r} for {unit_id} (known: {', '.join(AIR_MISSIONS)})")
        missions[unit_id] = mission
    phasing = position.setting("phasing_side") or (position.phase or "").split(" ")[0].lower()
    if position.setting("phasing_side") not in ("", AXIS, SOVIET):
        raise fail("phasing_side", f"{position.setting('phasing_side')!r} is not {AXIS} or {SOVIET}")
    earlier = {}
    for side in (AXIS, SOVIET):
        value = position.setting(f"gap_vp_{side}", "0")
        if not (value.isascii() and value.isdigit()) or len(value) > 9:
            raise fail(f"gap_vp_{side}", f"{value!r} is not a whole number")
        earlier[side] = int(value)
    return Settings(missions, phasing if phasing in (AXIS, SOVIET) else None, earlier)


# ----- the referee -------------------------------------------------------------------------


@register
class TurningPointReferee(Referee):
    """Turning Point: Stalingrad rulings over the shared engine's hooks."""

    game_id = "tps"
    stacking_rules = (RULES["stacking"], RULES["air_units"])
    odds_table_id = "crt"

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.settings = read_settings(position)

    # ----- what a check reports ---------------------------------------------------------

    def check(self) -> list[Verdict]:
        """The engine's verdicts, then placements the rules forbid (air units, water)."""
        return [*super().check(), *self.placement_problems()]

    # ----- the map --------------------------------------------------------------------

    @cached_property
    def terrain_of_hex(self) -> Mapping[Hex, str]:
        """Every playable hex's terrain, looked up once."""
        return {hex_: self.terrain(hex_) for hex_ in self.playable}

    @cached_property
    def passable(self) -> frozenset[Hex]:
        """Hexes units and supply lines may enter (not all-sea or all-lake hexes)."""
        types = self.spec.terrain_types
        return frozenset(
            hex_ for hex_, terrain in self.terrain_of_hex.items() if types[terrain].movement_cost("all") is not None
        )

    @cached_property
    def steps_across(self) -> Mapping[Hex, frozenset[Hex]]:
        """For each passable hex, the passable neighbours not behind a sea or lake hexside."""
        types = self.spec.terrain_types
        closed = {
            side
            for side, features in self.position.game_map.hexside_features.items()
            if any(types[feature].movement_cost("all") is None for feature in features)
        }
        return {
            hex_: frozenset(
                other for other in neighbours(hex_) if other in self.passable and hexside(hex_, other) not in closed
            )
            for hex_ in self.passable
        }

    def may_step(self, first: Hex, second: Hex) -> bool:
        """Whether a line or a unit may pass from ``first`` into the adjacent ``second``."""
        return second in self.steps_across.get(first, frozenset())

    @cached_property
    def rail_links(self) -> frozenset[tuple[Hex, Hex]]:
        """Adjacent hex pairs joined by a ``[[map.rail]]`` chain, in both directions."""
        pairs: set[tuple[Hex, Hex]] = set()
        for rail in self.position.game_map.rails:
            for first, second in zip(rail.hexes, rail.hexes[1:]):
                pairs.update({(first, second), (second, first)})
        return frozenset(pairs)

    @cached_property
    def rail_hexes(self) -> frozenset[Hex]:
        """Every hex on a rail line."""
        return frozenset(hex_ for rail in self.position.game_map.rails for hex_ in rail.hexes)

    def usable_rail(self, side: str) -> frozenset[Hex]:
        """Rail hexes ``side`` may trace supply along (Supply (H)).

        Axis units use rail only west of their own fortified line, that line included;
        Soviets only east of theirs. West and east are read row by row: in each hex row,
        rail up to the line's easternmost Axis fortified hex (from its westernmost Soviet
        one). Rows beyond the ends of a line take the nearest row it crosses, so a line
        that stops short of the map edge (at lakes, say) still divides the map. A side
        with no fortified hexes on the map may use every rail hex.
        """
        return self._usable_rail[side]

    @cached_property
    def _usable_rail(self) -> Mapping[str, frozenset[Hex]]:
        usable = {}
        for side, terrain in FORTIFIED_TERRAIN.items():
            line: dict[int, list[int]] = {}
            for hex_, kind in self.terrain_of_hex.items():
                if kind == terrain:
                    line.setdefault(self.north_south[hex_], []).append(self.west_east[hex_])
            if not line:
                usable[side] = self.rail_hexes
                continue
            bound = {row: max(columns) if side == AXIS else min(columns) for row, columns in line.items()}
            usable[side] = frozenset(hex_ for hex_ in self.rail_hexes if self._behind(hex_, side, bound))
        return usable

    def _behind(self, hex_: Hex, side: str, bound: Mapping[int, int]) -> bool:
        """Whether ``hex_`` lies on ``side``'s side of its line, given the line's bound per row."""
        row = self.north_south[hex_]
        edge = bound[min(bound, key=lambda crossed: (abs(crossed - row), crossed))]
        return self.west_east[hex_] <= edge if side == AXIS else self.west_east[hex_] >= edge

    @cached_property
    def _sideways(self) -> bool:
        assert self.position.game_map.hex_map is not None
        return self.position.game_map.hex_map.boards[0].grid.sideways

    @cached_property
    def north_south(self) -> Mapping[Hex, int]:
        """How far south each hex lies, in hex rows (a sideways grid's rows are its columns)."""
        return {hex_: hex_.column if self._sideways else hex_.row for hex_ in self.playable}

    @cached_property
    def west_east(self) -> Mapping[Hex, int]:
        """How far east each hex lies, in hex columns."""
        return {hex_: hex_.row if self._sideways else hex_.column for hex_ in self.playable}

    @cached_property
    def rostov(self) -> Hex | None:
        """Rostov's hex, from the map's towns."""
        for town in self.position.game_map.towns:
            if town.name.casefold().startswith("rostov"):
                return town.hex
        return None

    # ----- who stands where -------------------------------------------------------------

    def holds_hex(self, state: UnitState) -> bool:
        """Flights in the air fly over a hex; every other piece stands in it."""
        return state.hex is not None and "flying" not in state.flags

    def flights_on(self, side: str, mission: str) -> list[UnitState]:
        """``side``'s flights flying ``mission``."""
        return [
            state for state in self.position.units_of(side)
            if "flying" in state.flags and self.settings.missions.get(state.unit.id) == mission
        ]

    @cached_property
    def holders(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its pieces stand in (flights in the air excluded)."""
        result: dict[str, dict[Hex, list[UnitState]]] = {side.id: {} for side in self.spec.sides}
        for state in self.position.units:
            if state.hex is not None and self.holds_hex(state):
                result[state.side].setdefault(state.hex, []).append(state)
        return result

    def exerts_zoc(self, state: UnitState) -> bool:
        """Every unit but air units (both pieces) and Soviet supply units has a ZOC (ZOC)."""
        return self.holds_hex(state) and not is_air_unit(state.unit) and not is_supply_unit(state.unit)

    @cached_property
    def zoc(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its ground units' ZOC reaches, with the units exerting it."""
        result: dict[str, dict[Hex, list[UnitState]]] = {side.id: {} for side in self.spec.sides}
        for state in self.position.units:
            if state.hex is not None and self.exerts_zoc(state):
                for other in neighbours(state.hex):
                    if other in self.playable:
                        result[state.side].setdefault(other, []).append(state)
        return result

    @cached_property
    def interdiction(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its interdiction flights hold in a ZOC: their own and the six around."""
        result: dict[str, dict[Hex, list[UnitState]]] = {side.id: {} for side in self.spec.sides}
        for side in result:
            for state in self.flights_on(side, "interdiction"):
                assert state.hex is not None
                for other in (state.hex, *neighbours(state.hex)):
                    if other in self.playable:
                        result[side].setdefault(other, []).append(state)
        return result

    def enemy_zoc_for_movement(self, side: str) -> frozenset[Hex]:
        """Hexes where ``side``'s units pay ZOC costs: enemy ground and interdiction ZOC."""
        enemy = self.position.other_side(side)
        return frozenset(self.zoc[enemy]) | frozenset(self.interdiction[enemy])

    # ----- supply ---------------------------------------------------------------------

    def _blocked(self, side: str) -> tuple[frozenset[Hex], frozenset[Hex]]:
        """Hexes closed to ``side``'s rail and ground supply lines (Supply (D, I)).

        Enemy units close their hexes; enemy ZOC closes hexes no friendly unit stands in.
        Interdiction ZOC closes the ground part only, and friendly units cancel it too.
        """
        enemy = self.position.other_side(side)
        friendly = frozenset(self.holders[side])
        closed = frozenset(self.holders[enemy]) | (frozenset(self.zoc[enemy]) - friendly)
        return closed, closed | (frozenset(self.interdiction[enemy]) - friendly)

    def _sources(self, side: str, rail: bool) -> list[Hex]:
        """The side's rail supply sources (``rail``), or its other map sources.

        Every Axis source is a rail source (Supply (A)); a Soviet source is one when its
        kind names rail, and counts as the east edge otherwise (Supply (B)(1), (3)).
        """
        return [
            hex_
            for source in self.position.game_map.supply_sources
            if source.side == side and (side == AXIS or "rail" in source.kind) == rail
            for hex_ in source.hexes
        ]

    def _ground_step(self, closed: frozenset[Hex]) -> StepAllowed:
        """A ground supply line's step: any terrain but water, into no closed hex."""
        return lambda first, second: second not in closed and self.may_step(first, second)

    def _rail_network(self, side: str, closed: frozenset[Hex]) -> Reach:
        """Rail hexes joined to the side's rail sources by usable, unblocked rail (any length)."""
        usable = self.usable_rail(side)
        rail_sources = [hex_ for hex_ in self._sources(side, rail=True) if hex_ in usable and hex_ not in closed]
        links = self.rail_links
        return reach(rail_sources, lambda first, second: (first, second) in links and second in usable
                     and second not in closed)

    @cached_property
    def supply_lines(self) -> Mapping[str, tuple[Reach, Mapping[SourceKind, Reach]]]:
        """Per side: the rail network reached, and the ground search from each kind of source."""
        result = {}
        for side in (AXIS, SOVIET):
            rail_closed, ground_closed = self._blocked(side)
            network = self._rail_network(side, rail_closed)
            sources: dict[SourceKind, list[Hex]] = {SourceKind.RAIL: list(network.distance)}
            if side == SOVIET:
                sources[SourceKind.SUPPLY_UNIT] = [
                    hex_ for hex_, states in self.holders[side].items()
                    if any(is_supply_unit(state.unit) for state in states)
                ]
                edge = [*self.position.game_map.edge("east").hexes, *self._sources(side, rail=False)]
                sources[SourceKind.EAST_EDGE] = [
                    hex_ for hex_ in edge if hex_ in self.passable and hex_ not in ground_closed
                ]
            result[side] = (network, reach_by_kind(sources, self._ground_step(ground_closed)))
        return result

    def supply_of(self, state: UnitState) -> UnitSupply:
        """The unit's supply state and line, as of now (Supply (A), (B))."""
        assert state.hex is not None, f"{state.unit.id} is not on the map"
        network, ground = self.supply_lines[state.side]
        distances = {kind: found.distance[state.hex] for kind, found in ground.items() if state.hex in found.distance}
        if state.side == AXIS:
            chosen = SourceKind.RAIL if SourceKind.RAIL in distances else None
            supplied = chosen is not None and distances[SourceKind.RAIL] <= AXIS_SUPPLY_RANGE
            return self._line(state, SupplyState.SUPPLIED if supplied else SupplyState.OUT_OF_SUPPLY, chosen,
                              distances, network, ground)
        if is_cavalry(state.unit):
            limits = {kind: SOVIET_CAVALRY_RANGE for kind in SourceKind}
        else:
            limits = {SourceKind.RAIL: SOVIET_RAIL_RANGE, SourceKind.SUPPLY_UNIT: SOVIET_SUPPLY_UNIT_RANGE,
                      SourceKind.EAST_EDGE: SOVIET_EDGE_RANGE}
        supplying = [kind for kind, reached in distances.items() if reached <= limits[kind]]
        if supplying:
            chosen = min(supplying, key=lambda kind: (distances[kind], list(SourceKind).index(kind)))
            return self._line(state, SupplyState.SUPPLIED, chosen, distances, network, ground)
        to_supply_unit = distances.get(SourceKind.SUPPLY_UNIT)
        if not is_cavalry(state.unit) and to_supply_unit is not None and \
                to_supply_unit <= SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE:
            return self._line(state, SupplyState.OUT_OF_SUPPLY, SourceKind.SUPPLY_UNIT, distances, network, ground)
        nearest = min(distances, key=lambda kind: distances[kind]) if distances else None
        return self._line(state, SupplyState.ISOLATED, nearest, distances, network, ground)

    def _line(
        self,
        state: UnitState,
        supply: SupplyState,
        kind: SourceKind | None,
        distances: Mapping[SourceKind, int],
        network: Reach,
        ground: Mapping[SourceKind, Reach],
    ) -> UnitSupply:
        assert state.hex is not None
        if kind is None:
            return UnitSupply(supply, None, None, (), 0, distances)
        path = ground[kind].path_to_source(state.hex)
        rail_path = network.path_to_source(path[-1])[1:] if kind == SourceKind.RAIL else ()
        return UnitSupply(supply, kind, distances[kind], path + rail_path, len(rail_path), distances)

    @cached_property
    def supply_by_unit(self) -> Mapping[str, UnitSupply]:
        """Every piece's supply but flights' (air units need no supply for missions)."""
        return {
            state.unit.id: self.supply_of(state)
            for state in self.position.units
            if state.hex is not None and self.holds_hex(state) and not is_flight(state.unit)
        }

    def supply(self) -> list[Verdict]:
        """Each unit's supply state, traced path, distance and effects."""
        return [
            self._supply_verdict(state, self.supply_by_unit[state.unit.id])
            for state in self.position.units
            if state.unit.id in self.supply_by_unit
        ]

    def _supply_verdict(self, state: UnitState, line: UnitSupply) -> Verdict:
        assert state.hex is not None
        effect = supply_effects(line.state)
        details = {
            "hex": self.label(state.hex),
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
            rules: tuple[str, ...] = (RULES["axis_supply"], RULES["blocking"], RULES["captured_rail"])
            if line.distance is None:
                explanation = "no rail hex joined by usable rail to an Axis rail source can be reached"
            else:
                explanation = (
                    f"{line.distance} hexes to rail hex {self.label(line.path[line.distance])} "
                    f"(limit {AXIS_SUPPLY_RANGE}), then {line.rail_hexes} rail hexes to the source "
                    f"{self.label(line.path[-1])}"
                )
        else:
            section = {
                None: RULES["soviet_supply"],
                SourceKind.RAIL: RULES["soviet_rail"],
                SourceKind.SUPPLY_UNIT: RULES["soviet_supply_unit"],
                SourceKind.EAST_EDGE: RULES["soviet_edge"],
            }[line.kind]
            rules = tuple(dict.fromkeys((RULES["soviet_supply"], section, RULES["best_state"], RULES["blocking"])))
            explanation = self._soviet_explanation(state, line)
        return Verdict(
            subject=state.unit.id,
            topic="supply",
            outcome=str(line.state),
            rules=(*rules, RULES["supply_effects"]),
            explanation=explanation,
            path=self.labels(line.path),
            details=details,
            unit=state.unit.id,
        )

    def _soviet_explanation(self, state: UnitState, line: UnitSupply) -> str:
        if is_cavalry(state.unit):
            terms = f"cavalry: supplied within {SOVIET_CAVALRY_RANGE} hexes of any source"
        else:
            terms = (
                f"supplied within {SOVIET_RAIL_RANGE} of a rail line, {SOVIET_SUPPLY_UNIT_RANGE} of a supply unit "
                f"or {SOVIET_EDGE_RANGE} of the east edge; out of supply within "
                f"{SOVIET_SUPPLY_UNIT_OUT_OF_SUPPLY_RANGE} of a supply unit"
            )
        found = []
        for kind in SourceKind:
            if kind in line.distances:
                rail = f" (then {line.rail_hexes} rail hexes to {self.label(line.path[-1])})" \
                    if kind == line.kind == SourceKind.RAIL else ""
                found.append(f"{kind} {line.distances[kind]}{rail}")
        return f"{terms}; nearest: {', '.join(found) or 'no source can be reached'}"

    # ----- zones of control and placements ----------------------------------------------

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC (ground or interdiction), for information."""
        verdicts = []
        for side in (AXIS, SOVIET):
            enemy = self.position.other_side(side)
            for hex_, states in sorted(self.holders[side].items()):
                ground = self.zoc[enemy].get(hex_, [])
                flights = self.interdiction[enemy].get(hex_, [])
                if not ground and not flights:
                    continue
                exerting = [f"{other.unit.id} ({self.label(other.hex)})" for other in ground if other.hex is not None]
                exerting += [f"flight {other.unit.id} on interdiction" for other in flights]
                rules = (RULES["zoc"], RULES["interdiction"]) if flights else (RULES["zoc"],)
                verdicts.append(
                    Verdict(
                        subject=f"hex {self.label(hex_)}",
                        topic="zone of control",
                        outcome="in enemy ZOC",
                        rules=rules,
                        explanation=f"{', '.join(state.unit.id for state in states)} in the ZOC of "
                        f"{', '.join(exerting)}: +{ZOC_EXIT_COST} MP to leave, supply lines pass only "
                        "while a friendly unit stands here",
                        details={"units": ", ".join(state.unit.id for state in states)},
                    )
                )
        return verdicts

    def placement_problems(self) -> list[Verdict]:
        """Pieces where the rules forbid them, and air missions the rules forbid."""
        verdicts = []
        types = self.spec.terrain_types
        for state in self.position.units:
            if state.hex is None:
                continue
            label = self.label(state.hex)
            if self.holds_hex(state) and types[self.terrain_of_hex[state.hex]].movement_cost("all") is None:
                verdicts.append(Verdict(state.unit.id, "placement", "illegal", (RULES["terrain"],),
                                        f"stands in {label}, a {self.terrain_of_hex[state.hex]} hex no unit may enter"))
            if is_flight(state.unit) and "flying" not in state.flags:
                air_unit = state.unit.properties.get("air_unit", "")
                if not any(
                    is_ground_echelon(other.unit) and other.unit.properties.get("air_unit", "") == air_unit
                    and other.hex == state.hex
                    for other in self.position.units
                ):
                    verdicts.append(Verdict(state.unit.id, "placement", "illegal", (RULES["air_units"],),
                                            f"a flight is based only on its own ground echelon (air unit "
                                            f"{air_unit}), which is not in {label}"))
            if "flying" in state.flags and state.unit.id not in self.settings.missions:
                verdicts.append(Verdict(state.unit.id, "air mission", "mission not stated", (RULES["air_units"],),
                                        "a flying flight needs its mission in the air_missions setting; "
                                        "it is given no effect"))
        for side in (AXIS, SOVIET):
            enemy = self.position.other_side(side)
            patrolled = {state.hex for state in self.flights_on(enemy, "combat_air_patrol")}
            support: dict[Hex, list[str]] = {}
            for state in self.flights_on(side, "close_support"):
                assert state.hex is not None
                support.setdefault(state.hex, []).append(state.unit.id)
            for hex_, flights in sorted(support.items()):
                if len(flights) > 1:
                    verdicts.append(Verdict(f"hex {self.label(hex_)}", "air mission", "illegal",
                                            (RULES["close_support"],),
                                            f"{len(flights)} close-support flights ({', '.join(flights)}); "
                                            "one a hex at most"))
            for mission in ("close_support", "interdiction"):
                for state in self.flights_on(side, mission):
                    if state.hex in patrolled:
                        assert state.hex is not None
                        verdicts.append(Verdict(state.unit.id, "air mission", "illegal",
                                                (RULES["combat_air_patrol"],),
                                                f"{mission.replace('_', ' ')} into {self.label(state.hex)}, "
                                                "a hex under enemy combat air patrol"))
        return verdicts

    # ----- stacking -------------------------------------------------------------------

    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """Three units a hex at the end of movement and during combat (Stacking)."""
        return STACKING_LIMIT

    def stacking_weight(self, state: UnitState) -> int:
        """A supply unit is one unit; an air unit's flight counts with its ground echelon, and
        flights in the air are not limited at all (Stacking, Air units)."""
        return 0 if is_flight(state.unit) else 1

    # ----- movement -------------------------------------------------------------------

    def movement_allowance(self, state: UnitState) -> int:
        """The printed allowance, halved and rounded down out of supply or isolated (Supply (C))."""
        printed = current_step(state).movement or 0
        return floor(printed * supply_effects(self.supply_by_unit[state.unit.id].state).movement)

    def movement_cost(self, state: UnitState, path: Sequence[Hex]) -> tuple[int | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and whether it may.

        Each hex costs its terrain (Movement), +2 if it is an enemy fortified hex, +3 to
        enter an enemy ZOC and +2 to leave one (+5 from one into another); these add up.
        A unit may always move one hex, however short of MP, except straight from one
        enemy ZOC hex into another. ``cost`` is None when a step is prohibited.
        """
        if state.hex is None or not path or path[0] != state.hex:
            raise RefereeError(self.position.source, state.unit.id, "a path starts in the unit's own hex")
        if len(path) < 2:
            raise RefereeError(self.position.source, state.unit.id, "a path needs at least one hex to enter")
        for first, second in zip(path, path[1:]):
            if not are_adjacent(first, second):
                raise RefereeError(self.position.source, state.unit.id,
                                   f"{self.label(first)} and {self.label(second)} are not adjacent")
        subject = state.unit.id
        rules = (RULES["movement"], RULES["terrain"], RULES["zoc"])
        if is_flight(state.unit):
            return None, [Verdict(subject, "movement", "illegal", (RULES["air_units"],),
                                  "a flight flies missions; only its ground echelon moves")]
        enemy = self.position.other_side(state.side)
        enemy_zoc = self.enemy_zoc_for_movement(state.side)
        types = self.spec.terrain_types
        mobility = state.unit.mobility
        total = 0
        items = []
        for first, second in zip(path, path[1:]):
            label = self.label(second)
            terrain = types[self.terrain_of_hex[second]]
            entry = terrain.movement_cost(mobility)
            crossing = [types[feature].movement_cost(mobility) for feature in self.hexside_features(first, second)]
            if entry is None or None in crossing:
                return None, [Verdict(subject, "movement", "illegal", rules,
                                      f"{label} cannot be entered from {self.label(first)} (sea or lake)",
                                      path=self.labels(path))]
            if second in self.holders[enemy]:
                return None, [Verdict(subject, "movement", "illegal", rules, f"{label} holds enemy units",
                                      path=self.labels(path))]
            cost = entry + sum(value for value in crossing if value is not None)
            parts = [f"terrain {cost}"]
            if self.terrain_of_hex[second] == FORTIFIED_TERRAIN[enemy]:
                cost += terrain.enemy_entry_cost
                parts.append(f"+{terrain.enemy_entry_cost} enemy fortified hex")
            if first in enemy_zoc:
                cost += ZOC_EXIT_COST
                parts.append(f"+{ZOC_EXIT_COST} leaving enemy ZOC")
            if second in enemy_zoc:
                cost += ZOC_ENTRY_COST
                parts.append(f"+{ZOC_ENTRY_COST} entering enemy ZOC")
            total += cost
            items.append(f"{label} {cost} ({', '.join(parts)})")
        allowance = self.movement_allowance(state)
        zoc_to_zoc = path[0] in enemy_zoc and path[1] in enemy_zoc
        if total <= allowance:
            outcome = "legal"
        elif len(path) == 2 and not zoc_to_zoc:
            outcome = "legal: the one-hex move a unit may always make"
        else:
            outcome = "illegal"
        explanation = f"{total} MP against an allowance of {allowance}: " + "; ".join(items)
        if outcome == "illegal" and len(path) == 2:
            explanation += "; the one-hex minimum does not cover a move straight from one enemy ZOC into another"
        return total, [Verdict(subject, "movement", outcome, rules, explanation, path=self.labels(path),
                               details={"cost": str(total), "allowance": str(allowance)})]

    def reinforcement_rail_move(self, unit: Unit, path: Sequence[Hex]) -> tuple[int, list[Verdict]]:
        """An Axis reinforcement's rail move on its turn of arrival (Movement (K)).

        It enters on a rail hex and follows rail lines for up to 30 hexes, the entry hex
        counted as the first; it may neither enter nor pass through an enemy ZOC (nor an
        enemy unit's hex). Soviet units never move by rail. Returns the hexes counted.
        """
        rules = (RULES["rail_movement"],)
        problems = []
        if unit.side != AXIS:
            problems.append("only Axis reinforcements move by rail")
        if not path or path[0] not in self.rail_hexes:
            problems.append("the move starts on a rail hex")
        for first, second in zip(path, path[1:]):
            if (first, second) not in self.rail_links:
                problems.append(f"{self.label(first)} to {self.label(second)} is not along a rail line")
        if len(path) > REINFORCEMENT_RAIL_HEXES:
            problems.append(f"{len(path)} hexes, more than {REINFORCEMENT_RAIL_HEXES}")
        enemy = self.position.other_side(unit.side)
        enemy_zoc = self.enemy_zoc_for_movement(unit.side)
        for hex_ in path:
            if hex_ in enemy_zoc:
                problems.append(f"{self.label(hex_)} is in an enemy ZOC")
            if hex_ in self.holders[enemy]:
                problems.append(f"{self.label(hex_)} holds enemy units")
        outcome = "illegal" if problems else "legal"
        explanation = "; ".join(problems) if problems else f"{len(path)} rail hexes of {REINFORCEMENT_RAIL_HEXES}, no enemy ZOC"
        return len(path), [Verdict(unit.id, "rail movement", outcome, rules, explanation, path=self.labels(path),
                                   details={"hexes": str(len(path))})]

    # ----- combat ---------------------------------------------------------------------

    def cannot_attack(self, state: UnitState) -> str | None:
        """Why a unit may not attack, if it may not (Supply and air units (K), Supply (C))."""
        if is_air_unit(state.unit) or is_supply_unit(state.unit):
            return "supply and air units cannot attack"
        if self.supply_by_unit[state.unit.id].state == SupplyState.ISOLATED:
            return "isolated: attack strength zero, no attack"
        return None

    def attack_strength(self, state: UnitState) -> Contribution:
        """Printed attack, halved without rounding out of supply, zero isolated (Supply (C))."""
        assert state.hex is not None
        reason = self.cannot_attack(state)
        if reason is not None:
            return Contribution(state.unit.id, self.label(state.hex), Fraction(0), reason)
        supply = self.supply_by_unit[state.unit.id].state
        strength = Fraction(current_step(state).attack or 0) * supply_effects(supply).attack
        note = "" if supply == SupplyState.SUPPLIED else f"{supply}: attack halved, not rounded"
        return Contribution(state.unit.id, self.label(state.hex), strength, note)

    def defence_strength(self, state: UnitState) -> Contribution:
        """Printed defence, whatever the supply; supply and air units defend at 1 (K)."""
        assert state.hex is not None
        label = self.label(state.hex)
        if is_flight(state.unit):
            return Contribution(state.unit.id, label, Fraction(0), "defends with its ground echelon as one air unit")
        if is_ground_echelon(state.unit) or is_supply_unit(state.unit):
            return Contribution(state.unit.id, label, Fraction(SUPPLY_AND_AIR_DEFENCE), "supply and air units defend at 1")
        return Contribution(state.unit.id, label, Fraction(current_step(state).defence or 0))

    def attack_problems(self, defender_hex: Hex, attackers: Sequence[UnitState]) -> list[str]:
        """Adjacency, units that cannot attack, sea and lake hexsides (Terrain effects table)."""
        problems = super().attack_problems(defender_hex, attackers)
        able = [state for state in attackers if self.cannot_attack(state) is None]
        if not able:
            problems.append("no unit in the attack can attack (" + "; ".join(
                f"{state.unit.id}: {self.cannot_attack(state)}" for state in attackers) + ")")
        types = self.spec.terrain_types
        for state in able:
            assert state.hex is not None
            if are_adjacent(state.hex, defender_hex) and any(
                types[feature].attack_prohibited for feature in self.hexside_features(state.hex, defender_hex)
            ):
                problems.append(f"{state.unit.id} in {self.label(state.hex)} would attack across a sea or lake hexside")
        return problems

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Terrain (river if every attacker crosses one, the defender's own fortified hex),
        close support, first-turn surprise."""
        side = attackers[0].side
        defending = defenders[0].side
        able = [state for state in attackers if self.cannot_attack(state) is None and state.hex is not None]
        types = self.spec.terrain_types
        terrain: list[tuple[str, int]] = []
        for feature, kind in sorted(types.items()):
            if kind.kind == "hexside" and kind.combat_die_modifier and able and all(
                feature in self.hexside_features(state.hex, defender_hex) for state in able if state.hex is not None
            ):
                terrain.append((f"every attacker attacks across a {kind.name.lower()}", kind.combat_die_modifier))
        hex_terrain = self.terrain_of_hex[defender_hex]
        if hex_terrain == FORTIFIED_TERRAIN[defending] and types[hex_terrain].combat_die_modifier:
            terrain.append((f"defender in its own fortified hex {self.label(defender_hex)}",
                            types[hex_terrain].combat_die_modifier))
        support = [state for state in self.flights_on(side, "close_support") if state.hex == defender_hex]
        modifiers = []
        if support:
            modifiers.append(Modifier(f"close support by {support[0].unit.id}", (RULES["close_support"],),
                                      die_modifier=CLOSE_SUPPORT_DIE_MODIFIER))
        for name, value in terrain:
            if support:
                modifiers.append(Modifier(f"{name}: cancelled by close support", (RULES["terrain"],)))
            else:
                modifiers.append(Modifier(name, (RULES["terrain"],), die_modifier=value))
        surprise = self._surprise(defending, defenders)
        if surprise is not None:
            modifiers.append(surprise)
        return modifiers

    def _surprise(self, defending: str, defenders: Sequence[UnitState]) -> Modifier | None:
        """Turn 1: two columns right if every defender is an Axis ally, one if a German defends."""
        if self.position.turn != 1 or defending != AXIS:
            return None
        if any(state.unit.nationality == "german" for state in defenders):
            return Modifier("first-turn surprise: a German unit defends", (RULES["surprise"],), column_shift=1)
        return Modifier("first-turn surprise: every defender an Axis ally", (RULES["surprise"],), column_shift=2)

    def combined_die_modifier(self, modifiers: Sequence[Modifier]) -> int:
        """Terrain effects do not add up: the die modifier is never below -2 (Terrain effects table)."""
        return max(LOWEST_DIE_MODIFIER, sum(modifier.die_modifier for modifier in modifiers))

    # ----- continuous front -------------------------------------------------------------

    def front(self, side: str) -> FrontGaps | None:
        """The gap hexes in ``side``'s continuous front (Continuous front).

        The front runs from the north or west edge to the east-west hex row through
        Rostov, in units or ZOC (here reaching into enemy-occupied hexes too). Read as a
        line that cuts the two sides' rears apart above that row: the gap count is the
        fewest uncovered hexes that, added to the covered ones, cut every path on or north
        of the Rostov row from the Axis rail supply sources (the west edge if the map
        names none) to the east edge and the Soviet sources. Water hexes need no cover.
        A line merely touching the west edge near Rostov cuts nothing off, so it does not
        count, while a front entering from the west edge behind the Axis sources does.
        """
        if self.rostov is None:
            return None
        southmost = self.north_south[self.rostov]
        band = frozenset(hex_ for hex_ in self.passable if self.north_south[hex_] <= southmost)
        covered = frozenset(self.holders[side]) | frozenset(self.zoc[side])
        game_map = self.position.game_map
        axis_rear = frozenset(hex_ for source in game_map.supply_sources if source.side == AXIS for hex_ in source.hexes)
        soviet_rear = frozenset(game_map.edge("east").hexes) | frozenset(
            hex_ for source in game_map.supply_sources if source.side == SOVIET for hex_ in source.hexes
        )
        first = (axis_rear & band) or (frozenset(game_map.edge("west").hexes) & band)
        gaps = fewest_separating_hexes(band, covered, first, soviet_rear & band, self.steps_across)
        return FrontGaps(side, tuple(sorted(gaps, key=self.label)))

    # ----- victory --------------------------------------------------------------------

    def award(self, award_id: str) -> VictoryPointAward:
        """A line of the VP schedule (tables.toml)."""
        for award in self.spec.tables.victory_points:
            if award.id == award_id:
                return award
        raise KeyError(award_id)

    def elimination_points(self, unit: Unit) -> tuple[int, str]:
        """VP the enemy earns for ``unit`` eliminated, and why (VP schedule)."""
        strength = printed_strength(unit)
        if is_supply_unit(unit):
            return self.award("soviet_supply_unit_eliminated").points, "supply unit"
        if is_flight(unit):
            return 0, "a flight counts with its ground echelon"
        if is_ground_echelon(unit):
            return self.award("air_unit_destroyed").points, "air unit permanently eliminated"
        if is_kampfgruppe(unit):
            points = self.award("eliminated_kampfgruppe").points
            return points * strength, f"Kampfgruppe, {points} a strength point"
        if is_motorised(unit):
            points = self.award("eliminated_motorised").points
            replacement = kampfgruppe_for(unit).strength
            if replacement:
                return points * (strength - replacement), (
                    f"motorised, {points} a strength point of {strength} less the {replacement}-8 Kampfgruppe")
            return points * strength, f"motorised, {points} a strength point"
        points = self.award("eliminated_non_motorised").points
        return points * strength, f"non-motorised, {points} a strength point"

    def victory(self) -> list[Verdict]:
        """VP from eliminations, Rostov, front gaps, and the victory level they give."""
        points = {AXIS: 0, SOVIET: 0}
        verdicts = []
        for side in (AXIS, SOVIET):
            earned = []
            for unit in self.position.eliminated:
                if unit.side != side:
                    value, why = self.elimination_points(unit)
                    points[side] += value
                    earned.append(f"{unit.id} {value} ({why})")
            verdicts.append(Verdict(f"{side} VP", "victory points", f"{points[side]} VP for eliminated units",
                                    (RULES["vp_schedule"],), "; ".join(earned) or "no enemy unit eliminated"))
        rostov_verdict, rostov_side, rostov_points = self._rostov()
        verdicts.append(rostov_verdict)
        points[rostov_side] += rostov_points
        phasing = self.settings.phasing_side
        for side in (AXIS, SOVIET):
            front = self.front(side)
            if front is None:
                verdicts.append(Verdict(f"{side} front", "continuous front", "not measured", (RULES["front"],),
                                        "the map names no Rostov, whose hex row ends the front"))
                continue
            gaps = front.gaps
            enemy = self.position.other_side(side)
            award = self.award("continuous_front_gap").points * len(gaps)
            scored = side == phasing
            if scored:
                points[enemy] += award
            when = "scored at the end of this player turn" if scored else "not scored now: not its player turn"
            verdicts.append(Verdict(
                f"{side} front", "continuous front", f"{len(gaps)} gap hexes", (RULES["front"],),
                f"{award} VP to the {enemy} side, {when}",
                details={"gaps": " ".join(self.labels(gaps))},
            ))
        for side in (AXIS, SOVIET):
            points[side] += self.settings.earlier_gap_vp[side]
        difference = points[SOVIET] - points[AXIS]
        level = next(
            band.result for band in self.spec.tables.victory_levels
            if (band.minimum is None or band.minimum <= difference) and (band.maximum is None or difference <= band.maximum)
        )
        verdicts.append(Verdict("game", "victory", level, (RULES["vp_table"], RULES["vp_schedule"]),
                                f"Soviet {points[SOVIET]} VP - Axis {points[AXIS]} VP = {difference}",
                                details={"soviet": str(points[SOVIET]), "axis": str(points[AXIS])}))
        return verdicts

    def _rostov(self) -> tuple[Verdict, str, int]:
        """100 VP to the Soviets for Rostov, else 1 VP to the Axis a hex to the nearest Soviet unit."""
        rules = (RULES["vp_schedule"],)
        if self.rostov is None:
            return Verdict("Rostov", "victory points", "no Rostov hex", rules, "the map names no Rostov"), AXIS, 0
        label = self.label(self.rostov)
        connected = [
            state for state in self.position.units_of(SOVIET)
            if state.unit.id in self.supply_by_unit and self.supply_by_unit[state.unit.id].line_of_communication
        ]
        inside = [state.unit.id for state in connected if state.hex == self.rostov]
        if inside:
            points = self.award("soviet_in_rostov").points
            return Verdict("Rostov", "victory points", f"{points} VP to the Soviets", rules,
                           f"{', '.join(inside)} in Rostov ({label}) with a line of communication"), SOVIET, points
        if not connected:
            return Verdict("Rostov", "victory points", "0 VP", rules,
                           "no Soviet unit has a line of communication to measure from"), AXIS, 0
        rostov = self.rostov
        hexes, _, nearest = min(
            (distance(rostov, state.hex), state.unit.id, state) for state in connected if state.hex is not None
        )
        assert nearest.hex is not None
        points = self.award("rostov_distance").points * hexes
        return Verdict("Rostov", "victory points", f"{points} VP to the Axis", rules,
                       f"the nearest Soviet unit with a line of communication, {nearest.unit.id} in "
                       f"{self.label(nearest.hex)}, is {hexes} hexes from Rostov ({label})",
                       details={"distance": str(hexes)}), AXIS, points

