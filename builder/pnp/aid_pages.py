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
    scenario_group_label,
    terrain_chart,
    turn_record_chart,
    turn_record_groups,
)
from builder.art.tracks import TURN_PROPERTY, turn_captions
from builder.pnp.blocks import ImageBlock, TextBlock, TitledBlock
from builder.pnp.counter_art import CounterArt
from builder.pnp.flow import Block, flowed_pages
from builder.pnp.layout import POINTS_PER_INCH, POINTS_PER_MM, Rect, paper_size
from builder.pnp.pages import PrintContext, Section
from builder.pnp.pdf import BOLD, CONDENSED, INK, wrapped
from builder.pnp.terrain_key import terrain_swatches
from rules.model import GameSpec, Marker, Scenario, Track

BOX_MARGIN_MM = 1.0
"""Room around a counter in a track box: ten boxes of 5/8 in counters fit across A4."""
TRACK_ROW = 10
"""Boxes in a row of a value track."""
BOX_CAPTION = 17.0
"""Room under a row of boxes for two lines of caption."""
ROW_LABEL = 11.0
"""Height of a row's label line above it."""


@dataclass(frozen=True)
class TrackBox:
    """One box of a track: its number, the markers pictured (faded) in it, and a caption
    under the number (which scenarios start or end on a turn)."""

    label: str
    markers: tuple[Marker, ...] = ()
    caption: str = ""


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
            rows += [
                (label if part == 0 else "", row[part : part + per_row])
                for part in range(0, len(row), per_row)
            ]
        return rows

    def _caption_height(self, width: float) -> float:
        return TextBlock(self.caption, 7.5).height(width) + 3 if self.caption else 0.0

    def _row_height(self, row: tuple[TrackBox, ...]) -> float:
        """A row of boxes, with room under it for its boxes' captions."""
        return self.box + (BOX_CAPTION if any(box.caption for box in row) else 0.0)

    def height(self, width: float) -> float:
        rows = self._rows(width)
        labels = sum(ROW_LABEL for label, _ in rows if label)
        return (
            16
            + sum(self._row_height(row) for _, row in rows)
            + labels
            + self._caption_height(width)
            + 4
        )

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
                    picture = Rect(
                        box_x + inset + place * size,
                        y - self.box + inset + (counter - size) / 2,
                        size,
                        size,
                    )
                    self.art.draw(canvas, front, picture, faded=True)
                canvas.setFillColorRGB(*INK)
                canvas.setFont(BOLD, 9)
                canvas.drawString(box_x + 2.5, y - 10, box.label)
                canvas.setFont(CONDENSED, 6)
                for line, text in enumerate(wrapped(box.caption, CONDENSED, 6, self.box - 2)[:2]):
                    canvas.drawCentredString(
                        box_x + self.box / 2, y - self.box - 7 - line * 7, text
                    )
            y -= self._row_height(row)
        if self.caption:
            TextBlock(self.caption, 7.5).draw(canvas, x, y - 3, width)


def record_tracks(game: GameSpec, art: CounterArt, counter_inches: float) -> list[TrackBlock]:
    """The game's record tracks (its data's ``[[track]]``, the module's too): the turn
    track with what each turn box says, then each victory point track."""
    return [
        _turn_track(game, track, art, counter_inches)
        if track.property == TURN_PROPERTY
        else _value_track(game, track, art, counter_inches)
        for track in game.tracks
    ]


def _turn_track(game: GameSpec, track: Track, art: CounterArt, counter_inches: float) -> TrackBlock:
    """A box a turn, the turn marker in the first, which scenarios start or end on each."""
    marker = game.markers[track.marker]
    captions = turn_captions(game)
    boxes = tuple(
        TrackBox(str(turn), (marker,) if turn == track.first else (), captions.get(turn, ""))
        for turn in range(track.first, track.last + 1)
    )
    caption = (
        'Each scenario starts with the marker on its first turn ("from"); move it on at the end of every '
        'turn; the scenario ends with its "last" turn.'
    )
    return TrackBlock(track.name, boxes, art, counter_inches, caption)


