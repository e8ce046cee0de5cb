"""Checks on the committed theatre files, so a hand edit or a re-bake cannot silently break them.

Only the standard library is used: the theatre is plain TOML and must stay readable without the
bake's heavy packages.
"""

from __future__ import annotations

import math
import tomllib
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

THEATRE = Path(__file__).resolve().parents[2] / "games" / "theatre"
WEST, SOUTH, EAST, NORTH = 33.0, 41.0, 50.0, 53.0
Feature = dict[str, Any]


def load(name: str) -> dict[str, list[Feature]]:
    with (THEATRE / name).open("rb") as handle:
        return tomllib.load(handle)


def theatre() -> dict[str, list[Feature]]:
    """Both files unioned table by table, as every consumer reads them."""
    merged: dict[str, list[Feature]] = {}
    for name in ("traced.toml", "drawn.toml"):
        for table, features in load(name).items():
            merged.setdefault(table, []).extend(features)
    return merged


def towns() -> dict[str, Feature]:
    return {town["name"]: town for town in theatre()["town"]}


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Equirectangular distance; exact enough at the 10 km scale these tests use."""
    mean_lat = math.radians((a[1] + b[1]) / 2)
    dx = (a[0] - b[0]) * math.cos(mean_lat) * 111.32
    dy = (a[1] - b[1]) * 111.32
    return math.hypot(dx, dy)


def km_to_segment(p: tuple[float, float], a: list[float], b: list[float]) -> float:
    scale = math.cos(math.radians(p[1]))
    ax, ay, bx, by = a[0] * scale, a[1], b[0] * scale, b[1]
    px, py = p[0] * scale, p[1]
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    along = (px - ax) * (bx - ax) + (py - ay) * (by - ay)
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, along / length2))
    return math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))) * 111.32


def km_to_river(name: str, point: tuple[float, float]) -> float:
    lines = [
        line for river in theatre()["river"] if river["name"] == name for line in river["lines"]
    ]
    return min(km_to_segment(point, a, b) for line in lines for a, b in pairwise(line))


def coordinates(value: Any) -> list[list[float]]:
    """Every [lon, lat] pair in a nested geometry list."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, float | int) for v in value)
    ):
        return [value]
    if isinstance(value, list):
        return [pair for item in value for pair in coordinates(item)]
    return []


@pytest.mark.parametrize("name", ["traced.toml", "drawn.toml"])
def test_file_parses(name: str) -> None:
    assert load(name)


def test_theatre_is_small() -> None:
    assert sum(path.stat().st_size for path in THEATRE.glob("*.toml")) < 2_000_000


def test_every_feature_says_where_it_comes_from() -> None:
    for table, features in theatre().items():
        for feature in features:
            assert feature["origin"] in ("traced", "drawn"), (table, feature)
            if feature["origin"] == "traced":
                assert feature["source"], (table, feature)
            else:
                assert feature["note"], (table, feature)


def test_coordinates_are_inside_the_frame() -> None:
    for table, features in theatre().items():
        for feature in features:
            pairs = coordinates([feature.get(key) for key in ("polygons", "lines", "points")])
            if "lon" in feature:
                pairs.append([feature["lon"], feature["lat"]])
            for lon, lat in pairs:
                assert WEST <= lon <= EAST and SOUTH <= lat <= NORTH, (table, feature.get("name"))


@pytest.mark.parametrize(
    "name",
    [
        "Volga",
        "Don",
        "Donets",
        "Kuban",
        "Terek",
        "Chir",
        "Aksay (Yesaulovsky)",
        "Aksay (Kurmoyarsky)",
        "Aksay (Rostov)",
        "Sal",
        "Kalmius",
        "Mius",
        "Myshkova",
        "Bystraya",
        "Kuma",
        "Manych",
        "Oskol",
        "Khoper",
        "Medveditsa",
        "Dnieper",
    ],
)
def test_named_river_exists(name: str) -> None:
    assert any(river["name"] == name and river["lines"] for river in theatre()["river"])


