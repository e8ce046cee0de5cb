"""Assembled modules load in the real VASSAL engine without a single error or warning,
and their predefined set-ups put every unit in the hex the scenario names."""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from builder.art.board import BOARD_COLOURS, render_board
from builder.art.drawing import png_bytes
from builder.art.tracks import track_layout
from builder.module.artwork import ModuleArt
from builder.module.assemble import assemble_module
from builder.module.pieces import MarkerImages, UnitImages
from builder.module.pool import POOL_IMAGE, POOL_MAP, POOL_SIZE
from builder.module.tracks import TRACKS_IMAGE
from rules.data.fields import Provenance
from rules.data.loader import load_game
from rules.model import Arrival, GameSpec, Placement, Scenario, Unit, UnitStep, UnitTraits
from tests.support.engine import IN_ENGINE, run_vcheck_many

pytestmark = IN_ENGINE


def _square(colour: tuple[int, int, int], size: tuple[int, int] = (60, 60)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


def _spec_with_units(game: str, placements: list[tuple[str, str, str]]) -> GameSpec:
    """A shipped game's data with a few test units placed by a one-scenario set-up, and
    two untried Soviet reinforcements for the scenario's draw pile. The set-up takes the
    id of the game's first scenario, whose settings the referee reads when the module's
    buttons are chosen."""
    spec = load_game(game)
    probe = next(iter(spec.scenarios))
    units = {}
    soviet = next(n.id for n in spec.nationalities.values() if n.side == "soviet")
    for number in (1, 2):
        units[f"u{number}"] = Unit(
            id=f"u{number}",
            name=f"Untried {number}",
            side="soviet",
            nationality=soviet,
            arm="infantry",
            size="XX",
            mobility="non_mechanized",
            steps=(UnitStep(4, 4, 4),),
            arrivals=(Arrival(probe, 2, "east edge"),),
            properties={"untried": "yes"},
            provenance=Provenance(source="test"),
            untried=True,
        )
    for unit_id, side, _ in placements:
        nationality = next(n.id for n in spec.nationalities.values() if n.side == side)
        units[unit_id] = Unit(
            id=unit_id,
            name=f"Test {unit_id}/1",
            side=side,
            nationality=nationality,
            arm="infantry",
            size="XX",
            mobility="non_mechanized",
            steps=(UnitStep(5, 5, 4), UnitStep(2, 2, 4)),
            arrivals=(),
            properties={"army": "6"},
            traits=UnitTraits(army="6"),
            provenance=Provenance(source="test"),
        )
    scenario = Scenario(
        id=probe,
        name="Probe set-up",
        first_turn=1,
        last_turn=3,
        options={},
        setup=tuple(Placement(unit_id, where, 2) for unit_id, _, where in placements),
        description="",
        provenance=Provenance(source="test"),
    )
    return replace(spec, units=units, scenarios={probe: scenario})


def _art(spec: GameSpec) -> ModuleArt:
    images: dict[str, bytes] = {}
    boards: dict[str, str] = {}
    game_map = spec.maps[0]
    assert game_map.hex_map is not None
    for index, board in enumerate(game_map.hex_map.boards):
        name = f"board-{board.name}.png"
        images[name] = png_bytes(render_board(spec, game_map, index), BOARD_COLOURS)
        boards[board.name] = name
    units = {}
    for unit in spec.units.values():
        front, back = f"{unit.id}.png", f"{unit.id}-back.png"
        images[front], images[back] = _square((200, 60, 50)), _square((120, 40, 30))
        untried = unit.properties.get("untried") == "yes"
        units[unit.id] = UnitImages(
            front=front, back=None if untried else back, untried=back if untried else None
        )
    markers = {}
    for marker_id in spec.markers:
        markers[marker_id] = MarkerImages(front=f"markers/{marker_id}.png", back=None)
        images[markers[marker_id].front] = _square((230, 230, 230))
    images[POOL_IMAGE] = _square((235, 232, 222), POOL_SIZE)
    tracks = track_layout(spec)
    images[TRACKS_IMAGE] = _square((244, 240, 228), tracks.size)
    return ModuleArt(
        images=images, boards=boards, units=units, markers=markers, charts=(), tracks=tracks
    )


PLACEMENTS = {
    "dos": [
        ("a1", "axis", "N3635"),
        ("a2", "axis", "N3635"),
        ("s1", "soviet", "S2336"),
        ("s2", "soviet", "4018"),
    ],
    "tps": [("a1", "axis", "0101"), ("s1", "soviet", "4226"), ("s2", "soviet", "2113")],
}
Report = dict[str, object]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool], tuple[int, Report]]:
    """Each test module alone and with its set-up, all in the engine at once."""
    folder = tmp_path_factory.mktemp("probe-modules")
    jobs: dict[tuple[str, bool], tuple[Path, Path | None]] = {}
    for game, placements in PLACEMENTS.items():
        spec = _spec_with_units(game, placements)
        built = assemble_module(spec, _art(spec))
        module = folder / f"{game}.vmod"
        module.write_bytes(built.data)
        ((entry, save_bytes),) = built.setups.items()
        with zipfile.ZipFile(module) as archive:
            assert entry in archive.namelist()
        save = folder / f"{game}-setup.vsav"
        save.write_bytes(save_bytes)
        jobs[(game, False)], jobs[(game, True)] = (module, None), (module, save)
    return dict(zip(jobs, run_vcheck_many(list(jobs.values()), "--strict"), strict=True))


@pytest.mark.parametrize("game", sorted(PLACEMENTS))
def test_module_and_setup_load_clean(
    loaded: dict[tuple[str, bool], tuple[int, Report]], game: str
) -> None:
    for with_setup in (False, True):
        code, report = loaded[(game, with_setup)]
        assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = loaded[(game, True)][1]["saved_game"]
    assert isinstance(saved, dict)
    spec = _spec_with_units(game, PLACEMENTS[game])
    located = sorted(
        (piece["name"], piece["location"])
        for piece in saved["pieces"]
        if piece["map"] == "Main Map"
    )
    pooled = sorted(piece["name"] for piece in saved["pieces"] if piece["map"] == POOL_MAP)
    soviet_name = next(n.name for n in spec.nationalities.values() if n.side == "soviet")
    assert pooled == [f"Untried {soviet_name} unit"] * 2
    expected = sorted(
        (f"Test {unit_id}/1", spec.maps[0].label(spec.parse_hex(where)[1]))  # type: ignore[index]
        for unit_id, _, where in PLACEMENTS[game]
    )
    assert located == expected


def test_build_is_byte_identical() -> None:
    spec = _spec_with_units("tps", [("a1", "axis", "0101")])
    art = _art(spec)
    assert assemble_module(spec, art).data == assemble_module(spec, art).data
