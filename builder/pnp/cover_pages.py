"""The cover and the contents: what the kit is, what was rebuilt, how to print it.

The cover names the game and says, before anything else, which of its values are
reconstructed and where each one's reason is written; the second page lists the
sections with their pages and how each is printed (one- or two-sided), then the
printing steps in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from builder.pnp.flow import draw_heading, page_frame
from builder.pnp.layout import POINTS_PER_INCH, Rect, paper_size
from builder.pnp.map_pages import MapArtwork, map_artworks
from builder.pnp.pages import DuplexOptions, Page, PnpOptions, PrintContext, Section
from builder.pnp.pdf import (
    BOLD,
    GREY,
    INK,
    RECONSTRUCTED_MARK,
    REGULAR,
    RULE,
    SHADE,
    bullet_list,
    margin,
    place_image,
    text_block,
    text_height,
)
from builder.pnp.setups import setup_sheets
from rules.data.loader import data_origin
from rules.model import GameSpec

COVER_PICTURE_SHARE = 0.5
"""The most of the cover's height the picture of the map may take."""
COVER_PPI = 150
COVER_COUNTERS = 24
"""Counters pictured on the cover of a game without a map to print."""


def reconstructed_parts(game: GameSpec) -> list[str]:
    """What of this game is ours rather than the publisher's, one line a kind, counted
    from the data."""
    units = list(game.units.values())
    rebuilt_units = sum(unit.provenance.reconstructed for unit in units)
    placements = [entry for sheet in setup_sheets(game) for entry in sheet.entries]
    rebuilt_places = sum(entry.reconstructed for entry in placements)
    tables = [
        table.name for table in game.tables.odds_tables.values() if table.provenance.reconstructed
    ]
    terrain = [
        terrain.name for terrain in game.terrain_types.values() if terrain.provenance.reconstructed
    ]
    parts = [
        f"The map: {game_map.provenance.note or 'reconstructed'}".rstrip(".") + "."
        for game_map in game.maps
        if game_map.provenance.reconstructed
    ]
    if (Path(game.folder) / "geography.toml").exists():
        parts.append(
            "The map's terrain: projected from the real geography of 1942, fitted to the places the rules name."
        )
    if rebuilt_units:
        parts.append(
            f"Units: the values of {rebuilt_units} of the {len(units)} units (strengths, movement or arrival)."
        )
    if rebuilt_places:
        parts.append(
            f"Set-up: {rebuilt_places} of the {len(placements)} places on the set-up sheets."
        )
    if tables:
        parts.append(f"Tables: the {', '.join(tables)}.")
    if terrain:
        parts.append(f"Terrain effects: {', '.join(terrain)}.")
    return parts


def reconstruction_notice(game: GameSpec) -> str:
    """The cover's notice: the reconstructed kinds of value, and where their reasons are."""
    parts = reconstructed_parts(game)
    if not parts:
        return "Every value in this kit is the rules' own."
    return (
        "The printed components of this game are not available, so Stavka rebuilt what the rules do not give:\n"
        + "\n".join(f"\u2022 {part}" for part in parts)
        + f"\nReconstructed values are marked {RECONSTRUCTED_MARK} on the set-up sheets, schedules and charts, and each "
        f"says why in the game's data ({data_origin(game.folder)}/*.toml): edit it to transcribe your own copy, then "
        "print again."
    )


