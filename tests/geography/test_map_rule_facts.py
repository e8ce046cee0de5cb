"""Rule facts the projected maps must honour, each under its rule number."""

from __future__ import annotations

import pytest

from builder.geography.chains import walk
from rules.hexes import HexSide, hexcorner, hexside, neighbours
from rules.model import GameMap, GameSpec
from rules.regions import region_without_crossing
from tests.support.games import hex_of

WATER = ("sea", "lake")


def side(spec: GameSpec, name: str) -> HexSide:
    first, second = name.split("/")
    return hexside(hex_of(spec, first), hex_of(spec, second))


def main_map(spec: GameSpec) -> GameMap:
    return spec.maps[0]


def with_feature(game_map: GameMap, feature: str) -> set[HexSide]:
    return {side for side, features in game_map.hexside_features.items() if feature in features}


@pytest.mark.parametrize(
    "name, number, kinds",
    [
        ("Kursk", "N1143", ("town", "city")),
        ("Kharkov", "N2044", ("city",)),
        ("Stalino", "N3140", ("city",)),
        ("Rostov", "N3635", ("city",)),
        ("Astrakhan", "N4211", ("city",)),
    ],
)
def test_rules_4_6_4_9_7_3_named_towns_keep_their_rule_hexes(
    dos: GameSpec, name: str, number: str, kinds: tuple[str, ...]
) -> None:
    game_map = main_map(dos)
    town = game_map.town(name)
    assert town.hex == hex_of(dos, number) and town.kind in kinds
    assert [other.name for other in game_map.towns if other.hex == town.hex] == [name]


def test_rule_9_17_the_volga_runs_from_n1311_n1312_to_the_n4111_n4211_n4212_corner(
    dos: GameSpec,
) -> None:
    volga = with_feature(main_map(dos), "volga")
    start = side(dos, "N1311/N1312")
    end = hexcorner(hex_of(dos, "N4111"), hex_of(dos, "N4211"), hex_of(dos, "N4212"))
    chain = walk(volga, start, end)
    assert chain is not None, "the Volga hexsides do not join the two ends as one chain"
    assert set(chain) == volga, "every Volga hexside lies on the one chain"
    assert chain[-1] in end.sides()


def test_rule_9_16_12_3_stalingrad_and_n2720_are_west_of_the_volga(dos: GameSpec) -> None:
    """The Stalingrad group is German and Axis units never cross the Volga (9.16); 8.6 has an
    Axis unit in N2720; 12.3's 'south of the Volga' hexes are on the west bank."""
    game_map = main_map(dos)
    assert game_map.hex_map is not None
    playable = set(game_map.hex_map.hexes())
    barrier = with_feature(game_map, "volga") | {side(dos, "N4111/N4211")}
    east = region_without_crossing([hex_of(dos, "N1311")], playable, barrier)
    for name in (
        "N2720",
        "N2920",
        "N2921",
        "N2922",
        "N3021",
        "N3022",
        "N3121",
        "N3122",
        "N3222",
        "N3120",
        "N3219",
        "N3220",
        "N3221",
        "N3320",
    ):
        assert hex_of(dos, name) not in east, name
    assert hex_of(dos, "N4111") in east


def test_rule_7_8_volga_towns_are_soviet_ultimate_sources(dos: GameSpec) -> None:
    game_map = main_map(dos)
    on_volga = {hex_ for side_ in with_feature(game_map, "volga") for hex_ in side_.hexes}
    sources = {
        hex_
        for source in game_map.supply_sources
        if source.side == "soviet" and source.kind.startswith("ultimate")
        for hex_ in source.hexes
    }
    volga_towns = {town.hex for town in game_map.towns if town.hex in on_volga}
    assert volga_towns and volga_towns <= sources
    assert game_map.town("Stalingrad").hex in volga_towns


