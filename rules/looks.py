"""What a game says of how it looks and reads, beside the rules it states: how a hexside
feature's line is drawn, how its own arms are drawn on its counters, and the words its
module, legend, help and charts use. Read by :mod:`rules.data.look`, held by the game
model (:class:`rules.model.GameSpec`), drawn by the builder."""

from __future__ import annotations

from dataclasses import dataclass

from rules.data.fields import Provenance


@dataclass(frozen=True)
class LineStyle:
    """How a hexside feature is drawn: a ``#rrggbb`` colour, a width in hundredths of
    the hex size, and solid or dashed."""

    colour: str
    width: int
    dashed: bool


@dataclass(frozen=True)
class ArmLook:
    """How a game's own ``arm`` is drawn on its counters: NATO symbol strokes from the
    vocabulary of :mod:`rules.data.look` (``infantry``, ``armour``...), or a picture."""

    id: str
    symbol: tuple[str, ...]
    provenance: Provenance
    image: str | None = None
    """A PNG file in the game folder drawn in the symbol's frame instead of strokes."""
    image_data: bytes | None = None
    """That file's bytes when the data came from a module, which carries them (a
    module's data has no folder to read the file from); else ``None``."""


@dataclass(frozen=True)
class Wording:
    """What a game says about itself in its module, legend, help and charts; None keeps
    the builder's wording (written for the Stalingrad games, rebuilt from rules and maps)."""

    description: str | None = None
    legend_subtitle: str | None = None
    help_introduction: str | None = None
    sources: str | None = None
    """Where the game's charts come from, for a table that names no source of its own."""
