"""A game's whole print-and-play PDF: which sections, in what order, numbered.

The cover and contents come first (pages 1-2), then the two-sided sections (the
calibration sheet and the counter sheets) so each starts on the front of a sheet,
then what prints one-sided: set-up sheets, reinforcement schedules, tracks and charts
(an area game: its set-up sheet and player aids), and the map tiles. Every page's
footer names the game, what the page is and "page n of N".
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

from builder.output import output_stem, prepare_folder, write_output
from builder.pnp.aid_pages import aid_section
from builder.pnp.area_aid_pages import area_aid_section
from builder.pnp.area_setup_pages import area_setup_section
from builder.pnp.calibration_pages import calibration_section
from builder.pnp.counter_art import CounterArt
from builder.pnp.counter_pages import counter_section
from builder.pnp.cover_pages import cover_section
from builder.pnp.layout import LayoutError
from builder.pnp.map_pages import map_section
from builder.pnp.pages import PageKind, PnpOptions, PrintContext, Section
from builder.pnp.pdf import footer, new_canvas
from builder.pnp.setup_pages import schedule_section, setup_section
from rules.model import GameSpec

Progress = Callable[[int, int, str], None]
"""Told after each page: pages done, pages in all, what the page was."""

HEX_PAGE_KINDS: list[PageKind] = [
    calibration_section,
    counter_section,
    setup_section,
    schedule_section,
    aid_section,
    map_section,
]
"""The sections of a hex game after the cover, in print order."""
AREA_PAGE_KINDS: list[PageKind] = [
    calibration_section,
    counter_section,
    area_setup_section,
    area_aid_section,
    map_section,
]
"""The sections of a card-driven area game (Rattenkrieg): the shared calibration,
counters and map tiles, with its own set-up sheet (units by area, the deal) and a
player aid per side. Its turn track is on the map's panel, printed with the tiles."""


def page_kinds(game: GameSpec) -> list[PageKind]:
    """The page kinds of ``game``, in print order."""
    return AREA_PAGE_KINDS if game.is_area_game else HEX_PAGE_KINDS


def plan_sections(game: GameSpec, options: PnpOptions) -> list[Section]:
    """Every section of the PDF, cover first, pages planned but not drawn."""
    context = PrintContext(
        game, options, CounterArt(game, options.counter_inches, options.duplex.bleed_mm)
    )
    following = [section for kind in page_kinds(game) if (section := kind(context)) is not None]
    sections = [cover_section(context, following), *following]
    check_duplex_parity(sections)
    return sections


def check_duplex_parity(sections: Sequence[Section]) -> None:
    """Two-sided sections must start on a front and end on a back, or every back after
    would print behind the wrong front."""
    page = 1
    for section in sections:
        if section.duplex and (page % 2 == 0 or len(section.pages) % 2):
            raise ValueError(
                f"two-sided section {section.title!r} starts on page {page} with {len(section.pages)} pages"
            )
        page += len(section.pages)


def pnp_pdf(game: GameSpec, options: PnpOptions, progress: Progress | None = None) -> bytes:
    """The print-and-play PDF of ``game`` as bytes, reporting each page drawn."""
    sections = plan_sections(game, options)
    total = sum(len(section.pages) for section in sections)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.paper, f"{game.title}: print and play")
    number = 0
    for section in sections:
        for page in section.pages:
            number += 1
            canvas.setPageSize(page.size)
            page.draw(canvas)
            footer(canvas, page.size[0], game.title, page.label, f"page {number} of {total}")
            canvas.showPage()
            if progress is not None:
                progress(number, total, page.label)
    canvas.save()
    return buffer.getvalue()


def pnp_path(output_directory: Path, game: GameSpec, paper: str) -> Path:
    """``<output>/<game>-pnp-<paper>.pdf``, a copy's named after its folder."""
    return output_directory / f"{output_stem(game)}-pnp-{paper}.pdf"


def write_pnp(
    game: GameSpec, options: PnpOptions, output_directory: Path, progress: Progress | None = None
) -> Path:
    """Write the PDF atomically under ``output_directory`` and return its path."""
    if options.counter_inches <= 0:
        raise LayoutError(
            None, None, f"counter size must be positive, not {options.counter_inches}"
        )
    path = pnp_path(output_directory, game, options.paper)
    prepare_folder(path)
    write_output(path, pnp_pdf(game, options, progress))
    return path
