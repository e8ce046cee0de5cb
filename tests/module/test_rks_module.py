"""Rattenkrieg's module in the real VASSAL engine: the set-up of 3.1/3.2 by area name,
the 52 cards, the deal of 3.3/3.4 at the start, a deck that really shuffles, the
discards refilling it, arrival, flip, face-up and elimination, and what a player sees
(issue 12 acceptance). The set-up's own load is the shared one of every module
(conftest ``engine_reports``); the runs only this game needs go to the engine together,
as many at a time as the run's engine slots allow."""

from __future__ import annotations

import re
import zipfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from builder.art.area_layout import board_size
from builder.art.cards import PAPER
from builder.build import draw_art
from builder.module import keys
from builder.module.assemble import board_layouts, metadata_of, setup_pieces
from builder.module.catalogue import catalogue
from builder.saves.area_names import (
    CARDS_DEALT,
    DISCARD_PILE,
    DRAW_DECK,
    duel_pile_name,
    hand_map_name,
    steps_map_name,
)
from builder.saves.steps_layout import steps_board_size
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue
from builder.vassal.writer import setup_save_bytes
from rules.data.loader import game_data_files
from rules.model import GameSpec
from tests.support.engine import IN_ENGINE, run_vcheck_many
from tests.support.games import shipped_game

pytestmark = IN_ENGINE

Piece = dict[str, object]
Report = dict[str, object]
COMMANDS = [
    ("16pz", keys.ARRIVE),
    ("14pz", keys.FLIP),
    ("24pz", keys.FLIP),
    ("24pz", keys.SHOW_FRONT),
    ("rifle1", keys.ELIMINATE),
]
"""Unit commands run in the engine (by start-up key commands added to a copy of the
module): 16th Panzer arrives (6.1), 14th and 24th Panzer flip (7.4), the 24th turns face
up again (the key the Face up button and the replenishment phase send, 10.3), a Rifle
division is eliminated."""


@pytest.fixture(scope="module")
def first_load(engine_reports: dict[tuple[str, str | None], tuple[int, Report]]) -> Report:
    code, report = engine_reports[("rks", "city")]
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    return report


def _copy_with(module: Path, target: Path, change: Callable[[etree._Element], None]) -> Path:
    """A copy of ``module`` whose build file ``change`` has edited."""
    with (
        zipfile.ZipFile(module) as source,
        zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as copy,
    ):
        for entry in source.namelist():
            data = source.read(entry)
            if entry == "buildFile.xml":
                root = etree.fromstring(data)
                change(root)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
            copy.writestr(entry, data)
    return target


def _short_deck(root: etree._Element) -> None:
    """Only 12 cards in the deck, the other 40 in the discards."""
    piles = {pile.get("name"): pile for pile in root.iter("VASSAL.build.module.map.DrawPile")}
    for slot in piles[DRAW_DECK].findall("VASSAL.build.widget.PieceSlot")[12:]:
        piles[DISCARD_PILE].append(slot)


def _run_commands(root: etree._Element) -> None:
    for index, (unit_id, keystroke) in enumerate(COMMANDS):
        etree.SubElement(
            root,
            "VASSAL.build.module.StartupGlobalKeyCommand",
            name=f"test {index}",
            hotkey=keystroke.encoded(),
            filter=f'{{UnitId=="{unit_id}"}}',
            deckCount="-1",
            reportSingle="true",
            reportFormat="",
        )


def _dealt_save(path: Path) -> Path:
    """The set-up of a game already dealt (CardsDealt set), as a save loaded later."""
    rks = shipped_game("rks")
    art = draw_art(rks, lambda _step: None)
    metadata = metadata_of(rks, game_data_files(Path(rks.folder)))
    path.write_bytes(
        setup_save_bytes(
            setup_pieces(rks, rks.scenarios["city"], art, catalogue(rks, art)),
            metadata,
            7,
            boards=board_layouts(rks, art),
            global_properties=(GlobalPropertyValue(CARDS_DEALT, "yes", MODULE_CONTAINER),),
            at_start_stacks=False,
        )
    )
    return path


@pytest.fixture(scope="module")
def runs(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Report]:
    """The engine runs only Rattenkrieg needs, side by side: a second New Game of the
    set-up (with the pictures a player sees), a game already dealt, a deck that runs out,
    and the unit commands. Each has an engine of its own: a game loaded after a dealt one
    in the same engine keeps its ``CardsDealt`` (no save of a set-up sets it), so neither
    the second deal nor the dealt game's own guard would be tried."""
    folder = tmp_path_factory.mktemp("rks-runs")
    module, save = built["rks"], setup_saves[("rks", "city")]
    jobs = {
        "second deal": (module, save),
        "already dealt": (module, _dealt_save(folder / "dealt.vsav")),
        "short deck": (_copy_with(module, folder / "short-deck.vmod", _short_deck), save),
        "commands": (_copy_with(module, folder / "commands.vmod", _run_commands), save),
    }
    shots = folder / "shots"
    shots.mkdir()
    results = run_vcheck_many(
        list(jobs.values()), "--strict", options=[("--screenshot", str(shots))]
    )
    reports = dict(zip(jobs, results, strict=True))
    for name, (code, report) in reports.items():
        assert code == 0, (name, report.get("errors"), report.get("warnings"), report.get("lint"))
    return {name: report for name, (_, report) in reports.items()}


