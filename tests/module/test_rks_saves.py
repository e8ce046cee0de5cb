"""A dealt Rattenkrieg game in the real engine, read back by the referee (issue 17).

The engine cannot save, so Stavka's own writer writes the module's set-up with a deal
(:mod:`tests.support.rks_saves`); the engine loads it without an error, warning or lint,
and names every card's place itself. The referee must read the same places: each step
card in its unit's box, each hand, the 18 cards left in the draw deck, each unit in its
area. Then ``stavka check`` judges the save.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from builder.saves.area_names import DRAW_DECK, hand_map_name, steps_map_name
from builder.saves.positions import position_from_save
from rules.cards import Card
from tests.cli.test_cli import run
from tests.support.engine import IN_ENGINE, run_vcheck
from tests.support.games import shipped_game
from tests.support.rks_deal import deal
from tests.support.rks_saves import dealt_save

pytestmark = IN_ENGINE

SEED = 23
TURNED_OVER = {"Rifle division 2": "Isolated", "Rifle division 3": "Acted", "orlovka": "Side"}
"""rifle2 marked isolated, rifle3 turned over, Orlovka's control marker on its German side."""
Report = dict[str, object]


@pytest.fixture(scope="module")
def saves(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, Path, Path]:
    """The built module, its own set-up save, and the dealt save."""
    module = built["rks"]
    dealt = tmp_path_factory.mktemp("rks") / "dealt.vsav"
    dealt.write_bytes(dealt_save(shipped_game("rks"), module, SEED, TURNED_OVER))
    return module, setup_saves[("rks", "city")], dealt


