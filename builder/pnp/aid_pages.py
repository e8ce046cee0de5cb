"""Player aids: the turn track with the sequence of play, the VP track, and the charts.

The tracks are drawn for the table: every box holds a counter of the kit's size, with
the marker that moves along it pictured (faded) in its starting box. The charts are the
module's own (:mod:`builder.art.charts`) drawn at 300 ppi, except the turn records,
which the reinforcement schedules replace with a counter's place for every arrival.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from builder.art.charts import (
    PRINT_PPI,
    SWATCH_PT,
    game_charts,
    render_table,
    terrain_chart,
    turn_record_chart,
    turn_record_groups,
)
from builder.art.markers import id_words
from builder.pnp.blocks import ImageBlock, TextBlock, TitledBlock
from builder.pnp.counter_art import CounterArt
from builder.pnp.flow import Block, flowed_pages
from builder.pnp.layout import POINTS_PER_INCH, POINTS_PER_MM, Rect, paper_size
from builder.pnp.pages import PrintContext, Section
from builder.pnp.pdf import BOLD, INK
from builder.pnp.setups import scenario_list
from builder.pnp.terrain_key import terrain_swatches
from rules.model import GameSpec, Marker

BOX_MARGIN_MM = 1.0
"""Room around a counter in a track box: ten boxes of 5/8 in counters fit across A4."""
ROW_LABEL = 11.0
"""Height of a row's label line above it."""


@dataclass(frozen=True)
class TrackBox:
    """One box of a track: its number and the markers pictured (faded) in it."""

    label: str
    markers: tuple[Marker, ...] = ()


