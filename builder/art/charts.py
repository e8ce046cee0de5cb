"""Charts drawn from a game's table data: CRT, air superiority, terrain effects,
victory points and levels, turn record.

The printed charts are what players read most, and ours must say exactly what the data
says, so every chart is laid out from the loaded :class:`rules.model.GameSpec` — never
typed in twice — and marks reconstructed rows with a dagger and a footnote. Charts are
drawn at ``ppi`` pixels per inch: about 100 for VASSAL's chart window, 300 for print.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from builder.art.counters import designation
from builder.art.drawing import RGB, wrap
from builder.art.fonts import font
from builder.art.text import draw_text
from builder.art.tracks import label_ranges, scenario_label
from rules.data.fields import Provenance
from rules.referee.wording import points
from rules.model import GameSpec, Scenario, TerrainType, Unit
from rules.tables import OddsTable

SCREEN_PPI = 100
PRINT_PPI = 300
RECONSTRUCTED_MARK = "\u2020"

PAPER = (255, 255, 255)
INK = (20, 20, 20)
HEADER = (214, 205, 182)
BAND = (243, 239, 228)
RULE = (120, 120, 120)


@dataclass(frozen=True)
class Column:
    """A table column: heading, width in points and alignment of its cells."""

    heading: str
    width_pt: float
    centred: bool = False


@dataclass(frozen=True)
class ChartTable:
    """A titled table of text cells with footnotes under it; ``tab`` is the short name
    a chart window's tab shows (unique within a game).

    ``swatches``, when given, has one picture (or None) per row, drawn at the start of
    the row's first cell: a terrain chart shows each terrain as the map draws it.
    """

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = field(default=())
    tab: str = ""
    swatches: tuple[Image.Image | None, ...] = field(default=())


SWATCH_PT = 18
"""Side of a row's swatch in points."""


def render_table(table: ChartTable, ppi: int) -> Image.Image:
    """``table`` as an image: title, shaded heading row, banded rows, wrapped cells, notes."""
    pt = ppi / 72
    pad, margin = 3 * pt, 10 * pt
    body, bold, title_font = (
        font(round(8 * pt), "regular"),
        font(round(8 * pt), "bold"),
        font(round(13 * pt), "bold"),
    )
    line_height = 10 * pt
    widths = [column.width_pt * pt for column in table.columns]
    total_width = sum(widths)

    def cell_lines(text: str, width: float, typeface: ImageFont.FreeTypeFont) -> list[str]:
        return wrap(text, typeface, width - 2 * pad)

    swatch = round(SWATCH_PT * pt) if table.swatches else 0
    text_widths = [
        width - (swatch + pad if index == 0 else 0) for index, width in enumerate(widths)
    ]
    heading_lines = [
        cell_lines(column.heading, width, bold)
        for column, width in zip(table.columns, widths, strict=True)
    ]
    row_lines = [
        [cell_lines(text, width, body) for text, width in zip(row, text_widths, strict=True)]
        for row in table.rows
    ]
    note_lines = [line for note in table.notes for line in wrap(note, body, total_width)]
    heading_height = max(len(lines) for lines in heading_lines) * line_height + 2 * pad
    row_heights = [
        max(max(len(lines) for lines in cells) * line_height, swatch) + 2 * pad
        for cells in row_lines
    ]
    title_height = 20 * pt
    height = (
        title_height + heading_height + sum(row_heights) + len(note_lines) * line_height + 6 * pt
    )
    image = Image.new("RGB", (round(total_width + 2 * margin), round(height + 2 * margin)), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (margin, margin + 13 * pt), table.title, title_font, INK, anchor="ls")
    y = margin + title_height
    _draw_row(
        draw,
        heading_lines,
        table.columns,
        widths,
        margin,
        y,
        heading_height,
        pad,
        line_height,
        bold,
        HEADER,
    )
    y += heading_height
    for index, (cells, row_height) in enumerate(zip(row_lines, row_heights, strict=True)):
        band = BAND if index % 2 else PAPER
        _draw_row(
            draw,
            cells,
            table.columns,
            widths,
            margin,
            y,
            row_height,
            pad,
            line_height,
            body,
            band,
            swatch + pad if swatch else 0,
        )
        picture = table.swatches[index] if index < len(table.swatches) else None
        if picture is not None:
            image.paste(
                picture.convert("RGB").resize((swatch, swatch), Image.Resampling.LANCZOS),
                (round(margin + pad), round(y + pad)),
            )
        y += row_height
    draw.rectangle(
        (margin, margin + title_height, margin + total_width, y),
        outline=INK,
        width=max(1, round(pt)),
    )
    y += 6 * pt
    for line in note_lines:
        draw_text(draw, (margin, y + line_height * 0.8), line, body, INK, anchor="ls")
        y += line_height
    return image


