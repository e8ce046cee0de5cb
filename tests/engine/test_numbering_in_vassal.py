"""The real VASSAL engine names our boards' hexes exactly as we do.

A probe module carries the shipped boards' grids and numbering (imageless boards), and
a probe save puts one piece at the snap centre of each chosen hex; vcheck reports the
location name the engine computes for each piece.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path


from rules.data.loader import load_game
from rules.hexes import Hex
from rules.hexgrid import HexMap
from tests.support.engine import (
    ProbePiece,
    run_vcheck,
    IN_ENGINE,
    write_probe_module,
    write_probe_save,
)

pytestmark = IN_ENGINE


def _board_of(hex_map: HexMap, hex_: Hex) -> int | None:
    found = hex_map.to_board(hex_)
    return None if found is None else found[0]


def sample_hexes(hex_map: HexMap, board_index: int, count: int) -> list[Hex]:
    """Corners, edges and an even spread of one board's playable hexes (at least ``count``)."""
    board = hex_map.boards[board_index]
    playable = [hex_ for hex_ in hex_map.hexes() if _board_of(hex_map, hex_) == board_index]
    columns = [hex_.column for hex_ in playable]
    rows = [hex_.row for hex_ in playable]
    extremes = {
        hex_
        for hex_ in playable
        if hex_.column in (min(columns), max(columns)) or hex_.row in (min(rows), max(rows))
    }
    step = max(1, len(playable) // count)
    chosen = sorted(extremes | set(playable[::step]))
    assert len(chosen) >= 50, f"only {len(chosen)} probe hexes on {board.name}"
    return chosen


def test_engine_names_every_probe_hex_as_we_do(tmp_path: Path) -> None:
    maps: list[HexMap] = []
    for game in ("dos", "tps"):
        hex_map = load_game(game).maps[0].hex_map
        assert hex_map is not None
        maps.append(replace(hex_map, name=f"{game} map"))
    pieces: list[ProbePiece] = []
    for hex_map in maps:
        for index in range(len(hex_map.boards)):
            for hex_ in sample_hexes(hex_map, index, 60):
                x, y = hex_map.pixel_centre(hex_)
                pieces.append(ProbePiece(hex_map.name, x, y, hex_map.label(hex_)))
    module, save = tmp_path / "probe.vmod", tmp_path / "probe.vsav"
    write_probe_module(module, maps)
    write_probe_save(save, maps, pieces)
    code, report = run_vcheck(module, save, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    engine_names = {piece["name"]: piece["location"] for piece in saved["pieces"]}
    assert len(engine_names) == len(pieces)
    mismatches = {name: where for name, where in engine_names.items() if name != where}
    assert not mismatches
    # the overlap row of DoS rule 2.3 was among them
    assert any(piece.name.startswith("N42") for piece in pieces)
