"""A player aid per side for a card-driven area game (Rattenkrieg).

Each side's aid holds what that player looks up at the table: the sequence of play
with the hand sizes (5.0, 3.4, 10.1, 10.2), the duel procedure (8.3-8.12) and that
side's events by suit (9.1). The tables are the module's own charts
(:mod:`builder.art.area_charts`) drawn at 300 ppi and flowed like the hex games' charts.
"""

from __future__ import annotations

from builder.art.area_charts import duel_chart, events_chart, sequence_chart
from builder.art.charts import PRINT_PPI, render_table
from builder.pnp.blocks import ImageBlock
from builder.pnp.flow import Block, flowed_pages
from builder.pnp.layout import paper_size
from builder.pnp.pages import Page, PrintContext, Section


def area_aid_section(context: PrintContext) -> Section | None:
    """Each side's aid on pages of its own, so each player can take theirs."""
    game, deck = context.game, context.game.cards
    if deck is None:
        return None
    pages: list[Page] = []
    for side in game.sides:
        charts = (sequence_chart(game, deck), duel_chart(), events_chart(game, deck, side.id))
        blocks: list[Block] = [
            ImageBlock(render_table(chart, PRINT_PPI), PRINT_PPI) for chart in charts
        ]
        pages += flowed_pages(
            f"{side.name} player aid",
            f"{side.name} player aid",
            blocks,
            paper_size(context.options.paper),
            first_fit=True,
        )
    return Section("Player aids", tuple(pages))
