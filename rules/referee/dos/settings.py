"""The Drive on Stalingrad settings of a position: what the map and counters cannot show.

Every value is a string:

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
``german_vp``               German VP from VP hexes held (4.2), as the track shows it: overrides
                            the count of the map's (reconstructed) VP hexes the German controls.
``soviet_eliminated_out_of_supply``  Soviet units eliminated while out of supply (4.3).
``german_eliminated_out_of_supply``  German units eliminated while out of supply or under
                            air supply (4.8).
``end_of_soviet_turn``      "yes" at the end of a Soviet player turn (the 4.9 German win).
``east_of_don``             which towns 4.9's "east of the Don" means: "interfluve" (default),
                            those between the Don and the Volga round Stalingrad, or
                            "literal", every town on Astrakhan's side of the Voronezh/Don line.
``end_of_game``             "yes" at the end of the last turn (4.3, 4.5, 4.8, 4.10).
``concentric_on_cities``    whether an attack on a city gets the concentric shift, where
                            11.22 and 11.28 disagree: "none" (default, 11.22's rule) or
                            "allowed" (11.28's last sentence).
``reserves_released``       Blue reserve armies (5RA, 6RA, 7RA, 8RA) released by Moscow's die
                            roll, by the Axis's first crossing of the Voronezh/Don line (8.6) or
                            in an earlier turn, or "all" (8.4); an Axis unit within 8 hexes
                            or beyond the Voronezh/Don or Don–Volga line releases armies
                            without their being listed.

The position's ``scenario`` is "blue" or "uranus" (Blue when a save cannot say); its
``weather`` is "frozen" once the Uranus freeze has come (10.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.hexes import Hex
from rules.referee.engine import RefereeError
from rules.referee.position import Position
from rules.referee.settings import SettingsReader
from rules.referee.dos.units import AXIS, RESERVE_ARMIES, SOVIET

BLUE, URANUS = "blue", "uranus"
PREPARED, ASSAULT = "prepared", "mechanized_assault"
PHASE_ORDERS = ("move_first", "attack_first", "attacks_only", "moves_only")
SETTING_NAMES = (
    "taman_active",
    "axis_control",
    "soviet_control",
    "axis_network",
    "soviet_network",
    "don_volga_destroyed",
    "stalingrad_ring",
    "phase_order",
    "attack",
    "air_attack",
    "air_defence",
    "air_and_armour",
    "manstein",
    "question_rolls",
    "german_vp",
    "soviet_eliminated_out_of_supply",
    "german_eliminated_out_of_supply",
    "end_of_soviet_turn",
    "end_of_game",
    "east_of_don",
    "reserves_released",
    "concentric_on_cities",
)
EAST_OF_DON_READINGS = ("interfluve", "literal")
CITY_CONCENTRIC_READINGS = ("none", "allowed")


@dataclass(frozen=True)
class Settings:
    """The DoS switches of a position, with its scenario and weather."""

    scenario: str
    frozen: bool
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
    german_vp: int | None
    soviet_eliminated_out_of_supply: int
    german_eliminated_out_of_supply: int
    end_of_soviet_turn: bool
    end_of_game: bool
    east_of_don: str
    reserves_released: frozenset[str]
    concentric_on_cities: str = CITY_CONCENTRIC_READINGS[0]


def read_settings(position: Position) -> Settings:
    """The DoS settings of ``position``, checked; a bad one raises :class:`RefereeError`."""
    reader = SettingsReader(position, SETTING_NAMES, "Drive on Stalingrad")
    rolls = {}
    for item in reader.words("question_rolls"):
        unit_id, _, roll = item.partition("=")
        if unit_id not in position.spec.units or roll not in ("1", "2", "3", "4", "5", "6"):
            raise reader.fail(
                "question_rolls",
                f"{item!r} is not unit=roll with a known unit and a roll of 1 to 6",
            )
        rolls[unit_id] = int(roll)
    released = reader.words("reserves_released")
    if released == ["all"]:
        released = list(RESERVE_ARMIES)
    for army in released:
        if army not in RESERVE_ARMIES:
            raise reader.fail(
                "reserves_released",
                f"{army!r} is not one of the reserve armies "
                f'{", ".join(RESERVE_ARMIES)} (8.4) or "all"',
            )
    scenario = position.scenario or BLUE
    if scenario not in (BLUE, URANUS):
        raise RefereeError(position.source, "scenario", f"{scenario!r} is not blue or uranus")
    return Settings(
        scenario=scenario,
        frozen=scenario == URANUS and position.weather == "frozen",
        taman_active=reader.yes("taman_active"),
        control={AXIS: reader.hexes("axis_control"), SOVIET: reader.hexes("soviet_control")},
        network={AXIS: reader.hexes("axis_network"), SOVIET: reader.hexes("soviet_network")},
        don_volga_destroyed=reader.hexes("don_volga_destroyed"),
        stalingrad_ring_broken=reader.choice("stalingrad_ring", ("intact", "broken"), "intact")
        == "broken",
        phase_order=reader.choice("phase_order", PHASE_ORDERS, "move_first")
        if reader.given("phase_order")
        else None,
        attack=reader.choice("attack", (PREPARED, ASSAULT), PREPARED),
        air_attack=reader.whole_number("air_attack", 2),
        air_defence=reader.whole_number("air_defence", 2),
        air_and_armour=reader.yes("air_and_armour"),
        manstein=reader.yes("manstein"),
        question_rolls=rolls,
        german_vp=reader.whole_number("german_vp", 99) if reader.given("german_vp") else None,
        soviet_eliminated_out_of_supply=reader.whole_number("soviet_eliminated_out_of_supply", 999),
        german_eliminated_out_of_supply=reader.whole_number("german_eliminated_out_of_supply", 999),
        end_of_soviet_turn=reader.yes("end_of_soviet_turn"),
        end_of_game=reader.yes("end_of_game"),
        east_of_don=reader.choice("east_of_don", EAST_OF_DON_READINGS, EAST_OF_DON_READINGS[0]),
        reserves_released=frozenset(released),
        concentric_on_cities=reader.choice(
            "concentric_on_cities", CITY_CONCENTRIC_READINGS, CITY_CONCENTRIC_READINGS[0]
        ),
    )
