"""Counter pictures drawn once per PDF and shown wherever a page needs them.

The counter sheets need every face at print size with its bleed; set-up sheets,
schedules and tracks show the same counters, often smaller. Each face is drawn once
(the counter art is the slowest part of a PDF) and embedded once: reportlab stores an
image a single time however often it is placed, and a smaller picture is the same
image placed smaller, its bleed clipped away.
"""

from __future__ import annotations

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from builder.art.area_pieces import acted_face
from builder.art.counters import CounterFormat, print_format, unit_faces
from builder.art.markers import marker_faces
from builder.pnp.layout import Rect
from builder.pnp.pdf import place_image
from rules.model import GameSpec, Marker, Unit

FADE = 0.55
"""How far a faded picture is washed toward white: a counter laid on it stands out, and
the picture still says which counter goes there."""


class CounterArt:
    """Both faces of every unit and marker of ``game`` in the print format, drawn on demand."""

    def __init__(self, game: GameSpec, counter_inches: float, bleed_mm: float) -> None:
        self.game = game
        self.format: CounterFormat = print_format(counter_inches, bleed_mm)
        self._units: dict[str, tuple[Image.Image, Image.Image]] = {}
        self._markers: dict[str, tuple[Image.Image, Image.Image]] = {}

    def unit(self, unit: Unit) -> tuple[Image.Image, Image.Image]:
        """Front and back of ``unit``'s counter, bleed included. In an area game the back
        is the 'acted' face a unit flips to once it has acted (RKS 7.4), as in the module."""
        if unit.id not in self._units:
            faces = unit_faces(unit, self.game, self.format)
            back = acted_face(faces.front) if self.game.is_area_game else faces.back
            self._units[unit.id] = (faces.front, back)
        return self._units[unit.id]

    def marker(self, marker: Marker) -> tuple[Image.Image, Image.Image]:
        """Front and back of ``marker``'s counter, bleed included."""
        if marker.id not in self._markers:
            faces = marker_faces(marker, self.game, self.format)
            self._markers[marker.id] = (faces.front, faces.back)
        return self._markers[marker.id]

    def face_up(self, unit: Unit, steps: int | None = None) -> Image.Image:
        """The face a unit shows on the table: an untried unit's back (face down), the
        reduced back of a unit with fewer ``steps`` than its full strength, else its front."""
        front, back = self.unit(unit)
        reduced = steps is not None and steps < len(unit.steps)
        return back if unit.untried or reduced else front

    def draw(self, canvas: Canvas, image: Image.Image, box: Rect, faded: bool = False) -> None:
        """A face (bleed included) shown as a counter filling ``box``: the bleed runs
        under a clip at the box's edge; ``faded`` washes it toward white."""
        fraction = self.format.bleed_px / self.format.size_px
        bleed_w, bleed_h = box.width * fraction, box.height * fraction
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(box.x, box.y, box.width, box.height)
        canvas.clipPath(path, stroke=0, fill=0)
        place_image(
            canvas,
            image,
            Rect(
                box.x - bleed_w, box.y - bleed_h, box.width + 2 * bleed_w, box.height + 2 * bleed_h
            ),
        )
        if faded:
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setFillAlpha(FADE)
            canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
        canvas.restoreState()