def _pieces(report: dict[str, object]) -> list[Piece]:
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    pieces = saved["pieces"]
    assert isinstance(pieces, list)
    return pieces


def _card_of(piece: Piece, names: list[str]) -> str:
    """Which card a piece is: cards are all named 'Card', their identity is in their state."""
    state = str(piece["state"])
    found = [name for name in names if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", state)]
    assert len(found) == 1, (state[:200], found)
    return found[0]


def _deal(report: dict[str, object], rks: GameSpec) -> dict[tuple[str, str], frozenset[str]]:
    """Cards by (map, location): each unit's steps box and each hand."""
    assert rks.cards is not None
    names = [card.name for card in rks.cards.cards()]
    dealt: dict[tuple[str, str], set[str]] = {}
    for piece in _pieces(report):
        if piece["basic_name"] == "Card" and piece["map"] != rks.maps[0].name:
            dealt.setdefault((str(piece["map"]), str(piece["location"])), set()).add(
                _card_of(piece, names)
            )
    return {place: frozenset(cards) for place, cards in dealt.items()}


def test_the_map_shows_and_the_module_passes_the_player_view(first_load: Report) -> None:
    view = first_load["view"]
    assert isinstance(view, dict)
    main = next(item for item in view["maps"] if item["name"] == "Stalingrad")
    assert main["showing"] and main["on_screen"][0] >= 200 and main["on_screen"][1] >= 200
    private = {item["name"] for item in view["maps"] if item.get("visible_to_me") is False}
    assert private == {"German steps", "Soviet steps", "German hand", "Soviet hand"}
    charts = next(item for item in view["charts"] if item["name"] == "Charts")
    names = [name for tabs in charts["tabs"] for name in tabs["names"]]
    assert "Events by suit and side (rule 9.1)" in names and "The duel (rules 8.3-8.12)" in names


def test_every_unit_of_3_1_and_3_2_is_in_its_area_by_name(first_load: Report) -> None:
    rks = shipped_game("rks")
    game_map = rks.maps[0]
    located = {
        str(piece["basic_name"]): str(piece["location"])
        for piece in _pieces(first_load)
        if piece["map"] == game_map.name and piece["basic_name"] != "Card"
    }
    for placement in rks.scenarios["city"].setup:
        assert located[rks.units[placement.unit].name] == game_map.area(placement.location).name
    for unit in rks.units.values():
        for arrival in unit.arrivals:
            assert located[unit.name] == f"Turn {arrival.turn}"
    controls = Counter(
        location
        for name, location in (
            (str(piece["basic_name"]), str(piece["location"])) for piece in _pieces(first_load)
        )
        if name == "Control"
    )
    assert set(controls) == {area.name for area in game_map.areas if area.kind != "rear"}


def test_the_52_cards_are_dealt_as_3_3_and_3_4_say(first_load: Report) -> None:
    rks = shipped_game("rks")
    assert rks.cards is not None
    names = [card.name for card in rks.cards.cards()]
    cards = [piece for piece in _pieces(first_load) if piece["basic_name"] == "Card"]
    assert sorted(_card_of(piece, names) for piece in cards) == sorted(names)
    dealt = _deal(first_load, rks)
    on_map = {placement.unit for placement in rks.scenarios["city"].setup}
    sides = {side.id: side.name for side in rks.sides}
    for unit in rks.units.values():
        step_cards = int(unit.properties["step_cards"])
        held = dealt.get((steps_map_name(sides[unit.side]), unit.name), frozenset())
        assert len(held) == (step_cards if unit.id in on_map else 0), unit.id
    for side_id, size in rks.cards.hands.start.items():
        assert len(dealt[(hand_map_name(sides[side_id]), "Hand")]) == size
    saved = first_load["saved_game"]
    assert isinstance(saved, dict)
    deck = next(stack for stack in saved["stacks"] if stack.get("deck_name") == DRAW_DECK)
    assert deck["count"] == 52 - sum(len(cards) for cards in dealt.values())
    counts = {str(piece["basic_name"]): str(piece["name"]) for piece in _pieces(first_load)}
    assert counts["14th Panzer Division"].endswith("[4 of 4 steps]")
    assert counts["16th Panzer Division"].endswith("[0 of 4 steps]")


def test_two_new_games_deal_different_cards(first_load: Report, runs: dict[str, Report]) -> None:
    rks = shipped_game("rks")
    first_deal, second_deal = _deal(first_load, rks), _deal(runs["second deal"], rks)
    assert set(first_deal) == set(second_deal)
    assert first_deal != second_deal


def test_a_plain_new_game_loads_clean(
    engine_reports: dict[tuple[str, str | None], tuple[int, Report]],
) -> None:
    code, report = engine_reports[("rks", None)]
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    new_game = report["new_game"]
    assert isinstance(new_game, dict)
    deck = next(stack for stack in new_game["stacks"] if stack.get("deck_name") == DRAW_DECK)
    assert deck["count"] == 52


def test_a_game_already_dealt_is_not_dealt_again(runs: dict[str, Report]) -> None:
    """Loading a saved game runs the start-up commands again; CardsDealt stops the deal."""
    assert _deal(runs["already dealt"], shipped_game("rks")) == {}


def _cards_side_by_side(picture: Image.Image) -> int:
    """How many cards lie side by side in a picture: runs of columns with card paper
    in them, apart from each other."""
    rgb = picture.convert("RGB")
    data, width = rgb.tobytes(), rgb.width
    paper = []
    for x in range(width):
        near = sum(
            1
            for y in range(rgb.height)
            if sum(abs(data[3 * (y * width + x) + band] - PAPER[band]) for band in range(3)) < 12
        )
        # A card's column is paper wherever no ink lies: far more than a tenth of the
        # window, even through a face card's picture (down to two fifths of the card).
        paper.append(near > rgb.height // 10)
    return sum(1 for index, on in enumerate(paper) if on and (index == 0 or not paper[index - 1]))


def test_a_player_sees_the_map_his_hand_his_steps_and_the_events(runs: dict[str, Report]) -> None:
    """What the README shows, taken in the engine (vcheck draws every map, the private
    ones too): the three German cards side by side in the hand, a steps window with a
    box for each German unit with steps, the events chart first in the charts."""
    screenshots = runs["second deal"]["screenshots"]
    assert isinstance(screenshots, dict)
    files = {entry["file"]: Path(entry["path"]) for entry in screenshots["files"]}
    assert {
        "main.png",
        "map-Stalingrad.png",
        "map-German_hand.png",
        "map-German_steps.png",
        "charts.png",
    } <= set(files)
    assert _cards_side_by_side(Image.open(files["map-German_hand.png"])) == 3
    rks = shipped_game("rks")
    steps = Image.open(files["map-German_steps.png"])
    assert steps.size == steps_board_size(rks, "german")
    board = Image.open(files["map-Stalingrad.png"])
    assert board.size == board_size(rks.maps[0].area_map)  # type: ignore[arg-type]


def test_units_carry_the_commands_of_6_1_to_6_3(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["rks"]) as archive:
        text = archive.read("buildFile.xml").decode("utf-8")
    assert (
        "Arrive in the German rear (turn 2)" in text
        and "Arrive in the Soviet rear (turn 3)" in text
    )
    assert "Return to the Tractor Factory (6.3)" in text


def test_the_discards_become_the_deck_when_it_runs_out(runs: dict[str, Report]) -> None:
    """Rule 3.4 in the engine: a deck of 12 with 40 discards still deals all 34 cards of
    3.3 and 3.4, because emptying the deck shuffles the discards back into it."""
    report = runs["short deck"]
    assert sum(len(cards) for cards in _deal(report, shipped_game("rks")).values()) == 34
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    counts = {
        stack.get("deck_name"): stack["count"]
        for stack in saved["stacks"]
        if stack["kind"] == "deck"
    }
    # The duel piles (one per side, 8.4) are decks too, and empty after a deal.
    piles = {duel_pile_name(side.name): 0 for side in shipped_game("rks").sides}
    assert counts == {DRAW_DECK: 18, DISCARD_PILE: 0} | piles


def test_arrival_flip_face_up_and_elimination_work_in_the_engine(runs: dict[str, Report]) -> None:
    """16th Panzer arrives in the German rear with its four step cards (6.1), the 14th is
    flipped (7.4), the 24th flipped and turned face up again (10.3), a Rifle division
    goes to the Soviet dead pile."""
    report = runs["commands"]
    pieces = {str(piece["basic_name"]): piece for piece in _pieces(report)}
    panzer = pieces["16th Panzer Division"]
    assert (panzer["location"], str(panzer["name"]).endswith("[4 of 4 steps]")) == (
        "German rear",
        True,
    )
    assert len(_deal(report, shipped_game("rks"))[("German steps", "16th Panzer Division")]) == 4
    assert "(acted)" in str(pieces["14th Panzer Division"]["name"])
    assert "(acted)" not in str(pieces["24th Panzer Division"]["name"])
    assert pieces["Rifle division 1"]["map"] == "Soviet eliminated"
