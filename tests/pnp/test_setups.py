"""Set-up sheets list exactly what the module's predefined set-ups place, where they place
it (Rattenkrieg's too: units in their areas, reinforcements on their turn boxes, control
markers); schedules list every reinforcement of each scenario once, on its turn."""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.art.area_layout import panel_boxes
from builder.art.charts import scenario_group_label
from builder.pnp.area_setups import area_setups
from builder.pnp.counter_art import CounterArt
from builder.pnp.pages import PageKind, PnpOptions, PrintContext
from builder.pnp.pdf import new_canvas
from builder.pnp.setup_pages import entry_detail, schedule_section, setup_section
from builder.pnp.setups import schedules, setup_sheets
from builder.saves.positions import position_from_save
from builder.saves.reading import piece_properties
from builder.vassal.reader import read_saved_game
from tests.pnp.conftest import AREA_GAMES, HEX_GAMES
from tests.support.games import shipped_game


@pytest.mark.parametrize("game", HEX_GAMES)
def test_each_sheet_lists_what_the_modules_set_up_places_where_it_places_it(
    built: dict[str, Path], game: str, tmp_path: Path
) -> None:
    spec = shipped_game(game)
    sheets = setup_sheets(spec)
    with zipfile.ZipFile(built[game]) as archive:
        for scenario in spec.scenarios.values():
            covering = [sheet for sheet in sheets if scenario.id in {s.id for s in sheet.scenarios}]
            assert len(covering) == 1, scenario.id
            save = tmp_path / f"{scenario.id}.vsav"
            save.write_bytes(archive.read(f"setups/{game}-{scenario.id}.vsav"))
            in_module = Counter(
                (state.unit.id, state.location) for state in position_from_save(save).units
            )
            on_sheet = Counter((entry.unit.id, entry.location) for entry in covering[0].entries)
            assert on_sheet == in_module, scenario.id


@pytest.mark.parametrize("game", AREA_GAMES)
def test_an_area_sheet_lists_what_the_modules_set_up_places_where_it_places_it(
    built: dict[str, Path], game: str, tmp_path: Path
) -> None:
    spec = shipped_game(game)
    area_map = spec.maps[0].area_map
    assert area_map is not None
    turn_boxes = [box for box in panel_boxes(spec, area_map) if box.kind == "turn"]
    sides = {side.id: side.name for side in spec.sides}
    for setup in area_setups(spec):
        save = tmp_path / f"{setup.scenario.id}.vsav"
        with zipfile.ZipFile(built[game]) as archive:
            save.write_bytes(archive.read(f"setups/{game}-{setup.scenario.id}.vsav"))
        position = position_from_save(save)
        in_areas = Counter((state.unit.id, state.location) for state in position.units)
        assert (
            Counter((placement.unit.id, placement.area.id) for placement in setup.placements)
            == in_areas
        )
        on_turns: Counter[tuple[str, int]] = Counter()
        for piece in read_saved_game(save).pieces:
            unit = piece_properties(piece).get("UnitId")
            for box in turn_boxes:
                if (
                    unit
                    and box.left <= piece.x <= box.left + box.width
                    and box.top <= piece.y <= box.top + box.height
                ):
                    on_turns[(unit, int(box.name.split()[-1]))] += 1
        assert Counter((arrival.unit.id, arrival.turn) for arrival in setup.arrivals) == on_turns
        assert {area: sides[side] for area, side in position.control.items()} == {
            area.id: setup.controller for area in setup.controlled
        }


@cache
def _section_text(game: str, kind: PageKind) -> list[str]:
    """The text of each page of one section, drawn on its own."""
    spec = shipped_game(game)
    options = PnpOptions()
    section = kind(
        PrintContext(
            spec, options, CounterArt(spec, options.counter_inches, options.duplex.bleed_mm)
        )
    )
    assert section is not None
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "a4", "test")
    for page in section.pages:
        canvas.setPageSize(page.size)
        page.draw(canvas)
        canvas.showPage()
    canvas.save()
    return [page.extract_text() for page in PdfReader(buffer).pages]