def _draw_row(
    draw: ImageDraw.ImageDraw,
    cells: Sequence[Sequence[str]],
    columns: Sequence[Column],
    widths: Sequence[float],
    left: float,
    top: float,
    height: float,
    pad: float,
    line_height: float,
    typeface: ImageFont.FreeTypeFont,
    fill: RGB,
    first_indent: float = 0,
) -> None:
    draw.rectangle((left, top, left + sum(widths), top + height), fill=fill)
    x = left
    for index, (lines, column, width) in enumerate(zip(cells, columns, widths, strict=True)):
        indent = first_indent if index == 0 else 0
        for number, line in enumerate(lines):
            baseline = top + pad + line_height * (number + 0.8)
            if column.centred:
                draw_text(
                    draw,
                    (x + indent + (width - indent) / 2, baseline),
                    line,
                    typeface,
                    INK,
                    anchor="ms",
                )
            else:
                draw_text(draw, (x + indent + pad, baseline), line, typeface, INK, anchor="ls")
        x += width
        draw.line((x, top, x, top + height), fill=RULE, width=1)
    draw.line((left, top + height, left + sum(widths), top + height), fill=RULE, width=1)


def odds_table_chart(table: OddsTable, sources: str | None = None) -> ChartTable:
    """An odds table (CRT, air superiority): die rolls down, odds (or, for a differential
    table, attack minus defence strength) across, then its key and where it comes from
    (``sources``: the game's word for a table that names none)."""
    columns = (Column("Die", 30, centred=True),) + tuple(
        Column(str(odds), 34, centred=True) for odds in table.columns
    )
    rows = tuple(
        (str(roll),) + tuple(table.results[(roll, odds)] for odds in table.columns)
        for roll in table.rolls
    )
    key = tuple(f"{code}: {meaning}" for code, meaning in table.codes.items())
    reading = ("Columns: attack strength minus defence strength.",) if table.differential else ()
    notes = (*reading, *table.notes, *key, *_provenance_notes(table.provenance, sources))
    return ChartTable(table.name, columns, rows, notes, tab=table.name)


def _provenance_notes(provenance: Provenance, sources: str | None = None) -> tuple[str, ...]:
    """A chart's footnote on where it comes from: the source, or why it is reconstructed;
    without either, the game's ``sources`` if it names them."""
    if provenance.reconstructed:
        return (
            f"{RECONSTRUCTED_MARK} Reconstructed: {printable(provenance.note or '')}".rstrip(": "),
        )
    return (f"Source: {printable(provenance.source or sources or 'unsourced')}",)


_CJK = "\u3000-\u9fff\uff00-\uffef"


def printable(text: str) -> str:
    """``text`` without the Japanese of the rules' section names, which the shipped
    fonts cannot draw: "combat results table (戦闘結果表)" and "戦闘結果表 (combat
    results table)" both give "combat results table"."""
    cleaned = re.sub(rf"\s*\([^)]*[{_CJK}][^)]*\)", "", text)
    cleaned = re.sub(rf"[{_CJK}]+\s*\(([^)]*)\)", r"\1", cleaned)
    cleaned = re.sub(rf"[{_CJK}]+", " ", cleaned)
    return " ".join(cleaned.split()).strip(" :,")


def movement_text(terrain: TerrainType) -> str:
    """Movement costs by class, e.g. ``mechanized 2, non mechanized 1`` or ``prohibited``."""
    sign = "+" if terrain.kind == "hexside" else ""

    def cost(value: int | None) -> str:
        return "prohibited" if value is None else f"{sign}{value}"

    if not terrain.movement:
        return "—"
    costs = {key.replace("_", " "): cost(value) for key, value in terrain.movement.items()}
    if set(costs) == {"all"}:
        text = costs["all"]
    else:
        text = ", ".join(f"{key} {value}" for key, value in costs.items())
    if terrain.enemy_entry_cost:
        text += f"; enemy +{terrain.enemy_entry_cost}"
    return text


