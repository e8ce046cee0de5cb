"""Set-up sheets and reinforcement schedules: what a paper player needs to start.

A set-up sheet lists every unit a scenario places, by side and army or set-up group:
the counter as it is placed (the untried side of an untried unit, the reduced side of
a unit that starts reduced), what its counter prints, its name, its id (the name
position files and ``stavka check`` use) and its hex or area. A † and a number say the
place is reconstructed, and the note of that number at the end says why; an unmarked
place is the rules'.

A schedule is the turn and reinforcement record: each turn with its arriving counters
pictured at full size and faded, so the real counters can wait on them until their
turn, and the rules' words for where they enter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from builder.art.charts import scenario_group_label
from builder.art.counters import designation
from builder.pnp.blocks import TextBlock, heading, title_block
from builder.pnp.counter_art import CounterArt
from builder.pnp.flow import Block, flowed_pages
from builder.pnp.layout import POINTS_PER_INCH, POINTS_PER_MM, Rect, paper_size
from builder.pnp.pages import PrintContext, Section
from builder.pnp.pdf import (
    BOLD,
    CONDENSED,
    CONDENSED_BOLD,
    GREY,
    INK,
    RECONSTRUCTED_MARK,
    REGULAR,
    RULE,
    draw_fitted,
    text_block,
    text_height,
)
from builder.pnp.setups import Arrival, Schedule, SetupEntry, SetupSheet, schedules, setup_sheets
from rules.model import GameSpec, Scenario, Unit

THUMBNAIL_INCHES = 0.36
ROW_GAP = 3.0
LOCATION_WIDTH = 52.0


def entry_detail(entry: SetupEntry) -> str:
    """The small line under a unit's name: its id, and how it is placed."""
    detail = f"id {entry.unit.id}"
    if entry.unit.untried:
        detail += " · untried: place one of its kind at random, face down"
    elif entry.steps is not None and entry.steps < len(entry.unit.steps):
        detail += f" · starts reduced ({entry.steps} of {len(entry.unit.steps)} steps)"
    return detail


@dataclass(frozen=True)
class SetupRow:
    """One unit of a set-up sheet."""

    art: CounterArt
    entry: SetupEntry
    note_number: int | None
    keep_with_next: bool = False

    def height(self, width: float) -> float:
        return THUMBNAIL_INCHES * POINTS_PER_INCH + ROW_GAP

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        size = THUMBNAIL_INCHES * POINTS_PER_INCH
        self.art.draw(
            canvas,
            self.art.face_up(self.entry.unit, self.entry.steps),
            Rect(x, top - size, size, size),
        )
        text_x = x + size + 5
        text_width = width - size - 5 - LOCATION_WIDTH
        printed = designation(self.entry.unit)
        title = (
            f"{printed}  {self.entry.unit.name}"
            if printed and printed not in self.entry.unit.name
            else self.entry.unit.name
        )
        canvas.setFillColorRGB(*INK)
        draw_fitted(canvas, text_x, top - 10, title, CONDENSED_BOLD, text_width, 8.5)
        canvas.setFillColorRGB(*GREY)
        draw_fitted(canvas, text_x, top - 20, entry_detail(self.entry), CONDENSED, text_width, 6.5)
        canvas.setFillColorRGB(*INK)
        right = x + width - 12
        draw_fitted(
            canvas,
            right - LOCATION_WIDTH + 14,
            top - 13,
            self.entry.location,
            BOLD,
            LOCATION_WIDTH - 16,
            10,
        )
        if self.note_number is not None:
            canvas.setFont(REGULAR, 6.5)
            canvas.drawString(right + 1, top - 9, f"{RECONSTRUCTED_MARK}{self.note_number}")
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.3)
        canvas.line(text_x, top - size - ROW_GAP / 2, x + width, top - size - ROW_GAP / 2)


