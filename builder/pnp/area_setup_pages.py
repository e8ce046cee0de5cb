"""An area game's set-up sheet: units by area, reinforcements by turn, the deal, control.

A paper player of Rattenkrieg sets up in the rules' order: the units in their areas
(3.1, 3.2), each pictured with its name and the step cards it is dealt (3.3); the
reinforcements waiting on the map's turn boxes with the rear area they enter (6.1,
6.2); the deal of steps and hands from a standard deck (3.3, 3.4), with the count left
as the draw deck; and a control marker in every city area (3.6). No cards are printed:
the players bring a 52-card deck (2.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from builder.pnp.area_setups import AreaSetup, area_setups
from builder.pnp.blocks import TextBlock, heading, title_block
from builder.pnp.counter_art import CounterArt
from builder.pnp.flow import Block, flowed_pages
from builder.pnp.layout import POINTS_PER_INCH, Rect, paper_size
from builder.pnp.pages import PrintContext, Section
from builder.pnp.pdf import BOLD, CONDENSED, CONDENSED_BOLD, GREY, INK, RULE, draw_fitted
from rules.model import GameSpec, Unit

THUMBNAIL_INCHES = 0.36
ROW_GAP = 3.0
PLACE_WIDTH = 40.0
"""Room at a row's right for its turn ("turn 2")."""


def cards(count: int) -> str:
    """``count`` step cards, in words a player reads aloud."""
    return f"{count} step card{'' if count == 1 else 's'}"


def placement_detail(game: GameSpec, unit: Unit, count: int) -> str:
    """A placed unit's small line: its id and its step cards (3.3), or for a unit dealt
    none (the T-34) where it comes back (6.3)."""
    if count:
        return f"id {unit.id} · {cards(count)} (3.3)"
    rebuilt = unit.traits.rebuilt_in
    where = next(
        (area.name for game_map in game.maps for area in game_map.areas if area.id == rebuilt), ""
    )
    return f"id {unit.id} · no step cards" + (f"; comes back in the {where} (6.3)" if where else "")


@dataclass(frozen=True)
class PictureRow:
    """A counter pictured small, a name, a line of detail, and a place at the right."""

    art: CounterArt
    picture: Image.Image
    title: str
    detail: str
    place: str = ""
    keep_with_next: bool = False

    def height(self, width: float) -> float:
        return THUMBNAIL_INCHES * POINTS_PER_INCH + ROW_GAP

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        size = THUMBNAIL_INCHES * POINTS_PER_INCH
        self.art.draw(canvas, self.picture, Rect(x, top - size, size, size))
        text_x = x + size + 5
        text_width = width - size - 5 - (PLACE_WIDTH if self.place else 0)
        canvas.setFillColorRGB(*INK)
        draw_fitted(canvas, text_x, top - 10, self.title, CONDENSED_BOLD, text_width, 8.5)
        canvas.setFillColorRGB(*GREY)
        draw_fitted(canvas, text_x, top - 20, self.detail, CONDENSED, text_width, 6.5)
        if self.place:
            canvas.setFillColorRGB(*INK)
            draw_fitted(
                canvas, x + width - PLACE_WIDTH + 4, top - 13, self.place, BOLD, PLACE_WIDTH - 4, 10
            )
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.3)
        canvas.line(text_x, top - size - ROW_GAP / 2, x + width, top - size - ROW_GAP / 2)


def deal_text(setup: AreaSetup) -> str:
    """The deal of 3.3 and 3.4 in order, with the counts from the data."""
    hands = ", ".join(f"{side} {count}" for side, count in setup.hands)
    return (
        f"Take a standard deck of {setup.deck_cards} cards without jokers (2.4); no cards are printed in this kit. "
        f"Shuffle it and deal each unit above its step cards face down ({setup.dealt_steps} cards in all, 3.3). "
        "Keep each unit's cards in a pile of their own before you, under a slip with the unit's name, so you always "
        "know which card is whose; only their owner looks at them. "
        f"Then deal the hands: {hands} (3.4). The other {setup.deck_after_deal} cards are the draw deck, face down "
        "beside the map's Draw deck box (real cards are larger than the map's card boxes, which are sized for the "
        "module's); played cards go to a discard pile beside it, and when the deck runs out the discards are "
        "shuffled into a new deck (3.4)."
    )


