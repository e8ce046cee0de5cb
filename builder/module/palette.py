"""The counter palette: a tab per side, a tab per formation, counters in a grid.

Reinforcements and replacements come from the palette, so it has to fit a screen:
every group is a grid of :data:`COLUMNS` counters, a group larger than
:data:`PAGE_SIZE` is split into numbered pages, and tabs carry the names players use
("6th Army (6A)"), taken from the game's formations, never raw data keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lxml import etree

from builder.module import keys
from builder.module.catalogue import Catalogue
from builder.module.elements import element, piece_text
from builder.module.pieces import formation_name
from rules.model import GameSpec, Unit

COLUMNS = 10
"""Counters side by side: 10 x 72 px and borders fit a laptop screen."""
PAGE_SIZE = 40
"""Counters on one page: four rows of ten."""
PALETTE_NAME = "Counters"
UNDOCKED_PALETTE_NAME = "Keeps the counters undocked"


def formation_groups(spec: GameSpec, units: Sequence[Unit]) -> list[tuple[str, list[Unit]]]:
    """Units grouped by the name of their formation, in data order."""
    groups: dict[str, list[Unit]] = {}
    for unit in units:
        groups.setdefault(formation_name(spec, unit), []).append(unit)
    return list(groups.items())


def pages(units: Sequence[Unit]) -> list[tuple[str, list[Unit]]]:
    """``units`` cut into pages of :data:`PAGE_SIZE`, named by their positions ("1-40")."""
    return [
        (
            f"{start + 1}-{min(start + PAGE_SIZE, len(units))}",
            list(units[start : start + PAGE_SIZE]),
        )
        for start in range(0, len(units), PAGE_SIZE)
    ]


def _grid(parent: etree._Element, name: str, scale: float = 1.0) -> etree._Element:
    return element(
        parent,
        "widget.PanelWidget",
        entryName=name,
        fixed="true",
        nColumns=str(COLUMNS),
        vert="false",
        **({} if scale == 1.0 else {"scale": f"{scale:.3f}"}),
    )


def add_palette(
    root: etree._Element, spec: GameSpec, pieces: Catalogue, scale: float = 1.0
) -> None:
    """The palette window: a tab per side with a grid per formation (or one grid for a
    side of one formation), then the markers; each slot with its catalogue gpid. The
    counters' grids show them at ``scale``."""
    # VASSAL docks the first palette of a module beside the chat, no taller than the chat,
    # where a grid of counters is squeezed until they overlap. An empty hidden palette
    # comes first, so the counters get a window of their own, sized to show them whole.
    element(
        root,
        "module.PieceWindow",
        name=UNDOCKED_PALETTE_NAME,
        text="",
        hidden="true",
        scale="1.0",
        defaultWidth="0",
        hotkey="",
        icon="",
        tooltip="",
    )
    window = element(
        root,
        "module.PieceWindow",
        name=PALETTE_NAME,
        text=PALETTE_NAME,
        hidden="false",
        scale="1.0",
        defaultWidth="0",
        hotkey=keys.COUNTERS.encoded(),
        icon="",
        tooltip="Show or hide the counters to take reinforcements and markers from",
    )
    tabs = element(window, "widget.TabWidget", entryName=PALETTE_NAME)

    def unit_slot(panel: etree._Element, unit: Unit) -> None:
        slot = element(
            panel,
            "widget.PieceSlot",
            entryName=unit.name,
            gpid=pieces.unit_gpids[unit.id],
            width="0",
            height="0",
        )
        slot.text = piece_text(pieces.units[unit.id])

    for side in spec.sides:
        side_units = [unit for unit in spec.units.values() if unit.side == side.id]
        groups = formation_groups(spec, side_units)
        if len(groups) == 1:
            _paged(tabs, side.name, side_units, unit_slot, scale)
        elif groups:
            side_tab = element(tabs, "widget.TabWidget", entryName=side.name)
            for name, members in groups:
                _paged(side_tab, name, members, unit_slot, scale)
    if spec.markers:
        panel = _grid(tabs, "Markers")
        for marker_id in sorted(spec.markers):
            slot = element(
                panel,
                "widget.PieceSlot",
                entryName=spec.markers[marker_id].name,
                gpid=pieces.marker_gpids[marker_id],
                width="0",
                height="0",
            )
            slot.text = piece_text(pieces.markers[marker_id])


def _paged(
    parent: etree._Element,
    name: str,
    units: Sequence[Unit],
    add: Callable[[etree._Element, Unit], None],
    scale: float = 1.0,
) -> None:
    """One grid for a group, or a tab of numbered pages when it is larger than a page."""
    if len(units) <= PAGE_SIZE:
        panel = _grid(parent, name, scale)
        for unit in units:
            add(panel, unit)
        return
    paged = element(parent, "widget.TabWidget", entryName=name)
    for page_name, members in pages(units):
        panel = _grid(paged, page_name, scale)
        for unit in members:
            add(panel, unit)
