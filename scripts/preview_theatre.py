"""Draw the theatre files into a PNG so a person can check the geography by eye.

The theatre data is lon/lat numbers that nobody can review as text; a picture shows at once a
coast on the wrong side, a river that misses its towns or a railway through the sea. The image
is for looking at, never committed.

    .venv/bin/python scripts/preview_theatre.py /tmp/theatre.png [--scale 120] [--box W S E N]
"""

from __future__ import annotations

import argparse
import math
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

THEATRE_DIR = Path(__file__).resolve().parent.parent / "games" / "theatre"
MID_LATITUDE = 47.0
"""Longitudes are squeezed by cos(47 deg) so shapes look right in the middle of the theatre."""

Projector = Callable[[float, float], tuple[float, float]]

RIVER_STYLE = {
    "major": ((40, 90, 200), 4),
    "river": ((60, 120, 220), 2),
    "minor": ((120, 160, 230), 1),
}
LINE_STYLE = {
    "defence": (150, 0, 0),
    "city_ring": (150, 0, 0),
    "fortified_axis": (60, 60, 60),
    "fortified_soviet": (200, 0, 0),
    "front": (255, 120, 0),
    "pocket": (255, 0, 200),
}


def load_features() -> dict[str, list[dict[str, Any]]]:
    """Union the traced and drawn files table by table, as any consumer of the theatre does."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for name in ("traced.toml", "drawn.toml"):
        path = THEATRE_DIR / name
        if path.exists():
            for table, features in tomllib.loads(path.read_text(encoding="utf-8")).items():
                if isinstance(features, list):
                    tables.setdefault(table, []).extend(features)
    return tables


def make_projector(
    west: float, south: float, east: float, north: float, scale: float
) -> tuple[Projector, tuple[int, int]]:
    squeeze = math.cos(math.radians(MID_LATITUDE))

    def project(lon: float, lat: float) -> tuple[float, float]:
        return (lon - west) * squeeze * scale, (north - lat) * scale

    size = (int((east - west) * squeeze * scale), int((north - south) * scale))
    return project, size


def projected(points: Iterable[list[float]], project: Projector) -> list[tuple[float, float]]:
    return [project(lon, lat) for lon, lat in points]


def draw(output: Path, scale: float, frame: tuple[float, float, float, float]) -> None:
    tables = load_features()
    project, size = make_projector(*frame, scale)
    image = Image.new("RGB", size, (236, 230, 210))
    pen = ImageDraw.Draw(image)
    relief_colour = {
        "hills": (205, 185, 140),
        "mountain": (160, 130, 100),
        "swamp": (170, 200, 170),
        "forest": (150, 190, 130),
    }
    for relief in tables.get("relief", []):
        for polygon in relief["polygons"]:
            pen.polygon(projected(polygon[0], project), fill=relief_colour[relief["class"]])
    for water in tables.get("water", []):
        for polygon in water["polygons"]:
            pen.polygon(projected(polygon[0], project), fill=(160, 195, 230))
            for hole in polygon[1:]:
                pen.polygon(projected(hole, project), fill=(236, 230, 210))
    for river in tables.get("river", []):
        colour, width = RIVER_STYLE[river["class"]]
        if river["origin"] == "drawn":
            colour = (0, 170, 170)
        for line in river["lines"]:
            pen.line(projected(line, project), fill=colour, width=width)
    towns = {town["name"]: town for town in tables.get("town", [])}
    for railway in tables.get("railway", []):
        points = [project(towns[s]["lon"], towns[s]["lat"]) for s in railway["stations"]]
        pen.line(points, fill=(0, 0, 0), width=2)
    for line in tables.get("line", []):
        points = projected(line["points"], project)
        pen.line(points, fill=LINE_STYLE.get(line["kind"], (255, 0, 0)), width=3)
    for town in towns.values():
        x, y = project(town["lon"], town["lat"])
        radius = 4 if town["kind"] == "city" else 2
        pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(180, 0, 0))
        if town["kind"] != "station" or scale >= 200:
            pen.text((x + 4, y - 6), town["name"], fill=(40, 0, 0))
    image.save(output)


def main() -> None:
    parser = argparse.ArgumentParser(description="Draw the theatre files into a PNG.")
    parser.add_argument("output", type=Path)
    parser.add_argument("--scale", type=float, default=120.0, help="pixels per degree latitude")
    parser.add_argument(
        "--box",
        type=float,
        nargs=4,
        default=(33.0, 41.0, 50.0, 53.0),
        metavar=("WEST", "SOUTH", "EAST", "NORTH"),
    )
    arguments = parser.parse_args()
    draw(arguments.output, arguments.scale, tuple(arguments.box))


if __name__ == "__main__":
    main()
