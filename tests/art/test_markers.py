"""Markers: ids pick designs, sides pick colours, weather and control flip."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from builder.art.counters import print_format, screen_format
from builder.art.drawing import png_bytes
from builder.art.markers import (
    CLEAR,
    FROZEN,
    NEUTRAL_BACKGROUND,
    marker_design,
    marker_faces,
    marker_side,
)
from rules.data.fields import Provenance
from rules.data.loader import load_game
from rules.model import GameSpec, Marker

MARKER_IDS = {
    "dos": (
        "game_turn",
        "german_vp",
        "supply_network_axis",
        "supply_network_soviet",
        "air_supply",
        "manstein",
        "weather",
        "air_axis",
        "reserve_inactive",
    ),
    "tps": (
        "game_turn",
        "out_of_supply",
        "isolated",
        "front_gap_axis",
        "interdiction",
        "cap",
        "untried",
    ),
    "rks": ("game_turn", "control", "done"),
}


def marker(marker_id: str) -> Marker:
    return Marker(marker_id, marker_id.replace("_", " "), 1, "", Provenance())


@pytest.fixture(scope="module")
def games() -> dict[str, GameSpec]:
    return {game: load_game(game) for game in MARKER_IDS}


@pytest.mark.parametrize("game_id", sorted(MARKER_IDS))
def test_every_marker_renders_at_both_sizes(games: dict[str, GameSpec], game_id: str) -> None:
    for counter in (screen_format(), print_format(0.625)):
        for marker_id in MARKER_IDS[game_id]:
            faces = marker_faces(marker(marker_id), games[game_id], counter)
            assert faces.front.size == faces.back.size == (counter.image_px, counter.image_px)


def test_designs_by_id_words() -> None:
    assert marker_design(marker("air_supply")).label == "AIR SUPPLY"
    assert marker_design(marker("air_axis")).label == "AIR SUPPORT"
    assert marker_design(marker("air-supplied")).label == "AIR SUPPLIED"
    assert marker_design(marker("supply_network_soviet")).label == "SUPPLY NET"
    assert marker_design(marker("freeze")) is FROZEN
    assert marker_design(marker("capture_bonus")).label == "CAPTURE BONUS"
    assert marker_design(marker("cap")).label == "COMBAT AIR PATROL"


def test_sides_and_colours(games: dict[str, GameSpec]) -> None:
    dos = games["dos"]
    assert marker_side(marker("supply_network_soviet"), dos) == "soviet"
    assert marker_side(marker("german_vp"), dos) == "axis"
    assert marker_side(marker("game_turn"), dos) is None
    turn = marker_faces(marker("game_turn"), dos, screen_format()).front
    assert turn.getpixel((36, 8)) == NEUTRAL_BACKGROUND


def test_weather_and_control_flip(games: dict[str, GameSpec]) -> None:
    weather = marker_faces(marker("weather"), games["dos"], screen_format())
    assert ImageChops.difference(weather.front, weather.back).getbbox() is not None
    assert CLEAR.label == "CLEAR"
    control = marker_faces(marker("control"), games["rks"], screen_format())
    assert control.front.getpixel((36, 8)) != control.back.getpixel((36, 8))
    turn = marker_faces(marker("game_turn"), games["rks"], screen_format())
    assert png_bytes(turn.front) == png_bytes(turn.back)


def test_air_mission_markers_are_told_apart() -> None:
    # "air" alone means air support (DoS 11.25); TPS mission markers must not fall into it.
    assert marker_design(marker("air-superiority")).label == "AIR SUPERIORITY"
    assert marker_design(marker("close-support")).label == "CLOSE SUPPORT"
    assert marker_design(marker("interception")).label == "INTERCEPT"


def test_shipped_tps_markers_cover_what_players_track(games: dict[str, GameSpec]) -> None:
    # Issue 4: turn, VP, out-of-supply and continuous-front gap markers; the five air missions.
    labels = {marker_design(item).label for item in games["tps"].markers.values()}
    assert {"GAME TURN", "VICTORY POINTS", "OUT OF SUPPLY", "ISOLATED", "FRONT GAP"} <= labels
    assert {
        "CLOSE SUPPORT",
        "INTERDICT",
        "COMBAT AIR PATROL",
        "AIR SUPERIORITY",
        "INTERCEPT",
    } <= labels
