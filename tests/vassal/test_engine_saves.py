"""Saves we write, loaded by the real VASSAL engine (vcheck, on the main engine 3.7) next to the originals.

Kassala's save and the three we write of it load one after another in one engine; a
log loads alone, so ZXVT's log and our copy of it take an engine each."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from builder.vassal.reader import read_saved_game
from builder.vassal.traits import Layer, Marker
from builder.vassal.writer import SetupPiece, TurnPosition, write_annotated_copy, write_setup_save
from tests.support.engine import IN_ENGINE, at_once, run_vcheck_saves
from tests.vassal.vassal_corpus import KASSALA_MODULE, KASSALA_SAVE, ZXVT_LOG, ZXVT_MODULE

pytestmark = IN_ENGINE

PieceRow = tuple[str, str, str, int, int, str | None, str]
Report = dict[str, Any]
ANNOTATIONS: dict[str, list[Layer | Marker]] = {
    "1648473853373": [Marker(("Verdict",), ("isolated, out of supply",))],
    "1648473853395": [Layer.marker("Flag", ("", ""), ("", "+ [checked]"), level=2)],
}
"""A verdict on one Kassala piece and a flag layer on another."""


def _kassala_setup(path: Path) -> Path:
    """Kassala's pieces written by our set-up writer, where its own save puts them."""
    game = read_saved_game(KASSALA_SAVE)
    assert game.module is not None
    pieces = [SetupPiece(piece.traits, "Main Map", piece.x, piece.y) for piece in game.pieces]
    write_setup_save(
        path,
        pieces,
        game.module,
        seed=2,
        boards=game.boards,
        turns=[TurnPosition("TurnTracker0", "0|4;0;false;10")],
    )
    return path


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Report]:
    """The engine's report of each save, by name: each original, our unchanged copy of
    it, Kassala's save with our annotations, and our set-up of Kassala's pieces. Each
    loaded clean."""
    folder = tmp_path_factory.mktemp("engine-saves")
    kassala = {
        "kassala": KASSALA_SAVE,
        "kassala copy": folder / "copy" / KASSALA_SAVE.name,
        "kassala annotated": folder / "annotated.vsav",
        "kassala set-up": _kassala_setup(folder / "setup.vsav"),
    }
    kassala["kassala copy"].parent.mkdir()
    write_annotated_copy(KASSALA_SAVE, kassala["kassala copy"], {}, seed=11)
    write_annotated_copy(KASSALA_SAVE, kassala["kassala annotated"], ANNOTATIONS)
    zxvt_copy = folder / ZXVT_LOG.name
    write_annotated_copy(ZXVT_LOG, zxvt_copy, {}, seed=11)
    kassala_runs, zxvt_runs, zxvt_copy_runs = at_once(
        [
            partial(run_vcheck_saves, KASSALA_MODULE, list(kassala.values())),
            partial(run_vcheck_saves, ZXVT_MODULE, [ZXVT_LOG]),
            partial(run_vcheck_saves, ZXVT_MODULE, [zxvt_copy]),
        ]
    )
    runs = dict(zip(kassala, kassala_runs, strict=True))
    runs |= {"zxvt-log": zxvt_runs[0], "zxvt-log copy": zxvt_copy_runs[0]}
    for name, (code, report) in runs.items():
        assert code == 0, (name, report.get("errors"), report.get("warnings"))
        assert report["errors"] == [], name
    return {name: report for name, (_, report) in runs.items()}


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


@pytest.mark.parametrize("original", ["kassala", "zxvt-log"])
def test_unchanged_copy_loads_with_the_same_pieces(
    loaded: dict[str, Report], original: str
) -> None:
    written = loaded[f"{original} copy"]
    assert _pieces(written) == _pieces(loaded[original])
    save = KASSALA_SAVE if original == "kassala" else ZXVT_LOG
    assert len(_pieces(written)) == len(read_saved_game(save).pieces)
    assert written["warnings"] == loaded[original]["warnings"]


def test_engine_agrees_with_our_reader_on_the_position(loaded: dict[str, Report]) -> None:
    engine = {(row[0], row[2], row[3], row[4], row[5]) for row in _pieces(loaded["zxvt-log"])}
    ours = {
        (piece.id, piece.map, piece.x, piece.y, piece.stack_id)
        for piece in read_saved_game(ZXVT_LOG).pieces
    }
    assert ours == engine


def test_annotated_copy_loads_with_the_new_traits(loaded: dict[str, Report]) -> None:
    by_id = {row[0]: row for row in _pieces(loaded["kassala annotated"])}
    assert by_id["1648473853373"][6].startswith("isolated\\, out of supply\t")
    assert by_id["1648473853395"][1] == "Christian_Infantry_4-2_Portuguese [checked]"
    assert len(by_id) == 23


def test_setup_save_loads_with_every_piece_and_stack(loaded: dict[str, Report]) -> None:
    game = read_saved_game(KASSALA_SAVE)
    report = loaded["kassala set-up"]
    rows = _pieces(report)
    assert sorted((row[1], row[3], row[4]) for row in rows) == sorted(
        (piece.name, piece.x, piece.y) for piece in game.pieces
    )
    assert sorted(stack["count"] for stack in report["saved_game"]["stacks"]) == sorted(
        len(stack.piece_ids) for stack in game.stacks
    )
    assert report["warnings"] == [] and report["lint"] == []
