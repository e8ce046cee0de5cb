"""Rattenkrieg's build file, read back without the engine: one truth for areas (zones are
the outlines), the deck wired as 3.4 says, the deal guarded, the same bytes each build.
The module read is the run's (``built``, ``build_files``: what ``stavka build all``
wrote)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from click.testing import CliRunner
from lxml import etree
from shapely.geometry import Polygon

from builder.build import draw_art
from builder.cli import main
from builder.module.assemble import assemble_module
from builder.saves.area_names import CARDS_DEALT, DISCARD_PILE, DRAW_DECK
from builder.vassal.sequence import decode
from tests.support.games import shipped_game

ZONE = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
DRAW_PILE = "VASSAL.build.module.map.DrawPile"


def test_every_area_is_a_zone_with_its_outline(build_files: dict[str, etree._Element]) -> None:
    root = build_files["rks"]
    game_map = shipped_game("rks").maps[0]
    area_map = game_map.area_map
    assert area_map is not None
    main_map = root.find(f".//VASSAL.build.module.Map[@mapName='{game_map.name}']")
    assert main_map is not None
    zones = {zone.get("name"): zone.get("path") for zone in main_map.iter(ZONE)}
    for area in game_map.areas:
        expected = ";".join(f"{round(x)},{round(y)}" for x, y in area_map.polygon(area.id))
        assert zones[area.name] == expected
        inside = Polygon(area_map.polygon(area.id)).representative_point()
        assert area_map.area_at(inside.x, inside.y) == area.id
    assert {"Draw deck", "Discard pile", "Turn 1", "Turn 6", "Control markers"} <= set(zones)


def test_the_deck_draws_at_random_and_the_discards_refill_it(
    build_files: dict[str, etree._Element],
) -> None:
    root = build_files["rks"]
    piles = {pile.get("name"): pile for pile in root.iter(DRAW_PILE)}
    deck, discards = piles[DRAW_DECK], piles[DISCARD_PILE]
    assert len(deck.findall("VASSAL.build.widget.PieceSlot")) == 52
    assert (deck.get("shuffle"), deck.get("faceDown"), deck.get("hotkeyOnEmpty")) == (
        "Always",
        "Always",
        "true",
    )
    assert discards.get("reshuffleTarget") == DRAW_DECK
    assert discards.get("reshuffleHotkey") == deck.get("emptyHotkey")


def test_the_deal_runs_once_per_game(build_files: dict[str, etree._Element]) -> None:
    root = build_files["rks"]
    starts = list(root.iter("VASSAL.build.module.StartupGlobalKeyCommand"))
    assert len(starts) == 4
    assert all(f'{CARDS_DEALT}!="yes"' in (start.get("filter") or "") for start in starts)
    options = root.find("VASSAL.build.module.GlobalOptions")
    first_map = root.find("VASSAL.build.module.Map")
    children = list(root)
    assert (
        options is not None
        and first_map is not None
        and children.index(options) < children.index(first_map)
    )


def test_cards_never_name_themselves_in_the_chat(build_files: dict[str, etree._Element]) -> None:
    """A card's piece name is 'Card' for everyone: move reports cannot give away a hidden card."""
    root = build_files["rks"]
    deck = next(pile for pile in root.iter(DRAW_PILE) if pile.get("name") == DRAW_DECK)
    for slot in deck.iter("VASSAL.build.widget.PieceSlot"):
        piece_type = decode(decode(slot.text or "", "/")[2], "\t")
        basic = decode(split_chain_last(piece_type), ";")
        assert basic[-1] == "Card" and basic[-2].startswith("cards/")


def split_chain_last(tokens: list[str]) -> str:
    """The innermost (BasicPiece) element of a decoded trait chain."""
    while len(tokens) > 1:
        tokens = decode(tokens[1], "\t")
    return tokens[0]


def test_the_build_is_byte_identical(built: dict[str, Path]) -> None:
    """Built again here, the module has the bytes of the one ``stavka build all`` wrote."""
    spec = shipped_game("rks")
    assert assemble_module(spec, draw_art(spec, lambda _step: None)).data == (
        built["rks"].read_bytes()
    )


def test_stavka_build_writes_the_rks_module(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "rks", "--dist", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"{tmp_path / 'rks.vmod'}: " in result.output and "18 units, 1 set-ups" in result.output
    written = sorted(
        str(child.relative_to(tmp_path)) for child in tmp_path.rglob("*") if child.is_file()
    )
    assert written == ["rks.vmod", "setups/rks-city.vsav"], (
        "the module and its set-up as a save, nothing else"
    )
    with zipfile.ZipFile(tmp_path / "rks.vmod") as archive:
        assert (
            archive.read("setups/rks-city.vsav")
            == (tmp_path / "setups" / "rks-city.vsav").read_bytes()
        )


def test_reports_count_step_cards_in_good_english(
    build_files: dict[str, etree._Element],
) -> None:
    # Issue 21 item 3: "arrives ... with 1 step cards"; and the steps labels read alike.
    text = etree.tostring(build_files["rks"], encoding="unicode")
    assert "100th Jäger Division arrives in the German rear with 1 step card (6.1, 6.2)" in text
    assert "with 1 step cards" not in text
    assert "16th Panzer Division arrives in the German rear with 4 step cards (6.1, 6.2)" in text
    assert "$PlayerSide$ discards the $CardName$: $CurrentZone$ loses a step (8.9)" in text