def combat_text(terrain: TerrainType) -> str:
    """Combat effects: no attack, die modifier, column shift, defence changes by arm."""
    parts = []
    if terrain.attack_prohibited:
        parts.append("no attack")
    if terrain.combat_die_modifier:
        parts.append(f"{terrain.combat_die_modifier:+d} to the die")
    if terrain.combat_column_shift:
        shift = terrain.combat_column_shift
        parts.append(
            f"{abs(shift)} column{'s' if abs(shift) > 1 else ''} {'right' if shift > 0 else 'left'}"
        )
    parts += [
        f"defending {arm} {change:+d}" for arm, change in terrain.defence_strength_modifiers.items()
    ]
    text = ", ".join(parts) or "—"
    return f"{text} ({terrain.combat_condition})" if terrain.combat_condition else text


def terrain_chart(game: GameSpec, swatches: Mapping[str, Image.Image] | None = None) -> ChartTable:
    """The terrain effects chart from the game's terrain types, kind by kind, each row
    with its swatch when ``swatches`` (by terrain id) has one."""
    columns = (
        Column("Terrain", 100),
        Column("Movement (MP)", 110),
        Column("Combat", 130),
        Column("Notes", 170),
    )
    rows = []
    reconstructed = []
    for terrain in game.terrain_types.values():
        name = terrain.name
        if terrain.provenance.reconstructed:
            name += f" {RECONSTRUCTED_MARK}"
            reconstructed.append(f"{terrain.name}: {terrain.provenance.note or 'reconstructed'}")
        movement = "—" if terrain.kind == "area" else movement_text(terrain)
        source = printable(terrain.provenance.source or "")
        notes_cell = f"{terrain.description} [{source}]" if source else terrain.description
        rows.append((name, movement, combat_text(terrain), notes_cell.strip()))
    routes = game.referee.movement.routes if game.referee is not None else ()
    for route in routes:
        costs = ", ".join(
            f"{mobility.replace('_', ' ')} {points(cost)}" for mobility, cost in route.costs.items()
        )
        rows.append(
            (
                game.labels.get(route.kind, route.kind.capitalize()),
                f"{costs} a hex along it",
                "—",
                f"In place of the hex's terrain and hexsides; never where they forbid [{route.section}]",
            )
        )
    notes = (
        ["Hexside costs are added to the cost of the hex entered."]
        if any(terrain.kind == "hexside" for terrain in game.terrain_types.values())
        else []
    )
    notes += [f"{RECONSTRUCTED_MARK} {note}" for note in reconstructed]
    pictures = (
        tuple(swatches.get(terrain) for terrain in game.terrain_types) + (None,) * len(routes)
        if swatches
        else ()
    )
    return ChartTable(
        f"{game.title}: Terrain Effects Chart",
        columns,
        tuple(rows),
        tuple(notes),
        tab="Terrain effects",
        swatches=pictures,
    )


def victory_points_chart(game: GameSpec) -> ChartTable:
    """The VP schedule: points, per what, to whom, for what."""
    columns = (
        Column("VP", 30, centred=True),
        Column("Per", 70),
        Column("To", 50),
        Column("For", 330),
    )
    rows = tuple(
        (str(award.points), award.per, award.beneficiary, award.description)
        for award in game.tables.victory_points
    )
    return ChartTable(
        f"{game.title}: Victory Point Schedule",
        columns,
        rows,
        _provenance_notes(game.tables.victory_provenance, game.wording.sources),
        tab="VP schedule",
    )


def victory_levels_chart(game: GameSpec) -> ChartTable:
    """The victory levels: each band of the VP difference and its result."""

    def band(minimum: int | None, maximum: int | None) -> str:
        if minimum is None:
            return f"{maximum} or less"
        if maximum is None:
            return f"{minimum} or more"
        return str(minimum) if minimum == maximum else f"{minimum} to {maximum}"

    rows = tuple(
        (band(level.minimum, level.maximum), level.result) for level in game.tables.victory_levels
    )
    columns = (Column("VP difference", 110, centred=True), Column("Result", 200))
    return ChartTable(f"{game.title}: Victory Levels", columns, rows, tab="Victory levels")


