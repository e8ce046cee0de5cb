"""The shipped games' modules, built as ``stavka build`` builds them, in the real engine.

Every module of the three games and every predefined set-up loads with no error,
warning or lint, and with what a player sees checked too (vcheck ``--view``): the main
map showing in the main window, palettes that fit a screen, chart tabs a player can tell
apart, one toolbar row. The engine lists each unit in the hex or area the scenario
names and each track marker on its first box. The referee reads each set-up save of a
game it judges back and finds the scenario starting supplied. The set-ups run in the
engine as many at a time as the machine allows, once for all these tests (conftest).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from builder.cli import main
from builder.module.pieces import formation_name
from builder.module.pool import POOL_MAP, untried_pools
from builder.module.tracks import TRACKS_MAP
from builder.saves.positions import position_from_save
from rules.data.loader import load_game
from rules.model import GameSpec
from rules.referee.games import PACKAGES, referee_for
from tests.module.conftest import MODULE_GAMES
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE

MAXIMUM_MODULE_BYTES = 5_000_000
SCREEN_WIDTH = 1920
MOST_SLOTS_IN_A_ROW = 15
SMALLEST_MAP_VIEW = 200
GAMES = MODULE_GAMES

Report = dict[str, Any]


@pytest.mark.parametrize("game", GAMES)
def test_module_loads_clean_and_is_small(
    built: dict[str, Path],
    engine_reports: dict[tuple[str, str | None], tuple[int, Report]],
    game: str,
) -> None:
    assert built[game].stat().st_size <= MAXIMUM_MODULE_BYTES
    code, report = engine_reports[(game, None)]
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))


def test_every_setup_shows_a_player_the_map_and_no_view_lint(
    engine_reports: dict[tuple[str, str | None], tuple[int, Report]],
) -> None:
    # Issue 10, acceptance 1: for every predefined set-up of every module.
    setups = sum(1 for game in GAMES for s in load_game(game).scenarios.values() if s.setup)
    assert len(engine_reports) == len(GAMES) + setups
    for key, (code, report) in engine_reports.items():
        assert code == 0 and report["lint"] == [], (key, report.get("errors"), report.get("lint"))
        view = report["view"]
        map_name = load_game(key[0]).maps[0].name
        assert view["game_started"] and view["preferences"]["use_combined_application_window"], key
        assert view["build_file"]["global_options"] == "present", key
        assert view["main_window"]["showing"] and view["main_window"]["docked_maps"] == [
            map_name
        ], key
        main_map = next(item for item in view["maps"] if item["name"] == map_name)
        assert main_map["showing"] and main_map["window"] == "main window", key
        assert min(main_map["on_screen"]) >= SMALLEST_MAP_VIEW, (key, main_map["on_screen"])
        shown = [palette for palette in view["palettes"] if not palette["hidden"]]
        # Docked beside the chat a palette is squeezed to the chat's height: its own window.
        assert [palette["window"] for palette in shown] == ["own window"], key
        for palette in shown:
            for widget in palette["widgets"]:
                if widget["type"] == "PanelWidget" and widget["slots"]:
                    assert widget["per_row"] <= MOST_SLOTS_IN_A_ROW, (key, widget["path"])
                    assert widget["preferred"][0] <= SCREEN_WIDTH, (key, widget["path"])
        for chart in view["charts"]:
            for tabs in chart["tabs"]:
                assert len(tabs["names"]) == len(set(tabs["names"])), (key, tabs["names"])
        assert view["toolbar"]["rows"] == 1 and view["toolbar"]["one_row_width"] <= SCREEN_WIDTH, (
            key
        )


def test_palette_tabs_read_as_players_name_their_formations(
    engine_reports: dict[tuple[str, str | None], tuple[int, Report]],
) -> None:
    # Issue 10 item 2: no raw data key ("soviet_special", "8.5", "St", "K", "A") as a tab.
    for game in GAMES:
        spec = load_game(game)
        raw_keys = (set(spec.formations) | set(spec.nationalities)) - {
            side.name for side in spec.sides
        }
        view = engine_reports[(game, None)][1]["view"]
        (palette,) = [palette for palette in view["palettes"] if not palette["hidden"]]
        tabs = {name for widget in palette["widgets"] for name in widget.get("tabs", [])}
        groups = {formation_name(spec, unit) for unit in spec.units.values()}
        # A side of one formation (Rattenkrieg's, named after the side) is one grid.
        assert groups <= tabs, (game, groups - tabs)
        assert not tabs & raw_keys, (game, tabs & raw_keys)


def _place_name(spec: GameSpec, location: str) -> str:
    """What VASSAL names a scenario's location: the hex's number or the area's name."""
    found = spec.parse_hex(location)
    if found is not None:
        return found[0].label(found[1])
    return spec.maps[0].area(location).name


def _shown_name(spec: GameSpec, unit_id: str) -> str:
    """The name VASSAL shows: an untried unit's Layer replaces it (DoS 2.14)."""
    unit = spec.units[unit_id]
    if unit.properties.get("untried") == "yes":
        return f"Untried {spec.nationalities[unit.nationality].name} unit"
    return unit.name


