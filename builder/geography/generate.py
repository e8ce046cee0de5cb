"""``games/<game>/terrain.toml`` from the game's geography.toml and the theatre.

The generated file is data like any other, read by the loader under ``map.toml`` (which
wins where both speak), so it is written deterministically — same inputs, same bytes —
and committed; a test regenerates it and compares.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.data.loader import load_game, resolve_game
from rules.errors import DataError
from rules.hexes import HexSide
from rules.model import GameMap, GameSpec

from builder.geography.calibration import Calibration, calibrate
from builder.geography.classify import MapData, classify
from builder.geography.config import Geography, read_geography, with_fitted_block
from builder.geography.lattice import Lattice
from builder.geography.theatre import Theatre, load_theatre
from builder.output import write_output

TERRAIN_FILE = "terrain.toml"


@dataclass(frozen=True)
class Projected:
    """A game's map classified from the theatre, with what it was made from."""

    spec: GameSpec
    game_map: GameMap
    geography: Geography
    data: MapData


@dataclass(frozen=True)
class Prepared:
    """A game's rule facts, geography settings and calibration: all classification starts from."""

    spec: GameSpec
    game_map: GameMap
    geography: Geography
    lattice: Lattice
    calibration: Calibration


def prepare(game: str, theatre: Theatre) -> Prepared:
    """Read map.toml's rule facts (without terrain.toml) and geography.toml, and calibrate."""
    folder = resolve_game(game)
    spec = load_game(str(folder), with_generated=False)
    hex_maps = {
        game_map.name: game_map.hex_map for game_map in spec.maps if game_map.hex_map is not None
    }
    hex_terrain = {key for key, value in spec.terrain_types.items() if value.kind == "hex"}
    side_terrain = {key for key, value in spec.terrain_types.items() if value.kind == "hexside"}
    geography = read_geography(
        folder, hex_maps, theatre, hex_terrain, side_terrain, {side.id for side in spec.sides}
    )
    game_map = next(game_map for game_map in spec.maps if game_map.name == geography.map_name)
    assert game_map.hex_map is not None
    lattice = Lattice(game_map.hex_map)
    calibration = calibrate(geography, lattice)
    if geography.max_rms_hexes is not None and calibration.rms_hexes > geography.max_rms_hexes:
        raise DataError(
            geography.path,
            None,
            f"the anchors fit to {calibration.rms_hexes:.2f} hexes RMS, "
            f"more than the {geography.max_rms_hexes} allowed",
        )
    return Prepared(spec, game_map, geography, lattice, calibration)


def project_game(game: str, theatre: Theatre | None = None) -> Projected:
    """Calibrate and classify a game's map from map.toml's rule facts and the theatre alone."""
    source = theatre or load_theatre()
    ready = prepare(game, source)
    data = classify(ready.game_map, ready.geography, source, ready.lattice, ready.calibration)
    return Projected(ready.spec, ready.game_map, ready.geography, data)


def record_fit(geography: Geography, calibration: Calibration) -> bool:
    """Write the fitted coefficients into geography.toml when they changed; True if written."""
    affine = calibration.projection.affine
    if geography.fitted is not None and all(
        abs(getattr(geography.fitted, key) - getattr(affine, key))
        <= 1e-6 * max(1.0, abs(getattr(affine, key)))
        for key in "abcdef"
    ):
        return False
    text = geography.path.read_text(encoding="utf-8")
    write_output(
        geography.path, with_fitted_block(text, affine, calibration.rms_hexes).encode("utf-8")
    )
    return True


def side_name(projected: Projected, side: HexSide) -> str:
    """``N3635/N3636``: a hexside as the data writes it."""
    label = projected.data.lattice.hex_map.label
    return f"{label(side.first)}/{label(side.second)}"
