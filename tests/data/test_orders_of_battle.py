"""The orders of battle and set-ups of Drive on Stalingrad and Turning Point: Stalingrad.

Counts and hexes the rules give are checked against the rule text (DoS 12.1, 12.3; the
digest in notes/dos-digest.md §4 counts them); the reconstructed rest is checked for
consistency: notes, stacking, nationality stacking, terrain, each unit used somewhere.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.hexes import Hex, distance
from rules.model import GameSpec, Placement, Scenario, Unit
from tests.support.games import hex_of, shipped_game


def stacks(spec: GameSpec, scenario: Scenario) -> dict[Hex, list[Unit]]:
    result: dict[Hex, list[Unit]] = {}
    for placement in scenario.setup:
        result.setdefault(hex_of(spec, placement.location), []).append(spec.units[placement.unit])
    return result


def placed(spec: GameSpec, scenario: str, side: str) -> list[Placement]:
    return [p for p in spec.scenarios[scenario].setup if spec.units[p.unit].side == side]


def kind(unit: Unit) -> str:
    """The rules' type code of a Soviet DoS counter (RD, CC, TC, ...)."""
    return {
        "rifle": "RD",
        "cavalry": "CC",
        "tank": "TC",
        "mechanized": "MC",
        "tank_destroyer": "DD",
        "naval_infantry": "NG",
        "fortified_area": "FA",
        "heavy_artillery": "HCD",
        "artillery": "AD",
    }[unit.arm]


# ------------------------------------------------------------------------------ both games


@pytest.mark.parametrize("name", ["dos", "tps"])
def test_every_setup_hex_is_on_the_map_and_no_unit_is_placed_twice(name: str) -> None:
    spec = shipped_game(name)
    for scenario in spec.scenarios.values():
        for placement in scenario.setup:
            hex_of(spec, placement.location)
        twice = [unit for unit, n in Counter(p.unit for p in scenario.setup).items() if n > 1]
        assert not twice, f"{name} scenario {scenario.id} places {twice} twice"


@pytest.mark.parametrize("name", ["dos", "tps"])
def test_every_reconstruction_says_why(name: str) -> None:
    spec = shipped_game(name)
    for unit in spec.units.values():
        if unit.provenance.reconstructed:
            assert unit.provenance.note, unit.id
    for scenario in spec.scenarios.values():
        for placement in scenario.setup:
            if placement.provenance.reconstructed:
                assert placement.provenance.note, (scenario.id, placement.unit)


@pytest.mark.parametrize("name", ["dos", "tps"])
def test_units_use_the_games_movement_classes_and_no_one_starts_in_water(name: str) -> None:
    spec = shipped_game(name)
    classes = (
        {"mechanized", "non_mechanized", "mountain"}
        if name == "dos"
        else {"motorized", "non_motorized", "air"}
    )
    for unit in spec.units.values():
        assert unit.mobility in classes, (unit.id, unit.mobility)
    for scenario in spec.scenarios.values():
        for placement in scenario.setup:
            game_map, hex_ = spec.parse_hex(placement.location) or (None, None)
            assert game_map is not None and hex_ is not None
            terrain = spec.terrain_types[game_map.terrain_of(hex_)]
            assert terrain.movement_cost(spec.units[placement.unit].mobility) is not None, (
                f"{scenario.id}: {placement.unit} set up in {placement.location}, {terrain.id} it may not enter"
            )


@pytest.mark.parametrize("name", ["dos", "tps"])
def test_every_unit_serves_in_some_scenario(name: str) -> None:
    spec = shipped_game(name)
    used = {p.unit for s in spec.scenarios.values() for p in s.setup}
    used |= {u.id for u in spec.units.values() if u.arrivals}
    used |= {
        u.id for u in spec.units.values() if u.arm == "kampfgruppe"
    }  # TPS: they replace eliminated units
    unused = sorted(set(spec.units) - used)
    assert not unused, f"{name}: units neither set up nor arriving: {unused[:10]}"


# ------------------------------------------------------------------------------ DoS

