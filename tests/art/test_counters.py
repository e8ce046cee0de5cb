"""Counters: every kind renders at VASSAL and print sizes, the same input gives the same
PNG bytes, two-step backs show the reduced values and untried backs read "U"."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops

from builder.art.counters import (
    SCREEN_COUNTER_PX,
    CounterFormat,
    corner_text,
    designation,
    face_text,
    print_format,
    screen_format,
    unit_faces,
    untried_text,
    values_text,
)
from builder.art.drawing import png_bytes
from rules.model import Arrival, GameSpec, Unit, UnitStep
from tests.art.synthetic import DOS_UNITS, TPS_UNITS, make_unit, with_properties
from tests.support.games import shipped_game


def all_units(dos: GameSpec, tps: GameSpec, rks: GameSpec) -> list[tuple[GameSpec, Unit]]:
    return (
        [(dos, unit) for unit in DOS_UNITS]
        + [(tps, unit) for unit in TPS_UNITS]
        + [(rks, unit) for unit in rks.units.values()]
    )


@pytest.mark.parametrize(
    "counter", [screen_format(), screen_format(60), print_format(0.5), print_format(0.75)]
)
def test_every_kind_renders_at_every_size(
    dos: GameSpec, tps: GameSpec, rks: GameSpec, counter: CounterFormat
) -> None:
    for game, unit in all_units(dos, tps, rks):
        faces = unit_faces(unit, game, counter)
        for face in (faces.front, faces.back):
            assert face.size == (counter.image_px, counter.image_px)
            assert face.mode == "RGB"


def test_front_uses_the_nationality_colours(dos: GameSpec) -> None:
    front = unit_faces(DOS_UNITS[0], dos, screen_format()).front
    background = dos.nationalities["german_mechanized"].background
    assert front.getpixel((SCREEN_COUNTER_PX // 2, 3)) == tuple(
        int(background[i : i + 2], 16) for i in (1, 3, 5)
    )


def test_same_unit_gives_the_same_png_bytes(dos: GameSpec) -> None:
    first = png_bytes(unit_faces(DOS_UNITS[0], dos, screen_format()).front)
    second = png_bytes(unit_faces(DOS_UNITS[0], dos, screen_format()).front)
    assert first == second
    assert len(first) < 6000


def test_two_step_back_shows_the_reduced_values(dos: GameSpec) -> None:
    faces = unit_faces(DOS_UNITS[0], dos, screen_format())
    assert faces.back_kind == "reduced"
    assert face_text(DOS_UNITS[0], dos, 1).values == "4-8"
    assert ImageChops.difference(faces.front, faces.back).getbbox() is not None


def test_untried_back_reads_u_and_movement(dos: GameSpec) -> None:
    tank = DOS_UNITS[7]
    faces = unit_faces(tank, dos, screen_format())
    assert faces.back_kind == "untried"
    text = untried_text(tank, dos)
    assert (
        text.values == "U-8"
        and text.designation == ""
        and text.symbol == face_text(tank, dos, 0).symbol
    )
    revealed = face_text(tank, dos, 0)
    assert revealed.values == "6-4-8"


def test_a_revealed_untried_unit_prints_its_designation() -> None:
    # Issue 21 item 8: the revealed side said only "5-4-8"; it names the unit as every
    # other counter does, from the unit's name (the untried side still names none).
    spec = shipped_game("dos")
    for unit in (unit for unit in spec.units.values() if unit.untried):
        text = face_text(unit, spec, 0)
        assert text.designation and text.designation != unit.id, unit.name
        assert untried_text(unit, spec).designation == ""
    assert face_text(spec.units["b13a-rd1"], spec, 0).designation == "13 1"


def test_one_step_back_is_blank(dos: GameSpec) -> None:
    faces = unit_faces(DOS_UNITS[4], dos, screen_format())
    assert faces.back_kind == "blank"
    assert len(faces.back.getcolors(10) or []) <= 2


def test_question_marks_and_combined_strength() -> None:
    assert values_text(UnitStep(None, None, 6), with_movement=True) == "?-?-6"
    assert values_text(UnitStep(1, None, 4), with_movement=True) == "1-?-4"
    assert values_text(UnitStep(2, 2, 8), with_movement=True) == "2-8"
    assert values_text(UnitStep(7, 7, None), with_movement=False) == "7"


def test_tps_kinds(tps: GameSpec) -> None:
    kampfgruppe, weak, corps, supply, ground, flight = TPS_UNITS
    assert (
        face_text(kampfgruppe, tps, 0).values == "2-8" and face_text(weak, tps, 0).values == "1-8"
    )
    assert face_text(corps, tps, 0).values == "3-4" and face_text(corps, tps, 0).corner == "21"
    # Issue 10 item 8: a flight shows its air superiority attack and its range.
    assert face_text(flight, tps, 0).values == "1 R12"
    assert face_text(ground, tps, 0).symbol != face_text(flight, tps, 0).symbol
    assert face_text(supply, tps, 0).values == "0-1-8"


def test_rks_units_show_strength_and_step_cards(rks: GameSpec) -> None:
    panzer = face_text(rks.units["14pz"], rks, 0)
    assert (panzer.values, panzer.step_cards, panzer.designation) == ("7", "4", "14")
    assert face_text(rks.units["t34"], rks, 0).step_cards == ""
    assert face_text(rks.units["16pz"], rks, 0).corner == "2"


def test_designations() -> None:
    unit = make_unit("x", "soviet", "soviet", "rifle", "XX", "foot", [(1, 1, 1)])
    assert designation(replace(unit, name="13th Guards Rifle Division")) == "13 Gds"
    assert designation(replace(unit, name="T-34 (Tractor Factory tanks)")) == "T-34"
    assert designation(replace(unit, name="Rifle Division")) == "x"
    assert designation(with_properties(unit, {"designation": "Slwk"})) == "Slwk"
    arriving = replace(unit, arrivals=(Arrival("blue", 7, ""), Arrival("uranus", 3, "")))
    assert corner_text(arriving) == "3+"
    assert corner_text(replace(unit, arrivals=(Arrival("blue", 7, ""),))) == "7"
    assert corner_text(with_properties(arriving, {"army": "6A", "counter": "Ur3"})) == "Ur3"
    assert corner_text(with_properties(arriving, {"army": "6A"})) == "6A"
    assert (
        corner_text(with_properties(arriving, {"army": "40A", "untried": "yes"}, untried=True))
        == ""
    )


def test_designation_changes_the_picture(dos: GameSpec) -> None:
    unit = DOS_UNITS[1]
    renamed = with_properties(unit, {**unit.properties, "designation": "999"})
    first = unit_faces(unit, dos, screen_format()).front
    second = unit_faces(renamed, dos, screen_format()).front
    assert ImageChops.difference(first, second).getbbox() is not None
