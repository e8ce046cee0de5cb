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
    found = reach(["german_rear"], lambda first, second: second != "city_centre", adjacent=lambda area: AREAS[area])
    assert found.distance == {"german_rear": 0, "mamayev_kurgan": 1, "factories": 2}
    assert found.path_to_source("factories") == ("factories", "mamayev_kurgan", "german_rear")


def test_kinds_of_source_keep_their_own_distances_on_an_area_graph() -> None:
    found = reach_by_kind({"west": ["german_rear"], "east": ["landing"]}, lambda first, second: True,
                          adjacent=lambda area: AREAS[area])
    assert found["west"].distance["factories"] == 2 and found["east"].distance["factories"] == 3


def test_hexes_are_the_default_places() -> None:
    found = reach([Hex(5, 5)], lambda first, second: True, limit=1)
    assert len(found.distance) == 7