BLUE_SOVIET_ARMIES = {  # rule 12.1, as written
    "13": {"RD": 5},
    "40": {"RD": 7},
    "21": {"RD": 6},
    "28": {"RD": 7},
    "38": {"CC": 1, "RD": 9},
    "9": {"RD": 8},
    "12": {"RD": 4},
    "37": {"RD": 6},
    "18": {"RD": 4},
    "56": {"RD": 6},
    "8RA": {"RD": 7},
    "6RA": {"CC": 1, "RD": 6},
    "5RA": {"RD": 6},
    "7RA": {"RD": 7},
    "24": {"RD": 2},
    "51": {"CC": 1, "RD": 5, "TC": 1},
    "44": {"RD": 8},
    "46": {"RD": 3},
    "47": {"RD": 3},
}
BLUE_SOVIET_HEXES = {
    "8RA": "N1516",
    "6RA": "N1827",
    "5RA": "N2125",
    "7RA": "N3022",
    "24": "N2832",
    "51": "N4135",
    "44": "S1343",
    "46": "S2535",
    "47": "S1938",
}
STALINGRAD_GROUP = ["2920", "2921", "2922", "3021", "3022", "3121", "3122", "3222"]
# Rule 12.3 names no Stalingrad hex; the map puts the city at 3021 and 2921 (see
# games/dos/scenarios.toml), and the set-up keeps 3 units in every candidate hex.
STALINGRAD_CANDIDATES = ["2920", "2921", "3021", "3022", "3121", "3122"]


def test_blue_soviet_setup_is_rule_12_1_unit_by_unit() -> None:
    spec = shipped_game("dos")
    soviet = placed(spec, "blue", "soviet")
    assert len(soviet) == 122
    assert Counter(kind(spec.units[p.unit]) for p in soviet) == {
        "RD": 110,
        "CC": 3,
        "TC": 4,
        "DD": 2,
        "NG": 3,
    }
    by_army: dict[str, Counter[str]] = {}
    for p in soviet:
        unit = spec.units[p.unit]
        if "army" in unit.properties and unit.properties["army"] != "Rostov":
            by_army.setdefault(unit.properties["army"], Counter())[kind(unit)] += 1
    assert by_army == {army: Counter(types) for army, types in BLUE_SOVIET_ARMIES.items()}
    for p in soviet:
        army = spec.units[p.unit].properties.get("army")
        if army in BLUE_SOVIET_HEXES:
            assert p.location == BLUE_SOVIET_HEXES[army], p
    where = Counter(
        (kind(spec.units[p.unit]), p.location)
        for p in soviet
        if kind(spec.units[p.unit]) in ("TC", "NG")
    )
    for hex_name in ["N1938", "N1639", "N1334", "S1643", "S2039", "S2336"]:
        assert sum(n for (_, at), n in where.items() if at == hex_name) == 1, hex_name
    assert [
        p.location for p in soviet if spec.units[p.unit].properties.get("army") == "Rostov"
    ] == ["3635"]


def test_blue_40th_army_holds_each_of_its_front_hexes() -> None:
    spec = shipped_game("dos")
    hexes = [
        p.location
        for p in placed(spec, "blue", "soviet")
        if spec.units[p.unit].properties.get("army") == "40"
    ]
    assert set(hexes) == {"N1141", "N1242", "N1342", "N1442", "N1542"}


def test_blue_soviet_units_are_untried_except_the_specials() -> None:
    spec = shipped_game("dos")
    for p in placed(spec, "blue", "soviet"):
        unit = spec.units[p.unit]
        special = unit.nationality == "soviet_special"
        assert (unit.properties.get("untried") == "yes") != special, unit.id
        assert len(unit.steps) == 1 and None not in (unit.steps[0].attack, unit.steps[0].defence), (
            unit.id
        )


def test_blue_axis_areas_and_codes() -> None:
    spec = shipped_game("dos")
    axis = placed(spec, "blue", "axis")
    codes = Counter(spec.units[p.unit].properties["army"] for p in axis)
    assert set(codes) == {"2A", "4PA", "2H", "6A", "1PA", "17A", "St", "K", "A"}
    assert spec.units["de-3pd"].properties["army"] == "6A"  # rule 2.13's example
    for p in axis:
        code = spec.units[p.unit].properties["army"]
        if code == "St":
            assert p.location == "N3140"
        if code == "K":
            assert p.location == "N2044"
    a_hexes = [p.location for p in axis if spec.units[p.unit].properties["army"] == "A"]
    assert len(a_hexes) == len(set(a_hexes)), "rule 12.1: one 'A' unit a hex"
    # Rule 8.7 can be met: GD exists, and infantry divisions have a printed strength of 7.
    assert "de-gd" in spec.units
    assert any(
        u.arm == "infantry" and u.nationality == "german" and (u.steps[0].attack or 0) >= 7
        for u in spec.units.values()
    )