def _value_track(
    game: GameSpec, track: Track, art: CounterArt, counter_inches: float
) -> TrackBlock:
    """A victory point track. A track of more values than fit two rows, kept with two
    markers, counts tens and units on two rows of ten; otherwise a box a value."""
    marker = game.markers[track.marker]
    scope = ""
    if track.scenarios:
        scope = f" ({scenario_group_label([game.scenarios[scenario] for scenario in track.scenarios])} only)"
    values = range(track.first, track.last + 1)
    if len(values) > 2 * TRACK_ROW and marker.count >= 2:
        tens = tuple(
            TrackBox(str(value), (marker,) if value == 0 else ())
            for value in range(0, track.last + 1, 10)
        )
        units = tuple(TrackBox(str(value), (marker,) if value == 0 else ()) for value in range(10))
        caption = (
            f"Two {marker.name} markers: one on the tens row, one on the units row; the victory points are "
            "the two boxes added."
        )
        if track.wrap:
            caption += f" Past {track.last}, start again from {track.first} and note the hundreds."
        rows = (tens + units, ("tens", "units"))
        return TrackBlock(
            f"{track.name}{scope}", rows[0], art, counter_inches, caption, rows[1], len(tens)
        )
    boxes = tuple(
        TrackBox(str(value), (marker,) if value == track.first else ()) for value in values
    )
    caption = f"The {marker.name} marker stands on the victory points" + (
        f"; past {track.last} it counts on from {track.first}."
        if track.wrap
        else f", {track.first} to {track.last}."
    )
    return TrackBlock(
        f"{track.name}{scope}", boxes, art, counter_inches, caption, row_length=TRACK_ROW
    )


def sequences_of_play(game: GameSpec) -> list[TitledBlock]:
    """The phases of a turn, numbered: once, or once for each group of scenarios whose
    sequence differs from the game's (DoS Blue and Uranus)."""
    sequences: dict[tuple[str, ...], list[Scenario]] = {}
    for scenario in game.scenarios.values():
        sequences.setdefault(scenario.phases or game.phases, []).append(scenario)
    blocks = []
    for phases, scenarios in sequences.items():
        if not phases:
            continue
        title = (
            "Sequence of play"
            if len(sequences) == 1
            else f"Sequence of play, {scenario_group_label(scenarios)}"
        )
        lines = "\n".join(f"{number}. {phase}" for number, phase in enumerate(phases, start=1))
        blocks.append(
            TitledBlock(title, TextBlock(f"{lines}\nThen the turn marker moves on one box.", 9))
        )
    return blocks


def chart_images(game: GameSpec) -> list[Image.Image]:
    """The module's charts at print resolution, the terrain chart with a swatch of each
    terrain cut from the map, and the turn records left out."""
    turn_records = {
        turn_record_chart(game, scenarios).title for scenarios in turn_record_groups(game)
    }
    terrain = terrain_chart(
        game, terrain_swatches(game, round(SWATCH_PT * PRINT_PPI / POINTS_PER_INCH))
    )
    charts = [
        terrain if chart.title == terrain.title else chart for chart in game_charts(game).values()
    ]
    return [render_table(chart, PRINT_PPI) for chart in charts if chart.title not in turn_records]


def aid_blocks(context: PrintContext) -> list[Block]:
    """Tracks and sequence of play first (what stays on the table), then the charts."""
    game, options = context.game, context.options
    blocks: list[Block] = []
    tracks = record_tracks(game, context.art, options.counter_inches)
    turn = [
        block
        for block, track in zip(tracks, game.tracks, strict=True)
        if track.property == TURN_PROPERTY
    ]
    blocks += turn
    blocks += sequences_of_play(game)
    blocks += [block for block in tracks if block not in turn]
    blocks += [ImageBlock(image, PRINT_PPI) for image in chart_images(game)]
    return blocks


def aid_section(context: PrintContext) -> Section | None:
    """The tracks and charts, flowed down as many pages as they take."""
    blocks = aid_blocks(context)
    if not blocks:
        return None
    pages = flowed_pages(
        "tracks and charts",
        "Tracks and charts",
        blocks,
        paper_size(context.options.paper),
        first_fit=True,
    )
    return Section("Tracks and charts", tuple(pages))
