"""Take the README's pictures in the real VASSAL Player: ``docs/images/*.png``.

Builds both modules, opens a set-up of each in the engine through
``../shared/tools/vassal-engine/vcheck --view --screenshot`` (the main window as a new
player sees it, the counter palette, the charts, the record tracks), and a copy of the
16 December set-up annotated by ``stavka check --annotate`` (the pocket marked out of
supply). Run by hand after changing what a player sees:

    .venv/bin/python scripts/player_screenshots.py
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from PIL import Image

from builder.build import build_game
from builder.output import write_output
from builder.positions import position_from_save, write_supply_copy
from rules.data.loader import load_game
from rules.referee.games import referee_for

ROOT = Path(__file__).resolve().parents[1]
VCHECK = ROOT.parent / "shared" / "tools" / "vassal-engine" / "vcheck"
OUTPUT = ROOT / "docs" / "images"
SETUPS = {"tps": "1", "dos": "blue"}
"""The set-up each module's pictures show."""
ANNOTATED_CROP = (1700, 500, 2900, 1300)
"""The part of the TPS map around the Stalingrad pocket of 16 December (map pixels)."""


def screenshots(module: Path, save: Path, folder: Path) -> dict[str, Path]:
    """vcheck's pictures of ``save`` opened in ``module``, by what they show."""
    folder.mkdir(parents=True)
    completed = subprocess.run(
        [str(VCHECK), "--view", "--strict", "--screenshot", str(folder), str(module), str(save)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    report = json.loads(completed.stdout)
    if completed.returncode != 0:
        sys.exit(f"vcheck found problems in {save.name}: {report.get('errors')} {report.get('lint')}")
    return {entry["file"]: Path(entry["path"]) for entry in report["screenshots"]["files"]}


def save_picture(image: Image.Image, name: str) -> None:
    """``image`` as a 256-colour PNG in docs/images (screenshots stay sharp and small)."""
    buffer = io.BytesIO()
    image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(buffer, format="PNG", optimize=True)
    write_output(OUTPUT / name, buffer.getvalue())
    print(OUTPUT / name)


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        for game, scenario in SETUPS.items():
            module = build_game(load_game(game), work, lambda _step: None).path
            save = work / f"{game}-{scenario}.vsav"
            with zipfile.ZipFile(module) as archive:
                save.write_bytes(archive.read(f"setups/{game}-{scenario}.vsav"))
            shots = screenshots(module, save, work / f"shots-{game}")
            save_picture(Image.open(shots["main.png"]), f"{game}-player.png")
            save_picture(Image.open(shots["palette.png"]), f"{game}-palette.png")
            save_picture(Image.open(shots["charts.png"]), f"{game}-charts.png")
            save_picture(Image.open(shots["map-Tracks.png"]), f"{game}-tracks.png")
            if game == "tps":
                pocket = work / "tps-7.vsav"
                with zipfile.ZipFile(module) as archive:
                    pocket.write_bytes(archive.read("setups/tps-7.vsav"))
                annotated = work / "tps-7-checked.vsav"
                write_supply_copy(pocket, annotated, referee_for(position_from_save(pocket)).check())
                checked = screenshots(module, annotated, work / "shots-annotated")
                save_picture(Image.open(checked["map-Main_Map.png"]).crop(ANNOTATED_CROP), "tps-annotated.png")


if __name__ == "__main__":
    main()