def test_blue_taman_reinforcements_are_the_two_of_rule_8_2() -> None:
    spec = shipped_game("dos")
    taman = [u.id for u in spec.units.values() if any("S1343" in a.where for a in u.arrivals)]
    assert sorted(taman) == ["de-46id", "ro-3mtn"]


URANUS_SPECIFIC = {
    "ro-1pd": "2927",
    "de-22pd-ur": "2927",
    "hu-105id": "2044",
    "de-213sec": "1143",
    "de-294id": "3140",
    "de-403sec": "3635",
    "it-vicenza": "2935",
    "de-44id": "2923",
    "de-376id": "2923",
    "de-384id": "2923",
}
URANUS_GROUPS = {  # rule 12.3: hexes and the count of units they hold
    "3rd Romanian Army": (["2527", "2627", "2726", "2826", "2825", "2824"], 8),
    "Italian 8th Army": (["2528", "2529", "2430", "2330", "2231", "2232"], None),
    "Hungarian 2nd Army": (["2132", "2033", "1932", "1833", "1733", "1734", "1635", "1534"], None),
    "German 2nd Army": (["1435", "1334", "1235", "1236", "1237", "1238", "1138", "1039"], 14),
}


def test_uranus_axis_setup_is_rule_12_3() -> None:
    spec = shipped_game("dos")
    axis = placed(spec, "uranus", "axis")
    at = {p.unit: p.location for p in axis}
    for unit, hex_name in URANUS_SPECIFIC.items():
        assert at[unit] == hex_name, unit
    group = [p for p in axis if p.location in STALINGRAD_GROUP]
    assert len(group) == 18 and all(
        spec.units[p.unit].nationality.startswith("german") for p in group
    )
    counts = Counter(p.location for p in group)
    for hex_name in STALINGRAD_CANDIDATES:
        assert counts[hex_name] >= 3, f"rule 12.3: at least 3 units in Stalingrad hex {hex_name}"
    for town in spec.maps[0].towns:
        if town.name.startswith("Stalingrad"):
            label = spec.maps[0].label(town.hex).removeprefix("N")
            assert counts[label] >= 3, f"rule 12.3: at least 3 units in Stalingrad hex {label}"
    for name, (hexes, count) in URANUS_GROUPS.items():
        members = [p for p in axis if p.location in hexes]
        assert set(hexes) == {p.location for p in members}, f"{name}: at least one unit in each hex"
        if count is not None:
            assert len(members) == count, name
    italians = {u.id for u in spec.units.values() if u.nationality == "italian"} - {"it-vicenza"}
    hungarians = {u.id for u in spec.units.values() if u.nationality == "hungarian"} - {"hu-105id"}
    assert {
        p.unit for p in axis if p.location in URANUS_GROUPS["Italian 8th Army"][0]
    } == italians | {"de-62id", "de-298id"}
    assert {
        p.unit for p in axis if p.location in URANUS_GROUPS["Hungarian 2nd Army"][0]
    } == hungarians | {"de-168id", "de-336id"}
    fourth = [
        p
        for p in axis
        if spec.units[p.unit].properties.get("corps")
        in ("VI Ro", "Romanian Cavalry Corps", "4th Romanian Army")
    ]
    assert sorted(p.unit for p in fourth) == sorted(
        ["ro-1id", "ro-2id", "ro-4id", "ro-18id", "ro-20id", "ro-5cd", "ro-8cd"]
    )
    assert len({p.location for p in fourth}) == 7, "rule 12.3: one 4th Romanian unit a hex"
    for p in fourth:
        assert distance(hex_of(spec, "3720"), hex_of(spec, p.location)) <= 4
    assert len(axis) == 80
    assert [a for a in spec.units["de-23pd-ur"].arrivals] and spec.units["de-23pd-ur"].arrivals[
        0
    ].turn == 3