def _scenario_lines(scenarios: Sequence[Scenario]) -> str:
    """A line per scenario: its number (when it has one), name and turns."""
    return "\n".join(
        f"{scenario.id + ': ' if scenario.id.isdigit() else ''}{scenario.name}, turns {scenario.first_turn}-"
        f"{scenario.last_turn}"
        for scenario in scenarios
    )


def setup_blocks(game: GameSpec, sheet: SetupSheet, art: CounterArt) -> list[Block]:
    """The blocks of one set-up sheet: scenarios and their set-up rules, a key, the
    units by group, then the numbered notes on the reconstructed places."""
    blocks: list[Block] = [
        title_block(f"Set-up: {scenario_group_label(sheet.scenarios)}"),
        TextBlock(_scenario_lines(sheet.scenarios)),
    ]
    descriptions: dict[str, list[str]] = {}
    for scenario in sheet.scenarios:
        if scenario.description:
            descriptions.setdefault(scenario.description, []).append(scenario.id)
    for description, identifiers in descriptions.items():
        scenarios = [game.scenarios[identifier] for identifier in identifiers]
        which = scenario_group_label(scenarios)
        blocks.append(TextBlock(f"{which[0].upper()}{which[1:]}: {description}", 8))
    blocks.append(
        TextBlock(
            "Each line: the counter as it is placed, what it prints and its name, its id (as position files "
            f"for stavka check name it), and where it goes. {RECONSTRUCTED_MARK} and a number: the place is "
            "reconstructed, the note of that number at the end says why; no mark: the rules give it.",
            7.5,
        )
    )
    notes: dict[str, int] = {}
    counts: dict[str, int] = {}
    side_names = {side.id: side.name for side in game.sides}
    for group in sheet.groups:
        blocks.append(heading(f"{side_names[group.side]}: {group.title} ({len(group.entries)})"))
        for entry in group.entries:
            number = None
            if entry.reconstructed:
                note = entry.note or "reconstructed"
                number = notes.setdefault(note, len(notes) + 1)
                counts[note] = counts.get(note, 0) + 1
            blocks.append(SetupRow(art, entry, number))
    if notes:
        blocks.append(heading(f"{RECONSTRUCTED_MARK} Reconstructed places"))
        for note, number in notes.items():
            units = "unit" if counts[note] == 1 else "units"
            blocks.append(
                TextBlock(f"{RECONSTRUCTED_MARK}{number} ({counts[note]} {units}): {note}", 7)
            )
    return blocks


def setup_section(context: PrintContext) -> Section | None:
    """A set-up sheet for every distinct set-up, flowed one after another in two columns."""
    sheets = setup_sheets(context.game)
    if not sheets:
        return None
    blocks = [block for sheet in sheets for block in setup_blocks(context.game, sheet, context.art)]
    pages = flowed_pages(
        "set-up sheets", "Set-up sheets", blocks, paper_size(context.options.paper), columns=2
    )
    return Section("Set-up sheets", tuple(pages))


