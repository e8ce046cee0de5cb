"""``stavka validate`` beyond loading: what ``build`` and ``pnp`` would refuse, and set-ups
the rules forbid, each reported on the line of the value that causes it.

Loading checks every value and reference; drawing finds more (a label too long for its
counter, an arm with no NATO symbol, a board with no room for its legend), and a set-up
can place a unit where the rules forbid it (a sea hex, marsh for a mechanized unit, an
over-stacked hex). A transcriber should learn all of it from ``validate``, on the line
to change, before a build fails or a module is shared: :func:`validate_for_build` runs
every check ``build`` makes of the data, without drawing the boards.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from builder.art.counters import FaceDesign, draw_unit_face, screen_format, unit_designs
from builder.art.fonts import FONT_FILES, font
from builder.art.legend import LegendPlacementError, place_legend
from builder.art.text import missing_characters
from builder.art.markers import marker_faces
from builder.build import buildable
from rules.data.layout import GAME_FILES
from rules.data.source import KeyPath, TomlSource
from rules.errors import DataError, StavkaError
from rules.model import GameSpec
from rules.referee.games import has_referee, referee_for
from rules.referee.position import setup_position


def validate_for_build(spec: GameSpec) -> None:
    """Everything ``stavka build`` and ``stavka pnp`` would refuse of ``spec``, and
    set-ups the rules forbid, the first problem raised as a :class:`DataError` on the
    line to change."""
    check_buildable(spec)
    check_texts(spec)
    check_drawable(spec)
    check_legends(spec)
    check_setups(spec)
    check_setup_terrain(spec)


def check_drawable(spec: GameSpec) -> None:
    """Draw every distinct counter face as the module does; a face that cannot be drawn
    is a :class:`DataError` on its unit's line in ``units.toml``."""
    counter = screen_format()
    drawn: set[FaceDesign] = set()
    for index, unit in enumerate(spec.units.values()):
        try:
            for design in unit_designs(unit, spec)[:2]:
                if design not in drawn:
                    draw_unit_face(unit, spec, design, counter)
                    drawn.add(design)
        except StavkaError as error:
            key = "arm" if "arm" in error.message else "properties" if unit.properties else "name"
            raise _error(spec, "units.toml", ("unit", index, key), error.message) from error
    for marker in spec.markers.values():
        marker_faces(marker, spec, counter)


DRAWN_KEYS = frozenset(
    {
        "name",
        "title",
        "publisher",
        "legend_subtitle",
        "description",
        "note",
        "notes",
        "kind",
        "result",
        "phases",
        "designation",
        "counter",
        "army",
        "formation",
    }
)
"""Keys whose text the module's pictures, its charts or the print-and-play pages draw in
the shipped fonts: names, titles, descriptions and notes, a supply source's kind, the
phases on the turn track, a counter's own words. Found by giving each string of a game,
in turn, a character no shipped font has and building and printing it; a key not drawn
(a rule section, a source, the module's description and help, shown as text) may hold
any character."""
DRAWN_TABLES = frozenset({"codes", "labels"})
"""Tables every value of which is drawn: a results table's codes, the game's labels."""
NOT_DRAWN = frozenset({("game", "description"), ("map", "name"), ("marker", "description")})
"""Paths among :data:`DRAWN_KEYS` never drawn: the module's own description (text), a
map's name (its boards' names are drawn), a marker's description (the module's text)."""
UNDRAWN_NOTES = "units.toml"
"""The file whose ``note`` values are never drawn: a unit's note on what was
reconstructed stays in the data (a placement's, a terrain's or a table's is printed)."""
HELP_TABLE = "help"
"""``[[help]]``: the module's help page, HTML the Player shows in a system font."""


def check_texts(spec: GameSpec) -> None:
    """Every text the build or the print-and-play sheets draw can be drawn by every
    shipped font: one they cannot is a :class:`DataError` on its line (the build would
    stop on it with the text alone, not where it was written)."""
    faces = [font(10, style) for style in FONT_FILES]
    folder = Path(spec.folder)
    for name in GAME_FILES:
        if not (folder / name).is_file():
            continue
        source = TomlSource.read(folder / name)
        for path, text in _strings(source.data, ()):
            if not _drawn(path) or (name == UNDRAWN_NOTES and path[-1] == "note"):
                continue
            missing = "".join(
                dict.fromkeys(char for face in faces for char in missing_characters(text, face))
            )
            if missing:
                codes = ", ".join(f"{char!r} U+{ord(char):04X}" for char in missing)
                raise DataError(
                    source.path,
                    source.line_of(path, text),
                    f"{text!r} has characters the shipped fonts (DejaVu) cannot draw: {codes}",
                )