def test_uranus_soviet_setup_is_rule_12_3() -> None:
    spec = shipped_game("dos")
    soviet = placed(spec, "uranus", "soviet")
    assert Counter(kind(spec.units[p.unit]) for p in soviet) == {
        "AD": 3,
        "CC": 3,
        "FA": 7,
        "HCD": 1,
        "MC": 2,
        "RD": 92,
        "TC": 5,
    }
    assert [p.location for p in soviet if kind(spec.units[p.unit]) == "HCD"] == ["N3120"]
    fa = [spec.units[p.unit] for p in soviet if kind(spec.units[p.unit]) == "FA"]
    assert all(
        u.steps[0] == u.steps[0].__class__(0, 6, 2) and u.nationality == "soviet_special"
        for u in fa
    )
    south_of_volga = [
        p
        for p in soviet
        if spec.units[p.unit].mobility == "mechanized"
        and kind(spec.units[p.unit]) in ("TC", "MC")
        and int(p.location[-4:-2]) >= 32
        and int(p.location[-2:]) <= 21
    ]
    assert len(south_of_volga) <= 2, "rule 12.3: at most 2 mechanized units south of the Volga"
    axis_hexes = {p.location.removeprefix("N") for p in placed(spec, "uranus", "axis")}
    assert not axis_hexes & {p.location.removeprefix("N") for p in soviet}


def test_dos_stacking_at_setup() -> None:
    """Rule 6.1: 8 units a hex (Soviet artillery 8 + 3, rule 6.4); rule 6.3: Axis nationalities apart."""
    spec = shipped_game("dos")
    for scenario in spec.scenarios.values():
        for hex_, units in stacks(spec, scenario).items():
            label = spec.maps[0].label(hex_)
            artillery = [u for u in units if u.arm in ("artillery", "heavy_artillery")]
            assert len(units) - len(artillery) <= 8 and len(artillery) <= 3, (scenario.id, label)
            assert len({u.side for u in units}) == 1, (scenario.id, label)
            nations = {
                "german"
                if u.nationality in ("german", "german_mechanized", "slovak")
                else u.nationality
                for u in units
                if u.side == "axis"
            }
            if len(nations) > 1:
                # rule 6.3 exception 2: allied armour may stack with German mechanized units
                allied = [
                    u
                    for u in units
                    if u.nationality not in ("german", "german_mechanized", "slovak")
                ]
                germans = [u for u in units if u not in allied]
                assert (
                    all(u.arm == "panzer" for u in allied)
                    and len({u.nationality for u in allied}) == 1
                ), (scenario.id, label)
                assert all(u.mobility == "mechanized" for u in germans), (scenario.id, label)


def test_dos_question_mark_units_follow_rule_2_15() -> None:
    spec = shipped_game("dos")
    for unit in spec.units.values():
        question = (
            unit.nationality in ("hungarian", "italian", "romanian")
            or unit.arm == "luftwaffe_field"
        )
        assert (unit.properties.get("front") == "?") == question, unit.id
        if question:
            assert unit.steps[0].defence is None
            assert unit.steps[0].attack == (None if unit.arm == "panzer" else 1), unit.id
    assert (
        sum(1 for u in spec.units.values() if u.steps[0].attack is None) == 2
    )  # the two allied panzer divisions


def test_dos_markers() -> None:
    spec = shipped_game("dos")
    assert (
        spec.markers["german-air"].count == 2 and spec.markers["soviet-air"].count == 1
    )  # rule 11.25
    for marker in (
        "game-turn",
        "german-vp",
        "german-air-supply",
        "german-supply-network",
        "soviet-supply-network",
        "soviet-reserve-inactive",
        "manstein",
        "freeze",
        "out-of-supply",
    ):
        assert marker in spec.markers


# ------------------------------------------------------------------------------ TPS

HISTORICAL_SETUP = {"A": "1", "C": "7"}  # the scenario that holds each historical set-up option


def test_tps_scenario_options_have_their_units() -> None:
    spec = shipped_game("tps")
    for scenario in spec.scenarios.values():
        for side, key in (("axis", "axis_order_of_battle"), ("soviet", "soviet_order_of_battle")):
            option = scenario.options[key]
            members = {
                u.id
                for u in spec.units.values()
                if u.side == side and option in u.properties.get("oob", "").split()
            }
            assert members, f"scenario {scenario.id}: no {side} unit for option {option}"
            if option in HISTORICAL_SETUP:
                holder = spec.scenarios[HISTORICAL_SETUP[option]]
                assert {
                    p.unit for p in holder.setup if spec.units[p.unit].side == side
                } == members, (scenario.id, side)
        reinforcement = scenario.options["axis_reinforcements"]
        arriving = [
            u
            for u in spec.units.values()
            if u.side == "axis" and any(a.scenario == scenario.id for a in u.arrivals)
        ]
        if reinforcement == "I":
            assert not arriving, f"scenario {scenario.id}: option I brings no reinforcements"
        else:
            assert arriving, f"scenario {scenario.id}: option {reinforcement} brings nobody"
            for unit in arriving:
                assert reinforcement in unit.properties["reinforcement"].split(), (
                    scenario.id,
                    unit.id,
                )
                for arrival in unit.arrivals:
                    if arrival.scenario == scenario.id:
                        assert arrival.where.startswith(f"option {reinforcement}:")
                        assert scenario.first_turn <= arrival.turn <= scenario.last_turn
    for scenario_id in HISTORICAL_SETUP.values():
        assert spec.scenarios[scenario_id].setup


