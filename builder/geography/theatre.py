"""The 1942 theatre (``games/theatre/traced.toml`` and ``drawn.toml``) as typed values.

Both files are read through the checked readers of :mod:`rules.data.fields`, so a hand
edit that breaks a feature is reported as ``file:line: message`` like any game data. The
two files are unioned table by table, as their headers ask: the traced Don and the drawn
1942 Don channel are one river.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.data.fields import Table
from rules.data.loader import games_directory
from rules.data.source import TomlSource

LonLat = tuple[float, float]
Ring = tuple[LonLat, ...]
Polygon = tuple[Ring, ...]
"""An exterior ring followed by its holes."""

THEATRE_FILES = ("traced.toml", "drawn.toml")
FEATURE_KEYS = ("origin", "confidence")
"""Keys every theatre feature may carry: traced or drawn, and how sure the drawing is."""


@dataclass(frozen=True)
class Water:
    """A sea or lake, possibly in several polygons (the Black Sea and its lagoons)."""

    name: str
    kind: str
    polygons: tuple[Polygon, ...]


@dataclass(frozen=True)
class River:
    """A river's pieces; ``klass`` is ``major``, ``river`` or ``minor``."""

    name: str
    klass: str
    lines: tuple[tuple[LonLat, ...], ...]


@dataclass(frozen=True)
class TheatreTown:
    """A town of 1942 at its real place; stations (``kind = "station"``) are rail points only."""

    name: str
    lon: float
    lat: float
    kind: str
    population: int


@dataclass(frozen=True)
class Relief:
    """Hills or mountains traced from shaded relief."""

    klass: str
    polygons: tuple[Polygon, ...]


@dataclass(frozen=True)
class Railway:
    """A 1942 railway as its stations in order; track runs straight between them."""

    name: str
    stations: tuple[str, ...]


@dataclass(frozen=True)
class TheatreLine:
    """A drawn front, defence or fortified line; ``game`` is ``dos``, ``tps`` or ``both``."""

    name: str
    kind: str
    game: str
    points: tuple[LonLat, ...]
    closed: bool


@dataclass(frozen=True)
class Theatre:
    """Everything both theatre files hold, unioned."""

    water: tuple[Water, ...]
    rivers: tuple[River, ...]
    towns: tuple[TheatreTown, ...]
    relief: tuple[Relief, ...]
    railways: tuple[Railway, ...]
    lines: tuple[TheatreLine, ...]
    files: tuple[Path, ...]

    def town(self, name: str) -> TheatreTown:
        """The town or station called ``name``."""
        for town in self.towns:
            if town.name == name:
                return town
        raise KeyError(name)

    def line(self, name: str) -> TheatreLine:
        """The drawn line called ``name``."""
        for line in self.lines:
            if line.name == name:
                return line
        raise KeyError(name)


def theatre_directory() -> Path:
    """Where the theatre files live, beside the games that use them."""
    return games_directory() / "theatre"


def load_theatre(directory: Path | None = None) -> Theatre:
    """Read and check both theatre files; the first problem raises a placed DataError."""
    folder = directory or theatre_directory()
    water: list[Water] = []
    rivers: list[River] = []
    towns: list[TheatreTown] = []
    relief: list[Relief] = []
    railways: list[Railway] = []
    lines: list[TheatreLine] = []
    paths = tuple(folder / name for name in THEATRE_FILES)
    for path in paths:
        root = Table.root(TomlSource.read(path))
        root.only("water", "river", "town", "relief", "railway", "line")
        for table in root.tables("water"):
            table.only("name", "kind", "polygons", "ring", *FEATURE_KEYS)
            water.append(
                Water(
                    table.text("name"),
                    table.choice("kind", ("sea", "lake"), "water kind"),
                    _polygons(table, "polygons"),
                )
            )
        for table in root.tables("river"):
            table.only("name", "class", "lines", *FEATURE_KEYS)
            rivers.append(
                River(
                    table.text("name"),
                    table.choice("class", ("major", "river", "minor"), "river class"),
                    tuple(_points(table, "lines", line) for line in _list(table, "lines")),
                )
            )
        for table in root.tables("town"):
            table.only(
                "name", "modern", "geonameid", "lon", "lat", "population", "kind", *FEATURE_KEYS
            )
            towns.append(
                TheatreTown(
                    table.text("name"),
                    table.number("lon"),
                    table.number("lat"),
                    table.choice("kind", ("city", "town", "station"), "town kind"),
                    table.integer("population", 0, minimum=0),
                )
            )
        for table in root.tables("relief"):
            table.only("class", "polygons", *FEATURE_KEYS)
            relief.append(
                Relief(
                    table.choice("class", ("hills", "mountain"), "relief class"),
                    _polygons(table, "polygons"),
                )
            )
        for table in root.tables("railway"):
            table.only("name", "stations", "confidence", *FEATURE_KEYS)
            railways.append(Railway(table.text("name"), tuple(table.text_list("stations"))))
        for table in root.tables("line"):
            table.only("name", "kind", "game", "date", "closed", "points", *FEATURE_KEYS)
            lines.append(
                TheatreLine(
                    table.text("name"),
                    table.text("kind"),
                    table.choice("game", ("dos", "tps", "both"), "game"),
                    _points(table, "points", _list(table, "points")),
                    table.boolean("closed", False),
                )
            )
    theatre = Theatre(
        tuple(water),
        tuple(rivers),
        tuple(towns),
        tuple(relief),
        tuple(railways),
        tuple(lines),
        paths,
    )
    known = {town.name for town in towns}
    for path in paths:
        root = Table.root(TomlSource.read(path))
        for table in root.tables("railway"):
            for station in table.text_list("stations"):
                if station not in known:
                    raise table.error(
                        f"railway station {station!r} is no town of the theatre",
                        "stations",
                        station,
                    )
    return theatre


def _list(table: Table, key: str) -> list[Any]:
    value = table.values.get(key)
    if not isinstance(value, list):
        raise table.error(f"{key!r} must be an array", key)
    return value


def _points(table: Table, key: str, value: Any) -> tuple[LonLat, ...]:
    """A list of [lon, lat] pairs."""
    if not isinstance(value, list):
        raise table.error(f"{key!r} must hold arrays of [lon, lat] pairs", key)
    points = []
    for pair in value:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pair)
        ):
            raise table.error(f"{key!r} must hold [lon, lat] pairs of numbers, not {pair!r}", key)
        points.append((float(pair[0]), float(pair[1])))
    return tuple(points)


def _polygons(table: Table, key: str) -> tuple[Polygon, ...]:
    return tuple(
        tuple(_points(table, key, ring) for ring in polygon) for polygon in _list(table, key)
    )
