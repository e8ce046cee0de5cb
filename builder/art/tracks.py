"""The record tracks board: the turn record and victory point tracks of the rules.

One layout (:func:`track_layout`) gives every box its place; the board image is drawn
from it and the module's region grid is written from it, so the box a marker is sent
to is the box drawn under it. Turn boxes say which scenarios start and end there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from builder.art.drawing import wrap
from builder.art.fonts import font
from builder.art.text import draw_text
from rules.model import GameSpec, Scenario, Track

BOX_PX = 84
GAP_PX = 6
MARGIN_PX = 24
TITLE_PX = 34
CAPTION_PX = 30
MAX_COLUMNS = 21
PAPER = (244, 240, 228)
BOX = (255, 253, 246)
INK = (30, 28, 24)
MUTED = (110, 104, 92)
TURN_PROPERTY = "Turn"
"""The module property of the turn tracker's counting level."""


@dataclass(frozen=True)
class TrackBox:
    """One box of a track: its value, the region name the module gives it and its
    rectangle on the board (left, top, right, bottom)."""

    value: int
    region: str
    rect: tuple[int, int, int, int]
    caption: str

    @property
    def centre(self) -> tuple[int, int]:
        return (self.rect[0] + self.rect[2]) // 2, (self.rect[1] + self.rect[3]) // 2


@dataclass(frozen=True)
class TrackSection:
    """A track's title and boxes."""

    track: Track
    title: str
    title_at: tuple[int, int]
    boxes: tuple[TrackBox, ...]


@dataclass(frozen=True)
class TrackLayout:
    """Every track of a game on one board."""

    size: tuple[int, int]
    sections: tuple[TrackSection, ...]

    def box(self, track_id: str, value: int) -> TrackBox:
        """The box of ``track_id`` that shows ``value`` (wrapped or clamped as the track does)."""
        section = next(section for section in self.sections if section.track.id == track_id)
        track = section.track
        count = track.last - track.first + 1
        shown = (
            track.first + (value - track.first) % count
            if track.wrap
            else min(max(value, track.first), track.last)
        )
        return section.boxes[shown - track.first]


def region_name(track: Track, value: int) -> str:
    """The module's name for the box of ``value`` on ``track``, e.g. "Axis VP 12"."""
    return f"{track.name} {value}"


def scenario_label(scenario: Scenario) -> str:
    """A scenario as a turn box names it: its number, or the first words of its name."""
    if scenario.id.isdigit():
        return scenario.id
    return re.split(r"[,(:]", scenario.name)[0].strip()


def scenario_title(scenario: Scenario) -> str:
    """A scenario as menus and the help name it: "Scenario 7: ..." when the rules number
    it, as the charts' turn records do, else its name alone."""
    return f"Scenario {scenario.id}: {scenario.name}" if scenario.id.isdigit() else scenario.name


def label_ranges(labels: Sequence[str]) -> str:
    """Scenario labels with runs of numbers joined: 1, 2, 3, 11 -> "1-3, 11"."""
    numbers = [int(label) for label in labels if label.isdigit()]
    words = [label for label in labels if not label.isdigit()]
    runs: list[str] = []
    for number in sorted(numbers):
        if runs and runs[-1].split("-")[-1] == str(number - 1):
            runs[-1] = f"{runs[-1].split('-')[0]}-{number}"
        else:
            runs.append(str(number))
    return ", ".join(runs + words)


def turn_captions(spec: GameSpec) -> dict[int, str]:
    """What each turn box says: which scenarios start ("from") and end ("last") there."""
    captions: dict[int, list[str]] = {}
    for kind in ("from", "last"):
        by_turn: dict[int, list[str]] = {}
        for scenario in spec.scenarios.values():
            turn = scenario.first_turn if kind == "from" else scenario.last_turn
            by_turn.setdefault(turn, []).append(scenario_label(scenario))
        for turn, labels in by_turn.items():
            captions.setdefault(turn, []).append(f"{kind} {label_ranges(labels)}")
    return {turn: "; ".join(parts) for turn, parts in captions.items()}


def _title(spec: GameSpec, track: Track) -> str:
    notes = []
    if track.scenarios:
        names = [
            scenario_label(spec.scenarios[scenario]) if scenario in spec.scenarios else scenario
            for scenario in track.scenarios
        ]
        notes.append(", ".join(names) + " only")
    if track.wrap:
        notes.append(f"past {track.last} count on from {track.first}; the marker shows the total")
    return track.name + (f" ({'; '.join(notes)})" if notes else "")


def track_layout(spec: GameSpec) -> TrackLayout:
    """Where every box of every track of ``spec`` goes, tracks one under another."""
    captions = turn_captions(spec)
    sections = []
    top = MARGIN_PX
    width = 0
    for track in spec.tracks:
        values = range(track.first, track.last + 1)
        columns = len(values) if len(values) <= MAX_COLUMNS else 20
        title_at = (MARGIN_PX, top + TITLE_PX - 10)
        top += TITLE_PX
        is_turn = track.property == TURN_PROPERTY
        row_height = BOX_PX + GAP_PX + (CAPTION_PX if is_turn else 0)
        boxes = []
        for index, value in enumerate(values):
            row, column = divmod(index, columns)
            left = MARGIN_PX + column * (BOX_PX + GAP_PX)
            box_top = top + row * row_height
            caption = captions.get(value, "") if is_turn else ""
            boxes.append(
                TrackBox(
                    value,
                    region_name(track, value),
                    (left, box_top, left + BOX_PX, box_top + BOX_PX),
                    caption,
                )
            )
        rows = (len(values) + columns - 1) // columns
        top += rows * row_height + GAP_PX
        width = max(width, MARGIN_PX * 2 + columns * (BOX_PX + GAP_PX) - GAP_PX)
        sections.append(TrackSection(track, _title(spec, track), title_at, tuple(boxes)))
    return TrackLayout((width, top + MARGIN_PX - GAP_PX), tuple(sections))


def render_tracks(layout: TrackLayout) -> Image.Image:
    """The tracks board: each track's title, its numbered boxes and the turn captions."""
    image = Image.new("RGB", layout.size, PAPER)
    draw = ImageDraw.Draw(image)
    title_font, number_font, caption_font = (
        font(20, "bold"),
        font(15, "condensed-bold"),
        font(11, "condensed"),
    )
    for section in layout.sections:
        draw_text(draw, section.title_at, section.title, title_font, INK, anchor="ls")
        for box in section.boxes:
            draw.rectangle(box.rect, fill=BOX, outline=INK, width=2)
            draw_text(
                draw,
                (box.rect[0] + 5, box.rect[1] + 4),
                str(box.value),
                number_font,
                MUTED,
                anchor="la",
            )
            for number, line in enumerate(wrap(box.caption, caption_font, BOX_PX + GAP_PX)[:2]):
                if line:
                    draw_text(
                        draw,
                        (box.centre[0], box.rect[3] + 4 + number * 12),
                        line,
                        caption_font,
                        INK,
                        anchor="ma",
                    )
    return image