def test_tps_stacking_at_setup() -> None:
    """Three units a hex; an air unit's two counters count as one, a supply unit as one."""
    spec = shipped_game("tps")
    for scenario in spec.scenarios.values():
        for hex_, units in stacks(spec, scenario).items():
            counted = [u for u in units if u.arm != "air_flight"]
            assert len(counted) <= 3, (scenario.id, spec.maps[0].label(hex_), [u.id for u in units])
            assert len({u.side for u in units}) == 1, (scenario.id, spec.maps[0].label(hex_))


def test_tps_unit_types_follow_the_rules() -> None:
    spec = shipped_game("tps")
    units = list(spec.units.values())
    rifle = [u for u in units if u.side == "soviet" and u.arm == "rifle"]
    assert rifle and all(
        (u.steps[0].attack, u.steps[0].movement) in ((3, 4), (5, 5)) for u in rifle
    )
    kampfgruppen = Counter(
        (u.steps[0].attack, u.steps[0].movement) for u in units if u.arm == "kampfgruppe"
    )
    assert set(kampfgruppen) == {(2, 8), (1, 8)}
    for u in units:
        if u.arm == "supply":
            assert (u.steps[0].attack, u.steps[0].defence) == (0, 1) and u.side == "soviet"
        assert len(u.steps) == 1, u.id
    halves: dict[str, list[Unit]] = {}
    for u in units:
        if u.arm in ("air_ground", "air_flight"):
            halves.setdefault(u.properties["air_unit"], []).append(u)
    assert halves and all(
        sorted(h.arm for h in pair) == ["air_flight", "air_ground"] for pair in halves.values()
    )
    for pair in halves.values():
        flight = next(h for h in pair if h.arm == "air_flight")
        assert int(flight.properties["range"]) > 0
        assert len({h.side for h in pair}) == 1
    for scenario in spec.scenarios.values():
        at = {p.unit: p.location for p in scenario.setup}
        for key, pair in halves.items():
            if any(h.id in at for h in pair):
                assert len({at.get(h.id) for h in pair}) == 1, (
                    f"{scenario.id}: {key}'s flight starts on its ground echelon"
                )


def test_tps_16_december_pocket_holds_only_axis_units() -> None:
    spec = shipped_game("tps")
    scenario = spec.scenarios["7"]
    ca = {
        p.location for p in scenario.setup if spec.units[p.unit].properties.get("c_group") == "Ca"
    }
    assert ca
    for p in scenario.setup:
        if p.location in ca:
            assert spec.units[p.unit].side == "axis", p


def test_errata_2002_rule_12_1_the_51st_army_sets_up_in_n4135_and_cites_the_errata() -> None:
    """The errata of 3 September 2002 give N4135 as the 51st Army's Blue set-up hex."""
    spec = shipped_game("dos")
    fifty_first = [
        p for p in spec.scenarios["blue"].setup if spec.units[p.unit].properties.get("army") == "51"
    ]
    assert len(fifty_first) == 7
    for placement in fifty_first:
        assert placement.location == "N4135"
        assert (
            placement.provenance.source is not None
            and "errata of 3 September 2002" in placement.provenance.source
        )


def test_errata_2002_rule_8_4_four_armies_are_reserves_not_five() -> None:
    """The errata change 8.4's "five" armies to "four": 5RA, 6RA, 7RA and 8RA."""
    spec = shipped_game("dos")
    reserves = sorted(
        formation_id
        for formation_id, formation in spec.formations.items()
        if formation.provenance.source is not None and "8.4" in formation.provenance.source
    )
    assert reserves == ["5RA", "6RA", "7RA", "8RA"]
    assert all("'four'" in (spec.formations[army].provenance.source or "") for army in reserves)
