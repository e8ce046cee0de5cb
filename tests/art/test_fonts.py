"""No text in counters, markers or charts comes from the machine's fonts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import ImageFont

from builder.art import fonts
from builder.art.charts import SCREEN_PPI, game_charts, render_table
from builder.art.counters import screen_format, unit_faces
from builder.art.markers import marker_faces
from rules.data.fields import Provenance
from rules.data.loader import load_game
from rules.model import Marker
from tests.art.synthetic import DOS_UNITS


def test_every_font_file_is_shipped_in_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    real_truetype = ImageFont.truetype

    def recording_truetype(path: Any, *args: Any, **kwargs: Any) -> ImageFont.FreeTypeFont:
        opened.append(Path(path))
        return real_truetype(path, *args, **kwargs)

    def no_default(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the machine's default font was asked for")

    fonts.font.cache_clear()
    monkeypatch.setattr(ImageFont, "truetype", recording_truetype)
    monkeypatch.setattr(ImageFont, "load_default", no_default)
    dos = load_game("dos")
    unit_faces(DOS_UNITS[0], dos, screen_format(61))
    marker_faces(Marker("game_turn", "Turn", 1, "", Provenance()), dos, screen_format(61))
    render_table(game_charts(dos)["terrain"], SCREEN_PPI + 1)
    fonts.font.cache_clear()
    assert opened
    assert all(path.parent == fonts.FONT_DIRECTORY and path.is_file() for path in opened)
    # Found through the shipped resources, which in a checkout link to the repository's art/fonts.
    assert fonts.FONT_DIRECTORY.resolve() == Path(__file__).resolve().parents[2] / "art" / "fonts"