def turn_record_chart(game: GameSpec, scenarios: Sequence[Scenario]) -> ChartTable:
    """The turn record shared by ``scenarios``: a row per turn, a column per side, each
    reinforcement by its designation (or "3 x rifle division" for untried draws) with a
    letter for where it enters, the letters explained under the table."""
    first = scenarios[0]
    places: dict[str, str] = {}
    rows = []
    for turn, arrivals in sorted(_reinforcements_by_turn(game, first).items()):
        cells = []
        for side in game.sides:
            groups: dict[str, list[str]] = {}
            for side_id, name, where in arrivals:
                if side_id == side.id:
                    letter = places.setdefault(where, chr(ord("a") + len(places))) if where else ""
                    groups.setdefault(letter, []).append(name)
            cells.append(
                "; ".join(
                    f"{_counted(names)}{f' [{letter}]' if letter else ''}"
                    for letter, names in groups.items()
                )
                or "—"
            )
        rows.append((str(turn), *cells))
    label = scenario_group_label(scenarios)
    columns = (Column("Turn", 34, centred=True), *(Column(side.name, 250) for side in game.sides))
    notes = tuple(f"[{letter}] {printable(where)}" for where, letter in places.items())
    names = "; ".join(scenario.name for scenario in scenarios)
    return ChartTable(
        f"{game.title}: Turn Record, {label}",
        columns,
        tuple(rows),
        (*notes, f"Scenarios: {names}"),
        tab=f"Turn record, {label}",
    )


def scenario_group_label(scenarios: Sequence[Scenario]) -> str:
    """``scenarios 1-3``, ``scenario 7`` or ``Blue``: what a turn record's tab says."""
    labels = [scenario_label(scenario) for scenario in scenarios]
    if all(label.isdigit() for label in labels):
        return f"scenario{'s' if len(labels) > 1 else ''} {label_ranges(labels)}"
    return label_ranges(labels)


def _counted(names: Sequence[str]) -> str:
    """Names in order, repeats folded into a count: "3 x rifle division"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(
        name if count == 1 else f"{count} \u00d7 {name}" for name, count in counts.items()
    )


def _reinforcement_name(unit: Unit) -> str:
    """A reinforcement as the turn record names it: its counter designation, or for an
    untried draw the kind of unit ("24th Army rifle division 2" -> "24th Army rifle division")."""
    return designation(unit) or re.sub(r"\s+\d+$", "", re.sub(r"\s*\([^)]*\)", "", unit.name))


def _reinforcements_by_turn(
    game: GameSpec, scenario: Scenario
) -> dict[int, tuple[tuple[str, str, str], ...]]:
    """Each turn of ``scenario`` with the (side, name, entry) of every unit arriving then."""
    turns: dict[int, list[tuple[str, str, str]]] = {
        turn: [] for turn in range(scenario.first_turn, scenario.last_turn + 1)
    }
    for unit in game.units.values():
        for arrival in unit.arrivals:
            if arrival.scenario == scenario.id and arrival.turn in turns:
                turns[arrival.turn].append(
                    (unit.side, _reinforcement_name(unit), arrival.where.replace("_", " "))
                )
    return {
        turn: tuple(sorted(entries, key=lambda entry: entry[2])) for turn, entries in turns.items()
    }


def turn_record_groups(game: GameSpec) -> list[list[Scenario]]:
    """Scenarios grouped by identical turn records (same turns, same reinforcements), so
    sixteen TPS scenarios print as the few different tracks they really use."""
    groups: dict[tuple[tuple[int, tuple[tuple[str, str, str], ...]], ...], list[Scenario]] = {}
    for scenario in game.scenarios.values():
        signature = tuple(sorted(_reinforcements_by_turn(game, scenario).items()))
        groups.setdefault(signature, []).append(scenario)
    return list(groups.values())


def game_charts(game: GameSpec) -> Mapping[str, ChartTable]:
    """Every chart of ``game`` by a file-name-safe id, in the order a player reads them."""
    charts: dict[str, ChartTable] = {}
    for table_id, table in game.tables.odds_tables.items():
        charts[table_id] = odds_table_chart(table, game.wording.sources)
    charts["terrain"] = terrain_chart(game)
    if game.tables.victory_points:
        charts["victory_points"] = victory_points_chart(game)
    if game.tables.victory_levels:
        charts["victory_levels"] = victory_levels_chart(game)
    for scenarios in turn_record_groups(game):
        charts[f"turns_{scenarios[0].id}"] = turn_record_chart(game, scenarios)
    return charts


def window_charts(pictures: Sequence[Image.Image]) -> list[Image.Image]:
    """The charts as the module's Charts window shows them, one tab each: the first one
    on paper as wide and as tall as the largest. VASSAL builds only the first tab before
    it sizes the window to it (TabWidget fills the others in when chosen), so the window
    then opens big enough to show every chart whole (issue 21)."""
    if not pictures:
        return []
    first = pictures[0]
    size = (max(picture.width for picture in pictures), max(picture.height for picture in pictures))
    if size == first.size:
        return list(pictures)
    paper = Image.new(first.mode, size, first.getpixel((0, 0)))
    paper.paste(first, ((size[0] - first.width) // 2, 0))
    return [paper, *pictures[1:]]