def control_text(setup: AreaSetup) -> str:
    """Where the control markers start (3.6)."""
    names = ", ".join(area.name for area in setup.controlled)
    return (
        f"Put a control marker {setup.controller} side up in each of the {len(setup.controlled)} city areas: {names}. "
        "An area changes hands when one side's units stand in it alone (isolated units do not count, 8.10): "
        "flip its marker."
    )


def setup_blocks(game: GameSpec, setup: AreaSetup, art: CounterArt) -> list[Block]:
    """The blocks of one scenario's sheet, in the order a player sets up."""
    scenario = setup.scenario
    blocks: list[Block] = [
        title_block(f"Set-up: {scenario.name}, turns {scenario.first_turn}-{scenario.last_turn}"),
        TextBlock(
            "Set up in the order below. Each unit is pictured as its counter, with the step cards it is dealt "
            "face down (3.3); its id is the name stavka check gives it in a position file.",
            7.5,
        ),
        heading("1. Units in their areas (3.1, 3.2)"),
    ]
    for area, placements in setup.by_area():
        blocks.append(TextBlock(f"{area.name} ({len(placements)})", 9, BOLD, keep_with_next=True))
        for placement in placements:
            unit = placement.unit
            blocks.append(
                PictureRow(
                    art,
                    art.face_up(unit),
                    unit.name,
                    placement_detail(game, unit, placement.step_cards),
                )
            )
    if setup.arrivals:
        blocks.append(heading("2. Reinforcements (6.1, 6.2)"))
        blocks.append(
            TextBlock(
                "Put each on its turn's box of the map's turn track. In the reinforcement phase of "
                "that turn it enters its side's rear area and draws its step cards from the deck.",
                7.5,
                keep_with_next=True,
            )
        )
        for arrival in setup.arrivals:
            unit = arrival.unit
            blocks.append(
                PictureRow(
                    art,
                    art.face_up(unit),
                    unit.name,
                    f"id {unit.id} · enters {arrival.area.name} · draws {cards(arrival.step_cards)}",
                    f"turn {arrival.turn}",
                )
            )
    blocks += [heading("3. The deal (3.3, 3.4)"), TextBlock(deal_text(setup), 8)]
    control = next(
        (marker for marker in game.markers.values() if marker.id.startswith("control")), None
    )
    if control is not None and setup.controlled:
        front, back = art.marker(control)
        blocks += [
            heading("4. Control (3.6)"),
            PictureRow(
                art,
                front,
                f"{control.name}: front",
                f"{setup.controller} control, as every city area starts",
            ),
            PictureRow(
                art,
                back,
                f"{control.name}: back",
                "the other side's control, once it holds the area alone",
            ),
            TextBlock(control_text(setup), 8),
        ]
    turn = next((marker for marker in game.markers.values() if "turn" in marker.id), None)
    if turn is not None:
        blocks.append(
            TextBlock(f"Put the {turn.name} marker on the map's Turn {scenario.first_turn} box.", 8)
        )
    return blocks


def area_setup_section(context: PrintContext) -> Section | None:
    """The set-up sheet of every scenario of an area game, in two columns."""
    setups = area_setups(context.game)
    if not setups:
        return None
    blocks = [block for setup in setups for block in setup_blocks(context.game, setup, context.art)]
    pages = flowed_pages(
        "set-up sheet", "Set-up sheet", blocks, paper_size(context.options.paper), columns=2
    )
    return Section("Set-up sheet", tuple(pages))
