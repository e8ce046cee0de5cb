"""Each unit's counter as the player sees it now, as PNG data for the page.

The faces are :mod:`builder.art.counters`' own (one design for the module, the paper and
the report): the front at full strength, the reduced face when a step is lost, and the
untried face for a unit whose identity the player may not see (DoS 2.14). Identical
faces — every hidden rifle division looks alike — are stored once.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from builder.art.counters import FaceText, draw_unit_face, face_text, screen_format, untried_text
from builder.art.drawing import RGB, png_bytes, rgb
from rules.model import GameSpec
from rules.referee.position import UnitState

FACE_PX = 108
"""Pixels of a face image: one and a half times the module's piece, so counters stay sharp
when a player zooms in, at about 2.5 KB a face."""


@dataclass
class FaceSheet:
    """The distinct faces a page uses, each with the id the page refers to it by."""

    spec: GameSpec
    ids: dict[tuple[FaceText, RGB, RGB], str]
    images: dict[str, str]

    def face_of(self, state: UnitState, hidden: bool) -> str:
        """The id of the face ``state`` shows: untried when hidden, reduced after a step loss."""
        unit = state.unit
        nationality = self.spec.nationalities[unit.nationality]
        background, ink = rgb(nationality.background), rgb(nationality.text)
        step = min(len(unit.steps) - state.steps, len(unit.steps) - 1)
        text = untried_text(unit, self.spec) if hidden else face_text(unit, self.spec, step)
        key = (text, background, ink)
        if key not in self.ids:
            identifier = f"face-{len(self.ids)}"
            self.ids[key] = identifier
            image = png_bytes(draw_unit_face(unit, self.spec, text, screen_format(FACE_PX)))
            self.images[identifier] = "data:image/png;base64," + base64.b64encode(image).decode("ascii")
        return self.ids[key]


def face_sheet(spec: GameSpec) -> FaceSheet:
    """An empty sheet for ``spec``'s counters."""
    return FaceSheet(spec, {}, {})