def _draw_picture(canvas: Canvas, context: PrintContext, box: Rect) -> float:
    """The maps as they lie on the table (boards of one map at their places, maps side
    by side) at the top of ``box``, or without a map a few counters: a picture of the
    game. Returns the height used."""
    artworks = map_artworks(context.game, context.options.counter_inches)
    if artworks:
        placed: list[tuple[MapArtwork, float, float]] = []
        offset = 0.0
        for table in dict.fromkeys(artwork.table for artwork in artworks):
            boards = [artwork for artwork in artworks if artwork.table == table]
            placed += [
                (artwork, offset + artwork.origin[0], artwork.origin[1]) for artwork in boards
            ]
            offset = max(x + artwork.width for artwork, x, _ in placed)
        total_h = max(y + artwork.height for artwork, _, y in placed)
        scale = min(box.width / offset, box.height / total_h)
        left = box.x + (box.width - offset * scale) / 2
        for artwork, x, y in placed:
            picture = Rect(
                left + x * scale,
                box.top - (y + artwork.height) * scale,
                artwork.width * scale,
                artwork.height * scale,
            )
            place_image(canvas, artwork.picture(COVER_PPI * scale), picture)
            canvas.setStrokeColorRGB(*RULE)
            canvas.rect(picture.x, picture.y, picture.width, picture.height, stroke=1, fill=0)
        return total_h * scale
    units = list(context.game.units.values())[:COVER_COUNTERS]
    size, gap = 0.6 * POINTS_PER_INCH, 0.12 * POINTS_PER_INCH
    per_row = max(1, int((box.width + gap) // (size + gap)))
    for index, unit in enumerate(units):
        row, column = divmod(index, per_row)
        counter = Rect(
            box.x + column * (size + gap), box.top - size - row * (size + gap), size, size
        )
        context.art.draw(canvas, context.art.face_up(unit), counter)
    rows = -(-len(units) // per_row)
    return rows * (size + gap)


def _draw_cover(canvas: Canvas, context: PrintContext) -> None:
    game, options = context.game, context.options
    width, height = paper_size(options.paper)
    left, usable = margin(), width - 2 * margin()
    top = height - margin()
    paper = "A4" if options.paper == "a4" else "US Letter"
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 26)
    canvas.drawString(left, top - 26, game.title)
    canvas.setFont(REGULAR, 11)
    canvas.drawString(left, top - 44, f"{game.publisher}, {game.year}")
    canvas.setFillColorRGB(*GREY)
    canvas.drawString(
        left,
        top - 60,
        f"Print-and-play kit rebuilt by Stavka · {paper} paper · counters "
        f"{options.counter_inches:g} in",
    )
    notice = reconstruction_notice(game)
    notice_h = text_height(notice, usable - 16, 9.5) + 30
    picture_top = top - 76
    picture_h = min(height * COVER_PICTURE_SHARE, picture_top - margin() - notice_h - 30)
    used = _draw_picture(canvas, context, Rect(left, picture_top - picture_h, usable, picture_h))
    box_top = picture_top - used - 18
    canvas.setFillColorRGB(*SHADE)
    canvas.rect(left, box_top - notice_h, usable, notice_h, stroke=0, fill=1)
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 11)
    canvas.drawString(left + 8, box_top - 16, f"{RECONSTRUCTED_MARK} Reconstructed values")
    text_block(canvas, left + 8, box_top - 22, usable - 16, notice, 9.5)
    notes_top = box_top - notice_h - 14
    notes = cover_notes(game)
    if notes and notes_top - margin() > 40:
        text_block(canvas, left, notes_top, usable, "\n".join(notes), 9)


def cover_notes(game: GameSpec) -> list[str]:
    """The game's notes, and for a card game what the players bring: its cards are a
    standard deck (RKS 2.4), so none are printed."""
    notes = list(game.notes)
    if game.cards is not None:
        count = len(game.cards.cards())
        notes.insert(
            0,
            f"No cards are printed: play with a standard deck of {count} playing cards without jokers "
            f"({game.cards.provenance.source or 'the rules'}); the set-up sheet says how to deal them.",
        )
    return notes


def printing_steps(sections: Sequence[Section], first_page: int) -> list[str]:
    """The printing steps, naming the pages of each two-sided section."""
    steps = [
        'Print at 100 % ("actual size"; no "fit to page"): check the two 100 mm bars on the '
        "calibration sheet with a ruler."
    ]
    page = first_page
    for section in sections:
        pages = f"{page}-{page + len(section.pages) - 1}" if len(section.pages) > 1 else str(page)
        if section.duplex:
            steps.append(
                f"{section.title} (pages {pages}): print two-sided, flipping on the long edge, on card or on "
                "paper you glue to card before cutting."
            )
        page += len(section.pages)
    steps += [
        "If the backs of the calibration sheet sit off their fronts, measure how far as it explains, and print the "
        "two-sided pages again with --back-offset-x and --back-offset-y.",
        "Print everything else one-sided. Cut the counters along the marks; assemble each map as its index page "
        "shows.",
    ]
    return steps


def _draw_contents(
    canvas: Canvas,
    game: GameSpec,
    options: PnpOptions,
    sections: Sequence[Section],
    first_page: int,
) -> None:
    size = paper_size(options.paper)
    draw_heading(canvas, size, "Contents")
    frame = page_frame(size)
    y = frame.top - 6
    page = first_page
    columns = (frame.x, frame.x + frame.width * 0.5, frame.x + frame.width * 0.66)
    canvas.setFont(BOLD, 9.5)
    canvas.setFillColorRGB(*INK)
    for x, text in zip(columns, ("Section", "Pages", "Print"), strict=True):
        canvas.drawString(x, y, text)
    y -= 16
    rows = [("Cover and contents", "1-2", "one-sided")]
    for section in sections:
        end = page + len(section.pages) - 1
        rows.append(
            (section.title, f"{page}-{end}" if end > page else str(page), section.how_to_print)
        )
        page = end + 1
    canvas.setFont(REGULAR, 9.5)
    for row in rows:
        for x, text in zip(columns, row, strict=True):
            canvas.drawString(x, y, text)
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.3)
        canvas.line(frame.x, y - 4, frame.right, y - 4)
        y -= 16
    y -= 14
    canvas.setFont(BOLD, 11)
    canvas.drawString(frame.x, y, "Printing, step by step")
    y = bullet_list(canvas, frame.x, y - 8, frame.width, printing_steps(sections, first_page), 9.5)
    y -= 14
    canvas.setFont(BOLD, 11)
    canvas.drawString(frame.x, y, "Playing from paper")
    text_block(canvas, frame.x, y - 8, frame.width, playing_text(game, options), 9.5)


