"""The shared search walks any map's places: hexes by default, an area graph when asked."""

from __future__ import annotations

from rules.hexes import Hex
from rules.referee.search import reach, reach_by_kind

AREAS = {
    "german_rear": ("city_centre", "mamayev_kurgan"),
    "city_centre": ("german_rear", "mamayev_kurgan", "landing"),
    "mamayev_kurgan": ("german_rear", "city_centre", "factories"),
    "factories": ("mamayev_kurgan",),
    "landing": ("city_centre",),
}


def test_an_area_graph_is_searched_through_its_adjacency() -> None:
    found = reach(
        ["german_rear"],
        lambda first, second: second != "city_centre",
        adjacent=lambda area: AREAS[area],
    )
    assert found.distance == {"german_rear": 0, "mamayev_kurgan": 1, "factories": 2}
    assert found.path_to_source("factories") == ("factories", "mamayev_kurgan", "german_rear")


def test_kinds_of_source_keep_their_own_distances_on_an_area_graph() -> None:
    found = reach_by_kind(
        {"west": ["german_rear"], "east": ["landing"]},
        lambda first, second: True,
        adjacent=lambda area: AREAS[area],
    )
    assert found["west"].distance["factories"] == 2 and found["east"].distance["factories"] == 3


def test_hexes_are_the_default_places() -> None:
    found = reach([Hex(5, 5)], lambda first, second: True, limit=1)
    assert len(found.distance) == 7


def test_a_limited_search_is_the_full_one_cut_at_the_limit() -> None:
    """DoS reads its seven-hex lines off the full search (``Reach.within``)."""
    walls = {Hex(column, row) for column in range(3, 12) for row in (4, 9) if column != 7}

    def allowed(first: Hex, second: Hex) -> bool:
        return second not in walls and 0 <= second.column < 16 and 0 <= second.row < 14

    sources = [Hex(2, 6), Hex(13, 2)]
    full = reach(sources, allowed)
    for limit in (0, 1, 4, 7):
        limited = reach(sources, allowed, limit)
        assert limited.distance == {
            hex_: steps for hex_, steps in full.distance.items() if steps <= limit
        }
        assert limited.toward_source == {
            hex_: toward
            for hex_, toward in full.toward_source.items()
            if full.distance[hex_] <= limit
        }
        assert full.within(limit) == limited
    assert max(full.distance.values()) > 7