KEY_TOWNS = {
    "Stalingrad": (44.51, 48.71),
    "Rostov": (39.72, 47.23),
    "Kursk": (36.19, 51.73),
    "Kharkov": (36.25, 49.98),
    "Stalino": (37.80, 48.02),
    "Astrakhan": (48.04, 46.35),
    "Voronezh": (39.19, 51.67),
    "Taman": (36.72, 45.21),
    "Novorossiysk": (37.77, 44.72),
    "Tuapse": (39.07, 44.10),
    "Sochi": (39.73, 43.60),
    "Ordzhonikidze": (44.68, 43.04),
    "Makhachkala": (47.50, 42.98),
    "Kotelnikovo": (43.14, 47.63),
    "Tatsinskaya": (41.28, 48.20),
    "Morozovsk": (41.83, 48.35),
    "Millerovo": (40.40, 48.92),
    "Kantemirovka": (39.86, 49.70),
    "Likhaya": (40.18, 48.15),
    "Lozovaya": (36.31, 48.89),
    "Tsimlyanskaya": (42.09, 47.65),
    "Kalach": (43.53, 48.69),
    "Serafimovich": (42.73, 49.58),
    "Kletskaya": (43.06, 49.31),
    "Chertkovo": (40.15, 49.38),
    "Salsk": (41.54, 46.48),
    "Tikhoretsk": (40.12, 45.85),
    "Armavir": (41.12, 45.00),
    "Krasnodar": (38.98, 45.04),
    "Maykop": (40.10, 44.61),
    "Grozny": (45.69, 43.31),
    "Elista": (44.26, 46.31),
    "Mozdok": (44.65, 43.74),
    "Nalchik": (43.62, 43.50),
    "Pyatigorsk": (43.06, 44.05),
    "Voroshilovsk": (41.97, 45.04),
    "Kamensk": (40.27, 48.32),
    "Boguchar": (40.55, 49.94),
    "Rossosh": (39.57, 50.20),
    "Liski": (39.50, 50.98),
    "Valuyki": (38.11, 50.21),
    "Kupyansk": (37.61, 49.71),
    "Izium": (37.26, 49.21),
    "Povorino": (42.25, 51.20),
    "Frolovo": (43.66, 49.77),
    "Kamyshin": (45.40, 50.08),
    "Saratov": (46.03, 51.53),
    "Voroshilovgrad": (39.31, 48.57),
}
"""1942 names with their positions from general reference maps, for a 15 km plausibility check."""


@pytest.mark.parametrize("name", sorted(KEY_TOWNS))
def test_key_town_exists_where_expected(name: str) -> None:
    town = towns()[name]
    assert km_between((town["lon"], town["lat"]), KEY_TOWNS[name]) < 15.0
    assert town["kind"] in ("city", "town", "station")


def test_traced_towns_keep_their_modern_name_and_geonames_id() -> None:
    for town in load("traced.toml")["town"]:
        assert town["modern"] and town["geonameid"] > 0, town["name"]


def test_town_names_are_unique() -> None:
    names = [town["name"] for town in theatre()["town"]]
    assert len(names) == len(set(names))


def test_railways_run_between_towns_of_the_table() -> None:
    known = towns()
    for railway in theatre()["railway"]:
        assert len(railway["stations"]) >= 2, railway["name"]
        for station in railway["stations"]:
            assert station in known, (railway["name"], station)


def test_volga_passes_stalingrad() -> None:
    town = towns()["Stalingrad"]
    assert km_to_river("Volga", (town["lon"], town["lat"])) < 5.0


@pytest.mark.parametrize("name", ["Kalach", "Rostov"])
def test_don_passes(name: str) -> None:
    town = towns()[name]
    assert km_to_river("Don", (town["lon"], town["lat"])) < 10.0


def test_no_post_war_reservoir_stands_in_for_the_don_at_kalach() -> None:
    """The Tsimlyansk reservoir (1952) would put Kalach on a lake shore instead of a river."""
    lakes = [w for w in theatre()["water"] if w["kind"] == "lake"]
    kalach = towns()["Kalach"]
    for lake in lakes:
        for lon, lat in coordinates(lake["polygons"]):
            assert km_between((lon, lat), (kalach["lon"], kalach["lat"])) > 15.0, lake["name"]