def playing_text(game: GameSpec, options: PnpOptions) -> str:
    """How to go from the printed kit to a game on the table, for this kind of game."""
    if game.cards is not None:
        setting_up = (
            "Set up from the set-up sheet: each unit by the area it starts in, the reinforcements on the map's turn "
            "boxes, then the deal of steps and hands from a standard deck of playing cards, and a control marker in "
            "every city area. Each player keeps their player aid at hand. Units flip to their ACTED side once they "
            "have acted and back in the replenishment phase."
        )
    else:
        setting_up = (
            "Set up from the set-up sheets: each unit is shown as its counter is placed, with its hex. Put each "
            "scenario's reinforcements on their turns in its schedule, and the turn and victory point markers on "
            "their tracks."
        )
    return (
        f"{setting_up} Positions from a paper game can be typed into a position file with the units' ids (shown on "
        f"the set-up sheets) and judged with: stavka check position.toml. This kit was made with: "
        f"{command_line(game, options)}."
    )


def command_line(game: GameSpec, options: PnpOptions) -> str:
    """The ``stavka pnp`` command that makes this kit again, options that differ from the defaults included."""
    duplex, default = options.duplex, DuplexOptions()
    words = [
        f"stavka pnp {game.id} --paper {options.paper} --counter-size {options.counter_inches:g}"
    ]
    if duplex.bleed_mm != default.bleed_mm:
        words.append(f"--bleed {duplex.bleed_mm:g}")
    if (duplex.back_offset_x_mm, duplex.back_offset_y_mm) != (
        default.back_offset_x_mm,
        default.back_offset_y_mm,
    ):
        words.append(
            f"--back-offset-x {duplex.back_offset_x_mm:g} --back-offset-y {duplex.back_offset_y_mm:g}"
        )
    return " ".join(words)


def cover_section(context: PrintContext, following: Sequence[Section]) -> Section:
    """The cover and the contents page, which names the pages of ``following``."""
    game, options = context.game, context.options
    size = paper_size(options.paper)
    first_page = 3
    return Section(
        "Cover and contents",
        (
            Page("cover", size, partial(_draw_cover, context=context)),
            Page(
                "contents and printing",
                size,
                partial(
                    _draw_contents,
                    game=game,
                    options=options,
                    sections=following,
                    first_page=first_page,
                ),
            ),
        ),
    )
