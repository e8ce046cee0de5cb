"""Text in images: every character has a glyph in the shipped font, every counter label
fits its counter at a legible size, and all text goes through one checked path."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import builder.art.text as text_module
from builder.art.area_board import render_area_board
from builder.art.area_pieces import acted_face, render_steps_board, step_badge
from builder.art.board import render_board
from builder.art.cards import card_back, card_face, screen_card
from builder.art.charts import SCREEN_PPI, render_table
from builder.art.counters import (
    MINIMUM_LABEL_SHARE,
    face_labels,
    face_texts,
    print_format,
    screen_format,
    unit_faces,
)
from builder.art.fonts import font
from builder.art.markers import (
    VERDICT_OVERLAYS,
    marker_design,
    marker_faces,
    marker_labels,
    verdict_overlay,
)
from builder.art.pool import render_pile_board
from builder.art.text import UndrawableText, draw_text, missing_characters
from builder.art.tracks import render_tracks, track_layout
from builder.build import module_charts
from builder.pnp.pages import PnpOptions
from tests.support.games import shipped_game

GAMES = ("tps", "dos", "rks")
BUILDER = Path(__file__).resolve().parents[2] / "builder"


def test_a_character_the_font_cannot_draw_is_refused() -> None:
    # Issue 10 item 4: Japanese in English output came out as empty boxes ("tofu").
    canvas = ImageDraw.Draw(Image.new("RGB", (200, 40)))
    assert missing_characters("戦闘結果表 CRT", font(12)) == "戦闘結果表"
    assert missing_characters("Jäger — 3 × 2-8 †", font(12)) == ""
    with pytest.raises(UndrawableText, match="U\\+6226"):
        draw_text(canvas, (0, 0), "戦 CRT", font(12), (0, 0, 0))


def test_every_text_drawn_into_every_image_of_every_game_has_its_glyphs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Boards (hex and area), counters and their 'acted' sides, markers, charts, tracks,
    # the pool board, cards, steps boards and step badges of every shipped game, drawn
    # through the one checked path; the check is what this test observes.
    checked: list[str] = []
    original = text_module.check_drawable

    def recording(text: str, typeface: object) -> None:
        checked.append(text)
        original(text, typeface)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "check_drawable", recording)
    counter = screen_format()
    for game in GAMES:
        spec = shipped_game(game)
        fronts = {unit.id: unit_faces(unit, spec, counter).front for unit in spec.units.values()}
        for marker in spec.markers.values():
            marker_faces(marker, spec, counter)
        for chart in module_charts(spec).values():
            render_table(chart, SCREEN_PPI)
        if spec.tracks:
            render_tracks(track_layout(spec))
        for game_map in spec.maps:
            if game_map.hex_map is not None:
                for index in range(len(game_map.hex_map.boards)):
                    render_board(spec, game_map, index)
            if game_map.area_map is not None:
                render_area_board(spec, game_map)
                for front in fronts.values():
                    acted_face(front)
        if spec.cards is not None:
            for card in spec.cards.cards():
                card_face(card, spec.cards, spec, screen_card())
            card_back(screen_card(), spec.title)
            for side in spec.sides:
                render_steps_board(spec, side.id, fronts, screen_card())
            step_badge(1, 4, counter.image_px)
    for overlay in VERDICT_OVERLAYS:
        verdict_overlay(overlay, counter)
    render_pile_board((600, 200), (20, 20, 100, 100), "Pile", "What it holds")
    assert len(checked) > 5_000
    drawn = "".join(checked)
    # The data's own non-ASCII (the em dash, the multiplication sign of the turn records,
    # the dagger of reconstructed rows, the suits of the cards) went through the check;
    # Japanese never reached an image.
    assert {"—", "×", "†", "♠", "♥", "♦", "♣"} <= set(drawn)
    assert {"ACTED", "102.0", "RATTENKRIEG: STALINGRAD"} <= set(checked)
    assert not re.search(r"[\u3000-\u9fff]", drawn)


def test_only_the_text_module_puts_text_into_images() -> None:
    # One shared text-drawing path: no other module calls ImageDraw.text itself.
    direct = re.compile(r"\b\w+\.text\(\s*\(")
    offenders = [
        str(path.relative_to(BUILDER))
        for path in BUILDER.rglob("*.py")
        if path.name != "text.py" and direct.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def _check_labels(labels: list[text_module.Label], side: float, factor: int, where: str) -> None:
    minimum = MINIMUM_LABEL_SHARE * side
    for label in labels:
        assert label.size / factor >= minimum - 1e-9, (where, label.text, label.size / factor)
        left, top, right, bottom = label.box
        assert 0 <= left and right <= side * factor and 0 <= top and bottom <= side * factor, (
            where,
            label.text,
        )
    for first, second in combinations(labels, 2):
        assert not text_module.overlapping(first.box, second.box), (where, first.text, second.text)


@pytest.mark.parametrize("game", GAMES)
def test_every_counter_label_fits_its_box_at_a_legible_size(game: str) -> None:
    # Issue 10 item 8: no label overflows or collides ("1 Gds1 Gds"), none is set below
    # the stated minimum (12.5 % of the counter: 9 px on screen, 5.6 pt printed).
    spec = shipped_game(game)
    printed = print_format(PnpOptions().counter_inches, bleed_mm=0)
    for counter in (screen_format(), printed):
        factor = 4 if counter.size_px < 160 else 2
        for unit in spec.units.values():
            for face in face_texts(unit, spec)[:2]:
                if face is not None:
                    _check_labels(
                        face_labels(face, counter, factor), counter.size_px, factor, unit.id
                    )
        for marker in spec.markers.values():
            side = counter.size_px * factor
            _check_labels(
                marker_labels(marker_design(marker).label, 0, side),
                counter.size_px,
                factor,
                marker.id,
            )


def test_counters_say_what_the_issue_found_missing() -> None:
    # Issue 10 item 8: flights show their values and range, KG 27 and KG 55 differ,
    # a corps' designation does not repeat its army.
    tps = shipped_game("tps")
    front = {unit_id: face_texts(tps.units[unit_id], tps)[0] for unit_id in tps.units}
    assert (
        front["lw-kg27-flight"].designation == "KG 27"
        and front["lw-kg55-flight"].designation == "KG 55"
    )
    assert front["lw-kg55-flight"].values == "1 R18"
    assert (front["su-1gdsa-rc2"].corner, front["su-1gdsa-rc2"].designation) == ("1 Gds", "2")
    assert (front["su-5sha-rc1"].corner, front["su-5sha-rc1"].designation) == ("5 Sh", "1")