@pytest.fixture(scope="module")
def engine(saves: tuple[Path, Path, Path]) -> Report:
    module, _, dealt = saves
    code, report = run_vcheck(module, dealt, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    return report


def pieces(report: Report) -> list[dict[str, object]]:
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    found = saved["pieces"]
    assert isinstance(found, list)
    return found


def card_in(piece: dict[str, object], cards: list[Card]) -> Card:
    """Which card a piece is: every card is named 'Card', its id is in its state."""
    state = str(piece["state"])
    found = [
        card
        for card in cards
        if re.search(rf",{re.escape(card.id)},{re.escape(card.name)},", state)
    ]
    assert len(found) == 1, state[-200:]
    return found[0]


def test_the_engine_loads_the_dealt_save_with_the_deck_it_should_have(engine: Report) -> None:
    saved = engine["saved_game"]
    assert isinstance(saved, dict)
    decks = {
        stack["deck_name"]: stack["count"] for stack in saved["stacks"] if stack["kind"] == "deck"
    }
    assert decks == {DRAW_DECK: 18, "Discard pile": 0}


def test_the_referee_reads_every_card_where_the_engine_says_it_lies(
    saves: tuple[Path, Path, Path], engine: Report
) -> None:
    rks = shipped_game("rks")
    assert rks.cards is not None
    all_cards = list(rks.cards.cards())
    position = position_from_save(saves[2])
    table = position.cards
    assert table is not None
    sides = {side.id: side.name for side in rks.sides}
    expected: dict[Card, tuple[str, str]] = {}
    for unit_id, held in table.steps.items():
        unit = rks.units[unit_id]
        expected |= {card: (steps_map_name(sides[unit.side]), unit.name) for card in held}
    for side, held in table.hands.items():
        expected |= {card: (hand_map_name(sides[side]), "Hand") for card in held}
    expected |= {card: (rks.maps[0].name, DRAW_DECK) for card in table.deck}
    seen = {
        card_in(piece, all_cards): (str(piece["map"]), str(piece["location"]))
        for piece in pieces(engine)
        if piece["basic_name"] == "Card"
    }
    assert len(seen) == 52 and seen == expected
    steps, hands, rest = deal(rks, SEED)
    assert {unit: list(cards) for unit, cards in table.steps.items()} == steps
    assert {side: list(cards) for side, cards in table.hands.items()} == hands
    assert sorted(table.deck, key=all_cards.index) == sorted(rest, key=all_cards.index)


def test_the_referee_puts_each_unit_in_the_area_the_engine_names(
    saves: tuple[Path, Path, Path], engine: Report
) -> None:
    rks = shipped_game("rks")
    position = position_from_save(saves[2])
    areas = {state.unit.name: rks.maps[0].area(state.location).name for state in position.units}
    located = {
        str(piece["basic_name"]): str(piece["location"])
        for piece in pieces(engine)
        if piece["map"] == rks.maps[0].name and piece["basic_name"] in areas
    }
    assert located == areas and len(areas) == 15
    counts = {str(piece["basic_name"]): str(piece["name"]) for piece in pieces(engine)}
    for state in position.units:
        held = len(position.cards.steps_of(state.unit.id)) if position.cards else 0
        if held:
            assert f"[{held} of {held} steps]" in counts[state.unit.name], (
                "the engine counts the same cards"
            )


def test_check_judges_the_dealt_save(saves: tuple[Path, Path, Path]) -> None:
    code, output, error = run("check", str(saves[2]), "--format", "json")
    assert (code, error) == (0, "")
    report = json.loads(output)
    verdicts = {(verdict["subject"], verdict["topic"]): verdict for verdict in report["verdicts"]}
    assert verdicts[("cards", "cards")]["outcome"] == "52 cards"
    assert verdicts[("14pz", "steps")]["outcome"] == "4 of 4 steps"
    assert verdicts[("rifle1", "steps")]["outcome"] == "1 of 1 steps"
    assert verdicts[("German hand", "hand")]["outcome"] == "3 cards"
    assert verdicts[("Soviet hand", "hand")]["outcome"] == "4 cards"
    control = {
        verdict["subject"]: verdict["outcome"]
        for verdict in report["verdicts"]
        if verdict["topic"] == "control"
    }
    assert (
        len(control) == 12
        and control.pop("Orlovka") == "German"
        and set(control.values()) == {"Soviet"}
    )
    assert verdicts[("victory", "victory")]["outcome"] == "Soviet victory if it ended now"
    code, output, _ = run("check", str(saves[2]), "--as", "soviet")
    steps, hands, _ = deal(shipped_game("rks"), SEED)
    german = [
        card
        for unit, cards in steps.items()
        if shipped_game("rks").units[unit].side == "german"
        for card in cards
    ] + hands["german"]
    assert code == 0 and not [card.short_name for card in german if card.short_name in output]


def test_check_reads_the_modules_own_set_up_before_the_deal(saves: tuple[Path, Path, Path]) -> None:
    code, output, _ = run("check", str(saves[1]))
    assert code == 0
    assert "cards: not dealt yet" in output and "Tractor Factory: Soviet" in output


def test_the_isolated_and_acted_layers_and_control_markers_read_as_the_engine_shows_them(
    saves: tuple[Path, Path, Path],
    engine: Report,
) -> None:
    """The engine names rifle2 "(isolated)" and rifle3 "(acted)"; the referee reads the
    flags and the marker. Orlovka holds only the isolated rifle2, which does not count
    (3.6), so the area keeps the control its marker records, German, and rifle2 stays
    isolated (8.10)."""
    names = {str(piece["basic_name"]): str(piece["name"]) for piece in pieces(engine)}
    assert "(isolated)" in names["Rifle division 2"] and "(acted)" in names["Rifle division 3"]
    position = position_from_save(saves[2])
    flags = {state.unit.id: state.flags for state in position.units}
    assert (
        flags["rifle2"] == {"isolated"}
        and flags["rifle3"] == {"acted"}
        and flags["rifle1"] == set()
    )
    assert position.control["orlovka"] == "german" and position.control["spartakovka"] == "soviet"
    code, output, _ = run("check", str(saves[2]))
    assert code == 0
    assert (
        "Orlovka: German — no unit counts there: the German side keeps it (as recorded); isolated units do not "
        "count: rifle2"
    ) in output
    assert "rifle2: isolated — isolated in Orlovka" in output
