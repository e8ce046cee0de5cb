"""Each unit's counter as the player sees it now, as PNG data for the page.

The faces are :mod:`builder.art.counters`' own (one design for the module, the paper and
the report): the front at full strength, the reduced face when a step is lost, the
untried face for a unit whose identity the player may not see (DoS 2.14), and a
Rattenkrieg unit's acted side; control markers are :mod:`builder.art.markers`' faces.
Identical faces — every hidden rifle division looks alike — are stored once.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace

from PIL import Image

from builder.art.area_pieces import acted_face
from builder.art.counters import (
    CounterFormat,
    FaceDesign,
    draw_unit_face,
    face_text,
    screen_format,
    untried_text,
)
from builder.art.drawing import png_bytes, rgb
from builder.art.markers import marker_faces
from builder.saves.area_positions import CONTROL_PREFIX
from rules.model import GameSpec
from rules.referee.position import UnitState
from rules.referee.rks.steps import ACTED

FACE_PX = 108
"""Pixels of a face image: one and a half times the module's piece, so counters stay sharp
when a player zooms in, at about 2.5 KB a face."""
STACK_OFFSET = 4.0
"""Map pixels each counter below the top one shows, up and to the right, as VASSAL stacks."""
SHOWN_BELOW = 3
"""Counters drawn below the top one; a taller stack says its size in a badge."""


@dataclass
class FaceSheet:
    """The distinct faces a page uses, each with the id the page refers to it by."""

    spec: GameSpec
    ids: dict[tuple[FaceDesign, bool], str]
    images: dict[str, str]
    marker_ids: dict[tuple[str, str], str] = field(default_factory=dict)
    counter: CounterFormat = field(default_factory=lambda: screen_format(FACE_PX))
    """The faces' format: the screen's at :data:`FACE_PX`."""
    palette: Image.Quantize = Image.Quantize.MEDIANCUT
    """How each face's 64 shades are chosen for its PNG."""

    def face_of(self, state: UnitState, hidden: bool) -> str:
        """The id of the face ``state`` shows: untried when hidden, reduced after a step
        loss, turned over (greyed, "ACTED") once a Rattenkrieg unit has acted (7.4)."""
        unit = state.unit
        nationality = self.spec.nationalities[unit.nationality]
        background, ink = rgb(nationality.background), rgb(nationality.text)
        step = min(len(unit.steps) - state.steps, len(unit.steps) - 1)
        text = untried_text(unit, self.spec) if hidden else face_text(unit, self.spec, step)
        acted = ACTED in state.flags
        design = FaceDesign(text, background, ink)
        key = (design, acted)
        if key not in self.ids:
            identifier = f"face-{len(self.ids)}"
            self.ids[key] = identifier
            face = draw_unit_face(unit, self.spec, design, self.counter)
            self.images[identifier] = _data_url(acted_face(face) if acted else face, self.palette)
        return self.ids[key]

    def control_face(self, side: str) -> str:
        """The id of the control marker's face showing ``side`` (3.6): the marker
        ``control_<side>`` shows that side in front and the other behind, as in the module."""
        key = ("control", side)
        if key not in self.marker_ids:
            marker = next(
                marker
                for marker in self.spec.markers.values()
                if marker.id.startswith(CONTROL_PREFIX)
            )
            faces = marker_faces(marker, self.spec, self.counter)
            image = faces.front if marker.id == CONTROL_PREFIX + side else faces.back
            identifier = f"marker-{len(self.marker_ids)}"
            self.marker_ids[key] = identifier
            self.images[identifier] = _data_url(image, self.palette)
        return self.marker_ids[key]


def _data_url(image: Image.Image, palette: Image.Quantize) -> str:
    return "data:image/png;base64," + base64.b64encode(png_bytes(image, method=palette)).decode(
        "ascii"
    )


def face_sheet(
    spec: GameSpec,
    supersampling: int | None = None,
    palette: Image.Quantize = Image.Quantize.MEDIANCUT,
) -> FaceSheet:
    """An empty sheet for ``spec``'s counters, its faces painted ``supersampling`` times
    larger before they are shrunk (None: as the art decides for their size), their
    shades chosen by ``palette``."""
    return FaceSheet(
        spec,
        {},
        {},
        counter=replace(screen_format(FACE_PX), supersampling=supersampling),
        palette=palette,
    )
