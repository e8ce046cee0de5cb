"""Every real save and log of the shared corpus: decoded text, command lines and position."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.vassal.commands import decode_saved_game, encode_saved_game
from builder.vassal.reader import read_saved_game
from builder.vassal.savefile import read_command_lines, read_save_file
from builder.vassal.traits import BasicPiece, Layer, Marker, UnknownTrait, chain_texts, parse_chain
from tests.vassal.vassal_corpus import KASSALA_SAVE, RAGNAROK_SAVE, SAVES, ZXVT_LOG


def test_decoded_text_matches_corpus(corpus_save: Path) -> None:
    expected = corpus_save.with_name(corpus_save.name + ".txt").read_bytes().decode("utf-8")
    assert read_save_file(corpus_save).text == expected


def test_command_lines_match_corpus_byte_for_byte(corpus_save: Path) -> None:
    expected = corpus_save.with_name(corpus_save.name + ".lines.txt").read_bytes()
    assert read_command_lines(corpus_save).encode("utf-8") == expected


def test_command_tree_encodes_back_to_the_same_text(corpus_save: Path) -> None:
    text = read_save_file(corpus_save).text
    assert encode_saved_game(decode_saved_game(text)) == text


def test_trait_chains_encode_back_exactly(corpus_save: Path) -> None:
    game = read_saved_game(corpus_save)
    # VASSAL ≥ 3.4 writes BasicPiece states with a property count, as we do; older
    # saves differ in that spelling only, so for them the values must survive.
    same_spelling = game.save is not None and game.save.vassal_version >= "3.4"
    for piece in game.pieces:
        piece_type, state = chain_texts(piece.traits)
        assert piece_type == piece.type
        if same_spelling:
            assert state == piece.state
        assert parse_chain(piece_type, state) == piece.traits


EXPECTED_COUNTS = {
    "ragnarok-start.vsav": (99, 29),
    "Default Setup.vsav": (23, 21),
    "scenario_2.sav": (12, 12),
    "scenario_5.sav": (0, 0),
    "New-180907.vsav": (215, 214),
    "zxvt_5x5_startup.vlog": (6, 2),
}


def test_pieces_and_stacks(corpus_save: Path) -> None:
    game = read_saved_game(corpus_save)
    assert (len(game.pieces), len(game.stacks)) == EXPECTED_COUNTS[corpus_save.name]
    by_id = {piece.id: piece for piece in game.pieces}
    for stack in game.stacks:
        for piece_id in stack.piece_ids:
            piece = by_id[piece_id]
            assert (piece.stack_id, piece.map, piece.x, piece.y) == (
                stack.id,
                stack.map,
                stack.x,
                stack.y,
            )


def test_kassala_position() -> None:
    game = read_saved_game(KASSALA_SAVE)
    assert game.module is not None and (game.module.name, game.module.version) == (
        "Kassala",
        "0.2.0",
    )
    assert game.save is not None and game.save.vassal_version == "3.6.5"
    assert game.setup_stacks_placed
    assert [(turn.tracker_id, turn.current_level, turn.level_states) for turn in game.turns] == [
        ("TurnTracker0", 0, ("1;0;false;10",))
    ]
    cannons = next(stack for stack in game.stacks if len(stack.piece_ids) == 3)
    assert (cannons.map, cannons.x, cannons.y, cannons.layer) == ("Main Map", 734, 718, -1)
    nubian = game.piece("1648473853373")
    assert nubian.basic == BasicPiece(
        image="Moslem_Infantry_3-2_Nubian.png",
        name="Moslem_Infantry_3-2_Nubian",
        map="Main Map",
        x=506,
        y=586,
        gpid="43",
        properties=(),
    )
    assert [trait.prefix for trait in nubian.traits[:-1] if isinstance(trait, UnknownTrait)] == [
        "clone;",
        "delete;",
    ]


def test_log_is_stepped_to_its_end() -> None:
    game = read_saved_game(ZXVT_LOG)
    assert game.logged_commands == 14
    assert [player.name for player in game.players] == ["hurufu"]
    red = [piece.name for piece in game.pieces if (piece.x, piece.y) == (36, 236)]
    assert red == ["Captured by Red", "Town", "Red"]


def test_typed_traits_of_a_37_save() -> None:
    game = read_saved_game(RAGNAROK_SAVE)
    odin = game.piece("1711658022991")
    layer = odin.traits[0]
    assert isinstance(layer, Layer)
    assert (layer.name, layer.images, layer.level, layer.active) == (
        "Flip",
        ("en-odin-r.png",),
        -1,
        False,
    )
    side = odin.traits[-2]
    assert isinstance(side, Marker) and side.value_of("Side") == "Aesir"
    assert ("UniqueID", "1711658022991") in odin.basic.properties


@pytest.mark.parametrize("name", ["scenario_2.sav", "scenario_5.sav"])
def test_vassal_2_saves_have_no_metadata(name: str) -> None:
    game = read_saved_game(KASSALA_SAVE.parents[1] / "tld" / name)
    assert game.module is None and game.save is None


def test_corpus_is_complete() -> None:
    # Guards the parametrised tests above against silently running on nothing.
    assert sorted(path.name for path in SAVES) == sorted(EXPECTED_COUNTS)
