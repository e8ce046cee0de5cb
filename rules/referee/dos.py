"""The Drive on Stalingrad referee: supply networks, stacking, movement costs, odds, victory.

Everything here is a hook over the shared engine (:mod:`rules.referee.engine`); rule
numbers are those of the rules text (``001_8dfbaa587e9665bd``), read through the digest's
decisions where the text contradicts itself (see "Decisions" below).

Supply (rule 7) is one search per side and map: the sources that chain to an ultimate
source by legs of at most 7 hexes (:mod:`rules.referee.networks`), then one search of 7
hexes out from all of them. North-map units use only the North map; Soviet South-map
units only the South map (and Astrakhan, 7.11); Axis South-map units reach the North
network only through Rostov, until Taman is active and also afterwards (7.4, 7.13).

Position settings (``[settings]`` of a position file; every value is a string):

``taman_active``            "yes" once an Axis unit has entered Taman S1343 and the Soviets
                            have not retaken it (7.4); default "no".
``axis_control``,           hexes (space- or comma-separated) whose control differs from
``soviet_control``          the start line's: towns taken and not retaken (3.4, 7.14, 7.18).
                            A hex with units is controlled by their side regardless.
``axis_network``,           towns and cities in a side's supply network besides those on its
``soviet_network``          side of the start line and those carrying its network marker
                            (7.14, 7.18) — for saves and maps that cannot show them.
``don_volga_destroyed``     hexes of the Don–Volga line a German unit has occupied (11.23);
                            hexes with Axis units in them count without being listed.
``stalingrad_ring``         "broken" once an Axis unit has been inside the ring in Blue
                            (11.24); default "intact". It is always broken in Uranus.
``phase_order``             the phasing player's order this turn (5.4–5.6): "move_first"
                            (movement/MA, then prepared attacks), "attack_first", or the
                            once-a-game Blue sequences "attacks_only" (German) and
                            "moves_only" (Soviet) of 5.5. Unset, it is the order rule 5.4
                            imposes (Soviet attacks first in Blue and on Uranus turn 1,
                            German moves first on Blue turn 1), else "move_first".
``attack``                  the attack ``odds`` judges: "prepared" (default) or
                            "mechanized_assault" (9.23–9.30).
``air_attack``,             air markers supporting the attacker / the defender, 0–2 (11.25).
``air_defence``
``air_and_armour``          "yes" when the German has put both air markers on mechanized
                            assaults this Blue turn (9.27): no 2L for assaults, no markers
                            for prepared attacks.
``manstein``                "yes" when the Manstein marker supports this attack (8.9).
``question_rolls``          the German player's die rolls for "?" strengths (2.15), e.g.
                            "it-vicenza=4, ro-1pd=3".
``german_vp``               German VP from VP hexes held (4.2); the VP hexes are printed on
                            the lost map, so the track's value is taken as stated.
``soviet_eliminated_out_of_supply``  Soviet units eliminated while out of supply (4.3).
``german_eliminated_out_of_supply``  German units eliminated while out of supply or under
                            air supply (4.8).
``end_of_soviet_turn``      "yes" at the end of a Soviet player turn (the 4.9 German win).
``end_of_game``             "yes" at the end of the last turn (4.3, 4.5, 4.8, 4.10).

The position's ``scenario`` is "blue" or "uranus" (Blue when a save cannot say); its
``weather`` is "frozen" once the Uranus freeze has come (10.2). Markers read:
``german-supply-network``, ``soviet-supply-network`` (7.14) and ``german-air-supply`` (7.6).

Decisions where the text is unclear or contradicts itself (digest §7, §8):

* Top and bottom of the CRT (11.10 vs 11.29): odds from 1-3 to 6-1 are rolled; shifts are
  added to the raw odds first, then 7-1 or better is an automatic DE and worse than 1-3 an
  automatic AL1.
* Rostov (7.4, 7.13): Axis South-map units may chain through South-map network towns,
  but their line reaches the North map's sources only through Rostov; Taman, once active,
  is a further ultimate source for them.
* Blue turn 1 German order (3.2 vs 5.4): movement first (5.4, the sequence of play).
* Concentric attacks on cities (11.22 vs 11.28): none; 11.22 is explicit.
* Mechanized assault across a non-Volga river before the freeze: not allowed (10.2
  allows it once frozen, as it allows assaults into swamps, which were barred before).
  Across the Volga never (9.16, 11.19 over 9.25).
* Allied panzer divisions (6.3): may share a hex with German mechanized units only, and
  with no other allied nation.
* Soviet artillery alone in a hex defends with 1 (1.3, 11.12); artillery bombarding across
  water (11.20) is capped by the other non-artillery attackers, wherever they stand.
* Lozovaya's sudden-death hex (4.6 N3143 vs 7.3 N3044): the map's Lozovaya town.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from math import ceil, floor
from typing import ClassVar

from rules.hexes import Hex, HexSide, are_adjacent, direction_between, hexside, neighbours
from rules.model import Odds, Town
from rules.referee.engine import Contribution, Modifier, Referee, RefereeError, register
from rules.referee.networks import Network, Supply, connect, supply
from rules.referee.position import Position, UnitState
from rules.referee.search import StepAllowed, reach
from rules.referee.verdict import Verdict
from rules.regions import region_without_crossing

LEG = 7
"""Hexes in one leg of a supply line (7.3, 7.8, 7.12)."""
STACK_LIMIT = 8
ARTILLERY_LIMIT = 3
BLUE, URANUS = "blue", "uranus"
AXIS, SOVIET = "axis", "soviet"
LAST_TURN = {BLUE: 11, URANUS: 6}
NETWORK_TOWN_KINDS = frozenset({"city", "town", "port"})
NETWORK_MARKERS = {AXIS: "german-supply-network", SOVIET: "soviet-supply-network"}
AIR_SUPPLY_MARKER = "german-air-supply"
GERMAN_NATIONALITIES = frozenset({"german", "german_mechanized", "slovak"})
"""German units in every respect: the Slovak motorized division counts as German (1.5, 11.39)."""
ARTILLERY_ARMS = frozenset({"artillery", "heavy_artillery"})
PANZER_ARM = "panzer"
FLAK_ARM = "motorized_flak"
ASSAULT_ESCORT_ARMS = frozenset({"motorized_infantry", FLAK_ARM})
WATER_HEXES = frozenset({"sea", "lake"})
NO_ASSAULT_TERRAIN = {"forest": "9.25, 11.14", "hills": "9.25, 11.15", "mountain": "9.25, 11.16", "swamp": "9.25, 11.17"}
BLUE_SUDDEN_DEATH = ("Kursk", "Stalino", "Lozovaya", "Kharkov")
URANUS_OBJECTIVES = ("Kharkov", "Stalino", "Rostov")
PREPARED, ASSAULT = "prepared", "mechanized_assault"
PHASE_ORDERS = ("move_first", "attack_first", "attacks_only", "moves_only")


class SupplyState(StrEnum):
    """The supply states of rules 7.2 and 7.7 (with 7.9's automatic supply)."""

    REGULAR = "in supply"
    AUTOMATIC = "in supply east of the Volga"
    AIR = "air supply (defence only)"
    COASTAL = "coastal supply (defence only)"
    OUT = "out of supply"

    @property
    def full_attack(self) -> bool:
        """Full attack strength and movement (7.5, 7.6, 7.15)."""
        return self in (SupplyState.REGULAR, SupplyState.AUTOMATIC)

    @property
    def full_defence(self) -> bool:
        """Full defence strength: every state but out of supply (7.5, 7.6, 7.16)."""
        return self is not SupplyState.OUT


@dataclass(frozen=True)
class SupplyFinding:
    """A hex's supply state for a side, the rules it rests on, and the traced line."""

    state: SupplyState
    rules: tuple[str, ...]
    explanation: str
    path: tuple[Hex, ...] = ()


@dataclass(frozen=True)
class PathCost:
    """What a move along a path costs one unit (rule 9): ``points`` is None when the move
    is not allowed, and ``problem`` then says why."""

    points: int | None
    entries: tuple[int, ...]
    rules: tuple[str, ...]
    problem: str = ""


@dataclass(frozen=True)
class Settings:
    """The DoS switches of a position (see the module docstring)."""

    taman_active: bool
    control: Mapping[str, frozenset[Hex]]
    network: Mapping[str, frozenset[Hex]]
    don_volga_destroyed: frozenset[Hex]
    stalingrad_ring_broken: bool
    phase_order: str | None
    attack: str
    air_attack: int
    air_defence: int
    air_and_armour: bool
    manstein: bool
    question_rolls: Mapping[str, int]
    german_vp: int
    soviet_eliminated_out_of_supply: int
    german_eliminated_out_of_supply: int
    end_of_soviet_turn: bool
    end_of_game: bool


SETTING_NAMES = (
    "taman_active", "axis_control", "soviet_control", "axis_network", "soviet_network", "don_volga_destroyed",
    "stalingrad_ring", "phase_order", "attack", "air_attack", "air_defence", "air_and_armour", "manstein",
    "question_rolls", "german_vp", "soviet_eliminated_out_of_supply", "german_eliminated_out_of_supply",
    "end_of_soviet_turn", "end_of_game",
)


def read_settings(position: Position) -> Settings:
    """The DoS settings of ``position``, checked; a bad one raises :class:`RefereeError`."""

    def fail(name: str, message: str) -> RefereeError:
        return RefereeError(position.source, position.setting_place(name), f"{name}: {message}")

    for name in position.settings:
        if name not in SETTING_NAMES:
            raise fail(name, f"not a Drive on Stalingrad setting (known: {', '.join(SETTING_NAMES)})")

    def choice(name: str, allowed: Sequence[str], default: str) -> str:
        value = position.setting(name, default)
        if value not in allowed:
            raise fail(name, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def yes(name: str) -> bool:
        return choice(name, ("yes", "no"), "no") == "yes"

    def count(name: str, maximum: int) -> int:
        value = position.setting(name, "0")
        if not (value.isascii() and value.isdigit()) or len(value) > 9 or int(value) > maximum:
            raise fail(name, f"{value!r} is not a whole number from 0 to {maximum}")
        return int(value)

    def hexes(name: str) -> frozenset[Hex]:
        found = set()
        for word in position.setting(name).replace(",", " ").split():
            parsed = position.spec.parse_hex(word)
            if parsed is None:
                raise fail(name, f"unknown hex {word!r}")
            found.add(parsed[1])
        return frozenset(found)

    rolls = {}
    for item in position.setting("question_rolls").replace(",", " ").split():
        unit_id, _, roll = item.partition("=")
        if unit_id not in position.spec.units or roll not in ("1", "2", "3", "4", "5", "6"):
            raise fail("question_rolls", f"{item!r} is not unit=roll with a known unit and a roll of 1 to 6")
        rolls[unit_id] = int(roll)
    return Settings(
        taman_active=yes("taman_active"),
        control={AXIS: hexes("axis_control"), SOVIET: hexes("soviet_control")},
        network={AXIS: hexes("axis_network"), SOVIET: hexes("soviet_network")},
        don_volga_destroyed=hexes("don_volga_destroyed"),
        stalingrad_ring_broken=choice("stalingrad_ring", ("intact", "broken"), "intact") == "broken",
        phase_order=choice("phase_order", PHASE_ORDERS, "move_first") if "phase_order" in position.settings else None,
        attack=choice("attack", (PREPARED, ASSAULT), PREPARED),
        air_attack=count("air_attack", 2),
        air_defence=count("air_defence", 2),
        air_and_armour=yes("air_and_armour"),
        manstein=yes("manstein"),
        question_rolls=rolls,
        german_vp=count("german_vp", 99),
        soviet_eliminated_out_of_supply=count("soviet_eliminated_out_of_supply", 999),
        german_eliminated_out_of_supply=count("german_eliminated_out_of_supply", 999),
        end_of_soviet_turn=yes("end_of_soviet_turn"),
        end_of_game=yes("end_of_game"),
    )


def halve(strength: int, times: int = 1) -> int:
    """``strength`` halved ``times`` times, rounding down but never below 1 (1.3, 11.12).

    Rule 1.3's "half of 1 is 0" is arithmetic that never applies to a unit: halving a
    strength of 1 leaves 1. Callers halve a group's sum, not each unit (1.3).
    """
    for _ in range(times):
        strength = max(1, strength // 2) if strength > 0 else 0
    return strength


def odds_index(attack: Fraction, defence: Fraction) -> int:
    """The raw odds as a column index: N-1 is N, 1-M is 2-M, so 1-1 is 1 and 1-3 is -1.

    Attack over defence rounds down (11.8); defence over a weaker attack rounds up
    (11.9). Column shifts add to the index before any clamping (11.29).
    """
    if defence <= 0:
        return 10**6
    if attack >= defence:
        return floor(attack / defence)
    return 2 - ceil(defence / attack)


def odds_at(index: int) -> Odds:
    """The odds a column index stands for."""
    return Odds(index, 1) if index >= 1 else Odds(1, 2 - index)


def german(state: UnitState) -> bool:
    """German in every respect, the Slovak unit included (1.5)."""
    return state.unit.nationality in GERMAN_NATIONALITIES


def mechanized(state: UnitState) -> bool:
    """A mechanized or motorized unit (2.9)."""
    return state.unit.mobility == "mechanized"


def artillery(state: UnitState) -> bool:
    """Soviet artillery or heavy artillery (6.4, 11.26)."""
    return state.unit.arm in ARTILLERY_ARMS


def stacking_group(state: UnitState) -> str:
    """The nationality a unit stacks as (6.3): German (with the Slovak unit) or its own."""
    return "german" if german(state) else state.unit.nationality


@register
class DriveOnStalingradReferee(Referee):
    """Drive on Stalingrad (Ty Bomba's remake): rules 4, 5.6, 6, 7, 8.9, 9, 11."""

    game_id: ClassVar[str] = "dos"
    stacking_rules: ClassVar[tuple[str, ...]] = ("6.1", "6.3", "6.4")

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.settings = read_settings(position)
        scenario = position.scenario or BLUE
        if scenario not in (BLUE, URANUS):
            raise RefereeError(position.source, "scenario", f"{scenario!r} is not blue or uranus")
        self.scenario = scenario
        self.frozen = scenario == URANUS and position.weather == "frozen"

    # ----- the map ----------------------------------------------------------------------

    @cached_property
    def board_of(self) -> Mapping[Hex, str]:
        """The board ("North" or "South") each playable hex is printed on (2.3)."""
        hex_map = self.position.game_map.hex_map
        assert hex_map is not None
        result = {}
        for hex_ in self.playable:
            found = hex_map.to_board(hex_)
            assert found is not None
            result[hex_] = hex_map.boards[found[0]].name
        return result

    def board_hexes(self, board: str) -> frozenset[Hex]:
        """The playable hexes of one board."""
        return frozenset(hex_ for hex_, name in self.board_of.items() if name == board)

    @cached_property
    def land(self) -> frozenset[Hex]:
        """Playable hexes that are not all-water."""
        return frozenset(hex_ for hex_ in self.playable if self.terrain(hex_) not in WATER_HEXES)

    @cached_property
    def towns(self) -> Mapping[Hex, Town]:
        """The towns and cities of the supply networks (7.3, 7.8), by hex."""
        return {town.hex: town for town in self.position.game_map.towns if town.kind in NETWORK_TOWN_KINDS}

    def town_hex(self, name: str) -> Hex:
        """The hex of a town the rules name."""
        return self.position.game_map.town(name).hex

    def is_city(self, hex_: Hex) -> bool:
        """True for a city hex (11.22); towns have no combat effect of their own (11.21)."""
        town = self.towns.get(hex_)
        return town is not None and town.kind == "city"

    def sides_with(self, feature: str) -> frozenset[HexSide]:
        """Every hexside carrying ``feature``."""
        return frozenset(side for side, features in self.position.game_map.hexside_features.items() if feature in features)

    def source_hexes(self, side: str, *kinds: str) -> frozenset[Hex]:
        """Hexes of the map's supply sources of ``side`` of the given kinds."""
        return frozenset(
            hex_
            for source in self.position.game_map.supply_sources
            if source.side == side and source.kind in kinds
            for hex_ in source.hexes
        )

    @cached_property
    def occupied_by(self) -> Mapping[str, frozenset[Hex]]:
        """Hexes holding each side's units."""
        return {side.id: frozenset(self.position.occupied(side.id)) for side in self.spec.sides}

    @cached_property
    def start_regions(self) -> Mapping[str, frozenset[Hex]]:
        """Each side's land on its side of the scenario's start line (3.4, 7.18), or nothing
        when the map has no start line or the line does not cut the map in two.

        The Axis side is what the Axis ultimate sources reach without crossing the line;
        Uranus is played on the North map alone (3.3), so its line need cut only that.
        """
        line = self.position.game_map.lines.get(f"{self.scenario}_start", frozenset())
        if not line:
            return {}
        land = self.land if self.scenario == BLUE else self.land & self.board_hexes("North")
        axis_side = region_without_crossing(
            self.source_hexes(AXIS, "ultimate"), land, line | self.sides_with("lake_side")
        )
        if axis_side & self.source_hexes(SOVIET, "ultimate"):
            return {}
        return {AXIS: axis_side, SOVIET: land - axis_side}

    def control(self, hex_: Hex) -> str | None:
        """Who controls ``hex_`` (3.4): the side with units in it, else the one a setting
        names, else the side of the start line it lies on; None when nothing says."""
        for side, hexes in self.occupied_by.items():
            if hex_ in hexes:
                return side
        for side, hexes in self.settings.control.items():
            if hex_ in hexes:
                return side
        for side, region in self.start_regions.items():
            if hex_ in region:
                return side
        return None

    def functioning(self, side: str, hex_: Hex) -> bool:
        """A source works unless the enemy occupies or controls it (7.14, 7.18)."""
        enemy = self.position.other_side(side)
        return hex_ not in self.occupied_by[enemy] and self.control(hex_) != enemy

    @cached_property
    def destroyed_line_hexes(self) -> frozenset[Hex]:
        """Don–Volga line hexes destroyed by German occupation, past or present (11.23)."""
        return self.settings.don_volga_destroyed | self.occupied_by[AXIS]

    def intact_line_side(self, first: Hex, second: Hex) -> bool:
        """True when the side between two hexes is an intact Don–Volga line side (11.23)."""
        return "don_volga_line" in self.hexside_features(first, second) and not (
            {first, second} & self.destroyed_line_hexes
        )

    def on_intact_line(self, hex_: Hex) -> bool:
        """A Don–Volga line hex that still stands (11.23)."""
        return any(self.intact_line_side(hex_, other) for other in neighbours(hex_) if other in self.playable)

    def ring_intact(self) -> bool:
        """The Stalingrad ring works in Blue until an Axis unit has been inside it (11.24)."""
        return self.scenario == BLUE and not self.settings.stalingrad_ring_broken

    # ----- supply (rule 7) --------------------------------------------------------------

    def lakes_open(self, side: str) -> bool:
        """Soviet lines cross all-lake hexes in any weather, Axis ones only frozen in Uranus (7.12)."""
        return side == SOVIET or self.frozen

    def line_step(self, side: str, domain: frozenset[Hex]) -> StepAllowed:
        """May a supply line of ``side`` step between two adjacent hexes (7.12, 7.13)?"""
        enemy = self.occupied_by[self.position.other_side(side)]
        lakes = self.lakes_open(side)

        def allowed(first: Hex, second: Hex) -> bool:
            if second not in domain or second in enemy:
                return False
            terrain = self.terrain(second)
            if terrain == "sea" or (terrain == "lake" and not lakes):
                return False
            features = self.hexside_features(first, second)
            if "impassable_mountain" in features or ("lake_side" in features and not lakes):
                return False
            return side == SOVIET or not ("volga" in features or self.intact_line_side(first, second))

        return allowed

    @cached_property
    def volga_bank_towns(self) -> frozenset[Hex]:
        """Cities and towns on either bank of the Volga: a Volga side among their six (7.8)."""
        volga = self.sides_with("volga")
        return frozenset(
            hex_ for hex_ in self.towns if self.board_of[hex_] == "North" and any(hexside(hex_, other) in volga
                                                                                  for other in neighbours(hex_))
        )

    def network_towns(self, side: str, board: str) -> frozenset[Hex]:
        """Towns and cities of ``side``'s network on ``board`` that work (7.3, 7.8, 7.14, 7.18):
        on its side of the start line, marked with its network marker, or named by a setting."""
        members = (
            self.start_regions.get(side, frozenset())
            | frozenset(self.position.markers.get(NETWORK_MARKERS[side], ()))
            | self.settings.network[side]
        )
        return frozenset(
            hex_ for hex_ in self.towns
            if hex_ in members and self.board_of[hex_] == board and self.functioning(side, hex_)
        )

    def ultimates(self, side: str, hexes: Iterable[Hex], domain: frozenset[Hex]) -> frozenset[Hex]:
        """The ultimate sources among ``hexes`` that work and lie in ``domain``."""
        return frozenset(hex_ for hex_ in hexes if hex_ in domain and self.functioning(side, hex_))

    @cached_property
    def rostov(self) -> Hex:
        """Rostov N3635, the Axis South map's one way to the North map's sources (7.4, 7.13)."""
        return self.town_hex("Rostov")

    @cached_property
    def taman(self) -> frozenset[Hex]:
        """Taman S1343 when active and working: an Axis ultimate source (7.4)."""
        hexes = self.source_hexes(AXIS, "ultimate_when_active")
        return frozenset(hex_ for hex_ in hexes if self.settings.taman_active and self.functioning(AXIS, hex_))

    @cached_property
    def supplies(self) -> Mapping[tuple[str, str], Supply]:
        """Each side's network and lines on each board: four searches in all."""
        north, south = self.board_hexes("North"), self.board_hexes("South")
        everywhere = frozenset(self.playable)
        axis_north_step = self.line_step(AXIS, north)
        axis_north = connect(
            self.ultimates(AXIS, self.source_hexes(AXIS, "ultimate"), north),
            self.network_towns(AXIS, "North"), axis_north_step, LEG,
        )
        gateways = ({self.rostov} & axis_north.connected) | self.taman
        axis_south_step = self.line_step(AXIS, everywhere)
        axis_south = connect(gateways, self.network_towns(AXIS, "South"), axis_south_step, LEG)
        soviet_north_kinds = ("ultimate", "ultimate_volga") + (("ultimate_uranus",) if self.scenario == URANUS else ())
        soviet_north_step = self.line_step(SOVIET, north)
        soviet_north = connect(
            self.ultimates(SOVIET, self.source_hexes(SOVIET, *soviet_north_kinds) | self.volga_bank_towns, north),
            self.network_towns(SOVIET, "North"), soviet_north_step, LEG,
        )
        astrakhan = self.source_hexes(SOVIET, "ultimate_south") & north if self.scenario == BLUE else frozenset()
        soviet_domain = south | astrakhan
        soviet_south_step = self.line_step(SOVIET, soviet_domain)
        soviet_south = connect(
            self.ultimates(SOVIET, self.source_hexes(SOVIET, "ultimate_south"), soviet_domain),
            self.network_towns(SOVIET, "South"), soviet_south_step, LEG,
        )
        return {
            (AXIS, "North"): supply(axis_north, axis_north_step, LEG),
            (AXIS, "South"): supply(axis_south, axis_south_step, LEG),
            (SOVIET, "North"): supply(soviet_north, soviet_north_step, LEG),
            (SOVIET, "South"): supply(soviet_south, soviet_south_step, LEG),
        }

    @cached_property
    def east_of_volga(self) -> frozenset[Hex]:
        """North-map land east of the Volga, where Soviet units are always supplied (7.9).

        The region holds N1311, the east edge's first hex (1.4, 9.17). Rule 7.9 ends the
        Volga at the N4111/N4211/N4212 corner, one row above the North map's edge, so the
        N4211/N4212 side closes it. With no Volga on the map, or one that does not cut the
        map, the region is empty.
        """
        volga = self.sides_with("volga")
        names = ("N1311", "N4211", "N4212")
        found = [self.position.spec.parse_hex(name) for name in names]
        if not volga or None in found:
            return frozenset()
        seed, astrakhan, beside = (item[1] for item in found if item is not None)
        region = region_without_crossing(
            [seed], self.land & self.board_hexes("North"), volga | {hexside(astrakhan, beside)}
        )
        return frozenset() if region & self.source_hexes(AXIS, "ultimate") else region

    @cached_property
    def coastal(self) -> frozenset[Hex]:
        """Land hexes on the Sea of Azov or the Black Sea (7.5): beside an all-sea hex not
        of the Caspian (the sea by Makhachkala)."""
        sea = frozenset(hex_ for hex_ in self.playable if self.terrain(hex_) == "sea")
        caspian: frozenset[Hex] = frozenset()
        try:
            makhachkala = self.town_hex("Makhachkala")
        except KeyError:
            makhachkala = None
        if makhachkala is not None:
            caspian = region_without_crossing([h for h in neighbours(makhachkala) if h in sea], sea, ())
        open_sea = sea - caspian
        return frozenset(hex_ for hex_ in self.land if any(other in open_sea for other in neighbours(hex_)))

    @cached_property
    def air_supplied(self) -> frozenset[Hex]:
        """The air supply marker's hex and the six around it (7.6)."""
        centres = self.position.markers.get(AIR_SUPPLY_MARKER, ())
        return frozenset(hex_ for centre in centres for hex_ in (centre, *neighbours(centre)) if hex_ in self.playable)

    def supply_line(self, side: str, hex_: Hex) -> tuple[Hex, ...] | None:
        """The regular supply line from ``hex_`` to an ultimate source, or None (7.3–7.13)."""
        board = self.board_of[hex_]
        line = self.supplies[(side, board)].line(hex_)
        if line is not None and side == AXIS and board == "South" and line[-1] == self.rostov:
            line = line + self.supplies[(AXIS, "North")].network.route(self.rostov)[1:]
        return line

    def supply_at(self, side: str, hex_: Hex) -> SupplyFinding:
        """The supply state a unit of ``side`` has in ``hex_``, with its reasons."""
        board = self.board_of[hex_]
        map_rules = ("7.13",) + (("7.4",) if side == AXIS and board == "South" else ())
        source_rule = {AXIS: "7.3", SOVIET: "7.8" if board == "North" else "7.10"}[side]
        if side == SOVIET and hex_ in self.east_of_volga:
            return SupplyFinding(SupplyState.AUTOMATIC, ("7.9",), "east of the Volga Soviet units are always supplied")
        line = self.supply_line(side, hex_)
        if line is not None:
            return SupplyFinding(SupplyState.REGULAR, (source_rule, "7.12", *map_rules), self._describe_line(side, hex_, line), line)
        if side == AXIS and hex_ in self.air_supplied:
            return SupplyFinding(SupplyState.AIR, ("7.6",), "within one hex of the air supply marker: supplied for defence, "
                                 "halved for movement and attack")
        if side == AXIS and hex_ in self.coastal:
            return SupplyFinding(SupplyState.COASTAL, ("7.5",), "on the Sea of Azov or Black Sea coast: supplied for "
                                 "defence, halved for movement and attack")
        return SupplyFinding(SupplyState.OUT, (source_rule, "7.12", *map_rules, "7.15"), self._why_unsupplied(side, hex_))

    def _describe_line(self, side: str, hex_: Hex, line: tuple[Hex, ...]) -> str:
        board = self.board_of[hex_]
        supply_ = self.supplies[(side, board)]
        first = supply_.first_source(hex_)
        assert first is not None
        sources = supply_.network.sources_on_route(first)
        if side == AXIS and board == "South" and sources[-1] == self.rostov:
            sources = sources + self.supplies[(AXIS, "North")].network.sources_on_route(self.rostov)[1:]
        distance = supply_.near.distance[hex_]
        names = " → ".join(self._source_name(source) for source in sources)
        if len(sources) == 1:
            return f"{distance} hexes to the ultimate source {names}"
        return f"{distance} hexes to {names} (each leg at most {LEG} hexes)"

    def _source_name(self, hex_: Hex) -> str:
        town = self.towns.get(hex_)
        return f"{town.name} {self.label(hex_)}" if town else self.label(hex_)

    def _why_unsupplied(self, side: str, hex_: Hex) -> str:
        board = self.board_of[hex_]
        supply_ = self.supplies[(side, board)]
        where = {("North", AXIS): "North-map Axis units trace on the North map only",
                 ("North", SOVIET): "North-map Soviet units trace on the North map only",
                 ("South", SOVIET): "South-map Soviet units trace on the South map only",
                 ("South", AXIS): "South-map Axis units reach the North map only through Rostov"
                 + ("" if self.taman else " (Taman is not active)")}[(board, side)]
        if hex_ in supply_.far.distance:
            source = supply_.far.path_to_source(hex_)[-1]
            return (f"the nearest connected source, {self._source_name(source)}, is {supply_.far.distance[hex_]} hexes "
                    f"away (a leg is at most {LEG}); {where}")
        return f"no line avoiding enemy units and blocked hexes reaches a connected source; {where}"

    def supply_of(self, state: UnitState) -> SupplyFinding:
        """A unit's supply state (7.2, 7.7)."""
        assert state.hex is not None
        return self.supply_at(state.side, state.hex)

    def supply(self) -> list[Verdict]:
        """Every unit's supply state with its traced line, and markers that cannot count."""
        verdicts = []
        for state in self.position.units:
            if state.hex is None:
                continue
            finding = self.supply_of(state)
            verdicts.append(Verdict(
                subject=f"{state.unit.id} in {self.label(state.hex)}",
                topic="supply",
                outcome=str(finding.state),
                rules=finding.rules,
                explanation=finding.explanation,
                path=self.labels(finding.path),
                unit=state.unit.id,
            ))
        for side, marker in NETWORK_MARKERS.items():
            for hex_ in self.position.markers.get(marker, ()):
                if hex_ not in self.towns:
                    verdicts.append(Verdict(
                        subject=f"{marker} marker in {self.label(hex_)}", topic="supply", outcome="not a source",
                        rules=("7.14",), explanation="only towns and cities join a supply network",
                    ))
        return verdicts

    # ----- stacking (rule 6) ------------------------------------------------------------

    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """Eight units a hex for both sides (6.1)."""
        return STACK_LIMIT

    def stacking_weight(self, state: UnitState) -> int:
        """Soviet artillery stacks on top of the eight (6.4); markers never count (6.5)."""
        return 0 if artillery(state) else 1

    def stacking_problems(self, hex_: Hex, states: Sequence[UnitState]) -> list[str]:
        """Soviet artillery beyond three (6.4); Axis nationalities mixed (6.3)."""
        guns = sum(1 for state in states if artillery(state))
        if guns > ARTILLERY_LIMIT:
            return [f"{guns} artillery units (at most {ARTILLERY_LIMIT} on top of the eight, rule 6.4)"]
        if states[0].side != AXIS:
            return []
        groups = {stacking_group(state) for state in states}
        if len(groups) == 1:
            return []
        if self.supply_at(AXIS, hex_).state is SupplyState.AIR:
            return []
        allies = [state for state in states if not german(state)]
        allied_nations = {state.unit.nationality for state in allies}
        german_units = [state for state in states if german(state)]
        if (len(allied_nations) == 1 and all(state.unit.arm == PANZER_ARM for state in allies)
                and german_units and all(mechanized(state) for state in german_units)):
            return []
        return [f"nationalities {', '.join(sorted(groups))} may not stack together: only allied panzer divisions of one "
                "nation with German mechanized units, or units under air supply (rule 6.3)"]

    # ----- movement (rule 9) ------------------------------------------------------------

    def movement_allowance(self, state: UnitState) -> int:
        """Printed movement, halved out of supply or under coastal or air supply (7.5, 7.6,
        7.15) and on Uranus turn 1 (3.3), each halving rounding down but never below 1."""
        step = state.unit.steps[len(state.unit.steps) - state.steps]
        printed = step.movement or 0
        times = (0 if self.supply_of(state).state.full_attack else 1) + (
            1 if self.scenario == URANUS and self.position.turn == 1 else 0
        )
        return halve(printed, times)

    def entry_cost(self, state: UnitState, first: Hex, second: Hex) -> tuple[int | None, str]:
        """MP for ``state`` to step from ``first`` into ``second``: the hex's cost by movement
        class plus each hexside's (9.10–9.21); None with the rule when prohibited."""
        if not are_adjacent(first, second) or second not in self.playable:
            return None, f"{self.label(first)} to {self.label(second)} is not a step onto an adjacent map hex (9.1, 9.22)"
        terrain_id = self.terrain(second)
        if self.frozen and terrain_id == "swamp":
            terrain_id = "clear"
        movement_class = state.unit.mobility
        cost = self.spec.terrain_types[terrain_id].movement_cost(movement_class)
        if cost is None:
            return None, f"{self.label(second)} is {terrain_id}, prohibited to {movement_class} units (9.13, 9.14, 9.19)"
        for feature in sorted(self.hexside_features(first, second)):
            terrain = self.spec.terrain_types[feature]
            if state.side in terrain.movement and terrain.movement[state.side] is None:
                return None, f"no {state.side} unit crosses the {terrain.name} (9.16)"
            if self.frozen and feature == "river":
                continue
            extra = terrain.movement_cost(movement_class)
            if extra is None:
                return None, f"the {terrain.name} between {self.label(first)} and {self.label(second)} cannot be crossed (9.13, 9.19)"
            cost += extra
        return cost, ""

    def movement_cost(self, state: UnitState, path: Sequence[Hex], assault: bool = False) -> PathCost:
        """What moving ``state`` along ``path`` (its own hex first) costs (9.1–9.21).

        With ``assault`` the last hex is a mechanized assault's target and costs double
        (9.24); otherwise no hex may hold enemy units (9.4).
        """
        rules = ("9.1", "9.10-9.21") + (("9.24",) if assault else ())
        if not path or path[0] != state.hex:
            return PathCost(None, (), rules, "a path starts in the unit's own hex")
        enemy = self.occupied_by[self.position.other_side(state.side)]
        entries: list[int] = []
        for index, (first, second) in enumerate(zip(path, path[1:])):
            target = assault and index == len(path) - 2
            if second in enemy and not target:
                return PathCost(None, tuple(entries), rules + ("9.4",), f"{self.label(second)} holds enemy units (9.4)")
            cost, problem = self.entry_cost(state, first, second)
            if cost is None:
                return PathCost(None, tuple(entries), rules, problem)
            entries.append(2 * cost if target else cost)
        return PathCost(sum(entries), tuple(entries), rules)

    # ----- combat strengths (rules 1.3, 2.15, 11.12, 11.19, 11.22, 11.26, 11.27) ----------

    def _printed(self, state: UnitState, attacking: bool) -> tuple[int, list[str]]:
        step = state.unit.steps[len(state.unit.steps) - state.steps]
        value = step.attack if attacking else step.defence
        notes = ["untried, revealed (2.14)"] if "untried" in state.flags else []
        if value is None:
            roll = self.settings.question_rolls.get(state.unit.id)
            if roll is None:
                raise RefereeError(
                    self.position.source, "settings",
                    f"rule 2.15: {state.unit.id}'s '?' {'attack' if attacking else 'defence'} is a die roll; "
                    f"state it as question_rolls = \"{state.unit.id}=N\"",
                )
            value = roll
            notes.append(f"'?' rolled {roll} (2.15)")
        return value, notes

    def attack_strength(self, state: UnitState) -> Contribution:
        """Printed (or rolled) attack, halved unless in full supply (7.5, 7.6, 7.15)."""
        value, notes = self._printed(state, attacking=True)
        finding = self.supply_of(state)
        halvings = 0 if finding.state.full_attack else 1
        if halvings:
            notes.append(f"{finding.state}: halved with the others halved alike (1.3, 7.15)")
        assert state.hex is not None
        return Contribution(state.unit.id, self.label(state.hex), Fraction(value), "; ".join(notes), halvings)

    def defence_strength(self, state: UnitState) -> Contribution:
        """Printed (or rolled) defence, halved only out of supply (7.16)."""
        value, notes = self._printed(state, attacking=False)
        finding = self.supply_of(state)
        halvings = 0 if finding.state.full_defence else 1
        if halvings:
            notes.append("out of supply: halved with the others halved alike (1.3, 7.16)")
        assert state.hex is not None
        return Contribution(state.unit.id, self.label(state.hex), Fraction(value), "; ".join(notes), halvings)

    def combat_strengths(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> tuple[tuple[Contribution, ...], tuple[Contribution, ...]]:
        """Strengths in this combat: the 9th Flak's 1 (11.27), artillery capped by its
        hex's other units (11.26), halvings for rivers (11.19) and panzers against cities
        (11.22) on top of supply."""
        prepared = self.settings.attack == PREPARED
        attack_items = []
        for state in attackers:
            assert state.hex is not None
            item = self.attack_strength(state)
            notes = [item.note] if item.note else []
            value, halvings = item.strength, item.halvings
            comrades = [other for other in attackers if other.hex == state.hex and other is not state]
            if state.unit.arm == FLAK_ARM and not comrades:
                value = Fraction(1)
                notes.append("9th Flak with no other unit of its hex attacking: 1 (11.27)")
            features = self.hexside_features(state.hex, defender_hex)
            if prepared and not artillery(state) and ("volga" in features or ("river" in features and not self.frozen)):
                halvings += 1
                notes.append("across a river: halved (11.19)")
            if prepared and state.side == AXIS and state.unit.arm == PANZER_ARM and self.is_city(defender_hex):
                halvings += 1
                notes.append("panzer division against a city: halved (11.22)")
            attack_items.append(Contribution(item.unit, item.hex, value, "; ".join(notes), halvings))
        attack_items = self._cap_artillery(attackers, attack_items, bombardment=True)
        defence_items = []
        for state in defenders:
            item = self.defence_strength(state)
            if state.unit.arm == FLAK_ARM and len(defenders) == 1 and self.position.other_side(state.side) == SOVIET:
                item = Contribution(item.unit, item.hex, Fraction(1),
                                    "; ".join(filter(None, [item.note, "9th Flak alone attacked by Soviets: 1 (11.27)"])),
                                    item.halvings)
            defence_items.append(item)
        return tuple(attack_items), tuple(self._cap_artillery(defenders, defence_items, bombardment=False))

    def _cap_artillery(
        self, states: Sequence[UnitState], items: list[Contribution], bombardment: bool
    ) -> list[Contribution]:
        """Artillery counts no more than the other units of its hex in the combat (11.26);
        alone in a hex it defends with 1, and bombarding across water (11.20) it is capped
        by the non-artillery attackers wherever they stand."""
        others_by_hex: dict[Hex | None, Fraction] = {}
        for state, item in zip(states, items):
            if not artillery(state):
                others_by_hex[state.hex] = others_by_hex.get(state.hex, Fraction(0)) + item.strength
        everyone = sum(others_by_hex.values(), Fraction(0))
        left = dict(others_by_hex)
        capped = []
        for state, item in zip(states, items):
            if not artillery(state):
                capped.append(item)
                continue
            if state.hex in left:
                cap = left[state.hex]
            else:
                cap = everyone if bombardment else Fraction(1)
                left[state.hex] = cap
            value = min(item.strength, max(cap, Fraction(0 if bombardment else 1)))
            left[state.hex] = max(Fraction(0), left[state.hex] - value)
            note = item.note if value == item.strength else "; ".join(
                filter(None, [item.note, f"artillery capped at {value} by the other units (11.26)"]))
            capped.append(Contribution(item.unit, item.hex, value, note, item.halvings))
        return capped

    def total_strength(self, contributions: Sequence[Contribution], attacking: bool) -> Fraction:
        """Units halved alike are added first, then halved, rounding down (1.3, 11.12)."""
        groups: dict[int, Fraction] = {}
        for item in contributions:
            groups[item.halvings] = groups.get(item.halvings, Fraction(0)) + item.strength
        return sum((Fraction(halve(int(total), times)) for times, total in groups.items()), Fraction(0))

    # ----- odds (rules 11.8-11.10, 11.29) -----------------------------------------------

    def column(self, attack: Fraction, defence: Fraction, shift: int) -> tuple[Odds, Odds]:
        """Raw odds (11.8, 11.9) and the odds after every shift (11.11, 11.29)."""
        index = odds_index(attack, defence)
        return odds_at(index), odds_at(index + shift)

    def automatic_result(self, attack: Fraction, defence: Fraction, shift: int) -> str | None:
        """7-1 or better after shifts: DE; worse than 1-3: AL1 — no roll (11.10, 11.29)."""
        index = odds_index(attack, defence) + shift
        if index > odds_index(Fraction(self.table.columns[-1].ratio), Fraction(1)):
            return "DE"
        if index < odds_index(Fraction(self.table.columns[0].ratio), Fraction(1)):
            return "AL1"
        return None

    def forced_order(self, side: str) -> str | None:
        """The order rule 5.4 imposes on ``side`` this turn, if any."""
        if side == SOVIET and (self.scenario == BLUE or self.position.turn == 1):
            return "attack_first"
        if side == AXIS and self.scenario == BLUE and self.position.turn == 1:
            return "move_first"
        return None

    def phase_order(self, side: str) -> str:
        """The attacking (phasing) player's order this turn: the setting, else 5.4's, else movement first."""
        return self.settings.phase_order or self.forced_order(side) or "move_first"

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Every column shift of rules 5.6, 8.9, 9.27 and 11.13–11.28 for this attack."""
        settings = self.settings
        side = attackers[0].side
        order = self.phase_order(side)
        prepared = settings.attack == PREPARED
        terrain = self.terrain(defender_hex)
        if self.frozen and terrain == "swamp":
            terrain = "clear"
        modifiers = []
        if prepared and side == AXIS and order == "attack_first":
            modifiers.append(Modifier("German attacks before moving this turn", ("5.6",), column_shift=1))
        if side == SOVIET and self.scenario == URANUS and order == "move_first":
            modifiers.append(Modifier("Soviet moves before attacking in Uranus", ("5.6",), column_shift=-1))
        if prepared:
            if terrain == "forest" and order == "move_first":
                modifiers.append(Modifier("defender in forest, attacker moved first", ("11.14",), column_shift=-1))
            if terrain == "hills":
                modifiers.append(Modifier("defender in hills", ("11.15",), column_shift=-1))
            if terrain == "mountain":
                modifiers.append(Modifier("defender in mountains", ("11.16",), column_shift=-2))
            if terrain == "swamp":
                modifiers.append(Modifier("non-mechanized units attack a swamp", ("11.17",), column_shift=1))
        if terrain == "desert_steppe":
            modifiers.append(Modifier("defender in desert steppe", ("11.18",), column_shift=1))
        if self.is_city(defender_hex):
            supplied = self.supply_at(defenders[0].side, defender_hex).state in (
                SupplyState.REGULAR, SupplyState.AUTOMATIC, SupplyState.AIR)
            changes = (("AS", "AL1"), ("DR", "AL1")) if supplied else ()
            name = "defender in a city" + (", in ground or air supply: AS and DR become AL1" if supplied else "")
            modifiers.append(Modifier(name, ("11.22",), column_shift=-2, result_changes=changes))
        if defenders[0].side == SOVIET and self.on_intact_line(defender_hex):
            modifiers.append(Modifier("Soviet defender on the Don–Volga line", ("11.23",), column_shift=-2))
        if side == AXIS and self.ring_intact() and all(
            state.hex is not None and "stalingrad_ring" in self.hexside_features(state.hex, defender_hex)
            for state in attackers
        ):
            modifiers.append(Modifier("every attacker across the intact Stalingrad ring", ("11.24",), column_shift=-1))
        if not prepared:
            if self.scenario == BLUE and settings.air_and_armour:
                modifiers.append(Modifier("assault shift cancelled by concentrated air and armour", ("9.27", "11.25")))
            else:
                modifiers.append(Modifier("defence against a mechanized assault", ("9.27", "11.13"), column_shift=-2))
        if settings.air_attack:
            modifiers.append(Modifier(f"{settings.air_attack} air marker(s) supporting the attack", ("11.25",),
                                      column_shift=settings.air_attack))
        if settings.air_defence:
            modifiers.append(Modifier(f"{settings.air_defence} air marker(s) supporting the defence", ("11.25",),
                                      column_shift=-settings.air_defence))
        if settings.manstein:
            modifiers.append(Modifier("Manstein supports the attack", ("8.9",), column_shift=2))
        concentric = self._concentric(defender_hex, attackers, defenders)
        if concentric:
            modifiers.append(concentric)
        return modifiers

    def _concentric(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> Modifier | None:
        """2R for Germans attacking a Soviet hex from opposite sides or three alternate
        ones, 1R when allies take part; never in an assault or on a city (11.22, 11.28, 11.39)."""
        if (self.settings.attack != PREPARED or attackers[0].side != AXIS or defenders[0].side != SOVIET
                or self.is_city(defender_hex)):
            return None
        directions = {direction_between(defender_hex, state.hex) for state in attackers if state.hex is not None}
        opposite = any((direction + 3) % 6 in directions for direction in directions)
        alternate = any({(direction + 2) % 6, (direction + 4) % 6} <= directions for direction in directions)
        if not (opposite or alternate):
            return None
        if all(german(state) for state in attackers):
            return Modifier("concentric attack by German units", ("11.28",), column_shift=2)
        return Modifier("concentric attack with allied units", ("11.28", "11.39"), column_shift=1)

    def attack_problems(self, defender_hex: Hex, attackers: Sequence[UnitState]) -> list[str]:
        """Why an attack may not be made as stated, each reason with its rule."""
        problems = super().attack_problems(defender_hex, attackers)
        if problems:
            return problems
        settings = self.settings
        side = attackers[0].side
        prepared = settings.attack == PREPARED
        terrain = self.terrain(defender_hex)
        if self.frozen and terrain == "swamp":
            terrain = "clear"
        if side == AXIS and self.scenario == URANUS and self.position.turn == 1:
            problems.append("no German attacks on Uranus turn 1 (rule 3.3)")
        order = self.phase_order(side)
        if order == "moves_only":
            problems.append("a movement-only turn has no attacks (rule 5.5)")
        forced = self.forced_order(side)
        if forced is not None and order not in (forced, "attacks_only", "moves_only"):
            problems.append(f"the {side} player's order this turn is {forced.replace('_', ' ')} (rule 5.4)")
        non_artillery_across_land = False
        for state in attackers:
            assert state.hex is not None
            features = self.hexside_features(state.hex, defender_hex)
            name = f"{state.unit.id} in {self.label(state.hex)}"
            printed, _ = self._printed(state, attacking=True)
            if printed == 0:
                problems.append(f"{name} has an attack strength of 0 and cannot attack (rule 11.12)")
            if "impassable_mountain" in features:
                problems.append(f"{name} cannot attack across an impassable mountain hexside (rule 11.16)")
            if "lake_side" in features and not artillery(state):
                problems.append(f"{name} cannot attack across a lake or sea hexside (rule 11.20)")
            if side == AXIS and "volga" in features:
                problems.append(f"{name} cannot attack across the Volga (rules 9.16, 11.19)")
            if terrain == "swamp" and mechanized(state):
                problems.append(f"{name} is mechanized and cannot attack a swamp (rule 11.17)")
            if not artillery(state) and "lake_side" not in features:
                non_artillery_across_land = True
        problems += self._artillery_problems(defender_hex, attackers, non_artillery_across_land)
        allied = {state.unit.nationality for state in attackers if state.side == AXIS and not german(state)}
        if len(allied) > 1:
            problems.append(f"allied units of {', '.join(sorted(allied))} cannot attack together (rule 11.39)")
        if not prepared:
            problems += self._assault_problems(defender_hex, attackers, terrain)
        problems += self._support_problems(side, attackers, prepared)
        return problems

    def _artillery_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState], partner_across_land: bool
    ) -> list[str]:
        problems = []
        for state in attackers:
            if not artillery(state):
                continue
            assert state.hex is not None
            name = f"{state.unit.id} in {self.label(state.hex)}"
            if self.scenario == BLUE:
                problems.append(f"{name}: artillery is used only in Uranus (rule 11.26)")
            if not self.supply_of(state).state.full_attack:
                problems.append(f"{name}: artillery out of supply cannot attack (rule 11.26)")
            same_hex = any(other.hex == state.hex and not artillery(other) for other in attackers)
            across_water = "lake_side" in self.hexside_features(state.hex, defender_hex)
            if not same_hex and not (across_water and partner_across_land):
                problems.append(f"{name}: artillery attacks only with a non-artillery unit of its hex (rules 11.20, 11.26)")
        return problems

    def _assault_problems(self, defender_hex: Hex, attackers: Sequence[UnitState], terrain: str) -> list[str]:
        problems = []
        if attackers[0].side != AXIS:
            return ["only the German makes mechanized assaults (rules 9.23, 12.3)"]
        if terrain in NO_ASSAULT_TERRAIN:
            problems.append(f"no mechanized assault against {terrain} (rule {NO_ASSAULT_TERRAIN[terrain]})")
        if self.is_city(defender_hex):
            problems.append("no mechanized assault against a city (rule 11.22)")
        if self.on_intact_line(defender_hex):
            problems.append("no mechanized assault against the Don–Volga line (rules 9.25, 11.23)")
        for state in attackers:
            assert state.hex is not None
            name = f"{state.unit.id} in {self.label(state.hex)}"
            features = self.hexside_features(state.hex, defender_hex)
            if not (german(state) and mechanized(state)):
                problems.append(f"{name}: only German mechanized units make mechanized assaults (rules 9.23, 11.39)")
            if self.supply_of(state).state is not SupplyState.REGULAR:
                problems.append(f"{name}: a mechanized assault starts from a hex in ground supply (rules 7.3, 7.16, 9.26)")
            if "lake_side" in features:
                problems.append(f"{name}: no mechanized assault across water (rule 9.25)")
            if "river" in features and not self.frozen:
                problems.append(f"{name}: no mechanized assault across a river before the freeze (rule 10.2)")
        if not any(state.unit.arm == PANZER_ARM for state in attackers):
            escorts = [state.unit.id for state in attackers if state.unit.arm in ASSAULT_ESCORT_ARMS]
            if escorts:
                problems.append(f"{', '.join(escorts)} assault only together with a panzer division (rule 9.23)")
        return problems

    def _support_problems(self, side: str, attackers: Sequence[UnitState], prepared: bool) -> list[str]:
        settings = self.settings
        problems = []
        markers = {(BLUE, AXIS): 2, (URANUS, SOVIET): 1}
        defending = self.position.other_side(side)
        if settings.air_attack > markers.get((self.scenario, side), 0):
            problems.append(f"the {side} player has {markers.get((self.scenario, side), 0)} air markers in this scenario (rule 11.25)")
        if settings.air_defence > markers.get((self.scenario, defending), 0):
            problems.append(f"the {defending} player has {markers.get((self.scenario, defending), 0)} air markers in this scenario (rule 11.25)")
        if settings.air_and_armour and prepared and side == AXIS and settings.air_attack:
            problems.append("both air markers support assaults this turn, none is left for this attack (rules 9.27, 11.25)")
        if settings.manstein:
            if self.scenario != URANUS or side != AXIS:
                problems.append("Manstein supports German attacks in Uranus only (rule 8.9)")
            elif not any(state.unit.arm == PANZER_ARM and german(state)
                         and self.supply_of(state).state is SupplyState.REGULAR for state in attackers):
                problems.append("Manstein needs a German panzer division in ground supply in the attack (rule 8.9)")
        return problems

    # ----- victory (rule 4) -------------------------------------------------------------

    def victory(self) -> list[Verdict]:
        """The scenario's victory state: sudden death, VP and the end-of-game tests."""
        return self._blue_victory() if self.scenario == BLUE else self._uranus_victory()

    def _entered(self, names: Sequence[str]) -> list[str]:
        return [f"{name} {self.label(self.town_hex(name))}" for name in names
                if self.town_hex(name) in self.occupied_by[SOVIET]]

    def _blue_victory(self) -> list[Verdict]:
        settings = self.settings
        entered = self._entered(BLUE_SUDDEN_DEATH)
        if entered:
            return [Verdict("Blue", "victory", "Soviet win", ("4.6",),
                            f"Soviet units have entered {', '.join(entered)}: the game ends at once")]
        stranded = [state for state in self.position.units_of(SOVIET)
                    if settings.end_of_game and self.supply_of(state).state is SupplyState.OUT]
        eliminated = settings.soviet_eliminated_out_of_supply + len(stranded)
        vp = settings.german_vp + eliminated // 20
        details = {"german_vp_from_hexes": str(settings.german_vp), "soviet_eliminated_out_of_supply": str(eliminated),
                   "german_vp": str(vp)}
        counted = (f"; {len(stranded)} Soviet units out of supply on the map count as eliminated at the end"
                   if settings.end_of_game else "")
        working = (f"{settings.german_vp} VP from VP hexes and {eliminated // 20} for {eliminated} Soviet units "
                   f"eliminated out of supply (1 per 20){counted}")
        if vp >= 6:
            return [Verdict("Blue", "victory", "German win", ("4.2", "4.3", "4.5"),
                            f"the German has {vp} VP, 6 or more: {working}", details=details)]
        if settings.end_of_game:
            return [Verdict("Blue", "victory", "Soviet win", ("4.3", "4.5"),
                            f"the German ends turn {self.position.turn} with {vp} VP, fewer than 6: {working}",
                            details=details)]
        return [Verdict("Blue", "victory", "game goes on", ("4.2", "4.3", "4.5"),
                        f"German VP {vp} of the 6 that win at once: {working}", details=details)]

    @cached_property
    def east_of_don(self) -> frozenset[Hex]:
        """North-map land east of the Voronezh/Don line, on Astrakhan's side (4.9, 8.6); empty
        without the line or when it does not cut the map."""
        line = self.position.game_map.lines.get("voronezh_don", frozenset())
        astrakhan = self.source_hexes(SOVIET, "ultimate")
        if not line:
            return frozenset()
        region = region_without_crossing(astrakhan, self.land & self.board_hexes("North"), line)
        return frozenset() if region & self.source_hexes(AXIS, "ultimate") else region

    def _uranus_victory(self) -> list[Verdict]:
        settings = self.settings
        entered = self._entered(URANUS_OBJECTIVES)
        if entered:
            return [Verdict("Uranus", "victory", "Soviet win", ("4.9",),
                            f"Soviet units have taken {', '.join(entered)}: the game ends at once")]
        stranded = [state for state in self.position.units_of(AXIS) if settings.end_of_game and german(state)
                    and self.supply_of(state).state in (SupplyState.OUT, SupplyState.AIR)]
        lost = settings.german_eliminated_out_of_supply + len(stranded)
        details = {"german_eliminated_out_of_supply_or_air": str(lost)}
        counted = (f" ({len(stranded)} of them German units out of supply or under air supply on the map at the end)"
                   if settings.end_of_game else "")
        if lost >= 20:
            return [Verdict("Uranus", "victory", "Soviet win", ("4.8",),
                            f"{lost} German units eliminated out of supply or under air supply{counted}, 20 or more",
                            details=details)]
        if settings.end_of_soviet_turn:
            held = [hex_ for hex_ in sorted(self.towns) if hex_ in self.east_of_don and self.control(hex_) == AXIS
                    and self.supply_at(AXIS, hex_).state is SupplyState.REGULAR]
            if len(held) >= 2:
                names = ", ".join(self._source_name(hex_) for hex_ in held)
                return [Verdict("Uranus", "victory", "German win", ("4.9",),
                                f"at the end of a Soviet player turn the German holds {names} east of the Don "
                                "in ground supply: two or more", details=details)]
        if settings.end_of_game:
            return [Verdict("Uranus", "victory", "German win", ("4.8", "4.10"),
                            f"the Soviet has met no victory condition by the end of turn {self.position.turn}: "
                            f"{lost} German units lost out of supply{counted}, fewer than 20", details=details)]
        return [Verdict("Uranus", "victory", "game goes on", ("4.8", "4.9"),
                        f"{lost} of the 20 German units eliminated out of supply or under air supply that win for the "
                        "Soviet; no Soviet unit in Kharkov, Stalino or Rostov", details=details)]
