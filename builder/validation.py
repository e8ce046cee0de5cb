"""``stavka validate`` beyond loading: what ``build`` and ``pnp`` would refuse, and set-ups
the rules forbid, each reported on the line of the value that causes it.

Loading checks every value and reference; drawing finds more (a label too long for its
counter, an arm with no NATO symbol), and a set-up can place a unit where the rules
forbid it (a sea hex, an over-stacked hex). A transcriber should learn all of it from
``validate``, on the line to change, before a build fails or a module is shared.
"""

from __future__ import annotations

from pathlib import Path

from builder.art.counters import FaceDesign, draw_unit_face, screen_format, unit_designs
from builder.art.markers import marker_faces
from rules.data.source import KeyPath, TomlSource
from rules.errors import DataError, StavkaError
from rules.model import GameSpec
from rules.referee.games import has_referee, referee_for
from rules.referee.position import setup_position


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
