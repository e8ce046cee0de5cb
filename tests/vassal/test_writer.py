"""Writers: deterministic set-up saves, annotated copies, escaping, and safe output."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.vassal.metadata import Metadata
from builder.vassal.model import GlobalPropertyValue
from builder.vassal.reader import parse_save_bytes, read_saved_game
from builder.vassal.traits import BasicPiece, DynamicProperty, Layer, Marker, Mask
from builder.vassal.writer import (
    SetupPiece,
    TurnPosition,
    setup_save_bytes,
    write_annotated_copy,
    write_setup_save,
)
from rules.errors import OutputError, SaveError
from tests.vassal.vassal_corpus import KASSALA_SAVE, ZXVT_LOG

MODULE = Metadata(
    name="Stalingrad – Test",
    version="0.1",
    vassal_version="3.6.0",
    date_saved="1700000000000",
    description="",
)


def _unit(name: str, image: str = "ge-inf.png") -> tuple[Marker | Layer | BasicPiece, ...]:
    return (
        Layer.marker("Step", ("", "ge-inf-reduced.png"), ("", "+ (reduced)")),
        Marker(("Nation",), ("German",)),
        BasicPiece(image=image, name=name, gpid="17"),
    )


PIECES = [
    SetupPiece(_unit("7/12 Inf Rgt"), "Main Map", 230, 297),
    SetupPiece(_unit("Art; Bn\\"), "Main Map", 230, 297),
    SetupPiece(_unit("Гвардия 'élite'"), "Main Map", 101, 0),
]


def test_setup_save_is_deterministic_and_seeded() -> None:
    first = setup_save_bytes(PIECES, MODULE, seed=5)
    assert setup_save_bytes(PIECES, MODULE, seed=5) == first
    assert setup_save_bytes(PIECES, MODULE, seed=6) != first


def test_setup_save_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "setup.vsav"
    write_setup_save(
        path,
        PIECES,
        MODULE,
        seed=5,
        global_properties=[GlobalPropertyValue("VP", "12;3", "Module")],
        turns=[TurnPosition("TurnTracker0", "0|3;0;false;-1")],
        description="Scenario 1",
    )
    game = read_saved_game(path, expected_module=MODULE.name)
    assert [piece.name for piece in game.pieces] == ["7/12 Inf Rgt", "Art; Bn\\", "Гвардия 'élite'"]
    assert len({piece.id for piece in game.pieces}) == 3
    assert [(stack.x, stack.y, len(stack.piece_ids)) for stack in game.stacks] == [
        (230, 297, 2),
        (101, 0, 1),
    ]
    assert game.global_properties == (GlobalPropertyValue("VP", "12;3", "Module"),)
    assert game.turns[0].level_states == ("3;0;false;-1",)
    assert game.save is not None and game.save.description == "Scenario 1"
    assert game.setup_stacks_placed
    assert game.pieces[0].traits == (
        *_unit("7/12 Inf Rgt")[:-1],
        BasicPiece("ge-inf.png", "7/12 Inf Rgt", "Main Map", 230, 297, "17"),
    )


NO_ESC = st.text(max_size=20).filter(lambda text: "\x1b" not in text)


@settings(max_examples=60, deadline=None)
@given(NO_ESC.filter(lambda name: "\t" not in name), NO_ESC)
def test_any_name_and_value_survive_a_save(name: str, value: str) -> None:
    piece = SetupPiece(
        (Marker(("Note",), (value,)), BasicPiece(image="x.png", name=name)), "Main Map", 1, 2
    )
    game = parse_save_bytes(setup_save_bytes([piece], MODULE, seed=1))
    marker = game.pieces[0].traits[0]
    assert game.pieces[0].name == name
    assert isinstance(marker, Marker) and marker.value_of("Note") == value


def test_text_vassal_cannot_store_is_refused() -> None:
    # ESC separates commands at every depth and the BasicPiece is not escaped in its
    # chain: VASSAL itself would misread both, so the writer refuses them.
    with pytest.raises(ValueError, match="ESC"):
        setup_save_bytes(
            [SetupPiece((Marker(("a",), ("\x1b",)), BasicPiece("x", "y")), "M", 0, 0)],
            MODULE,
            seed=1,
        )
    with pytest.raises(ValueError, match="TAB"):
        setup_save_bytes([SetupPiece((BasicPiece("x", "a\tb"),), "M", 0, 0)], MODULE, seed=1)


def test_plain_copy_has_the_same_position(tmp_path: Path) -> None:
    for source in (KASSALA_SAVE, ZXVT_LOG):
        target = tmp_path / source.name
        write_annotated_copy(source, target, {}, seed=3)
        original, copy = read_saved_game(source), read_saved_game(target)
        assert copy.pieces == original.pieces
        assert copy.module == original.module and copy.save == original.save


def test_annotated_copy_adds_traits_and_keeps_the_rest(tmp_path: Path) -> None:
    original = read_saved_game(KASSALA_SAVE)
    target = tmp_path / "annotated.vsav"
    added = Marker(("Verdict",), ("out of supply",))
    masked = Mask(fields=("", "", "Hide", "I", "?", "side:", ""), owner="Moslem", options="")
    counter = DynamicProperty(name="Steps", fields=("true,0,4,false", "", ""), value="2")
    write_annotated_copy(
        KASSALA_SAVE, target, {"1648473853373": [added, masked], "1648473853395": [counter]}
    )
    copy = read_saved_game(target)
    first = copy.piece("1648473853373")
    assert first.traits[:2] == (added, masked)
    assert first.traits[2:] == original.piece("1648473853373").traits
    assert copy.piece("1648473853395").traits[0] == counter
    assert [(piece.id, piece.x, piece.y, piece.stack_id) for piece in copy.pieces] == [
        (piece.id, piece.x, piece.y, piece.stack_id) for piece in original.pieces
    ]


def test_refuses_existing_output_and_the_input_itself(tmp_path: Path) -> None:
    existing = tmp_path / "taken.vsav"
    existing.write_bytes(b"keep me")
    with pytest.raises(SaveError, match="already exists"):
        write_annotated_copy(KASSALA_SAVE, existing, {})
    with pytest.raises(OutputError, match="already exists"):
        write_setup_save(existing, PIECES, MODULE, seed=1)
    assert existing.read_bytes() == b"keep me"
    with pytest.raises(SaveError, match="overwrite the input"):
        write_annotated_copy(KASSALA_SAVE, KASSALA_SAVE, {})


def test_no_file_left_behind_on_bad_input(tmp_path: Path) -> None:
    broken = tmp_path / "broken.vsav"
    broken.write_bytes(KASSALA_SAVE.read_bytes()[:900])
    with pytest.raises(SaveError, match="broken.vsav"):
        write_annotated_copy(broken, tmp_path / "out.vsav", {})
    with pytest.raises(SaveError, match="no piece with id"):
        write_annotated_copy(KASSALA_SAVE, tmp_path / "out.vsav", {"404": [Marker(("a",), ("b",))]})
    assert sorted(path.name for path in tmp_path.iterdir()) == ["broken.vsav"]
