"""The shipped games' modules, built as ``stavka build`` builds them, in the real engine.

Every module loads with no error, warning or lint; every predefined set-up loads too,
and the engine lists each unit in the hex the scenario names (issue 4 and 5 acceptance).
The referee reads each set-up save back, scenario and turn included, and finds the
scenario starting supplied (issue 6 acceptance).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.build import build_game
from builder.cli import main
from builder.module.pool import POOL_MAP
from builder.positions import position_from_save
from rules.data.loader import load_game
from rules.model import GameSpec
from rules.referee.games import referee_for
from tests.support.engine import run_vcheck, vcheck_available

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(not vcheck_available(), reason="../shared/tools/vassal-engine/vcheck is not here"),
]

MAXIMUM_MODULE_BYTES = 5_000_000


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("dist")
    return {game: build_game(load_game(game), folder, lambda _step: None).path for game in ("dos", "tps")}


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_module_loads_clean_and_is_small(built: dict[str, Path], game: str) -> None:
    module = built[game]
    assert module.stat().st_size <= MAXIMUM_MODULE_BYTES
    code, report = run_vcheck(module, None, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_every_predefined_setup_puts_units_where_the_scenario_says(
    built: dict[str, Path], game: str, tmp_path: Path
) -> None:
    spec = load_game(game)
    module = built[game]
    with zipfile.ZipFile(module) as archive:
        entries = sorted(name for name in archive.namelist() if name.startswith("setups/"))
        payloads = {name: archive.read(name) for name in entries}
    scenarios_with_setup = [scenario for scenario in spec.scenarios.values() if scenario.setup]
    assert len(entries) == len(scenarios_with_setup)
    for scenario in scenarios_with_setup:
        entry = f"setups/{spec.id}-{scenario.id}.vsav"
        save = tmp_path / Path(entry).name
        save.write_bytes(payloads[entry])
        code, report = run_vcheck(module, save, "--strict")
        assert code == 0, (scenario.id, report.get("errors"), report.get("warnings"), report.get("lint"))
        saved = report["saved_game"]
        assert isinstance(saved, dict)
        engine = sorted((piece["name"], piece["location"]) for piece in saved["pieces"] if piece["map"] != POOL_MAP)
        expected = []
        for placement in scenario.setup:
            found = spec.parse_hex(placement.location)
            assert found is not None
            game_map, hex_ = found
            expected.append((_shown_name(spec, placement.unit), game_map.label(hex_)))
        assert engine == sorted(expected), scenario.id


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_referee_reads_every_setup_save_as_its_scenario_and_finds_it_supplied(
    built: dict[str, Path], game: str, tmp_path: Path
) -> None:
    spec = load_game(game)
    with zipfile.ZipFile(built[game]) as archive:
        for scenario in (scenario for scenario in spec.scenarios.values() if scenario.setup):
            save = tmp_path / f"{game}-{scenario.id}.vsav"
            save.write_bytes(archive.read(f"setups/{spec.id}-{scenario.id}.vsav"))
            position = position_from_save(save)
            assert (position.scenario, position.turn) == (scenario.id, scenario.first_turn)
            placed = [(placement.unit, spec.parse_hex(placement.location)) for placement in scenario.setup]
            assert sorted((state.unit.id, state.hex) for state in position.units) == sorted(
                (unit_id, found[1]) for unit_id, found in placed if found is not None
            )
            supply = [verdict for verdict in referee_for(position).check() if verdict.topic == "supply"]
            # Every unit gets a supply verdict but a TPS flight, which needs none.
            judged = {verdict.subject.split(" ")[0] for verdict in supply}
            assert judged == {state.unit.id for state in position.units if state.unit.arm != "air_flight"}
            unsupplied = {
                verdict.subject.split(" ")[0]
                for verdict in supply
                if not verdict.outcome.startswith(("supplied", "in supply"))
            }
            # The Stalingrad pocket of 16 December (TPS option C, group Ca) starts cut off:
            # the historical encirclement, and TPS has no air supply.
            pocket = set()
            if scenario.options.get("axis_order_of_battle") == "C":
                pocket = {state.unit.id for state in position.units if state.unit.properties.get("c_group") == "Ca"}
            assert unsupplied == pocket, scenario.id


def _shown_name(spec: GameSpec, unit_id: str) -> str:
    """The name VASSAL shows: an untried unit's Layer replaces it (DoS 2.14)."""
    unit = spec.units[unit_id]
    if unit.properties.get("untried") == "yes":
        return f"Untried {spec.nationalities[unit.nationality].name} unit"
    return unit.name


def test_annotated_copy_of_a_setup_loads_with_each_units_supply_on_its_piece(
    built: dict[str, Path], tmp_path: Path
) -> None:
    # Issue 5 (2b) with issue 6: `stavka check SAVE --annotate NEW` in the real engine.
    save = tmp_path / "tps-7.vsav"
    with zipfile.ZipFile(built["tps"]) as archive:
        save.write_bytes(archive.read("setups/tps-7.vsav"))
    annotated = tmp_path / "tps-7-checked.vsav"
    result = CliRunner().invoke(main, ["check", str(save), "--annotate", str(annotated)])
    assert result.exit_code == 0, result.stderr
    again = CliRunner().invoke(main, ["check", str(save), "--annotate", str(annotated)])
    assert again.exit_code == 2 and "refusing to overwrite" in again.stderr
    code, report = run_vcheck(built["tps"], annotated, "--strict")
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    states = {piece["name"]: piece["state"] for piece in saved["pieces"]}
    # The Marker's state: its values, comma-separated, commas inside them escaped.
    assert states["14th Panzer Division"].startswith("out of supply,Supply (A)\\, ")
    assert states["6th Panzer Division"].startswith("supplied,Supply (A)\\, ")
