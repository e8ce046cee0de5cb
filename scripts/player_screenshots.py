"""Take the README's pictures in the real VASSAL Player: ``docs/images/*.png``.

Builds the three modules, opens a set-up of each in the engine players run (VASSAL 3.7,
the tests' main engine) through ``../shared/tools/vassal-engine/vcheck --engine 3.7 --view
--screenshot``: for the hex games the main
window as a new player sees it, the counter palette, the charts and the record tracks;
for Rattenkrieg the whole area map after the deal, the events chart, and the German
steps window and hand as the German player sees them (vcheck draws every map, private
ones too). Then a copy of the 16 December set-up annotated by ``stavka check
--annotate`` (the pocket marked out of supply). Run by hand after changing what a
player sees:

    .venv/bin/python scripts/player_screenshots.py [FOLDER]   # default docs/images
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
import zipfile
from pathlib import Path

from PIL import Image, ImageChops

from builder.build import build_game
from builder.output import write_output
from builder.saves.annotate import read_annotation, write_supply_copy
from rules.data.loader import load_game
from rules.referee.games import referee_for
from tests.support.engine import MAIN_ENGINE, VCHECK, engine_option
from tests.support.engine_slots import engine_process

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "images"
SETUPS = {"tps": "1", "dos": "blue", "rks": "city"}
"""The set-up each module's pictures show."""
PICTURES = {
    "tps": {
        "main.png": "player",
        "palette.png": "palette",
        "charts.png": "charts",
        "map-Tracks.png": "tracks",
    },
    "dos": {
        "main.png": "player",
        "palette.png": "palette",
        "charts.png": "charts",
        "map-Tracks.png": "tracks",
    },
    "rks": {
        "map-Stalingrad.png": "map-setup",
        "charts.png": "events",
        "map-German_steps.png": "steps",
        "map-German_hand.png": "hand",
    },
}
"""Which screenshot becomes which picture (docs/images/GAME-NAME.png)."""
CROPPED = {"map-German_hand.png"}
"""Pictures cut to what is on them (a hand is a wide empty board with a few cards)."""
CROP_MARGIN = 30
ANNOTATED_CROP = (1700, 500, 2900, 1300)
"""The part of the TPS map around the Stalingrad pocket of 16 December (map pixels)."""


def screenshots(module: Path, save: Path, folder: Path) -> dict[str, Path]:
    """vcheck's pictures of ``save`` opened in ``module``, by what they show."""
    folder.mkdir(parents=True)
    completed = engine_process(
        [
            str(VCHECK),
            *engine_option(MAIN_ENGINE),
            "--view",
            "--strict",
            "--screenshot",
            str(folder),
            str(module),
            str(save),
        ],
        timeout=600,
    )
    report = json.loads(completed.stdout)
    if completed.returncode != 0:
        sys.exit(
            f"vcheck found problems in {save.name}: {report.get('errors')} {report.get('lint')}"
        )
    return {entry["file"]: Path(entry["path"]) for entry in report["screenshots"]["files"]}


def save_picture(image: Image.Image, output: Path, name: str) -> None:
    """``image`` as a 256-colour PNG in ``output`` (screenshots stay sharp and small)."""
    buffer = io.BytesIO()
    image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
        buffer, format="PNG", optimize=True
    )
    write_output(output / name, buffer.getvalue())
    print(output / name)


def cropped(image: Image.Image) -> Image.Image:
    """``image`` cut to what differs from its top-left pixel (the board), with a margin."""
    rgb = image.convert("RGB")
    background = Image.new("RGB", rgb.size, rgb.getpixel((0, 0)))
    box = ImageChops.difference(rgb, background).getbbox()
    if box is None:
        return rgb
    left, top, right, bottom = box
    return rgb.crop(
        (
            max(0, left - CROP_MARGIN),
            max(0, top - CROP_MARGIN),
            min(rgb.width, right + CROP_MARGIN),
            min(rgb.height, bottom + CROP_MARGIN),
        )
    )


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        for game, scenario in SETUPS.items():
            module = build_game(load_game(game), work, lambda _step: None).path
            save = work / f"{game}-{scenario}.vsav"
            with zipfile.ZipFile(module) as archive:
                save.write_bytes(archive.read(f"setups/{game}-{scenario}.vsav"))
            shots = screenshots(module, save, work / f"shots-{game}")
            for shot, picture in PICTURES[game].items():
                image = Image.open(shots[shot])
                save_picture(
                    cropped(image) if shot in CROPPED else image, output, f"{game}-{picture}.png"
                )
            if game == "tps":
                pocket = work / "tps-7.vsav"
                with zipfile.ZipFile(module) as archive:
                    pocket.write_bytes(archive.read("setups/tps-7.vsav"))
                annotated = work / "tps-7-checked.vsav"
                annotation = read_annotation(pocket, annotated)
                write_supply_copy(pocket, annotation, referee_for(annotation.position).check())
                checked = screenshots(module, annotated, work / "shots-annotated")
                save_picture(
                    Image.open(checked["map-Main_Map.png"]).crop(ANNOTATED_CROP),
                    output,
                    "tps-annotated.png",
                )


if __name__ == "__main__":
    main()
