"""Saves we write, loaded by the real VASSAL engine (vcheck, on the main engine 3.7) next to the originals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builder.vassal.reader import read_saved_game
from builder.vassal.traits import Layer, Marker
from builder.vassal.writer import SetupPiece, TurnPosition, write_annotated_copy, write_setup_save
from tests.support.engine import IN_ENGINE, run_vcheck
from tests.vassal.vassal_corpus import KASSALA_MODULE, KASSALA_SAVE, ZXVT_LOG, ZXVT_MODULE

pytestmark = IN_ENGINE

PieceRow = tuple[str, str, str, int, int, str | None, str]


def _vcheck(module: Path, save: Path) -> dict[str, Any]:
    code, report = run_vcheck(module, save)
    assert code == 0, (report.get("errors"), report.get("warnings"))
    assert report["errors"] == []
    return report


def _pieces(report: dict[str, Any]) -> list[PieceRow]:
    return sorted(
        (
            piece["id"],
            piece["name"],
            piece["map"],
            piece["x"],
            piece["y"],
            piece.get("in"),
            piece["state"],
        )
        for piece in report["saved_game"]["pieces"]
    )


@pytest.mark.parametrize(
    ("module", "save"),
    [(KASSALA_MODULE, KASSALA_SAVE), (ZXVT_MODULE, ZXVT_LOG)],
    ids=["kassala", "zxvt-log"],
)
def test_unchanged_copy_loads_with_the_same_pieces(
    tmp_path: Path, module: Path, save: Path
) -> None:
    copy = tmp_path / save.name
    write_annotated_copy(save, copy, {}, seed=11)
    original, written = _vcheck(module, save), _vcheck(module, copy)
    assert _pieces(written) == _pieces(original)
    assert len(_pieces(written)) == len(read_saved_game(save).pieces)
    assert written["warnings"] == original["warnings"]


def test_engine_agrees_with_our_reader_on_the_position() -> None:
    engine = {
        (row[0], row[2], row[3], row[4], row[5]) for row in _pieces(_vcheck(ZXVT_MODULE, ZXVT_LOG))
    }
    ours = {
        (piece.id, piece.map, piece.x, piece.y, piece.stack_id)
        for piece in read_saved_game(ZXVT_LOG).pieces
    }
    assert ours == engine


def test_annotated_copy_loads_with_the_new_traits(tmp_path: Path) -> None:
    copy = tmp_path / "annotated.vsav"
    write_annotated_copy(
        KASSALA_SAVE,
        copy,
        {
            "1648473853373": [Marker(("Verdict",), ("isolated, out of supply",))],
            "1648473853395": [Layer.marker("Flag", ("", ""), ("", "+ [checked]"), level=2)],
        },
    )
    by_id = {row[0]: row for row in _pieces(_vcheck(KASSALA_MODULE, copy))}
    assert by_id["1648473853373"][6].startswith("isolated\\, out of supply\t")
    assert by_id["1648473853395"][1] == "Christian_Infantry_4-2_Portuguese [checked]"
    assert len(by_id) == 23


def test_setup_save_loads_with_every_piece_and_stack(tmp_path: Path) -> None:
    game = read_saved_game(KASSALA_SAVE)
    assert game.module is not None
    pieces = [SetupPiece(piece.traits, "Main Map", piece.x, piece.y) for piece in game.pieces]
    path = tmp_path / "setup.vsav"
    write_setup_save(
        path,
        pieces,
        game.module,
        seed=2,
        boards=game.boards,
        turns=[TurnPosition("TurnTracker0", "0|4;0;false;10")],
    )
    report = _vcheck(KASSALA_MODULE, path)
    rows = _pieces(report)
    assert sorted((row[1], row[3], row[4]) for row in rows) == sorted(
        (piece.name, piece.x, piece.y) for piece in game.pieces
    )
    assert sorted(stack["count"] for stack in report["saved_game"]["stacks"]) == sorted(
        len(stack.piece_ids) for stack in game.stacks
    )
    assert report["warnings"] == [] and report["lint"] == []