@dataclass(frozen=True)
class TurnRow:
    """One turn of a schedule: its number, then for each way of entering the arriving
    counters (full size, faded) and the rules' words for where they enter."""

    art: CounterArt
    turn: int
    arrivals: tuple[Arrival, ...]
    counter_inches: float
    keep_with_next: bool = False

    LABEL_WIDTH = 44.0
    TEXT_WIDTH = 100.0
    CAPTION = 9.0
    GAP = 2.5 * POINTS_PER_MM

    def _entries(self) -> list[tuple[str, list[Arrival]]]:
        groups: dict[str, list[Arrival]] = {}
        for arrival in self.arrivals:
            groups.setdefault(arrival.where or "as the rules say", []).append(arrival)
        return list(groups.items())

    @property
    def _cell(self) -> float:
        return self.counter_inches * POINTS_PER_INCH + self.GAP

    def _per_row(self, width: float) -> int:
        return max(1, int((width - self.LABEL_WIDTH - self.TEXT_WIDTH) // self._cell))

    def _text_x(self, width: float, count: int) -> float:
        return self.LABEL_WIDTH + min(count, self._per_row(width)) * self._cell + 4

    def _entry_height(self, where: str, count: int, width: float) -> float:
        rows = -(-count // self._per_row(width))
        counters = rows * (self.counter_inches * POINTS_PER_INCH + self.CAPTION + 2)
        text = text_height(f"Enter: {where}", width - self._text_x(width, count), 7.5)
        return max(counters, text) + 4

    def height(self, width: float) -> float:
        return (
            sum(self._entry_height(where, len(group), width) for where, group in self._entries())
            + 2
        )

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        canvas.setFillColorRGB(*INK)
        canvas.setFont(BOLD, 9.5)
        canvas.drawString(x, top - 10, f"Turn {self.turn}")
        counter = self.counter_inches * POINTS_PER_INCH
        per_row = self._per_row(width)
        y = top
        for where, group in self._entries():
            for index, arrival in enumerate(group):
                row, column = divmod(index, per_row)
                self._draw_counter(
                    canvas,
                    arrival.unit,
                    x + self.LABEL_WIDTH + column * self._cell,
                    y - row * (counter + self.CAPTION + 2),
                    counter,
                )
            text_x = x + self._text_x(width, len(group))
            canvas.setFillColorRGB(*INK)
            text_block(canvas, text_x, y, x + width - text_x, f"Enter: {where}", 7.5)
            y -= self._entry_height(where, len(group), width)
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.5)
        canvas.line(x, y, x + width, y)

    def _draw_counter(self, canvas: Canvas, unit: Unit, x: float, top: float, size: float) -> None:
        self.art.draw(canvas, self.art.face_up(unit), Rect(x, top - size, size, size), faded=True)
        canvas.setStrokeColorRGB(*GREY)
        canvas.setLineWidth(0.4)
        canvas.rect(x, top - size, size, size, stroke=1, fill=0)
        caption = designation(unit) or unit.name
        if unit.provenance.reconstructed:
            caption += RECONSTRUCTED_MARK
        canvas.setFillColorRGB(*INK)
        draw_fitted(
            canvas,
            x + size / 2,
            top - size - 7,
            caption,
            CONDENSED,
            self._cell - 1,
            6.5,
            centred=True,
        )


def schedule_key(game: GameSpec) -> TextBlock:
    """How to use the schedules, said once at the top of the section."""
    units_file = Path(game.folder) / "units.toml"
    key = (
        "Before play, set each reinforcement on its turn below (each picture is its counter at full size); bring it "
        "in on that turn where it says."
    )
    if any(unit.provenance.reconstructed and unit.arrivals for unit in game.units.values()):
        key += (
            f" {RECONSTRUCTED_MARK}: the unit's values or arrival are reconstructed; its note in "
            f"{units_file.parent.name}/{units_file.name} says which."
        )
    return TextBlock(key, 8)


def schedule_blocks(schedule: Schedule, art: CounterArt, counter_inches: float) -> list[Block]:
    """The blocks of one schedule: its scenarios, then turn by turn."""
    blocks: list[Block] = [
        title_block(f"Reinforcements: {scenario_group_label(schedule.scenarios)}"),
        TextBlock(_scenario_lines(schedule.scenarios)),
    ]
    for turn, arrivals in schedule.turns:
        blocks.append(TurnRow(art, turn, arrivals, counter_inches))
    return blocks


def schedule_section(context: PrintContext) -> Section | None:
    """A reinforcement schedule for every distinct run of arrivals, one after another."""
    runs = schedules(context.game)
    if not runs:
        return None
    inches = context.options.counter_inches
    blocks: list[Block] = [schedule_key(context.game)]
    blocks += [block for run in runs for block in schedule_blocks(run, context.art, inches)]
    pages = flowed_pages(
        "reinforcement schedules",
        "Reinforcement schedules",
        blocks,
        paper_size(context.options.paper),
        columns=2,
    )
    return Section("Reinforcement schedules", tuple(pages))
