"""Distance and position facts stated in the rule texts, each under its rule number."""

from __future__ import annotations

from rules.hexes import Hex, distance
from rules.model import GameMap, GameSpec
from rules.regions import region_without_crossing
from tests.support.games import hex_of


def main_map(spec: GameSpec) -> GameMap:
    return spec.maps[0]


def test_rule_12_3_4018_is_four_hexes_from_3720(dos: GameSpec) -> None:
    """DoS 12.3: "4018 is 4 hexes from 3720" (3720 itself not counted)."""
    assert distance(hex_of(dos, "3720"), hex_of(dos, "4018")) == 4
    assert distance(hex_of(dos, "N3720"), hex_of(dos, "N4018")) == 4


def test_rule_8_4_n3229_is_within_8_hexes_of_n3022(dos: GameSpec) -> None:
    """DoS 8.4: count excludes the enemy's hex and includes the reserve's: N3229 is within 8 of N3022."""
    assert distance(hex_of(dos, "N3229"), hex_of(dos, "N3022")) <= 8


def test_rule_7_12_counting_convention(dos: GameSpec) -> None:
    """DoS 7.12: the unit's hex is not counted, the source's is: Rostov (N3635) is within 7 of
    Tsimlyanskiy (N3529), and a unit in the source hex itself is 0 hexes away."""
    tsimlyanskaya, rostov = hex_of(dos, "N3529"), hex_of(dos, "N3635")
    assert distance(tsimlyanskaya, rostov) <= 7
    assert distance(rostov, rostov) == 0
    assert main_map(dos).town("Tsimlyanskaya").hex == tsimlyanskaya
    assert main_map(dos).town("Rostov").hex == rostov


def test_rule_1_4_map_edges(dos: GameSpec) -> None:
    """DoS 1.4: north N1044-N1311, east N1311-S2811, south S2143-S2811, west S2143-N1044."""
    game_map = main_map(dos)
    corners = {
        "north": ("N1044", "N1311"),
        "east": ("N1311", "S2811"),
        "south": ("S2811", "S2143"),
        "west": ("S2143", "N1044"),
    }
    for name, (start, end) in corners.items():
        edge = game_map.edge(name)
        assert (game_map.label(edge.hexes[0]), game_map.label(edge.hexes[-1])) == (start, end)
    assert game_map.hex_map is not None
    playable = set(game_map.hex_map.hexes())
    on_edges = {hex_ for edge in game_map.edges for hex_ in edge.hexes}
    boundary = {hex_ for hex_ in playable if any(other not in playable for other in _around(hex_))}
    assert on_edges == boundary, "the four edges of rule 1.4 go all the way round the map"
    # 7.8: the Soviet Uranus source hexes 1038-1016 lie on the north edge.
    north = set(game_map.edge("north").hexes)
    assert all(hex_of(dos, f"N10{row}") in north for row in range(16, 39))


def _around(hex_: Hex) -> list[Hex]:
    from rules.hexes import neighbours

    return list(neighbours(hex_))


def test_rule_2_3_the_shared_row_belongs_to_the_north_map(dos: GameSpec) -> None:
    """DoS 2.3: the South map's first row repeats the North map's last and counts as North."""
    game_map = main_map(dos)
    assert game_map.label(hex_of(dos, "S1018")) == "N4218"
    assert distance(hex_of(dos, "N4218"), hex_of(dos, "S1118")) == 1


def test_rule_8_6_east_of_the_voronezh_don_line(dos: GameSpec) -> None:
    """DoS 8.6: N1033, N2526, N2720 are east of the Voronezh/Don line; N1034, N1133, N1234,
    N1334 are not."""
    game_map = main_map(dos)
    assert game_map.hex_map is not None
    east = region_without_crossing(
        [game_map.town("Astrakhan").hex],
        set(game_map.hex_map.hexes()),
        game_map.line("voronezh_don"),
    )
    for name in ("N1033", "N2526", "N2720"):
        assert hex_of(dos, name) in east, name
    for name in ("N1034", "N1133", "N1234", "N1334"):
        assert hex_of(dos, name) not in east, name