@dataclass(frozen=True)
class TrackBlock:
    """Counter-sized boxes in rows under a title, with a caption under them.

    ``row_length`` breaks the boxes into rows of that many (the VP track's tens and
    units), each named by ``row_labels``; a row wider than the column wraps.
    """

    title: str
    boxes: tuple[TrackBox, ...]
    art: CounterArt
    counter_inches: float
    caption: str = ""
    row_labels: tuple[str, ...] = ()
    row_length: int | None = None
    keep_with_next: bool = False

    @property
    def box(self) -> float:
        return self.counter_inches * POINTS_PER_INCH + 2 * BOX_MARGIN_MM * POINTS_PER_MM

    def _per_row(self, width: float) -> int:
        fits = max(1, int(width // self.box))
        return min(fits, self.row_length) if self.row_length else fits

    def _rows(self, width: float) -> list[tuple[str, tuple[TrackBox, ...]]]:
        """Each printed row with its label (shown on a row's first line only)."""
        per_row = self._per_row(width)
        length = self.row_length or len(self.boxes)
        rows = []
        for index, start in enumerate(range(0, len(self.boxes), length)):
            label = self.row_labels[index] if index < len(self.row_labels) else ""
            row = self.boxes[start : start + length]
            rows += [(label if part == 0 else "", row[part : part + per_row]) for part in range(0, len(row), per_row)]
        return rows

    def _caption_height(self, width: float) -> float:
        return TextBlock(self.caption, 7.5).height(width) + 3 if self.caption else 0.0

    def height(self, width: float) -> float:
        rows = self._rows(width)
        labels = sum(ROW_LABEL for label, _ in rows if label)
        return 16 + len(rows) * self.box + labels + self._caption_height(width) + 4

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        canvas.setFillColorRGB(*INK)
        canvas.setFont(BOLD, 10)
        canvas.drawString(x, top - 11, self.title)
        y = top - 16
        rows = self._rows(width)
        counter = self.counter_inches * POINTS_PER_INCH
        inset = BOX_MARGIN_MM * POINTS_PER_MM
        for label, row in rows:
            if label:
                canvas.setFillColorRGB(*INK)
                canvas.setFont(BOLD, 8)
                canvas.drawString(x, y - 8.5, label)
                y -= ROW_LABEL
            for index, box in enumerate(row):
                box_x = x + index * self.box
                canvas.setStrokeColorRGB(*INK)
                canvas.setLineWidth(0.8)
                canvas.rect(box_x, y - self.box, self.box, self.box, stroke=1, fill=0)
                for place, marker in enumerate(box.markers):
                    # Several markers share a box side by side, each shrunk to fit.
                    size = counter / len(box.markers)
                    front, _ = self.art.marker(marker)
                    picture = Rect(box_x + inset + place * size, y - self.box + inset + (counter - size) / 2, size, size)
                    self.art.draw(canvas, front, picture, faded=True)
                canvas.setFillColorRGB(*INK)
                canvas.setFont(BOLD, 9)
                canvas.drawString(box_x + 2.5, y - 10, box.label)
            y -= self.box
        if self.caption:
            TextBlock(self.caption, 7.5).draw(canvas, x, y - 3, width)


def turn_track(game: GameSpec, art: CounterArt, counter_inches: float) -> TrackBlock | None:
    """Boxes for every turn any scenario plays, the turn marker in the first, and which
    scenarios play which turns."""
    if not game.scenarios:
        return None
    first = min(scenario.first_turn for scenario in game.scenarios.values())
    last = max(scenario.last_turn for scenario in game.scenarios.values())
    turn_markers = [marker for marker in game.markers.values() if "turn" in id_words(marker.id)]
    marker = turn_markers[0] if turn_markers else None
    boxes = tuple(TrackBox(str(turn), (marker,) if marker and turn == first else ()) for turn in range(first, last + 1))
    spans: dict[tuple[int, int], list[str]] = {}
    for scenario in game.scenarios.values():
        spans.setdefault((scenario.first_turn, scenario.last_turn), []).append(scenario.id)
    caption = "; ".join(
        f"{scenario_list([game.scenarios[identifier] for identifier in identifiers])}: turns {start}-{end}"
        for (start, end), identifiers in spans.items()
    ) + ". Move the turn marker at the end of each turn; a scenario starts with it on its first turn."
    return TrackBlock("Turn track", boxes, art, counter_inches, caption[0].upper() + caption[1:])


def sequence_of_play(game: GameSpec) -> TitledBlock | None:
    """The phases of a turn, numbered."""
    if not game.phases:
        return None
    lines = "\n".join(f"{number}. {phase}" for number, phase in enumerate(game.phases, start=1))
    return TitledBlock("Sequence of play", TextBlock(f"{lines}\nThen the turn marker moves on one box.", 9))


def vp_track(game: GameSpec, art: CounterArt, counter_inches: float) -> TrackBlock | None:
    """The victory point track for the game's VP markers (ids with the word "vp").

    Two markers a side count tens and units on two rows of ten (0-99); a single
    marker counts one by one on two rows of ten (0-19).
    """
    markers = [marker for marker in game.markers.values() if "vp" in id_words(marker.id)]
    if not markers:
        return None
    names = ", ".join(f"{marker.name} ({marker.count})" for marker in markers)
    if all(marker.count >= 2 for marker in markers):
        tens = tuple(TrackBox(str(10 * value), tuple(markers) if value == 0 else ()) for value in range(10))
        units = tuple(TrackBox(str(value), tuple(markers) if value == 0 else ()) for value in range(10))
        caption = (f"Markers: {names}. Each side keeps one marker on the tens row and one on the units row: "
                   "its victory points are the two boxes added (0-99).")
        return TrackBlock("Victory point track", tens + units, art, counter_inches, caption, ("tens", "units"), 10)
    boxes = tuple(TrackBox(str(value), tuple(markers) if value == 0 else ()) for value in range(20))
    caption = f"Markers: {names}. The marker stands on the side's victory points."
    return TrackBlock("Victory point track", boxes, art, counter_inches, caption, row_length=10)


def chart_images(game: GameSpec) -> list[Image.Image]:
    """The module's charts at print resolution, the terrain chart with a swatch of each
    terrain cut from the map, and the turn records left out."""
    turn_records = {turn_record_chart(game, scenarios).title for scenarios in turn_record_groups(game)}
    terrain = terrain_chart(game, terrain_swatches(game, round(SWATCH_PT * PRINT_PPI / POINTS_PER_INCH)))
    charts = [terrain if chart.title == terrain.title else chart for chart in game_charts(game).values()]
    return [render_table(chart, PRINT_PPI) for chart in charts if chart.title not in turn_records]


def aid_blocks(context: PrintContext) -> list[Block]:
    """Tracks and sequence of play first (what stays on the table), then the charts."""
    game, options = context.game, context.options
    blocks: list[Block] = []
    track = turn_track(game, context.art, options.counter_inches)
    if track is not None:
        blocks.append(track)
    sequence = sequence_of_play(game)
    if sequence is not None:
        blocks.append(sequence)
    victory = vp_track(game, context.art, options.counter_inches)
    if victory is not None:
        blocks.append(victory)
    blocks += [ImageBlock(image, PRINT_PPI) for image in chart_images(game)]
    return blocks


def aid_section(context: PrintContext) -> Section | None:
    """The tracks and charts, flowed down as many pages as they take."""
    blocks = aid_blocks(context)
    if not blocks:
        return None
    pages = flowed_pages("tracks and charts", "Tracks and charts", blocks, paper_size(context.options.paper),
                         first_fit=True)
    return Section("Tracks and charts", tuple(pages))

