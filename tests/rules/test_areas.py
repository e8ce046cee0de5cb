"""Area maps as partitions of a frame: adjacency by shared corners, pixel look-ups, and
the checks that catch a gap or an overlap in hand-edited outlines."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.areas import AreaMap, Crossing, MapFrame, contains
from rules.data.loader import load_game
from rules.errors import DataError
from tests.support.games import shipped_game

FRAME = MapFrame(west=10.0, east=10.2, south=50.0, north=50.1, pixels_per_km=10)
CORNERS = {
    "nw": (10.0, 50.1),
    "n": (10.1, 50.1),
    "ne": (10.2, 50.1),
    "sw": (10.0, 50.0),
    "s": (10.1, 50.0),
    "se": (10.2, 50.0),
}


def two_halves(**changes: object) -> AreaMap:
    """A frame cut in two down the middle: west and east share the edge n-s."""
    outlines = {"west": ("nw", "n", "s", "sw"), "east": ("n", "ne", "se", "s")}
    arguments: dict[str, object] = {"frame": FRAME, "corners": CORNERS, "outlines": outlines}
    arguments.update(changes)
    return AreaMap(**arguments)  # type: ignore[arg-type]


def test_a_shared_edge_makes_neighbours() -> None:
    halves = two_halves()
    assert halves.problems() == []
    assert halves.neighbours() == {"west": frozenset({"east"}), "east": frozenset({"west"})}
    assert halves.border("west", "east") == (("n", "s"),)


def test_crossings_join_areas_without_a_border() -> None:
    corners = {**CORNERS, "m": (10.1, 50.05)}
    outlines = {"west": ("nw", "n", "m", "s", "sw"), "east": ("n", "ne", "se", "s", "m")}
    touching = AreaMap(FRAME, corners, outlines, crossings=(Crossing("west", "east"),))
    assert touching.neighbours()["west"] == frozenset({"east"})


def test_a_point_contact_is_no_border() -> None:
    quarters = {
        "a": ("nw", "n", "c", "w"),
        "b": ("n", "ne", "e", "c"),
        "c": ("c", "e", "se", "s"),
        "d": ("w", "c", "s", "sw"),
    }
    corners = {**CORNERS, "c": (10.1, 50.05), "w": (10.0, 50.05), "e": (10.2, 50.05)}
    area_map = AreaMap(FRAME, corners, quarters)
    assert area_map.problems() == []
    assert area_map.neighbours()["a"] == frozenset({"b", "d"})


def test_gaps_overlaps_and_unknown_corners_are_reported() -> None:
    assert (
        "unknown corner 'x'" in two_halves(outlines={"west": ("nw", "n", "x", "sw")}).problems()[0]
    )
    gap = two_halves(
        corners={**CORNERS, "m": (10.12, 50.05)},
        outlines={"west": ("nw", "n", "m", "s", "sw"), "east": ("n", "ne", "se", "s")},
    )
    assert any("borders nothing" in problem for problem in gap.problems())
    corners = {**CORNERS, "m": (10.15, 50.05)}
    overlap = AreaMap(
        FRAME, corners, {"west": ("nw", "n", "m", "s", "sw"), "east": ("n", "ne", "se", "s")}
    )
    assert overlap.problems()


def test_pixels_follow_the_frame() -> None:
    halves = two_halves()
    width, height = FRAME.size
    assert halves.pixel("nw") == (0.0, 0.0)
    assert halves.pixel("se") == pytest.approx((width, height), abs=0.5)
    assert halves.area_at(width * 0.25, height / 2) == "west"
    assert halves.area_at(width * 0.75, height / 2) == "east"
    assert halves.area_at(-5, 5) is None


@given(st.floats(min_value=0.5, max_value=145.0), st.floats(min_value=0.5, max_value=110.0))
def test_every_point_of_the_rks_frame_has_one_owner(x: float, y: float) -> None:
    """The outlines and the Volga tile the frame: a point belongs to exactly one ring."""
    area_map = shipped_game("rks").maps[0].area_map
    assert area_map is not None
    width, height = area_map.frame.size
    point = (x / 146 * width, y / 111 * height)
    owners = [name for name, _ in area_map.rings() if contains(area_map.polygon(name), point)]
    assert len(owners) == 1, (point, owners)


def test_pixel_look_up_agrees_with_the_drawn_label_points() -> None:
    game_map = shipped_game("rks").maps[0]
    area_map = game_map.area_map
    assert area_map is not None
    for area in game_map.areas:
        polygon = area_map.polygon(area.id)
        middle = (
            sum(x for x, _ in polygon) / len(polygon),
            sum(y for _, y in polygon) / len(polygon),
        )
        if contains(polygon, middle):
            assert area_map.area_at(*middle) == area.id


def _copy_rks(tmp_path: Path) -> Path:
    source = Path(shipped_game("rks").folder)
    folder = tmp_path / "rks"
    folder.mkdir()
    for path in source.glob("*.toml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_a_broken_outline_is_one_line_naming_file_and_line(tmp_path: Path) -> None:
    folder = _copy_rks(tmp_path)
    map_file = folder / "map.toml"
    text = map_file.read_text(encoding="utf-8")
    map_file.write_text(
        text.replace(
            '"red_october_mamayev_settlements",\n  "mamayev_settlements_rear"',
            '"red_october_mamayev_settlements",\n  "orlovka_west"',
            1,
        ),
        encoding="utf-8",
    )
    with pytest.raises(DataError) as raised:
        load_game(str(folder))
    message = str(raised.value)
    assert message.startswith(f"{map_file}:") and "outlines:" in message and "\n" not in message


def test_an_unknown_corner_is_named(tmp_path: Path) -> None:
    folder = _copy_rks(tmp_path)
    map_file = folder / "map.toml"
    map_file.write_text(
        map_file.read_text(encoding="utf-8").replace(
            'outline = ["rynok", "mokraya_mechetka_mouth"',
            'outline = ["rynok", "mokraya_mechetka"',
            1,
        ),
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="unknown corner 'mokraya_mechetka'"):
        load_game(str(folder))


def test_a_listed_adjacency_must_match_the_outlines(tmp_path: Path) -> None:
    folder = _copy_rks(tmp_path)
    map_file = folder / "map.toml"
    map_file.write_text(
        map_file.read_text(encoding="utf-8").replace(
            'name = "Orlovka"\n', 'name = "Orlovka"\nadjacent = ["german_rear"]\n', 1
        ),
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="'adjacent' disagrees with the outlines"):
        load_game(str(folder))


def test_rings_may_be_written_either_way_round(tmp_path: Path) -> None:
    folder = _copy_rks(tmp_path)
    map_file = folder / "map.toml"
    map_file.write_text(
        map_file.read_text(encoding="utf-8").replace(
            'outline = ["rynok", "mokraya_mechetka_mouth", "spartakovka_tractor_orlovka", "spartakovka_orlovka_rear"]',
            'outline = ["spartakovka_orlovka_rear", "spartakovka_tractor_orlovka", "mokraya_mechetka_mouth", "rynok"]',
            1,
        ),
        encoding="utf-8",
    )
    reversed_map = load_game(str(folder)).maps[0]
    assert (
        reversed_map.area("spartakovka").adjacent
        == shipped_game("rks").maps[0].area("spartakovka").adjacent
    )