@pytest.mark.parametrize(
    "name, number, port",
    [
        ("Taman", "S1343", False),
        ("Novorossiysk", "S1643", True),
        ("Tuapse", "S2039", True),
        ("Sochi", "S2336", True),
        ("Ordzhonikidze", "S2822", False),
        ("Makhachkala", "S2812", False),
    ],
)
def test_rules_7_4_7_10_south_sources_and_ports(
    dos: GameSpec, name: str, number: str, port: bool
) -> None:
    game_map = main_map(dos)
    hex_ = hex_of(dos, number)
    assert game_map.town(name).hex == hex_
    assert game_map.terrain_of(hex_) not in WATER
    assert any(hex_ in source.hexes for source in game_map.supply_sources)
    if port:
        assert game_map.town(name).kind == "port"
        coast = with_feature(game_map, "lake_side")
        assert any(hexside(hex_, other) in coast for other in neighbours(hex_)), (
            f"{name} is no coastal hex"
        )


def test_rule_9_32_the_manych_runs_from_n3733_n3633_to_n4127_n4227(dos: GameSpec) -> None:
    game_map = main_map(dos)
    manych = game_map.line("manych")
    start, end = side(dos, "N3733/N3633"), side(dos, "N4127/N4227")
    assert start in manych and end in manych
    chain = walk(manych, start, end.corners()[0]) or walk(manych, start, end.corners()[1])
    assert chain is not None and set(chain) | {end} == set(manych), (
        "the flooded Manych is one chain"
    )
    assert manych <= with_feature(game_map, "river"), "the Manych is a river hexside (9.32)"


def test_rule_8_8_uranus_entry_hexes_n4227_n4243_are_on_the_north_map_south_edge(
    dos: GameSpec,
) -> None:
    game_map = main_map(dos)
    assert game_map.hex_map is not None
    north = game_map.hex_map.boards.index(game_map.hex_map.board_named("North"))
    for row in range(27, 44):
        hex_ = hex_of(dos, f"N42{row}")
        found = game_map.hex_map.to_board(hex_)
        assert found is not None and found[0] == north
        beyond = [
            other
            for other in neighbours(hex_)
            if (placed := game_map.hex_map.to_board(other)) is None or placed[0] != north
        ]
        assert beyond, f"N42{row} is not on the North map's edge"


def test_rule_7_8_uranus_soviet_source_edge_1038_1016_is_on_the_map_edge(dos: GameSpec) -> None:
    game_map = main_map(dos)
    assert game_map.hex_map is not None
    playable = set(game_map.hex_map.hexes())
    source = next(source for source in game_map.supply_sources if source.kind == "ultimate_uranus")
    assert {game_map.label(hex_) for hex_ in source.hexes} == {f"N10{row}" for row in range(16, 39)}
    for hex_ in source.hexes:
        assert any(other not in playable for other in neighbours(hex_))


URANUS_SETUP_HEXES = (
    "2927",
    "2044",
    "1143",
    "3140",
    "3635",
    "2935",
    "2923",
    "2920",
    "2921",
    "2922",
    "3021",
    "3022",
    "3121",
    "3122",
    "3222",
    "2527",
    "2627",
    "2726",
    "2826",
    "2825",
    "2824",
    "2528",
    "2529",
    "2430",
    "2330",
    "2231",
    "2232",
    "2132",
    "2033",
    "1932",
    "1833",
    "1733",
    "1734",
    "1635",
    "1534",
    "1435",
    "1334",
    "1235",
    "1236",
    "1237",
    "1238",
    "1138",
    "1039",
    "N3120",
    "N3221",
    "N3220",
    "N3219",
    "N3320",
)
"""Every hex rule 12.3 sets a unit up in (digest §4d, §4e)."""


@pytest.mark.parametrize("name", URANUS_SETUP_HEXES)
def test_rule_12_3_every_uranus_setup_hex_is_land(dos: GameSpec, name: str) -> None:
    assert main_map(dos).terrain_of(hex_of(dos, name)) not in WATER


def test_rule_12_3_every_placement_of_both_scenarios_is_on_land(dos: GameSpec) -> None:
    game_map = main_map(dos)
    for scenario in dos.scenarios.values():
        for placement in scenario.setup:
            assert game_map.terrain_of(hex_of(dos, placement.location)) not in WATER, (
                scenario.id,
                placement,
            )


