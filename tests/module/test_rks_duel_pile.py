"""A Rattenkrieg card played face down is its owner's alone to move (issue 35, item 3),
played in the real engine.

The German plays a card face down into his duel pile. The Soviet then does what a
player can do with it: press on the pile and drag it into his own hand, and onto the
discard pile: the pile gives him nothing (VASSAL's restricted access on a deck, 3.7 and
3.8; VASSAL 3.6.0 has it too, from its beta 6, which vcheck's earlier 3.6 snapshot does
not). The German drags his own face-down card onto the discard pile: a pile that lies
face up would show it (VASSAL draws such a pile's top card face up whatever its Mask),
so the discard pile takes no card still face down, and the card stays in his pile, face
down. Revealed, it lies face up in the box for both.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.saves.positions import position_from_save
from builder.vassal.reader import read_saved_game
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE

PILE = {"deck": "German duel card"}
IN_PILE = {"map": "Stalingrad", "location": "German duel card"}
SOVIET_HAND = {"map": "Soviet hand", "x": 150, "y": 150}
KNOWN_WARNING = "No Translation: Face "
"""VASSAL 3.7 and 3.8 log this whenever a deck turns face up or down by its keys (their
Deck.reportCommand looks the command's name up as a translation key): a log line, not a
dialog, and nothing a player sees."""


def _steps(folder: Path) -> list[dict[str, object]]:
    return [
        {"side": "German"},
        {"move": {"deck": "Draw deck"}, "to": {"map": "German hand", "x": 150, "y": 150}},
        {"menu": "Play face down", "select": {"map": "German hand", "limit": 1}},
        {"save": str(folder / "played.vsav")},
        {"side": "Soviet"},
        {"move": PILE, "to": SOVIET_HAND},
        {"move": PILE, "to": "Discard pile"},
        {"menu": "Reveal", "select": IN_PILE},
        {"side": "German"},
        {"move": PILE, "to": "Discard pile"},
        {"save": str(folder / "dragged.vsav")},
        {"select": IN_PILE, "key": "ctrl U"},
        {"save": str(folder / "revealed.vsav")},
    ]


@pytest.fixture(scope="module", params=["3.7", "3.8"])
def played(
    request: pytest.FixtureRequest,
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[list[dict[str, Any]], Path]:
    folder = tmp_path_factory.mktemp(f"duel-pile-{request.param}")
    steps = folder / "steps.json"
    steps.write_text(json.dumps(_steps(folder)), encoding="utf-8")
    _code, report = run_vcheck(
        built["rks"],
        setup_saves[("rks", "city")],
        "--compact",
        "--no-state",
        "--actions",
        str(steps),
        "--timeout",
        "400",
        engine=request.param,
    )
    actions: list[dict[str, Any]] = report["actions"]
    assert [action["step"] for action in actions] == _steps(folder)
    return actions, folder


def _errors(action: dict[str, Any]) -> list[str]:
    return [
        error["message"]
        for error in action["errors"]
        if not error["message"].startswith(KNOWN_WARNING)
    ]


def _cards_moved(action: dict[str, Any]) -> list[dict[str, Any]]:
    return [piece for piece in action["changed"] if piece.get("name", "").startswith("Card")]


def _pile_face_down(save: Path) -> bool:
    (pile,) = [deck for deck in read_saved_game(save).decks if "German duel card" in deck.type]
    return bool(pile.face_down)


def test_the_card_played_face_down_lies_in_its_owners_pile(
    played: tuple[list[dict[str, Any]], Path],
) -> None:
    actions, folder = played
    assert actions[2]["chat"][0].endswith("German plays a card face down (8.4-8.6)")
    assert _errors(actions[2]) == []
    cards = position_from_save(folder / "played.vsav").cards
    assert cards is not None and len(cards.played["german"]) == 1
    assert _pile_face_down(folder / "played.vsav")


def test_the_other_side_cannot_take_it_nor_drag_it_to_the_discards(
    played: tuple[list[dict[str, Any]], Path],
) -> None:
    actions, _ = played
    for action in actions[5:8]:
        assert _cards_moved(action) == [], action["step"]
        assert action["chat"] == [], action["step"]
    for action in actions[5:7]:
        assert any("not accessible to this side" in message for message in _errors(action))
    assert actions[7]["menu"] == []


def test_its_owner_dragging_it_to_the_discards_leaves_it_face_down_in_his_pile(
    played: tuple[list[dict[str, Any]], Path],
) -> None:
    actions, folder = played
    assert _errors(actions[9]) == [] and _cards_moved(actions[9]) == []
    cards = position_from_save(folder / "dragged.vsav").cards
    assert cards is not None
    assert len(cards.played["german"]) == 1 and cards.discard == () and cards.face_up == ()
    assert _pile_face_down(folder / "dragged.vsav")


def test_revealed_it_lies_face_up_for_both(played: tuple[list[dict[str, Any]], Path]) -> None:
    actions, folder = played
    (line,) = actions[11]["chat"]
    assert line.startswith("* German reveals the ") and line.endswith("(8.7)")
    cards = position_from_save(folder / "revealed.vsav").cards
    assert cards is not None and len(cards.face_up) == 1 and not cards.played.get("german")
    assert not _pile_face_down(folder / "revealed.vsav")
