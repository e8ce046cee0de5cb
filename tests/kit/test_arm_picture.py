"""An arm a game draws with a picture of its own (``[[arm]] image``, a PNG in the game
folder): drawn in the counter's symbol frame, refused when it is not a PNG inside the
folder, and a missing or broken file is a one-line error at validate."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from PIL import Image, ImageDraw

from builder.art.counters import face_text, screen_format, unit_faces
from builder.cli import main
from rules.data.loader import load_game

RIDGE = Path(__file__).parent / "ridge"
MAGENTA = (230, 0, 200)


def _ridge_with_picture(tmp_path: Path, image: str = "scouts.png") -> Path:
    folder = tmp_path / "ridge"
    shutil.copytree(RIDGE, folder)
    game = folder / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            "[[terrain]]", f'[[arm]]\nid = "scouts"\nimage = "{image}"\n\n[[terrain]]', 1
        ),
        encoding="utf-8",
    )
    units = folder / "units.toml"
    units.write_text(
        units.read_text(encoding="utf-8").replace('arm = "cavalry"', 'arm = "scouts"'),
        encoding="utf-8",
    )
    return folder


def _draw_picture(path: Path) -> None:
    picture = Image.new("RGBA", (40, 30), (0, 0, 0, 0))
    ImageDraw.Draw(picture).ellipse((2, 2, 38, 28), fill=(*MAGENTA, 255))
    picture.save(path)


def test_an_arm_picture_is_drawn_in_the_symbol_frame(tmp_path: Path) -> None:
    folder = _ridge_with_picture(tmp_path)
    _draw_picture(folder / "scouts.png")
    spec = load_game(str(folder))
    scouts = spec.units["b6"]
    text = face_text(scouts, spec, 0)
    assert text.symbol == frozenset() and text.image == folder / "scouts.png"
    counter = screen_format()
    face = unit_faces(scouts, spec, counter).front
    centre = (
        round(counter.bleed_px + counter.size_px * 0.5),
        round(counter.bleed_px + counter.size_px * 0.51),
    )
    assert face.convert("RGB").getpixel(centre) == MAGENTA
    # The infantry next to it keeps its strokes and no picture.
    assert face_text(spec.units["b1"], spec, 0).image is None


def test_a_missing_picture_is_one_line_at_validate(tmp_path: Path) -> None:
    folder = _ridge_with_picture(tmp_path)
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "scouts.png" in result.output and "cannot read the symbol picture" in result.output


def test_a_picture_must_be_a_png_inside_the_game_folder(tmp_path: Path) -> None:
    for image, message in (
        ("scouts.svg", "must be a PNG file"),
        ("../scouts.png", "must be a path inside the game folder"),
        ("/etc/scouts.png", "must be a path inside the game folder"),
    ):
        folder = _ridge_with_picture(tmp_path / image.replace("/", "_"), image)
        result = CliRunner().invoke(main, ["validate", str(folder)])
        assert result.exit_code == 2 and "game.toml:" in result.output, result.output
        assert message in result.output
