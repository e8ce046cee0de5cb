"""Rattenkrieg's module in the real VASSAL engine: the set-up of 3.1/3.2 by area name,
the 52 cards, the deal of 3.3/3.4 at the start, a deck that really shuffles, and what a
player sees (issue 12 acceptance)."""

from __future__ import annotations

import re
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from builder.area_build import draw_area_art
from builder.build import build_game
from builder.module.area_module import ARRIVE, FACE_UP, FLIP, area_board_layouts, area_setup_pieces, piece_ids
from builder.module.area_names import CARDS_DEALT, DISCARD_PILE, DRAW_DECK, hand_map_name, steps_map_name
from builder.module.assemble import identity_of
from builder.module.buildfile import VASSAL_VERSION
from builder.module.package import module_metadata
from builder.module.keys import ELIMINATE
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue
from builder.vassal.writer import build_setup_save
from rules.model import GameSpec
from tests.support.engine import run_vcheck, vcheck_available
from tests.support.games import shipped_game

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(not vcheck_available(), reason="../shared/tools/vassal-engine/vcheck is not here"),
]

Piece = dict[str, object]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("dist")
    module = build_game(shipped_game("rks"), folder, lambda _step: None).path
    save = folder / "setup.vsav"
    with zipfile.ZipFile(module) as archive:
        save.write_bytes(archive.read("setups/rks-city.vsav"))
    return module, save