def test_every_predefined_setup_puts_units_and_track_markers_where_the_scenario_says(
    engine_reports: dict[tuple[str, str | None], tuple[int, Report]],
) -> None:
    for game in GAMES:
        spec = load_game(game)
        for scenario in (scenario for scenario in spec.scenarios.values() if scenario.setup):
            saved = engine_reports[(game, scenario.id)][1]["saved_game"]
            placed = {
                spec.units[placement.unit].name: placement.unit for placement in scenario.setup
            }
            # Units only: an area game's board also holds its control markers, and its
            # reinforcements on the turn track are checked in test_rks_module.
            on_map = sorted(
                (piece["basic_name"], piece["location"])
                for piece in saved["pieces"]
                if piece["map"] == spec.maps[0].name and piece["basic_name"] in placed
            )
            expected = [
                (spec.units[placement.unit].name, _place_name(spec, placement.location))
                for placement in scenario.setup
            ]
            assert on_map == sorted(expected), scenario.id
            # What the player reads: an untried unit shows its untried side (DoS 2.14).
            for piece in saved["pieces"]:
                if piece["map"] == spec.maps[0].name and piece["basic_name"] in placed:
                    assert piece["name"].startswith(
                        _shown_name(spec, placed[piece["basic_name"]])
                    ), piece["name"]
            markers = sorted(
                (piece["name"], piece["location"])
                for piece in saved["pieces"]
                if piece["map"] == TRACKS_MAP
            )
            tracked = [
                (
                    spec.markers[track.marker].name,
                    f"{track.name} {scenario.first_turn if track.property == 'Turn' else track.first}",
                )
                for track in spec.tracks
                if not track.scenarios or scenario.id in track.scenarios
            ]
            assert markers == sorted(tracked), scenario.id


def test_each_dos_setup_fills_the_untried_pool_with_its_own_reinforcements_only(
    engine_reports: dict[tuple[str, str | None], tuple[int, Report]],
) -> None:
    # Issue 10 item 12: the Uranus pool is not in Blue, and the pile is one labelled deck.
    spec = load_game("dos")
    pools = untried_pools(spec)
    assert set(pools) == {"blue", "uranus"}
    for scenario, units in pools.items():
        pieces = engine_reports[("dos", scenario)][1]["saved_game"]["pieces"]
        pooled = [piece for piece in pieces if piece["map"] == POOL_MAP]
        assert len(pooled) == len(units), scenario
        assert {piece["location"] for piece in pooled} == {"Untried reinforcements"}
    new_game = engine_reports[("dos", None)][1]["new_game"]
    assert [piece for piece in new_game["pieces"] if piece["map"] == POOL_MAP] == []


def test_referee_reads_every_setup_save_as_its_scenario_and_finds_it_supplied(
    setup_saves: dict[tuple[str, str], Path],
) -> None:
    # Rattenkrieg's set-up is read and refereed in tests/referee/rks.
    for (game, scenario_id), save in setup_saves.items():
        spec = load_game(game)
        if game not in PACKAGES or spec.maps[0].hex_map is None:
            continue
        scenario = spec.scenarios[scenario_id]
        position = position_from_save(save)
        assert (position.scenario, position.turn) == (scenario.id, scenario.first_turn)
        placed = [
            (placement.unit, spec.parse_hex(placement.location)) for placement in scenario.setup
        ]
        assert sorted((state.unit.id, state.hex) for state in position.units) == sorted(
            (unit_id, found[1]) for unit_id, found in placed if found is not None
        )
        supply = [verdict for verdict in referee_for(position).check() if verdict.topic == "supply"]
        # Every unit gets a supply verdict but a TPS flight, which needs none.
        judged = {verdict.subject.split(" ")[0] for verdict in supply}
        assert judged == {
            state.unit.id for state in position.units if state.unit.arm != "air_flight"
        }
        unsupplied = {
            verdict.subject.split(" ")[0]
            for verdict in supply
            if not verdict.outcome.startswith(("supplied", "in supply"))
        }
        # The Stalingrad pocket of 16 December (TPS option C, group Ca) starts cut off:
        # the historical encirclement, and TPS has no air supply.
        pocket = set()
        if scenario.options.get("axis_order_of_battle") == "C":
            pocket = {
                state.unit.id
                for state in position.units
                if state.unit.properties.get("c_group") == "Ca"
            }
        assert unsupplied == pocket, scenario.id


def test_annotated_copy_marks_the_units_cut_off_and_says_why(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    # Issue 10: `stavka check SAVE --annotate NEW` puts a visible marker layer on units out
    # of supply and the verdict in their mouse-over; checked in the engine's piece list.
    save = setup_saves[("tps", "7")]
    annotated = tmp_path / "tps-7-checked.vsav"
    result = CliRunner().invoke(main, ["check", str(save), "--annotate", str(annotated)])
    assert result.exit_code == 0, result.stderr
    again = CliRunner().invoke(main, ["check", str(save), "--annotate", str(annotated)])
    assert again.exit_code == 2 and "refusing to overwrite" in again.stderr
    shots = tmp_path / "shots"
    shots.mkdir()
    code, checked = run_vcheck(built["tps"], annotated, "--strict", "--screenshot", str(shots))
    assert code == 0, (checked.get("errors"), checked.get("warnings"), checked.get("lint"))
    assert (shots / "map-Main_Map.png").stat().st_size > 0
    report: Report = checked
    spec = load_game("tps")
    pocket = {unit.name for unit in spec.units.values() if unit.properties.get("c_group") == "Ca"}
    marked = {
        piece["basic_name"]: piece["name"]
        for piece in report["saved_game"]["pieces"]
        if " — out of supply" in piece["name"]
    }
    placed = {spec.units[placement.unit].name for placement in spec.scenarios["7"].setup}
    assert set(marked) == pocket & placed
    assert marked["14th Panzer Division"].startswith(
        "14th Panzer Division — out of supply [rule Supply (A)"
    )
    states = {piece["basic_name"]: piece["state"] for piece in report["saved_game"]["pieces"]}
    # The properties stay for the referee, Find and reports: the Marker's values, escaped.
    assert "supplied,Supply (A)\\, " in states["6th Panzer Division"]