def _strings(value: object, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    """Every string in a parsed TOML value, with its key path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def _drawn(path: KeyPath) -> bool:
    """Whether the string at ``path`` is drawn (:data:`DRAWN_KEYS`)."""
    keys = tuple(part for part in path if isinstance(part, str))
    if not keys or keys[0] == HELP_TABLE or keys in NOT_DRAWN:
        return False
    if len(keys) > 1 and keys[-2] in DRAWN_TABLES:
        return True
    # A unit's or marker's id is printed beside it on the set-up sheets.
    return keys[-1] in DRAWN_KEYS or (keys[-1] == "id" and keys[0] in ("unit", "marker"))


def check_buildable(spec: GameSpec) -> None:
    """A game Stavka can build a module of: one with a hex map or an outlined area map
    (``stavka build`` refuses any other)."""
    if not buildable(spec):
        raise DataError(
            Path(spec.folder) / "map.toml",
            None,
            f"{spec.id} has no hex map or outlined area map: Stavka cannot build its module",
        )


def check_legends(spec: GameSpec) -> None:
    """Each hex map has a board corner with room for its title and legend, as the build
    places them; a board too small for it is a :class:`DataError` on its ``size`` line.
    An adopted game's boards keep the module's pictures and print without a legend where
    they have no room for one (:func:`builder.art.board.render_board`)."""
    if spec.adopted is not None:
        return
    for map_index, game_map in enumerate(spec.maps):
        if game_map.hex_map is None:
            continue
        try:
            place_legend(spec, game_map)
        except LegendPlacementError as error:
            raise _error(
                spec, "map.toml", ("map", map_index, "board", 0, "size"), error.message
            ) from error


def check_setup_terrain(spec: GameSpec) -> None:
    """No scenario sets a unit up in a hex whose terrain its mobility class (or its side)
    may not enter (marsh for a mechanized unit, the sea for any): a :class:`DataError`
    on the placement's line, citing the terrain's source. Run after the referee's own
    judgement of the set-up (:func:`check_setups`), whose verdict cites its rule, for
    the games whose referee does not judge where a unit stands."""
    for scenario_index, scenario in enumerate(spec.scenarios.values()):
        for index, placement in enumerate(scenario.setup):
            found = spec.parse_hex(placement.location)
            if found is None:
                continue
            game_map, hex_ = found
            unit = spec.units[placement.unit]
            terrain = spec.terrain_types[game_map.terrain_of(hex_)]
            side_prohibited = unit.side in terrain.movement and terrain.movement[unit.side] is None
            if terrain.movement_cost(unit.mobility) is None or side_prohibited:
                who = f"{unit.side} units" if side_prohibited else f"{unit.mobility} units"
                rule = terrain.provenance.source
                raise _error(
                    spec,
                    "scenarios.toml",
                    ("scenario", scenario_index, "setup"),
                    f"scenario {scenario.id!r} sets up {unit.id} in {placement.location}, "
                    f"{terrain.name.lower()}, which {who} may not enter"
                    + (f" [rule {rule}]" if rule else ""),
                    index,
                )


def check_setups(spec: GameSpec) -> None:
    """Judge each scenario's set-up as the referee judges a position; the first breach
    of the rules (a unit in the sea, an over-stacked hex) is a :class:`DataError` on the
    line of a placement it concerns, with the rule it breaks."""
    if not has_referee(spec):
        return
    for scenario_index, scenario in enumerate(spec.scenarios.values()):
        if not scenario.setup:
            continue
        for verdict in referee_for(setup_position(spec, scenario.id)).check():
            if not verdict.violation:
                continue
            # The unit's placement; for a hex's verdict the last placed there (the one too many).
            concerned = [
                index
                for index, placement in enumerate(scenario.setup)
                if placement.unit == verdict.unit
                or (verdict.place is not None and placement.location == verdict.place.name)
            ]
            index = concerned[-1] if concerned else 0
            message = (
                f"scenario {scenario.id!r} sets up {verdict.subject}: {verdict.outcome} — "
                f"{verdict.explanation} [rule {', '.join(verdict.rules)}]"
            )
            raise _error(
                spec, "scenarios.toml", ("scenario", scenario_index, "setup"), message, index
            )


def _error(
    spec: GameSpec, file_name: str, path: KeyPath, message: str, item: int | None = None
) -> DataError:
    """A :class:`DataError` on the line that wrote ``path`` (entry ``item`` of it) in
    ``file_name`` of the game's folder."""
    source = TomlSource.read(Path(spec.folder) / file_name)
    line = source.line_of(path) if item is None else source.item_line(path, item)
    return DataError(source.path, line, message)