@pytest.fixture(scope="module")
def first_load(built: tuple[Path, Path]) -> dict[str, object]:
    module, save = built
    code, report = run_vcheck(module, save, "--view", "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    return report


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
            dealt.setdefault((str(piece["map"]), str(piece["location"])), set()).add(_card_of(piece, names))
    return {place: frozenset(cards) for place, cards in dealt.items()}


def test_the_map_shows_and_the_module_passes_the_player_view(first_load: dict[str, object]) -> None:
    view = first_load["view"]
    assert isinstance(view, dict)
    main = next(item for item in view["maps"] if item["name"] == "Stalingrad")
    assert main["showing"] and main["on_screen"][0] >= 200 and main["on_screen"][1] >= 200
    private = {item["name"] for item in view["maps"] if item.get("visible_to_me") is False}
    assert private == {"German steps", "Soviet steps", "German hand", "Soviet hand"}
    charts = next(item for item in view["charts"] if item["name"] == "Charts")
    names = [name for tabs in charts["tabs"] for name in tabs["names"]]
    assert "Events by suit and side (rule 9.1)" in names and "The duel (rules 8.3-8.12)" in names


def test_every_unit_of_3_1_and_3_2_is_in_its_area_by_name(first_load: dict[str, object]) -> None:
    rks = shipped_game("rks")
    game_map = rks.maps[0]
    located = {str(piece["basic_name"]): str(piece["location"]) for piece in _pieces(first_load)
               if piece["map"] == game_map.name and piece["basic_name"] != "Card"}
    for placement in rks.scenarios["city"].setup:
        assert located[rks.units[placement.unit].name] == game_map.area(placement.location).name
    for unit in rks.units.values():
        for arrival in unit.arrivals:
            assert located[unit.name] == f"Turn {arrival.turn}"
    controls = Counter(location for name, location in
                       ((str(piece["basic_name"]), str(piece["location"])) for piece in _pieces(first_load))
                       if name == "Control")
    assert set(controls) == {area.name for area in game_map.areas if area.kind != "rear"}


def test_the_52_cards_are_dealt_as_3_3_and_3_4_say(first_load: dict[str, object]) -> None:
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


def test_two_new_games_deal_different_cards(built: tuple[Path, Path], first_load: dict[str, object]) -> None:
    module, save = built
    code, second = run_vcheck(module, save, "--strict")
    assert code == 0, (second.get("errors"), second.get("warnings"), second.get("lint"))
    rks = shipped_game("rks")
    first_deal, second_deal = _deal(first_load, rks), _deal(second, rks)
    assert set(first_deal) == set(second_deal)
    assert first_deal != second_deal


def test_a_plain_new_game_loads_clean(built: tuple[Path, Path]) -> None:
    module, _ = built
    code, report = run_vcheck(module, None, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    new_game = report["new_game"]
    assert isinstance(new_game, dict)
    deck = next(stack for stack in new_game["stacks"] if stack.get("deck_name") == DRAW_DECK)
    assert deck["count"] == 52


def test_a_game_already_dealt_is_not_dealt_again(built: tuple[Path, Path], tmp_path: Path) -> None:
    """Loading a saved game runs the start-up commands again; CardsDealt stops the deal."""
    module, _ = built
    rks = shipped_game("rks")
    art = draw_area_art(rks, lambda _step: None)
    identity = identity_of(rks)
    metadata = module_metadata(identity.name, identity.version, VASSAL_VERSION, identity.description)
    scenario = rks.scenarios["city"]
    save = tmp_path / "dealt.vsav"
    save.write_bytes(build_setup_save(
        area_setup_pieces(rks, scenario, art, piece_ids(rks)), metadata, 7, boards=area_board_layouts(rks),
        global_properties=(GlobalPropertyValue(CARDS_DEALT, "yes", MODULE_CONTAINER),), at_start_stacks=False,
    ))
    code, report = run_vcheck(module, save, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    assert _deal(report, rks) == {}


def test_units_carry_the_commands_of_6_1_to_6_3(built: tuple[Path, Path]) -> None:
    module, _ = built
    with zipfile.ZipFile(module) as archive:
        text = archive.read("buildFile.xml").decode("utf-8")
    assert "Arrive in the German rear (turn 2)" in text and "Arrive in the Soviet rear (turn 3)" in text
    assert "Return to the Tractor Factory (6.3)" in text


def test_the_discards_become_the_deck_when_it_runs_out(built: tuple[Path, Path], tmp_path: Path) -> None:
    """Rule 3.4 in the engine: a deck of 12 with 40 discards still deals all 34 cards of
    3.3 and 3.4, because emptying the deck shuffles the discards back into it."""
    module, save = built
    short = tmp_path / "short-deck.vmod"
    with zipfile.ZipFile(module) as source, zipfile.ZipFile(short, "w", zipfile.ZIP_DEFLATED) as target:
        for entry in source.namelist():
            data = source.read(entry)
            if entry == "buildFile.xml":
                root = etree.fromstring(data)
                piles = {pile.get("name"): pile for pile in root.iter("VASSAL.build.module.map.DrawPile")}
                for slot in piles[DRAW_DECK].findall("VASSAL.build.widget.PieceSlot")[12:]:
                    piles[DISCARD_PILE].append(slot)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
            target.writestr(entry, data)
    code, report = run_vcheck(short, save, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    rks = shipped_game("rks")
    assert sum(len(cards) for cards in _deal(report, rks).values()) == 34
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    counts = {stack.get("deck_name"): stack["count"] for stack in saved["stacks"] if stack["kind"] == "deck"}
    assert counts == {DRAW_DECK: 18, DISCARD_PILE: 0}


def test_arrival_flip_and_elimination_work_in_the_engine(built: tuple[Path, Path], tmp_path: Path) -> None:
    """The unit commands run by start-up key commands added to a copy of the module:
    16th Panzer arrives (6.1) with its four step cards, 14th and 24th Panzer flip (7.4)
    and the 24th turns face up again (the key of 10.3), a Rifle division is eliminated
    to the Soviet dead pile."""
    module, save = built
    commands = [("16pz", ARRIVE), ("14pz", FLIP), ("24pz", FLIP), ("24pz", FACE_UP), ("rifle1", ELIMINATE.encoded())]
    copy = tmp_path / "commands.vmod"
    with zipfile.ZipFile(module) as source, zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as target:
        for entry in source.namelist():
            data = source.read(entry)
            if entry == "buildFile.xml":
                root = etree.fromstring(data)
                for index, (unit_id, keystroke) in enumerate(commands):
                    etree.SubElement(root, "VASSAL.build.module.StartupGlobalKeyCommand", name=f"test {index}",
                                     hotkey=keystroke, filter=f'{{UnitId=="{unit_id}"}}', deckCount="-1",
                                     reportSingle="true", reportFormat="")
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
            target.writestr(entry, data)
    code, report = run_vcheck(copy, save, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    rks = shipped_game("rks")
    pieces = {str(piece["basic_name"]): piece for piece in _pieces(report)}
    panzer = pieces["16th Panzer Division"]
    assert (panzer["location"], str(panzer["name"]).endswith("[4 of 4 steps]")) == ("German rear", True)
    assert len(_deal(report, rks)[("German steps", "16th Panzer Division")]) == 4
    assert "(acted)" in str(pieces["14th Panzer Division"]["name"])
    assert "(acted)" not in str(pieces["24th Panzer Division"]["name"])
    assert pieces["Rifle division 1"]["map"] == "Soviet eliminated"