@pytest.mark.parametrize("game", HEX_GAMES)
def test_the_printed_sheets_show_every_unit_with_its_id_and_place(game: str) -> None:
    texts = _section_text(game, setup_section)
    for sheet in setup_sheets(shipped_game(game)):
        for entry in sheet.entries:
            row = re.compile(
                rf"^{re.escape(entry_detail(entry))}\n{re.escape(entry.location)}$", re.MULTILINE
            )
            assert any(row.search(text) for text in texts), (entry.unit.id, entry.location)
    assert (
        f"Set-up: {scenario_group_label(setup_sheets(shipped_game(game))[0].scenarios)}" in texts[0]
    )


def test_sheets_are_shared_by_scenarios_with_the_same_set_up() -> None:
    tps = [scenario_group_label(sheet.scenarios) for sheet in setup_sheets(shipped_game("tps"))]
    assert tps == ["scenarios 1-6, 8-9, 11-16", "scenarios 7, 10"]
    dos = setup_sheets(shipped_game("dos"))
    assert [len(sheet.entries) for sheet in dos] == [197, 193]


def test_groups_follow_the_rules_order_by_formation_and_say_what_the_counters_print() -> None:
    blue = setup_sheets(shipped_game("dos"))[0]
    # Rule 12.1: the Soviet player sets up first in Blue, army by army.
    assert blue.groups[0].side == "soviet" and blue.groups[0].title == "13th Army (13A)"
    axis = [group.title for group in blue.groups if group.side == "axis"]
    assert axis[:3] == ["2nd Army (2A)", "4th Panzer Army (4PA)", "Hungarian 2nd Army (2H)"]
    tps = setup_sheets(shipped_game("tps"))[0]
    assert "5th Tank Army (counters marked 5 Tk)" in [group.title for group in tps.groups]
    for group in blue.groups:
        assert [entry.location for entry in group.entries] == sorted(
            entry.location for entry in group.entries
        )


def test_untried_units_are_placed_face_down_at_random() -> None:
    blue = setup_sheets(shipped_game("dos"))[0]
    untried = [entry for entry in blue.entries if entry.unit.properties.get("untried") == "yes"]
    assert untried
    assert all(
        "untried: place one of its kind at random, face down" in entry_detail(entry)
        for entry in untried
    )


def test_reconstructed_places_are_told_apart_from_the_rules() -> None:
    blue = setup_sheets(shipped_game("dos"))[0]
    given = [entry for entry in blue.entries if entry.unit.id.startswith("b40a-")]
    assert given and not any(
        entry.reconstructed for entry in given
    )  # rule 12.1 gives 40th Army's hexes
    assert {entry.location for entry in given} == {"N1141", "N1242", "N1342", "N1442", "N1542"}
    texts = _section_text("dos", setup_section)
    assert re.search(r"^N1141$", "\n".join(texts), re.MULTILINE)
    assert "†1 (" in "\n".join(texts)


@pytest.mark.parametrize("game", HEX_GAMES)
def test_schedules_list_every_arrival_once_on_its_turn(game: str) -> None:
    spec = shipped_game(game)
    runs = schedules(spec)
    for scenario in spec.scenarios.values():
        covering = [run for run in runs if scenario.id in {s.id for s in run.scenarios}]
        expected = Counter(
            (unit.id, arrival.turn, arrival.where)
            for unit in spec.units.values()
            for arrival in unit.arrivals
            if arrival.scenario == scenario.id
            and scenario.first_turn <= arrival.turn <= scenario.last_turn
        )
        listed = Counter(
            (arrival.unit.id, turn, arrival.where)
            for run in covering
            for turn, arrivals in run.turns
            for arrival in arrivals
        )
        assert len(covering) == (1 if expected else 0), scenario.id
        assert listed == expected, scenario.id


def test_schedule_turns_carry_the_rules_entry_words() -> None:
    uranus = next(run for run in schedules(shipped_game("dos")) if run.scenarios[0].id == "uranus")
    turn_three = dict(uranus.turns)[3]
    panzer = next(arrival for arrival in turn_three if arrival.unit.id == "de-23pd-ur")
    assert (
        "N4227-N4243" in panzer.where
    )  # rule 8.8: 23 PD enters on Uranus turn 3 on the south edge
    words = " ".join(" ".join(_section_text("dos", schedule_section)).split())
    assert "Turn 3" in words and "Enter: North-map south-edge hexes N4227-N4243 (rule 8.8)" in words