def test_rule_9_10_every_city_stands_on_clear_terrain(dos: GameSpec) -> None:
    game_map = main_map(dos)
    for town in game_map.towns:
        if town.kind == "city":
            assert game_map.terrain_of(town.hex) == "clear", town.name


def test_dos_map_shows_its_geography(dos: GameSpec) -> None:
    """The Caucasus is mountains with an impassable ridge, the Kalmyk steppe is desert steppe,
    the Sea of Azov is sea (rules 9.13, 9.15, 9.19)."""
    game_map = main_map(dos)
    terrain = list(game_map.terrain.values())
    for kind, least in (("mountain", 20), ("desert_steppe", 40), ("sea", 60), ("hills", 20)):
        assert terrain.count(kind) >= least, kind
    assert len(with_feature(game_map, "impassable_mountain")) >= 20
    assert game_map.terrain_of(hex_of(dos, "N4041")) == "sea", "the Sea of Azov west of Yeysk"
    assert game_map.terrain_of(hex_of(dos, "N4222")) == "desert_steppe", (
        "Elista in the Kalmyk steppe"
    )


def test_tps_axis_rail_supply_is_four_hexes_on_the_north_and_west_edges(tps: GameSpec) -> None:
    game_map = main_map(tps)
    axis = [
        source
        for source in game_map.supply_sources
        if source.side == "axis" and source.kind == "rail"
    ]
    hexes = [hex_ for source in axis for hex_ in source.hexes]
    edges = set(game_map.edge("north").hexes) | set(game_map.edge("west").hexes)
    assert len(hexes) == 4 and set(hexes) <= edges
    rail_hexes = {hex_ for rail in game_map.rails for hex_ in rail.hexes}
    assert set(hexes) <= rail_hexes


def test_tps_soviet_rail_supply_is_on_the_north_and_east_edges(tps: GameSpec) -> None:
    game_map = main_map(tps)
    soviet = [
        hex_
        for source in game_map.supply_sources
        if source.side == "soviet" and source.kind == "rail"
        for hex_ in source.hexes
    ]
    edges = set(game_map.edge("north").hexes) | set(game_map.edge("east").hexes)
    assert soviet and set(soviet) <= edges


@pytest.mark.parametrize(
    "name",
    [
        "Stalingrad",
        "Rostov",
        "Kotelnikovo",
        "Kalach",
        "Serafimovich",
        "Kletskaya",
        "Tatsinskaya",
        "Morozovsk",
        "Surovikino",
    ],
)
def test_tps_board_covers_the_campaign(tps: GameSpec, name: str) -> None:
    """TPS covers Stalingrad, the Don bend, the Chir, Kotelnikovo and Rostov."""
    town = main_map(tps).town(name)
    assert main_map(tps).terrain_of(town.hex) not in WATER


def test_tps_start_lines_and_fortified_hexes(tps: GameSpec) -> None:
    game_map = main_map(tps)
    assert len(game_map.line("start_19nov")) > 20 and len(game_map.line("start_16dec")) > 20
    terrain = list(game_map.terrain.values())
    assert terrain.count("fortified_axis") > 10 and terrain.count("fortified_soviet") > 10


@pytest.mark.parametrize("name, number", [("Kalach", "N3023"), ("Chir Station", "N3124")])
def test_errata_2002_rule_11_40_kalach_and_chir_station_keep_their_printed_hexes(
    dos: GameSpec, name: str, number: str
) -> None:
    """The errata of 3 September 2002 print Kalach at 3023 and Chir Station at 3124; the
    projection alone puts Kalach in N3024, so the printed hexes are kept as rule facts."""
    town = main_map(dos).town(name)
    assert town.hex == hex_of(dos, number)
    assert (
        town.provenance.source is not None
        and "errata of 3 September 2002" in town.provenance.source
    )


def test_errata_2002_chir_station_is_a_town_like_the_kalach_it_replaces_in_rule_11_40(
    dos: GameSpec,
) -> None:
    """Chir Station takes Kalach's place in 11.40's list, so it is a town as Kalach is."""
    assert main_map(dos).town("Chir Station").kind == main_map(dos).town("Kalach").kind == "town"
